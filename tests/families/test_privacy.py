"""The privacy pages, the cookies, and nothing loaded from anywhere else."""

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from peabody.families.models import PRIVACY_NOTICE_VERSION
from tests.builders import child_game, start_kid_mode
from tests.readability import too_hard

from .spanish import text_of, texts_of

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
OUR_TEMPLATES = [
    path
    for folder in ("account", "allauth", "families")
    for path in sorted((TEMPLATES / folder).rglob("*.html"))
]


class Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.links += [v for k, v in attrs if k in {"src", "href", "action", "srcset"} and v]


def links_on(html: str) -> list[str]:
    parser = Links()
    parser.feed(html)
    return parser.links


def family_pages(client: Client, child) -> list[str]:
    game = child_game(child)
    return [
        reverse("home"),
        reverse("families:home"),
        reverse("families:child_new"),
        reverse("families:progress", args=[child.pk]),
        reverse("families:child_edit", args=[child.pk]),
        reverse("families:replay", args=[child.pk, game.public_id]),
        reverse("kids:who"),
        reverse("privacy:parents"),
        reverse("privacy:kids"),
    ]


def test_every_page_links_both_privacy_pages(parent_client: Client, child) -> None:
    anonymous = Client()
    pages = [(parent_client, url) for url in family_pages(parent_client, child)] + [
        (anonymous, reverse(name))
        for name in ("account_login", "account_signup", "account_reset_password", "games:new")
    ]
    for client, url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        links = links_on(response.text)
        assert reverse("privacy:parents") in links, url
        assert reverse("privacy:kids") in links, url


def test_the_family_pages_load_nothing_from_another_site(parent_client: Client, child) -> None:
    for url in family_pages(parent_client, child):
        for link in links_on(parent_client.get(url).text):
            assert not re.match(r"(https?:)?//", link), (url, link)


def test_our_templates_have_no_inline_styles_or_scripts() -> None:
    assert OUR_TEMPLATES
    for path in OUR_TEMPLATES:
        text = path.read_text()
        assert "style=" not in text, path
        assert not re.search(r"<script(?![^>]*\ssrc=)", text), path
        assert not re.search(r"\son[a-z]+\s*=", text), path  # event handler attributes


def test_the_privacy_notice_says_what_is_kept_why_and_for_how_long(client: Client) -> None:
    page = client.get(reverse("privacy:parents")).text

    for words in ("What we keep", "Why", "For how long", "24 months", "24 hours", "Cookies"):
        assert words in page
    assert PRIVACY_NOTICE_VERSION in page


def test_the_childrens_privacy_page_is_in_short_simple_sentences(client: Client) -> None:
    page = client.get(reverse("privacy:kids")).text
    # Every heading, item and paragraph ends a sentence too.
    inside = re.search(r"<main[^>]*>(.*)</main>", page, re.DOTALL).group(1)
    main = re.sub(r"<[^>]+>", ".", inside)
    sentences = [s.split() for s in re.split(r"[.!?]", main) if s.split()]

    assert len(sentences) >= 5
    assert max(len(words) for words in sentences) <= 12
    long_words = {w for s in sentences for w in s if len(w.strip(",")) > 9}
    assert long_words <= {"grown-up", "grown-up,"}


def test_a_family_keeps_only_the_session_and_csrf_cookies(client: Client, mailoutbox) -> None:
    password = "a-long-family-password"
    client.get(reverse("account_signup"))
    client.post(
        reverse("account_signup"),
        {"email": "kim@example.com", "password1": password, "password2": password, "consent": "on"},
    )
    link = re.search(r"https?://\S+", mailoutbox[0].body).group(0)
    client.post(link)
    client.post(
        reverse("families:child_new"),
        {"nickname": "Kim", "avatar": "owl", "maths_level": "adding", "gentleness": "0.8",
         "favourite_mode": "easy4", "language": "es"},
    )  # fmt: skip
    from peabody.families.models import Child

    start_kid_mode(client, Child.objects.get())
    client.post(
        reverse("games:create"), {"mode": "easy4", "bots": "1", "level": "gentle", "holes": "1"}
    )
    # Kid mode follows the child's language: the page opens at /es/play/.
    assert client.get(reverse("games:new"), follow=True).redirect_chain[0][0] == "/es/play/"
    client.post(reverse("account_reauthenticate"), {"password": password})

    assert set(client.cookies) <= {"sessionid", "csrftoken"}
    assert "sessionid" in client.cookies


def test_the_privacy_notice_says_what_is_worked_out_about_a_child_and_how_to_stop_it(
    client: Client,
) -> None:
    page = text_of(client.get(reverse("privacy:parents")).text)

    for words in (
        "What Peabody works out from your children's answers",
        "a level on each maths skill",
        "which skills are due to come back after a miss",
        "how kind the gentle bots should be for them",
        "Only for the child's own practice",
        "worked out again from the child's answers and games each time it is needed",
        "It never leaves this site",
        "untick “Fit the questions and the kind bots to how the child does”",
        "the gentle bots stay exactly as kind as you chose",
        "it is deleted with the child or your account",
    ):
        assert words in page, words


def test_the_childrens_privacy_page_says_what_is_worked_out_in_a_childs_words(
    client: Client,
) -> None:
    said = [
        "We look at your answers to pick your next questions.",
        "We also make the kind bots just right for you.",
        "This stays here. It goes to no one else.",
        "Your grown-up can turn this off.",
    ]

    page = {text.strip() for text in texts_of(client.get(reverse("privacy:kids")).text)}

    assert set(said) <= page
    assert "Your grown-up can delete it all at any time." in page
    assert too_hard(set(said)) == []
