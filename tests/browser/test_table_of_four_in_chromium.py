"""A table of four people in real Chromium: a grown-up and three children play a whole game
with no bots, passing one phone round, and again each on their own phone; and the end of a
hole and of the game with four and five players on a phone, a laptop and a projector: no
name broken in the middle of a word, nothing wider than the screen, no two names on a
number line on top of each other; and a table as full as each game takes on a phone.

Set PEABODY_SCREENSHOTS to a folder to keep a picture of each screen at three sizes.
"""

import random
from dataclasses import replace

import pytest
from django.conf import settings
from django.test import Client

from games.engine import PRESETS
from games.models import Game
from games.table import READY, Move
from peabody.families.management.commands.demo_family import play_out
from tests.browser.family_table import (
    join_the_table,
    log_in_each,
    play_the_game,
    seat_the_table,
)
from tests.browser.pages import log_in
from tests.browser.playing import (
    assert_only_our_site,
    choose,
    click,
    make_move,
    offered,
    play_out_the_hole,
    snapshot,
)
from tests.factories import ChildFactory, ParentFactory

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("quick_passwords")]

PHONE = (390, 844)
# Long names, each one word, as a family may well choose: a phone has room for each whole.
LONG_NAMES = ("Maximiliano", "Anastasia", "Bartholomew")

# What a parent would find broken at the end of a hole or of the game, as a list of what
# is wrong: the page wider than the screen, or anything on it (but inside the score sheet,
# which scrolls sideways on its own); a word of a name broken over two lines; two names on
# a number line on top of each other, or out of its box, or crossed by another's line, or
# two of its numbers run together.
LAYOUT_PROBLEMS = """() => {
    const problems = [];
    // Drawn on the screen: not in a closed <details>, nor hidden some other way.
    const shown = el => el.checkVisibility({contentVisibilityAuto: true})
        && el.getClientRects().length;
    const wider = document.documentElement.scrollWidth - innerWidth;
    if (wider > 0) problems.push(`the page is ${wider}px wider than the screen`);
    for (const el of document.querySelectorAll('#game *')) {
        // (A screen reader's words are drawn 1px wide, wherever they fall.)
        if (!shown(el) || el.closest('.sheet-scroll, .visually-hidden')) continue;
        const r = el.getBoundingClientRect();
        if (r.width && (r.left < -0.5 || r.right > innerWidth + 0.5)) {
            problems.push(`${el.tagName}.${el.className} reaches past the screen`);
        }
    }
    for (const name of document.querySelectorAll(
            '.summary bdi, .ending bdi, .places .name, .sheet th, .sheet td')) {
        if (!shown(name)) continue;
        const walker = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
            for (const word of text.data.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(text, word.index);
                range.setEnd(text, word.index + word[0].length);
                const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
                if (lines.size > 1) problems.push(`"${word[0]}" is broken over two lines`);
            }
        }
    }
    const apart = (a, b) => a.right <= b.left || b.right <= a.left
        || a.bottom <= b.top || b.bottom <= a.top;
    for (const svg of document.querySelectorAll('.number-line svg')) {
        if (!shown(svg)) continue;
        const box = svg.getBoundingClientRect();
        const labels = [...svg.querySelectorAll('.mark-label')].map(t => [t.textContent,
            t.getBoundingClientRect()]);
        labels.forEach(([name, r], i) => {
            if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5) {
                problems.push(`${name} is out of its number line`);
            }
            for (const [other, s] of labels.slice(i + 1)) {
                if (!apart(r, s)) problems.push(`${name} and ${other} overlap`);
            }
        });
        const numbers = [...svg.querySelectorAll('.tick-label')].filter(shown)
            .map(t => [t.textContent, t.getBoundingClientRect()]);
        numbers.slice(1).forEach(([number, r], i) => {
            const [before, s] = numbers[i];
            if (r.left < s.right + 2) problems.push(`${before} and ${number} run together`);
        });
        for (const leader of svg.querySelectorAll('.leader')) {
            const l = leader.getBoundingClientRect();
            const x = l.left + l.width / 2;
            for (const [name, r] of labels) {
                if (r.left < x && x < r.right && r.bottom - 2 > l.top && r.top < l.bottom) {
                    problems.push(`a line crosses ${name}`);
                }
            }
        }
    }
    return problems;
}"""

