"""What Peabody practises with a child now and why, and how kind their gentle bots are, for
their grown-up: the rules of lessons.core.ladder and lessons.core.bot_kindness applied to the
child's own answers and holes, exactly as games.adapting applies them to fit the child's next game.

Nothing here is kept: it is worked out again from the child's answers whenever it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.utils import timezone

from games.adapting import alone, answers_by, kindness_of
from games.words.people import and_list
from games.words.questions import skill_name
from lessons.answers import choices_at_the_table, first_tries
from lessons.core import choice
from lessons.core.bot_kindness import HIGH, LOW, REACH, SOME, STEP, WINDOW
from lessons.core.choice import LOOKED_AT, MISSED, shaky
from lessons.core.ladder import (
    COME_BACK,
    DOWN,
    IN_A_ROW,
    OF_DOWN,
    OF_UP,
    TOO_EASY,
    UP,
    FirstTry,
    Levels,
    climb,
    due,
)
from lessons.core.rating import chance, ratings
from lessons.core.skills import LADDERS, NEGATIVE_ONLY, Skill
from lessons.models import TableDecision
from peabody.families.models import Child
from peabody.words import grown_ups


@dataclass(frozen=True)
class Thresholds:
    """The numbers of the rules that fit the practice and the bots, for the page to say."""

    up: int = UP  # right, of the latest of_up: a level up
    of_up: int = OF_UP
    in_a_row: int = IN_A_ROW  # or this many right in a row
    down: int = DOWN  # missed, of the latest of_down: a level down
    of_down: int = OF_DOWN
    holes: int = WINDOW  # the latest holes against gentle bots looked at
    fewer_than: int = round(LOW * WINDOW)  # won: the bots get kinder
    more_than: int = round(HIGH * WINDOW)  # won: the bots get less kind
    steps: int = round(REACH / STEP)  # at most this many steps from the grown-up's choice
    missed_at_the_table: int = MISSED  # of the latest choices of a kind at the table
    of_the_table: int = LOOKED_AT
    aim: int = round(choice.AIM * 100)  # in 100: a right first try's chance picked nearest
    low: int = round(choice.LOW * 100)  # and below it, or above ``high``, none is asked
    high: int = round(choice.HIGH * 100)

    @property
    def come_back(self) -> str:
        """The days after a miss that its skill comes back: "1, 3 and 7"."""
        return and_list([str(wait.days) for wait in COME_BACK])


@dataclass(frozen=True)
class SkillLevel:
    """One skill as Peabody practises it with the child in their next game."""

    skill: Skill
    label: str  # "Adding a negative number"
    level_text: str  # "a negative number with a big card (level 2 of 3)"
    why: str  # the latest move that put it there, or where every child starts
    back: str  # why it comes back in the next game, or ""


@dataclass(frozen=True)
class Fitted:
    """What Peabody fits to the child for their next game, as their grown-up reads it."""

    adapting: bool
    skills: list[SkillLevel]  # the skills the child has answered, in the order of Skill
    not_yet: str  # the skills not asked yet, by name (none that cannot be asked)
    bots: str  # how the gentle bots are kept close and how it is going ("" when fixed)
    bots_now: str  # how kind they are now beside the grown-up's choice ("" when fixed)


def answers_of(child: Child) -> list[FirstTry]:
    """The child's first tries, oldest first, from their own answers in every game."""
    return first_tries(answers_by(child))


def choices_of(child: Child) -> list[tuple[str, bool]]:
    """The child's choices at the table (games.table.decisions), oldest first, from the
    games they played alone."""
    return choices_at_the_table(TableDecision.objects.filter(game__in=alone(child)))


def why(skill: Skill, levels: Levels, answers: list[FirstTry], name: str) -> str:
    moves = [c for c in levels.climbs if c.skill == skill]
    if moves:
        latest = moves[-1]
        if latest.rated:
            return grown_ups.too_easy(name, round(TOO_EASY * 100))
        if latest.up:
            return grown_ups.went_up(name, IN_A_ROW, UP, OF_UP)
        return grown_ups.went_down(name, DOWN, OF_DOWN)
    mine = [a for a in answers if a.skill == skill]
    return grown_ups.first_level(name, len(mine), sum(a.right for a in mine))


def coming_back(skill: Skill, answers: list[FirstTry], name: str, today: date) -> str:
    missed = max(a.when for a in answers if a.skill == skill and not a.right)
    return grown_ups.comes_back(name, (today - timezone.localdate(missed)).days)


def fitted_to(child: Child, now: datetime) -> Fitted:
    """What ``child``'s next game is fitted with, as of ``now``: the plan its questions are
    chosen by, and its gentle bots' kindness."""
    answers = answers_of(child)
    levels = climb(answers)
    back = due(answers, now)
    at_the_table = shaky(choices_of(child))
    today = timezone.localdate(now)
    name = child.nickname

    def why_back(skill: Skill) -> str:
        if skill in back:
            return coming_back(skill, answers, name, today)
        if skill in at_the_table:
            return grown_ups.back_from_the_table(skill, name, at_the_table[skill], LOOKED_AT)
        return ""

    skills = [
        SkillLevel(
            skill=skill,
            label=skill_name(skill),
            level_text=grown_ups.level_text(skill, levels.level(skill)),
            why=why(skill, levels, answers, name),
            back=why_back(skill),
        )
        for skill in Skill
        if skill in levels.levels or skill in at_the_table
    ]
    askable = [s for s in Skill if not (child.adding_only and s in NEGATIVE_ONLY)]
    kindness = kindness_of(child)
    return Fitted(
        adapting=child.adapting,
        skills=skills,
        not_yet=and_list(
            [skill_name(s) for s in askable if s not in levels.levels and s not in at_the_table]
        ),
        bots=grown_ups.bots_at_work(name, kindness, SOME) if child.adapting else "",
        bots_now=grown_ups.bots_now(kindness) if child.adapting else "",
    )


def fitted_data(child: Child, now: datetime) -> dict[str, Any]:
    """What is worked out about ``child`` for their practice, as plain data for the download:
    codes and numbers, no words."""
    answers = answers_of(child)
    levels = climb(answers)
    kindness = kindness_of(child)
    return {
        "levels": {
            skill.value: {
                "level": levels.level(skill),
                "rung": LADDERS[skill][levels.level(skill) - 1],
            }
            for skill in Skill
            if skill in levels.levels
        },
        "level_changes": [
            {
                "skill": c.skill.value,
                "from": c.before,
                "to": c.after,
                "after_the_answer_of": timezone.localtime(c.when).isoformat(),
            }
            for c in levels.climbs
        ],
        # How likely a first try at the child's level is right, in 100 (lessons.core.rating).
        "chance_right_first_time_at_their_level": {
            skill.value: round(chance(rating, levels.level(skill)) * 100)
            for skill, rating in ratings(answers).items()
        },
        "due_to_come_back": [skill.value for skill in due(answers, now)],
        # The skills the child's latest choices at the table say to practise, each with how
        # many of the latest choices of its kind missed it.
        "practised_for_the_choices_at_the_table": {
            skill.value: missed for skill, missed in shaky(choices_of(child)).items()
        },
        "gentle_bots": {
            "you_chose": kindness.chosen,
            "next_game": kindness.gentleness,
            "latest_holes_against_them": kindness.holes,
            "of_them_won": kindness.won,
        },
    }
