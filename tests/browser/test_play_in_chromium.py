"""A child plays whole games in a real Chromium: by mouse and by keyboard alone, on a phone,
a laptop and a projector, with the bots' moves shown, read aloud, and checked by axe-core."""

import json
import random
from dataclasses import replace

import pytest
from django.urls import reverse

from games.engine import PRESETS
from games.models import Game
from games.table import Setup, Stage, apply, legal_moves, question_asked, stage, start
from lessons.core.choice import Plan
from lessons.core.skills import Skill
from tests.browser.conftest import open_tab
from tests.browser.pages import as_guest
from tests.browser.playing import (
    MODES,
    ON_DEVICE,
    SPEECH_STUB,
    assert_only_our_site,
    choose,
    click,
    deal,
    give,
    keys,
    make_move,
    offered,
    outside,
    past_the_first_turn,
    play_out_the_hole,
    play_to_the_end,
    start_game,
    take_and_throw,
    version,
    wait_for_the_answer,
    wrong,
)

pytestmark = pytest.mark.browser

SIZES = {"phone": (390, 844), "laptop": (1280, 800), "projector": (1920, 1080)}
FAR_AWAY = {"name": "On a server", "lang": "en-US", "localService": False}


def assert_game_over(page) -> None:
    assert page.locator(".ending").get_by_text("The lowest total wins").is_visible()
    again = page.get_by_role("button", name="Play again").bounding_box()
    watch = page.get_by_role("link", name="Watch the game again").bounding_box()
    assert (again["width"], again["height"]) == (watch["width"], watch["height"])
    assert Game.objects.get().state.is_over


# --- whole games ------------------------------------------------------------------------


def test_a_child_plays_a_whole_easy4_game_by_clicking(
    page, live_server, requests_made, console_errors
) -> None:
    start_game(page, "easy4", holes="3")
    assert page.get_by_role("button", name="I remember them").is_visible()

    moves = play_to_the_end(page, click(page))

    assert moves > 3
    assert_game_over(page)
    assert len(Game.objects.get().state.results) == 3
    assert_only_our_site(requests_made, live_server.url)
    assert console_errors == []


def test_a_child_plays_a_whole_knock9_game_by_clicking(
    page, live_server, requests_made, console_errors
) -> None:
    start_game(page, "knock9", bots="3")
    assert "Turn over 2 cards." in page.locator("#prompt").text_content()

    play_to_the_end(page, click(page))

    assert_game_over(page)
    assert_only_our_site(requests_made, live_server.url)
    assert console_errors == []


@pytest.mark.parametrize("mode", ["easy4", "classic6"])
def test_a_whole_game_can_be_played_with_the_keyboard_alone(
    page, live_server, requests_made, mode: str
) -> None:
    start_game(page, mode)

    play_to_the_end(page, keys(page, "Tab"))

    assert_game_over(page)
    assert_only_our_site(requests_made, live_server.url)


# --- one screen at every size -------------------------------------------------------------


@pytest.fixture(scope="module")
def heights():
    """The lowest edge of anything a decision needs, per screen and game: for the notes."""
    found: dict[str, dict] = {}
    yield found
    with open("/tmp/peabody-table-heights.json", "w") as out:
        json.dump(found, out, indent=1)


def refusals(page) -> list[str]:
    """Script errors and whatever our CSP refuses on ``page`` from now on; not the 400 or
    409 a refused or stale move is answered with on purpose."""
    errors: list[str] = []
    page.on(
        "console",
        lambda m: (
            errors.append(m.text)
            if m.type == "error" and not m.text.startswith("Failed to load resource")
            else None
        ),
    )
    return errors


# Each size, each mode and each number of bots, in nine games rather than all 27: every
# size meets every mode once, and each meets each number of bots once.
SCREENS = [
    (size, mode, str(1 + (i + j) % 3))
    for i, size in enumerate(SIZES)
    for j, mode in enumerate(MODES)
]


