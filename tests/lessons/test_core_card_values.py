"""What the cards are worth, as the reminder's lines: one a card, the number cards on one,
a jack and a queen together when they are worth the same; house rules included. Their words
are tests/words/test_numbers.py's."""

from dataclasses import replace

from games.engine import PRESETS
from lessons.core.card_values import NUMBER_CARDS, ValueLine, value_lines
from tests.lessons.strategies import RULE_MIXES

EASY4, CLASSIC6, KNOCK9 = PRESETS["easy4"], PRESETS["classic6"], PRESETS["knock9"]


def test_the_four_card_game_has_five_lines():
    assert value_lines(EASY4) == (
        ValueLine(("A",), 1),
        ValueLine(("2",), -2),
        ValueLine(NUMBER_CARDS, None),
        ValueLine(("J", "Q"), 10),
        ValueLine(("K",), 0),
    )


def test_a_joker_has_its_own_line_at_the_end():
    assert value_lines(replace(CLASSIC6, jokers="minus5"))[-1] == ValueLine(("JK",), -5)
    assert all(line.ranks != ("JK",) for line in value_lines(CLASSIC6))


def test_every_line_says_what_the_rules_say_each_card_is_worth():
    for rules in RULE_MIXES:
        lines = value_lines(rules)
        ranks = [rank for line in lines for rank in line.ranks]
        assert sorted(ranks) == sorted(rules.values)
        for line in lines:
            for rank in line.ranks:
                worth = int(rank) if line.value is None else line.value
                assert rules.values[rank] == worth
