import random
from dataclasses import replace

import pytest
from django.test import Client
from django.urls import reverse

from games.engine import PRESETS
from games.models import Game
from peabody import sessions
from peabody.families.management.commands.demo_family import play_out
from tests.factories import PASSWORD, ChildFactory, GameFactory, ParentFactory


@pytest.fixture(autouse=True)
def quick_and_fresh(settings) -> None:
    # The real password hasher is slow on purpose; tests need no protection from guessing.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # allauth's rate limits count in the database cache: each test's transaction, rolled
    # back at its end, takes its counts with it.


@pytest.fixture
def parent(db):
    return ParentFactory()


@pytest.fixture
def child(parent):
    return ChildFactory(parent=parent, nickname="Robin")


@pytest.fixture
def parent_client(client: Client, parent) -> Client:
    client.force_login(parent)
    return client


def start_kid_mode(client: Client, child) -> None:
    """``child`` plays on ``client``: after the grown-up's password if another child was."""
    if client.session.get(sessions.CHILD) not in (None, child.pk):
        reauthenticate(client)
    response = client.post(reverse("kids:play_as", args=[child.pk]))
    assert response.status_code == 302
    assert client.session[sessions.CHILD] == child.pk


def reauthenticate(client: Client, password: str = PASSWORD, next_url: str = "") -> object:
    data = {"password": password}
    if next_url:
        data["next"] = next_url
    return client.post(reverse("account_reauthenticate"), data)


@pytest.fixture
def kid_client(parent_client: Client, child) -> Client:
    start_kid_mode(parent_client, child)
    return parent_client


def child_game(
    child,
    *,
    finished: bool = True,
    seed: int = 1,
    questions: bool = False,
    right: float = 0.8,
    **kwargs,
):
    """A game of ``child``'s, played to its end by a gentle stand-in for the child; with
    ``questions``, its practice questions answered too, right this often."""
    game = GameFactory(guest_key="", child=child, seed=seed, questions=questions, **kwargs)
    if finished:
        play_out(game, random.Random(seed), gentleness=0.5, right=right)
    return game


def together_game(
    people, *, finished: bool = True, seed: int = 1, holes: int = 1, bots=("gentle",)
) -> Game:
    """A four-card game of ``people`` (children, None for a grown-up) and ``bots`` (one
    gentle bot unless told) at one device, played to its end by gentle stand-ins for them
    all."""
    rules = replace(PRESETS["easy4"], holes=holes)
    game = Game.start(rules, list(bots), seed=seed, people=people, questions=False)
    if finished:
        play_out(game, random.Random(seed), gentleness=0.5)
    return game
