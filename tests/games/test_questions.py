"""Practice questions in words: the prompt, what is said to each answer, and the answer
told with its story after a second miss."""

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import PRESETS, HoleResult
from games.questions import as_asked, question_told
from games.words.cards import MINUS
from games.words.people import YOU
from games.words.questions import TRY_AGAIN, skill_name
from lessons.core.questions import (
    asked_again,
    column_question,
    questions_after_hole,
    total_question,
    winner_question,
)
from lessons.core.skills import Skill
from lessons.models import SkillAttempt
from tests.builders import MINE, THEIRS, column_two, played_hole
from tests.factories import GameFactory
from tests.lessons.strategies import (
    ADDING_ONLY,
    RULE_MIXES,
    mix_id,
    play_randomly,
    rules_and_layouts,
)
from tests.lessons.texts import strings_in
from tests.words.said import repeated

EASY4, CLASSIC6 = PRESETS["easy4"], PRESETS["classic6"]
NAMES = (YOU, "Sam")


def test_a_column_question_says_its_prompt_and_its_story():
    for seed in range(40):
        q = question_told(column_question(MINE, CLASSIC6, random.Random(seed)), CLASSIC6)
        if q.question.key == "column-2":
            break
    assert q.question.skill == Skill.ADDING_NEGATIVE
    assert q.prompt == "Look at column 2 of your cards. What does it score?"
    assert q.answer == 7
    assert not q.choices
    assert [c.code for c in q.cards] == ["9C", "2H"]
    assert q.equation == "9 + (−2) = 7"
    # The steps are said once, by the number line's caption.
    assert q.story == ()
    assert q.number_line.text == "A number line from 0 to 9. Start at 9. Go back 2. You land on 7."


def test_a_pair_column_question_tells_how_the_pair_cancels_once():
    q = question_told(column_question(("7H", "KC", "7D", "5S"), EASY4, random.Random(1)), EASY4)
    assert q.story == ("The two 7s cancel.",)
    assert q.respond(14, 2).text == "Good try! It scores 0."
    twos = question_told(column_question(("2H", "KC", "2D", "5S"), EASY4, random.Random(1)), EASY4)
    assert twos.story == ("The two 2s cancel.", "It is not −4!")


def test_a_first_miss_is_asked_again_and_a_second_is_told_the_answer():
    q = question_told(column_question(("7H", "KC", "7D", "5S"), EASY4, random.Random(1)), EASY4)
    right = q.respond(0, 1)
    assert (right.right, right.text, right.try_again) == (True, "Yes, that's right!", False)
    assert q.respond(0, 2).text == "Yes! You got it this time."
    first = q.respond(14, 1)
    assert (first.right, first.text, first.try_again, first.story) == (False, TRY_AGAIN, True, ())
    second = q.respond(14, 2)
    assert not second.right and not second.try_again
    assert second.text == "Good try! It scores 0."
    assert second.story == q.story
    with pytest.raises(ValueError):
        q.respond(0, 3)


def test_the_total_question_says_the_total_before_and_the_holes_score():
    results = [
        played_hole(),
        HoleResult(2, (MINE, THEIRS), (-1, 4), (-1, 4), None, False),
    ]
    q = question_told(total_question(results, 0, CLASSIC6), CLASSIC6)
    assert (
        q.prompt == "You had 12 before this hole. You got −1 in this hole. What is your total now?"
    )
    assert (q.answer, q.equation) == (11, "12 + (−1) = 11")
    assert q.told == "Your total is 11."


def test_the_winner_question_is_a_choice_of_players():
    q = question_told(winner_question(played_hole()), CLASSIC6, NAMES)
    assert [(c.value, c.label, c.points) for c in q.choices] == [(0, "You", "12"), (1, "Sam", "29")]
    assert q.respond(1, 2).text == "Good try! You won this hole."


