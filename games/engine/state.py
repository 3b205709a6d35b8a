"""A game of Golf as a value: rules, seed and the actions taken so far.

A state is a frozen dataclass holding tuples, so ``apply_action`` makes a new one and the
state it was given stays exactly as it was. No random generator lives in a state: each
shuffle makes its own from the game's seed, the hole and the shuffle's number within the
hole, so a game is fully determined by its rules, player count, seed and action list.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from .cards import build_deck
from .rules import Rules
from .scoring import apply_caller_penalty, score_cards


class Phase(StrEnum):
    """The phases of a hole, each with its own legal actions. A snapshot keeps the text."""

    START = "start"  # turning the two starting cards face up
    DRAW = "draw"  # the current player chooses where to draw from (or flips, or knocks)
    PLACE = "place"  # the current player holds a drawn card
    KNOCK = "knock"  # Knock Golf: after a turn, knock or not
    OVER = "over"


class ActionKind(StrEnum):
    """What an action does. A game's log keeps the text: ``"draw_stock"``, ``"swap:3"``."""

    FLIP = "flip"
    DRAW_STOCK = "draw_stock"
    DRAW_DISCARD = "draw_discard"
    SWAP = "swap"
    DISCARD = "discard"
    KNOCK = "knock"
    END_TURN = "end_turn"


_POSITIONED = frozenset({ActionKind.FLIP, ActionKind.SWAP})


# Why a move is refused: the codes an IllegalAction may have. The engine's own, then the
# table's (games.table), which refuses moves of its own with the same exception.
REFUSALS = frozenset(
    {
        "not_a_move",
        "needs_place",
        "takes_no_place",
        "no_such_place",
        "game_over",
        "start_flips_first",
        "start_flip_face_up",
        "pile_card_stays",
        "holding_a_card",
        "knock_or_not",
        "take_a_card_first",
        "stock_empty",
        "no_flip_instead",
        "face_up_already",
        "no_knocking",
        "hole_already_ended",
        "turn_not_over",
        # the table's
        "not_your_turn",
        "no_hole_to_finish",
        "nothing_to_remember",
        "nobody_to_pass_to",
        "no_question",
        "others_answering",
        "pick_a_player",
        "no_answer",
        "land_each_step",
        "knock_after_first_turn",
    }
)


class IllegalAction(ValueError):
    """A move the rules do not allow here. ``code`` says why: the engine holds no words, so
    the table makes the sentence where it is shown (``games.words.refusals.refusal``). Its text,
    ``str(error)``, is the code."""

    def __init__(self, code: str) -> None:
        if code not in REFUSALS:
            raise ValueError(f"{code!r} is not a reason to refuse a move")
        super().__init__(code)
        self.code = code


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. ``pos`` is a layout place, counted row by row from the top left."""

    kind: ActionKind
    pos: int | None = None

    def to_json(self) -> dict[str, Any]:
        kind = str(self.kind)
        return {"kind": kind} if self.pos is None else {"kind": kind, "pos": self.pos}

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Read an action back; anything malformed is an :class:`IllegalAction`."""
        if not isinstance(data, dict) or set(data) - {"kind", "pos"}:
            raise IllegalAction("not_a_move")
        try:
            kind = ActionKind(data.get("kind", ""))
        except ValueError:
            raise IllegalAction("not_a_move") from None
        pos = data.get("pos")
        if kind in _POSITIONED:
            if type(pos) is not int:
                raise IllegalAction("needs_place")
        elif pos is not None:
            raise IllegalAction("takes_no_place")
        return cls(kind, pos)

    def __str__(self) -> str:
        """The action as text, ``"swap:3"`` or ``"draw_stock"``: see :meth:`from_text`."""
        return self.kind if self.pos is None else f"{self.kind}:{self.pos}"

    @classmethod
    def from_text(cls, text: str) -> Action:
        """Read ``str(action)`` back; anything else is an :class:`IllegalAction`."""
        kind, _, pos = text.partition(":")
        data: dict[str, Any] = {"kind": kind}
        if pos:
            # isdigit alone would let in digits int() refuses ("²") or reads ("٣" is 3).
            if not (pos.isascii() and pos.isdigit()) or len(pos) > 2:
                raise IllegalAction("no_such_place")
            data["pos"] = int(pos)
        return cls.from_json(data)


DRAW_STOCK = Action(ActionKind.DRAW_STOCK)
DRAW_DISCARD = Action(ActionKind.DRAW_DISCARD)
DISCARD = Action(ActionKind.DISCARD)
KNOCK_ACTION = Action(ActionKind.KNOCK)
END_TURN = Action(ActionKind.END_TURN)


