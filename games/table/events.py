"""What happened at the table, as facts: one event a move.

An event holds who moved, what they did and what it changed, never how it is said: the
child's words are made from events when a page is drawn (games.words.table), so a saved game
can be told in any language. A :class:`Played` event holds only what everyone at the table
may see, so it can be kept for whichever person looks next.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from games.engine import Action
from games.engine.bots import Reason
from lessons.core.questions import Question

from .moves import ANSWER, HAND, NEXT, READY, REMEMBER, SKIP, Move
from .spots import Change, Spot


def _changes_json(changes: tuple[Change, ...]) -> list:
    return [[list(spot), before, after] for spot, before, after in changes]


def _changes(data: list) -> tuple[Change, ...]:
    return tuple((tuple(spot), before, after) for spot, before, after in data)


def _pairs(data: list) -> tuple[tuple[Spot, ...], ...]:
    return tuple(tuple(tuple(spot) for spot in group) for group in data)


class Played(NamedTuple):
    """An engine action, by a person or a bot."""

    seat: int
    action: Action
    # A card everyone saw in this move: taken from the pile, turned over, thrown away.
    card: str | None = None
    changes: tuple[Change, ...] = ()
    # The columns this move made into a match, as the spots of their cards: each scores 0.
    pairs: tuple[tuple[Spot, ...], ...] = ()
    reason: Reason | None = None  # a bot's reason for its move
    # When the move ended the hole: every card still face down turned up, and the matches
    # that made.
    ended_hole: bool = False
    revealed: tuple[Change, ...] = ()
    revealed_pairs: tuple[tuple[Spot, ...], ...] = ()

    @property
    def move(self) -> Move:
        return Move.of(self.action)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "action": str(self.action),
            "card": self.card,
            "changes": _changes_json(self.changes),
            "pairs": [[list(spot) for spot in group] for group in self.pairs],
            "reason": self.reason.to_json() if self.reason else None,
            "ended_hole": self.ended_hole,
            "revealed": _changes_json(self.revealed),
            "revealed_pairs": [[list(spot) for spot in group] for group in self.revealed_pairs],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Played:
        return cls(
            seat=data["seat"],
            action=Action.from_text(data["action"]),
            card=data["card"],
            changes=_changes(data["changes"]),
            pairs=_pairs(data["pairs"]),
            reason=Reason.from_json(data["reason"]) if data["reason"] else None,
            ended_hole=data["ended_hole"],
            revealed=_changes(data["revealed"]),
            revealed_pairs=_pairs(data["revealed_pairs"]),
        )


class Remembered(NamedTuple):
    """The person in ``seat`` has looked at their peeked cards of ``hole``."""

    seat: int
    hole: int

    @property
    def move(self) -> Move:
        return Move(REMEMBER)


class Ready(NamedTuple):
    """The person in ``seat`` has the device now."""

    seat: int

    @property
    def move(self) -> Move:
        return Move(READY)


class NextHole(NamedTuple):
    """Everyone has seen the scores of hole ``hole`` (its number, counted from 1)."""

    hole: int

    @property
    def move(self) -> Move:
        return Move(NEXT)


class Answered(NamedTuple):
    """An answer to a practice question about a finished hole (``hole``: its index in the
    results, from 0): the question (lessons.core.questions), the number or seat given, and
    whether it was right, on try ``tries`` (1 or 2)."""

    seat: int
    hole: int
    question: Question
    given: int
    right: bool
    tries: int
    # On a number line: where the child landed after each number but the first.
    landings: tuple[int, ...] = ()

    @property
    def key(self) -> str:
        return self.question.key

    @property
    def move(self) -> Move:
        return Move(ANSWER, value=self.given, landings=self.landings, seat=self.seat)


class Skipped(NamedTuple):
    """The rest of a hole's questions left unanswered, from ``question``, asked on try
    ``tries``."""

    seat: int
    hole: int
    question: Question
    tries: int

    @property
    def key(self) -> str:
        return self.question.key

    @property
    def move(self) -> Move:
        return Move(SKIP, seat=self.seat)


class Handed(NamedTuple):
    """A person's seat is played by a gentle bot from now on."""

    seat: int

    @property
    def move(self) -> Move:
        return Move(HAND, value=self.seat)


Event = Played | Remembered | Ready | NextHole | Answered | Skipped | Handed
