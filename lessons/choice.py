"""Which practice questions a child is asked after a hole, chosen for them (plain Python).

A game starts with the child's ``Plan``: their level on each skill's ladder and the skills
due to come back (``lessons.ladder``), worked out from their answers so far; it is kept with
the game, so the game plays out the same whenever it is rebuilt, and it changes only between
games. After each hole, ``choose`` picks from the questions the child's own cards allow
(``lessons.questions.candidates``):

1. never the same kind of question twice in a row when another fits (the kinds mix);
2. a skill due to come back first, at the child's level or easier;
3. a skill the child still misses on its first rung rests: it is never a hole's second
   question, unless it is due to come back;
4. then a question at the child's level on its ladder, else one level easier, else one
   harder, else the nearest;
5. one question a hole, and a second about half the time.

At "adding only" no question can need a negative number: the cards have none.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from .ladder import Answer, climb, due
from .questions import MAX_QUESTIONS, Question
from .skills import Skill


@dataclass(frozen=True, slots=True)
class Plan:
    """What a game's questions are chosen by: the child's level for each skill they have
    met (1 for the others), and the skills due to come back."""

    levels: tuple[tuple[Skill, int], ...] = ()
    due: tuple[Skill, ...] = ()
    resting: tuple[Skill, ...] = ()

    def level(self, skill: Skill) -> int:
        return dict(self.levels).get(skill, 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "levels": {skill.value: n for skill, n in self.levels},
            "due": list(self.due),
            "resting": list(self.resting),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Plan:
        levels = tuple((Skill(skill), n) for skill, n in data["levels"].items())
        due = tuple(Skill(skill) for skill in data["due"])
        return cls(levels, due, tuple(Skill(skill) for skill in data.get("resting", ())))


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
    answers: Sequence[Answer], now: datetime, table: Sequence[tuple[str, bool]] = ()
) -> Plan:
    """The plan for a game starting at ``now``, from the child's first tries so far and
    their choices at the table (kind, good), oldest first: a skill whose choices the child
    missed 2 of the latest 4 times is practised as if it were due to come back."""
    found = climb(answers)
    coming = due(answers, now)
    coming += tuple(skill for skill in shaky(table) if skill not in coming)
    return Plan(tuple(sorted(found.levels.items())), coming, found.resting)


def comes_back(question: Question, plan: Plan) -> bool:
    """A question of a skill due to come back, at the child's level or easier."""
    return question.skill in plan.due and question.level <= plan.level(question.skill)


def distance(question: Question, plan: Plan) -> int:
    """How far a question is from the child's level, as a rank: at it, one easier, one
    harder, then further."""
    off = question.level - plan.level(question.skill)
    return {0: 0, -1: 1, 1: 2}.get(off, 2 + abs(off))


def choose(
    found: Sequence[Question], plan: Plan, rng: random.Random, last_kind: str = ""
) -> tuple[Question, ...]:
    """At most two of ``found`` for the child: due skills first, then at their level, never
    a kind just asked (``last_kind``, the game's latest) when another fits. The same every
    time for the same ``rng``."""
    wanted = 2 if rng.random() < 0.5 else 1
    chosen: list[Question] = []
    left = list(found)
    rng.shuffle(left)  # ties go to chance, the same chance for the same game and hole
    while left and len(chosen) < min(wanted, MAX_QUESTIONS):
        previous = chosen[-1].kind if chosen else last_kind
        pick = min(
            left,
            key=lambda q: (
                q.kind == previous,
                not comes_back(q, plan),
                distance(q, plan),
                q.skill in plan.resting,  # what the child can do now, before what they cannot
                any(q.about == c.about for c in chosen),
            ),
        )
        if chosen and (pick.kind == previous or any(pick.about == c.about for c in chosen)):
            break  # a second question only of another kind, about something else
        if chosen and pick.skill in plan.resting and not comes_back(pick, plan):
            break  # a skill resting is never the second question of a hole
        chosen.append(pick)
        left.remove(pick)
    return tuple(chosen)