@pytest.mark.parametrize(("size", "mode", "bots"), SCREENS)
def test_at_every_decision_every_notice_and_control_is_on_screen(
    browser,
    live_server,
    transactional_db,
    requests_made,
    console_errors,
    heights,
    size: str,
    mode: str,
    bots: str,
) -> None:
    width, height = SIZES[size]
    context, page = open_tab(
        browser, live_server, requests_made, console_errors, {"width": width, "height": height}
    )
    errors = refusals(page)
    start_game(page, mode, bots=bots)
    problems: list[str] = []
    lowest = 0.0

    def check() -> None:
        nonlocal lowest
        stage = page.get_attribute("#game", "class").split()[1]
        missing, bottom = outside(page)
        problems.extend(f"{stage}: {m}" for m in missing)
        lowest = max(lowest, bottom)
        if (
            page.locator("#answer-ok, .walk").count()
            and not page.locator(".game > .message").count()
        ):
            if page.locator("#answer-ok").count():
                # OK with no answer: the question again, with its "Tap the numbers" notice.
                page.locator("#answer-ok").click()
                page.wait_for_selector(".game > .message")
                missing, bottom = outside(page)
                problems.extend(f"{stage} with its notice: {m}" for m in missing)
                lowest = max(lowest, bottom)
            # Then a wrong answer: the same question again under "Not quite", or after a first
            # miss on the pad the same sum to walk on the number line.
            give(page, wrong(page))
            missing, bottom = outside(page)
            problems.extend(f"{stage} after a miss: {m}" for m in missing)
            lowest = max(lowest, bottom)

    play_to_the_end(page, click(page), at_a_decision=check)

    heights[f"{mode}, {bots} bot(s), {width}x{height}"] = round(lowest)
    context.close()
    assert problems == []
    assert errors == []


def knock_golf_at_a_sum_on_the_pad(page, live_server) -> None:
    """A guest game of Knock Golf (its tallest table) at a column's sum asked on the number
    pad, by a plan that brings adding back at any level: a new guest is rarely asked a
    three-card sum, which is a level harder than where a new child starts."""
    rules = replace(PRESETS["knock9"], holes=3)
    plan = Plan(levels=((Skill.ADDING, 3),), due=(Skill.ADDING,), ratings=((Skill.ADDING, 1.5),))
    for seed in range(300):
        table, _ = start(Setup(rules, seed, (None, "gentle"), plans=(plan,)))
        moves = []
        while stage(table) in (Stage.PLAY, Stage.PEEK):
            move = legal_moves(table)[0]
            table, _ = apply(table, move)
            moves.append(move)
        asked = question_asked(table)
        if asked is not None and asked.kind == "column":
            break
    else:
        raise AssertionError("no column's sum in these seeds")
    game = Game.start(rules, ["gentle"], guest_key="knock-pad", seed=seed, plans=[plan])
    for move in moves:
        game.play(move)
    as_guest(page, live_server, game)
    page.goto(game.get_absolute_url())
    page.wait_for_selector("#answer-ok")


@pytest.mark.parametrize("size", SIZES)
def test_a_practice_question_with_its_notice_or_after_a_miss_is_all_on_screen(
    browser, live_server, transactional_db, requests_made, console_errors, size: str
) -> None:
    """The walk above meets a number question in most games, not all: here, always; after
    a miss it is asked again on the pad, or walked on the number line."""
    width, height = SIZES[size]
    context, page = open_tab(
        browser, live_server, requests_made, console_errors, {"width": width, "height": height}
    )
    knock_golf_at_a_sum_on_the_pad(page, live_server)

    page.locator("#answer-ok").click()
    page.wait_for_selector(".game > .message")
    with_notice, _ = outside(page)
    give(page, wrong(page))
    after_a_miss, _ = outside(page)

    context.close()
    assert with_notice == [] and after_a_miss == []


# Every frame, each bot's speech bubble shown, and where one is not wholly on screen.
BUBBLE_WATCH = """
window.bubbles = new Set();
window.bubblesOut = [];
(function look() {
  for (const bubble of document.querySelectorAll(".bubble:not([hidden])")) {
    const r = bubble.getBoundingClientRect();
    if (!r.width) continue;
    window.bubbles.add(bubble.textContent);
    if (r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) {
      window.bubblesOut.push(bubble.textContent + " at " + [r.left, r.top, r.right, r.bottom]);
    }
  }
  requestAnimationFrame(look);
})();
"""


@pytest.mark.parametrize(
    ("size", "mode", "bots"),
    [
        ("phone", "classic6", "1"),
        ("phone", "easy4", "2"),
        ("phone", "knock9", "3"),
        ("laptop", "classic6", "3"),
        ("projector", "knock9", "3"),
    ],
)
def test_every_bots_speech_bubble_is_on_screen_as_its_moves_are_watched(
    browser, live_server, transactional_db, size: str, mode: str, bots: str
) -> None:
    width, height = SIZES[size]
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": width, "height": height}
    )
    page = context.new_page()
    page.add_init_script(BUBBLE_WATCH)
    start_game(page, mode, bots=bots)
    rng = random.Random(8)

    for _ in range(5):
        make_move(page, choose(rng, [i for i in offered(page) if i != "knock"]), click(page))

    said = page.evaluate("window.bubbles.size")
    out = page.evaluate("window.bubblesOut")
    context.close()
    assert said > 0
    assert out == []


