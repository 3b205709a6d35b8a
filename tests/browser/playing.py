"""Playing a game in the browser as a child does: the moves on offer, one pressed at a time."""

import os
import random
from pathlib import Path

# Set PEABODY_SCREENSHOTS to a folder to keep pictures of the screens the tests pass.
SHOTS = os.environ.get("PEABODY_SCREENSHOTS")
SIZES = [(390, 844), (1280, 800), (1920, 1080)]
PLAYING = "button[form=table-form][name=move]"


def offered(page) -> list[str]:
    """The ids of the buttons that make a move right now, and Keep playing."""
    return page.eval_on_selector_all(f"{PLAYING}, #keep", "found => found.map(b => b.id)")


def version(page) -> str:
    return page.get_attribute("input[name=version]", "value")


def wait_for_the_answer(page, before: str) -> None:
    page.wait_for_function(
        """before => {
            const v = document.querySelector('input[name=version]');
            return !v || v.value !== before || document.querySelector('#keep');
        }""",
        arg=before,
    )
    page.wait_for_selector("#game:not(.narrating)")


def choose(rng: random.Random, ids: list[str]) -> str:
    # Knocking at once would end a game before it has shown much, so wait a little. A
    # practice question's OK needs an answer on the pad first: answer_a_question does that.
    ids = [i for i in ids if i != "answer-ok"]
    calm = [i for i in ids if i != "knock"]
    return rng.choice(calm if calm and rng.random() < 0.8 else ids)


def snapshot(page, name: str) -> None:
    """With PEABODY_SCREENSHOTS set, keep the whole page as it is now at each of the three
    sizes, then go back to the tab's own size."""
    if not SHOTS:
        return
    first = page.viewport_size
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=Path(SHOTS) / f"{name}-{width}.png", full_page=True)
    page.set_viewport_size(first)


def make_move(page, target: str, press) -> None:
    """Press a move's button and wait for the table to answer; Keep playing only takes the
    knock question away."""
    before = version(page)
    press(target)
    if target == "keep":
        page.wait_for_selector("#keep", state="detached")
    else:
        wait_for_the_answer(page, before)


def play_to_the_end(page, press, at_a_decision=None) -> int:
    """Play offered moves until the game is over; returns how many moves were made."""
    rng = random.Random(1)
    for made in range(400):
        if at_a_decision:
            at_a_decision()
        if page.locator(".ending").count():
            return made
        if page.locator("#and-knock").count() and rng.random() < 0.1:
            page.locator("#and-knock").check()
        make_move(page, choose(rng, offered(page)), press)
    raise AssertionError("the game did not end")


def click(page):
    return lambda target: page.locator(f"#{target}").click()


def keys(page, key: str, most: int = 200):
    """A press as made without a mouse: ``key`` moves the focus on until the target has it
    (Tab for a keyboard, an arrow for a presentation clicker), then Enter."""

    def press(target: str) -> None:
        for _ in range(most):
            if page.evaluate("document.activeElement && document.activeElement.id") == target:
                page.keyboard.press("Enter")
                return
            page.keyboard.press(key)
        raise AssertionError(f"could not reach #{target} with the {key} key")

    return press
