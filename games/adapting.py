"""A new game fitted to the child who starts it, from what they have done so far: the plan
its practice questions are chosen by (lessons.core.choice), and how kind its gentle bots are
(lessons.core.bot_kindness). A child in kid mode is fitted from all their games, unless their
grown-up switched adapting off; a guest from this browser's games of the day.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils import timezone

from games.engine.bots import DEFAULT_GENTLENESS
from games.models import Friend, Game, GameQuerySet, guest_key
from games.requests import PlayingChild, Request
from lessons.answers import plan_from
from lessons.core.bot_kindness import Kindness, hole_won, kindness
from lessons.core.choice import Plan
from lessons.models import SkillAttempt, TableDecision

GENTLE = "gentle"
# The child's latest games looked at for the bots' kindness: more than its rule needs.
LATEST_GAMES = 30


def played_by(request: Request) -> QuerySet[Game]:
    """This browser's guest games (a game of several people at one device says nothing of
    one child); a child in kid mode is fitted from their own (fitting_of)."""
    if key := guest_key(request):
        return Game.objects.filter(guest_key=key).exclude(GameQuerySet.SHARED_DEVICE)
    return Game.objects.none()


def alone(child: PlayingChild) -> QuerySet[Game]:
    """The games ``child`` played alone at the table: their bots' kindness and choices at
    the table are fitted from these."""
    return Game.objects.filter(seats__child=child.pk).exclude(GameQuerySet.SHARED_DEVICE)


def answers_by(child: PlayingChild) -> QuerySet[SkillAttempt]:
    """Every practice answer ``child`` gave: alone at the table, and at a family table
    with a device each, where each child answers their own questions."""
    return SkillAttempt.objects.filter(game__seats__child=child.pk).of(child)


def plan_for(request: Request) -> Plan:
    """The plan for the next game of this browser's guest."""
    games = played_by(request)
    answers = SkillAttempt.objects.filter(game__in=games)
    return plan_from(answers, timezone.now(), TableDecision.objects.filter(game__in=games))


def plan_of(child: PlayingChild) -> Plan | None:
    """The plan for ``child``'s next game, from their own answers and their choices at the
    table alone; None for the fixed choice, if their grown-up switched adapting off."""
    if not child.adapting:
        return None
    decided = TableDecision.objects.filter(game__in=alone(child))
    return plan_from(answers_by(child), timezone.now(), decided)


def kindness_for(request: Request) -> Kindness:
    """How kind a guest's next game's gentle bots are: the usual, moved by the rule."""
    return kindness_in(DEFAULT_GENTLENESS, played_by(request))


def kindness_of(child: PlayingChild) -> Kindness:
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
    if request.child is not None:
        return fitting_of(request.child)
    return Fitting(kindness_for(request).gentleness, plan_for(request))


def fitting_of(child: PlayingChild) -> Fitting:
    """A new game fitted to ``child``: the one they start, or their seat at a family table
    with a device each, where each child's questions are chosen by their own plan."""
    return Fitting(kindness_of(child).gentleness, plan_of(child))


@dataclass(frozen=True)
class TablePractice:
    """At a family table with a device each, the seats asked practice questions (each a
    child whose grown-up has their questions on) and each seat's plan (None for the
    others, and for a child whose grown-up switched adapting off)."""

    learners: tuple[int, ...]
    plans: tuple[Plan | None, ...]


def practice_at(people: Sequence[PlayingChild | Friend | None]) -> TablePractice:
    """The practice of a table with a device each seating ``people`` (a PlayingChild; None for a
    grown-up, or a friend from another family, who have no profile here), each child's plan
    made as for a game of their own."""
    children = [None if isinstance(person, Friend) else person for person in people]
    learners = tuple(
        seat
        for seat, child in enumerate(children)
        if child is not None and child.practice_questions
    )
    plans = tuple(
        plan_of(child) if child is not None and seat in learners else None
        for seat, child in enumerate(children)
    )
    return TablePractice(learners, plans)


def holes_won(game: Game) -> list[float]:
    """Each hole of ``game`` as the child in seat 0 did against its bots, from its columns."""
    won = []
    for hole in game.scores:
        mine, bots = hole[0], [s for s in hole[1:] if s is not None]
        if mine is not None and bots:
            won.append(hole_won(mine, bots))
    return won