@pytest.mark.parametrize("size", SIZES)
def test_deal_the_cards_is_on_screen_however_long_the_form(browser, live_server, size) -> None:
    width, height = SIZES[size]
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": width, "height": height}
    )
    page = context.new_page()
    page.goto("/play/")

    deal = page.get_by_role("button", name="Deal the cards").bounding_box()

    assert deal["y"] >= 0 and deal["y"] + deal["height"] <= height
    context.close()


@pytest.mark.parametrize("mode", MODES)
def test_on_a_projector_the_table_grows_to_be_read_across_a_classroom(
    browser, live_server, transactional_db, mode: str
) -> None:
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 1920, "height": 1080}
    )
    page = context.new_page()
    start_game(page, mode, bots="3")

    card = page.locator(".hand .card").first.bounding_box()
    prompt = page.eval_on_selector("#prompt", "p => parseFloat(getComputedStyle(p).fontSize)")
    theirs = [page.locator(f".opponent[data-seat='{s}'] .card").first for s in (1, 2, 3)]
    hand = page.locator(".hand .layout .card").evaluate_all(
        "cards => cards.map(c => c.getBoundingClientRect())"
        ".reduce((a, r) => [Math.min(a[0], r.left), Math.max(a[1], r.right)], [1e9, 0])"
    )
    felt = page.locator(".felt").bounding_box()

    assert card["height"] >= 150
    assert prompt >= 32
    assert all(their.bounding_box()["height"] >= 90 for their in theirs)  # seen from the back
    assert abs((hand[0] + hand[1]) / 2 - 960) < 20  # the child's cards in the middle
    assert felt["y"] + felt["height"] <= 1080 and page.evaluate("scrollY") == 0
    context.close()


# --- the bots' moves, watched -------------------------------------------------------------


def test_bot_steps_move_their_cards_one_by_one_on_the_table_and_can_be_skipped(
    browser, live_server, transactional_db
) -> None:
    context = browser.new_context(base_url=live_server.url)  # motion allowed
    page = context.new_page()
    page.clock.install()
    start_game(page, "classic6", bots="3")
    for pos in (0, 4):
        before = version(page)
        page.locator(f"#card-0-{pos}").click()
        page.wait_for_function(
            "before => document.querySelector('input[name=version]').value !== before", arg=before
        )
        page.clock.run_for(30_000)  # every bot step told
    page.wait_for_selector("#game:not(.narrating)")
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    before = version(page)
    page.locator("#stock").click()
    page.wait_for_function(
        "before => document.querySelector('input[name=version]').value !== before", arg=before
    )
    page.locator("#throw").click()
    page.wait_for_selector("#game.narrating")
    page.clock.run_for(300)

    # The table stays: the piles, the child's cards, and a bot's card on its way.
    assert page.locator("#stock").is_visible()
    assert page.locator(".hand .card").first.is_visible()
    assert page.locator(".flying").count() >= 1
    line = page.locator(".now .words").text_content()
    assert line and len(line.split()) <= 10
    assert page.locator("#prompt").is_hidden()
    told = page.locator(".now .words").text_content()
    page.clock.run_for(1100)
    assert page.locator(".now .words").text_content() != told
    page.get_by_role("button", name="Skip").click()
    assert page.locator(".flying").count() == 0
    assert page.locator("#prompt").is_visible()
    assert page.locator("#announcer").text_content().strip()
    context.close()


def test_with_reduced_motion_every_bot_step_shows_at_once_and_nothing_moves(page) -> None:
    start_game(page, "classic6", bots="3")
    page.locator("#card-0-0").click()
    page.wait_for_selector("#card-0-0[disabled]")
    before = version(page)

    page.locator("#card-0-4").click()
    wait_for_the_answer(page, before)
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'prompt'")

    assert page.locator(".step:not(.own)").count() >= 2
    assert page.locator("#game.narrating").count() == 0
    assert page.locator(".flying").count() == 0
    assert page.locator(".now").is_hidden()
    assert page.locator("#stock").is_visible()
    moving = page.eval_on_selector(
        ".card", "c => parseFloat(getComputedStyle(c).transitionDuration) * 1000"
    )
    assert moving < 1
    announced = page.locator("#announcer").text_content()
    assert "Pip" in announced and "Your turn" in announced


