"""A family table with a device each, in real Chromium: a grown-up and two children in kid
mode, each on their own device (a browser context each), play a whole game. Every device
shows the others' moves without a tap, and never another player's face-down cards.

Set PEABODY_SCREENSHOTS to a folder to keep a picture of each screen at three sizes.
"""

import random
from dataclasses import replace
from datetime import timedelta

import pytest
from django.utils import timezone

from games.adapting import practice_at
from games.engine import PRESETS
from games.models import AWAY, Game, Seat
from games.table import Stage, legal_moves, question_asked
from lessons.models import SkillAttempt
from peabody.families.avatars import BY_NAME
from tests.browser.conftest import open_tab
from tests.browser.family_table import (
    SEATS,
    SHOWN_WITHIN_MS,
    join_the_table,
    log_in_each,
    play_the_game,
    seat_the_table,
    shows,
)
from tests.browser.pages import log_in, tap_the_pictures
from tests.browser.playing import (
    asked,
    assert_only_our_site,
    choose,
    click,
    give,
    make_move,
    offered,
    reach,
    snapshot,
)
from tests.factories import ChildFactory, ParentFactory

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("quick_passwords")]


def test_a_grown_up_and_two_children_play_a_whole_game_each_on_their_own_device(
    browser, live_server, transactional_db, axe, requests_made, console_errors
) -> None:
    parent = ParentFactory()
    ChildFactory(parent=parent, nickname="Robin", avatar="fox")
    ChildFactory(parent=parent, nickname="Sam", avatar="owl")
    sizes = {"Robin": (390, 844), "Sam": (1280, 800), "grown-up": (390, 844)}
    contexts = []
    tabs = log_in_each(browser, live_server, requests_made, console_errors, parent, sizes, contexts)

    seat_the_table(tabs["grown-up"])
    game = Game.objects.get()
    assert game.devices
    for who in ("Robin", "Sam"):
        join_the_table(tabs[who])

    play_the_game(game, tabs, random.Random(5), axe)

    assert game.finished
    for tab in tabs.values():
        assert tab.locator(".ending").count() == 1
    assert axe(tabs["Robin"]) == []
    snapshot(tabs["Robin"], "family-table-over")
    assert console_errors == []
    assert_only_our_site(requests_made, live_server.url)
    for context in contexts:
        names = {cookie["name"] for cookie in context.cookies()}
        assert names <= {"sessionid", "csrftoken"}
        context.close()


def a_table_asking_both(robin, sam) -> Game:
    """A table of Robin and Sam with a device each (and a bot), its first hole played out,
    whose questions are a sum on the number pad for Robin and, for Sam, one the number line
    walks (at once, or once a sum is missed on the pad)."""
    rules = replace(PRESETS["classic6"], holes=2)
    practice = practice_at([robin, sam])
    for seed in range(200):
        game = Game.start(
            rules,
            ["gentle"],
            seed=seed,
            people=[robin, sam],
            questions=True,
            plans=practice.plans,
            devices=True,
            learners=practice.learners,
        )
        rng = random.Random(seed)
        while game.stage == Stage.PLAY:
            moves = [m for m in legal_moves(game.table) if m.kind != "knock"]
            game.play(rng.choice(moves), game.table.at_device)
        if game.table.asking == (0, 1):
            robins, sams = question_asked(game.table, 0), question_asked(game.table, 1)
            pad = not robins.choices and not robins.on_line
            if pad and (sams.on_line or sams.can_go_on_line):
                return game
        game.delete()
    raise AssertionError("no such table in 200 deals")


