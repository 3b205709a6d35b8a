import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons.core.number_line import (
    CLEAR,
    MARGIN,
    MAX_TICKS,
    WIDTH,
    Placed,
    place_labels,
    scores_line,
    walk_line,
)


def test_a_walk_line_has_the_start_and_each_hop():
    line = walk_line([5, -2, -6])
    assert (line.low, line.high, line.step) == (-3, 5, 1)
    assert [t.value for t in line.ticks] == list(range(-3, 6))
    assert line.start.value == 5
    assert [(h.start, h.end, h.forward) for h in line.hops] == [(5, 3, False), (3, -3, False)]
    assert line.walked == (5, -2, -6)


def test_the_ends_of_the_line_are_the_ends_of_the_drawing():
    line = walk_line([-4, 10])
    assert line.x(line.low) == MARGIN
    assert line.x(line.high) == WIDTH - MARGIN
    assert line.hops[0].x_from == line.x(-4)
    assert line.hops[0].x_to == line.x(6)
    assert line.hops[0].size == 10


def test_a_hop_of_0_is_not_drawn():
    line = walk_line([-2, 0, 3])
    assert [(h.start, h.end) for h in line.hops] == [(-2, 1)]


def test_a_long_line_counts_in_bigger_steps():
    line = walk_line([-20, 35, 40])
    assert line.step == 5
    assert [t.value for t in line.ticks][:3] == [-20, -15, -10]


@given(st.lists(st.integers(-40, 120), min_size=1, max_size=6))
def test_any_walk_fits_on_its_line(values):
    line = walk_line(values)
    places = [values[0]]
    for v in values[1:]:
        places.append(places[-1] + v)
    assert line.low <= min(places + [0]) and max(places + [0]) <= line.high
    assert len(line.ticks) <= MAX_TICKS + 1
    assert 0 in [t.value for t in line.ticks]
    xs = [t.x for t in line.ticks]
    assert xs == sorted(xs) and xs[0] >= MARGIN and xs[-1] <= WIDTH - MARGIN
    ends = [line.start.value, *(h.end for h in line.hops)]
    assert ends[0] == values[0] and ends[-1] == places[-1]
    assert all(h.size != 0 for h in line.hops)


def test_scores_side_by_side_share_a_mark_when_equal():
    line = scores_line([(0, -1), (1, 4), (2, 4)])
    assert [(m.value, m.seats) for m in line.marks] == [(-1, (0,)), (4, (1, 2))]
    assert line.marks[0].x < line.marks[1].x
    assert line.start is None and line.hops == () and line.walked == ()


def test_the_wide_drawing_spreads_the_same_numbers_wider():
    line = walk_line([5, -7])
    usual, wide = line.drawings
    assert usual.line == line and wide.line.width > line.width
    assert [t.value for t in wide.line.ticks] == [t.value for t in line.ticks]
    assert wide.line.ticks[-1].x > line.ticks[-1].x


# --- the players' names over their marks ---------------------------------------------------


def test_names_that_fit_side_by_side_stay_in_one_row_centred_on_their_marks():
    assert place_labels([150, 300, 450], [80, 80, 80], 600, gap=10) == (Placed(0, "middle"),) * 3


def test_a_name_near_an_end_starts_or_ends_at_its_mark_to_stay_in_the_box():
    start, end = place_labels([30, 570], [120, 120], 600, gap=10)
    assert start == Placed(0, "start") and end == Placed(0, "end")


def test_close_marks_put_their_names_in_rows_each_above_the_marks_it_reaches_over():
    # Four players at 35, 37, 39 and 50 on a line from 0 to 50, as at the end of a game.
    line = scores_line([(0, 37), (1, 35), (2, 50), (3, 39)])
    xs = [m.x for m in line.marks]
    widths = [130, 140, 110, 150]

    placed = place_labels(xs, widths, 600, gap=10)

    # 35 ends at its mark; 37 too, over 35's; 39 starts at its mark beside 35's; 50, which
    # reaches back over 37 and 39, ends at its mark above them both.
    assert placed == (Placed(0, "end"), Placed(1, "end"), Placed(0, "start"), Placed(2, "end"))
    assert no_overlaps(xs, widths, placed, 600, gap=10)


def no_overlaps(xs, widths, placed, box, gap) -> bool:
    """No two labels overlap, each inside the box."""
    spans = [p.span(x, w) for x, w, p in zip(xs, widths, placed, strict=True)]
    for i, (a, pa) in enumerate(zip(spans, placed, strict=True)):
        assert a[0] >= -0.01 and a[1] <= box + 0.01, "inside the box"
        for b, pb in zip(spans[i + 1 :], placed[i + 1 :], strict=True):
            if pa.row == pb.row:
                assert a[1] + gap <= b[0] or b[1] + gap <= a[0], "two names on top of each other"
    return True


def crossed(xs, widths, placed) -> list[tuple[int, int]]:
    """Each label whose line down to its mark crosses another label, with that label."""
    spans = [p.span(x, w) for x, w, p in zip(xs, widths, placed, strict=True)]
    return [
        (i, j)
        for i, pi in enumerate(placed)
        for j, pj in enumerate(placed)
        if pi.row > pj.row and spans[j][0] - CLEAR <= xs[i] <= spans[j][1] + CLEAR
    ]


@pytest.mark.parametrize(
    "scores",
    [
        [35, 37, 39, 50],
        [0, 1, 2, 3],
        [-3, -2, 0, 1, 2, 4, 6],
        [10, 11, 12, 40, 41, 42, 43],
        [-12, 30, 31, 33],
    ],
)
def test_names_of_players_with_scores_close_together_hang_on_lines_that_cross_no_name(scores):
    line = scores_line(list(enumerate(scores)))
    xs = [m.x for m in line.marks]
    widths = [ems * 20 for ems in (7.7, 5.8, 7.1, 5.5, 2.5, 3.6, 3.4)[: len(xs)]]

    placed = place_labels(xs, widths, line.width, gap=10)

    assert no_overlaps(xs, widths, placed, line.width, gap=10)
    assert crossed(xs, widths, placed) == []


@settings(max_examples=300)
@given(
    st.lists(st.tuples(st.integers(-30, 120), st.integers(30, 260)), min_size=1, max_size=7).map(
        lambda marks: sorted(dict(marks).items())
    )
)
def test_any_players_names_never_overlap_nor_leave_the_box(marks):
    line = scores_line([(seat, value) for seat, (value, _) in enumerate(marks)])
    xs = [m.x for m in line.marks]
    widths = [width for _, width in marks]

    placed = place_labels(xs, widths, line.width, gap=10)

    assert len(placed) == len(xs)
    assert max(p.row for p in placed) < len(xs)
    assert no_overlaps(xs, widths, placed, line.width, gap=10)


def test_a_drawing_raised_for_rows_of_names_moves_everything_down_by_them():
    usual, _ = scores_line([(0, 1), (1, 2)]).drawings
    raised = usual.raised(2)
    assert raised.height == usual.height + 2 * usual.row_height
    assert raised.axis - raised.mark_label == usual.axis - usual.mark_label
    assert raised.tick_label - raised.axis == usual.tick_label - usual.axis
