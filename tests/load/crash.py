"""`make crashdrill`: kill the server mid-game under load, then check every game's saved log.

Starts gunicorn as tests/load/run.py does (production's settings, a fresh SQLite file or the
database given), and players on threads of their own, each starting guest games and playing
their moves as quickly as a child taps, writing down every move sent: the game, the version
it was sent at and what the answer said. Every so often the whole server (master and
workers, one process group) is killed with SIGKILL and started again on the same database;
the players, as a browser would, open the game again after a connection error and go on.

At the end the server is stopped and every game made meanwhile is read from the database and
made again from its setup, version by version, with the moves sent at each version. Every
acknowledged move must be in the log once, at its place (none lost), no move twice (none
doubled) and no move there that no player sent, or that the server refused (no phantom); a
move whose answer was lost in a kill may or may not have been saved, and is counted apart.
Each log must replay to the game's saved snapshot. Exits non-zero if any check fails.

    python tests/load/crash.py                        # 50 players, 3 kills 10 s apart
    python tests/load/crash.py --players 20 --kills 5 --every 6
    python tests/load/crash.py --database-url postgres://...
"""

from __future__ import annotations

import argparse
import html
import http.client
import http.cookiejar
import json
import os
import random
import re
import signal
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

BASE_DIR = Path(__file__).resolve().parents[2]
if str(BASE_DIR) not in sys.path:  # run as a script, from tests/load/
    sys.path.insert(0, str(BASE_DIR))

from tests.load import run  # noqa: E402

MODES = ["easy4", "classic6", "knock9"]
LEVELS = ["gentle", "steady", "sharp"]
HTMX = {"HX-Request": "true"}
BOARD = re.compile(r'<div id="game" class="([^"]*)"[^>]*\sdata-version="(\d+)"')
TAG = re.compile(r"<(button|input)\b([^>]*)>", re.IGNORECASE)
ATTRIBUTE = re.compile(r'([\w:-]+)(?:\s*=\s*"([^"]*)")?')
# A request the server does not answer within this is taken as lost, as a browser would.
TIMEOUT = 10.0
# How long a player waits between tries while the server is down.
RETRY = 0.2
# Past this a player gives up on the server coming back (it is counted, and fails the drill).
LONGEST_OUTAGE = 60.0
MOST_PLAYERS = 200
LONGEST_DRILL = 600  # seconds
# What the server's answer to a move said.
ACKNOWLEDGED = "acknowledged"  # 200, the board at a newer version: the move was saved
UNCHANGED = "unchanged"  # 200 at the same version: a question asked back ("Knock now?")
REFUSED = "refused"  # 409 (stale) or 400 (not a move now): nothing saved
NO_ANSWER = "no answer"  # the connection broke, or a 5xx: saved or not, the player cannot know


@dataclass
class Sent:
    """A move a player sent: the form it posted, at the game's version, and the answer."""

    version: int
    form: dict[str, str]
    outcome: str
    saved: bool = False  # found in the log by the check


@dataclass
class Page:
    """What a player reads of a game page or a board: its version and the moves offered."""

    version: int
    moves: list[str]
    landings: list[tuple[int, int]]
    over: bool

    @classmethod
    def read(cls, text: str) -> Page | None:
        board = BOARD.search(text)
        if board is None:
            return None
        page = cls(int(board.group(2)), [], [], "stage-over" in board.group(1).split())
        for tag, attributes in TAG.findall(text):
            found = {name.lower(): html.unescape(v) for name, v in ATTRIBUTE.findall(attributes)}
            if tag.lower() == "button" and found.get("name") == "move" and "disabled" not in found:
                page.moves.append(found.get("value", ""))
            elif tag.lower() == "input" and found.get("name") == "landing":
                page.landings.append((int(found["min"]), int(found["max"])))
        return page


def move_form(page: Page, rng: random.Random) -> dict[str, str]:
    """One of the moves the board offers, as the page posts it."""
    form = {"move": rng.choice(page.moves)}
    if form["move"] == "answer":  # a practice question's OK: the number typed on its pad
        form["answer"] = str(rng.randint(-4, 20))
    if form["move"] == "land":  # a sum walked on the number line: where each step landed
        landed = [str(rng.randint(low, high)) for low, high in page.landings]
        form["move"] = f"land:{','.join(landed)}"
    return form


class ServerDown(Exception):
    """The server did not come back within LONGEST_OUTAGE."""


