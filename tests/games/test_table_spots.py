"""What each move changes on the table, as everyone at it sees it, checked against the engine."""

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import (
    PRESETS,
    Action,
    Observation,
    apply_action,
    legal_actions,
    new_game,
    observe,
)
from games.table import spots


def view(obs: Observation) -> dict[tuple, str | int | None]:
    """Every spot on the table as everyone sees it, worked out from an observation alone:
    the reference the changes are checked against. A card drawn from the stock is its
    drawer's secret."""
    seen: dict[tuple, str | int | None] = {
        spots.STOCK: obs.stock_size,
        spots.PILE: obs.discard[-1] if obs.discard else None,
    }
    for seat in obs.seats:
        holds = obs.phase == "place" and obs.current_player == seat
        public = obs.drawn if obs.drawn_from == "discard" else ""
        seen[spots.hand_spot(seat)] = (public or "") if holds else None
        for pos, card in enumerate(obs.layouts[seat]):
            seen[spots.card_spot(seat, pos)] = card or ""
    return seen


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(["easy4", "classic6", "knock9"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    memory=st.booleans(),
)
def test_each_change_starts_and_ends_as_everyone_sees_the_table(preset, players, seed, memory):
    rules = PRESETS[preset]
    if memory and preset == "easy4":
        rules = replace(rules, memory_mode=True)
    state = new_game(rules, players, seed)
    rng = random.Random(seed)
    for _ in range(120):
        if state.is_over:
            break
        action = rng.choice(legal_actions(state))
        after = apply_action(state, action)
        if len(after.results) > len(state.results):
            state = after  # the table after it is the next deal, checked by the reveal test
            continue
        before_view, after_view = view(observe(state, 0)), view(observe(after, 0))
        changed = spots.changes(state, after, action)
        for spot, was, now in changed:
            assert before_view[spot] == was, (action, spot)
            assert after_view[spot] == now, (action, spot)
        untouched = {s for s in before_view if before_view[s] != after_view[s]}
        assert untouched <= {slot for slot, _, _ in changed}, action
        state = after


def test_a_card_drawn_from_the_stock_stays_face_down_for_everyone() -> None:
    state = new_game(PRESETS["easy4"], 2, seed=4)
    while state.current == 0:
        state = apply_action(state, legal_actions(state)[0])
    bot = state.current

    drawn = apply_action(state, Action("draw_stock"))
    changed = spots.changes(state, drawn, Action("draw_stock"))

    assert (spots.hand_spot(bot), None, "") in changed
    assert state.stock[-1] not in {value for _, _, value in changed}


def test_the_cards_still_face_down_at_the_end_are_turned_up() -> None:
    state = new_game(PRESETS["classic6"], 2, seed=7)
    rng = random.Random(1)
    while True:
        action = rng.choice(legal_actions(state))
        after = apply_action(state, action)
        if after.results:
            break
        state = after
    result = after.results[-1]

    revealed = spots.reveal(state, action, result)

    for (_, seat, pos), was, now in revealed:
        assert was == ""
        assert now == result.layouts[seat][pos]
    # Together with the cards already face up, and the one the last move placed, the
    # revealed ones are every card on the table, each once.
    face_up = {
        spots.card_spot(seat, pos)
        for seat in state.seats
        for pos, up in enumerate(state.face_up[seat])
        if up
    }
    placed = {spot for spot, _, _ in spots.changes(state, state, action) if spot[0] == "card"}
    shown = {spot for spot, _, _ in revealed}
    assert not shown & (face_up | placed)
    assert shown | face_up | placed == {
        spots.card_spot(seat, pos) for seat in state.seats for pos in range(6)
    }


@pytest.mark.parametrize(
    ("preset", "column", "cancelled"),
    [
        ("classic6", ["7H", "7D"], [0, 1]),
        ("classic6", ["7H", None], []),
        ("classic6", ["KH", "QD"], []),
        ("knock9", ["7S", "7D", "AC"], [0, 1]),
        ("knock9", ["KH", "4C", "KD"], [0, 2]),
        ("knock9", ["5C", "5D", "5H"], [0, 1, 2]),
        ("knock9", ["5C", None, "5H"], [0, 2]),
    ],
)
def test_a_column_matches_when_its_face_up_cards_share_a_rank(preset, column, cancelled):
    assert matched(column, PRESETS[preset]) == cancelled


def matched(column: list[str | None], rules) -> list[int]:
    """The rows of a one-column layout's match, the other columns never matching."""
    others = iter(["2C", "3C", "4C", "5C", "6C", "8C", "9C", "10C", "JC"])
    cards = [
        column[pos // rules.cols] if pos % rules.cols == 0 else next(others)
        for pos in range(rules.size)
    ]
    found = spots.pairs(cards, rules)
    return [pos // rules.cols for pos in found[0]] if found else []


def test_in_the_full_column_variant_only_three_of_a_rank_match() -> None:
    rules = replace(PRESETS["knock9"], match="full_column")

    assert matched(["7S", "7D", "AC"], rules) == []
    assert matched(["7S", "7D", "7C"], rules) == [0, 1, 2]


def test_a_new_pair_is_named_by_its_spots_only_once_it_is_made() -> None:
    rules = PRESETS["classic6"]
    before = ["7H", "", "", "", "", "KS"]
    after = ["7H", "", "", "7C", "", "KS"]

    assert spots.new_pairs(before, after, 2, rules) == [[("card", 2, 0), ("card", 2, 3)]]
    assert spots.new_pairs(after, after, 2, rules) == []
