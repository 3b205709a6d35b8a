"""A teacher shows the slides at /teach/ on a projector and the class plays a hole by keys;
a child reads "How to play" at /rules/; in a real Chromium, checked by axe-core.

Set PEABODY_SCREENSHOTS to a folder to keep a picture of every slide and page at three
screen sizes.
"""

import json
import os
import random
import re
from pathlib import Path

import pytest

from games.models import Game
from games.slides import slides_told
from games.words import rules as rule_words
from lessons.core.rules import EASY_RULES
from lessons.core.walkthrough import slides
from tests.browser.conftest import open_tab
from tests.browser.playing import (
    ON_DEVICE,
    PLAYING,
    SPEECH_STUB,
    asked,
    assert_only_our_site,
    choose,
    keys,
    make_move,
    offered,
    play_out_the_hole,
    reach,
    version,
    wait_for_the_answer,
)

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "laptop": (1280, 800), "projector": (1920, 1080)}
SHOTS = os.environ.get("PEABODY_SCREENSHOTS")
TITLES = [said.title for said in slides_told()]
# What a slide shows that a teacher and a class must see whole, without scrolling.
ON_SLIDE = "#slide h1, #slide .slide-text, #slide .story li, #slide .card, #slide .slide-nav a"


@pytest.fixture
def projector(browser, live_server, transactional_db, requests_made, console_errors):
    context, tab = open_tab(
        browser, live_server, requests_made, console_errors, {"width": 1920, "height": 1080}
    )
    yield tab
    context.close()


def snapshot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=Path(SHOTS) / f"classroom-{name}.png")


def title(page) -> str:
    return page.locator("#slide h1").text_content()


def press_until(page, key: str, wanted: str) -> None:
    """Show the slide titled ``wanted``, its style sheets loaded and nothing still moving
    (on a busy machine a slide's table was measured before its sheet had come)."""
    page.keyboard.press(key)
    page.wait_for_function("t => document.querySelector('#slide h1').textContent === t", arg=wanted)
    page.wait_for_function(
        """() => [...document.querySelectorAll('link[rel=stylesheet]')].every(l => l.sheet)
            && document.getAnimations().every(a => a.playState !== 'running')"""
    )


# Every box on a slide that may not cover another: its words, its cards, its buttons and
# switches, and the table's labels (a box inside another is part of it).
BOXES = (
    "#sound-switch, #slide .slide-count, #slide h1, #slide .slide-text, #slide .story li,"
    " #slide .say, #slide .play-together a, #slide .card, #slide .seat-name,"
    " #slide .pile-label, #slide .score-card h3, #slide .column-sum, #slide .number-line svg,"
    " #slide figcaption, #slide .slide-nav a, #slide .keys"
)


def slide_problems(page) -> list[str]:
    """What is wrong with the slide on screen for a class: anything cut off or scrolled
    to, and any two boxes over each other."""
    return page.evaluate(
        """([selector, boxes]) => {
            const out = [];
            const root = document.scrollingElement;
            if (root.scrollHeight > innerHeight + 0.5 || root.scrollWidth > innerWidth + 0.5) {
                out.push(`the page scrolls: ${root.scrollWidth}x${root.scrollHeight}`);
            }
            for (const el of document.querySelectorAll(selector)) {
                const r = el.getBoundingClientRect();
                if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5
                        || r.right > innerWidth + 0.5) {
                    out.push(`${el.className || el.tagName} at ${Math.round(r.bottom)}`);
                }
            }
            const shown = [...document.querySelectorAll(boxes)].filter(el =>
                el.getBoundingClientRect().width && !el.closest("[hidden], .visually-hidden"));
            // A card's box, with the "0" that hangs off the corner of a cancelled card.
            const box = el => {
                const r = el.getBoundingClientRect();
                const badge = getComputedStyle(el, "::before");
                if (!el.matches(".card.zero") || badge.content === "none") return r;
                const [right, bottom] = [badge.right, badge.bottom].map(v => -parseFloat(v));
                const [x, y] = [r.right + right, r.bottom + bottom];
                return {left: r.left, top: r.top, right: x, bottom: y};
            };
            const name = el =>
                `${el.className || el.tagName} "${el.textContent.trim().slice(0, 20)}"`;
            shown.forEach((a, i) => shown.slice(i + 1).forEach(b => {
                if (a.contains(b) || b.contains(a)) return;
                const [r, s] = [box(a), box(b)];
                const across = Math.min(r.right, s.right) - Math.max(r.left, s.left);
                const down = Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top);
                if (across > 0.5 && down > 0.5) out.push(`${name(a)} over ${name(b)}`);
            }));
            return out;
        }""",
        [ON_SLIDE, BOXES],
    )


