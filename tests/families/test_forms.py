"""Our forms: the child's profile, playing together and the sign-up's consent, with every
error in our own words; a nickname is plain visible text, never an email address."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from peabody.families.forms import ChildForm, ParentSignupForm, TogetherForm
from tests.builders import child_game, start_kid_mode
from tests.factories import ChildFactory

pytestmark = pytest.mark.django_db

# What Django says when a form leaves the wording to it.
STOCK = (
    "This field is required.",
    "Ensure this value has at most",
    "Select a valid choice",
    "Enter a valid",
)
PROFILE = {
    "nickname": "Robin",
    "avatar": "fox",
    "maths_level": "adding",
    "gentleness": "0.8",
    "favourite_mode": "easy4",
    "language": "en-gb",
}


def errors_of(form) -> list[str]:
    assert not form.is_valid()
    return [str(e) for errors in form.errors.values() for e in errors]


def assert_ours(messages: list[str]) -> None:
    assert messages
    for message in messages:
        assert not any(stock in message for stock in STOCK), message


def test_the_nickname_help_says_the_limit() -> None:
    assert ChildForm()["nickname"].help_text.startswith("Up to 20 letters.")


def test_a_long_nickname_is_refused_in_our_words_not_cut_short_by_the_box() -> None:
    form = ChildForm(PROFILE | {"nickname": "A" * 21})

    assert errors_of(form) == ["Please keep the nickname to 20 letters or fewer."]
    assert "maxlength" not in str(form["nickname"])


def test_an_empty_child_form_says_what_is_missing_in_our_words() -> None:
    messages = errors_of(ChildForm({}))

    assert_ours(messages)
    assert "Please type a nickname." in messages
    assert "Please choose a picture." in messages
    assert "Please choose one." in messages


def test_a_choice_that_is_not_offered_is_refused_in_our_words() -> None:
    form = ChildForm(PROFILE | {"maths_level": "calculus", "gentleness": "7"})

    assert errors_of(form) == ["Please choose one of these.", "Please choose one of these."]


def test_the_favourite_game_is_chosen_by_its_words_among_the_engines_games() -> None:
    field = ChildForm(PROFILE | {"favourite_mode": "golf99"})["favourite_mode"]

    assert [(choice.data["value"], choice.choice_label) for choice in field] == [
        ("easy4", "Four cards: the easy game (best to start)"),
        ("classic6", "Six cards: the full game"),
        ("knock9", "Nine cards: Knock Golf"),
    ]
    assert field.errors == ["Please choose one of these."]


def test_the_together_form_and_the_consent_speak_our_words_too(child) -> None:
    assert_ours(errors_of(TogetherForm({}, children=[child])))
    consent = ParentSignupForm({"email": "a@example.com", "password1": "x", "password2": "x"})
    assert not consent.is_valid()
    assert consent.errors["consent"] == [
        "Please tick the box to say you have read the privacy notice."
    ]


def test_the_child_form_page_shows_one_choice_a_line_each_circle_in_its_label(
    parent_client: Client,
) -> None:
    page = parent_client.get(reverse("families:child_new")).text

    for value in ("adding", "negative", "easy4", "classic6"):
        start = page.index(f'value="{value}"')
        label_start = page.rindex("<label", 0, start)
        assert 'class="option"' in page[label_start:start]
    assert "Up to 20 letters." in page


def test_a_bad_child_form_comes_back_with_our_words(parent_client: Client) -> None:
    response = parent_client.post(reverse("families:child_new"), PROFILE | {"nickname": "B" * 30})

    assert response.status_code == 400
    assert "Please keep the nickname to 20 letters or fewer." in response.text
    assert_ours([response.text])


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
        # Names that draw nothing, though no character in them is hidden:
        "\u034f",  # a combining grapheme joiner (a mark with nothing to sit on)
        "\u0301\u0301",  # marks alone
        "\u3164",  # the Hangul filler
        "\u115f\u1160",  # the Hangul choseong and jungseong fillers
        "\uffa0 \uffa0",  # half-width Hangul fillers and a space
        "\u2800\u2800",  # blank braille patterns
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


@pytest.mark.parametrize(
    "nickname", ["Zoë", "Émile", "ليلى", "小明", "Ана-Мария", "Jo 2", "⠎⠁⠍", "★", "한글"]
)
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


def test_the_profile_form_asks_whether_the_game_plays_sounds(parent_client: Client, child) -> None:
    page = parent_client.get(reverse("families:child_edit", args=[child.pk])).text

    assert (
        '<label class="option" for="id_sounds"><input type="checkbox" name="sounds" '
        'id="id_sounds" checked> Play the game&#x27;s sounds</label>'
    ) in page


@pytest.mark.parametrize(("posted", "kept"), [({"sounds": "on"}, True), ({}, False)])
def test_a_parent_switches_a_childs_sounds_on_or_off(
    parent_client: Client, child, posted: dict, kept: bool
) -> None:
    response = parent_client.post(reverse("families:child_edit", args=[child.pk]), PROFILE | posted)

    assert response.status_code == 302
    child.refresh_from_db()
    assert child.sounds is kept


def test_a_new_childs_form_starts_with_sounds_on() -> None:
    assert ChildForm().fields["sounds"].initial is True
