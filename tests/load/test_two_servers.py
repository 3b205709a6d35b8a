"""Two app servers on one PostgreSQL database: one game played alternating every request
between them (nothing lost, doubled or refused), and failed log-ins through both counted as
one. Runs in CI's PostgreSQL pass (.ci/run);
skipped on SQLite, which one machine's servers share as a file."""

from __future__ import annotations

import http.cookiejar
import random
import re
import secrets
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from django.db import connection

from games.models import Game
from tests.factories import PASSWORD, ParentFactory
from tests.load import run

MOVE = re.compile(r'name="move" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
KEY = f"two-servers-test-only-{secrets.token_hex(16)}"
NEW_GAME = {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "3"}


def database_url() -> str:
    """The test database, as a URL the servers' settings read."""
    db = connection.settings_dict
    user = urllib.parse.quote(db["USER"]) + (
        ":" + urllib.parse.quote(db["PASSWORD"]) if db["PASSWORD"] else ""
    )
    return f"postgres://{user}@{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.mark.django_db(transaction=True)
def test_a_game_alternating_between_two_servers_loses_doubles_and_refuses_nothing(
    tmp_path: Path,
) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: run with DATABASE_URL=postgres://... (CI does)")
    # With DEBUG off the cookies are Secure; a browser sends them to 127.0.0.1 over http too.
    jar = http.cookiejar.CookieJar(
        http.cookiejar.DefaultCookiePolicy(secure_protocols=("https", "http"))
    )
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    rng = random.Random(7)
    for name in "ab":
        (tmp_path / name).mkdir()
    with (
        run.server(tmp_path / "a", 1, "asgi", 1, database_url(), KEY) as a,
        run.server(tmp_path / "b", 1, "asgi", 1, database_url(), KEY) as b,
    ):
        servers = [a.url, b.url]
        browser.open(f"{servers[0]}/play/").read()
        csrf = next(cookie.value for cookie in jar if cookie.name == "csrftoken")
        start = urllib.parse.urlencode(NEW_GAME | {"csrfmiddlewaretoken": csrf}).encode()
        with browser.open(f"{servers[1]}/play/start/", start) as response:
            path, page = urllib.parse.urlsplit(response.url).path, response.read().decode()
        sent = 0
        while (moves := [m for m in MOVE.findall(page) if m != "answer"]) and sent < 300:
            version = int(VERSION.search(page).group(1))
            move = {"move": rng.choice(moves), "version": str(version)}
            body = urllib.parse.urlencode(move | {"csrfmiddlewaretoken": csrf}).encode()
            this, other = servers[sent % 2], servers[(sent + 1) % 2]
            with browser.open(f"{this}{path}move/", body) as response:
                assert response.status == 200  # 409 (stale) or 400 (refused) raise here
                page = response.read().decode()
            sent += 1
            saved = int(VERSION.search(page).group(1)) if VERSION.search(page) else None
            # Saved once (a question asked back, like "Knock now?", saves nothing)...
            assert saved is None or saved - version in (0, 1)
            # ...and the other server shows the game just as this one left it. (Not after a
            # question: opening the game page again is the answer "keep playing".)
            if saved != version:
                with browser.open(f"{other}{path}") as response:
                    seen = VERSION.search(response.read().decode())
                assert (int(seen.group(1)) if seen else None) == saved

    game = Game.objects.get()
    assert game.is_finished
    assert sent > 10


@pytest.mark.django_db(transaction=True)
def test_failed_log_ins_through_two_servers_count_as_one(tmp_path: Path) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: run with DATABASE_URL=postgres://... (CI does)")
    parent = ParentFactory()
    jar = http.cookiejar.CookieJar(
        http.cookiejar.DefaultCookiePolicy(secure_protocols=("https", "http"))
    )
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    for name in "ab":
        (tmp_path / name).mkdir()
    with (
        run.server(tmp_path / "a", 1, "asgi", 1, database_url(), KEY) as a,
        run.server(tmp_path / "b", 1, "asgi", 1, database_url(), KEY) as b,
    ):
        browser.open(f"{a.url}/accounts/login/").read()
        csrf = next(cookie.value for cookie in jar if cookie.name == "csrftoken")

        def log_in(server: str, password: str) -> str:
            form = {"login": parent.email, "password": password, "csrfmiddlewaretoken": csrf}
            body = urllib.parse.urlencode(form).encode()
            with browser.open(f"{server}/accounts/login/", body) as response:
                return response.read().decode()

        for n in range(5):  # each server's Host has its own port
            log_in([a.url, b.url][n % 2], "not-the-password")
        page = log_in(b.url, PASSWORD)

    assert "Too many tries in a short time." in page
