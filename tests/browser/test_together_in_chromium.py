"""Two children play one game on the family device in a real Chromium, passing it round:
between their turns a pass screen hides every card until the next one says they are ready.

Set PEABODY_SCREENSHOTS to a folder to keep a picture of each screen at three sizes.
"""

import random

import pytest

from games.models import Game
from tests.browser.pages import log_in_a_family, start_together
from tests.browser.playing import choose, click, make_move, offered, snapshot

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("quick_passwords")]


def cards_on_screen(page) -> int:
    return page.locator("#game .card").count()


def test_two_children_play_a_hole_passing_the_device(
    page, axe, live_server, requests_made, console_errors
) -> None:
    log_in_a_family(page)
    snapshot(page, "together-whos-playing")
    start_together(page, "Four-card Golf")

    rng = random.Random(3)
    passed_to, shots = [], set()
    for _ in range(300):
        if page.locator("#next-hole").count():
            break
        if page.locator("#ready").count():
            name = page.locator("#prompt .words").inner_text().removeprefix("Pass to ")
            passed_to.append(name)
            assert cards_on_screen(page) == 0
            assert page.locator(".step, .sheet").count() == 0
            if "pass" not in shots:
                shots.add("pass")
                assert axe(page) == []
                snapshot(page, "together-pass")
            page.locator("#ready").click()
            page.wait_for_selector("#ready", state="detached")
            page.wait_for_selector("#game:not(.narrating)")
            assert cards_on_screen(page) > 0
            continue
        if page.locator("#remember").count():
            assert page.locator("#prompt").inner_text().startswith(f"{passed_to[-1]}, look")
            if "peek" not in shots:
                shots.add("peek")
                snapshot(page, "together-peek")
            target = "remember"
        else:
            assert page.locator("#prompt").inner_text().startswith(passed_to[-1])
            if "turn" not in shots and page.locator("#stock.playable").count():
                shots.add("turn")
                snapshot(page, "together-turn")
            target = choose(rng, offered(page))
        make_move(page, target, click(page))

    assert page.locator("#next-hole").count(), "the hole did not end"
    assert passed_to[:2] == ["Robin", "Sam"]  # each looks at their own 2 cards first
    assert len(passed_to) >= 4
    scores = page.locator(".score-card h3").all_inner_texts()
    assert [text.split(":")[0].strip() for text in scores] == ["Robin", "Sam", "Pip"]
    assert axe(page) == []
    snapshot(page, "together-hole-scores")

    page.locator("#next-hole").click()
    page.wait_for_selector(".ending")
    places = page.locator(".places .name").all_inner_texts()
    assert sorted(places) == ["Pip", "Robin", "Sam"]
    assert page.locator(".kind").count() == 2
    assert axe(page) == []
    snapshot(page, "together-ending")

    game = Game.objects.get()
    assert [seat.child.nickname for seat in game.seats.all()] == ["Robin", "Sam"]
    assert [url for url in requests_made if not url.startswith(live_server.url + "/")] == []
    assert console_errors == []


def test_the_table_of_the_person_whose_turn_it_is_at_three_bots(page, axe) -> None:
    log_in_a_family(page)
    start_together(page, "Six-card Golf", bots="3")
    # The seed picks the first dealer, so either child may be the first to play.
    first = page.locator("#prompt .words").inner_text().removeprefix("Pass to ").strip()
    seat = ["Robin", "Sam"].index(first)
    page.locator("#ready").click()
    page.wait_for_selector(f"#card-{seat}-0.playable")

    assert page.locator("#prompt").inner_text().startswith(f"{first}, turn over 2 cards")
    everyone = ["Robin", "Sam", "Pip", "Tully", "Juno"]  # in seat order
    others = [name for name in everyone if name != first]
    assert page.locator(".opponent .seat-name").all_inner_texts() == others
    assert axe(page) == []
    snapshot(page, "together-six-cards-five-others")
