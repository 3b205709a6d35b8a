"""The table's sounds (static/js/sound.js) in a real Chromium, with an AudioContext stub that
records every sound played: one per move, none with the switch off, none before the first tap,
none over the voice reading aloud; the switches on the table and on the slides."""

import json
import random

import pytest

from games.models import Game
from tests.browser.conftest import open_tab
from tests.browser.playing import (
    ON_DEVICE,
    asked,
    choose,
    click,
    give,
    make_move,
    offered,
    play_to_a_question,
    play_to_the_end,
    start_game,
    wrong,
)

pytestmark = pytest.mark.browser

# Each sound connects its own loudness to the speakers, then its notes to that: the stub
# counts a sound at the first, and notes its notes' pitches and times.
AUDIO_STUB = """
window.played = [];
window.contexts = 0;
const speakers = {};
const now = () => performance.now() / 1000;
class Param {
  constructor(value) { this.value = value; }
  setValueAtTime(value) { this.value = value; return this; }
  exponentialRampToValueAtTime() { return this; }
}
class Node {
  connect(to) {
    if (to === speakers) window.played.push({notes: [], start: Infinity, end: 0});
    return to;
  }
}
class Tone extends Node {
  constructor() {
    super();
    this.frequency = new Param(440);
    const sound = window.played[window.played.length - 1];
    const set = this.frequency.setValueAtTime.bind(this.frequency);
    this.frequency.setValueAtTime = (value, at) => {
      sound.notes.push(value);
      return set(value, at);
    };
    this.sound = sound;
  }
  start(at) { this.sound.start = Math.min(this.sound.start, at); }
  stop(at) { this.sound.end = Math.max(this.sound.end, at); }
}
class Loudness extends Node {
  constructor() { super(); this.gain = new Param(1); }
}
window.AudioContext = class {
  constructor() { window.contexts += 1; this.destination = speakers; this.state = "running"; }
  get currentTime() { return now(); }
  createOscillator() { return new Tone(); }
  createGain() { return new Loudness(); }
  resume() { return Promise.resolve(); }
};
"""
# A voice that takes a moment to speak each line, and notes when it spoke.
SLOW_SPEECH_STUB = """
window.spoken = [];
let current = null;
const voices = %s;
const now = () => performance.now() / 1000;
window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
function stop() {
  if (current) { clearTimeout(current.timer); current.said.end = now(); current = null; }
}
Object.defineProperty(window, "speechSynthesis", {configurable: true, value: {
  getVoices: () => voices,
  addEventListener: () => {},
  cancel: stop,
  get speaking() { return current !== null; },
  get pending() { return false; },
  speak: (line) => {
    stop();
    const said = {text: line.text, start: now(), end: Infinity};
    window.spoken.push(said);
    const timer = setTimeout(() => { stop(); line.onend && line.onend(); }, 300);
    current = {said, timer};
  },
}});
"""
SOUND_OF = {
    "draw_stock": "take",
    "draw_discard": "take",
    "swap": "place",
    "discard": "discard",
    "flip": "flip",
    "knock": "knock",
}


def names(page) -> list[str]:
    """The sounds played so far, by name, told apart by their notes' pitches."""
    return page.evaluate(
        """() => {
            const sounds = Object.entries(window.peabodySound.sounds);
            return window.played.map(p => {
                const found = sounds.find(([, notes]) =>
                    JSON.stringify(notes.map(n => n[2])) === JSON.stringify(p.notes));
                return found ? found[0] : "unknown " + JSON.stringify(p.notes);
            });
        }"""
    )


def expected(page) -> list[str]:
    """The sounds the moves on the page call for: the child's own first, then the bots' in
    order, each with a pair's sound after it; then the end of a hole or a practice answer."""
    steps = page.eval_on_selector_all(
        "#game[data-narrate] .step",
        """found => found.map(s => ({
            own: s.classList.contains('own'), kind: s.dataset.kind, pairs: !!s.dataset.pairs
        }))""",
    )
    sounds = []
    for step in [s for s in steps if s["own"]] + [s for s in steps if not s["own"]]:
        if step["kind"] in SOUND_OF:
            sounds.append(SOUND_OF[step["kind"]])
            if step["pairs"]:
                sounds.append("pair")
    if any(s["kind"] == "reveal" for s in steps):
        cheer = page.get_attribute(".summary", "data-cheer")
        # No data-cheer while a question is open: the plain end-of-hole sound.
        sounds.append({"won": "best", "close": "close", "behind": "hole"}.get(cheer, "hole"))
    feedback = page.locator("#feedback")
    if feedback.count():
        sounds.append("right" if "right" in feedback.get_attribute("class") else "wrong")
    return sounds


