"""``make bench``: speed figures, printed as tables.

Figures are compared within one run (these machines are shared and noisy), never asserted
in unit tests.
"""

from __future__ import annotations

import random
import time

from django.core.management.base import BaseCommand, CommandParser

from games.engine import PRESETS, apply_action, choose_action, legal_actions, new_game, observe
from games.engine.bots.arena import play_hole


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


def bot_holes_per_second(level: str, preset: str, seconds: float) -> float:
    """Complete 2-player holes per second with ``level`` on both seats (engine included):
    the best of three runs, as timeit does, since other work on a shared machine only ever
    slows a run down."""
    rules = PRESETS[preset]
    best, seed = 0.0, 0
    for _ in range(3):
        holes = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds / 3:
            play_hole(rules, (level, level), seed=seed)
            holes += 1
            seed += 1
        best = max(best, holes / (time.perf_counter() - start))
    return best


def decision_times(level: str, preset: str, holes: int) -> list[float]:
    """Seconds per bot decision, sorted, over ``holes`` 2-player self-play holes."""
    rules = PRESETS[preset]
    times = []
    for seed in range(holes):
        state = new_game(rules, 2, seed)
        rng = random.Random(seed)
        while len(state.results) == 0:
            assert state.current is not None  # someone decides until the hole ends
            view = observe(state, state.current)
            start = time.perf_counter()
            action, _ = choose_action(view, level=level, rng=rng)
            times.append(time.perf_counter() - start)
            state = apply_action(state, action)
    return sorted(times)


def write_random_play(out, seconds: float) -> None:
    out.write("Random legal play, one core (complete holes per second)\n")
    out.write(f"{'preset':<10} {'players':>7} {'holes/s':>10} {'actions/hole':>13}")
    for preset in PRESETS:
        for players in (2, 4):
            rate, per_hole = random_play_holes_per_second(preset, players, seconds)
            out.write(f"{preset:<10} {players:>7} {rate:>10,.0f} {per_hole:>13.1f}")


def write_bot_figures(out, seconds: float, decision_holes: int = 300) -> None:
    out.write("\nBots, 2-player self-play, one core (complete holes per second)")
    out.write(f"{'preset':<10} {'bot':<8} {'holes/s':>10}")
    for preset in PRESETS:
        for level in ("random", "gentle", "steady", "sharp"):
            rate = bot_holes_per_second(level, preset, seconds)
            out.write(f"{preset:<10} {level:<8} {rate:>10,.0f}")
    out.write("\nTime per bot decision, 2-player self-play (milliseconds)")
    out.write(f"{'bot':<8} {'preset':<10} {'decisions':>9} {'median':>8} {'p99':>8} {'max':>8}")
    for preset in ("classic6", "knock9"):
        for level in ("gentle", "steady", "sharp"):
            times = decision_times(level, preset, holes=decision_holes)
            median, p99 = times[len(times) // 2], times[int(len(times) * 0.99)]
            out.write(
                f"{level:<8} {preset:<10} {len(times):>9} {median * 1e3:>8.3f} "
                f"{p99 * 1e3:>8.3f} {times[-1] * 1e3:>8.3f}"
            )


class Command(BaseCommand):
    help = "Print the engine's speed figures."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")

    def handle(self, *args, seconds: float, **options) -> None:
        write_random_play(self.stdout, seconds)
        write_bot_figures(self.stdout, seconds)
