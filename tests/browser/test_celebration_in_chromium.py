"""The end of a hole and of a game in a real Chromium, as a moment: the hole's winners'
cards and faces marked, the game's winners' faces large, everyone's total on a number line
that fills in (the hole's too, once opened); all of it still under reduced motion, moving
without it; in English and Spanish at every size, with no word that nudges a child to come
back or measures them against others, and "1 point" said in the singular. (The sound:
test_sound_in_chromium; nothing marked while a question is open:
test_open_question_in_chromium.)"""

import random
import re

import pytest

from games.models import Game
from tests.browser.playing import choose, click, make_move, offered, snapshot

pytestmark = pytest.mark.browser

PREFIX = {"en": "", "es": "/es"}
# What still moves once the page has settled (two frames on: with reduced motion, every
# change of style is a transition of 0.01 ms, site.css), each as its kind, name and element.
RUNNING = """() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))).then(
    () => document.getAnimations().filter(a => a.playState === "running").map(a =>
        [a.constructor.name, a.animationName || a.transitionProperty,
         a.effect.target.tagName + "." + a.effect.target.getAttribute("class")]))"""
NAMES = "() => document.getAnimations().map(a => a.animationName)"
# celebration.css's animations
CELEBRATION = {"won-glow", "won-cheer", "line-draw", "line-appear", "mark-land"}


def deal(page, language: str = "en", mode: str = "easy4") -> None:
    """A game of one hole against two bots, with no practice questions, from the link the
    home page's pictures open."""
    page.goto(f"{PREFIX[language]}/play/?mode={mode}")
    page.locator("input[name=bots][value='2']").check()
    page.locator("input[name=holes][value='1']").check()
    page.locator("input[name=questions]").uncheck()
    page.locator(".deal button").click()
    page.wait_for_selector("#game")
    page.wait_for_load_state()


def play_to_the_end_of_the_hole(page) -> None:
    rng, press = random.Random(3), click(page)
    for _ in range(300):
        if page.locator(".summary").count():
            page.wait_for_selector("#game:not(.narrating)")
            return
        make_move(page, choose(rng, offered(page)), press)
    raise AssertionError("the hole did not end")


def see_who_won(page) -> None:
    page.locator("#next-hole").click()
    page.wait_for_selector(".ending")
    page.wait_for_load_state()


def winners() -> tuple[set[int], set[int]]:
    """The seats with the lowest score of the hole, and of the game."""
    state = Game.objects.get().state
    scores = state.results[-1].scores
    return {s for s, v in enumerate(scores) if v == min(scores)}, set(state.winners)


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_end_of_a_hole_and_of_the_game_is_a_moment_that_holds_still_under_reduced_motion(
    tab, language: str, axe, console_errors
) -> None:
    deal(tab, language)
    play_to_the_end_of_the_hole(tab)
    hole_winners, game_winners = winners()

    marked = tab.locator(".score-card.won")
    assert {int(s) for s in marked.evaluate_all("m => m.map(c => c.dataset.seat)")} == (
        hole_winners
    )
    assert marked.first.evaluate("c => getComputedStyle(c).boxShadow") != "none"
    assert tab.evaluate(RUNNING) == []
    assert not CELEBRATION & set(tab.evaluate(NAMES))
    assert axe(tab) == []
    snapshot(tab, f"end-of-hole-{language}")

    see_who_won(tab)

    assert tab.locator(".moment .avatar").count() == len(game_winners)
    assert tab.locator(".moment").get_attribute("aria-hidden") == "true"
    line = tab.locator(".totals-line .number-line")
    assert line.locator("svg:visible").count() == 1
    totals = Game.objects.get().state.totals
    assert line.locator("svg:visible .mark").count() == len(set(totals))
    assert tab.evaluate(RUNNING) == []
    assert not CELEBRATION & set(tab.evaluate(NAMES))
    again = "Play again" if language == "en" else "Jugar otra vez"
    assert tab.get_by_role("button", name=again).is_visible()
    assert axe(tab) == []
    snapshot(tab, f"end-of-game-{language}")
    assert console_errors == []


def test_without_reduced_motion_the_winners_cheer_and_the_line_fills_in(page) -> None:
    page.emulate_media(reduced_motion="no-preference")
    deal(page, mode="classic6")
    play_to_the_end_of_the_hole(page)

    assert {"won-glow", "won-cheer"} <= set(page.evaluate(NAMES))

    see_who_won(page)

    moving = page.evaluate(NAMES)
    assert {"won-cheer", "line-draw", "mark-land"} <= set(moving)
    # The marks land one after the other, the lowest first.
    delays = page.locator(".totals-line svg:visible .mark").evaluate_all(
        "marks => marks.map(m => getComputedStyle(m).animationDelay)"
    )
    assert delays == sorted(delays, key=lambda d: float(d.rstrip("s"))) and len(set(delays)) > 1