@dataclass(frozen=True, slots=True)
class HoleResult:
    """A finished hole: every layout turned up, and what each seat scored."""

    number: int
    # Per seat; None for a seat that sat out (only in an extra tie-break hole).
    layouts: tuple[tuple[str, ...] | None, ...]
    raw: tuple[int | None, ...]
    scores: tuple[int | None, ...]
    caller: int | None
    tiebreak: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "layouts": [None if cards is None else list(cards) for cards in self.layouts],
            "raw": list(self.raw),
            "scores": list(self.scores),
            "caller": self.caller,
            "tiebreak": self.tiebreak,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HoleResult:
        return cls(
            number=data["number"],
            layouts=tuple(None if cards is None else tuple(cards) for cards in data["layouts"]),
            raw=tuple(data["raw"]),
            scores=tuple(data["scores"]),
            caller=data["caller"],
            tiebreak=data["tiebreak"],
        )


class State(NamedTuple):
    """Where a game stands. Layouts and their face-up flags are per seat, each a tuple of
    places counted row by row; a seat that sits out a tie-break hole has empty ones.

    A named tuple: immutable and compared field by field like a frozen dataclass, and much
    cheaper to copy changed (``state._replace(...)``), which keeps simulated play quick
    (docs/benchmarks.md).
    """

    rules: Rules
    players: int
    seed: int
    hole: int
    dealer: int
    seats: tuple[int, ...]  # the seats playing this hole, in turn order from seat 0
    tiebreak: bool
    phase: Phase
    current: int | None
    layouts: tuple[tuple[str, ...], ...]
    face_up: tuple[tuple[bool, ...], ...]
    # Face-down places whose card the owner has seen (the easy4 peek, memory mode).
    known: tuple[frozenset[int], ...]
    stock: tuple[str, ...]  # top card last
    discard: tuple[str, ...]  # top card last
    drawn: str | None
    drawn_from: str | None
    shuffles: int  # shuffles so far this hole, the deal's included: numbers the next one
    caller: int | None
    final_left: int  # turns still owed after the caller's
    turns: int  # turns completed this hole
    totals: tuple[int, ...]
    results: tuple[HoleResult, ...]
    winners: tuple[int, ...]

    @property
    def current_player(self) -> int | None:
        """The seat whose decision it is; None once the game is over."""
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    def __repr__(self) -> str:
        return (
            f"<State {self.rules.name} hole {self.hole} phase {self.phase} "
            f"player {self.current} totals {self.totals}>"
        )

    # --- snapshots --------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The state as plain JSON data: lists of card codes and of flags."""
        return {
            "rules": self.rules.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "hole": self.hole,
            "dealer": self.dealer,
            "seats": list(self.seats),
            "tiebreak": self.tiebreak,
            "phase": str(self.phase),
            "current": self.current,
            "layouts": [list(cards) for cards in self.layouts],
            "face_up": [list(flags) for flags in self.face_up],
            "known": [sorted(places) for places in self.known],
            "stock": list(self.stock),
            "discard": list(self.discard),
            "drawn": self.drawn,
            "drawn_from": self.drawn_from,
            "shuffles": self.shuffles,
            "caller": self.caller,
            "final_left": self.final_left,
            "turns": self.turns,
            "totals": list(self.totals),
            "results": [result.to_json() for result in self.results],
            "winners": list(self.winners),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        return cls(
            rules=Rules.from_dict(data["rules"]),
            players=data["players"],
            seed=data["seed"],
            hole=data["hole"],
            dealer=data["dealer"],
            seats=tuple(data["seats"]),
            tiebreak=data["tiebreak"],
            phase=Phase(data["phase"]),
            current=data["current"],
            layouts=tuple(tuple(cards) for cards in data["layouts"]),
            face_up=tuple(tuple(flags) for flags in data["face_up"]),
            known=tuple(frozenset(places) for places in data["known"]),
            stock=tuple(data["stock"]),
            discard=tuple(data["discard"]),
            drawn=data["drawn"],
            drawn_from=data["drawn_from"],
            shuffles=data["shuffles"],
            caller=data["caller"],
            final_left=data["final_left"],
            turns=data["turns"],
            totals=tuple(data["totals"]),
            results=tuple(HoleResult.from_json(result) for result in data["results"]),
            winners=tuple(data["winners"]),
        )


# --- randomness ---------------------------------------------------------------------
#
# Saved games replay only while a seed deals the same cards, and Python promises neither
# random.shuffle nor random.randrange to stay the same across versions. So both are written
# out here (as Python 3.12 has them), drawing only on getrandbits, whose output a seed
# fixes. The first dealer and every shuffle have a generator of their own, seeded with a
# string made from the game's seed: a string seed is hashed with SHA-512, the same on every
# version, and no generator needs saving between moves.


def _generator(seed: int, hole: int, shuffle: int) -> random.Random:
    """The generator for one shuffle: shuffle 0 of a hole is its deal, and each time the
    stock is made again from the discard pile is the next."""
    return random.Random(f"{seed}:{hole}:{shuffle}")


def _below(n: int, rng: random.Random) -> int:
    """A whole number from 0 to ``n - 1``, each as likely: try numbers of n's bit length
    until one is below n."""
    bits = n.bit_length()
    choice = rng.getrandbits(bits)
    while choice >= n:
        choice = rng.getrandbits(bits)
    return choice


def _shuffle(cards: list[str], rng: random.Random) -> None:
    """Shuffle ``cards`` in place: from the last place down, swap each card with one at
    or before it (the Fisher-Yates shuffle)."""
    for i in reversed(range(1, len(cards))):
        j = _below(i + 1, rng)
        cards[i], cards[j] = cards[j], cards[i]


# --- starting a game and a hole -----------------------------------------------------


def new_game(rules: Rules, players: int, seed: int) -> State:
    """Deal the first hole. The seed decides the first dealer and every shuffle."""
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {players}"
        )
    if not isinstance(seed, int):
        raise TypeError("the seed must be a whole number")
    # The table before the first deal: _deal fills in everything about the hole.
    table = State(
        rules=rules,
        players=players,
        seed=seed,
        hole=1,
        dealer=_below(players, random.Random(f"{seed}:first dealer")),
        seats=tuple(range(players)),
        tiebreak=False,
        phase=Phase.START,
        current=None,
        layouts=(),
        face_up=(),
        known=(),
        stock=(),
        discard=(),
        drawn=None,
        drawn_from=None,
        shuffles=0,
        caller=None,
        final_left=0,
        turns=0,
        totals=(0,) * players,
        results=(),
        winners=(),
    )
    return _deal(table)


