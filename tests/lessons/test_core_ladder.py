"""The rule that moves a child along each skill's ladder, and when a missed skill comes back."""

from datetime import UTC, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from lessons.core.ladder import (
    COME_BACK,
    IN_A_ROW,
    OF_DOWN,
    TOO_EASY,
    FirstTry,
    climb,
    due,
    easy_rung,
)
from lessons.core.learners import SLOPE, logistic
from lessons.core.rating import chance, ratings
from lessons.core.skills import LADDERS, Skill, top

START = datetime(2026, 12, 1, 16, 0, tzinfo=UTC)


def answers(skill: Skill, *tries: tuple[int, bool]) -> list[FirstTry]:
    """First tries at ``skill``, a minute apart: (level, right)."""
    return [
        FirstTry(skill, level, right, START + timedelta(minutes=n))
        for n, (level, right) in enumerate(tries)
    ]


def test_everyone_starts_on_the_first_rung() -> None:
    assert climb([]).level(Skill.ADDING) == 1


def test_four_right_of_the_latest_five_at_the_level_go_up_one() -> None:
    three = answers(Skill.ADDING, (1, True), (1, False), (1, True), (1, True))
    assert climb(three).level(Skill.ADDING) == 1
    four = answers(Skill.ADDING, (1, True), (1, False), (1, True), (1, True), (1, True))
    levels = climb(four)
    assert levels.level(Skill.ADDING) == 2
    assert [(c.skill, c.before, c.after, c.up) for c in levels.climbs] == [
        (Skill.ADDING, 1, 2, True)
    ]


def test_two_misses_of_the_latest_three_go_down_one() -> None:
    up = [(1, True)] * 4 + [(2, True)] * 4  # to level 3
    assert climb(answers(Skill.ADDING, *up)).level(Skill.ADDING) == 3
    down = climb(answers(Skill.ADDING, *up, (3, False), (3, True), (3, False)))
    assert down.level(Skill.ADDING) == 2
    assert down.climbs[-1].up is False


def test_easier_questions_right_do_not_lift_and_harder_ones_missed_do_not_drop() -> None:
    up = [(1, True)] * 4  # level 2
    easy = climb(answers(Skill.ADDING, *up, *[(1, True)] * 6))
    assert easy.level(Skill.ADDING) == 2
    hard = climb(answers(Skill.ADDING, *up, *[(3, False)] * 6))
    assert hard.level(Skill.ADDING) == 2


def test_the_counting_starts_afresh_at_a_new_level() -> None:
    # Up to level 2 after four right; one more right and a miss there are not enough.
    moved = answers(Skill.ADDING, *[(1, True)] * 4, (2, True), (2, False))
    assert climb(moved).level(Skill.ADDING) == 2


def test_each_skill_climbs_its_own_ladder() -> None:
    mixed = sorted(
        answers(Skill.ADDING, *[(1, True)] * 4) + answers(Skill.COMPARING, (1, False)),
        key=lambda a: a.when,
    )
    levels = climb(mixed)
    assert (levels.level(Skill.ADDING), levels.level(Skill.COMPARING)) == (2, 1)


@given(
    st.lists(
        st.tuples(st.sampled_from(list(Skill)), st.integers(1, 3), st.booleans()),
        max_size=80,
    )
)
def test_a_level_is_always_a_rung_of_its_ladder(tries) -> None:
    history = [
        FirstTry(skill, min(level, top(skill)), right, START + timedelta(minutes=n))
        for n, (skill, level, right) in enumerate(tries)
    ]
    levels = climb(history)
    for skill in LADDERS:
        assert 1 <= levels.level(skill) <= top(skill)
    for step in levels.climbs:
        assert abs(step.after - step.before) == 1


def test_a_child_always_right_climbs_to_the_top_and_always_wrong_stays_on_the_first_rung():
    right = [(level, True) for level in (1, 1, 1, 1, 2, 2, 2, 2, 3, 3)]
    always = climb(answers(Skill.ADDING_NEGATIVE, *right))
    assert always.level(Skill.ADDING_NEGATIVE) == top(Skill.ADDING_NEGATIVE)
    never = climb(answers(Skill.ADDING_NEGATIVE, *[(1, False)] * 20))
    assert never.level(Skill.ADDING_NEGATIVE) == 1


