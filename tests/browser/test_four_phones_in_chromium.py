"""Four phones at one family table, in real Chromium: a grown-up, two children in kid mode
and a friend from another family, who joins by tapping the pictures of the code on the
grown-up's screen, play a whole game of three holes, a phone each (a browser context each).

At every step of it, each phone waiting for someone names whoever's decision it is (at
the start of a hole, whoever is looking at their cards), never "You", and offers nothing to
press; the phone whose decision it is has its moves to press.

And the same table where one child's phone never opens: when the table waits for that
child, every phone names them, and once their seat counts as away each offers a bot for
them without a tap. A bot takes the seat from the friend's phone, and the other three play
to the end, each with its moves on its own turn.

Set PEABODY_SCREENSHOTS to a folder to keep a picture of each screen at three sizes.
"""

import random
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.utils import timezone

from games import live
from games.models import AWAY, Game, Seat
from games.table import Stage
from tests.browser.conftest import open_tab
from tests.browser.family_table import join_the_table, log_in_each, play_the_game, seat_the_table
from tests.browser.pages import tap_the_pictures
from tests.browser.playing import (
    assert_only_our_site,
    choose,
    offered,
    snapshot,
    version,
    wait_for_the_answer,
)
from tests.factories import ChildFactory, ParentFactory

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("quick_passwords")]

PHONE = (390, 844)
PHONE_SIZE = {"width": PHONE[0], "height": PHONE[1]}
# Who sits where: the friend's seat is the last, after a child's.
SEATS = {"Robin": 0, "grown-up": 1, "Sam": 2, "friend": 3}
SEATED = ("Robin", "Grown-up", "Sam", "A friend, on their own device")
# How long a phone may take to offer a bot once a seat counts as away: it looks again then
# (live.js, watchAway), and a busy test machine takes a while more.
OFFERED_WITHIN_MS = 20_000
# How soon after the deal a phone never opened counts as away, in seconds: time for the
# others to open the table first.
AWAY_IN = 15


@pytest.fixture(autouse=True)
def quick_news(monkeypatch) -> None:
    """The tests' live server answers a phone's stream at once with what is new, and the
    phone asks again after live.RETRY: four times a second here, not once, or three holes
    of four phones take minutes of waiting for the next question."""
    monkeypatch.setattr(live, "RETRY", 250)


def knocking(rng: random.Random, ids: list[str]) -> str:
    """A move as playing.choose picks one, but a knock on offer half the time: a hole of
    Four-card Golf ends with a knock, and four people seldom play one otherwise."""
    if "knock" in ids and rng.random() < 0.5:
        return "knock"
    return choose(rng, ids)


# What a phone shows of the table: its stage, what it says now, whom it waits for after a
# hole, and all its words.
SHOWN = """() => {
    const game = document.querySelector('#game');
    const words = selector => {
        const found = game.querySelector(selector);
        return found ? found.innerText.trim() : null;
    };
    return {
        stage: [...game.classList].find(c => c.startsWith('stage-')).slice('stage-'.length),
        prompt: words('#prompt .words'),
        waiting: words('#others-answering .words'),
        question: game.querySelectorAll('.question').length,
        text: game.innerText,
    };
}"""