def _deal(s: State) -> State:
    """Shuffle every card and deal hole ``s.hole`` to ``s.seats``; the player left of the
    dealer goes first."""
    rules = s.rules
    deck = build_deck(rules.decks_for(s.players), jokers=rules.jokers is not None)
    _shuffle(deck, _generator(s.seed, s.hole, 0))
    layouts: list[tuple[str, ...]] = []
    for seat in range(s.players):
        cards = [deck.pop() for _ in range(rules.size)] if seat in s.seats else []
        layouts.append(tuple(cards))
    top = deck.pop()
    return s._replace(
        layouts=tuple(layouts),
        face_up=tuple((False,) * len(cards) for cards in layouts),
        known=tuple(frozenset(rules.peek_positions if cards else ()) for cards in layouts),
        stock=tuple(deck),
        discard=(top,),
        drawn=None,
        drawn_from=None,
        shuffles=1,
        caller=None,
        final_left=0,
        turns=0,
        current=_next_seat(s, s.dealer),
        phase=Phase.START if rules.start_flips else Phase.DRAW,
    )


def _deciding(s: State) -> int:
    """The seat whose decision it is: every phase has one but the game's end."""
    assert s.current is not None, "the game is over"
    return s.current


def _next_seat(s: State, seat: int) -> int:
    """The next seat clockwise that plays this hole."""
    for step in range(1, s.players + 1):
        nxt = (seat + step) % s.players
        if nxt in s.seats:
            return nxt
    raise AssertionError("a hole always has players")


# --- what may be done ---------------------------------------------------------------


def legal_actions(state: State) -> list[Action]:
    """Every action the current player may take, in a fixed order. This is the one
    statement of what the rules allow: :func:`apply_action` refuses anything else."""
    rules = state.rules
    if state.phase == Phase.START:
        return _face_down_flips(state)
    if state.phase == Phase.DRAW:
        actions = []
        # An empty stock is made again from the discard pile, all but its top card.
        if state.stock or len(state.discard) > 1:
            actions.append(DRAW_STOCK)
        if state.discard:
            actions.append(DRAW_DISCARD)
        if rules.flip_instead_of_draw:
            actions += _face_down_flips(state)
        if rules.knock == "instead_of_draw" and state.caller is None:
            actions.append(KNOCK_ACTION)
        return actions
    if state.phase == Phase.PLACE:
        swaps = [Action(ActionKind.SWAP, pos) for pos in range(rules.size)]
        # A card taken from the discard pile must go into the layout.
        return swaps + [DISCARD] if state.drawn_from == "stock" else swaps
    if state.phase == Phase.KNOCK:
        return [KNOCK_ACTION, END_TURN]
    return []


