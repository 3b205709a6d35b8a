"""Simulated children playing Peabody Golf, for tests/load/run.py (`make loadtest`).

A child opens the home page, goes to /play/, starts a game and plays it to the end through
the requests the game page sends: every move is a button named "move" whose value is the
action, posted with the page's CSRF token and the board's version, as htmx does. After a
game the child plays again or picks a new one.

A family table (FamilyTable, `--tables`) is two to four devices of one family, each with
its own cookies and connections: the grown-up's, which seats the table ("Play together",
each on their own device), and one in kid mode for each of its one to three children, which
joins it from "Your table is ready". Each keeps the game's live stream open, as
static/js/live.js does, plays its own seat's turns and draws its board again when told that
another device moved.

Locust runs this file; nothing else imports it (Locust patches the standard library with
gevent as it loads).
"""

from __future__ import annotations

import html
import json
import random
import re
import time
from dataclasses import dataclass, field
from http.cookiejar import Cookie, DefaultCookiePolicy
from typing import Any, NoReturn

import gevent
from gevent.event import Event
from locust import FastHttpUser, between, constant, events, task
from locust.contrib.fasthttp import FastHttpSession
from locust.exception import RescheduleTask, StopUser
from locust.stats import StatsEntry

MODES = ["easy4", "classic6", "knock9"]
BOTS = ["1", "2", "3"]
LEVELS = ["gentle", "steady", "sharp"]
HTMX = {"HX-Request": "true"}
# Far longer than any real game: one past this means the board stopped moving on.
MOST_MOVES_IN_A_GAME = 1500

TAG = re.compile(r"<(button|input|form)\b([^>]*)>", re.IGNORECASE)
# A bot's step the page shows in turn (the child's own move is shown at once): the table
# is still while it plays, a second a step (STEP_MS in static/js/game.js).
TOLD_STEP = re.compile(r'<li class="step"')
SECONDS_A_STEP = 1.0
ATTRIBUTE = re.compile(r'([\w:-]+)(?:\s*=\s*"([^"]*)")?')
# The board itself: its version, how much of what is new to this device it told, and its stage.
GAME_DIV = re.compile(r'<div id="game"(\s[^>]*)>')
STATIC_FILE = re.compile(r'(?:href|src)="(/static/[^"#?]+)')

games_finished = 0
requests_sent = 0
# What the summary counts apart from requests: whole games; at a family table, moves heard
# on other devices and taps another device made first.
NOT_REQUESTS = {"GAME", "LIVE", "RACE"}


@events.init_command_line_parser.add_listener
def add_options(parser: Any) -> None:
    parser.add_argument(
        "--holes", default="1,3", help="holes per game, one picked at random: e.g. 1,3"
    )
    parser.add_argument(
        "--games", type=int, default=0, help="end the run once this many games are over"
    )
    parser.add_argument("--summary-file", help="where to write the figures as JSON at the end")
    parser.add_argument(
        "--no-watch",
        dest="watch",
        action="store_false",
        help="children tap again 2 to 4 s after each move, not watching the bots' moves first",
    )
    parser.add_argument(
        "--families-file", help="the families' devices for FamilyTable (tests/load/families.py)"
    )


@events.request.add_listener
def count_request(request_type: str, **_: Any) -> None:
    global requests_sent
    if request_type not in NOT_REQUESTS:
        requests_sent += 1


@events.quitting.add_listener
def write_summary(environment: Any, **_: Any) -> None:
    """The figures run.py prints: written as Locust stops, so none are left out."""
    path = environment.parsed_options.summary_file
    if not path:
        return
    stats = environment.stats
    requests = sorted(
        (e for e in stats.entries.values() if e.method not in NOT_REQUESTS),
        key=lambda e: (e.method, e.name),
    )
    # Locust's own total would count whole games and moves heard as requests too.
    aggregated = StatsEntry(stats, "Aggregated", "")
    for entry in requests:
        aggregated.extend(entry)
    others = [e for e in stats.entries.values() if e.method in NOT_REQUESTS]
    entries = [*requests, aggregated, *others]
    summary = {
        "rows": [
            {
                "kind": entry.method or "",
                "name": entry.name,
                "count": entry.num_requests,
                "failures": entry.num_failures,
                "per_second": entry.total_rps,
                **{f"p{p}": entry.get_response_time_percentile(p / 100) or 0 for p in (50, 95, 99)},
            }
            for entry in entries
        ],
        "failures": [
            f"{error.occurrences:>6} × {error.to_name()}" for error in stats.errors.values()
        ],
        "short_of_cpu": environment.runner.cpu_warning_emitted,
        "requests_sent": requests_sent,
    }
    with open(path, "w") as f:
        json.dump(summary, f)


