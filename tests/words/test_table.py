"""The words the table says: short lines about moves, the knock question, the end of a
hole and of a game."""

from dataclasses import replace

import pytest

from games.engine import (
    PRESETS,
    Action,
    HoleResult,
    State,
    apply_action,
    legal_actions,
    new_game,
)
from games.table import Played
from games.table.play import public_card
from games.table.spots import changes
from games.words.cards import card_words
from games.words.people import YOU, to_person
from games.words.table import hole_over, kind_line, knock_question, place_word, played_line


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


def test_a_card_thrown_away_unseen_is_said_to_have_been_face_down() -> None:
    from django.utils import translation

    state = new_game(PRESETS["classic6"], 2, seed=3)
    while state.phase != "draw":  # everyone turns their first two cards
        state = apply_action(state, legal_actions(state)[0])
    holding = apply_action(state, Action("draw_discard"))
    seat = holding.current
    down = holding.face_up[seat].index(False)
    up = holding.face_up[seat].index(True)

    unseen, _ = told(holding, Action("swap", down), "Pip")
    seen, _ = told(holding, Action("swap", up), "Pip")
    with translation.override("es"):
        visto, _ = told(holding, Action("swap", down), "Pip")

    assert unseen.startswith("Pip put in the ") and unseen.endswith(" that was face down.")
    assert not seen.endswith("face down.")
    assert visto.endswith(", que estaba boca abajo.")


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

    thrown = text.removeprefix("Pip put in a card and threw away the ").split()[0]
    assert text == f"Pip put in a card and threw away the {thrown} that was face down."
    assert shown == holding.layouts[holding.current][0]  # the old card lands face up


def test_a_child_nicknamed_you_is_spoken_to_by_name_in_a_game_played_together() -> None:
    assert to_person("You", "Tap 1 more card.") == "You, tap 1 more card."
    assert to_person(YOU, "Tap 1 more card.") == "Tap 1 more card."
    assert kind_line(1, 5, 3, False, name="You") == "You got a pair this game!"
    assert kind_line(0, -2, 3, False, name=YOU).startswith("Your best hole")
