"""Kept answers read back as the first tries the ladder reads, and kept choices at the table,
for the plan a new game's questions are chosen by. The questions they answered, as a
grown-up's pages show them, are ``games.questions.as_asked``'."""

from __future__ import annotations

from datetime import datetime

from django.db.models import QuerySet

from .core.choice import Plan, plan_for
from .core.ladder import FirstTry
from .core.skills import Skill
from .models import SkillAttempt, TableDecision


def first_tries(attempts: QuerySet[SkillAttempt]) -> list[FirstTry]:
    """The first tries among ``attempts``, oldest first, as the ladder reads them: a skip,
    or an answer kept before questions had levels, is not one."""
    rows = (
        attempts.filter(first_try=True, skipped=False)
        .exclude(kind="")
        .order_by("answered", "pk")
        .values_list("skill", "level", "right", "answered")
    )
    return [FirstTry(Skill(skill), level, right, when) for skill, level, right, when in rows]


def choices_at_the_table(table: QuerySet[TableDecision]) -> list[tuple[str, bool]]:
    """A child's kept choices at the table (kind, good), oldest first."""
    return list(table.order_by("made", "pk").values_list("kind", "good"))


def plan_from(
    attempts: QuerySet[SkillAttempt], now: datetime, table: QuerySet[TableDecision]
) -> Plan:
    """The plan for a game starting ``now``, from a child's kept answers (``attempts``) and
    their choices at the table."""
    return plan_for(first_tries(attempts), now, choices_at_the_table(table))
