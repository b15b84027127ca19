"""Settings read from the environment, with embedded defaults that need no other service.

Unset, every variable falls back to the embedded mode: SQLite next to the code, an in-process
channel layer, and background work (bot moves, notifications) run in a thread of the web
process. Production sets DATABASE_URL, REDIS_URL, SECRET_KEY and ALLOWED_HOSTS; see
docs/production.md for the full list.

Production mode (DJANGO_PRODUCTION=1, or by default whenever REDIS_URL or BEHIND_TLS_PROXY is
set) refuses to start without a real SECRET_KEY. HTTPS settings (Secure cookies, HSTS,
redirect to https) are on behind a TLS proxy and in explicit production mode.
"""

from __future__ import annotations

import os
import secrets
import sys
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    """Read a yes/no variable; anything but 1/true/yes/on counts as no."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return raw.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


PLACEHOLDER_SECRET_KEY = "embedded-only-insecure-key-set-SECRET_KEY-in-production-0123456789"


def secret_key(raw: str, *, production: bool) -> str:
    """The key that signs sessions and tokens; a public placeholder only outside production."""
    if not production:
        return raw or PLACEHOLDER_SECRET_KEY
    if raw == PLACEHOLDER_SECRET_KEY or raw.startswith("django-insecure-") \
            or len(raw) < 50 or len(set(raw)) < 5:
        raise ImproperlyConfigured(
            "production mode needs a real SECRET_KEY (50 or more random characters), e.g. "
            "python -c 'import secrets; print(secrets.token_urlsafe(50))'; "
            "see docs/production.md")
    return raw


# A test run (and every server its tests start, which inherits the environment) gets a
# throwaway secret key, so production-mode settings load, and its own key space in a shared
# cache, so no counter (failed logins, API quotas) carries over from one run to the next.
if "pytest" in sys.modules:
    os.environ.setdefault("SECRET_KEY", "pytest-only-" + secrets.token_urlsafe(48))
    os.environ.setdefault("CACHE_KEY_PREFIX", "pytest-" + secrets.token_hex(6))

REDIS_URL = os.environ.get("REDIS_URL", "")
BEHIND_TLS_PROXY = env_bool("BEHIND_TLS_PROXY", False)
PRODUCTION = env_bool("DJANGO_PRODUCTION", bool(REDIS_URL) or BEHIND_TLS_PROXY)
# Served over HTTPS: behind a TLS proxy, or production declared outright.
HTTPS = BEHIND_TLS_PROXY or env_bool("DJANGO_PRODUCTION", False)

DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = secret_key(os.environ.get("SECRET_KEY", ""), production=PRODUCTION)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "channels",
    "allauth",
    "allauth.account",
    "games",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "oauth2_provider",
    "games.api",
    "games.play",
    "games.social",
    "games.strategies",
    "games.sim",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "games.middleware.ContentSecurityPolicy",
    "games.middleware.PrivateWhenSignedIn",
    "games.api.ratelimit.RateLimitHeaders",
    "games.middleware.RequestLimits",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "games.middleware.SyncChain",  # last: the stack runs sync under ASGI (see its docstring)
]

# Sent on every HTML page (games.middleware.ContentSecurityPolicy); "" sends none. 'self' in
# connect-src covers the site's own ws:// and wss:// (CSP level 3). form-action 'self': forms
# post to the site alone (the OAuth2 consent and login pages also to the app's callback's
# origin, where their redirects end). Enforced in production mode; on a development server
# only reported (browser tools that add inline scripts work).
CONTENT_SECURITY_POLICY_ENFORCE = env_bool("CONTENT_SECURITY_POLICY_ENFORCE", PRODUCTION)
CONTENT_SECURITY_POLICY = os.environ.get(
    "CONTENT_SECURITY_POLICY",
    "default-src 'self'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'")

ROOT_URLCONF = "dominion_site.urls"
ASGI_APPLICATION = "dominion_site.asgi.application"
WSGI_APPLICATION = "dominion_site.wsgi.application"
SITE_ID = 1

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
                "games.context_processors.waiting_games",
                "games.play.context_processors.play_badge",
            ],
        },
    },
]

# --- database -------------------------------------------------------------------------------
SQLITE_PATH = Path(os.environ.get("SQLITE_PATH", BASE_DIR / "db.sqlite3"))
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{SQLITE_PATH}",
        conn_health_checks=True,
    )
}
DB_PGBOUNCER = env_bool("DB_PGBOUNCER", False)  # pgbouncer in transaction mode is the pool
if DB_PGBOUNCER:
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
if (DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
        and env_bool("DB_POOL", True) and not DB_PGBOUNCER):
    # Under ASGI each request runs in a thread of its own, so persistent connections
    # (CONN_MAX_AGE) pile up, one per thread, until PostgreSQL refuses more. A pool per
    # process (psycopg 3's, through Django) lends a connection for a request and takes it
    # back: at most DB_POOL_MAX_SIZE per process, waiting up to DB_POOL_TIMEOUT seconds for
    # one. Size it so that max size x processes (web, worker children, beat) stays under the
    # server's max_connections; beyond one host, put pgbouncer in front (docs/production.md).
    # A thread outside a request or a task that uses the ORM must close its connection
    # (`connection.close()`) before it ends: the pool cannot take back a connection whose
    # thread is gone, and counts it as lent for ever (DB_POOL=0 opens one per request).
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # required with a pool
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
    DATABASES["default"]["OPTIONS"] = {"pool": {
        "min_size": int(os.environ.get("DB_POOL_MIN_SIZE", "2")),
        "max_size": int(os.environ.get("DB_POOL_MAX_SIZE", "16")),
        "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "10")),
    }}
if (DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
        and env_bool("DB_SERVER_BINDING", True) and not DB_PGBOUNCER):
    # Parameters sent apart from the statement (psycopg's server-side binding), so that a
    # connection prepares a statement it has run DB_PREPARE_THRESHOLD times and PostgreSQL
    # stops parsing and planning the hot ones anew on every move (with the pool, a connection
    # and its prepared statements outlive the request). Not behind pgbouncer in transaction
    # mode, whose connections change under a session's prepared statements.
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "server_side_binding": True,
        "prepare_threshold": int(os.environ.get("DB_PREPARE_THRESHOLD", "5")),
    })
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # SQLite has no row locks: IMMEDIATE makes every atomic block take the write lock at
    # BEGIN, so two moves on the same game are serialized by the database itself. Tests use a
    # file rather than shared-cache memory, whose table locks fail at once instead of waiting.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 30,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".pytest-db.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- cache: failed-login limits and API quotas; shared by every process in production -------
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "dominion_site.cache.SharedClientRedisCache",
            "LOCATION": os.environ.get("CACHE_URL", REDIS_URL),
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", ""),
            # redis-py names itself to Redis on every new connection (CLIENT SETINFO), and
            # reads its own package metadata from disk to do it: 2.4 ms of CPU a connection
            # instead of 1.0 (measured over 400 opened at once), paid in full when a few
            # hundred sockets close together and each takes a connection of its own.
            "OPTIONS": {"driver_info": None},
        }
    }
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", ""),
        }
    }

# --- channels, celery and background work ---------------------------------------------------
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "games.channel_layer.Layer",  # channels_redis's, leaner receives
            # redis-py 8 gives every socket a 5 s read timeout, as long as the layer's blocking
            # BZPOPMIN: each idle consumer then died every few seconds and its page
            # reconnected (channels_redis#422). With any finite timeout a consumer's cancelled
            # receive was left running, so a server shutting down waited for ever: none, as
            # with redis-py 7 (the pop itself returns every 5 s while Redis is up).
            # redis-py's pool refuses a 101st connection at once ("Too many connections"):
            # when a few hundred sockets of one process close together, each disconnect
            # leaves its groups on a connection of its own. Redis takes 10,000 clients.
            # driver_info None: no CLIENT SETINFO on each new connection (see the cache's).
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": None,
                                  "driver_info": None,
                                  "max_connections": int(os.environ.get(
                                      "CHANNEL_LAYER_MAX_CONNECTIONS", "1000"))}]},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# "celery": hand tasks to a worker through the broker; "thread": run them in a background
# thread of this process (embedded mode); "inline": run them at once in the caller, queued
# so that a task scheduling another never recurses (tests and management commands).
BACKGROUND_MODE = os.environ.get("BACKGROUND_MODE", "celery" if REDIS_URL else "thread")

CELERY_BROKER_URL = REDIS_URL or "memory://"
# Results are kept only by tasks that ask (the chunks of a simulation and their merge, a
# chord: games/sim_tasks.py); every other task ignores its result.
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_EXPIRES = 24 * 3600
# One result backend per process, not per thread: every task sent builds an AsyncResult, so
# under ASGI (a thread per request) each move built a Redis result backend and its client
# (py-spy: 12% of a loaded web process's CPU). Redis clients are thread-safe.
CELERY_RESULT_BACKEND_THREAD_SAFE = True
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# Webhook deliveries wait on receivers anyone can point them at: a queue of their own, which a
# worker must consume (`celery -A dominion_site worker -Q celery,webhooks`, or one worker per
# queue), so a slow receiver never delays a bot move.
# Bot simulations are long and CPU-bound: a queue of their own (`-Q ...,simulations`), so a
# long run never delays a bot move; adding workers that consume it, on any machine, adds
# simulation throughput.
CELERY_TASK_ROUTES = {"games.play.tasks.webhook_deliver": {"queue": "webhooks"},
                      "games.sim_tasks.*": {"queue": "simulations"},
                      "games.sim.tasks.simulation_run": {"queue": "simulations"},
                      "games.sim.tasks.simulation_chunk": {"queue": "simulations"}}
# Embedded mode: one pool of threads per queue (games/background.py); the sweep, which sends
# emails, gets a pool of its own too, so a slow mail server cannot hold up the bots.
BACKGROUND_THREAD_QUEUES = {"games.play.tasks.play_sweep": "mail",
                            "games.tasks.account_mail_send": "mail"}  # (sign-up, reset...)
BACKGROUND_THREADS = {"celery": 1, "webhooks": 4, "mail": 1, "simulations": 1}
# A game only bots play on (every seat a bot, or resigned to one) is abandoned once a player
# has taken this many turns: on some kingdoms some bots never end a game (games/services.py).
BOT_GAME_MAX_TURNS = int(os.environ.get("BOT_GAME_MAX_TURNS", "200"))
# Games an account created that have not started yet (status open): past this it cannot create
# another until one starts or is called off, and an open game nobody has joined for this many
# days is called off by the sweep (games/play/sweep.py): without them one account filled the
# lobby (its newest 100 games) in a few hours, and the games stayed there for ever.
MAX_OPEN_GAMES_PER_USER = int(os.environ.get("MAX_OPEN_GAMES_PER_USER", "10"))
OPEN_GAME_MAX_AGE_DAYS = int(os.environ.get("OPEN_GAME_MAX_AGE_DAYS", "14"))
# The simulator (games/sim): games per simulation, simulations a user may have running, and
# simulations queued or running on the whole site (409 simulations_busy over it).
SIM_MAX_GAMES = int(os.environ.get("SIM_MAX_GAMES", "2000"))
SIM_MAX_ACTIVE = int(os.environ.get("SIM_MAX_ACTIVE", "2"))
SIM_MAX_QUEUED_SITE = int(os.environ.get("SIM_MAX_QUEUED_SITE", "50"))
# A simulation still queued or running this long after it was made is failed by the sweep
# (lost with its worker): it would hold its place under both caps for ever.
SIM_STALE_HOURS = float(os.environ.get("SIM_STALE_HOURS", "6"))
# Open WebSockets per account, and per address for sockets without an account, counted by
# each server process (games/socket_quota.py): in all (a bot account may stream each of its
# games), and on one game (a person's tabs); 0 turns a cap off.
WS_MAX_SOCKETS_PER_USER = int(os.environ.get("WS_MAX_SOCKETS_PER_USER", "1000"))
WS_MAX_SOCKETS_PER_ADDRESS = int(os.environ.get("WS_MAX_SOCKETS_PER_ADDRESS", "200"))
WS_MAX_SOCKETS_PER_GAME = int(os.environ.get("WS_MAX_SOCKETS_PER_GAME", "12"))
# Frames a client may send one socket (games/safejson.py): a burst, then so many a second;
# faster closes the socket (4429). The site's pages send one every 20 s. 0: no limit.
WS_MESSAGES_BURST = float(os.environ.get("WS_MESSAGES_BURST", "20"))
WS_MESSAGES_PER_SECOND = float(os.environ.get("WS_MESSAGES_PER_SECOND", "5"))
CELERY_BEAT_SCHEDULE = {
    "resume-stalled-bots": {"task": "games.tasks.bots_resume", "schedule": 300.0},
    # reminders, turn emails, digests, expired deadlines, webhook retries, open games nobody
    # joined (games/play/sweep.py)
    "play-sweep": {"task": "games.play.tasks.play_sweep", "schedule": 60.0},
    # undo requests past their deadline, announced and their held bots set going
    # (games/social/tasks.py)
    "undo-expire": {"task": "games.social.tasks.undo_expire", "schedule": 60.0},
    # Idempotency-Key records and socket tickets older than a day (games/api/tasks.py)
    "api-purge": {"task": "games.api.tasks.api_purge", "schedule": 3600.0},
}

# --- accounts ---------------------------------------------------------------------------------
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    # allauth's, an email logging in only the account that confirmed it (games/email_login.py)
    "games.email_login.ConfirmedEmailBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_REDIRECT_URL = "games:my_games"
LOGIN_URL = "account_login"
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = os.environ.get("ACCOUNT_EMAIL_VERIFICATION", "optional")
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
# Signing up with an email that has an account gets the same answer as with a new one (with
# optional verification that means the sign-up goes through; the address stays unverified).
ACCOUNT_PREVENT_ENUMERATION = "strict"
ACCOUNT_FORMS = {"login": "games.login_form.LoginForm"}  # (says which email logs in)
# Failed logins, counted in the cache for allauth's form and the admin's (games/admin_login.py)
# alike: 10 a minute per IP, 5 in 5 minutes per account (whichever username or email names it;
# games/account_adapter.py); past that even the right password is refused until the window
# has passed.
# Adding, removing or re-sending an email address (each addition mails a confirmation to any
# address typed): 5 a minute and 20 a day per account, and an account holds 2 addresses (its
# own and one it is changing to). allauth's 10 a minute and no cap on addresses let one
# account mail 600 strangers an hour through the site.
# Mail anyone can have the site send to an address they type (docs/security.md, Rate limits):
# - sign-ups (each mails the address typed): 5 a minute and 20 an hour per IP address
#   (allauth: 20 a minute);
# - confirmation mail, however asked for (a sign-up, with a new or a known address, or a
#   re-send): 1 in 3 minutes and 5 a day per address, 20 an hour per IP (allauth: 1 in 3
#   minutes per address, no more);
# - password reset mail: the same per address, and 5 a minute and 20 an hour per IP
#   (allauth: 5 a minute per address, 20 a minute per IP).
ACCOUNT_RATE_LIMITS = {
    "login_failed": "10/m/ip,5/5m/key",
    "manage_email": "5/m/user,20/d/user",
    "signup": "5/m/ip,20/h/ip",
    "confirm_email": "1/3m/key,5/d/key,20/h/ip",
    "reset_password": "5/m/ip,20/h/ip,1/3m/key,5/d/key",
}
ACCOUNT_MAX_EMAIL_ADDRESSES = 2
# A password reset for an address with no account mails nothing (allauth mailed it "we have
# no such account": anyone could have the site mail any address, 20 a minute per IP). The
# answer on the page is the same either way (ACCOUNT_PREVENT_ENUMERATION).
ACCOUNT_EMAIL_UNKNOWN_ACCOUNTS = False
ACCOUNT_ADAPTER = "games.account_adapter.AccountAdapter"
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if SITE_URL.startswith("https") else "http"

EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Dominion <noreply@localhost>")

# --- play by the turn (games/play; defaults in games/play/conf.py) ----------------------------
PLAY_EXPIRY_STRIKES = int(os.environ.get("PLAY_EXPIRY_STRIKES", "3"))
PLAY_VACATION_DAYS_PER_YEAR = int(os.environ.get("PLAY_VACATION_DAYS_PER_YEAR", "14"))
PLAY_REACTION_LIMIT_HOURS = 24
PLAY_SWEEP_SECONDS = 60

# --- security (production behind a TLS proxy) -------------------------------------------------
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", HTTPS)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
if BEHIND_TLS_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SSL_REDIRECT", HTTPS)
SECURE_HSTS_SECONDS = int(os.environ.get("HSTS_SECONDS", 31_536_000 if HTTPS else 0))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", HTTPS)
SECURE_HSTS_PRELOAD = env_bool("HSTS_PRELOAD", HTTPS)

# --- i18n, static -----------------------------------------------------------------------------
LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
# Embedded mode serves static files from the ASGI app; production lets the proxy do it.
SERVE_STATIC = env_bool("SERVE_STATIC", not REDIS_URL)

# --- the REST API (games/api; quotas published in docs/api.md) ---------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "games.api.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated",
                                   "games.api.scopes.HasScope"],
    "DEFAULT_PARSER_CLASSES": ["games.api.parsers.JSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer",
                                 "games.api.renderers.BrowsableAPIRenderer"],  # (CSP-clean)
    # an unknown ?format= is the documented 406, as an unknown Accept (not DRF's 404)
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "games.api.negotiation.ContentNegotiation",
    "DEFAULT_THROTTLE_CLASSES": ["games.api.throttles.ReadWriteThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "read": os.environ.get("API_RATE_READ", "600/min"),
        "write": os.environ.get("API_RATE_WRITE", "120/min"),
        "create_game": os.environ.get("API_RATE_CREATE_GAME", "30/hour"),
        "simulate": os.environ.get("API_RATE_SIMULATE", "30/hour"),
        "webhook_save": os.environ.get("API_RATE_WEBHOOK_SAVE", "30/hour"),
        "replay": os.environ.get("API_RATE_REPLAY", "120/min"),
    },
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "games.api.exceptions.api_exception_handler",
}
# Named so that a model of ours may point at it (a socket ticket made with an app's token):
# django-oauth-toolkit's models are swappable, and a reference to one needs its setting.
OAUTH2_PROVIDER_ACCESS_TOKEN_MODEL = "oauth2_provider.AccessToken"
# OAuth2 for third-party apps (django-oauth-toolkit): authorization code with PKCE only, the
# API's three scopes (docs/api.md, *Tokens and scopes*). Apps are registered at /o/applications/.
OAUTH2_PROVIDER = {
    "SCOPES": {
        # what the consent page shows an app may do: games.api.models.SCOPES, word for word
        "read": "Read your games, views, logs and the catalogue",
        "play": "Answer decisions, chat, undo, offer rematches, resign and claim in your "
                "games; mute players; run simulations",
        "manage-games": "Create, join, leave, start and abort games; send and answer "
                        "challenges; mark the account as a bot's",
    },
    "DEFAULT_SCOPES": ["read"],
    # the one flow (and its refresh): the validator refuses any other grant, the forms offer
    # no other, the device flow is not routed (games/api/oauth.py); discovery says so
    "OAUTH2_GRANT_TYPES_SUPPORTED": ["authorization_code", "refresh_token"],
    "PKCE_REQUIRED": True,
    "ACCESS_TOKEN_EXPIRE_SECONDS": 10 * 3600,
    # a session not refreshed for 90 days ends (refreshing makes a new one each time), so
    # that the hourly purge can forget it (games.api.oauth)
    "REFRESH_TOKEN_EXPIRE_SECONDS": 90 * 24 * 3600,
    "OAUTH2_VALIDATOR_CLASS": "games.api.oauth.OAuth2Validator",
    # refuses a "plain" PKCE challenge before the consent page, not after it
    "OAUTH2_SERVER_CLASS": "games.api.oauth.AuthorizationServer",
    # http only for the loopback callbacks of native clients and bots (RFC 8252 section 7.3)
    "ALLOWED_REDIRECT_URI_SCHEMES": ["https", "http"],
    # RFC 9700 (the OAuth security best practice) in full, before the library's 4.0 makes it
    # the default: no implicit or password grant, S256 PKCE only, tokens only in headers,
    # `iss` in the authorization response, tokens hashed at rest, refresh replay revokes all
    "COMPLIANT_BCP_RFC9700_IMPLICIT_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PASSWORD_GRANT": True,
    "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,
    "COMPLIANT_BCP_RFC9700_ACCESS_TOKEN_TRANSPORT": True,
    "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
    "COMPLIANT_BCP_RFC9700_TOKEN_STORAGE": True,
    "REFRESH_TOKEN_REUSE_PROTECTION": True,
    "COMPLIANT_BCP_RFC9700_REFRESH_TOKEN": True,
    "COMPLIANT_BCP_RFC9700_REDIRECT_URI_MATCHING": True,
    "COMPLIANT_BCP_RFC9700_PKCE_REQUIRED": True,
}
# The http scheme above is kept for loopback callbacks (RFC 8252), which RFC 9700 allows too.
SILENCED_SYSTEM_CHECKS = ["oauth2_provider.W008"]
# OAuth sessions an account keeps (issuing one more revokes the oldest) and applications it
# may register (games/api/oauth.py); 0: no cap.
OAUTH_TOKENS_PER_USER = int(os.environ.get("OAUTH_TOKENS_PER_USER", "50"))
OAUTH_APPLICATIONS_PER_USER = int(os.environ.get("OAUTH_APPLICATIONS_PER_USER", "10"))

SPECTACULAR_SETTINGS = {
    "TITLE": "Dominion by the turn API",
    "DESCRIPTION": "Play Dominion from your own client or bot. Walkthrough, quotas, error codes "
    "and the event stream: docs/api.md.",
    "VERSION": "1.3.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": "/api/v1",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {"EditionEnum": "games.api.serializers.EDITIONS",
                            "ChallengeStatusEnum": "games.api.challenge_views.CHALLENGE_STATUSES",
                            "GameStatusEnum": "games.models.GameStatus",
                            "SimulationStatusEnum": "games.sim.models.SimStatus"},
    # Swagger UI and Redoc from our own static files (drf-spectacular-sidecar): no CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "games.api.schema_hooks.typed_answers",
                             "games.api.schema_hooks.links",
                             "games.api.schema_hooks.request_limits",
                             "games.api.schema_hooks.not_acceptable",
                             "games.api.schema_hooks.insufficient_scope",
                             "games.api.schema_hooks.unsupported_media_type"],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    # One line per bot move is noise; failures still show.
    "loggers": {"celery.app.trace": {"level": "WARNING"}},
}
