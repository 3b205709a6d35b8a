"""The child's profile form: a nickname is plain visible text, never an email address."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from peabody.families.forms import ChildForm
from tests.factories import ChildFactory

from .conftest import child_game, start_kid_mode


def nickname_after(nickname: str) -> tuple[str | None, list[str]]:
    form = ChildForm({"nickname": nickname, "avatar": "fox"})
    form.is_valid()
    return form.cleaned_data.get("nickname"), form.errors.get("nickname", [])


@pytest.mark.parametrize(
    "nickname",
    [
        "Sam\u202e",  # right-to-left override: turns the rest of the sentence round
        "\u2067Sam",  # right-to-left isolate
        "\u200b",  # zero-width space: a blank name
        "Sa\u200dm",  # zero-width joiner
        "\ufeffSam",  # byte order mark
        "Sam\x07",  # a control character
        "Sam\u2028Jo",  # a line separator
        "\U000e0041Sam",  # a tag character
    ],
)
def test_a_nickname_with_an_invisible_or_direction_changing_character_is_refused(
    nickname: str,
) -> None:
    cleaned, errors = nickname_after(nickname)

    assert cleaned is None
    assert errors == ["Please use only letters, numbers, spaces and marks you can see."]


@pytest.mark.parametrize("nickname", ["sam＠mail.example", "sam﹫mail.example", "sam@mail.example"])
def test_a_nickname_that_is_an_email_address_in_any_width_is_refused(nickname: str) -> None:
    assert nickname_after(nickname) == (None, ["Please use a nickname, not an email address."])


def test_a_nickname_is_kept_in_its_normal_form() -> None:
    assert nickname_after("  Ｓａｍ ") == ("Sam", [])


@pytest.mark.parametrize("nickname", ["Zoë", "Émile", "ليلى", "小明", "Ана-Мария", "Jo 2"])
def test_names_in_any_script_are_welcome(nickname: str) -> None:
    assert nickname_after(nickname) == (nickname, [])


def test_a_nickname_that_grows_past_20_letters_when_normalised_is_refused() -> None:
    assert nickname_after("ﷺ ﷺ") == (None, ["Please use at most 20 letters."])


def names_outside_bdi(html: str, name: str) -> list[str]:
    """Each place ``name`` shows as text on a page (not in an attribute, not in the title)
    without a <bdi> of its own around it."""
    body = html.split("</title>", 1)[1]
    text = re.sub(r"<(?!/?bdi>)[^>]*>", "<>", body)  # every tag but <bdi> loses its attributes
    return [
        text[max(0, m.start() - 30) : m.end() + 30]
        for m in re.finditer(re.escape(name), text)
        if not (text[: m.start()].endswith("<bdi>") and text[m.end() :].startswith("</bdi>"))
    ]


@pytest.mark.django_db
def test_every_page_that_shows_a_childs_name_isolates_it(parent_client: Client, parent) -> None:
    robin = ChildFactory(parent=parent, nickname="Robin")
    game = child_game(robin)
    parent_zone = [
        reverse("families:home"),
        reverse("families:progress", args=[robin.pk]),
        reverse("families:child_edit", args=[robin.pk]),
        reverse("families:child_delete", args=[robin.pk]),
        reverse("families:account_delete"),
        reverse("families:replay", args=[robin.pk, game.public_id]),
    ]
    pages = {url: parent_client.get(url) for url in parent_zone}
    start_kid_mode(parent_client, robin)
    # The pass screen of a game together says "Pass to Robin" in a sentence made by the
    # table's narration, not by a template: a name there cannot hold a character that turns
    # the text, as the form refuses those.
    for url in [reverse("kids:who"), game.get_absolute_url()]:
        pages[url] = parent_client.get(url)

    for url, page in pages.items():
        assert page.status_code == 200, url
        assert "Robin" in page.text, url
        assert names_outside_bdi(page.text, "Robin") == [], url
