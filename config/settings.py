"""Settings, all read from environment variables.

Defaults are for a developer's machine with no servers: a SQLite file and Celery's
filesystem transport, both under var/. Production sets DATABASE_URL, CELERY_BROKER_URL,
SECRET_KEY and the allowed hosts, and leaves DEBUG off (the default).
"""
from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONCE
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}.") from None


DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY (or DEBUG=1 on a development machine).")
    SECRET_KEY = "dev-only-not-secret-3f9c1b7e2d"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "csp",
    "knox",
    "axes",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "cardsdb",
    "decks",
    "accounts",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Before anything reads the body or looks a parameter up: see config/middleware.py.
    "config.middleware.RequestSizeLimitMiddleware",
    "config.middleware.NulCharacterMiddleware",
    # django-csp's, with the settings' policy built once (config/csp.py).
    "config.csp.CachedPolicyCSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Before the session, CSRF and auth middleware: the card endpoints' 304s and cached pages need none.
    "cardsdb.http_cache.CardDataCacheMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last: turns a login refused for too many failures into its 429 answer (accounts/lockout.py).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "cardsdb.context_processors.games",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'cardtable.sqlite3'}"),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        # A kept connection is checked before a request uses it, so the first request on each web
        # worker after a database restart reconnects instead of failing.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # Page queries read a few rows off an index; parallel workers take longer to start than such a
    # query takes (bench/community_bench.py: a rare card's decks 160 ms with them, 40 ms without).
    # PG_PARALLEL_WORKERS=2 gives them back, e.g. to a reporting replica.
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = (
        f"-c max_parallel_workers_per_gather={int(os.environ.get('PG_PARALLEL_WORKERS', '0'))}"
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
    {"NAME": "accounts.password_validation.VarietyValidator"},
]
# Axes first: it refuses a locked-out login before the password is even checked (AxesBackend, not the
# standalone one, so that a session it is named in still finds its user).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))

# The client's address, for throttles, run quotas and login lockouts: REMOTE_ADDR, unless NUM_PROXIES
# proxies in front of the site append to X-Forwarded-For (then the address the nearest of them saw).
# Never trust the header without proxies: anyone can write it.
NUM_PROXIES = env_int("NUM_PROXIES", 0)

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # The API reads JSON (docs/contract.md); a view that also takes forms or uploads says so itself.
    "DEFAULT_PARSER_CLASSES": ["config.parsers.JSONParser"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "knox.auth.TokenAuthentication",
    ],
    "DEFAULT_PAGINATION_CLASS": "config.pagination.PageNumberPagination",
    # Every refusal answers {"detail": ...} (docs/contract.md): config/api_errors.py.
    "EXCEPTION_HANDLER": "config.api_errors.exception_handler",
    "PAGE_SIZE": 50,
    # Rates are "N/second|minute|hour|day", read at each request (config/throttles.py).
    "DEFAULT_THROTTLE_CLASSES": ["config.throttles.AnonRateThrottle", "config.throttles.UserRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "anon": os.environ.get("THROTTLE_ANON", "300/minute"),  # every API request, per address
        "user": os.environ.get("THROTTLE_USER", "1200/minute"),  # every API request, per account
        "runs_anon": os.environ.get("THROTTLE_RUNS_ANON", "20/hour"),  # goldfish runs started, per address
        "runs_user": os.environ.get("THROTTLE_RUNS_USER", "120/hour"),  # goldfish runs started, per account
        "password_reset": os.environ.get("THROTTLE_PASSWORD_RESET", "5/hour"),  # reset e-mails asked, per address
    },
    "NUM_PROXIES": NUM_PROXIES,
}

# API tokens (django-rest-knox): stored hashed, valid for API_TOKEN_DAYS, revoked when the password changes.
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=env_int("API_TOKEN_DAYS", 30)),
    "AUTH_HEADER_PREFIX": "Token",
}

# Login lockout (django-axes), on the login page, the admin's and POST /api/token/: after
# LOGIN_FAILURE_LIMIT wrong passwords for one user name from one address, that pair is refused for
# LOGIN_LOCKOUT_MINUTES (each further try starts the wait again). A right password resets the count.
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_CLIENT_IP_CALLABLE = "config.throttles.client_address"
AXES_LOCKOUT_CALLABLE = "accounts.lockout.lockout_response"
AXES_VERBOSE = False

# Password reset e-mails: printed on the console unless EMAIL_HOST names an SMTP server.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = env_int("EMAIL_PORT", 587)
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Cardtable <noreply@localhost>")
PASSWORD_RESET_TIMEOUT = env_int("PASSWORD_RESET_MINUTES", 60) * 60
SPECTACULAR_SETTINGS = {
    "TITLE": "Cardtable API",
    "DESCRIPTION": (
        "Cards, decks, validation and goldfish runs for QQDND CCG, The Condemned CCG and Anguish CCG."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Serve Swagger UI and ReDoc from our own static files, not a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Request bodies get components of their own, so that a required text field says it may not be blank.
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "config.api_schema.document_shared_errors",  # the errors every endpoint shares, and their shape
    ],
}

