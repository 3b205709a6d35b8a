"""Practice questions at the end of a hole, answered on the game page."""

import random
from dataclasses import replace
from html import unescape

import pytest
from django.test import Client

from games.engine import PRESETS
from games.models import Game
from games.questions import question_told
from games.stories import score_told
from games.table import Stage, question_asked, stage
from games.words.cards import MINUS, number
from games.words.people import seat_names
from lessons.core.stories import cards_story
from lessons.models import SkillAttempt
from tests.games.pages import moves_on, version_on

pytestmark = pytest.mark.django_db


def post(client: Client, game: Game, move: str, version: str, **data) -> object:
    return client.post(f"/play/{game.public_id}/move/", {"move": move, "version": version} | data)


def to_the_question(client: Client, game: Game, seed: int = 1) -> str:
    """Play random moves (never a knock) until the hole ends; the page with its question."""
    rng = random.Random(seed)
    html = client.get(game.get_absolute_url()).text
    for _ in range(400):
        if 'class="question"' in html:
            return html
        calm = [m for m in moves_on(html) if m != "knock"] or moves_on(html)
        html = post(client, game, rng.choice(calm), version_on(html)).text
    raise AssertionError("the hole never ended")


def question_of(game: Game):
    game.refresh_from_db()
    asked = question_asked(game.table)
    return asked and question_told(
        asked, game.state.rules, seat_names(game.bot_levels, game.nicknames)
    )


def test_the_end_of_a_hole_asks_about_the_childs_own_cards_before_showing_the_scores(
    client: Client, make_game
) -> None:
    game = make_game(preset="classic6", holes=2)

    html = to_the_question(client, game)

    question = question_of(game)
    assert stage(game.table) == Stage.PRACTICE
    assert question.prompt in unescape(html)
    assert "skip" in moves_on(html)
    assert "Next hole" not in html
    # The sums that would give the answer away are not on the page yet.
    story = score_told(cards_story(game.state.results[0].layouts[0], game.state.rules))
    assert story.equation not in unescape(html)


def test_while_a_question_is_open_no_score_of_the_hole_is_on_the_page(
    client: Client, make_game
) -> None:
    # Hole 2's question: hole 1's scores are on the sheet, hole 2's nowhere.
    game = make_game(preset="classic6", holes=3)
    html = to_the_question(client, game)
    html = post(client, game, "skip", version_on(html)).text
    html = post(client, game, "next", version_on(html)).text
    html = to_the_question(client, game, seed=3)
    game.refresh_from_db()
    first, second = game.state.results
    shown = unescape(html)

    rows = '<th scope="row">Hole %s</th>'  # the score sheet's rows
    assert rows % 1 in shown and rows % 2 not in shown
    # The bar's total is the one before this hole, as the question says it.
    assert f"Your total: {number(first.scores[0])}<" in shown
    assert second.scores[0] != 0  # so the total after it differs from the one before
    assert f"Your total: {number(first.scores[0] + second.scores[0])}<" not in shown
    assert "data-cheer" not in html and 'class="cheer' not in html
    assert " points" not in shown.split('class="scores"')[1].split('class="question"')[0]


@pytest.mark.parametrize("preset", ["easy4", "classic6"])
def test_while_a_question_is_open_no_bot_says_a_word_of_its_move(
    client: Client, make_game, preset: str
) -> None:
    # "A pair scores 0!" in a bot's bubble would answer a pair's question.
    for way in range(6):
        game = make_game(preset=preset, bots=3)
        html = to_the_question(client, game, seed=way)
        game.refresh_from_db()
        steps = html.split('class="step-list')[1].split("</ol>")[0] if "step-list" in html else ""

        assert "<q>" not in steps and " says:" not in steps
        # The moves themselves are still told.
        assert '<li class="step' in steps


