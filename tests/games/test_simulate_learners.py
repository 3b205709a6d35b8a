"""The learner simulation: simulated children play whole games through the table, the same
for the same seed; adapting, their levels and the gentle bot move; the command prints both
runs beside the targets."""

from io import StringIO

from django.core.management import call_command

from games.management.commands.simulate_learners import CHOSEN, play_child
from lessons.core.ladder import climb
from lessons.core.learners import KINDS, Learner


def test_a_child_plays_the_same_games_and_answers_the_same_for_the_same_seed() -> None:
    kind = KINDS["fast but careless"]
    one = play_child(kind, 3, adaptive=True, questions=12, holes=6)
    assert one == play_child(kind, 3, adaptive=True, questions=12, holes=6)
    assert len(one.firsts) >= 12 and len(one.holes) >= 6
    assert one != play_child(kind, 4, adaptive=True, questions=12, holes=6)


def test_the_fixed_run_keeps_the_grown_ups_gentleness_and_asks_at_any_level() -> None:
    fixed = play_child(KINDS["strong"], 1, adaptive=False, questions=40, holes=12)
    assert set(fixed.gentleness) == {CHOSEN}
    assert {a.level for a in fixed.firsts[:10]} != {1}  # no ladder: not all at the first rung


def test_adapting_a_strong_child_climbs_and_meets_a_less_gentle_bot() -> None:
    run = play_child(KINDS["strong"], 1, adaptive=True, questions=60, holes=30)
    levels = climb(run.firsts)
    assert any(levels.level(skill) > 1 for skill in levels.levels)
    assert max(a.level for a in run.firsts[30:]) > 1
    assert run.gentleness[0] == CHOSEN and min(run.gentleness) < CHOSEN


def test_adapting_a_child_who_loses_makes_the_bot_kinder() -> None:
    runs = [
        play_child(KINDS["just starting"], n, adaptive=True, questions=0, holes=30)
        for n in range(4)
    ]
    assert any(max(run.gentleness) > CHOSEN for run in runs)


def test_the_command_prints_every_kind_fixed_and_adaptive_beside_the_targets() -> None:
    out = StringIO()
    call_command("simulate_learners", children=1, questions=10, stdout=out)
    text = out.getvalue()
    assert "70-90% over questions 1-40" in text and "40-60% over holes 11-30" in text
    for kind in KINDS:
        rows = [line for line in text.splitlines() if line.startswith(kind)]
        assert len(rows) == 3  # success, holes won, levels reached
        assert rows[0].split()[len(kind.split())] == "1"  # one child of each kind
    assert "fixed adaptive" in text
    assert "Within target, adaptive:" in text
    [order] = [line for line in text.splitlines() if line.startswith("ordered by ability")]
    assert len(order.replace("NO *", "NO").split()) == 3 + 6  # a mark for every skill
    assert "Levels ordered by ability on" in text


def test_a_run_keeps_the_childs_true_ability_at_the_end() -> None:
    kind = KINDS["just starting"]
    run = play_child(kind, 2, adaptive=True, questions=20, holes=6)
    drawn = Learner(kind, 2).ability  # as the child started
    assert set(run.ability) == set(drawn)
    asked = {a.skill for a in run.firsts}
    assert all(run.ability[skill] > drawn[skill] for skill in asked)  # every question teaches
