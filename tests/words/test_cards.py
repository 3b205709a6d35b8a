"""The words for cards and numbers that every page and sentence puts in its places."""

import pytest

from games.engine.cards import JOKER, RANKS, STANDARD_DECK
from games.words.cards import (
    MINUS,
    a_number,
    a_rank,
    card_label,
    card_name,
    card_words,
    number,
    plural,
    points,
    rank_word,
    the_rank,
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
    assert card_words("JK") == "joker"


def test_a_screen_reader_hears_a_card_all_in_words() -> None:
    assert card_name("7H") == "seven of hearts"
    assert card_name("10D") == "ten of diamonds"
    assert card_name("QS") == "queen of spades"
    assert card_name("JK") == "joker"


@pytest.mark.parametrize("card", ["8", "8C"])
def test_a_rank_is_named_the_same_from_its_rank_or_from_a_card_code(card: str) -> None:
    assert (rank_word(card), the_rank(card), a_rank(card), plural(card)) == (
        "8",
        "the 8",
        "an 8",
        "8s",
    )


@pytest.mark.parametrize(
    ("rank", "one", "many"),
    [
        ("A", "an ace", "aces"),
        ("2", "a 2", "2s"),
        ("8", "an 8", "8s"),
        ("10", "a 10", "10s"),
        ("J", "a jack", "jacks"),
        ("Q", "a queen", "queens"),
        ("K", "a king", "kings"),
        ("JK", "a joker", "jokers"),
    ],
)
def test_each_rank_has_its_article_and_its_plural(rank: str, one: str, many: str) -> None:
    assert a_rank(rank) == one
    assert plural(rank) == many


def test_every_card_there_is_has_words() -> None:
    for code in (*STANDARD_DECK, JOKER):
        for words in (card_words(code), card_name(code), card_label(code), the_rank(code)):
            assert words and words == words.strip()
    assert len({rank_word(r) for r in RANKS}) == len(RANKS)


def test_what_is_not_a_card_is_refused_clearly() -> None:
    for bad in ("1H", "7X", "", "king"):
        with pytest.raises(ValueError, match="not a card code"):
            rank_word(bad)


def test_a_negative_number_has_a_real_minus_sign() -> None:
    assert number(-2) == f"{MINUS}2" == "\u22122"
    assert number(7) == "7"
    assert number(0) == "0"
    assert "-" not in number(-15)


@pytest.mark.parametrize(
    ("value", "said"), [(9, "a 9"), (8, "an 8"), (11, "an 11"), (18, "an 18"), (-2, "a \u22122")]
)
def test_a_cards_points_take_the_article_they_are_said_with(value: int, said: str) -> None:
    assert a_number(value) == said


@pytest.mark.parametrize(
    ("value", "english", "spanish"),
    [
        (1, "1 point", "1 punto"),
        (-1, "\u22121 point", "\u22121 punto"),
        (0, "0 points", "0 puntos"),
        (2, "2 points", "2 puntos"),
        (-2, "\u22122 points", "\u22122 puntos"),
        (21, "21 points", "21 puntos"),
    ],
)
def test_one_point_is_one_point_not_one_points(value: int, english: str, spanish: str) -> None:
    from django.utils import translation

    assert points(value) == english
    with translation.override("es"):
        assert points(value) == spanish


def test_a_cards_corner_letter_is_its_suit_in_the_pages_language() -> None:
    from django.utils import translation

    from games.words.cards import suit_letter

    assert [suit_letter(c) for c in ("7C", "7D", "7H", "7S", "JK", None)] == [
        "C", "D", "H", "S", "", ""
    ]  # fmt: skip
    with translation.override("es"):  # tréboles, diamantes, corazones, picas
        assert [suit_letter(c) for c in ("7C", "7D", "7H", "7S")] == ["T", "D", "C", "P"]
