"""The lessons' words in Spanish: stories, questions, rules and slides say whole Spanish
sentences (the page's language, chosen by the address: /es/...), and the English stays as it
was."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.utils import translation

from games.board import value_reminder
from games.classroom import rules_view
from games.engine import PRESETS, HoleResult
from games.number_lines import line_view
from games.questions import question_told
from games.slides import slides_told
from games.words.number_lines import walk
from games.words.numbers import match_reminder
from games.words.people import YOU, you_first
from games.words.questions import NO_ANSWER, skill_name
from games.words.rules import beside_label, title
from games.words.walkthrough import OTHER
from lessons.core.number_line import scores_line, walk_line
from lessons.core.questions import total_question, winner_question
from lessons.core.rules import EASY_RULES, KNOCK_RULES, RULE_SETS
from lessons.core.skills import Skill
from tests.builders import hole
from tests.lessons.strategies import rows_of
from tests.lessons.texts import strings_in
from tests.readability import LESSON_PAGES, page_lines
from tests.words.said import caller_lines, hole_winner, score_story

CLASSIC6, EASY4, KNOCK9 = PRESETS["classic6"], PRESETS["easy4"], PRESETS["knock9"]
NAMES = (YOU, "Sam", "Ada")


@pytest.fixture
def spanish():
    with translation.override("es"):
        yield


def test_a_column_story_in_spanish(spanish):
    story = score_story(rows_of("QH 9C KS / QD 2H 5C"), CLASSIC6)
    queens, nine, king = story.columns
    assert queens.match_text == "Dos reinas se anulan: 0"
    assert queens.line == "Columna 1: dos reinas se anulan: 0"
    assert nine.told.text == "Columna 2: Empieza en 9. Retrocede 2. Llegas a 7."
    assert nine.told.see == "La columna 2 en la recta numérica"
    assert story.told.text == "Todo junto: Empieza en 0. Avanza 7. Avanza 5. Llegas a 12."
    assert queens.sentence == "Dos reinas en una columna se anulan. La columna vale 0."
    assert nine.sentence == "Empieza en 9. Retrocede 2. Llegas a 7."
    assert [c.name for c in nine.cards] == ["nueve de tréboles", "dos de corazones"]
    assert king.sentence == "Empieza en 0. Avanza 5. Llegas a 5."
    assert story.sentence == "Suma las columnas. Empieza en 0. Avanza 7. Avanza 5. Llegas a 12."
    # The sums are the same in every language, minus sign and all.
    assert story.equations == ["9 + (−2) = 7", "0 + 5 = 5", "0 + 7 + 5 = 12"]


def test_matches_and_bonuses_in_spanish(spanish):
    sevens = score_story(rows_of("7S KH 5C / 7D 4C 5D / AC KD 5H"), KNOCK9).columns[0]
    assert sevens.sentence == "Dos 7 se anulan. Empieza en 0. Avanza 1. Llegas a 1."
    twos = score_story(rows_of("2H 2D / 2S 2C"), EASY4).columns[0]
    assert twos.sentence.endswith("¡No vale −4!")
    fours = replace(CLASSIC6, four_of_a_kind="pair_of_columns")
    story = score_story(rows_of("QH 3C QS / QD 4C QC"), fours)
    assert story.bonus_text == "¡Cuatro reinas en dos columnas! Eso quita 10."


def test_a_number_line_in_spanish(spanish):
    assert walk([-2, 5]) == "Empieza en −2. Avanza 5. Llegas a 3."
    assert line_view(walk_line([5, -6])).text == (
        "Una recta numérica de −1 a 5. Empieza en 5. Retrocede 6. Llegas a −1."
    )
    line = line_view(scores_line([(0, -1), (1, 4), (2, 4)]), (YOU, "Sam", "Ada"))
    assert [m.label for m in line.drawings[0].marks] == ["Tú", "Sam y Ada"]
    assert line.text == (
        "Una recta numérica de −1 a 4. Sacaste −1. Sam y Ada sacaron 4."
        " Quien tiene menos puntos está más a la izquierda."
    )


def test_the_child_and_lists_of_players_in_spanish(spanish):
    assert str(YOU) == "Tú" and f"{YOU}" == "Tú"
    assert str(OTHER) == "El bot"
    assert you_first(["Sam", YOU, "Ada"]) == "Tú, Sam y Ada"
    assert you_first(["Sam", "Ada"]) == "Sam y Ada"


def test_who_won_and_the_caller_in_spanish(spanish):
    winner = hole_winner(hole([4, -1, 7], [4, -1, 7]), NAMES)
    assert winner.text == "Gana quien tenga menos puntos. Sam ganó con −1. −1 es menos que 4 y 7."
    mine = hole_winner(hole([-1, 4, 7], [-1, 4, 7]), NAMES)
    assert "Ganaste con −1." in mine.text
    tie = hole_winner(hole([2, 2, 7], [2, 2, 7]), NAMES)
    assert "Tú y Sam sacaron 2. ¡Es un empate!" in tie.text
    low_zero = replace(CLASSIC6, caller_penalty="low_scores_zero")
    lines = caller_lines(hole([8, 2, 9], [10, 0, 9], caller=0), low_zero, NAMES)
    assert [line.text for line in lines] == [
        "Terminaste el hoyo, pero no tuviste menos puntos que nadie."
        " Por eso se le suman los puntos más bajos.",
        "Sam sacó menos puntos que nadie, 2, así que cuentan como 0.",
    ]


def test_questions_and_their_answers_in_spanish(spanish):
    mine = ("QH", "9C", "KS", "QD", "2H", "5C")
    theirs = ("4H", "6C", "8S", "3D", "AH", "7C")
    results = [
        HoleResult(1, (mine, theirs), (12, 29), (12, 29), None, False),
        HoleResult(2, (mine, theirs), (-1, 4), (-1, 4), None, False),
    ]
    total = question_told(total_question(results, 0, CLASSIC6), CLASSIC6)
    assert total.prompt == (
        "Tenías 12 antes de este hoyo. En este hoyo sacaste −1. ¿Cuál es tu total ahora?"
    )
    assert total.respond(11, 1).text == "¡Sí, muy bien!"
    assert total.respond(10, 1).text == "Casi. Prueba otra vez."
    assert total.respond(10, 2).text == "¡Buen intento! Tu total es 11."
    winner = question_told(winner_question(results[0]), CLASSIC6, (YOU, "Sam"))
    assert winner.prompt == "¿Quién ganó este hoyo? Mira los puntos."
    assert [c.label for c in winner.choices] == ["Tú", "Sam"]
    assert winner.respond(1, 1).text == "Casi. Prueba otra vez."
    assert winner.respond(1, 2).text == "¡Buen intento! Este hoyo es tuyo."
    assert str(NO_ANSWER) == "Toca los números para dar tu respuesta."


def test_value_reminders_and_skills_in_spanish(spanish):
    said = [line.sentence for line in value_reminder(CLASSIC6)]
    assert said[:3] == ["Un as vale 1.", "Un 2 quita 2.", "Las cartas del 3 al 10 valen su número."]
    assert match_reminder(KNOCK9) == "Dos o tres iguales en una columna: esas valen 0"
    assert skill_name(Skill.RUNNING_TOTAL) == "Llevar un total acumulado"


def test_the_rules_in_spanish(spanish):
    assert title(EASY_RULES) == "Golf de cuatro cartas: las reglas fáciles"
    assert title(KNOCK_RULES) == "Golf con cierre"
    assert beside_label(EASY_RULES.steps[2].picture) == "La carta que tomaste"
    texts = [text for rule_set in RULE_SETS.values() for text in strings_in(rules_view(rule_set))]
    assert "Aquí un rey vale 10 y un 2 vale 2." in texts
    with translation.override("en-gb"):
        english = {
            text for rule_set in RULE_SETS.values() for text in strings_in(rules_view(rule_set))
        }
    assert "Here a king is worth 10, and a 2 is worth 2." in english
    assert not english & set(texts) - {""}  # "": a picture with nothing beside it


def test_the_slides_in_spanish_and_english_each_in_their_own_words():
    with translation.override("es"):
        spanish = {slide.key: slide for slide in slides_told()}
    english = {slide.key: slide for slide in slides_told()}
    assert spanish["deal"].title == "El reparto"
    assert spanish["pairs"].text.startswith("Ahora robas un 5 del mazo. Cámbiala por tu 4")
    assert spanish["last_turn"].text.endswith("El bot roba una carta del mazo.")
    assert spanish["lowest_wins"].text.startswith("Gana quien tenga menos puntos. Ganaste con")
    # Made once for each language: asking in Spanish first leaves the English as it was.
    assert english["deal"].title == "The deal"
    assert english["lowest_wins"].text.startswith("The lowest score wins. You won with")
    assert [s.key for s in spanish.values()] == [s.key for s in english.values()]
    for key, slide in spanish.items():
        assert slide.text != english[key].text
        assert slide.slide == english[key].slide


def test_the_english_is_unchanged():
    story = score_story(rows_of("QH 9C KS / QD 2H 5C"), CLASSIC6)
    assert story.columns[1].sentence == "Start at 9. Go back 2. You land on 7."
    assert str(YOU) == "You" and you_first(["Sam", YOU, "Ada"]) == "You, Sam and Ada"
    assert str(OTHER) == "The other player"
    assert title(EASY_RULES) == "Four-card Golf: the easy rules"


# Lines of the lesson pages that are not this area's words (the game's names and its
# read-aloud button come from games/): they are translated there.
NOT_OURS = {"Four-card Golf", "Six-card Golf", "Knock Golf", "Read aloud"}


@pytest.mark.django_db
def test_the_lesson_pages_under_es_say_no_english_line():
    english = page_lines(LESSON_PAGES)
    spanish = page_lines([f"/es{path}" for path in LESSON_PAGES])
    assert "Cómo se juega" in spanish and "Jugar un hoyo en clase" in spanish
    assert "Mira las cartas que tienes cerca. Son un 4 y un 3." in " ".join(spanish)
    assert (english & spanish) - NOT_OURS == set()


@pytest.fixture
def english_after():
    """A page under /es/ leaves Spanish on in the thread: English again after the test."""
    with translation.override("en-gb"):
        yield


@pytest.mark.django_db
@pytest.mark.usefixtures("english_after")
def test_the_lesson_pages_under_es_are_in_spanish(client):
    rules = client.get("/es/rules/").text
    assert "Cómo se juega" in rules and "Imprimir las reglas" in rules
    assert "How to play" not in rules and "Print the rules" not in rules
    teach = client.get("/es/teach/").text
    assert "Paso 1 de 11" in teach and "El reparto · Enseñar Golf · Peabody Golf" in teach
    assert "Diapositivas" in teach and "El centro de la mesa" in teach
    for english in ("Step 1 of", "The middle of the table", "stock pile", "Teach Golf"):
        assert english not in teach
    # The English pages are as they were.
    assert "How to play" in client.get("/rules/").text
    assert "Step 1 of 11" in client.get("/teach/").text
