"""A child answers practice questions about their own cards in a real Chromium: on the number
pad, right at once, or wrong and then right; then reads the score story."""

import random

import pytest

from games.models import Game
from games.table import question_asked
from lessons.models import SkillAttempt
from peabody.words.cards import MINUS, number
from peabody.words.people import seat_names
from peabody.words.questions import question_words
from tests.browser.playing import choose, click, make_move, offered, version, wait_for_the_answer

pytestmark = pytest.mark.browser


def play_to_a_question(page, mode: str = "Six cards: the full game") -> None:
    page.goto("/play/")
    page.get_by_role("radio", name=mode).check()
    page.locator("input[name=holes][value='3']").check()
    assert page.get_by_label("Ask me maths questions after each hole").is_checked()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_selector("#game")
    rng = random.Random(2)
    for _ in range(300):
        if page.locator(".question").count():
            return
        target = choose(rng, offered(page))
        make_move(page, target, click(page))
    raise AssertionError("the hole never ended")


def asked():
    game = Game.objects.get()
    return question_words(
        question_asked(game.table), game.state.rules, seat_names(game.bot_levels, game.nicknames)
    )


def give(page, answer: int) -> None:
    """Answer as a child does: on the pad, or by tapping a player."""
    question = asked()
    before = version(page)
    if question.choices:
        page.locator(f"#choice-{answer}").click()
    else:
        if answer < 0:
            page.locator(f".pad-key[data-key='{MINUS}']").click()
        for digit in str(abs(answer)):
            page.locator(f".pad-key[data-key='{digit}']").click()
        assert page.locator("#answer").input_value() == number(answer)
        page.locator("#answer-ok").click()
    wait_for_the_answer(page, before)


def test_a_question_answered_right_is_praised_and_kept(page, axe) -> None:
    play_to_a_question(page)
    assert axe(page) == []
    question = asked()
    assert page.locator("#prompt").inner_text().startswith(question.prompt)

    give(page, question.answer)

    assert "Yes, that's right!" in page.locator("#feedback").inner_text()
    (attempt,) = SkillAttempt.objects.all()
    assert attempt.right and attempt.first_try and attempt.skill == question.skill
    assert axe(page) == []


def test_a_question_answered_wrong_then_right_gets_a_second_try(page) -> None:
    play_to_a_question(page)
    question = asked()

    give(page, question.answer + 1)
    assert "Not quite. Try once more." in page.locator("#feedback").inner_text()
    assert asked() == question
    give(page, question.answer)

    assert "You got it this time." in page.locator("#feedback").inner_text()
    tries = list(SkillAttempt.objects.values_list("right", "first_try"))
    assert tries == [(False, True), (True, False)]


def test_after_the_questions_the_childs_score_story_is_told(page, axe) -> None:
    play_to_a_question(page, mode="Nine cards: Knock Golf")
    while page.locator("#skip-questions").count():
        before = version(page)
        page.locator("#skip-questions").click()
        wait_for_the_answer(page, before)

    story = page.locator(".score-card.you .story").inner_text()
    assert "Add the columns:" in story
    assert page.locator("#next-hole").is_visible()
    assert axe(page) == []
