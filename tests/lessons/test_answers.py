"""Kept answers read back as the questions they answered."""

import pytest

from games.engine import PRESETS
from lessons.answers import as_asked
from lessons.core.questions import winner_question
from lessons.models import SkillAttempt
from lessons.questions import question_told
from tests.builders import column_two, played_hole
from tests.factories import GameFactory

pytestmark = pytest.mark.django_db

CLASSIC6 = PRESETS["classic6"]
NAMES = ("Ada", "Pip")


def saved(game, question, hole=1, given=None, first_try=True) -> SkillAttempt:
    attempt = SkillAttempt.record(
        game, question, hole=hole, given=given, first_try=first_try, seconds=3
    )
    attempt.save()
    return attempt


def test_both_tries_at_a_question_are_read_back_as_one_question_in_order():
    game = GameFactory()
    saved(game, column_two(), given=11)
    saved(game, column_two(), given=9, first_try=False)
    winner = winner_question(played_hole())
    saved(game, winner, given=0)

    [column, who] = as_asked(game.skill_attempts.all(), CLASSIC6, NAMES)

    assert column.question == question_told(column_two(), CLASSIC6)
    assert [(t.text, t.right) for t in column.tries] == [("11", False), ("9", False)]
    assert (column.right, column.missed, column.right_first_time) == ("7", True, False)
    assert [(t.text, t.right) for t in who.tries] == [("Ada", True)]
    assert who.right == "Ada"


def test_a_skip_is_read_back_as_skipped_not_missed():
    game = GameFactory()
    saved(game, column_two(), given=None)

    [skipped] = as_asked(game.skill_attempts.all(), CLASSIC6, NAMES)

    assert skipped.tries[0].skipped
    assert not skipped.missed


def test_an_older_answer_stands_alone_with_no_question():
    game = GameFactory()
    for right in (True, False):
        SkillAttempt.objects.create(game=game, skill="adding", right=right, first_try=True, hole=1)

    older = as_asked(game.skill_attempts.all(), CLASSIC6, NAMES)

    assert [(a.question, a.right, a.tries[0].right) for a in older] == [
        (None, "", True),
        (None, "", False),
    ]
