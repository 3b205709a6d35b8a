import random
from dataclasses import replace
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.test import RequestFactory
from django.utils import timezone

from games.engine import ENGINE_VERSION, PRESETS
from games.models import Game, StaleMove, guest_key, new_guest_game_key
from games.table import Move, Played, Stage, legal_moves, rebuild, stage, start
from games.table.decisions import decisions
from lessons.models import SkillAttempt, TableDecision
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
    new_guest_game_key(request)
    request.session.save()  # as the session middleware does after the response
    return request


def test_a_new_game_puts_the_child_in_seat_0_and_a_bot_in_every_other_seat() -> None:
    rules = replace(PRESETS["knock9"], holes=3)

    game = Game.start(rules, ["gentle", "sharp"], guest_key="k", seed=5)

    saved = Game.objects.get(pk=game.pk)
    assert (saved.players, saved.table.at_device) == (3, 0)
    assert saved.bot_levels == [None, "gentle", "sharp"]
    assert saved.table == start(saved.setup)[0]
    assert saved.rules == rules
    assert len(saved.public_id) >= 16


def test_a_new_game_is_saved_at_the_first_persons_first_decision_with_the_bots_moves() -> None:
    games = [GameFactory(preset="classic6", seed=seed) for seed in range(6)]

    assert any(game.log for game in games)  # some start with the bots' moves
    for game in games:
        saved = Game.objects.get(pk=game.pk)
        assert saved.version == 0
        assert stage(saved.table) == Stage.PLAY
        assert saved.table == rebuild(saved.setup, saved.log)


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
    key = new_guest_game_key(forged)
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


def first_move(game: Game) -> Move:
    return legal_moves(game.table)[0]


def test_a_move_appends_itself_and_the_bots_replies_to_the_log_and_bumps_the_version() -> None:
    game = GameFactory(preset="classic6")
    log = game.log

    events = game.play(first_move(game))

    saved = Game.objects.get(pk=game.pk)
    assert saved.version == 1
    assert saved.log == log + [event.move for event in events]
    assert saved.table == game.table == rebuild(saved.setup, saved.log)


def test_two_moves_from_the_same_version_only_the_first_wins() -> None:
    game = GameFactory(preset="classic6")
    twin = Game.objects.get(pk=game.pk)

    game.play(first_move(game))
    with pytest.raises(StaleMove):
        twin.play(first_move(twin))

    assert Game.objects.get(pk=game.pk).version == 1


def test_the_snapshot_holds_facts_not_words() -> None:
    game = GameFactory(preset="knock9", bots=3, holes=2)
    for _ in range(6):
        game.play(first_move(game))

    saved = Game.objects.get(pk=game.pk)
    told = saved.snapshot["unseen"]
    assert any(told)
    text = str(saved.snapshot)
    for word in ("took", "threw", "card-", "You ", "says"):
        assert word not in text
    assert all(isinstance(e, Played) for seat in saved.table.unseen for e in seat)


def test_a_game_saved_by_another_engine_version_is_rebuilt_from_its_log() -> None:
    game = GameFactory(preset="knock9", seed=3)
    for _ in range(3):
        game.play(first_move(game))
    table = game.table
    Game.objects.filter(pk=game.pk).update(engine_version=ENGINE_VERSION - 1, snapshot={"x": 1})

    old = Game.objects.get(pk=game.pk)

    assert old.table == table
    old.play(first_move(old))
    saved = Game.objects.get(pk=game.pk)
    assert saved.engine_version == ENGINE_VERSION
    assert saved.table == old.table


def test_a_practice_answer_is_kept_only_with_the_move_that_made_it() -> None:
    game = GameFactory(preset="classic6", holes=2, seed=11)
    while stage(game.table) not in (Stage.PRACTICE, Stage.SUMMARY):
        game.play(next(m for m in legal_moves(game.table) if m.kind != "knock"))
    if stage(game.table) == Stage.SUMMARY:
        pytest.skip("no question about this hole")
    twin = Game.objects.get(pk=game.pk)
    answer = legal_moves(game.table)[0]
    answer = answer._replace(value=0) if answer.value is None else answer

    game.play(answer)
    with pytest.raises(StaleMove):
        twin.play(answer)

    assert SkillAttempt.objects.filter(game=game).count() == 1


def play_until_over(game: Game, seed: int) -> list:
    """Random moves (a number answer given 0) to the end of the game; what each move made
    by the person at the device showed of their maths, as the table judges it."""
    rng, shown = random.Random(seed), []
    while not game.state.is_over:
        move = rng.choice(legal_moves(game.table))
        move = move._replace(value=0) if move.kind == "answer" and move.value is None else move
        if move.action is not None and not game.shared_device:
            shown += decisions(game.table, move.action)
        game.play(move)
    return shown


def test_what_a_childs_own_moves_show_of_their_maths_is_kept_with_the_game() -> None:
    game = GameFactory(preset="classic6", holes=2, seed=5)
    shown = play_until_over(game, seed=2)

    kept = TableDecision.objects.filter(game=game)
    assert shown, "two holes of random moves hold choices worth judging"
    assert [(d.kind, d.good) for d in kept] == [(d.kind, d.good) for d in shown]
    assert {d.hole for d in kept} <= {1, 2}


def test_a_game_passed_round_one_device_keeps_no_choices_of_any_child() -> None:
    game = GameFactory(preset="easy4", holes=1, seed=7, bots=0, people=[None, None])
    assert game.shared_device
    play_until_over(game, seed=3)
    assert not TableDecision.objects.filter(game=game).exists()
