"""A game of Golf as a value: rules, seed and the actions taken so far.

``apply_action`` never changes the state it is given; it returns a new one. Every container in
a state is a tuple, so states can share them freely and an old state stays exactly as it was.
Randomness lives in the state as the seed and how far its generator has been drawn, so a
game is fully determined by its rules, player count, seed and action list.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, NamedTuple

from .cards import build_deck
from .rules import Rules
from .scoring import apply_caller_penalty, layout_total
from .tally import tally_of

# The phases of a hole, each with its own legal actions.
START = "start"  # turning the two starting cards face up
DRAW = "draw"  # the current player chooses where to draw from (or flips, or knocks)
PLACE = "place"  # the current player holds a drawn card
KNOCK = "knock"  # Knock Golf: after a turn, knock or not
OVER = "over"

KINDS = ("flip", "draw_stock", "draw_discard", "swap", "discard", "knock", "end_turn")
_POSITIONED = frozenset({"flip", "swap"})


class IllegalAction(ValueError):
    """A move the rules do not allow here; its message says why, in plain words."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision. ``pos`` is a layout place, counted row by row from the top left."""

    kind: str
    pos: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind} if self.pos is None else {"kind": self.kind, "pos": self.pos}

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Read an action back; anything malformed is an :class:`IllegalAction`."""
        if not isinstance(data, dict) or set(data) - {"kind", "pos"}:
            raise IllegalAction("That is not a move in this game.")
        kind, pos = data.get("kind"), data.get("pos")
        if kind not in KINDS:
            raise IllegalAction("That is not a move in this game.")
        if kind in _POSITIONED:
            if type(pos) is not int:
                raise IllegalAction("That move needs a card place.")
        elif pos is not None:
            raise IllegalAction("That move does not take a card place.")
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
                raise IllegalAction("There is no card in that place.")
            data["pos"] = int(pos)
        return cls.from_json(data)


FLIPS = tuple(Action("flip", i) for i in range(9))
SWAPS = tuple(Action("swap", i) for i in range(9))
DRAW_STOCK = Action("draw_stock")
DRAW_DISCARD = Action("draw_discard")
DISCARD = Action("discard")
KNOCK_ACTION = Action("knock")
END_TURN = Action("end_turn")


class HoleResult(NamedTuple):
    """A finished hole: every layout turned up, and what each seat scored. A named tuple:
    a move reads back every finished hole of its game, and one is quicker to make than a
    frozen dataclass."""

    number: int
    # Per seat; None for a seat that sat out (only in an extra tie-break hole).
    layouts: tuple[tuple[str, ...] | None, ...]
    raw: tuple[int | None, ...]
    scores: tuple[int | None, ...]
    caller: int | None
    tiebreak: bool

    def to_json(self) -> list:
        """``[number, layouts, raw, scores, caller, tiebreak]``, each layout one line of
        cards (see State.to_json)."""
        layouts = [None if x is None else " ".join(x) for x in self.layouts]
        return [self.number, layouts, list(self.raw), list(self.scores), self.caller, self.tiebreak]

    @classmethod
    def from_json(cls, data: list) -> HoleResult:
        number, layouts, raw, scores, caller, tiebreak = data
        cards = tuple([None if x is None else tuple(x.split()) for x in layouts])
        return cls(number, cards, tuple(raw), tuple(scores), caller, tiebreak)


@dataclass(frozen=True, slots=True)
class SavedGenerator:
    """The game's private generator: ``random.Random(seed)`` after ``used`` 32-bit words.

    Every draw the engine makes takes exactly one word (a rejection choice by
    ``getrandbits(k)`` with k at most 32), so the count is the whole of the generator's
    state: a snapshot saves one number, and a shuffle restores the generator by seeding it
    and skipping that many words, which is quicker than reading back its 625 words.
    """

    seed: int
    used: int = 0

    def fresh(self) -> random.Random:
        """A new generator in this state, to shuffle with."""
        rng = random.Random(self.seed)
        if self.used:
            rng.getrandbits(32 * self.used)  # one call skips them all: a word per 32 bits
        return rng

    def after(self, words: int) -> SavedGenerator:
        return SavedGenerator(self.seed, self.used + words)


class State:
    """Where a game stands. Treat it as read-only: ``apply_action`` returns a new one."""

    rules: Rules
    players: int
    seed: int
    rng_state: SavedGenerator
    hole: int
    dealer: int
    seats: tuple[int, ...]  # the seats playing this hole, in turn order from seat 0
    tiebreak: bool
    phase: str
    current: int | None
    layouts: tuple[tuple[str, ...], ...]
    face_up: tuple[tuple[bool, ...], ...]
    # The layouts as everyone sees them: the card where it is face up, None where it is not.
    # Derived from layouts and face_up, but kept move by move so that observe is cheap.
    shown: tuple[tuple[str | None, ...], ...]
    # Every card in view (face up in a layout, on the discard pile, or held after being taken
    # from the pile) as one tally (see tally.py): derived too, kept move by move so that a
    # bot need not count the table before every decision.
    in_view: int
    # Face-down places whose card the owner has seen (the easy4 peek, memory mode).
    known: tuple[frozenset[int], ...]
    stock: tuple[str, ...]  # top card last
    discard: tuple[str, ...]  # top card last
    drawn: str | None
    drawn_from: str | None
    flips_left: tuple[int, ...]
    caller: int | None
    final_left: int  # turns still owed after the caller's
    turns: int  # turns completed this hole
    totals: tuple[int, ...]
    results: tuple[HoleResult, ...]
    winners: tuple[int, ...]

    def _clone(self) -> State:
        new = State.__new__(State)
        new.__dict__ = self.__dict__.copy()
        return new

    # --- the public face --------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat whose decision it is; None once the game is over."""
        return self.current

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<State {self.rules.name} hole {self.hole} phase {self.phase} "
            f"player {self.current} totals {self.totals}>"
        )

    # --- snapshots --------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The state as JSON data. Every pile and layout is one line of card codes
        ("QC 6D 10C") and each row of face-up flags one string ("100010"): a move saves and
        reads back its snapshot, and one string is far quicker to write and read than a
        list of them."""
        d = dict(self.__dict__)
        del d["shown"], d["in_view"]
        d["rules"] = self.rules.to_dict()
        del d["rng_state"]
        d["rng_used"] = self.rng_state.used
        d["known"] = [sorted(k) for k in self.known]
        d["results"] = [r.to_json() for r in self.results]
        for name in ("seats", "flips_left", "totals", "winners"):
            d[name] = list(d[name])
        d["stock"], d["discard"] = " ".join(self.stock), " ".join(self.discard)
        d["layouts"] = [" ".join(x) for x in self.layouts]
        d["face_up"] = ["".join(["1" if up else "0" for up in x]) for x in self.face_up]
        return d

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> State:
        s = cls.__new__(cls)
        data = dict(d)
        data["rules"] = Rules.from_dict(d["rules"])
        data["rng_state"] = SavedGenerator(d["seed"], data.pop("rng_used"))
        data["known"] = tuple([frozenset(k) for k in d["known"]])
        data["results"] = tuple([HoleResult.from_json(r) for r in d["results"]])
        for name in ("seats", "flips_left", "totals", "winners"):
            data[name] = tuple(d[name])
        data["stock"], data["discard"] = tuple(d["stock"].split()), tuple(d["discard"].split())
        # List comprehensions: quicker than generators for these few short rows.
        data["layouts"] = tuple([tuple(x.split()) for x in d["layouts"]])
        data["face_up"] = tuple([tuple([c == "1" for c in x]) for x in d["face_up"]])
        data["shown"] = _shown(data["layouts"], data["face_up"])
        s.__dict__ = data
        s.in_view = _in_view(s)
        return s


def _shown(layouts: Sequence[tuple[str, ...]], face_up: Sequence[tuple[bool, ...]]) -> tuple:
    return tuple(
        [
            tuple([card if up else None for card, up in zip(layout, ups, strict=True)])
            for layout, ups in zip(layouts, face_up, strict=True)
        ]
    )


def _in_view(s: State) -> int:
    """The tally of every card in view, worked out afresh (apply_action keeps it move by
    move)."""
    held = (s.drawn,) if s.drawn_from == "discard" else ()
    return tally_of(chain(chain.from_iterable(s.shown), s.discard, held), s.rules.tallies)


def _with(items: tuple, i: int, value: Any) -> tuple:
    # Through a list: quicker than gluing slices for tuples this short.
    changed = list(items)
    changed[i] = value
    return tuple(changed)


def _shuffled(state: State, cards: Sequence[str], rng: random.Random | None = None) -> list[str]:
    """Shuffle with the game's own generator and count the words drawn. ``rng``, when given,
    is that generator already live in the saved state (the first deal), so it need not be
    restored; the caller must not use it again."""
    if rng is None:
        rng = state.rng_state.fresh()
    deck = list(cards)
    state.rng_state = state.rng_state.after(_shuffle(deck, rng))
    return deck


def _shuffle(cards: list[str], rng: random.Random) -> int:
    """``rng.shuffle(cards)`` as Python 3.12 does it; returns the words it drew. Written out
    here for two reasons: a saved game replays only while the same seed deals the same
    cards, which Python does not promise for ``shuffle`` across versions; and inline it runs
    about twice as fast."""
    getrandbits = rng.getrandbits
    words = 0
    for i in reversed(range(1, len(cards))):
        # A uniform choice below n by rejection, as Random._randbelow does: a word a try.
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        words += 1
        while j >= n:
            j = getrandbits(k)
            words += 1
        cards[i], cards[j] = cards[j], cards[i]
    return words


def _below(n: int, rng: random.Random) -> tuple[int, int]:
    """``rng.randrange(n)`` as Python 3.12 does it, and the words it drew (see _shuffle)."""
    k = n.bit_length()
    choice, words = rng.getrandbits(k), 1
    while choice >= n:
        choice, words = rng.getrandbits(k), words + 1
    return choice, words


# --- starting -----------------------------------------------------------------------


def new_game(rules: Rules, players: int, seed: int) -> State:
    """Deal the first hole. The seed decides the first dealer and every shuffle."""
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"{rules.name} is for {rules.min_players} to {rules.max_players} players, not {players}"
        )
    if not isinstance(seed, int):
        raise TypeError("the seed must be a whole number")
    rng = random.Random(seed)
    s = State.__new__(State)
    s.rules, s.players, s.seed = rules, players, seed
    s.dealer, words = _below(players, rng)
    s.rng_state = SavedGenerator(seed, words)
    s.hole, s.seats, s.tiebreak = 1, tuple(range(players)), False
    s.totals, s.results, s.winners = (0,) * players, (), ()
    _deal(s, rng)
    return s


def _next_seat(s: State, seat: int) -> int:
    """The next seat clockwise that plays this hole."""
    if len(s.seats) == s.players:  # everyone plays, as in every hole but a tie-break
        return (seat + 1) % s.players
    for step in range(1, s.players + 1):
        nxt = (seat + step) % s.players
        if nxt in s.seats:
            return nxt
    raise AssertionError("a hole always has players")


def _deal(s: State, rng: random.Random | None = None) -> None:
    rules, n = s.rules, s.players
    deck = _shuffled(s, build_deck(rules.decks_for(n), jokers=rules.jokers is not None), rng)
    size = rules.size
    layouts: list[tuple[str, ...]] = [()] * n
    for seat in s.seats:
        layouts[seat] = tuple(deck.pop() for _ in range(size))
    s.layouts = tuple(layouts)
    s.face_up = tuple((False,) * (size if seat in s.seats else 0) for seat in range(n))
    s.shown = tuple((None,) * (size if seat in s.seats else 0) for seat in range(n))
    peeked = frozenset(rules.peek_positions)
    s.known = tuple(peeked if seat in s.seats else frozenset() for seat in range(n))
    s.discard = (deck.pop(),)
    s.stock = tuple(deck)
    s.drawn = s.drawn_from = s.caller = None
    s.final_left = s.turns = 0
    s.flips_left = tuple(rules.start_flips if seat in s.seats else 0 for seat in range(n))
    s.current = _next_seat(s, s.dealer)
    s.phase = START if rules.start_flips else DRAW
    s.in_view = _in_view(s)


# --- what may be done ---------------------------------------------------------------


def legal_actions(state: State) -> list[Action]:
    """Every action the current player may take, in a fixed order."""
    return list(legal_tuple(state))


# What may be done while holding a card, by layout size and by where the card came from.
_PLACING = {
    (size, from_stock): SWAPS[:size] + ((DISCARD,) if from_stock else ())
    for size in range(1, len(SWAPS) + 1)
    for from_stock in (True, False)
}
_BOTH_PILES = (DRAW_STOCK, DRAW_DISCARD)
_KNOCK_OR_NOT = (KNOCK_ACTION, END_TURN)


def legal_tuple(state: State) -> tuple[Action, ...]:
    """:func:`legal_actions` as a tuple, shared where it can be: observe builds one for every
    bot decision."""
    phase = state.phase
    if phase == PLACE:
        return _PLACING[state.rules.size, state.drawn_from == "stock"]
    if phase == DRAW:
        rules = state.rules
        can_stock = bool(state.stock) or len(state.discard) > 1
        can_discard = bool(state.discard)
        knock = rules.knock == "instead_of_draw" and state.caller is None
        if can_stock and can_discard and not knock and not rules.flip_instead_of_draw:
            return _BOTH_PILES
        actions: list[Action] = []
        if can_stock:
            actions.append(DRAW_STOCK)
        if can_discard:
            actions.append(DRAW_DISCARD)
        if rules.flip_instead_of_draw:
            up = state.face_up[state.current]
            actions += [FLIPS[i] for i in range(len(up)) if not up[i]]
        if knock:
            actions.append(KNOCK_ACTION)
        return tuple(actions)
    if phase == START:
        up = state.face_up[state.current]
        return tuple([FLIPS[i] for i in range(len(up)) if not up[i]])
    if phase == KNOCK:
        return _KNOCK_OR_NOT
    return ()


def _is_legal(state: State, action: Action) -> bool:
    """Exactly ``action in legal_actions(state)``, without building the list: it runs on
    every move. A property test holds the two to the same answer."""
    phase, kind, pos = state.phase, action.kind, action.pos
    if kind in _POSITIONED:
        # Compares as Action equality does, so True counts as place 1.
        if pos not in range(state.rules.size):
            return False
        if kind == "swap":
            return phase == PLACE
        if phase == START or (phase == DRAW and state.rules.flip_instead_of_draw):
            return not state.face_up[state.current][pos]
        return False
    if pos is not None:
        return False
    if phase == PLACE:
        return kind == "discard" and state.drawn_from == "stock"
    if phase == DRAW:
        if kind == "draw_stock":
            return bool(state.stock) or len(state.discard) > 1
        if kind == "draw_discard":
            return bool(state.discard)
        if kind == "knock":
            return state.rules.knock == "instead_of_draw" and state.caller is None
        return False
    return phase == KNOCK and kind in ("knock", "end_turn")


def _why_illegal(state: State, action: Action) -> str:
    """A plain reason for a refused action (only called once it is known to be illegal)."""
    phase, kind, rules = state.phase, action.kind, state.rules
    if phase == OVER:
        return "The game is over."
    if kind not in KINDS:
        return "That is not a move in this game."
    if kind in _POSITIONED and not (type(action.pos) is int and 0 <= action.pos < rules.size):
        return "There is no card in that place."
    if phase == START:
        if kind != "flip":
            return "First turn two of your cards face up."
        return "That card is already face up. Pick a face-down card."
    if phase == PLACE:
        if kind == "discard":
            return "A card from the discard pile must go into your layout."
        return "You are holding a card. Put it in your layout or throw it away."
    if phase == KNOCK:
        return "Your turn is done. Knock now, or let the next player go."
    # DRAW
    if kind in ("swap", "discard"):
        return "First take a card from the stock or the discard pile."
    if kind == "draw_stock":
        return "The stock is empty. Take the top card of the discard pile."
    if kind == "flip":
        if not rules.flip_instead_of_draw:
            return "In this game you can't turn a card over instead of drawing."
        return "That card is already face up."
    if kind == "knock":
        if rules.knock != "instead_of_draw":
            return "You can't knock now."
        return "Someone has already ended the hole. Take your last turn."
    return "Your turn is not over yet. Take a card first."


def apply_action(state: State, action: Action) -> State:
    """The state after ``action``. Raises :class:`IllegalAction` and changes nothing if the
    rules do not allow it."""
    if not isinstance(action, Action):
        raise IllegalAction("That is not a move in this game.")
    if not _is_legal(state, action):
        raise IllegalAction(_why_illegal(state, action))
    s = state._clone()
    seat, kind = s.current, action.kind
    if kind == "flip":
        _place(s, seat, action.pos, s.layouts[seat][action.pos], face_up=True)
        if s.phase == START:
            _after_start_flip(s)
        else:
            _finish_turn(s)
    elif kind == "draw_stock":
        if not s.stock:
            # Ours: an empty stock is made again from the discard pile, all but its top card.
            s.stock = tuple(_shuffled(s, s.discard[:-1]))
            s.discard = s.discard[-1:]
            s.in_view = _in_view(s)
        s.drawn, s.drawn_from = s.stock[-1], "stock"
        s.stock = s.stock[:-1]
        s.phase = PLACE
    elif kind == "draw_discard":
        s.drawn, s.drawn_from = s.discard[-1], "discard"
        s.discard = s.discard[:-1]
        s.phase = PLACE
    elif kind == "swap":
        replaced = s.layouts[seat][action.pos]
        tallies = s.rules.tallies
        if s.drawn_from == "discard":
            s.in_view -= tallies[s.drawn]  # no longer held in view; _place counts it if shown
        # In memory mode a card goes in face down, and only its owner knows it.
        _place(s, seat, action.pos, s.drawn, face_up=not s.rules.memory_mode)
        s.discard += (replaced,)
        s.in_view += tallies[replaced]
        s.drawn = s.drawn_from = None
        _finish_turn(s)
    elif kind == "discard":
        s.discard += (s.drawn,)
        s.in_view += s.rules.tallies[s.drawn]
        s.drawn = s.drawn_from = None
        _finish_turn(s)
    elif kind == "knock":
        _call(s, seat)
        _next_turn(s, called_now=True)
    else:  # end_turn
        _next_turn(s, called_now=False)
    return s


def _place(s: State, seat: int, pos: int, card: str, face_up: bool) -> None:
    """Put ``card`` at ``pos`` in a layout, face up or (known to its owner) face down."""
    if s.layouts[seat][pos] != card:
        s.layouts = _with(s.layouts, seat, _with(s.layouts[seat], pos, card))
    ups = s.face_up[seat]
    if ups[pos] != face_up:  # a swap onto a face-up card leaves it face up
        s.face_up = _with(s.face_up, seat, _with(ups, pos, face_up))
    row = s.shown[seat]
    was, now = row[pos], card if face_up else None
    s.shown = _with(s.shown, seat, _with(row, pos, now))
    tallies = s.rules.tallies
    s.in_view += tallies[now] - tallies[was]
    known = s.known[seat]
    if face_up and pos in known:
        s.known = _with(s.known, seat, known - {pos})
    elif not face_up:
        s.known = _with(s.known, seat, known | {pos})


def _after_start_flip(s: State) -> None:
    s.flips_left = _with(s.flips_left, s.current, s.flips_left[s.current] - 1)
    if s.flips_left[s.current]:
        return
    first = _next_seat(s, s.dealer)
    seat = _next_seat(s, s.current)
    if seat == first:
        s.phase = DRAW
    s.current = seat


def _call(s: State, seat: int) -> None:
    s.caller = seat
    s.final_left = len(s.seats) - 1


def _finish_turn(s: State) -> None:
    """The current player has played their card; see whether they end the hole."""
    seat, rules = s.current, s.rules
    if s.caller is None:
        if rules.out_when_all_face_up and all(s.face_up[seat]):
            _call(s, seat)
            _next_turn(s, called_now=True)
            return
        if rules.knock == "after_turn":
            s.phase = KNOCK
            return
    _next_turn(s, called_now=False)


def _next_turn(s: State, called_now: bool) -> None:
    s.turns += 1
    if s.caller is not None:
        if not called_now:
            s.final_left -= 1
        if s.final_left == 0:
            _end_hole(s)
            return
    elif s.turns >= s.rules.round_limit * len(s.seats):
        # Ours: a hole that has gone its full number of rounds ends when the round does.
        _end_hole(s)
        return
    s.current = _next_seat(s, s.current)
    s.phase = DRAW


def _end_hole(s: State) -> None:
    rules, n = s.rules, s.players
    raw = {seat: layout_total(s.layouts[seat], rules) for seat in s.seats}
    scores = apply_caller_penalty(raw, s.caller, rules)
    s.results += (
        HoleResult(
            number=s.hole,
            layouts=tuple([s.layouts[p] if p in raw else None for p in range(n)]),
            raw=tuple([raw.get(p) for p in range(n)]),
            scores=tuple([scores.get(p) for p in range(n)]),
            caller=s.caller,
            tiebreak=s.tiebreak,
        ),
    )
    if s.tiebreak:
        _game_over(s, scores)
        return
    s.totals = tuple([t + scores.get(p, 0) for p, t in enumerate(s.totals)])
    if s.hole < rules.holes:
        s.hole += 1
        s.dealer = (s.dealer + 1) % n
        _deal(s)
        return
    low = min(s.totals)
    tied = tuple([p for p, t in enumerate(s.totals) if t == low])
    if len(tied) > 1 and rules.extra_hole:
        s.hole += 1
        s.dealer = (s.dealer + 1) % n
        s.seats, s.tiebreak = tied, True
        _deal(s)
        return
    _game_over(s, dict(enumerate(s.totals)))


def _game_over(s: State, deciding: dict[int, int]) -> None:
    low = min(deciding.values())
    s.winners = tuple([p for p, v in sorted(deciding.items()) if v == low])
    s.face_up = tuple([(True,) * len(layout) for layout in s.layouts])
    s.shown = s.layouts
    s.known = tuple([frozenset() for _ in s.layouts])
    s.phase, s.current = OVER, None
    s.in_view = _in_view(s)


def replay(rules: Rules, players: int, seed: int, actions: Iterable[Action]) -> State:
    """Fold the action log over a new game: the same log always gives the same state."""
    state = new_game(rules, players, seed)
    for action in actions:
        state = apply_action(state, action)
    return state
