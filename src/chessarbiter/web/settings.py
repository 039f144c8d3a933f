"""Django settings, read from the environment.

* ``CHESSARBITER_DATA``: the folder for the embedded database and the generated secret key
  (default ``./var``).
* ``DATABASE_URL``: another database, e.g. ``sqlite:///path/db.sqlite3`` or
  ``postgres://user:password@host/name`` (default: ``sqlite:///$CHESSARBITER_DATA/chessarbiter.sqlite3``).
* ``SECRET_KEY``: the signing key (default: generated once and kept in the data folder).
* ``DEBUG`` (``1`` to enable), ``ALLOWED_HOSTS`` (comma-separated; default loopback only),
  ``CSRF_TRUSTED_ORIGINS`` (comma-separated).
* ``CHESSARBITER_EMAIL_HOST`` (the SMTP server; none: no mail is ever sent),
  ``CHESSARBITER_EMAIL_PORT`` (default 25), ``CHESSARBITER_EMAIL_USER``,
  ``CHESSARBITER_EMAIL_PASSWORD``, ``CHESSARBITER_EMAIL_USE_TLS`` (``1`` to enable),
  ``CHESSARBITER_EMAIL_FROM`` (the sender): the answers to public registrations.

Background jobs (the pairing of a big round) and the two ways to run the site:

* Embedded (the default, ``make run``): no ``REDIS_URL``. The page cache is per process
  (``LocMemCache``), sessions are in the database, and ``chessarbiter web serve`` starts one
  job worker beside its gunicorn processes, on the same database (SQLite by default).
* Server mode: ``REDIS_URL=redis://host:6379/0`` (with ``DATABASE_URL=postgres://...``). The
  page cache is Redis (Django's ``RedisCache``, shared by every web process on every
  machine), sessions are ``cached_db`` (Redis, backed by the database), and jobs travel on an
  RQ queue to ``chessarbiter web worker`` processes, started on any number of machines.
* ``CHESSARBITER_INLINE_PAIRING_MAX`` (default 200): events with at most this many players are
  paired inside the request, as before; bigger ones by a background job the page follows.
* ``CHESSARBITER_JOB_TIMEOUT`` (seconds, default 3600): a job running longer is stopped and
  failed (server mode).
* ``CHESSARBITER_PGN_WATCH_DIR``: the folder under which a round's watched PGN file may lie
  (e.g. where DGT LiveChess writes its games); none: only http(s) URLs are watched.
* ``CHESSARBITER_PGN_WATCH_HOSTS``: the hosts on a private network (or this machine) a watched
  URL may name, separated by commas or spaces (e.g. the DGT LiveChess machine at the venue);
  a URL naming any other host on a loopback, private, link-local or reserved address is
  refused, so a user cannot make the server read its own network.

Logins are throttled by django-axes: after ``AXES_FAILURE_LIMIT`` (5) wrong passwords for one
user name from one address, that user name is locked at that address for ``AXES_COOLOFF_TIME``
(15 minutes, counted again from every further attempt); ``chessarbiter web unlock NAME`` or
``chessarbiter web password NAME`` lifts the lock at once.
"""

from __future__ import annotations

import logging
import os
import secrets
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.utils.translation import gettext_lazy as _

WEB_DIR = Path(__file__).resolve().parent
DATA_DIR = Path(os.environ.get("CHESSARBITER_DATA", "var")).resolve()


def _secret_key() -> str:
    key = os.environ.get("SECRET_KEY")
    if key:
        return key
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    path = DATA_DIR / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = os.environ.get("DEBUG", "") == "1"
ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,[::1],testserver").split(",")
    if h.strip()
]
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "chessarbiter.web.events",
    "chessarbiter.web.arbiter",
    "chessarbiter.web.public",
    "chessarbiter.web.jobs",
    "chessarbiter.web.api",
    "ninja",
    "axes",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # last, as django-axes asks: turns a refused login into the lockout page
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "chessarbiter.web.urls"
WSGI_APPLICATION = "chessarbiter.web.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [WEB_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    }
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{DATA_DIR / 'chessarbiter.sqlite3'}"),
        conn_max_age=60,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # several arbiters write at once: wait for the lock instead of failing at once, and take
    # the write lock at the start of every transaction (no upgrade deadlocks)
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # tests run on a file (several threads, as two arbiters at once, need one database)
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / "test.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes first: it refuses a locked-out login before any password is checked (it needs
# the request, which the login form passes); Django's ModelBackend then checks the password.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Login throttling (django-axes). The attempts are kept in the database, so every gunicorn
# worker sees the same count. 5 failures for one user name from one IP address lock that pair
# for 15 minutes; a login attempt during the lock starts the 15 minutes again, so guessing
# on is useless. A successful login clears the count.
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
# the page saying so (429, in the user's language)
AXES_LOCKOUT_CALLABLE = "chessarbiter.web.urls.locked_out"
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "arbiter:home"
LOGOUT_REDIRECT_URL = "public:home"

