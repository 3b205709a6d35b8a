"""The skills a child practises, each a ladder of levels, easiest first: stable keys, saved with
every answer (plain Python; their names in words are games.words.questions').

A question's level is read off its own numbers (``level_of``), so the same cards always make
the same question at the same level.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from games.engine import ColumnScore


class Skill(StrEnum):
    # The values are saved in the database: never change one.
    ADDING = "adding"
    ADDING_NEGATIVE = "adding_negative"
    PAIRS_CANCEL = "pairs_cancel"
    COMPARING = "comparing"
    RUNNING_TOTAL = "running_total"
    DIFFERENCE = "difference"


# Each skill's levels, easiest first, by a key the words layer says ("two small cards").
LADDERS: dict[Skill, tuple[str, ...]] = {
    Skill.ADDING: ("two_small", "three_cards", "over_20"),
    Skill.ADDING_NEGATIVE: ("with_small", "with_big", "across_zero"),
    Skill.PAIRS_CANCEL: ("spot_the_pair", "pair_and_more"),
    Skill.COMPARING: ("two_positive", "with_negative", "three_players"),
    Skill.RUNNING_TOTAL: ("small", "across_zero"),
    Skill.DIFFERENCE: ("behind", "behind_with_negative"),
}
# The skills that need numbers below 0 at every level: never at "adding only".
NEGATIVE_ONLY = frozenset({Skill.ADDING_NEGATIVE})
SMALL = 5  # a card worth at most this is a small one


def top(skill: Skill) -> int:
    """The highest level of ``skill``'s ladder (levels count from 1)."""
    return len(LADDERS[skill])


def column_skill(column: ColumnScore) -> Skill:
    """What working out a column's score practises: a match cancelling, a negative number
    added (or a total below 0), or adding small numbers."""
    if column.matched is not None:
        return Skill.PAIRS_CANCEL
    kept = [v for v, counted in zip(column.values, column.counts, strict=True) if counted]
    if any(v < 0 for v in kept) or column.total < 0:
        return Skill.ADDING_NEGATIVE
    return Skill.ADDING


def sum_level(skill: Skill, terms: Sequence[int]) -> int:
    """The level of working out the sum of ``terms`` (a column's numbers, or a total and a
    hole's score) when it practises ``skill``."""
    total = sum(terms)
    places = [sum(terms[: n + 1]) for n in range(len(terms))]
    if skill == Skill.ADDING:
        if total > 20:
            return 3
        return 2 if len(terms) > 2 or total > 10 else 1
    if skill == Skill.ADDING_NEGATIVE:
        if any(place < 0 for place in places):
            return 3  # the sum goes below 0 on its way, or ends there
        return 2 if any(v > SMALL for v in terms) else 1
    if skill == Skill.PAIRS_CANCEL:
        return 2 if any(v != 0 for v in terms) else 1
    # The running total: small, or meeting a number below 0.
    return 2 if any(v < 0 for v in (*terms, *places)) else 1


def compare_level(scores: Sequence[int]) -> int:
    """The level of telling which of ``scores`` is lowest."""
    if len(scores) > 2:
        return 3
    return 2 if any(v < 0 for v in scores) else 1


def difference_level(mine: int, theirs: int) -> int:
    return 2 if mine < 0 or theirs < 0 else 1