# Every word on the slide that the class reads (not the teacher's buttons under it), with
# its size: a number line's words by their height, drawn at 0.8 of their size.
SMALL_WORDS = """() => {
    const found = [];
    const slide = document.querySelector('#slide');
    const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode;
        const el = node.parentElement;
        const skip = el.closest('[hidden], .visually-hidden, .slide-nav');
        if (!node.textContent.trim() || skip) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        if (!box.width) continue;
        const svg = el.closest('svg');
        const size = svg ? box.height / 0.8 : parseFloat(getComputedStyle(el).fontSize);
        if (size < 32) found.push([node.textContent.trim().slice(0, 30), Math.round(size)]);
    }
    return found;
}"""


# --- the slides -------------------------------------------------------------------------


def test_a_teacher_walks_the_slides_first_to_last_by_keyboard_alone_on_a_projector(
    projector, live_server, requests_made, console_errors
) -> None:
    page = projector
    page.goto("/teach/")
    loaded = len(requests_made)
    seen = []
    for n, key in enumerate(["ArrowRight", "Space", "PageDown"] * 4):
        seen.append(title(page))
        assert page.evaluate(SMALL_WORDS) == [], seen[-1]
        assert slide_problems(page) == [], seen[-1]
        assert page.locator("#slide .say").first.is_visible()
        snapshot(page, f"slide-{n + 1:02}-projector")
        if n == len(TITLES) - 1:
            break
        press_until(page, key, TITLES[n + 1])

    assert seen == TITLES
    assert page.url.endswith(f"/teach/{slides()[-1].key}/")
    press_until(page, "Home", TITLES[0])
    press_until(page, "End", TITLES[-1])
    press_until(page, "PageUp", TITLES[-2])
    press_until(page, "ArrowLeft", TITLES[-3])
    # Every slide came with the page: no page asked of the server (only the card art a
    # slide first shows), and no cookie, all the way.
    assert [url for url in requests_made[loaded:] if "/static/img/" not in url] == []
    assert page.context.cookies() == []
    assert_only_our_site(requests_made, live_server.url)
    assert console_errors == []


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_no_slide_scrolls_on_a_phone_or_a_laptop_either(
    browser, live_server, transactional_db, requests_made, console_errors, size: str
) -> None:
    width, height = SIZES[size]
    context, page = open_tab(
        browser, live_server, requests_made, console_errors, {"width": width, "height": height}
    )
    page.goto("/teach/")
    problems = {}
    for n, wanted in enumerate(TITLES):
        if n:
            press_until(page, "ArrowRight", wanted)
        problems[wanted] = slide_problems(page)
        snapshot(page, f"slide-{n + 1:02}-{size}")
    context.close()
    assert {name: found for name, found in problems.items() if found} == {}


def test_every_slide_in_spanish_fits_a_projector_with_nothing_over_anything(projector) -> None:
    from django.utils import translation

    with translation.override("es"):
        titles = [said.title for said in slides_told()]
    page = projector
    page.goto("/es/teach/")
    problems = {}
    for n, wanted in enumerate(titles):
        if n:
            press_until(page, "PageDown", wanted)
        problems[wanted] = slide_problems(page) + page.evaluate(SMALL_WORDS)
    assert {name: found for name, found in problems.items() if found} == {}


def test_a_slide_can_be_reloaded_and_the_back_button_goes_back_a_slide(projector) -> None:
    page = projector
    page.goto("/teach/")
    press_until(page, "ArrowRight", TITLES[1])
    press_until(page, "ArrowRight", TITLES[2])

    page.reload()
    assert title(page) == TITLES[2]
    page.go_back()
    page.wait_for_function(
        "t => document.querySelector('#slide h1').textContent === t", arg=TITLES[1]
    )
    assert page.evaluate("document.title").startswith(TITLES[1])