def four_phones(
    browser,
    live_server,
    requests_made,
    console_errors,
    *,
    game: str = "Four-card Golf",
    holes: str = "3 holes",
    absent=(),
    dealt: Callable[[Game], None] | None = None,
):
    """The family's three phones logged in (the children's in kid mode), the grown-up's
    seating Robin, themselves, Sam and a friend at ``holes`` of ``game``; the children's
    phones join, then the friend's with the pictures on the grown-up's. The people in
    ``absent`` never open theirs. ``dealt(game)``, if given, is called as the cards are
    dealt, before any other phone opens the table (the grown-up's opens it again). Returns
    the game, the tabs, their contexts and every seat's name as another's phone says it."""
    parent = ParentFactory()
    ChildFactory(parent=parent, nickname="Robin", avatar="fox")
    ChildFactory(parent=parent, nickname="Sam", avatar="owl")
    contexts = []
    family = {who: PHONE for who in ("grown-up", "Robin", "Sam") if who not in absent}
    tabs = log_in_each(
        browser, live_server, requests_made, console_errors, parent, family, contexts
    )
    host = tabs["grown-up"]
    seat_the_table(host, SEATED, game=game, bots="No bots", holes=holes, form="four-phones")
    game = Game.objects.get()
    assert game.devices and game.bot_levels == [None] * 4
    assert game.rules.holes == int(holes.split()[0])
    if dealt is not None:
        dealt(game)
        host.reload()
        host.wait_for_selector("#game")
    for who in ("Robin", "Sam"):
        if who not in absent:
            join_the_table(tabs[who])

    context, friend = open_tab(browser, live_server, requests_made, console_errors, PHONE_SIZE)
    contexts.append(context)
    pictures = host.locator(".friend-code li").all_inner_texts()
    friend.goto("/")
    friend.get_by_role("link", name="Join a friend's table").click()
    tap_the_pictures(friend, pictures)
    friend.wait_for_selector("#game")
    friend.wait_for_load_state()
    assert friend.locator("#game .seat.you").get_attribute("data-seat") == str(SEATS["friend"])
    tabs["friend"] = friend
    friends_name = Seat.objects.get(game=game, friend=True).name
    assert friends_name
    names = {0: "Robin", 1: "Grown-up", 2: "Sam", 3: friends_name}
    return game, tabs, contexts, names


def names_whoever_decides(names: dict[int, str]):
    """A check of every phone at one step of the game: the phone whose decision it is (or
    whose questions are open) has something to press; every other says whose decision it
    is, or whose answers the next hole waits for, and offers nothing; none says "You is"."""

    def check(game: Game, tabs: dict) -> None:
        table, now = game.table, game.stage
        deciding = table.at_device
        for who, tab in tabs.items():
            mine = SEATS[who]
            seen = tab.evaluate(SHOWN)
            moves = offered(tab)
            where = f"{who}'s phone at {now} (version {game.version}): {seen['prompt']!r}"
            assert "You is" not in seen["text"], where
            if now in (Stage.PLAY, Stage.PEEK) and mine == deciding:
                assert seen["stage"] == now, where
                assert moves, where  # its own decision: something to press
                if now == Stage.PEEK:
                    assert moves == ["remember"], where
            elif now in (Stage.PLAY, Stage.PEEK):
                doing = "is looking at their cards." if now == Stage.PEEK else "is playing."
                assert seen["stage"] == Stage.WAIT, where
                assert seen["prompt"] == f"{names[deciding]} {doing}", where
                assert moves == [], where
            elif now == Stage.PRACTICE and mine in table.asking:
                assert seen["stage"] == Stage.PRACTICE and seen["question"] == 1, where
                assert "skip-questions" in moves, where
            elif now == Stage.PRACTICE:
                others = " and ".join(names[seat] for seat in table.asking)
                assert seen["stage"] == Stage.SUMMARY, where
                assert (
                    seen["waiting"] == f"Waiting for {others} to answer. Then the next hole starts."
                )
                assert moves == [], where
            elif now == Stage.SUMMARY:
                assert seen["stage"] == Stage.SUMMARY and moves == ["next-hole"], where
            else:
                raise AssertionError(f"not a step of the game: {where}")

    return check


def closed(contexts) -> None:
    for context in contexts:
        assert {c["name"] for c in context.cookies()} <= {"sessionid", "csrftoken"}
        context.close()


