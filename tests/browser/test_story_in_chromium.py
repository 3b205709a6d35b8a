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
