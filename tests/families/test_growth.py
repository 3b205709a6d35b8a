"""Each skill growing over the weeks, as the progress page draws it: the level at the end of
each week, that week's first tries, a line of how the month went; the page in the order a
grown-up asks; and the line on the family page that leads there."""

from __future__ import annotations

import itertools
import re
from datetime import UTC, datetime, timedelta
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons.core.ladder import FirstTry, climb
from lessons.core.skills import LADDERS, Skill
from peabody.families.growth import growth, headline
from peabody.families.progress import WEEKS_SHOWN, week_of
from tests.factories import ChildFactory

from .practising import a_month_of_games, first_tries

NOW = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)  # a Wednesday
TODAY = NOW.date()


def first_try(skill: Skill, level: int, right: bool, days_ago: float) -> FirstTry:
    return FirstTry(skill, level, right, NOW - timedelta(days=days_ago))


answers = st.lists(
    st.builds(
        lambda skill, level, right, days_ago: first_try(
            skill, min(level, len(LADDERS[skill])), right, days_ago
        ),
        st.sampled_from([Skill.ADDING, Skill.ADDING_NEGATIVE, Skill.PAIRS_CANCEL]),
        st.integers(1, 3),
        st.booleans(),
        st.floats(0, 90, allow_nan=False),
    ),
    max_size=60,
)


@settings(deadline=None)
@given(answers)
def test_each_week_shows_the_level_the_ladder_gave_then_and_that_weeks_first_tries(
    given_answers: list[FirstTry],
) -> None:
    with timezone.override("UTC"):
        grown = growth(given_answers, NOW)

    assert set(grown) == {a.skill for a in given_answers}
    for skill, g in grown.items():
        starts = [w.start for w in g.weeks]
        assert starts[-1] == week_of(TODAY)
        assert len(starts) <= WEEKS_SHOWN
        assert all(b - a == timedelta(weeks=1) for a, b in itertools.pairwise(starts))
        mine = [a for a in given_answers if a.skill == skill]
        # This week's level is the level now; every week's, the ladder's at its end.
        assert g.weeks[-1].level == g.now == climb(given_answers).level(skill)
        for week in g.weeks:
            end = datetime.combine(week.start + timedelta(weeks=1), datetime.min.time(), UTC)
            assert week.level == climb(a for a in given_answers if a.when < end).level(skill)
            that_week = [a.right for a in mine if week_of(a.when.date()) == week.start]
            assert (week.asked, week.right) == (len(that_week), sum(that_week))
            assert 1 <= week.level <= len(LADDERS[skill])
        # The chart starts at the skill's first week, or as many weeks back as it shows.
        first = week_of(min(a.when for a in mine).date())
        assert starts[0] == max(first, week_of(TODAY) - timedelta(weeks=WEEKS_SHOWN - 1))


@pytest.mark.parametrize(
    ("month", "line"),
    [
        ([(30, [True] * 4, 1), (2, [True] * 3, 2)], "up from level 2 to 3 this month"),
        ([(30, [True] * 3, 1), (2, [False, False], 2)], "back from level 2 to 1 this month"),
        ([(30, [True, False], 1), (2, [True, False], 1)], "at level 1 of 3 all month"),
        ([(2, [True] * 3, 1)], "new this month, now at level 2 of 3"),
    ],
)
def test_a_line_says_how_the_month_went(month, line: str) -> None:
    given_answers = [
        first_try(Skill.ADDING, level, right, days_ago - n / 100)
        for days_ago, rights, level in month
        for n, right in enumerate(rights)
    ]

    [grown] = growth(given_answers, NOW).values()

    assert grown.line.startswith(line)


def test_the_family_page_names_a_skill_that_went_up_before_one_that_stood_still() -> None:
    given_answers = [first_try(Skill.ADDING, 1, True, 30), first_try(Skill.ADDING, 1, True, 29)]
    given_answers += [first_try(Skill.PAIRS_CANCEL, 1, True, 30 - n) for n in range(3)]

    grown = growth(given_answers, NOW)

    assert headline(grown) is grown[Skill.PAIRS_CANCEL]
    assert headline({}) is None


# --- the page -------------------------------------------------------------------------------


def words(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.mark.django_db
def test_the_page_asks_first_what_to_do_today_then_the_skills_then_the_games(
    parent_client: Client, child
) -> None:
    child.maths_level = "negative"
    child.favourite_mode = "classic6"
    child.save()
    a_month_of_games(child, games=6)

    page = parent_client.get(reverse("families:progress", args=[child.pk])).text

    headings = re.findall(r"<h2[^>]*>(.*?)</h2>", page, re.S)
    assert [words(h) for h in headings][:3] == [
        "Talk about it",
        "How the maths is going",
        "Recent games",
    ]
    # How Peabody chooses is there, behind its disclosure, after the games.
    how = page.index('<details class="how">')
    assert how > page.index('id="recent-title"')
    assert "nearest 85 in 100" in words(page[how:])
    assert page.count('class="growth-chart"') >= 2
    assert page.count("<h3>", page.index('id="skills-title"'), how) >= 2


@pytest.mark.django_db
def test_the_family_page_has_a_line_of_how_the_maths_grew_linking_to_the_progress_page(
    parent_client: Client, child
) -> None:
    first_tries(child, "adding", [True] * 4, days_ago=40)
    first_tries(child, "adding", [True] * 3, level=2, days_ago=1)
    ChildFactory(parent=child.parent, nickname="Sam")  # no answers: no line

    page = parent_client.get(reverse("families:home")).text

    [link] = re.findall(r'<p class="growth-line"><a href="([^"]+)"\s*>(.*?)</a>', page, re.S)
    assert link[0] == reverse("families:progress", args=[child.pk]) + "#skills-title"
    text = " ".join(unescape(re.sub(r"<[^>]+>", "", link[1])).split())
    assert text == "Adding small numbers: up from level 2 to 3 this month (Robin)"
