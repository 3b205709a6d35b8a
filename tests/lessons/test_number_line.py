from hypothesis import given
from hypothesis import strategies as st

from lessons.number_line import MARGIN, MAX_TICKS, WIDTH, scores_line, walk_line


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
