"""A class answering on its own devices, in real Chromium: the projector deals the class's
game and shows its code; three children's devices (two phones and a laptop, a browser
context each) join by tapping the code's pictures; the class's game asks a question, each
device answers it (by taps on one, by keys on another), and the projector shows "3
answered" and their spread, never who; the class answers on the projector, and each
device hears whether it was right. Then, in English and Spanish, the projector's screen of what
the class found tricky: the question with two of three right, as dots and as numbers, never
who, and its counts kept as a spreadsheet.

Set PEABODY_SCREENSHOTS to a folder to keep a picture of each screen at three sizes.
"""

import csv
import random
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from games import models
from games.classes.models import ClassAnswer, ClassSession
from games.models import Game
from games.table import Stage, apply, legal_moves, on_the_line, question_asked, stage
from games.words.cards import MINUS
from peabody.families.avatars import BY_NAME
from tests.browser.conftest import open_tab
from tests.browser.pages import tap_the_pictures
from tests.browser.playing import SHOTS, SIZES, assert_only_our_site, snapshot

pytestmark = pytest.mark.browser

# How long a device may take to show a question opened on the projector, and the projector
# a new answer: the test server answers a stream at once and the browser asks again a
# second later; the rest is a busy test machine's margin.
SHOWN_WITHIN_MS = 6_000
DEVICES = {"phone": (390, 844), "laptop": (1280, 800), "second phone": (390, 844)}


def deal(projector) -> Game:
    projector.goto("/teach/play/")
    projector.locator("#deal").press("Enter")
    projector.wait_for_selector("#game")
    return Game.objects.order_by("-created").first()


def up_to_a_number_question(game: Game, way: int) -> str | None:
    """Play the class's hole (saved as the projector would) up to the move that brings a
    question answered on the number pad, and give that move without making it; None if the
    hole ends without one."""
    rng = random.Random(way)
    while stage(game.table) in (Stage.PEEK, Stage.PLAY):
        legal = [m for m in legal_moves(game.table) if m.kind != "knock"]
        move = rng.choice(legal)
        after, _ = apply(game.table, move)
        if stage(after) == Stage.PRACTICE:
            asked = question_asked(after)
            # On the pad at the class's table too (a sum there is walked on the line).
            if not asked.choices and not on_the_line(asked, 1, game.setup.walk_first):
                return str(move)
            return None
        game.play(move)
    return None


def a_deal_with_a_number_question(monkeypatch) -> tuple[int, str]:
    """The first seed whose class deal, played ``random.Random(seed)``'s way, comes to a move
    that brings a question answered on the number pad, and that move. Dealt as a new class
    deals (the deal's own view, a browser with no cookies), without Chromium, and deleted.
    The test deals that seed: a random deal only now and then asks such a question, and
    the test's tries at random deals now and then all missed."""
    for seed in range(1, 500):
        monkeypatch.setattr(models, "new_seed", lambda seed=seed: seed)
        Client().post(reverse("games:start_class_game"))
        game = Game.objects.order_by("-created").first()
        move = up_to_a_number_question(game, seed)
        game.delete()
        if move:
            return seed, move
    raise AssertionError("no deal asked a number question")


def join(tab, code: str) -> None:
    tab.goto("/class/")
    tab.get_by_role("heading", name="Join your class").wait_for()
    tap_the_pictures(tab, [str(BY_NAME[name].label) for name in code.split("-")])
    tab.get_by_role("heading", name="You are in!").wait_for()


def pad(tab, value: int) -> None:
    """Answer on the number pad by taps."""
    if value < 0:
        tab.locator(f".pad-key[data-key='{MINUS}']").click()
    for digit in str(abs(value)):
        tab.locator(f".pad-key[data-key='{digit}']").click()
    tab.locator("#answer-ok").click()


def keys(tab, value: int) -> None:
    """Answer by keys: digits (and a minus) typed anywhere go into the box, Enter sends."""
    tab.locator("#prompt").click()
    tab.keyboard.type(str(value))  # "-2": pad.js reads the "-" as its minus
    tab.keyboard.press("Enter")


def test_three_devices_join_by_code_answer_and_the_projector_shows_their_spread(
    browser, live_server, transactional_db, axe, requests_made, console_errors, monkeypatch
) -> None:
    seed, last_move = a_deal_with_a_number_question(monkeypatch)
    contexts, tabs = [], {}
    for who, (width, height) in {"projector": (1920, 1080), **DEVICES}.items():
        context, tab = open_tab(
            browser, live_server, requests_made, console_errors, {"width": width, "height": height}
        )
        contexts.append(context)
        tabs[who] = tab
    try:
        play_the_lesson(tabs, seed, last_move, live_server, axe, requests_made, console_errors)
    finally:
        for context in contexts:
            context.close()


