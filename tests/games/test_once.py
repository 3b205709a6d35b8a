"""The one-time token of a form that starts a game: one tap, one game, however often the post
arrives, and no post waits for another."""

from __future__ import annotations

import http.cookiejar
import re
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from games import once
from games.models import Game
from games.once import ONCE, claim, new_token, remember

NEW_GAME = {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "1"}


def token_on(html: str) -> str:
    return re.search(r'name="once" value="([^"]+)"', html).group(1)


@pytest.mark.django_db
def test_the_new_game_form_carries_a_fresh_token_each_time_it_is_drawn(client: Client) -> None:
    first, second = (token_on(client.get("/play/").text) for _ in range(2))

    assert first != second
    assert len(first) == 22


@pytest.mark.django_db
def test_a_replayed_new_game_post_opens_the_game_the_first_one_made(client: Client) -> None:
    data = NEW_GAME | {ONCE: token_on(client.get("/play/").text)}

    first = client.post("/play/start/", data)
    again = client.post("/play/start/", data)

    assert Game.objects.count() == 1
    assert first.status_code == again.status_code == 302
    assert again.url == first.url == Game.objects.get().get_absolute_url()


@pytest.mark.django_db
def test_a_new_token_makes_a_new_game(client: Client) -> None:
    for _ in range(2):
        client.post("/play/start/", NEW_GAME | {ONCE: token_on(client.get("/play/").text)})

    assert Game.objects.count() == 2


@pytest.mark.django_db
def test_a_refused_form_does_not_use_up_its_token(client: Client) -> None:
    token = token_on(client.get("/play/").text)

    assert client.post("/play/start/", {ONCE: token, "mode": "nine"}).status_code == 400
    client.post("/play/start/", NEW_GAME | {ONCE: token})

    assert Game.objects.count() == 1


@pytest.mark.django_db
def test_play_again_twice_with_one_token_opens_one_new_game(client: Client) -> None:
    client.post("/play/start/", NEW_GAME)
    old = Game.objects.get()
    data = {ONCE: new_token()}

    first = client.post(f"/play/{old.public_id}/again/", data)
    again = client.post(f"/play/{old.public_id}/again/", data)

    assert Game.objects.count() == 2
    assert again.url == first.url != old.get_absolute_url()


@pytest.mark.django_db
@pytest.mark.parametrize("token", ["", "short", "x" * 22 + "'", "é" * 22])
def test_a_post_without_a_well_formed_token_claims_nothing(token: str) -> None:
    assert claim(token) is None
    assert claim(token) is None


@pytest.mark.django_db
def test_a_token_remembers_the_game_it_made() -> None:
    token = new_token()
    assert claim(token) is None
    assert claim(token) == once.MAKING
    remember(token, Game(public_id="abc"))

    assert claim(token) == "abc"


@pytest.mark.django_db(transaction=True)
def test_twenty_identical_deals_at_once_make_one_game(live_server: LiveServer) -> None:
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    page = browser.open(f"{live_server.url}/play/").read().decode()
    csrf = next(cookie.value for cookie in jar if cookie.name == "csrftoken")
    # A first game, so the browser has its session (and its guest key) before the taps.
    first = urllib.parse.urlencode(NEW_GAME | {"csrfmiddlewaretoken": csrf}).encode()
    browser.open(f"{live_server.url}/play/start/", first)
    body = urllib.parse.urlencode(
        NEW_GAME | {ONCE: token_on(page), "csrfmiddlewaretoken": csrf}
    ).encode()

    def deal(_: int) -> str:
        with browser.open(f"{live_server.url}/play/start/", body, timeout=30) as response:
            url = response.url
        # A tap that came while the game was being made gets the page that looks again a
        # second later (the browser follows its refresh): look again as it would.
        while "/dealing/" in url:
            time.sleep(0.2)
            with browser.open(url, timeout=30) as response:
                url = response.url
        return url

    with ThreadPoolExecutor(20) as pool:
        landed = set(pool.map(deal, range(20)))

    assert Game.objects.count() == 2
    assert landed == {f"{live_server.url}{Game.objects.latest('created').get_absolute_url()}"}