# Every closed story and number line opened, as a parent opens each to look.
OPEN_ALL = """() => document.querySelectorAll('#game details:not([open]) > summary')
    .forEach(summary => summary.click())"""


def layout_problems(tab) -> list[str]:
    tab.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return tab.evaluate(LAYOUT_PROBLEMS)


def looks_right(tab, axe, name: str) -> None:
    """The screen on show, and with every story and line opened, looks right and is axe
    clean; with PEABODY_SCREENSHOTS, pictures of both at three sizes."""
    snapshot(tab, name)
    assert layout_problems(tab) == [], name
    assert axe(tab) == [], name
    tab.evaluate(OPEN_ALL)
    snapshot(tab, f"{name}-opened")
    assert layout_problems(tab) == [], f"{name}, opened"


# --- four people passing one phone -------------------------------------------------------------


def test_a_grown_up_and_three_children_play_a_whole_game_passing_one_phone(
    page, axe, live_server, requests_made, console_errors
) -> None:
    parent = ParentFactory()
    for name, avatar in (("Robin", "fox"), ("Sam", "owl"), ("Ada", "panda")):
        ChildFactory(parent=parent, nickname=name, avatar=avatar)
    log_in(page, parent, None)

    def looks_fine(tab) -> None:
        assert layout_problems(tab) == []
        assert axe(tab) == []

    seat_the_table(
        page,
        ("Grown-up", "Robin", "Sam", "Ada"),
        game="Four-card Golf",
        bots="No bots",
        devices=False,
        form="four-together-form",
        check=looks_fine,
    )

    rng = random.Random(4)
    passed_to, looked = [], set()
    for _ in range(400):
        if page.locator(".summary").count():
            break
        if page.locator("#ready").count():
            passed_to.append(page.locator("#prompt .words").inner_text().removeprefix("Pass to "))
            if len(passed_to) == 1:
                assert axe(page) == []
            page.locator("#ready").click()
            page.wait_for_selector("#ready", state="detached")
            page.wait_for_selector("#game:not(.narrating)")
            continue
        target = "remember" if page.locator("#remember").count() else choose(rng, offered(page))
        if len(passed_to) == 5 and "turn" not in looked:
            looked.add("turn")
            snapshot(page, "four-together-turn")
            assert layout_problems(page) == []
            assert axe(page) == []
        make_move(page, target, click(page))
    else:
        raise AssertionError("the hole did not end")

    # Each looks at their own two cards in turn, then plays: nobody waits for a bot.
    assert passed_to[:4] == ["Grown-up", "Robin", "Sam", "Ada"]
    scores = page.locator(".score-card h3").all_inner_texts()
    assert sorted(text.split(":")[0].strip() for text in scores) == [
        "Ada",
        "Grown-up",
        "Robin",
        "Sam",
    ]
    looks_right(page, axe, "four-together-hole-end")

    page.locator("#next-hole").click()
    page.wait_for_selector(".ending")
    assert sorted(page.locator(".places .name").all_inner_texts()) == [
        "Ada",
        "Grown-up",
        "Robin",
        "Sam",
    ]
    looks_right(page, axe, "four-together-game-end")
    game = Game.objects.get()
    assert game.bot_levels == [None] * 4 and game.finished
    assert_only_our_site(requests_made, live_server.url)
    assert console_errors == []


# --- four people, a phone each --------------------------------------------------------------

SEATS = {"Robin": 0, "Sam": 1, "grown-up": 2, "Ada": 3}