def test_the_slides_own_buttons_move_too(projector) -> None:
    page = projector
    page.goto("/teach/")

    page.get_by_role("link", name="Next").click()
    assert title(page) == TITLES[1]
    page.get_by_role("link", name="Back").click()
    assert title(page) == TITLES[0]


def test_f_asks_for_the_full_screen_and_b_blanks_it_until_any_key(projector) -> None:
    page = projector
    page.goto("/teach/")
    press_until(page, "ArrowRight", TITLES[1])

    page.keyboard.press("f")
    page.wait_for_function("() => document.fullscreenElement === document.documentElement")
    page.keyboard.press("b")
    assert page.locator(".blank-screen").is_visible()
    snapshot(page, "blank-projector")
    page.keyboard.press("ArrowRight")  # brings the slide back, and moves nothing
    assert page.locator(".blank-screen").is_hidden()
    assert title(page) == TITLES[1]
    page.keyboard.press("F")
    page.wait_for_function("() => document.fullscreenElement === null")


def test_every_slide_reads_aloud_with_a_voice_on_the_device(projector) -> None:
    page = projector
    page.add_init_script(SPEECH_STUB % json.dumps([ON_DEVICE]))
    page.goto("/teach/")
    for n, slide in enumerate(slides_told()):
        if n:
            press_until(page, "ArrowRight", slide.title)
        page.locator("#slide .slide-text .say").click()
        page.wait_for_function("n => window.spoken.length > n", arg=n)
    spoken = page.evaluate("window.spoken")
    assert [s["text"] for s in spoken] == [slide.text for slide in slides_told()]
    assert {s["voice"] for s in spoken} == {"On this device"}


# --- the class's game -----------------------------------------------------------------


def test_the_class_plays_a_hole_together_by_keys_alone(
    projector, live_server, requests_made, console_errors, monkeypatch
) -> None:
    from games import models

    # One deal every run: on a deal that asks a sum on the number line from the start, the
    # arrows move the marker once it has the focus, and never leave it for Skip.
    monkeypatch.setattr(models, "new_seed", lambda: 1)
    page = projector
    page.goto("/teach/")
    press_until(page, "End", TITLES[-1])
    assert page.context.cookies() == []

    page.keyboard.press("ArrowRight")  # past the last slide: to the class's game
    assert page.evaluate("document.activeElement.id") == "play-together"
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="Play a hole together").wait_for()
    snapshot(page, "class-game-start-projector")
    page.keyboard.press("Enter")  # the deal button has the focus
    page.wait_for_selector("#game")
    page.wait_for_load_state()  # its style sheets too
    snapshot(page, "class-game-projector")
    press = keys(page, "ArrowRight", most=20)  # what a presentation clicker sends
    rng = random.Random(3)
    for _ in range(100):
        if page.locator(".ending").count():
            break
        make_move(page, choose(rng, offered(page)), press)

    assert page.locator(".ending").is_visible()
    game = Game.objects.get()
    assert game.state.is_over and len(game.state.results) == 1
    assert game.bot_levels == [None, "gentle"] and not game.seats.exists()
    assert [c["name"] for c in page.context.cookies()] == ["csrftoken", "sessionid"]
    assert_only_our_site(requests_made, live_server.url)
    assert console_errors == []


def test_the_arrow_keys_go_round_the_choices_on_the_table(projector) -> None:
    page = projector
    page.goto("/teach/play/")
    page.locator("#deal").press("Enter")  # not waiting on autofocus, which comes late
    page.wait_for_selector("#game:not(.narrating)")  # keys wait for the bots' turns told
    page.wait_for_load_state()  # the game's page, once it is there: game.js hears the arrows
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # I remember them
    page.wait_for_selector("#stock:not([disabled])")
    choices = offered(page)

    page.keyboard.press("ArrowLeft")  # from nowhere, back to the last
    assert page.evaluate("document.activeElement.id") == choices[-1]
    page.keyboard.press("ArrowRight")  # and round to the first
    assert page.evaluate("document.activeElement.id") == choices[0]
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.id") == choices[1]
    assert page.locator(f"{PLAYING}:focus-visible").count() == 1


# --- the class's game with a clicker alone ----------------------------------------------

