"""What each move changes on the table, as the child sees it, checked against the engine."""

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import slots
from games.engine import (
    PRESETS,
    Action,
    Observation,
    apply_action,
    legal_actions,
    new_game,
    observe,
)


def view(obs: Observation) -> dict[str, str | int | None]:
    """Every slot on the table as ``obs``'s seat sees it, worked out from the observation
    alone: the reference the changes are checked against."""
    seen: dict[str, str | int | None] = {
        "stock": obs.stock_size,
        "pile": obs.discard[-1] if obs.discard else None,
    }
    for seat in obs.seats:
        holds = obs.phase == "place" and obs.current_player == seat
        seen[f"hand-{seat}"] = (obs.drawn or "") if holds else None
        for pos, card in enumerate(obs.layouts[seat]):
            seen[slots.card_slot(seat, pos)] = card or ""
    return seen


@settings(max_examples=60, deadline=None)
@given(
    preset=st.sampled_from(["easy4", "classic6", "knock9"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 10_000),
    memory=st.booleans(),
)
def test_each_change_starts_and_ends_as_the_child_sees_the_table(preset, players, seed, memory):
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
        changed = slots.changes(state, after, action, viewer=0)
        for slot, was, now in changed:
            assert before_view[slot] == was, (action, slot)
            assert after_view[slot] == now, (action, slot)
        untouched = {s for s in before_view if before_view[s] != after_view[s]}
        assert untouched <= {slot for slot, _, _ in changed}, action
        state = after


def test_a_card_drawn_from_the_stock_by_a_bot_stays_face_down_for_the_child() -> None:
    state = new_game(PRESETS["easy4"], 2, seed=4)
    while state.current == 0:
        state = apply_action(state, legal_actions(state)[0])
    bot = state.current

    drawn = apply_action(state, Action("draw_stock"))
    changed = slots.changes(state, drawn, Action("draw_stock"), viewer=0)

    assert (f"hand-{bot}", None, "") in changed
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

    revealed = slots.reveal(state, action, result)

    for slot, was, now in revealed:
        _, seat, pos = slot.split("-")
        assert was == ""
        assert now == result.layouts[int(seat)][int(pos)]
    # Together with the cards already face up, and the one the last move placed, the
    # revealed ones are every card on the table, each once.
    face_up = {
        slots.card_slot(seat, pos)
        for seat in state.seats
        for pos, up in enumerate(state.face_up[seat])
        if up
    }
    placed = {slot for slot, _, _ in slots.changes(state, state, action, 0) if "card" in slot}
    shown = {slot for slot, _, _ in revealed}
    assert not shown & (face_up | placed)
    assert shown | face_up | placed == {
        slots.card_slot(seat, pos) for seat in state.seats for pos in range(6)
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
    assert slots.matched(column, PRESETS[preset]) == cancelled


def test_in_the_full_column_variant_only_three_of_a_rank_match() -> None:
    rules = replace(PRESETS["knock9"], match="full_column")

    assert slots.matched(["7S", "7D", "AC"], rules) == []
    assert slots.matched(["7S", "7D", "7C"], rules) == [0, 1, 2]


def test_a_new_pair_is_named_by_its_slots_only_once_it_is_made() -> None:
    rules = PRESETS["classic6"]
    before = ["7H", "", "", "", "", "KS"]
    after = ["7H", "", "", "7C", "", "KS"]

    assert slots.new_pairs(before, after, 2, rules) == [["card-2-0", "card-2-3"]]
    assert slots.new_pairs(after, after, 2, rules) == []
