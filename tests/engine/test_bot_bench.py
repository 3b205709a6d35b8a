from io import StringIO

from django.core.management.base import OutputWrapper

from games.engine import PRESETS
from games.management.commands.bench import write_bot_figures

LEVELS = ("random", "gentle", "steady", "sharp")


def test_bench_prints_bot_speed_for_every_preset_and_level_and_decision_times():
    out = StringIO()
    write_bot_figures(OutputWrapper(out), seconds=0.03, decision_holes=2)
    rows = [line.split() for line in out.getvalue().splitlines() if line.strip()]
    rates = {(row[0], row[1]) for row in rows if row[0] in PRESETS}
    assert rates == {(preset, level) for preset in PRESETS for level in LEVELS}
    timed = [row for row in rows if row[0] in LEVELS]
    assert [row[0] for row in timed] == ["gentle", "steady", "sharp"]
    assert all(float(row[3]) > 0 for row in timed)  # the 99th percentile, in milliseconds