# A deal (with the moves ``clicker_plays`` chooses) whose hole asks who won, then a sum,
# walked on the number line from its first try: a clicker has no digits.
CLICKER_SEED = 14
# The clicker's keys as the class's game says them, a line for the keys that play and one
# for the screen's, and the ways beside the number line's marker, in each language.
LEGEND = {
    "en": [
        "PageDown show, again: play · PageUp back or stop",
        "B blank · F5 full screen · Esc leave it",
    ],
    "es": [
        "AvPág ver, otra vez: jugar · RePág atrás o parar",
        "B en negro · F5 pantalla completa · Esc salir",
    ],
}
WAYS = {"en": ("One more", "One less"), "es": ("Uno más", "Uno menos")}


def legend_lines(page) -> list[str]:
    lines = page.locator("#clicker-keys .keys-line").all_text_contents()
    return [" ".join(line.split()) for line in lines]


def active(page) -> str:
    return page.evaluate("document.activeElement.id || document.activeElement.className")


def clicker(page):
    """A press as a presentation clicker makes it: PageDown shows the first move on offer,
    PageUp goes back a choice until ``#target`` is shown, and PageDown makes it."""

    def press(target: str) -> None:
        if active(page) not in offered(page):
            page.keyboard.press("PageDown")
        reach(page, "PageUp", target, most=30)
        page.keyboard.press("PageDown")

    return press


def clicker_types(page, answer: int) -> None:
    """The answer on the number pad, a key at a time: PageUp goes back along the keys to
    it, PageDown presses it, and OK is shown; then PageDown presses OK."""
    page.keyboard.press("PageDown")  # the first key is shown
    for key in (["−"] if answer < 0 else []) + list(str(abs(answer))):
        for _ in range(30):
            if page.evaluate("k => document.activeElement.dataset.key === k", key):
                break
            page.keyboard.press("PageUp")
        page.keyboard.press("PageDown")
        assert active(page) == "answer-ok"
        assert page.text_content("#announcer") == page.input_value("#answer")  # said
    page.keyboard.press("PageDown")


def clicker_walks(page, landings, ways=WAYS["en"]) -> None:
    """A sum walked on the number line with the clicker: for each step, PageDown shows "One
    more" (PageUp "One less") beside the marker, each PageDown more moves the marker that
    way, PageUp shows "Stop here" and PageDown lands; then PageDown presses OK."""
    at = int(page.locator(".walk").get_attribute("data-start"))
    for step, landing in enumerate(landings, start=1):
        marker = page.locator(f"#landing-{step}")
        page.keyboard.press("PageDown" if landing > at else "PageUp")
        way = page.locator(f"#landing-{step} ~ .clicker-way").text_content()
        assert way == (ways[0] if landing > at else ways[1])
        assert active(page) == f"landing-{step}"
        for _ in range(abs(landing - at)):
            page.keyboard.press("PageDown")
        assert marker.input_value() == str(landing)
        page.keyboard.press("PageUp")
        if landing == at:  # from "One less", "Stop here" is one more PageUp away
            page.keyboard.press("PageUp")
        assert active(page) == "button land-here"
        page.keyboard.press("PageDown")
        at = landing
    assert active(page) == "land-ok"
    page.keyboard.press("PageDown")


