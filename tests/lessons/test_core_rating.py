"""How likely a child is to get a question right, from their own first tries: right answers
raise it, misses lower it, a surprise more than an expected one, and harder levels are
always less likely."""

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from lessons.core.ladder import FirstTry
from lessons.core.rating import HARDER_AT_FIRST, START, chance, ratings
from lessons.core.skills import LADDERS, Skill

START_TIME = datetime(2026, 12, 1, tzinfo=UTC)

answers_given = st.lists(
    st.tuples(st.sampled_from(list(Skill)), st.integers(1, 3), st.booleans()), max_size=40
)


def answers(tries) -> list[FirstTry]:
    return [
        FirstTry(skill, min(level, len(LADDERS[skill])), right, START_TIME + timedelta(minutes=n))
        for n, (skill, level, right) in enumerate(tries)
    ]


def test_a_new_child_gets_a_first_rung_right_about_4_times_in_5_and_negatives_less_often():
    rated = ratings([])
    assert rated[Skill.ADDING] == START
    assert 0.75 < chance(rated[Skill.ADDING], 1) < 0.85
    for skill, harder in HARDER_AT_FIRST.items():
        assert chance(rated[skill], 1) < chance(rated[Skill.ADDING], 1)
        assert abs(rated[skill] - (START - harder)) < 1e-9


def test_a_miss_on_an_easy_question_moves_further_than_on_a_hard_one():
    after_easy = ratings(answers([(Skill.ADDING, 1, False)]))[Skill.ADDING]
    after_hard = ratings(answers([(Skill.ADDING, 3, False)]))[Skill.ADDING]
    assert after_easy < after_hard < START


def test_a_skill_missed_often_falls_behind_the_ones_the_child_gets_right():
    tries = [(Skill.ADDING, 1, True), (Skill.ADDING_NEGATIVE, 1, False)] * 6
    rated = ratings(answers(tries))
    assert rated[Skill.ADDING] > START
    assert chance(rated[Skill.ADDING_NEGATIVE], 1) < 0.3 < 0.9 < chance(rated[Skill.ADDING], 1)


@given(answers_given, st.sampled_from(list(Skill)), st.integers(1, 3))
def test_right_raises_and_a_miss_lowers_the_skill_answered(tries, skill, level):
    level = min(level, len(LADDERS[skill]))
    before = ratings(answers(tries))[skill]
    right = ratings(answers([*tries, (skill, level, True)]))[skill]
    missed = ratings(answers([*tries, (skill, level, False)]))[skill]
    assert missed < before < right


@given(answers_given)
def test_a_harder_level_is_never_more_likely(tries):
    for skill, rating in ratings(answers(tries)).items():
        chances = [chance(rating, level) for level in range(1, len(LADDERS[skill]) + 1)]
        assert chances == sorted(chances, reverse=True)
        assert all(0 < c < 1 for c in chances)
