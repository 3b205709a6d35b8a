"""make bench's figures (games/management/commands/bench.py): random play's speed, and
the bots' speed and decision times."""

from io import StringIO

from django.core.management.base import OutputWrapper

from games.engine import PRESETS
from games.management.commands.bench import write_bot_figures, write_random_play

LEVELS = ("random", "gentle", "steady", "sharp")


def test_bench_prints_random_play_speed_for_every_preset_and_table_size():
    out = StringIO()
    write_random_play(OutputWrapper(out), seconds=0.05)
    rows = [line.split() for line in out.getvalue().splitlines()[2:] if line.strip()]
    assert {(row[0], row[1]) for row in rows} == {(p, n) for p in PRESETS for n in ("2", "4")}
    assert all(float(row[2].replace(",", "")) > 0 for row in rows)


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