@dataclass
class Page:
    """What a child can do on a page: the moves it offers and what a post needs."""

    moves: list[str]
    told_steps: int  # the bots' steps the page plays before the child can tap again
    version: str
    csrf_token: str
    move_url: str  # where the table form posts, when the page has one
    form_actions: list[str]
    landings: list[tuple[int, int]]  # a walk on the number line: each slider's low and high
    # The board's own: its version (also when it offers no move), what it told and its end.
    game_version: int = -1
    told: str = "0"
    over: bool = False
    once: str = ""  # a form that starts a game: its one-time token
    # The bots' levels a new game's form offers (a child in kid mode: those the grown-up chose).
    levels: list[str] = field(default_factory=list)

    @classmethod
    def read(cls, text: str) -> Page:
        page = cls([], len(TOLD_STEP.findall(text)), "", "", "", [], [])
        if board := GAME_DIV.search(text):
            found = dict(ATTRIBUTE.findall(board.group(1)))
            page.game_version = int(found.get("data-version", -1))
            page.told = found.get("data-told", "0")
            page.over = "stage-over" in found.get("class", "").split()
        for tag, attributes in TAG.findall(text):
            found = {name.lower(): html.unescape(v) for name, v in ATTRIBUTE.findall(attributes)}
            name = found.get("name")
            match tag.lower():
                case "button" if name == "move" and "disabled" not in found:
                    page.moves.append(found.get("value", ""))
                case "input" if name == "landing":
                    page.landings.append((int(found["min"]), int(found["max"])))
                case "input" if name == "version":
                    page.version = found.get("value", "")
                case "input" if name == "csrfmiddlewaretoken" and not page.csrf_token:
                    page.csrf_token = found.get("value", "")
                case "input" if name == "level":
                    page.levels.append(found.get("value", ""))
                case "input" if name == "once":
                    page.once = found.get("value", "")
                case "form":
                    page.form_actions.append(found.get("action", ""))
                    if found.get("id") == "table-form":
                        page.move_url = found.get("action", "")
        return page


def move_data(page: Page) -> dict[str, str]:
    """One of the moves the board offers, as the page posts it."""
    data = {"move": random.choice(page.moves)}
    if data["move"] == "answer":  # a practice question's OK: the number typed on its pad
        data["answer"] = str(random.randint(-4, 20))
    if data["move"] == "land":  # a sum walked on the number line: where each step landed
        landed = [str(random.randint(low, high)) for low, high in page.landings]
        data["move"] = f"land:{','.join(landed)}"  # as the page sends them, in one value
    return data


def give_up(why: str) -> NoReturn:
    events.request.fire(
        request_type="GAME",
        name="game over",
        response_time=0,
        response_length=0,
        exception=AssertionError(why),
    )
    raise RescheduleTask()


def game_over(environment: Any, started: float, moves: int) -> None:
    global games_finished
    events.request.fire(
        request_type="GAME",
        name="game over",
        response_time=(time.perf_counter() - started) * 1000,
        response_length=moves,
        exception=None,
    )
    games_finished += 1
    limit = environment.parsed_options.games
    if limit and games_finished >= limit:
        # Stopping the runner stops every user, this one too: let it do so from outside.
        gevent.spawn(environment.runner.quit)


