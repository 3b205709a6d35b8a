"""peabody/backups.py and its two commands, `manage.py backup` and `manage.py restore`, on
the worker's own test database, a real SQLite file: a backup taken while games are played
is whole, a restored database replays every game as it was, a file that is not a backup of
ours is refused and changes nothing, and --keep deletes the oldest backups only. On a
PostgreSQL run the commands refuse, and only that is tested."""

from __future__ import annotations

import json
import random
import sqlite3
import threading
import time
from contextlib import closing
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from games.models import Game
from games.replays import replay_hole
from games.table import rebuild
from peabody.backups import BackupError, backups_in, database_file, new_backup_path
from peabody.families.management.commands.demo_family import play_out
from tests.builders import child_game, take, together_game
from tests.factories import ChildFactory, GameFactory, ParentFactory

on_sqlite = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="backs up SQLite only (PostgreSQL: pg_dump)"
)


@pytest.fixture
def backups(settings, tmp_path: Path) -> Path:
    """The backups folder, the test's own."""
    settings.BACKUPS_DIR = str(tmp_path / "backups")
    return tmp_path / "backups"


def back_up(*args: str) -> tuple[Path, str]:
    """Run `manage.py backup`; the backup it made, read from what it says, and all it said."""
    out = StringIO()
    call_command("backup", *args, stdout=out)
    said = out.getvalue()
    made = next(line[3:] for line in said.splitlines() if line.startswith("to "))
    return Path(made), said


def restore(*args: str) -> str:
    out = StringIO()
    call_command("restore", *args, stdout=out)
    return out.getvalue()


def plain(data) -> object:
    """JSON data as the database gives it back: lists, not tuples."""
    return json.loads(json.dumps(data))


def saved_games() -> dict[str, tuple]:
    """Every saved game by its public id: its log, its snapshot, its version and its seats."""
    return {
        game.public_id: (
            game.moves,
            game.snapshot,
            game.version,
            [(seat.number, seat.child_id) for seat in game.seats.order_by("number")],
        )
        for game in Game.objects.all()
    }


def replayed(game: Game) -> tuple[object, list[list[str]]]:
    """The table ``game``'s log leads to when played again, and, once it is over, each hole
    as the replay page shows it to seat 0."""
    table = plain(rebuild(game.setup, game.log).to_json())
    holes = len(game.state.results) if game.is_finished else 0
    frames = [
        [frame.text for frame in replay_hole(game, number, 0).frames]
        for number in range(1, holes + 1)
    ]
    return table, frames


def games_in(path: Path) -> int:
    with closing(sqlite3.connect(path)) as db:
        return db.execute("SELECT count(*) FROM games_game").fetchone()[0]


def moves_in(path: Path) -> int:
    """How many moves were saved to the games in the database at ``path``, all told."""
    with closing(sqlite3.connect(path)) as db:
        return db.execute("SELECT coalesce(sum(version), 0) FROM games_game").fetchone()[0]


@on_sqlite
def test_a_backup_is_one_checked_file_named_for_the_time(transactional_db, backups) -> None:
    GameFactory()
    made, said = back_up()
    assert made.parent == backups
    assert made.name.startswith("peabody-") and made.suffix == ".sqlite3"
    assert f"to {made}\n" in said and "1 game" in said and "found it whole" in said
    assert games_in(made) == 1
    # One file whole in itself, readable by its owner only: no -wal beside it.
    assert [path.name for path in backups.iterdir()] == [made.name]
    assert made.stat().st_mode & 0o077 == 0
    assert backups.stat().st_mode & 0o077 == 0


