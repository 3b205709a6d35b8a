"""The grown-ups' words: the sentences the parent zone makes in Python, in both languages."""

import pytest
from django.utils import translation

from lessons.core.bot_kindness import Kindness
from lessons.core.skills import LADDERS, Skill
from peabody.families.practice import LEARNED, NOT_ENOUGH, STILL_LEARNING
from peabody.words.grown_ups import (
    RUNGS,
    SKILL_STATES,
    bots_at_work,
    bots_now,
    child_deleted,
    child_ready,
    child_saved,
    column_talk,
    comes_back,
    first_level,
    growth_line,
    level_text,
    minutes_text,
    pair_talk,
    rung,
    signed_number,
    total_talk,
    trend_titles,
    went_down,
    went_up,
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

    assert talk == (
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
        told_seen, _, told_answer = total_talk("Robin", -3)
        pair_seen, _, _ = pair_talk("Robin", "K")
        times = [minutes_text(m) for m in (0, 0.4, 1, 40)]
        numbers = [signed_number(v) for v in (-2.5, 8.0, -0.04)]
        titles = trend_titles()

    assert told_seen == "Robin terminó la partida con un total de −3."
    assert told_answer == "Bueno: gana quien tenga menos puntos."
    assert pair_seen == "Robin tenía dos reyes en una columna."
    assert times == ["sin jugar", "menos de un minuto", "1 minuto", "40 minutos"]
    assert numbers == ["−2,5", "8", "0"]
    assert titles != trend_titles()


def test_the_english_sentences_made_in_python_are_unchanged() -> None:
    seen, _, _ = total_talk("Robin", -3)
    assert seen == "Robin ended the game on −3."
    assert [minutes_text(m) for m in (0, 0.4, 1, 40)] == [
        "no time",
        "under a minute",
        "1 minute",
        "40 minutes",
    ]
    assert [signed_number(v) for v in (-2.5, 8.0, -0.04)] == ["−2.5", "8", "0"]
    assert trend_titles() == ("Average score per hole", "Game, oldest first")


def test_every_level_of_every_skill_has_its_words() -> None:
    for skill, rungs in LADDERS.items():
        assert list(RUNGS[skill]) == list(rungs), skill
        with translation.override("es"):
            spanish = [rung(skill, level) for level in range(1, len(rungs) + 1)]
        english = [rung(skill, level) for level in range(1, len(rungs) + 1)]
        assert all(spanish) and set(spanish).isdisjoint(english), skill


def test_a_level_is_said_with_its_place_on_the_ladder() -> None:
    assert level_text(Skill.ADDING, 2) == "three cards (level 2 of 3)"
    assert level_text(Skill.PAIRS_CANCEL, 1) == "spotting a pair (level 1 of 2)"
    with translation.override("es"):
        assert level_text(Skill.ADDING, 2) == "tres cartas (nivel 2 de 3)"


@pytest.mark.parametrize(
    ("before", "now", "english", "spanish"),
    [
        (1, 2, "up from level 1 to 2 this month", "sube del nivel 1 al 2 este mes"),
        (2, 1, "back from level 2 to 1 this month, to practise", "vuelve del nivel 2 al 1"),
        (2, 2, "at level 2 of 3 all month", "en el nivel 2 de 3 todo el mes"),
        (3, 3, "at the top level, 3 of 3, all month", "en el nivel más alto, 3 de 3"),
        (None, 2, "new this month, now at level 2 of 3", "nueva este mes, ahora en el nivel 2"),
    ],
)
def test_how_a_skills_month_went_in_both_languages(before, now, english, spanish) -> None:
    assert growth_line(Skill.ADDING, before, now) == english
    with translation.override("es"):
        assert growth_line(Skill.ADDING, before, now).startswith(spanish)


def test_why_a_skill_is_at_its_level_in_both_languages() -> None:
    assert went_up("Ada", 3, 4, 5) == (
        "Up one level: Ada got the latest 3, or 4 of the latest 5, right the first time at the "
        "level below."
    )
    assert comes_back("Ada", 1) == "Comes back in the next game: Ada missed one yesterday."
    assert comes_back("Ada", 7) == "Comes back in the next game: Ada missed one 7 days ago."
    with translation.override("es"):
        assert went_down("Ada", 2, 3) == (
            "Baja un nivel: Ada falló 2 de las últimas 3 a la primera en el nivel de arriba."
        )
        assert first_level("Ada", 1, 0).startswith("Aquí empieza cada niño o niña.")
        assert comes_back("Ada", 3).endswith("hace 3 días.")
        assert comes_back("Ada", 1).endswith("Ada falló una ayer.")


@pytest.mark.parametrize(
    ("gentleness", "english", "spanish"),
    [
        (1.0, "kinder than you chose, as far as", "más amables de lo que elegiste, lo más"),
        (0.7, "a little kinder than you chose.", "un poco más amables de lo que elegiste."),
        (0.5, "as kind as you chose.", "tan amables como elegiste."),
        (0.3, "a little less kind than you chose.", "un poco menos amables de lo que"),
        (0.0, "less kind than you chose, as far as", "menos amables de lo que elegiste, lo más"),
    ],
)
def test_the_bots_kindness_is_said_beside_the_grown_ups_choice(
    gentleness: float, english: str, spanish: str
) -> None:
    kindness = Kindness(gentleness, 0.5, won=5.5, holes=10)

    assert bots_now(kindness).startswith(f"The bots are now {english}")
    assert bots_at_work("Ada", kindness, 5).endswith("Ada won 5.5 of the latest 10.")
    with translation.override("es"):
        assert bots_now(kindness).startswith(f"Ahora los bots son {spanish}")
        assert bots_at_work("Ada", kindness, 5).endswith("Ada ganó 5,5 de los últimos 10.")
