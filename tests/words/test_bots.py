"""What a bot says about its move, and the same reason as a hint to the child."""

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import choose_action, observe
from games.engine.bots.reasons import CODES, Reason
from games.words.bots import SAYINGS, bot_says, hint_says
from tests.engine.strategies import games, steps_of

LEVELS = ("random", "gentle", "steady", "sharp")


def test_every_reason_a_bot_may_give_has_a_saying_and_a_hint() -> None:
    assert set(SAYINGS) == CODES


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_reason_is_short_sentences_in_both_voices(code: str) -> None:
    for card, value, total in (
        ("K", 0, 4),
        ("2", -2, -3),
        ("7", 7, 12),
        ("A", 1, 1),
        ("JK", -5, 0),
    ):
        reason = Reason(code, card, value, old="9", total=total)
        said, hint = bot_says(reason), hint_says(reason)
        for text in (said, hint):
            assert text[0].isupper()
            assert text.endswith((".", "!"))
            for sentence in re.split(r"(?<=[.!]) ", text):
                assert len(sentence.split()) <= 10, sentence
            assert "{" not in text and "None" not in text
            assert not re.search(r"-\d", text), "a negative number needs a real minus sign"
        assert hint != said
        assert not hint.startswith("I ")


@settings(max_examples=40, deadline=None)
@given(games(holes=st.just(1)), st.integers(0, 2**32))
def test_every_reason_a_bot_gives_is_told_in_both_voices(game, seed) -> None:
    rng = random.Random(seed)
    told = 0
    for _, _, state in steps_of(game):
        if state.is_over:
            break
        view = observe(state, state.current)
        for level in LEVELS:
            _, reason = choose_action(view, level, rng, gentleness=rng.random())
            for text in (bot_says(reason), hint_says(reason)):
                assert text.strip() and "{" not in text and "}" not in text, reason
                told += 1
    assert told


def test_a_negative_score_is_said_with_a_real_minus_sign() -> None:
    reason = Reason("go_out", "2", -2, total=-3)
    assert (
        bot_says(reason) == "I put the 2 on my last face-down card. I am out with \u22123 points!"
    )


def test_card_words_are_the_ones_a_child_says() -> None:
    said = "I took the 2 from the pile. A 2 takes away 2 points."
    assert bot_says(Reason("take_low", "2", -2)) == said
    assert bot_says(Reason("swap_low", "K", 0)) == "I kept the king. Kings are worth 0."
    assert hint_says(Reason("swap_low", "A", 1)) == "Keep the ace: an ace is only worth 1 point."
    hint = "Take the 8 from the pile. An 8 is worth 8 points."
    assert hint_says(Reason("take_low", "8", 8)) == hint
    said = "I made four of a kind with my 7s! That takes away 10 points."
    assert bot_says(Reason("swap_four", "7", 7, total=10)) == said


def test_a_hint_says_the_move_to_the_child() -> None:
    reason = Reason("take_pair", "7", 7)
    assert bot_says(reason) == "I took the 7 to make a pair. A pair scores 0!"
    assert hint_says(reason) == "Take the 7 to make a pair. A pair scores 0!"


def test_a_bot_never_tells_a_card_it_only_remembers() -> None:
    taken = Reason("take_pair_remembered", "7", 7)
    assert "pair" not in bot_says(taken)
    assert "pair" in hint_says(taken)  # said to the child about their own cards
    placed = Reason("swap_pair_remembered", "7", 7)
    assert "other 7" not in bot_says(placed) and "pair" not in bot_says(placed)
    assert not any(ch.isdigit() for ch in bot_says(Reason("knock_remembered")))


def test_an_exact_total_is_said_without_about_and_a_guess_with_it() -> None:
    assert bot_says(Reason("knock_exact", total=-4)) == "I knocked! My cards add up to −4."
    assert hint_says(Reason("knock_exact", total=3)) == "Knock now! Your cards add up to 3."
    assert "about" in bot_says(Reason("knock", total=3))


def test_in_memory_mode_a_bot_never_names_the_card_it_puts_face_down() -> None:
    reason = Reason("swap_memory", "K", 0)
    assert "king" not in bot_says(reason)
    assert "king" in hint_says(reason)  # the child may hear about their own card
