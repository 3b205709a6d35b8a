from dataclasses import replace
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.test import RequestFactory
from django.utils import timezone

from games import turns
from games.engine import (
    ENGINE_VERSION,
    PRESETS,
    Action,
    apply_action,
    legal_actions,
    new_game,
    replay,
)
from games.models import Game, guest_key
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db


def browser(session_key: str | None = None):
    """A request from a browser with that session cookie (none for None)."""
    request = RequestFactory().get("/")
    request.session = SessionStore(session_key)
    request.user = AnonymousUser()
    return request


def new_browser():
    """A request from a browser that has started a game before."""
    request = browser()
    guest_key(request, create=True)
    request.session.save()  # as the session middleware does after the response
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


def owned_by(request, **kwargs) -> Game:
    return GameFactory(guest_key=guest_key(request), **kwargs)


def test_a_visitor_sees_only_the_games_of_their_own_browser() -> None:
    me, them = new_browser(), new_browser()
    mine, theirs = owned_by(me), owned_by(them)

    assert list(Game.objects.for_request(me)) == [mine]
    assert Game.objects.for_request(me).get(public_id=mine.public_id) == mine
    for request in (me, browser(), browser(me.session.session_key + "x")):
        with pytest.raises(Game.DoesNotExist):
            Game.objects.for_request(request).get(public_id=theirs.public_id)


def test_the_games_table_never_holds_a_key_that_opens_a_session() -> None:
    me = new_browser()

    key = guest_key(me)

    assert len(key) == 64 and me.session.session_key not in key
    assert not SessionStore().exists(key)


def test_a_forged_session_cookie_finds_no_guest_key_and_gets_a_new_session() -> None:
    me = new_browser()
    forged = browser("made-up-by-someone-else")

    assert guest_key(forged) is None
    key = guest_key(forged, create=True)
    forged.session.save()

    assert key != guest_key(me)
    assert forged.session.session_key != "made-up-by-someone-else"
    assert key == guest_key(browser(forged.session.session_key))


def test_a_browser_keeps_its_games_when_its_session_key_changes_at_a_log_in() -> None:
    me = new_browser()
    game = owned_by(me)

    me.session.cycle_key()  # what django.contrib.auth.login does

    assert list(Game.objects.for_request(me)) == [game]
    assert list(Game.objects.for_request(browser(me.session.session_key))) == [game]


def test_a_guest_game_expires_a_day_after_it_was_started() -> None:
    me = new_browser()
    game = owned_by(me)
    Game.objects.filter(pk=game.pk).update(created=timezone.now() - timedelta(hours=24, seconds=1))

    assert not Game.objects.for_request(me).exists()
    assert list(Game.objects.expired()) == [game]


def test_saving_progress_appends_the_actions_and_bumps_the_version_once() -> None:
    game = GameFactory(preset="classic6")
    action = Action("flip", 0)
    after = apply_action(game.state, action)

    assert game.save_progress(after, [action])

    saved = Game.objects.get(pk=game.pk)
    assert (saved.version, saved.action_count, saved.action_log) == (1, 1, [action])
    assert saved.state == after


def test_each_save_adds_its_moves_to_the_end_of_the_log() -> None:
    game = GameFactory(preset="classic6")
    first, second, third = Action("flip", 0), Action("flip", 4), Action("flip", 1)
    state = apply_action(game.state, first)
    assert game.save_progress(state, [first])
    stored = Game.objects.get(pk=game.pk)

    state = apply_action(apply_action(state, second), third)
    assert stored.save_progress(state, [second, third])

    saved = Game.objects.get(pk=game.pk)
    assert (saved.version, saved.action_count) == (2, 3)
    assert saved.action_log == stored.action_log == [first, second, third]


def test_two_saves_from_the_same_version_only_the_first_wins() -> None:
    game = GameFactory(preset="classic6")
    twin = Game.objects.get(pk=game.pk)
    action = Action("flip", 0)

    first = game.save_progress(apply_action(game.state, action), [action])
    second = twin.save_progress(apply_action(twin.state, action), [action])

    assert (first, second) == (True, False)
    assert Game.objects.get(pk=game.pk).action_log == [action]


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
    assert game.action_log
    assert game.action_count == len(game.action_log)
    assert game.state != dealt
    assert game.state.to_json() == game.snapshot


def test_a_game_saved_by_another_engine_version_is_rebuilt_from_its_log() -> None:
    game = GameFactory(preset="knock9", seed=3)
    turns.begin(game)
    for _ in range(3):
        turns.take(game, str(legal_actions(game.state)[0]))
    position = game.state
    Game.objects.filter(pk=game.pk).update(engine_version=ENGINE_VERSION - 1, snapshot={"x": 1})

    old = Game.objects.get(pk=game.pk)

    assert old.state == position == replay(old.rules_object, old.players, old.seed, old.action_log)
    turns.take(old, str(legal_actions(old.state)[0]))
    saved = Game.objects.get(pk=game.pk)
    assert saved.engine_version == ENGINE_VERSION
    assert saved.state == old.state