LANGUAGE_CODE = "en"
#: British English differs from English only in its formats (dates 01/12/2026, 1 December
#: 2026): a browser asking for en-GB gets them; every other English, the default's.
LANGUAGES = [("en", _("English")), ("en-gb", _("British English")), ("ru", _("Russian"))]
LOCALE_PATHS = [WEB_DIR / "locale"]
USE_I18N = True
# Dates and times are shown in the user's language by Django's format localisation (always on
# since Django 5; the old USE_L10N setting is gone): templates name a format of the locale
# ({{ value|date:"SHORT_DATE_FORMAT" }}, "DATE_FORMAT", "SHORT_DATETIME_FORMAT"), never a
# pattern, so English reads 12/01/2026 and Russian 01.12.2026. Numbers are not grouped
# (a rating is 2558 in every language, not "2 558"); tie-break values are formatted by the
# library (chessarbiter.formatting.format_tiebreak) with the language's decimal separator.
USE_THOUSAND_SEPARATOR = False
USE_TZ = True
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")

STATIC_URL = "static/"
STATICFILES_DIRS = [WEB_DIR / "static"]
STATIC_ROOT = os.environ.get("STATIC_ROOT") or None
# served from the package itself (no collectstatic step needed to run)
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

#: Server mode's Redis (page cache, sessions, job queue); empty: the embedded mode.
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
_test_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if REDIS_URL and _test_worker[:2] == "gw" and _test_worker[2:].isdigit():
    # parallel test processes each have their own SQL database: each its own Redis database
    # too (the cache is cleared between tests, the queue carries ids of its own database)
    REDIS_URL = urlsplit(REDIS_URL)._replace(path=f"/{1 + int(_test_worker[2:]) % 15}").geturl()
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "chessarbiter",
        },
        # each web process's own copy of the public pages most asked for, in front of Redis
        # (their keys carry the event's version, so a copy is never stale)
        "local": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "visitor-pages",
            "OPTIONS": {"MAX_ENTRIES": 64},
        },
    }
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        # the default cache is already the process's own
        "local": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"},
    }


def _int_setting(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value.isdigit() else default


#: Events with more players are paired by a background job, not inside the request.
CHESSARBITER_INLINE_PAIRING_MAX = _int_setting("CHESSARBITER_INLINE_PAIRING_MAX", 200)
#: Seconds a job may run before its queue stops it (server mode).
CHESSARBITER_JOB_TIMEOUT = _int_setting("CHESSARBITER_JOB_TIMEOUT", 3600)
#: The folder a watched PGN file must lie under (None: no file is watched, URLs only).
CHESSARBITER_PGN_WATCH_DIR: Path | None = (
    Path(os.environ["CHESSARBITER_PGN_WATCH_DIR"]).resolve()
    if os.environ.get("CHESSARBITER_PGN_WATCH_DIR", "").strip()
    else None
)
#: Hosts on a private network a watched PGN URL may name (see the module's docstring).
CHESSARBITER_PGN_WATCH_HOSTS: frozenset[str] = frozenset(
    h.strip().lower()
    for h in os.environ.get("CHESSARBITER_PGN_WATCH_HOSTS", "").replace(",", " ").split()
)

SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_HTTPONLY = False  # htmx reads the token from the page, not the cookie
# a form refused for its security token: the site's page, in the user's language
CSRF_FAILURE_VIEW = "chessarbiter.web.urls.csrf_failure"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True


def _client_errors_in_one_line(record: logging.LogRecord) -> bool:
    """Log a refused request (403, 404: the user's doing, not a fault) as its one line,
    without the traceback Django attaches to ``PermissionDenied``; server errors (5xx) keep
    their traceback."""
    if getattr(record, "status_code", 500) < 500:
        record.exc_info = None
        record.exc_text = None
    return True


LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "client_errors_in_one_line": {
            "()": "django.utils.log.CallbackFilter",
            "callback": _client_errors_in_one_line,
        }
    },
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"django.request": {"filters": ["client_errors_in_one_line"]}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}


# -- mail: sent only when a server is configured (the answers to public registrations) -------
EMAIL_HOST = os.environ.get("CHESSARBITER_EMAIL_HOST", "").strip()
_email_port = os.environ.get("CHESSARBITER_EMAIL_PORT", "").strip()
EMAIL_PORT = int(_email_port) if _email_port.isdigit() else 25
EMAIL_HOST_USER = os.environ.get("CHESSARBITER_EMAIL_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("CHESSARBITER_EMAIL_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("CHESSARBITER_EMAIL_USE_TLS", "").strip().lower() in (
    "1",
    "true",
    "yes",
)
EMAIL_TIMEOUT = 10
DEFAULT_FROM_EMAIL = os.environ.get("CHESSARBITER_EMAIL_FROM", "").strip() or "webmaster@localhost"
#: Whether a mail server is configured: without one, nothing is sent.
CHESSARBITER_EMAIL_CONFIGURED = bool(EMAIL_HOST)
