"""Simulated children, to measure how well the practice and the gentle bot fit a child (plain
Python, played by ``manage.py simulate_learners``).

Each of five ``KINDS`` has an ability a skill, answers by a logistic curve of it less the
question's level, learns from every question and plays cards as a bot. The model:
docs/benchmarks.md, "The learner simulation".
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from .questions import Question
from .skills import Skill

SLOPE = 2.0  # how much more likely a right answer is per level of ability over the question
SECOND_TRY = 1.0  # levels by which a second try is easier than the first
SPREAD = 0.3  # how far a child's abilities are drawn from their kind's (a standard deviation)
# A wrong number is off by one of these (a count slipped, a sign mixed up).
OFF_BY = (-2, -1, 1, 2)


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of child: abilities per skill, how they learn, and how they play their cards."""

    name: str
    ability: Mapping[Skill, float]  # levels, as ``chance`` reads them
    learning: float  # ability gained from a question as likely right as wrong
    careless: float  # chance of slipping on a first try they would have got right
    # Their card play: a bot of this level, and for a gentle one its gentleness (0 plays
    # nearly like a steady bot), less by ``gets_better`` a game down to ``best``.
    plays: str
    gentleness: float = 0.0
    gets_better: float = 0.0
    best: float = 0.0


def _abilities(
    adding: float,
    negative: float,
    pairs: float,
    comparing: float,
    total: float,
    difference: float,
) -> Mapping[Skill, float]:
    return MappingProxyType(
        {
            Skill.ADDING: adding,
            Skill.ADDING_NEGATIVE: negative,
            Skill.PAIRS_CANCEL: pairs,
            Skill.COMPARING: comparing,
            Skill.RUNNING_TOTAL: total,
            Skill.DIFFERENCE: difference,
        }
    )


KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in (
        # New to all of it. At each first rung: two small cards right 3 times in 4, a pair or
        # a small total half the time, a negative or a difference 1 in 4. Learns steadily,
        # and plays like the gentlest bot at first.
        Kind(
            "just starting",
            _abilities(1.5, 0.5, 1.0, 1.5, 1.0, 0.5),
            learning=0.04,
            careless=0.05,
            plays="gentle",
            gentleness=1.0,
            gets_better=0.01,
            best=0.7,
        ),
        # Adds well, even over 20 (9 times in 10), but a negative number is right only half
        # the time, and a total below 0 about as often.
        Kind(
            "adds, unsure of negatives",
            _abilities(3.0, 1.0, 2.0, 2.0, 2.0, 1.5),
            learning=0.03,
            careless=0.05,
            plays="gentle",
            gentleness=0.6,
            gets_better=0.01,
            best=0.4,
        ),
        # Ready for the top of every ladder (right about 3 times in 4 there, more often
        # below it), and plays like the steady bot.
        Kind(
            "strong",
            _abilities(3.5, 3.5, 2.5, 3.5, 2.5, 2.5),
            learning=0.03,
            careless=0.03,
            plays="steady",
        ),
        # Knows most of it (9 times in 10 at every first rung, half at the top), but one
        # first try in five is a slip.
        Kind(
            "fast but careless",
            _abilities(2.5, 2.0, 2.5, 2.5, 2.0, 2.0),
            learning=0.03,
            careless=0.2,
            plays="gentle",
            gentleness=0.5,
            gets_better=0.005,
            best=0.4,
        ),
        # Starts a little ahead of a beginner, and learns a third as fast, at the cards too.
        Kind(
            "slow to learn",
            _abilities(1.7, 0.6, 1.2, 1.7, 1.2, 0.6),
            learning=0.012,
            careless=0.05,
            plays="gentle",
            gentleness=0.9,
            gets_better=0.003,
            best=0.8,
        ),
    )
}


def logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


@dataclass(frozen=True, slots=True)
class Given:
    """An answer as the child gives it: a number or a seat, every landing for a sum walked
    on the number line, and whether it is right."""

    value: int
    landings: tuple[int, ...]
    right: bool


class Learner:
    """One simulated child of ``kind``: their abilities drawn near the kind's, the same for
    the same ``seed``, and everything they answer drawn from their own generator."""

    def __init__(self, kind: Kind, seed: int) -> None:
        self.kind = kind
        self.rng = random.Random(f"learner:{kind.name}:{seed}")
        self.ability = {
            skill: mean + self.rng.gauss(0.0, SPREAD) for skill, mean in kind.ability.items()
        }

    def chance(self, question: Question, attempt: int = 1) -> float:
        """How likely try number ``attempt`` (1 or 2) at ``question`` is right."""
        ease = self.ability[question.skill] - question.level
        if attempt > 1:
            ease += SECOND_TRY
        knows = logistic(SLOPE * ease)
        guess = 1.0 / len(question.choices) if question.choices else 0.0
        right = guess + (1.0 - guess) * knows
        return right if attempt > 1 else right * (1.0 - self.kind.careless)

    def answer(self, question: Question, attempt: int, walked: bool) -> Given:
        """Try number ``attempt`` at ``question``, every landing given when it is ``walked``
        on the number line. A first try is practice: it teaches as the module says."""
        p = self.chance(question, attempt)
        right = self.rng.random() < p
        if attempt == 1:
            gain = self.kind.learning * 4 * p * (1 - p)
            self.ability[question.skill] += gain
        landings = question.landings if walked else ()
        if right:
            return Given(question.answer, landings, True)
        if question.choices:
            others = [seat for seat in question.choices if seat != question.answer]
            return Given(self.rng.choice(others), (), False)
        off = self.rng.choice(OFF_BY)
        if not landings:
            return Given(question.answer + off, (), False)
        # One step goes astray, and every landing after it with it.
        astray = self.rng.randrange(len(landings))
        landings = tuple(n + off if i >= astray else n for i, n in enumerate(landings))
        return Given(landings[-1], landings, False)

    def card_play(self, games: int) -> tuple[str, float | None]:
        """The bot level the child plays their cards like after ``games`` games, and its
        gentleness (None for a level that has none)."""
        kind = self.kind
        if kind.plays != "gentle":
            return kind.plays, None
        return kind.plays, max(kind.best, round(kind.gentleness - kind.gets_better * games, 3))
