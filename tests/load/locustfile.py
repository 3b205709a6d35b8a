"""Simulated children playing Peabody Golf, for tests/load/run.py (`make loadtest`).

A child opens the home page, goes to /play/, starts a game and plays it to the end through
the requests the game page sends: every move is a button named "move" whose value is the
action, posted with the page's CSRF token and the board's version, as htmx does. After a
game the child plays again or picks a new one.

Locust runs this file; nothing else imports it (Locust patches the standard library with
gevent as it loads).
"""

from __future__ import annotations

import html
import json
import random
import re
import time
from dataclasses import dataclass
from http.cookiejar import DefaultCookiePolicy
from typing import Any, NoReturn

import gevent
from locust import FastHttpUser, between, constant, events, task
from locust.exception import RescheduleTask
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
STATIC_FILE = re.compile(r'(?:href|src)="(/static/[^"#?]+)')

games_finished = 0
requests_sent = 0


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


@events.request.add_listener
def count_request(request_type: str, **_: Any) -> None:
    global requests_sent
    if request_type != "GAME":
        requests_sent += 1


@events.quitting.add_listener
def write_summary(environment: Any, **_: Any) -> None:
    """The figures run.py prints: written as Locust stops, so none are left out."""
    path = environment.parsed_options.summary_file
    if not path:
        return
    stats = environment.stats
    requests = sorted(
        (e for e in stats.entries.values() if e.method != "GAME"), key=lambda e: (e.method, e.name)
    )
    # Locust's own total would count whole games as requests too.
    aggregated = StatsEntry(stats, "Aggregated", "")
    for entry in requests:
        aggregated.extend(entry)
    games = [e for e in stats.entries.values() if e.method == "GAME"]
    entries = [*requests, aggregated, *games]
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

    @classmethod
    def read(cls, text: str) -> Page:
        page = cls([], len(TOLD_STEP.findall(text)), "", "", "", [], [])
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
                case "form":
                    page.form_actions.append(found.get("action", ""))
                    if found.get("id") == "table-form":
                        page.move_url = found.get("action", "")
        return page


# FastHttpUser rather than HttpUser: Locust shares this 2-core machine with the server, and
# with HttpUser (requests) its own CPU use put 600 children's move p95 at 600 ms, against
# 68 ms with FastHttpUser in the same set-up.
class Child(FastHttpUser):
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
        self.fetched: set[str] = set()
        self.page("/", name="home")

    @task
    def play_a_game(self) -> None:
        self.wait()
        form = self.page("/play/", name="new game form")
        self.wait()
        choice = {
            "mode": random.choice(MODES),
            "bots": random.choice(BOTS),
            "level": random.choice(LEVELS),
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
            self.give_up("the game page has no table form with a CSRF token")
        for count in range(MOST_MOVES_IN_A_GAME):
            if f"{game_url}again/" in page.form_actions:
                self.game_over(started, count)
                return
            if not page.moves:
                self.give_up("the game is not over, yet the board offers no move")
            self.wait()
            if f"{game_url}hint/" in page.form_actions and random.random() < 0.1:
                self.client.get(f"{game_url}hint/", headers=HTMX, name="hint")
                self.wait()
            data = {"csrfmiddlewaretoken": token, "version": page.version}
            move = random.choice(page.moves)
            if move == "answer":  # a practice question's OK: the number typed on its pad
                data["answer"] = str(random.randint(-4, 20))
            if move == "land":  # a sum walked on the number line: where each step landed
                landed = [str(random.randint(low, high)) for low, high in page.landings]
                move = f"land:{','.join(landed)}"  # as the page sends them, in one value
            page = self.post(move_url, data | {"move": move}, "move")
            if self.watches and self.environment.parsed_options.watch:
                gevent.sleep(page.told_steps * SECONDS_A_STEP)
        self.give_up(f"the game was not over after {MOST_MOVES_IN_A_GAME} moves")

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

    def give_up(self, why: str) -> NoReturn:
        events.request.fire(
            request_type="GAME",
            name="game over",
            response_time=0,
            response_length=0,
            exception=AssertionError(why),
        )
        raise RescheduleTask()

    def game_over(self, started: float, moves: int) -> None:
        global games_finished
        events.request.fire(
            request_type="GAME",
            name="game over",
            response_time=(time.perf_counter() - started) * 1000,
            response_length=moves,
            exception=None,
        )
        games_finished += 1
        limit = self.environment.parsed_options.games
        if limit and games_finished >= limit:
            # Stopping the runner stops every user, this one too: let it do so from outside.
            gevent.spawn(self.environment.runner.quit)


class PlayingChild(Child):
    """The school's children: 2 to 4 seconds between taps."""


class FlatOutChild(Child):
    """A child who never stops to think: the most moves per second the server can make."""

    wait_time = constant(0)
    watches = False


class FlatOutHomePage(FastHttpUser):
    """The home page as fast as the server serves it: the ceiling in the same run."""

    fixed_count = 2
    wait_time = constant(0)

    @task
    def home(self) -> None:
        self.client.get("/", name="home, flat out")
