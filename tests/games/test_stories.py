"""Score stories in words, told from the stories' facts (``lessons.core.stories``)."""

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import KNOCK9_FULL_COLUMN, PRESETS, HoleResult, score_layout
from games.stories import folded, hole_told, running_told, score_told, winner_told
from games.words.cards import MINUS
from games.words.people import YOU
from lessons.core import stories
from lessons.core.skills import Skill
from tests.builders import hole
from tests.lessons.strategies import (
    ADDING_ONLY,
    RULE_MIXES,
    check_equation,
    layouts,
    mix_id,
    play_randomly,
    random_layout,
    rows_of,
    rules_and_layouts,
)
from tests.lessons.texts import strings_in
from tests.words.said import caller_lines, hole_winner, repeated, score_story

EASY4, CLASSIC6, KNOCK9 = PRESETS["easy4"], PRESETS["classic6"], PRESETS["knock9"]
PAGAT, MINUS5 = replace(EASY4, jokers="pagat"), replace(EASY4, jokers="minus5")
FOURS = replace(CLASSIC6, four_of_a_kind="pair_of_columns")
SQUARE = replace(CLASSIC6, four_of_a_kind="square")
ADDING = replace(CLASSIC6, adding_only=True)


def cards_story(cards, rules):
    return score_told(stories.cards_story(cards, rules))


def lowest_wins(points, names):
    return winner_told(stories.lowest_wins(points), names)


def running_totals(results, seat):
    return tuple(running_told(step) for step in stories.running_totals(results, seat))


def hole_story(results, rules, names, index):
    return hole_told(stories.hole_story(results, rules, index), names)


def hops(line) -> list[tuple[int, int, str]]:
    """A said number line's hops: where each starts and ends, and its label."""
    return [(h.hop.start, h.hop.end, h.label) for h in line.drawings[0].hops]


# (layout, rules, equations): the worked checks in RULES.md and one for every house rule,
# each worked out by hand from the rules.
WORKED = [
    ("QH 9C KS / QD 2H 5C", CLASSIC6, ["9 + (−2) = 7", "0 + 5 = 5", "0 + 7 + 5 = 12"]),
    (
        "7H 7D 3C / KS 2H 2D",
        CLASSIC6,
        ["7 + 0 = 7", "7 + (−2) = 5", "3 + (−2) = 1", "7 + 5 + 1 = 13"],
    ),
    ("2H 2D / 2S 2C", EASY4, ["0 + 0 = 0"]),
    ("2H 5D / KS 2C", EASY4, ["−2 + 0 = −2", "5 + (−2) = 3", "−2 + 3 = 1"]),
    (
        "7H 4C 2S / 7D 4S 5H / JC 9D KD",
        KNOCK9,
        ["0 + 10 = 10", "0 + 9 = 9", "2 + 5 + 10 = 17", "10 + 9 + 17 = 36"],
    ),
    ("7S KH 5C / 7D 4C 5D / AC KD 5H", KNOCK9, ["0 + 1 = 1", "0 + 4 = 4", "1 + 4 + 0 = 5"]),
    (
        "7S KH 5C / 7D 4C 5D / AC KD 5H",
        KNOCK9_FULL_COLUMN,
        ["7 + 7 + 1 = 15", "10 + 4 + 10 = 24", "15 + 24 + 0 = 39"],
    ),
    ("QH 3C QS / QD 4C QC", FOURS, ["3 + 4 = 7", "0 + 7 + 0 + (−10) = −3"]),
    ("QH QS 3C / QD QC 4C", SQUARE, ["3 + 4 = 7", "0 + 0 + 7 + (−20) = −13"]),
    # Not side by side, so no square.
    ("QH 3C QS / QD 4C QC", SQUARE, ["3 + 4 = 7", "0 + 7 + 0 = 7"]),
    ("JK 2H / 5C 3D", PAGAT, ["−2 + 5 = 3", "2 + 3 = 5", "3 + 5 = 8"]),
    ("JK 2H / 5C 3D", MINUS5, ["−5 + 5 = 0", "−2 + 3 = 1", "0 + 1 = 1"]),
    ("QH 9C KS / QD 2H 5C", ADDING, ["9 + 2 = 11", "0 + 5 = 5", "0 + 11 + 5 = 16"]),
]


