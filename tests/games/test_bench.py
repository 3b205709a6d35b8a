from io import StringIO

from django.core.management.base import OutputWrapper

from games.engine import PRESETS
from games.management.commands.bench import write_random_play


def test_bench_prints_random_play_speed_for_every_preset_and_table_size():
    out = StringIO()
    write_random_play(OutputWrapper(out), seconds=0.05)
    rows = [line.split() for line in out.getvalue().splitlines()[2:] if line.strip()]
    assert {(row[0], row[1]) for row in rows} == {(p, n) for p in PRESETS for n in ("2", "4")}
    assert all(float(row[2].replace(",", "")) > 0 for row in rows)
