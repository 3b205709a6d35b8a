"""How likely a child is to get a question right the first time (plain Python): an Elo rating
of their first tries, as Maths Garden's, on the ladders' scale, the child's and each skill's.

It chooses the questions, and it keeps the levels a grown-up reads (``lessons.core.ladder``)
from staying below what is too easy to ask. The formula: docs/lessons.md, "Questions fitted
to the child".
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from .skills import Skill

if TYPE_CHECKING:
    from .ladder import FirstTry  # the ladder reads the ratings as it climbs

START = 1.75  # a new child's rating: a first rung right about 4 times in 5
# How much harder a skill starts than the child's rating, in levels.
HARDER_AT_FIRST: Mapping[Skill, float] = MappingProxyType(
    {
        Skill.ADDING_NEGATIVE: 1.0,
        Skill.DIFFERENCE: 1.0,
        Skill.RUNNING_TOTAL: 0.75,
        Skill.PAIRS_CANCEL: 0.5,
    }
)
SLOPE = 2.0
# How far one surprising answer moves a rating at first, and how soon that settles: the
# n-th answer moves it by FIRST / (1 + n / SETTLES), never less than LEAST.
CHILD_FIRST, SKILL_FIRST, SETTLES = 1.5, 1.0, 5
CHILD_LEAST, SKILL_LEAST = 0.1, 0.2


def chance(rating: float, level: int) -> float:
    """How likely a first try at a question of ``level`` is right, at ``rating``."""
    return 1.0 / (1.0 + math.exp(-SLOPE * (rating - level)))


def _step(first: float, least: float, answered: int) -> float:
    return max(least, first / (1 + answered / SETTLES))


class Rater:
    """The ratings as answers come in, one at a time, in the order they were given."""

    def __init__(self) -> None:
        self.child = START
        self.own = {skill: -HARDER_AT_FIRST.get(skill, 0.0) for skill in Skill}
        self.answered = {skill: 0 for skill in Skill}
        self.answers = 0

    def rating(self, skill: Skill) -> float:
        """The rating of ``skill``: the child's own and the skill's together."""
        return self.child + self.own[skill]

    def add(self, answer: FirstTry) -> None:
        skill = answer.skill
        surprise = answer.right - chance(self.rating(skill), answer.level)
        self.child += _step(CHILD_FIRST, CHILD_LEAST, self.answers) * surprise
        self.own[skill] += _step(SKILL_FIRST, SKILL_LEAST, self.answered[skill]) * surprise
        self.answered[skill] += 1
        self.answers += 1


def ratings(answers: Iterable[FirstTry]) -> dict[Skill, float]:
    """Each skill's rating (the child's own and the skill's together) after ``answers``,
    taken in the order they were given; a skill not yet asked has its starting one."""
    rater = Rater()
    for answer in sorted(answers, key=lambda a: a.when):
        rater.add(answer)
    return {skill: rater.rating(skill) for skill in Skill}
