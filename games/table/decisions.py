"""What a child's move at the table shows of their maths, judged only from what they could see
(plain Python): a chance to make a pair taken or missed, a lower card kept over a higher one
(or the other way round), a negative card kept or thrown away. The lessons read them as
evidence beside the child's answers (lessons.core.choice).
"""

from __future__ import annotations

from typing import NamedTuple

from games.engine import Action, ActionKind, Observation, observe, rank

from .spots import pairs
from .state import Table


class Decision(NamedTuple):
    kind: str  # PAIR, LOWER or NEGATIVE
    good: bool


PAIR = "pair"  # a pair could be made with the card held: made, or not
LOWER = "lower"  # the card held took the place of a card the child knew: lower, or higher
NEGATIVE = "negative"  # the card held was worth less than 0: kept, or thrown away


def decisions(table: Table, action: Action) -> list[Decision]:
    """What the child at the device showed by making ``action`` at ``table`` (before it):
    only a card held is a choice worth judging, a swap or a throw."""
    seat = table.at_device
    state = table.state
    if (
        seat is None
        or state.current != seat
        or action.kind
        not in (
            ActionKind.SWAP,
            ActionKind.DISCARD,
        )
    ):
        return []
    seen = observe(state, seat)
    held = seen.drawn
    if held is None:
        return []
    found = []
    pair_places = places_for_a_pair(seen, held)
    if pair_places:
        found.append(Decision(PAIR, action.pos in pair_places))
    rules = seen.rules
    worth = rules.values[rank(held)]
    if action.kind == ActionKind.SWAP and action.pos is not None:
        old = known(seen, action.pos)
        makes_a_pair = action.pos in pair_places
        if old is not None and not makes_a_pair and rules.values[rank(old)] != worth:
            found.append(Decision(LOWER, worth < rules.values[rank(old)]))
    if worth < 0:
        found.append(Decision(NEGATIVE, action.kind == ActionKind.SWAP))
    return found


def known(seen: Observation, pos: int) -> str | None:
    """The card at ``pos`` of the seat's own layout, if it is face up or remembered."""
    face_up = seen.layouts[seen.seat][pos]
    return face_up or dict(seen.memory).get(pos)


def places_for_a_pair(seen: Observation, held: str) -> set[int]:
    """Where in the seat's own layout the card held would make a new pair, with the cards
    the seat can see or remembers."""
    cards = [known(seen, pos) for pos in range(len(seen.layouts[seen.seat]))]
    before = {tuple(group) for group in pairs(cards, seen.rules)}
    found = set()
    for pos in range(len(cards)):
        after = [*cards]
        after[pos] = held
        if any(tuple(group) not in before and pos in group for group in pairs(after, seen.rules)):
            found.add(pos)
    return found