class Browser:
    """A browser's requests: pages with the static files it loads for them, and forms."""

    client: FastHttpSession
    fetched: set[str]  # the static files it has, which it does not ask for again

    def page(self, url: str, name: str) -> Page:
        """A full page, and the static files a browser would load for it the first time."""
        response = self.client.get(url, name=name)
        if response.status_code != 200:
            raise RescheduleTask()  # Locust has counted the failure
        for path in set(STATIC_FILE.findall(response.text)) - self.fetched:
            self.client.get(path, name="static file")
            self.fetched.add(path)
        return Page.read(response.text)

    def post(self, url: str, data: dict[str, str], name: str) -> Page:
        """A move, sent as htmx sends it: the answer is the board alone."""
        response = self.client.post(url, data=data, headers=HTMX, name=name)
        if response.status_code != 200:
            raise RescheduleTask()
        return Page.read(response.text)

    def redirect(self, url: str, data: dict[str, str], name: str) -> str:
        """Post a form that answers with a redirect to a game, and give the game's address."""
        with self.client.post(
            url, data=data, name=name, allow_redirects=False, catch_response=True
        ) as response:
            if response.status_code == 302:
                return response.headers["Location"]
            response.failure(f"expected a redirect to the game, got {response.status_code}")
        raise RescheduleTask()

    def start_kid_mode(self, child: int) -> None:
        """The grown-up taps the child's picture on "Who's playing?"."""
        page = self.page("/who/", name="who's playing")
        with self.client.post(
            f"/who/{child}/",
            data={"csrfmiddlewaretoken": page.csrf_token},
            name="play as a child",
            allow_redirects=False,
            catch_response=True,
        ) as response:
            if response.status_code != 302:
                response.failure(f"kid mode did not start: {response.status_code}")
                raise RescheduleTask()


# FastHttpUser rather than HttpUser: Locust shares this 2-core machine with the server, and
# with HttpUser (requests) its own CPU use put 600 children's move p95 at 600 ms, against
# 68 ms with FastHttpUser in the same set-up.
class Child(Browser, FastHttpUser):
    """What every simulated child does; the classes below say how fast."""

    abstract = True
    wait_time = between(2, 4)
    # Whether the child watches the bots' moves the page plays after each of theirs before
    # thinking about the next (as the page makes them: the table is still meanwhile).
    watches = True

    def on_start(self) -> None:
        # With DEBUG off the site's cookies are Secure. Browsers send them to a server on
        # this machine over plain HTTP too, and so must the children here.
        self.client.cookiejar.set_policy(DefaultCookiePolicy(secure_protocols=("https", "http")))
        self.fetched = set()
        self.page("/", name="home")

    @task
    def play_a_game(self) -> None:
        self.wait()
        form = self.page("/play/", name="new game form")
        self.wait()
        choice = {
            "mode": random.choice(MODES),
            "bots": random.choice(BOTS),
            "level": random.choice(form.levels),
            "holes": random.choice(self.environment.parsed_options.holes.split(",")),
            "csrfmiddlewaretoken": form.csrf_token,
        }
        if random.random() < 0.5:  # the form asks maths questions unless switched off
            choice["questions"] = "on"
        game_url = self.redirect("/play/start/", choice, name="start a game")
        while True:
            self.play_to_the_end(game_url)
            if random.random() < 0.5:
                return
            self.wait()
            game_url = self.redirect(
                f"{game_url}again/", {"csrfmiddlewaretoken": form.csrf_token}, "play again"
            )

    def play_to_the_end(self, game_url: str) -> None:
        started = time.perf_counter()
        page = self.page(game_url, name="game page")
        token, move_url = page.csrf_token, page.move_url
        if not (token and move_url):
            give_up("the game page has no table form with a CSRF token")
        for count in range(MOST_MOVES_IN_A_GAME):
            if f"{game_url}again/" in page.form_actions:
                game_over(self.environment, started, count)
                return
            if not page.moves:
                give_up("the game is not over, yet the board offers no move")
            self.wait()
            if f"{game_url}hint/" in page.form_actions and random.random() < 0.1:
                self.client.get(f"{game_url}hint/", headers=HTMX, name="hint")
                self.wait()
            data = {"csrfmiddlewaretoken": token, "version": page.version}
            page = self.post(move_url, data | move_data(page), "move")
            if self.watches and self.environment.parsed_options.watch:
                gevent.sleep(page.told_steps * SECONDS_A_STEP)
        give_up(f"the game was not over after {MOST_MOVES_IN_A_GAME} moves")


class PlayingChild(Child):
    """The school's children: 2 to 4 seconds between taps."""


class FlatOutChild(Child):
    """A child who never stops to think: the most moves per second the server can make."""

    wait_time = constant(0)
    watches = False


