"""What a child's move at the table shows of their maths (games.table.decisions), judged only
from what the child could see, and read by the choice of practice (lessons.core.choice)."""

from __future__ import annotations

from datetime import UTC, datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import PRESETS, Action, ActionKind, Phase
from games.table import Setup, Table, start
from games.table.decisions import LOWER, NEGATIVE, PAIR, Decision, decisions
from lessons.core.choice import plan_for
from lessons.core.skills import Skill

CLASSIC6 = PRESETS["classic6"]  # two rows of three: place p's column partner is p ± 3
HIDDEN = ("4H", "6C", "8S", "3D", "AH", "7C", "JD", "10S")


def holding(card: str, layout: tuple[str, ...], face_up: set[int], known=frozenset()) -> Table:
    """A classic game where the child (seat 0) holds ``card`` drawn from the stock, with
    ``layout`` in front of them, the places ``face_up`` turned over and ``known`` seen."""
    table, _ = start(Setup(rules=CLASSIC6, seed=1, bots=(None, "gentle")))
    state = table.state
    ups = tuple(p in face_up for p in range(6))
    state = state._replace(
        phase=Phase.PLACE,
        current=0,
        layouts=(layout, state.layouts[1]),
        face_up=(ups, state.face_up[1]),
        known=(frozenset(known), state.known[1]),
        drawn=card,
        drawn_from="stock",
    )
    return table._replace(state=state, at_device=0)


SWAP = ActionKind.SWAP
THROW = ActionKind.DISCARD
# Face up: a 9 on top of column 1, a queen on top of column 2; the rest face down.
LAYOUT = ("9C", "QH", "KS", "5D", "4H", "6C")


def test_putting_the_held_card_under_its_match_makes_a_pair_and_anywhere_else_misses_it() -> None:
    table = holding("QD", LAYOUT, face_up={0, 1})
    # Under the queen: the pair made (and no "lower" judged: a pair is its own reason).
    assert decisions(table, Action(SWAP, 4)) == [Decision(PAIR, True)]
    # Over the 9, which the child can see: a pair missed, and a queen (10) kept over a 9.
    assert decisions(table, Action(SWAP, 0)) == [Decision(PAIR, False), Decision(LOWER, False)]
    assert decisions(table, Action(THROW)) == [Decision(PAIR, False)]


def test_a_lower_card_kept_over_a_higher_one_only_where_the_child_knows_the_card() -> None:
    table = holding("3D", LAYOUT, face_up={0, 1}, known={5})
    assert decisions(table, Action(SWAP, 0)) == [Decision(LOWER, True)]  # 3 over the 9
    assert decisions(table, Action(SWAP, 5)) == [Decision(LOWER, True)]  # over the 6 it saw
    assert decisions(table, Action(SWAP, 3)) == []  # over a card it never saw: no choice
    high = holding("10S", LAYOUT, face_up={0, 1})
    assert decisions(high, Action(SWAP, 0)) == [Decision(LOWER, False)]  # 10 over the 9


def test_a_negative_card_is_kept_or_thrown_away() -> None:
    table = holding("2C", LAYOUT, face_up={0, 1})  # a two is −2 in the classic game
    assert decisions(table, Action(SWAP, 3)) == [Decision(NEGATIVE, True)]
    assert Decision(NEGATIVE, True) in decisions(table, Action(SWAP, 0))
    assert decisions(table, Action(THROW)) == [Decision(NEGATIVE, False)]


def test_only_a_held_card_at_the_childs_own_turn_is_judged() -> None:
    table = holding("2C", LAYOUT, face_up={0, 1})
    assert decisions(table._replace(at_device=1), Action(THROW)) == []  # not theirs to make
    not_drawn = table._replace(state=table.state._replace(drawn=None, drawn_from=None))
    assert decisions(not_drawn, Action(ActionKind.FLIP, 3)) == []


@settings(max_examples=60)
@given(st.permutations(HIDDEN), st.sampled_from(["2C", "QD", "3D", "10S", "KH", "9H"]))
def test_what_is_judged_never_depends_on_a_card_the_child_cannot_see(hidden, card) -> None:
    seen = holding(card, LAYOUT, face_up={0, 1}, known={5})
    # The same layout with other cards in the places the child has not seen.
    layout = list(LAYOUT)
    layout[2], layout[3], layout[4] = hidden[:3]
    other = holding(card, tuple(layout), face_up={0, 1}, known={5})
    for action in [Action(THROW), *(Action(SWAP, p) for p in range(6))]:
        assert decisions(seen, action) == decisions(other, action)


NOW = datetime(2026, 12, 1, tzinfo=UTC)


def test_a_skill_missed_twice_in_the_latest_four_choices_is_practised_next_game() -> None:
    kept = [(NEGATIVE, True)] * 6
    assert plan_for([], NOW, kept).due == ()
    once = [(NEGATIVE, False), (NEGATIVE, True), (NEGATIVE, True), (NEGATIVE, True)]
    assert plan_for([], NOW, once).due == ()
    twice = [(PAIR, False), (PAIR, True), (PAIR, False), (LOWER, False)]
    assert plan_for([], NOW, twice).due == (Skill.PAIRS_CANCEL,)
    # Misses long ago, four good choices since: no longer practised.
    mended = [(PAIR, False), (PAIR, False), *[(PAIR, True)] * 4]
    assert plan_for([], NOW, mended).due == ()
