import os
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]
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
