"""Practice questions as facts: what each is about, its skill and its right answer, and
which are asked after a hole. Their words are tested in tests/games/test_questions.py."""

import random
from dataclasses import replace

import pytest

from games.engine import PRESETS, HoleResult, score_cards
from lessons.core.questions import (
    MAX_QUESTIONS,
    Column,
    Reply,
    about_column,
    ask,
    asked_again,
    can_go_below_zero,
    column_question,
    gap_question,
    questions_after_hole,
    read_answer,
    total_question,
    winner_question,
)
from lessons.core.skills import Skill
from tests.builders import MINE, THEIRS, column_two, played_hole
from tests.lessons.strategies import ADDING_ONLY, RULE_MIXES, mix_id, play_randomly

EASY4, CLASSIC6 = PRESETS["easy4"], PRESETS["classic6"]


def test_a_column_question_asks_about_a_column_worth_working_out():
    # The king and 5 column is only reading one card, so it is never asked.
    asked = {column_question(MINE, CLASSIC6, random.Random(seed)).key for seed in range(40)}
    assert asked == {"column-1", "column-2"}


def test_a_column_question_knows_its_answer_and_its_cards():
    q = column_two()
    # 9 and −2: a negative number with a big card, the second rung of its ladder.
    assert (q.kind, q.skill, q.answer, q.level) == ("column", Skill.ADDING_NEGATIVE, 7, 2)
    assert q.choices == ()
    assert q.negatives
    assert q.about.cards == ("9C", "2H")


def test_a_pair_column_question_practises_pairs_cancel():
    q = column_question(("7H", "KC", "7D", "5S"), EASY4, random.Random(1))
    assert (q.key, q.skill, q.answer) == ("column-1", Skill.PAIRS_CANCEL, 0)


def test_no_column_question_when_every_column_is_one_card_and_a_king():
    assert column_question(("KH", "5C", "4D", "KS"), EASY4, random.Random(1)) is None


def test_a_first_miss_is_asked_again_and_a_second_is_told_the_answer():
    q = column_question(("7H", "KC", "7D", "5S"), EASY4, random.Random(1))
    assert q.reply(0, 1) == Reply.RIGHT_FIRST
    assert q.reply(0, 2) == Reply.RIGHT_SECOND
    assert q.reply(14, 1) == Reply.TRY_AGAIN
    assert q.reply(14, 2) == Reply.TOLD
    with pytest.raises(ValueError):
        q.reply(0, 3)


def test_the_number_pad_reads_a_minus_sign_either_way():
    assert read_answer("7") == 7
    assert read_answer(" −2 ") == -2
    assert read_answer("-2") == -2
    for nothing in ("", "−", "--2", "2−", "seven", "1.5", "١٢", "12345"):
        assert read_answer(nothing) is None


def test_the_total_question_comes_from_the_second_hole():
    assert total_question([played_hole()], 0, CLASSIC6) is None
    results = [
        played_hole(),
        HoleResult(2, (MINE, THEIRS), (-1, 4), (-1, 4), None, False),
    ]
    q = total_question(results, 0, CLASSIC6)
    assert (q.about.before, q.about.score) == (12, -1)
    assert (q.skill, q.answer) == (Skill.RUNNING_TOTAL, 11)


def test_the_winner_question_is_a_choice_of_seats():
    q = winner_question(played_hole())
    assert q.choices == (0, 1)
    assert q.is_right(0) and not q.is_right(1)
    assert q.skill == Skill.COMPARING
    assert not q.negatives


def test_only_some_rules_can_go_below_zero():
    knock = PRESETS["knock9"]
    assert can_go_below_zero(EASY4)
    assert not can_go_below_zero(replace(EASY4, adding_only=True))
    assert not can_go_below_zero(knock)
    assert can_go_below_zero(replace(knock, jokers="minus5"))


def test_a_seat_that_sat_out_is_no_choice():
    result = HoleResult(10, (MINE, None, THEIRS), (12, None, 29), (12, None, 29), None, True)
    assert winner_question(result).choices == (0, 2)


def test_there_is_no_winner_question_after_a_tie():
    tie = HoleResult(1, (MINE, MINE), (12, 12), (12, 12), None, False)
    assert winner_question(tie) is None


def test_questions_are_the_same_for_the_same_seed():
    results = [played_hole(), HoleResult(2, (MINE, THEIRS), (-1, 4), (-1, 4), None, False)]
    for seed in range(20):
        assert questions_after_hole(results, 0, CLASSIC6, seed) == questions_after_hole(
            results, 0, CLASSIC6, random.Random(seed)
        )


def test_a_hole_asks_at_most_two_questions_and_each_kind_turns_up():
    results = [played_hole(), HoleResult(2, (MINE, THEIRS), (12, 29), (12, 29), None, False)]
    seen = set()
    for seed in range(60):
        asked = questions_after_hole(results, 0, CLASSIC6, seed)
        assert 1 <= len(asked) <= MAX_QUESTIONS
        assert len({q.key for q in asked}) == len(asked)
        seen |= {q.key for q in asked}
    assert seen == {"column-1", "column-2", "total", "winner"}


