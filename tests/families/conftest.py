import pytest
from django.test import Client

from tests.builders import start_kid_mode
from tests.factories import ChildFactory, ParentFactory


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


@pytest.fixture
def kid_client(parent_client: Client, child) -> Client:
    start_kid_mode(parent_client, child)
    return parent_client
