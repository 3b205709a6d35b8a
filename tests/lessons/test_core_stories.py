"""Score stories as facts: what each sum adds, when a number line helps, who won, what the
caller-penalty rule did; checked against the engine over every rule mix. Their words are
tests/games/test_stories.py's."""

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import PRESETS, HoleResult, score_layout
from lessons.core.skills import Skill
from lessons.core.stories import (
    Ended,
    Penalty,
    Standing,
    caller_lines,
    cards_story,
    hole_story,
    lowest_wins,
    running_totals,
    score_story,
    standing,
)
from tests.builders import hole
from tests.lessons.strategies import play_randomly, rows_of, rules_and_layouts

CLASSIC6, KNOCK9 = PRESETS["classic6"], PRESETS["knock9"]
FOURS = replace(CLASSIC6, four_of_a_kind="pair_of_columns")


def test_a_column_adds_what_is_left_after_a_match_to_the_0_it_makes():
    story = score_story(rows_of("7S KH 5C / 7D 4C 5D / AC KD 5H"), KNOCK9)
    sevens, kings, fives = story.columns
    assert (sevens.matched, sevens.cancelled, sevens.terms, sevens.total) == ("7", 2, (0, 1), 1)
    assert (kings.terms, kings.total) == ((0, 4), 4)
    assert (fives.cancelled, fives.terms, fives.total) == (3, None, 0)
    assert story.terms == (1, 4, 0)


def test_each_column_knows_the_skill_it_practises_and_a_line_only_below_zero():
    story = score_story(rows_of("QH 9C KS / QD 2H 5C"), CLASSIC6)
    assert [c.skill for c in story.columns] == [
        Skill.PAIRS_CANCEL,
        Skill.ADDING_NEGATIVE,
        Skill.ADDING,
    ]
    assert [c.number_line is not None for c in story.columns] == [False, True, False]
    assert story.columns[1].number_line.walked == (9, -2)
    assert story.number_line is None


def test_cancelled_twos_would_have_taken_away_4():
    story = score_story(rows_of("2H 2D / 2S 2C"), PRESETS["easy4"])
    assert story.columns[0].cancelled_points == -4
    assert story.total == 0


def test_four_of_a_kind_is_a_term_of_the_sum_with_its_rank():
    story = score_story(rows_of("QH 3C QS / QD 4C QC"), FOURS)
    assert (story.bonus, story.bonus_rank, story.square) == (-10, "Q", False)
    assert story.terms == (0, 7, 0, -10)


def test_a_flat_layout_is_the_same_story_as_its_rows():
    flat = cards_story(["QH", "9C", "KS", "QD", "2H", "5C"], CLASSIC6)
    assert flat == score_story(rows_of("QH 9C KS / QD 2H 5C"), CLASSIC6)


@settings(max_examples=500, deadline=None)
@given(rules_and_layouts())
def test_any_layouts_story_adds_up_to_the_engines_score(case):
    rules, rows = case
    score = score_layout(rows, rules)
    story = score_story(rows, rules)
    assert sum(story.terms) == story.total == score.total
    for column, engine in zip(story.columns, score.columns, strict=True):
        assert sum(column.terms or ()) == column.total == engine.total
        if column.number_line:
            assert column.number_line.walked == column.terms
    if rules.adding_only:
        assert story.number_line is None
        assert all(c.number_line is None for c in story.columns)


def test_the_caller_penalty_says_how_the_caller_did_and_what_it_added():
    low_zero = replace(CLASSIC6, caller_penalty="low_scores_zero")
    lines = caller_lines(hole([8, 2], [10, 0], caller=0), low_zero)
    assert [(x.seat, x.ended, x.penalty, x.terms, x.score) for x in lines] == [
        (0, Ended.NOT_LOWEST, Penalty.ADDED, (8, 2), 10),
        (1, None, Penalty.NONE, None, 0),
    ]
    double = replace(CLASSIC6, caller_penalty="double")
    doubled = caller_lines(hole([6, 3], [12, 3], caller=0), double)
    assert [(x.ended, x.penalty, x.terms) for x in doubled] == [
        (Ended.NOT_LOWEST, Penalty.DOUBLED, (6, 6))
    ]
    assert caller_lines(hole([6, 3], [6, 3], caller=0), CLASSIC6) == ()


def test_the_lowest_wins_and_a_line_of_scores_comes_with_a_negative_one():
    winner = lowest_wins({0: 4, 1: -1, 2: 7})
    assert (winner.seats, winner.lowest, winner.higher) == ((1,), -1, (4, 7))
    assert [(m.value, m.seats) for m in winner.number_line.marks] == [
        (-1, (1,)),
        (4, (0,)),
        (7, (2,)),
    ]
    tie = lowest_wins({0: 3, 1: 8, 2: 3})
    assert (tie.seats, tie.number_line) == ((0, 2), None)


def test_the_running_total_leaves_out_an_extra_hole():
    results = [
        HoleResult(1, (None, None), (12, 5), (12, 5), None, False),
        HoleResult(2, (None, None), (-1, 6), (-1, 6), None, False),
        HoleResult(3, (None, None), (4, 2), (4, 2), None, True),
    ]
    steps = running_totals(results, 0)
    assert [(s.hole, s.before, s.score, s.after) for s in steps] == [
        (1, 0, 12, 12),
        (2, 12, -1, 11),
    ]
    assert steps[0].number_line is None and steps[1].number_line is not None


def test_played_holes_agree_with_the_engine():
    rules = replace(CLASSIC6, caller_penalty="double", holes=2, extra_hole=True)
    for seed in range(3):
        state = play_randomly(rules, 3, seed)
        for index, result in enumerate(state.results):
            story = hole_story(state.results, rules, index)
            assert story.number == result.number
            for player in story.players:
                assert player.story.total == result.raw[player.seat]
                assert player.score == result.scores[player.seat]


@given(
    st.lists(st.integers(-10, 60), min_size=2, max_size=4),
    st.integers(1, 9),
    st.data(),
)
def test_a_lower_score_never_ends_less_well_and_only_the_lowest_wins(scores, holes, data):
    """How a hole or a game went for a seat (the moment at its end): won for the lowest,
    close a few points a hole behind it, and no seat with a lower score ends less well."""
    points = dict(enumerate(scores))
    winners = [s for s, v in points.items() if v == min(scores)]
    order = [Standing.WON, Standing.CLOSE, Standing.BEHIND]
    ends = {seat: standing(points, winners, seat, holes) for seat in points}

    for seat, end in ends.items():
        assert (end == Standing.WON) == (seat in winners)
        behind = points[seat] - min(scores)
        assert (end == Standing.CLOSE) == (0 < behind <= 3 * holes)
    a, b = data.draw(st.permutations(list(points)))[:2]
    if points[a] <= points[b]:
        assert order.index(ends[a]) <= order.index(ends[b])
