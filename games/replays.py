"""A finished game shown again move by move: the table as the child saw it after each one,
rebuilt by replaying the game's log."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext_lazy

from games.board import HoleView, TableView, hole_label, hole_view, seating, table_view
from games.engine import State, observe
from games.models import Game
from games.narration import REVEAL, played_line
from games.table import Played, advance, dealt

DEALT = gettext_lazy("The cards are dealt.")


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
        if event.action.kind == "end_turn":
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