def clicker_plays(page, rng: random.Random, ways=WAYS["en"], to_the_line=False) -> list[str]:
    """The class's hole played to its end with PageDown and PageUp alone: the moves chosen
    as ``choose`` does, every question answered right (a sum missed once on the pad first,
    where it is asked there); ``to_the_line``: up to the first sum on the number line.
    Returns the kinds of question asked."""
    press = clicker(page)
    kinds = []
    for _ in range(120):
        page.wait_for_selector("#game:not(.narrating)")
        if page.locator(".ending").count() or (to_the_line and page.locator(".walk").count()):
            return kinds
        if not page.locator(".question").count():
            make_move(page, choose(rng, offered(page)), press)
            continue
        question = asked()
        before = version(page)
        if question.choices:
            kinds.append("choice")
            press(f"choice-{question.answer}")
        elif page.locator(".walk").count():
            kinds.append("line")
            clicker_walks(page, question.question.landings, ways)
        else:
            kinds.append("pad")
            missed = "pad" not in kinds[:-1] and question.question.can_go_on_line
            clicker_types(page, question.answer + (1 if missed else 0))
        wait_for_the_answer(page, before)
    raise AssertionError("the hole never ended")


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_clicker_alone_plays_a_hole_of_the_class_game_with_its_questions(
    projector, axe, console_errors, monkeypatch, language
) -> None:
    from games import models

    monkeypatch.setattr(models, "new_seed", lambda: CLICKER_SEED)
    page = projector
    if language == "en":
        page.goto("/teach/")
        for title in TITLES[1:]:
            press_until(page, "PageDown", title)
        page.keyboard.press("PageDown")  # past the last slide, the way on is shown
        assert active(page) == "play-together"
        page.keyboard.press("PageDown")  # and taken
    else:  # the slides in Spanish are walked in test_every_slide_in_spanish_fits_…
        page.goto("/es/teach/play/")
    page.wait_for_selector("#deal:focus")  # "Deal the cards" is shown
    page.keyboard.press("PageDown")
    page.wait_for_selector("#game:not(.narrating)")
    page.wait_for_load_state()
    legend = page.locator("#clicker-keys")
    assert legend_lines(page) == LEGEND[language]
    assert legend.is_visible()

    # B blanks the screen, and any key brings the table back without making a move.
    page.keyboard.press("b")
    assert page.locator(".blank-screen").is_visible()
    page.keyboard.press("PageDown")
    assert page.locator(".blank-screen").is_hidden()
    assert page.locator(":focus").count() == 0 or active(page) not in offered(page)
    page.keyboard.press(".")
    assert page.locator(".blank-screen").is_visible()
    page.keyboard.press("PageUp")
    assert page.locator(".blank-screen").is_hidden()

    # F5, a clicker's "slideshow" button, fills the screen with the game and never loads
    # it again; Esc, its "stop", leaves the full screen; and Esc brings back a blank table.
    page.evaluate("window.stillHere = true")
    page.keyboard.press("F5")
    page.wait_for_function("() => document.fullscreenElement === document.documentElement")
    page.keyboard.press("Escape")
    page.wait_for_function("() => document.fullscreenElement === null")
    page.keyboard.press("b")
    page.keyboard.press("Escape")
    assert page.locator(".blank-screen").is_hidden()
    assert page.evaluate("window.stillHere") is True

    # The first move on offer is shown, ringed, by PageDown; held down, it is made; held
    # on, nothing more is made or shown.
    rng = random.Random(3)
    before = version(page)
    page.keyboard.down("PageDown")
    first = active(page)
    assert first == offered(page)[0] == choose(rng, offered(page))
    assert page.locator(f"#{first}:focus-visible").count() == 1
    page.keyboard.down("PageDown")  # held: the key repeats
    wait_for_the_answer(page, before)
    after = version(page)
    assert int(after) == int(before) + 1
    page.keyboard.down("PageDown")
    page.keyboard.down("PageDown")
    page.keyboard.up("PageDown")
    assert version(page) == after
    assert page.locator(f"{PLAYING}:focus").count() == 0
    assert axe(page) == []

    kinds = clicker_plays(page, rng, WAYS[language])

    assert kinds == ["choice", "line"]  # the sum on the line from its first try
    assert page.locator(".ending").is_visible()
    game = Game.objects.get()
    assert game.state.is_over and game.walk_first
    answers = [(a.kind, a.right, len(a.landings)) for a in game.skill_attempts.order_by("pk")]
    assert answers[0] == ("winner", True, 0)
    assert answers[1][:2] == ("column", True) and answers[1][2] > 0  # walked, landing by landing
    assert axe(page) == []
    assert console_errors == []


def test_at_the_end_of_the_number_line_the_clicker_goes_on_to_stop_here(
    projector, monkeypatch
) -> None:
    from games import models

    monkeypatch.setattr(models, "new_seed", lambda: CLICKER_SEED)
    page = projector
    page.goto("/teach/play/")
    page.wait_for_selector("#deal:focus")
    page.keyboard.press("PageDown")
    page.wait_for_selector("#game:not(.narrating)")
    page.wait_for_load_state()  # lessons.js, deferred, listens for the keys
    assert clicker_plays(page, random.Random(3), to_the_line=True) == ["choice"]
    marker = page.locator("#landing-1")
    end, at = int(marker.get_attribute("max")), int(marker.input_value())

    page.keyboard.press("PageDown")  # "One more" is shown
    for _ in range(end - at):
        page.keyboard.press("PageDown")
    assert marker.input_value() == str(end)
    page.keyboard.press("PageDown")  # the line goes no further: "Stop here" is shown

    assert active(page) == "button land-here"
    assert page.locator("#landing-1 ~ .clicker-way").text_content() == ""
    page.keyboard.press("PageDown")  # and it lands there
    page.wait_for_selector("#landing-1", state="hidden")
    assert marker.input_value() == str(end)


