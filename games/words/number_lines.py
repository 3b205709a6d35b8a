"""Number lines in words: the labels a line's picture writes (its ticks' numbers, "+5" over a
hop, a player's name over their score) and the sentence that says the same for a screen
reader and for reading aloud. Where each thing is drawn is ``lessons.core.number_line``'s.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, gettext_noop, ngettext

from lessons.core.number_line import MIDDLE, Drawing, Hop, NumberLine, place_labels

from .cards import number
from .people import is_you, you_first


@dataclass(frozen=True, slots=True)
class Point:
    """A number on the line, with what is written at it."""

    value: int
    x: float
    label: str


@dataclass(frozen=True, slots=True)
class TickDrawn(Point):
    """A tick's number, ``odd`` if it is an odd number of steps from 0: on a crowded line
    only every other number is written, 0 among them."""

    odd: bool = False


@dataclass(frozen=True, slots=True)
class MarkDrawn(Point):
    """A player's score on the line, with their name over it: at height ``y``, centred on
    the mark or starting or ending at it (``anchor``); a name in a row above the lowest
    hangs on a line down to the mark, from ``leader_top``."""

    y: float = 0
    anchor: str = MIDDLE
    leader_top: float | None = None


@dataclass(frozen=True, slots=True)
class HopDrawn:
    hop: Hop
    label: str  # "+5", "−2"

    @property
    def forward(self) -> bool:
        return self.hop.forward

    @property
    def x_from(self) -> float:
        return self.hop.x_from

    @property
    def x_mid(self) -> float:
        return self.hop.x_mid

    @property
    def x_to(self) -> float:
        return self.hop.x_to


@dataclass(frozen=True, slots=True)
class DrawingSaid:
    """One drawing of a line (``lessons.core.number_line.Drawing``: the box's shape and the
    heights in it), with its labelled numbers."""

    drawing: Drawing
    ticks: tuple[TickDrawn, ...]
    start: Point | None
    hops: tuple[HopDrawn, ...]
    marks: tuple[MarkDrawn, ...]

    @property
    def left(self) -> float:
        return self.drawing.line.left

    @property
    def right(self) -> float:
        return self.drawing.line.right


@dataclass(frozen=True, slots=True)
class SaidLine:
    """A number line as a page shows it: its drawings with their labels, and its text."""

    line: NumberLine
    drawings: tuple[DrawingSaid, ...]
    text: str


def said_line(line: NumberLine, names: Sequence[str] = ()) -> SaidLine:
    """``line`` with its words; ``names`` are the seats' names, for a line of scores."""
    if line.ruler:
        text = from_to(line)
    elif line.walked:
        text = walk_text(line)
    else:
        text = scores_text(line, names)
    return SaidLine(line, tuple(_drawn(d, names) for d in line.drawings), text)


def _drawn(drawing: Drawing, names: Sequence[str]) -> DrawingSaid:
    line = drawing.line
    start = line.start
    labels = [you_first([names[s] for s in m.seats]) for m in line.marks]
    size = drawing.label_size
    places = place_labels(
        [m.x for m in line.marks],
        [ems(label) * size for label in labels],
        drawing.width,
        gap=size / 2,
    )
    drawing = drawing.raised(max((p.row for p in places), default=0))
    marks = []
    for mark, label, place in zip(line.marks, labels, places, strict=True):
        y = drawing.mark_label - place.row * drawing.row_height
        top = y + size * 0.3 if place.row else None  # just under the name's letters
        marks.append(MarkDrawn(mark.value, mark.x, label, y, place.anchor, top))
    return DrawingSaid(
        drawing=drawing,
        ticks=tuple(
            TickDrawn(t.value, t.x, number(t.value), odd=(t.value // line.step) % 2 == 1)
            for t in line.ticks
        ),
        start=Point(start.value, start.x, number(start.value)) if start else None,
        hops=tuple(HopDrawn(h, hop_label(h.size)) for h in line.hops),
        marks=tuple(marks),
    )


# How wide letters are, in the height of the letters (em), bold: a little more than most
# fonts draw them (DejaVu Sans, among the widest), so that names kept apart by these widths
# are apart on any screen.
NARROW = frozenset("fijlrtI.,;:'!|-() ")
WIDE = frozenset("mwMW@")


def ems(text: str) -> float:
    """About how wide ``text`` is drawn, in ems (bold)."""
    width = 0.0
    for char in text:
        if unicodedata.east_asian_width(char) in ("W", "F"):
            width += 1.05
        elif char in NARROW:
            width += 0.5
        elif char in WIDE:
            width += 1.1
        elif char.isupper():
            width += 0.85
        else:
            width += 0.72
    return width


def hop_label(size: int) -> str:
    """``"+5"`` or ``"−2"``: written over a hop."""
    return f"+{size}" if size > 0 else number(size)


def walk(values: Sequence[int]) -> str:
    """A sum as steps along a line: ``[9, -2]`` is "Start at 9. Go back 2. You land on 7."."""
    said = [start_at(values[0]), *(step(v) for v in values[1:])]
    said.append(gettext("You land on %(number)s.") % {"number": number(sum(values))})
    return " ".join(said)


def start_at(value: int) -> str:
    return gettext("Start at %(number)s.") % {"number": number(value)}


def step(value: int) -> str:
    """One number of a sum as a move along the line: "Count on 7.", "Go back 2.", and a
    0 (a king) "Add nothing."."""
    if value < 0:
        return gettext("Go back %(count)s.") % {"count": -value}
    if value == 0:
        return gettext("Add nothing.")
    return gettext("Count on %(count)s.") % {"count": value}


def spoken(value: int) -> str:
    """A place on the line as a screen reader says a slider's value: "minus 2", "5"."""
    if value < 0:
        return gettext(SPOKEN_MINUS) % {"count": -value}
    return str(value)


# Translators: a number below 0, said aloud: "minus 2".
SPOKEN_MINUS = gettext_noop("minus %(count)s")


def from_to(line: NumberLine) -> str:
    return gettext("A number line from %(low)s to %(high)s.") % {
        "low": number(line.low),
        "high": number(line.high),
    }


def walk_text(line: NumberLine) -> str:
    return f"{from_to(line)} {walk(line.walked)}"


def scores_text(line: NumberLine, names: Sequence[str]) -> str:
    said = [from_to(line)]
    said += [got([names[s] for s in mark.seats], mark.value) for mark in line.marks]
    said.append(gettext("The lowest score is the one furthest left."))
    return " ".join(said)


def got(names: Sequence[str], value: int) -> str:
    """ "Sam got 3.", "You got 3.", "You and Sam got 3."."""
    if len(names) == 1 and is_you(names[0]):
        return gettext("You got %(number)s.") % {"number": number(value)}
    # Translators: %(names)s is one player's name, or several: "Sam", "You and Sam".
    return ngettext("%(names)s got %(number)s.", "%(names)s got %(number)s.", len(names)) % {
        "names": you_first(names),
        "number": number(value),
    }
