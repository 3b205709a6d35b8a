"""Number lines as facts: where each number of a sum or of players' scores is drawn (plain
Python; the words are ``games.words.number_lines``').

Every ``x`` is worked out here, for a box ``WIDTH`` wide and a flatter one ``WIDE_WIDTH`` wide
for a projector: a template only places it. More: docs/lessons.md, "Number lines".
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
    """A line to walk the sum of ``terms`` along, one number at a time, where it starts
    marked: room past every place the sum reaches, so neither end gives the answer away, and
    no negative number where none is needed (docs/lessons.md, "Number lines")."""
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
    mark_label: int  # the baseline of a player's name over a mark, in the lowest row
    # How high the style sheet draws a label, in the box's units (number-line.css: 20; a
    # projector's flat drawing, class-table.css: 25): a row of names is a little higher.
    label_size: int = 20

    @property
    def width(self) -> int:
        return self.line.width

    @property
    def row_height(self) -> int:
        """How far apart two rows of players' names are."""
        return round(self.label_size * 1.3)

    def raised(self, rows: int) -> Drawing:
        """The same drawing in a box taller by ``rows`` rows of names, for names that do not
        fit side by side over their marks: everything moves down to make room above."""
        up = rows * self.row_height
        return replace(
            self,
            height=self.height + up,
            axis=self.axis + up,
            tick_top=self.tick_top + up,
            tick_bottom=self.tick_bottom + up,
            tick_label=self.tick_label + up,
            hop_end=self.hop_end + up,
            hop_control=self.hop_control + up,
            hop_label=self.hop_label + up,
            mark_label=self.mark_label + up,
        )


USUAL = (100, 62, 54, 70, 92, 58, 8, 30, 40, 20)
FLAT = (71, 45, 39, 51, 70, 42, 14, 19, 29, 25)


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


# --- where the players' names go over their marks --------------------------------------

MIDDLE, START, END = "middle", "start", "end"  # SVG's text-anchor: where a label's x is
# How far a label keeps from another mark's line, each side: the line is 2 units wide.
CLEAR = 3


@dataclass(frozen=True, slots=True)
class Placed:
    """Where a mark's label goes: in ``row`` (0 just over the mark, each next row higher,
    joined to its mark by a thin line) with its ``anchor`` at the mark's x: centred over it,
    or starting or ending there."""

    row: int
    anchor: str

    def span(self, x: float, width: float) -> tuple[float, float]:
        """From where to where the label reaches along the line."""
        if self.anchor == START:
            return x, x + width
        if self.anchor == END:
            return x - width, x
        return x - width / 2, x + width / 2


def place_labels(
    xs: Sequence[float], widths: Sequence[float], box: float, gap: float
) -> tuple[Placed, ...]:
    """Where each mark's label goes (the marks at ``xs``, left to right; each label
    ``widths`` wide, in a box ``box`` wide): side by side just over the marks where they
    fit, ``gap`` apart and inside the box, else in rows above, each as low as it may go. No
    two labels ever overlap; which goes above which: docs/lessons.md, "Number lines"."""
    spans: list[tuple[float, float]] = []
    anchors: list[str] = []
    for n, (x, width) in enumerate(zip(xs, widths, strict=True)):
        # Reaching back over a mark whose label reaches over this one, the lines would cross;
        # reaching over the next marks leaves their labels less room than the last ones'.
        back = [xs[k] for k in range(n) if _covers(spans[k], [x])]
        inside = [a for a in (MIDDLE, END, START) if _inside(Placed(0, a).span(x, width), box)]
        anchor = min(
            inside or [START if x < box / 2 else END],
            key=lambda a: (
                _covers(Placed(0, a).span(x, width), back),
                sum(_covers(Placed(0, a).span(x, width), [o]) for o in xs[n + 1 :]),
                sum(_covers(Placed(0, a).span(x, width), [o]) for o in xs[:n]),
            ),
        )
        anchors.append(anchor)
        spans.append(Placed(0, anchor).span(x, width))
    reaches = [
        {k for k, other in enumerate(xs) if k != n and _covers(spans[n], [other])}
        for n in range(len(xs))
    ]
    rows: dict[int, int] = {}
    for n in _under_first(reaches):
        row = 1 + max((rows[k] for k in reaches[n] if k in rows), default=-1)
        while any(
            rows[k] == row and spans[n][0] < spans[k][1] + gap and spans[k][0] < spans[n][1] + gap
            for k in rows
        ):
            row += 1
        rows[n] = row
    return tuple(Placed(rows[n], anchors[n]) for n in range(len(xs)))


def _under_first(reaches: Sequence[set[int]]) -> list[int]:
    """The labels in an order where each comes after those of the marks it reaches over
    (which go under it); where two reach over each other, the one further left first."""
    order: list[int] = []
    left = set(range(len(reaches)))
    while left:
        ready = [n for n in sorted(left) if not (reaches[n] & left)]
        n = ready[0] if ready else min(left)
        order.append(n)
        left.remove(n)
    return order


def _inside(span: tuple[float, float], box: float) -> bool:
    return span[0] >= 0 and span[1] <= box


def _covers(span: tuple[float, float], xs: Sequence[float]) -> bool:
    return any(span[0] - CLEAR <= x <= span[1] + CLEAR for x in xs)
