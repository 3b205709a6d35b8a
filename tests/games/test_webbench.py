import pytest

from games.webbench import database_floor_times, measure, move_times, page_bytes

pytestmark = pytest.mark.django_db


def test_move_times_times_the_requested_number_of_accepted_moves() -> None:
    times = move_times("easy4", bots=1, moves=12)

    assert len(times) == 12
    assert all(t > 0 for t in times)


def test_the_game_page_and_everything_it_loads_stays_under_100_kb() -> None:
    sizes = {path: raw for path, raw, _ in page_bytes("knock9")}

    assert {"/static/css/site.css", "/static/js/htmx.min.js", "/static/js/game.js"} <= set(sizes)
    assert "/static/img/suits.svg" in sizes
    assert sum(sizes.values()) < 100_000


def test_each_web_figure_is_timed_alone_and_between_home_page_requests() -> None:
    row = measure("floor", lambda baseline: database_floor_times(6, baseline), 6)

    # Alone: six requests back to back, beside six home pages back to back; between: six
    # more, each followed by a home page timed for the comparison.
    assert [len(row.alone), len(row.home_alone), len(row.between), len(row.home_between)] == [6] * 4
    assert all(t > 0 for t in row.alone + row.home_alone + row.between + row.home_between)
