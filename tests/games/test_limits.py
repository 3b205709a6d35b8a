"""The one way every limit counts tries (games.limits): exactly as many as it allows, in a
window fixed from its first try that later tries never make longer, and exactly so under
thirty tries at once, each on its own connection to the database, as workers are."""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone
from hypothesis import given, settings
from hypothesis import strategies as st

from games import limits
from games.classes import views as class_views
from games.models import Count, Game
from games.words.refusals import CLASS_CODE_WAIT, FRIEND_CODE_WAIT
from peabody import sessions
from peabody.families import friends
from tests.games.test_classes import deal, tap_code, wrong_code

AT_ONCE = 30
LIMIT = limits.Limit("test-code", per_address=limits.Tries(most=3, window=timedelta(minutes=5)))


def request_from(address: str = "192.0.2.1"):
    return RequestFactory().post("/join/", REMOTE_ADDR=address)


@pytest.fixture
def clock(monkeypatch):
    """The time the limits read, moved on by hand."""
    now = [timezone.now()]
    monkeypatch.setattr(timezone, "now", lambda: now[0])

    def move_on(by: timedelta) -> None:
        now[0] += by

    return move_on


def at_once(task, times: int = AT_ONCE) -> list:
    """``task`` run ``times`` at once, each on a thread with its own database connection."""

    def run(n: int):
        try:
            return task(n)
        finally:
            connection.close()

    with ThreadPoolExecutor(times) as pool:
        return list(pool.map(run, range(times)))


@pytest.mark.django_db
@settings(max_examples=20, deadline=None)
@given(tries=st.integers(min_value=0, max_value=8), allowed=st.integers(min_value=0, max_value=5))
def test_a_count_lets_through_exactly_as_many_as_it_allows(tries: int, allowed: int) -> None:
    Count.objects.all().delete()
    let = [limits.spend("k", allowed, timedelta(minutes=1)) for _ in range(tries)]

    assert let == [n < allowed for n in range(tries)]
    used = Count.objects.filter(key="k").values_list("used", flat=True).first() or 0
    assert used == min(tries, allowed)  # a refused try counts nothing
    assert limits.spend("another", 1, timedelta(minutes=1))  # another key, another count


@pytest.mark.django_db
def test_a_window_ends_when_it_says_from_its_first_try_whatever_came_after(clock) -> None:
    window = timedelta(minutes=1)
    assert limits.spend("k", 3, window)
    clock(timedelta(seconds=50))
    assert limits.spend("k", 3, window) and limits.spend("k", 3, window)
    assert not limits.spend("k", 3, window)  # used up
    clock(timedelta(seconds=9))
    assert not limits.spend("k", 3, window)  # refused tries do not count or wait longer

    clock(timedelta(seconds=1))  # a minute after the first try
    assert limits.spend("k", 3, window)  # a new window, counted from one
    assert Count.objects.get(key="k").used == 1
    assert Count.objects.get(key="k").ends == timezone.now() + window


@pytest.mark.django_db
def test_a_try_given_back_does_not_count() -> None:
    for _ in range(3):
        assert LIMIT.spend(request_from())
        LIMIT.give_back(request_from())

    assert Count.objects.get().used == 0


@pytest.mark.django_db
def test_a_device_is_held_by_its_own_count_and_its_address_by_another() -> None:
    both = replace(LIMIT, per_device=limits.Tries(most=2, window=timedelta(minutes=1)))
    request = request_from()
    assert both.spend(request, "device-a") and both.spend(request, "device-a")

    assert not both.spend(request, "device-a")
    assert both.spend(request, "device-b")  # same address, its third
    assert not both.spend(request, "device-c")  # the address has had its three
    assert Count.objects.get(key="test-code:device:device-c").used == 0  # given back
    assert not both.spend(request_from("192.0.2.2"), "device-a")  # its device is held


@pytest.mark.django_db
def test_the_counts_hold_no_address() -> None:
    LIMIT.spend(request_from("198.51.100.7"))

    keys = list(Count.objects.values_list("key", flat=True))
    assert keys and not any("198.51.100.7" in key for key in keys)


def test_each_pages_limit_lasts_as_long_as_its_page_says() -> None:
    # A friend's page: "Wait a minute, then try again."
    assert "Wait a minute" in str(FRIEND_CODE_WAIT)
    assert friends.TRIES.per_address.window == timedelta(minutes=1)
    assert friends.TRIES.per_device is None  # counted by address only, as before
    # A class's page: "Wait a few minutes", for a device; its address's count is looser.
    assert "Wait a few minutes" in str(CLASS_CODE_WAIT)
    device = class_views.TRIES.per_device
    assert device is not None and device.window == timedelta(minutes=10)
    assert class_views.TRIES.per_address.most > device.most


# --- thirty at once ---------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_thirty_tries_at_once_let_through_exactly_the_limit() -> None:
    let = at_once(lambda n: limits.spend("at-once", 10, timedelta(minutes=1)))

    assert let.count(True) == 10
    assert Count.objects.get(key="at-once").used == 10


@pytest.mark.django_db(transaction=True)
def test_thirty_wrong_class_codes_at_once_from_one_device_try_exactly_ten() -> None:
    class_session = deal(Client()).class_session
    device = Client()
    device.post(reverse("games:class_join"), {"tap": "fox"})  # the device's session
    assert tap_code(device, wrong_code(class_session.code)).status_code == 400
    assert sessions.CLASS_DEVICE in device.session
    session_id = device.cookies[django_settings.SESSION_COOKIE_NAME].value

    def wrong(n: int) -> int:
        same = Client()
        same.cookies[django_settings.SESSION_COOKIE_NAME] = session_id  # the same browser
        return tap_code(same, wrong_code(class_session.code)).status_code

    answers = Counter(at_once(wrong))

    per_device = class_views.TRIES.per_device
    assert per_device is not None
    assert answers == {400: per_device.most - 1, 429: AT_ONCE - (per_device.most - 1)}


@pytest.mark.django_db(transaction=True)
def test_thirty_wrong_friend_codes_at_once_from_one_address_try_exactly_five() -> None:
    def wrong(n: int) -> int:
        return (
            Client().post(reverse("kids:join"), {"picked": "fox fox fox", "tap": "fox"}).status_code
        )

    answers = Counter(at_once(wrong))

    most = friends.TRIES.per_address.most
    assert answers == {400: most, 429: AT_ONCE - most}
    assert not Game.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_thirty_new_games_at_once_from_one_browser_start_exactly_the_days_limit(
    monkeypatch,
) -> None:
    monkeypatch.setattr("games.models.GUEST_GAMES_A_DAY", 5)
    browser = Client()
    new_game = {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "1"}
    assert browser.post("/play/start/", new_game).status_code == 302  # its key, its first
    session_id = browser.cookies[django_settings.SESSION_COOKIE_NAME].value

    def start(n: int) -> int:
        same = Client()
        same.cookies[django_settings.SESSION_COOKIE_NAME] = session_id
        return same.post("/play/start/", new_game).status_code

    answers = Counter(at_once(start))

    assert answers == {302: 4, 429: AT_ONCE - 4}
    assert Game.objects.count() == 5
