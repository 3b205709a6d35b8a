import json
import random
import sys
from collections import Counter
from dataclasses import replace

import pytest

from games.engine import (
    PRESETS,
    Action,
    IllegalAction,
    State,
    apply_action,
    legal_actions,
    new_game,
    observe,
    rebuild,
)
from games.engine.cards import build_deck
from tests.engine.strategies import cards_in_play, full_deck, play_randomly, play_to_end, rigged

EASY4, CLASSIC6, KNOCK9 = PRESETS["easy4"], PRESETS["classic6"], PRESETS["knock9"]
DRAW_STOCK, DRAW_DISCARD = Action("draw_stock"), Action("draw_discard")
DISCARD, KNOCK, END_TURN = Action("discard"), Action("knock"), Action("end_turn")


def flip(pos):
    return Action("flip", pos)


def swap(pos):
    return Action("swap", pos)


def play(state: State, *actions: Action) -> State:
    for action in actions:
        state = apply_action(state, action)
    return state


def finish_start(state: State) -> State:
    """Each player turns up their first two cards (different columns)."""
    while state.phase == "start":
        up = state.face_up[state.current]
        state = apply_action(state, flip(0 if not up[0] else state.rules.cols - 1))
    return state


@pytest.mark.parametrize(
    ("rules", "players", "decks"),
    [
        (EASY4, 2, 1),
        (EASY4, 4, 1),
        (EASY4, 5, 2),
        (EASY4, 6, 2),
        (CLASSIC6, 4, 1),
        (CLASSIC6, 5, 2),
        (CLASSIC6, 8, 2),
        (CLASSIC6, 9, 3),
        (CLASSIC6, 12, 3),
        (KNOCK9, 5, 1),
        (KNOCK9, 6, 2),
    ],
)
def test_the_deal_uses_the_right_number_of_decks(rules, players, decks):
    state = new_game(rules, players, seed=3)
    assert sum(cards_in_play(state).values()) == 52 * decks
    assert all(len(layout) == rules.size for layout in state.layouts)
    assert len(state.discard) == 1
    assert len(state.stock) == 52 * decks - players * rules.size - 1


def test_jokers_add_two_to_each_deck():
    state = new_game(replace(CLASSIC6, jokers="pagat"), 5, seed=3)
    assert cards_in_play(state)["JK"] == 4
    assert sum(cards_in_play(state).values()) == 108


@pytest.mark.parametrize(
    ("rules", "players"), [(EASY4, 7), (CLASSIC6, 13), (KNOCK9, 7), (EASY4, 1)]
)
def test_a_table_too_big_or_too_small_is_refused(rules, players):
    with pytest.raises(ValueError, match="players"):
        new_game(rules, players, seed=1)


def test_the_same_seed_deals_the_same_game():
    assert new_game(CLASSIC6, 3, seed=11) == new_game(CLASSIC6, 3, seed=11)
    deals = {new_game(CLASSIC6, 3, seed=s).layouts for s in range(20)}
    assert len(deals) == 20


def test_a_seed_deals_the_same_cards_on_every_python():
    # Pinned: a saved game is rebuilt from its seed and action log, so it replays only
    # while a seed deals the same cards. These are the cards seed 1 dealt when the engine
    # took its shuffle from random.Random(f"{seed}:{hole}:{shuffle}"); if they change, every
    # saved game changes with them.
    state = new_game(CLASSIC6, 2, seed=1)
    assert state.dealer == 1
    assert state.layouts == (
        ("AS", "3S", "3D", "10H", "QS", "8S"),
        ("5S", "AH", "6H", "9S", "QC", "KH"),
    )
    assert state.discard == ("QH",)
    assert state.stock[:5] == ("9D", "JH", "2H", "5D", "3C")
    # The second hole has its own shuffle, the same however the first was played.
    for choices in range(3):
        rng = random.Random(choices)
        state = new_game(replace(CLASSIC6, holes=3), 2, seed=1)
        while not state.results:
            state = apply_action(state, rng.choice(legal_actions(state)))
        assert state.layouts == (
            ("8D", "3H", "10S", "9H", "4D", "8C"),
            ("JD", "2S", "3D", "4H", "7S", "2H"),
        )
        assert state.stock[:5] == ("JC", "AD", "2C", "KD", "5C")


