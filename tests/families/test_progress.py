"""What a child played, as their grown-up reads it on the progress page."""

from datetime import date, datetime, timedelta
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Game
from games.words.cards import number
from lessons.models import SkillAttempt
from peabody.families.progress import RECENT_GAMES, progress, week_of
from peabody.words.grown_ups import signed_number
from tests.builders import child_game
from tests.factories import ChildFactory

pytestmark = pytest.mark.django_db

TODAY = date(2026, 12, 2)  # a Wednesday


def at(day: date, hour: int = 17) -> datetime:
    return datetime(day.year, day.month, day.day, hour, tzinfo=timezone.get_current_timezone())


def played(game: Game, start: datetime, minutes: float) -> Game:
    Game.objects.filter(pk=game.pk).update(
        created=start, updated=start + timedelta(minutes=minutes)
    )
    game.refresh_from_db()
    return game


def test_a_week_starts_on_monday() -> None:
    assert week_of(TODAY) == date(2026, 11, 30)
    assert week_of(date(2026, 11, 30)) == date(2026, 11, 30)


def test_games_and_holes_played_count_every_finished_hole(child) -> None:
    done = child_game(child, holes=3, seed=1)
    child_game(child, finished=False, seed=2)

    result = progress(child.games.all(), child, TODAY)

    assert result.games == 2
    assert result.finished == 1
    assert result.holes == len(done.state.results) == 3


def test_the_trend_is_each_finished_game_oldest_first_with_its_average_per_hole(child) -> None:
    first = played(child_game(child, holes=3, seed=1), at(TODAY - timedelta(days=2)), 10)
    second = played(child_game(child, holes=1, seed=2), at(TODAY - timedelta(days=1)), 10)
    played(child_game(child, finished=False, seed=3), at(TODAY), 5)

    trend = progress(child.games.all(), child, TODAY).trend

    assert [row.public_id for row in trend] == [first.public_id, second.public_id]
    scores = [r.scores[0] for r in first.state.results]
    assert trend[0].average == pytest.approx(sum(scores) / 3)
    assert trend[1].average == second.state.results[0].scores[0]


def made_on(child, day: date):
    type(child).objects.filter(pk=child.pk).update(created=at(day))
    child.refresh_from_db()
    return child


def test_time_played_is_added_up_per_week_with_at_most_an_hour_a_game(child) -> None:
    monday = week_of(TODAY)
    made_on(child, monday - timedelta(weeks=20))
    played(child_game(child, seed=1), at(monday), 20)
    played(child_game(child, seed=2), at(monday + timedelta(days=1)), 300)  # left open
    played(child_game(child, seed=3), at(monday - timedelta(days=3)), 12)
    played(child_game(child, seed=4), at(monday - timedelta(weeks=10)), 30)  # too long ago

    weeks = progress(child.games.all(), child, TODAY).weeks

    assert len(weeks) == 8
    assert weeks[-1].start == monday and weeks[-1].minutes == 20 + 60
    assert weeks[-2].start == monday - timedelta(weeks=1) and weeks[-2].minutes == 12
    assert sum(week.minutes for week in weeks) == 92


def test_weekly_time_starts_from_the_profiles_first_week(child) -> None:
    monday = week_of(TODAY)
    made_on(child, monday - timedelta(days=2))  # the Saturday before
    played(child_game(child, seed=1), at(monday), 20)

    weeks = progress(child.games.all(), child, TODAY).weeks

    assert [(week.start, week.text) for week in weeks] == [
        (monday - timedelta(weeks=1), "no time"),
        (monday, "20 minutes"),
    ]


def test_the_last_seven_days_count_games_time_and_first_tries(child) -> None:
    played(child_game(child, seed=1), at(TODAY - timedelta(days=6)), 30)
    played(child_game(child, seed=2), at(TODAY), 10)
    played(child_game(child, seed=3), at(TODAY - timedelta(days=7)), 50)  # a day too early

    days = progress(child.games.all(), child, TODAY, [True, False, True]).last_days

    assert (days.games, days.time, days.questions, days.right_first) == (2, "40 minutes", 3, 2)


def test_recent_games_are_the_newest_few(child) -> None:
    games = [
        played(child_game(child, finished=False, seed=n), at(TODAY - timedelta(days=n)), 5)
        for n in range(12)
    ]

    recent = progress(child.games.all(), child, TODAY).recent

    assert [row.public_id for row in recent] == [g.public_id for g in games[:RECENT_GAMES]]


def test_the_progress_page_shows_the_numbers_the_chart_and_its_table(
    parent_client: Client, child
) -> None:
    games = [child_game(child, holes=3, seed=seed) for seed in (1, 2, 3)]
    game = games[0]
    average = signed_number(sum(r.scores[0] for r in game.state.results) / 3)

    page = parent_client.get(reverse("families:progress", args=[child.pk])).text

    assert "Robin’s progress" in page
    assert "<strong>9</strong> holes played" in page
    assert reverse("families:chart", args=[child.pk]) in page
    assert f'<td class="number">{average}</td>' in page
    assert reverse("families:replay", args=[child.pk, game.public_id]) in page


def test_the_chart_waits_for_three_finished_games_and_the_table_does_not(
    parent_client: Client, child
) -> None:
    child_game(child, seed=1)
    child_game(child, seed=2)

    page = parent_client.get(reverse("families:progress", args=[child.pk])).text

    assert reverse("families:chart", args=[child.pk]) not in page
    assert "A chart comes after 3 finished games." in page
    assert page.count('<th scope="row">2</th>') == 1


def test_the_progress_page_compares_with_nobody_and_counts_no_streaks(
    parent_client: Client, child
) -> None:
    ChildFactory(parent=child.parent, nickname="Sam")
    child_game(child)

    page = parent_client.get(reverse("families:progress", args=[child.pk])).text.lower()

    assert "sam" not in page
    for word in ("streak", "rank", "better than", "average child", "in a row"):
        assert word not in page


def test_a_parent_watches_a_childs_finished_game_hole_by_hole(parent_client: Client, child) -> None:
    game = child_game(child, holes=3)
    url = reverse("families:replay", args=[child.pk, game.public_id])

    page = parent_client.get(f"{url}?hole=2").text

    assert "Watch again: hole 2, move 0 of" in page
    assert reverse("families:progress", args=[child.pk]) in page
    assert game.get_absolute_url() not in page  # the parent does not play the child's game


def test_an_unfinished_game_cannot_be_watched_again(parent_client: Client, child) -> None:
    game = child_game(child, finished=False)
    url = reverse("families:replay", args=[child.pk, game.public_id])

    assert parent_client.get(url).status_code == 404


def test_the_parents_replay_shows_each_holes_questions_and_the_childs_answers(
    parent_client: Client, child
) -> None:
    game = child_game(child, holes=3, questions=True, right=0.0)
    url = reverse("families:replay", args=[child.pk, game.public_id])
    asked = SkillAttempt.objects.filter(game=game, hole=2, first_try=True)
    assert asked.exists()

    page = unescape(parent_client.get(f"{url}?hole=2").text)

    assert "Hole 2: the questions" in page
    assert page.count('<li class="answered">') == asked.count()
    for attempt in asked.exclude(kind="winner"):  # a winner's answer is a name
        assert f'<span class="given">{number(attempt.given)}</span>, then' in page
        assert f'<dd class="right-answer">{number(attempt.right_answer)}</dd>' in page
    assert "Robin answered" in page