@pytest.mark.parametrize(("layout", "rules", "equations"), WORKED)
def test_a_story_tells_each_score_as_equations(layout, rules, equations):
    story = score_story(rows_of(layout), rules)
    assert story.equations == equations
    assert story.total == score_layout(rows_of(layout), rules).total


def test_a_column_tells_its_cards_what_matched_and_how_it_adds_up():
    story = score_story(rows_of("QH 9C KS / QD 2H 5C"), CLASSIC6)
    queens, nine, king = story.columns
    assert queens.match_text == "Two queens cancel to 0"
    assert queens.line == "Column 1: two queens cancel to 0"
    assert queens.told is None  # nothing more to say
    assert queens.equation is None
    assert queens.sentence == "Two queens in one column cancel. The column scores 0."
    assert [(c.code, c.points, c.counts) for c in queens.cards] == [
        ("QH", "10", False),
        ("QD", "10", False),
    ]
    assert nine.sentence == "Start at 9. Go back 2. You land on 7."
    assert nine.line == "Column 2: 9 + (−2) = 7"
    assert nine.told.text == "Column 2: Start at 9. Go back 2. You land on 7."
    assert nine.told.number_line.text == nine.told.text  # its caption says it, once
    assert nine.told.see == "Column 2 on a number line"
    assert [c.name for c in nine.cards] == ["nine of clubs", "two of hearts"]
    assert nine.cards[1].points == "−2"
    assert king.sentence == "Start at 0. Count on 5. You land on 5."
    assert (king.line, king.told.number_line) == ("Column 3: 0 + 5 = 5", None)
    assert story.sentence == "Add the columns. Start at 0. Count on 7. Count on 5. You land on 12."


def test_each_column_names_the_skill_it_practises():
    story = score_story(rows_of("QH 9C KS / QD 2H 5C"), CLASSIC6)
    assert [c.skill for c in story.columns] == [
        Skill.PAIRS_CANCEL,
        Skill.ADDING_NEGATIVE,
        Skill.ADDING,
    ]


def test_a_pair_of_twos_is_0_not_minus_4():
    story = score_story(rows_of("2H 2D / 2S 2C"), EASY4)
    assert story.columns[0].sentence.endswith("It is not −4!")
    assert story.columns[0].line == "Column 1: two 2s cancel to 0"
    assert story.columns[0].told.text == "Column 1: It is not −4!"
    assert story.total == 0


def test_a_knock9_pair_cancels_and_the_third_card_counts():
    story = score_story(rows_of("7S KH 5C / 7D 4C 5D / AC KD 5H"), KNOCK9)
    sevens, kings, fives = story.columns
    assert sevens.match_text == "Two 7s cancel to 0"
    assert sevens.line == "Column 1: 0 + 1 = 1"
    assert sevens.told.text == "Column 1: The two 7s cancel. Start at 0. Count on 1. You land on 1."
    assert sevens.sentence == "The two 7s cancel. Start at 0. Count on 1. You land on 1."
    assert [c.counts for c in sevens.cards] == [False, False, True]
    assert kings.equation == "0 + 4 = 4"
    assert fives.match_text == "Three 5s cancel to 0"
    assert fives.equation is None


def test_four_of_a_kind_is_a_line_of_the_story_and_a_term_of_the_sum():
    story = score_story(rows_of("QH 3C QS / QD 4C QC"), FOURS)
    assert story.story.bonus == -10
    assert story.bonus_text == "Four queens in two columns! That takes away 10."
    assert story.story.terms == (0, 7, 0, -10)
    square = score_story(rows_of("QH QS 3C / QD QC 4C"), SQUARE)
    assert square.bonus_text == "Four queens in a square! That takes away 20."
    assert score_story(rows_of("QH 3C QS / QD 4C QC"), SQUARE).bonus_text is None


def test_a_pair_of_jokers_cancels():
    story = score_story(rows_of("JK 4H / JK 4C"), MINUS5)
    assert story.columns[0].match_text == "Two jokers cancel to 0"
    assert story.columns[0].sentence.endswith("It is not −10!")


def test_a_flat_layout_tells_the_same_story_as_its_rows():
    assert cards_story(["QH", "9C", "KS", "QD", "2H", "5C"], CLASSIC6) == score_story(
        rows_of("QH 9C KS / QD 2H 5C"), CLASSIC6
    )