def test_two_children_each_answer_their_own_question_on_their_own_device_at_once(
    browser, live_server, transactional_db, axe, requests_made, console_errors
) -> None:
    parent = ParentFactory()
    robin = ChildFactory(parent=parent, nickname="Robin", avatar="fox")
    sam = ChildFactory(parent=parent, nickname="Sam", avatar="owl")
    sizes = {"Robin": (390, 844), "Sam": (1280, 800)}
    contexts = []
    tabs = log_in_each(browser, live_server, requests_made, console_errors, parent, sizes, contexts)
    game = a_table_asking_both(robin, sam)
    for tab in tabs.values():
        tab.goto(game.get_absolute_url())
        tab.wait_for_selector("#game.stage-practice .question")
        tab.wait_for_load_state()
    robin_tab, sam_tab = tabs["Robin"], tabs["Sam"]
    assert axe(robin_tab) == []
    snapshot(robin_tab, "family-table-question")

    # Sam misses a sum on the pad first (then walks it on the number line): Robin's page,
    # drawn before, stays on Robin's own question.
    first = asked(1).question
    if not first.on_line:
        give(sam_tab, asked(1).answer + 1, seat=1)
        assert sam_tab.locator(".walk").count() == 1
    assert robin_tab.locator("#answer-ok").count() == 1
    # Robin answers on the pad, from the page drawn before Sam's answer: it is taken.
    robins = asked(0).question
    give(robin_tab, robins.answer, seat=0)
    game.refresh_from_db()
    assert game.table.practice[0].answered >= 1
    while robin_tab.locator(".question").count():
        give(robin_tab, asked(0).answer, seat=0)
    # Done first, Robin sees the scores and waits for Sam, kindly.
    robin_tab.get_by_text("Waiting for Sam to answer.").wait_for()
    assert robin_tab.locator("#next-hole").count() == 0
    assert axe(robin_tab) == []
    snapshot(robin_tab, "family-table-waiting-for-answers")

    # Sam walks the sum on the number line, and answers any question left.
    while sam_tab.locator(".question").count():
        give(sam_tab, asked(1).answer, seat=1)
    # Robin's device moves on when Sam's last answer comes, without a tap.
    robin_tab.locator("#next-hole").wait_for(timeout=SHOWN_WITHIN_MS)
    assert sam_tab.locator("#next-hole").count() == 1

    game.refresh_from_db()
    assert game.stage == Stage.SUMMARY
    robin_answers = SkillAttempt.objects.filter(child=robin)
    sam_answers = SkillAttempt.objects.filter(child=sam)
    assert robin_answers.first().right_answer == robins.answer and robin_answers.first().right
    assert sam_answers.first().right_answer == first.answer
    if not first.on_line:
        assert not sam_answers.first().right  # the miss on the pad, kept as Sam's
        assert sam_answers.filter(right=True, first_try=False).exclude(landings=[]).exists()
    assert robin_answers.count() + sam_answers.count() == game.skill_attempts.count()
    assert console_errors == []
    assert_only_our_site(requests_made, live_server.url)
    for context in contexts:
        context.close()


def friends_table(browser, live_server, requests_made, console_errors):
    """A grown-up on a laptop seats Robin (in kid mode on a phone), themselves and a
    friend; returns the tabs and their contexts."""
    parent = ParentFactory()
    ChildFactory(parent=parent, nickname="Robin", avatar="fox")
    tabs, contexts = {}, []
    for who, size in (("grown-up", (1280, 800)), ("Robin", (390, 844)), ("friend", (390, 844))):
        context, tab = open_tab(
            browser,
            live_server,
            requests_made,
            console_errors,
            {"width": size[0], "height": size[1]},
        )
        contexts.append(context)
        tabs[who] = tab
    log_in(tabs["Robin"], parent, "Robin")
    host = tabs["grown-up"]
    log_in(host, parent, None)
    host.get_by_role("link", name="Play together").click()
    host.get_by_label("Seat 1").select_option(label="Robin")
    host.get_by_label("Seat 2").select_option(label="Grown-up")
    host.get_by_label("Seat 3").select_option(label="A friend, on their own device")
    host.get_by_role("radio", name="Each on your own device.").check()
    host.get_by_role("radio", name="Six-card Golf").check()
    host.get_by_label("1 bot", exact=True).check()
    host.get_by_label("1 hole", exact=True).check()
    host.get_by_role("button", name="Deal the cards").click()
    host.wait_for_selector("#game")
    return tabs, contexts


def code_on(host) -> list[str]:
    """The pictures the host's screen shows, by the names under them."""
    return host.locator(".friend-code li").all_inner_texts()


def tap_the_code(tab, names: list[str]) -> None:
    tab.goto("/")
    tab.get_by_role("link", name="Join a friend's table").click()
    tap_the_pictures(tab, names)


def test_a_friend_joins_by_tapping_the_pictures_and_the_host_lets_a_bot_take_the_seat(
    browser, live_server, transactional_db, axe, requests_made, console_errors
) -> None:
    tabs, contexts = friends_table(browser, live_server, requests_made, console_errors)
    host, friend = tabs["grown-up"], tabs["friend"]
    pictures = code_on(host)
    assert len(pictures) == 4
    assert axe(host) == []
    snapshot(host, "family-table-friend-code")

    tap_the_code(friend, pictures)
    friend.wait_for_selector("#game")
    assert friend.locator("#game .seat.you").get_attribute("data-seat") == "2"
    assert friend.locator(".friend-seats").count() == 0  # only the host keeps the seats
    assert axe(friend) == []
    snapshot(friend, "family-table-friend-joined")
    host.reload()
    joined = host.locator(".friend-seat").inner_text()
    assert "joined" in joined

    host.get_by_role("button", name="Let a bot play seat 3").click()
    host.wait_for_selector(".friend-seats >> text=a bot plays it")
    # Without a tap, the friend's device is told kindly that a bot plays for it now, with
    # the way on and nothing of the table.
    friend.get_by_role("heading", name="A bot is playing for you now").wait_for(
        timeout=SHOWN_WITHIN_MS
    )
    assert friend.locator("#game").count() == 0  # the friend's device has left the table
    main = friend.locator("main").inner_text()
    assert "Robin" not in main and "Grown-up" not in main
    assert axe(friend) == []
    snapshot(friend, "family-table-friend-seat-taken")
    # The page itself is a 410 (gone for this device), which Chromium logs as an error.
    assert all("410" in e for e in console_errors)
    friend.get_by_role("link", name="Join a friend's table").click()
    friend.get_by_role("heading", name="Join a friend's table").wait_for()
    assert_only_our_site(requests_made, live_server.url)
    for context in contexts:
        assert {c["name"] for c in context.cookies()} <= {"sessionid", "csrftoken"}
        context.close()


