"""The password page says what it opens (deleting a child, the family page, another child
playing...) and leads back to where the grown-up, or the child, was."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.factories import ChildFactory

pytestmark = pytest.mark.django_db


def password_page(client: Client, url: str, method: str = "get") -> str:
    """Opens ``url``, which asks for the password, and returns the password page."""
    response = getattr(client, method)(url, follow=True)
    path, _ = response.redirect_chain[-1]
    assert path.split("?")[0].endswith(reverse("account_reauthenticate").removeprefix("/"))
    return re.sub(r"\s+", " ", response.text)


def back_link(page: str) -> str:
    return re.search(r'<a class="button" href="([^"]+)"><span>', page).group(1)


def test_deleting_a_child_asks_for_the_password_to_delete_them_and_leads_back_to_their_settings(
    parent_client: Client, child
) -> None:
    # force_login records no password typed, so deleting asks for it, as it does once a
    # grown-up's last password is some minutes old.
    url = reverse("families:child_delete", args=[child.pk])
    page = password_page(parent_client, url, "post")

    assert "Please type your password to delete <bdi>Robin</bdi> and all their games." in page
    assert "Go on to delete <bdi>Robin</bdi>" in page
    assert back_link(page) == reverse("families:child_edit", args=[child.pk])
    assert "Back to <bdi>Robin</bdi>’s settings" in page
    assert "family page" not in page.split("<main", 1)[1].split("Forgot the password?")[0]
    assert "Back to the game" not in page


def test_deleting_the_account_asks_to_delete_it_and_leads_back_to_the_family_page(
    parent_client: Client,
) -> None:
    page = password_page(parent_client, reverse("families:account_delete"), "post")

    assert "Please type your password to delete your account." in page
    assert back_link(page) == reverse("families:home")
    assert "Back to the family page" in page


def test_in_kid_mode_the_family_page_asks_to_open_it_and_leads_back_to_the_game(
    kid_client: Client,
) -> None:
    page = password_page(kid_client, reverse("families:home"))

    assert "Please type your password to open the family page." in page
    assert ">Open the family page<" in page
    assert back_link(page) == reverse("games:new")
    assert "Back to the game" in page


def test_in_kid_mode_the_time_zone_page_says_so(kid_client: Client) -> None:
    page = password_page(kid_client, reverse("families:time_zone"))

    assert "Please type your password to choose your time zone." in page
    assert ">Choose the time zone<" in page


def test_in_kid_mode_a_download_says_so(kid_client: Client, child) -> None:
    page = password_page(kid_client, reverse("families:child_download", args=[child.pk]))

    assert "Please type your password to download <bdi>Robin</bdi>’s data." in page
    assert back_link(page) == reverse("games:new")


def test_a_child_switching_to_a_sibling_is_told_another_child_will_play(
    kid_client: Client, child
) -> None:
    sibling = ChildFactory(parent=child.parent, nickname="Sam")

    response = kid_client.post(reverse("kids:play_as", args=[sibling.pk]), follow=True)
    page = re.sub(r"\s+", " ", response.text)

    assert "Please type your password so that another child can play." in page
    assert ">Choose who plays<" in page
    assert back_link(page) == reverse("games:new")


def test_another_familys_child_in_next_is_never_named(parent_client: Client) -> None:
    stranger = ChildFactory(nickname="Stranger")
    url = reverse("account_reauthenticate")
    next_url = reverse("families:child_delete", args=[stranger.pk])

    page = parent_client.get(url, {"next": next_url}).text

    assert "Stranger" not in page
    assert "Please type your password to go on." in page


@pytest.mark.parametrize("elsewhere", ["https://example.com/family/", "//example.com/family/"])
def test_an_address_off_the_site_is_never_offered_as_the_way_back(
    parent_client: Client, elsewhere: str
) -> None:
    page = parent_client.get(reverse("account_reauthenticate"), {"next": elsewhere}).text

    assert "Please type your password to go on." in page
    assert back_link(page) == reverse("families:home")
    main = page.split("<main", 1)[1].split("</main>")[0]
    assert [link for link in re.findall(r'href="([^"]+)"', main) if "example.com" in link] == []


def test_the_password_page_says_it_in_spanish(parent_client: Client, child) -> None:
    with translation.override("es"):
        url = reverse("families:child_delete", args=[child.pk])

    page = password_page(parent_client, url, "post")

    assert "Escribe tu contraseña para borrar a <bdi>Robin</bdi> y todas sus partidas." in page
    with translation.override("es"):
        assert back_link(page) == reverse("families:child_edit", args=[child.pk])


def test_in_kid_mode_logging_out_asks_for_the_password_to_log_out(kid_client: Client) -> None:
    page = password_page(kid_client, reverse("account_logout"))

    assert "Please type your password to log this device out." in page
    assert ">Log out<" in page
    assert back_link(page) == reverse("games:new")


def test_after_emailing_a_reset_link_the_password_page_still_says_what_it_opens(
    kid_client: Client, child, mailoutbox
) -> None:
    delete = reverse("families:child_delete", args=[child.pk])

    response = kid_client.post(reverse("kids:send_reset_link"), {"next": delete}, follow=True)
    elsewhere = kid_client.post(
        reverse("kids:send_reset_link"), {"next": "https://example.com/"}, follow=True
    )

    assert "Please type your password to delete <bdi>Robin</bdi>" in response.text
    assert response.redirect_chain[-1][0].endswith("?next=" + delete.replace("/", "%2F"))
    assert elsewhere.redirect_chain[-1][0] == reverse("account_reauthenticate")
    assert len(mailoutbox) == 2
