"""Two app servers on one PostgreSQL database: one game played alternating every request
between them (nothing lost, doubled or refused); a family table whose devices are on both,
each hearing every move on its live stream, whichever server it was made through; and
failed log-ins through both counted as one. Runs in CI's PostgreSQL pass (.ci/run);
skipped on SQLite, which one machine's servers share as a file."""

from __future__ import annotations

import http.client
import http.cookiejar
import random
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest

from games.models import Game
from tests.factories import PASSWORD, ParentFactory
from tests.games.pages import MOVE, VERSION
from tests.load import families

# Two servers (tests/conftest.py's two_servers), run on PostgreSQL only.
pytestmark = pytest.mark.two_servers

NEW_GAME = {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "3"}
BOARD = re.compile(r'<div id="game" class="([^"]*)"[^>]*data-version="(\d+)"')
# Not a measure of speed: a move reaches the other devices in well under a second
# (docs/load-test.md). A stream that has not told of a move by then never will.
HEARD_WITHIN = 5.0


def test_a_game_alternating_between_two_servers_loses_doubles_and_refuses_nothing(
    two_servers,
) -> None:
    # With DEBUG off the cookies are Secure; a browser sends them to 127.0.0.1 over http too.
    jar = http.cookiejar.CookieJar(
        http.cookiejar.DefaultCookiePolicy(secure_protocols=("https", "http"))
    )
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    rng = random.Random(7)
    servers = [server.url for server in two_servers]
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


def test_failed_log_ins_through_two_servers_count_as_one(two_servers) -> None:
    parent = ParentFactory()
    jar = http.cookiejar.CookieJar(
        http.cookiejar.DefaultCookiePolicy(secure_protocols=("https", "http"))
    )
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    a, b = two_servers
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


def browser(
    session_key: str = "",
) -> tuple[urllib.request.OpenerDirector, http.cookiejar.CookieJar]:
    """A browser with cookies of its own, logged in with ``session_key`` if given."""
    # With DEBUG off the cookies are Secure; a browser sends them to 127.0.0.1 over http too.
    jar = http.cookiejar.CookieJar(
        http.cookiejar.DefaultCookiePolicy(secure_protocols=("https", "http"))
    )
    if session_key:
        jar.set_cookie(
            http.cookiejar.Cookie(
                *(0, "sessionid", session_key, None, False, "127.0.0.1", False, False, "/"),
                *(True, False, None, False, None, None, {}),
            )
        )
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar)), jar


class Device:
    """A device of a family table, on one of the servers."""

    def __init__(self, name: str, server: str, session_key: str) -> None:
        self.name, self.server = name, server
        self.open, self.jar = browser(session_key)

    def get(self, path: str) -> str:
        with self.open.open(f"{self.server}{path}") as response:
            return response.read().decode()

    def post(self, path: str, data: dict) -> tuple[int, str, str]:
        """The status, the address answered from (after redirects) and the page."""
        csrf = next(cookie.value for cookie in self.jar if cookie.name == "csrftoken")
        body = urllib.parse.urlencode(data | {"csrfmiddlewaretoken": csrf}).encode()
        try:
            with self.open.open(f"{self.server}{path}", body) as response:
                return response.status, response.url, response.read().decode()
        except urllib.error.HTTPError as refused:
            return refused.code, refused.url, refused.read().decode()

    def board(self, path: str) -> tuple[str, int, list[str]]:
        """The stage this device shows, the game's version and the moves it offers."""
        page = self.get(path)
        found = BOARD.search(page)
        assert found, f"{self.name}'s device shows no table"
        stage = next(c for c in found.group(1).split() if c.startswith("stage-"))
        return stage.removeprefix("stage-"), int(found.group(2)), MOVE.findall(page)

    def listen(self, path: str, since: int) -> Listener:
        listener = Listener(self, path, since)
        listener.start()
        return listener