def test_a_grown_up_and_three_children_play_a_whole_game_each_on_their_own_phone(
    browser, live_server, transactional_db, axe, requests_made, console_errors
) -> None:
    parent = ParentFactory()
    for name, avatar in (("Robin", "fox"), ("Sam", "owl"), ("Ada", "panda")):
        ChildFactory(parent=parent, nickname=name, avatar=avatar)
    contexts = []
    screens = dict.fromkeys(SEATS, PHONE)
    tabs = log_in_each(
        browser, live_server, requests_made, console_errors, parent, screens, contexts
    )
    seat_the_table(
        tabs["grown-up"],
        ("Robin", "Sam", "Grown-up", "Ada"),
        bots="No bots",
        form="four-phones-form",
    )
    game = Game.objects.get()
    assert game.devices and game.bot_levels == [None] * 4
    for who in ("Robin", "Sam", "Ada"):
        join_the_table(tabs[who])

    def fits(tab) -> None:
        assert layout_problems(tab) == []

    play_the_game(
        game,
        tabs,
        random.Random(6),
        axe,
        seats=SEATS,
        moves_on="Ada",
        check=fits,
        name="four-phones",
    )

    for who, tab in tabs.items():
        assert tab.locator(".ending").count() == 1
        assert layout_problems(tab) == [], who
    assert axe(tabs["Ada"]) == []
    snapshot(tabs["Ada"], "four-phones-over")
    assert console_errors == []
    assert_only_our_site(requests_made, live_server.url)
    for context in contexts:
        context.close()


# --- the end of a hole and of the game, four and five players, three screens ---------------


def logged_in(tab, live_server, parent) -> None:
    """``tab`` is the grown-up's device, logged in (no kid mode)."""
    client = Client()
    client.force_login(parent)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    tab.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}]
    )


def family_game_at_a_holes_end(players: int) -> tuple[Game, object]:
    """A two-hole game at one device of three children with long names and a grown-up (and
    a bot for a fifth player), played to the end of its first hole, where someone scored
    below 0: its scores are drawn on a number line too."""
    parent = ParentFactory()
    children = [ChildFactory(parent=parent, nickname=name) for name in LONG_NAMES]
    rules = replace(PRESETS["easy4"], holes=2)
    for seed in range(100):
        game = Game.start(
            rules, ["gentle"] * (players - 4), seed=seed, people=[*children, None], questions=False
        )
        play_out_the_hole(game, seed)
        if min(game.state.results[0].scores) < 0:
            return game, parent
        game.delete()
    raise AssertionError("no hole below 0 in 100 deals")


@pytest.mark.parametrize("players", [4, 5])
def test_the_end_of_a_hole_and_of_the_game_look_right_on_every_screen(
    tab, live_server, axe, players
) -> None:
    game, parent = family_game_at_a_holes_end(players)
    logged_in(tab, live_server, parent)
    tab.goto(game.get_absolute_url())
    tab.wait_for_selector(".summary")
    tab.wait_for_load_state()
    assert tab.locator(".hole-story .number-line .mark-label").count() >= 2
    looks_right(tab, axe, f"four-hole-end-{players}-players-{tab.size}")

    play_out(game, random.Random(players), gentleness=0.5)
    tab.goto(game.get_absolute_url())
    tab.wait_for_selector(".ending")
    tab.wait_for_load_state()
    assert tab.locator(".ending .mark-label").count() >= 2
    assert tab.locator(".sheet th[scope=col]").count() == players + 1
    looks_right(tab, axe, f"four-game-end-{players}-players-{tab.size}")


# --- a crowded table on a phone ---------------------------------------------------------------


@pytest.mark.parametrize(("mode", "bots"), [("classic6", 3), ("knock9", 2), ("easy4", 2)])
def test_four_people_and_bots_at_the_most_the_game_takes_fit_across_a_phone(
    page, live_server, axe, mode, bots
) -> None:
    parent = ParentFactory()
    children = [ChildFactory(parent=parent, nickname=name) for name in LONG_NAMES]
    rules = replace(PRESETS[mode], holes=1)
    game = Game.start(rules, ["gentle"] * bots, seed=3, people=[*children, None], questions=False)
    assert game.players == rules.max_players or mode == "classic6"
    game.play(Move(READY))  # to the first to look at their cards, or to play
    logged_in(page, live_server, parent)
    page.goto(game.get_absolute_url())
    page.wait_for_selector("#game .hand")
    page.wait_for_load_state()

    snapshot(page, f"four-crowded-{mode}")
    # Every other seat across the screen, in two rows if need be; the child's own cards
    # still big enough to tap (the table grows taller than the screen, to scroll, instead).
    assert layout_problems(page) == []
    assert page.locator(".seat.opponent").count() == 3 + bots
    card = page.locator(".hand .card").first.bounding_box()
    assert card["width"] >= 44 and card["height"] >= 44
    assert axe(page) == []
