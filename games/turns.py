"""Playing a saved game: the child's move, the bots' replies, and the one answer to "what is
the game waiting for now?" that the bots, the board and the hint all ask.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from games.engine import (
    Action,
    IllegalAction,
    State,
    apply_action,
    choose_action,
    hint,
    observe,
)
from games.models import Game, log_text
from games.narration import Step, advice, describe, hole_over, seat_name

# Moves the table itself offers; every other move is an engine action.
REMEMBER = "remember"
NEXT_HOLE = "next"


class Stage(StrEnum):
    """What the game is waiting for."""

    PLAY = "play"  # the child's decision
    BOTS = "bots"  # a bot's decision: the server plays it at once
    PEEK = "peek"  # the child to look at their two cards at the start of an easy4 hole
    SUMMARY = "summary"  # the child to see the scores of the hole just finished
    OVER = "over"


def stage(game: Game, state: State) -> Stage:
    if state.is_over:
        return Stage.OVER
    if len(state.results) > game.holes_seen:
        return Stage.SUMMARY
    if state.rules.start == "peek" and game.peeked_hole != state.hole:
        return Stage.PEEK
    if state.current == game.human_seat:
        return Stage.PLAY
    return Stage.BOTS


class StaleMove(Exception):
    """The game moved on since this page was drawn (a double tap, another tab)."""


def run_bots(game: Game, state: State, log: list[Action]) -> tuple[State, list[Step]]:
    """Let the bots play until the child is needed; appends their actions to ``log``."""
    steps: list[Step] = []
    # Seeded by the game and the move number, so a resumed game plays out the same way.
    rng = random.Random(f"{game.seed}:{game.action_count + len(log)}")
    while stage(game, state) == Stage.BOTS:
        seat = state.current
        action, reason = choose_action(
            observe(state, seat), level=game.bot_levels[seat], rng=rng, gentleness=game.gentleness
        )
        name = seat_name(seat, game.human_seat)
        text, card = describe(state, action, name)
        state = apply_action(state, action)
        log.append(action)
        steps.append(Step(seat, name, text, str(reason), card))
    return state, steps


def take(game: Game, move: str) -> list[Step]:
    """Apply the child's move and the bots' replies, save them, and tell what happened.

    Raises IllegalAction (nothing changes) or StaleMove (someone else got there first).
    """
    state = game.state
    now = stage(game, state)
    holes_before = len(state.results)
    log: list[Action] = []
    steps: list[Step] = []
    fields: dict = {}
    if move == NEXT_HOLE:
        if now != Stage.SUMMARY:
            raise IllegalAction("There is no hole to finish now.")
        game.holes_seen = fields["holes_seen"] = len(state.results)
    elif move == REMEMBER:
        if now != Stage.PEEK:
            raise IllegalAction("There are no cards to remember now.")
        game.peeked_hole = fields["peeked_hole"] = state.hole
    else:
        action = Action.from_text(move)
        if now == Stage.OVER:
            raise IllegalAction("The game is over.")
        if now != Stage.PLAY:
            raise IllegalAction("It is not your turn yet.")
        after = apply_action(state, action)  # first: an illegal move is not described
        name = seat_name(game.human_seat, game.human_seat)
        text, card = describe(state, action, name)
        state = after
        log.append(action)
        steps.append(Step(game.human_seat, name, text, "", card))
    state, bot_steps = run_bots(game, state, log)
    steps += bot_steps
    if len(state.results) > holes_before:
        text = hole_over(state.results[-1], game.human_seat, state.is_over)
        steps.append(Step(game.human_seat, "", text))
    fields["last_steps"] = [step.to_json() for step in steps]
    if not game.save_progress(state, log, **fields):
        raise StaleMove
    return steps


def begin(game: Game) -> None:
    """Save a new game, with the bots' moves up to the child's first decision."""
    log: list[Action] = []
    state, steps = run_bots(game, game.state, log)
    game.moves = log_text(log)
    game.action_count = len(log)
    game.snapshot = state.to_json()
    game.state = state
    game.last_steps = [step.to_json() for step in steps]
    game.save()


@dataclass(frozen=True)
class Hint:
    text: str  # the advice
    where: str = ""  # where on the table, when it is about a card


def hint_for(game: Game) -> Hint:
    """The steady bot's choice for the child's seat, and its reason."""
    state = game.state
    if stage(game, state) != Stage.PLAY:
        return Hint("There is nothing for you to do just now.")
    obs = observe(state, game.human_seat)
    action, why = hint(obs, random.Random(f"hint:{game.seed}:{game.action_count}"))
    # The bot's advice says what and why; the place, when there is one, comes from us.
    return Hint(why, advice(obs, action) if action.pos is not None else "")
