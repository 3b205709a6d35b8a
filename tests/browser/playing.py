"""Playing a game in the browser as a child does: the moves on offer, one pressed at a time."""

import random

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


def play_to_the_end(page, press, at_a_decision=None) -> int:
    """Play offered moves until the game is over; returns how many moves were made."""
    rng = random.Random(1)
    for made in range(400):
        if at_a_decision:
            at_a_decision()
        if page.locator(".ending").count():
            return made
        target = choose(rng, offered(page))
        if target == "keep":
            page.locator("#keep").click()
            page.wait_for_selector("#keep", state="detached")
            continue
        if page.locator("#and-knock").count() and rng.random() < 0.1:
            page.locator("#and-knock").check()
        before = version(page)
        press(target)
        wait_for_the_answer(page, before)
    raise AssertionError("the game did not end")


def click(page):
    return lambda target: page.locator(f"#{target}").click()
