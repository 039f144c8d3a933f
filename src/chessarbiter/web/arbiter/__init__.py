"""The arbiter's pages under ``/manage/`` (login required)."""
