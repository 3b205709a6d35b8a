"""``manage.py simulate``: bots play many holes against each other; a table of how they did.

manage.py simulate --preset classic6 --players 2 --bots sharp,gentle --holes 2000 --seed 1
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.engine import PRESETS, Rules
from games.engine.bots import LEVELS
from games.engine.bots.arena import play_holes, summarise


def parse_rule(text: str) -> tuple[str, Any]:
    """``jokers=pagat``, ``flip_instead_of_draw=true``, ``four_of_a_kind=none``."""
    name, sep, raw = text.partition("=")
    if not sep:
        raise CommandError(f"a house rule is name=value, not {text!r}")
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return name, lowered == "true"
    if lowered == "none":
        return name, None
    return name, int(raw) if raw.lstrip("-").isdigit() else raw


def progress_bar(done: int, total: int, started: float) -> str:
    width = 30
    filled = width * done // total
    rate = done / max(time.perf_counter() - started, 1e-9)
    bar = "#" * filled + "-" * (width - filled)
    return f"\r[{bar}] {done}/{total} holes, {rate:,.0f}/s" + ("\n" if done == total else "")


class Command(BaseCommand):
    help = "Bots play holes against each other; prints mean scores with 95% confidence intervals."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--preset", default="classic6", choices=sorted(PRESETS))
        parser.add_argument("--players", type=int, default=2)
        parser.add_argument(
            "--bots", default="steady", help="a level per seat, comma separated, or one for all"
        )
        parser.add_argument("--holes", type=int, default=2000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--gentleness", type=float, default=None, help="0 to 1")
        parser.add_argument(
            "--rule", action="append", default=[], help="a house rule, e.g. jokers=pagat"
        )
        parser.add_argument("--quiet", action="store_true", help="no progress bar")

    def handle(
        self, *args, preset, players, bots, holes, seed, gentleness, rule, quiet, **opts
    ) -> None:
        try:
            rules: Rules = replace(PRESETS[preset], **dict(map(parse_rule, rule)))
        except (TypeError, ValueError) as e:
            raise CommandError(f"those house rules do not work: {e}") from e
        levels = bots.split(",")
        if len(levels) == 1:
            levels *= players
        if len(levels) != players:
            raise CommandError(f"--bots names {len(levels)} levels for {players} players")
        unknown = set(levels) - set(LEVELS)
        if unknown:
            raise CommandError(f"the levels are {', '.join(LEVELS)}; not {', '.join(unknown)}")
        if holes < 1:
            raise CommandError("play at least one hole")
        scores = []
        step = max(1, holes // 100)
        started = time.perf_counter()
        for i, hole in enumerate(play_holes(rules, levels, holes, seed, gentleness), start=1):
            scores.append(hole)
            if not quiet and (i % step == 0 or i == holes):
                self.stderr.write(progress_bar(i, holes, started), ending="")
                self.stderr.flush()
        elapsed = time.perf_counter() - started
        self.stdout.write(
            f"{preset}, {players} players, {holes} holes, seed {seed}"
            + (f", house rules {' '.join(rule)}" if rule else "")
        )
        self.stdout.write(
            f"{'seat':>4}  {'bot':<8} {'mean':>7}  {'95% CI':<16} {'wins':>6} {'ties':>6}"
        )
        for seat, (level, s) in enumerate(zip(levels, summarise(scores), strict=True)):
            ci = f"{s.mean - s.margin:.2f} to {s.mean + s.margin:.2f}"
            self.stdout.write(
                f"{seat:>4}  {level:<8} {s.mean:>7.2f}  {ci:<16} {s.wins:>6.1%} {s.ties:>6.1%}"
            )
        self.stdout.write(f"{holes / elapsed:,.0f} holes per second")
