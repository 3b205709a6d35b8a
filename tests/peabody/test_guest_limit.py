"""A guest (one browser's session) starts at most GUEST_GAMES_A_DAY games a day, and is told
so kindly; the guest's session ends with the newest of their games."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import GUEST_GAMES_A_DAY, GUEST_LIFETIME, Game
from peabody import sessions
from tests.factories import GameFactory
from tests.readability import sentences, too_hard

NEW_GAME = {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "1"}


def games_so_far(client: Client, count: int, *, age: timedelta = timedelta(0)) -> None:
    client.post("/play/start/", NEW_GAME)
    key = client.session[sessions.GUEST_KEY]
    for _ in range(count - 1):
        GameFactory(guest_key=key)
    Game.objects.update(created=timezone.now() - age)


@pytest.mark.django_db
def test_a_guest_at_the_days_limit_is_told_kindly_and_no_game_is_made(client: Client) -> None:
    games_so_far(client, GUEST_GAMES_A_DAY)

    response = client.post("/play/start/", NEW_GAME)

    assert response.status_code == 429
    assert "That is a lot of games!" in response.text
    assert 'href="/play/"' in response.text
    assert too_hard(sentences(response.text)) == []
    assert Game.objects.count() == GUEST_GAMES_A_DAY


@pytest.mark.django_db
def test_play_again_counts_toward_the_limit_too(client: Client) -> None:
    games_so_far(client, GUEST_GAMES_A_DAY)
    old = Game.objects.first()

    response = client.post(f"/play/{old.public_id}/again/")

    assert response.status_code == 429
    assert Game.objects.count() == GUEST_GAMES_A_DAY


@pytest.mark.django_db
def test_the_class_game_counts_toward_the_limit_too(client: Client) -> None:
    games_so_far(client, GUEST_GAMES_A_DAY)

    assert client.post("/teach/play/start/").status_code == 429


@pytest.mark.django_db
def test_one_game_short_of_the_limit_a_guest_still_starts_one(client: Client) -> None:
    games_so_far(client, GUEST_GAMES_A_DAY - 1)

    assert client.post("/play/start/", NEW_GAME).status_code == 302
    assert Game.objects.count() == GUEST_GAMES_A_DAY


@pytest.mark.django_db
def test_games_older_than_a_day_do_not_count(client: Client) -> None:
    games_so_far(client, GUEST_GAMES_A_DAY, age=GUEST_LIFETIME + timedelta(minutes=1))

    assert client.post("/play/start/", NEW_GAME).status_code == 302


@pytest.mark.django_db
def test_another_browser_is_not_held_back_by_the_first(client: Client) -> None:
    games_so_far(client, GUEST_GAMES_A_DAY)

    assert Client().post("/play/start/", NEW_GAME).status_code == 302


@pytest.mark.django_db
def test_a_guests_session_ends_a_day_after_their_newest_game(client: Client) -> None:
    client.post("/play/start/", NEW_GAME)
    first_expiry = client.session.get_expiry_date()
    client.post("/play/start/", NEW_GAME)

    expiry = client.session.get_expiry_date()
    assert abs(expiry - (timezone.now() + GUEST_LIFETIME)) < timedelta(minutes=1)
    assert expiry >= first_expiry
    assert abs(client.cookies["sessionid"]["max-age"] - GUEST_LIFETIME.total_seconds()) < 60
