import re

import pytest
from django.test import Client

from games import turns
from games.models import GUEST_SESSION_KEY, Game
from tests.factories import GameFactory

MOVE = re.compile(r'name="move" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


def moves_on(html: str) -> list[str]:
    """The moves the page offers: every enabled button that makes one."""
    return MOVE.findall(html)


def version_on(html: str) -> str:
    return VERSION.search(html).group(1)


def own(client: Client, game: Game) -> Game:
    """Give ``client``'s browser the game, as if it had started it."""
    session = client.session
    session[GUEST_SESSION_KEY] = game.guest_key
    session.save()
    return game


@pytest.fixture
def make_game(client: Client):
    """A game owned by the test client, already played up to the child's first decision."""

    def make(**kwargs) -> Game:
        # A browser keeps one guest key for all its games.
        key = client.session.get(GUEST_SESSION_KEY)
        if key:
            kwargs.setdefault("guest_key", key)
        game = GameFactory.build(**kwargs)
        turns.begin(game)
        return own(client, game)

    return make
