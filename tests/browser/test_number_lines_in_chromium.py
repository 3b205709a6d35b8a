"""Every number line reads on whatever it is drawn on, in a real Chromium: its line, ticks,
hops and marked points (the yellow 0, a landing, a player's score) at least 3:1 against the
colour under them, its numbers at least 4.5:1. On the felt of the table and of the class's
game, in the feedback box after a second miss, on the walk, at the end of a hole, in the
replays, on a grown-up's "found tricky" panel and on the teacher's last slide.

Set PEABODY_SCREENSHOTS to a folder to keep a picture of the feedback box and the
grown-up's panel at a phone's size and a projector's.
"""

import os
import random
from dataclasses import replace
from pathlib import Path

import pytest
from django.urls import reverse

from games.engine import PRESETS
from games.models import Game
from games.table import NEXT, SKIP, Move, Setup, Stage, apply, legal_moves, stage, start
from games.table import question_asked as asked_of
from lessons.core.choice import Plan
from lessons.core.skills import Skill
from lessons.core.walkthrough import slides
from peabody.families.management.commands.demo_family import play_out
from tests.browser.contrast import lowest, measure, unreadable
from tests.browser.pages import (
    answer_on_the_pad,
    as_guest,
    land_each_step_here,
    log_in,
    run_together,
)
from tests.factories import ChildFactory, GameFactory, ParentFactory

pytestmark = [
    pytest.mark.browser,
    pytest.mark.usefixtures("quick_passwords"),
    pytest.mark.parametrize("tab", ["phone", "projector"], indirect=True),
]

RULES = replace(PRESETS["classic6"], holes=2)
SHOTS = os.environ.get("PEABODY_SCREENSHOTS")
# Every place's lowest contrasts, printed at the end of a run (pytest -s) for the record.
MEASURED: dict[str, dict[str, float]] = {}


@pytest.fixture(scope="module", autouse=True)
def the_record():
    yield
    for place, found in sorted(MEASURED.items()):
        print(f"{place}: parts {found['parts']}, labels {found['labels']}")


def readable(tab, place: str, selector: str = ".number-line svg", least: int = 1) -> None:
    """Every number line of ``selector`` on the page reads; at least ``least`` show."""
    lines = measure(tab, selector)
    MEASURED[f"{place} ({tab.viewport_size['width']})"] = lowest(lines)
    assert len(lines) >= least, f"{place}: {len(lines)} number lines shown"
    assert unreadable(lines) == [], place
    assert run_together(tab, selector) == [], place


def shoot(tab, name: str, selector: str) -> None:
    if SHOTS:
        width = tab.viewport_size["width"]
        tab.locator(selector).first.scroll_into_view_if_needed()
        tab.screenshot(path=Path(SHOTS) / f"lines-{name}-{width}.png")


def game_at_a_sum(key: str) -> Game:
    """A guest game played (always the first move on offer) to its first question: a
    column's sum that goes below 0, which a second try walks on the number line."""
    # Due, and rated unsure of it: it comes back at any level up to 3.
    negative = Skill.ADDING_NEGATIVE
    plan = Plan(levels=((negative, 3),), due=(negative,), ratings=((negative, 1.5),))
    for seed in range(500):
        table, _ = start(Setup(RULES, seed, (None, "gentle"), plans=(plan,)))
        moves = []
        while stage(table) in (Stage.PLAY, Stage.PEEK):
            move = legal_moves(table)[0]
            table, _ = apply(table, move)
            moves.append(move)
        asked = asked_of(table)
        if asked is None or asked.kind != "column" or not asked.can_go_on_line:
            continue
        game = Game.start(RULES, ["gentle"], guest_key=key, seed=seed, plans=[plan])
        for move in moves:
            game.play(move)
        return game
    raise AssertionError("no column's sum in these seeds")


# Every closed story ("How Pip got 5") opened, as a child opens one to read it.
OPEN_STORIES = """() => document.querySelectorAll('details:not([open]) > summary')
    .forEach(summary => summary.click())"""