@pytest.mark.skipif(sys.version_info[:2] != (3, 12), reason="random.shuffle as Python 3.12 has it")
def test_the_deal_is_the_shuffle_python_3_12_would_make():
    # Where the pinned cards above come from: the engine writes out the shuffle Python 3.12
    # makes, and deals from the end of the deck, seat by seat, then turns up one card.
    cards = build_deck(1, jokers=False)
    random.Random("1:1:0").shuffle(cards)
    state = new_game(CLASSIC6, 2, seed=1)
    assert state.layouts == (tuple(cards[:-7:-1]), tuple(cards[-7:-13:-1]))
    assert state.discard == (cards[-13],)
    assert state.stock == tuple(cards[:-13])


def test_the_seed_chooses_the_first_dealer():
    dealers = {new_game(CLASSIC6, 4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_the_player_left_of_the_dealer_flips_first_then_play_goes_clockwise():
    state = new_game(CLASSIC6, 3, seed=5)
    first = (state.dealer + 1) % 3
    assert state.phase == "start"
    order = []
    while state.phase == "start":
        order.append(state.current)
        state = apply_action(state, legal_actions(state)[0])
    assert order == [
        first,
        first,
        (first + 1) % 3,
        (first + 1) % 3,
        (first + 2) % 3,
        (first + 2) % 3,
    ]
    assert state.phase == "draw"
    assert state.current == first
    assert all(sum(up) == 2 for up in state.face_up)


def test_the_dealer_rotates_every_hole():
    rules = replace(CLASSIC6, holes=4)
    state = new_game(rules, 3, seed=2)
    dealers = [state.dealer]
    for before, _, after in play_randomly(state, random.Random(2)):
        if after.hole != before.hole:
            assert after.current == (after.dealer + 1) % 3
            dealers.append(after.dealer)
    assert len(dealers) == 4
    assert dealers == [(dealers[0] + i) % 3 for i in range(4)]


def test_easy4_players_have_peeked_at_their_bottom_row():
    state = new_game(EASY4, 2, seed=4)
    assert state.phase == "draw"
    for seat in (0, 1):
        view = observe(state, seat)
        layout = state.layouts[seat]
        assert view.memory == ((2, layout[2]), (3, layout[3]))
        assert all(card is None for card in view.layouts[seat])
        assert all(card is None for card in view.layouts[1 - seat])


def test_a_card_from_the_discard_pile_must_be_swapped_in():
    state = finish_start(new_game(CLASSIC6, 2, seed=1))
    top = state.discard[-1]
    holding = apply_action(state, DRAW_DISCARD)
    assert holding.drawn == top
    assert DISCARD not in legal_actions(holding)
    with pytest.raises(IllegalAction, match="pile_card_stays"):
        apply_action(holding, DISCARD)


def test_a_stock_card_may_be_thrown_away():
    state = finish_start(new_game(CLASSIC6, 2, seed=1))
    card = state.stock[-1]
    after = play(state, DRAW_STOCK, DISCARD)
    assert after.discard[-1] == card
    assert after.layouts == state.layouts
    assert after.current != state.current


def test_a_swapped_in_card_goes_face_up_and_the_old_one_onto_the_discard_pile():
    state = finish_start(new_game(CLASSIC6, 2, seed=1))
    seat = state.current
    hidden = state.face_up[seat].index(False)
    old, new = state.layouts[seat][hidden], state.stock[-1]
    after = play(state, DRAW_STOCK, swap(hidden))
    assert after.layouts[seat][hidden] == new
    assert after.face_up[seat][hidden]
    assert after.discard[-1] == old


def test_going_out_gives_everyone_else_exactly_one_more_turn():
    state = finish_start(new_game(CLASSIC6, 3, seed=8))
    caller = state.current
    # Give the caller a layout with one face-down card left.
    ups = (True,) * 5 + (False,)
    state = rigged(state, face_up=tuple(ups if p == caller else state.face_up[p] for p in range(3)))
    state = play(state, DRAW_STOCK, swap(5))
    assert state.caller == caller
    assert state.hole == 1
    others = [state.current]
    state = play(state, DRAW_STOCK, DISCARD)
    others.append(state.current)
    assert state.hole == 1
    state = play(state, DRAW_STOCK, DISCARD)
    assert others == [(caller + 1) % 3, (caller + 2) % 3]
    assert state.hole == 2
    assert state.results[0].caller == caller


def test_knock_golf_asks_for_a_knock_after_each_turn():
    state = finish_start(new_game(KNOCK9, 2, seed=8))
    seat = state.current
    state = play(state, DRAW_STOCK, DISCARD)
    assert state.phase == "knock"
    assert state.current == seat
    assert legal_actions(state) == [KNOCK, END_TURN]
    knocked = apply_action(state, KNOCK)
    assert knocked.caller == seat
    assert knocked.current == 1 - seat
    # After the other player's one last turn the hole is over, with no knock offered.
    last = play(knocked, DRAW_STOCK, DISCARD)
    assert last.hole == 2
    assert last.results[0].caller == seat


def test_turning_the_ninth_card_face_up_is_a_knock():
    state = finish_start(new_game(KNOCK9, 2, seed=8))
    seat = state.current
    ups = (True,) * 8 + (False,)
    state = rigged(state, face_up=tuple(ups if p == seat else state.face_up[p] for p in (0, 1)))
    state = play(state, DRAW_STOCK, swap(8))
    assert state.caller == seat
    assert state.phase == "draw"
    assert state.current == 1 - seat


def test_easy4_players_knock_instead_of_drawing():
    state = new_game(EASY4, 3, seed=2)
    seat = state.current
    assert KNOCK in legal_actions(state)
    state = apply_action(state, KNOCK)
    assert state.caller == seat
    assert KNOCK not in legal_actions(state)
    with pytest.raises(IllegalAction, match="hole_already_ended"):
        apply_action(state, KNOCK)
    state = play(state, DRAW_STOCK, DISCARD, DRAW_STOCK, DISCARD)
    assert state.hole == 2


def test_easy4_does_not_end_when_every_card_is_face_up():
    state = new_game(EASY4, 2, seed=2)
    for pos in range(4):
        state = play(state, DRAW_STOCK, swap(pos), DRAW_STOCK, DISCARD)
    assert all(state.face_up[0]) or all(state.face_up[1])
    assert state.caller is None


def test_flip_instead_of_draw_is_a_whole_turn():
    rules = replace(CLASSIC6, flip_instead_of_draw=True)
    state = finish_start(new_game(rules, 2, seed=3))
    seat = state.current
    hidden = state.face_up[seat].index(False)
    assert flip(hidden) in legal_actions(state)
    after = apply_action(state, flip(hidden))
    assert after.face_up[seat][hidden]
    assert after.current == 1 - seat
    assert after.discard == state.discard


def test_flipping_is_refused_without_the_house_rule():
    state = finish_start(new_game(CLASSIC6, 2, seed=3))
    hidden = state.face_up[state.current].index(False)
    with pytest.raises(IllegalAction, match="no_flip_instead"):
        apply_action(state, flip(hidden))


def test_memory_mode_puts_swapped_cards_face_down_for_their_owner_only():
    rules = replace(EASY4, memory_mode=True)
    state = new_game(rules, 2, seed=6)
    seat = state.current
    new = state.stock[-1]
    after = play(state, DRAW_STOCK, swap(0))
    assert not after.face_up[seat][0]
    assert (0, new) in observe(after, seat).memory
    assert observe(after, 1 - seat).layouts[seat][0] is None
    assert all(pos != 0 for pos, _ in observe(after, 1 - seat).memory)


def test_an_empty_stock_is_remade_from_the_discard_pile_but_its_top_card():
    state = finish_start(new_game(CLASSIC6, 2, seed=9))
    while state.stock:
        state = play(state, DRAW_STOCK, DISCARD)
    top, pile = state.discard[-1], state.discard
    after = apply_action(state, DRAW_STOCK)
    assert after.discard == (top,)
    assert len(after.stock) == len(pile) - 2
    assert Counter(after.stock) + Counter([after.drawn]) == Counter(pile[:-1])
    assert cards_in_play(after) == full_deck(after)


def test_a_hole_ends_after_the_round_limit():
    rules = replace(CLASSIC6, round_limit=3)
    state = finish_start(new_game(rules, 2, seed=9))
    for _ in range(5):
        state = play(state, DRAW_STOCK, DISCARD)
    assert state.hole == 1
    state = play(state, DRAW_STOCK, DISCARD)
    assert state.hole == 2
    assert state.results[0].caller is None


def test_every_card_is_scored_at_the_end_of_a_hole():
    state = new_game(replace(EASY4, holes=1), 2, seed=12)
    layouts = state.layouts
    state = play(state, KNOCK, DRAW_STOCK, DISCARD)
    assert state.is_over
    assert state.current_player is None
    result = state.results[0]
    assert result.layouts == layouts
    assert result.raw == result.scores
    assert state.totals == result.scores
    assert all(all(up) for up in state.face_up)
    low = min(state.totals)
    assert state.winners == tuple(p for p in (0, 1) if state.totals[p] == low)


def test_a_game_lasts_its_number_of_holes():
    for holes in (1, 3, 18):
        state = new_game(replace(EASY4, holes=holes), 3, seed=holes)
        state, _ = play_to_end(state, random.Random(holes))
        assert len(state.results) >= holes
        assert [r.number for r in state.results if not r.tiebreak] == list(range(1, holes + 1))


def test_a_tie_is_shared_by_default_and_settled_by_an_extra_hole_when_chosen():
    found = 0
    for seed in range(400):
        rules = replace(EASY4, holes=1, extra_hole=True)
        state = new_game(rules, 3, seed)
        state, _ = play_to_end(state, random.Random(seed))
        regular = state.results[0]
        low = min(regular.scores)
        tied = [p for p in range(3) if regular.scores[p] == low]
        if len(tied) < 2:
            assert state.winners == tuple(tied)
            continue
        found += 1
        extra = state.results[1]
        assert extra.tiebreak
        assert [p for p in range(3) if extra.layouts[p] is not None] == tied
        best = min(extra.scores[p] for p in tied)
        assert state.winners == tuple(p for p in tied if extra.scores[p] == best)
        assert state.totals == regular.scores
        # Without the house rule the same game ends after one hole, tie shared.
        shared = rebuild(replace(rules, extra_hole=False), 3, seed, [])
        shared, _ = play_to_end(shared, random.Random(seed))
        assert shared.winners == tuple(tied)
        assert len(shared.results) == 1
    assert found >= 3


def test_the_caller_penalty_changes_the_hole_score():
    rules = replace(EASY4, holes=1, caller_penalty="double")
    state = new_game(rules, 2, seed=0)
    for seed in range(200):
        state = new_game(rules, 2, seed)
        caller = state.current
        done = play(state, KNOCK, DRAW_STOCK, DISCARD)
        raw = done.results[0].raw
        if raw[caller] > raw[1 - caller] and raw[caller] > 0:
            assert done.results[0].scores[caller] == 2 * raw[caller]
            assert done.totals[caller] == 2 * raw[caller]
            return
    pytest.fail("no seed gave a losing caller")


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Action("swap", 0), "take_a_card_first"),
        (Action("discard"), "take_a_card_first"),
        (Action("end_turn"), "turn_not_over"),
        (Action("swap", 99), "no_such_place"),
        (Action("cheat"), "not_a_move"),
    ],
)
def test_illegal_actions_say_why_and_change_nothing(action, reason):
    state = finish_start(new_game(CLASSIC6, 2, seed=1))
    before = state.to_json()
    with pytest.raises(IllegalAction, match=reason):
        apply_action(state, action)
    assert state.to_json() == before


