"""Downloads: one JSON file of everything held about a child, and one of the whole account."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from lessons.core.choice import Plan
from lessons.core.skills import Skill
from lessons.models import SkillAttempt
from tests.builders import child_game
from tests.factories import ChildFactory

from .practising import choices_at_the_table, first_tries, holes_against_gentle_bots

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


def test_each_answer_in_the_download_has_its_kind_skill_level_and_landings(
    parent_client: Client, child
) -> None:
    game = child_game(child, finished=False)
    SkillAttempt.objects.create(
        game=game,
        skill="adding_negative",
        level=3,
        kind="line",
        facts={"column": 1, "cards": ["2S", "3H"]},
        right_answer=1,
        given=1,
        landings=[1],
        right=True,
        first_try=True,
        hole=1,
    )

    data = download(parent_client, reverse("families:child_download", args=[child.pk]))

    [answer] = data["practice_answers"]
    assert (answer["asked"], answer["skill"], answer["level"], answer["landings"]) == (
        "line",
        "adding_negative",
        3,
        [1],
    )


def test_the_download_holds_the_levels_worked_out_their_moves_and_the_bots_kindness(
    parent_client: Client, child
) -> None:
    first_tries(child, "adding", [True] * 4, days_ago=2)
    first_tries(child, "comparing", [False], days_ago=1)
    holes_against_gentle_bots(child, [1] * 5)  # lost 5 holes: the bots a step kinder
    game = child_game(child, finished=False, plans=[Plan(((Skill.ADDING, 2),), (Skill.COMPARING,))])

    data = download(parent_client, reverse("families:child_download", args=[child.pk]))

    assert data["adapting"] is True
    worked_out = data["worked_out_from_the_answers"]
    assert worked_out["levels"] == {
        "adding": {"level": 2, "rung": "three_cards"},
        "comparing": {"level": 1, "rung": "two_positive"},
    }
    [change] = worked_out["level_changes"]
    assert (change["skill"], change["from"], change["to"]) == ("adding", 1, 2)
    assert worked_out["due_to_come_back"] == ["comparing"]
    chances = worked_out["chance_right_first_time_at_their_level"]
    assert set(chances) == {skill.value for skill in Skill}
    assert all(0 < c < 100 for c in chances.values())
    assert chances["comparing"] < chances["pairs_cancel"]  # missed, where the other is untried
    assert worked_out["gentle_bots"] == {
        "you_chose": 0.8,
        "next_game": 1.0,
        "latest_holes_against_them": 5,
        "of_them_won": 0.0,
    }
    [kept] = [g for g in data["games"] if g["id"] == game.public_id]
    assert kept["practice_plan"] == {"levels": {"adding": 2}, "due": ["comparing"], "ratings": {}}


def test_the_download_holds_the_choices_at_the_table_and_what_they_bring_back(
    parent_client: Client, child
) -> None:
    child.maths_level = "negative"
    child.save()
    game = choices_at_the_table(child, "negative", [False, True, False])

    data = download(parent_client, reverse("families:child_download", args=[child.pk]))

    assert [(c["game"], c["kind"], c["good"]) for c in data["choices_at_the_table"]] == [
        (game.public_id, "negative", False),
        (game.public_id, "negative", True),
        (game.public_id, "negative", False),
    ]
    worked_out = data["worked_out_from_the_answers"]
    assert worked_out["practised_for_the_choices_at_the_table"] == {"adding_negative": 2}
