import gzip
import re

import pytest

pytestmark = pytest.mark.django_db

ASSET = re.compile(r'(?:src|href)="(/static/[^"#]+)')


def test_the_game_page_and_everything_it_loads_stays_under_100_kb(client, make_game) -> None:
    game = make_game(preset="knock9", bots=3)
    html = client.get(game.get_absolute_url()).content
    sizes = {"page": len(html)}
    for path in dict.fromkeys(ASSET.findall(html.decode())):
        response = client.get(path)
        body = b"".join(response.streaming_content) if response.streaming else response.content
        assert response.status_code == 200, path
        sizes[path] = len(body)

    assert {"/static/css/site.css", "/static/js/htmx.min.js", "/static/js/game.js"} <= set(sizes)
    assert sum(sizes.values()) < 100_000
    assert len(gzip.compress(html)) < sizes["page"]