def test_a_seat_that_sat_out_a_tie_break_gets_no_questions():
    result = HoleResult(10, (MINE, None, THEIRS), (12, None, 29), (12, None, 29), None, True)
    assert questions_after_hole([result], 1, CLASSIC6, 1) == ()


@pytest.mark.parametrize("rules", RULE_MIXES[::3], ids=mix_id)
def test_questions_on_played_holes_have_the_engines_answers(rules):
    state = play_randomly(replace(rules, holes=3), 2, 5)
    for n in range(1, len(state.results) + 1):
        results = state.results[:n]
        for q in questions_after_hole(results, 0, rules, n):
            assert q.reply(q.answer, 1) == Reply.RIGHT_FIRST
            if q.key.startswith("column-"):
                column = score_cards(results[-1].layouts[0], rules).columns[int(q.key[7:]) - 1]
                assert q.answer == column.total
            elif q.key == "total":
                assert q.answer == sum(r.scores[0] for r in results if not r.tiebreak)
            else:
                assert results[-1].scores[q.answer] == min(results[-1].scores)


@pytest.mark.parametrize("rules", ADDING_ONLY, ids=mix_id)
def test_adding_only_questions_never_need_the_minus_key(rules):
    for seed in range(4):
        state = play_randomly(replace(rules, holes=3), 2, seed)
        for n in range(1, len(state.results) + 1):
            for q in questions_after_hole(state.results[:n], 0, rules, seed):
                assert not q.negatives


def test_each_question_carries_the_facts_it_was_about_and_no_names():
    column = column_two()
    assert (column.kind, column.facts) == ("column", {"column": 2, "cards": ["9C", "2H"]})
    two = [played_hole(), played_hole()]
    total = total_question(two, 0, CLASSIC6)
    assert (total.kind, total.facts) == ("total", {"before": 12, "score": 12})
    winner = winner_question(played_hole())
    assert (winner.kind, winner.facts) == ("winner", {"scores": [12, 29]})


@pytest.mark.parametrize("rules", RULE_MIXES, ids=mix_id)
def test_a_question_is_made_again_from_its_facts(rules):
    rng = random.Random(7)
    made = 0
    for seed in range(6):
        state = play_randomly(rules, 2, seed)
        for hole in range(1, len(state.results) + 1):
            for question in questions_after_hole(state.results[:hole], 0, rules, rng):
                assert asked_again(question.kind, question.facts, rules) == question
                made += 1
    assert made > 5


def test_an_older_answer_or_facts_that_no_longer_fit_make_no_question():
    assert asked_again("", {}, CLASSIC6) is None
    assert asked_again("column", {"column": 2}, CLASSIC6) is None
    assert asked_again("column", {"column": 1, "cards": ["ZZ"]}, CLASSIC6) is None
    assert asked_again("winner", {"scores": [3, 3]}, CLASSIC6) is None


def test_a_gap_question_asks_how_far_behind_the_holes_winner_the_child_is():
    behind = played_hole(theirs=("KH", "KC", "KS", "KD", "AH", "AC"))  # Pip 0 + 0 + 2 = 2
    q = gap_question(behind, 0, CLASSIC6)
    assert (q.key, q.kind, q.skill, q.answer, q.level) == ("gap-1", "gap", Skill.DIFFERENCE,
                                                           10, 1)  # fmt: skip
    assert asked_again(q.kind, q.facts, CLASSIC6) == q
    assert gap_question(played_hole(), 0, CLASSIC6) is None  # the child won the hole


def test_a_sum_on_the_number_line_lands_on_each_place_of_the_sum():
    q = column_two().on_the_line()
    assert (q.key, q.kind, q.terms, q.landings) == ("line-column-2", "line", (9, -2), (7,))
    assert q.is_right(7, (7,)) and not q.is_right(7, (6,))
    assert q.astray((6,)) == 0 and q.astray((7,)) is None
    assert ask("line-column-2", [played_hole()], 0, CLASSIC6) == q
    assert asked_again("line", q.facts, CLASSIC6) == q
    with pytest.raises(ValueError):
        ask("line-winner", [played_hole()], 0, CLASSIC6)


def test_a_question_is_asked_at_the_level_its_own_numbers_make():
    easy = score_cards(("3H", "KC", "4D", "KS"), EASY4)
    assert about_column(Column(1, easy.columns[0]), EASY4).level == 1
    # Three cards, then a total over 20: further up the adding ladder.
    knock = PRESETS["knock9"]
    three = score_cards(("3H", "KC", "2D", "4S", "QC", "JD", "5H", "KS", "9D"), knock)
    assert about_column(Column(1, three.columns[0]), knock).level == 2
    assert about_column(Column(3, three.columns[2]), knock).level == 3
