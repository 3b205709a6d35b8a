"""What one seat may see: the only view of a game that a bot or a web page ever gets."""

from __future__ import annotations

from typing import NamedTuple

from .rules import Rules
from .state import OVER, Action, HoleResult, State, legal_tuple


class Observation(NamedTuple):
    """Immutable, compared field by field. A named tuple because one is built before every
    bot decision, and it is several times cheaper to build than a frozen dataclass."""

    rules: Rules
    seat: int
    players: int
    hole: int
    dealer: int
    seats: tuple[int, ...]
    phase: str
    current_player: int | None
    # Every layout with its face-up cards; None where a card is face down.
    layouts: tuple[tuple[str | None, ...], ...]
    # This seat's own face-down cards that it has seen: (place, card) pairs.
    memory: tuple[tuple[int, str], ...]
    discard: tuple[str, ...]  # the whole pile is public; top card last
    stock_size: int
    # The card being held, when this seat may see it (its own draw, or one from the discard).
    drawn: str | None
    drawn_from: str | None
    caller: int | None
    final_left: int
    turns: int
    totals: tuple[int, ...]
    results: tuple[HoleResult, ...]
    winners: tuple[int, ...]
    legal_actions: tuple[Action, ...]  # empty unless it is this seat's turn
    # Every card in view (face up, on the discard pile, or held after being taken from it)
    # as one tally (see tally.py): what a bot counts before every decision, kept by the
    # engine as the game goes.
    in_view: int

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def my_turn(self) -> bool:
        return self.current_player == self.seat

    def face_down_count(self, seat: int) -> int:
        return sum(1 for card in self.layouts[seat] if card is None)


def observe(state: State, seat: int) -> Observation:
    """Everything ``seat`` may know about ``state``, and nothing more."""
    if not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat} in a {state.players}-player game")
    known = state.known[seat]
    if known:
        own = state.layouts[seat]
        memory = tuple([(pos, own[pos]) for pos in sorted(known)])
    else:
        memory = ()
    mine = state.current == seat
    drawn = state.drawn if mine or state.drawn_from == "discard" else None
    # The tuple made directly, in field order, skipping the field-by-field __new__ that
    # NamedTuple writes: this runs before every bot decision.
    return tuple.__new__(
        Observation,
        (
            state.rules,
            seat,
            state.players,
            state.hole,
            state.dealer,
            state.seats,
            state.phase,
            state.current,
            state.shown,
            memory,
            state.discard,
            len(state.stock),
            drawn,
            state.drawn_from,
            state.caller,
            state.final_left,
            state.turns,
            state.totals,
            state.results,
            state.winners,
            legal_tuple(state) if mine else (),
            state.in_view,
        ),
    )
