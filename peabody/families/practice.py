"""The child's practice answers, read from the lesson layer, and what they add up to.

The lesson layer (``lessons.models.SkillAttempt``) keeps every answer with its game; this
module is where the families app reads them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import QuerySet

from games.models import Game
from lessons.models import SkillAttempt
from lessons.skills import Skill
from peabody.families.models import MathsLevel

# A skill's accuracy is shown once it has this many answers: fewer say too little.
MIN_ANSWERS = 10
# A suggestion to change the maths level needs this many answers of its skill.
SUGGESTION_ANSWERS = 20
# The skills the maths level is about.
ADDING = Skill.ADDING
ADDING_NEGATIVE = Skill.ADDING_NEGATIVE

Answer = tuple[str, bool]  # (skill, right)


def answers_for(games: QuerySet[Game]) -> list[Answer]:
    """Every practice answer given in ``games``, as (skill, right) pairs."""
    return list(SkillAttempt.objects.filter(game__in=games).values_list("skill", "right"))


def skill_label(skill: str) -> str:
    """The skill as a grown-up reads it."""
    return Skill(skill).label


@dataclass(frozen=True)
class SkillSummary:
    skill: str
    label: str
    answers: int
    right: int

    @property
    def shown(self) -> bool:
        return self.answers >= MIN_ANSWERS

    @property
    def percent(self) -> int:
        return round(100 * self.right / self.answers)


def summaries(answers: Iterable[Answer]) -> list[SkillSummary]:
    """Each skill with its answers and how many were right, the most practised first."""
    given: dict[str, int] = {}
    right: dict[str, int] = {}
    for skill, was_right in answers:
        given[skill] = given.get(skill, 0) + 1
        right[skill] = right.get(skill, 0) + was_right
    ordered = sorted(given, key=lambda skill: (-given[skill], skill))
    return [SkillSummary(s, skill_label(s), given[s], right[s]) for s in ordered]


def earned(summary: SkillSummary | None) -> bool:
    return summary is not None and summary.answers >= SUGGESTION_ANSWERS


def suggestion(maths_level: str, skills: list[SkillSummary]) -> str:
    """A plain suggestion for the grown-up, once the answers have earned one; else ""."""
    by_skill = {summary.skill: summary for summary in skills}
    adding = by_skill.get(ADDING)
    negative = by_skill.get(ADDING_NEGATIVE)
    if maths_level == MathsLevel.ADDING and earned(adding) and adding.percent >= 90:
        return (
            f"Adding is {adding.percent}% right over {adding.answers} answers, so try "
            "the maths level “negative numbers”, where twos count −2."
        )
    if maths_level == MathsLevel.NEGATIVE and earned(negative) and negative.percent < 50:
        return (
            f"Adding a negative number is {negative.percent}% right over "
            f"{negative.answers} answers, so “adding only” for a while may help."
        )
    return ""
