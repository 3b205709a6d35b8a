"""Games saved before the table kept one snapshot carry on where they were."""

import random
from dataclasses import replace

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.engine import PRESETS
from games.table import (
    ANSWER,
    Setup,
    Stage,
    Table,
    apply,
    legal_moves,
    parse,
    rebuild,
    stage,
    start,
)

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0004_seats"), ("lessons", "0001_initial"), ("families", "0001_initial")]


def migrate(targets=None):
    """Migrate the test database to ``targets`` (every app's latest without); the models as
    they were there."""
    executor = MigrationExecutor(connection)
    targets = targets or executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def played_to(setup: Setup, moves: int, seed: int) -> tuple[Table, list[str]]:
    """A table some way into its game, reached by random moves, answers sometimes wrong,
    and the engine's actions that led there, as the old log held them."""
    rng = random.Random(seed)
    table, events = start(setup)
    log = [e.move for e in events]
    for _ in range(moves):
        if stage(table) == Stage.OVER:
            break
        move = rng.choice(legal_moves(table))
        if move.kind == ANSWER and move.value is None:
            move = move._replace(value=rng.randint(-3, 12))
        table, events = apply(table, move)
        log += [e.move for e in events]
    return table, [str(m) for m in log if m.action is not None]


def old_row(Game, setup: Setup, table: Table, actions: list[str]):
    """The game as the old code saved it: the engine's actions and six columns."""
    return Game.objects.create(
        public_id=f"old{Game.objects.count()}",
        rules=setup.rules.to_dict(),
        players=setup.players,
        seed=setup.seed,
        bot_levels=list(setup.bots),
        gentleness=setup.gentleness,
        questions=setup.questions,
        moves="".join(f" {a}" for a in actions),
        action_count=len(actions),
        snapshot=table.state.to_json(),
        human_seat=table.at_device,
        peeked=list(table.peeked),
        holes_seen=table.holes_seen,
        questions_done=table.answered,
        wrong_tries=table.wrong_tries,
        last_steps=[[{"text": "Pip took a card from the stock."}]] * setup.players,
    )


def test_every_old_game_carries_on_where_it_was_and_its_new_log_replays_to_it() -> None:
    apps = migrate(BEFORE)
    Game = apps.get_model("games", "Game")
    cases = []
    for n, (preset, people, bots, moves) in enumerate(
        [
            ("easy4", 1, 1, 0),
            ("easy4", 1, 2, 9),
            ("classic6", 1, 1, 40),
            ("knock9", 1, 3, 90),
            ("classic6", 1, 1, 400),
            ("easy4", 2, 1, 25),
            ("easy4", 3, 0, 60),
            ("classic6", 2, 2, 500),
        ]
    ):
        setup = Setup(
            rules=replace(PRESETS[preset], holes=2),
            seed=100 + n,
            bots=(None,) * people + ("gentle",) * bots,
            questions=people == 1,
        )
        table, actions = played_to(setup, moves, seed=n)
        row = old_row(Game, setup, table, actions)
        cases.append((row.pk, setup, table))

    apps = migrate()
    Game = apps.get_model("games", "Game")
    for pk, setup, table in cases:
        row = Game.objects.get(pk=pk)
        now = Table.from_json(row.snapshot, setup)
        same = ("state", "at_device", "peeked", "holes_seen", "asked", "answered", "wrong_tries")
        for field in same:
            assert getattr(now, field) == getattr(table, field), (pk, field)
        assert "took" not in str(row.snapshot)
        # Half way through a hole's questions, the table keeps how far the child had got,
        # which the old log cannot replay to; every other game's new log replays to it.
        # (The kind of the latest question and the skills asked, which the table keeps since,
        # start unknown.)
        if table.answered == 0 == table.wrong_tries:
            rebuilt = rebuild(setup, [parse(m) for m in row.moves.split()])
            assert rebuilt._replace(last_kind="", practised=()) == now
    assert any(table.answered or table.wrong_tries for _, _, table in cases)
