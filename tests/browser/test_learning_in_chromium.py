"""What a grown-up sees of the child's learning, on a phone in a real Chromium: a question
the child missed, under "found tricky" and in the replay; the way out of kid mode for a
grown-up who forgot the password; the child form. Each page checked by axe-core.

Set PEABODY_SCREENSHOTS to a folder to keep a picture of each page at three screen sizes.
"""

import random
import re

import pytest

from games.models import Game
from games.words.cards import number
from lessons.models import SkillAttempt
from tests.browser.pages import log_in
from tests.browser.playing import choose, click, give, make_move, offered, snapshot, wrong
from tests.factories import PASSWORD, ChildFactory, ParentFactory

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("quick_passwords")]


def into_kid_mode(page, nickname: str) -> None:
    page.get_by_role("button", name=nickname).click()
    page.get_by_text("Your grown-up can see your games.").wait_for()


def miss(page) -> None:
    """Answer the question on the page wrongly, twice: on the pad or by a player, then
    as the second try asks (walked on the number line, for a sum)."""
    for _ in range(2):
        give(page, wrong(page))
        page.wait_for_selector("#game:not(.narrating)")


def play_missing_every_question(page) -> Game:
    page.get_by_role("radio", name="Four-card Golf").check()
    page.get_by_label("1 hole", exact=True).check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_selector("#game")
    game = Game.objects.get()
    rng = random.Random(4)
    for _ in range(300):
        if page.locator(".ending").count():
            return game
        if page.locator(".question").count():
            miss(page)
            continue
        moves = [m for m in offered(page) if m != "skip-questions"]
        make_move(page, choose(rng, moves), click(page))
    raise AssertionError("the game did not end")


def open_family_page(page) -> None:
    page.get_by_role("link", name=re.compile("Who's playing")).first.click()
    page.get_by_role("link", name="Grown-ups: the family page").click()
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Open the family page").click()
    page.get_by_role("heading", name="Your family").wait_for()


def test_a_missed_question_is_found_tricky_with_its_cards_and_both_answers_and_in_the_replay(
    page, axe, live_server, requests_made, console_errors
) -> None:
    parent = ParentFactory()
    ChildFactory(parent=parent, nickname="Ada", avatar="owl")
    log_in(page, parent)
    into_kid_mode(page, "Ada")
    game = play_missing_every_question(page)
    asked = SkillAttempt.objects.filter(game=game).order_by("answered", "pk")
    assert asked.count() >= 2 and not any(a.right for a in asked)

    open_family_page(page)
    page.get_by_role("link", name="Ada’s progress").click()
    summary = page.locator("#last-seven-days").inner_text()
    assert "Ada played 1 game" in summary and "0 right the first time" in summary
    page.locator("summary", has_text="What Ada found tricky").click()  # its disclosure
    tricky = page.locator(".tricky .missed").first
    last = asked.last()
    shown = tricky.inner_text()
    assert f"Hole {last.hole}" in shown
    assert "Ada answered" in shown and "The right answer" in shown
    if last.kind != "winner":
        first = list(asked)[-2]
        assert f"{number(first.given)}, then {number(last.given)}" in shown
        assert tricky.locator(".right-answer").inner_text() == number(last.right_answer)
    if last.kind == "column":
        cards = tricky.locator(".column-cards .card")
        assert cards.count() == len(last.facts["cards"])
        assert cards.first.get_attribute("aria-label")
    assert page.get_by_role("heading", name="Talk about it").count() == 1
    snapshot(page, "learning-progress")
    assert axe(page) == []

    page.get_by_role("link", name=re.compile("^Watch again")).click()
    page.get_by_role("heading", name="Hole 1: the questions").wait_for()
    answered = page.locator(".replay-questions .answered")
    assert answered.count() == asked.filter(first_try=True).count()
    assert "Ada answered" in answered.first.inner_text()
    snapshot(page, "learning-replay")
    assert axe(page) == []
    assert console_errors == []
    assert [u for u in requests_made if not u.startswith(live_server.url + "/")] == []


def test_a_grown_up_who_forgot_the_password_gets_a_reset_email_and_the_zone_stays_shut(
    page, axe, mailoutbox
) -> None:
    parent = ParentFactory()
    ChildFactory(parent=parent, nickname="Ada", avatar="owl")
    log_in(page, parent)
    into_kid_mode(page, "Ada")

    page.goto("/family/")
    page.get_by_role("heading", name="Grown-ups only").wait_for()
    assert axe(page) == []
    page.get_by_role("button", name="Email me a link").click()
    page.get_by_text("We emailed a link to the family’s email address.").wait_for()
    snapshot(page, "learning-forgot-password")
    [message] = mailoutbox
    assert message.to == [parent.email]
    assert "/accounts/password/reset/key/" in message.body
    # Still kid mode: the parent zone asks for the password again.
    page.goto("/family/")
    page.get_by_role("heading", name="Grown-ups only").wait_for()

    page.get_by_role("button", name="Log out this device").click()
    page.get_by_text("This device is logged out.").wait_for()
    page.goto("/family/")
    assert "/accounts/login/" in page.url
    assert page.get_by_text("Your grown-up can see your games.").count() == 0


def test_the_child_form_on_a_phone_has_one_choice_a_line_and_our_words(page, axe) -> None:
    parent = ParentFactory()
    log_in(page, parent)
    page.goto("/family/children/new/")
    page.get_by_text("Up to 20 letters.").wait_for()
    for legend in ("Maths level", "How kind the bots are", "Favourite game"):
        options = page.locator("fieldset", has_text=legend).locator("label.option")
        boxes = [options.nth(i).bounding_box() for i in range(options.count())]
        assert len(boxes) >= 2
        for above, below in zip(boxes, boxes[1:], strict=False):
            assert below["y"] >= above["y"] + above["height"] - 1, legend  # a line each
        for i in range(options.count()):
            radio = options.nth(i).locator("input").bounding_box()
            label = boxes[i]
            assert (
                label["y"] <= radio["y"]
                and radio["y"] + radio["height"] <= label["y"] + label["height"]
            )
    page.get_by_label("Nickname").fill("A" * 25)
    page.locator("label.avatar-choice", has_text="Owl").click()
    page.get_by_role("button", name="Add the child").click()
    page.get_by_text("Please keep the nickname to 20 letters or fewer.").wait_for()
    snapshot(page, "learning-child-form")
    assert axe(page) == []
