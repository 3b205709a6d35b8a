"""The words the table says: card names, short lines, the end of a game."""

import pytest

from games.engine import PRESETS, Action, HoleResult, apply_action, legal_actions, new_game
from games.narration import (
    card_label,
    card_words,
    describe,
    hole_over,
    kind_line,
    knock_question,
    place_word,
)


@pytest.mark.parametrize(
    ("code", "label"),
    [
        ("7H", "7 of hearts"),
        ("10D", "10 of diamonds"),
        ("KC", "K, king of clubs"),
        ("AS", "A, ace of spades"),
        ("QH", "Q, queen of hearts"),
        ("JK", "joker"),
    ],
)
def test_a_card_is_named_starting_with_what_is_printed_on_it(code: str, label: str) -> None:
    assert card_label(code) == label
    printed = code[:-1] if code != "JK" else ""
    assert card_label(code).split(",")[0].split(" ")[0] == (printed or "joker")


def test_cards_in_sentences_use_digits_for_numbers_and_words_for_pictures() -> None:
    assert card_words("7H") == "7 of hearts"
    assert card_words("KC") == "king of clubs"


def test_a_negative_hole_score_is_told_with_a_real_minus_sign() -> None:
    result = HoleResult(1, (("2H", "KS", "5D", "2C"), ("9C",) * 4), (-2, 36), (-2, 36), 0, False)

    assert hole_over(result, 0, game_over=False) == "Hole 1 is over. You scored \u22122."


def test_the_knock_question_counts_the_face_down_cards_in_one_short_line() -> None:
    assert knock_question(1) == "1 of your cards is still face down. Knock now?"
    assert knock_question(3) == "3 of your cards are still face down. Knock now?"


def test_a_swap_is_told_by_ranks_in_a_few_words() -> None:
    state = new_game(PRESETS["classic6"], 2, seed=3)
    while state.phase != "draw":  # everyone turns their first two cards
        state = apply_action(state, legal_actions(state)[0])
    holding = apply_action(state, Action("draw_discard"))

    text, shown = describe(holding, Action("swap", 1), "Pip")

    assert text.startswith("Pip put in the ")
    assert "threw away the" in text
    assert len(text.split()) <= 10
    assert shown == holding.layouts[holding.current][1]


@pytest.mark.parametrize(
    ("pairs", "best", "holes", "won", "line"),
    [
        (2, 5, 3, False, "You got 2 pairs this game!"),
        (1, 5, 3, False, "You got a pair this game!"),
        (0, -2, 3, False, "Your best hole was \u22122. Below 0 is great!"),
        (0, 7, 3, True, "You had the lowest total. Well played!"),
        (0, 7, 3, False, "Your best hole was 7 points."),
        (0, 7, 1, False, "You played a whole game of Golf!"),
    ],
)
def test_the_kind_line_at_the_end_says_one_true_thing(pairs, best, holes, won, line) -> None:
    assert kind_line(pairs, best, holes, won) == line


def test_places_are_said_as_children_say_them() -> None:
    assert [place_word(n) for n in (1, 2, 3, 4)] == ["1st", "2nd", "3rd", "4th"]
