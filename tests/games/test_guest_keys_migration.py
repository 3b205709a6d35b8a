"""Games in play when guest games moved from a session entry to the session key."""

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.models import GUEST_FLAG, guest_key_of_session

BEFORE = [("games", "0002_game_action_count")]
AFTER = [("games", "0003_guest_key_from_session")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_a_game_in_play_still_belongs_to_its_browser_after_the_migration() -> None:
    apps = migrate(BEFORE)
    session = SessionStore()
    session["guest_key"] = "an-old-random-guest-key"
    session.create()
    Game = apps.get_model("games", "Game")
    snapshot = {"phase": "draw"}
    fields = {"rules": {}, "players": 2, "bot_levels": [None, "gentle"], "snapshot": snapshot}
    kept = Game.objects.create(public_id="kept", guest_key="an-old-random-guest-key", **fields)
    other = Game.objects.create(public_id="other", guest_key="nobody-has-this", **fields)

    apps = migrate(AFTER)

    Game = apps.get_model("games", "Game")
    assert Game.objects.get(pk=kept.pk).guest_key == guest_key_of_session(session.session_key)
    assert Game.objects.get(pk=other.pk).guest_key == "nobody-has-this"
    data = SessionStore(session.session_key).load()
    assert data == {GUEST_FLAG: True}
