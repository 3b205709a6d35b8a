"""How likely a child is to get a question right the first time (plain Python): an Elo rating
of their first tries, as Maths Garden's, on the ladders' scale, the child's and each skill's.

It only chooses questions; the levels a grown-up reads are ``lessons.core.ladder``'s. The
formula: docs/lessons.md, "Questions fitted to the child".
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from .ladder import FirstTry
from .skills import Skill

START = 1.75  # a new child's rating: a first rung right about 4 times in 5
# How much harder a skill starts than the child's rating, in levels.
HARDER_AT_FIRST: Mapping[Skill, float] = MappingProxyType(
    {Skill.ADDING_NEGATIVE: 0.75, Skill.DIFFERENCE: 0.75, Skill.RUNNING_TOTAL: 0.25}
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


def ratings(answers: Iterable[FirstTry]) -> dict[Skill, float]:
    """Each skill's rating (the child's own and the skill's together) after ``answers``,
    taken in the order they were given; a skill not yet asked has its starting one."""
    child = START
    own = {skill: -HARDER_AT_FIRST.get(skill, 0.0) for skill in Skill}
    answered = {skill: 0 for skill in Skill}
    for n, answer in enumerate(sorted(answers, key=lambda a: a.when)):
        skill = answer.skill
        surprise = answer.right - chance(child + own[skill], answer.level)
        child += _step(CHILD_FIRST, CHILD_LEAST, n) * surprise
        own[skill] += _step(SKILL_FIRST, SKILL_LEAST, answered[skill]) * surprise
        answered[skill] += 1
    return {skill: child + own[skill] for skill in Skill}
