from io import StringIO

from django.core.management.base import OutputWrapper

from games.engine import PRESETS
from games.management.commands.bench import write_bot_figures

LEVELS = ("random", "gentle", "steady", "sharp")


def test_bench_prints_bot_speed_for_every_preset_and_level_and_decision_times_for_both_full_games():
    out = StringIO()
    write_bot_figures(OutputWrapper(out), seconds=0.03, decision_holes=2)
    rows = [line.split() for line in out.getvalue().splitlines() if line.strip()]
    rates = {(row[0], row[1]) for row in rows if row[0] in PRESETS}
    assert rates == {(preset, level) for preset in PRESETS for level in LEVELS}
    timed = [(row[0], row[1]) for row in rows if row[0] in LEVELS]
    thinking = ("gentle", "steady", "sharp")
    assert timed == [(level, preset) for preset in ("classic6", "knock9") for level in thinking]
    p99s = [float(row[4]) for row in rows if row[0] in LEVELS]
    assert all(p99 > 0 for p99 in p99s)  # milliseconds
