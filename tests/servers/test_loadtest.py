"""Keeps `make loadtest` from rotting: its children, and a family table's devices, must still
be able to play a game.

Not timing tests: one child, or one table, no waiting, until a game is over.
"""

import subprocess
from pathlib import Path

import pytest
from pytest_django.live_server_helper import LiveServer

from games.models import Game
from tests.load import run


@pytest.mark.django_db(transaction=True)
def test_a_simulated_child_plays_a_game_to_its_end_with_no_failures(
    live_server: LiveServer, tmp_path: Path
) -> None:
    summary_file = tmp_path / "summary.json"
    command = run.locust_command(
        live_server.url,
        users=1,
        spawn_rate=1,
        run_time=25,
        summary_file=summary_file,
        classes=["FlatOutChild"],
        holes="1",
        games=1,
    )

    result = subprocess.run(command, capture_output=True, text=True, timeout=60)

    assert result.returncode == 0, result.stderr[-4000:]
    summary = run.Summary.read(summary_file)
    assert summary.failures == []
    assert summary.row("game over").count == 1
    assert summary.row("move").count > 0
    # The child may have started another game before the run stopped.
    assert sum(game.is_finished for game in Game.objects.all()) == 1


def families_play(
    tmp_path: Path, user_class: str, run_time: int, children_each: int | None = None
) -> run.Summary:
    """One family's devices (``user_class``) play one game against make serve's server, whose
    live streams stay open (the test server's answer at once); what Locust counted."""
    with run.server(tmp_path, workers=1, worker_class="asgi", threads=1) as served:
        families = tmp_path / "families.json"
        run.make_families(served, 1, families, children_each=children_each)
        command = run.locust_command(
            served.url,
            users=1,
            spawn_rate=1,
            run_time=run_time,
            summary_file=tmp_path / "summary.json",
            classes=[user_class],
            holes="1",
            games=1,
            families_file=families,
        )
        result = subprocess.run(command, capture_output=True, text=True, timeout=90)

    assert result.returncode == 0, result.stderr[-4000:]
    return run.Summary.read(tmp_path / "summary.json")


def test_a_simulated_child_in_kid_mode_plays_a_game_to_its_end_logged_in(tmp_path: Path) -> None:
    summary = families_play(tmp_path, "FlatOutKidModeChild", run_time=30, children_each=1)

    assert summary.failures == []
    assert summary.row("play as a child").count == 1
    assert summary.row("game over").count == 1
    assert summary.row("move").count > 0


def test_a_simulated_family_table_plays_a_game_to_its_end_each_device_hearing_the_others(
    tmp_path: Path,
) -> None:
    summary = families_play(tmp_path, "FlatOutTable", run_time=40)

    assert summary.failures == []
    assert summary.row("game over").count == 1
    moves = summary.row("move").count
    # Each move that saved something was heard on the two other devices' streams.
    assert 0 < summary.row("move seen on another device").count <= 2 * moves
