"""What the lists of games show is kept in the game's columns with every save, and the games
saved before those columns were get theirs from their snapshot; /play/ lists the games to
carry on from those columns, without reading a snapshot."""

import random
import re
from collections.abc import Iterator

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from games.models import Game, listed
from games.table import ANSWER, Move, Stage, Table, legal_moves, stage
from tests.builders import browser_key
from tests.factories import GameFactory

LISTED = ["hole", "finished", "end_seen", "scores"]


def columns(game: Game) -> dict:
    return {name: getattr(game, name) for name in LISTED}


def from_table(table: Table) -> dict:
    """The columns as the table itself says them."""
    state = table.state
    return {
        "hole": state.hole,
        "finished": state.is_over,
        "end_seen": stage(table) == Stage.OVER,
        "scores": [list(result.scores) for result in state.results],
    }


def random_move(table: Table, rng: random.Random) -> Move:
    move = rng.choice(legal_moves(table))
    if move.kind == ANSWER and move.value is None:
        move = move._replace(value=rng.randint(-3, 12))
    return move


def saves(game: Game, rng: random.Random) -> Iterator[Game]:
    """``game`` as saved after each of the random moves that play it to its end."""
    while stage(game.table) != Stage.OVER:
        game.play(random_move(game.table, rng))
        yield game


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("preset", "holes", "seed"), [("classic6", 2, 1), ("easy4", 3, 2), ("knock9", 1, 3)]
)
def test_every_save_writes_the_tables_columns(preset: str, holes: int, seed: int) -> None:
    game = GameFactory(preset=preset, holes=holes, seed=seed)
    assert columns(Game.objects.get(pk=game.pk)) == from_table(game.table)
    seen = set()

    for saved in saves(game, random.Random(seed)):
        row = Game.objects.get(pk=saved.pk)
        assert columns(row) == columns(saved) == from_table(saved.table)
        seen.add((row.hole, row.finished, row.end_seen))

    assert (holes, True, False) in seen  # over, its last scores not yet seen
    assert (holes, True, True) in seen
    assert (1, False, False) in seen and len(row.scores) == holes


# --- the games saved before the columns ---------------------------------------------------

BEFORE = ("games", "0005_table_snapshot")


def migrate(targets: list[tuple[str, str]]):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def tables_along_a_game(seed: int) -> list[Table]:
    """A game of two holes at each point where its columns change: dealt, each hole over,
    the second hole dealt, the game over with its last scores unseen, and seen."""
    game = GameFactory(preset="easy4", holes=2, seed=seed, questions=False)
    tables = [game.table]
    for saved in saves(game, random.Random(seed)):
        if from_table(saved.table) != from_table(tables[-1]):
            tables.append(saved.table)
    return tables


@pytest.mark.django_db(transaction=True)
def test_the_migration_fills_the_columns_of_games_saved_before_them_from_their_snapshots() -> None:
    tables = tables_along_a_game(seed=4)
    Game.objects.all().delete()
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()
    OldGame = migrate([BEFORE]).get_model("games", "Game")
    for n, table in enumerate(tables):
        setup = table.setup
        OldGame.objects.create(
            public_id=f"old{n}",
            rules=setup.rules.to_dict(),
            players=setup.players,
            seed=setup.seed,
            bot_levels=list(setup.bots),
            questions=setup.questions,
            snapshot=table.to_json(),
        )

    migrate(leaves)

    saved = [columns(game) for game in Game.objects.order_by("public_id")]
    assert saved == [from_table(table) for table in tables]
    assert {(c["finished"], c["end_seen"]) for c in saved} == {
        (False, False),
        (True, False),
        (True, True),
    }
    assert [listed(game.table, game.stage) for game in Game.objects.order_by("public_id")] == saved


@pytest.mark.django_db(transaction=True)
def test_going_back_before_the_columns_keeps_every_game_as_it_was() -> None:
    game = GameFactory(preset="easy4", seed=5)
    leaves = MigrationExecutor(connection).loader.graph.leaf_nodes()

    OldGame = migrate([BEFORE]).get_model("games", "Game")
    assert OldGame.objects.get().snapshot == game.snapshot
    migrate(leaves)

    assert columns(Game.objects.get()) == columns(game)


# --- /play/ ---------------------------------------------------------------------------------


def to_carry_on(client: Client) -> list[Game]:
    """Guest games of ``client``'s browser: one just dealt, one in its second hole, one over
    with its last scores unseen, one over and seen."""
    key = browser_key(client)
    dealt = GameFactory(guest_key=key, preset="knock9", holes=3, seed=1)
    second = GameFactory(guest_key=key, preset="easy4", holes=3, seed=2)
    rng = random.Random(2)
    while second.state.hole < 2 or stage(second.table) != Stage.PLAY:
        second.play(random_move(second.table, rng))
    unseen = GameFactory(guest_key=key, preset="classic6", holes=1, seed=3)
    for _ in saves(unseen, random.Random(3)):
        if unseen.state.is_over:
            break
    over = GameFactory(guest_key=key, preset="easy4", holes=1, seed=4)
    for _ in saves(over, random.Random(4)):
        pass
    assert second.state.hole == 2 and unseen.state.is_over
    assert stage(unseen.table) != Stage.OVER and stage(over.table) == Stage.OVER
    return [dealt, second, unseen, over]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "lines"),
    [
        (
            "en",
            [
                "Knock Golf, hole 1 of 3",
                "Four-card Golf, hole 2 of 3",
                "Six-card Golf, hole 1 of 1",
            ],
        ),
        (
            "es",
            [
                "Golf con cierre, hoyo 1 de 3",
                "Golf de cuatro cartas, hoyo 2 de 3",
                "Golf de seis cartas, hoyo 1 de 1",
            ],
        ),
    ],
)
def test_play_lists_the_games_to_carry_on_as_their_tables_say(
    client: Client, language: str, lines: list[str]
) -> None:
    dealt, second, unseen, over = to_carry_on(client)
    url = reverse("games:new")
    if language != "en":  # English pages have no prefix
        with translation.override(language):
            url = reverse("games:new")

    html = client.get(url).text

    links = [
        re.search(rf'href="{re.escape(game.get_absolute_url())}"\s*>{re.escape(line)}<', html)
        for game, line in zip((unseen, second, dealt), reversed(lines), strict=True)
    ]
    assert all(links), links
    shown = [link.start() for link in links if link]
    assert shown == sorted(shown)  # newest first
    assert over.get_absolute_url() not in html


@pytest.mark.django_db
def test_play_reads_no_snapshot(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    to_carry_on(client)
    decoded = []
    real = Table.from_json.__func__
    monkeypatch.setattr(Table, "from_json", classmethod(lambda *a: decoded.append(a) or real(*a)))

    with CaptureQueriesContext(connection) as queries:
        html = client.get(reverse("games:new")).text

    assert "Carry on playing" in html
    assert decoded == []
    assert not [q["sql"] for q in queries if '"snapshot"' in q["sql"]]
    assert not [q["sql"] for q in queries if '"moves"' in q["sql"]]
