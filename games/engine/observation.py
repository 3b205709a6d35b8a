"""What one seat may see: the only view of a game that a bot or a web page ever gets."""

from __future__ import annotations

from dataclasses import dataclass

from .rules import Rules
from .state import OVER, Action, HoleResult, State, legal_actions
from .tally import tally_of


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of the table; compared field by field."""

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
    # For the bots only: every card in view (face up, on the discard pile, or held after
    # being taken from it) as one tally (see tally.py).
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
    layouts = tuple(
        tuple(card if up else None for card, up in zip(cards, face_up, strict=True))
        for cards, face_up in zip(state.layouts, state.face_up, strict=True)
    )
    own = state.layouts[seat]
    mine = state.current == seat
    held_in_view = state.drawn if state.drawn_from == "discard" else None
    # A face-down place (None) tallies 0, and so does no card held in view.
    in_view = [card for cards in layouts for card in cards] + [*state.discard, held_in_view]
    return Observation(
        rules=state.rules,
        seat=seat,
        players=state.players,
        hole=state.hole,
        dealer=state.dealer,
        seats=state.seats,
        phase=state.phase,
        current_player=state.current,
        layouts=layouts,
        memory=tuple((pos, own[pos]) for pos in sorted(state.known[seat])),
        discard=state.discard,
        stock_size=len(state.stock),
        drawn=state.drawn if mine else held_in_view,
        drawn_from=state.drawn_from,
        caller=state.caller,
        final_left=state.final_left,
        turns=state.turns,
        totals=state.totals,
        results=state.results,
        winners=state.winners,
        legal_actions=tuple(legal_actions(state)) if mine else (),
        in_view=tally_of(in_view, state.rules.tallies),
    )
