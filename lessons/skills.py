"""The skills a child practises: stable keys, saved with every answer."""

from __future__ import annotations

from enum import StrEnum


class Skill(StrEnum):
    # The values are saved in the database: never change one.
    ADDING = "adding"
    ADDING_NEGATIVE = "adding_negative"
    PAIRS_CANCEL = "pairs_cancel"
    COMPARING = "comparing"
    RUNNING_TOTAL = "running_total"

    @property
    def label(self) -> str:
        """The skill as a grown-up reads it on a progress page."""
        return LABELS[self]


LABELS = {
    Skill.ADDING: "Adding small numbers",
    Skill.ADDING_NEGATIVE: "Adding a negative number",
    Skill.PAIRS_CANCEL: "Pairs cancel to zero",
    Skill.COMPARING: "Comparing numbers",
    Skill.RUNNING_TOTAL: "Keeping a running total",
}
