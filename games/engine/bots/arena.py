"""Bots playing each other: the loop behind ``manage.py simulate`` and ``make bench``."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace

from ..observation import observe
from ..rules import Rules
from ..state import apply_action, new_game
from . import choose_action


def play_hole(
    rules: Rules, levels: Sequence[str], seed: int, gentleness: float | None = None
) -> tuple[int, ...]:
    """One hole between bots (seat i plays ``levels[i]``); the hole score of every seat."""
    one = replace(rules, holes=1, extra_hole=False)
    state = new_game(one, len(levels), seed)
    rngs = [random.Random(seed * 7919 + i) for i in range(len(levels))]
    while not state.is_over:
        seat = state.current
        action, _ = choose_action(
            observe(state, seat), level=levels[seat], rng=rngs[seat], gentleness=gentleness
        )
        state = apply_action(state, action)
    return state.results[-1].scores


def play_holes(
    rules: Rules, levels: Sequence[str], holes: int, seed: int, gentleness: float | None = None
) -> Iterator[tuple[int, ...]]:
    for i in range(holes):
        yield play_hole(rules, levels, seed * 1_000_003 + i, gentleness)
