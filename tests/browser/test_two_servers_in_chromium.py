"""A family table's devices on two app servers, in real Chromium: the grown-up's device and
Sam's talk to one server, Robin's to another, both `make serve`'s gunicorn on one
PostgreSQL database (tests/conftest.py's two_servers). The grown-up logs in and seats the
table; the children join on their devices in kid mode, and the whole game is played, each
child answering their own questions on their own device. Every device shows each move,
whichever server it was made through, from its live stream (games/live.py), never loaded
again; and never another player's face-down cards.

Not a `browser` test: CI's PostgreSQL pass runs it (`-m "not browser"`, .ci/run), and on
SQLite it is skipped (the two_servers marker). Without Chromium it fails in CI, as the
browser tests do (conftest.py's browser fixture).
"""

import random

import pytest

from games.models import Game
from lessons.models import SkillAttempt
from tests.browser.family_table import (
    SEATS,
    join_the_table,
    log_in_each,
    play_the_game,
    seat_the_table,
    tab_of,
)
from tests.browser.playing import asked, assert_only_our_site, give
from tests.factories import ChildFactory, ParentFactory

pytestmark = pytest.mark.two_servers

# Which of the two servers each device talks to, and its screen.
DEVICES = {"grown-up": (0, (1280, 800)), "Robin": (1, (390, 844)), "Sam": (0, (390, 844))}


def test_a_family_tables_devices_on_two_servers_each_show_every_move_from_their_live_stream(
    browser, two_servers, axe, console_errors
) -> None:
    parent = ParentFactory()
    robin = ChildFactory(parent=parent, nickname="Robin", avatar="fox")
    sam = ChildFactory(parent=parent, nickname="Sam", avatar="owl")
    requests_made: dict[str, list[str]] = {who: [] for who in DEVICES}
    contexts, tabs = [], {}
    try:
        for who, (server, size) in DEVICES.items():
            tabs |= log_in_each(
                browser,
                two_servers[server],
                requests_made[who],
                console_errors,
                parent,
                {who: size},
                contexts,
            )
        seat_the_table(tabs["grown-up"])
        game = Game.objects.get()
        assert game.devices
        for who in ("Robin", "Sam"):
            join_the_table(tabs[who])
        # A page loaded again would forget this: each device draws every move in place.
        for tab in tabs.values():
            tab.evaluate("() => { window.stayed = true; }")

        answered = {"Robin": 0, "Sam": 0}

        def answer_the_questions(game: Game, tabs: dict) -> None:
            """Each child with questions open answers them on their own device, right,
            one child after the other: the other's page, drawn before, keeps its own."""
            for seat in game.table.asking:
                tab = tab_of(tabs, seat)
                if not any(answered.values()):
                    assert axe(tab) == []  # a question on a device
                while tab.locator(".question").count():
                    give(tab, asked(seat).answer, seat=seat)
                    answered[next(w for w, s in SEATS.items() if s == seat)] += 1

        play_the_game(game, tabs, random.Random(28), axe, answer_the_questions)

        assert game.finished
        for who, tab in tabs.items():
            assert tab.locator(".ending").count() == 1
            assert tab.evaluate("() => window.stayed === true"), f"{who}'s page was loaded again"
        for who, child in (("Robin", robin), ("Sam", sam)):
            attempts = SkillAttempt.objects.filter(child=child)
            assert attempts.count() == answered[who]
            assert all(attempt.right for attempt in attempts)
        # Rarely (about 1 game in 1,500 of one hole for a new child) the cards offer nothing
        # likely enough to be got right and a child is asked nothing; never both.
        assert any(answered.values())
        assert console_errors == []
        for who, (server, _) in DEVICES.items():
            url = two_servers[server].url
            assert_only_our_site(requests_made[who], url)
            # One stream from its own server, open the whole game, told it of every move.
            streams = [made for made in requests_made[who] if "/live/" in made]
            assert [made.split("?")[0] for made in streams] == [
                f"{url}{game.get_absolute_url()}live/"
            ], who
        for context in contexts:
            assert {cookie["name"] for cookie in context.cookies()} <= {"sessionid", "csrftoken"}
    finally:
        for context in contexts:
            context.close()
