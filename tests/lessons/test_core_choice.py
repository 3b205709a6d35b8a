"""The questions chosen for a child after a hole: only questions the hole allows, none with a
negative number at "adding only", due skills first (once a game), then the one the child is
most nearly as likely as AIM to get right, none far too hard or too easy, the kinds mixed."""

import random
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import PRESETS, HoleResult, score_cards
from lessons.core.choice import (
    AIM,
    FLOOR,
    HIGH,
    LONG_REST,
    LOW,
    REST,
    Plan,
    choose,
    comes_back,
    plan_for,
)
from lessons.core.ladder import FirstTry
from lessons.core.questions import Column, ask, candidates
from lessons.core.rating import chance
from lessons.core.skills import Skill
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


def test_due_skills_come_first_then_the_question_nearest_the_aim() -> None:
    found = candidates(holes(), 0, CLASSIC6)
    due = Plan(due=(Skill.COMPARING,))
    for seed in range(20):
        assert choose(found, due, random.Random(seed))[0].skill == Skill.COMPARING
    # Rated so that each skill is as likely as can be: the first question is the one
    # nearest AIM of those the hole allows, whatever the chance.
    for seed in range(40):
        rated = Plan(ratings=tuple((skill, random.Random(seed).uniform(1, 4)) for skill in Skill))
        picked = choose(found, rated, random.Random(seed))
        fits = [q for q in found if LOW <= rated.chance(q) <= HIGH]
        if not fits:
            assert picked == ()
            continue
        nearest = min(abs(rated.chance(q) - AIM) for q in fits)
        assert abs(rated.chance(picked[0]) - AIM) == nearest


def test_the_kinds_are_mixed() -> None:
    found = candidates(holes(), 0, CLASSIC6)
    for seed in range(40):
        picked = choose(found, Plan(), random.Random(seed), last_kind="column")
        assert picked[0].kind != "column"
        if len(picked) == 2:
            assert picked[1].kind != picked[0].kind
            assert picked[1].about != picked[0].about


def test_a_plan_is_kept_as_json_and_read_back() -> None:
    plan = Plan(
        ((Skill.ADDING, 2), (Skill.COMPARING, 3)),
        (Skill.PAIRS_CANCEL,),
        ((Skill.ADDING, 2.75), (Skill.COMPARING, 3.5)),
    )
    assert Plan.from_json(plan.to_json()) == plan
    # A plan kept before ratings were: its questions at the child's level about 4 in 5.
    for question in candidates(holes(), 0, CLASSIC6):
        kept = {"levels": {question.skill.value: question.level}, "due": [], "resting": []}
        assert 0.75 < Plan.from_json(kept).chance(question) < 0.85


def test_the_plan_comes_from_the_childs_first_tries() -> None:
    start = datetime(2026, 12, 1, tzinfo=UTC)
    tries = [FirstTry(Skill.ADDING, 1, True, start + timedelta(minutes=n)) for n in range(4)]
    tries.append(FirstTry(Skill.PAIRS_CANCEL, 1, False, start + timedelta(minutes=5)))
    plan = plan_for(tries, start + timedelta(days=2))
    assert plan.level(Skill.ADDING) == 2
    assert plan.due == ()  # the pair missed is out of reach for now: it rests
    assert plan_for(tries, start + LONG_REST + timedelta(days=1)).due == (Skill.PAIRS_CANCEL,)


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


def test_a_skill_due_comes_back_at_the_childs_level_or_easier_and_once_a_game() -> None:
    found = candidates(holes(), 0, CLASSIC6)  # 9 + (−2): adding a negative, level 2
    negative = [q for q in found if q.skill == Skill.ADDING_NEGATIVE]
    assert negative and all(q.level == 2 for q in negative)
    due_too_hard = Plan(levels=((Skill.ADDING_NEGATIVE, 1),), due=(Skill.ADDING_NEGATIVE,))
    at_two = Plan(levels=((Skill.ADDING_NEGATIVE, 2),), due=(Skill.ADDING_NEGATIVE,))
    for seed in range(20):
        first = choose(found, due_too_hard, random.Random(seed), last_kind="winner")
        assert all(q.skill != Skill.ADDING_NEGATIVE for q in first)
        back = choose(found, at_two, random.Random(seed), last_kind="winner")
        assert back[0].skill == Skill.ADDING_NEGATIVE
        # Once it has come back in the game, it waits its turn like any other.
        again = choose(found, at_two, random.Random(seed), "winner", ("adding_negative",))
        assert not any(comes_back(q, at_two, ("adding_negative",)) for q in again)


