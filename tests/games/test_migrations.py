"""The games' migrations: a new database gets today's tables; one holding games saved before
the table kept one snapshot is told which commit to upgrade through first; and a game saved
before each seat had its own questions reads as before."""

import pytest
from django.apps import apps as live_apps
from django.core.management.base import CommandError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

from games.engine import PRESETS
from games.table import Setup, start
from lessons.core.choice import Plan
from lessons.core.skills import Skill
from tests.factories import ChildFactory

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0004_seats"), ("lessons", "0001_initial"), ("families", "0001_initial")]
OURS = ["families", "games", "lessons", "classes"]


@pytest.fixture(autouse=True)
def migrated_to_the_latest_after():
    """Every test leaves the database as the other tests expect it: fully migrated."""
    yield
    migrate()


def migrate(targets=None):
    """Migrate the test database to ``targets`` (every app's latest without); the models as
    they were there."""
    executor = MigrationExecutor(connection)
    targets = targets or executor.loader.graph.leaf_nodes()
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor.loader.project_state(targets).apps


def test_a_new_database_migrates_from_nothing_to_the_tables_of_today() -> None:
    MigrationExecutor(connection).migrate([(app, None) for app in OURS])
    assert "games_game" not in connection.introspection.table_names()

    migrate()

    with connection.cursor() as cursor:
        for model in live_apps.get_models():
            if model._meta.app_label in OURS and model._meta.managed:
                table = model._meta.db_table
                columns = connection.introspection.get_table_description(cursor, table)
                fields = model._meta.local_concrete_fields
                assert {c.name for c in columns} == {f.column for f in fields}, table


def test_a_database_holding_games_saved_the_old_way_stops_before_changing_them() -> None:
    apps = migrate(BEFORE)
    Game = apps.get_model("games", "Game")
    Game.objects.create(
        public_id="old",
        rules=PRESETS["easy4"].to_dict(),
        players=2,
        bot_levels=[None, "gentle"],
        moves=" d0",
        snapshot={},
    )

    with pytest.raises(CommandError, match="Upgrade through commit dc21dfe first"):
        migrate()

    applied = MigrationRecorder(connection).applied_migrations()
    assert ("games", "0004_seats") in applied and ("games", "0005_table_snapshot") not in applied
    assert Game.objects.get().moves == " d0"  # its row and columns as they were
    Game.objects.all().delete()


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
