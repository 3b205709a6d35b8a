"""The end of a hole and of a game in a real Chromium, as a moment: the hole's winners'
cards and faces marked, the game's winners' faces large, everyone's total on a number line
that fills in; all of it still under reduced motion, moving without it; in English and
Spanish at every size. (The sound: test_sound_in_chromium; nothing marked while a question
is open: test_open_question_in_chromium.)"""

import random

import pytest

from games.models import Game
from tests.browser.playing import choose, click, make_move, offered, snapshot

pytestmark = pytest.mark.browser

PREFIX = {"en": "", "es": "/es"}
# What still moves once the page has settled (two frames on: with reduced motion, every
# change of style is a transition of 0.01 ms, site.css), each as its kind, name and element.
RUNNING = """() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))).then(
    () => document.getAnimations().filter(a => a.playState === "running").map(a =>
        [a.constructor.name, a.animationName || a.transitionProperty,
         a.effect.target.tagName + "." + a.effect.target.getAttribute("class")]))"""
NAMES = "() => document.getAnimations().map(a => a.animationName)"
# celebration.css's animations
CELEBRATION = {"won-glow", "won-cheer", "line-draw", "line-appear", "mark-land"}


def deal(page, language: str = "en", mode: str = "easy4") -> None:
    """A game of one hole against two bots, with no practice questions, from the link the
    home page's pictures open."""
    page.goto(f"{PREFIX[language]}/play/?mode={mode}")
    page.locator("input[name=bots][value='2']").check()
    page.locator("input[name=holes][value='1']").check()
    page.locator("input[name=questions]").uncheck()
    page.locator(".deal button").click()
    page.wait_for_selector("#game")
    page.wait_for_load_state()


def play_to_the_end_of_the_hole(page) -> None:
    rng, press = random.Random(3), click(page)
    for _ in range(300):
        if page.locator(".summary").count():
            page.wait_for_selector("#game:not(.narrating)")
            return
        make_move(page, choose(rng, offered(page)), press)
    raise AssertionError("the hole did not end")


def see_who_won(page) -> None:
    page.locator("#next-hole").click()
    page.wait_for_selector(".ending")
    page.wait_for_load_state()


def winners() -> tuple[set[int], set[int]]:
    """The seats with the lowest score of the hole, and of the game."""
    state = Game.objects.get().state
    scores = state.results[-1].scores
    return {s for s, v in enumerate(scores) if v == min(scores)}, set(state.winners)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_end_of_a_hole_and_of_the_game_is_a_moment_that_holds_still_under_reduced_motion(
    tab, language: str, axe, console_errors
) -> None:
    deal(tab, language)
    play_to_the_end_of_the_hole(tab)
    hole_winners, game_winners = winners()

    marked = tab.locator(".score-card.won")
    assert {int(s) for s in marked.evaluate_all("m => m.map(c => c.dataset.seat)")} == (
        hole_winners
    )
    assert marked.first.evaluate("c => getComputedStyle(c).boxShadow") != "none"
    assert tab.evaluate(RUNNING) == []
    assert not CELEBRATION & set(tab.evaluate(NAMES))
    assert axe(tab) == []
    snapshot(tab, f"end-of-hole-{language}")

    see_who_won(tab)

    assert tab.locator(".moment .avatar").count() == len(game_winners)
    assert tab.locator(".moment").get_attribute("aria-hidden") == "true"
    line = tab.locator(".totals-line .number-line")
    assert line.locator("svg:visible").count() == 1
    totals = Game.objects.get().state.totals
    assert line.locator("svg:visible .mark").count() == len(set(totals))
    assert tab.evaluate(RUNNING) == []
    assert not CELEBRATION & set(tab.evaluate(NAMES))
    again = "Play again" if language == "en" else "Jugar otra vez"
    assert tab.get_by_role("button", name=again).is_visible()
    assert axe(tab) == []
    snapshot(tab, f"end-of-game-{language}")
    assert console_errors == []


def test_without_reduced_motion_the_winners_cheer_and_the_line_fills_in(page) -> None:
    page.emulate_media(reduced_motion="no-preference")
    deal(page, mode="classic6")
    play_to_the_end_of_the_hole(page)

    assert {"won-glow", "won-cheer"} <= set(page.evaluate(NAMES))

    see_who_won(page)

    moving = page.evaluate(NAMES)
    assert {"won-cheer", "line-draw", "mark-land"} <= set(moving)
    # The marks land one after the other, the lowest first.
    delays = page.locator(".totals-line svg:visible .mark").evaluate_all(
        "marks => marks.map(m => getComputedStyle(m).animationDelay)"
    )
    assert delays == sorted(delays, key=lambda d: float(d.rstrip("s"))) and len(set(delays)) > 1