def play_the_lesson(
    tabs, seed: int, last_move: str, live_server, axe, requests_made, console_errors
) -> None:
    projector = tabs["projector"]

    # The projector, a new class, deals the seed found: its hole comes to the same move.
    game = deal(projector)
    assert game.seed == seed
    assert up_to_a_number_question(game, seed) == last_move
    class_session = ClassSession.objects.get(game=game)
    projector.reload()
    projector.wait_for_selector(".code-pictures")
    shown = projector.locator(".code-pictures li").all_text_contents()
    assert shown == [str(BY_NAME[name].label) for name in class_session.code.split("-")]

    tabs["phone"].goto("/class/")
    snapshot(tabs["phone"], "class-join")
    assert axe(tabs["phone"]) == []
    for who in DEVICES:
        join(tabs[who], class_session.code)
    assert ClassSession.objects.get(game=game).joined == 3

    # The class makes its move on the projector: the question opens on every device.
    projector.locator(f"button[name=move][value='{last_move}']").click()
    projector.wait_for_selector("#answer")
    for who in DEVICES:
        tabs[who].wait_for_selector("#device.state-ask #answer-ok", timeout=SHOWN_WITHIN_MS)
    game.refresh_from_db()
    asked = question_asked(game.table)
    prompt = projector.locator("#prompt .words").text_content()
    for who in DEVICES:
        assert tabs[who].locator("#prompt .words").text_content() == prompt
    snapshot(tabs["phone"], "class-device-question")
    assert axe(tabs["phone"]) == []
    assert axe(tabs["laptop"]) == []

    right, wrong = asked.answer, asked.answer + 1
    pad(tabs["phone"], right)
    keys(tabs["laptop"], right)
    pad(tabs["second phone"], wrong)
    for who in DEVICES:
        tabs[who].get_by_role("heading", name="Now look at the big screen.").wait_for()

    answers = projector.locator("#class-answers")
    answers.get_by_text("3 of 3 answered").wait_for(timeout=SHOWN_WITHIN_MS)
    bars = answers.locator(".spread-bar").evaluate_all(
        "bars => bars.map(b => [b.querySelector('.value').textContent,"
        " b.querySelectorAll('.dot').length])"
    )
    shown_right = str(right).replace("-", MINUS)
    assert [shown_right, 2] in bars and [str(wrong).replace("-", MINUS), 1] in bars
    # Never who: no device's picture or colour on the projector's answers.
    said = answers.text_content()
    assert not any(str(avatar.label) in said for avatar in BY_NAME.values())
    snapshot(projector, "class-projector-spread")
    assert axe(projector) == []

    # The class answers on the projector as today: the answer and its story follow.
    projector.keyboard.type(str(right))
    projector.keyboard.press("Enter")
    projector.wait_for_selector("#feedback.right")
    tabs["phone"].get_by_text("Yes, that's right!").wait_for(timeout=SHOWN_WITHIN_MS)
    tabs["laptop"].get_by_text("Yes, that's right!").wait_for(timeout=SHOWN_WITHIN_MS)
    tabs["second phone"].get_by_text("Good try!").wait_for(timeout=SHOWN_WITHIN_MS)
    snapshot(tabs["second phone"], "class-device-result")

    for who, tab in tabs.items():
        names = sorted(c["name"] for c in tab.context.cookies())
        assert names == ["csrftoken", "sessionid"], who
    assert_only_our_site(requests_made, live_server.url)
    assert console_errors == []

    # The teacher ends the lesson (from the class game's first page, once the hole is over):
    # the code and the answers go, and the devices with them.
    projector.goto("/teach/play/")
    projector.get_by_role("button", name="End the lesson").click()
    projector.get_by_role("heading", name="Play a hole together").wait_for()
    assert not ClassSession.objects.filter(game=game).exists()


# What the class found tricky, in each language: the heading and the count of the question
# two of the three devices got right.
TRICKY = {
    "en": ("What the class found tricky", "2 of 3 right", "Question"),
    "es": ("Lo que a la clase le costó", "2 de 3 bien", "Pregunta"),
}


@pytest.mark.parametrize("language", ["en", "es"])
def test_after_three_devices_answer_the_projector_shows_what_the_class_found_tricky(
    browser,
    live_server,
    transactional_db,
    axe,
    requests_made,
    console_errors,
    monkeypatch,
    language,
) -> None:
    seed, last_move = a_deal_with_a_number_question(monkeypatch)
    contexts, tabs = [], {}
    for who, (width, height) in {"projector": (1920, 1080), **DEVICES}.items():
        context, tab = open_tab(
            browser, live_server, requests_made, console_errors, {"width": width, "height": height}
        )
        contexts.append(context)
        tabs[who] = tab
    try:
        find_what_was_tricky(tabs, seed, last_move, language, axe, console_errors)
    finally:
        for context in contexts:
            context.close()