def test_a_grown_up_two_children_and_a_friend_play_three_holes_each_on_their_own_phone(
    browser, live_server, transactional_db, axe, requests_made, console_errors
) -> None:
    game, tabs, contexts, names = four_phones(browser, live_server, requests_made, console_errors)

    play_the_game(
        game,
        tabs,
        random.Random(4),
        axe,
        seats=SEATS,
        moves_on="friend",
        name="four-phones-friend",
        each_step=names_whoever_decides(names),
        pick=knocking,
    )

    game.refresh_from_db()
    assert game.finished and len(game.state.results) == 3
    assert game.table.handed == ()
    for tab in tabs.values():
        assert tab.locator(".ending").count() == 1
    snapshot(tabs["friend"], "four-phones-friend-over")
    assert console_errors == []
    assert_only_our_site(requests_made, live_server.url)
    closed(contexts)


@pytest.mark.parametrize(
    ("game", "holes", "waited_at", "taken_on"),
    [
        # Sam is waited for to look at their cards, and the friend's phone takes the seat:
        # the next to look is the friend.
        ("Four-card Golf", "3 holes", Stage.PEEK, "friend"),
        # Sam is waited for to turn over their first cards, and the grown-up's phone takes
        # the seat: the bot plays Sam's turn, and the next is the friend's, on a phone that
        # only hears of it.
        ("Six-card Golf", "1 hole", Stage.PLAY, "grown-up"),
    ],
    ids=["at-the-peek", "at-a-turn"],
)
def test_a_childs_phone_that_never_opens_is_played_by_a_bot_and_the_others_play_to_the_end(
    browser,
    live_server,
    transactional_db,
    axe,
    requests_made,
    console_errors,
    game,
    holes,
    waited_at,
    taken_on,
) -> None:
    sams = SEATS["Sam"]
    # "A minute" passes quicker here: Sam's seat was last heard from a minute ago but for a
    # few seconds (a seat never heard from counts from the game's start), from the deal on,
    # which may be Sam's turn.
    last_heard = timezone.now() - AWAY + timedelta(seconds=AWAY_IN)

    def a_minute_ago(game: Game) -> None:
        Seat.objects.filter(game=game, number=sams).update(seen=last_heard)

    game, tabs, contexts, names = four_phones(
        browser,
        live_server,
        requests_made,
        console_errors,
        game=game,
        holes=holes,
        absent=("Sam",),
        dealt=a_minute_ago,
    )
    played = game.rules.holes
    handed = []

    def a_bot_for_sam(game: Game, tabs: dict, seat: int) -> None:
        """The table waits for Sam: once Sam's seat counts as away every phone offers a bot
        for Sam, without a tap, and one takes it."""
        assert seat == sams and not handed
        handed.append(game.stage)
        offers = {
            who: tab.get_by_role("button", name="Let a bot play for Sam")
            for who, tab in tabs.items()
        }
        if timezone.now() < last_heard + AWAY - timedelta(seconds=2):
            for who, tab in tabs.items():  # not yet: Sam may only be slow
                assert tab.locator(".away-seat").count() == 1, who
                assert offers[who].count() == 0, who
        for who, tab in tabs.items():
            offers[who].wait_for(timeout=OFFERED_WITHIN_MS)
            assert tab.get_by_text("Sam is away.").is_visible(), who
        taker = tabs[taken_on]
        assert axe(taker) == []
        snapshot(taker, f"four-phones-away-{taken_on}")
        before = version(taker)
        offers[taken_on].click()
        wait_for_the_answer(taker, before)
        game.refresh_from_db()
        assert game.table.handed == (sams,)

    play_the_game(
        game,
        tabs,
        random.Random(7),
        axe,
        seats=SEATS,
        moves_on="friend",
        name=f"four-phones-absent-{waited_at}",
        each_step=names_whoever_decides(names),
        no_device=a_bot_for_sam,
        pick=knocking,
    )

    assert handed == [waited_at]
    game.refresh_from_db()
    assert game.finished and len(game.state.results) == played
    assert game.table.handed == (sams,)
    for tab in tabs.values():
        assert tab.locator(".ending").count() == 1
    assert console_errors == []
    assert_only_our_site(requests_made, live_server.url)
    closed(contexts)
