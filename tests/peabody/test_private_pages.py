"""No page of a family's or a game's is kept by the browser or a proxy."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import ChildFactory, ParentFactory


def kept(response) -> set[str]:
    return set(response.get("Cache-Control", "").replace(" ", "").split(","))


@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/play/",
        "/rules/",
        "/teach/",
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password/reset/",
        "/es/accounts/login/",
        "/no-such-page/",
    ],
)
def test_a_visitors_pages_are_private(client: Client, url: str) -> None:
    assert {"no-store", "private"} <= kept(client.get(url))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "name",
    [
        "kids:who",
        "kids:together",
        "account_email",
        "account_change_password",
        "families:home",
        "home",
    ],
)
def test_a_grown_ups_pages_are_private(client: Client, name: str) -> None:
    parent = ParentFactory()
    ChildFactory(parent=parent)
    ChildFactory(parent=parent)
    client.force_login(parent)

    response = client.get(reverse(name))

    assert response.status_code == 200
    assert {"no-store", "private"} <= kept(response)


@pytest.mark.django_db
def test_a_preset_avatar_stays_public_and_kept(client: Client) -> None:
    parent = ParentFactory()
    child = ChildFactory(parent=parent)
    client.force_login(parent)

    response = client.get(reverse("kids:avatar", args=[child.avatar]))

    assert kept(response) == {"public", "max-age=31536000", "immutable"}
