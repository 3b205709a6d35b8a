"""Steps several browser tests take to reach the page they check, and checks they share:
a grown-up logged in, a guest's game given to a tab, a family seated at one device, a sum
answered on the pad or on the number line, a number line's labels read.

Playing a game move by move is tests/browser/playing.py's; a family table with a device each
is tests/browser/family_table.py's. A new tab is conftest.py's open_tab, which stays beside
the fixtures that open theirs with it.
"""

from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore

from games.models import Game
from peabody import sessions
from tests.browser.playing import snapshot, version, wait_for_the_answer
from tests.factories import PASSWORD, ChildFactory, ParentFactory

# --- logging in --------------------------------------------------------------------------


def log_in(tab, parent, child: str | None = None) -> None:
    """Log ``parent`` in on the English log-in page by what a grown-up reads there (the
    fields' labels, the button's name); with ``child``, then play as that child in kid
    mode, which opens the new-game page."""
    tab.goto("/accounts/login/")
    tab.get_by_label("Email").fill(parent.email)
    tab.get_by_label("Password").fill(PASSWORD)
    tab.get_by_role("button", name="Log in").click()
    tab.get_by_role("heading", name="Who's playing?").wait_for()
    if child is not None:
        tab.get_by_role("button", name=child).click()  # kid mode, on the new-game page
        tab.get_by_role("heading", name="Start a game").wait_for()


def log_in_at(tab, parent, prefix: str = "") -> None:
    """Log ``parent`` in on the log-in page of the language of ``prefix`` ("" or "/es"),
    by the fields' names, which are the same in every language."""
    tab.goto(f"{prefix}/accounts/login/")
    tab.locator("input[name=login]").fill(parent.email)
    tab.locator("input[name=password]").fill(PASSWORD)
    tab.locator("form button[type=submit]").first.click()
    tab.wait_for_url(f"**{prefix}/who/")


def as_guest(tab, live_server, game: Game) -> None:
    """This tab's session holds the game's guest key, as the site gives a browser that
    starts a game."""
    session = SessionStore()
    session[sessions.GUEST_KEY] = game.guest_key
    session.create()
    tab.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key,
          "url": live_server.url}]
    )  # fmt: skip


# --- playing together at one device ----------------------------------------------------


def log_in_a_family(tab, names=("Robin", "Sam")) -> None:
    """A grown-up with two children of ``names`` (a fox's picture and an owl's), logged in."""
    parent = ParentFactory()
    ChildFactory(parent=parent, nickname=names[0], avatar="fox")
    ChildFactory(parent=parent, nickname=names[1], avatar="owl")
    log_in(tab, parent)


def start_together(tab, mode: str, bots: str = "1", names=("Robin", "Sam")) -> None:
    """From "Who's playing?", a game of one hole of ``mode`` for both children at this
    device and ``bots`` bots."""
    tab.get_by_role("link", name="Play together").click()
    tab.get_by_role("heading", name="Play together").wait_for()
    tab.get_by_label("Seat 1").select_option(label=names[0])
    tab.get_by_label("Seat 2").select_option(label=names[1])
    tab.get_by_label("Seat 3").select_option(label="Nobody")
    tab.get_by_role("radio", name=mode).check()
    tab.get_by_label(f"{bots} bot{'' if bots == '1' else 's'}", exact=True).check()
    tab.get_by_label("1 hole", exact=True).check()
    snapshot(tab, "together-form")
    tab.get_by_role("button", name="Deal the cards").click()
    tab.wait_for_selector("#game")


# --- a sum, answered and walked ----------------------------------------------------------


def answer_on_the_pad(tab, answer: int) -> None:
    """Type ``answer`` in the question's box, press OK and wait for the table's answer."""
    before = version(tab)
    tab.locator("#answer").fill(str(answer))
    tab.locator("#answer-ok").click()
    wait_for_the_answer(tab, before)


def land_each_step_here(tab, steps: int) -> None:
    """On the number line, "land here" on each of the first ``steps`` steps as the marker
    stands, then OK, and wait for the table's answer."""
    for step in range(1, steps + 1):
        tab.locator(f".stride:nth-child({step}) .land-here").click()
    before = version(tab)
    tab.locator("#land-ok").click()
    wait_for_the_answer(tab, before)


# The numbers under each line's ticks that touch the next one shown, as "4|5".
RUN_TOGETHER = """selector => [...document.querySelectorAll(selector)].flatMap(svg => {
    const shown = [...svg.querySelectorAll('text.tick-label')]
        .map(t => ({text: t.textContent, box: t.getBoundingClientRect()}))
        .filter(t => t.box.width > 0)
        .sort((a, b) => a.box.left - b.box.left);
    const touching = [];
    for (let i = 1; i < shown.length; i++) {
        if (shown[i].box.left < shown[i - 1].box.right + 2) {
            touching.push(`${shown[i - 1].text}|${shown[i].text}`);
        }
    }
    return touching;
})"""


def run_together(tab, selector: str) -> list[str]:
    return tab.evaluate(RUN_TOGETHER, selector)


def tap_the_pictures(tab, labels: list[str]) -> None:
    """Tap a join code's pictures in turn, by the names under them, as a child does; each
    tap waits for the code so far to show it."""
    for n, label in enumerate(labels, start=1):
        tab.locator(".picture-keys").get_by_role("button", name=label, exact=True).click()
        if n < len(labels):
            tab.locator(".code-slots .slot.filled").nth(n - 1).wait_for()
