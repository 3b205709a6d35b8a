"""The table on a phone (390 by 844), in a real Chromium: nothing wider than the screen in
any state, the hole in the title, the other players' cards big enough to read, the child's
own cards one size through the hole, the bots' bubbles clear of the title and the names;
and the table for a keyboard and a screen reader: the focus after a deal, read-aloud
buttons each named for what they read, a bot's cards said with where its face-up ones lie.

Set PEABODY_SCREENSHOTS to a folder to keep a picture of the screens at three sizes.
"""

import json
import re

import pytest

from games.models import Game
from games.table import NEXT, Move
from tests.browser.pages import log_in_a_family, start_together
from tests.browser.playing import (
    ON_DEVICE,
    SPEECH_STUB,
    click,
    deal,
    make_move,
    offered,
    play_out_the_hole,
    play_to_the_end,
    snapshot,
    version,
    wait_for_the_answer,
)

pytestmark = pytest.mark.browser

MODES = ["easy4", "classic6", "knock9"]
NO_VOICE = SPEECH_STUB % "[]"  # a device with no voice at all
READ_ALOUD = {"en": "Read aloud: ", "es": "Leer en voz alta: "}


def sideways(page) -> int:
    """How far the page reaches past the screen's right edge, in pixels."""
    return page.evaluate("document.documentElement.scrollWidth - innerWidth")


def box(page, selector: str) -> dict:
    return page.locator(selector).first.bounding_box()


def boxes(page, selector: str) -> list[dict]:
    return page.eval_on_selector_all(
        selector,
        """found => found.filter(e => e.getClientRects().length).map(e => {
            const r = e.getBoundingClientRect();
            return {x: r.x, y: r.y, width: r.width, height: r.height};
        })""",
    )


def overlap(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def read_aloud_names(page, language: str) -> list[str]:
    """The names of the read-aloud buttons a screen reader finds on the page."""
    says = page.get_by_role("button", name=re.compile(f"^{READ_ALOUD[language]}"))
    return [say.text_content().strip() for say in says.all()]


def own_card(page) -> tuple[int, int]:
    found = box(page, ".hand .card")
    return round(found["width"]), round(found["height"])


# --- 1. the phone -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "mode"), [("en", "knock9"), ("es", "easy4"), ("es", "classic6")]
)
def test_a_phone_never_scrolls_sideways_even_with_no_voice(page, language, mode) -> None:
    page.add_init_script(NO_VOICE)
    deal(page, mode, bots="3", language=language)
    assert sideways(page) <= 0
    # Reading everything starts on, but with no voice on the device the switch shows off.
    page.wait_for_selector("#read-switch[aria-pressed=false]", state="attached")
    page.locator("#prompt .say").click()
    page.wait_for_selector("#prompt .say.no-voice")
    assert sideways(page) <= 0
    snapshot(page, f"phone-no-voice-{language}")
    states = []

    def at_a_decision() -> None:
        # Every screen of the hole and the game, each with a read-aloud button pressed.
        states.append(page.get_attribute("#game", "class").split()[1])
        assert sideways(page) <= 0, states[-1]
        say = page.locator(".say:visible:not(.no-voice)")
        if say.count():
            say.first.click()
            page.wait_for_selector(".say.no-voice:visible")
            assert sideways(page) <= 0, states[-1]

    play_to_the_end(page, click(page), at_a_decision=at_a_decision)
    assert {"stage-play", "stage-summary", "stage-over"} <= set(states)


def test_a_long_nickname_never_makes_a_phone_scroll_sideways(page) -> None:
    # A phone with a voice of its own: both switches stay on beside the grown-up's link.
    page.add_init_script(SPEECH_STUB % json.dumps([ON_DEVICE]))
    names = ("Bartholomew_Fitzgera", "Anastasia_Konstanze")
    log_in_a_family(page, names)
    start_together(page, "Six-card Golf", bots="2", names=names)
    seen = set()

    def at_a_decision() -> None:
        stage = page.get_attribute("#game", "class").split()[1]
        seen.add(stage)
        assert page.get_attribute("#read-switch", "aria-pressed") == "true"
        assert sideways(page) <= 0, stage
        if stage == "stage-pass":  # "Pass to …", and who plays now: each its own name
            names = read_aloud_names(page, "en")
            assert len(names) == 2 and len(set(names)) == 2, names

    play_to_the_end(page, click(page), at_a_decision=at_a_decision)
    assert {"stage-pass", "stage-play", "stage-over"} <= seen


