"""A number line as a page draws it: each drawing's ticks, hops and marks where they go in
its box, with the words written at them (``games.words.number_lines``), and the sentence that
says the same. The line itself, and where its numbers fall, is ``lessons.core.number_line``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from games.words.cards import number
from games.words.number_lines import hop_label, line_text, mark_label
from lessons.core.number_line import MIDDLE, Drawing, Hop, NumberLine, place_labels


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
class DrawingView:
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
class LineView:
    """A number line as a page shows it: its drawings with their labels, and its text."""

    line: NumberLine
    drawings: tuple[DrawingView, ...]
    text: str


def line_view(line: NumberLine, names: Sequence[str] = ()) -> LineView:
    """``line`` drawn, with its words; ``names`` are the seats' names, for a line of scores."""
    return LineView(line, tuple(_drawn(d, names) for d in line.drawings), line_text(line, names))


def _drawn(drawing: Drawing, names: Sequence[str]) -> DrawingView:
    line = drawing.line
    start = line.start
    labels = [mark_label([names[s] for s in m.seats]) for m in line.marks]
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
    return DrawingView(
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
