"""Playing a game in the browser as a child does: the moves on offer, one pressed at a time."""

import os
import random
from pathlib import Path

from games.models import Game
from games.questions import question_told
from games.table import question_asked
from games.words.cards import MINUS, number
from games.words.people import seat_names

# Set PEABODY_SCREENSHOTS to a folder to keep pictures of the screens the tests pass.
SHOTS = os.environ.get("PEABODY_SCREENSHOTS")
SIZES = [(390, 844), (1280, 800), (1920, 1080)]
PLAYING = "button[form=table-form][name=move]"


def offered(page) -> list[str]:
    """The ids of the buttons that make a move right now, and Keep playing."""
    return page.eval_on_selector_all(f"{PLAYING}, #keep", "found => found.map(b => b.id)")


def version(page) -> str:
    return page.get_attribute("input[name=version]", "value")


def wait_for_the_answer(page, before: str) -> None:
    page.wait_for_function(
        """before => {
            const v = document.querySelector('input[name=version]');
            return !v || v.value !== before || document.querySelector('#keep');
        }""",
        arg=before,
    )
    page.wait_for_selector("#game:not(.narrating)")


# A practice question's OK needs an answer first, on the number pad or walked on the number
# line (its OK shows once the marker has landed): ``give`` does that.
NEEDS_AN_ANSWER = {"answer-ok", "land-ok"}


def choose(rng: random.Random, ids: list[str]) -> str:
    # Knocking at once would end a game before it has shown much, so wait a little.
    ids = [i for i in ids if i not in NEEDS_AN_ANSWER]
    calm = [i for i in ids if i != "knock"]
    return rng.choice(calm if calm and rng.random() < 0.8 else ids)


def snapshot(page, name: str) -> None:
    """With PEABODY_SCREENSHOTS set, keep the whole page as it is now at each of the three
    sizes, then go back to the tab's own size."""
    if not SHOTS:
        return
    first = page.viewport_size
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=Path(SHOTS) / f"{name}-{width}.png", full_page=True)
    page.set_viewport_size(first)


def make_move(page, target: str, press) -> None:
    """Press a move's button and wait for the table to answer; Keep playing only takes the
    knock question away. A knock that says yes to the question answers once the question
    has gone (wait_for_the_answer alone would take the question still on show for it)."""
    before = version(page)
    asked = target != "keep" and page.locator("#keep").count() > 0
    press(target)
    if target == "keep" or asked:
        page.wait_for_selector("#keep", state="detached")
    if target != "keep":
        wait_for_the_answer(page, before)


def play_to_the_end(page, press, at_a_decision=None) -> int:
    """Play offered moves until the game is over; returns how many moves were made."""
    rng = random.Random(1)
    for made in range(400):
        if at_a_decision:
            at_a_decision()
        if page.locator(".ending").count():
            return made
        if page.locator("#and-knock").count() and rng.random() < 0.1:
            page.locator("#and-knock").check()
        make_move(page, choose(rng, offered(page)), press)
    raise AssertionError("the game did not end")


def click(page):
    return lambda target: page.locator(f"#{target}").click()


def reach(page, key: str, target: str, most: int = 200) -> None:
    """Move the focus on with ``key`` until ``#target`` has it."""
    for _ in range(most):
        if page.evaluate("document.activeElement && document.activeElement.id") == target:
            return
        page.keyboard.press(key)
    raise AssertionError(f"could not reach #{target} with the {key} key")


def keys(page, key: str, most: int = 200):
    """A press as made without a mouse: ``key`` moves the focus on until the target has it
    (Tab for a keyboard, an arrow for a presentation clicker), then Enter."""

    def press(target: str) -> None:
        reach(page, key, target, most)
        page.keyboard.press("Enter")

    return press


# --- shared by the browser tests of several pages ------------------------------------

