"""A child's practice as the plan is worked out from it: first tries at questions of a skill,
and holes played against a gentle bot (for the tests of the parent's pages, in Django's test
client or in Chromium)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.models import Game
from lessons.models import SkillAttempt, TableDecision
from tests.factories import GameFactory


def first_tries(child, skill: str, rights: list[bool], *, level: int = 1, days_ago: int = 0):
    """First tries at ``skill`` questions of ``level``, one a minute, the last ``days_ago``,
    in a game of ``child``'s of their own."""
    game = GameFactory(guest_key="", child=child, questions=False)
    last = timezone.now() - timedelta(days=days_ago)
    for n, right in enumerate(rights):
        SkillAttempt.objects.create(
            game=game,
            skill=skill,
            level=level,
            kind="column",
            right=right,
            first_try=True,
            hole=1,
            answered=last - timedelta(minutes=len(rights) - n),
        )
    return game


def holes_against_gentle_bots(child, *games: list[int]) -> None:
    """Finished games of ``child``'s against a gentle bot, oldest first, each given as the
    child's score minus the bot's in each hole (below 0: a hole won)."""
    start = timezone.now() - timedelta(days=len(games))
    for n, holes in enumerate(games):
        game = GameFactory(guest_key="", child=child, questions=False)
        Game.objects.filter(pk=game.pk).update(
            finished=True,
            scores=[[10 + gap, 10] for gap in holes],
            created=start + timedelta(days=n),
        )


def choices_at_the_table(child, kind: str, goods: list[bool]):
    """Choices of ``kind`` at the table (games.table.decisions), one a minute up to now, in
    a game of ``child``'s of their own."""
    game = GameFactory(guest_key="", child=child, questions=False)
    now = timezone.now()
    for n, good in enumerate(goods):
        TableDecision.objects.create(
            game=game, hole=1, kind=kind, good=good, made=now - timedelta(minutes=len(goods) - n)
        )
    return game
