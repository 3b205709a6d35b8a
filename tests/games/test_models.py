from dataclasses import replace
from datetime import timedelta

import pytest
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import turns
from games.engine import PRESETS, Action, apply_action, new_game
from games.models import GUEST_SESSION_KEY, Game
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db


def request_with_guest_key(key: str | None):
    request = RequestFactory().get("/")
    request.session = {GUEST_SESSION_KEY: key} if key else {}
    return request


def test_a_new_game_puts_the_child_in_seat_0_and_a_bot_in_every_other_seat() -> None:
    rules = replace(PRESETS["knock9"], holes=3)

    game = Game.start(rules, ["gentle", "sharp"], guest_key="k", seed=5)

    assert (game.players, game.human_seat, game.bot_levels) == (3, 0, [None, "gentle", "sharp"])
    assert game.state == new_game(rules, 3, 5)
    assert game.rules_object == rules
    assert len(game.public_id) >= 16


def test_each_game_gets_its_own_unguessable_public_id() -> None:
    ids = {GameFactory().public_id for _ in range(20)}

    assert len(ids) == 20


def test_a_visitor_sees_only_the_games_of_their_own_guest_key() -> None:
    mine, theirs = GameFactory(guest_key="mine"), GameFactory(guest_key="theirs")

    assert list(Game.objects.for_request(request_with_guest_key("mine"))) == [mine]
    assert theirs not in Game.objects.for_request(request_with_guest_key("mine"))
    assert not Game.objects.for_request(request_with_guest_key(None)).exists()


def test_a_guest_game_expires_a_day_after_it_was_started() -> None:
    game = GameFactory(guest_key="mine")
    Game.objects.filter(pk=game.pk).update(created=timezone.now() - timedelta(hours=24, seconds=1))

    assert not Game.objects.for_request(request_with_guest_key("mine")).exists()
    assert list(Game.objects.expired()) == [game]


def test_saving_progress_appends_the_actions_and_bumps_the_version_once() -> None:
    game = GameFactory(preset="classic6")
    action = Action("flip", 0)
    after = apply_action(game.state, action)

    assert game.save_progress(after, [action])

    saved = Game.objects.get(pk=game.pk)
    assert (saved.version, saved.actions) == (1, [{"kind": "flip", "pos": 0}])
    assert saved.state == after


def test_the_database_appends_to_the_log_so_a_save_never_sends_the_moves_before() -> None:
    game = GameFactory(preset="classic6")
    first, second, third = Action("flip", 0), Action("flip", 4), Action("flip", 1)
    state = apply_action(game.state, first)
    assert game.save_progress(state, [first])
    stored = Game.objects.defer("actions").get(pk=game.pk)

    with CaptureQueriesContext(connection) as queries:
        state = apply_action(apply_action(state, second), third)
        assert stored.save_progress(state, [second, third])

    (update,) = queries.captured_queries
    assert '"pos": 4' in update["sql"] and '"pos": 0' not in update["sql"]
    saved = Game.objects.get(pk=game.pk)
    assert (saved.action_count, saved.action_log) == (3, [first, second, third])


def test_two_saves_from_the_same_version_only_the_first_wins() -> None:
    game = GameFactory(preset="classic6")
    twin = Game.objects.get(pk=game.pk)
    action = Action("flip", 0)

    first = game.save_progress(apply_action(game.state, action), [action])
    second = twin.save_progress(apply_action(twin.state, action), [action])

    assert (first, second) == (True, False)
    assert Game.objects.get(pk=game.pk).actions == [{"kind": "flip", "pos": 0}]


def test_the_position_follows_the_snapshot_even_when_the_version_stays_the_same() -> None:
    # Starting a game saves the bots' first moves at version 0.
    game = next(
        g
        for seed in range(50)
        if (g := GameFactory.build(preset="classic6", seed=seed))
        and g.state.current != g.human_seat
    )
    dealt = game.state

    turns.begin(game)

    assert game.version == 0
    assert game.actions
    assert game.state != dealt
    assert game.state.to_json() == game.snapshot