def test_pictures_past_their_ten_minutes_open_no_table(
    browser, live_server, transactional_db, axe, requests_made, console_errors
) -> None:
    tabs, contexts = friends_table(browser, live_server, requests_made, console_errors)
    pictures = code_on(tabs["grown-up"])
    Seat.objects.filter(friend=True).update(code_expires=timezone.now() - timedelta(seconds=1))

    friend = tabs["friend"]
    tap_the_code(friend, pictures)

    friend.get_by_role("alert").get_by_text("Those pictures open no table.").wait_for()
    assert axe(friend) == []
    snapshot(friend, "family-table-friend-code-expired")
    tabs["grown-up"].reload()
    assert "the pictures ran out" in tabs["grown-up"].locator(".friend-seats").inner_text()
    for context in contexts:
        context.close()


def test_a_friend_enters_the_code_by_keys_takes_a_wrong_picture_back_and_joins(
    browser, live_server, transactional_db, axe, requests_made, console_errors
) -> None:
    """The friend's code as the class's: one set of pictures a phone shows in about a
    screen, tapped in turn; by keys the place stays on the key pressed."""
    tabs, contexts = friends_table(browser, live_server, requests_made, console_errors)
    code = Seat.objects.get(friend=True).code.split("-")
    labels = [str(BY_NAME[name].label) for name in code]
    friend = tabs["friend"]
    friend.goto("/")
    friend.get_by_role("link", name="Join a friend's table").click()
    keys = friend.get_by_role("group", name="Pictures").get_by_role("button")
    assert keys.count() == 14
    # Every picture within a screen and a bit (four grids of 14 took 2,572 px of scrolling).
    keys_end = friend.evaluate(
        "document.querySelector('.picture-keys').getBoundingClientRect().bottom"
    )
    assert keys_end <= 1.25 * 844, keys_end
    assert axe(friend) == []
    snapshot(friend, "family-table-friend-join")

    wrong = next(name for name in BY_NAME if name != code[1])
    for name in (code[0], wrong):
        friend.locator(f"#key-{name}").focus()
        friend.keyboard.press("Enter")
        friend.locator(".code-slots .slot.filled .slot-name").last.get_by_text(
            str(BY_NAME[name].label), exact=True
        ).wait_for()
        assert friend.evaluate("document.activeElement.id") == f"key-{name}"
    friend.get_by_role("button", name="Take one back").focus()
    friend.keyboard.press("Enter")
    friend.locator(".slot.filled").nth(1).wait_for(state="detached")
    assert friend.locator(".code-slots").inner_text().split() == [labels[0]]
    for n, name in enumerate(code[1:], start=2):
        friend.locator(f"#key-{name}").focus()
        friend.keyboard.press("Enter")
        if n < len(code):
            friend.locator(".slot.filled").nth(n - 1).wait_for()
    friend.wait_for_selector("#game")
    assert friend.locator("#game .seat.you").get_attribute("data-seat") == "2"
    assert console_errors == []
    for context in contexts:
        context.close()


