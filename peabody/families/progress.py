"""What a child played, for their grown-up: games, holes, time per week and the score trend.

Only the child's own numbers: no comparison with other children, no streaks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.db.models import QuerySet
from django.utils import timezone

from games.models import Game
from games.words.modes import MODE_NAMES
from games.words.people import seat_names, you_first
from peabody.families.models import Child
from peabody.words.grown_ups import minutes_text, signed_number

# A game's time is taken from its start to its last move, at most this long: a game left
# open overnight was not played all night.
LONGEST_SITTING = timedelta(hours=1)
WEEKS_SHOWN = 8
TREND_GAMES = 20
RECENT_GAMES = 6


@dataclass(frozen=True)
class GameRow:
    public_id: str  # the game's, for its replay's address
    mode: str
    # The others at the table when the child played with family ("Sam and Pip"); "" alone.
    with_people: str
    started: datetime
    holes_played: int
    holes: int
    finished: bool
    total: str  # the child's total so far
    average: float | None  # the child's mean score per hole, once a hole is over
    minutes: float

    @property
    def average_text(self) -> str:
        return "" if self.average is None else signed_number(self.average)


@dataclass(frozen=True)
class Week:
    start: date  # a Monday
    minutes: float

    @property
    def text(self) -> str:
        return minutes_text(self.minutes)


@dataclass(frozen=True)
class LastDays:
    """The last seven days, today included."""

    games: int
    minutes: float
    questions: int  # answered (first tries; a skip is not an answer)
    right_first: int

    @property
    def time(self) -> str:
        return minutes_text(self.minutes)


@dataclass(frozen=True)
class Progress:
    games: int
    finished: int
    holes: int
    weeks: list[Week]
    last_days: LastDays
    trend: list[GameRow]  # finished games, oldest first
    recent: list[GameRow]  # newest first


def game_row(game: Game, seat: int) -> GameRow:
    """The game as the child in ``seat`` played it, from the game's columns (its snapshot
    is not read)."""
    scores = [hole[seat] for hole in game.scores]
    played = [s for s in scores if s is not None]  # a tie-break hole may leave a seat out
    total = sum(played)
    names = seat_names(game.bot_levels, game.nicknames)
    return GameRow(
        public_id=game.public_id,
        mode=MODE_NAMES[game.rules.name],
        with_people=you_first([names[s] for s in game.people_seats if s != seat])
        if game.several_people
        else "",
        started=game.created,
        holes_played=len(played),
        holes=game.rules.holes,
        finished=game.finished,
        total=signed_number(total),
        average=total / len(played) if played else None,
        minutes=min(game.updated - game.created, LONGEST_SITTING).total_seconds() / 60,
    )


def week_of(day: date) -> date:
    return day - timedelta(days=day.weekday())


def weeks(rows: Iterable[GameRow], today: date, since: date | None = None) -> list[Week]:
    """Minutes played in each of the last few weeks, oldest first, empty weeks included,
    from the week of ``since`` (the profile's first day) on."""
    this_week = week_of(today)
    starts = [this_week - timedelta(weeks=n) for n in reversed(range(WEEKS_SHOWN))]
    if since is not None:
        starts = [start for start in starts if start >= week_of(since)] or [this_week]
    minutes = dict.fromkeys(starts, 0.0)
    for row in rows:
        start = week_of(timezone.localdate(row.started))
        if start in minutes:
            minutes[start] += row.minutes
    return [Week(start, total) for start, total in minutes.items()]


def last_days(rows: Iterable[GameRow], answers: Iterable[bool], today: date) -> LastDays:
    """Games and time in the last seven days, and ``answers`` (whether each first try
    in those days was right)."""
    since = today - timedelta(days=6)
    recent = [row for row in rows if timezone.localdate(row.started) >= since]
    answers = list(answers)
    return LastDays(
        games=len(recent),
        minutes=sum(row.minutes for row in recent),
        questions=len(answers),
        right_first=sum(answers),
    )


def game_rows(games: QuerySet[Game], child: Child) -> list[GameRow]:
    """``games`` as ``child`` played them (from their seat), read once, without their
    snapshots."""
    return [
        game_row(game, seat)
        for game in games.defer("snapshot", "moves")
        if (seat := game.seat_of(child)) is not None
    ]


def trend(games: QuerySet[Game], child: Child) -> list[GameRow]:
    """The trend alone, for the chart: the latest finished games, oldest first."""
    return game_rows(games.filter(finished=True)[:TREND_GAMES], child)[::-1]


def progress(
    games: QuerySet[Game], child: Child, today: date, answers: Iterable[bool] = ()
) -> Progress:
    """The progress of ``child`` in these games of theirs (newest first, as they are
    stored), played alone or with their family; ``answers`` are whether each of the last
    seven days' first tries was right."""
    rows = game_rows(games, child)
    finished = [row for row in rows if row.finished]
    return Progress(
        games=len(rows),
        finished=len(finished),
        holes=sum(row.holes_played for row in rows),
        weeks=weeks(rows, today, timezone.localdate(child.created)),
        last_days=last_days(rows, answers, today),
        trend=finished[:TREND_GAMES][::-1],
        recent=rows[:RECENT_GAMES],
    )
