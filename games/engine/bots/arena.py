"""Bots playing each other: the loop behind ``manage.py simulate`` and ``make bench``."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from ..observation import observe
from ..rules import Rules
from ..state import apply_action, new_game
from . import bot


def play_hole(
    rules: Rules, levels: Sequence[str], seed: int, gentleness: float | None = None
) -> tuple[int, ...]:
    """One hole between bots (seat i plays ``levels[i]``); the hole score of every seat."""
    state = new_game(replace(rules, holes=1, extra_hole=False), len(levels), seed)
    rngs = [random.Random(seed * 7919 + i) for i in range(len(levels))]
    bots = [bot(level, gentleness) for level in levels]
    while not state.is_over:
        seat = state.current
        assert seat is not None  # someone decides until the game is over
        action, _ = bots[seat](observe(state, seat), rngs[seat])
        state = apply_action(state, action)
    scores = tuple(score for score in state.results[-1].scores if score is not None)
    assert len(scores) == len(levels)  # one hole and no tie-break: every seat played it
    return scores


def play_holes(
    rules: Rules, levels: Sequence[str], holes: int, seed: int, gentleness: float | None = None
) -> Iterator[tuple[int, ...]]:
    for i in range(holes):
        yield play_hole(rules, levels, seed * 1_000_003 + i, gentleness)


@dataclass(frozen=True, slots=True)
class SeatSummary:
    mean: float
    # Half the width of a 95% confidence interval for the mean (normal approximation).
    margin: float
    wins: float  # share of holes this seat scored strictly lowest
    ties: float  # share of holes it shared the lowest score


def summarise(scores: Sequence[Sequence[int]]) -> list[SeatSummary]:
    """Per-seat figures for a list of hole scores (one tuple per hole)."""
    n = len(scores)
    out = []
    for seat in range(len(scores[0])):
        xs = [hole[seat] for hole in scores]
        mean = sum(xs) / n
        var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
        wins = ties = 0
        for hole in scores:
            low = min(hole)
            if hole[seat] == low:
                if sum(1 for s in hole if s == low) == 1:
                    wins += 1
                else:
                    ties += 1
        out.append(SeatSummary(mean, 1.96 * math.sqrt(var / n), wins / n, ties / n))
    return out