def test_a_device_that_drops_catches_up_when_it_comes_back(
    browser, live_server, transactional_db, requests_made, console_errors
) -> None:
    parent = ParentFactory()
    ChildFactory(parent=parent, nickname="Robin", avatar="fox")
    ChildFactory(parent=parent, nickname="Sam", avatar="owl")
    sizes = dict.fromkeys(("grown-up", "Robin", "Sam"), (390, 844))
    contexts = []
    tabs = log_in_each(browser, live_server, requests_made, console_errors, parent, sizes, contexts)
    seat_the_table(tabs["grown-up"])
    game = Game.objects.get()
    for who in ("Robin", "Sam"):
        tabs[who].goto(game.get_absolute_url())
        tabs[who].wait_for_selector("#game")

    rng = random.Random(8)
    dropped = None
    for made in range(6):
        game.refresh_from_db()
        mover = next(w for w, seat in SEATS.items() if seat == game.table.at_device)
        if made == 0:
            dropped = next(w for w in tabs if w != mover)
            contexts[list(tabs).index(dropped)].set_offline(True)
        tab = tabs[mover]
        if mover == dropped:
            break
        shows(tab, game.version)
        make_move(tab, choose(rng, [i for i in offered(tab) if i != "knock"]), click(tab))
    game.refresh_from_db()
    offline = tabs[dropped]
    assert offline.locator("#game").get_attribute("data-version") != str(game.version)

    contexts[list(tabs).index(dropped)].set_offline(False)

    # Back online, it asks again with the last version it heard of, and draws the table
    # as it is now.
    offline.wait_for_function(
        "v => document.querySelector('#game').dataset.version === String(v)",
        arg=game.version,
        timeout=15_000,
    )
    for context in contexts:
        context.close()


@pytest.mark.parametrize("busy", [False, True], ids=["idle", "busy-when-it-looks"])
def test_a_device_gone_while_its_question_is_open_is_played_by_a_bot_and_the_game_goes_on(
    browser, live_server, transactional_db, axe, requests_made, console_errors, busy
) -> None:
    """``busy``: Robin's table is still telling what happened when it looks again for Sam,
    so it looks once that is done (it used to give up until someone's next move)."""
    parent = ParentFactory()
    robin = ChildFactory(parent=parent, nickname="Robin", avatar="fox")
    sam = ChildFactory(parent=parent, nickname="Sam", avatar="owl")
    tabs, contexts = {}, {}
    for who, (width, height) in (("Robin", (390, 844)), ("Sam", (1280, 800))):
        contexts[who], tabs[who] = open_tab(
            browser, live_server, requests_made, console_errors, {"width": width, "height": height}
        )
        log_in(tabs[who], parent, who)
    game = a_table_asking_both(robin, sam)
    for tab in tabs.values():
        tab.goto(game.get_absolute_url())
        tab.wait_for_selector("#game.stage-practice .question")
        tab.wait_for_load_state()
    robin_tab = tabs["Robin"]

    # Sam's device closes with Sam's question open. "A minute" passes quicker here: Sam's
    # device was last heard from a minute ago but for a few seconds.
    contexts["Sam"].close()
    robin_tab.wait_for_timeout(1_500)  # anything Sam's tab had on its way has come
    last_heard = timezone.now() - AWAY + timedelta(seconds=8)
    Seat.objects.filter(game=game, number=1).update(seen=last_heard)
    make_move(robin_tab, "skip-questions", click(robin_tab))
    robin_tab.get_by_text("Waiting for Sam to answer.").wait_for()
    # Not yet: Sam may only be slow.
    assert robin_tab.locator(".away-seat").count() == 1
    assert robin_tab.get_by_role("button", name="Let a bot play for Sam").count() == 0

    # Once Sam's device has been gone a minute, Robin's offers a bot for Sam, without a tap.
    offer = robin_tab.get_by_role("button", name="Let a bot play for Sam")
    if busy:
        robin_tab.evaluate("() => document.getElementById('game').classList.add('narrating')")
        away_in = (last_heard + AWAY - timezone.now()).total_seconds()
        robin_tab.wait_for_timeout((away_in + 1.5) * 1000)  # past its look again
        assert offer.count() == 0  # not drawn while it tells what happened
        robin_tab.evaluate("() => document.getElementById('game').classList.remove('narrating')")
        offer.wait_for(timeout=5_000)
    offer.wait_for(timeout=20_000)
    assert robin_tab.get_by_text("Sam is away.").is_visible()
    assert offer.bounding_box()["height"] >= 44
    assert robin_tab.locator("#next-hole").count() == 0
    assert axe(robin_tab) == []
    snapshot(robin_tab, "family-table-away-at-a-question")
    reach(robin_tab, "Tab", "hand-1")  # pressed from the keyboard
    robin_tab.keyboard.press("Enter")

    # Sam's question is closed; the next hole starts, with a bot in Sam's seat.
    robin_tab.locator("#next-hole").wait_for()
    game.refresh_from_db()
    assert game.table.handed == (1,) and game.table.asking == ()
    make_move(robin_tab, "next-hole", click(robin_tab))
    robin_tab.wait_for_selector("#game:is(.stage-play, .stage-peek)")
    game.refresh_from_db()
    assert game.state.hole == 2 and game.table.bots[1] == "gentle"
    assert not SkillAttempt.objects.filter(child=sam).exists()
    assert console_errors == []
    assert_only_our_site(requests_made, live_server.url)
    contexts["Robin"].close()
