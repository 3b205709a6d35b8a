"""A child plays whole games in a real Chromium, by mouse and by keyboard alone."""

import random

import pytest
from axe_playwright_python.sync_playwright import Axe

from games.models import Game

pytestmark = pytest.mark.browser

PLAYING = "button[form=table-form][name=move]"


def start_game(page, mode: str, holes: str = "1 hole") -> None:
    page.goto("/")
    page.get_by_role("link", name="Play").click()
    page.get_by_role("radio", name=mode).check()
    page.get_by_label(holes, exact=True).check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_selector("#game")


def offered(page) -> list[str]:
    """The ids of the buttons that make a move right now."""
    return page.eval_on_selector_all(PLAYING, "buttons => buttons.map(b => b.id)")


def version(page) -> str:
    return page.get_attribute("input[name=version]", "value")


def wait_for_the_answer(page, before: str) -> None:
    page.wait_for_function(
        """before => {
            const v = document.querySelector('input[name=version]');
            return !v || v.value !== before;
        }""",
        arg=before,
    )


def choose(rng: random.Random, ids: list[str]) -> str:
    # Knocking at once would end a game before it has shown much, so wait a little.
    calm = [i for i in ids if i != "knock"]
    return rng.choice(calm if calm and rng.random() < 0.8 else ids)


def play_to_the_end(page, press, at_a_hole_summary=None) -> int:
    """Play offered moves until the game is over; returns how many moves were made."""
    rng = random.Random(1)
    for made in range(400):
        if page.locator(".game-over").count():
            return made
        ids = offered(page)
        if ids == ["next-hole"] and at_a_hole_summary:
            at_a_hole_summary()
            at_a_hole_summary = None
        target = choose(rng, ids)
        before = version(page)
        press(target)
        wait_for_the_answer(page, before)
    raise AssertionError("the game did not end")


def click(page):
    return lambda target: page.locator(f"#{target}").click()


def keyboard(page):
    def press(target: str) -> None:
        for _ in range(80):
            if page.evaluate("document.activeElement && document.activeElement.id") == target:
                page.keyboard.press("Enter")
                return
            page.keyboard.press("Tab")
        raise AssertionError(f"could not reach #{target} with the Tab key")

    return press


def assert_game_over(page) -> None:
    assert page.locator(".game-over").get_by_text("The lowest total wins").is_visible()
    assert page.get_by_role("button", name="Play again").is_visible()
    game = Game.objects.get()
    assert game.state.is_over


def assert_only_our_site(requests_made: list[str], base: str) -> None:
    assert requests_made
    strangers = [url for url in requests_made if not url.startswith(base + "/")]
    assert strangers == []


def test_a_child_plays_a_whole_easy4_game_by_clicking(
    page, live_server, requests_made, console_errors
) -> None:
    start_game(page, "Four cards: the easy game", holes="3 holes")
    assert page.get_by_role("button", name="I remember them").is_visible()

    moves = play_to_the_end(page, click(page))

    assert moves > 3
    assert_game_over(page)
    assert len(Game.objects.get().state.results) == 3
    assert_only_our_site(requests_made, live_server.url)
    assert console_errors == []


def test_a_child_plays_a_whole_classic6_game_by_clicking(
    page, live_server, requests_made, console_errors
) -> None:
    start_game(page, "Six cards: the full game")
    assert "different columns" in page.locator("#prompt").text_content()

    play_to_the_end(page, click(page))

    assert_game_over(page)
    assert_only_our_site(requests_made, live_server.url)
    assert console_errors == []


@pytest.mark.parametrize("mode", ["Four cards: the easy game", "Six cards: the full game"])
def test_a_whole_game_can_be_played_with_the_keyboard_alone(
    page, live_server, requests_made, mode: str
) -> None:
    start_game(page, mode)

    play_to_the_end(page, keyboard(page))

    assert_game_over(page)
    assert_only_our_site(requests_made, live_server.url)


def test_a_card_tapped_the_moment_the_board_is_redrawn_still_makes_its_move(
    page, live_server
) -> None:
    start_game(page, "Six cards: the full game")
    before = int(version(page))
    # The second tap lands as soon as the browser is free after the swap, before any timer
    # htmx might have set to finish wiring up the new board.
    page.evaluate(
        """() => document.body.addEventListener("htmx:afterSwap", () => {
            setTimeout(() => document.querySelector("#card-0-4").click(), 0);
        }, {once: true})"""
    )

    page.locator("#card-0-0").click()
    page.wait_for_function(
        """target => document.querySelector(".message.error")
            || Number(document.querySelector("input[name=version]").value) >= target""",
        arg=before + 2,
    )

    assert page.locator(".message.error").count() == 0
    child = Game.objects.get().state.face_up[0]
    assert child[0] and child[4]


