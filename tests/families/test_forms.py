"""Our forms: the child's profile, playing together and the sign-up's consent, with every
error in our own words."""

import pytest
from django.test import Client
from django.urls import reverse

from peabody.families.forms import ChildForm, ParentSignupForm, TogetherForm

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