def _face_down_flips(state: State) -> list[Action]:
    face_up = state.face_up[_deciding(state)]
    return [Action(ActionKind.FLIP, pos) for pos, up in enumerate(face_up) if not up]


def _why_illegal(state: State, action: Action) -> str:
    """Why :func:`legal_actions` does not offer ``action``: the code of an
    :class:`IllegalAction` (``games.words.refusals.refusal`` says it in words)."""
    phase, kind, rules = state.phase, action.kind, state.rules
    if phase == Phase.OVER:
        return "game_over"
    if kind not in ActionKind:
        return "not_a_move"
    if kind in _POSITIONED and not (type(action.pos) is int and 0 <= action.pos < rules.size):
        return "no_such_place"
    if phase == Phase.START:
        if kind != ActionKind.FLIP:
            return "start_flips_first"
        return "start_flip_face_up"
    if phase == Phase.PLACE:
        if kind == ActionKind.DISCARD:
            return "pile_card_stays"
        return "holding_a_card"
    if phase == Phase.KNOCK:
        return "knock_or_not"
    # DRAW
    if kind in (ActionKind.SWAP, ActionKind.DISCARD):
        return "take_a_card_first"
    if kind == ActionKind.DRAW_STOCK:
        return "stock_empty"
    if kind == ActionKind.FLIP:
        if not rules.flip_instead_of_draw:
            return "no_flip_instead"
        return "face_up_already"
    if kind == ActionKind.KNOCK:
        if rules.knock != "instead_of_draw":
            return "no_knocking"
        return "hole_already_ended"
    return "turn_not_over"


# --- playing ------------------------------------------------------------------------


def apply_action(state: State, action: Action) -> State:
    """The state after ``action``. Raises :class:`IllegalAction` if the rules do not allow
    it; ``state`` itself never changes."""
    if not isinstance(action, Action):
        raise IllegalAction("not_a_move")
    if action not in legal_actions(state):
        raise IllegalAction(_why_illegal(state, action))
    seat = _deciding(state)
    match action.kind:
        case ActionKind.FLIP:
            assert action.pos is not None  # a legal flip has its place
            flipped = _place(state, seat, action.pos, state.layouts[seat][action.pos], face_up=True)
            return (
                _after_start_flip(flipped) if state.phase == Phase.START else _finish_turn(flipped)
            )
        case ActionKind.DRAW_STOCK:
            s = state if state.stock else _remake_stock(state)
            return s._replace(
                stock=s.stock[:-1], drawn=s.stock[-1], drawn_from="stock", phase=Phase.PLACE
            )
        case ActionKind.DRAW_DISCARD:
            return state._replace(
                discard=state.discard[:-1],
                drawn=state.discard[-1],
                drawn_from="discard",
                phase=Phase.PLACE,
            )
        case ActionKind.SWAP:
            # A legal swap has its place, and a card drawn to put there.
            assert action.pos is not None and state.drawn is not None
            replaced = state.layouts[seat][action.pos]
            # In memory mode a card goes in face down, and only its owner knows it.
            s = _place(state, seat, action.pos, state.drawn, face_up=not state.rules.memory_mode)
            return _finish_turn(
                s._replace(discard=s.discard + (replaced,), drawn=None, drawn_from=None)
            )
        case ActionKind.DISCARD:
            assert state.drawn is not None  # a legal discard has a card drawn to throw
            return _finish_turn(
                state._replace(discard=state.discard + (state.drawn,), drawn=None, drawn_from=None)
            )
        case ActionKind.KNOCK:
            return _next_turn(state, calls=True)
        case _:  # end_turn
            return _next_turn(state)


def _with(items: tuple, i: int, value: Any) -> tuple:
    """``items`` with the one at ``i`` changed to ``value``."""
    return items[:i] + (value,) + items[i + 1 :]