def test_a_card_tapped_the_moment_the_board_is_redrawn_still_makes_its_move(
    page, live_server
) -> None:
    start_game(page, "classic6")
    before = int(version(page))
    # The second tap lands as soon as the browser is free after the swap, before any timer
    # htmx might have set to finish wiring up the new board.
    page.evaluate(
        """() => document.body.addEventListener("htmx:afterSwap", () => {
            setTimeout(() => document.querySelector("#card-0-4").click(), 0);
        }, {once: true})"""
    )

    page.locator("#card-0-0").click()
    page.wait_for_function(
        """target => document.querySelector(".message.error")
            || Number(document.querySelector("input[name=version]").value) >= target""",
        arg=before + 2,
    )

    assert page.locator(".message.error").count() == 0
    child = Game.objects.get().state.face_up[0]
    assert child[0] and child[4]


def test_the_tabs_title_follows_the_hole(page) -> None:
    start_game(page, "classic6", holes="3")
    assert "hole 1 of 3" in page.title()
    play_out_the_hole(Game.objects.get(), way=1)
    page.reload()

    page.locator("#next-hole").click()

    page.wait_for_function("() => document.title.includes('hole 2 of 3')")
    assert page.title() == "Six-card Golf: hole 2 of 3 · Peabody Golf"


# --- knocking safely ----------------------------------------------------------------------


def test_a_knock_with_cards_face_down_asks_first_with_two_equal_buttons(page) -> None:
    start_game(page, "easy4", holes="3")
    past_the_first_turn(page)

    page.get_by_role("button", name="Knock").click()

    page.locator("#prompt").get_by_text("of your cards are still face down. Knock now?").wait_for()
    knock = page.get_by_role("button", name="Knock").bounding_box()
    keep = page.get_by_role("link", name="Keep playing").bounding_box()
    assert (knock["width"], knock["height"]) == (keep["width"], keep["height"])
    assert Game.objects.get().state.caller is None
    page.get_by_role("link", name="Keep playing").click()
    page.wait_for_selector("#keep", state="detached")
    assert page.locator("#stock:not([disabled])").is_visible()

    page.get_by_role("button", name="Knock").click()
    page.wait_for_selector("#keep")
    page.get_by_role("button", name="Knock").click()
    page.wait_for_selector("#keep", state="detached")
    assert Game.objects.get().state.caller is not None or Game.objects.get().state.results


# --- read aloud -------------------------------------------------------------------------


def test_read_aloud_uses_only_a_voice_on_the_device(page) -> None:
    page.add_init_script(SPEECH_STUB % json.dumps([FAR_AWAY, ON_DEVICE]))
    start_game(page, "classic6")
    page.evaluate("window.spoken = []")  # what the table read by itself as it opened

    page.locator("#prompt .say").click()

    page.wait_for_function("() => window.spoken.length > 0")
    spoken = page.evaluate("window.spoken")
    assert spoken[-1] == {
        "text": page.locator("#prompt .words").text_content(),
        "voice": "On this device",
    }
    assert {said["voice"] for said in spoken} == {"On this device"}


def test_with_no_voice_on_the_device_nothing_is_spoken_and_the_button_says_why(page) -> None:
    page.add_init_script(SPEECH_STUB % json.dumps([FAR_AWAY]))
    start_game(page, "classic6")

    page.locator("#prompt .say").click()

    page.get_by_role("button", name="No voice on this device").first.wait_for()
    assert page.evaluate("window.spoken") == []
    # Reading everything, on for a new player, shows off: there is no voice to read with.
    assert page.locator("#read-switch").get_attribute("aria-pressed") == "false"


def test_read_everything_speaks_each_new_prompt_by_itself(page) -> None:
    page.add_init_script(SPEECH_STUB % json.dumps([ON_DEVICE]))
    start_game(page, "classic6")
    switch = page.get_by_role("button", name="Read everything to me")
    # On from the start where the device has a voice of its own; the child's choice kept.
    assert switch.get_attribute("aria-pressed") == "true"
    switch.click()
    page.wait_for_selector("#read-switch[aria-pressed=false]")
    page.reload()
    assert page.locator("#read-switch").get_attribute("aria-pressed") == "false"
    switch.click()
    page.wait_for_selector("#read-switch[aria-pressed=true]")
    page.evaluate("window.spoken = []")
    before = version(page)
    page.locator("#card-0-0").click()
    wait_for_the_answer(page, before)

    page.wait_for_function(
        "() => window.spoken.some(s => s.text.includes('Turn over 1 more card'))"
    )
    assert {s["voice"] for s in page.evaluate("window.spoken")} == {"On this device"}


