"""Stored events: the Django models, their conversion to the library's model
(:mod:`.store`), and the services that change them (:mod:`.services`)."""
