"""What one seat may see: the only view of a game that a bot or a web page ever gets."""

from __future__ import annotations

from typing import NamedTuple

from .rules import Rules
from .state import Action, HoleResult, Phase, State, legal_actions


class Observation(NamedTuple):
    """One seat's view of the table; compared field by field. A named tuple, as State is:
    one is made for every bot decision, and a frozen dataclass is slower to make."""

    rules: Rules
    seat: int
    players: int
    hole: int
    dealer: int
    seats: tuple[int, ...]
    phase: Phase
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

    @property
    def is_over(self) -> bool:
        return self.phase == Phase.OVER

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
    # Everyone sees a card taken from the discard pile; a stock card only its taker.
    held_in_view = state.drawn if state.drawn_from == "discard" else None
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
    )
