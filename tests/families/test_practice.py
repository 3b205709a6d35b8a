"""The maths on the progress page: each skill judged, what was found tricky, the suggestion."""

import re
from datetime import timedelta
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.words.cards import number
from lessons.models import SkillAttempt
from peabody.families.models import MathsLevel
from peabody.families.practice import (
    ADDING,
    ADDING_NEGATIVE,
    suggestion,
    summaries,
    tricky,
    verdicts,
)
from peabody.families.progress import week_of
from tests.builders import child_game
from tests.factories import ChildFactory
from tests.families import practising


def answers(skill: str, right: int, wrong: int) -> list[tuple[str, bool]]:
    return [(skill, True)] * right + [(skill, False)] * wrong


def test_each_skill_counts_its_answers_and_the_right_ones_most_practised_first() -> None:
    result = summaries(answers("comparing", 2, 1) + answers(ADDING, 7, 5))

    assert [(s.skill, s.answers, s.right) for s in result] == [
        (ADDING, 12, 7),
        ("comparing", 3, 2),
    ]


@pytest.mark.parametrize(("given", "shown"), [(9, False), (10, True)])
def test_a_skills_accuracy_is_shown_only_from_ten_answers(given: int, shown: bool) -> None:
    [summary] = summaries(answers(ADDING, given, 0))

    assert summary.shown is shown


def test_accuracy_is_a_whole_percentage() -> None:
    [summary] = summaries(answers(ADDING, 2, 1))

    assert summary.percent == 67


def test_adding_nine_in_ten_right_over_twenty_answers_suggests_negative_numbers() -> None:
    text = suggestion(MathsLevel.ADDING, summaries(answers(ADDING, 18, 2)))

    assert text.startswith("Adding is 90% right over 20 answers")
    assert "negative numbers" in text
    assert "−2" in text  # a real minus sign


@pytest.mark.parametrize(
    ("level", "right", "wrong"),
    [
        (MathsLevel.ADDING, 19, 0),  # all right, but not yet twenty answers
        (MathsLevel.ADDING, 17, 3),  # twenty answers, 85% right
        (MathsLevel.NEGATIVE, 20, 0),  # already on negative numbers
    ],
)
def test_no_suggestion_until_it_is_earned(level: str, right: int, wrong: int) -> None:
    assert suggestion(level, summaries(answers(ADDING, right, wrong))) == ""


def test_struggling_with_negative_numbers_over_twenty_answers_suggests_adding_only() -> None:
    text = suggestion(MathsLevel.NEGATIVE, summaries(answers(ADDING_NEGATIVE, 9, 11)))

    assert "45% right over 20 answers" in text
    assert "adding only" in text


@pytest.mark.django_db
def test_the_progress_page_shows_accuracy_and_the_suggestion_once_earned(
    parent_client: Client, child
) -> None:
    game = child_game(child)
    for skill, right in answers(ADDING, 19, 1) + answers("comparing", 4, 4):
        SkillAttempt.objects.create(game=game, skill=skill, right=right, first_try=True, hole=1)
    # Another family's answers count for nobody here.
    other = child_game(ChildFactory())
    for skill, right in answers(ADDING, 0, 30):
        SkillAttempt.objects.create(game=other, skill=skill, right=right, first_try=True, hole=1)

    page = parent_client.get(reverse("families:progress", args=[child.pk])).text

    assert "95%" in page
    assert "Not enough answers yet" in page  # comparing has only 8
    assert "50%" not in page
    assert "Adding is 95% right over 20 answers" in page


@pytest.mark.django_db
def test_the_progress_page_says_when_there_are_no_answers_yet(parent_client: Client, child) -> None:
    page = parent_client.get(reverse("families:progress", args=[child.pk])).text

    assert "No practice answers yet: every skill starts at its first level." in page


