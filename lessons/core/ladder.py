"""How a child moves along each skill's ladder, by a rule a grown-up can read (plain Python),
worked out again from their answers whenever needed.

Four of the latest 5 first tries right (or 3 in a row) go a level up, 2 of 3 missed a level
down; a missed skill comes back (``due``). A skill too easy to be asked still moves up: it
reads at least the highest rung its rating (``lessons.core.rating``) says is right more often
than ``TOO_EASY``, the bound above which no question is asked. The rule: docs/lessons.md,
"Questions fitted to the child".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from .rating import Rater, chance
from .skills import Skill, top

UP, OF_UP = 4, 5  # right the first time, of the latest answers counted toward going up
IN_A_ROW = 3  # or this many right in a row
DOWN, OF_DOWN = 2, 3  # missed the first time, of the latest counted toward going down
COME_BACK = (timedelta(days=1), timedelta(days=3), timedelta(days=7))
TOO_EASY = 0.92  # a rung the rating says is right more often than this is not asked


@dataclass(frozen=True, slots=True)
class FirstTry:
    """A first try at a question: its skill and level, whether it was right, and when."""

    skill: Skill
    level: int
    right: bool
    when: datetime


@dataclass(frozen=True, slots=True)
class Climb:
    """A skill moved from one level to the next, after the answer at ``when``; ``rated``
    when its rating lifted it, the level below being too easy to ask."""

    skill: Skill
    before: int
    after: int
    when: datetime
    rated: bool = False

    @property
    def up(self) -> bool:
        return self.after > self.before


@dataclass
class _Rung:
    level: int = 1
    # (level, right?) of the latest answers counted for going up
    ups: list[tuple[int, bool]] = field(default_factory=list)
    downs: list[bool] = field(default_factory=list)  # missed?, of the latest counted for down
    # missed?, of the skill's latest answers at any rung, kept across moves: a skill missed
    # lately is not too easy, whatever the rating says
    lately: list[bool] = field(default_factory=list)

    def climbing(self) -> bool:
        right = [r for _, r in self.ups]
        return sum(right) >= UP or right[-IN_A_ROW:] == [True] * IN_A_ROW


@dataclass(frozen=True, slots=True)
class Levels:
    """Where the child stands on each ladder, and every move that took them there."""

    levels: dict[Skill, int]
    climbs: tuple[Climb, ...]

    def level(self, skill: Skill) -> int:
        return self.levels.get(skill, 1)


def easy_rung(rating: float, skill: Skill) -> int:
    """The highest rung of ``skill`` a child of ``rating`` would be right on more often than
    ``TOO_EASY`` (1 when none is): the lowest level the skill reads."""
    rungs = [n for n in range(1, top(skill) + 1) if chance(rating, n) > TOO_EASY]
    return max(rungs, default=1)


def climb(answers: Iterable[FirstTry]) -> Levels:
    """The levels the rule gives after ``answers``, taken in the order they were given.

    After each answer every skill met so far and not missed in its latest answers reads at
    least its ``easy_rung``, as the ratings then stand: a skill the child finds too easy is
    no longer asked, so its own answers could not lift it. A move up keeps the answers at
    the new rung or harder, so 3 right in a row at the top of a ladder reach it."""
    rungs: dict[Skill, _Rung] = {}
    climbs: list[Climb] = []
    rater = Rater()
    for answer in sorted(answers, key=lambda a: a.when):
        rater.add(answer)
        rung = rungs.setdefault(answer.skill, _Rung())
        if answer.level >= rung.level:  # at the level or harder: evidence for going up
            rung.ups = [*rung.ups, (answer.level, answer.right)][-OF_UP:]
        if answer.level <= rung.level:  # at the level or easier: evidence for going down
            rung.downs = [*rung.downs, not answer.right][-OF_DOWN:]
        rung.lately = [*rung.lately, not answer.right][-OF_DOWN:]
        if sum(rung.downs) >= DOWN and rung.level > 1 and not rung.climbing():
            climbs.append(Climb(answer.skill, rung.level, rung.level - 1, answer.when))
            rung.level, rung.ups, rung.downs = rung.level - 1, [], []
        for skill, rung in rungs.items():
            easy = 1 if any(rung.lately) else easy_rung(rater.rating(skill), skill)
            while rung.level < top(skill) and (rung.climbing() or rung.level < easy):
                rated = not rung.climbing()
                climbs.append(Climb(skill, rung.level, rung.level + 1, answer.when, rated))
                kept = [(n, right) for n, right in rung.ups if n > rung.level]
                rung.level, rung.ups, rung.downs = rung.level + 1, kept, []
    return Levels({skill: rung.level for skill, rung in rungs.items()}, tuple(climbs))


def due(answers: Sequence[FirstTry], now: datetime) -> tuple[Skill, ...]:
    """The skills whose comeback is due at ``now``: a day, three days and a week after the
    latest miss, each until a question of that skill is answered after it."""
    found = []
    for skill in dict.fromkeys(a.skill for a in answers):
        mine = [a for a in answers if a.skill == skill]
        misses = [a.when for a in mine if not a.right]
        if not misses:
            continue
        missed = max(misses)
        reached = [missed + wait for wait in COME_BACK if missed + wait <= now]
        if reached and not any(a.when >= reached[-1] for a in mine):
            found.append(skill)
    return tuple(found)
