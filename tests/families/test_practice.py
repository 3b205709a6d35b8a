"""The skills section of the progress page, over plain (skill, right) answers."""

import pytest
from django.test import Client
from django.urls import reverse

from lessons.models import SkillAttempt
from peabody.families.models import MathsLevel
from peabody.families.practice import ADDING, ADDING_NEGATIVE, suggestion, summaries
from tests.factories import ChildFactory

from .conftest import child_game


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
    assert "not enough answers yet" in page  # comparing has only 8
    assert "50%" not in page
    assert "Adding is 95% right over 20 answers" in page


@pytest.mark.django_db
def test_the_progress_page_says_when_there_are_no_answers_yet(parent_client: Client, child) -> None:
    page = parent_client.get(reverse("families:progress", args=[child.pk])).text

    assert "No practice answers yet." in page