@pytest.mark.parametrize(("language", "hole"), [("en", "Hole 2 of 3"), ("es", "Hoyo 2 de 3")])
def test_the_title_keeps_the_hole_whole_on_a_phone(page, language, hole) -> None:
    deal(page, "knock9", bots="3", holes="3", language=language)
    heading = page.locator(".bar h1")
    assert heading.inner_text() == hole.replace("2", "1")
    game = Game.objects.get()
    play_out_the_hole(game, 1)
    game.play(Move(NEXT))
    page.reload()

    # The second hole, with the child's total and the game's name beside it.
    assert heading.inner_text() == hole
    assert page.locator(".bar .your-total").is_visible()
    assert heading.evaluate("h => h.scrollWidth <= h.clientWidth")
    parts = [box(page, s) for s in (".bar h1", ".bar .your-total", ".bar .how-to-play")]
    assert all(part["x"] >= 0 and part["x"] + part["width"] <= 390 for part in parts)
    assert not overlap(parts[0], parts[1]) and not overlap(parts[1], parts[2])
    # The game's name is seen; "How to play" is said to a screen reader.
    name = "Knock Golf" if language == "en" else "Golf con cierre"
    assert box(page, ".bar .how-words")["width"] <= 1  # hidden the visually-hidden way
    link = page.get_by_role("link", name=re.compile(f"{name}$"))
    assert link.text_content().split() == (
        ["How", "to", "play", *name.split()]
        if language == "en"
        else ["Cómo", "se", "juega", "al", *name.split()]
    )
    snapshot(page, f"phone-title-{language}")


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("mode", MODES)
def test_three_bots_cards_are_big_enough_to_read_on_a_phone(page, mode, language) -> None:
    deal(page, mode, bots="3", language=language)
    for _ in range(3):  # the first screens, and some bots' turns
        found = boxes(page, ".opponent .layout .card")
        assert len(found) == 3 * Game.objects.get().state.rules.size
        assert min(b["width"] for b in found) >= 35.9
        assert min(b["height"] for b in found) >= 49.9
        assert sideways(page) <= 0
        make_move(page, offered(page)[0], click(page))


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("mode", MODES)
def test_while_the_bots_play_the_childs_cards_keep_their_size_and_bubbles_hide_no_name(
    page, mode, language
) -> None:
    page.emulate_media(reduced_motion="no-preference")  # the bots' steps told one by one
    deal(page, mode, bots="3", language=language)
    size = own_card(page)
    assert min(size) >= 44, size  # a child's own cards are big enough to tap, nine too
    bubbles = 0
    for _ in range(5):
        before = version(page)
        page.locator(f"#{offered(page)[0]}").click()
        page.wait_for_function(
            "before => document.querySelector('input[name=version]').value !== before",
            arg=before,
        )
        # The hole can end in these five turns: its questions, its scores and the game's end
        # have no hand to measure. Only the bots' turns before the child's next are.
        while page.locator("#game.narrating.stage-play").count():
            assert own_card(page) == size
            for bubble in boxes(page, ".bubble:not([hidden])"):
                bubbles += 1
                for part in boxes(page, ".bar h1, .seat-name"):
                    assert not overlap(bubble, part)
            page.wait_for_timeout(150)
        wait_for_the_answer(page, before)
        if not page.locator("#game.stage-play").count():
            break  # the hole is over
        assert own_card(page) == size  # the child's turn again
    assert bubbles > 0


# --- 2. the keyboard and the screen reader --------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("mode", ["easy4", "classic6"])
def test_after_a_deal_enter_makes_the_first_move_on_offer(page, mode, language) -> None:
    page.goto("/play/" if language == "en" else f"/{language}/play/")
    page.locator(f"input[name=mode][value={mode}]").check()
    page.locator(".deal button[type=submit]").focus()
    page.keyboard.press("Enter")  # Deal the cards
    page.wait_for_selector("#game")
    page.wait_for_load_state()
    first = offered(page)[0]
    page.wait_for_function(f"() => document.activeElement.id === '{first}'")

    before = version(page)
    page.keyboard.press("Enter")
    wait_for_the_answer(page, before)
    assert Game.objects.get().version > int(before)


