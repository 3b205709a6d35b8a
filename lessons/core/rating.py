"""How likely a child is to get a question right the first time, from their own first tries
(plain Python): an Elo rating, as Maths Garden rates its children, on the scale of the
ladders' levels (``lessons.core.skills.LADDERS``), so a question's level is how hard it is.

- The child has one rating, and each skill its own on top of it (negative numbers can be
  hard for a child who adds well). A new child starts where a first rung is right about 4
  times in 5; a negative number, a difference and a running total start a little harder,
  as they come later in school.
- The chance of a right first try at level ``n`` is ``1 / (1 + e^(−2 × (rating − n)))``:
  right half the time at the rating itself, 4 times in 5 about two thirds of a level below.
- After each first try, the child's and the skill's ratings move by how surprising it was
  (right: 1 − chance; missed: −chance), a lot at first and less as answers come in.

Nothing here is kept: it is worked out again from the answers whenever it is needed, and it
only chooses questions. The levels a grown-up reads are the ladder's (``lessons.core.ladder``).
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
