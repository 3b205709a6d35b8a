"""The skills a child practises: stable keys, saved with every answer."""

from __future__ import annotations

from enum import StrEnum

from django.utils.translation import gettext_lazy


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
        return str(LABELS[self])


LABELS = {
    Skill.ADDING: gettext_lazy("Adding small numbers"),
    Skill.ADDING_NEGATIVE: gettext_lazy("Adding a negative number"),
    Skill.PAIRS_CANCEL: gettext_lazy("Pairs cancel to zero"),
    Skill.COMPARING: gettext_lazy("Comparing numbers"),
    Skill.RUNNING_TOTAL: gettext_lazy("Keeping a running total"),
}
