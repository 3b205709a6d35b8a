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
        if name not in {"DEBUG", "SECRET_KEY", "DATABASE_URL", "ALLOWED_HOSTS"}
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