@pytest.mark.parametrize("width, height", [(1920, 1080), (1600, 900)])
def test_the_clicker_keys_are_said_in_spanish_on_the_class_game(
    browser, live_server, transactional_db, requests_made, console_errors, axe, width, height
) -> None:
    size = {"width": width, "height": height}
    context, page = open_tab(browser, live_server, requests_made, console_errors, size)
    page.goto("/es/teach/play/")
    page.wait_for_selector("#deal:focus")
    # The page before the table says how the clicker plays, all of it on the screen.
    assert page.get_by_text("Con un mando, pulsa Siguiente").is_visible()
    assert page.locator("h1").bounding_box()["y"] >= 0
    assert page.locator("#deal").bounding_box()["y"] + 80 <= height
    page.keyboard.press("PageDown")
    page.wait_for_selector("#game:not(.narrating)")
    page.wait_for_load_state()
    legend = page.locator("#clicker-keys")
    text = legend_lines(page)
    more, less = legend.get_attribute("data-more"), legend.get_attribute("data-less")
    # The header holds the keys' two lines and the switches, without the page scrolling
    # sideways.
    widest = page.evaluate("document.scrollingElement.scrollWidth")
    keys, header = legend.bounding_box(), page.locator(".site-header").bounding_box()
    found = axe(page)
    context.close()

    assert text == LEGEND["es"]
    assert (more, less) == WAYS["es"]
    assert widest == width
    assert keys["y"] >= 0 and keys["y"] + keys["height"] <= header["y"] + header["height"]
    assert found == []


# --- How to play ------------------------------------------------------------------------


def test_how_to_play_is_one_click_from_the_table_and_lands_on_its_game(page) -> None:
    page.goto("/play/")
    page.get_by_role("radio", name="Knock Golf").check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_selector("#game")
    page.wait_for_load_state()  # its style sheets too

    page.get_by_role("link", name="How to play").click()

    page.wait_for_url("**/rules/#knock9")
    heading = page.get_by_role("heading", name="Knock Golf", exact=True).bounding_box()
    assert 0 <= heading["y"] < 844


def test_the_rules_read_aloud_step_by_step(page) -> None:
    page.add_init_script(SPEECH_STUB % json.dumps([ON_DEVICE]))
    page.goto("/rules/")

    page.locator("#easy4 .rule-step").nth(4).locator(".say").click()

    page.wait_for_function("() => window.spoken.length > 0")
    assert page.evaluate("window.spoken[0].text") == rule_words.text(
        EASY_RULES, EASY_RULES.steps[4]
    )


@pytest.mark.parametrize("paper", ["Letter", "A4"])
def test_the_easy_rules_print_on_one_page(browser, live_server, paper: str) -> None:
    page = browser.new_page(base_url=live_server.url)
    page.goto("/rules/")

    pdf = page.pdf(format=paper)
    # The page as printed: the paper's size, less the margins of the print style sheet.
    inches = {"Letter": (8.5, 11), "A4": (8.27, 11.69)}[paper]
    margin = 1.2 / 2.54
    width, height = ((side - 2 * margin) * 96 for side in inches)
    page.emulate_media(media="print")
    page.set_viewport_size({"width": int(width), "height": int(height)})
    easy = page.locator("#easy4").bounding_box()
    breaks = page.eval_on_selector("#classic6", "s => getComputedStyle(s).breakBefore")
    page.close()

    assert easy["y"] + easy["height"] <= height
    assert breaks == "page"
    assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 2  # the easy rules, then the others


def test_the_rules_page_at_every_size(browser, live_server) -> None:
    for size, (width, height) in SIZES.items():
        context = browser.new_context(
            base_url=live_server.url, viewport={"width": width, "height": height}
        )
        page = context.new_page()
        page.goto("/rules/")
        widest = page.evaluate("document.scrollingElement.scrollWidth")
        if SHOTS:
            page.screenshot(path=Path(SHOTS) / f"classroom-rules-{size}.png", full_page=True)
        context.close()
        assert widest <= width, size


