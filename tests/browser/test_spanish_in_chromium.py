"""The whole product in Spanish, in a real Chromium: a whole game in every mode with its
questions answered, the rules, the walkthrough and the class game, and a parent from sign-up
to the progress page. On every screen no English message shows (the visible text is
compared with the English of every message in the catalogues), axe-core finds nothing, and
at each decision of a game everything it needs is on screen, at a phone's, a laptop's and a
projector's size (Spanish runs about a fifth longer than English)."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.utils import translation
from django.utils.translation import gettext

from games.models import Game
from games.table import ANSWER, SKIP, question_asked
from lessons.models import SkillAttempt
from peabody.families.models import Child
from tests.browser.conftest import open_tab
from tests.browser.playing import (
    SIZES,
    SPEECH_STUB,
    asked,
    choose,
    click,
    give,
    keys,
    make_move,
    offered,
    outside,
    play_to_the_end,
    reach,
    wait_for_the_answer,
    walk,
    wrong,
)
from tests.catalogue import english_pieces, pieces_in

pytestmark = pytest.mark.browser

LANGUAGE = "es"
ENGLISH = english_pieces(LANGUAGE)
PASSWORD = "una-clave-larga-de-familia"


# The words a person meets on the page, by eye or by screen reader (visually hidden text and
# aria-labels included), leaving out what is marked as another language: the offer of
# English to a browser that asks for it, the switch's "English".
WORDS_IN_THE_PAGES_LANGUAGE = """() => {
  const lang = document.documentElement.lang;
  const ours = (el) => el.closest("[lang]").lang === lang && el.checkVisibility();
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const parent = walker.currentNode.parentElement;
    if (parent && !parent.closest("script, style, template") && ours(parent)) {
      out.push(walker.currentNode.textContent);
    }
  }
  for (const el of document.body.querySelectorAll("[aria-label]")) {
    if (ours(el)) out.push(el.getAttribute("aria-label"));
  }
  return out.join(" ").replace(/\\s+/g, " ");
}"""


def english_on(page) -> list[str]:
    """The English of our messages that shows on the page."""
    return pieces_in(page.evaluate(WORDS_IN_THE_PAGES_LANGUAGE), ENGLISH)


def in_spanish(page) -> None:
    assert page.evaluate("document.documentElement.lang") == LANGUAGE


def test_the_english_of_the_catalogues_is_there_to_compare_with() -> None:
    # The check below can fail: these are the words an untranslated page would show.
    assert "Deal the cards" in ENGLISH
    assert "Who's playing" in ENGLISH or "Who’s playing" in ENGLISH


@pytest.fixture
def screens(browser, live_server, transactional_db, requests_made, console_errors, axe):
    """A tab of a given size, and a check of each screen it shows: no English, no axe
    violation (once per kind of screen)."""
    opened = []
    problems: list[str] = []
    checked: set[str] = set()

    def tab(width: int, height: int):
        context, page = open_tab(
            browser, live_server, requests_made, console_errors, {"width": width, "height": height}
        )
        opened.append(context)
        return page

    def check(page, kind: str) -> None:
        in_spanish(page)
        problems.extend(f"{kind}: English {piece!r}" for piece in english_on(page))
        wider = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        if wider > 0:  # longer words must wrap, not push the page sideways
            problems.append(f"{kind}: {wider} px wider than the screen")
        if kind not in checked:
            checked.add(kind)
            problems.extend(f"{kind}: axe {v}" for v in axe(page))

    yield tab, check, problems
    for context in opened:
        context.close()
    assert console_errors == []


# Every mode at every size, as the English games are (test_play_in_chromium), each size
# meeting each number of bots once.
GAMES = [
    (mode, size, str(1 + (i + j) % 3))
    for i, size in enumerate(SIZES)
    for j, mode in enumerate(["easy4", "classic6", "knock9"])
]


@pytest.mark.parametrize(("mode", "size", "bots"), GAMES)
def test_a_whole_game_in_spanish_with_its_questions_answered(
    screens, mode: str, size: tuple[int, int], bots: str
) -> None:
    tab, check, problems = screens
    page = tab(*size)
    page.goto("/es/")
    check(page, "home")
    page.goto("/es/play/")
    check(page, "new game")
    page.locator(f"input[name=mode][value={mode}]").check()
    page.locator(f"input[name=bots][value='{bots}']").check()
    page.locator("input[name=holes][value='1']").check()
    page.locator(".deal button[type=submit]").click()
    page.wait_for_selector("#game")
    page.wait_for_load_state()  # the style sheets draw the words read below
    answered = 0

    def at_a_decision() -> None:
        nonlocal answered
        stage = page.get_attribute("#game", "class").split()[1]
        check(page, stage)
        missing, _ = outside(page)
        problems.extend(f"{stage} at {size}: {m} off screen" for m in missing)
        if page.locator(".question").count() and page.locator("#answer-ok, .choice, .walk").count():
            give(page, asked().answer)
            answered += 1
            check(page, "answered")
            missing, _ = outside(page)  # "Yes!" and what comes next: its button on screen too
            problems.extend(f"answered at {size}: {m} off screen" for m in missing)

    # Words drawn by the style sheet: each card's suit letter, a switch's "On".
    drawn = page.evaluate(
        """() => [...document.querySelectorAll(
                ".face[data-letter], .read-switch[aria-pressed=true]"
            )].map(el => getComputedStyle(el, "::after").content)"""
    )
    assert drawn and set(drawn) <= {'"T"', '"D"', '"C"', '"P"', '"Sí" / ""'}, drawn

    play_to_the_end(page, click(page), at_a_decision=at_a_decision)
    check(page, "game over")
    assert problems == []
    if answered == 0:
        # Rarely (about 1 game in 1,500 of one hole for a new child) nothing the cards offer
        # is likely enough to be got right, and the game asks nothing: then it asked none.
        assert not any(m.kind in (ANSWER, SKIP) for m in Game.objects.get().log)
        assert not SkillAttempt.objects.exists(), "a question was asked but not answered"


@pytest.mark.parametrize("size", SIZES)
def test_the_rules_the_walkthrough_and_the_class_game_in_spanish(
    screens, size: tuple[int, int]
) -> None:
    tab, check, problems = screens
    page = tab(*size)
    page.goto("/es/rules/")
    check(page, "rules")

    page.goto("/es/teach/")
    check(page, "first slide")
    for n in range(40):
        before = page.url
        page.keyboard.press("ArrowRight")
        page.wait_for_load_state()
        if page.url == before:
            break
        check(page, f"slide {n}")
        wide = page.evaluate("document.documentElement.scrollWidth > innerWidth")
        assert not wide, f"slide {page.url} is wider than the screen at {size}"

    page.goto("/es/teach/play/")
    check(page, "class game")
    page.keyboard.press("Enter")  # the deal button has the focus
    page.wait_for_selector("#game")
    press = keys(page, "ArrowRight", most=30)  # a presentation clicker
    rng = random.Random(5)
    for _ in range(100):
        page.wait_for_selector("#game:not(.narrating)")
        check(page, "class game, " + page.get_attribute("#game", "class").split()[1])
        if page.locator(".ending").count():
            break
        if page.locator("#answer").count():  # a number question: typed, as a class does
            before = page.get_attribute("input[name=version]", "value")
            page.keyboard.type(str(question_asked(Game.objects.latest("created").table).answer))
            page.keyboard.press("Enter")
            page.wait_for_function(
                "v => document.querySelector('input[name=version]').value !== v", arg=before
            )
            continue
        if page.locator(".walk").count():  # a sum on the number line: walked by the clicker
            before = page.get_attribute("input[name=version]", "value")
            asked = question_asked(Game.objects.latest("created").table)
            walk(page, asked.landings, lambda marker: reach(page, "ArrowRight", marker, 30))
            page.keyboard.press("Enter")  # OK has the focus
            wait_for_the_answer(page, before)
            continue
        make_move(page, choose(rng, offered(page)), press)
    assert page.locator(".ending").count()
    assert problems == []


def test_a_parent_from_sign_up_to_the_progress_page_in_spanish(screens, mailoutbox) -> None:
    tab, check, problems = screens
    page = tab(*SIZES[0])
    page.goto("/es/accounts/signup/")
    check(page, "sign up")
    page.locator("input[name=email]").fill("kim@example.com")
    page.locator("input[name=password1]").fill(PASSWORD)
    page.locator("input[name=password2]").fill(PASSWORD)
    page.locator("input[name=consent]").check()
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile("/es/"))
    check(page, "check your email")
    mail = mailoutbox[-1]
    problems.extend(f"email: English {p!r}" for p in pieces_in(mail.subject + mail.body, ENGLISH))
    link = re.search(r"https?://\S+", mail.body).group(0)
    assert "/es/" in link, "the email's link keeps the language"
    page.goto(link)
    check(page, "confirm email")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile("/es/who/"))

    page.goto("/es/family/children/new/")
    check(page, "child form")
    page.locator("input[name=nickname]").fill("Kim")
    page.locator("input[name=avatar]").first.check()
    page.locator("input[name=maths_level][value=negative]").check()
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(re.compile("/es/family/"))
    check(page, "family page")
    assert Child.objects.get().language == LANGUAGE

    page.goto("/es/who/")
    check(page, "who's playing")
    page.locator(".who-button").first.click()
    page.wait_for_url(re.compile("/es/play/"))
    page.locator("input[name=mode][value=easy4]").check()
    page.locator("input[name=holes][value='1']").check()
    page.locator(".deal button[type=submit]").click()
    page.wait_for_selector("#game")

    def answer() -> None:
        if page.locator(".question").count() and page.locator("#answer-ok, .choice, .walk").count():
            give(page, wrong(page))  # a miss, for "found tricky"

    play_to_the_end(page, click(page), at_a_decision=answer)
    check(page, "a child's game over")

    page.goto("/es/family/")
    check(page, "password again")
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("main form button[type=submit]").first.click()
    page.wait_for_url(re.compile("/es/family/"))
    page.goto(Child.objects.get().get_absolute_url().replace("/family/", "/es/family/"))
    check(page, "progress")
    assert "Kim" in page.locator("main").inner_text()
    assert problems == []


ENGLISH_HERE = {"name": "English here", "lang": "en-GB", "localService": True}
SPANISH_HERE = {"name": "Spanish here", "lang": "es-MX", "localService": True}
SPANISH_AWAY = {"name": "Spanish on a server", "lang": "es-ES", "localService": False}


@pytest.mark.parametrize(
    ("path", "voices", "expected"),
    [
        ("/es/rules/", [ENGLISH_HERE, SPANISH_AWAY, SPANISH_HERE], "Spanish here"),
        ("/rules/", [SPANISH_HERE, ENGLISH_HERE], "English here"),
    ],
)
def test_read_aloud_speaks_in_a_voice_of_the_pages_language(
    screens, path: str, voices: list, expected: str
) -> None:
    tab, _, _ = screens
    page = tab(*SIZES[0])
    page.add_init_script(SPEECH_STUB % json.dumps(voices))
    page.goto(path)

    page.locator(".say").first.click()

    page.wait_for_function("() => window.spoken.length > 0")
    assert [line["voice"] for line in page.evaluate("window.spoken")] == [expected]


def test_with_no_voice_for_the_pages_language_the_button_says_so_in_that_language(
    screens,
) -> None:
    tab, check, problems = screens
    page = tab(*SIZES[0])
    page.add_init_script(SPEECH_STUB % json.dumps([ENGLISH_HERE, SPANISH_AWAY]))
    page.goto("/es/rules/")

    page.locator(".say").first.click()

    with translation.override(LANGUAGE):
        says = gettext("No voice on this device")
    assert says != "No voice on this device"
    page.get_by_role("button", name=says).first.wait_for()
    assert page.evaluate("window.spoken") == []
    check(page, "rules, no voice")
    assert problems == []