def test_a_right_answer_is_praised_and_kept_as_a_first_try(client: Client, make_game) -> None:
    game = make_game(preset="classic6", holes=2)
    html = to_the_question(client, game)
    question = question_of(game)

    if question.choices:
        html = post(client, game, f"answer:{question.answer}", version_on(html)).text
    else:
        html = post(client, game, "answer", version_on(html), answer=str(question.answer)).text

    assert "Yes, that&#x27;s right!" in html or "Yes, that's right!" in unescape(html)
    (attempt,) = SkillAttempt.objects.all()
    assert (attempt.game, attempt.skill, attempt.right, attempt.first_try, attempt.hole) == (
        game,
        question.skill,
        True,
        True,
        1,
    )
    asked = (attempt.kind, attempt.facts, attempt.right_answer, attempt.given, attempt.skipped)
    assert asked == (question.kind, question.facts, question.answer, question.answer, False)
    assert 0 <= attempt.seconds < 60
    game.refresh_from_db()
    assert game.table.practice[0].answered == 1


def test_a_wrong_answer_gets_one_more_try_then_the_answer_with_its_story(
    client: Client, make_game
) -> None:
    game = make_game(preset="classic6", holes=2)
    html = to_the_question(client, game)
    question = question_of(game)
    wrong = question.answer + 1
    typed = {"answer": str(wrong)} if not question.choices else {}
    move = "answer" if not question.choices else f"answer:{wrong}"

    again = post(client, game, move, version_on(html), **typed).text

    assert "Not quite. Try once more." in again
    # A sum is tried again on the number line; anything else, once more as it was.
    assert ('name="landing"' in again) is (question.walk is not None)
    assert question_of(game) == question  # the same question, once more
    told = unescape(post(client, game, move, version_on(again), **typed).text)
    assert f"Good try! {question.told}" in told
    if question.equation:
        assert question.equation in told
    attempts = list(SkillAttempt.objects.values_list("right", "first_try", "given"))
    assert attempts == [(False, True, wrong), (False, False, wrong)]
    game.refresh_from_db()
    assert game.table.practice[0][1:3] == (1, 0)


def test_skipping_leaves_the_holes_questions_and_shows_every_score_story(
    client: Client, make_game
) -> None:
    game = make_game(preset="knock9", holes=2)
    html = to_the_question(client, game)

    html = unescape(post(client, game, "skip", version_on(html)).text)

    game.refresh_from_db()
    assert stage(game.table) == Stage.SUMMARY
    assert moves_on(html) == ["next"]
    result = game.state.results[0]
    for seat, layout in enumerate(result.layouts):
        story = score_told(cards_story(layout, game.state.rules))
        assert story.equation in html, seat
    skipped = SkillAttempt.objects.get()
    assert (skipped.skipped, skipped.given, skipped.right, skipped.hole) == (True, None, False, 1)
    after = post(client, game, "next", version_on(html)).text
    assert "hole 2 of 2" in after


def test_with_practice_switched_off_the_scores_come_at_once(client: Client) -> None:
    client.post("/play/start/", {"mode": "classic6", "bots": "1", "level": "gentle", "holes": "3"})
    game = Game.objects.get()
    assert not game.questions
    rng = random.Random(2)
    html = client.get(game.get_absolute_url()).text
    while "Next hole" not in html:
        html = post(client, game, rng.choice(moves_on(html)), version_on(html)).text
        assert 'class="question"' not in html


def test_the_new_game_form_asks_questions_unless_it_is_switched_off(client: Client) -> None:
    form = client.get("/play/").text
    assert 'name="questions"' in form and "checked" in form.split('name="questions"')[1][:40]

    client.post(
        "/play/start/",
        {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "1", "questions": "on"},
    )

    assert Game.objects.get().questions


@pytest.mark.parametrize("typed", ["", "seven", "²", "--3"])
def test_an_answer_that_is_not_a_number_is_kindly_refused_and_changes_nothing(
    client: Client, make_game, typed: str
) -> None:
    game = make_game(preset="classic6", holes=2)
    html = to_the_question(client, game)
    game.refresh_from_db()
    version = game.version

    response = post(client, game, "answer", version_on(html), answer=typed)

    assert response.status_code == 400
    if not question_of(game).choices:
        assert "Tap the numbers to make your answer." in response.text
    game.refresh_from_db()
    assert game.version == version
    assert not SkillAttempt.objects.exists()


