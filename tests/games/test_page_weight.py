import gzip
import random
import re

import pytest

from tests.games.conftest import moves_on, version_on

pytestmark = pytest.mark.django_db

ASSET = re.compile(r'(?:src|href)="(/static/[^"#]+)')
# What a stylesheet loads in turn: url("../img/hearts.svg").
CSS_ASSET = re.compile(r'url\("\.\./([^"]+)"\)')


def body_of(client, path: str) -> bytes:
    response = client.get(path)
    assert response.status_code == 200, path
    return b"".join(response.streaming_content) if response.streaming else response.content


def everything_loaded(client, html: bytes) -> dict[str, int]:
    sizes = {"page": len(html)}
    for path in dict.fromkeys(ASSET.findall(html.decode())):
        body = body_of(client, path)
        sizes[path] = len(body)
        if path.endswith(".css"):
            for name in dict.fromkeys(CSS_ASSET.findall(body.decode())):
                sizes[f"/static/{name}"] = len(body_of(client, f"/static/{name}"))
    return sizes


def test_the_game_page_and_everything_it_loads_stays_under_100_kb(client, make_game) -> None:
    game = make_game(preset="knock9", bots=3)
    html = client.get(game.get_absolute_url()).content
    sizes = everything_loaded(client, html)

    assert {"/static/css/site.css", "/static/js/htmx.min.js", "/static/js/game.js"} <= set(sizes)
    assert "/static/img/hearts.svg" in sizes
    assert sum(sizes.values()) < 100_000
    assert len(gzip.compress(html)) < sizes["page"]


def test_every_page_of_a_busy_game_stays_under_100_kb_with_what_it_loads(client, make_game) -> None:
    """Three bots, each step of theirs told: the heaviest pages a child meets."""
    game = make_game(preset="knock9", bots=3, holes=2)
    html = client.get(game.get_absolute_url()).content
    assets = sum(everything_loaded(client, html).values()) - len(html)
    rng = random.Random(4)
    heaviest = len(html)
    while offered := moves_on(html.decode()):
        html = client.post(
            f"/play/{game.public_id}/move/",
            {"move": rng.choice(offered), "version": version_on(html.decode())},
        ).content
        heaviest = max(heaviest, len(html))

    assert heaviest + assets < 100_000
