"""Every answer a child gives to a practice question, kept with its game: what was asked
(its kind, skill, level, hole, the facts it was about and the right answer) and what was
answered (the value, where the child landed on a number line, first or second try, or
skipped, and the seconds it took). Facts, never sentences: the words are made again from them
when a page is drawn, and the child's levels (lessons.core.ladder) are worked out from them."""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING, Any

from django.db import models
from django.utils import timezone

from .core.skills import Skill

if TYPE_CHECKING:
    from .core.questions import Question

# Longer than this since the question appeared, the child was away, not thinking.
LONGEST_THOUGHT = timedelta(hours=1)


class Asked(models.TextChoices):
    # The values are saved in the database: never change one.
    COLUMN = "column", "What a column scores"
    TOTAL = "total", "The total now"
    WINNER = "winner", "Who won the hole"
    GAP = "gap", "How far behind the winner"
    LINE = "line", "A sum walked on the number line"


class SkillAttemptQuerySet(models.QuerySet):
    def of(self, child: Any) -> SkillAttemptQuerySet:
        """Among answers in games ``child`` (a families.Child) sat at, their own: those
        naming them, and those kept before answers named a child, when only a child alone
        at the table was asked questions (a sibling's answers at a shared table never)."""
        return self.filter(models.Q(child=child) | models.Q(child=None))

    def tally(self) -> dict[Skill, tuple[int, int]]:
        """(answers right, answers given) for each skill that has any (a skip is no answer)."""
        rows = (
            self.filter(skipped=False)
            .values("skill")
            .annotate(
                given=models.Count("id"), right=models.Count("id", filter=models.Q(right=True))
            )
        )
        return {Skill(row["skill"]): (row["right"], row["given"]) for row in rows}


class SkillAttempt(models.Model):
    # By name, so that lessons never imports games; a guest's answers go with their game.
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="skill_attempts")
    # The child who answered (None for a guest): at a family table with a device each,
    # several children answer in one game, each for themselves. Deleted with the child,
    # even where a sibling keeps the game.
    child = models.ForeignKey(
        "families.Child",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="skill_attempts",
    )
    # The labels are for Django, as the first migration has them: a page names a skill in
    # its own language (games.words.questions.skill_name).
    skill = models.CharField(
        max_length=32,
        choices=[
            (Skill.ADDING, "Adding small numbers"),
            (Skill.ADDING_NEGATIVE, "Adding a negative number"),
            (Skill.PAIRS_CANCEL, "Pairs cancel to zero"),
            (Skill.COMPARING, "Comparing numbers"),
            (Skill.RUNNING_TOTAL, "Keeping a running total"),
            (Skill.DIFFERENCE, "How far behind"),
        ],
    )
    # Its level on the skill's ladder (lessons.core.skills.LADDERS), from 1.
    level = models.PositiveSmallIntegerField(default=1)
    right = models.BooleanField()
    first_try = models.BooleanField()
    # The hole the question was about.
    hole = models.PositiveSmallIntegerField()
    answered = models.DateTimeField(default=timezone.now, db_index=True)
    # What was asked. Answers kept before these were "" / {} / None: an older answer.
    kind = models.CharField(max_length=16, choices=Asked.choices, blank=True, default="")
    # A column: {"column": 2, "cards": ["9C", "2S"]} top to bottom; a total:
    # {"before": 12, "score": -1}; who won: {"scores": [5, 3, null]}, by seat, no names.
    facts = models.JSONField(default=dict, blank=True)
    right_answer = models.IntegerField(null=True, blank=True)
    # What was answered: None when skipped (and for an older answer); on a number line,
    # where the child landed after each number of the sum but the first (the last is given).
    given = models.IntegerField(null=True, blank=True)
    landings = models.JSONField(default=list, blank=True)
    skipped = models.BooleanField(default=False)
    seconds = models.PositiveIntegerField(null=True, blank=True)

    objects = SkillAttemptQuerySet.as_manager()

    class Meta:
        ordering = ["answered"]

    def __str__(self) -> str:
        how = "skipped" if self.skipped else "right" if self.right else "not right"
        return (
            f"{self.skill} {how} (hole {self.hole}, {'first' if self.first_try else 'second'} try)"
        )

    @classmethod
    def record(
        cls,
        game: Any,
        question: Question,
        *,
        child_id: int | None = None,
        hole: int,
        given: int | None,
        first_try: bool,
        seconds: int | None,
        landings: tuple[int, ...] = (),
    ) -> SkillAttempt:
        """An answer to ``question`` (``given`` None: skipped), not yet saved."""
        return cls(
            game=game,
            child_id=child_id,
            skill=question.skill,
            level=question.level,
            kind=question.kind,
            facts=dict(question.facts),
            right_answer=question.answer,
            given=given,
            landings=list(landings),
            skipped=given is None,
            right=given is not None and question.is_right(given, landings),
            first_try=first_try,
            hole=hole,
            seconds=seconds,
            answered=timezone.now(),
        )

    @property
    def is_older(self) -> bool:
        """Kept before the question was: only its skill and whether it was right."""
        return not self.kind


def seconds_since(shown: Any, now: Any = None) -> int:
    """Whole seconds from ``shown`` to ``now``, at most LONGEST_THOUGHT."""
    taken = min((now or timezone.now()) - shown, LONGEST_THOUGHT)
    return max(0, int(taken.total_seconds()))


class TableDecision(models.Model):
    """A choice a child made at the table that shows their maths (games.table.decisions): a
    chance to make a pair taken or missed, a lower card kept over a higher one or the other
    way round, a negative card kept or thrown away. Facts only; kept with its game."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="table_decisions")
    hole = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=16)  # "pair", "lower" or "negative"
    good = models.BooleanField()
    made = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["made", "pk"]

    def __str__(self) -> str:
        return f"{self.kind} {'good' if self.good else 'not yet'} (hole {self.hole})"
