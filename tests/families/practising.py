"""A child's practice as the plan is worked out from it: first tries at questions of a skill,
and holes played against a gentle bot (for the tests of the parent's pages, in Django's test
client or in Chromium)."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta

from django.utils import timezone

from games.engine import PRESETS
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


def a_month_of_games(child, games: int = 12, seed: int = 1) -> None:
    """``games`` real games of three holes of ``child``'s favourite mode, played out against a
    gentle bot over the last four weeks (the last today), their questions answered right
    about 4 times in 5, as a child with a month of games has them."""
    from peabody.families.management.commands.demo_family import play_out

    rng = random.Random(seed)
    now = timezone.now()
    type(child).objects.filter(pk=child.pk).update(created=now - timedelta(days=30))
    for n in range(games):
        rules = replace(PRESETS[child.favourite_mode], holes=3, adding_only=child.adding_only)
        game = Game.start(rules, ["gentle"], seed=rng.randrange(2**48), people=[child])
        play_out(game, rng, gentleness=0.8)
        started = now - timedelta(days=27 * (games - 1 - n) / max(games - 1, 1), hours=1)
        Game.objects.filter(pk=game.pk).update(
            created=started, updated=started + timedelta(minutes=rng.randint(6, 18))
        )
        SkillAttempt.objects.filter(game=game).update(answered=started)
