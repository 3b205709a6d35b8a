"""The guided first hole: each control's tip is said once, in a browser's first game only."""

import random
import re

import pytest
from django.test import Client

from games.models import Game
from tests.games.pages import moves_on, version_on

pytestmark = pytest.mark.django_db

TIP = re.compile(r'<li class="tip" id="tip-([a-z_]+)">')


def start(client: Client, mode: str = "classic6") -> Game:
    client.post("/play/start/", {"mode": mode, "bots": "1", "level": "gentle", "holes": "3"})
    return Game.objects.order_by("-created").first()


def test_a_first_game_tells_what_each_control_is_for_once_during_its_first_hole(
    client: Client,
) -> None:
    game = start(client)
    url = f"/play/{game.public_id}/"
    html = client.get(url).text
    said: list[str] = []
    rng = random.Random(2)
    while "Next hole" not in html:
        tips = TIP.findall(html)
        assert len(tips) <= 2
        said += tips
        html = client.post(
            f"{url}move/", {"move": rng.choice(moves_on(html)), "version": version_on(html)}
        ).text
    assert len(said) == len(set(said))
    assert {"turn", "stock", "pile", "hint"} <= set(said)
    assert TIP.findall(html) == ["next"]

    html = client.post(f"{url}move/", {"move": "next", "version": version_on(html)}).text
    assert TIP.findall(html) == []


def test_a_tip_is_tied_to_the_control_it_explains(client: Client) -> None:
    game = start(client, mode="classic6")
    html = client.get(f"/play/{game.public_id}/").text
    for pos in (0, 4):
        html = client.post(
            f"/play/{game.public_id}/move/", {"move": f"flip:{pos}", "version": version_on(html)}
        ).text

    assert 'id="tip-stock"' in html
    assert re.search(r'id="stock"[^>]*aria-describedby="tip-stock"', html)


def test_a_second_game_is_not_guided(client: Client) -> None:
    first = start(client)
    client.get(f"/play/{first.public_id}/")
    second = start(client)

    html = client.get(f"/play/{second.public_id}/").text

    assert TIP.findall(html) == []