# Celery: the filesystem transport needs no server; production points this at Redis.
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
if CELERY_BROKER_URL.startswith("filesystem://"):
    _broker_dir = VAR_DIR / "broker"
    for sub in ("queue", "processed", "control"):
        (_broker_dir / sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir / "queue"),
        "data_folder_out": str(_broker_dir / "queue"),
        "processed_folder": str(_broker_dir / "processed"),
        "store_processed": False,
        # The transport polls its folder; the default second between polls idles workers between chunks.
        "polling_interval": 0.1,
        # Without this the transport writes its control exchanges into the working directory.
        "control_folder": str(_broker_dir / "control"),
    }
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND") or None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# The queue chunks are sent to and workers read (`celery worker -Q` must name the same one).
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "celery")

# Goldfish runs (decks/simulations/): see README.md, "Goldfish runs".
# Chunks sent to the broker and not yet taken, all runs together: a new run's first chunk waits behind
# at most this many (decks/simulations/scheduling.py).
SIMULATION_QUEUE_DEPTH = env_int("SIMULATION_QUEUE_DEPTH", 4)
# A chunk sent over this many seconds ago and not taken, while the workers are idle or have taken a chunk
# sent after it, is sent again (its message was lost, as when Redis restarts without persistence); after
# SIMULATION_MAX_SENDS sends its run fails.
SIMULATION_QUEUE_LEASE = env_int("SIMULATION_QUEUE_LEASE", 60)
SIMULATION_MAX_SENDS = env_int("SIMULATION_MAX_SENDS", 5)
# A running chunk whose worker wrote no heartbeat for this many seconds is sent again; after a chunk was
# taken SIMULATION_MAX_ATTEMPTS times its run fails.
SIMULATION_HEARTBEAT_LEASE = env_int("SIMULATION_HEARTBEAT_LEASE", 30)
SIMULATION_MAX_ATTEMPTS = env_int("SIMULATION_MAX_ATTEMPTS", 3)
# How often Celery beat sends the watch task that does the above without anyone looking at the run.
SIMULATION_WATCH_SECONDS = env_int("SIMULATION_WATCH_SECONDS", 15)
# Quotas (decks/simulations/quotas.py): games a run may ask for, summed over the last 24 hours, and
# runs queued or running at once, per account and per address without an account.
RUN_GAMES_PER_DAY_ANON = env_int("RUN_GAMES_PER_DAY_ANON", 50_000)
RUN_GAMES_PER_DAY_USER = env_int("RUN_GAMES_PER_DAY_USER", 1_000_000)
RUNS_IN_FLIGHT_ANON = env_int("RUNS_IN_FLIGHT_ANON", 2)
RUNS_IN_FLIGHT_USER = env_int("RUNS_IN_FLIGHT_USER", 5)

# How often each game's field is played each against each (seconds; default daily), and the games
# of each pairing. A field of 12 decks has 66 pairings.
FIELD_RUN_SECONDS = env_int("FIELD_RUN_SECONDS", 24 * 3600)
FIELD_GAMES_PER_PAIRING = env_int("FIELD_GAMES_PER_PAIRING", 200)
# How often Celery beat writes the deck page views counted in Redis to the decks (decks/view_counts.py).
DECK_VIEWS_FLUSH_SECONDS = env_int("DECK_VIEWS_FLUSH_SECONDS", 60)
CELERY_BEAT_SCHEDULE = {
    "watch-simulations": {
        "task": "decks.simulations.watch",
        "schedule": float(SIMULATION_WATCH_SECONDS),
        # A tick no worker took before the next one is dropped, not piled up.
        "options": {"expires": float(SIMULATION_WATCH_SECONDS)},
    },
    # The field pages' round-robins (decks/simulations/matchup_views.py run_every_field).
    "run-fields": {
        "task": "decks.simulations.run_fields",
        "schedule": float(FIELD_RUN_SECONDS),
        "options": {"expires": float(FIELD_RUN_SECONDS)},
    },
    # Deck page views counted in Redis, written to the decks in one batch (a no-op without Redis).
    "flush-deck-views": {
        "task": "decks.flush_deck_views",
        "schedule": float(DECK_VIEWS_FLUSH_SECONDS),
        "options": {"expires": float(DECK_VIEWS_FLUSH_SECONDS)},
    },
}
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")