@on_sqlite
def test_a_backup_taken_while_games_are_played_is_whole(transactional_db, backups) -> None:
    """Backups taken one after another while another connection plays games and starts new
    ones, a commit a move: each is whole, and each game in it is its log played again."""
    stop, failed = threading.Event(), []

    def play() -> None:
        try:
            rng = random.Random(5)
            while not stop.is_set():
                play_out(GameFactory(questions=False), rng, gentleness=0.5)
        except Exception as error:  # seen by the test, below
            failed.append(error)
        finally:
            connection.close()

    def moves_so_far() -> int:
        return sum(game.version for game in Game.objects.only("version"))

    writer = threading.Thread(target=play)
    writer.start()
    made = []
    try:
        for _ in range(4):
            seen = moves_so_far()
            while moves_so_far() == seen and writer.is_alive():
                time.sleep(0.01)  # until the writer has committed something new
            made.append(back_up()[0])
            assert writer.is_alive(), failed
    finally:
        stop.set()
        writer.join()
    assert not failed
    # The writer went on between one backup and the next: each holds more moves.
    totals = [moves_in(path) for path in made]
    assert totals == sorted(set(totals))
    for path in made:
        restore(str(path), "--yes")
        games = list(Game.objects.all())
        assert games
        for game in games:
            assert replayed(game)[0] == game.snapshot


@on_sqlite
def test_a_restored_database_replays_every_game_as_it_was(transactional_db, backups) -> None:
    parent = ParentFactory()
    robin = ChildFactory(parent=parent, nickname="Robin")
    sam = ChildFactory(parent=parent, nickname="Sam")
    finished = child_game(robin, seed=1)
    child_game(sam, seed=2, questions=True)
    together_game([robin, sam], seed=3, holes=2)
    halfway = child_game(robin, finished=False, seed=4)
    GameFactory()  # a guest's, just dealt
    before = saved_games()
    replays = {game.public_id: replayed(game) for game in Game.objects.all()}
    made, _ = back_up()

    # The site goes on: a game deleted, one played on, a new one.
    finished.delete()
    take(halfway, "flip:0")
    GameFactory()
    changed = saved_games()
    assert changed != before

    said = restore(str(made), "--yes")

    assert saved_games() == before
    for game in Game.objects.all():
        assert replayed(game) == replays[game.public_id]
        assert replayed(game)[0] == game.snapshot
    # Nothing lost: the database as it was before the restore is kept, whole.
    (aside,) = backups.glob("before-restore-*.sqlite3")
    assert f"Kept the database as it was at {aside}." in said
    assert games_in(aside) == len(changed)
    assert backups_in(backups) == [made]


def a_text_file(folder: Path) -> Path:
    path = folder / "notes.sqlite3"
    path.write_text("Not a database at all.\n" * 500)
    return path


def another_sqlite_database(folder: Path) -> Path:
    path = folder / "other.sqlite3"
    with closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
        db.commit()
    return path


def another_django_site(folder: Path) -> Path:
    path = folder / "another-site.sqlite3"
    with closing(sqlite3.connect(path)) as db:
        db.execute("CREATE TABLE django_migrations (id INTEGER PRIMARY KEY, app, name, applied)")
        db.execute("INSERT INTO django_migrations (app, name) VALUES ('blog', '0001_initial')")
        db.commit()
    return path


def a_damaged_backup(folder: Path) -> Path:
    """A backup of this database with a stretch of it overwritten, as a failing disk might."""
    path, _ = back_up(str(folder / "damaged"))
    data = bytearray(path.read_bytes())
    data[len(data) // 3 : len(data) // 3 + 20_000] = b"\xff" * 20_000
    path.write_bytes(bytes(data))
    return path


def a_backup_with_pages_lost(folder: Path) -> Path:
    """A backup whose record of one index is gone, its pages left in the file: SQLite reads
    it, and its integrity check finds pages that nothing uses."""
    path, _ = back_up(str(folder / "lost"))
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA writable_schema=ON")
        (index,) = db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'games_game' "
            "AND sql IS NOT NULL LIMIT 1"
        ).fetchone()
        db.execute("DELETE FROM sqlite_master WHERE name = ?", [index])
        db.commit()
    return path