@dataclass
class Player:
    """A browser with cookies of its own, playing guest games one after another."""

    number: int
    url: str
    pause: float  # at most this many seconds before each move
    until: float  # time.monotonic() at which to stop
    # The moves sent to each game, by its public id.
    sent: dict[str, list[Sent]] = field(default_factory=lambda: defaultdict(list))
    server_errors: int = 0
    timeouts: int = 0  # moves not answered within TIMEOUT
    gave_up: str = ""

    def __post_init__(self) -> None:
        # With DEBUG off the cookies are Secure; a browser sends them to 127.0.0.1 over http.
        policy = http.cookiejar.DefaultCookiePolicy(secure_protocols=("https", "http"))
        self.jar = http.cookiejar.CookieJar(policy)
        self.browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.rng = random.Random(self.number)

    def request(self, path: str, form: dict[str, str] | None = None) -> tuple[int, str, str]:
        """The status, address reached and text of a page; raises OSError (URLError and the
        connection's own errors) when no answer came."""
        body = None
        if form is not None:
            csrf = next((c.value for c in self.jar if c.name == "csrftoken"), "")
            body = urllib.parse.urlencode(form | {"csrfmiddlewaretoken": csrf}).encode()
        request = urllib.request.Request(self.url + path, body, HTMX if form else {})
        try:
            with self.browser.open(request, timeout=TIMEOUT) as response:
                return response.status, response.url, response.read().decode()
        except urllib.error.HTTPError as error:
            if error.code >= 500:
                self.server_errors += 1
            return error.code, error.url, error.read().decode()
        except http.client.HTTPException as error:  # e.g. the server closed mid-answer
            raise ConnectionError(repr(error)) from error

    def until_answered(self, path: str) -> tuple[int, str, str]:
        """A page, tried again and again while the server is down, as a browser's reload."""
        deadline = time.monotonic() + LONGEST_OUTAGE
        while True:
            try:
                answer = self.request(path)
                if answer[0] < 500:
                    return answer
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise ServerDown(f"{path} not answered for {LONGEST_OUTAGE:.0f} s")
            time.sleep(RETRY)

    def play(self) -> None:
        try:
            while time.monotonic() < self.until:
                if game := self.start_a_game():
                    self.play_to_the_end(game)
        except ServerDown as error:
            self.gave_up = str(error)

    def start_a_game(self) -> str | None:
        """A new guest game's address, or None if the answer was lost (a game may have been
        made all the same, which no one plays: the check finds it at version 0)."""
        self.until_answered("/play/")
        choice = {
            "mode": self.rng.choice(MODES),
            "bots": self.rng.choice("123"),
            "level": self.rng.choice(LEVELS),
            "holes": "1",
        }
        if self.rng.random() < 0.5:
            choice["questions"] = "on"
        try:
            status, reached, _ = self.request("/play/start/", choice)
        except OSError:
            return None
        return urllib.parse.urlsplit(reached).path if status == 200 else None

    def play_to_the_end(self, game: str) -> None:
        _, _, text = self.until_answered(game)
        page = Page.read(text)
        while page is not None and page.moves and not page.over:
            if time.monotonic() >= self.until:
                return
            time.sleep(self.rng.uniform(0, self.pause))
            form = move_form(page, self.rng)
            try:
                status, _, text = self.request(
                    f"{game}move/", form | {"version": str(page.version)}
                )
            except OSError as error:
                if isinstance(getattr(error, "reason", error), ConnectionRefusedError):
                    # The server is down: the move never left. Open the game when it is back.
                    page = Page.read(self.until_answered(game)[2])
                    continue
                if isinstance(getattr(error, "reason", error), TimeoutError):
                    self.timeouts += 1
                status, text = 0, ""
            answer = Page.read(text) if status in (200, 400, 409) else None
            if answer is None:
                outcome = NO_ANSWER
            elif status != 200:
                outcome = REFUSED
            else:
                outcome = ACKNOWLEDGED if answer.version > page.version else UNCHANGED
            self.sent[game.strip("/").split("/")[-1]].append(Sent(page.version, form, outcome))
            if answer is None:  # the browser opens the game again and goes on from there
                _, _, text = self.until_answered(game)
                answer = Page.read(text)
            page = answer