class InKidMode(Child):
    """A family's child playing alone in kid mode on the family's own device, logged in
    (`--children N --kids`): every request pays for the session, the grown-up, the
    family's time zone and the child, as a family's child's does today."""

    abstract = True

    def on_start(self) -> None:
        [(child, session_key)] = take_a_family(self.environment)["children"]
        self.client.cookiejar.set_cookie(local_cookie(session_cookie, session_key))
        super().on_start()
        self.start_kid_mode(child)


class KidModeChild(InKidMode, PlayingChild):
    """A family's child in kid mode, with the school's children's 2 to 4 seconds."""


class FlatOutKidModeChild(InKidMode, FlatOutChild):
    """A family's child in kid mode who never stops to think (tests/servers/test_loadtest.py)."""


class FlatOutHomePage(FastHttpUser):
    """The home page as fast as the server serves it: the ceiling in the same run."""

    fixed_count = 2
    wait_time = constant(0)

    @task
    def home(self) -> None:
        self.client.get("/", name="home, flat out")


# A device waiting for its turn hears of each move within a second or so; after this long
# with nothing heard it looks at its board, as a child would reload the page.
LONGEST_WAIT_FOR_NEWS = 60.0
# How long a browser waits to open a stream again: after one ends (the `retry` the server
# sends, games/live.py) and after a refusal (static/js/live.js).
RETRY = 1.0
RETRY_AFTER_REFUSAL = 5.0
families: list[dict] = []
session_cookie = ""


def take_a_family(environment: Any) -> dict:
    """The next family of the families file, each for one table."""
    global families, session_cookie
    if not families:
        path = environment.parsed_options.families_file
        if not path:
            raise StopUser("families are needed: --families-file (tests/load/families.py)")
        with open(path) as f:
            made = json.load(f)
        session_cookie, families = made["cookie"], made["families"]
        families.reverse()  # taken from the end, first first
    if not families:
        raise StopUser("more tables than families: make more with tests/load/families.py")
    return families.pop()


def heard_elsewhere(seconds: float | None, why: str = "") -> None:
    """A move made through one device, heard on another's live stream this long after the
    mover had its answer; None: never heard."""
    events.request.fire(
        request_type="LIVE",
        name="move seen on another device",
        response_time=max(seconds or 0.0, 0.0) * 1000,
        response_length=0,
        exception=AssertionError(why) if seconds is None else None,
    )


