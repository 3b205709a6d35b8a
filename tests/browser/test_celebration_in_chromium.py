"""The end of a hole and of a game in a real Chromium, as a moment: the hole's winners'
cards and faces marked, the game's winners' faces large, everyone's total on a number line
that fills in (the hole's too, once opened); all of it still under reduced motion, moving
without it; in English and Spanish at every size, with no word that nudges a child to come
back or measures them against others, and "1 point" said in the singular. (The sound:
test_sound_in_chromium; nothing marked while a question is open:
test_open_question_in_chromium.) And the child's own moment over the table: their face with
cards flying in, suits bursting for a win and Pip's kind word, different for a win, a near
one and a loss; taps go through it, it goes after a moment, and with reduced motion it is
the same picture, still."""

import random
import re
from dataclasses import replace

import pytest

from games import models
from games.engine import PRESETS
from games.models import Game
from lessons.core.stories import standing
from tests.browser.playing import choose, click, make_move, offered, play_out_the_hole, snapshot
from tests.browser.playing import deal as deal_from_the_form

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


# --- the child's own moment (cheer.html) ------------------------------------------------

SAID = {
    "en": {
        "won": "You did it!",
        "close": "So close! Good try!",
        "behind": "Good game! That was fun.",
    },
    "es": {
        "won": "¡Lo lograste!",
        "close": "¡Casi! ¡Buen intento!",
        "behind": "¡Buen juego! Fue divertido.",
    },
}
ONE_HOLE = replace(PRESETS["easy4"], holes=1)


def how_it_went(game: Game) -> str:
    scores = dict(enumerate(game.state.results[-1].scores))
    lowest = [s for s, v in scores.items() if v == min(scores.values())]
    return standing(scores, lowest, 0).value


def a_seed_for(kind: str) -> int:
    """A deal whose hole, played as play_out_the_hole plays it, ends ``kind`` for the child
    (looked for without the browser: the same deals every run)."""
    for seed in range(1, 400):
        game = Game.start(ONE_HOLE, ["gentle"], seed=seed, questions=False)
        play_out_the_hole(game, way=1)
        if how_it_went(game) == kind:
            return seed
    raise AssertionError(f"no deal ended {kind}")


def the_end_of_a_hole(page, monkeypatch, kind: str, language: str = "en") -> Game:
    seed = a_seed_for(kind)
    Game.objects.all().delete()
    monkeypatch.setattr(models, "new_seed", lambda: seed)
    deal_from_the_form(page, "easy4", bots="1", holes="1", language=language)
    game = Game.objects.get()
    play_out_the_hole(game, way=1)
    assert how_it_went(game) == kind
    page.reload()
    page.wait_for_selector("#game:not(.narrating) .summary:not(.practising)")
    return game


def moving(page) -> list[str]:
    """The animations of the moment, by name."""
    return page.eval_on_selector(
        ".cheer",
        """cheer => [cheer, ...cheer.querySelectorAll('*')].flatMap(e => e.getAnimations())
            .map(a => a.animationName)""",
    )


@pytest.mark.parametrize(("kind", "language"), [("won", "en"), ("close", "es"), ("behind", "en")])
def test_the_end_of_a_hole_is_a_moment_of_its_own_for_a_win_a_near_one_and_a_loss(
    tab, monkeypatch, kind, language
) -> None:
    tab.emulate_media(reduced_motion="no-preference")
    the_end_of_a_hole(tab, monkeypatch, kind, language)

    cheer = tab.locator(f".cheer.cheer-{kind}")
    assert cheer.is_visible()
    assert tab.get_attribute(".summary", "data-cheer") == kind  # and its own sound
    assert cheer.locator(".cheer-line").inner_text() == SAID[language][kind]
    assert cheer.locator('.cheer-faces use[href$="#you"]').count() == 1
    assert cheer.locator('.reactor use[href$="#pip"]').count() == 1  # Pip says it
    assert cheer.locator(".cheer-suits span").count() == (8 if kind == "won" else 0)
    names = set(moving(tab))
    assert {"cheer-in", "face-" + {"won": "hop", "close": "wiggle", "behind": "nod"}[kind]} <= names
    assert ("card-fly" in names) == (kind != "behind")
    snapshot(tab, f"cheer-{kind}-{language}-{tab.size}")

    # It never stands in a tap's way, and goes after a moment.
    box = cheer.bounding_box()
    assert box["width"] <= tab.viewport_size["width"]
    tab.locator("#next-hole").click(trial=True)  # nothing over it takes the tap
    tab.wait_for_selector(".cheer", state="hidden", timeout=5_000)


def test_with_reduced_motion_the_moment_is_the_same_picture_still(page, monkeypatch) -> None:
    the_end_of_a_hole(page, monkeypatch, "won")  # the tab asks for reduced motion

    cheer = page.locator(".cheer.cheer-won")
    assert cheer.is_visible() and cheer.locator(".cheer-suits span").count() == 8
    assert moving(page) == []
    page.wait_for_selector(".cheer", state="hidden", timeout=5_000)


def test_the_end_of_the_game_celebrates_with_its_own_sound(page, monkeypatch) -> None:
    game = the_end_of_a_hole(page, monkeypatch, "won")
    page.locator("#next-hole").click()
    page.wait_for_selector(".ending .cheer.cheer-won")

    assert page.get_attribute(".ending", "data-sound") == "won-game"
    assert page.locator(".ending .cheer-line").inner_text() == SAID["en"]["won"]
    assert game.pk == Game.objects.get().pk
