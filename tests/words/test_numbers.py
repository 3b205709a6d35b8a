from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import KNOCK9_FULL_COLUMN, PRESETS
from games.words.cards import MINUS
from games.words.numbers import (
    equation,
    match_reminder,
    sum_text,
    term,
    value_cards,
    value_points,
    value_sentence,
)
from lessons.core.card_values import value_lines
from tests.lessons.strategies import RULE_MIXES, check_equation

EASY4, CLASSIC6, KNOCK9 = PRESETS["easy4"], PRESETS["classic6"], PRESETS["knock9"]


def test_a_negative_number_that_is_added_goes_in_brackets():
    assert term(-2) == "(−2)"
    assert term(5) == "5"
    assert sum_text([9, -2]) == "9 + (−2)"
    assert sum_text([-2, 5]) == "−2 + 5"
    assert equation([0, 7, 5], 12) == "0 + 7 + 5 = 12"
    assert equation([5, -2], 3) == "5 + (−2) = 3"


def test_an_empty_sum_is_refused():
    with pytest.raises(ValueError):
        sum_text([])


@given(st.lists(st.integers(-30, 30), min_size=1, max_size=6))
def test_every_sum_reads_back_to_its_own_arithmetic(values):
    assert check_equation(equation(values, sum(values))) == sum(values)


def reminder(rules) -> dict[str, str]:
    return {value_cards(line): value_points(line) for line in value_lines(rules)}


def test_the_reminder_gives_the_four_card_values():
    assert reminder(EASY4) == {
        "A": "1",
        "2": "−2",
        "3 to 10": "the number",
        "J Q": "10",
        "K": "0",
    }


def test_the_reminder_follows_the_house_rules():
    assert reminder(replace(CLASSIC6, adding_only=True))["2"] == "2"
    pagat = reminder(replace(CLASSIC6, jokers="pagat"))
    assert (pagat["2"], pagat["Joker"]) == ("2", "−2")
    minus5 = reminder(replace(CLASSIC6, jokers="minus5"))
    assert (minus5["2"], minus5["Joker"]) == ("−2", "−5")
    assert reminder(KNOCK9)["K"] == "10"
    assert reminder(KNOCK9)["2"] == "2"


def test_the_reminder_read_aloud_says_what_a_card_does():
    said = {value_cards(line): value_sentence(line) for line in value_lines(EASY4)}
    assert said["2"] == "A 2 takes away 2."
    assert said["K"] == "A king is 0."


def test_the_match_reminder_fits_the_layout():
    assert match_reminder(EASY4) == "Two the same in a column: 0"
    assert match_reminder(CLASSIC6) == "Two the same in a column: 0"
    assert match_reminder(KNOCK9) == "Two or three the same in a column: those are 0"
    assert match_reminder(KNOCK9_FULL_COLUMN) == "Three the same in a column: 0"


@pytest.mark.parametrize("rules", [r for r in RULE_MIXES if r.adding_only])
def test_adding_only_shows_no_minus_sign_in_the_reminder(rules):
    assert not any(
        MINUS in value_points(line) + value_sentence(line) for line in value_lines(rules)
    )
