"""Playing a saved game: the child's move, then the bots' replies until the child is needed.

The bots stop whenever the child has something to look at first: their own turn, the end of
a hole (the summary), the easy4 peek at a new hole, or the end of the game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from games.engine import Action, IllegalAction, State, apply_action, choose_action, observe
from games.models import Game, log_text
from games.narration import Step, describe, seat_name

# Steps the table itself offers; everything else is an engine action.
REMEMBER = "remember"
NEXT_HOLE = "next"


class StaleMove(Exception):
    """The game moved on since this page was drawn (a double tap, another tab)."""


@dataclass
class Outcome:
    steps: list[Step] = field(default_factory=list)


def needs_summary(game: Game, state: State) -> bool:
    return not state.is_over and len(state.results) > game.holes_seen


def needs_peek(game: Game, state: State) -> bool:
    return (
        not state.is_over
        and state.rules.start == "peek"
        and game.peeked_hole != state.hole
        and not needs_summary(game, state)
    )


def is_childs_turn(game: Game, state: State) -> bool:
    return (
        state.current == game.human_seat
        and not needs_summary(game, state)
        and not needs_peek(game, state)
    )


def bot_rng(game: Game, actions_so_far: int) -> random.Random:
    # Seeded by the game and the move number, so a resumed game plays out the same way.
    return random.Random(f"{game.seed}:{actions_so_far}")


def run_bots(game: Game, state: State, log: list[Action]) -> tuple[State, list[Step]]:
    """Let the bots play until the child is needed; appends their actions to ``log``."""
    steps: list[Step] = []
    rng = None
    while (
        not state.is_over
        and state.current != game.human_seat
        and not needs_peek(game, state)
        and not needs_summary(game, state)
    ):
        if rng is None:
            # One generator for this run of bot moves, seeded where the run starts; only
            # made when a bot plays: seeding one is a fair part of a move that needs none.
            rng = bot_rng(game, game.action_count + len(log))
        seat = state.current
        level = game.bot_levels[seat]
        action, reason = choose_action(observe(state, seat), level=level, rng=rng)
        name = seat_name(seat, game.human_seat)
        text, card = describe(state, action, name)
        state = apply_action(state, action)
        log.append(action)
        steps.append(Step(seat, name, text, str(reason), card))
    return state, steps


def hole_over_step(game: Game, state: State) -> Step:
    result = state.results[-1]
    mine = result.scores[game.human_seat]
    if mine is None:  # an extra hole for the tied players that the child sat out
        text = "The extra hole is over."
    else:
        text = f"Hole {result.number} is over. You scored {mine}."
    if state.is_over:
        text += " That was the last hole."
    return Step(game.human_seat, "", text)


def take(game: Game, move: str) -> Outcome:
    """Apply the child's move and the bots' replies, and save them.

    Raises IllegalAction (nothing changes) or StaleMove (someone else got there first).
    """
    state = game.state
    holes_before = len(state.results)
    log: list[Action] = []
    steps: list[Step] = []
    fields: dict = {}
    if move == NEXT_HOLE:
        if not needs_summary(game, state):
            raise IllegalAction("There is no hole to finish now.")
        game.holes_seen = fields["holes_seen"] = len(state.results)
    elif move == REMEMBER:
        if not needs_peek(game, state):
            raise IllegalAction("There are no cards to remember now.")
        game.peeked_hole = fields["peeked_hole"] = state.hole
    else:
        action = Action.from_text(move)
        if state.is_over:
            raise IllegalAction("The game is over.")
        if not is_childs_turn(game, state):
            raise IllegalAction("It is not your turn yet.")
        name = seat_name(game.human_seat, game.human_seat)
        after = apply_action(state, action)
        text, card = describe(state, action, name)
        state = after
        log.append(action)
        steps.append(Step(game.human_seat, name, text, "", card))
    state, bot_steps = run_bots(game, state, log)
    steps += bot_steps
    if len(state.results) > holes_before:
        steps.append(hole_over_step(game, state))
    return save(game, state, log, steps, fields)


def save(game: Game, state: State, log: list[Action], steps: list[Step], fields: dict) -> Outcome:
    fields["last_steps"] = [s.to_json() for s in steps]
    if not game.save_progress(state, log, **fields):
        raise StaleMove
    return Outcome(steps)


def begin(game: Game) -> None:
    """Save a new game, with the bots' moves up to the child's first decision."""
    state, steps = run_bots(game, game.state, log := [])
    game.moves = log_text(log)
    game.action_count = len(log)
    game.snapshot = state.to_json()
    game.last_steps = [s.to_json() for s in steps]
    game.save()
