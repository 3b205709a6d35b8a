"""``make bench``: speed figures, printed as tables.

Figures are compared within one run (these machines are shared and noisy), never asserted
in unit tests.
"""

from __future__ import annotations

import random
import time

from django.core.management.base import BaseCommand

from games.engine import PRESETS, apply_action, legal_actions, new_game


def random_play_holes_per_second(preset: str, players: int, seconds: float) -> tuple[float, float]:
    """Complete holes per second, and actions per hole, for random legal play on one core."""
    rules = PRESETS[preset]
    rng = random.Random(1)
    holes = actions = seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(rules, players, seed)
        while not state.is_over:
            state = apply_action(state, rng.choice(legal_actions(state)))
            actions += 1
        holes += len(state.results)
        seed += 1
    elapsed = time.perf_counter() - start
    return holes / elapsed, actions / holes


class Command(BaseCommand):
    help = "Print the engine's speed figures."

    def add_arguments(self, parser):
        parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")

    def handle(self, *args, seconds: float, **options):
        self.stdout.write("Random legal play, one core (complete holes per second)\n")
        self.stdout.write(f"{'preset':<10} {'players':>7} {'holes/s':>10} {'actions/hole':>13}")
        for preset in PRESETS:
            for players in (2, 4):
                rate, per_hole = random_play_holes_per_second(preset, players, seconds)
                self.stdout.write(f"{preset:<10} {players:>7} {rate:>10,.0f} {per_hole:>13.1f}")