@pytest.mark.parametrize("rules", ADDING_ONLY, ids=mix_id)
def test_adding_only_questions_never_show_a_minus_sign(rules):
    for seed in range(4):
        state = play_randomly(replace(rules, holes=3), 2, seed)
        for n in range(1, len(state.results) + 1):
            for asked in questions_after_hole(state.results[:n], 0, rules, seed):
                q = question_told(asked, rules, NAMES)
                texts = [*strings_in(q), *strings_in(q.respond(q.answer + 1, 2))]
                assert not any(MINUS in t for t in texts)


def test_the_words_name_no_one_in_the_facts():
    winner = question_told(winner_question(played_hole()), CLASSIC6, NAMES)
    assert "Sam" not in str(winner.facts)


@pytest.mark.parametrize("rules", RULE_MIXES, ids=mix_id)
def test_a_question_made_again_from_its_facts_is_said_word_for_word(rules):
    rng = random.Random(7)
    made = 0
    for seed in range(6):
        state = play_randomly(rules, 2, seed)
        for hole in range(1, len(state.results) + 1):
            for question in questions_after_hole(state.results[:hole], 0, rules, rng):
                again = asked_again(question.kind, question.facts, rules)
                assert question_told(again, rules, NAMES) == question_told(question, rules, NAMES)
                made += 1
    assert made > 5


def test_a_skill_has_a_name_for_a_grown_up():
    assert skill_name(Skill.RUNNING_TOTAL) == "Keeping a running total"
    assert skill_name("pairs_cancel") == "Pairs cancel to zero"


# --- after a second miss: each thing said once -----------------------------------------


def said_after_a_second_miss(q) -> list[str]:
    """Everything the feedback box says after a second miss, as it is read aloud: the
    answer, how it adds up, and its number line's caption."""
    told = q.respond(q.answer + 1, 2)
    return [told.text, *told.story, *([told.number_line.text] if told.number_line else [])]


def test_a_second_miss_at_a_pair_says_that_it_cancels_once():
    q = question_told(column_question(("KH", "5C", "KD", "3S"), EASY4, random.Random(1)), EASY4)
    assert " ".join(said_after_a_second_miss(q)) == "Good try! It scores 0. The two kings cancel."


@settings(max_examples=600, deadline=None)
@given(
    rules_and_layouts(),
    st.randoms(use_true_random=False),
)
def test_a_second_miss_at_any_column_says_nothing_twice(case, rng):
    rules, rows = case
    asked = column_question([card for row in rows for card in row], rules, rng)
    if asked is None:
        return
    said = said_after_a_second_miss(question_told(asked, rules))
    assert repeated(said) == []
    assert not any("Count on 0." in text for text in said)


# --- kept answers read back (as_asked) ---

pytestmark = pytest.mark.django_db

CLASSIC6 = PRESETS["classic6"]
KEPT_NAMES = ("Ada", "Pip")


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

    [column, who] = as_asked(game.skill_attempts.all(), CLASSIC6, KEPT_NAMES)

    assert column.question == question_told(column_two(), CLASSIC6)
    assert [(t.text, t.right) for t in column.tries] == [("11", False), ("9", False)]
    assert (column.right, column.missed, column.right_first_time) == ("7", True, False)
    assert [(t.text, t.right) for t in who.tries] == [("Ada", True)]
    assert who.right == "Ada"


def test_a_skip_is_read_back_as_skipped_not_missed():
    game = GameFactory()
    saved(game, column_two(), given=None)

    [skipped] = as_asked(game.skill_attempts.all(), CLASSIC6, KEPT_NAMES)

    assert skipped.tries[0].skipped
    assert not skipped.missed


def test_an_older_answer_stands_alone_with_no_question():
    game = GameFactory()
    for right in (True, False):
        SkillAttempt.objects.create(game=game, skill="adding", right=right, first_try=True, hole=1)

    older = as_asked(game.skill_attempts.all(), CLASSIC6, KEPT_NAMES)

    assert [(a.question, a.right, a.tries[0].right) for a in older] == [
        (None, "", True),
        (None, "", False),
    ]