class Device(Browser):
    """One of a family table's devices: its own cookies and connections, logged in as the
    family's grown-up (a session made by tests/load/families.py); in kid mode if a child's."""

    def __init__(self, table: FamilyTable, session_key: str, child: int | None = None) -> None:
        self.table, self.child = table, child
        self.client = FastHttpSession(
            base_url=table.host,
            request_event=table.environment.events.request,
            user=table,
            network_timeout=table.network_timeout,  # the stream says something every 15 s
            connection_timeout=table.connection_timeout,
            # Two connections, as a browser opens them: one held by the live stream, one for
            # the pages and moves. (With one, a move would wait for the stream to end.)
            concurrency=2,
        )
        # As Child.on_start says: the site's cookies are Secure, and 127.0.0.1 gets them.
        self.client.cookiejar.set_policy(DefaultCookiePolicy(secure_protocols=("https", "http")))
        self.client.cookiejar.set_cookie(local_cookie(session_cookie, session_key))
        self.fetched = set()
        self.csrf_token = self.move_url = ""
        self.heard = 0  # the newest version its live stream told of
        self.shown = 0  # the newest version a board it was sent showed
        self.news = Event()  # set when the stream tells of a newer version

    def seat_table(self, children: list[int]) -> str:
        """Play together, each on their own device: the family's one, two or three children
        and the grown-up, with a bot unless the four seats are full of people."""
        form = self.page("/together/", name="play together form")
        self.table.think()
        people = [str(child) for child in children] + ["grown-up"]
        seats = {f"seat_{n}": who for n, who in enumerate(people, start=1)}
        choice = seats | {
            "where": "each",
            "mode": random.choice(MODES),
            "bots": "1" if len(people) < 4 else "0",
            "level": random.choice(LEVELS),
            "holes": random.choice(self.table.environment.parsed_options.holes.split(",")),
            "csrfmiddlewaretoken": form.csrf_token,
            "once": form.once,
        }
        return self.redirect("/together/", choice, name="seat a table")

    def join(self, game_url: str) -> None:
        """A child's device: "Your table is ready" on the new game page, with the table's link."""
        response = self.client.get("/play/", name="new game page, kid mode")
        if response.status_code != 200:
            raise RescheduleTask()
        if f'href="{game_url}"' not in response.text:
            give_up("a child's device was not told that its table is ready")

    def play(self, game_url: str) -> int:
        """Play this device's seat to the end of the game; the moves it made."""
        page = self.page(game_url, name="table page")
        self.csrf_token, self.move_url = page.csrf_token, page.move_url
        if not (self.csrf_token and self.move_url and page.game_version >= 0):
            give_up("the table page has no table form with a CSRF token")
        self.heard = self.shown = page.game_version
        listening = gevent.spawn(self.listen, f"{game_url}live/", page.game_version)
        moves = 0
        try:
            while not page.over:
                self.shown = max(self.shown, page.game_version)
                if moves > MOST_MOVES_IN_A_GAME:
                    give_up(f"the game was not over after {MOST_MOVES_IN_A_GAME} moves")
                # What is new (the others' moves, the bot's) plays out a step a second.
                if self.table.watches:
                    gevent.sleep(page.told_steps * SECONDS_A_STEP)
                if page.moves:
                    page = self.move(game_url, page)
                    moves += 1
                else:
                    page = self.wait_for_news(game_url, page)
            self.shown = max(self.shown, page.game_version)
        finally:
            listening.kill()
        return moves

    def move(self, game_url: str, page: Page) -> Page:
        self.table.think()
        if random.random() < 0.1:
            self.client.get(f"{game_url}hint/", headers=HTMX, name="hint")
            self.table.think()
        data = {"csrfmiddlewaretoken": self.csrf_token, "version": str(page.game_version)}
        before = page.game_version
        with self.client.post(
            self.move_url,
            data=data | move_data(page),
            headers=HTMX,
            name="move",
            catch_response=True,
        ) as response:
            answered = time.perf_counter()
            if response.status_code == 409:
                # A hole's scores are everyone's: each device may tap "next" on them, and
                # the first tap counts. The others are told so, with the board as it is now.
                response.success()
                events.request.fire(
                    request_type="RACE",
                    name="a move another device made first",
                    response_time=0,
                    response_length=0,
                    exception=None,
                )
            elif response.status_code != 200:
                response.failure(f"a move got {response.status_code}")
                raise RescheduleTask()
            page = Page.read(response.text)
        if response.status_code == 200 and page.game_version > before:
            # Not a question asked back ("Knock now?"), which saves nothing.
            self.table.answered(self, page.game_version, answered)
        return page

    def wait_for_news(self, game_url: str, page: Page) -> Page:
        """Until the stream tells of a move after this board's, then the board drawn again
        (as live.js draws it: ?told= what this device has told so far)."""
        deadline = time.monotonic() + LONGEST_WAIT_FOR_NEWS
        while self.heard <= page.game_version:
            self.news.clear()
            if not self.news.wait(deadline - time.monotonic()):
                break
        fresh = self.board(game_url, page.told)
        if self.heard <= page.game_version:
            if fresh.game_version > page.game_version:
                heard_elsewhere(None, "a move the live stream did not tell of within a minute")
            elif not fresh.moves and not fresh.over:
                give_up("the table waited a minute for a move that never came")
        return fresh

    def board(self, game_url: str, told: str) -> Page:
        response = self.client.get(f"{game_url}?told={told}", headers=HTMX, name="board, told")
        if response.status_code != 200:
            raise RescheduleTask()
        return Page.read(response.text)

    def listen(self, url: str, since: int) -> None:
        """The game's live stream, open as long as the game goes on, as EventSource keeps
        it: opened again after it ends, saying the last event heard (Last-Event-ID)."""
        # No compression: the stream must arrive as written.
        headers = {"Accept": "text/event-stream", "Accept-Encoding": "identity"}
        while True:
            response = self.client.get(
                f"{url}?since={since}", headers=headers, stream=True, name="live stream"
            )
            if response.status_code == 204:  # the game is over and this device saw its end
                return
            if response.status_code != 200:  # Locust has counted the failure
                gevent.sleep(RETRY_AFTER_REFUSAL)
                continue
            # The stream's own lines, as they come: Locust's iter_content waits for 1 kB.
            stream = response._response
            try:
                newest = None
                while line := stream.readline(b"\n"):
                    line = line.rstrip(b"\r\n")
                    if line.startswith(b"id:"):
                        newest = int(line[3:])
                    elif not line and newest is not None:  # the event is complete
                        self.table.heard(self, newest, time.perf_counter())
                        newest = None
            except Exception as error:  # a network failure: the browser opens it again
                heard_elsewhere(None, f"the live stream broke: {error!r}")
            finally:
                stream.release()
            headers["Last-Event-ID"] = str(self.heard)
            gevent.sleep(RETRY)