def test_the_same_answer_sent_twice_is_kept_once(client: Client, make_game) -> None:
    game = make_game(preset="classic6", holes=2)
    html = to_the_question(client, game)
    question = question_of(game)
    move = "answer" if not question.choices else f"answer:{question.answer}"

    first = post(client, game, move, version_on(html), answer=str(question.answer))
    second = post(client, game, move, version_on(html), answer=str(question.answer))

    assert (first.status_code, second.status_code) == (200, 409)
    assert SkillAttempt.objects.count() == 1


def test_an_answer_when_nothing_is_asked_is_refused(client: Client, make_game) -> None:
    game = make_game(preset="classic6")
    html = client.get(game.get_absolute_url()).text

    response = post(client, game, "answer", version_on(html), answer="3")

    assert response.status_code == 400
    assert "There is no question to answer now." in response.text


def test_at_adding_only_no_minus_sign_appears_in_questions_or_scores(
    client: Client, make_game
) -> None:
    game = make_game(preset="classic6", holes=2, house={"adding_only": True})
    assert replace(PRESETS["classic6"], adding_only=True).values["2"] == 2
    pages = [to_the_question(client, game, seed=5)]
    while 'class="question"' in pages[-1]:
        pages.append(post(client, game, "skip", version_on(pages[-1])).text)

    for html in pages:
        assert MINUS not in unescape(html)
        assert f'data-key="{MINUS}"' not in html


def test_a_choice_answer_naming_nobody_at_the_table_is_refused_and_changes_nothing(
    client: Client, make_game
) -> None:
    for seed in range(1, 40):
        game = make_game(preset="classic6", holes=2, seed=5000 + seed)
        html = to_the_question(client, game, seed=seed)
        asked = question_of(game)
        while asked is not None and not asked.choices:
            number = {"answer": str(asked.answer)}
            html = post(client, game, "answer", version_on(html), **number).text
            asked = question_of(game)
        if asked is not None:
            break
    else:
        pytest.skip("no 'who won' question in these games")
    version, kept = game.version, SkillAttempt.objects.count()

    response = post(client, game, "answer:99", version_on(html))

    assert response.status_code == 400
    game.refresh_from_db()
    assert game.version == version
    assert SkillAttempt.objects.count() == kept


def to_a_sum(client: Client, make_game) -> tuple[Game, str]:
    """A game at a question about a sum (a column or the total), and its page."""
    for seed in range(1, 40):
        game = make_game(preset="classic6", holes=2, seed=seed)
        html = to_the_question(client, game, seed=seed)
        if question_of(game).walk is not None:
            return game, html
    raise AssertionError("no sum asked in these games")


def test_a_sum_missed_once_is_walked_on_the_number_line_one_landing_at_a_time(
    client: Client, make_game
) -> None:
    game, html = to_a_sum(client, make_game)
    question = question_of(game)
    if question.kind != "line":  # a sum on the number pad: a miss brings the line
        html = post(client, game, "answer", version_on(html), answer="99").text
    steps = len(question.question.landings)
    assert html.count('name="landing"') == steps
    assert 'type="range"' in html and 'value="land"' in html

    # A landing too few is refused kindly, and changes nothing.
    refused = client.post(
        f"/play/{game.public_id}/move/",
        {"move": "land", "version": version_on(html), "landing": ["0"] * (steps + 1)},
    )
    assert refused.status_code == 400
    assert "Move along the line for each card, then tap OK." in unescape(refused.text)

    landings = [str(n) for n in question.question.landings]
    html = client.post(
        f"/play/{game.public_id}/move/",
        {"move": "land", "version": version_on(html), "landing": landings},
    ).text
    assert "Yes" in unescape(html)
    kept = SkillAttempt.objects.order_by("answered", "pk").last()
    assert (kept.right, kept.landings) == (True, list(question.question.landings))
