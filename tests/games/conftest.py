import pytest
from django.test import Client

from games.models import Game
from tests.builders import browser_key
from tests.factories import GameFactory


@pytest.fixture
def make_game(client: Client):
    """A game owned by the test client, already played up to the child's first decision."""

    def make(**kwargs) -> Game:
        return GameFactory(guest_key=browser_key(client), **kwargs)

    return make