def move_and_listen(page, target: str) -> tuple[list[str], list[str]]:
    """Make a move; the sounds it played and the sounds its page called for."""
    before = len(names(page))
    make_move(page, target, click(page))
    wanted = expected(page)
    page.wait_for_function(f"() => window.played.length >= {before + len(wanted)}")
    return names(page)[before:], wanted


@pytest.fixture
def listening(browser, live_server, transactional_db, requests_made, console_errors):
    """A phone-sized tab with the stub in place of the speakers."""
    context, tab = open_tab(
        browser, live_server, requests_made, console_errors, {"width": 390, "height": 844}
    )
    tab.add_init_script(AUDIO_STUB)
    yield tab
    context.close()


def lowest_hole_was_the_childs() -> bool:
    scores = Game.objects.get().state.results[-1].scores
    return scores[0] == min(scores)


@pytest.mark.parametrize("mode", ["easy4", "classic6"])
def test_each_move_plays_its_sound_once_and_the_hole_ends_with_its_own(
    listening, console_errors, mode: str
) -> None:
    page = listening
    start_game(page, mode, bots="2")
    rng = random.Random(4)
    heard: list[str] = []
    for _ in range(300):
        if page.locator(".summary").count():
            break
        played, wanted = move_and_listen(page, choose(rng, offered(page)))
        assert played == wanted
        heard += played
    # While a question about the hole is open, its ending is the plain one whoever won: the
    # glad sound would answer who scored lowest.
    asked = page.locator(".summary.practising").count()
    ending = "best" if lowest_hole_was_the_childs() and not asked else "hole"

    assert heard.count(ending) == 1 and heard[-1] == ending
    assert {"take", "place"} <= set(heard)
    assert page.evaluate("window.contexts") == 1
    assert console_errors == []


def test_the_end_of_the_game_plays_its_own_sound_once_and_a_fresh_page_of_it_none(
    listening,
) -> None:
    page = listening
    start_game(page, "easy4", bots="2")
    play_to_the_end(page, click(page))
    page.wait_for_function("() => window.played.length > 0")

    heard = names(page)
    ending = page.get_attribute(".ending", "data-sound")  # by how the game went for the child
    page.reload()
    page.mouse.click(5, 300)
    page.wait_for_timeout(300)

    assert ending in ("won-game", "close-game", "behind-game")
    assert heard.count(ending) == 1 and heard[-1] == ending
    assert names(page) == []


def test_watched_one_by_one_each_bot_step_sounds_as_it_is_shown(listening) -> None:
    page = listening
    page.emulate_media(reduced_motion="no-preference")
    start_game(page, "easy4", bots="1")
    make_move(page, "remember", click(page))
    rng = random.Random(7)
    for _ in range(4):
        played, wanted = move_and_listen(page, choose(rng, offered(page)))
        assert played == wanted
    assert page.locator("#game .step:not(.own)").count()


def test_a_wrong_practice_answer_sounds_gentle_and_a_right_one_glad(listening) -> None:
    page = listening
    play_to_a_question(page)
    question = asked()
    page.evaluate("window.played = []")

    give(page, wrong(page))
    page.wait_for_function("() => window.played.length > 0")
    missed = names(page)
    give(page, question.answer)
    page.wait_for_function("() => window.played.length > 1")

    assert missed == ["wrong"]
    assert names(page) == ["wrong", "right"]
    notes = page.evaluate("window.peabodySound.sounds.wrong")
    assert {wave for *_, wave in notes} == {"sine"}  # soft: no square or sawtooth buzz


def test_with_the_switch_off_nothing_plays(listening) -> None:
    page = listening
    start_game(page, "easy4", bots="3")
    page.get_by_role("button", name="Sounds").click()
    page.wait_for_selector("#sound-switch[aria-pressed=false]")
    page.reload()
    rng = random.Random(5)

    for _ in range(6):
        make_move(page, choose(rng, offered(page)), click(page))

    assert page.locator("#sound-switch").get_attribute("aria-pressed") == "false"
    assert page.evaluate("window.played") == []
    assert page.evaluate("window.contexts") == 0


def test_nothing_plays_before_the_page_has_had_a_tap(listening) -> None:
    """A page that arrives with a move to sound (as after a move sent without htmx), opened
    in a new tab that nobody has tapped yet: it stays silent until the first tap."""
    start_game(listening, "easy4")
    make_move(listening, "remember", click(listening))
    taken = listening.request.post(
        listening.url + "move/",
        form={
            "csrfmiddlewaretoken": listening.get_attribute("[name=csrfmiddlewaretoken]", "value"),
            "version": listening.get_attribute("input[name=version]", "value"),
            "move": listening.get_attribute("#stock", "value"),
        },
    )
    assert 'data-narrate="1"' in taken.text() and 'data-kind="draw_stock"' in taken.text()
    page = listening.context.new_page()
    page.add_init_script(AUDIO_STUB)
    page.route(
        listening.url, lambda route: route.fulfill(body=taken.text(), content_type="text/html")
    )
    page.goto(listening.url)
    page.wait_for_load_state("load")

    untapped = page.evaluate("[window.played.length, window.contexts]")
    make_move(page, "throw", click(page))
    page.wait_for_function("() => window.played.length > 0")

    assert untapped == [0, 0]
    assert names(page)[0] == "discard"


