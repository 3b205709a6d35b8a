import re
from html.parser import HTMLParser

import pytest
from django.test import Client

LINK_ATTRIBUTES = {"src", "href", "action", "formaction", "srcset", "poster", "data"}


class LinkCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.links += [value for name, value in attrs if name in LINK_ATTRIBUTES and value]


def test_home_page_says_what_peabody_golf_is(client: Client) -> None:
    response = client.get("/")

    assert response.status_code == 200
    assert "Peabody Golf" in response.text
    assert "card game" in response.text


def test_home_page_sends_a_strict_content_security_policy(client: Client) -> None:
    policy = client.get("/").headers["Content-Security-Policy"]

    assert "default-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy
    assert "unsafe-eval" not in policy


def test_home_page_sends_privacy_and_safety_headers(client: Client) -> None:
    response = client.get("/")

    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/play/", "/no-such-page/", "/static/css/site.css"])
def test_every_response_turns_off_the_browsers_powerful_features(client: Client, url: str) -> None:
    policy = client.get(url).headers["Permissions-Policy"]

    for feature in ["camera", "microphone", "geolocation", "payment", "usb", "bluetooth"]:
        assert f"{feature}=()" in policy.split(", "), feature


def test_home_page_sets_no_cookies(client: Client) -> None:
    response = client.get("/")

    assert not response.cookies


def test_home_page_loads_nothing_from_another_site(client: Client) -> None:
    collector = LinkCollector()
    collector.feed(client.get("/").text)

    assert collector.links, "expected the page to link its own stylesheet and script"
    for link in collector.links:
        assert not link.startswith(("http://", "https://", "//")), link


def test_home_page_serves_htmx_and_the_stylesheet_from_our_own_static_files(
    client: Client,
) -> None:
    collector = LinkCollector()
    collector.feed(client.get("/").text)

    assert "/static/js/htmx.min.js" in collector.links
    assert "/static/css/site.css" in collector.links


def test_home_page_refuses_to_be_posted_to(client: Client) -> None:
    assert client.post("/").status_code == 405


def test_htmx_is_served_from_our_own_static_files(client: Client) -> None:
    response = client.get("/static/js/htmx.min.js")

    assert response.status_code == 200
    assert b'version:"2.0.10"' in b"".join(response.streaming_content)


@pytest.mark.django_db
def test_the_home_page_offers_each_game_by_its_picture_name_and_line(client: Client) -> None:
    page = client.get("/").text

    assert '<form method="get" action="/play/"' in page
    for mode, name, line in [
        ("easy4", "Four-card Golf", "The easy one. Start here!"),
        ("classic6", "Six-card Golf", "The full game, with 6 cards."),
        ("knock9", "Knock Golf", "9 cards. Knock when yours are low."),
    ]:
        assert f'<input type="radio" name="mode" value="{mode}"' in page
        assert f"choices.svg#{mode}" in page
        assert name in page and line in page


@pytest.mark.django_db
@pytest.mark.parametrize(("asked", "checked"), [("knock9", "knock9"), ("nine", "easy4")])
def test_the_game_chosen_on_the_home_page_is_chosen_on_the_new_game_form(
    client: Client, asked: str, checked: str
) -> None:
    page = client.get("/play/", {"mode": asked}).text

    chosen = re.findall(r'<input type="radio" name="mode" value="(\w+)"[^>]* checked', page)
    assert chosen == [checked]