def test_a_miss_comes_back_after_a_day_three_days_and_a_week() -> None:
    missed = answers(Skill.PAIRS_CANCEL, (1, False))
    assert due(missed, START + timedelta(hours=12)) == ()
    assert due(missed, START + COME_BACK[0]) == (Skill.PAIRS_CANCEL,)
    # Asked again on the second day: done until the third.
    again = missed + [FirstTry(Skill.PAIRS_CANCEL, 1, True, START + timedelta(days=1, hours=2))]
    assert due(again, START + timedelta(days=2)) == ()
    assert due(again, START + COME_BACK[1]) == (Skill.PAIRS_CANCEL,)
    assert due(again, START + COME_BACK[2]) == (Skill.PAIRS_CANCEL,)
    later = again + [FirstTry(Skill.PAIRS_CANCEL, 1, True, START + timedelta(days=8))]
    assert due(later, START + timedelta(days=30)) == ()


def test_a_skill_never_missed_is_never_due() -> None:
    right = answers(Skill.ADDING, (1, True), (1, True))
    assert due(right, START + timedelta(days=5)) == ()


def test_three_right_in_a_row_go_up_at_once() -> None:
    assert climb(answers(Skill.COMPARING, *[(1, True)] * 3)).level(Skill.COMPARING) == 2


def easy_rung_holds(history: list[FirstTry]) -> None:
    levels, rated = climb(history), ratings(history)
    for skill in levels.levels:
        latest = [a.right for a in history if a.skill == skill][-OF_DOWN:]
        if all(latest):  # a skill missed lately is not too easy, whatever its rating
            assert levels.level(skill) >= easy_rung(rated[skill], skill)


tries_given = st.lists(
    st.tuples(st.sampled_from(list(Skill)), st.integers(1, 3), st.booleans()), max_size=60
)


def history_of(tries) -> list[FirstTry]:
    return [
        FirstTry(skill, min(level, top(skill)), right, START + timedelta(minutes=n))
        for n, (skill, level, right) in enumerate(tries)
    ]


@given(tries_given)
def test_a_skill_never_reads_below_the_rung_its_rating_finds_too_easy_to_ask(tries) -> None:
    easy_rung_holds(history_of(tries))


def test_a_skill_too_easy_to_be_asked_moves_up_with_the_childs_rating() -> None:
    # Pairs met once, then only adding asked and right: the child's rating lifts pairs too.
    history = answers(Skill.PAIRS_CANCEL, (1, True)) + [
        FirstTry(Skill.ADDING, 3, True, START + timedelta(minutes=1 + n)) for n in range(12)
    ]
    levels = climb(history)
    assert chance(ratings(history)[Skill.PAIRS_CANCEL], 2) > TOO_EASY
    assert levels.level(Skill.PAIRS_CANCEL) == 2
    [lift] = [c for c in levels.climbs if c.skill == Skill.PAIRS_CANCEL]
    assert (lift.before, lift.after, lift.up) == (1, 2, True)


@given(tries_given, st.sampled_from(list(Skill)))
def test_a_skill_answered_right_at_its_top_rung_reads_as_that_rung(tries, skill) -> None:
    history = history_of(tries)
    later = START + timedelta(minutes=len(history))
    history += [
        FirstTry(skill, top(skill), True, later + timedelta(minutes=n)) for n in range(IN_A_ROW)
    ]
    assert climb(history).level(skill) == top(skill)


@given(
    st.sampled_from(list(Skill)),
    st.lists(st.tuples(st.integers(1, 3), st.floats(0, 1)), max_size=40),
    st.floats(-1, 4),
    st.floats(0, 2),
)
def test_a_stronger_learner_never_ends_lower_on_a_skill(skill, asked, ability, more) -> None:
    """Two simulated learners (lessons.core.learners' curve) meet the same questions of a
    skill with the same luck (right when ``u`` is below the chance); one is ``more``
    levels abler. (Over several skills the rating can be lifted more by a miss followed by
    surprises, so the property is of one skill.)"""

    def answered(able: float) -> list[FirstTry]:
        levels = [(min(level, top(skill)), u) for level, u in asked]
        return history_of((skill, n, u < logistic(SLOPE * (able - n))) for n, u in levels)

    weaker, stronger = climb(answered(ability)), climb(answered(ability + more))
    assert stronger.level(skill) >= weaker.level(skill)