def first_tries(game, skill: str, *rights: bool, when=None) -> None:
    for right in rights:
        SkillAttempt.objects.create(
            game=game,
            skill=skill,
            right=right,
            first_try=True,
            hole=1,
            answered=when or timezone.now(),
        )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("rights", "state", "rule"),
    [
        ([True] * 9, "not enough answers yet", "9 answered so far. We wait for 10"),
        ([True] * 8 + [False] * 2, "got it", "8 of the last 10 right the first time"),
        ([True] * 7 + [False] * 3, "still learning", "7 of the last 10 right the first time"),
        # Only the latest ten count: early misses are forgiven.
        ([False] * 5 + [True] * 10, "got it", "10 of the last 10 right the first time"),
    ],
)
def test_a_skill_is_judged_on_its_last_ten_first_tries_with_the_rule_beside_it(
    child, rights: list[bool], state: str, rule: str
) -> None:
    game = child_game(child)
    start = timezone.now() - timedelta(days=1)
    for n, right in enumerate(rights):
        first_tries(game, ADDING, right, when=start + timedelta(minutes=n))

    [verdict] = verdicts(child.games.all(), child)

    assert (verdict.skill, verdict.state) == (ADDING, state)
    assert verdict.evidence.startswith(rule)


@pytest.mark.django_db
def test_second_tries_and_skips_are_not_judged(child) -> None:
    game = child_game(child)
    first_tries(game, ADDING, *[True] * 9)
    SkillAttempt.objects.create(game=game, skill=ADDING, right=True, first_try=False, hole=1)
    SkillAttempt.objects.create(
        game=game, skill=ADDING, right=False, first_try=True, hole=1, skipped=True
    )

    [verdict] = verdicts(child.games.all(), child)

    assert (verdict.asked, verdict.state) == (9, "not enough answers yet")


@pytest.mark.django_db
def test_what_was_missed_is_asked_again_with_the_childs_answers_and_the_right_one(child) -> None:
    game = child_game(child, holes=3, questions=True, right=0.0)

    missed = tricky(child.games.all(), child)

    attempts = SkillAttempt.objects.filter(game=game)
    assert missed and len(missed) <= 5
    newest = attempts.order_by("-answered", "-pk").first()
    assert missed[0].asked.hole == newest.hole
    for item in missed:
        asked = item.asked
        assert [t.right for t in asked.tries] == [False, False]
        wrong = asked.question.answer + 1
        if not asked.question.choices:
            assert [t.text for t in asked.tries] == [number(wrong)] * 2
            assert asked.right == number(asked.question.answer)
        if asked.question.kind == "column":
            assert [c.code for c in item.cards] == [c.code for c in asked.question.cards]


@pytest.mark.django_db
def test_a_question_right_the_first_time_or_an_older_answer_is_not_tricky(child) -> None:
    game = child_game(child, holes=3, questions=True, right=1.0)
    first_tries(game, ADDING, False)  # kept before questions were: nothing to show

    assert tricky(child.games.all(), child) == []


@pytest.mark.django_db
def test_the_parent_sees_the_missed_question_with_its_cards_and_both_answers(
    parent_client: Client, child
) -> None:
    child_game(child, holes=3, questions=True, right=0.0)
    [first, *_] = tricky(child.games.all(), child)

    page = unescape(parent_client.get(reverse("families:progress", args=[child.pk])).text)
    page = re.sub("</?bdi>", "", page)  # each name is isolated in the page

    assert "What Robin found tricky" in page
    assert first.asked.question.prompt in page
    for line in first.asked.question.story:
        assert line in page
    for card in first.cards:
        assert f'aria-label="{card.label}"' in page
    assert f"{first.asked.tries[0].text}</span>, then" in page
    assert f'<dd class="right-answer">{first.asked.right}</dd>' in page
    assert "answered 0 questions" not in page
    assert "In the last seven days, Robin played 1 game" in page


@pytest.mark.django_db
def test_each_skills_weeks_are_in_a_table_beside_its_chart(parent_client: Client, child) -> None:
    practising.first_tries(child, ADDING, [True], days_ago=7)
    practising.first_tries(child, ADDING, [False])
    practising.first_tries(child, ADDING_NEGATIVE, [False])

    page = parent_client.get(reverse("families:progress", args=[child.pk]))
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", page.text)).split())

    last_week = timezone.localdate() - timedelta(days=7)
    first, this = week_of(last_week), week_of(timezone.localdate())
    assert (
        f"Adding small numbers, week by week Week starting Level Right the first time "
        f"{first:%-d %b} 1 of 3 1 of 1 {this:%-d %b} 1 of 3 0 of 1"
    ) in text
    assert (
        f"Adding a negative number, week by week Week starting Level Right the first time "
        f"{this:%-d %b} 1 of 3 0 of 1"
    ) in text
    assert page.text.count('class="growth-chart"') == 2
