"""Our error pages in a real Chromium: axe-clean, and the way home works by keyboard."""

from __future__ import annotations

import pytest

from tests.browser.playing import snapshot

pytestmark = pytest.mark.browser


def as_latin_1(route) -> None:
    headers = route.request.headers | {
        "content-type": "application/x-www-form-urlencoded; charset=latin-1"
    }
    route.continue_(headers=headers)


def test_a_missing_page_is_ours_axe_clean_and_leads_home_by_keyboard(page, axe) -> None:
    response = page.goto("/no-such-page/")

    assert response.status == 404
    snapshot(page, "error-404")
    assert axe(page) == []
    home = page.get_by_role("link", name="Go to the home page")
    home.focus()
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="Welcome to Peabody Golf").wait_for()


def test_a_form_sent_in_a_shape_we_cannot_read_gets_our_400_page_axe_clean(page, axe) -> None:
    page.goto("/play/")
    page.route("**/play/start/", as_latin_1)

    with page.expect_response("**/play/start/") as answer:
        page.get_by_role("button", name="Deal the cards").click()

    assert answer.value.status == 400
    page.get_by_role("heading", name="We could not read that").wait_for()
    snapshot(page, "error-400")
    assert axe(page) == []


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_guest_at_the_days_limit_gets_our_429_page_axe_clean(
    page, axe, language, monkeypatch
) -> None:
    from games import models

    monkeypatch.setattr(models, "GUEST_GAMES_A_DAY", 1)  # one game, then the limit
    prefix = "" if language == "en" else "/es"
    for _ in range(2):
        page.goto(f"{prefix}/play/")
        with page.expect_response("**/play/start/") as answer:
            page.locator(".deal button[type=submit]").click()

    assert answer.value.status == 429
    assert models.Game.objects.count() == 1
    assert page.locator("html").get_attribute("lang").startswith(language)
    snapshot(page, f"error-429-{language}")
    assert axe(page) == []