@pytest.mark.parametrize("thing", [None, "swap", {"kind": "swap", "pos": 0}, ("swap", 0)])
def test_something_that_is_not_an_action_is_refused(thing):
    state = finish_start(new_game(CLASSIC6, 2, seed=1))
    with pytest.raises(IllegalAction, match="not_a_move"):
        apply_action(state, thing)


def test_the_game_over_refuses_every_move():
    state = play(new_game(replace(EASY4, holes=1), 2, seed=1), KNOCK, DRAW_STOCK, DISCARD)
    with pytest.raises(IllegalAction, match="game_over"):
        apply_action(state, DRAW_STOCK)


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "swap",
        {"kind": "swap"},
        {"kind": "swap", "pos": "1"},
        {"kind": "swap", "pos": 1.0},
        {"kind": "draw_stock", "pos": 1},
        {"kind": "teleport"},
        {"kind": "swap", "pos": 1, "extra": True},
    ],
)
def test_a_forged_action_is_refused(data):
    with pytest.raises(IllegalAction):
        Action.from_json(data)


def test_actions_round_trip_through_json_and_text():
    for action in [Action("swap", 3), Action("draw_stock"), Action("flip", 0), Action("knock")]:
        assert Action.from_json(action.to_json()) == action
        assert Action.from_text(str(action)) == action


