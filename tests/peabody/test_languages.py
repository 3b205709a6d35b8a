"""The language is part of the address: English without a prefix, Spanish under /es/. A
switch on every page leads to the same page in the other language; the home page offers the
language a browser asks for; kid mode follows the child's profile. No cookie remembers it."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import ChildFactory, ParentFactory

pytestmark = pytest.mark.django_db


def switch_links(html: str) -> list[tuple[str, str, str]]:
    """(address, language, words) of each link of the language switch."""
    nav = re.search(r'<nav class="language-switch".*?</nav>', html, re.S).group(0)
    return re.findall(r'<a href="([^"]*)" hreflang="([^"]*)" lang="[^"]*">([^<]*)</a>', nav)


def test_every_address_that_worked_still_does_in_english(client: Client) -> None:
    for path in ["/", "/play/", "/rules/", "/teach/", "/privacy/"]:
        page = client.get(path)
        assert page.status_code == 200, path
        assert '<html lang="en-gb">' in page.text


def test_the_same_pages_are_in_spanish_under_es(client: Client) -> None:
    for path in ["/es/", "/es/play/", "/es/rules/", "/es/teach/", "/es/privacy/"]:
        page = client.get(path)
        assert page.status_code == 200, path
        assert '<html lang="es">' in page.text


def test_the_switch_leads_to_the_same_page_in_the_other_language(client: Client) -> None:
    assert switch_links(client.get("/rules/").text) == [("/es/rules/", "es", "Español")]
    assert switch_links(client.get("/es/rules/").text) == [("/rules/", "en-gb", "English")]
    # A page's question (which slide, which game) comes along.
    assert switch_links(client.get("/play/?mode=classic6").text)[0][0] == "/es/play/?mode=classic6"


def test_from_an_address_that_is_no_page_the_switch_leads_home(client: Client) -> None:
    page = client.get("/es/no-such-page/")

    assert page.status_code == 404
    assert switch_links(page.text) == [("/", "en-gb", "English")]


@pytest.mark.parametrize(
    "path",
    ["//evil.example/play/", "//127.0.0.1:8000@evil.example/play/", "///evil.example/rules/"],
)
def test_an_address_that_names_another_site_gets_links_to_this_one(
    client: Client, path: str
) -> None:
    # As a server gets it (the test client would read the path as an address and drop the
    # host): a path that starts with //.
    page = client.get("/", PATH_INFO=path, headers={"accept-language": "es"})

    links = [address for address, _, _ in switch_links(page.text)]
    offer = re.findall(r'<a[^>]* href="([^"]*)"[^>]* hreflang="es"', page.text)
    assert links + offer
    for address in links + offer:
        assert address.startswith("/") and not address.startswith("//"), address


def test_no_cookie_remembers_the_language(client: Client) -> None:
    client.get("/es/")
    client.get("/es/rules/")

    assert not client.cookies
    assert '<html lang="en-gb">' in client.get("/").text


def test_a_browser_that_asks_for_spanish_is_offered_it_in_spanish(client: Client) -> None:
    page = client.get("/", headers={"accept-language": "es-MX,es;q=0.9,en;q=0.5"})

    offer = re.search(r'<p class="language-offer" lang="es">(.*?)</p>', page.text, re.S)
    assert offer, "no offer"
    assert 'href="/es/"' in offer.group(1)
    assert "Peabody Golf en español" in offer.group(1)
    assert "Accept-Language" in page["Vary"]


def test_a_browser_that_asks_for_the_pages_language_or_nothing_is_offered_nothing(
    client: Client,
) -> None:
    assert "language-offer" not in client.get("/", headers={"accept-language": "en-US"}).text
    assert "language-offer" not in client.get("/es/", headers={"accept-language": "es"}).text
    assert "language-offer" not in client.get("/").text


def test_a_spanish_page_offers_english_to_a_browser_that_asks_for_it(client: Client) -> None:
    page = client.get("/es/", headers={"accept-language": "en-GB,en;q=0.8"})

    assert re.search(r'lang="en-gb"><a class="button" href="/"', page.text)


@pytest.fixture
def parent_client(client: Client):
    parent = ParentFactory()
    client.force_login(parent)
    return client, parent


def test_a_childs_profile_has_a_language_offered_in_its_own_words(parent_client) -> None:
    client, parent = parent_client
    form = client.get("/es/family/children/new/").text

    assert re.search(r'value="es"[^>]*checked', form), "a new child starts in the page's language"
    assert "English" in form and "Español" in form

    child = ChildFactory(parent=parent)
    edit = client.post(
        reverse("families:child_edit", args=[child.pk]),
        {
            "nickname": "Robin",
            "avatar": "cat",
            "maths_level": "adding",
            "gentleness": "0.8",
            "favourite_mode": "easy4",
            "language": "es",
        },
    )
    assert edit.status_code == 302
    child.refresh_from_db()
    assert child.language == "es"


def test_a_language_the_site_does_not_have_is_refused(parent_client) -> None:
    client, parent = parent_client
    child = ChildFactory(parent=parent, language="en-gb")
    response = client.post(
        reverse("families:child_edit", args=[child.pk]),
        {"nickname": "Robin", "avatar": "cat", "maths_level": "adding", "gentleness": "0.8",
         "favourite_mode": "easy4", "language": "xx"},
    )  # fmt: skip

    assert response.status_code == 400
    child.refresh_from_db()
    assert child.language == "en-gb"


def test_kid_mode_follows_the_childs_language(parent_client) -> None:
    client, parent = parent_client
    child = ChildFactory(parent=parent, language="es")
    client.post(reverse("kids:play_as", args=[child.pk]))

    assert client.get("/play/")["Location"] == "/es/play/"
    assert client.get("/privacy/kids/")["Location"] == "/es/privacy/kids/"
    page = client.get("/es/play/")
    assert page.status_code == 200 and '<html lang="es">' in page.text


def test_kid_mode_in_english_brings_a_spanish_address_back_to_english(parent_client) -> None:
    client, parent = parent_client
    child = ChildFactory(parent=parent, language="en-gb")
    client.post(reverse("kids:play_as", args=[child.pk]))

    assert client.get("/es/rules/")["Location"] == "/rules/"


def test_kid_mode_never_turns_a_move_into_a_redirect(parent_client) -> None:
    client, parent = parent_client
    child = ChildFactory(parent=parent, language="es")
    client.post(reverse("kids:play_as", args=[child.pk]))
    made = client.post(
        "/play/start/", {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "1"}
    )

    # The game is made (a redirect to it), not sent back to /es/play/start/ unmade.
    assert made.status_code == 302 and "/start/" not in made["Location"]


def test_a_child_from_before_languages_follows_the_address(parent_client) -> None:
    client, parent = parent_client
    child = ChildFactory(parent=parent, language="")
    client.post(reverse("kids:play_as", args=[child.pk]))

    assert client.get("/es/play/").status_code == 200
    assert client.get("/play/").status_code == 200


def test_in_kid_mode_the_profile_says_the_language_so_no_switch_is_shown(parent_client) -> None:
    client, parent = parent_client
    assert "language-switch" in client.get("/es/play/").text
    child = ChildFactory(parent=parent, language="es")
    client.post(reverse("kids:play_as", args=[child.pk]))

    assert "language-switch" not in client.get("/es/play/").text
