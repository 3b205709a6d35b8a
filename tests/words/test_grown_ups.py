"""The grown-ups' words: the sentences the parent zone makes in Python, in both languages."""

import pytest
from django.utils import translation

from peabody.families.practice import LEARNED, NOT_ENOUGH, STILL_LEARNING
from peabody.words.grown_ups import (
    SKILL_STATES,
    child_deleted,
    child_ready,
    child_saved,
    column_talk,
    minutes_text,
    pair_talk,
    signed_number,
    total_talk,
    trend_titles,
)


@pytest.mark.parametrize(
    ("value", "text"), [(-1.5, "−1.5"), (2.0, "2"), (-0.04, "0"), (-3, "−3"), (10 / 3, "3.3")]
)
def test_numbers_are_written_with_a_real_minus_sign(value: float, text: str) -> None:
    assert signed_number(value) == text


@pytest.mark.parametrize(
    ("minutes", "text"),
    [
        (0, "no time"),
        (0.3, "under a minute"),
        (1, "1 minute"),
        (1.4, "1 minute"),
        (40, "40 minutes"),
    ],
)
def test_a_short_game_is_under_a_minute_not_nothing(minutes: float, text: str) -> None:
    assert minutes_text(minutes) == text


def test_every_state_of_a_skill_has_its_words() -> None:
    assert set(SKILL_STATES) == {NOT_ENOUGH, STILL_LEARNING, LEARNED}
    with translation.override("es"):
        assert [SKILL_STATES[s] for s in (NOT_ENOUGH, STILL_LEARNING, LEARNED)] == [
            "aún faltan respuestas",
            "aprendiendo",
            "ya lo sabe",
        ]


def test_a_column_is_talked_about_by_its_cards_and_what_they_make() -> None:
    talk = column_talk("Ada", [9, -2], 7)

    assert (talk.seen, talk.ask, talk.answer) == (
        "Ada had a 9 and a −2 in one column.",
        "Ask: what do they make together?",
        "They make 7.",
    )


def test_the_notes_after_a_change_name_the_child() -> None:
    assert child_ready("Ada") == "Ada is ready to play."
    assert child_saved("Ada") == "Ada’s settings are saved."
    assert child_deleted("Ada") == "Ada and all their games are deleted."


def test_the_sentences_made_in_python_are_in_spanish() -> None:
    with translation.override("es"):
        told = total_talk("Robin", -3)
        pair = pair_talk("Robin", "K")
        times = [minutes_text(m) for m in (0, 0.4, 1, 40)]
        numbers = [signed_number(v) for v in (-2.5, 8.0, -0.04)]
        titles = trend_titles()

    assert told.seen == "Robin terminó la partida con un total de −3."
    assert told.answer == "Bueno: gana quien tenga menos puntos."
    assert pair.seen == "Robin tenía dos reyes en una columna."
    assert times == ["sin jugar", "menos de un minuto", "1 minuto", "40 minutos"]
    assert numbers == ["−2,5", "8", "0"]
    assert titles != trend_titles()


def test_the_english_sentences_made_in_python_are_unchanged() -> None:
    assert total_talk("Robin", -3).seen == "Robin ended the game on −3."
    assert [minutes_text(m) for m in (0, 0.4, 1, 40)] == [
        "no time",
        "under a minute",
        "1 minute",
        "40 minutes",
    ]
    assert [signed_number(v) for v in (-2.5, 8.0, -0.04)] == ["−2.5", "8", "0"]
    assert trend_titles() == ("Average score per hole", "Game, oldest first")
