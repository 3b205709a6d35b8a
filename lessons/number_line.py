"""Number lines as facts: where every number of a sum that goes below zero is drawn (plain
Python; the labels and the sentence that says the same are ``peabody.words.number_lines``').

Everything is in drawing units along the line: a template draws in a box ``WIDTH`` wide
(``viewBox="0 0 {{ line.width }} H"`` for a height of its choosing) and places a number at
``x``. Every number shown has its ``x`` already worked out (ticks, the start, each hop's
two ends, marks), and ``line.x(n)`` gives it for any other whole number in range. Lower
numbers are to the left. A line is a walk (a sum: start at the first number, hop by each of
the rest) or players' scores side by side (marks, each with the seats that scored it).

A line is drawn twice (``line.drawings``): in the usual box, and in a flatter one
``WIDE_WIDTH`` wide for a projector, where it spans most of the screen without being taller
than a few lines of words; a style sheet shows one of the two.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

WIDTH = 600
# The flatter drawing: the same numbers with more room between them, in a box 71 high.
WIDE_WIDTH = 900
# Room left at each end, so that an end tick's label is not cut off.
MARGIN = 30
# Ticks are this many numbers apart: the first that keeps at most MAX_TICKS gaps.
STEPS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
MAX_TICKS = 20
RULER_STEPS = 30  # a ruler this long or shorter labels every number; a longer one every 5th


@dataclass(frozen=True, slots=True)
class Tick:
    value: int
    x: float


@dataclass(frozen=True, slots=True)
class Mark:
    """A point: where a walk starts, or a score and the seats that got it."""

    value: int
    x: float
    seats: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Hop:
    """One jump along the line, from ``start`` to ``end`` (never a jump of 0)."""

    start: int
    end: int
    x_from: float
    x_to: float

    @property
    def size(self) -> int:
        return self.end - self.start

    @property
    def forward(self) -> bool:
        return self.end > self.start

    @property
    def x_mid(self) -> float:
        """Halfway along the hop, where its arc is highest and its label goes."""
        return round((self.x_from + self.x_to) / 2, 1)


@dataclass(frozen=True, slots=True)
class NumberLine:
    low: int
    high: int
    step: int
    ticks: tuple[Tick, ...]
    start: Mark | None
    hops: tuple[Hop, ...]
    marks: tuple[Mark, ...]
    # A walk's numbers, the first where it starts and each hop after it; () for scores.
    walked: tuple[int, ...] = ()
    width: int = WIDTH
    # A ruler: a line for the child to walk a sum along themselves (no hops drawn).
    ruler: bool = False

    def x(self, value: int) -> float:
        return _x(value, self.low, self.high, self.width)

    @property
    def left(self) -> float:
        return self.x(self.low)

    @property
    def right(self) -> float:
        return self.x(self.high)

    @property
    def drawings(self) -> tuple[Drawing, Drawing]:
        return (Drawing("", self, *USUAL), Drawing("wide", widened(self, WIDE_WIDTH), *FLAT))


def _x(value: int, low: int, high: int, width: int = WIDTH) -> float:
    return round(MARGIN + (value - low) * (width - 2 * MARGIN) / (high - low), 1)


def _range(values: Iterable[int]) -> tuple[int, int, int]:
    """(low, high, step) for a line that shows every value and 0."""
    values = [0, *values]
    least, most = min(values), max(values)
    for step in STEPS:
        low, high = (least // step) * step, -(-most // step) * step
        if (high - low) // step <= MAX_TICKS:
            break
    if low == high:
        high = low + step
    return low, high, step


def _ticks(low: int, high: int, step: int) -> tuple[Tick, ...]:
    return tuple(Tick(v, _x(v, low, high)) for v in range(low, high + 1, step))


def walk_line(values: Sequence[int]) -> NumberLine:
    """The line for the sum of ``values``: start at the first, hop by each of the rest."""
    places = [values[0]]
    for v in values[1:]:
        places.append(places[-1] + v)
    low, high, step = _range(places)
    hops = tuple(
        Hop(a, b, _x(a, low, high), _x(b, low, high))
        for a, b in zip(places, places[1:], strict=False)
        if a != b
    )
    start = Mark(places[0], _x(places[0], low, high))
    ticks = _ticks(low, high, step)
    return NumberLine(low, high, step, ticks, start, hops, (), walked=tuple(values))


def ruler(terms: Sequence[int]) -> NumberLine:
    """A line to walk the sum of ``terms`` along, one number at a time: every whole number
    from at least 2 below to 2 above each place the sum reaches, to the next multiple of 5
    (so neither end gives the answer away), with where it starts marked. A sum that never
    goes below 0 gets a line that starts at 0: no negative number where none is needed."""
    places = [sum(terms[: n + 1]) for n in range(len(terms))]
    lowest = min(0, *places)
    low = 5 * math.floor((lowest - 2) / 5) if lowest < 0 else 0
    high = 5 * math.ceil((max(0, *places) + 2) / 5)
    step = 1 if high - low <= RULER_STEPS else 5  # which numbers the ticks are labelled
    start = Mark(terms[0], _x(terms[0], low, high))
    return NumberLine(low, high, step, _ticks(low, high, step), start, (), (), ruler=True)


def scores_line(points: Sequence[tuple[int, int]]) -> NumberLine:
    """Players' scores, ``(seat, score)``, as points to compare: the lowest is furthest
    left. Players with the same score share one mark."""
    low, high, step = _range(v for _, v in points)
    by_value: dict[int, list[int]] = {}
    for seat, v in points:
        by_value.setdefault(v, []).append(seat)
    marks = tuple(Mark(v, _x(v, low, high), tuple(seats)) for v, seats in sorted(by_value.items()))
    return NumberLine(low, high, step, _ticks(low, high, step), None, (), marks)


# --- drawing a line ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Drawing:
    """A line in a box of one shape: its numbers' ``x`` worked out for the box's width, and
    the heights (``y``, down from the top) of the axis, its ticks and the labels."""

    kind: str  # a class for the style sheet: "" for the usual box, "wide" for the flat one
    line: NumberLine
    height: int
    axis: int
    tick_top: int
    tick_bottom: int
    tick_label: int  # the baseline of the numbers under the ticks
    hop_end: int  # where a hop's arc meets the axis
    hop_control: int  # the arc's control point: its top is halfway between it and hop_end
    hop_label: int  # the baseline of "+5" over a hop
    mark_label: int  # the baseline of a player's name over a mark

    @property
    def width(self) -> int:
        return self.line.width

    @property
    def near_left(self) -> float:
        """A mark's label left of this starts at the mark, so that it is not cut off."""
        return self.width / 4

    @property
    def near_right(self) -> float:
        return self.width * 3 / 4


USUAL = (100, 62, 54, 70, 92, 58, 8, 30, 40)
FLAT = (71, 45, 39, 51, 70, 42, 14, 19, 29)


def widened(line: NumberLine, width: int) -> NumberLine:
    """The same line drawn ``width`` wide."""

    def x(value: int) -> float:
        return _x(value, line.low, line.high, width)

    return replace(
        line,
        ticks=tuple(replace(t, x=x(t.value)) for t in line.ticks),
        start=replace(line.start, x=x(line.start.value)) if line.start else None,
        hops=tuple(replace(h, x_from=x(h.start), x_to=x(h.end)) for h in line.hops),
        marks=tuple(replace(m, x=x(m.value)) for m in line.marks),
        width=width,
    )