# --- pages around the table ------------------------------------------------------------


def test_the_game_pages_have_no_accessibility_violations(page, axe) -> None:
    page.goto("/play/")
    pages = {"new game": axe(page)}
    start_game(page, "easy4", holes="3", bots="3")
    pages["peek"] = axe(page)
    page.get_by_role("button", name="I remember them").click()
    page.wait_for_selector("#stock:not([disabled])")
    pages["your turn"] = axe(page)
    page.get_by_role("button", name="Hint").click()
    page.wait_for_selector(".hint")
    pages["hint"] = axe(page)
    take_and_throw(page)  # Knock comes from the second turn
    page.get_by_role("button", name="Knock").click()
    page.wait_for_selector("#keep")
    pages["knock question"] = axe(page)
    page.locator("#keep").click()
    page.wait_for_selector("#keep", state="detached")
    page.locator("#stock").click()
    page.wait_for_selector("#throw")
    pages["holding a card"] = axe(page)

    def at_a_summary() -> None:
        if "hole scores" not in pages and page.locator("#next-hole").count():
            pages["hole scores"] = axe(page)

    play_to_the_end(page, click(page), at_a_summary)
    pages["game over"] = axe(page)
    page.get_by_role("link", name="Watch the game again").click()
    pages["replay"] = axe(page)
    page.goto(page.url + "&step=3" if "?" in page.url else page.url + "?step=3")
    pages["replay, a move"] = axe(page)

    assert "hole scores" in pages
    assert {name: found for name, found in pages.items() if found} == {}


def test_a_card_a_match_cancelled_still_reads_clearly(page, axe) -> None:
    """In the hole's scores a cancelled card looks set aside; its rank keeps the contrast
    text needs, red suits too. Which deal shows one is luck, so the cards are put on a page
    as the scores template draws them: tens, as axe passes over one-letter text."""
    page.goto("/rules/")
    page.evaluate(
        """() => {
            for (const suit of ["H", "D", "S"]) {
                const card = document.createElement("span");
                card.className = "card cancelled paired";
                card.style.setProperty("--h", "3rem"); // as small as another player's cards
                card.innerHTML = `<span class="face" data-suit="${suit}">10</span>`;
                document.querySelector("main").prepend(card); // in view: axe measures there
            }
        }"""
    )
    assert page.locator(".card.cancelled").count() == 3
    assert axe(page) == []


def test_a_finished_game_is_watched_again_move_by_move_with_the_arrow_keys(page) -> None:
    start_game(page, "classic6")
    play_to_the_end(page, click(page))
    page.get_by_role("link", name="Watch the game again").click()
    page.wait_for_load_state()  # replay.js, deferred, listens for the keys
    assert page.get_by_text("The cards are dealt.").is_visible()

    page.keyboard.press("ArrowRight")
    page.wait_for_url("**step=1")
    assert page.locator(".hand .card").count() == 6
    page.keyboard.press("ArrowRight")
    page.wait_for_url("**step=2")
    page.keyboard.press("ArrowLeft")
    page.wait_for_url("**step=1")
    assert page.get_by_role("link", name="Back", exact=True).is_visible()
    assert page.get_by_text("Tip: the arrow keys go back and on.").is_visible()
    assert not page.get_by_text("Tip: tap Next to see each move.").is_visible()


def test_a_touch_phone_is_told_to_tap_in_the_replay_not_to_press_keys(
    page, browser, live_server
) -> None:
    start_game(page, "easy4")
    play_out_the_hole(Game.objects.get(), way=2)
    touch = browser.new_context(
        base_url=live_server.url,
        viewport={"width": 390, "height": 844},
        has_touch=True,
        is_mobile=True,
        reduced_motion="reduce",
    )
    touch.add_cookies(page.context.cookies())  # the same guest's game
    phone = touch.new_page()

    phone.goto(reverse("games:replay", args=[Game.objects.get().public_id]))

    assert phone.get_by_text("Tip: tap Next to see each move.").is_visible()
    assert not phone.get_by_text("Tip: the arrow keys go back and on.").is_visible()
    touch.close()