@pytest.mark.parametrize("language", ["en", "es"])
def test_each_read_aloud_button_on_the_table_is_named_for_what_it_reads(
    page, axe, language
) -> None:
    page.add_init_script(SPEECH_STUB % "[]")
    deal(page, "classic6", bots="3", language=language)
    while page.locator("#stock:disabled").count():  # the two cards turned over first
        make_move(page, offered(page)[0], click(page))
    page.locator("#hint-button").click()
    page.wait_for_selector(".hint")
    if not page.locator("details.log[open]").count():
        page.locator("details.log summary").click()  # What happened, opened

    names = read_aloud_names(page, language)
    assert len(names) >= 3  # what to do now, the hint, what happened
    assert len(set(names)) == len(names), names
    assert page.locator(".say").count() - page.locator(".now .say").count() == len(names)
    # With no voice the button says so, and its name keeps what it would have read.
    page.locator("#prompt .say").click()
    no_voice = page.locator("#prompt .say.no-voice")
    assert no_voice.text_content().strip().startswith(names[0])
    assert page.get_by_role("button", name=no_voice.text_content().strip()).count() == 1
    assert axe(page) == []


SPOTS = {
    (2, 2): ["top left", "top right", "bottom left", "bottom right"],
    (2, 3): ["top left", "top middle", "top right", "bottom left", "bottom middle", "bottom right"],
    (3, 3): [
        "top left", "top middle", "top right",
        "middle left", "middle", "middle right",
        "bottom left", "bottom middle", "bottom right",
    ],
}  # fmt: skip


@pytest.mark.parametrize("mode", MODES)
def test_a_bots_cards_are_said_with_where_its_face_up_ones_lie(page, axe, mode) -> None:
    deal(page, mode, bots="2")
    rules = Game.objects.get().state.rules
    said = []
    for _ in range(20):  # until a bot has a card face up (easy4's bots play theirs down)
        if said or not page.locator(".opponent").count():
            break
        for seat in page.locator(".opponent").all():
            name = seat.locator(".seat-name").inner_text()
            label = seat.locator(".layout").get_attribute("aria-label")
            up = seat.locator(".layout .card").evaluate_all(
                "cards => cards.flatMap((c, i) => c.querySelector('.face') ? [i] : [])"
            )
            shape = f"{name}'s cards: {rules.rows} rows of {rules.cols}"
            if not up:
                assert label == f"{shape}, all face down"
                continue
            assert label.startswith(f"{shape}; face up: ")
            told = label.removeprefix(f"{shape}; face up: ").split(", ")
            spots = [SPOTS[rules.rows, rules.cols][i] for i in up]
            assert [re.sub(r" (\S+ of \w+|joker)$", "", card) for card in told] == spots
            said.append(label)
        make_move(page, offered(page)[0], click(page))
    assert said, "no bot turned a card face up"
    assert axe(page) == []


def test_a_bots_cards_are_said_in_spanish_too(page) -> None:
    deal(page, "knock9", bots="1", language="es")
    for _ in range(5):  # until the bot has turned its first two cards
        make_move(page, offered(page)[0], click(page))
        label = page.locator(".opponent .layout").get_attribute("aria-label")
        if "boca arriba" in label:
            break
    assert re.fullmatch(
        r"cartas de Pip: 3 filas de 3; boca arriba: "
        r"(arriba|en medio|abajo|en el centro)[^,]* el \S+ de \w+(, .+ el \S+ de \w+)?",
        label,
    ), label


@pytest.mark.parametrize(("language", "mode"), [("en", "easy4"), ("es", "knock9")])
def test_what_cards_are_worth_is_little_cards_with_numbers_read_across_a_room(
    page, language, mode
) -> None:
    deal(page, mode, bots="3", language=language)
    sizes = page.eval_on_selector_all(
        ".values .mini-card, .values .value-points:not(.in-words)",
        "found => found.map(e => parseFloat(getComputedStyle(e).fontSize))",
    )
    assert sizes and min(sizes) >= 20
    assert page.locator(".values .mini-card").first.inner_text() == "A"
    for item in boxes(page, ".values li"):
        assert item["x"] >= 0 and item["x"] + item["width"] <= 390
    # Heard as the words say it: "A 1", "3 to 10 the number".
    heard = page.locator(".values li").all_text_contents()
    number_cards = {"en": "3 to 10", "es": "3 a 10"}[language]
    assert any(" ".join(line.split()).startswith(number_cards) for line in heard), heard
