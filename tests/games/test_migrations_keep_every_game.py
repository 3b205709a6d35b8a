"""Migrations that move saved games around lose none of them."""

import importlib
import random
from dataclasses import replace

import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.engine import PRESETS, State, apply_action, legal_actions, new_game
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


generator_migration = importlib.import_module("games.migrations.0005_generator_as_words_used")


def snapshot_with_generator_words(state: State) -> dict:
    """The snapshot as the engine saved it before 0005: the generator's words, packed."""
    snapshot = state.to_json()
    rng = random.Random(state.seed)
    if used := snapshot.pop("rng_used"):
        rng.getrandbits(32 * used)
    version, words, gauss = rng.getstate()
    snapshot["rng_state"] = [version, generator_migration.pack(words), gauss]
    return snapshot


def test_a_saved_generator_becomes_the_count_of_words_it_drew_and_back() -> None:
    apps = migrate("0004_action_log_as_text")
    # Ten holes in: the generator has drawn more words than it holds, and refilled.
    state, rng = new_game(replace(PRESETS["classic6"], holes=12), 3, seed=271828), random.Random(3)
    while len(state.results) < 10:
        state = apply_action(state, rng.choice(legal_actions(state)))
    fresh = new_game(PRESETS["classic6"], 2, seed=5)  # a generator that has drawn one deck's worth
    Game = apps.get_model("games", "Game")
    old = {"rules": {}, "players": 3, "bot_levels": [None, "gentle", "gentle"]}
    played = Game.objects.create(
        public_id="p", guest_key="k", snapshot=snapshot_with_generator_words(state), **old
    )
    begun = Game.objects.create(
        public_id="b", guest_key="k", snapshot=snapshot_with_generator_words(fresh), **old
    )

    apps = migrate("0005_generator_as_words_used")

    Game = apps.get_model("games", "Game")
    assert State.from_json(Game.objects.get(pk=played.pk).snapshot) == state
    assert State.from_json(Game.objects.get(pk=begun.pk).snapshot) == fresh
    assert state.rng_state.used > 624

    apps = migrate("0004_action_log_as_text")

    Game = apps.get_model("games", "Game")
    assert Game.objects.get(pk=played.pk).snapshot == snapshot_with_generator_words(state)


def test_a_generator_no_game_could_reach_stops_the_migration_unchanged() -> None:
    words = list(random.Random(1).getstate()[1])
    words[0] ^= 1  # one bit away from any state Random(1) passes through

    with pytest.raises(ValueError, match="not one the game could have reached"):
        generator_migration.words_used(1, tuple(words))


def snapshot_with_lists(state: State) -> dict:
    """The snapshot as the engine saved it before 0006: every card and flag on its own."""
    snapshot = state.to_json()
    snapshot.update(
        stock=list(state.stock),
        discard=list(state.discard),
        layouts=[list(cards) for cards in state.layouts],
        face_up=[list(row) for row in state.face_up],
        results=[
            {
                "number": r.number,
                "layouts": [None if cards is None else list(cards) for cards in r.layouts],
                "raw": list(r.raw),
                "scores": list(r.scores),
                "caller": r.caller,
                "tiebreak": r.tiebreak,
            }
            for r in state.results
        ],
    )
    return snapshot


def test_a_snapshot_s_cards_become_lines_and_back() -> None:
    apps = migrate("0005_generator_as_words_used")
    # Two holes in, with three players: finished holes, piles, and cards face up and down.
    state, rng = new_game(replace(PRESETS["classic6"], holes=4), 3, seed=3141), random.Random(5)
    while len(state.results) < 2 or state.current == state.dealer:
        state = apply_action(state, rng.choice(legal_actions(state)))
    Game = apps.get_model("games", "Game")
    old = {"rules": {}, "players": 3, "bot_levels": [None, "gentle", "gentle"]}
    game = Game.objects.create(
        public_id="g", guest_key="k", snapshot=snapshot_with_lists(state), **old
    )

    apps = migrate("0006_snapshot_cards_as_lines")

    snapshot = apps.get_model("games", "Game").objects.get(pk=game.pk).snapshot
    assert State.from_json(snapshot) == state
    assert snapshot == state.to_json()
    assert isinstance(snapshot["stock"], str) and snapshot["stock"].count(" ") > 5

    apps = migrate("0005_generator_as_words_used")

    back = apps.get_model("games", "Game").objects.get(pk=game.pk).snapshot
    assert back == snapshot_with_lists(state)