@dataclass
class Report:
    """What the drill found; ok when nothing was lost, doubled or phantom."""

    players: int
    kills: int
    downtime: list[float]  # seconds from each kill until the server answered again
    games: int = 0
    sent: int = 0
    acknowledged: int = 0
    refused: int = 0
    asked_back: int = 0
    answers_lost_saved: int = 0
    answers_lost_not_saved: int = 0
    timeouts: int = 0
    lost: int = 0
    doubled: int = 0
    phantom: int = 0
    snapshots_wrong: int = 0
    server_errors: int = 0
    players_gave_up: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        failures = (self.lost, self.doubled, self.phantom, self.snapshots_wrong)
        return not any(failures) and not self.players_gave_up and self.acknowledged > 0

    def print(self) -> None:
        restarts = ", ".join(f"{seconds:.1f} s" for seconds in self.downtime)
        print(
            f"players: {self.players}; kills: {self.kills} (down after each: {restarts})\n"
            f"games checked: {self.games}; moves sent: {self.sent}, acknowledged: "
            f"{self.acknowledged}, asked back (nothing saved): {self.asked_back}, refused (409 "
            f"or 400): {self.refused}\n"
            f"answers lost: {self.answers_lost_saved + self.answers_lost_not_saved} (the move "
            f"saved all the same: {self.answers_lost_saved}; not saved: "
            f"{self.answers_lost_not_saved}; waited out {TIMEOUT:.0f} s: {self.timeouts})\n"
            f"lost: {self.lost}, doubled: {self.doubled}, phantom: {self.phantom}; logs not "
            f"replaying to their snapshot: {self.snapshots_wrong}\n"
            f"5xx answers: {self.server_errors}; players who gave up: {self.players_gave_up}"
        )
        if self.problems:
            print("Problems:", *self.problems[:20], sep="\n  ")
        print("OK" if self.ok else "FAILED")


def as_json(value: Any) -> Any:
    """A snapshot as the database gives it back (tuples become lists)."""
    return json.loads(json.dumps(value))


