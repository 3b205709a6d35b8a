"""Which practice questions a child is asked after a hole (plain Python).

A game keeps the child's ``Plan``, made before it starts, so it replays the same. After each
hole ``choose`` picks from what the child's cards allow: a skill due to come back first, else
the question nearest ``AIM``. The rules: docs/lessons.md, "Questions fitted to the child".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from .ladder import TOO_EASY, FirstTry, climb, due
from .questions import MAX_QUESTIONS, Question
from .rating import chance, ratings
from .skills import Skill

# The chance of a right first try the questions are chosen near: learning is fastest near
# 85% (Wilson et al. 2019). What the simulated children get is in docs/benchmarks.md.
AIM = 0.85
LOW, HIGH = 0.7, TOO_EASY  # outside these, a question is not asked unless it comes back
REST = 0.5  # a skill due to come back the child would more likely miss than get rests,
TRIED = 1  # once it has been asked this many times,
LONG_REST = timedelta(days=7)  # but no longer than this since it was last asked
FLOOR = 0.35  # a game's only question, asked below LOW, is at least this likely right


@dataclass(frozen=True, slots=True)
class Plan:
    """What a game's questions are chosen by: the child's level for each skill they have
    met (1 for the others), the skills due to come back, and each skill's rating
    (``lessons.core.rating``)."""

    levels: tuple[tuple[Skill, int], ...] = ()
    due: tuple[Skill, ...] = ()
    ratings: tuple[tuple[Skill, float], ...] = ()

    def level(self, skill: Skill) -> int:
        return dict(self.levels).get(skill, 1)

    def chance(self, question: Question) -> float:
        """How likely the child is to get ``question`` right the first time. A plan kept
        before ratings were has none: its questions at the child's level are taken to be
        right about 4 times in 5."""
        level = self.level(question.skill)
        rating = dict(self.ratings).get(question.skill, level + 0.7)
        return chance(rating, question.level)

    def to_json(self) -> dict[str, Any]:
        return {
            "levels": {skill.value: n for skill, n in self.levels},
            "due": list(self.due),
            "ratings": {skill.value: r for skill, r in self.ratings},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Plan:
        levels = tuple((Skill(skill), n) for skill, n in data["levels"].items())
        due = tuple(Skill(skill) for skill in data["due"])
        rated = tuple((Skill(skill), r) for skill, r in data.get("ratings", {}).items())
        return cls(levels, due, rated)


# What a choice at the table shows, by its kind (games.table.decisions): the skill it uses.
SHOWN_AT_THE_TABLE = {
    "pair": Skill.PAIRS_CANCEL,
    "negative": Skill.ADDING_NEGATIVE,
    "lower": Skill.COMPARING,
}
LOOKED_AT, MISSED = 4, 2  # of the latest choices of a kind, this many missed: practise it


def shaky(table: Sequence[tuple[str, bool]]) -> dict[Skill, int]:
    """The skills the child's choices at the table (kind, good; oldest first) say to
    practise, each with how many of the latest LOOKED_AT choices of its kind missed it."""
    found = {}
    for kind, skill in SHOWN_AT_THE_TABLE.items():
        latest = [good for made, good in table if made == kind][-LOOKED_AT:]
        if latest.count(False) >= MISSED:
            found[skill] = latest.count(False)
    return found


def plan_for(
    answers: Sequence[FirstTry], now: datetime, table: Sequence[tuple[str, bool]] = ()
) -> Plan:
    """The plan for a game starting at ``now``, from the child's first tries and choices at
    the table (kind, good), oldest first. A skill ``shaky`` finds is practised as if it were
    due to come back; a due skill the child would still more likely miss rests (``REST``,
    ``TRIED``, ``LONG_REST``)."""
    found = climb(answers)
    rated = ratings(answers)

    def rests(skill: Skill) -> bool:
        asked = [a.when for a in answers if a.skill == skill]
        ready = chance(rated[skill], found.level(skill)) >= REST
        return not ready and len(asked) >= TRIED and now - max(asked) < LONG_REST

    coming = due(answers, now)
    coming += tuple(skill for skill in shaky(table) if skill not in coming)
    coming = tuple(skill for skill in coming if not rests(skill))
    kept = tuple((skill, round(rated[skill], 2)) for skill in Skill)
    return Plan(tuple(sorted(found.levels.items())), coming, kept)


def comes_back(question: Question, plan: Plan, practised: Sequence[str] = ()) -> bool:
    """A question of a skill due to come back, at the child's level or easier, that has
    not come back yet this game (``practised``: the skills asked in it so far) and is not
    far too easy for the child now."""
    skill = question.skill
    if plan.chance(question) > HIGH:
        return False  # what the child now finds easy needs no coming back
    return skill in plan.due and skill not in practised and question.level <= plan.level(skill)


def choose(
    found: Sequence[Question],
    plan: Plan,
    rng: random.Random,
    last_kind: str = "",
    practised: Sequence[str] = (),
    last_hole: bool = False,
) -> tuple[Question, ...]:
    """At most two of ``found`` for the child, the same every time for the same ``rng``:
    the latest kind asked in the game is ``last_kind``, the skills asked in it
    ``practised``. On the ``last_hole`` of a game that has asked nothing yet, a question
    down to ``FLOOR`` likely right will do, if it is not far too easy."""
    wanted = 2 if rng.random() < 0.5 else 1
    chosen: list[Question] = []
    left = list(found)
    rng.shuffle(left)  # ties go to chance, the same chance for the same game and hole
    while len(chosen) < min(wanted, MAX_QUESTIONS):
        previous = chosen[-1].kind if chosen else last_kind
        asked = (*practised, *(q.skill for q in chosen))
        fits = [q for q in left if comes_back(q, plan, asked) or LOW <= plan.chance(q) <= HIGH]
        if not fits and not practised and not chosen and last_hole:
            # Never a whole game without a question, unless all were far too easy or hard.
            fits = [q for q in left if FLOOR <= plan.chance(q) <= HIGH]
        if not fits:
            break  # nothing left the child is ready for that is not far too easy
        pick = min(
            fits,
            key=lambda q: (
                q.kind == previous,
                not comes_back(q, plan, asked),
                abs(plan.chance(q) - AIM),
                any(q.about == c.about for c in chosen),
            ),
        )
        if chosen and (pick.kind == previous or any(pick.about == c.about for c in chosen)):
            break  # a second question only of another kind, about something else
        chosen.append(pick)
        left.remove(pick)
    return tuple(chosen)
