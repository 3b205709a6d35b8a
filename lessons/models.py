"""Every answer a child gives to a practice question, kept with its game."""

from __future__ import annotations

from django.db import models
from django.utils import timezone

from .skills import Skill


class SkillAttemptQuerySet(models.QuerySet):
    def tally(self) -> dict[Skill, tuple[int, int]]:
        """(answers right, answers given) for each skill that has any."""
        rows = self.values("skill").annotate(
            given=models.Count("id"), right=models.Count("id", filter=models.Q(right=True))
        )
        return {Skill(row["skill"]): (row["right"], row["given"]) for row in rows}


class SkillAttempt(models.Model):
    # By name, so that lessons never imports games; a guest's answers go with their game.
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="skill_attempts")
    skill = models.CharField(max_length=32, choices=[(s.value, s.label) for s in Skill])
    right = models.BooleanField()
    first_try = models.BooleanField()
    # The hole the question was about.
    hole = models.PositiveSmallIntegerField()
    answered = models.DateTimeField(default=timezone.now, db_index=True)

    objects = SkillAttemptQuerySet.as_manager()

    class Meta:
        ordering = ["answered"]

    def __str__(self) -> str:
        how = "right" if self.right else "not right"
        return (
            f"{self.skill} {how} (hole {self.hole}, {'first' if self.first_try else 'second'} try)"
        )