def check(report: Report, sent: dict[str, list[Sent]], after_pk: int) -> None:
    """Every game made since ``after_pk`` made again from its setup with the moves sent to
    it, version by version, against its saved log and snapshot; the counts go in ``report``."""
    from games.engine import IllegalAction
    from games.models import Game
    from games.table import deal, move_on, parse, rebuild

    def replayed(table: Any, now: Any, form: dict[str, str]) -> Any:
        try:
            return move_on(table, parse(form["move"], typed=form.get("answer", "")), now)
        except IllegalAction:
            return None

    for game in Game.objects.filter(pk__gt=after_pk).order_by("pk"):
        report.games += 1
        log = game.moves.split()
        table, events, now = deal(game.setup)
        place = len(events)
        if log[:place] != [str(event.move) for event in events]:
            report.phantom += 1
            report.problems.append(f"{game.public_id}: the log does not start as dealt")
            continue
        tried = [s for s in sent.get(game.public_id, []) if s.outcome in (ACKNOWLEDGED, NO_ANSWER)]
        previous: Sent | None = None
        for version in range(game.version):
            here = [s for s in tried if s.version == version]
            # An acknowledged move is the one saved at its version, or it was lost.
            candidates = [s for s in here if s.outcome == ACKNOWLEDGED] or here
            found = None
            for move in candidates:
                reached = replayed(table, now, move.form)
                chunk = [str(event.move) for event in reached.events] if reached else None
                if chunk is not None and log[place : place + len(chunk)] == chunk:
                    found = move, reached
                    break
            if found is None and previous is not None:
                again = replayed(table, now, previous.form)
                chunk = [str(event.move) for event in again.events] if again else None
                if chunk is not None and log[place : place + len(chunk)] == chunk:
                    report.doubled += 1
                    report.problems.append(f"{game.public_id}: version {version} doubled")
                    table, now, place = again.table, again.stage, place + len(chunk)
                    continue
            if found is None:
                report.phantom += 1
                report.problems.append(f"{game.public_id}: version {version} was never sent")
                break
            move, reached = found
            move.saved, previous = True, move
            table, now, place = reached.table, reached.stage, place + len(reached.events)
        else:
            if place != len(log):
                report.phantom += 1
                report.problems.append(f"{game.public_id}: moves past its version's")
        snapshot = as_json(game.snapshot)
        if as_json(rebuild(game.setup, game.log).to_json()) != snapshot:
            report.snapshots_wrong += 1
            report.problems.append(f"{game.public_id}: the log does not replay to the snapshot")
        for move in sent.get(game.public_id, []):
            if move.outcome == ACKNOWLEDGED and not move.saved:
                report.lost += 1
                report.problems.append(f"{game.public_id}: the move at {move.version} is lost")
            if move.outcome == NO_ANSWER:
                if move.saved:
                    report.answers_lost_saved += 1
                else:
                    report.answers_lost_not_saved += 1
    for game, moves in sent.items():
        report.sent += len(moves)
        report.acknowledged += sum(s.outcome == ACKNOWLEDGED for s in moves)
        report.refused += sum(s.outcome == REFUSED for s in moves)
        report.asked_back += sum(s.outcome == UNCHANGED for s in moves)
        if not Game.objects.filter(public_id=game).exists():
            report.lost += sum(s.outcome == ACKNOWLEDGED for s in moves)
            report.problems.append(f"{game}: the game is not in the database")


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=50, help="players at once (default 50)")
    parser.add_argument("--kills", type=int, default=3, help="SIGKILLs of the server (default 3)")
    parser.add_argument(
        "--every", type=float, default=10, help="seconds between kills, and after the last"
    )
    parser.add_argument(
        "--pause", type=float, default=1.0, help="at most this many seconds before each move"
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument(
        "--database-url",
        help="serve from this database (e.g. a PostgreSQL one), not a fresh SQLite file",
    )
    parser.add_argument(
        "--prepared", action="store_true", help="the database is migrated, the static collected"
    )
    parser.add_argument("--report-file", type=Path, help="where to write the counts as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.players <= MOST_PLAYERS:
        parser.error(f"--players must be between 1 and {MOST_PLAYERS}")
    if not args.kills >= 1 or not args.every >= 1 or (args.kills + 1) * args.every > LONGEST_DRILL:
        parser.error(f"at least one kill, 1 s apart, and at most {LONGEST_DRILL} s in all")
    return args


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with tempfile.TemporaryDirectory(prefix="peabody-crash-") as name:
        folder = Path(name)
        env = run.environment(folder, args.database_url)
        if not args.prepared:
            run.prepare(env)
        os.environ.update(env)  # the check below reads the same database
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "peabody.settings")
        import django

        django.setup()
        from django.db import connection

        from games.models import Game

        after_pk = Game.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        connection.close()
        port = run.free_port()
        url = f"http://127.0.0.1:{port}"
        command = run.gunicorn_command(port, args.workers, "asgi", 1)
        log = folder / "gunicorn.log"
        process = run.start_gunicorn(command, env, log)
        report = Report(args.players, 0, [])
        players: list[Player] = []
        try:
            run.wait_until_up(url, process, log)
            until = time.monotonic() + (args.kills + 1) * args.every
            players = [Player(n, url, args.pause, until) for n in range(args.players)]
            threads = [threading.Thread(target=p.play, daemon=True) for p in players]
            print(
                f"{args.players} players against gunicorn ({args.workers} asgi workers) at "
                f"{url} on {env['DATABASE_URL'].split(':')[0]}; {args.kills} SIGKILLs, "
                f"{args.every:.0f} s apart.",
                flush=True,
            )
            for thread in threads:
                thread.start()
            for _ in range(args.kills):
                time.sleep(args.every)
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
                killed = time.monotonic()
                process = run.start_gunicorn(command, env, log)
                run.wait_until_up(url, process, log)
                report.downtime.append(time.monotonic() - killed)
                report.kills += 1
            for thread in threads:
                thread.join(timeout=args.every + LONGEST_OUTAGE)
        except KeyboardInterrupt:
            print("\nStopped early.", file=sys.stderr)
            return 130
        finally:
            run.stop(process, grace=10)
        sent: dict[str, list[Sent]] = {}
        for player in players:
            sent |= player.sent
            report.server_errors += player.server_errors
            report.timeouts += player.timeouts
            report.players_gave_up += bool(player.gave_up)
        check(report, sent, after_pk)
        connection.close()
        errors = [line for line in log.read_text().splitlines() if " ERROR " in line]
        if errors:
            print(f"The server logged {len(errors)} errors, the first:", *errors[:5], sep="\n")
    report.print()
    if args.report_file:
        args.report_file.write_text(json.dumps(asdict(report)))
    return 0 if report.ok else 1


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit("\nStopped.")