@on_sqlite
@pytest.mark.parametrize(
    "bad, why",
    [
        (a_text_file, "not a database SQLite can read"),
        (another_sqlite_database, "not a Django site's"),
        (another_django_site, "not Peabody Golf's"),
        (a_damaged_backup, "is damaged|not a database SQLite can read"),
        (a_backup_with_pages_lost, r"is damaged: Page \d+ is never used\."),
        (lambda folder: folder / "missing.sqlite3", "There is no file"),
    ],
    ids=["text", "sqlite", "django", "damaged", "pages-lost", "missing"],
)
def test_a_file_that_is_not_a_whole_backup_of_ours_is_refused(
    transactional_db, backups, tmp_path: Path, bad, why: str
) -> None:
    child_game(ChildFactory(), seed=6)
    path = bad(tmp_path)
    before = saved_games()
    with pytest.raises(CommandError, match=why) as refused:
        restore(str(path), "--yes")
    assert "Nothing was changed." in str(refused.value)
    assert saved_games() == before
    assert not backups.exists()  # nothing was kept aside either: nothing was done


@on_sqlite
def test_without_yes_a_restore_says_what_it_would_do_and_does_nothing(
    transactional_db, backups
) -> None:
    made, _ = back_up()
    GameFactory()
    before = saved_games()
    with pytest.raises(CommandError, match="run this again with --yes") as refused:
        restore(str(made))
    assert "would be kept first in" in str(refused.value)
    assert saved_games() == before
    assert list(backups.iterdir()) == [made]


@on_sqlite
def test_the_database_is_not_restored_onto_itself(transactional_db, backups) -> None:
    GameFactory()
    before = saved_games()
    with pytest.raises(CommandError, match="is the database itself"):
        restore(connection.settings_dict["NAME"], "--yes")
    assert saved_games() == before
    assert not backups.exists()


@on_sqlite
def test_keep_deletes_the_oldest_backups_and_nothing_else(transactional_db, backups) -> None:
    made = [back_up()[0] for _ in range(3)]
    backups.joinpath("before-restore-20260101-000000.sqlite3").write_bytes(b"")
    backups.joinpath("notes.txt").write_text("mine")
    newest, said = back_up("--keep", "2")
    assert backups_in(backups) == [made[-1], newest]
    assert "Deleted 2 older backups, keeping the newest 2" in said
    assert {path.name for path in backups.iterdir()} == {
        made[-1].name,
        newest.name,
        "before-restore-20260101-000000.sqlite3",
        "notes.txt",
    }


@on_sqlite
def test_a_backup_goes_where_it_is_told(transactional_db, backups, tmp_path: Path) -> None:
    made, _ = back_up(str(tmp_path / "elsewhere"))
    assert made.parent == tmp_path / "elsewhere"
    assert not backups.exists()


def test_backups_made_in_the_same_second_keep_their_order(tmp_path: Path) -> None:
    made = []
    for _ in range(12):
        path = new_backup_path(tmp_path)
        path.write_bytes(b"")
        made.append(path)
    assert backups_in(tmp_path) == made


def test_a_postgresql_database_is_sent_to_pg_dump() -> None:
    database = {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "peabody",
        "USER": "peabody",
        "PASSWORD": "secret",
        "HOST": "db-host",
        "PORT": 5432,
    }
    with pytest.raises(BackupError) as refused:
        database_file(database)
    said = str(refused.value)
    assert (
        "pg_dump --format=custom --file=peabody-$(date +%F).dump --host=db-host --port=5432 "
        "--username=peabody peabody"
    ) in said
    assert "secret" not in said


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the PostgreSQL run's refusal")
@pytest.mark.django_db
def test_on_postgresql_both_commands_refuse_kindly(tmp_path: Path) -> None:
    for command in (["backup", str(tmp_path)], ["restore", str(tmp_path / "x"), "--yes"]):
        with pytest.raises(CommandError, match="back it up with pg_dump"):
            call_command(*command, stdout=StringIO())
    assert list(tmp_path.iterdir()) == []
