"""Playing at the table, shaped like the engine: ``stage``, ``legal_moves`` and ``apply``.

``apply(table, move)`` makes the move of the person at the table and then plays the bots'
turns that follow, until a person is needed again, and returns the new table with what
happened as events. Every move made, a bot's too, goes into the game's log; ``replay``
folds :func:`advance` over the log and gives back the same table.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import NamedTuple

from games.engine import (
    Action,
    ActionKind,
    IllegalAction,
    Observation,
    Rules,
    State,
    apply_action,
    choose_action,
    hint,
    legal_actions,
    new_game,
    observe,
)
from games.engine.bots import Reason
from lessons.core.choice import choose
from lessons.core.questions import TRIES, Question, ask, candidates, questions_after_hole

from . import spots
from .events import Answered, Event, Handed, NextHole, Played, Ready, Remembered, Skipped
from .moves import ANSWER, HAND, NEXT, READY, REMEMBER, SKIP, Move
from .state import Practice, Setup, Stage, Table

KNOCK = Action(ActionKind.KNOCK)
END_TURN = Action(ActionKind.END_TURN)


class Reached(NamedTuple):
    """Where a deal or a move, and the bots' turns after it, left the table: what happened
    and what the table waits for now, worked out once so that whoever saves it need not
    work it out again."""

    table: Table
    events: list[Event]
    stage: Stage


def start(setup: Setup) -> tuple[Table, list[Event]]:
    """A new game's table: the cards dealt, and the bots' moves up to the first person's
    first decision (with several people, the device goes to them first)."""
    table, events, _ = deal(setup)
    return table, events


def deal(setup: Setup) -> Reached:
    """As :func:`start`, with the stage the table reached."""
    return play_bots(dealt(setup))


def dealt(setup: Setup) -> Table:
    """The table as the cards are dealt, before anyone moves."""
    table = Table(
        setup=setup,
        state=new_game(setup.rules, setup.players, setup.seed),
        at_device=None if setup.shared_device else setup.people_seats[0],
        peeked=(0,) * setup.players,
        practice=(Practice(),) * setup.players,
        unseen=((),) * setup.players,
    )
    return _to_whoever_decides(table)


def _to_whoever_decides(table: Table) -> Table:
    """With a device each, the table is at the device of the person it waits for: nothing
    is passed round, so there is never a screen to pass it on."""
    if not table.setup.devices or table.state.is_over:
        return table
    person = waiting_for(table)
    return table if person is None else table._replace(at_device=person)


def stage_for(table: Table, seat: int | None, now: Stage | None = None) -> Stage:
    """What the table waits for, as the device of the person in ``seat`` shows it: with a
    device each, another person's decision is theirs to make (WAIT) while everyone watches;
    after a hole each seat answers its own questions (PRACTICE) and, once done, sees the
    scores (SUMMARY) while the others finish theirs; the game's end is everyone's. ``now``
    is the table's stage, when the caller has worked it out already (``Game.stage``)."""
    if now is None:
        now = stage(table)
    if not table.setup.devices:
        return now
    if now in (Stage.PLAY, Stage.PEEK) and seat != table.at_device:
        return Stage.WAIT
    if now == Stage.PRACTICE and table.question_key(seat) is None:
        return Stage.SUMMARY
    return now


def waited_on(table: Table, seat: int | None, now: Stage | None = None) -> tuple[int, ...]:
    """With a device each, the people the device at ``seat`` waits for: whoever's decision
    it is, while it is another's (Stage.WAIT); after a hole, once this seat's own questions
    are done, everyone still answering theirs. Nobody at any other time, nor on one device
    (it waits for nobody else's device). ``now`` is the table's stage, as for stage_for."""
    if not table.setup.devices:
        return ()
    if now is None:
        now = stage(table)
    shown = stage_for(table, seat, now)
    if shown == Stage.WAIT:
        assert table.at_device is not None  # another person's decision
        return (table.at_device,)
    if shown == Stage.SUMMARY and now == Stage.PRACTICE:
        return tuple(other for other in table.asking if other != seat)
    return ()


