"""The questions chosen for a child after a hole: only questions the hole allows, none with a
negative number at "adding only", due skills first, at the child's level, the kinds mixed."""

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import PRESETS, HoleResult, score_cards
from lessons.choice import Plan, choose, distance, plan_for
from lessons.ladder import Answer
from lessons.questions import Column, ask, candidates
from lessons.skills import Skill
from tests.lessons.strategies import ADDING_ONLY, RULE_MIXES, mix_id, play_randomly

CLASSIC6 = PRESETS["classic6"]
# The child's layout in the RULES.md check: queens cancel, 9 + (−2), king + 5.
MINE = ("QH", "9C", "KS", "QD", "2H", "5C")
THEIRS = ("4H", "6C", "8S", "3D", "AH", "7C")


def holes(mine=MINE, theirs=THEIRS, rules=CLASSIC6, count: int = 2) -> list[HoleResult]:
    raw = (score_cards(mine, rules).total, score_cards(theirs, rules).total)
    return [HoleResult(n, (mine, theirs), raw, raw, None, False) for n in range(1, count + 1)]


def test_a_hole_allows_each_column_worth_asking_the_total_the_winner_and_the_gap() -> None:
    found = {q.key for q in candidates(holes(), 0, CLASSIC6)}
    # The king-and-5 column is only reading one card: never asked.
    assert found == {
        "column-1",
        "column-2",
        "total",
        "line-column-2",
        "line-total",
        "winner",
    }  # the child won the hole: no "how far behind"
    behind = {q.key for q in candidates(holes(MINE, ("KH", "KC", "KS", "KD", "AH", "AC")), 0,
                                       CLASSIC6)}  # fmt: skip
    assert "gap-1" in behind


def test_due_skills_come_first_then_the_childs_level() -> None:
    found = candidates(holes(), 0, CLASSIC6)
    rng = random.Random(1)
    due = Plan(due=(Skill.COMPARING,))
    for seed in range(20):
        assert choose(found, due, random.Random(seed))[0].skill == Skill.COMPARING
    at_two = Plan(levels=((Skill.ADDING_NEGATIVE, 2),))
    picked = choose([q for q in found if q.skill == Skill.ADDING_NEGATIVE], at_two, rng)
    assert all(distance(q, at_two) == 0 for q in picked)


def test_the_kinds_are_mixed() -> None:
    found = candidates(holes(), 0, CLASSIC6)
    for seed in range(40):
        picked = choose(found, Plan(), random.Random(seed), last_kind="column")
        assert picked[0].kind != "column"
        if len(picked) == 2:
            assert picked[1].kind != picked[0].kind
            assert picked[1].about != picked[0].about


def test_a_plan_is_kept_as_json_and_read_back() -> None:
    plan = Plan(((Skill.ADDING, 2), (Skill.COMPARING, 3)), (Skill.PAIRS_CANCEL,))
    assert Plan.from_json(plan.to_json()) == plan


def test_the_plan_comes_from_the_childs_first_tries() -> None:
    start = datetime(2026, 12, 1, tzinfo=UTC)
    tries = [Answer(Skill.ADDING, 1, True, start + timedelta(minutes=n)) for n in range(4)]
    tries.append(Answer(Skill.PAIRS_CANCEL, 1, False, start + timedelta(minutes=5)))
    plan = plan_for(tries, start + timedelta(days=2))
    assert plan.level(Skill.ADDING) == 2
    assert plan.due == (Skill.PAIRS_CANCEL,)


@pytest.mark.parametrize("rules", RULE_MIXES[::3], ids=mix_id)
def test_a_chosen_question_is_one_the_hole_allows_and_is_asked_again_the_same(rules) -> None:
    rules = replace(rules, holes=3)
    for seed in range(3):
        state = play_randomly(rules, 2, seed)
        for n in range(1, len(state.results) + 1):
            results = state.results[:n]
            found = candidates(results, 0, rules)
            plan = Plan(((Skill.ADDING, 3),), (Skill.RUNNING_TOTAL,))
            for question in choose(found, plan, random.Random(n)):
                assert question in found
                assert ask(question.key, results, 0, rules) == question


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(ADDING_ONLY), st.integers(0, 10_000))
def test_adding_only_never_asks_for_a_negative_number(rules, seed) -> None:
    state = play_randomly(replace(rules, holes=2), 3, seed)
    for n in range(1, len(state.results) + 1):
        for question in candidates(state.results[:n], 0, rules):
            assert question.skill != Skill.ADDING_NEGATIVE
            assert not question.negatives
            assert question.answer >= 0 or question.choices
            assert all(v >= 0 for v in question.terms)
            if isinstance(question.about, Column):
                assert question.about.score.total >= 0


def test_a_skill_due_comes_back_at_the_childs_level_or_easier_and_a_resting_one_waits() -> None:
    found = candidates(holes(), 0, CLASSIC6)  # 9 + (−2): adding a negative, level 2
    negative = [q for q in found if q.skill == Skill.ADDING_NEGATIVE]
    assert negative and all(q.level == 2 for q in negative)
    due_too_hard = Plan(levels=((Skill.ADDING_NEGATIVE, 1),), due=(Skill.ADDING_NEGATIVE,))
    for seed in range(20):
        first = choose(found, due_too_hard, random.Random(seed), last_kind="winner")[0]
        assert first.skill != Skill.ADDING_NEGATIVE
    resting = Plan(resting=(Skill.PAIRS_CANCEL,))
    for seed in range(20):
        picked = choose(found, resting, random.Random(seed), last_kind="winner")
        assert all(q.skill != Skill.PAIRS_CANCEL for q in picked[1:])


def test_a_resting_skill_waits_while_a_question_the_child_can_do_fits_at_their_level() -> None:
    found = candidates(holes(), 0, CLASSIC6)  # its queens' column: pairs, level 1
    assert any(q.skill == Skill.PAIRS_CANCEL and q.level == 1 for q in found)
    resting = Plan(resting=(Skill.PAIRS_CANCEL,))
    for seed in range(40):
        first = choose(found, resting, random.Random(seed), last_kind="winner")[0]
        assert first.skill != Skill.PAIRS_CANCEL
    # Without the rest, the pair is sometimes the first question.
    firsts = {
        choose(found, Plan(), random.Random(s), last_kind="winner")[0].skill for s in range(40)
    }
    assert Skill.PAIRS_CANCEL in firsts
