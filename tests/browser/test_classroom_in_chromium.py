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
from lessons.walkthrough import slides
from peabody.words.rules import EASY_RULES
from peabody.words.walkthrough import slides_said
from tests.browser.conftest import open_tab
from tests.browser.playing import (
    ON_DEVICE,
    PLAYING,
    SPEECH_STUB,
    assert_only_our_site,
    choose,
    keys,
    make_move,
    offered,
    play_out_the_hole,
)

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "laptop": (1280, 800), "projector": (1920, 1080)}
SHOTS = os.environ.get("PEABODY_SCREENSHOTS")
TITLES = [said.title for said in slides_said()]
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
    page.keyboard.press(key)
    page.wait_for_function("t => document.querySelector('#slide h1').textContent === t", arg=wanted)


def slide_problems(page) -> list[str]:
    """What is wrong with the slide on screen for a class: anything cut off or scrolled to."""
    return page.evaluate(
        """selector => {
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
            return out;
        }""",
        ON_SLIDE,
    )


def text_size(page) -> float:
    return page.eval_on_selector(
        "#slide .slide-text", "p => parseFloat(getComputedStyle(p).fontSize)"
    )


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
        assert text_size(page) >= 32, seen[-1]
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
    for n, slide in enumerate(slides_said()):
        if n:
            press_until(page, "ArrowRight", slide.title)
        page.locator("#slide .slide-text .say").click()
        page.wait_for_function("n => window.spoken.length > n", arg=n)
    spoken = page.evaluate("window.spoken")
    assert [s["text"] for s in spoken] == [slide.text for slide in slides_said()]
    assert {s["voice"] for s in spoken} == {"On this device"}


# --- the class's game -----------------------------------------------------------------


def test_the_class_plays_a_hole_together_by_keys_alone(
    projector, live_server, requests_made, console_errors
) -> None:
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
    page.keyboard.press("Enter")
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


# --- How to play ------------------------------------------------------------------------


def test_how_to_play_is_one_click_from_the_table_and_lands_on_its_game(page) -> None:
    page.goto("/play/")
    page.get_by_role("radio", name="Knock Golf").check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_selector("#game")

    page.get_by_role("link", name="How to play").click()

    page.wait_for_url("**/rules/#knock9")
    heading = page.get_by_role("heading", name="Knock Golf", exact=True).bounding_box()
    assert 0 <= heading["y"] < 844


def test_the_rules_read_aloud_step_by_step(page) -> None:
    page.add_init_script(SPEECH_STUB % json.dumps([ON_DEVICE]))
    page.goto("/rules/")

    page.locator("#easy4 .rule-step").nth(4).locator(".say").click()

    page.wait_for_function("() => window.spoken.length > 0")
    assert page.evaluate("window.spoken[0].text") == EASY_RULES.steps[4].text


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
    const skip = el => el.closest('[hidden], .visually-hidden, template, .card, figcaption')
        || (el.closest('details:not([open])') && !el.closest('summary'));
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
        page.keyboard.press("Enter")
        page.wait_for_selector("#game")
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
WORST_DEALS = [(446, 1, 5), (1044, 3, 5), (1251, 3, 5), (136, 3, 4), (60, 2, 3)]

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


def test_the_end_of_the_hole_fits_a_projector_with_its_number_lines_across_it(
    projector, axe, console_errors, monkeypatch
) -> None:
    from games import models

    page = projector
    found = {}
    for seed, way, lines in WORST_DEALS:
        monkeypatch.setattr(models, "new_seed", lambda seed=seed: seed)
        page.goto("/teach/play/")
        page.locator("#deal").press("Enter")  # not waiting on autofocus, which comes late
        page.wait_for_selector("#game")
        game = Game.objects.order_by("-created").first()
        play_out_the_hole(game, way)
        page.reload()
        page.wait_for_selector("#game:not(.narrating) .summary:not(.practising)")
        drawn = page.evaluate(LINES_ON_SCREEN)
        widest = page.evaluate("document.scrollingElement.scrollWidth")
        snapshot(page, f"class-game-summary-{seed}-projector")
        found[seed] = {
            "lines": len(drawn),
            "small or below": small_or_below(page),
            "narrow": [round(d["width"]) for d in drawn if d["width"] < 0.6 * 1920],
            "below": [round(d["bottom"]) for d in drawn if d["bottom"] > 1080],
            "small numbers": [round(d["smallest"], 1) for d in drawn if d["smallest"] < 32],
            "scrolls sideways": widest > 1920,
            "axe": axe(page),
        }
        assert found[seed]["lines"] == lines, seed

    fine = {"lines": 0, "small or below": [], "narrow": [], "below": [], "small numbers": []}
    fine |= {"scrolls sideways": False, "axe": []}
    assert {seed: f | {"lines": 0} for seed, f in found.items()} == dict.fromkeys(found, fine)
    assert console_errors == []
