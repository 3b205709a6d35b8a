"""Playing a saved game: the child's move, the bots' replies, and the one answer to "what is
the game waiting for now?" that the bots, the board and the hint all ask.

When several people play at one device, the table is shown to one of them at a time: before
another person's decision the game waits for the device to be passed to them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from django.db import transaction

from games import practice, slots
from games.engine import (
    Action,
    IllegalAction,
    Observation,
    State,
    apply_action,
    choose_action,
    hint,
    observe,
)
from games.models import Game, Seat, log_text
from games.narration import REVEAL, Step, advice, describe
from lessons.practice import Feedback

# Moves the table itself offers; every other move is an engine action.
REMEMBER = "remember"
NEXT_HOLE = "next"
READY = "ready"  # the next person has the device
# A practice question's answer: typed on the number pad and sent with "answer", or a
# player chosen with "answer:<seat>"; or no answer for this hole's questions.
ANSWER = "answer"
SKIP = "skip"
KNOCK = Action("knock")
END_TURN = Action("end_turn")


class Stage(StrEnum):
    """What the game is waiting for."""

    PLAY = "play"  # the decision of the person at the table
    BOTS = "bots"  # a bot's decision: the server plays it at once
    PEEK = "peek"  # the person at the table to look at their two cards (easy4's start)
    PASS = "pass"  # the device to go to the next person, who says when they have it
    PRACTICE = "practice"  # the child to answer a question about the hole just finished
    SUMMARY = "summary"  # everyone to see the scores of the hole just finished
    OVER = "over"  # the game's end, once the last hole's scores are seen


def stage(game: Game, state: State) -> Stage:
    # The scores of every hole are shown, the last one's too, before the game's end; the
    # questions about a hole come before its scores. Everyone looks at the scores together.
    if len(state.results) > game.holes_seen:
        return Stage.PRACTICE if practice.current(game, state) else Stage.SUMMARY
    if state.is_over:
        return Stage.OVER
    person = waiting_for(game, state)
    if person is None:
        return Stage.BOTS
    if person != game.human_seat:
        return Stage.PASS
    if state.rules.start == "peek" and not game.has_peeked(person, state.hole):
        return Stage.PEEK
    return Stage.PLAY


def waiting_for(game: Game, state: State) -> int | None:
    """The person the hole waits for: at a peek start, each of the people playing it looks
    at their cards in turn before anyone plays; then whoever's turn it is, unless a bot's
    (None)."""
    if state.rules.start == "peek":
        for seat in game.persons:
            if seat in state.seats and not game.has_peeked(seat, state.hole):
                return seat
    return state.current if game.bot_levels[state.current] is None else None


class StaleMove(Exception):
    """The game moved on since this page was drawn (a double tap, another tab)."""


def play(game: Game, state: State, action: Action, reason: str = "") -> tuple[State, list[Step]]:
    """Apply one action and tell it: a step the table can show, and when the action ended
    the hole, a last step that turns every card up.

    A step holds only what everyone at the table may see (not a card drawn from the stock
    before it is placed), so that it can be shown to whichever person looks next.

    Raises IllegalAction before anything is described.
    """
    you, seat = game.human_seat, state.current
    after = apply_action(state, action)
    steps: list[Step] = []
    if action.kind != "end_turn":  # not knocking is no news
        name = game.names[seat]
        text, card = describe(state, action, name)
        moved = slots.changes(state, after, action, viewer=None)
        before = slots.layout_view(state, seat)
        cards = list(before)
        for slot, _, value in moved:
            if slot.startswith("card-"):
                cards[int(slot.rsplit("-", 1)[1])] = value
        pairs = tuple(map(tuple, slots.new_pairs(before, cards, seat, state.rules)))
        steps.append(
            Step(seat, name, text, reason, card, action.kind, action.pos, tuple(moved), pairs)
        )
    if len(after.results) > len(state.results):
        result = after.results[-1]
        shown = tuple(slots.reveal(state, action, result))
        pairs = []
        for s, layout in enumerate(result.layouts):
            if layout is not None:
                pairs += slots.new_pairs([""] * len(layout), list(layout), s, state.rules)
        told = Step(you, "", REVEAL, kind="reveal", changes=shown, pairs=tuple(map(tuple, pairs)))
        steps.append(told)
    return after, steps


def run_bots(game: Game, state: State, log: list[Action]) -> tuple[State, list[Step]]:
    """Let the bots play until a person is needed; appends their actions to ``log``."""
    steps: list[Step] = []
    # Seeded by the game and the move number, so a resumed game plays out the same way.
    rng = random.Random(f"{game.seed}:{game.action_count + len(log)}")
    while stage(game, state) == Stage.BOTS:
        seat = state.current
        action, reason = choose_action(
            observe(state, seat), level=game.bot_levels[seat], rng=rng, gentleness=game.gentleness
        )
        state, told = play(game, state, action, str(reason))
        log.append(action)
        steps += told
    return state, steps


def face_down(state: State, seat: int) -> int:
    return observe(state, seat).face_down_count(seat)


def must_ask_before_knocking(game: Game) -> bool:
    """A knock instead of drawing ends the hole at once: with a card still face down, the
    child is asked first (the table asks; the engine's rules are the same)."""
    state = game.state
    return (
        stage(game, state) == Stage.PLAY
        and state.phase == "draw"
        and face_down(state, game.human_seat) > 0
    )


def offers_knock_after(obs: Observation) -> bool:
    """Knock Golf asks after every turn whether to knock. The table instead lets the child
    say so with the move that ends the turn, and says no for them otherwise."""
    if obs.rules.knock != "after_turn" or obs.caller is not None:
        return False
    kinds = {a.kind for a in obs.legal_actions}
    return bool(kinds & {"swap", "discard", "flip"}) and obs.phase != "start"


@dataclass(frozen=True)
class Outcome:
    steps: list[Step]  # what happened, to be told in turn
    feedback: Feedback | None = None  # what is said to a practice answer


def to_tell(game: Game, steps: list[Step], everyone: bool = False) -> list[list[dict]]:
    """What each seat is to be told after these steps: the person at the table (or everyone,
    once they have all looked at a hole's scores) has seen what came before them; anyone
    else has not, and hears it first."""
    new = [step.to_json() for step in steps]
    told = []
    for seat, level in enumerate(game.bot_levels):
        if level is not None:
            told.append([])
        elif everyone or seat == game.human_seat:
            told.append(new)
        else:
            told.append(game.steps_for(seat) + new)
    return told


def take(game: Game, move: str, and_knock: bool = False, answer: str = "") -> Outcome:
    """Apply the move of the person at the table and the bots' replies, save them, and
    tell what happened (after "I'm ready", what the next person has not seen yet).

    In Knock Golf ``and_knock`` knocks once the move has finished the turn: at once with
    every card face up, else the child is asked (the engine's knock question). Without it
    the turn simply ends. ``answer`` is what was typed for a practice question.

    Raises IllegalAction (nothing changes) or StaleMove (someone else got there first).
    """
    state = game.state
    now = stage(game, state)
    you = game.human_seat
    log: list[Action] = []
    steps: list[Step] = []
    fields: dict = {}
    feedback = attempt = None
    if now == Stage.OVER:
        raise IllegalAction("The game is over.")
    if move == NEXT_HOLE:
        if now != Stage.SUMMARY:
            raise IllegalAction("There is no hole to finish now.")
        fields = {"holes_seen": len(state.results), "questions_done": 0, "wrong_tries": 0}
    elif move == ANSWER or move.startswith(f"{ANSWER}:"):
        chosen = move.partition(":")[2]
        feedback, fields, attempt = practice.answer(game, state, chosen or answer)
    elif move == SKIP:
        fields, attempt = practice.skip(game, state)
    elif move == REMEMBER:
        if now != Stage.PEEK:
            raise IllegalAction("There are no cards to remember now.")
        fields["peeked"] = game.peeked_after(you, state.hole)
    elif move == READY:
        if now != Stage.PASS:
            raise IllegalAction("Nobody needs to pass it on now.")
        fields["human_seat"] = waiting_for(game, state)
    else:
        action = Action.from_text(move)
        if now != Stage.PLAY:
            raise IllegalAction("It is not your turn yet.")
        asked = state.phase == "knock"
        state, steps = play(game, state, action)
        log.append(action)
        if not asked and state.phase == "knock" and state.current == you:
            sure = and_knock and face_down(state, you) == 0
            if sure or not and_knock:
                follow = KNOCK if sure else END_TURN
                state, told = play(game, state, follow)
                log.append(follow)
                steps += told
    # The bots play on from where the person has got to: past the scores, or the peek.
    for name, value in fields.items():
        setattr(game, name, value)
    state, bot_steps = run_bots(game, state, log)
    steps += bot_steps
    if move == READY:  # nothing has happened, but the next person has things to catch up on
        steps = [Step.from_json(step) for step in game.steps_for(game.human_seat)]
    else:
        fields["last_steps"] = to_tell(game, steps, everyone=move == NEXT_HOLE)
    # An answer is kept only with the position it answered: both or neither.
    with transaction.atomic():
        if not game.save_progress(state, log, **fields):
            raise StaleMove
        if attempt is not None:
            attempt.save()
    return Outcome(steps, feedback)


def begin(game: Game) -> None:
    """Save a new game and its seats, with the bots' moves up to the first person's first
    decision (with several people, the device goes to them first)."""
    log: list[Action] = []
    state, steps = run_bots(game, game.state, log)
    game.moves = log_text(log)
    game.action_count = len(log)
    game.snapshot = state.to_json()
    game.state = state
    game.last_steps = to_tell(game, steps, everyone=True)
    with transaction.atomic():
        game.save()
        Seat.objects.bulk_create(game.people)


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
