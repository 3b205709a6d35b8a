"""Times in the family's own time zone: chosen on the family's time zone page, made current
for every request of the family (kid mode too), on the progress page, the replay and the
download."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client, RequestFactory
from django.test.signals import template_rendered
from django.urls import reverse
from django.utils import timezone, translation

from peabody.families.models import Family
from peabody.families.time_zones import time_zone_middleware
from tests.builders import child_game

from .spanish import english_in

pytestmark = pytest.mark.django_db

# 05:20 in the morning in UTC is 21:20 the evening before in Los Angeles (UTC−8 in December).
MORNING_IN_UTC = datetime(2026, 12, 3, 5, 20, tzinfo=UTC)


@pytest.fixture
def evening_game(child):
    return child_game(child, created=MORNING_IN_UTC)


def choose(client: Client, zone: str):
    return client.post(reverse("families:time_zone"), {"time_zone": zone})


def test_a_game_started_at_0520_utc_shows_2120_in_los_angeles_on_progress_replay_and_download(
    parent_client: Client, child, evening_game
) -> None:
    choose(parent_client, "America/Los_Angeles")

    progress = parent_client.get(reverse("families:progress", args=[child.pk])).text
    replay = parent_client.get(
        reverse("families:replay", args=[child.pk, evening_game.public_id])
    ).text
    download = json.loads(
        parent_client.get(reverse("families:child_download", args=[child.pk])).content
    )
    account = json.loads(parent_client.get(reverse("families:account_download")).content)

    assert "2 Dec, 21:20" in progress and "05:20" not in progress
    assert "The game started on 2 Dec, 21:20." in replay
    assert download["games"][0]["started"] == "2026-12-02T21:20:00-08:00"
    assert account["time_zone"] == "America/Los_Angeles"
    assert account["children"][0]["games"][0]["started"] == "2026-12-02T21:20:00-08:00"


def test_before_a_zone_is_chosen_times_are_in_utc_and_the_family_page_says_so(
    parent_client: Client, child, evening_game
) -> None:
    progress = parent_client.get(reverse("families:progress", args=[child.pk])).text
    home = parent_client.get(reverse("families:home")).text

    assert "3 Dec, 05:20" in progress
    assert "not chosen yet, so times are in UTC" in home


def test_the_time_zone_page_offers_every_zone_and_saves_the_one_chosen(
    parent_client: Client, parent
) -> None:
    page = parent_client.get(reverse("families:time_zone")).text

    response = choose(parent_client, "Europe/Madrid")

    assert '<select name="time_zone"' in page and "data-browser-time-zone" in page
    assert '<option value="America/Los_Angeles">America/Los_Angeles</option>' in page
    assert '<option value="" selected>Choose one</option>' in page
    assert 'id="time-zone-offered" hidden' in page  # the browser's zone, once offered
    assert "/static/js/time-zone.js" in page
    assert response["Location"] == reverse("families:home")
    assert Family.objects.get(parent=parent).time_zone == "Europe/Madrid"
    home = parent_client.get(reverse("families:home")).text
    assert "Times are now told in the time zone Europe/Madrid." in home
    assert "Europe/Madrid" in home
    chosen = parent_client.get(reverse("families:time_zone")).text
    assert '<option value="Europe/Madrid" selected>' in chosen
    assert "time-zone-offered" not in chosen  # chosen: nothing more is offered


@pytest.mark.parametrize("zone", ["Mars/Olympus_Mons", "", "../../etc/passwd", "localtime"])
def test_a_zone_not_on_the_list_is_refused_kindly(parent_client: Client, parent, zone) -> None:
    response = choose(parent_client, zone)

    assert response.status_code == 400
    assert "Please choose your time zone from the list." in response.text
    assert not Family.objects.filter(parent=parent).exclude(time_zone="").exists()


def test_the_zone_is_current_for_the_familys_requests_kid_mode_included_and_no_longer(
    parent, child
) -> None:
    Family.objects.create(parent=parent, time_zone="Asia/Tokyo")
    seen = []

    def page(request):
        seen.append(timezone.get_current_timezone_name())
        return None

    for user in (parent, None):
        request = RequestFactory().get("/play/")
        request.user = user or AnonymousUser()
        time_zone_middleware(page)(request)
        seen.append(timezone.get_current_timezone_name())

    assert seen == ["Asia/Tokyo", "UTC", "UTC", "UTC"]


def test_a_kid_mode_page_is_drawn_in_the_familys_zone(kid_client: Client, parent) -> None:
    Family.objects.create(parent=parent, time_zone="Asia/Tokyo")
    drawn_in = []

    def drawn(**kwargs) -> None:
        drawn_in.append(timezone.get_current_timezone_name())

    template_rendered.connect(drawn)
    try:
        response = kid_client.get(reverse("games:new"))
    finally:
        template_rendered.disconnect(drawn)

    assert response.status_code == 200
    assert drawn_in and set(drawn_in) == {"Asia/Tokyo"}


def test_the_time_zone_page_is_in_spanish(parent_client: Client) -> None:
    with translation.override("es"):
        url = reverse("families:time_zone")

    page = parent_client.get(url).text
    refused = parent_client.post(url, {"time_zone": "Marte"}).text

    assert english_in(page) == [] and english_in(refused) == []
    assert "<h1>Tu zona horaria</h1>" in page
    assert "Elige tu zona horaria de la lista." in refused


def sign_up(client: Client, **extra: str):
    data = {
        "email": "robin.parent@example.com",
        "password1": "a long family password 7",
        "password2": "a long family password 7",
        "consent": "on",
    }
    return client.post(reverse("account_signup"), data | extra)


def test_sign_up_offers_the_time_zone_and_keeps_the_one_chosen(client: Client) -> None:
    page = client.get(reverse("account_signup")).text
    assert '<select name="time_zone"' in page and "data-browser-time-zone" in page
    assert 'id="time-zone-offered" hidden' in page and "js/time-zone" in page

    sign_up(client, time_zone="Europe/Madrid")

    assert Family.objects.get(parent__email="robin.parent@example.com").time_zone == (
        "Europe/Madrid"
    )


def test_sign_up_without_a_time_zone_leaves_it_for_later_and_refuses_one_not_listed(
    client: Client,
) -> None:
    refused = sign_up(client, time_zone="Mars/Olympus_Mons")
    assert refused.status_code == 200 and "Please choose your time zone" in refused.text
    assert not Family.objects.exists()

    sign_up(client)

    assert not Family.objects.exists()  # times in UTC until the family page's offer is taken


def test_the_family_page_offers_this_devices_zone_until_one_is_chosen(
    parent_client: Client, parent
) -> None:
    page = parent_client.get(reverse("families:home")).text
    assert 'id="time-zone-offer"' in page and "js/time-zone" in page

    choose(parent_client, "Europe/Madrid")

    page = parent_client.get(reverse("families:home")).text
    assert 'id="time-zone-offer"' not in page and "js/time-zone" not in page