@pytest.fixture
def one_deal(monkeypatch) -> None:
    """The same deal every run, so that the ways ``play_the_hole_to`` tries are too."""
    from games import models

    monkeypatch.setattr(models, "new_seed", lambda: 1)


def play_the_hole_to(page, wanted) -> None:
    """Play the dealt game's hole to its end in a way (as ``play_out_the_hole`` plays) whose
    scores are ``wanted``, then show the page again: the end of the hole."""
    from games.table import Stage, apply, legal_moves, stage

    game = Game.objects.get()
    for way in range(300):
        rng, now, moves = random.Random(way), game.table, []
        while stage(now) not in (Stage.SUMMARY, Stage.OVER):
            legal = legal_moves(now)
            calm = [m for m in legal if m.kind != "knock"]
            move = rng.choice(calm if calm and rng.random() < 0.9 else legal)
            now, _ = apply(now, move)
            moves.append(move)
        if wanted([s for s in now.state.results[-1].scores if s is not None]):
            break
    else:
        raise AssertionError("no way to the scores wanted")
    for move in moves:
        game.play(move)
        game.refresh_from_db()
    page.reload()
    page.wait_for_selector("#game:not(.narrating) .summary")
    page.wait_for_load_state()


def below_0(scores: list[int]) -> bool:
    """Scores that the end of the hole draws on a number line (one is below 0)."""
    return min(scores) < 0


def test_the_line_at_the_end_of_a_hole_fills_in_once_a_child_opens_it(page, one_deal) -> None:
    page.emulate_media(reduced_motion="no-preference")
    deal(page)
    play_the_hole_to(page, below_0)
    box = page.locator(".summary .see-line.fills-in:visible").first
    assert box.get_attribute("open") is None  # shut until the child looks

    box.locator("summary").click()

    line = box.locator(".number-line svg:visible")
    assert line.count() == 1
    running = line.evaluate("svg => svg.getAnimations({subtree: true}).map(a => a.animationName)")
    assert {"line-draw", "line-appear", "mark-land"} <= set(running)
    # Once filled in, the players' marks are there.
    line.evaluate("svg => Promise.all(svg.getAnimations({subtree: true}).map(a => a.finished))")
    marks = line.locator(".mark").evaluate_all("m => m.map(e => getComputedStyle(e).opacity)")
    assert marks and set(marks) == {"1"}


# Words the end of a hole or a game never says: no streak, nothing to come back for, no
# prize, no child measured against other children (only against the players at the table).
NUDGES = {
    "en": [
        "streak",
        "in a row",
        "come back",
        "tomorrow",
        "every day",
        "daily",
        "reward",
        "prize",
        "unlock",
        "badge",
        "trophy",
        "level up",
        "other children",
        "other kids",
        "than most",
        "leaderboard",
        "ranking",
        "top ",
        "%",
    ],
    "es": [
        "racha",
        "seguid",
        "vuelve",
        "mañana",
        "cada día",
        "todos los días",
        "premio",
        "recompensa",
        "desbloque",
        "insignia",
        "trofeo",
        "sube de nivel",
        "otros niños",
        "otras niñas",
        "que la mayoría",
        "clasificación",
        "ranking",
        "%",
    ],
}


@pytest.mark.parametrize("tab", ["phone"], indirect=True)
@pytest.mark.parametrize("language", ["en", "es"])
def test_the_end_of_a_hole_and_of_a_game_say_nothing_to_nudge_a_child(
    tab, language, one_deal
) -> None:
    deal(tab, language)
    play_the_hole_to(tab, below_0)
    tab.locator(".summary .see-line.fills-in:visible summary").first.click()
    said = [tab.locator("#game").inner_text().lower()]
    see_who_won(tab)
    said.append(tab.locator("#game").inner_text().lower())

    found = [(n, word) for n, text in enumerate(said) for word in NUDGES[language] if word in text]
    assert found == [] and all(said)


@pytest.mark.parametrize("tab", ["phone"], indirect=True)
@pytest.mark.parametrize("language", ["en", "es"])
def test_one_point_is_said_in_the_singular_on_the_score_cards_and_the_list_of_totals(
    tab, language, one_deal
) -> None:
    deal(tab, language)
    play_the_hole_to(tab, lambda scores: 1 in map(abs, scores))
    one, many = {"en": ("point", "points"), "es": ("punto", "puntos")}[language]
    singular = re.compile(rf"(?<![\d.,])[−-]?1 {one}\b")
    plural = re.compile(rf"(?<![\d.,])[−-]?1 {many}\b")
    # A score card says its score in its name, as a screen reader hears it.
    cards = tab.locator(".score-card").evaluate_all("c => c.map(s => s.ariaLabel)")
    see_who_won(tab)
    totals = tab.locator(".ending .total").all_inner_texts()

    assert [c for c in cards if singular.search(c)] and not [c for c in cards if plural.search(c)]
    assert [t for t in totals if singular.fullmatch(t)]
    assert not [t for t in totals if plural.fullmatch(t)]