def test_what_the_child_finds_far_too_easy_or_too_hard_is_not_asked() -> None:
    found = candidates(holes(), 0, CLASSIC6)
    too_easy = Plan(ratings=tuple((skill, 9.0) for skill in Skill))
    too_hard = Plan(ratings=tuple((skill, -3.0) for skill in Skill))
    for seed in range(20):
        assert choose(found, too_easy, random.Random(seed)) == ()
        assert choose(found, too_hard, random.Random(seed)) == ()
    # Due to come back, a question too hard is asked all the same; one far too easy is not.
    due_hard = Plan(ratings=too_hard.ratings, due=(Skill.PAIRS_CANCEL,))
    due_easy = Plan(ratings=too_easy.ratings, due=(Skill.PAIRS_CANCEL,))
    assert [q.skill for q in choose(found, due_hard, random.Random(1))] == [Skill.PAIRS_CANCEL]
    assert choose(found, due_easy, random.Random(1)) == ()


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(RULE_MIXES),
    st.integers(0, 10_000),
    st.lists(st.floats(-1, 6), min_size=len(Skill), max_size=len(Skill)),
    st.lists(st.sampled_from(list(Skill)), unique=True, max_size=3),
    st.sampled_from(["", "column", "total", "winner", "gap"]),
)
def test_every_question_chosen_fits_the_child_or_comes_back(
    rules, seed, rated, due, last_kind
) -> None:
    state = play_randomly(replace(rules, holes=2), 2, seed)
    found = candidates(state.results, 0, rules)
    plan = Plan(due=tuple(due), ratings=tuple(zip(Skill, rated, strict=True)))
    picked = choose(found, plan, random.Random(seed), last_kind)
    assert len(picked) <= 2 and all(q in found for q in picked)
    for n, question in enumerate(picked):
        came_back = comes_back(question, plan, [q.skill for q in picked[:n]])
        assert came_back or LOW <= plan.chance(question) <= HIGH
        assert plan.chance(question) <= HIGH or not came_back
    if len(picked) == 2:
        assert picked[1].kind != picked[0].kind and picked[1].about != picked[0].about
    others = [q for q in found if q.kind != last_kind and LOW <= plan.chance(q) <= HIGH]
    if picked and others and not due:
        assert picked[0].kind != last_kind  # the kinds mix when another fits


def test_a_skill_out_of_reach_rests_instead_of_coming_back_until_a_week_has_gone() -> None:
    start = datetime(2026, 12, 1, tzinfo=UTC)
    misses = [FirstTry(Skill.DIFFERENCE, 1, False, start + timedelta(minutes=n)) for n in range(4)]
    rated = plan_for(misses, start + timedelta(days=1)).ratings
    assert chance(dict(rated)[Skill.DIFFERENCE], 1) < REST
    assert plan_for(misses, start + timedelta(days=1)).due == ()
    assert plan_for(misses, start + timedelta(days=3)).due == ()
    assert plan_for(misses, start + LONG_REST + timedelta(hours=1)).due == (Skill.DIFFERENCE,)
    # Right often and missed once, it is within reach: it comes back the next day.
    often = [FirstTry(Skill.DIFFERENCE, 2, True, start + timedelta(minutes=n)) for n in range(9)]
    once = [*often, FirstTry(Skill.DIFFERENCE, 2, False, start + timedelta(minutes=10))]
    assert chance(dict(plan_for(once, start).ratings)[Skill.DIFFERENCE], 2) >= REST
    assert plan_for(once, start + timedelta(days=1, hours=1)).due == (Skill.DIFFERENCE,)


def test_a_game_that_has_asked_nothing_asks_in_its_last_hole_unless_all_is_far_off():
    found = candidates(holes(), 0, CLASSIC6)
    unsure = Plan(ratings=tuple((skill, 1.0) for skill in Skill))  # a first rung: 1 in 2
    too_hard = Plan(ratings=tuple((skill, -3.0) for skill in Skill))
    too_easy = Plan(ratings=tuple((skill, 9.0) for skill in Skill))
    for seed in range(20):
        assert choose(found, unsure, random.Random(seed)) == ()  # below LOW: not before
        [asked] = choose(found, unsure, random.Random(seed), last_hole=True)[:1]
        assert FLOOR <= unsure.chance(asked) < LOW
        assert asked.level == 1
        already = choose(found, unsure, random.Random(seed), "", ("adding",), last_hole=True)
        assert already == ()  # the game asked something before
        assert choose(found, too_hard, random.Random(seed), last_hole=True) == ()
        assert choose(found, too_easy, random.Random(seed), last_hole=True) == ()
