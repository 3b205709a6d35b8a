"""A move at the table: every engine action, and the table's own.

A move is written as the game page's buttons send it and the game's log keeps it:
``"swap:3"``, ``"draw_stock"``, ``"remember"``, ``"answer:-2"``, or ``"land:-2,5"`` for a sum
walked on a number line (every landing, the last one the answer). At a table with a device
each an answer or a skip names its seat after an ``@`` (``"answer:-2@1"``); older logs have
none. :func:`parse` reads a page's form once, with a clear error for anything else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from games.engine import Action, ActionKind, IllegalAction
from lessons.core.questions import read_answer

REMEMBER = "remember"  # the person at the table has looked at their peeked cards
READY = "ready"  # the next person has the device
NEXT = "next"  # everyone has seen the scores of the hole just finished
ANSWER = "answer"  # a practice question's answer: a number, or a player's seat
SKIP = "skip"  # no more answers for this hole's questions
# A person's seat is played by a gentle bot from now on (their device has gone, or the host
# took a friend's seat away): "hand:2".
HAND = "hand"
TABLE_MOVES = (REMEMBER, READY, NEXT, ANSWER, SKIP, HAND)
LAND = "land"  # an answer walked on a number line, landing by landing
MOST_LANDINGS = 8  # more numbers than any column or total adds


class Move(NamedTuple):
    kind: str
    pos: int | None = None  # an engine action's card place
    value: int | None = None  # an answer: the number given, or the seat chosen (or handed)
    # Knock Golf: knock once this move has ended the turn (the page's "Knock after" box).
    then_knock: bool = False
    # An answer walked on a number line: where the child landed after each number of the
    # sum but the first; the last is ``value``.
    landings: tuple[int, ...] = ()
    # An answer or a skip: the seat whose question it is (None: the person's at the device).
    seat: int | None = None

    @property
    def action(self) -> Action | None:
        """The engine action this move is, or None for one of the table's own."""
        return None if self.kind in TABLE_MOVES else Action(ActionKind(self.kind), self.pos)

    def __str__(self) -> str:
        return self._text() if self.seat is None else f"{self._text()}@{self.seat}"

    def _text(self) -> str:
        if self.kind == ANSWER:
            if self.landings:
                return f"{LAND}:{','.join(str(n) for n in self.landings)}"
            return ANSWER if self.value is None else f"{ANSWER}:{self.value}"
        if self.kind == HAND:
            return f"{HAND}:{self.value}"
        return self.kind if self.pos is None else f"{self.kind}:{self.pos}"

    @classmethod
    def of(cls, action: Action) -> Move:
        return cls(action.kind, action.pos)


def parse(
    text: str, typed: str = "", then_knock: bool = False, landings: Sequence[str] = ()
) -> Move:
    """Read a move as the page sends it: ``text`` is the pressed button's value; ``typed``
    what the number pad holds, for a plain ``"answer"``; ``landings`` where the child landed
    on a number line, one at a time. Raises IllegalAction, with the code of why
    (``games.words.refusals.refusal`` says it), for anything else."""
    text, at, seat = text.partition("@")
    if at:
        # Only as the log keeps an answer: a page's form never names a seat (the device's
        # own is taken, games.models.Game.play).
        if not (seat.isascii() and seat.isdigit() and len(seat) < 3):
            raise IllegalAction("not_a_move")
        move = parse(text, typed, then_knock, landings)
        if move.kind not in (ANSWER, SKIP):
            raise IllegalAction("not_a_move")
        return move._replace(seat=int(seat))
    kind, colon, rest = text.partition(":")
    if kind == LAND:
        walked = rest.split(",") if colon else list(landings)
        read = [read_answer(landing) for landing in walked]
        steps = tuple(n for n in read if n is not None)
        if not steps or len(steps) != len(read) or len(steps) > MOST_LANDINGS:
            raise IllegalAction("no_answer")
        return Move(ANSWER, value=steps[-1], landings=steps)
    if kind == ANSWER:
        value = read_answer(rest if colon else typed)
        if value is None:
            raise IllegalAction("no_answer")
        return Move(ANSWER, value=value)
    if kind == HAND:
        if not (rest.isascii() and rest.isdigit() and len(rest) == 1):
            raise IllegalAction("not_a_move")
        return Move(HAND, value=int(rest))
    if kind in TABLE_MOVES:
        if colon:
            raise IllegalAction("not_a_move")
        return Move(kind)
    return Move.of(Action.from_text(text))._replace(then_knock=then_knock)
