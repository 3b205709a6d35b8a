from io import StringIO

from django.core.management import call_command

from games.engine import PRESETS


def test_bench_prints_a_row_for_every_preset_and_table_size():
    out = StringIO()
    call_command("bench", seconds=0.05, moves=0, stdout=out)
    rows = [line.split() for line in out.getvalue().splitlines()]
    measured = {(row[0], row[1]) for row in rows if row and row[0] in PRESETS}
    assert measured == {(p, n) for p in PRESETS for n in ("2", "4")}
    for row in rows:
        if row and row[0] in PRESETS:
            assert float(row[2].replace(",", "")) > 0
