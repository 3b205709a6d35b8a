"""Migrations that move saved games around lose none of them."""

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.models import GUEST_FLAG, guest_key_of_session

pytestmark = pytest.mark.django_db(transaction=True)

GAME = {"rules": {}, "players": 2, "bot_levels": [None, "gentle"], "snapshot": {"phase": "draw"}}


def migrate(target: str):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate([("games", target)])
    return executor.loader.project_state([("games", target)]).apps


@pytest.fixture(autouse=True)
def back_to_the_latest_migration():
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_a_game_in_play_still_belongs_to_its_browser_when_keys_come_from_sessions() -> None:
    apps = migrate("0002_game_action_count")
    session = SessionStore()
    session["guest_key"] = "an-old-random-guest-key"
    session.create()
    Game = apps.get_model("games", "Game")
    kept = Game.objects.create(public_id="kept", guest_key="an-old-random-guest-key", **GAME)
    other = Game.objects.create(public_id="other", guest_key="nobody-has-this", **GAME)

    apps = migrate("0003_guest_key_from_session")

    Game = apps.get_model("games", "Game")
    assert Game.objects.get(pk=kept.pk).guest_key == guest_key_of_session(session.session_key)
    assert Game.objects.get(pk=other.pk).guest_key == "nobody-has-this"
    assert SessionStore(session.session_key).load() == {GUEST_FLAG: True}


def test_every_saved_action_stays_in_the_log_in_the_same_order_and_back() -> None:
    apps = migrate("0003_guest_key_from_session")
    log = [{"kind": "flip", "pos": 3}, {"kind": "draw_stock"}, {"kind": "swap", "pos": 0}]
    Game = apps.get_model("games", "Game")
    game = Game.objects.create(public_id="g", guest_key="k", actions=log, action_count=3, **GAME)
    empty = Game.objects.create(public_id="e", guest_key="k", actions=[], **GAME)

    apps = migrate("0004_action_log_as_text")

    Game = apps.get_model("games", "Game")
    assert Game.objects.get(pk=game.pk).moves == " flip:3 draw_stock swap:0"
    assert Game.objects.get(pk=empty.pk).moves == ""

    apps = migrate("0003_guest_key_from_session")

    assert apps.get_model("games", "Game").objects.get(pk=game.pk).actions == log
