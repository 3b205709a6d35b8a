"""The child's profile form: every setting a parent chooses for a child."""

import pytest
from django.test import Client
from django.urls import reverse

from peabody.families.forms import ChildForm

pytestmark = pytest.mark.django_db

PROFILE = {
    "nickname": "Robin",
    "avatar": "fox",
    "maths_level": "adding",
    "gentleness": "0.8",
    "favourite_mode": "easy4",
}


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
