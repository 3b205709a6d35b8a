"""What a game page shows, read as the tests of the game pages read it; and what a page
weighs, with everything it loads, as it crosses the network (tests/games/test_page_weight.py
says how it is counted)."""

from __future__ import annotations

import gzip
import re

from games.models import Game
from games.words.cards import card_label, card_words

MOVE = re.compile(r'name="move"\s+value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


def moves_on(html: str) -> list[str]:
    """The moves the page offers: every enabled button that makes one, but a practice
    question's OK, which needs an answer typed on its number pad first."""
    return [move for move in MOVE.findall(html) if move != "answer"]


def version_on(html: str) -> str:
    return VERSION.search(html).group(1)


def named(card: str, html: str) -> bool:
    """Whether the page names ``card`` anywhere: in words, on a button, or as the code the
    table's moving cards are drawn from."""
    code = re.compile(rf"[:\"]{re.escape(card)}[\s:\"]")
    return card_words(card) in html or card_label(card) in html or bool(code.search(html))


def hidden_cards(game: Game) -> list[str]:
    """Every card the child may not see right now: face-down cards and the stock."""
    state = game.state
    cards = list(state.stock)
    for seat, (layout, ups) in enumerate(zip(state.layouts, state.face_up, strict=True)):
        for pos, (card, up) in enumerate(zip(layout, ups, strict=True)):
            if not up and not (seat == game.table.at_device and pos in state.known[seat]):
                cards.append(card)
    if state.drawn and state.current != game.table.at_device and state.drawn_from == "stock":
        cards.append(state.drawn)
    return cards


# --- what a page weighs --------------------------------------------------------------

# The most bytes a page and all it loads may take across the network.
WEIGHT_LIMIT = 100_000
ASSET = re.compile(r'(?:src|href)="(/static/[^"#]+)')
# What a stylesheet loads in turn: url("../img/hearts.svg").
CSS_ASSET = re.compile(r'url\("\.\./([^"]+)"\)')


def body_of(client, path: str) -> bytes:
    response = client.get(path)
    assert response.status_code == 200, path
    return b"".join(response.streaming_content) if response.streaming else response.content


def as_sent(body: bytes) -> int:
    return min(len(body), len(gzip.compress(body)))


def assets_loaded(client, html: bytes) -> dict[str, bytes]:
    """Every static file the page loads, and those its stylesheets load, by path."""
    files = {}
    for path in dict.fromkeys(ASSET.findall(html.decode())):
        files[path] = body = body_of(client, path)
        if path.endswith(".css"):
            for name in dict.fromkeys(CSS_ASSET.findall(body.decode())):
                files[f"/static/{name}"] = body_of(client, f"/static/{name}")
    return files
