"""The spots on the table a card can be in, and what a move changes there.

A spot is a fact, not a page's element: ``("stock",)``, ``("pile",)``, ``("hand", 1)`` (the
card seat 1 holds) or ``("card", 1, 4)`` (seat 1's place 4). Its value is a card code, ``""``
for a card face down, or None for no card; the stock's is how many cards it holds. A change is
told as everyone at the table sees it, so it can be shown to whoever looks next.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import Action, HoleResult, Rules, State, rank
from games.engine.scoring import matched_rank

Spot = tuple  # ("stock",), ("pile",), ("hand", seat) or ("card", seat, place)
Change = tuple[Spot, str | int | None, str | int | None]

STOCK: Spot = ("stock",)
PILE: Spot = ("pile",)


def card_spot(seat: int, pos: int) -> Spot:
    return ("card", seat, pos)


def hand_spot(seat: int) -> Spot:
    return ("hand", seat)


def shown(state: State, seat: int, pos: int) -> str:
    return state.layouts[seat][pos] if state.face_up[seat][pos] else ""


def held(state: State) -> str:
    """The drawn card as everyone at the table sees it: its code once it came from the
    pile, else "" while it is the drawer's secret."""
    if state.drawn_from != "discard":
        return ""
    assert state.drawn is not None  # a card drawn is held until it is placed
    return state.drawn


def changes(before: State, after: State, action: Action) -> list[Change]:
    """Every spot ``action`` changes, with its value before and after. A draw is read off
    ``after``; every other move is worked out from ``before`` alone, so it holds for a move
    that ends the hole too (``after`` has dealt the next)."""
    seat, kind, pos = before.current, action.kind, action.pos
    assert seat is not None  # a move is made by the seat whose decision it is
    top = before.discard[-1] if before.discard else None
    hand = hand_spot(seat)
    if kind == "draw_stock":
        changed: list[Change] = [
            (STOCK, len(before.stock), len(after.stock)),
            (hand, None, held(after)),
        ]
        if after.discard != before.discard:  # an empty stock was made again from the pile
            changed.append((PILE, top, after.discard[-1]))
        return changed
    if kind == "draw_discard":
        below = after.discard[-1] if after.discard else None
        return [(PILE, top, below), (hand, None, top)]
    if kind == "discard":
        return [(hand, held(before), None), (PILE, top, before.drawn)]
    if kind == "swap":
        assert pos is not None  # a swap has its place
        placed = "" if before.rules.memory_mode else before.drawn
        return [
            (hand, held(before), None),
            (card_spot(seat, pos), shown(before, seat, pos), placed),
            (PILE, top, before.layouts[seat][pos]),
        ]
    if kind == "flip":
        assert pos is not None  # a flip has its place
        return [(card_spot(seat, pos), "", before.layouts[seat][pos])]
    return []


def layout_view(state: State, seat: int) -> list[str]:
    return [shown(state, seat, pos) for pos in range(len(state.layouts[seat]))]


def after_move(before: State, action: Action) -> dict[int, list[str]]:
    """Every playing seat's layout as everyone sees it once ``action`` is made, worked out
    from ``before`` alone (``after`` may already hold the next hole's deal)."""
    faces = {seat: layout_view(before, seat) for seat in before.seats}
    for spot, _, value in changes(before, before, action):  # a draw never ends a hole
        if spot[0] == "card":
            assert isinstance(value, str)  # a card spot holds a card's code, or "" face down
            faces[spot[1]][spot[2]] = value
    return faces


def reveal(last: State, action: Action, result: HoleResult) -> list[Change]:
    """The cards still face down when the hole ended, each turned up: ``last`` is the state
    before ``action``, the move that ended it."""
    return [
        (card_spot(seat, pos), "", ended[pos])
        for seat, cards in after_move(last, action).items()
        if (ended := result.layouts[seat]) is not None
        for pos, card in enumerate(cards)
        if card == ""
    ]


def pairs(cards: Sequence[str | None], rules: Rules) -> list[list[int]]:
    """Each column's matching places in a layout, top to bottom: the engine's matching rule
    (games.engine.scoring) asked of the cards face up, a face-down card matching nothing."""
    found = []
    for col in range(rules.cols):
        places = [row * rules.cols + col for row in range(rules.rows)]
        column = [cards[p] for p in places]
        ranks = [rank(card) if card else None for card in column]
        match = matched_rank(ranks, rules)
        if match is not None:
            found.append([p for p, r in zip(places, ranks, strict=True) if r == match])
    return found


def new_pairs(
    before: Sequence[str | None], after: Sequence[str | None], seat: int, rules: Rules
) -> list[list[Spot]]:
    """The matching columns in ``after`` that were not in ``before``, as spots."""
    old = [[(p, before[p]) for p in group] for group in pairs(before, rules)]
    return [
        [card_spot(seat, p) for p in group]
        for group in pairs(after, rules)
        if [(p, after[p]) for p in group] not in old
    ]
