"""A parent signs up, makes a child, the child plays, and the parent reviews, downloads and
deletes, in a real Chromium.

Set PEABODY_SCREENSHOTS to a folder to keep a picture of each page at three screen sizes.
"""

import json
import re
from pathlib import Path

import pytest

from games.models import Game
from peabody.families.models import Child
from tests.browser.playing import click, play_to_the_end, snapshot

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("quick_passwords")]

EMAIL = "kim@example.com"
PASSWORD = "a-long-family-password"


def sign_up_and_confirm(page, mailoutbox) -> None:
    page.goto("/")
    page.get_by_role("link", name="Grown-ups: log in").click()
    page.get_by_role("link", name="Make a family account").click()
    snapshot(page, "families-sign-up")
    page.get_by_label("Email").fill(EMAIL)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("Password again").fill(PASSWORD)
    page.get_by_label("I have read the privacy notice").check()
    page.get_by_role("button", name="Make the account").click()
    page.get_by_role("heading", name="Check your email").wait_for()
    link = re.search(r"https?://\S+", mailoutbox[-1].body).group(0)
    page.goto(link)
    page.get_by_role("button", name="Yes, confirm it").click()
    page.get_by_role("heading", name="Who's playing?").wait_for()


def add_child(page, nickname: str) -> None:
    page.get_by_role("link", name="Add a child").click()
    page.get_by_label("Nickname").fill(nickname)
    page.locator("label.avatar-choice", has_text="Owl").click()
    page.get_by_label("Negative numbers: twos count −2").check()
    page.get_by_label("Very kind: they make lots of mistakes").check()
    snapshot(page, "families-child-form")
    page.get_by_role("button", name="Add the child").click()
    page.get_by_text(f"{nickname} is ready to play.").wait_for()


def play_one_hole(page) -> None:
    page.get_by_role("radio", name="Four-card Golf").check()
    page.get_by_label("1 hole", exact=True).check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_selector("#game")
    play_to_the_end(page, click(page))


def test_a_family_from_sign_up_to_deletion(
    page, live_server, mailoutbox, requests_made, console_errors
) -> None:
    sign_up_and_confirm(page, mailoutbox)
    add_child(page, "Kim")
    snapshot(page, "families-family")

    # The child plays as themselves.
    page.get_by_role("link", name="Who's playing?").first.click()
    snapshot(page, "families-whos-playing")
    page.get_by_role("button", name="Kim").click()
    page.get_by_text("Your grown-up can see your games.").wait_for()
    assert not page.get_by_label("Adding only: twos count +2", exact=False).is_checked()
    assert page.get_by_label("Adding only: twos count +2", exact=False).is_disabled()
    snapshot(page, "families-kid-new-game")
    play_one_hole(page)
    game = Game.objects.get()
    assert list(game.children.all()) == [Child.objects.get(nickname="Kim")]
    assert game.gentleness == 1.0

    # Back to the parent zone, with the password: from the game, the child's own name leads
    # to "Who's playing?", and from there the grown-ups' link.
    page.get_by_role("link", name="Kim: Who's playing?").click()
    page.get_by_role("link", name="Grown-ups: the family page").click()
    page.get_by_role("heading", name="Grown-ups only").wait_for()
    snapshot(page, "families-password-again")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Open the family page").click()
    page.get_by_role("heading", name="Your family").wait_for()
    assert page.get_by_text("Your grown-up can see your games.").count() == 0

    # The progress page, its chart and the replay.
    page.get_by_role("link", name="Kim’s progress").click()
    assert page.locator(".facts").inner_text().startswith("1 game started")
    assert page.locator("img.chart").count() == 0  # one game: a table, no chart yet
    assert page.locator(".trend table tbody tr").count() == 1
    snapshot(page, "families-progress")
    page.get_by_role("link", name=re.compile("^Watch again")).click()
    page.get_by_role("heading", name=re.compile("Watch again")).wait_for()
    snapshot(page, "families-replay")
    page.get_by_role("link", name="Back to Kim’s progress").click()

    # Download, then delete the child and the account.
    with page.expect_download() as download:
        page.get_by_role("link", name="Download Kim’s data (JSON)").click()
    data = json.loads(Path(download.value.path()).read_text())
    assert data["nickname"] == "Kim"
    assert data["games"][0]["id"] == game.public_id
    page.get_by_role("link", name="Delete Kim").click()
    snapshot(page, "families-delete-child")
    page.get_by_role("button", name="Delete Kim").click()
    page.get_by_text("Kim and all their games are deleted.").wait_for()
    assert not Child.objects.exists()
    assert not Game.objects.exists()
    page.get_by_role("link", name="Delete your account and everything in it").click()
    page.get_by_role("button", name="Delete my account").click()
    page.get_by_role("heading", name="Your account is deleted").wait_for()

    cookies = {cookie["name"] for cookie in page.context.cookies()}
    assert cookies <= {"sessionid", "csrftoken"}
    assert [url for url in requests_made if not url.startswith(live_server.url + "/")] == []
    assert console_errors == []


def test_the_family_pages_have_no_accessibility_violations(page, mailoutbox, axe) -> None:
    results = {}
    page.goto("/accounts/signup/")
    results["sign up"] = axe(page)
    page.goto("/accounts/login/")
    results["log in"] = axe(page)
    sign_up_and_confirm(page, mailoutbox)
    results["who's playing, empty"] = axe(page)
    page.get_by_role("link", name="Family page", exact=True).click()
    page.get_by_role("link", name="Add a child").click()
    results["add a child"] = axe(page)
    page.get_by_role("link", name="Back", exact=True).click()
    add_child(page, "Kim")
    results["family"] = axe(page)
    page.get_by_role("link", name="Kim’s progress").click()
    results["progress"] = axe(page)
    page.get_by_role("link", name="Who's playing?").first.click()
    results["who's playing"] = axe(page)
    page.get_by_role("button", name="Kim").click()
    page.get_by_role("link", name="Grown-ups", exact=True).click()
    results["password again"] = axe(page)
    for name in ("/privacy/", "/privacy/kids/"):
        page.goto(name)
        results[name] = axe(page)

    problems = {name: found for name, found in results.items() if found}
    assert problems == {}