# --- accessibility --------------------------------------------------------------------


def test_axe_finds_nothing_on_any_lesson_page(projector, axe) -> None:
    page = projector
    found = {}
    page.goto("/rules/")
    found["rules"] = axe(page)
    page.goto("/teach/")
    for n, wanted in enumerate(TITLES):
        if n:
            press_until(page, "ArrowRight", wanted)
        found[wanted] = axe(page)
    page.goto(f"/teach/{slides()[3].key}/")  # a slide opened by its own address
    found["a slide by its address"] = axe(page)
    page.goto("/teach/play/")
    found["the class's game, to start"] = axe(page)

    assert {name: problems for name, problems in found.items() if problems} == {}


# --- the class's game on a projector ------------------------------------------------------

# Every word the class reads on the game page, with its size and where it ends; the cards'
# own faces are drawn to their size, and a closed "How Pip got 5" is not read until opened.
WORDS_ON_SCREEN = """() => {
    const found = [];
    // Inside a closed <details> only its own summary is shown (a summary in a closed
    // details inside it is not).
    const folded = el => {
        const closed = 'details:not([open])';
        for (let d = el.closest(closed); d; d = d.parentElement.closest(closed)) {
            if (!d.querySelector(':scope > summary').contains(el)) return true;
        }
        return false;
    };
    const skip = el => el.closest('[hidden], .visually-hidden, template, .card, figcaption')
        || folded(el);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode;
        const el = node.parentElement;
        if (!node.textContent.trim() || skip(el) || el.closest('.site-footer')) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        if (!box.width || box.bottom <= 0) continue;  // the skip link waits off screen
        const svg = el.closest('svg');
        const size = svg ? box.height / 0.8 : parseFloat(getComputedStyle(el).fontSize);
        const text = node.textContent.trim().slice(0, 30);
        found.push([text, Math.round(size), Math.round(box.bottom)]);
    }
    return found;
}"""


def small_or_below(page) -> list:
    words = page.evaluate(WORDS_ON_SCREEN)
    height = page.viewport_size["height"]
    return [w for w in words if w[1] < 32 or w[2] > height]


def test_the_class_answers_a_number_question_by_keys_alone_every_word_32_px(
    projector, live_server, console_errors, axe, monkeypatch
) -> None:
    from games import models
    from games.table import question_asked as current_question
    from lessons.models import SkillAttempt

    # The same deals every run: a deal with many sums below zero draws more number lines
    # than one projector screen holds (see class-table.css).
    seeds = iter(range(1, 100))
    monkeypatch.setattr(models, "new_seed", lambda: next(seeds))
    page = projector
    press = keys(page, "ArrowRight", most=30)
    rng = random.Random(5)
    answered = None
    for _deal in range(6):  # a deal whose one hole asks for a number
        page.goto("/teach/play/")
        page.locator("#deal").press("Enter")  # not waiting on autofocus, which comes late
        page.wait_for_selector("#game")
        page.wait_for_load_state()  # its style sheets too: measured before, its words were small
        for _ in range(100):
            page.wait_for_selector("#game:not(.narrating)")
            assert small_or_below(page) == [], page.eval_on_selector("#game", "g => g.className")
            if page.locator(".ending").count():
                break
            if page.locator("#answer").count():
                game = Game.objects.order_by("-created").first()
                question = current_question(game.table)
                # The arrows reach the pad: from nowhere, the first key; Enter presses it.
                page.keyboard.press("ArrowRight")
                assert page.evaluate("document.activeElement.className") == "pad-key"
                page.keyboard.press("Enter")
                assert page.input_value("#answer") == "1"
                page.keyboard.press("Backspace")
                assert page.input_value("#answer") == ""
                snapshot(page, "class-game-question-projector")
                assert axe(page) == []
                before = page.get_attribute("input[name=version]", "value")
                page.keyboard.type(str(question.answer))  # "-2" types the minus too
                assert page.evaluate("document.activeElement.id") == "answer-ok"
                page.keyboard.press("Enter")
                page.wait_for_function(
                    "v => document.querySelector('input[name=version]').value !== v", arg=before
                )
                answered = SkillAttempt.objects.get(game=game, kind=question.kind)
                assert (answered.given, answered.right) == (question.answer, True)
                continue
            make_move(page, choose(rng, offered(page)), press)
        if answered:
            break
    assert answered is not None, "no deal asked a question answered with a number"
    snapshot(page, "class-game-over-projector")
    assert console_errors == []