def _place(s: State, seat: int, pos: int, card: str, face_up: bool) -> State:
    """Put ``card`` at ``pos`` in a layout, face up or (known to its owner) face down."""
    known = s.known[seat] - {pos} if face_up else s.known[seat] | {pos}
    return s._replace(
        layouts=_with(s.layouts, seat, _with(s.layouts[seat], pos, card)),
        face_up=_with(s.face_up, seat, _with(s.face_up[seat], pos, face_up)),
        known=_with(s.known, seat, known),
    )


def _remake_stock(s: State) -> State:
    """Ours: an empty stock is made again from the discard pile, all but its top card."""
    cards = list(s.discard[:-1])
    _shuffle(cards, _generator(s.seed, s.hole, s.shuffles))
    return s._replace(stock=tuple(cards), discard=s.discard[-1:], shuffles=s.shuffles + 1)


def _after_start_flip(s: State) -> State:
    """After a starting card is turned up: the next player's turn to flip once this one has
    flipped all theirs, and the hole's first turn once everyone has."""
    flipper = _deciding(s)
    if sum(s.face_up[flipper]) < s.rules.start_flips:
        return s
    seat = _next_seat(s, flipper)
    everyone_flipped = seat == _next_seat(s, s.dealer)
    return s._replace(current=seat, phase=Phase.DRAW if everyone_flipped else Phase.START)


def _finish_turn(s: State) -> State:
    """The current player has played their card; see whether they end the hole."""
    if s.caller is None:
        if s.rules.out_when_all_face_up and all(s.face_up[_deciding(s)]):
            return _next_turn(s, calls=True)
        if s.rules.knock == "after_turn":
            return s._replace(phase=Phase.KNOCK)
    return _next_turn(s)


def _next_turn(s: State, calls: bool = False) -> State:
    """The current player's turn is over. If it ``calls`` (a knock, or going out), it ends
    the hole: everyone else has one more turn. Then end the hole once it is done, or pass
    play on clockwise."""
    seat = _deciding(s)
    if calls:
        caller, final_left = seat, len(s.seats) - 1
    elif s.caller is not None:
        caller, final_left = s.caller, s.final_left - 1
    else:
        caller, final_left = None, 0
    turns = s.turns + 1
    if caller is not None:
        hole_done = final_left == 0
    else:
        # Ours: a hole that has gone its full number of rounds ends when the round does.
        hole_done = turns >= s.rules.round_limit * len(s.seats)
    s = s._replace(
        caller=caller,
        final_left=final_left,
        turns=turns,
        current=_next_seat(s, seat),
        phase=Phase.DRAW,
    )
    return _end_hole(s) if hole_done else s


def _end_hole(s: State) -> State:
    """Score every layout, then deal the next hole or end the game."""
    rules, n = s.rules, s.players
    raw = {seat: score_cards(s.layouts[seat], rules).total for seat in s.seats}
    scores = apply_caller_penalty(raw, s.caller, rules)
    result = HoleResult(
        number=s.hole,
        layouts=tuple(s.layouts[p] if p in raw else None for p in range(n)),
        raw=tuple(raw.get(p) for p in range(n)),
        scores=tuple(scores.get(p) for p in range(n)),
        caller=s.caller,
        tiebreak=s.tiebreak,
    )
    s = s._replace(results=s.results + (result,))
    if s.tiebreak:
        return _game_over(s, scores)
    s = s._replace(totals=tuple(t + scores.get(p, 0) for p, t in enumerate(s.totals)))
    if s.hole < rules.holes:
        return _deal(s._replace(hole=s.hole + 1, dealer=(s.dealer + 1) % n))
    low = min(s.totals)
    tied = tuple(p for p, t in enumerate(s.totals) if t == low)
    if len(tied) > 1 and rules.extra_hole:
        return _deal(
            s._replace(hole=s.hole + 1, dealer=(s.dealer + 1) % n, seats=tied, tiebreak=True)
        )
    return _game_over(s, dict(enumerate(s.totals)))


def _game_over(s: State, deciding: dict[int, int]) -> State:
    """The lowest of ``deciding`` (seat to score) wins; every card is turned up."""
    low = min(deciding.values())
    return s._replace(
        winners=tuple(p for p, v in sorted(deciding.items()) if v == low),
        face_up=tuple((True,) * len(cards) for cards in s.layouts),
        known=tuple(frozenset() for _ in s.layouts),
        phase=Phase.OVER,
        current=None,
    )


def rebuild(rules: Rules, players: int, seed: int, actions: Iterable[Action]) -> State:
    """Fold the action log over a new game: the same log always gives the same state."""
    state = new_game(rules, players, seed)
    for action in actions:
        state = apply_action(state, action)
    return state
