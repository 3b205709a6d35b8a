"""What the tests build and share, beside factories.py's saved rows: holes' results and
practice questions made from known cards.

A helper that two test files need lives here (or, if it reads something rather than builds
it, in the helper module of its folder: tests/games/pages.py, tests/words/said.py...), never
in a conftest.py, which holds fixtures only.
"""

from __future__ import annotations

import random

from games.engine import PRESETS, HoleResult, score_cards
from lessons.questions import Question, column_question

CLASSIC6 = PRESETS["classic6"]

# The child's layout in the RULES.md check: queens cancel, 9 + (−2), king + 5; and the
# other player's: 7 + 7 + 15 = 29.
MINE = ("QH", "9C", "KS", "QD", "2H", "5C")
THEIRS = ("4H", "6C", "8S", "3D", "AH", "7C")


# --- holes' results --------------------------------------------------------------------


def hole(raw, scores, caller=None, layouts=None) -> HoleResult:
    """Hole 1 from its numbers: each seat's score before and after the caller's penalty, the
    seat that ended the hole (None: nobody did), and the cards if a test needs them."""
    layouts = layouts or tuple(None for _ in raw)
    return HoleResult(1, layouts, tuple(raw), tuple(scores), caller, False)


def played_hole(mine=MINE, theirs=THEIRS, rules=CLASSIC6, number: int = 1) -> HoleResult:
    """Hole ``number`` of the child (``mine``) and one other player, each layout scored as
    ``rules`` score it; nobody ended it."""
    raw = (score_cards(mine, rules).total, score_cards(theirs, rules).total)
    return HoleResult(number, (mine, theirs), raw, raw, None, False)


# --- practice questions ----------------------------------------------------------------


def column_two() -> Question:
    """ "What does column 2 score?" about MINE's 9C over 2H (9 + (−2) = 7) at classic6."""
    for seed in range(40):
        question = column_question(MINE, CLASSIC6, random.Random(seed))
        if question.key == "column-2":
            return question
    raise AssertionError("column 2 was never asked")
