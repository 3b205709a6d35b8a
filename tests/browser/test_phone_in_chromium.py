"""The table on a phone (390 by 844), in a real Chromium: nothing wider than the screen in
any state, the hole in the title, the other players' cards big enough to read, the child's
own cards one size through the hole, the bots' bubbles clear of the title and the names.

Set PEABODY_SCREENSHOTS to a folder to keep a picture of the screens at three sizes.
"""

import re

import pytest

from games.models import Game
from games.table import NEXT, Move
from tests.browser.playing import (
    SPEECH_STUB,
    click,
    deal,
    make_move,
    offered,
    play_out_the_hole,
    play_to_the_end,
    snapshot,
    version,
    wait_for_the_answer,
)
from tests.browser.test_together_in_chromium import log_in_a_family, start_together

pytestmark = pytest.mark.browser

MODES = ["easy4", "classic6", "knock9"]
NO_VOICE = SPEECH_STUB % "[]"  # a device with no voice at all


def sideways(page) -> int:
    """How far the page reaches past the screen's right edge, in pixels."""
    return page.evaluate("document.documentElement.scrollWidth - innerWidth")


def box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def boxes(page, selector: str) -> list[dict]:
    return page.eval_on_selector_all(
        selector,
        """found => found.filter(e => e.getClientRects().length).map(e => {
            const r = e.getBoundingClientRect();
            return {x: r.x, y: r.y, width: r.width, height: r.height};
        })""",
    )


def overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def own_card(page) -> tuple[int, int]:
    found = box(page, ".hand .card")
    return round(found["width"]), round(found["height"])


# --- 1. the phone -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "mode"), [("en", "knock9"), ("es", "easy4"), ("es", "classic6")]
)
def test_a_phone_never_scrolls_sideways_even_with_no_voice(page, language, mode) -> None:
    page.add_init_script(NO_VOICE)
    deal(page, mode, bots="3", language=language)
    assert sideways(page) <= 0
    page.locator("#read-switch").click()
    page.wait_for_selector("#read-switch[aria-pressed=true]")
    page.locator("#prompt .say").click()
    page.wait_for_selector("#prompt .say.no-voice")
    assert sideways(page) <= 0
    snapshot(page, f"phone-no-voice-{language}")
    states = []

    def at_a_decision() -> None:
        # Every screen of the hole and the game, each with a read-aloud button pressed.
        states.append(page.get_attribute("#game", "class").split()[1])
        assert sideways(page) <= 0, states[-1]
        say = page.locator(".say:visible:not(.no-voice)")
        if say.count():
            say.first.click()
            page.wait_for_selector(".say.no-voice:visible")
            assert sideways(page) <= 0, states[-1]

    play_to_the_end(page, click(page), at_a_decision=at_a_decision)
    assert {"stage-play", "stage-summary", "stage-over"} <= set(states)


def test_a_long_nickname_never_makes_a_phone_scroll_sideways(page) -> None:
    names = ("Bartholomew_Fitzgera", "Anastasia_Konstanze")
    log_in_a_family(page, names)
    start_together(page, "Six cards: the full game", bots="2", names=names)
    seen = set()

    def at_a_decision() -> None:
        stage = page.get_attribute("#game", "class").split()[1]
        seen.add(stage)
        assert sideways(page) <= 0, stage

    play_to_the_end(page, click(page), at_a_decision=at_a_decision)
    assert {"stage-pass", "stage-play", "stage-over"} <= seen


@pytest.mark.parametrize(("language", "hole"), [("en", "Hole 2 of 3"), ("es", "Hoyo 2 de 3")])
def test_the_title_keeps_the_hole_whole_on_a_phone(page, language, hole) -> None:
    deal(page, "knock9", bots="3", holes="3", language=language)
    heading = page.locator(".bar h1")
    assert heading.inner_text() == hole.replace("2", "1")
    game = Game.objects.get()
    play_out_the_hole(game, 1)
    game.play(Move(NEXT))
    page.reload()

    # The second hole, with the child's total and the game's name beside it.
    assert heading.inner_text() == hole
    assert page.locator(".bar .your-total").is_visible()
    assert heading.evaluate("h => h.scrollWidth <= h.clientWidth")
    parts = [box(page, s) for s in (".bar h1", ".bar .your-total", ".bar .how-to-play")]
    assert all(part["x"] >= 0 and part["x"] + part["width"] <= 390 for part in parts)
    assert not overlap(parts[0], parts[1]) and not overlap(parts[1], parts[2])
    # The game's name is seen; "How to play" is said to a screen reader.
    name = "Knock Golf" if language == "en" else "Golf con cierre"
    assert box(page, ".bar .how-words")["width"] <= 1  # hidden the visually-hidden way
    link = page.get_by_role("link", name=re.compile(f"{name}$"))
    assert link.text_content().split() == (
        ["How", "to", "play", *name.split()]
        if language == "en"
        else ["Cómo", "se", "juega", "al", *name.split()]
    )
    snapshot(page, f"phone-title-{language}")


@pytest.mark.parametrize("mode", MODES)
def test_three_bots_cards_are_big_enough_to_read_on_a_phone(page, mode) -> None:
    deal(page, mode, bots="3")
    for _ in range(3):  # the first screens, and some bots' turns
        found = boxes(page, ".opponent .layout .card")
        assert len(found) == 3 * Game.objects.get().state.rules.size
        assert min(b["width"] for b in found) >= 35.9
        assert min(b["height"] for b in found) >= 49.9
        assert sideways(page) <= 0
        make_move(page, offered(page)[0], click(page))


@pytest.mark.parametrize("mode", MODES)
def test_while_the_bots_play_the_childs_cards_keep_their_size_and_bubbles_hide_no_name(
    page, mode
) -> None:
    page.emulate_media(reduced_motion="no-preference")  # the bots' steps told one by one
    deal(page, mode, bots="3")
    size = own_card(page)
    bubbles = 0
    for _ in range(5):
        before = version(page)
        page.locator(f"#{offered(page)[0]}").click()
        page.wait_for_function(
            "before => document.querySelector('input[name=version]').value !== before",
            arg=before,
        )
        while page.locator("#game.narrating").count():
            assert own_card(page) == size
            for bubble in boxes(page, ".bubble:not([hidden])"):
                bubbles += 1
                for part in boxes(page, ".bar h1, .seat-name"):
                    assert not overlap(bubble, part)
            page.wait_for_timeout(150)
        wait_for_the_answer(page, before)
        assert own_card(page) == size  # the child's turn again
    assert bubbles > 0