def test_bot_steps_are_told_one_by_one_and_can_be_skipped(browser, live_server, transactional_db):
    context = browser.new_context(base_url=live_server.url)  # motion allowed
    page = context.new_page()
    page.clock.install()
    start_game(page, "Six cards: the full game")
    before = version(page)
    page.locator("#card-0-0").click()
    wait_for_the_answer(page, before)
    # From here the page's timers run only when the test says so, however slow the machine.
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    before = version(page)
    page.locator("#card-0-4").click()
    wait_for_the_answer(page, before)
    page.clock.run_for(100)  # htmx settles the new board; the first bot step is told

    # After the child's two starting cards, the bot always has at least two steps to tell.
    skip = page.get_by_role("button", name="Skip")
    skip.wait_for(state="visible")
    hidden = page.locator(".step:not(.own)[hidden]").count()
    assert hidden >= 1
    assert page.locator("#prompt").is_hidden()
    page.clock.run_for(1000)
    assert page.locator(".step:not(.own)[hidden]").count() == hidden - 1
    skip.click()
    assert page.locator(".step[hidden]").count() == 0
    assert page.locator("#prompt").is_visible()
    assert page.locator("#announcer").text_content().strip()
    context.close()


def test_the_game_pages_have_no_accessibility_violations(page) -> None:
    axe = Axe()
    page.goto("/play/")
    pages = {"new game": axe.run(page)}
    start_game(page, "Four cards: the easy game", holes="3 holes")
    pages["peek"] = axe.run(page)
    page.get_by_role("button", name="I remember them").click()
    page.wait_for_selector("#stock:not([disabled])")
    pages["your turn"] = axe.run(page)
    page.get_by_role("button", name="Show me a good move").click()
    page.wait_for_selector(".hint")
    page.locator("#stock").click()
    page.wait_for_selector("#throw")
    pages["holding a card"] = axe.run(page)
    play_to_the_end(page, click(page), lambda: pages.update({"hole scores": axe.run(page)}))
    pages["game over"] = axe.run(page)
    page.get_by_role("link", name="Watch the game again").click()
    pages["replay"] = axe.run(page)

    assert "hole scores" in pages
    problems = {name: r.generate_report() for name, r in pages.items() if r.violations_count}
    assert problems == {}


def test_a_move_from_an_old_page_shows_a_kind_message_and_the_current_board(page) -> None:
    start_game(page, "Six cards: the full game")
    page.locator("#card-0-0").click()
    page.wait_for_selector("#card-0-0[disabled]")
    # As if this page had been left open in a second tab while the game moved on.
    page.eval_on_selector("input[name=version]", "input => { input.value = '0'; }")

    page.locator("#card-0-1").click()

    page.get_by_text("That move was already made").wait_for()
    game = Game.objects.get()
    assert page.get_attribute("input[name=version]", "value") == str(game.version)
    assert game.state.face_up[game.human_seat][:2] == (True, False)


def test_leaving_the_page_and_coming_back_continues_the_same_position(page) -> None:
    start_game(page, "Six cards: the full game")
    before = version(page)
    page.locator("#card-0-0").click()
    wait_for_the_answer(page, before)
    where = version(page)
    name = page.get_attribute("#card-0-0", "aria-label")

    page.goto("/")
    page.get_by_role("link", name="Play").click()
    page.get_by_role("link", name="Six-card Golf, hole 1 of 1").click()

    assert version(page) == where
    assert page.get_attribute("#card-0-0", "aria-label") == name
    assert not name.startswith("face-down")


def test_with_reduced_motion_every_bot_step_shows_at_once(page) -> None:
    start_game(page, "Six cards: the full game")
    page.locator("#card-0-0").click()
    page.wait_for_selector("#card-0-0[disabled]")
    before = version(page)

    page.locator("#card-0-4").click()
    wait_for_the_answer(page, before)
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'prompt'")

    assert page.locator(".step:not(.own)").count() >= 2
    assert page.locator(".step[hidden]").count() == 0
    assert page.get_by_role("button", name="Skip").is_hidden()
    assert page.locator("#stock").is_visible()
    announced = page.locator("#announcer").text_content()
    assert "Pip" in announced and "Your turn" in announced
