"""The table's state: the engine's state, and what the table adds to it.

The engine plays Golf; the table plays it with people and bots at one table: each person
looks at their peeked cards before the hole starts, everyone sees a hole's scores before the
next is dealt, a child answers questions about their hole, and when several people share one
device, it goes from one to the next. What each person has not been told yet is kept too, as
events, so a page opened later tells it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

from games.engine import Rules, State
from lessons.core.choice import Plan

from .events import Played

# The bot that takes a person's seat over: the kindest.
HANDED_TO = "gentle"


class Stage(StrEnum):
    """What the table is waiting for."""

    PLAY = "play"  # the decision of the person at the table
    BOTS = "bots"  # a bot's decision: the table plays it at once
    PEEK = "peek"  # the person at the table to look at their two cards (easy4's start)
    PASS = "pass"  # the device to go to the next person, who says when they have it
    # On a device of its own: another person's decision, made on their device (see
    # games.table.stage_for); never the table's own stage.
    WAIT = "wait"
    PRACTICE = "practice"  # the child to answer a question about the hole just finished
    SUMMARY = "summary"  # everyone to see the scores of the hole just finished
    OVER = "over"  # the game's end, once the last hole's scores are seen


class Setup(NamedTuple):
    """What a game is set up with, and never changes."""

    rules: Rules
    seed: int
    bots: tuple[str | None, ...]  # per seat: a bot's level, or None for a person
    gentleness: float | None = None  # how kind the gentle bots are; None for the usual
    # Practice questions after each hole: for the one person of a game of one, or with a
    # device each for the seats in ``learners`` (never at one device passed round).
    questions: bool = True
    # Per seat, what its questions are chosen by (lessons.core.choice); None, or no entry: the
    # fixed choice, for a child whose grown-up switched adapting off.
    plans: tuple[Plan | None, ...] = ()
    # Each person plays on a device of their own (a family table across phones and
    # tablets): nothing is passed round; each device shows the table from its own seat.
    devices: bool = False
    # A sum that can go on the number line is walked on it from its first try, not typed:
    # the class's game, played with a clicker, which has no digits.
    walk_first: bool = False
    # With a device each, the seats asked practice questions: each a child whose grown-up
    # has their questions on (a grown-up's seat never is).
    learners: tuple[int, ...] = ()

    @property
    def players(self) -> int:
        return len(self.bots)

    @property
    def people_seats(self) -> tuple[int, ...]:
        """The seats of the people: every seat without a bot."""
        return tuple(seat for seat, level in enumerate(self.bots) if level is None)

    @property
    def several_people(self) -> bool:
        return len(self.people_seats) > 1

    @property
    def shared_device(self) -> bool:
        """Several people play at one device, passing it round."""
        return self.several_people and not self.devices

    @property
    def practising(self) -> tuple[int, ...]:
        """The seats asked practice questions after each hole, each on their own device: a
        child playing alone, or the learners at a table with a device each. One device
        passed round asks nobody: it would ask each child in front of the others."""
        if not self.questions:
            return ()
        if self.devices:
            return self.learners
        return () if self.several_people else self.people_seats[:1]

    def plan_of(self, seat: int) -> Plan | None:
        """What the questions of ``seat`` are chosen by; None for the fixed choice."""
        return self.plans[seat] if seat < len(self.plans) else None


class Practice(NamedTuple):
    """One seat's practice questions: those about the hole just finished, by key
    (lessons.core.questions), how many are done, and how many wrong answers the one being asked
    has had; and over the game, the kind of the latest question asked (to mix kinds) and
    the skills asked so far."""

    asked: tuple[str, ...] = ()
    answered: int = 0
    wrong_tries: int = 0
    last_kind: str = ""
    practised: tuple[str, ...] = ()

    @property
    def question_key(self) -> str | None:
        """The key of the question being asked, if one is."""
        return self.asked[self.answered] if self.answered < len(self.asked) else None

    def to_json(self) -> dict[str, Any]:
        return {
            "asked": list(self.asked),
            "answered": self.answered,
            "wrong_tries": self.wrong_tries,
            "last_kind": self.last_kind,
            "practised": list(self.practised),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Practice:
        return cls(
            asked=tuple(data["asked"]),
            answered=data["answered"],
            wrong_tries=data["wrong_tries"],
            last_kind=data.get("last_kind", ""),  # not in a snapshot from before it was kept
            practised=tuple(data.get("practised", ())),  # nor this
        )


class Table(NamedTuple):
    setup: Setup
    state: State
    moves: int = 0  # how many moves the game's log holds
    # The seat of the person the table is shown to: in a game for one, theirs; with several
    # people, whoever has the device (None before anyone has it); with a device each, the
    # person whose decision the table waits for.
    at_device: int | None = 0
    # Per seat, the latest hole whose peeked cards that person has looked at (0: none).
    peeked: tuple[int, ...] = ()
    holes_seen: int = 0  # how many finished holes everyone has seen the scores of
    # Per seat, its practice questions (none for a seat not asked any).
    practice: tuple[Practice, ...] = ()
    # Per seat, what happened that the person there has not been shown yet.
    unseen: tuple[tuple[Played, ...], ...] = ()
    # The people's seats handed to a gentle bot during the game (games.table.moves.HAND).
    handed: tuple[int, ...] = ()

    @property
    def bots(self) -> tuple[str | None, ...]:
        """Per seat, the bot's level that plays it now, or None for a person: the setup's,
        with the seats handed to a bot since."""
        return tuple(
            HANDED_TO if seat in self.handed else level
            for seat, level in enumerate(self.setup.bots)
        )

    @property
    def people_seats(self) -> tuple[int, ...]:
        """The seats a person still plays."""
        return tuple(seat for seat in self.setup.people_seats if seat not in self.handed)

    def has_peeked(self, seat: int) -> bool:
        return self.peeked[seat] == self.state.hole

    def practice_of(self, seat: int | None) -> Practice:
        """The practice questions of ``seat`` (none for no seat)."""
        return self.practice[seat] if seat is not None else Practice()

    def question_key(self, seat: int | None) -> str | None:
        """The key of the question ``seat`` is being asked, if one is."""
        return self.practice_of(seat).question_key

    @property
    def asking(self) -> tuple[int, ...]:
        """The seats with a question open: the table moves on once there are none."""
        return tuple(seat for seat, mine in enumerate(self.practice) if mine.question_key)

    def to_json(self) -> dict[str, Any]:
        """The table as plain JSON data (the setup is the game's own columns)."""
        return {
            "state": self.state.to_json(),
            "moves": self.moves,
            "at_device": self.at_device,
            "peeked": list(self.peeked),
            "holes_seen": self.holes_seen,
            "practice": [mine.to_json() for mine in self.practice],
            "unseen": [[event.to_json() for event in told] for told in self.unseen],
            "handed": list(self.handed),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], setup: Setup) -> Table:
        if "practice" in data:
            practice = tuple(Practice.from_json(mine) for mine in data["practice"])
        else:
            # A snapshot from before each seat had its own: the questions were the first
            # person's, at a table of one.
            first = setup.people_seats[0]
            practice = tuple(
                Practice.from_json(data) if seat == first else Practice()
                for seat in range(setup.players)
            )
        return cls(
            setup=setup,
            state=State.from_json(data["state"]),
            moves=data["moves"],
            at_device=data["at_device"],
            peeked=tuple(data["peeked"]),
            holes_seen=data["holes_seen"],
            practice=practice,
            unseen=tuple(tuple(Played.from_json(e) for e in told) for told in data["unseen"]),
            handed=tuple(data.get("handed", ())),  # not in a snapshot from before
        )
