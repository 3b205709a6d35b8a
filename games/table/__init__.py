"""The table: a game of Golf played by people and bots at one table, in plain Python.

Shaped like the engine: a :class:`Table` (the engine's state and what the table adds),
its :class:`Move` s, :func:`stage`, :func:`legal_moves`, and :func:`apply`, which returns the
new table and what happened as events. No Django here: the games app loads a table from a
saved game, applies a move, saves it and draws the page.
"""

from .events import Answered, Event, Handed, NextHole, Played, Ready, Remembered, Skipped
from .moves import ANSWER, HAND, NEXT, READY, REMEMBER, SKIP, Move, parse
from .play import (
    Reached,
    advance,
    again,
    apply,
    deal,
    dealt,
    knock_waits,
    legal_moves,
    move_on,
    must_ask_before_knocking,
    offered,
    offers_knock_after,
    on_the_line,
    question_asked,
    rebuild,
    stage,
    stage_for,
    start,
    suggestion,
    waited_on,
    waiting_for,
)
from .state import Practice, Setup, Stage, Table

__all__ = [
    "ANSWER",
    "HAND",
    "NEXT",
    "READY",
    "REMEMBER",
    "SKIP",
    "Answered",
    "Event",
    "Handed",
    "Move",
    "NextHole",
    "Played",
    "Practice",
    "Reached",
    "Ready",
    "Remembered",
    "Setup",
    "Skipped",
    "Stage",
    "Table",
    "advance",
    "again",
    "apply",
    "deal",
    "dealt",
    "knock_waits",
    "legal_moves",
    "move_on",
    "must_ask_before_knocking",
    "offered",
    "offers_knock_after",
    "on_the_line",
    "parse",
    "question_asked",
    "rebuild",
    "stage",
    "stage_for",
    "start",
    "suggestion",
    "waited_on",
    "waiting_for",
]
