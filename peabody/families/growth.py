"""Each skill growing over the weeks, for the grown-up's progress page: the level the ladder
gives at the end of each week, how many first tries that week were right, and one line of
how the month went, with a small chart of the same numbers drawn as inline SVG.

Worked out from the child's first tries whenever it is shown, by the same rule that fits
their next game (lessons.core.ladder); nothing is kept.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.utils import timezone

from games.words.questions import skill_name
from lessons.core.ladder import FirstTry, Levels, climb
from lessons.core.skills import LADDERS, Skill
from peabody.families.fitted import SkillLevel
from peabody.families.practice import Verdict
from peabody.families.progress import WEEKS_SHOWN, week_of
from peabody.words import grown_ups

MONTH = timedelta(days=28)
# The chart's own units (its viewBox): a column a week, the level in a circle above a bar of
# the first tries right that week, the week's date under it.
SLOT, BAR, BAR_TOP, BAR_HEIGHT = 48, 30, 36, 30
HEIGHT = BAR_TOP + BAR_HEIGHT + 22
# The chart is shown at this much of its units' size.
SHOWN = 0.875
# Past this many weeks, the chart is drawn smaller on a narrow card: every other week dated.
DATED_WEEKS = 3


@dataclass(frozen=True)
class GrowthWeek:
    start: date  # a Monday
    level: int  # the skill's level at the end of the week
    asked: int  # first tries that week
    right: int  # of them right
    index: int  # the week's place on the chart, from 0
    dated: bool  # its date is written under it (every other week's, when there are many)

    # Where the chart draws the week, in its units.
    @property
    def middle(self) -> int:
        return SLOT * self.index + SLOT // 2

    @property
    def bar_x(self) -> int:
        return self.middle - BAR // 2

    @property
    def bar_height(self) -> int:
        # A week of misses still shows a sliver, so it reads as asked, not as empty.
        return max(2, round(BAR_HEIGHT * self.right / self.asked)) if self.asked else 0

    @property
    def bar_y(self) -> int:
        return BAR_TOP + BAR_HEIGHT - self.bar_height


@dataclass(frozen=True)
class Growth:
    skill: Skill
    weeks: list[GrowthWeek]  # oldest first, from the skill's first week (at most WEEKS_SHOWN)
    before: int | None  # the level a month ago, None if not asked before then
    now: int

    @property
    def label(self) -> str:
        return skill_name(self.skill)

    @property
    def line(self) -> str:
        """How the month went: "up from level 1 to 2 this month"."""
        return grown_ups.growth_line(self.skill, self.before, self.now)

    @property
    def moved(self) -> bool:
        return self.before is not None and self.before != self.now

    @property
    def width(self) -> int:
        return SLOT * len(self.weeks)

    # Where the chart draws what every week has, in its units.
    height, week_y = HEIGHT, HEIGHT - 5
    bar_top, bar_room, bar_width = BAR_TOP, BAR_HEIGHT, BAR

    # Drawn a little smaller than its units, the same for every skill: compact on a card.
    @property
    def shown_width(self) -> int:
        return round(self.width * SHOWN)

    shown_height = round(HEIGHT * SHOWN)

    @property
    def top(self) -> int:
        return len(LADDERS[self.skill])


def _levels_before(answers: Sequence[FirstTry], end: datetime) -> Levels:
    return climb(a for a in answers if a.when < end)


def growth(answers: Sequence[FirstTry], now: datetime) -> dict[Skill, Growth]:
    """Each skill in ``answers`` (first tries, any order) as it grew up to ``now``: one
    climb of the ladder a week shown, each on the answers given before that week ended."""
    today = timezone.localdate(now)
    local_week = {a: week_of(timezone.localdate(a.when)) for a in answers}
    this_week = week_of(today)
    shown = [this_week - timedelta(weeks=n) for n in reversed(range(WEEKS_SHOWN))]
    tz = timezone.get_current_timezone()
    levels_at = {
        start: _levels_before(
            answers, datetime.combine(start + timedelta(weeks=1), datetime.min.time(), tz)
        )
        for start in shown
    }
    month_ago = _levels_before(answers, now - MONTH)
    latest = climb(answers)
    found = {}
    for skill in Skill:
        mine = [a for a in answers if a.skill == skill]
        if not mine:
            continue
        first = min(local_week[a] for a in mine)
        starts = [start for start in shown if start >= first] or [this_week]
        every = 1 if len(starts) <= DATED_WEEKS else 2
        weeks = []
        for index, start in enumerate(starts):
            that_week = [a.right for a in mine if local_week[a] == start]
            level = levels_at[start].level(skill)
            dated = (len(starts) - 1 - index) % every == 0  # this week's always
            weeks.append(GrowthWeek(start, level, len(that_week), sum(that_week), index, dated))
        found[skill] = Growth(
            skill=skill,
            weeks=weeks,
            before=month_ago.level(skill) if skill in month_ago.levels else None,
            now=latest.level(skill),
        )
    return found


def headline(growths: dict[Skill, Growth]) -> Growth | None:
    """The skill to name on the family page: one that moved up this month, else one that
    moved, else the one practised most lately."""
    moved = [g for g in growths.values() if g.moved]
    ups = [g for g in moved if g.now > (g.before or 0)]
    if ups or moved:
        return (ups or moved)[0]
    latest = [g for g in growths.values() if g.weeks[-1].asked] or list(growths.values())
    return latest[0] if latest else None


@dataclass(frozen=True)
class Glance:
    """One skill on the progress page: its growth, its level for the next game and why it
    comes back, and how its latest first tries went."""

    skill: Skill
    growth: Growth | None  # None for a skill practised only at the table so far
    plan: SkillLevel | None  # None when the practice is not fitted to the child
    verdict: Verdict | None  # None before its first answer

    @property
    def label(self) -> str:
        return skill_name(self.skill)


def at_a_glance(
    growths: dict[Skill, Growth], plan: Sequence[SkillLevel], verdicts: Sequence[Verdict]
) -> list[Glance]:
    """Every skill there is something to show of, in the order of Skill."""
    planned = {level.skill: level for level in plan}
    judged = {Skill(verdict.skill): verdict for verdict in verdicts}
    return [
        Glance(skill, growths.get(skill), planned.get(skill), judged.get(skill))
        for skill in Skill
        if skill in growths or skill in planned or skill in judged
    ]