MODES = {
    "easy4": "Four-card Golf",
    "classic6": "Six-card Golf",
    "knock9": "Knock Golf",
}
# Everything a decision may need pressed or seen, on the table or at the end of a hole.
DECISION = (
    f"{PLAYING}, #keep, label.toggle, #hint-button, .hand .card, #stock, #discard-pile, #held,"
    " .score-card.you .card, .ending-actions .button, .pad-key, #answer-ok, .choice,"
    " #sound-switch, #read-switch, .game > .message, #prompt, #feedback, .warning, .tips,"
    # A sum walked on the number line: the line, the step on show with its marker, OK.
    " .walk-start, .walk .number-line svg, .stride:not(.landed-here) .landing, .land-here,"
    " #land-ok"
)
SPEECH_STUB = """
window.spoken = [];
const voices = %s;
window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {
  getVoices: () => voices,
  addEventListener: () => {},
  cancel: () => {},
  speak: (line) => {
    window.spoken.push({text: line.text, voice: line.voice && line.voice.name});
    setTimeout(() => line.onend && line.onend(), 5);
  },
}});
"""
ON_DEVICE = {"name": "On this device", "lang": "en-US", "localService": True}


def start_game(page, mode: str, holes: str = "1", bots: str = "1") -> None:
    page.goto("/")
    page.get_by_role("button", name="Play").click()
    page.get_by_role("radio", name=MODES[mode]).check()
    page.locator(f"input[name=bots][value='{bots}']").check()
    page.locator(f"input[name=holes][value='{holes}']").check()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_selector("#game")
    page.wait_for_load_state()  # its style sheets too


def past_the_first_turn(page) -> None:
    """The easy game, past the peek and the child's first turn (a card from the stock,
    thrown away): Knock is offered from the second turn."""
    page.get_by_role("button", name="I remember them").click()
    page.wait_for_selector("#stock:not([disabled])")
    take_and_throw(page)


def take_and_throw(page) -> None:
    """A turn: a card from the stock, thrown away; then the bots', up to the next."""
    page.locator("#stock").click()
    page.get_by_role("button", name="Throw it away").click()
    page.wait_for_selector("#stock:not([disabled])")


def deal(page, mode: str, bots: str = "1", holes: str = "1", language: str = "en") -> None:
    """Start a game from the new-game form in the page's ``language``, its choices by their
    values (the same in every language)."""
    page.goto("/play/" if language == "en" else f"/{language}/play/")
    page.locator(f"input[name=mode][value={mode}]").check()
    page.locator(f"input[name=bots][value='{bots}']").check()
    page.locator(f"input[name=holes][value='{holes}']").check()
    page.locator(".deal button[type=submit]").click()
    page.wait_for_selector("#game")
    page.wait_for_load_state()  # its style sheets too


def assert_only_our_site(requests_made: list[str], base: str) -> None:
    assert requests_made
    strangers = [url for url in requests_made if not url.startswith(base + "/")]
    assert strangers == []


def outside(page) -> tuple[list[str], float]:
    """What a decision needs that is not wholly on screen, and the lowest edge of it all,
    once the page has settled: the tabs have reduced motion, where every change of style
    is a transition of 0.01 ms that starts on the next frame (htmx settling a swap, a style
    sheet just loaded), so for one frame a card may still be where it was, or unstyled."""
    page.wait_for_load_state()
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    seen = page.evaluate(
        """selector => {
            const out = [];
            let lowest = 0;
            for (const el of document.querySelectorAll(selector)) {
                const r = el.getBoundingClientRect();
                if (!r.width || el.closest("[hidden]")) continue;
                lowest = Math.max(lowest, r.bottom);
                if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5
                        || r.right > innerWidth + 0.5 || scrollY > 0) {
                    out.push((el.id || el.className) + " at " + Math.round(r.bottom));
                }
            }
            return [out, lowest];
        }""",
        DECISION,
    )
    return seen[0], seen[1]


