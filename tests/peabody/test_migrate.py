"""`manage.py migrate` alone makes all the site needs, as most Django people start a site."""

import os
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]

DEAL = """
import re

import django

django.setup()
from django.core.management import call_command
from django.test import Client

call_command("migrate", verbosity=0)
client = Client(HTTP_HOST="localhost")
page = client.get("/play/").text
once = re.search(r'name="once" value="([^"]+)"', page)[1]
response = client.post(
    "/play/start/",
    {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "1", "once": once},
)
print(response.status_code, response.headers.get("Location", ""))
"""


def test_a_guest_can_deal_a_game_on_a_database_made_by_migrate_alone(tmp_path: Path) -> None:
    env = {name: value for name, value in os.environ.items() if name != "DATABASE_URL"}
    result = subprocess.run(
        [sys.executable, "-c", DEAL],
        cwd=BASE_DIR,
        env={
            **env,
            "DJANGO_SETTINGS_MODULE": "peabody.settings",
            "DEBUG": "1",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'new.sqlite3'}",
        },
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stderr
    status, location = result.stdout.split()
    assert status == "302"
    assert location.startswith("/play/")
