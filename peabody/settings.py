"""Settings for Peabody Golf, all read from environment variables.

DEBUG is off unless DEBUG=1. With DEBUG off, SECRET_KEY must be set. The Makefile's
run and test targets set DEBUG=1, so local work needs nothing exported. HTTPS=1 says the
site is served over HTTPS: plain HTTP is then redirected, and browsers are told to remember.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = os.environ.get("DEBUG", "0") == "1"
HTTPS = os.environ.get("HTTPS", "0") == "1"

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set SECRET_KEY, or set DEBUG=1 for local development.")
    SECRET_KEY = "insecure-development-only-key-never-use-in-production"

# Django's test set-up adds "testserver" by itself.
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "allauth",
    "allauth.account",
    "django_tasks_db",  # the queue of emails to send (peabody/mail.py)
    "games",
    "games.classes",  # a class answering on its own devices
    "lessons",
    "peabody.families",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Before WhiteNoise, which answers static files itself, so they carry the header too.
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Every page (not static files) is private: no-store, so Back shows it as it is now.
    "peabody.private_pages.private_pages_middleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # Inside the middleware that add security headers, so our 400 page carries them; before
    # anything that reads the body (the CSRF check), so it is read once, here.
    "peabody.bad_requests.readable_request_middleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The page's language comes from its address: /es/… is Spanish, an address without a
    # language is English. It never sets a cookie (see LANGUAGES below).
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Times on every page and download in the time zone the family chose.
    "peabody.families.time_zones.time_zone_middleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # After allauth's: it turns a page that asks for the password again into a redirect.
    "peabody.families.kid_mode.KidModeMiddleware",
]

ROOT_URLCONF = "peabody.urls"
WSGI_APPLICATION = "peabody.wsgi.application"

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
                "peabody.languages.other_languages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=600,
        conn_health_checks=True,
    ),
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        # WAL lets pages be read while a move is being written; NORMAL still never corrupts
        # the file in WAL mode, it only risks the last commits on a power cut.
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        # A write transaction takes the write lock at BEGIN, so a second writer waits for
        # it (up to the timeout) instead of failing with "database is locked" halfway.
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # The tests' database is a file too, not SQLite's in-memory one: the browser tests' live
    # server answers a page's requests (its pictures) on threads of their own, and threads
    # sharing the one connection of an in-memory database fail now and then.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test-db.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
# Where `manage.py backup` writes the SQLite database's backups, and `manage.py restore` keeps
# the database it replaces (peabody/backups.py); empty: a backups folder beside the database.
BACKUPS_DIR = os.environ.get("BACKUPS_DIR", "")
# The live streams (games/live.py) one server process holds at most: past them a new one
# gets a 503 that says when to ask again. Half the process's cap on connections
# (WORKER_CONNECTIONS, peabody/gunicorn_config.py), so pages are still answered with them
# all open. docs/serving.md, "Live streams".
LIVE_STREAMS = int(
    os.environ.get("LIVE_STREAMS", int(os.environ.get("WORKER_CONNECTIONS", "1000")) // 2)
)

AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
# Every language the site is written in. English is at the addresses without a prefix (so
# every address that ever worked still does), each other language under its code: /es/play/.
# To add one: docs/languages.md, "Adding a language".
LANGUAGES = [("en-gb", "English"), ("es", "Español")]
# Our catalogues: the games app's words (games/words and its pages) in games/locale, the
# site's pages, the lessons' and families' templates and the grown-ups' words here.
LOCALE_PATHS = [BASE_DIR / "peabody" / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # The manifest needs collectstatic first; with DEBUG on, files are served as they are.
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        ),
    },
}
# Read from DEBUG here, not from settings.DEBUG at start-up, which test runners switch off.
WHITENOISE_AUTOREFRESH = DEBUG
WHITENOISE_USE_FINDERS = DEBUG

SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "object-src": [CSP.NONE],
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG

# Flash messages live in the session: a cookie of their own would be a third cookie.
MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"

# --- parents' accounts (django-allauth, account app only) ---------------------------------
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "kids:who"
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
ACCOUNT_LOGIN_METHODS = {"email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "password1*", "password2*"]
# No child profile before the email address is confirmed: an unconfirmed one cannot log in.
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
# One email address per parent, which they may change; no list of addresses to manage.
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_FORMS = {
    "login": "peabody.families.forms.ParentLoginForm",
    "signup": "peabody.families.forms.ParentSignupForm",
    "reauthenticate": "peabody.families.forms.ParentReauthenticateForm",
    "add_email": "peabody.families.forms.ParentAddEmailForm",
    "reset_password": "peabody.families.forms.ParentResetPasswordForm",
    "reset_password_from_key": "peabody.families.forms.ParentResetPasswordKeyForm",
    "change_password": "peabody.families.forms.ParentChangePasswordForm",
}
# allauth in our words, and failed passwords counted per address on the log-in page
# (whatever the Host) and, by a limit of our own, per device and address when typed again
# while logged in (a child guessing in kid mode locks out no one else).
ACCOUNT_ADAPTER = "peabody.families.adapter.FamilyAccountAdapter"
# The password typed again is limited by the adapter's own count per device and per address
# (peabody.families.adapter.PASSWORD_AGAIN); allauth's, per account, would let a child's
# presses in kid mode hold up the grown-up's own phone.
ACCOUNT_RATE_LIMITS = {"reauthenticate": ""}
# A log-in lasts (two weeks, Django's session age) without a "Remember me" box to decide.
# The device is the family's: the children play on it in kid mode for days, and kid mode
# asks for the password before any grown-up's page, so forgetting the log-in at the end of
# a visit would only make the grown-up type it again and again. On a shared computer, the
# grown-up logs out (the log-out page says what that does).
ACCOUNT_SESSION_REMEMBER = True
# Changing the password or the email address asks for the password again.
ACCOUNT_REAUTHENTICATION_REQUIRED = True
ACCOUNT_EMAIL_SUBJECT_PREFIX = "Peabody Golf: "
# allauth's rate limits (failed log-ins, sign-ups, password resets...) are on by default and
# counted in Django's cache. It is a table in the database (made by `manage.py migrate`, in
# families/migrations/0004), so every worker and every app server counts the same failed
# log-ins, with no service to run beside the database. families.CacheEntry names its table
# to delete the entries past their time (purge_expired).
CACHE_TABLE = "peabody_cache"
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": CACHE_TABLE,
        # Past MAX_ENTRIES Django deletes a third of the entries, counts and all; the table
        # holds rate-limit counts and one-time tokens, a row each, so let it grow.
        "OPTIONS": {"MAX_ENTRIES": 100_000},
    }
}

# Every email goes through a queue (peabody/mail.py): a page only adds it, and a task sends it
# through the "smtp" mailer, so a mail server that fails or hangs stalls no page.
MAILERS: dict[str, dict[str, object]] = {"default": {"BACKEND": "peabody.mail.QueuedEmailBackend"}}
if DEBUG:
    # Mail is printed in the terminal that runs the site, at once (the task runs in the
    # request: there is no worker to start).
    MAILERS["smtp"] = {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
    TASKS = {"default": {"BACKEND": "django.tasks.backends.immediate.ImmediateBackend"}}
else:
    MAILERS["smtp"] = {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": os.environ.get("EMAIL_HOST", "localhost"),
            "port": int(os.environ.get("EMAIL_PORT", "587")),
            "username": os.environ.get("EMAIL_HOST_USER", ""),
            "password": os.environ.get("EMAIL_HOST_PASSWORD", ""),
            "use_tls": os.environ.get("EMAIL_USE_TLS", "1") == "1",
            # Seconds a mail server may take to answer before the try counts as failed.
            "timeout": int(os.environ.get("EMAIL_TIMEOUT", "10")),
        },
    }
    # In the database, sent by `manage.py db_worker` (make serve starts one).
    TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Peabody Golf <noreply@localhost>")
# Nothing here uses a camera, a microphone, the child's location or any other powerful
# feature, so no page (nor anything it might embed) may ask for one.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in [
        "accelerometer",
        "ambient-light-sensor",
        "autoplay",
        "bluetooth",
        "browsing-topics",
        "camera",
        "clipboard-read",
        "display-capture",
        "encrypted-media",
        "geolocation",
        "gyroscope",
        "hid",
        "idle-detection",
        "interest-cohort",
        "local-fonts",
        "magnetometer",
        "microphone",
        "midi",
        "otp-credentials",
        "payment",
        "publickey-credentials-get",
        "screen-wake-lock",
        "serial",
        "speaker-selection",
        "usb",
        "window-management",
        "xr-spatial-tracking",
    ]
}

if HTTPS:
    SECURE_SSL_REDIRECT = True
    # A year, the usual once a site means to stay on HTTPS. Other sites on subdomains of
    # ours are left alone.
    SECURE_HSTS_SECONDS = 365 * 24 * 60 * 60

# With DEBUG off, Django's own logging would only mail the admins (there are none), so a
# 500 left no trace. Warnings and errors from Django and from our own code go to standard
# error, tracebacks included, where gunicorn and any host's log collector pick them up.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name}: {message}", "style": "{"},
    },
    "handlers": {
        "stderr": {"class": "logging.StreamHandler", "formatter": "plain"},
    },
    "filters": {"plain_line": {"()": "peabody.bad_requests.PlainLine"}},
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    # Replaces Django's default handlers for this logger (mail to admins, and a console one
    # with DEBUG on that would print everything twice); its records reach the root's. INFO,
    # Django's default level, keeps what runserver says as it starts.
    "loggers": {
        "django": {"handlers": [], "level": "INFO"},
        "django.security.DisallowedHost": {"filters": ["plain_line"]},
    },
}