def stage(table: Table) -> Stage:
    """What the table waits for. The questions about a hole come before its scores, and
    everyone looks at the scores of every hole, the last one's too, before the game's end."""
    state = table.state
    if len(state.results) > table.holes_seen:
        return Stage.PRACTICE if table.asking else Stage.SUMMARY
    if state.is_over:
        return Stage.OVER
    person = waiting_for(table)
    if person is None:
        return Stage.BOTS
    if person != table.at_device:
        return Stage.PASS
    if state.rules.start == "peek" and not table.has_peeked(person):
        return Stage.PEEK
    return Stage.PLAY


def waiting_for(table: Table) -> int | None:
    """The person the hole waits for: at a peek start, each of the people playing it looks
    at their cards in turn before anyone plays; then whoever's turn it is, unless a bot's
    (None)."""
    state = table.state
    if state.rules.start == "peek":
        for seat in table.people_seats:
            if seat in state.seats and not table.has_peeked(seat):
                return seat
    assert state.current is not None  # the game is not over: someone decides
    return state.current if table.bots[state.current] is None else None


def question_asked(table: Table, seat: int | None = None) -> Question | None:
    """The practice question ``seat`` is being asked, if one is; with no seat, the person
    at the device's (a child playing alone)."""
    you = table.at_device if seat is None else seat
    key = table.question_key(you)
    if key is None:
        return None
    assert you is not None  # a seat with a question open
    state = table.state
    return ask(key, state.results, you, state.rules)


def legal_moves(table: Table) -> list[Move]:
    """Every move the table takes now. An answer to a number question is ``answer`` with no
    value: any whole number may be given. After a hole, every seat with a question open may
    answer it (each on their own device, at once), so an answer names its seat."""
    now = stage(table)
    if now == Stage.BOTS:
        return [Move.of(action) for action in legal_actions(table.state)]
    if now == Stage.PLAY:
        state = table.state
        waits = knock_waits(state.rules, state.turns, state.seats)
        return [Move.of(a) for a in legal_actions(state) if not (waits and a.kind == KNOCK.kind)]
    if now == Stage.PRACTICE:
        moves = []
        for seat in table.asking:
            asked = question_asked(table, seat)
            assert asked is not None  # the seat has a question open
            answers = [Move(ANSWER, value=c) for c in asked.choices] or [Move(ANSWER)]
            moves += [move._replace(seat=seat) for move in (*answers, Move(SKIP))]
        return moves
    return {
        Stage.PEEK: [Move(REMEMBER)],
        Stage.PASS: [Move(READY)],
        Stage.SUMMARY: [Move(NEXT)],
        Stage.OVER: [],
    }[now]


def apply(table: Table, move: Move, now: Stage | None = None) -> tuple[Table, list[Event]]:
    """The person at the table makes ``move``; then the bots play until a person is needed.
    Raises IllegalAction, saying why, for a move the table does not take now (nothing
    changes). ``now`` is the table's stage, when the caller has worked it out already."""
    table, events, _ = move_on(table, move, now)
    return table, events


def move_on(table: Table, move: Move, now: Stage | None = None) -> Reached:
    """As :func:`apply`, with the stage the table reached."""
    if now is None:
        now = stage(table)
    if now == Stage.BOTS:
        raise IllegalAction("not_your_turn")
    state = table.state
    if move.kind == KNOCK.kind and knock_waits(state.rules, state.turns, state.seats):
        raise IllegalAction("knock_after_first_turn")
    table, events = advance(table, move, now=now)
    if move.action is not None:
        table, events = _after_turn(table, move, events)
    reached = play_bots(table)
    return reached._replace(events=events + reached.events)


def _after_turn(table: Table, move: Move, events: list[Event]) -> tuple[Table, list[Event]]:
    """Knock Golf asks after every turn whether to knock. The page lets the child say so
    with the move that ends the turn ("Knock after"); without it, the table says no for
    them. With a card still face down, a knock is asked about first (the engine's question
    is left open)."""
    you, state = table.at_device, table.state
    answered_the_question = move.kind in (KNOCK.kind, END_TURN.kind)
    if answered_the_question or state.phase != "knock" or state.current != you:
        return table, events
    assert you is not None  # the person at the device ended their turn
    face_down = state.face_up[you].count(False)
    if move.then_knock and face_down:
        return table, events
    table, told = advance(table, Move.of(KNOCK if move.then_knock else END_TURN))
    return table, events + told


