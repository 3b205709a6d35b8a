"""A child answers practice questions about their own cards in a real Chromium: on the number
pad, right at once, or wrong and then right; then reads the score story."""

import pytest

from lessons.models import SkillAttempt
from tests.browser.playing import (
    asked,
    give,
    play_to_a_question,
    version,
    wait_for_the_answer,
    wrong,
)

pytestmark = pytest.mark.browser


def test_a_question_answered_right_is_praised_and_kept(page, axe) -> None:
    play_to_a_question(page)
    assert axe(page) == []
    question = asked()
    # Asked on the pad, or (a sum) walked on the number line at once.
    prompt = question.walk.prompt if question.question.on_line else question.prompt
    assert page.locator("#prompt").inner_text().startswith(prompt)

    give(page, question.answer)

    assert "Yes, that's right!" in page.locator("#feedback").inner_text()
    (attempt,) = SkillAttempt.objects.all()
    assert attempt.right and attempt.first_try and attempt.skill == question.skill
    assert axe(page) == []


def test_a_question_answered_wrong_then_right_gets_a_second_try(page) -> None:
    play_to_a_question(page)
    question = asked()

    on_the_line = question.question.on_line
    give(page, wrong(page))
    said = page.locator("#feedback").inner_text()
    # A sum walked on the line at once names the step that went astray, here the last.
    assert said.startswith(
        "Not quite. Look at this step again." if on_the_line else "Not quite. Try once more."
    )
    assert asked() == question
    give(page, question.answer)

    assert "You got it this time." in page.locator("#feedback").inner_text()
    tries = list(SkillAttempt.objects.values_list("right", "first_try"))
    assert tries == [(False, True), (True, False)]


def test_after_the_questions_the_childs_score_story_is_told(page, axe) -> None:
    play_to_a_question(page, mode="Knock Golf")
    while page.locator("#skip-questions").count():
        before = version(page)
        page.locator("#skip-questions").click()
        wait_for_the_answer(page, before)

    story = page.locator(".score-card.you .story").inner_text()
    assert "Add the columns:" in story
    assert page.locator("#next-hole").is_visible()
    assert axe(page) == []