def local_cookie(name: str, value: str) -> Cookie:
    """A cookie for the server on 127.0.0.1, as a log-in there sets it."""
    return Cookie(
        *(0, name, value, None, False, "127.0.0.1", False, False, "/", True, False),
        *(None, False, None, None, {}),
    )


class FamilyTable(FastHttpUser):
    """A family at a table with a device each (--tables): the grown-up's device seats it
    (its one to three children, the grown-up, and a bot for fewer than four people), each
    child's device in kid mode joins it, and
    all three play their own seat's turns with a child's think time, each keeping the live
    stream open and drawing its board again when told. Between games, the grown-up plays
    again or seats a new table."""

    wait_time = between(2, 4)  # as a child thinks (Child), between moves and between games
    watches = True  # each device watches what is new play out before thinking

    def think(self) -> None:
        """A device's pause before it taps (a greenlet of its own: not self.wait(), which
        is the user's)."""
        gevent.sleep(self.wait_time())

    def on_start(self) -> None:
        family = take_a_family(self.environment)
        self.grown_up = Device(self, family["grown_up"])
        self.kids = [Device(self, key, child) for child, key in family["children"]]
        self.devices = [self.grown_up, *self.kids]
        for kid in self.kids:
            kid.start_kid_mode(kid.child)
        self.answers: dict[int, tuple[Device, float]] = {}
        self.early: dict[tuple[Device, int], float] = {}

    @task
    def play_at_a_table(self) -> None:
        self.wait()
        game_url = self.grown_up.seat_table([kid.child for kid in self.kids if kid.child])
        while True:
            self.play_together(game_url)
            if random.random() < 0.5:
                return
            self.wait()
            token = {"csrfmiddlewaretoken": self.grown_up.csrf_token}
            game_url = self.grown_up.redirect(f"{game_url}again/", token, "play again")

    def play_together(self, game_url: str) -> None:
        for kid in self.kids:
            kid.join(game_url)
        self.answers, self.early = {}, {}
        started = time.perf_counter()
        playing = [gevent.spawn(device.play, game_url) for device in self.devices]
        try:
            gevent.joinall(playing, raise_error=True)  # RescheduleTask: one gave up
        finally:
            gevent.killall(playing)
        for version, (mover, _) in self.answers.items():
            for device in self.devices:
                # A device late to tap "next" on the last hole's scores learns of the end
                # from its 409, and stops listening: its stream need not tell it.
                if device is not mover and device.heard < version and device.shown < version:
                    heard_elsewhere(None, "a move never told on another device's stream")
        game_over(self.environment, started, sum(device.value for device in playing))

    def answered(self, mover: Device, version: int, at: float) -> None:
        """``mover``'s move made the game's version ``version``; its answer came at ``at``."""
        self.answers[version] = (mover, at)
        for device in self.devices:
            if device is not mover and self.early.pop((device, version), None) is not None:
                heard_elsewhere(0.0)  # told on its stream before the mover had its answer

    def heard(self, device: Device, version: int, at: float) -> None:
        """``device``'s stream told of the game at ``version`` at ``at``: every version since
        the last it told of is heard too (a stream tells only the newest)."""
        for v in range(device.heard + 1, version + 1):
            if (made := self.answers.get(v)) is None:
                self.early[(device, v)] = at
            elif made[0] is not device:
                heard_elsewhere(at - made[1])
        if version > device.heard:
            device.heard = version
            device.news.set()


class FlatOutTable(FamilyTable):
    """A family table whose devices never stop to think (tests/servers/test_loadtest.py)."""

    wait_time = constant(0)
    watches = False