def play_bots(table: Table) -> Reached:
    """The bots' moves, each seeded by the game and the log's length, so that a game
    resumed later plays out the same way, up to the stage where a person is needed."""
    events: list[Event] = []
    while (now := stage(table)) == Stage.BOTS:
        action, reason = bot_choice(table)
        table, told = advance(table, Move.of(action), reason, Stage.BOTS)
        events += told
    return Reached(table, events, now)


def bot_choice(table: Table) -> tuple[Action, Reason]:
    """What the bot whose turn it is does, and why: the same for the same table."""
    setup, seat = table.setup, table.state.current
    assert seat is not None  # the game is not over: a bot decides
    level = table.bots[seat]
    assert level is not None  # the seat is a bot's
    return choose_action(
        observe(table.state, seat),
        level=level,
        rng=random.Random(f"{setup.seed}:{table.moves}"),
        gentleness=setup.gentleness,
    )


def advance(
    table: Table, move: Move, reason: Reason | None = None, now: Stage | None = None
) -> tuple[Table, list[Event]]:
    """One move, whoever makes it, and nothing after it: ``now`` is the table's stage, when
    the caller has worked it out already. Raises IllegalAction."""
    table, events = _advance(table, move, reason, now)
    return _to_whoever_decides(table), events


def _advance(
    table: Table, move: Move, reason: Reason | None, now: Stage | None
) -> tuple[Table, list[Event]]:
    if now is None:
        now = stage(table)
    if now == Stage.OVER:
        raise IllegalAction("game_over")
    if move.action is not None:
        if now not in (Stage.PLAY, Stage.BOTS):
            raise IllegalAction("not_your_turn")
        return _played(table, move.action, reason)
    table = table._replace(moves=table.moves + 1)
    you = table.at_device
    hole = len(table.state.results) - 1
    if move.kind == HAND:
        return _handed(table, move.value)
    if move.kind == NEXT:
        if now == Stage.PRACTICE and table.setup.devices:
            raise IllegalAction("others_answering")  # the next hole waits for every answer
        if now != Stage.SUMMARY:
            raise IllegalAction("no_hole_to_finish")
        seen = len(table.state.results)
        nobody = ((),) * table.setup.players
        done = tuple(mine._replace(asked=(), answered=0, wrong_tries=0) for mine in table.practice)
        table = table._replace(holes_seen=seen, practice=done)
        return table._replace(unseen=nobody), [NextHole(seen)]
    if move.kind == REMEMBER:
        if now != Stage.PEEK:
            raise IllegalAction("nothing_to_remember")
        assert you is not None  # the person at the device looked at their cards
        peeked = list(table.peeked)
        peeked[you] = table.state.hole
        table = _heard(table._replace(peeked=tuple(peeked)), you)
        return table, [Remembered(you, peeked[you])]
    if move.kind == READY:
        if now != Stage.PASS:
            raise IllegalAction("nobody_to_pass_to")
        seat = waiting_for(table)
        assert seat is not None  # the device goes to a person
        return table._replace(at_device=seat), [Ready(seat)]
    # An answer: the seat's own, named by the move (each device sends its seat's), or the
    # person's at the device (a child playing alone; a log from before answers named it).
    if move.seat is not None:
        you = move.seat
    if now != Stage.PRACTICE or you is None or not 0 <= you < len(table.practice):
        raise IllegalAction("no_question")
    asked, mine = question_asked(table, you), table.practice[you]
    if asked is None:
        raise IllegalAction("no_question")
    tries = mine.wrong_tries + 1
    if move.kind == SKIP:
        table = _practised(table, you, mine._replace(answered=len(mine.asked), wrong_tries=0))
        return _heard(table, you), [Skipped(you, hole, asked, tries)]
    given = move.value
    if asked.choices and given not in asked.choices:
        raise IllegalAction("pick_a_player")
    if given is None:
        raise IllegalAction("no_answer")  # as parse refuses an answer with no number
    # On the number line the page sends every landing; a number alone (the answer typed
    # from a page drawn before) is taken as it is.
    if move.landings and not on_the_line(asked, tries, table.setup.walk_first):
        raise IllegalAction("no_answer")
    if move.landings and len(move.landings) != len(asked.landings):
        raise IllegalAction("land_each_step")
    right = asked.is_right(given, move.landings)
    if right or tries == TRIES:
        mine = mine._replace(answered=mine.answered + 1, wrong_tries=0)
    else:
        mine = mine._replace(wrong_tries=tries)
    answer = Answered(you, hole, asked, given, right, tries, move.landings)
    return _heard(_practised(table, you, mine), you), [answer]


