"""The JSON API for platforms (django-ninja): events, players, pairing jobs, results,
standings and TRF files, with token authentication per user; the OpenAPI schema at
``/api/schema/`` and browsable docs at ``/api/docs/``."""
