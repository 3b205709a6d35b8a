import re

import pytest
from django.test import Client

from games.models import Game
from games.table import Event, parse
from peabody import sessions
from tests.factories import GameFactory

MOVE = re.compile(r'name="move" value="([^"]+)"')
VERSION = re.compile(r'name="version" value="(\d+)"')


def moves_on(html: str) -> list[str]:
    """The moves the page offers: every enabled button that makes one, but a practice
    question's OK, which needs an answer typed on its number pad first."""
    return [move for move in MOVE.findall(html) if move != "answer"]


def version_on(html: str) -> str:
    return VERSION.search(html).group(1)


def browser_key(client: Client) -> str:
    """The guest key of ``client``'s browser, which gets a session if it has none."""
    session = client.session
    key = session.setdefault(sessions.GUEST_KEY, f"test-{session.session_key}")
    session.save()
    return key


def own(client: Client, game: Game) -> Game:
    """Give ``client``'s browser the game, as if it had started it."""
    game.guest_key = browser_key(client)
    game.save(update_fields=["guest_key"])
    return game


@pytest.fixture
def make_game(client: Client):
    """A game owned by the test client, already played up to the child's first decision."""

    def make(**kwargs) -> Game:
        return GameFactory(guest_key=browser_key(client), **kwargs)

    return make


def take(game: Game, move: str, answer: str = "", and_knock: bool = False) -> list[Event]:
    """Make a move as the game page sends it, and save it (raises IllegalAction)."""
    return game.play(parse(move, typed=answer, then_knock=and_knock))