def _practised(table: Table, seat: int, mine: Practice) -> Table:
    """The table with ``mine`` as the practice questions of ``seat``."""
    practice = list(table.practice)
    practice[seat] = mine
    return table._replace(practice=tuple(practice))


def _handed(table: Table, seat: int | None) -> tuple[Table, list[Event]]:
    """A person's seat goes to a gentle bot, at a table with a device each where another
    person still plays (one person's own game is never handed over)."""
    people = table.people_seats
    if not table.setup.devices or seat not in people or len(people) < 2:
        raise IllegalAction("not_a_move")
    unseen = list(table.unseen)
    unseen[seat] = ()  # nobody is there to be told
    table = table._replace(handed=(*table.handed, seat), unseen=tuple(unseen))
    # Nor to answer: a question left open would keep the next hole waiting for ever.
    mine = table.practice[seat]
    table = _practised(table, seat, mine._replace(answered=len(mine.asked), wrong_tries=0))
    return table, [Handed(seat)]


def on_the_line(asked: Question, tries: int, walk_first: bool = False) -> bool:
    """Whether try ``tries`` at ``asked`` is walked on a number line: a question of that
    kind, or a sum missed once, asked again on the line to work it out a step at a time;
    at a table set up to ``walk_first``, any sum that can go on the line, from its first
    try."""
    again = tries > 1 or walk_first
    return asked.on_line or (again and asked.can_go_on_line)


def _heard(table: Table, seat: int) -> Table:
    """The person in ``seat`` has made a move: they have been shown all that came before
    it."""
    unseen = list(table.unseen)
    unseen[seat] = ()
    return table._replace(unseen=tuple(unseen))


def _played(table: Table, action: Action, reason: Reason | None) -> tuple[Table, list[Event]]:
    before, seat = table.state, table.state.current
    assert seat is not None  # a move is made by the seat whose decision it is
    after = apply_action(before, action)
    rules = before.rules
    faces = spots.layout_view(before, seat)
    placed = spots.after_move(before, action).get(seat, faces)
    event = Played(
        seat=seat,
        action=action,
        card=public_card(before, action),
        changes=tuple(spots.changes(before, after, action)),
        pairs=tuple(map(tuple, spots.new_pairs(faces, placed, seat, rules))),
        reason=public(reason),
    )
    table = table._replace(state=after, moves=table.moves + 1)
    if len(after.results) > len(before.results):
        result = after.results[-1]
        shown = []
        for s, layout in enumerate(result.layouts):
            if layout is not None:
                shown += spots.new_pairs([""] * len(layout), layout, s, rules)
        event = event._replace(
            ended_hole=True,
            revealed=tuple(spots.reveal(before, action, result)),
            revealed_pairs=tuple(map(tuple, shown)),
        )
        for learner in table.setup.practising:
            if learner not in table.handed:  # a bot plays it: nobody there to ask
                table = _practised(table, learner, _asked(table, learner))
    if seat == table.at_device:
        # A person's move: they have seen all before it, unless it only finishes the turn
        # they just took (knocking, or not, straight after their own move).
        mine = table.unseen[seat]
        finishing = action in (KNOCK, END_TURN) and mine and mine[-1].seat == seat
        if not finishing:
            table = _heard(table, seat)
    unseen = tuple(
        told + (event,) if level is None else ()
        for told, level in zip(table.unseen, table.bots, strict=True)
    )
    return table._replace(unseen=unseen), [event]


# Reasons about a card only the bot may know: what everyone is told of them names no card.
SECRET_REASONS = frozenset({"swap_memory"})


def public(reason: Reason | None) -> Reason | None:
    """A bot's reason as everyone at the table may hear it."""
    if reason is not None and reason.code in SECRET_REASONS:
        return Reason(reason.code)
    return reason


def public_card(before: State, action: Action) -> str | None:
    """The card everyone sees in ``action``: taken from the pile, thrown away, turned
    over, or taken out of a layout for the pile. A card drawn from the stock is its drawer's
    secret until it lands face up."""
    seat, kind = before.current, action.kind
    if kind == "draw_discard":
        return before.discard[-1]
    if kind == "discard":
        return before.drawn
    if kind in ("flip", "swap"):
        # The seat whose decision it is turns over or swaps out the card at its place.
        assert seat is not None and action.pos is not None
        return before.layouts[seat][action.pos]
    return None


