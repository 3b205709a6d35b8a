"""Number lines: what an SVG template needs to draw a sum that goes below zero.

Everything is in drawing units along the line: a template draws in a box ``WIDTH`` wide
(``viewBox="0 0 {{ line.width }} H"`` for a height of its choosing) and places a number at
``x``. Every number shown has its ``x`` already worked out (ticks, the start, each hop's
two ends, labelled marks), and ``line.x(n)`` gives it for any other whole number in range.
Lower numbers are to the left. ``text`` says the same as the picture, for screen readers.

A line is drawn twice (``line.drawings``): in the usual box, and in a flatter one
``WIDE_WIDTH`` wide for a projector, where it spans most of the screen without being taller
than a few lines of words; a style sheet shows one of the two.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from django.utils.translation import gettext, ngettext

from peabody.words.cards import number
from peabody.words.people import is_you, together

WIDTH = 600
# The flatter drawing: the same numbers with more room between them, in a box 71 high.
WIDE_WIDTH = 900
# Room left at each end, so that an end tick's label is not cut off.
MARGIN = 30
# Ticks are this many numbers apart: the first that keeps at most MAX_TICKS gaps.
STEPS = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
MAX_TICKS = 20


@dataclass(frozen=True, slots=True)
class Tick:
    value: int
    label: str  # "−5"
    x: float


@dataclass(frozen=True, slots=True)
class Mark:
    """A labelled point: where a walk starts, or players' scores side by side."""

    value: int
    label: str
    x: float


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

    @property
    def label(self) -> str:
        """``"+5"`` or ``"−2"``: written over the hop."""
        return f"+{self.size}" if self.forward else number(self.size)


@dataclass(frozen=True, slots=True)
class NumberLine:
    low: int
    high: int
    step: int
    ticks: tuple[Tick, ...]
    start: Mark | None
    hops: tuple[Hop, ...]
    marks: tuple[Mark, ...]
    text: str
    width: int = WIDTH

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
    return tuple(Tick(v, number(v), _x(v, low, high)) for v in range(low, high + 1, step))


def walk(values: Sequence[int]) -> str:
    """A sum as steps along a line: ``[9, -2]`` is "Start at 9. Go back 2. You land on 7."."""
    place = values[0]
    said = [gettext("Start at %(number)s.") % {"number": number(place)}]
    for v in values[1:]:
        if v < 0:
            said.append(gettext("Go back %(count)s.") % {"count": -v})
        else:
            said.append(gettext("Count on %(count)s.") % {"count": v})
        place += v
    said.append(gettext("You land on %(number)s.") % {"number": number(place)})
    return " ".join(said)


def _from_to(low: int, high: int) -> str:
    return gettext("A number line from %(low)s to %(high)s.") % {
        "low": number(low),
        "high": number(high),
    }


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
    start = Mark(places[0], number(places[0]), _x(places[0], low, high))
    text = f"{_from_to(low, high)} {walk(values)}"
    return NumberLine(low, high, step, _ticks(low, high, step), start, hops, (), text)


def scores_line(points: Sequence[tuple[str, int]]) -> NumberLine:
    """Players' scores as labelled points, to compare them: the lowest is furthest left.
    Players with the same score share one mark, "You and Sam"."""
    low, high, step = _range(v for _, v in points)
    by_value: dict[int, list[str]] = {}
    for name, v in points:
        by_value.setdefault(v, []).append(name)
    marks = tuple(
        Mark(v, together(names), _x(v, low, high)) for v, names in sorted(by_value.items())
    )
    said = [_from_to(low, high)]
    said += [_got(by_value[m.value], m.value) for m in marks]
    said.append(gettext("The lowest score is the one furthest left."))
    return NumberLine(low, high, step, _ticks(low, high, step), None, (), marks, " ".join(said))


def _got(names: Sequence[str], value: int) -> str:
    """ "Sam got 3.", "You got 3.", "You and Sam got 3."."""
    if len(names) == 1 and is_you(names[0]):
        return gettext("You got %(number)s.") % {"number": number(value)}
    # Translators: %(names)s is one player's name, or several: "Sam", "You and Sam".
    return ngettext("%(names)s got %(number)s.", "%(names)s got %(number)s.", len(names)) % {
        "names": together(names),
        "number": number(value),
    }


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