def test_a_number_line_comes_only_with_a_negative_number():
    story = score_story(rows_of("QH 9C KS / QD 2H 5C"), CLASSIC6)
    assert [c.number_line is not None for c in story.columns] == [False, True, False]
    assert story.number_line is None  # 0 + 7 + 5 never goes below zero
    line = story.columns[1].number_line
    assert line.line.start.value == 9
    assert hops(line) == [(9, 7, "−2")]
    assert line.text == "A number line from 0 to 9. Start at 9. Go back 2. You land on 7."
    below = score_story(rows_of("2H 5D / KS 2C"), EASY4)
    assert [(h.start, h.end) for h in below.number_line.line.hops] == [(-2, 1)]


# --- properties over every rule mix -----------------------------------------------------

LANDS = re.compile(r"You land on (−?\d+)\.$")


def below_zero(terms) -> bool:
    place, seen = 0, False
    for v in terms:
        place += v
        seen = seen or v < 0 or place < 0
    return seen


def check_story(rows, rules) -> None:
    """Everything a story promises about a layout, checked against the engine's score."""
    score = score_layout(rows, rules)
    story = score_story(rows, rules)
    assert story.total == score.total
    assert check_equation(story.equations[-1]) == score.total
    assert check_equation(story.equation) == score.total
    assert list(story.story.terms) == [c.total for c in score.columns] + (
        [score.bonus] if score.bonus else []
    )
    assert (story.number_line is not None) == below_zero(story.story.terms)
    assert LANDS.search(story.sentence).group(1).replace(MINUS, "-") == str(score.total)
    for col, engine in zip(story.columns, score.columns, strict=True):
        assert col.total == engine.total
        assert [c.card.value for c in col.cards] == list(engine.values)
        if col.equation is None:
            assert engine.matched is not None and engine.total == 0
            assert col.number_line is None
        else:
            assert check_equation(col.equation) == engine.total
            assert (col.number_line is not None) == below_zero(col.story.terms)
            assert LANDS.search(col.sentence).group(1).replace(MINUS, "-") == str(engine.total)
        if col.number_line:
            line = col.number_line.line
            ends = [line.start.value, *(h.end for h in line.hops)]
            assert ends[-1] == engine.total
            assert all(a.end == b.start for a, b in zip(line.hops, line.hops[1:], strict=False))
            assert all(line.low <= v <= line.high for v in ends)
    if rules in ADDING_ONLY:
        assert not any(MINUS in s or "-" in s for s in strings_in(story))
        assert "Go back" not in story.sentence


@pytest.mark.parametrize("rules", RULE_MIXES, ids=mix_id)
def test_every_rule_mix_tells_stories_that_add_up(rules):
    rng = random.Random(mix_id(rules))
    for _ in range(60):
        check_story(random_layout(rules, rng), rules)


@settings(max_examples=1500, deadline=None)
@given(rules_and_layouts())
def test_any_layout_tells_a_story_that_adds_up(case):
    rules, rows = case
    check_story(rows, rules)


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(ADDING_ONLY).flatmap(lambda r: st.tuples(st.just(r), layouts(r))))
def test_adding_only_stories_never_show_a_minus_sign(case):
    rules, rows = case
    story = score_story(rows, rules)
    assert not any(MINUS in s for s in strings_in(story))
    assert story.number_line is None


# --- the caller penalty --------------------------------------------------------------------

NAMES = (YOU, "Sam", "Ada")


def said(lines) -> list[tuple[int, str, str | None, int]]:
    return [(line.seat, line.text, line.equation, line.score) for line in lines]


LOW_ZERO = replace(CLASSIC6, caller_penalty="low_scores_zero")
DOUBLE = replace(CLASSIC6, caller_penalty="double")


def test_the_low_scores_zero_rule_adds_the_lowest_score_to_a_caller_who_was_not_lowest():
    # Seed 000: the lowest scorer scores 0, the caller adds the lowest score to their own.
    lines = caller_lines(hole([8, 2], [10, 0], caller=0), LOW_ZERO, NAMES)
    assert said(lines) == [
        (
            0,
            "You ended the hole but did not get the lowest score. So the lowest score is added on.",
            "8 + 2 = 10",
            10,
        ),
        (1, "Sam got the lowest score, 2, so it counts as 0.", None, 0),
    ]


def test_the_low_scores_zero_rule_with_a_negative_lowest_score():
    lines = caller_lines(hole([8, -3], [5, 0], caller=0), LOW_ZERO, NAMES)
    assert [line.equation for line in lines] == ["8 + (−3) = 5", None]
    assert lines[1].text == "Sam got the lowest score, −3, so it counts as 0."