def _asked(table: Table, seat: int) -> Practice:
    """The practice questions of ``seat`` once a hole ends: about its own cards, chosen by
    its own plan, or the fixed choice; the same every time for the same game and hole."""
    setup, results, mine = table.setup, table.state.results, table.practice[seat]
    # The first person's questions are drawn as they were when only a child playing alone
    # was asked any, so that a game saved then replays the same.
    first = seat == setup.people_seats[0]
    rng = random.Random(f"practice:{setup.seed}:{len(results)}" + ("" if first else f":{seat}"))
    plan = setup.plan_of(seat)
    if plan is None:
        chosen = questions_after_hole(results, seat, setup.rules, rng)
    else:
        found = candidates(results, seat, setup.rules)
        last_hole = len(results) == setup.rules.holes
        chosen = choose(found, plan, rng, mine.last_kind, mine.practised, last_hole)
    mine = mine._replace(asked=tuple(q.key for q in chosen))
    if chosen:
        practised = mine.practised + tuple(q.skill.value for q in chosen)
        mine = mine._replace(last_kind=chosen[-1].kind, practised=practised)
    return mine


def rebuild(setup: Setup, log: Iterable[Move]) -> Table:
    """The table a game's log leads to: every move made again, the bots' as logged."""
    table = dealt(setup)
    for move in log:
        table = again(table, move)
    return table


def again(table: Table, move: Move) -> Table:
    """The table after a logged move is made again. A bot's reason is not logged: it is the
    bot's choice made again, if that still is the move logged (a bot of another version may
    choose otherwise)."""
    reason, now = None, stage(table)
    if now == Stage.BOTS:
        action, why = bot_choice(table)
        reason = why if action == move.action else None
    return advance(table, move, reason, now)[0]


def knock_waits(rules: Rules, turns: int, seats: tuple[int, ...]) -> bool:
    """Where a knock ends the hole instead of a draw (the easy game), a person may knock only
    once everyone has had a first turn (``turns`` done this hole): knocking at once ends the
    hole with cards the child has not seen since the peek. The bots' moves are the
    engine's; a game saved before this rule replays as it was played."""
    return rules.knock == "instead_of_draw" and turns < len(seats)


def offered(obs: Observation) -> Observation:
    """``obs`` with only the moves the table offers the person (see knock_waits)."""
    if not knock_waits(obs.rules, obs.turns, obs.seats):
        return obs
    actions = tuple(a for a in obs.legal_actions if a.kind != KNOCK.kind)
    return obs._replace(legal_actions=actions)


def must_ask_before_knocking(table: Table, now: Stage | None = None) -> bool:
    """A knock instead of drawing ends the hole at once: with a card still face down, the
    child is asked first (the table asks; the engine's rules are the same). ``now`` is the
    table's stage, as for apply."""
    state, you = table.state, table.at_device
    return (
        (stage(table) if now is None else now) == Stage.PLAY
        and you is not None
        and state.phase == "draw"
        and state.face_up[you].count(False) > 0
        and not knock_waits(state.rules, state.turns, state.seats)  # refused, not asked
    )


def offers_knock_after(obs: Observation) -> bool:
    """Knock Golf asks after every turn whether to knock. The table instead lets the child
    say so with the move that ends the turn, and says no for them otherwise."""
    if obs.rules.knock != "after_turn" or obs.caller is not None:
        return False
    kinds = {a.kind for a in obs.legal_actions}
    return bool(kinds & {"swap", "discard", "flip"}) and obs.phase != "start"


def suggestion(table: Table, now: Stage | None = None) -> tuple[Action, Reason] | None:
    """The steady bot's choice for the person at the table, and its reason; None when it
    is not their decision. ``now`` is the table's stage, when the caller has it already."""
    if (stage(table) if now is None else now) != Stage.PLAY:
        return None
    assert table.at_device is not None  # the person at the device decides
    obs = offered(observe(table.state, table.at_device))
    return hint(obs, random.Random(f"hint:{table.setup.seed}:{table.moves}"))
