"""A finished game shown again move by move: the table as the child saw it after each one,
rebuilt from the rules, seed and action log."""

from __future__ import annotations

from dataclasses import dataclass

from games.board import HoleView, Table, hole_view, seating, table
from games.engine import Action, State, apply_action, new_game, observe
from games.models import Game
from games.narration import REVEAL, describe

DEALT = "The cards are dealt."


@dataclass(frozen=True)
class Frame:
    text: str  # what just happened
    table: Table | None  # None once the hole is over: its scores show instead


@dataclass(frozen=True)
class ReplayHole:
    number: int
    title: str
    frames: list[Frame]
    scores: HoleView


def moves_by_hole(game: Game) -> list[list[tuple[State, Action]]]:
    """Each hole's moves, each with the state it was made in."""
    state = new_game(game.rules_object, game.players, game.seed)
    holes: list[list[tuple[State, Action]]] = [[]]
    for action in game.action_log:
        holes[-1].append((state, action))
        before = len(state.results)
        state = apply_action(state, action)
        if len(state.results) > before and not state.is_over:
            holes.append([])
    return holes


def titles(game: Game) -> list[str]:
    results = game.state.results
    return ["Extra hole" if r.tiebreak else f"Hole {r.number}" for r in results]


def replay_hole(game: Game, number: int, seat: int) -> ReplayHole:
    """Hole ``number`` (from 1) of a finished game, frame by frame as the person in ``seat``
    saw it: the deal, then the table after every move (a choice not to knock shows nothing
    and is left out), then the scores."""
    seats = seating(game, seat)
    moves = moves_by_hole(game)[number - 1]
    first = moves[0][0]
    frames = [Frame(DEALT, table(observe(first, seat), seats))]
    for i, (state, action) in enumerate(moves):
        if action.kind == "end_turn":
            continue
        text, _ = describe(state, action, seats.names[state.current])
        if i == len(moves) - 1:  # the hole ends with this move
            frames.append(Frame(f"{text} {REVEAL}", None))
        else:
            after = observe(apply_action(state, action), seat)
            frames.append(Frame(text, table(after, seats)))
    final = observe(game.state, seat)
    title = titles(game)[number - 1]
    return ReplayHole(number, title, frames, hole_view(final, seats, number - 1))