def find_what_was_tricky(tabs, seed: int, last_move: str, language: str, axe, errors) -> None:
    projector = tabs["projector"]
    prefix = "" if language == "en" else f"/{language}"
    projector.goto(f"{prefix}/teach/play/")
    projector.locator("#deal").press("Enter")
    projector.wait_for_selector("#game")
    game = Game.objects.order_by("-created").first()
    assert game.seed == seed and up_to_a_number_question(game, seed) == last_move
    class_session = ClassSession.objects.get(game=game)
    projector.reload()
    projector.wait_for_selector(".code-pictures")
    for who in DEVICES:
        join(tabs[who], class_session.code)

    projector.locator(f"button[name=move][value='{last_move}']").click()
    projector.wait_for_selector("#answer")
    for who in DEVICES:
        tabs[who].wait_for_selector("#device.state-ask #answer-ok", timeout=SHOWN_WITHIN_MS)
    game.refresh_from_db()
    asked = question_asked(game.table)
    pad(tabs["phone"], asked.answer)
    keys(tabs["laptop"], asked.answer)
    pad(tabs["second phone"], asked.answer + 1)
    for who in DEVICES:
        tabs[who].get_by_role("heading", name="Now look at the big screen.").wait_for()
    projector.wait_for_function(
        "() => document.querySelectorAll('#class-answers .dot').length === 3",
        timeout=SHOWN_WITHIN_MS,
    )

    # The page before the table offers the screen, reached by keys as a clicker does.
    projector.goto(f"{prefix}/teach/play/")
    projector.locator("#tricky").focus()
    projector.keyboard.press("Enter")
    heading, count, question = TRICKY[language]
    projector.get_by_role("heading", name=heading).wait_for()
    projector.wait_for_load_state()
    assert projector.evaluate("document.documentElement.lang").split("-")[0] == language
    shown = projector.locator(".tricky-question")
    assert shown.count() == 1
    assert shown.locator(".count").text_content().split() == count.split()
    assert shown.locator(".dot.right").count() == 2
    assert shown.locator(".dot:not(.right)").count() == 1
    # Never who: no device's picture, colour or token on the screen.
    said = projector.locator("main").text_content()
    assert not any(str(avatar.label) in said for avatar in BY_NAME.values())
    assert projector.locator("main img").count() == 0
    html = projector.content()
    for token in ClassAnswer.objects.values_list("device", flat=True):
        assert token not in html
    # The clicker's PageDown shows its first button: back to the game.
    projector.keyboard.press("PageDown")
    first = "document.activeElement === document.querySelector('.tricky-actions .button')"
    assert projector.evaluate(first)
    assert axe(projector) == []
    # At each screen's size, opened at that size: nothing wider than the screen.
    for width, height in SIZES:
        tab = projector.context.new_page()
        tab.set_viewport_size({"width": width, "height": height})
        tab.goto(projector.url)
        tab.wait_for_load_state()
        wide = tab.evaluate("document.scrollingElement.scrollWidth")
        assert wide <= width, (width, wide)
        if SHOTS:
            tab.screenshot(
                path=Path(SHOTS) / f"class-tricky-{language}-{width}.png", full_page=True
            )
        tab.close()

    # "Keep these counts" saves a spreadsheet of the question and its two counts, no more.
    with projector.expect_download() as download:
        projector.locator("#keep-counts").click()
    rows = list(csv.reader(Path(download.value.path()).read_text(encoding="utf-8").splitlines()))
    assert len(rows) == 2 and rows[0][0] == question and rows[1][1:] == ["3", "2"]

    # The end of the class's game offers the screen too, under its ways on.
    game.refresh_from_db()
    rng = random.Random(seed)
    while stage(game.table) != Stage.OVER:
        legal = legal_moves(game.table)
        skips = [m for m in legal if m.kind == "skip"]
        game.play(skips[0] if skips else rng.choice(legal))
    projector.goto(f"{prefix}/play/{game.public_id}/")
    projector.wait_for_selector("#game:not(.narrating) .ending #tricky")
    assert projector.evaluate("document.scrollingElement.scrollWidth") <= 1920
    if SHOTS:
        projector.screenshot(path=Path(SHOTS) / f"class-tricky-ending-{language}-1920.png")
    projector.locator("#tricky").click()
    projector.get_by_role("heading", name=heading).wait_for()
    assert errors == []
