"""Web figures for ``make bench``: the server time of a move request, and the bytes a game
page loads. Both run the real views through Django's test client on a throwaway database.
"""

from __future__ import annotations

import gzip
import random
import re
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from urllib.parse import urlencode

from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.http import HttpRequest
from django.test import Client

from games import turns
from games.engine import PRESETS
from games.models import Game, guest_key_of_session

# What htmx 2 (and a plain form post) sends; the test client's default is multipart.
FORM = "application/x-www-form-urlencoded"
MOVE = re.compile(r'name="move" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')
ASSET = re.compile(r'(?:src|href)="(/static/[^"#]+)')


def with_test_database(work: Callable[[], None]) -> None:
    """Run ``work`` against a fresh test database, removed afterwards.

    Django's test environment is not set up: it instruments every template render, which
    would make the figures slower than a real server.
    """
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        work()
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def new_client() -> Client:
    # "localhost" is an allowed host without the test environment's "testserver".
    return Client(headers={"host": "localhost"})


def guest_client_with_game(preset: str, bots: int, seed: int) -> tuple[Client, Game]:
    client = new_client()
    key = guest_key_of_session(client.session.session_key)
    game = Game.start(replace(PRESETS[preset], holes=9), ["gentle"] * bots, key, seed=seed)
    turns.begin(game)
    return client, game


class TrivialView:
    """Times the home page, a view with no database work, as the baseline: back to back
    just before the measured requests, or between them. This machine is shared, so a
    baseline taken at the same moments is fairer."""

    def __init__(self) -> None:
        self.client = new_client()
        self.times: list[float] = []

    def sample(self) -> None:
        start = time.perf_counter()
        self.client.get("/")
        self.times.append(time.perf_counter() - start)


def move_times(
    preset: str, bots: int, moves: int, baseline: TrivialView | None = None
) -> list[float]:
    """Seconds per move request (the child's move and the bots' replies), over ``moves``."""
    rng = random.Random(1)
    times: list[float] = []
    seed = 0
    while len(times) < moves:
        client, game = guest_client_with_game(preset, bots, seed)
        url = f"/play/{game.public_id}/move/"
        html = client.get(game.get_absolute_url()).text
        while len(times) < moves and (offered := MOVE.findall(html)):
            data = {"move": rng.choice(offered), "version": VERSION.search(html).group(1)}
            start = time.perf_counter()
            response = client.post(url, urlencode(data), FORM, headers={"HX-Request": "true"})
            times.append(time.perf_counter() - start)
            assert response.status_code == 200, response.status_code
            html = response.text
            if baseline:
                baseline.sample()
        seed += 1
    return times


def database_floor_times(requests: int, baseline: TrivialView | None = None) -> list[float]:
    """The database work any move must do, with no view around it: read the game row this
    browser owns, save it with the version check. A lower bound for a move request."""
    client, game = guest_client_with_game("classic6", 1, seed=3)
    request, session_key = HttpRequest(), client.session.session_key
    times = []
    for _ in range(requests):
        start = time.perf_counter()
        request.session = SessionStore(session_key=session_key)
        row = Game.objects.get_for_request(request, game.public_id)
        row.save_progress(row.state, [])
        times.append(time.perf_counter() - start)
        if baseline:
            baseline.sample()
    return times


def page_get_times(requests: int, baseline: TrivialView | None = None) -> list[float]:
    client, game = guest_client_with_game("classic6", 1, seed=3)
    times = []
    for _ in range(requests):
        start = time.perf_counter()
        client.get(game.get_absolute_url(), headers={"HX-Request": "true"})
        times.append(time.perf_counter() - start)
        if baseline:
            baseline.sample()
    return times


def page_bytes(preset: str) -> list[tuple[str, int, int]]:
    """(path, bytes, gzipped bytes) for the game page and every file it loads."""
    client, game = guest_client_with_game(preset, 3, seed=7)
    html = client.get(game.get_absolute_url()).content
    files = [(game.get_absolute_url(), html)]
    for path in dict.fromkeys(ASSET.findall(html.decode())):
        response = client.get(path)
        body = b"".join(response.streaming_content) if response.streaming else response.content
        files.append((path, body))
    return [(path, len(body), len(gzip.compress(body))) for path, body in files]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


@dataclass
class Row:
    label: str
    alone: list[float]  # the requests timed back to back
    home_alone: list[float]  # the home page timed back to back, just before
    between: list[float]  # the requests again, each followed by a home page request
    home_between: list[float]  # those home page requests


def measure(label: str, timer: Callable[[TrivialView | None], list[float]], n: int) -> Row:
    """Time ``timer``'s requests two ways, each beside the home page timed the same way:
    back to back, and alternating with home page requests, as on a server where requests
    of every kind share the processor's caches. The home page repeated back to back is one
    request whose code stays in those caches; no two moves are the same request."""
    home = TrivialView()
    for _ in range(n):
        home.sample()
    alone = timer(None)
    baseline = TrivialView()
    between = timer(baseline)
    return Row(label, alone, home.times, between, baseline.times)


def write_web_figures(out, moves: int = 300) -> None:
    def work() -> None:
        out.write("\nServer time per request, Django test client (medians in ms, p95 in brackets)")
        out.write("alone: the requests back to back, beside the home page timed back to back.")
        out.write("between: the requests alternating with home page requests, beside those.")
        out.write(
            f"{'request':<28} {'alone':>6} {'(p95)':>7} {'home':>5} {'×':>4}"
            f"   {'between':>7} {'(p95)':>7} {'home':>5} {'×':>4}"
        )
        rows = [
            measure("database floor (no view)", lambda b: database_floor_times(moves, b), moves),
            measure("game board GET (htmx)", lambda b: page_get_times(moves, b), moves),
        ]
        for preset, bots in (("easy4", 1), ("classic6", 1), ("classic6", 3), ("knock9", 3)):
            label = f"move: {preset}, {bots} bot{'s' if bots > 1 else ''}"
            rows.append(
                measure(label, lambda b, p=preset, n=bots: move_times(p, n, moves, b), moves)
            )
        for row in rows:
            cells = []
            for times, home in ((row.alone, row.home_alone), (row.between, row.home_between)):
                median, base = statistics.median(times), statistics.median(home)
                cells.append(
                    f"{median * 1e3:>6.2f} ({percentile(times, 0.95) * 1e3:>5.2f}) "
                    f"{base * 1e3:>5.2f} {median / base:>4.1f}"
                )
            out.write(f"{row.label:<28} {cells[0]}    {cells[1]}")
        out.write("\nBytes the game page loads (classic6, 3 bots)")
        out.write(f"{'file':<34} {'bytes':>8} {'gzipped':>8}")
        sizes = page_bytes("classic6")
        for path, raw, zipped in sizes:
            name = "game page HTML" if path.startswith("/play/") else path
            out.write(f"{name:<34} {raw:>8,} {zipped:>8,}")
        total, total_zipped = sum(s[1] for s in sizes), sum(s[2] for s in sizes)
        out.write(f"{'total':<34} {total:>8,} {total_zipped:>8,}")

    with_test_database(work)
