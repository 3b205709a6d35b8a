"""The child's practice answers, read from the lesson layer, and what they add up to.

The lesson layer (``lessons.models.SkillAttempt``) keeps every answer with its game; this
module is where the families app reads them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TypeGuard

from django.db.models import QuerySet

from games.board import CardView, card_view
from games.models import Game
from games.questions import AnsweredQuestion, as_asked
from games.words.people import YOU, seat_names
from games.words.questions import skill_name
from lessons.core.skills import Skill
from lessons.models import SkillAttempt
from peabody.families.models import Child, MathsLevel
from peabody.words import grown_ups

# A skill's accuracy is shown once it has this many answers: fewer say too little.
MIN_ANSWERS = 10
# A suggestion to change the maths level needs this many answers of its skill.
SUGGESTION_ANSWERS = 20
# The skills the maths level is about.
ADDING = Skill.ADDING
ADDING_NEGATIVE = Skill.ADDING_NEGATIVE

Marked = tuple[str, bool]  # (skill, right)


def answers_in(games: QuerySet[Game], child: Child) -> QuerySet[SkillAttempt]:
    """Every answer and skip of ``child`` in ``games``, theirs: never a sibling's at a
    table they shared."""
    return SkillAttempt.objects.filter(game__in=games).of(child)


def answers_for(games: QuerySet[Game], child: Child) -> list[Marked]:
    """Every practice answer ``child`` gave in ``games``, as (skill, right) pairs (a skip is
    not an answer)."""
    answered = answers_in(games, child).filter(skipped=False)
    return list(answered.values_list("skill", "right"))


def kept_for(games: QuerySet[Game], child: Child) -> QuerySet[SkillAttempt]:
    """Every answer and skip of ``child`` kept in ``games``, oldest first, with its game."""
    return answers_in(games, child).select_related("game").order_by("answered", "pk")


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


def summaries(answers: Iterable[Marked]) -> list[SkillSummary]:
    """Each skill with its answers and how many were right, the most practised first."""
    given: dict[str, int] = {}
    right: dict[str, int] = {}
    for skill, was_right in answers:
        given[skill] = given.get(skill, 0) + 1
        right[skill] = right.get(skill, 0) + was_right
    ordered = sorted(given, key=lambda skill: (-given[skill], skill))
    return [SkillSummary(s, skill_name(s), given[s], right[s]) for s in ordered]


def earned(summary: SkillSummary | None) -> TypeGuard[SkillSummary]:
    return summary is not None and summary.answers >= SUGGESTION_ANSWERS


def suggestion(maths_level: str, skills: list[SkillSummary]) -> str:
    """A plain suggestion for the grown-up, once the answers have earned one; else ""."""
    by_skill = {summary.skill: summary for summary in skills}
    adding = by_skill.get(ADDING)
    negative = by_skill.get(ADDING_NEGATIVE)
    if maths_level == MathsLevel.ADDING and earned(adding) and adding.percent >= 90:
        return grown_ups.try_negative_numbers(adding.percent, adding.answers)
    if maths_level == MathsLevel.NEGATIVE and earned(negative) and negative.percent < 50:
        return grown_ups.try_adding_only(negative.percent, negative.answers)
    return ""


# --- what the evidence says, skill by skill ------------------------------------------------

# A skill is judged on its latest first tries: this many of them, and this many right is
# "got it". Fewer first tries than that say too little to judge.
JUDGED = 10
GOT_IT = 8
# The states, as keys (the page's CSS classes are made from them; grown_ups.SKILL_STATES
# words them).
NOT_ENOUGH, STILL_LEARNING, LEARNED = "not enough answers yet", "still learning", "got it"


@dataclass(frozen=True)
class Verdict:
    skill: str
    label: str
    asked: int  # questions answered (first tries), all time
    judged: int  # of the latest JUDGED of them
    right: int  # how many of those were right the first time

    @property
    def state(self) -> str:
        if self.judged < JUDGED:
            return NOT_ENOUGH
        return LEARNED if self.right >= GOT_IT else STILL_LEARNING

    @property
    def state_text(self) -> str:
        return grown_ups.SKILL_STATES[self.state]

    @property
    def evidence(self) -> str:
        """How its latest first tries went, the rule being said once for every skill."""
        if self.judged < JUDGED:
            return grown_ups.waiting_to_judge(self.asked, JUDGED)
        return grown_ups.right_of_latest(self.right, JUDGED)


def first_tries(games: QuerySet[Game], child: Child) -> QuerySet[SkillAttempt]:
    """Each question ``child`` answered once: its first try (a skip is not an answer)."""
    return answers_in(games, child).filter(first_try=True, skipped=False)


def verdicts(games: QuerySet[Game], child: Child) -> list[Verdict]:
    """Each skill ``child`` practised, in the order of Skill, judged on its latest first
    tries."""
    by_skill: dict[str, list[tuple[datetime, bool]]] = {}
    firsts = first_tries(games, child).values_list("skill", "answered", "right")
    for skill, answered, right in firsts:
        by_skill.setdefault(skill, []).append((answered, right))
    found = []
    for skill in Skill:
        tries = sorted(by_skill.get(skill.value, []))
        if not tries:
            continue
        latest = [right for _, right in tries[-JUDGED:]]
        found.append(
            Verdict(
                skill=skill.value,
                label=skill_name(skill),
                asked=len(tries),
                judged=len(latest),
                right=sum(latest),
            )
        )
    return found


# --- what the child found tricky ---------------------------------------------------------

TRICKY_SHOWN = 5
# Tricky questions are looked for among this many latest answers.
LOOKED_AT = 200


@dataclass(frozen=True)
class Missed:
    """A question the child did not get right the first time, as it was asked."""

    asked: AnsweredQuestion
    cards: list[CardView]  # a column's cards, top to bottom, as the game draws them


def for_parent(names: Iterable[str], child_name: str) -> list[str]:
    """The seats' names as a grown-up reads them: the child by name, not "You"."""
    return [child_name if name == YOU else name for name in names]


def tricky(games: QuerySet[Game], child: Child) -> list[Missed]:
    """The latest questions ``child`` did not get right the first time, newest first, each
    made again from its facts (an older answer, kept before the questions were, cannot be
    shown)."""
    child_name = child.nickname
    latest = (
        answers_in(games, child)
        .exclude(kind="")
        .select_related("game")
        .defer("game__snapshot", "game__moves")
        .order_by("-answered", "-pk")[:LOOKED_AT]
    )
    by_game: dict[int, list[SkillAttempt]] = {}
    for attempt in latest:
        by_game.setdefault(attempt.game_id, []).append(attempt)
    missed = []
    for attempts in by_game.values():
        game = attempts[0].game
        names = for_parent(seat_names(game.bot_levels, game.nicknames), child_name)
        for asked in reversed(as_asked(attempts, game.rules, names)):
            if asked.missed and asked.question is not None:
                cards = [card_view(c.code, counts=c.counts) for c in asked.question.cards]
                missed.append(Missed(asked, cards))
    return missed[:TRICKY_SHOWN]
