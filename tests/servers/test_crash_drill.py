"""The crash drill (tests/load/crash.py, `make crashdrill`), short: a few players, one
SIGKILL of the whole server mid-game, and every acknowledged move found once in its game's
saved log. On the suite's database (SQLite, or PostgreSQL in CI's second pass); and the
drill's check itself, which must see a move lost, one saved twice, one the server refused
but saved, and a snapshot the log does not lead to.

Not a timing test: the figures are in docs/load-test.md.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from games.engine import IllegalAction
from games.models import Game
from games.table import move_on, parse
from tests.load import crash

CRASH = Path(crash.__file__)


def test_players_under_a_sigkill_lose_double_and_invent_no_move(
    transactional_db, prepared_for_servers: str, tmp_path: Path
) -> None:
    # The drill's server and its check on the test database (committed rows, emptied after).
    report_file = tmp_path / "report.json"
    command = [sys.executable, str(CRASH), "--players", "4", "--kills", "1", "--every", "4"]
    command += ["--pause", "0.3", "--report-file", str(report_file)]
    command += ["--database-url", prepared_for_servers, "--prepared"]

    result = subprocess.run(command, capture_output=True, text=True, timeout=90)

    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    report = json.loads(report_file.read_text())
    assert report["kills"] == 1
    assert report["acknowledged"] > 0
    assert (report["lost"], report["doubled"], report["phantom"]) == (0, 0, 0)
    assert report["snapshots_wrong"] == 0


def played(
    client: Client, moves: int, **choice: str
) -> tuple[Game, dict[str, list[crash.Sent]], list[dict]]:
    """A guest game with ``moves`` moves played through the pages, the moves as the drill
    writes them down, and the row as it was before each move."""
    client.get("/play/")
    start = {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "3"} | choice
    page = crash.Page.read(client.post("/play/start/", start, follow=True).text)
    game = Game.objects.get()
    rng, sent, before = random.Random(1), [], []
    while len(sent) < moves:
        assert page is not None and page.moves
        form = crash.move_form(page, rng)
        row = Game.objects.filter(pk=game.pk).values("version", "moves", "snapshot").get()
        url = f"/play/{game.public_id}/move/"
        response = client.post(url, form | {"version": page.version}, headers=crash.HTMX)
        answer = crash.Page.read(response.text)
        if answer is not None and answer.version > page.version:
            sent.append(crash.Sent(page.version, form, crash.ACKNOWLEDGED))
            before.append(row)
        page = answer
    return game, {game.public_id: sent}, before


def checked(sent: dict[str, list[crash.Sent]]) -> crash.Report:
    report = crash.Report(players=1, kills=0, downtime=[])
    crash.check(report, sent, after_pk=0)
    return report


@pytest.mark.django_db
def test_the_check_finds_nothing_wrong_in_a_game_played_as_sent(client: Client) -> None:
    _, sent, _ = played(client, 6)

    report = checked(sent)

    assert (report.acknowledged, report.lost, report.doubled, report.phantom) == (6, 0, 0, 0)
    assert report.snapshots_wrong == 0 and report.ok


@pytest.mark.django_db
def test_the_check_finds_an_acknowledged_move_missing_from_the_log(client: Client) -> None:
    game, sent, before = played(client, 6)
    Game.objects.filter(pk=game.pk).update(**before[-1])  # the last move undone

    report = checked(sent)

    assert (report.lost, report.phantom) == (1, 0)
    assert not report.ok


@pytest.mark.django_db
def test_the_check_finds_a_move_saved_though_refused(client: Client) -> None:
    _, sent, _ = played(client, 6)
    [moves] = sent.values()
    moves[3].outcome = crash.REFUSED  # as if the server had answered 409, yet saved it

    report = checked(sent)

    assert report.phantom == 1
    assert not report.ok


@pytest.mark.django_db
def test_the_check_finds_a_snapshot_the_log_does_not_lead_to(client: Client) -> None:
    game, sent, before = played(client, 6)
    Game.objects.filter(pk=game.pk).update(snapshot=before[2]["snapshot"])

    report = checked(sent)

    assert (report.lost, report.phantom, report.snapshots_wrong) == (0, 0, 1)
    assert not report.ok


@pytest.mark.django_db
def test_the_check_finds_a_move_saved_twice(client: Client) -> None:
    # A practice answer may be given again at once: a wrong one is asked again.
    game, sent, before = played(client, 30, questions="on")
    [moves] = sent.values()
    for n, move in enumerate(moves[:-1]):  # the first move that may be made again at once
        Game.objects.filter(pk=game.pk).update(**before[n + 1])
        game = Game.objects.get()
        try:
            again = move_on(game.table, parse(move.form["move"], move.form.get("answer", "")))
        except IllegalAction:
            continue
        assert game.save_move(again)
        break
    else:
        pytest.fail("no move of this game could be made twice in a row")

    report = checked({game.public_id: moves[: n + 1]})

    assert (report.lost, report.doubled, report.phantom) == (0, 1, 0)
    assert not report.ok