def play_to_a_question(page, mode: str = "Six-card Golf", on_the_pad=False) -> None:
    """Start a game of three holes and play it to its first practice question; with
    ``on_the_pad``, to its first question answered on the number pad (any other is
    answered right, which brings the hole's next question or the next hole)."""
    page.goto("/play/")
    page.get_by_role("radio", name=mode).check()
    page.locator("input[name=holes][value='3']").check()
    assert page.get_by_label("Ask me maths questions after each hole").is_checked()
    page.get_by_role("button", name="Deal the cards").click()
    page.wait_for_selector("#game")
    page.wait_for_load_state()  # its style sheets too
    rng = random.Random(2)
    for _ in range(300):
        if page.locator(".question").count():
            if not on_the_pad or page.locator("#answer-ok").count():
                return
            give(page, asked().answer)
            continue
        moves = offered(page)
        if not moves:  # between two screens (a hole's end coming in): look again
            page.wait_for_timeout(100)
            continue
        make_move(page, choose(rng, moves), click(page))
    raise AssertionError("the hole never ended")


def asked(seat: int | None = None):
    """The question on show: the one child's, or at a table with a device each ``seat``'s."""
    game = Game.objects.get()
    return question_told(
        question_asked(game.table, seat),
        game.state.rules,
        seat_names(game.bot_levels, game.nicknames),
    )


def walk(page, landings, to_the_marker=None, landed=None) -> None:
    """Walk a sum on the number line by keys: each step's marker moved by the arrow keys
    from where the last step landed, Enter to land there; after the last landing OK has the
    focus. ``to_the_marker(id)`` moves the focus to a step's marker as a clicker does (by
    default it is given the focus); ``landed(step, landing)`` checks each landing."""
    at = int(page.locator(".walk").get_attribute("data-start"))
    for step, landing in enumerate(landings, start=1):
        marker = page.locator(f"#landing-{step}")
        if to_the_marker:
            to_the_marker(f"landing-{step}")
        else:
            marker.focus()
        key = "ArrowRight" if landing > at else "ArrowLeft"
        for _ in range(abs(landing - at)):
            page.keyboard.press(key)
        assert marker.input_value() == str(landing)
        page.keyboard.press("Enter")
        if landed:
            landed(step, landing)
        at = landing
    page.wait_for_selector("#land-ok:focus")


def wrong(page) -> int:
    """A wrong answer to the question on show: another player, one more than the answer,
    or on the number line one less where one more is off its end."""
    question = asked()
    if question.choices:
        return next(seat for seat in question.question.choices if seat != question.answer)
    on_the_line = page.locator(".walk")
    if on_the_line.count() and question.answer + 1 > int(on_the_line.get_attribute("data-high")):
        return question.answer - 1
    return question.answer + 1


def give(page, answer: int, seat: int | None = None) -> None:
    """Answer as a child does: on the pad, by tapping a player, or walked on the number line
    (its last landing ``answer``, the landings before it right); at a table with a device
    each, the question of ``seat``, whose device ``page`` is."""
    question = asked(seat)
    before = version(page)
    if question.choices:
        page.locator(f"#choice-{answer}").click()
    elif page.locator(".walk").count():
        walk(page, (*question.question.landings[:-1], answer))
        page.locator("#land-ok").click()
    else:
        if answer < 0:
            page.locator(f".pad-key[data-key='{MINUS}']").click()
        for digit in str(abs(answer)):
            page.locator(f".pad-key[data-key='{digit}']").click()
        assert page.locator("#answer").input_value() == number(answer)
        page.locator("#answer-ok").click()
    wait_for_the_answer(page, before)


def play_out_the_hole(game: Game, way: int) -> None:
    """Play the hole to its scores as a random player does (``way`` seeds it): mostly
    anything but a knock, every question skipped."""
    from games.table import SKIP, Move, Stage, legal_moves, stage

    rng = random.Random(way)
    while (now := stage(game.table)) not in (Stage.SUMMARY, Stage.OVER):
        if now == Stage.PRACTICE:
            game.play(Move(SKIP))
            continue
        legal = legal_moves(game.table)
        calm = [m for m in legal if m.kind != "knock"]
        game.play(rng.choice(calm if calm and rng.random() < 0.9 else legal))