def test_a_caller_with_the_lowest_score_is_praised():
    lines = caller_lines(hole([5, 1], [5, 0], caller=1), LOW_ZERO, NAMES)
    assert lines[0].text == "Sam ended the hole with the lowest score. Well done!"
    lines = caller_lines(hole([5, 1], [5, 1], caller=1), DOUBLE, NAMES)
    assert said(lines) == [(1, "Sam ended the hole with the lowest score. Well done!", None, 1)]


def test_the_double_rule_counts_a_caller_who_was_not_lowest_2_times():
    lines = caller_lines(hole([6, 3], [12, 3], caller=0), DOUBLE, NAMES)
    assert said(lines) == [
        (
            0,
            "You ended the hole but did not get the lowest score. So it counts 2 times.",
            "6 + 6 = 12",
            12,
        )
    ]
    tied = caller_lines(hole([4, 4], [4, 8], caller=1), DOUBLE, NAMES)
    assert tied[0].text == "Sam ended the hole but tied for the lowest score. So it counts 2 times."


def test_the_double_rule_leaves_a_score_of_0_or_less_alone():
    lines = caller_lines(hole([-2, -2], [-2, -2], caller=0), DOUBLE, NAMES)
    assert lines[0].text.endswith("A score of 0 or less does not count 2 times.")
    assert lines[0].equation is None


def test_no_caller_lines_without_the_rule_or_without_a_caller():
    assert caller_lines(hole([6, 3], [6, 3], caller=0), CLASSIC6, NAMES) == ()
    assert caller_lines(hole([6, 3], [6, 3], caller=None), DOUBLE, NAMES) == ()


# --- who won, and the running total ------------------------------------------------------


def test_the_lowest_score_wins_negatives_included():
    winner = hole_winner(hole([4, -1, 7], [4, -1, 7], None), NAMES)
    assert winner.seats == (1,)
    assert winner.text == "The lowest score wins. Sam won with −1. −1 is lower than 4 and 7."
    assert [(m.value, m.label) for m in winner.number_line.drawings[0].marks] == [
        (-1, "Sam"),
        (4, "You"),
        (7, "Ada"),
    ]


def test_a_tie_is_told_as_a_tie():
    winner = lowest_wins({0: 3, 1: 8, 2: 3}, NAMES)
    assert winner.seats == (0, 2)
    assert (
        winner.text
        == "The lowest score wins. You and Ada both got 3. It is a tie! 3 is lower than 8."
    )
    assert winner.number_line is None
    everyone = lowest_wins({0: 3, 1: 3}, NAMES)
    assert everyone.text == "The lowest score wins. Everyone got 3. It is a tie!"


def test_the_child_is_named_first_in_a_tie():
    assert lowest_wins({0: 2, 1: 2, 2: 5}, ("Sam", YOU, "Ada")).text.startswith(
        "The lowest score wins. You and Sam both got 2."
    )


def test_the_running_total_adds_each_holes_score():
    results = [
        HoleResult(1, (None, None), (12, 5), (12, 5), None, False),
        HoleResult(2, (None, None), (-1, 6), (-1, 6), None, False),
        # An extra hole to break a tie adds nothing to the totals.
        HoleResult(3, (None, None), (4, 2), (4, 2), None, True),
    ]
    steps = running_totals(results, 0)
    assert [(s.step.hole, s.equation) for s in steps] == [(1, "0 + 12 = 12"), (2, "12 + (−1) = 11")]
    assert steps[1].sentence == "Start at 12. Go back 1. You land on 11."
    assert steps[0].number_line is None
    assert steps[1].number_line is not None