def test_nothing_plays_while_a_voice_reads_aloud(listening) -> None:
    page = listening
    page.add_init_script(SLOW_SPEECH_STUB % json.dumps([ON_DEVICE]))
    start_game(page, "classic6", bots="3")
    page.wait_for_selector("#read-switch[aria-pressed=true]")  # on: a voice is here
    rng = random.Random(6)
    for _ in range(8):
        said = page.evaluate("window.spoken.length")
        make_move(page, choose(rng, offered(page)), click(page))
        page.wait_for_function(
            f"() => window.spoken.length > {said} && !speechSynthesis.speaking", timeout=15_000
        )
    page.evaluate("speechSynthesis.speak(new SpeechSynthesisUtterance('A long line'))")
    during = page.evaluate("window.peabodySound.play('take')")

    played = page.evaluate("window.played")
    spoken = page.evaluate("window.spoken")
    overlaps = [
        (p["notes"], s["text"])
        for p in played
        for s in spoken
        if p["start"] < s["end"] and s["start"] < p["end"]
    ]
    assert played and spoken
    assert overlaps == []
    assert during == 0


def test_the_sound_switch_works_by_keyboard_and_is_named_for_screen_readers(listening, axe) -> None:
    page = listening
    start_game(page, "easy4")
    switch = page.get_by_role("button", name="Sounds", exact=True)  # "On" is said by its state
    assert switch.get_attribute("aria-pressed") == "true"
    switch.focus()

    page.keyboard.press("Enter")
    page.wait_for_selector("#sound-switch[aria-pressed=false]")
    off = names(page)
    page.keyboard.press("Space")
    page.wait_for_selector("#sound-switch[aria-pressed=true]")

    assert off == []
    assert names(page) == ["pair"]  # switched on, one sound says so
    box = page.locator("#sound-switch").bounding_box()
    assert box["height"] >= 44 and box["x"] + box["width"] <= 390
    assert axe(page) == []


@pytest.fixture
def slides(browser, live_server, transactional_db, requests_made, console_errors):
    context, tab = open_tab(
        browser, live_server, requests_made, console_errors, {"width": 1920, "height": 1080}
    )
    tab.add_init_script(AUDIO_STUB)
    yield tab
    context.close()


def test_the_slides_are_silent_until_the_teacher_switches_their_sound_on(slides, axe) -> None:
    page = slides
    page.goto("/teach/")
    page.locator("#slide h1").focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_url("**/teach/*/")
    silent = names(page)
    switch = page.get_by_role("button", name="Sounds")
    assert switch.get_attribute("aria-pressed") == "false"

    switch.click()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")

    assert silent == []
    assert switch.get_attribute("aria-pressed") == "true"
    assert len(names(page)) == 3 and set(names(page)) <= {"pair", "place"}
    assert not page.context.cookies()
    assert axe(page) == []


# The real synthesis, rendered off-line instead of to the speakers.
OFFLINE = """
window.AudioContext = class extends OfflineAudioContext {
  constructor() { super(1, 44100 * 2, 44100); window.offline = this; }
  resume() { return Promise.resolve(); }
};
"""
MEASURE = """async name => {
    if (!window.peabodySound.play(name)) return null;
    const samples = (await window.offline.startRendering()).getChannelData(0);
    let peak = 0, last = 0, first = -1;
    samples.forEach((s, i) => {
        if (Math.abs(s) > peak) peak = Math.abs(s);
        if (Math.abs(s) > 0.001) { last = i; if (first < 0) first = i; }
    });
    return {peak, seconds: (last - first) / 44100, start: Math.abs(samples[first])};
}"""


def test_every_sound_is_short_and_quiet_and_starts_softly(
    browser, live_server, transactional_db
) -> None:
    context = browser.new_context(base_url=live_server.url)
    page = context.new_page()
    page.add_init_script(OFFLINE)
    start_game(page, "easy4")
    page.mouse.click(5, 300)
    heard = {}
    for name in page.evaluate("Object.keys(window.peabodySound.sounds)"):
        page.reload()  # a fresh context for each sound; the tap is remembered
        heard[name] = page.evaluate(MEASURE, name)
    context.close()

    assert len(heard) == 14 and all(heard.values())
    assert max(h["peak"] for h in heard.values()) <= 0.2
    assert max(h["seconds"] for h in heard.values()) <= 1.0
    assert max(h["start"] for h in heard.values()) <= 0.01  # faded in: no click
