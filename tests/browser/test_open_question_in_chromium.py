"""While a practice question is open, nothing on the page answers it: not the title bar's
total, the score sheet, the cards' sums, a winner's mark, a score card's name for a screen
reader, nor a number line's landing; for every kind of question at every size. Once it is
answered, the scores are there."""

from dataclasses import replace

import pytest
from django.conf import settings
from django.contrib.sessions.backends.db import SessionStore

from games.engine import PRESETS
from games.models import Game
from games.table import NEXT, SKIP, Move, Setup, Stage, apply, legal_moves, stage, start
from games.table import question_asked as asked_of
from games.words.cards import number
from lessons.core.choice import Plan
from lessons.core.skills import Skill
from peabody import sessions
from tests.browser.conftest import open_tab
from tests.browser.playing import version, wait_for_the_answer

pytestmark = pytest.mark.browser

RULES = replace(PRESETS["classic6"], holes=2)
SIZES = {"phone": (390, 844), "laptop": (1280, 800), "projector": (1920, 1080)}
# Which skill's questions a plan brings first, for each kind of question.
KINDS = {
    "column": Skill.ADDING,
    "line": Skill.ADDING,
    "total": Skill.RUNNING_TOTAL,
    "winner": Skill.COMPARING,
    "gap": Skill.DIFFERENCE,
}


def moves_to(kind: str) -> tuple[int, Plan, list[Move]]:
    """A seed, a plan and the moves (always the first on offer; other questions skipped)
    that reach a question of ``kind``."""
    # Due, and rated unsure of it: it comes back at any level up to 3.
    plan = Plan(levels=((KINDS[kind], 3),), due=(KINDS[kind],), ratings=((KINDS[kind], 1.5),))
    for seed in range(400):
        table, _ = start(Setup(RULES, seed, (None, "gentle"), plans=(plan,)))
        moves: list[Move] = []
        while stage(table) != Stage.OVER:
            now = stage(table)
            if now == Stage.PRACTICE:
                if asked_of(table).kind == kind:
                    return seed, plan, moves
                move = Move(SKIP)
            elif now == Stage.SUMMARY:
                move = Move(NEXT)
            else:
                move = legal_moves(table)[0]
            table, _ = apply(table, move)
            moves.append(move)
    raise AssertionError(f"no {kind} question in these seeds")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("kind", list(KINDS))
def test_nothing_on_the_page_answers_the_open_question(
    kind, size, browser, live_server, transactional_db, requests_made, console_errors
) -> None:
    width, height = SIZES[size]
    context, tab = open_tab(
        browser, live_server, requests_made, console_errors, {"width": width, "height": height}
    )
    seed, plan, moves = moves_to(kind)
    game = Game.start(RULES, ["gentle"], guest_key=f"open-{kind}-{size}", seed=seed, plans=[plan])
    for move in moves:
        game.play(move)
    session = SessionStore()
    session[sessions.GUEST_KEY] = game.guest_key
    session.create()
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key,
          "url": live_server.url}]
    )  # fmt: skip
    tab.goto(game.get_absolute_url())
    game.refresh_from_db()
    asked = asked_of(game.table)
    results = game.state.results
    hole = results[-1]

    # The bar: no total, or the one before this hole (the question's own starting point).
    bar = tab.locator(".bar").inner_text()
    before = sum(r.scores[0] for r in results[:-1] if not r.tiebreak)
    assert "total" not in bar.lower() or f": {number(before)}" in bar
    # The score sheet ends with the hole before this one.
    if tab.locator(".sheet").count():
        sheet = tab.locator(".sheet").inner_text()
        assert f"Hole {hole.number}" not in sheet
    # No sum, story, winner line or mark of the hole, nor a score card's points.
    for part in (".column-sum", ".story", ".winner-line", ".hole-story", "[data-cheer]", ".cheer"):
        assert not tab.locator(part).count() or not tab.locator(part).first.is_visible(), part
    labels = tab.locator(".score-card").evaluate_all("cards => cards.map(c => c.ariaLabel)")
    assert not any("points" in label for label in labels)
    # On a number line, only where the walk starts: no hop, no landing, no score.
    for line in tab.locator(".question .number-line").all():
        assert line.locator(".hop, .hop-end, .mark").count() == 0
    said = (
        tab.locator("#announcer").inner_text()
        + tab.locator(".feedback").all_inner_texts().__str__()
    )
    assert f"{number(asked.answer)}." not in said or asked.choices

    # Answered (skipped), the hole's scores are all there.
    before_skip = version(tab)
    tab.locator("#skip-questions").click()
    wait_for_the_answer(tab, before_skip)
    assert f"Hole {hole.number}" in tab.locator(".sheet").inner_text()
    assert console_errors == []
    context.close()