def test_the_last_slides_number_line_spans_the_screen_with_numbers_over_32_px(projector) -> None:
    page = projector
    page.goto("/teach/")
    press_until(page, "End", TITLES[-1])

    line = page.eval_on_selector(
        "#slide .number-line svg",
        """svg => ({
            width: svg.getBoundingClientRect().width,
            bottom: svg.getBoundingClientRect().bottom,
            labels: [...svg.querySelectorAll('text')].map(t => t.getBoundingClientRect().height),
        })""",
    )

    assert line["width"] >= 0.8 * 1920
    assert line["bottom"] <= 1080
    assert min(line["labels"]) >= 32
    assert slide_problems(page) == []


# The deals whose end of the hole draws the most number lines, found by playing every seed
# from 1 to 1500 six ways (``playing.play_out_the_hole``): (seed, way, lines). Five is the
# most a hole of the class's game draws: each column's sum, the hole's, the total so far
# and who won. The last two draw fewer lines but have the longest story beside them.
WORST_DEALS = [(446, 1, 5), (1044, 3, 5), (1251, 3, 5), (136, 3, 4), (60, 2, 1)]

# Every number line on the page that the class sees: its width, where it ends, and the
# size its numbers are drawn at (a drawing unit is the picture's width over its viewBox's).
LINES_ON_SCREEN = """() => [...document.querySelectorAll('.number-line svg')]
    .filter(svg => svg.getBoundingClientRect().width && !svg.closest('details:not([open])'))
    .map(svg => {
        const box = svg.getBoundingClientRect();
        const scale = box.width / svg.viewBox.baseVal.width;
        const sizes = [...svg.querySelectorAll('text')]
            .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
        return {width: box.width, bottom: box.bottom, smallest: Math.min(...sizes)};
    })"""


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_end_of_the_hole_fits_a_projector_with_its_number_lines_across_it(
    projector, axe, console_errors, monkeypatch, language
) -> None:
    from games import models

    page = projector
    found = {}
    for seed, way, lines in WORST_DEALS:
        monkeypatch.setattr(models, "new_seed", lambda seed=seed: seed)
        page.goto("/teach/play/" if language == "en" else f"/{language}/teach/play/")
        page.locator("#deal").press("Enter")  # not waiting on autofocus, which comes late
        page.wait_for_selector("#game")
        page.wait_for_load_state()  # its style sheets too: measured before, its words were small
        game = Game.objects.order_by("-created").first()
        play_out_the_hole(game, way)
        page.reload()
        page.wait_for_selector("#game:not(.narrating) .summary:not(.practising)")
        drawn = page.evaluate(LINES_ON_SCREEN)
        widest = page.evaluate("document.scrollingElement.scrollWidth")
        snapshot(page, f"class-game-summary-{seed}-{language}-projector")
        found[seed] = {
            "lines": len(drawn),
            "small or below": small_or_below(page),
            "narrow": [round(d["width"]) for d in drawn if d["width"] < 0.6 * 1920],
            "below": [round(d["bottom"]) for d in drawn if d["bottom"] > 1080],
            "small numbers": [round(d["smallest"], 1) for d in drawn if d["smallest"] < 32],
            "scrolls sideways": widest > 1920,
            "axe": axe(page),
            # The class's own cards, to be seen from the back of the room.
            "short cards": page.eval_on_selector_all(
                ".score-card.you .card",
                "cards => cards.map(c => c.getBoundingClientRect().height).filter(h => h < 160)",
            ),
        }
        assert found[seed]["lines"] == lines, seed

    fine = {"lines": 0, "small or below": [], "narrow": [], "below": [], "small numbers": []}
    fine |= {"scrolls sideways": False, "axe": [], "short cards": []}
    assert {seed: f | {"lines": 0} for seed, f in found.items()} == dict.fromkeys(found, fine)
    assert console_errors == []
