"""The skills a child practises: stable keys, saved with every answer (plain Python; their
names in words are peabody.words.questions')."""

from __future__ import annotations

from enum import StrEnum

from .engine import ColumnScore


class Skill(StrEnum):
    # The values are saved in the database: never change one.
    ADDING = "adding"
    ADDING_NEGATIVE = "adding_negative"
    PAIRS_CANCEL = "pairs_cancel"
    COMPARING = "comparing"
    RUNNING_TOTAL = "running_total"


def column_skill(column: ColumnScore) -> Skill:
    """What working out a column's score practises: a match cancelling, a negative number
    added (or a total below 0), or adding small numbers."""
    if column.matched is not None:
        return Skill.PAIRS_CANCEL
    kept = [v for v, counted in zip(column.values, column.counts, strict=True) if counted]
    if any(v < 0 for v in kept) or column.total < 0:
        return Skill.ADDING_NEGATIVE
    return Skill.ADDING
