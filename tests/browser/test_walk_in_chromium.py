"""A sum walked on the number line in a real Chromium: a marker moved one card at a time, by
keys, by a tap on the line or a drag, named for a screen reader, in English and in Spanish,
on a phone, a laptop and a projector; every landing drawn and said; a wrong step named
kindly."""

import os
from dataclasses import replace

import pytest

from games.engine import PRESETS
from games.models import Game
from games.table import Setup, Stage, apply, legal_moves, parse, question_asked, stage, start
from games.words.cards import number
from lessons.core.choice import Plan
from lessons.core.skills import Skill
from tests.browser.conftest import open_tab
from tests.browser.pages import answer_on_the_pad, as_guest, land_each_step_here, run_together
from tests.browser.playing import version, wait_for_the_answer
from tests.browser.playing import walk as walk_by_keys

pytestmark = pytest.mark.browser

RULES = replace(PRESETS["classic6"], holes=2)
SHOTS = os.environ.get("PEABODY_SCREENSHOTS", "")


def found(kind: str, negative: bool, span: int = 0) -> tuple[int, Plan, list[str]]:
    """A seed and plan whose first hole, played by always taking the first move on offer,
    asks a sum of ``kind`` ("line": walked on the line at once; "column": on the pad,
    then on the line after a miss); that goes below 0 on the way if ``negative``, and
    spans at least ``span`` from 0. The moves that get there."""
    skill = Skill.ADDING_NEGATIVE if negative else Skill.ADDING
    # Due, and rated unsure of it: it comes back at any level up to 3.
    plan = Plan(levels=((skill, 3),), due=(skill,), ratings=((skill, 1.5),))
    for seed in range(500):
        setup = Setup(RULES, seed, (None, "gentle"), plans=(plan,))
        table, events = start(setup)
        moves = []
        while stage(table) in (Stage.PLAY, Stage.PEEK):
            move = legal_moves(table)[0]
            table, events = apply(table, move)
            moves.append(str(move))
        asked = question_asked(table)
        if asked is None or not asked.can_go_on_line or asked.kind != kind:
            continue
        places = [sum(asked.terms[: n + 1]) for n in range(len(asked.terms))]
        if negative == any(v < 0 for v in places) and max(places) - min(0, *places) >= span:
            return seed, plan, moves
    raise AssertionError(f"no {kind} question in these seeds")


def game_at_the_question(tab, live_server, kind: str, negative: bool, span: int = 0) -> Game:
    """A guest game of this tab's, played up to its question: this tab's session holds the
    game's guest key, as the site gives a browser that starts a game."""
    seed, plan, moves = found(kind, negative, span)
    key = "walk-" + kind + ("-minus" if negative else "")
    game = Game.start(RULES, ["gentle"], guest_key=key, seed=seed, plans=[plan])
    for move in moves:
        game.play(parse(move))
    as_guest(tab, live_server, game)
    return game


def the_question(game: Game):
    game.refresh_from_db()
    return question_asked(game.table)


def miss_once(tab, game: Game) -> None:
    """Answer the sum wrong on the number pad: the second try is on the line."""
    answer_on_the_pad(tab, the_question(game).answer + 1)


def slider(tab, step: int):
    return tab.locator(f"#landing-{step}")


def test_a_missed_sum_is_walked_on_the_line_by_keys_and_each_landing_is_said(
    tab, live_server, axe, console_errors
) -> None:
    game = game_at_the_question(tab, live_server, "column", negative=True)
    tab.goto(game.get_absolute_url())
    miss_once(tab, game)
    asked = the_question(game)

    walk = tab.locator(".walk")
    assert walk.is_visible()
    # One step at a time: only the first slider shows, and OK waits for the last landing.
    assert slider(tab, 1).is_visible()
    assert not tab.locator("#land-ok").is_visible()
    # Named for a screen reader by its words, its value said in words.
    first = tab.get_by_role("slider").first
    assert first.get_attribute("aria-valuetext")
    assert axe(tab) == []
    if SHOTS:
        tab.screenshot(path=f"{SHOTS}/walk-{tab.size}.png", full_page=True)

    def drawn_and_said(step: int, landing: int) -> None:
        assert tab.locator(".hop.walked").count() >= step
        assert number(landing) in tab.locator("#announcer").inner_text()

    walk_by_keys(tab, asked.landings, landed=drawn_and_said)
    assert tab.locator("#land-ok").is_visible()
    before = version(tab)
    tab.keyboard.press("Enter")  # OK has the focus
    wait_for_the_answer(tab, before)

    assert "Yes! You got it this time." in tab.locator("#feedback").inner_text()
    assert console_errors == []


def test_a_long_lines_numbers_never_run_together(tab, live_server) -> None:
    game = game_at_the_question(tab, live_server, "line", negative=False, span=14)
    tab.goto(game.get_absolute_url())
    tab.wait_for_selector(".walk-marker >> visible=true")
    line = tab.locator(".walk .number-line svg:visible")
    assert line.locator(".tick-label").count() > 12  # a long line, from 0 to 14 or more
    assert run_together(tab, ".walk .number-line svg") == []
    assert line.locator(".tick-label.zero:visible").count() == 1


def test_a_tap_on_the_line_puts_the_marker_there_and_a_wrong_step_is_named(
    browser, live_server, transactional_db, requests_made, console_errors
) -> None:
    context, tab = open_tab(
        browser, live_server, requests_made, console_errors, {"width": 390, "height": 844}
    )
    game = game_at_the_question(tab, live_server, "line", negative=False)
    tab.goto(game.get_absolute_url())
    asked = the_question(game)
    assert asked.on_line
    wrong = asked.landings[0] + 1
    # A tap on the number on the line (the drawing on show) puts the marker on it.
    label = tab.locator(".walk .number-line svg:visible .tick-label", has_text=number(wrong))
    label.first.click()
    assert slider(tab, 1).input_value() == str(wrong)
    land_each_step_here(tab, len(asked.landings))

    said = tab.locator("#feedback").inner_text()
    assert said.startswith("Not quite. Look at this step again.")
    context.close()


def test_the_walk_in_spanish_says_its_numbers_in_spanish(
    browser, live_server, transactional_db, requests_made, console_errors, axe
) -> None:
    context, tab = open_tab(
        browser, live_server, requests_made, console_errors, {"width": 1280, "height": 800}
    )
    game = game_at_the_question(tab, live_server, "column", negative=True)
    tab.goto(f"/es{game.get_absolute_url()}")
    miss_once(tab, game)
    asked = the_question(game)

    assert "Empieza en" in tab.locator(".walk-start").inner_text()
    marker = slider(tab, 1)
    marker.focus()
    # Walk below 0 and the value is said in Spanish words.
    for _ in range(asked.terms[0] - min(asked.terms[0], 0) + 1):
        tab.keyboard.press("ArrowLeft")
    assert marker.get_attribute("aria-valuetext").startswith("menos ")
    assert axe(tab) == []
    context.close()
