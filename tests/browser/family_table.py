"""A family table with a device each, played in real Chromium: a grown-up seats two
children and themselves (or whoever a test seats), each on a device of their own (a browser
context each), and the game is played to its end, every device showing the others' moves
without a tap."""

import random
from collections.abc import Callable, Sequence

from games.models import Game
from games.table import Stage
from tests.browser.conftest import open_tab
from tests.browser.pages import log_in
from tests.browser.playing import choose, click, make_move, offered, snapshot

# Who sits where, as the grown-up seats them.
SEATS = {"Robin": 0, "Sam": 1, "grown-up": 2}
# How long another device may take to show a move: the server tells it within a second
# (games/live.py polls every quarter second); the rest is a busy test machine's margin.
SHOWN_WITHIN_MS = 5_000


def log_in_each(
    browser,
    server,
    requests_made: list[str],
    console_errors: list[str],
    parent,
    screens: dict[str, tuple[int, int]],
    contexts: list,
) -> dict:
    """A tab on ``server`` (as conftest.open_tab opens one) for each person of ``screens``,
    at their screen's width and height, logged in: the grown-up's as the grown-up, each
    child's in kid mode as that child. Each tab's browser context is added to ``contexts``
    as it opens, for the caller to close."""
    tabs = {}
    for who, (width, height) in screens.items():
        context, tab = open_tab(
            browser, server, requests_made, console_errors, {"width": width, "height": height}
        )
        contexts.append(context)
        log_in(tab, parent, None if who == "grown-up" else who)
        tabs[who] = tab
    return tabs


def seat_the_table(
    tab,
    seats: Sequence[str] = ("Robin", "Sam", "Grown-up"),
    *,
    game: str = "Six-card Golf",
    bots: str = "1 bot",
    devices: bool = True,
    form: str = "family-table-form",
    check: Callable | None = None,
    holes: str = "1 hole",
) -> None:
    """From the grown-up's "Who's playing?", seat ``seats`` in that order at ``holes`` of
    ``game`` with ``bots``, each on their own device (or, not ``devices``, one device passed
    round), and deal. The form is snapshotted as ``form``, and given to ``check`` if any,
    before the cards are dealt."""
    tab.get_by_role("link", name="Play together").click()
    tab.get_by_role("heading", name="Play together").wait_for()
    for number, who in enumerate(seats, start=1):
        tab.get_by_label(f"Seat {number}").select_option(label=who)
    if devices:
        tab.get_by_role("radio", name="Each on your own device.").check()
    tab.get_by_role("radio", name=game).check()
    tab.get_by_label(bots, exact=True).check()
    tab.get_by_label(holes, exact=True).check()
    snapshot(tab, form)
    if check is not None:
        check(tab)
    tab.get_by_role("button", name="Deal the cards").click()
    tab.wait_for_selector("#game")


def join_the_table(tab) -> None:
    """A child's device, on its new-game page since before the table was seated."""
    tab.reload()
    tab.get_by_role("heading", name="Your table is ready").wait_for()
    tab.get_by_role("link", name="Join the table").click()
    tab.wait_for_selector("#game")
    tab.wait_for_load_state()


def shows(tab, version: int) -> None:
    """``tab`` has drawn the game at ``version`` and finished telling what happened."""
    tab.wait_for_function(
        "v => { const g = document.querySelector('#game');"
        " return g && g.dataset.version === String(v) && !g.classList.contains('narrating'); }",
        arg=version,
        timeout=SHOWN_WITHIN_MS,
    )


def cards_seen(tab) -> dict[int, tuple[str, int, int]]:
    """Per seat drawn: whose cards ("you" or "opponent"), face-up and face-down cards."""
    found = tab.eval_on_selector_all(
        "#game .seat",
        """seats => seats.map(s => [Number(s.dataset.seat),
            s.classList.contains('you') ? 'you' : 'opponent',
            s.querySelectorAll('.layout .face').length,
            s.querySelectorAll('.layout .back').length])""",
    )
    return {seat: (kind, up, down) for seat, kind, up, down in found}


def tab_of(tabs: dict, seat: int, seats: dict[str, int] = SEATS):
    """The device of the person in ``seat``; None if theirs never opened (not in ``tabs``)."""
    return tabs.get(next(who for who, at in seats.items() if at == seat))