@pytest.mark.parametrize(
    "rules",
    [r for r in RULE_MIXES if r.caller_penalty or r.jokers == "minus5"],
    ids=mix_id,
)
def test_played_holes_tell_stories_that_agree_with_the_engine(rules):
    for seed in range(3):
        state = play_randomly(replace(rules, holes=2, extra_hole=True), 3, seed)
        totals = [0, 0, 0]
        for index, result in enumerate(state.results):
            story = hole_story(state.results, rules, NAMES, index)
            assert story.number == result.number
            for player in story.players:
                assert player.story.total == result.raw[player.seat]
                assert player.score == result.scores[player.seat]
                if not result.tiebreak:
                    totals[player.seat] += player.score
                    assert check_equation(player.running.equation) == totals[player.seat]
            for line in story.caller:
                assert line.score == result.scores[line.seat]
                if line.equation:
                    assert check_equation(line.equation) == line.score
            changed = {
                s for s, (a, b) in enumerate(zip(result.raw, result.scores, strict=True)) if a != b
            }
            assert changed <= {line.seat for line in story.caller}
            if rules.caller_penalty and result.caller is not None:
                assert story.caller[0].seat == result.caller
            played = {s: v for s, v in enumerate(result.scores) if v is not None}
            assert story.winner.seats == tuple(
                s for s, v in played.items() if v == min(played.values())
            )
            if rules in ADDING_ONLY:
                assert not any(MINUS in s for s in strings_in(story))
        assert tuple(totals) == state.totals


# --- a story told short: no sentence twice, each column one short line -----------------

# A column's line fits one line of a phone's story: "Column 1: three queens cancel to 0".
SHORT = 34


def told_short(rows, rules, before: int = 0):
    story = score_story(rows, rules)
    running = running_told(stories.running_step(2, before, story.total))
    return story, running, folded(story, running, "Your total so far")


def check_short_story(rows, rules, before: int = 0) -> None:
    story, running, unfolded = told_short(rows, rules, before)
    lines = [c.line for c in story.columns]
    assert all(len(line) <= SHORT for line in lines), lines
    assert lines == [f"Column {c.number}: {c.line.split(': ', 1)[1]}" for c in story.columns]
    told = [t.text for t in unfolded.every]
    everything = [*lines, *([story.bonus_text] if story.bonus_text else []), *told]
    assert repeated(everything) == []
    # One number line offered: the hole's sum if it meets a number below 0, else a column's
    # that does, else the total's; every other one behind "Tell me more".
    with_lines = [t for t in unfolded.every if t.number_line]
    if story.number_line:
        assert unfolded.shown is story.told
    elif any(c.number_line for c in story.columns):
        assert unfolded.shown is next(c.told for c in story.columns if c.number_line)
    elif running.number_line:
        assert unfolded.shown is unfolded.every[-1]
        assert unfolded.shown.see == "The total on a number line"
    else:
        assert unfolded.shown is None
    assert (unfolded.shown is None) == (with_lines == [])
    assert [t for t in unfolded.every if t is not unfolded.shown] == list(unfolded.more)
    for t in with_lines:  # its caption says its sum, and nothing says it again
        assert t.number_line.text == t.text and t.see
    # A king in a sum adds nothing; 0 is never counted on.
    assert not any("Count on 0." in t for t in told)


def test_a_story_told_short():
    story, running, unfolded = told_short(rows_of("QH 9C KS / QD 2H 5C"), CLASSIC6, before=3)
    assert [c.line for c in story.columns] == [
        "Column 1: two queens cancel to 0",
        "Column 2: 9 + (−2) = 7",
        "Column 3: 0 + 5 = 5",
    ]
    assert unfolded.shown.text == "Column 2: Start at 9. Go back 2. You land on 7."
    assert unfolded.shown.see == "Column 2 on a number line"
    assert [t.text for t in unfolded.more] == [
        "Column 3: Start at 0. Count on 5. You land on 5.",
        "All together: Start at 0. Count on 7. Count on 5. You land on 12.",
        "Your total so far: Start at 3. Count on 12. You land on 15.",
    ]
    below = told_short(rows_of("2H 5D / KS 2C"), EASY4)[2]
    assert below.shown.text == "All together: Start at −2. Count on 3. You land on 1."
    assert below.shown.see == "The sum on a number line"


def test_a_match_of_cards_below_0_is_said_once_that_it_is_not_their_sum():
    story, _, unfolded = told_short(rows_of("2H 2D / 2S 2C"), EASY4)
    assert [c.line for c in story.columns] == [
        "Column 1: two 2s cancel to 0",
        "Column 2: two 2s cancel to 0",
    ]
    assert [t.text for t in unfolded.more][:2] == [
        "Column 1: It is not −4!",
        "Column 2: It is not −4!",
    ]
    assert unfolded.shown is None


@settings(max_examples=800, deadline=None)
@given(
    rules_and_layouts(),
    st.integers(-30, 60),
)
def test_any_layout_tells_a_short_story_saying_nothing_twice(case, before):
    rules, rows = case
    check_short_story(rows, rules, before)
