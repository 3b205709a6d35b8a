"""What a child played, for their grown-up: games, holes, time per week and the score trend.

Only the child's own numbers: no comparison with other children, no streaks.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from games.models import Game
from games.narration import MODE_NAMES
from lessons.players import together
from peabody.families.models import Child

# A game's time is taken from its start to its last move, at most this long: a game left
# open overnight was not played all night.
LONGEST_SITTING = timedelta(hours=1)
WEEKS_SHOWN = 8
TREND_GAMES = 20
RECENT_GAMES = 10


def signed_number(value: float) -> str:
    """A number as people read it: a real minus sign, one decimal place unless whole."""
    text = f"{abs(value):.1f}".removesuffix(".0")
    return f"−{text}" if value < 0 and text != "0" else text


@dataclass(frozen=True)
class GameRow:
    game: Game
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
    minutes: int


@dataclass(frozen=True)
class Progress:
    games: int
    finished: int
    holes: int
    weeks: list[Week]
    trend: list[GameRow]  # finished games, oldest first
    recent: list[GameRow]  # newest first


def game_row(game: Game, seat: int) -> GameRow:
    """The game as the child in ``seat`` played it."""
    state = game.state
    scores = [r.scores[seat] for r in state.results]
    played = [s for s in scores if s is not None]  # a tie-break hole may leave a seat out
    total = sum(played)
    return GameRow(
        game=game,
        mode=MODE_NAMES[game.rules["name"]],
        with_people=together([game.names[s] for s in game.persons if s != seat])
        if game.is_together
        else "",
        started=game.created,
        holes_played=len(played),
        holes=game.rules["holes"],
        finished=state.is_over,
        total=signed_number(total),
        average=total / len(played) if played else None,
        minutes=min(game.updated - game.created, LONGEST_SITTING).total_seconds() / 60,
    )


def week_of(day: date) -> date:
    return day - timedelta(days=day.weekday())


def weeks(rows: Iterable[GameRow], today: date) -> list[Week]:
    """Minutes played in each of the last few weeks, oldest first, empty weeks included."""
    this_week = week_of(today)
    starts = [this_week - timedelta(weeks=n) for n in reversed(range(WEEKS_SHOWN))]
    minutes = dict.fromkeys(starts, 0.0)
    for row in rows:
        start = week_of(row.started.date())
        if start in minutes:
            minutes[start] += row.minutes
    return [Week(start, round(total)) for start, total in minutes.items()]


def progress(games: Iterable[Game], child: Child, today: date) -> Progress:
    """The progress of ``child`` in these games of theirs (newest first, as they are
    stored), played alone or with their family."""
    rows = [game_row(game, game.seat_of(child)) for game in games]
    finished = [row for row in rows if row.finished]
    return Progress(
        games=len(rows),
        finished=len(finished),
        holes=sum(row.holes_played for row in rows),
        weeks=weeks(rows, today),
        trend=finished[:TREND_GAMES][::-1],
        recent=rows[:RECENT_GAMES],
    )
