"""A finished game shown again move by move: the table as the child saw it after each one,
rebuilt by replaying the game's log."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404

from games.board import HoleView, TableView, game_ref, hole_view, seating, table_view
from games.engine import ActionKind, State, observe
from games.models import Game
from games.requests import Request
from games.table import Played, advance, dealt
from games.words.table import DEALT, REVEAL, hole_label, played_line


@dataclass(frozen=True)
class Frame:
    text: str  # what just happened
    table: TableView | None  # None once the hole is over: its scores show instead


@dataclass(frozen=True)
class ReplayHole:
    number: int
    title: str
    frames: list[Frame]
    scores: HoleView


def moves_by_hole(game: Game) -> list[list[tuple[State, Played, State]]]:
    """Each hole's moves, each with the position before and after it; the table's own
    moves (looking at the scores, answering questions) are left out."""
    table = dealt(game.setup)
    holes: list[list[tuple[State, Played, State]]] = [[]]
    for move in game.log:
        before = table.state
        table, events = advance(table, move)
        for event in events:
            if isinstance(event, Played):
                holes[-1].append((before, event, table.state))
                if event.ended_hole and not table.state.is_over:
                    holes.append([])
    return holes


def titles(game: Game) -> list[str]:
    results = game.state.results
    return [hole_label(r.tiebreak, r.number) for r in results]


def replay_hole(game: Game, number: int, seat: int) -> ReplayHole:
    """Hole ``number`` (from 1) of a finished game, frame by frame as the person in ``seat``
    saw it: the deal, then the table after every move (a choice not to knock shows nothing
    and is left out), then the scores."""
    seats = seating(game, seat)
    moves = moves_by_hole(game)[number - 1]
    first = moves[0][0]
    frames = [Frame(str(DEALT), table_view(observe(first, seat), seats))]
    for _, event, after in moves:
        if event.action.kind == ActionKind.END_TURN:
            continue
        text = played_line(event, seats.names)
        if event.ended_hole:
            # Two whole sentences, one after the other.
            frames.append(Frame(f"{text} {REVEAL}", None))
        else:
            frames.append(Frame(text, table_view(observe(after, seat), seats)))
    final = observe(game.state, seat)
    title = titles(game)[number - 1]
    return ReplayHole(number, title, frames, hole_view(final, seats, number - 1))


def number_in(request: Request, name: str, default: int, low: int, high: int) -> int:
    try:
        number = int(request.GET.get(name, default))
    except ValueError:
        number = default
    return min(max(number, low), high)


def replay_context(request: Request, game: Game, seat: int | None = None) -> dict:
    """What the replay page shows of a finished game: the hole and the step asked for in the
    query string (``?hole=2&step=5``), kept within the game, as the person in ``seat`` saw it
    (the child playing, if they played it, else the first person). Shared with the parent
    zone."""
    if not game.is_finished:
        raise Http404("A game can be watched again once it is finished")
    if seat is None and request.child is not None:
        seat = game.seat_of(request.child)
    if seat is None:
        seat = game.people_seats[0]
    hole_titles = titles(game)
    number = number_in(request, "hole", 1, 1, len(hole_titles))
    hole = replay_hole(game, number, seat)
    step = number_in(request, "step", 0, 0, len(hole.frames) - 1)
    return {
        "game": game_ref(game),
        "titles": hole_titles,
        "hole": hole,
        "number": number,
        "step": step,
        "frame": hole.frames[step],
        "last_step": len(hole.frames) - 1,
        "rows": game.rules.rows,
        "bots": game.players - 1,
    }
