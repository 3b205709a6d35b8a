"""Downloads: one JSON file of everything held about a child, and one of the whole account."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import ChildFactory

from .conftest import child_game

pytestmark = pytest.mark.django_db


def download(client: Client, url: str) -> dict:
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith("attachment; filename=")
    return json.loads(response.content)


def test_a_childs_download_holds_their_profile_and_every_move_of_every_game(
    parent_client: Client, child
) -> None:
    game = child_game(child, holes=3)
    ChildFactory(parent=child.parent, nickname="Sam")

    data = download(parent_client, reverse("families:child_download", args=[child.pk]))

    assert data["nickname"] == "Robin"
    assert data["picture"] == "fox"
    assert data["maths_level"] == "adding"
    assert data["sounds"] is True
    [saved] = data["games"]
    assert saved["id"] == game.public_id
    assert saved["moves"] == game.moves.split()
    assert saved["finished"] is True
    assert saved["hole_scores"] == [list(r.scores) for r in game.state.results]
    assert data["practice_answers"] == []
    assert "Sam" not in json.dumps(data)


def test_the_account_download_holds_the_email_the_consent_and_every_child(
    parent_client: Client, parent, child
) -> None:
    child_game(child)
    ChildFactory(parent=parent, nickname="Sam")
    ChildFactory(nickname="Stranger")

    data = download(parent_client, reverse("families:account_download"))

    assert data["email_addresses"] == [{"email": parent.email, "confirmed": True, "primary": True}]
    [consent] = data["privacy_notice_consents"]
    assert consent["notice_version"]
    assert [c["nickname"] for c in data["children"]] == ["Robin", "Sam"]
    assert len(data["children"][0]["games"]) == 1
    assert "Stranger" not in json.dumps(data)


def test_the_downloads_never_hold_the_password(parent_client: Client, parent, child) -> None:
    text = parent_client.get(reverse("families:account_download")).text

    assert parent.password not in text
    assert "password" not in text.lower()
