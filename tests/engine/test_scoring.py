from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import (
    KNOCK9_FULL_COLUMN,
    PRESETS,
    Rules,
    RulesClash,
    score_cards,
    score_layout,
)
from games.engine.scoring import apply_caller_penalty
from tests.engine.strategies import house_rules

EASY4, CLASSIC6, KNOCK9 = PRESETS["easy4"], PRESETS["classic6"], PRESETS["knock9"]


def rows(text: str) -> list[list[str]]:
    return [row.split() for row in text.split("/")]


# (layout rows, rules, expected column totals, expected total)
CASES = [
    # The worked checks in RULES.md.
    ("7H 4C 2S / 7D 4S 5H / JC 9D KD", KNOCK9, [10, 9, 17], 36),
    ("7S KH 5C / 7D 4C 5D / AC KD 5H", KNOCK9, [1, 4, 0], 5),
    ("QH 9C KS / QD 2H 5C", CLASSIC6, [0, 7, 5], 12),
    ("7H 7D 3C / KS 2H 2D", CLASSIC6, [7, 5, 1], 13),
    ("2H 2D / 2S 2C", EASY4, [0, 0], 0),
    ("2H 5D / KS 2C", EASY4, [-2, 3], 1),
    # Row and diagonal twins never cancel.
    ("9H 9D 9C / 4S 5S 6S", CLASSIC6, [13, 14, 15], 42),
    ("8H 3D / 4C 8S", EASY4, [12, 11], 23),
    # Any pair in a column is zero, kings and twos included.
    ("KH 2D JC / KS 2C JD", CLASSIC6, [0, 0, 0], 0),
    ("KH 2D 10C / 2S KC 10D", CLASSIC6, [-2, -2, 0], -4),
    ("AH AD / 3C 4C", EASY4, [4, 5], 9),
    ("AH 6D / AC 6S", EASY4, [0, 0], 0),
    # Kings are 0 and twos -2 in the two-row games.
    ("KH 2D QC / 5S 2C JD", CLASSIC6, [5, 0, 20], 25),
    ("2H 2D 2C / 3S 4C KD", CLASSIC6, [1, 2, -2], 1),
    # Knock Golf: kings are 10 and twos +2; a pair cancels only itself.
    ("2H KD QC / 2S KC QD / 5H 5D 5C", KNOCK9, [5, 5, 5], 15),
    ("KH AD 9C / 3S AC 9D / KD 4H 9S", KNOCK9, [3, 4, 0], 7),
    ("JH JD 2C / 3S 6C 2D / JC 6H 8S", KNOCK9, [3, 10, 8], 21),
    ("10H 10D 10C / 10S 7C 10D / AH 7H 10S", KNOCK9, [1, 10, 0], 11),
    # Knock Golf with only full columns cancelling.
    ("7S KH 5C / 7D 4C 5D / AC KD 5H", KNOCK9_FULL_COLUMN, [15, 24, 0], 39),
    ("QS QH QC / QD QC QD / QH 2C QS", KNOCK9_FULL_COLUMN, [0, 22, 0], 22),
]


@pytest.mark.parametrize(("layout", "rules", "columns", "total"), CASES)
def test_layouts_score_column_by_column(layout, rules, columns, total):
    score = score_layout(rows(layout), rules)
    assert [c.total for c in score.columns] == columns
    assert score.total == total


@pytest.mark.parametrize(("layout", "rules", "columns", "total"), CASES)
def test_a_layout_stored_flat_row_by_row_scores_the_same(layout, rules, columns, total):
    score = score_cards(layout.replace("/", " ").split(), rules)
    assert [c.total for c in score.columns] == columns
    assert score.total == total


def test_a_column_tells_its_cards_values_and_what_matched():
    score = score_layout(rows("7S KH 5C / 7D 4C 5D / AC KD 5H"), KNOCK9)
    first = score.columns[0]
    assert first.cards == ("7S", "7D", "AC")
    assert first.values == (7, 7, 1)
    assert first.counts == (False, False, True)
    assert first.matched == "7"
    assert score.columns[2].counts == (False, False, False)
    assert score.columns[2].matched == "5"


def test_an_unmatched_column_has_no_match():
    column = score_layout(rows("QH 9C KS / QD 2H 5C"), CLASSIC6).columns[1]
    assert column.matched is None
    assert column.values == (9, -2)
    assert column.counts == (True, True)


@pytest.mark.parametrize(
    ("rules", "layout", "total"),
    [
        # Pagat's jokers: jokers -2 and twos turn into +2.
        (replace(CLASSIC6, jokers="pagat"), "JK 2H 5C / 3D 2S 4H", 1 + 0 + 9),
        (replace(CLASSIC6, jokers="pagat"), "JK 2H 5C / 8D 3S 4H", 6 + 5 + 9),
        # Jokers -5, twos still -2.
        (replace(CLASSIC6, jokers="minus5"), "JK 2H 5C / 8D 3S 4H", 3 + 1 + 9),
        # Two jokers in a column are a pair.
        (replace(CLASSIC6, jokers="minus5"), "JK JK 5C / JK 3S 4H", 0 - 2 + 9),
        (replace(EASY4, jokers="pagat"), "JK JK / 2H 2D", -2 - 2 + 4),
        # Adding only: twos count +2, so no negative numbers.
        (replace(EASY4, adding_only=True), "2H 5D / KS 2C", 2 + 7),
        (replace(CLASSIC6, adding_only=True), "2H 2D 2C / 3S 4C KD", 5 + 6 + 2),
        (replace(KNOCK9, jokers="minus5"), "JK 2H 5C / 3D 2S 4H / JK 6C 7C", 3 + 6 + 16),
    ],
)
def test_house_rules_change_card_values(rules, layout, total):
    assert score_layout(rows(layout), rules).total == total


