"""``manage.py simulate_learners`` (in ``make bench``): simulated children (lessons.core.learners)
play whole games through the table against one gentle bot and answer every question they
are asked, once with today's fixed practice and bot, once with the practice and the bot
fitted to them between games; tables of how often their first tries were right and how many
holes they won, beside the targets of issue 25.

manage.py simulate_learners --children 16 --seed 1 [--by-skill]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta

from django.core.management.base import BaseCommand, CommandParser, OutputWrapper

from games.engine import PRESETS, choose_action, observe
from games.engine.bots import DEFAULT_GENTLENESS
from games.table import (
    ANSWER,
    NEXT,
    REMEMBER,
    Answered,
    Move,
    Setup,
    Stage,
    apply,
    question_asked,
    stage,
    start,
)
from games.table.play import offered, on_the_line
from lessons.core.bot_kindness import hole_won, kindness
from lessons.core.choice import Plan, plan_for
from lessons.core.ladder import FirstTry, climb
from lessons.core.learners import KINDS, Kind, Learner
from lessons.core.skills import LADDERS, Skill, top

GAMES = ("easy4", "classic6")  # played in turn
HOLES = 3
CHOSEN = DEFAULT_GENTLENESS  # what the grown-up chose for the gentle bot
# Two games a sitting, a sitting every other day: a missed skill comes back a day and three
# days later, so at the sittings that follow, as it would for a child.
FIRST_GAME = datetime(2026, 1, 5, 16, 0, tzinfo=UTC)
GAMES_A_SITTING = 2
DAYS_BETWEEN = 2
MINUTES_A_GAME = 15
QUESTIONS = 100  # each child plays until they have answered this many questions
HOLES_PLAYED = 30  # and played this many holes
MOST_GAMES = 200  # a child asked too few questions stops here all the same
QUESTION_SPANS = ((1, 10), (1, 40), (1, 100), (41, 100))
HOLE_SPANS = ((1, 10), (11, 30))
# The targets: first-try success over the first 40 questions, and holes won against the
# gentle bot up to hole 30, each as printed (to the whole percent).
SUCCESS_BY, SUCCESS_TARGET = (1, 40), (70, 90)
WON_BY, WON_TARGET = (11, 30), (40, 60)


@dataclass
class ChildRun:
    """What one simulated child did: every first try (oldest first), every hole against
    the gentle bot (won 1, tied for the lowest a half), each game's gentleness, and their
    true ability on each skill after the last game."""

    firsts: list[FirstTry] = field(default_factory=list)
    holes: list[float] = field(default_factory=list)
    gentleness: list[float] = field(default_factory=list)
    ability: dict[Skill, float] = field(default_factory=dict)


def game_start(game: int) -> datetime:
    sitting, turn = divmod(game, GAMES_A_SITTING)
    return FIRST_GAME + timedelta(days=DAYS_BETWEEN * sitting, minutes=MINUTES_A_GAME * turn)


def play_game(
    learner: Learner, setup: Setup, games_before: int, when: datetime
) -> tuple[list[FirstTry], list[float]]:
    """One game at the table: the child in seat 0 plays their cards as their bot level and
    answers every question asked. Their first tries (a minute apart from ``when``), and
    each hole as they did against the bot."""
    level, gentleness = learner.card_play(games_before)
    table, _ = start(setup)
    firsts: list[FirstTry] = []
    while (now := stage(table)) != Stage.OVER:
        if now == Stage.PEEK:
            move = Move(REMEMBER)
        elif now == Stage.SUMMARY:
            move = Move(NEXT)
        elif now == Stage.PRACTICE:
            question = question_asked(table)
            assert question is not None  # the practice stage asks a question
            attempt = table.practice[0].wrong_tries + 1
            given = learner.answer(question, attempt, on_the_line(question, attempt))
            move = Move(ANSWER, value=given.value, landings=given.landings)
        else:
            # Seeded by the deal and the move, as the table seeds its bots: the same cards
            # are played the same way, whatever questions came before.
            rng = random.Random(f"child:{setup.seed}:{table.moves}")
            action, _ = choose_action(offered(observe(table.state, 0)), level, rng, gentleness)
            move = Move.of(action)
        table, events = apply(table, move)
        for event in events:
            if isinstance(event, Answered) and event.tries == 1:
                asked, at = event.question, when + timedelta(minutes=len(firsts))
                firsts.append(FirstTry(asked.skill, asked.level, event.right, at))
    holes = []
    for result in table.state.results:
        mine, bot = result.scores
        assert mine is not None and bot is not None  # two players play every hole
        holes.append(hole_won(mine, [bot]))
    return firsts, holes


def play_child(
    kind: Kind,
    child: int,
    adaptive: bool,
    questions: int = QUESTIONS,
    holes: int = HOLES_PLAYED,
) -> ChildRun:
    """Games for child number ``child`` of ``kind`` until they have answered ``questions``
    and played ``holes``: the same child and the same deals fixed or ``adaptive``. Adapting,
    each game's plan and gentleness are worked out from every game before it."""
    learner = Learner(kind, child)
    run = ChildRun()
    won_by_game: list[list[float]] = []
    game = 0
    while (len(run.firsts) < questions or len(run.holes) < holes) and game < MOST_GAMES:
        when = game_start(game)
        plan: Plan | None = None
        gentleness = CHOSEN
        if adaptive:
            plan = plan_for(run.firsts, when)
            gentleness = kindness(CHOSEN, won_by_game).gentleness
        rules = replace(PRESETS[GAMES[game % len(GAMES)]], holes=HOLES)
        setup = Setup(rules, 1000 * child + game, (None, "gentle"), gentleness, True, (plan,))
        firsts, won = play_game(learner, setup, game, when)
        run.firsts += firsts
        run.holes += won
        run.gentleness.append(gentleness)
        won_by_game.append(won)
        game += 1
    run.ability = dict(learner.ability)
    return run


