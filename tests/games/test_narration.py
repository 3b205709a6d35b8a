"""The words the table says: short lines, the bots' reasons and hints, the end of a game."""

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import (
    PRESETS,
    Action,
    HoleResult,
    State,
    apply_action,
    choose_action,
    legal_actions,
    new_game,
    observe,
)
from games.engine.bots.reasons import CODES, Reason
from games.narration import (
    SAYINGS,
    bot_says,
    hint_says,
    hole_over,
    kind_line,
    knock_question,
    place_word,
    played_line,
    to_person,
)
from games.table import Played
from games.table.play import public_card
from games.table.spots import changes
from peabody.words.cards import card_words
from peabody.words.people import YOU
from tests.engine.strategies import games, steps_of


def told(state: State, action: Action, name: str) -> tuple[str, str | None]:
    """The line a move is told in, by ``name``, and the card it showed everyone."""
    event = Played(
        seat=state.current,
        action=action,
        card=public_card(state, action),
        changes=tuple(changes(state, apply_action(state, action), action)),
    )
    names = [name] * state.players
    return played_line(event, names), event.card


LEVELS = ("random", "gentle", "steady", "sharp")


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

    text, shown = told(holding, Action("swap", 1), "Pip")

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


def test_a_card_drawn_from_the_stock_is_named_only_once_everyone_can_see_it() -> None:
    state = new_game(PRESETS["easy4"], 2, seed=4)
    drawn = state.stock[-1]

    took, shown = told(state, Action("draw_stock"), "Pip")
    holding = apply_action(state, Action("draw_stock"))
    threw, thrown = told(holding, Action("discard"), "Pip")

    assert (took, shown) == ("Pip took a card from the stock.", None)
    assert threw == f"Pip threw away the {card_words(drawn).split(' of ')[0]}." and thrown == drawn


def test_in_memory_mode_a_stock_card_swapped_in_face_down_stays_unnamed() -> None:
    rules = replace(PRESETS["easy4"], memory_mode=True)
    holding = apply_action(new_game(rules, 2, seed=4), Action("draw_stock"))

    text, shown = told(holding, Action("swap", 0), "Pip")

    assert text == "Pip put in a card and threw away the " + text.rsplit(" ", 1)[1]
    assert shown == holding.layouts[holding.current][0]  # the old card lands face up


def test_a_child_nicknamed_you_is_spoken_to_by_name_in_a_game_played_together() -> None:
    assert to_person("You", "Tap 1 more card.") == "You, tap 1 more card."
    assert to_person(YOU, "Tap 1 more card.") == "Tap 1 more card."
    assert kind_line(1, 5, 3, False, name="You") == "You got a pair this game!"
    assert kind_line(0, -2, 3, False, name=YOU).startswith("Your best hole")


# --- a bot's reason, in the bot's voice and as a hint -----------------------------------


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


def test_in_memory_mode_a_bot_never_names_the_card_it_puts_face_down() -> None:
    reason = Reason("swap_memory", "K", 0)
    assert "king" not in bot_says(reason)
    assert "king" in hint_says(reason)  # the child may hear about their own card