class Listener(threading.Thread):
    """A device's live stream, read as it comes (static/js/live.js keeps one open): the
    newest version it told of. It ends when the game is over."""

    def __init__(self, device: Device, path: str, since: int) -> None:
        super().__init__(daemon=True)  # a test that fails leaves it to the stopping server
        self.device, self.path, self.heard = device, path, since
        self.status = 0

    def run(self) -> None:
        host, port = self.device.server.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=60)
        cookies = "; ".join(f"{c.name}={c.value}" for c in self.device.jar)
        connection.request(
            "GET", f"{self.path}live/?since={self.heard}", headers={"Cookie": cookies}
        )
        response = connection.getresponse()
        self.status = response.status
        while line := response.readline():
            if line.startswith(b"id:"):
                self.heard = int(line[3:])
        connection.close()

    def hears(self, version: int) -> bool:
        deadline = time.monotonic() + HEARD_WITHIN
        while self.heard < version and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.heard >= version


def race(devices: list[Device], path: str, data: dict) -> list[int]:
    """The same post from each device at once; the statuses they get."""
    start = threading.Barrier(len(devices))
    statuses: list[int] = []

    def tap(device: Device) -> None:
        start.wait()
        statuses.append(device.post(path, data)[0])

    taps = [threading.Thread(target=tap, args=(device,)) for device in devices]
    for thread in taps:
        thread.start()
    for thread in taps:
        thread.join(30)
    return statuses


def test_a_family_tables_devices_on_two_servers_each_hear_every_move_and_a_race_counts_once(
    two_servers, settings
) -> None:
    # The devices' sessions, signed with the servers' key (as a log-in on them signs them).
    a, b = two_servers
    settings.SECRET_KEY = a.env["SECRET_KEY"]
    (family,) = families.make_families(1, children=2)["families"]
    (robin, robin_key), (sam, sam_key) = family["children"]
    rng = random.Random(28)
    grown_up = Device("the grown-up", a.url, family["grown_up"])
    kids = [Device("Robin", b.url, robin_key), Device("Sam", a.url, sam_key)]
    for kid, pk in zip(kids, (robin, sam), strict=True):
        kid.get("/who/")
        assert kid.post(f"/who/{pk}/", {})[0] == 200  # kid mode, then /play/
    grown_up.get("/together/")
    seats = {"seat_1": robin, "seat_2": sam, "seat_3": "grown-up", "where": "each"}
    status, url, _ = grown_up.post("/together/", NEW_GAME | seats | {"holes": "1"})
    path = urllib.parse.urlsplit(url).path
    devices = [grown_up, *kids]
    for kid in kids:
        assert path in kid.get("/play/")  # "Your table is ready"
    listeners = [device.listen(path, device.board(path)[1]) for device in devices]
    raced = False
    for _ in range(300):
        boards = {device: device.board(path) for device in devices}
        stage, version, _ = boards[grown_up]
        if stage == "over":
            break
        movers = [device for device, (_, _, moves) in boards.items() if moves]
        if stage == "summary" and boards[grown_up][2]:
            # The hole's scores are everyone's: two devices, on the two servers, tap
            # "next" at once. One tap moves the table on; the other is told it is late.
            statuses = race(
                [grown_up, kids[0]], f"{path}move/", {"move": "next", "version": version}
            )
            assert sorted(statuses) == [200, 409]
            raced = True
            saved = version + 1
            assert grown_up.board(path)[1] == saved  # saved once
        else:
            # Only the device whose turn it is may move; at a hole's end, each child
            # with a question open answers their own (here, skips it) first.
            mover = movers[0]
            offered = boards[mover][2]
            chosen = "skip" if "skip" in offered else rng.choice(offered)
            move = {"move": chosen, "version": version}
            status, _, page = mover.post(f"{path}move/", move)
            assert status == 200, page
            saved = int(BOARD.search(page).group(2))
        deaf = [each.device.name for each in listeners if not each.hears(saved)]
        assert not deaf, f"not told of version {saved} within {HEARD_WITHIN} s: {deaf}"
    for listener in listeners:
        listener.join(HEARD_WITHIN)  # the game is over: the streams end

    assert [listener.status for listener in listeners] == [200, 200, 200]
    assert not any(listener.is_alive() for listener in listeners)

    game = Game.objects.get()
    assert game.is_finished and game.devices
    assert raced
