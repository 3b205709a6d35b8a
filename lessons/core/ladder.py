"""How a child moves along each skill's ladder, by a rule a grown-up can read (plain Python),
worked out again from their answers whenever needed.

Four of the latest 5 first tries right (or 3 in a row) go a level up, 2 of 3 missed a level
down; a missed skill comes back (``due``). The rule: docs/lessons.md, "Questions fitted to
the child".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from .skills import Skill, top

UP, OF_UP = 4, 5  # right the first time, of the latest answers counted toward going up
IN_A_ROW = 3  # or this many right in a row
DOWN, OF_DOWN = 2, 3  # missed the first time, of the latest counted toward going down
COME_BACK = (timedelta(days=1), timedelta(days=3), timedelta(days=7))


@dataclass(frozen=True, slots=True)
class FirstTry:
    """A first try at a question: its skill and level, whether it was right, and when."""

    skill: Skill
    level: int
    right: bool
    when: datetime


@dataclass(frozen=True, slots=True)
class Climb:
    """A skill moved from one level to the next, after the answer at ``when``."""

    skill: Skill
    before: int
    after: int
    when: datetime

    @property
    def up(self) -> bool:
        return self.after > self.before


@dataclass
class _Rung:
    level: int = 1
    ups: list[bool] = field(default_factory=list)  # right?, of the latest counted for up
    downs: list[bool] = field(default_factory=list)  # missed?, of the latest counted for down


@dataclass(frozen=True, slots=True)
class Levels:
    """Where the child stands on each ladder, and every move that took them there."""

    levels: dict[Skill, int]
    climbs: tuple[Climb, ...]

    def level(self, skill: Skill) -> int:
        return self.levels.get(skill, 1)


def climb(answers: Iterable[FirstTry]) -> Levels:
    """The levels the rule gives after ``answers``, taken in the order they were given."""
    rungs: dict[Skill, _Rung] = {}
    climbs: list[Climb] = []
    for answer in sorted(answers, key=lambda a: a.when):
        rung = rungs.setdefault(answer.skill, _Rung())
        if answer.level >= rung.level:  # at the level or harder: evidence for going up
            rung.ups = [*rung.ups, answer.right][-OF_UP:]
        if answer.level <= rung.level:  # at the level or easier: evidence for going down
            rung.downs = [*rung.downs, not answer.right][-OF_DOWN:]
        moved = rung.level
        climbing = sum(rung.ups) >= UP or rung.ups[-IN_A_ROW:] == [True] * IN_A_ROW
        if climbing and rung.level < top(answer.skill):
            moved = rung.level + 1
        elif sum(rung.downs) >= DOWN and rung.level > 1:
            moved = rung.level - 1
        if moved != rung.level:
            climbs.append(Climb(answer.skill, rung.level, moved, answer.when))
            rungs[answer.skill] = _Rung(moved)
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