def skip_the_questions(game: Game, tabs: dict, seats: dict[str, int] = SEATS) -> None:
    """Each child's device has its own questions: each skips them, at once (a page drawn
    before the other's skip still skips its own). A seat with no device is left asked."""
    for seat in game.table.asking:
        tab = tab_of(tabs, seat, seats)
        if tab is not None:
            make_move(tab, "skip-questions", click(tab))


def play_the_game(
    game: Game,
    tabs: dict,
    rng: random.Random,
    axe,
    at_the_questions: Callable[[Game, dict], None] | None = None,
    *,
    seats: dict[str, int] = SEATS,
    moves_on: str = "Sam",
    check: Callable | None = None,
    name: str = "family-table",
    each_step: Callable[[Game, dict], None] | None = None,
    no_device: Callable[[Game, dict, int], None] | None = None,
    pick: Callable[[random.Random, list[str]], str] = choose,
) -> None:
    """Play ``game`` to its end, each move made on the device whose turn it is (at a hole's
    scores, ``moves_on``'s), with ``at_the_questions`` at each hole's end (by default each
    child skips them). ``seats`` says who sits where. After every move each device shows the
    game as saved, within SHOWN_WITHIN_MS and without a tap: every seat, its own as "your
    cards", and every face-down card as its back, its owner's too. Each device, the first
    time it waits for another's turn, offers nothing to press and passes axe (and
    ``check``, if given, as every device does at a hole's scores); its picture's name
    begins with ``name``. ``each_step(game, tabs)``, if given, looks at every device once
    all show the game as saved. A seat in ``seats`` with no device in ``tabs`` never opened
    one: when the table waits for it (its decision, or its questions once the others' are
    done), ``no_device(game, tabs, seat)`` moves the table on for it. Each move is
    ``pick``'s of those offered (by default playing.choose's)."""
    looked = set()
    for _ in range(300):
        game.refresh_from_db()
        for tab in tabs.values():
            shows(tab, game.version)
        if game.stage == Stage.OVER:
            return
        state = game.state
        for who, tab in tabs.items():
            seen = cards_seen(tab)
            if game.stage in (Stage.PLAY, Stage.WAIT):
                assert sorted(seen) == list(range(len(state.layouts)))
                assert [s for s, (kind, _, _) in seen.items() if kind == "you"] == [seats[who]]
                for seat, (_, up, down) in seen.items():
                    layout, face_up = state.layouts[seat], state.face_up[seat]
                    assert down == sum(
                        1 for c, u in zip(layout, face_up, strict=True) if c and not u
                    )
                    assert up == sum(1 for c, u in zip(layout, face_up, strict=True) if c and u)
            waiting = game.stage == Stage.PLAY and seats[who] != game.table.at_device
            if waiting and who not in looked:
                looked.add(who)
                assert tab.locator("#game.stage-wait").count() == 1
                assert offered(tab) == []  # nothing to press on another's turn
                assert axe(tab) == []
                if check is not None:
                    check(tab)
                snapshot(tab, f"{name}-waiting-{who}")
        if each_step is not None:
            each_step(game, tabs)
        waited = {Stage.PRACTICE: game.table.asking, Stage.PLAY: (game.table.at_device,)}
        waited[Stage.PEEK] = waited[Stage.PLAY]
        absent = waited.get(game.stage, ())
        if no_device is not None and absent and all(tab_of(tabs, s, seats) is None for s in absent):
            no_device(game, tabs, absent[0])
            continue
        if game.stage == Stage.PRACTICE:
            if at_the_questions is None:
                skip_the_questions(game, tabs, seats)
            else:
                at_the_questions(game, tabs)
            continue
        if game.stage == Stage.SUMMARY:
            if check is not None:
                for tab in tabs.values():
                    check(tab)
            mover = moves_on  # any device sees the hole's end; one moves the table on
        else:
            mover = next(w for w, seat in seats.items() if seat == game.table.at_device)
        tab = tabs[mover]
        make_move(tab, pick(rng, offered(tab)), click(tab))
    raise AssertionError("the game did not end")
