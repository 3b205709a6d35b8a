"""The end of a hole on a phone, in a real Chromium: the child's short score story comes
before Next hole and fits the screen with its number line closed; "Tell me more" opens by
keys; the read-aloud reads the story whole, what is folded away too; axe-core finds
nothing."""

import json

import pytest

from games.models import Game
from lessons.core.stories import cards_story
from tests.browser.playing import MODES, ON_DEVICE, SPEECH_STUB, play_out_the_hole, snapshot

pytestmark = pytest.mark.browser

STORY = ".score-card.you .story"


def a_hole_with_a_number_line(page, monkeypatch, mode: str) -> Game:
    """The end of the first hole whose child's story has a sum below 0 (the same deals
    every run); in Knock Golf, whose cards are never below 0, the first hole."""
    from games import models

    for seed in range(1, 60):
        monkeypatch.setattr(models, "new_seed", lambda seed=seed: seed)
        page.goto("/play/")
        page.get_by_role("radio", name=MODES[mode]).check()
        page.locator("input[name=holes][value='3']").check()
        page.get_by_role("button", name="Deal the cards").click()
        page.wait_for_selector("#game")
        game = Game.objects.order_by("-created").first()
        play_out_the_hole(game, way=1)
        story = cards_story(game.state.results[-1].layouts[0], game.state.rules)
        below = story.number_line or any(c.number_line for c in story.columns)
        if below or mode == "knock9":
            page.reload()
            page.wait_for_selector("#game:not(.narrating) .summary:not(.practising)")
            return game
    raise AssertionError("no deal had a sum below 0")


def box(page, selector: str) -> dict:
    return page.eval_on_selector(
        selector,
        "e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; }",
    )


@pytest.mark.parametrize("mode", ["classic6", "knock9"])
def test_on_a_phone_the_short_story_comes_before_next_hole_and_fits(
    page, axe, monkeypatch, console_errors, mode
) -> None:
    page.add_init_script(SPEECH_STUB % json.dumps([ON_DEVICE]))
    a_hole_with_a_number_line(page, monkeypatch, mode)

    # The story, its one number line closed, then Next hole: all on the first screen.
    story, next_hole = box(page, STORY), box(page, "#next-hole")
    assert story["bottom"] <= next_hole["top"]
    assert next_hole["bottom"] <= 844 and page.evaluate("scrollY") == 0
    assert page.locator(f"{STORY} details.see-line").count() == (mode != "knock9")
    assert page.locator(".number-line svg:visible").count() == 0  # none drawn till opened
    # Each column one line.
    heights = page.eval_on_selector_all(
        f"{STORY} .column-stories li",
        """lis => lis.map(
            li => li.getBoundingClientRect().height / parseFloat(getComputedStyle(li).lineHeight)
        )""",
    )
    assert heights and max(heights) < 1.5
    # Read aloud whole, what is folded away too, but not the buttons' words.
    page.locator(f"{STORY} .say").click()
    page.wait_for_function("() => window.spoken.length > 0")
    spoken = page.evaluate("window.spoken[window.spoken.length - 1].text")
    for told in page.locator(f"{STORY} details p, {STORY} details figcaption").all_text_contents():
        assert " ".join(told.split()) in spoken
    assert "Tell me more" not in spoken and "number line" not in spoken
    assert axe(page) == []
    snapshot(page, f"story-{mode}")

    # "Tell me more" by keys: Tab to it, Enter opens it; a 44 px target with its name.
    more = page.locator(f"{STORY} details.more")
    summary = more.locator("summary")
    assert summary.bounding_box()["height"] >= 44
    for _ in range(40):
        if page.evaluate(
            "document.activeElement.matches('.score-card.you details.more > summary')"
        ):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError("Tell me more was not reached by Tab")
    page.keyboard.press("Enter")
    assert more.get_attribute("open") is not None
    assert summary.evaluate("s => s.textContent.trim()") == "Tell me more"
    assert more.locator("p, figure").first.is_visible()
    snapshot(page, f"story-{mode}-more")
    if mode != "knock9":  # the number line offered opens the same way: one line, drawn
        page.locator(f"{STORY} details.see-line summary").press("Enter")
        assert page.locator(f"{STORY} details.see-line .number-line svg:visible").count() == 1
        snapshot(page, f"story-{mode}-open")
    assert axe(page) == []
    assert console_errors == []


@pytest.mark.parametrize("tab", ["laptop"], indirect=True)
@pytest.mark.parametrize("mode", ["easy4", "classic6", "knock9"])
def test_with_three_bots_on_a_laptop_the_end_of_a_hole_is_all_on_the_first_screen(
    tab, live_server, mode
) -> None:
    from dataclasses import replace

    from games.engine import PRESETS
    from tests.browser.pages import as_guest

    game = Game.start(
        rules=replace(PRESETS[mode], holes=3), bot_levels=["gentle"] * 3, guest_key="k" * 32
    )
    as_guest(tab, live_server, game)
    play_out_the_hole(game, way=1)

    tab.goto(game.get_absolute_url())
    tab.wait_for_selector("#game:not(.narrating) .summary:not(.practising)")

    # Every player's cards on one row, the winner's among them, with the child's story,
    # the words of who won and the way on: none of it below the fold.
    cards = tab.locator(".score-card").evaluate_all(
        "cards => cards.map(c => { const r = c.getBoundingClientRect();"
        " return [r.top, r.bottom, r.right]; })"
    )
    assert len(cards) == 4 and len({round(top) for top, _, _ in cards}) == 1
    assert max(bottom for _, bottom, _ in cards) <= 800
    assert max(right for _, _, right in cards) <= 1280
    for part in (".score-card.won", f"{STORY}", ".winner-line", "#next-hole"):
        assert box(tab, part)["bottom"] <= 800, part
    assert tab.evaluate("scrollY") == 0


@pytest.mark.parametrize("tab", ["laptop", "projector"], indirect=True)
@pytest.mark.parametrize("language", ["en", "es"])
def test_on_a_wide_screen_the_games_ways_on_stand_side_by_side_each_on_one_line(
    tab, live_server, language
) -> None:
    from dataclasses import replace

    from games.engine import PRESETS
    from games.table import NEXT, Move
    from tests.browser.pages import as_guest

    game = Game.start(
        rules=replace(PRESETS["classic6"], holes=1), bot_levels=["gentle"] * 3, guest_key="k" * 32
    )
    as_guest(tab, live_server, game)
    play_out_the_hole(game, way=1)
    game.play(Move(NEXT))

    tab.goto(("" if language == "en" else "/es") + game.get_absolute_url())

    buttons = tab.locator(".ending-actions .button").evaluate_all(
        """found => found.map(b => {
            const r = b.getBoundingClientRect();
            return {top: Math.round(r.top), inside: b.scrollWidth <= b.clientWidth,
                    left: r.left, right: r.right};
        })"""
    )
    assert len(buttons) == 3
    assert len({b["top"] for b in buttons}) == 1  # one row, each its words on one line
    width = tab.viewport_size["width"]
    for b in buttons:
        assert b["inside"] and b["left"] >= 0 and b["right"] <= width
