"""The home page and our error pages in Spanish, under /es/: Spanish words a child can read
(grade 3 or below by the Crawford formula), a way home to the Spanish home page, and no
English sentence of the site's own. The English pages are tested as they were in
test_error_pages and test_home."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings

from tests.families.spanish import MAX_CRAWFORD, crawford, english_in, texts_of
from tests.peabody.pages import answer, send


@pytest.fixture
def client() -> Client:
    return Client(raise_request_exception=False)


def readable(html: str) -> list[tuple[float, str]]:
    """The page's texts that are too hard for a child, with their grades."""
    return [(crawford(t), t) for t in texts_of(html) if crawford(t) >= MAX_CRAWFORD]


@pytest.mark.django_db
@override_settings(ROOT_URLCONF="failing_urls")
@pytest.mark.parametrize(
    ("status", "heading"),
    [
        (400, "No pudimos leer eso"),
        (403, "Esta página no es para ti"),
        (404, "No encontramos esa página"),
        (500, "¡Uy! Algo se rompió"),
    ],
)
def test_each_error_has_a_spanish_page_with_kind_words_and_a_way_home(
    client: Client, status: int, heading: str
) -> None:
    html = answer(status, client, "/es")

    assert f"<h1>{heading}</h1>" in html
    assert '<a class="button primary" href="/es/">Ir al inicio</a>' in html
    assert english_in(html) == []
    assert readable(html) == []


@pytest.mark.django_db
def test_a_stale_csrf_token_gets_our_spanish_page() -> None:
    client = Client(enforce_csrf_checks=True)

    response = client.post("/es/play/start/", {"mode": "easy4", "csrfmiddlewaretoken": "x" * 64})

    assert response.status_code == 403
    assert "<h1>Esa página era muy vieja</h1>" in response.text
    assert english_in(response.text) == []
    assert readable(response.text) == []


@pytest.mark.django_db
def test_a_body_we_cannot_read_gets_the_400_page_in_the_language_of_its_address() -> None:
    latin_1 = {"CONTENT_TYPE": "application/x-www-form-urlencoded; charset=latin-1"}

    spanish = send(path="/es/play/start/", body=b"a=1", **latin_1)
    english = send(path="/play/start/", body=b"a=1", **latin_1)

    assert spanish["status"] == english["status"] == 400
    assert "<h1>No pudimos leer eso</h1>" in spanish["body"]
    assert english_in(spanish["body"]) == []
    assert "<h1>We could not read that</h1>" in english["body"]


@pytest.mark.django_db
def test_the_spanish_home_page(client: Client) -> None:
    response = client.get("/es/")

    assert response.status_code == 200
    assert "<h1>Te damos la bienvenida a Peabody Golf</h1>" in response.text
    assert "Ir al contenido principal" in response.text
    assert "Sin anuncios. Sin rastreo." in response.text
    assert english_in(response.text) == []
    assert readable(response.text) == []


@pytest.mark.django_db
def test_the_english_home_page_is_unchanged(client: Client) -> None:
    response = client.get("/")

    assert "<h1>Welcome to Peabody Golf</h1>" in response.text
    assert "Skip to main content" in response.text
    assert "No ads. No tracking. Only the cookies the site needs to work." in response.text
