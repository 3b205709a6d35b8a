"""A new game fitted to the child who starts it, from what they have done so far: the plan
its practice questions are chosen by (lessons.choice), and how kind its gentle bots are
(lessons.bot_kindness). A child in kid mode is fitted from all their games, unless their
grown-up switched adapting off; a guest from this browser's games of the day.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import QuerySet
from django.utils import timezone

from games.engine.bots import DEFAULT_GENTLENESS
from games.models import Game, GameQuerySet, guest_key
from lessons.answers import plan_from
from lessons.bot_kindness import Kindness, hole_won, kindness
from lessons.choice import Plan
from lessons.models import SkillAttempt, TableDecision
from peabody.requests import Request

if TYPE_CHECKING:
    from peabody.families.models import Child

GENTLE = "gentle"
# The child's latest games looked at for the bots' kindness: more than its rule needs.
LATEST_GAMES = 30


def played_by(request: Request) -> QuerySet[Game]:
    """The games of the child playing (in kid mode) or of this browser's guest, alone at
    the table (a game of several people at one device says nothing of one child)."""
    child = request.child
    if child is not None:
        return alone(child)
    if key := guest_key(request):
        return Game.objects.filter(guest_key=key).exclude(GameQuerySet.SHARED_DEVICE)
    return Game.objects.none()


def alone(child: Child) -> QuerySet[Game]:
    """The games ``child`` played alone at the table: what they are fitted from."""
    return Game.objects.filter(seats__child=child).exclude(GameQuerySet.SHARED_DEVICE)


def adapting(request: Request) -> bool:
    child = request.child
    return child is None or child.adapting


def plan_for(request: Request) -> Plan | None:
    """The plan for the child's next game; None for the fixed choice of questions."""
    if not adapting(request):
        return None
    games = played_by(request)
    answers = SkillAttempt.objects.filter(game__in=games)
    return plan_from(answers, timezone.now(), TableDecision.objects.filter(game__in=games))


def kindness_for(request: Request) -> Kindness:
    """How kind the next game's gentle bots are, from the holes played against them: the
    grown-up's choice for a child (the usual for a guest), moved by the rule."""
    child = request.child
    if child is not None:
        return kindness_of(child)
    return kindness_in(DEFAULT_GENTLENESS, played_by(request))


def kindness_of(child: Child) -> Kindness:
    """How kind ``child``'s next game's gentle bots are: as their grown-up chose, moved by
    the rule unless the grown-up switched adapting off."""
    if not child.adapting:
        return kindness(child.gentleness, [])
    return kindness_in(child.gentleness, alone(child))


def kindness_in(chosen: float, games: QuerySet[Game]) -> Kindness:
    """``chosen`` moved by the holes of ``games`` played against gentle bots."""
    latest = games.filter(finished=True).defer("snapshot", "moves").order_by("-created")
    won = [
        holes_won(game)
        for game in reversed(latest[:LATEST_GAMES])
        if set(game.bot_levels[1:]) == {GENTLE}
    ]
    return kindness(chosen, won)


@dataclass(frozen=True)
class Fitting:
    """A new game's gentleness and plan, fitted to the child who starts it."""

    gentleness: float | None  # None: the engine's usual
    plan: Plan | None


def fitting(request: Request) -> Fitting:
    return Fitting(kindness_for(request).gentleness, plan_for(request))


def holes_won(game: Game) -> list[float]:
    """Each hole of ``game`` as the child in seat 0 did against its bots, from its columns."""
    won = []
    for hole in game.scores:
        mine, bots = hole[0], [s for s in hole[1:] if s is not None]
        if mine is not None and bots:
            won.append(hole_won(mine, bots))
    return won
