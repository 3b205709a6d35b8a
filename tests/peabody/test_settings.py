import os
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]


def load_settings(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Load peabody.settings in a fresh interpreter with only the given variables set."""
    clean_env = {
        name: value
        for name, value in os.environ.items()
        if name not in {"DEBUG", "SECRET_KEY", "DATABASE_URL", "ALLOWED_HOSTS", "HTTPS"}
    }
    return subprocess.run(
        [sys.executable, "-c", f"from django.conf import settings; {code}"],
        cwd=BASE_DIR,
        env={**clean_env, "DJANGO_SETTINGS_MODULE": "peabody.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_settings_refuse_to_run_without_a_secret_key_when_debug_is_off() -> None:
    result = load_settings("settings.DEBUG", DEBUG="0")

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert "SECRET_KEY" in result.stderr


def test_settings_are_off_debug_and_secure_when_given_only_a_secret_key() -> None:
    result = load_settings(
        "print(settings.DEBUG, settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE)",
        SECRET_KEY="a-real-secret",
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "True", "True"]


def test_settings_use_a_development_key_when_debug_is_on_and_no_key_is_given() -> None:
    result = load_settings("print(settings.DEBUG, settings.SECRET_KEY)", DEBUG="1")

    assert result.returncode == 0, result.stderr
    debug, key = result.stdout.split()
    assert debug == "True"
    assert key.startswith("insecure-")


def test_settings_use_sqlite_in_the_project_folder_by_default() -> None:
    result = load_settings(
        "d = settings.DATABASES['default']; print(d['ENGINE'], d['NAME'])", DEBUG="1"
    )

    assert result.returncode == 0, result.stderr
    engine, name = result.stdout.split()
    assert engine == "django.db.backends.sqlite3"
    assert Path(name) == BASE_DIR / "db.sqlite3"


def test_settings_take_the_database_from_database_url() -> None:
    result = load_settings(
        "d = settings.DATABASES['default']; print(d['ENGINE'], d['HOST'], d['NAME'])",
        DEBUG="1",
        DATABASE_URL="postgres://u:p@h/db",
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["django.db.backends.postgresql", "h", "db"]


def test_settings_take_allowed_hosts_from_a_comma_separated_list() -> None:
    result = load_settings(
        "print(settings.ALLOWED_HOSTS)", DEBUG="1", ALLOWED_HOSTS="golf.example, www.golf.example"
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['golf.example', 'www.golf.example']"


def test_sqlite_runs_in_wal_mode_with_normal_syncs_and_a_busy_timeout(tmp_path: Path) -> None:
    result = load_settings(
        "import django; django.setup()\n"
        "from django.db import connection\n"
        "with connection.cursor() as cursor:\n"
        "    for pragma in ['journal_mode', 'synchronous', 'busy_timeout']:\n"
        "        cursor.execute(f'PRAGMA {pragma}')\n"
        "        print(cursor.fetchone()[0])",
        DEBUG="1",
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )

    assert result.returncode == 0, result.stderr
    # synchronous 1 is NORMAL; the busy timeout is in milliseconds.
    assert result.stdout.split() == ["wal", "1", "20000"]


# Each thread reads the counter, waits long enough for the other to read it too, then writes
# it back one higher. SQLite's default (deferred) transactions let both read, and then one
# write fails with "database is locked" or, worse, overwrites the other's.
TWO_WRITERS = """
import threading
import time

import django

django.setup()
from django.db import connection, transaction

with connection.cursor() as cursor:
    cursor.execute("CREATE TABLE counter (n INTEGER)")
    cursor.execute("INSERT INTO counter VALUES (0)")

both_ready = threading.Barrier(2)
errors = []


def add_one():
    try:
        both_ready.wait()
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT n FROM counter")
            n = cursor.fetchone()[0]
            time.sleep(0.3)
            cursor.execute("UPDATE counter SET n = %s", [n + 1])
    except Exception as e:
        errors.append(repr(e))
    finally:
        connection.close()


threads = [threading.Thread(target=add_one) for _ in range(2)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
with connection.cursor() as cursor:
    cursor.execute("SELECT n FROM counter")
    print(errors, cursor.fetchone()[0])
"""


def test_two_threads_writing_to_sqlite_at_once_both_succeed(tmp_path: Path) -> None:
    result = load_settings(
        TWO_WRITERS, DEBUG="1", DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}"
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[] 2"


def test_settings_give_postgresql_none_of_the_sqlite_options() -> None:
    result = load_settings(
        "print(settings.DATABASES['default'].get('OPTIONS', {}))",
        DEBUG="1",
        DATABASE_URL="postgres://u:p@h/db",
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "{}"


# A view that fails, served the way a real server serves it: DEBUG off, no test runner.
FAILING_VIEW = """
import sys
import types

import django

django.setup()
from django.test import Client, override_settings
from django.urls import path


def fall_over(request):
    raise RuntimeError("the view fell over")


urls = types.ModuleType("failing_urls")
urls.urlpatterns = [path("fail/", fall_over)]
sys.modules["failing_urls"] = urls
# Static files as a fresh checkout has them (not collected): the error page still renders.
storages = {
    **settings.STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
with override_settings(ROOT_URLCONF="failing_urls", STORAGES=storages):
    response = Client(raise_request_exception=False).get("/fail/", HTTP_HOST="localhost")
print(response.status_code)
"""


def test_an_error_in_a_view_is_logged_to_stderr_with_its_traceback() -> None:
    result = load_settings(FAILING_VIEW, SECRET_KEY="a-real-secret")

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "500"
    assert "ERROR django.request: Internal Server Error: /fail/" in result.stderr
    assert "Traceback (most recent call last):" in result.stderr
    assert "RuntimeError: the view fell over" in result.stderr


def test_the_sites_own_errors_are_logged_to_stderr() -> None:
    result = load_settings(
        "import django; django.setup()\n"
        "import logging\n"
        "logging.getLogger('games.turns').error('a move could not be saved')",
        SECRET_KEY="a-real-secret",
    )

    assert result.returncode == 0, result.stderr
    assert "ERROR games.turns: a move could not be saved" in result.stderr


def test_https_redirect_and_hsts_are_off_unless_https_is_set() -> None:
    result = load_settings(
        "print(settings.SECURE_SSL_REDIRECT, settings.SECURE_HSTS_SECONDS)", DEBUG="1"
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False", "0"]


def test_with_https_set_plain_http_is_redirected_and_https_answers_with_hsts() -> None:
    result = load_settings(
        "import django; django.setup()\n"
        "from django.test import Client\n"
        "plain = Client().get('/', HTTP_HOST='localhost')\n"
        "secure = Client().get('/', HTTP_HOST='localhost', secure=True)\n"
        "print(plain.status_code, plain['Location'])\n"
        "print(secure.status_code, secure['Strict-Transport-Security'])",
        DEBUG="1",
        HTTPS="1",
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["301 https://localhost/", "200 max-age=31536000"]


# Three wrong passwords for one address, from a process of its own: each line says whether
# allauth let the attempt be checked ("checked") or refused it for too many ("limited").
WRONG_PASSWORDS = """
import django

django.setup()
from django.test import Client

client = Client(HTTP_HOST="localhost")
for _ in range(3):
    response = client.post("/accounts/login/", {"login": "sam@example.com", "password": "no"})
    print("limited" if "Too many tries" in response.text else "checked")
"""


def test_log_in_limits_count_across_processes_in_the_database_cache(tmp_path: Path) -> None:
    database = {"DATABASE_URL": f"sqlite:///{tmp_path / 'shared.sqlite3'}", "DEBUG": "1"}
    for command in ("migrate", "createcachetable"):
        setup = load_settings(
            "import django; django.setup(); from django.core.management import call_command; "
            f"call_command('{command}', verbosity=0)",
            **database,
        )
        assert setup.returncode == 0, setup.stderr

    first, second = (load_settings(WRONG_PASSWORDS, **database) for _ in range(2))

    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    # allauth allows 5 failed log-ins for one address in 5 minutes: the second process
    # counts on from the first's 3.
    assert first.stdout.split() == ["checked"] * 3
    assert second.stdout.split() == ["checked", "checked", "limited"]


# --- mail: queued, then printed or sent by SMTP -------------------------------------

PRINT_MAILER = (
    "from django.conf import settings; "
    "print(settings.MAILERS['default'], settings.MAILERS['smtp'], settings.TASKS['default'])"
)


def settings_with(**env: str) -> str:
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DEBUG", "EMAIL_"))}
    result = subprocess.run(
        [sys.executable, "-c", PRINT_MAILER],
        cwd=BASE_DIR,
        env={**clean, "DJANGO_SETTINGS_MODULE": "peabody.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_in_development_mail_is_queued_and_printed_in_the_terminal_at_once() -> None:
    mailers = settings_with(DEBUG="1")

    assert "peabody.mail.QueuedEmailBackend" in mailers
    assert "console.EmailBackend" in mailers
    assert "ImmediateBackend" in mailers  # the queue runs in the request: no worker to start


def test_in_production_mail_is_queued_then_goes_by_smtp_as_the_environment_says() -> None:
    mailer = settings_with(
        SECRET_KEY="a-real-secret",
        EMAIL_HOST="smtp.example.com",
        EMAIL_PORT="2525",
        EMAIL_HOST_USER="peabody",
        EMAIL_HOST_PASSWORD="secret",
        EMAIL_TIMEOUT="7",
    )

    assert "peabody.mail.QueuedEmailBackend" in mailer  # a page only queues it
    assert "django_tasks_db.DatabaseBackend" in mailer  # for the worker
    assert "smtp.EmailBackend" in mailer
    for value in ("'smtp.example.com'", "2525", "'peabody'", "'use_tls': True", "'timeout': 7"):
        assert value in mailer
