"""Downloads: one JSON file of everything held about a child, and one of the whole account."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from lessons.models import SkillAttempt
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


def test_a_childs_download_holds_every_question_asked_and_every_answer_given(
    parent_client: Client, child
) -> None:
    game = child_game(child, holes=3, questions=True, right=0.5)
    old = SkillAttempt.objects.create(game=game, skill="adding", right=True, first_try=True, hole=1)
    kept = list(SkillAttempt.objects.exclude(pk=old.pk).order_by("answered", "pk"))
    assert kept

    data = download(parent_client, reverse("families:child_download", args=[child.pk]))

    answers = [a for a in data["practice_answers"] if a["asked"]]
    assert len(answers) == len(kept)
    for saved, attempt in zip(answers, kept, strict=True):
        assert saved["game"] == game.public_id
        assert (saved["asked"], saved["about"], saved["right_answer"]) == (
            attempt.kind,
            attempt.facts,
            attempt.right_answer,
        )
        assert (saved["answer"], saved["first_try"], saved["right"], saved["skipped"]) == (
            attempt.given,
            attempt.first_try,
            attempt.right,
            False,
        )
        assert isinstance(saved["seconds"], int)
    [older] = [a for a in data["practice_answers"] if not a["asked"]]
    assert (older["skill"], older["right"], older["about"], older["answer"]) == (
        "adding",
        True,
        None,
        None,
    )


def test_the_account_download_holds_the_answers_too(parent_client: Client, child) -> None:
    child_game(child, holes=2, questions=True)

    data = download(parent_client, reverse("families:account_download"))

    answers = data["children"][0]["practice_answers"]
    assert len(answers) == SkillAttempt.objects.count() > 0
    assert all(a["asked"] in {"column", "total", "winner"} for a in answers)
