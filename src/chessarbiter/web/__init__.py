"""The arbiter's web application (Django): a thin shell over the :mod:`chessarbiter` library.

Apps: :mod:`~chessarbiter.web.events` (the stored events, the conversion to and from the
library's :class:`~chessarbiter.model.Tournament`, and the services that change an event, each
one transaction with an audit entry), :mod:`~chessarbiter.web.arbiter` (the pages under
``/manage/``) and :mod:`~chessarbiter.web.public` (the read-only public pages). No chess rule
lives here: pairing, scoring, tie-breaks, TRF and rule checks are the library's.

Needs the ``web`` extra (``pip install 'chessarbiter[web]'``); ``chessarbiter web serve``
starts it.
"""
