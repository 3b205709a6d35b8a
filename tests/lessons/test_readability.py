"""Every sentence meant for a child reads at US grade 3 or below (Flesch–Kincaid).

One text is one string that a child is shown or read as a whole: a column's sentence, a
match line, a prompt, one piece of feedback, one rule step, a slide's text, a number line's
text. They are gathered through the public API (every string held by the lessons' view
objects, see texts.py), from stories of random layouts under every rule mix and
from played games, and each is measured on its own. The lesson pages (/rules/, /teach/) say
more around those texts, so their every line is read off the pages as sent.

Flesch–Kincaid measures sentences, so it measures the texts that are prose: sentences (they
end in ".", "!" or "?") and any other text of words at least MIN_WORDS long ("Two the same
in a column: 0"). The rest are short labels and sums ("seven of diamonds", "Joker", "−2",
"9 + (−2) = 7"), on which it means nothing (one word of two syllables is "grade 8").

"Grade 3 or below" is a Flesch–Kincaid grade under 4: grade 3.9 is still third grade.

The Spanish is measured the same way, the same texts (made with Spanish as the language in
use) and the same pages under /es/, by the Crawford formula, which is made for Spanish:
at most grade 3.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from django.utils import translation

from games.board import value_reminder
from games.classroom import rules_view
from games.questions import question_told
from games.slides import slides_told
from games.stories import hole_told, score_told
from games.words.numbers import match_reminder
from games.words.people import YOU
from games.words.questions import NO_ANSWER
from lessons.core import stories
from lessons.core.questions import candidates
from lessons.core.rules import RULE_SETS
from tests.catalogue import crawford
from tests.lessons.strategies import RULE_MIXES, play_randomly, random_layout
from tests.lessons.texts import strings_in
from tests.readability import (
    LESSON_PAGES,
    MAX_GRADE,
    MAX_SPANISH_GRADE,
    grade,
    page_lines,
    too_hard,
    too_hard_in_spanish,
)

# The child, then the bots as the table names them.
NAMES = (YOU, "Pip", "Tully")


def lesson_texts() -> set[str]:
    texts: set[str] = set(strings_in(NO_ANSWER))
    for i, rules in enumerate(RULE_MIXES):
        texts |= set(strings_in(value_reminder(rules)))
        texts.add(match_reminder(rules))
        rng = random.Random(i)
        for _ in range(20):
            texts |= set(
                strings_in(score_told(stories.score_story(random_layout(rules, rng), rules)))
            )
        state = play_randomly(replace(rules, holes=2, extra_hole=True), 3, i)
        for n in range(1, len(state.results) + 1):
            results = state.results[:n]
            texts |= set(strings_in(hole_told(stories.hole_story(results, rules), NAMES)))
            for asked in candidates(results, 0, rules):
                q = question_told(asked, rules, NAMES)
                texts |= set(strings_in(q))
                for attempt in (1, 2):
                    texts |= set(strings_in(q.respond(q.answer, attempt)))
                    texts |= set(strings_in(q.respond(q.answer + 1, attempt)))
                if asked.on_line:  # a landing astray on the number line is named
                    astray = tuple(n + 1 for n in asked.landings)
                    texts |= set(strings_in(q.respond(astray[-1], 1, astray)))
    for rule_set in RULE_SETS.values():
        texts |= set(strings_in(rules_view(rule_set)))
    texts |= set(strings_in(slides_told()))
    return texts


def test_every_lesson_text_reads_at_grade_3_or_below():
    texts = lesson_texts()
    assert len(texts) > 500  # the gathering really found the stories, questions and rules
    assert too_hard(texts) == []


def test_the_measure_tells_a_hard_text_from_an_easy_one():
    assert grade("Start at 9. Go back 2. You land on 7.") < MAX_GRADE
    assert grade("Consequently, the accumulated penalty necessitates recalculation.") > MAX_GRADE


@pytest.mark.django_db
def test_every_line_of_the_lesson_pages_reads_at_grade_3_or_below():
    lines = page_lines(LESSON_PAGES)
    assert "Play a hole together" in lines  # the pages' own words are there, not only texts
    assert any(line.startswith("Press the arrow keys") for line in lines)
    assert too_hard(lines) == []


def test_every_lesson_text_in_spanish_reads_at_grade_3_or_below():
    with translation.override("es"):
        texts = lesson_texts()
    assert len(texts) > 500
    assert "Empieza en 9. Retrocede 2. Llegas a 7." in texts  # Spanish, not English
    assert too_hard_in_spanish(texts) == []


def test_the_spanish_measure_tells_a_hard_text_from_an_easy_one():
    assert crawford("Empieza en 9. Retrocede 2. Llegas a 7.") <= MAX_SPANISH_GRADE
    hard = "Consecuentemente, la penalización acumulada necesita una recalculación exhaustiva."
    assert crawford(hard) > MAX_SPANISH_GRADE
    assert grade("Start at 9. Go back 2. You land on 7.") < MAX_GRADE  # English again after


@pytest.mark.django_db
def test_every_line_of_the_spanish_lesson_pages_reads_at_grade_3_or_below():
    lines = page_lines([f"/es{path}" for path in LESSON_PAGES])
    assert "Jugar un hoyo en clase" in lines
    assert any(line.startswith("Usa las flechas") for line in lines)
    assert too_hard_in_spanish(lines) == []


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_slide_reads_at_grade_3_at_most_in_each_language(language):
    # Stricter than the texts above (under grade 4): a class reads a slide together, from
    # the back of the room, so each slide's words are at grade 3.0 or below.
    measure = grade if language == "en" else crawford
    with translation.override(language):
        slides = slides_told()
        texts = {said.key: said.text for said in slides}
        texts |= {
            f"{said.key}, column {column.number}": column.sentence
            for said in slides
            if said.story
            for column in said.story.columns
        }
    graded = {key: round(measure(text), 1) for key, text in texts.items()}
    assert len(graded) > 11
    assert {key: g for key, g in graded.items() if g > 3.0} == {}
