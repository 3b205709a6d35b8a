"""Our own pages for 400, 403, 404 and 500, tested as a real server serves them (DEBUG off,
which pytest-django sets): kind words a child can read, and a way home."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from django.test import Client, override_settings

from tests.peabody.pages import answer
from tests.readability import sentences, too_hard


@pytest.fixture
def client() -> Client:
    return Client(raise_request_exception=False)


@pytest.mark.django_db
@override_settings(ROOT_URLCONF="failing_urls")
@pytest.mark.parametrize(
    ("status", "heading"),
    [
        (400, "We could not read that"),
        (403, "This page is not for you"),
        (404, "We can not find that page"),
        (500, "Oops! Something broke"),
    ],
)
def test_each_error_has_a_page_of_ours_with_kind_words_and_a_way_home(
    client: Client, status: int, heading: str
) -> None:
    html = answer(status, client)

    assert f"<h1>{heading}</h1>" in html
    assert '<a class="button primary" href="/">Go to the home page</a>' in html
    assert '<link rel="stylesheet" href="/static/css/site.css">' in html
    assert "Traceback" not in html and "RuntimeError" not in html
    hard = too_hard(sentences(html))
    assert hard == [], hard


@pytest.mark.django_db
def test_a_post_with_a_stale_csrf_token_gets_our_page_that_says_to_try_again() -> None:
    client = Client(enforce_csrf_checks=True)

    response = client.post("/play/start/", {"mode": "easy4", "csrfmiddlewaretoken": "x" * 64})

    assert response.status_code == 403
    assert "<h1>That page was too old</h1>" in response.text
    assert too_hard(sentences(response.text)) == []


def test_the_500_page_needs_no_database_and_no_url_names() -> None:
    html = render_to_string("500.html")

    assert "Oops! Something broke" in html
