import pytest
from django.test import Client

from games.models import Game
from tests.builders import browser_key
from tests.factories import ChildFactory, GameFactory, ParentFactory


@pytest.fixture
def make_game(client: Client):
    """A game owned by the test client, already played up to the child's first decision."""

    def make(**kwargs) -> Game:
        return GameFactory(guest_key=browser_key(client), **kwargs)

    return make


@pytest.fixture
def family():
    """A grown-up and two children, Robin and Sam (Sam on negative numbers)."""
    parent = ParentFactory()
    robin = ChildFactory(parent=parent, nickname="Robin", gentleness=0.5)
    sam = ChildFactory(parent=parent, nickname="Sam", gentleness=1.0, maths_level="negative")
    return parent, robin, sam