@pytest.mark.parametrize(
    "text", ["", "swap", "swap:", "swap:x", "swap:-1", "swap:100", "knock:1", "swap: 1", "swap:1 "]
)
def test_a_forged_action_in_text_is_refused(text):
    with pytest.raises(IllegalAction):
        Action.from_text(text)


@pytest.mark.parametrize("text", ["flip:²", "flip:٣", "swap:３", "flip:1²"])
def test_a_place_in_text_must_be_plain_digits(text):
    # str.isdigit() says yes to all of these, but int() refuses "²" and reads "٣" as 3.
    with pytest.raises(IllegalAction, match="no_such_place"):
        Action.from_text(text)


def test_a_snapshot_restores_the_exact_state_and_play_goes_on_the_same():
    state = finish_start(new_game(replace(CLASSIC6, jokers="pagat"), 3, seed=21))
    state = play(state, DRAW_STOCK, swap(1))
    restored = State.from_json(json.loads(json.dumps(state.to_json())))
    assert restored == state
    rng_a, rng_b = random.Random(5), random.Random(5)
    a = [x[2] for x in play_randomly(state, rng_a)][-1]
    b = [x[2] for x in play_randomly(restored, rng_b)][-1]
    assert a == b


def test_a_snapshot_is_plain_json_with_no_generator_in_it():
    state = finish_start(new_game(replace(CLASSIC6, holes=2), 2, seed=8))
    state = play(state, DRAW_STOCK, swap(1))
    while not state.results:
        state = play(state, *legal_actions(state)[-1:])
    saved = state.to_json()
    assert json.loads(json.dumps(saved)) == saved
    assert saved["stock"] == list(state.stock)
    assert saved["discard"] == list(state.discard)
    assert saved["layouts"] == [list(cards) for cards in state.layouts]
    assert saved["face_up"] == [list(flags) for flags in state.face_up]
    assert saved["results"][0]["layouts"] == [list(c) for c in state.results[0].layouts]
    assert not any("rng" in name or "generator" in name for name in saved)