@pytest.mark.django_db
def test_a_first_ever_double_tap_opens_the_game_in_both_answers(client: Client) -> None:
    # The second post leaves before the first's answer brings the session cookie: it carries
    # the form's token and the CSRF cookie, and no session.
    data = NEW_GAME | {ONCE: token_on(client.get("/play/").text)}
    second_tab = Client()
    second_tab.cookies = client.cookies.__class__(client.cookies)  # CSRF cookie, no session yet

    first = client.post("/play/start/", data)
    again = second_tab.post("/play/start/", data)

    assert Game.objects.count() == 1
    assert again.url == first.url
    assert second_tab.get(again.url).status_code == 200
    assert client.get(first.url).status_code == 200


@pytest.mark.django_db
def test_a_token_does_not_open_a_game_made_long_ago_or_change_a_browsers_own_key(
    client: Client,
) -> None:
    data = NEW_GAME | {ONCE: token_on(client.get("/play/").text)}
    made = client.post("/play/start/", data).url
    Game.objects.update(created=Game.objects.get().created - timedelta(minutes=5))

    stranger = Client()
    assert stranger.post("/play/start/", data).url == made
    assert stranger.get(made).status_code == 404  # the token alone opens nothing later on

    own = Client()
    own.post("/play/start/", NEW_GAME)
    own_game = Game.objects.latest("created").get_absolute_url()
    Game.objects.filter(public_id=made.strip("/").split("/")[-1]).update(
        created=Game.objects.latest("created").created
    )
    own.post("/play/start/", data)
    assert own.get(own_game).status_code == 200  # its own games stay its own


@pytest.mark.django_db
def test_a_tap_while_the_game_is_being_made_is_answered_at_once_and_then_opens_it(
    client: Client,
) -> None:
    token = token_on(client.get("/play/").text)
    claim(token)  # the first tap's request, still making its game

    second = client.post("/play/start/", NEW_GAME | {ONCE: token})
    waiting = client.get(second.url)
    client.post("/play/start/", NEW_GAME)  # meanwhile: this browser's game, made
    remember(token, Game.objects.get())
    opened = client.get(second.url)

    assert second.status_code == 302 and "/dealing/" in second.url
    assert waiting.status_code == 200
    assert '<meta http-equiv="refresh" content="1">' in waiting.text
    assert opened.url == Game.objects.get().get_absolute_url()
    assert Game.objects.count() == 1


@pytest.mark.django_db
def test_a_token_nobody_claimed_or_forgotten_leads_back_to_a_new_game(client: Client) -> None:
    assert client.get(f"/play/dealing/{new_token()}/").url == "/play/"
    assert client.get("/play/dealing/not-a-token/").url == "/play/"


@pytest.mark.django_db
def test_a_deal_refused_for_too_many_games_releases_its_token(client: Client, monkeypatch) -> None:
    client.post("/play/start/", NEW_GAME)
    token = token_on(client.get("/play/").text)
    monkeypatch.setattr("games.models.GUEST_GAMES_A_DAY", 1)
    refused = client.post("/play/start/", NEW_GAME | {ONCE: token})
    monkeypatch.undo()  # a day later

    dealt = client.post("/play/start/", NEW_GAME | {ONCE: token})

    assert refused.status_code == 429
    assert Game.objects.count() == 2
    assert dealt.url == Game.objects.latest("created").get_absolute_url()


@pytest.mark.django_db
def test_play_again_refused_for_too_many_games_releases_its_token(
    client: Client, monkeypatch
) -> None:
    client.post("/play/start/", NEW_GAME)
    old = Game.objects.get()
    data = {ONCE: new_token()}
    monkeypatch.setattr("games.models.GUEST_GAMES_A_DAY", 1)
    refused = client.post(f"/play/{old.public_id}/again/", data)
    monkeypatch.undo()  # a day later

    dealt = client.post(f"/play/{old.public_id}/again/", data)

    assert refused.status_code == 429
    assert Game.objects.count() == 2
    assert dealt.url == Game.objects.latest("created").get_absolute_url() != old.get_absolute_url()


@pytest.mark.django_db
def test_a_token_opens_only_its_own_game_in_a_browser_without_a_session(client: Client) -> None:
    client.post("/play/start/", NEW_GAME)
    earlier = Game.objects.get()
    data = NEW_GAME | {ONCE: token_on(client.get("/play/").text)}
    made = client.post("/play/start/", data).url

    stranger = Client()
    assert stranger.post("/play/start/", data).url == made

    assert stranger.get(made).status_code == 200
    assert stranger.get(earlier.get_absolute_url()).status_code == 404
