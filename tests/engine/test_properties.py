"""Properties that hold for every preset, every house rule and 2 to 6 players."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import (
    REFUSALS,
    Action,
    IllegalAction,
    State,
    apply_action,
    legal_actions,
    new_game,
    observe,
    rebuild,
)
from tests.engine.strategies import (
    cards_in_play,
    full_deck,
    games,
    play_randomly,
    play_to_end,
    scrambled,
    steps_of,
)

EVERY_ACTION = [Action(kind) for kind in ("draw_stock", "draw_discard", "discard", "knock")]
EVERY_ACTION += [Action("end_turn")]
EVERY_ACTION += [Action(kind, pos) for kind in ("flip", "swap") for pos in range(-1, 10)]


@settings(max_examples=60, deadline=None)
@given(games())
def test_random_play_ends_after_the_right_number_of_holes_and_replays_exactly(game):
    rules, players, seed, choices = game
    state, log = play_to_end(new_game(rules, players, seed), random.Random(choices))
    assert state.is_over
    assert state.current_player is None
    regular = [r for r in state.results if not r.tiebreak]
    assert [r.number for r in regular] == list(range(1, rules.holes + 1))
    assert len(state.results) - len(regular) <= 1
    assert state.totals == tuple(sum(r.scores[p] for r in regular) for p in range(players))
    saved = [json.loads(json.dumps(a.to_json())) for a in log]
    assert rebuild(rules, players, seed, map(Action.from_json, saved)) == state


@settings(max_examples=60, deadline=None)
@given(games(holes=st.just(2)))
def test_cards_are_conserved_and_the_discard_rule_always_holds(game):
    rules, players, seed, choices = game
    state = new_game(rules, players, seed)
    deck = full_deck(state)
    for before, action, after in play_randomly(state, random.Random(choices)):
        assert cards_in_play(after) == deck
        seat, ended = before.current, len(after.results) > len(before.results)
        layouts = after.results[-1].layouts if ended else after.layouts
        if before.drawn_from == "discard":
            assert action.kind == "swap"
            assert layouts[seat][action.pos] == before.drawn
        if action.kind in ("swap", "discard") and not ended:
            assert after.discard[-1] == (
                before.layouts[seat][action.pos] if action.kind == "swap" else before.drawn
            )


@settings(max_examples=40, deadline=None)
@given(games(holes=st.just(1)))
def test_illegal_actions_are_refused_without_change(game):
    for before, _, _ in steps_of(game):
        legal = legal_actions(before)
        illegal = [a for a in EVERY_ACTION if a not in legal]
        snapshot = before.to_json()
        for action in illegal:
            try:
                apply_action(before, action)
            except IllegalAction as refusal:
                assert refusal.code in REFUSALS  # its words are made by the table
            else:
                raise AssertionError(f"{action} was allowed in phase {before.phase}")
        assert before.to_json() == snapshot


@settings(max_examples=40, deadline=None)
@given(games(holes=st.just(1)), st.integers(0, 2**32))
def test_an_observation_holds_no_card_its_seat_may_not_see(game, scramble):
    rules, players, seed, choices = game
    rng = random.Random(scramble)
    for _, _, state in steps_of(game):
        seat = rng.randrange(players)
        view = observe(state, seat)
        # Moving every unseen card around changes nothing the seat is shown.
        assert observe(scrambled(state, seat, rng), seat) == view
        for p, layout in enumerate(view.layouts):
            for pos, card in enumerate(layout):
                assert (card is None) == (not state.face_up[p][pos])
        assert {pos for pos, _ in view.memory} == state.known[seat]
        assert view.stock_size == len(state.stock)
        assert "stock" not in view._fields
        if view.current_player != seat:
            assert view.legal_actions == ()
        # A card held is shown to its taker, and to everyone once it came from the pile.
        if state.drawn is not None:
            shown = seat == state.current or state.drawn_from == "discard"
            assert view.drawn == (state.drawn if shown else None)


@settings(max_examples=30, deadline=None)
@given(games(holes=st.just(2)))
def test_every_state_reached_round_trips_through_a_json_snapshot(game):
    for _, _, after in steps_of(game):
        assert State.from_json(json.loads(json.dumps(after.to_json()))) == after


@settings(max_examples=30, deadline=None)
@given(games(holes=st.just(1)))
def test_apply_action_never_changes_the_state_it_is_given(game):
    for before, _, _ in steps_of(game):
        snapshot = json.dumps(before.to_json())
        for action in legal_actions(before):
            apply_action(before, action)
        assert json.dumps(before.to_json()) == snapshot


@settings(max_examples=40, deadline=None)
@given(games(holes=st.just(1)))
def test_after_a_knock_or_going_out_everyone_else_gets_exactly_one_more_turn(game):
    rules, players, seed, choices = game
    caller, finished = None, []
    for before, _, after in steps_of(game):
        ended = len(after.results) > len(before.results)
        if before.phase == "start" or not (ended or after.current != before.current):
            continue
        if caller is not None:
            finished.append(before.current)
        elif after.caller is not None:
            caller = after.caller
        if ended:
            break
    if caller is not None:
        assert sorted(finished) == [p for p in range(players) if p != caller]