def share(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def span_share(runs: Sequence[Sequence[float]], span: tuple[int, int]) -> float | None:
    """The share of 1s over every run's items ``span`` (counted from 1, both ends in)."""
    first, last = span
    return share([value for run in runs for value in run[first - 1 : last]])


def rights(run: ChildRun, questions: int) -> list[float]:
    return [float(a.right) for a in run.firsts[:questions]]


@dataclass(frozen=True)
class Compared:
    """One figure for the children of a kind: fixed, then adaptive (None: nothing there)."""

    fixed: float | None
    adaptive: float | None


@dataclass(frozen=True)
class KindFigures:
    kind: str
    children: int
    success: dict[tuple[int, int], Compared]  # by span of questions
    won: dict[tuple[int, int], Compared]  # by span of holes
    # The adaptive bot's gentleness, the children's mean, for their first and last game.
    gentleness: tuple[float, float]
    # The adaptive run's levels and true abilities at the end of the games, the mean.
    levels: dict[Skill, float]
    ability: dict[Skill, float]
    # By skill and level: how many first tries, and their share right, fixed and adaptive.
    by_level: dict[tuple[Skill, int], tuple[tuple[int, float | None], ...]]


def kind_figures(kind: Kind, children: int, seed: int, questions: int) -> KindFigures:
    numbers = [seed * 1000 + n for n in range(children)]
    fixed = [play_child(kind, n, adaptive=False, questions=questions) for n in numbers]
    adapted = [play_child(kind, n, adaptive=True, questions=questions) for n in numbers]

    def compared(runs_of: Sequence[Sequence[Sequence[float]]], span: tuple[int, int]) -> Compared:
        return Compared(*(span_share(runs, span) for runs in runs_of))

    tries = [[rights(run, questions) for run in runs] for runs in (fixed, adapted)]
    holes = [[run.holes for run in runs] for runs in (fixed, adapted)]
    by_level = {}
    for skill in LADDERS:
        for level in range(1, top(skill) + 1):
            found = [
                [
                    float(a.right)
                    for run in runs
                    for a in run.firsts[:questions]
                    if (a.skill, a.level) == (skill, level)
                ]
                for runs in (fixed, adapted)
            ]
            if any(found):
                by_level[skill, level] = tuple((len(right), share(right)) for right in found)
    levels = [climb(run.firsts) for run in adapted]
    return KindFigures(
        kind=kind.name,
        children=children,
        success={span: compared(tries, span) for span in QUESTION_SPANS},
        won={span: compared(holes, span) for span in HOLE_SPANS},
        gentleness=(
            sum(run.gentleness[0] for run in adapted) / children,
            sum(run.gentleness[-1] for run in adapted) / children,
        ),
        levels={skill: sum(lv.level(skill) for lv in levels) / children for skill in LADDERS},
        ability={skill: sum(run.ability[skill] for run in adapted) / children for skill in LADDERS},
        by_level=by_level,
    )


def percent(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


def within(value: float | None, target: tuple[int, int]) -> bool:
    return value is not None and target[0] <= round(value * 100) <= target[1]


def span_name(span: tuple[int, int]) -> str:
    return f"{span[0]}-{span[1]}"


def write_compared(
    out: OutputWrapper,
    figures: Sequence[KindFigures],
    spans: Sequence[tuple[int, int]],
    read: str,
    target_span: tuple[int, int],
    target: tuple[int, int],
    extra: tuple[str, str] = ("", ""),
) -> None:
    """A table of ``read`` ("success" or "won") for each kind, fixed beside adaptive for
    each of ``spans``; an adaptive figure outside ``target`` is marked."""
    out.write(f"{'':<26} {'':>8}" + "".join(f"  {span_name(s):^14}" for s in spans) + extra[0])
    out.write(f"{'kind':<26} {'children':>8}" + "  fixed adaptive" * len(spans) + extra[1])
    for kind in figures:
        cells = ""
        for span in spans:
            figure: Compared = getattr(kind, read)[span]
            off = span == target_span and not within(figure.adaptive, target)
            cells += f"  {percent(figure.fixed):>5} {percent(figure.adaptive) + ' *' * off:>8}"
        if read == "won":
            cells += "  {:>5.2f} {:>5.2f}".format(*kind.gentleness)
        out.write(f"{kind.kind:<26} {kind.children:>8}{cells}")


def in_order(figures: Sequence[KindFigures], skill: Skill) -> bool:
    """Whether every kind more able on ``skill`` than another reached a level at least as
    high, the children's means."""
    return all(
        a.levels[skill] >= b.levels[skill]
        for a in figures
        for b in figures
        if a.ability[skill] > b.ability[skill]
    )


def write_figures(out: OutputWrapper, figures: Sequence[KindFigures], by_skill: bool) -> None:
    out.write(
        f"Simulated learners (lessons.core.learners), each playing games of {HOLES} holes "
        f"({' and '.join(GAMES)} in turn) against one gentle bot, {GAMES_A_SITTING} games "
        f"every {DAYS_BETWEEN} days, and answering every question."
    )
    out.write(
        f"fixed: today's fixed practice and the grown-up's gentleness, {CHOSEN}. adaptive: "
        "the plan (lessons.core.choice) and the gentleness (lessons.core.bot_kindness) worked out "
        "before each game."
    )
    out.write(
        f"Targets (adaptive): first-try success {SUCCESS_TARGET[0]}-{SUCCESS_TARGET[1]}% over "
        f"questions {span_name(SUCCESS_BY)}; holes won {WON_TARGET[0]}-{WON_TARGET[1]}% over "
        f"holes {span_name(WON_BY)}. * marks a figure outside its target."
    )
    out.write("\nFirst-try success, over questions")
    write_compared(out, figures, QUESTION_SPANS, "success", SUCCESS_BY, SUCCESS_TARGET)
    out.write("\nHoles won against the gentle bot (a tie for the lowest counts a half), over holes")
    write_compared(
        out,
        figures,
        HOLE_SPANS,
        "won",
        WON_BY,
        WON_TARGET,
        ("  adaptive gentleness", "  first  last"),
    )
    met = [
        sum(within(kind.success[SUCCESS_BY].adaptive, SUCCESS_TARGET) for kind in figures),
        sum(within(kind.won[WON_BY].adaptive, WON_TARGET) for kind in figures),
    ]
    out.write(
        f"\nWithin target, adaptive: success for {met[0]} of {len(figures)} kinds, "
        f"holes won for {met[1]} of {len(figures)}."
    )
    out.write(
        "\nLevels reached, adaptive, at the end of the games (the children's mean, of each "
        "ladder's top), and (in brackets) their true ability then"
    )
    out.write(f"{'kind':<26}" + "".join(f" {skill.value:>16}" for skill in LADDERS))
    for kind in figures:
        reached = "".join(
            f" {f'{kind.levels[skill]:.1f} of {top(skill)} ({kind.ability[skill]:.1f})':>16}"
            for skill in LADDERS
        )
        out.write(f"{kind.kind:<26}{reached}")
    ordered = {skill: in_order(figures, skill) for skill in LADDERS}
    marks = "".join(f" {'yes' if ordered[skill] else 'NO *':>16}" for skill in LADDERS)
    out.write(f"{'ordered by ability':<26}{marks}")
    out.write(
        f"Levels ordered by ability on {sum(ordered.values())} of {len(LADDERS)} skills: "
        "a kind more able than another never at a lower level."
    )
    if not by_skill:
        return
    out.write("\nFirst tries by skill and level over the questions: how many, and right")
    out.write(f"{'':<26} {'':<16} {'':>5}  {'fixed':^12}  {'adaptive':^12}")
    out.write(f"{'kind':<26} {'skill':<16} {'level':>5}" + "  tries  right" * 2)
    for kind in figures:
        for (skill, level), found in kind.by_level.items():
            cells = "".join(f"  {tries:>5} {percent(right):>6}" for tries, right in found)
            out.write(f"{kind.kind:<26} {skill.value:<16} {level:>5}{cells}")


class Command(BaseCommand):
    help = "Simulated children of five kinds play through the table, fixed and adaptive."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--children", type=int, default=16, help="children of each kind")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--questions", type=int, default=QUESTIONS)
        parser.add_argument(
            "--by-skill", action="store_true", help="first tries by skill and level too"
        )

    def handle(
        self, *args, children: int, seed: int, questions: int, by_skill: bool, **options
    ) -> None:
        figures = [kind_figures(kind, children, seed, questions) for kind in KINDS.values()]
        write_figures(self.stdout, figures, by_skill)
