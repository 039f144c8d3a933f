"""Background jobs: long work (pairing a big round, its explanation) outside the request.

Every job is a row of :class:`~chessarbiter.web.jobs.models.Job` in the database, the one
record of its state in both modes: the embedded worker that ``web serve`` starts polls that
table; in server mode (``REDIS_URL``) the row's id travels on an RQ queue to
``chessarbiter web worker`` processes.
"""
