"""Kept answers read back: as the questions they answered, each made again from its facts and
put in words, with every try at it, for a grown-up's pages (progress, the replay); and as
the first tries the ladder reads, for the plan a new game's questions are chosen by."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet

from games.engine import Rules
from games.words.numbers import number
from lessons.questions import QuestionTold, question_told

from .core.choice import Plan, plan_for
from .core.ladder import Answer
from .core.questions import asked_again
from .core.skills import Skill
from .models import SkillAttempt, TableDecision


@dataclass(frozen=True, slots=True)
class Try:
    text: str  # as the child gave it: "11", a player's name, or "" for a skip
    right: bool
    skipped: bool


@dataclass(frozen=True, slots=True)
class AnsweredQuestion:
    """One question asked after a hole and every try at it, first first."""

    game_id: int
    hole: int
    answered: datetime  # the first try
    skill: str
    # None for an answer kept before the questions were ("an older answer").
    question: QuestionTold | None
    tries: tuple[Try, ...]
    right: str  # the right answer as the child would give it ("" for an older answer)

    @property
    def right_first_time(self) -> bool:
        return self.tries[0].right

    @property
    def missed(self) -> bool:
        """Answered, not right the first time (a skip is not a miss)."""
        first = self.tries[0]
        return not first.right and not first.skipped


def as_given(question: QuestionTold, value: int) -> str:
    """An answer as it was given: a number, or the name of the player chosen."""
    if question.choices:
        return next((c.label for c in question.choices if c.value == value), number(value))
    return number(value)


def as_asked(
    attempts: Iterable[SkillAttempt], rules: Rules, names: Sequence[str]
) -> list[AnsweredQuestion]:
    """``attempts`` of one game (each with its first try), as the questions they answered,
    in the order they were asked; ``names`` are the game's seats' names, to say who was
    chosen."""
    asked: dict[tuple, list[SkillAttempt]] = {}
    for attempt in sorted(attempts, key=lambda a: (a.answered, a.pk or 0)):
        # An older answer has no facts to tell its question by: each stands alone.
        key = (attempt.hole, attempt.kind, repr(attempt.facts)) if attempt.kind else (attempt.pk,)
        asked.setdefault(key, []).append(attempt)
    found = []
    for tries in asked.values():
        first = tries[0]
        again = asked_again(first.kind, first.facts, rules) if first.kind else None
        question = question_told(again, rules, names) if again else None
        found.append(
            AnsweredQuestion(
                game_id=first.game_id,
                hole=first.hole,
                answered=first.answered,
                skill=first.skill,
                question=question,
                tries=tuple(
                    Try(
                        as_given(question, a.given) if question and a.given is not None else "",
                        a.right,
                        a.skipped,
                    )
                    for a in tries
                ),
                right=as_given(question, question.answer) if question else "",
            )
        )
    return found


def first_tries(attempts: QuerySet[SkillAttempt]) -> list[Answer]:
    """The first tries among ``attempts``, oldest first, as the ladder reads them: a skip,
    or an answer kept before questions had levels, is not one."""
    rows = (
        attempts.filter(first_try=True, skipped=False)
        .exclude(kind="")
        .order_by("answered", "pk")
        .values_list("skill", "level", "right", "answered")
    )
    return [Answer(Skill(skill), level, right, when) for skill, level, right, when in rows]


def choices_at_the_table(table: QuerySet[TableDecision]) -> list[tuple[str, bool]]:
    """A child's kept choices at the table (kind, good), oldest first."""
    return list(table.order_by("made", "pk").values_list("kind", "good"))


def plan_from(
    attempts: QuerySet[SkillAttempt], now: datetime, table: QuerySet[TableDecision]
) -> Plan:
    """The plan for a game starting ``now``, from a child's kept answers (``attempts``) and
    their choices at the table."""
    return plan_for(first_tries(attempts), now, choices_at_the_table(table))
