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
from lessons.choice import Plan
from lessons.skills import Skill
from tests.factories import ChildFactory

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
        questions_done=table.practice[0].answered,
        wrong_tries=table.practice[0].wrong_tries,
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
        same = ("state", "at_device", "peeked", "holes_seen")
        for field in same:
            assert getattr(now, field) == getattr(table, field), (pk, field)
        # The questions were the first person's (each seat has its own since).
        for field in ("asked", "answered", "wrong_tries"):
            assert getattr(now.practice[0], field) == getattr(table.practice[0], field), pk
        assert now.practice[1:] == table.practice[1:]
        assert "took" not in str(row.snapshot)
        # Half way through a hole's questions, the table keeps how far the child had got,
        # which the old log cannot replay to; every other game's new log replays to it.
        # (The kind of the latest question and the skills asked, which the table keeps since,
        # start unknown.)
        mine = table.practice[0]
        if mine.answered == 0 == mine.wrong_tries:
            rebuilt = rebuild(setup, [parse(m) for m in row.moves.split()])
            unknown = rebuilt.practice[0]._replace(last_kind="", practised=())
            assert rebuilt._replace(practice=(unknown, *rebuilt.practice[1:])) == now
    assert any(t.practice[0].answered or t.practice[0].wrong_tries for _, _, t in cases)


def test_a_game_and_its_answers_saved_before_each_seat_had_its_own_questions_read_as_before():
    apps = migrate([("games", "0009_game_devices"), ("lessons", "0004_table_decisions")])
    Game, Seat = apps.get_model("games", "Game"), apps.get_model("games", "Seat")
    Attempt = apps.get_model("lessons", "SkillAttempt")
    child = ChildFactory()  # the families app is as it is now
    plan = Plan(((Skill.ADDING, 2),), (Skill.COMPARING,))
    setup = Setup(PRESETS["classic6"], 5, (None, "gentle"), plans=(plan,))
    table, _ = start(setup)
    old = Game.objects.create(
        public_id="old",
        rules_data=setup.rules.to_dict(),
        players=2,
        seed=5,
        bot_levels=[None, "gentle"],
        plan=plan.to_json(),
        snapshot=table.to_json(),
    )
    Seat.objects.create(game=old, number=0, child_id=child.pk)
    Attempt.objects.create(game=old, skill="adding", right=True, first_try=True, hole=1)

    migrate()
    from games.models import Game as LiveGame
    from lessons.models import SkillAttempt

    game = LiveGame.objects.get(public_id="old")
    assert game.learners == [] and game.setup == setup
    assert game.table == table
    assert SkillAttempt.objects.filter(game=game).of(child).count() == 1  # still Robin's