def to_the_end_of_the_hole(game: Game) -> None:
    """The first move on offer each time, skipping the questions, to the hole's scores."""
    while (now := stage(game.table)) not in (Stage.SUMMARY, Stage.OVER):
        game.play(Move(SKIP) if now == Stage.PRACTICE else legal_moves(game.table)[0])


def test_the_walk_the_feedback_after_a_second_miss_the_end_of_the_hole_and_the_replay(
    tab, live_server, axe
) -> None:
    game = game_at_a_sum(f"lines-walk-{tab.size}")
    as_guest(tab, live_server, game)
    tab.goto(game.get_absolute_url())
    tab.wait_for_selector("#game:not(.narrating)")
    # A first miss on the pad: the second try is walked on the line.
    answer_on_the_pad(tab, asked_of(game.table).answer + 1)
    # The marker, drawn by the script on the drawing on show (the flat one on a projector).
    tab.wait_for_selector(".walk-marker >> visible=true")
    readable(tab, "the walk", ".walk .number-line svg")
    assert axe(tab) == []

    # A second miss: every step stays where the sum starts.
    land_each_step_here(tab, tab.locator(".stride").count())
    assert tab.locator("#feedback.not-yet").is_visible()
    tab.evaluate(OPEN_STORIES)  # its line, behind "On a number line"
    readable(tab, "the feedback box", ".feedback .number-line svg")
    shoot(tab, "feedback", "#feedback")
    assert axe(tab) == []

    game.refresh_from_db()
    to_the_end_of_the_hole(game)
    tab.goto(game.get_absolute_url())
    tab.wait_for_selector("#game:not(.narrating)")
    tab.evaluate(OPEN_STORIES)
    readable(tab, "the end of the hole")
    assert axe(tab) == []

    while stage(game.table) != Stage.OVER:
        game.play(Move(NEXT))
        to_the_end_of_the_hole(game)
    tab.goto(reverse("games:replay", args=[game.public_id]) + "?hole=1&step=999")
    tab.evaluate(OPEN_STORIES)
    readable(tab, "the replay")
    assert axe(tab) == []


def test_a_grown_ups_tricky_panel_and_replay(tab, live_server, axe) -> None:
    parent = ParentFactory()
    child = ChildFactory(parent=parent, nickname="Ada", avatar="owl")
    game = GameFactory(guest_key="", child=child, seed=3, questions=True, holes=2)
    play_out(game, random.Random(3), gentleness=0.5, right=0.0)
    log_in(tab, parent)

    tab.goto(reverse("families:progress", args=[child.pk]))
    tab.locator("summary", has_text="What Ada found tricky").focus()
    tab.keyboard.press("Enter")  # its disclosure, opened by keys
    readable(tab, "the tricky panel", ".tricky .number-line svg")
    shoot(tab, "tricky", ".tricky .number-line")
    assert axe(tab) == []

    tab.goto(reverse("families:replay", args=[child.pk, game.public_id]) + "?hole=1&step=999")
    tab.evaluate(OPEN_STORIES)
    readable(tab, "the grown-up's replay")
    assert axe(tab) == []


def test_the_teachers_last_slide(tab, axe) -> None:
    tab.goto(f"/teach/{slides()[-1].key}/")
    readable(tab, "the last slide")
    assert axe(tab) == []


def test_the_class_game_at_the_end_of_a_hole(tab, axe, monkeypatch) -> None:
    from games import models

    monkeypatch.setattr(models, "new_seed", lambda: 446)  # five number lines, by the first move
    tab.goto("/teach/play/")
    tab.locator("#deal").press("Enter")
    tab.wait_for_selector("#game")
    game = Game.objects.get()
    to_the_end_of_the_hole(game)
    tab.reload()
    tab.wait_for_selector("#game:not(.narrating) .summary:not(.practising)")
    readable(tab, "the class's game")
    assert axe(tab) == []
