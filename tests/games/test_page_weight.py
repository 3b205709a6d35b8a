"""Page weight: the bytes a browser downloads for a game page and everything it loads.

Counted as they cross the network, as browsers' own tools (and Lighthouse's "total byte
weight") count them: the page as sent (HTML is not compressed, since it carries the CSRF
token), and each static file as WhiteNoise sends it, gzipped when that is smaller (its
``CompressedManifestStaticFilesStorage`` keeps a gzip copy of every file it can shrink).
The raw sizes are reported too, so that growth shows before it matters.
"""

import random

import pytest

from tests.games.pages import WEIGHT_LIMIT, as_sent, assets_loaded, moves_on, version_on

pytestmark = pytest.mark.django_db


def test_the_game_page_and_everything_it_loads_stays_under_100_kb(client, make_game) -> None:
    game = make_game(preset="knock9", bots=3)
    html = client.get(game.get_absolute_url()).content
    files = assets_loaded(client, html)

    assert {"/static/css/site.css", "/static/js/htmx.min.js", "/static/js/game.js"} <= set(files)
    assert "/static/img/hearts.svg" in files
    sent = len(html) + sum(as_sent(body) for body in files.values())
    raw = len(html) + sum(len(body) for body in files.values())
    print(f"game page: {sent:,} bytes sent, {raw:,} bytes before compression")
    assert sent < WEIGHT_LIMIT
    assert sent < raw  # the static files do shrink


def test_every_page_of_a_busy_game_stays_under_100_kb_with_what_it_loads(client, make_game) -> None:
    """Three bots, each step of theirs told: the heaviest pages a child meets."""
    game = make_game(preset="knock9", bots=3, holes=2)
    html = client.get(game.get_absolute_url()).content
    assets = sum(as_sent(body) for body in assets_loaded(client, html).values())
    rng = random.Random(4)
    heaviest = len(html)
    while offered := moves_on(html.decode()):
        html = client.post(
            f"/play/{game.public_id}/move/",
            {"move": rng.choice(offered), "version": version_on(html.decode())},
        ).content
        heaviest = max(heaviest, len(html))

    print(f"heaviest game page: {heaviest:,} bytes, with {assets:,} bytes of static files sent")
    assert heaviest + assets < WEIGHT_LIMIT