FOUR = replace(CLASSIC6, four_of_a_kind="pair_of_columns")
SQUARE = replace(CLASSIC6, four_of_a_kind="square")


@pytest.mark.parametrize(
    ("rules", "layout", "bonus"),
    [
        (FOUR, "9H 9D 5C / 9C 9S 4H", -10),  # side by side
        (FOUR, "9H 5C 9D / 9C 4H 9S", -10),  # apart
        (SQUARE, "9H 9D 5C / 9C 9S 4H", -20),
        (SQUARE, "5C 9H 9D / 4H 9C 9S", -20),
        (SQUARE, "9H 5C 9D / 9C 4H 9S", 0),  # apart: no square
        (FOUR, "9H 8D 5C / 9C 8S 4H", 0),  # two pairs of different ranks
        (FOUR, "9H 9D 9C / 9C 4S 4H", 0),  # four nines, but only one matched column
        (CLASSIC6, "9H 9D 5C / 9C 9S 4H", 0),  # house rule off
        (replace(EASY4, four_of_a_kind="square"), "KH KD / KC KS", -20),
    ],
)
def test_four_of_a_kind_bonus(rules, layout, bonus):
    score = score_layout(rows(layout), rules)
    assert score.bonus == bonus
    assert score.total == sum(c.total for c in score.columns) + bonus


def test_a_layout_of_the_wrong_shape_is_refused():
    with pytest.raises(ValueError, match="2 rows of 3"):
        score_layout(rows("QH 9C / QD 2H"), CLASSIC6)


def test_an_unknown_card_code_is_refused():
    with pytest.raises(ValueError, match="not a card code"):
        score_layout(rows("QH 1C KS / QD 2H 5C"), CLASSIC6)


LOW_ZERO = replace(CLASSIC6, caller_penalty="low_scores_zero")
DOUBLE = replace(CLASSIC6, caller_penalty="double")


@pytest.mark.parametrize(
    ("rules", "raw", "caller", "expected"),
    [
        # The caller is lowest: the low scorers score 0 under seed 000's rule.
        (LOW_ZERO, {0: 4, 1: 9, 2: 12}, 0, {0: 0, 1: 9, 2: 12}),
        # The caller is not lowest: adds the low score to their own.
        (LOW_ZERO, {0: 4, 1: 9, 2: 3}, 0, {0: 7, 1: 9, 2: 0}),
        (LOW_ZERO, {0: 4, 1: -2, 2: 3}, 0, {0: 2, 1: 0, 2: 3}),
        # Tied lowest: both score 0, a tied caller included.
        (LOW_ZERO, {0: 3, 1: 3, 2: 8}, 1, {0: 0, 1: 0, 2: 8}),
        # Double: a caller who is not strictly lowest doubles.
        (DOUBLE, {0: 4, 1: 9}, 0, {0: 4, 1: 9}),
        (DOUBLE, {0: 9, 1: 4}, 0, {0: 18, 1: 4}),
        (DOUBLE, {0: 5, 1: 5}, 1, {0: 5, 1: 10}),
        # ...but a score below zero is not doubled into a reward.
        (DOUBLE, {0: -1, 1: -3}, 0, {0: -1, 1: -3}),
        # No caller (the round limit ended the hole), or the rule is off: nothing changes.
        (DOUBLE, {0: 9, 1: 4}, None, {0: 9, 1: 4}),
        (CLASSIC6, {0: 9, 1: 4}, 0, {0: 9, 1: 4}),
    ],
)
def test_caller_penalties(rules, raw, caller, expected):
    assert apply_caller_penalty(raw, caller, rules) == expected


@given(house_rules(), st.randoms(use_true_random=False))
def test_rules_read_back_from_a_saved_dict_in_any_key_order(rules, rng):
    import json

    saved = json.loads(json.dumps(rules.to_dict()))
    shuffled = dict(rng.sample(list(saved.items()), len(saved)))

    assert Rules.from_dict(saved) == rules
    assert Rules.from_dict(shuffled) == rules
    given = rules.to_dict()  # a fresh dict each time, the caller's to change
    given["holes"] = 99
    given["deck_limits"].append(99)
    assert rules.to_dict() == saved


def test_rules_with_a_field_the_game_does_not_know_are_refused():
    saved = PRESETS["classic6"].to_dict() | {"wild_aces": True}

    with pytest.raises(ValueError, match="unknown rule fields: \\['wild_aces'\\]"):
        Rules.from_dict(saved)


@pytest.mark.parametrize(
    ("changes", "why"),
    [
        ({"adding_only": True, "jokers": "pagat"}, "jokers are negative"),
        ({"adding_only": True, "four_of_a_kind": "square"}, "takes points away"),
        ({"memory_mode": True}, "memory mode goes with the peek start"),
        ({"four_of_a_kind": "pair_of_columns", "rows": 3}, "two-row layout"),
    ],
)
def test_house_rules_that_do_not_go_together_are_refused_with_the_reason(changes, why):
    # "Adding only" promises a child no negative number anywhere, so nothing that takes
    # points away may come with it.
    with pytest.raises(ValueError, match=why):
        replace(PRESETS["classic6"], **changes)


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"memory_mode": True, "start": "flip"}, "memory_needs_peek"),
        ({"adding_only": True, "jokers": "pagat"}, "jokers_not_adding_only"),
        ({"knock": "none", "out_when_all_face_up": False}, "no_way_to_end"),
    ],
)
def test_rules_that_clash_say_which_by_a_code_not_by_words(changes: dict, code: str) -> None:
    with pytest.raises(RulesClash) as clash:
        replace(PRESETS["classic6"], **changes)
    assert clash.value.code == code
