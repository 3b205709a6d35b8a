"""How kind the gentle bots are, moved between games toward the child winning about half the
holes (plain Python; a rule a grown-up can read).

Fewer than 4 of the latest 10 holes won makes the bots a ``STEP`` kinder, more than 6 a step
less kind, never beyond ``REACH`` of the grown-up's choice. It never changes the cards dealt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

WINDOW = 10  # the latest holes looked at
SOME = 5  # fewer holes than this say too little to move the bots
LOW, HIGH = 0.4, 0.6  # the share of holes won the bots move toward keeping between
STEP = 0.2
REACH = 0.8  # at most this far from the grown-up's choice


@dataclass(frozen=True, slots=True)
class Kindness:
    gentleness: float  # for the next game's gentle bots
    chosen: float  # what the grown-up chose
    won: float  # of the latest holes looked at: 1 for a win, a half for a tie
    holes: int  # how many holes that is (at most WINDOW)

    @property
    def moved(self) -> float:
        """How far the bots are from the grown-up's choice: kinder above 0."""
        return round(self.gentleness - self.chosen, 2)


def hole_won(mine: int, bots: Sequence[int]) -> float:
    """A hole against bots: 1 if the child's score was the lowest, a half for a tie."""
    lowest = min(bots)
    return 1.0 if mine < lowest else 0.5 if mine == lowest else 0.0


def kindness(chosen: float, games: Sequence[Sequence[float]]) -> Kindness:
    """The gentleness of the next game's gentle bots, after ``games`` (each the holes won,
    by ``hole_won``, oldest game first) against them, starting from ``chosen``."""
    offset, holes = 0.0, list[float]()
    for won in games:
        holes = [*holes, *won][-WINDOW:]
        if len(holes) >= SOME:
            share = sum(holes) / len(holes)
            if share < LOW:
                offset = min(offset + STEP, REACH)
            elif share > HIGH:
                offset = max(offset - STEP, -REACH)
    gentleness = round(min(1.0, max(0.0, chosen + offset)), 2)
    return Kindness(gentleness, chosen, sum(holes), len(holes))