@pytest.mark.parametrize(
    "language, watch, again",
    [
        ("en", "Watch the game again", "Play again"),
        ("es", "Ver la partida otra vez", "Jugar otra vez"),
    ],
)
def test_back_from_watching_the_game_again_lands_on_the_game_as_it_is_now(
    page, language, watch, again
) -> None:
    deal(page, "easy4", language=language)
    play_to_the_end(page, click(page))
    page.get_by_role("link", name=watch).click()
    page.wait_for_url("**/replay/**")

    page.go_back()

    page.wait_for_selector("#game")
    assert page.locator(".ending").is_visible()  # not the deal the page first came with
    assert page.get_by_role("button", name=again).is_visible()


def test_enter_on_a_choice_of_game_deals_the_cards(page) -> None:
    page.goto("/play/")
    page.get_by_role("radio", name=MODES["knock9"]).focus()
    page.keyboard.press("Space")

    page.keyboard.press("Enter")

    page.wait_for_selector("#game")
    assert Game.objects.get().rules.name == "knock9"


def test_the_first_game_guides_its_first_hole_with_tips_behind_a_question_mark(page) -> None:
    page.add_init_script(SPEECH_STUB % json.dumps([ON_DEVICE]))
    start_game(page, "classic6")
    page.wait_for_timeout(300)  # whatever the table reads by itself as it opens
    page.evaluate("window.spoken = []")

    # Shown first: the cards to tap glow; the words wait behind a "?".
    assert page.locator(".hand .card.guided").count() > 0
    ask = page.locator(".tips > summary")
    assert ask.evaluate("e => e.firstChild.textContent") == "?"  # seen; heard "? Tips"
    assert ask.text_content().strip() == "? Tips"
    assert 1 <= page.locator(".tip").count() <= 2 and not page.locator(".tip").first.is_visible()
    # Opened by keys, the tips are seen and read aloud; closed and opened by a tap again.
    ask.focus()
    page.keyboard.press("Enter")
    tips = page.locator(".tip").all_inner_texts()
    assert page.locator(".tip").first.is_visible()
    page.wait_for_function("() => window.spoken.length > 0")
    assert page.evaluate("window.spoken[0].text") == " ".join(tips)
    ask.click()
    assert not page.locator(".tip").first.is_visible()
    ask.click()
    assert page.locator(".tip").first.is_visible()
    page.wait_for_function("() => window.spoken.length > 1")


def test_a_move_from_an_old_page_shows_a_kind_message_and_the_current_board(page) -> None:
    start_game(page, "classic6")
    page.locator("#card-0-0").click()
    page.wait_for_selector("#card-0-0[disabled]")
    # As if this page had been left open in a second tab while the game moved on.
    page.eval_on_selector("input[name=version]", "input => { input.value = '0'; }")

    page.locator("#card-0-1").click()

    page.get_by_text("That move was already made").wait_for()
    game = Game.objects.get()
    assert page.get_attribute("input[name=version]", "value") == str(game.version)
    assert game.state.face_up[game.table.at_device][:2] == (True, False)


@pytest.mark.parametrize("size", SIZES)
def test_a_notice_over_the_table_takes_its_room_from_the_table_not_the_controls(
    browser, live_server, transactional_db, requests_made, console_errors, size: str
) -> None:
    width, height = SIZES[size]
    context, page = open_tab(
        browser, live_server, requests_made, console_errors, {"width": width, "height": height}
    )
    errors = refusals(page)
    start_game(page, "knock9", bots="3")
    page.locator("#card-0-0").click()
    page.wait_for_selector("#card-0-0[disabled]")
    page.eval_on_selector("input[name=version]", "input => { input.value = '0'; }")

    page.locator("#card-0-1").click()
    page.get_by_text("That move was already made").wait_for()
    # The table makes room within a frame or two of the notice arriving.
    for _ in range(20):
        missing, _ = outside(page)
        if not missing:
            break
        page.wait_for_timeout(100)
    page.locator("#card-0-1").click()  # and the next move clears it, with nothing refused
    page.wait_for_selector(".game > .message", state="detached")

    context.close()
    assert missing == []
    assert errors == []


def test_leaving_the_page_and_coming_back_continues_the_same_position(page) -> None:
    start_game(page, "classic6")
    before = version(page)
    page.locator("#card-0-0").click()
    wait_for_the_answer(page, before)
    where = version(page)
    name = page.get_attribute("#card-0-0", "aria-label")

    page.goto("/")
    page.get_by_role("button", name="Play").click()
    page.get_by_role("link", name="Six-card Golf, hole 1 of 1").click()

    assert version(page) == where
    assert page.get_attribute("#card-0-0", "aria-label") == name
    assert not name.startswith("face-down")