# The cache of rendered card API pages (cardsdb/http_cache.py), keyed by the card data version.
# Redis when CACHE_URL names one, or else when the broker is Redis (keys are prefixed, and the
# cache is never cleared, so it can share the broker's database); otherwise each process keeps
# its own in memory (and the throttles' counters in files). CACHE_URL=locmem:// does so whatever the broker.
CACHE_URL = os.environ.get("CACHE_URL", "") or (
    CELERY_BROKER_URL if CELERY_BROKER_URL.startswith(("redis://", "rediss://")) else "locmem://"
)
if CACHE_URL.startswith(("redis://", "rediss://")):
    CACHES = {
        "default": {
            "BACKEND": "config.cache.RedisCache",  # Django's, reusing its Redis clients
            "LOCATION": CACHE_URL,
            "KEY_PREFIX": "cardtable",
            "TIMEOUT": 24 * 3600,
        },
        # Each process's own copy of the pages it served lately: a repeated request needs no trip to Redis.
        "local": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "cardtable-local",
            "TIMEOUT": 3600,
            "OPTIONS": {"MAX_ENTRIES": 300},
        },
    }
elif CACHE_URL == "locmem://":
    CACHES = {
        # Throttle counters and login lockouts must be shared by every web process of the machine:
        # files under VAR_DIR (several web machines set CACHE_URL=redis://...).
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache"),
            "TIMEOUT": 24 * 3600,
        },
        # Rendered card pages, in each process's memory. A page of 50 cards is about 40 kB: at most
        # some 40 MB a process.
        "local": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "cardtable",
            "TIMEOUT": 24 * 3600,
            "OPTIONS": {"MAX_ENTRIES": 1000},
        },
    }
else:
    raise ImproperlyConfigured(f"CACHE_URL must be redis://host:port/db or locmem://, not {CACHE_URL!r}.")
# Deck page views are counted in Redis and written to the decks in batches (decks/view_counts.py)
# when the cache is Redis; without Redis, or with DECK_VIEWS_BUFFER=0, each view is one UPDATE.
# DECK_VIEWS_REDIS_URL names another Redis database for them: views not yet written must be neither
# evicted nor cleared, which a Redis kept as a cache (maxmemory with an eviction policy) may do.
_VIEWS_REDIS = os.environ.get("DECK_VIEWS_REDIS_URL", "") or CACHE_URL
DECK_VIEWS_REDIS_URL = (
    _VIEWS_REDIS if env_bool("DECK_VIEWS_BUFFER", True) and _VIEWS_REDIS.startswith(("redis://", "rediss://")) else ""
)
# Where rendered card pages are kept, nearest first: each process's memory, then Redis (shared by
# every web process) when there is one. Not the file cache: a file per page costs more than the page.
CARD_PAGE_CACHES = ["local", "default"] if CACHE_URL.startswith(("redis://", "rediss://")) else ["local"]
# Where CardDataCacheMiddleware counts the API throttles for the answers it gives without the view
# (304s and cached pages): each process's memory, which costs microseconds where the shared
# counters cost a round trip (more than the answer). "default" counts them with every other API
# request, exactly per address whatever the process, at that price.
CARD_THROTTLE_CACHE = "local"
# On PostgreSQL each web process keeps the card data version in memory, told of changes by
# LISTEN/NOTIFY (cardsdb/version_watch.py; one more connection a process). 0 reads it on every
# request instead, e.g. behind a pooler in transaction mode.
CARD_VERSION_WATCH = env_bool("CARD_VERSION_WATCH", True)
# How long browsers and proxies may reuse a card endpoint's answer without asking again (seconds).
# 0: they revalidate every time, and an unchanged version answers 304.
CARD_CACHE_MAX_AGE = int(os.environ.get("CARD_CACHE_MAX_AGE", "0"))

# Hardening. HTTPS settings switch on with SECURE_SSL=1 (set it when a TLS-terminating
# proxy sits in front and sends X-Forwarded-Proto).
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
if env_bool("SECURE_SSL", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    # A load balancer checks health over plain HTTP; a redirect would count as a failure.
    SECURE_REDIRECT_EXEMPT = [r"^healthz/$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "3600"))

# Request size: a body over REQUEST_MAX_BYTES is refused with 413 before it is read
# (config/middleware.py); anything smaller is kept in memory, never written to a temporary file.
# A deck list is at most 20,000 characters (80 KB in UTF-8), a description 5,000.
REQUEST_MAX_BYTES = int(os.environ.get("REQUEST_MAX_BYTES", str(512 * 1024)))
DATA_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BYTES
FILE_UPLOAD_MAX_MEMORY_SIZE = REQUEST_MAX_BYTES

# Content-Security-Policy (django-csp): scripts, styles, images and fonts from this site only; no
# inline script or style, no plugins, no framing. The API docs pages (templates/drf_spectacular/)
# mark their inline script and style with the request's nonce (NONCE: only pages that use it get
# one in their header).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'", NONCE],
        "style-src": ["'self'", NONCE],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'", "blob:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
