"""The spots on the table a card can be in, as one seat sees them, and what a move changes.

A slot is named as the page names its element: ``"stock"`` (how many cards it holds),
``"pile"`` (the discard pile's top card), ``"hand-1"`` (the card seat 1 holds) and
``"card-1-4"`` (seat 1's place 4). A slot's value is a card code, ``""`` for a card lying
face down, or None where there is no card. The page draws the table after the move; the
changes let it show the table as it was before and then move each card to where it went.
"""

from __future__ import annotations

from games.engine import Action, HoleResult, Rules, State, rank

Change = tuple[str, str | int | None, str | int | None]


def card_slot(seat: int, pos: int) -> str:
    return f"card-{seat}-{pos}"


def shown(state: State, seat: int, pos: int) -> str:
    return state.layouts[seat][pos] if state.face_up[seat][pos] else ""


def held(state: State, viewer: int | None) -> str:
    """The drawn card as ``viewer`` sees it (None: as everyone at the table does): its
    code, or "" while it is a secret."""
    if state.current == viewer or state.drawn_from == "discard":
        return state.drawn
    return ""


def changes(before: State, after: State, action: Action, viewer: int | None) -> list[Change]:
    """Every slot ``action`` changes, with its value before and after, as ``viewer`` sees
    them. A draw is read off ``after``; every other move is worked out from ``before``
    alone, so it holds for a move that ends the hole too (``after`` has dealt the next)."""
    seat, kind, pos = before.current, action.kind, action.pos
    top = before.discard[-1] if before.discard else None
    hand = f"hand-{seat}"
    if kind == "draw_stock":
        changed = [
            ("stock", len(before.stock), len(after.stock)),
            (hand, None, held(after, viewer)),
        ]
        if after.discard != before.discard:  # an empty stock was made again from the pile
            changed.append(("pile", top, after.discard[-1]))
        return changed
    if kind == "draw_discard":
        below = after.discard[-1] if after.discard else None
        return [("pile", top, below), (hand, None, top)]
    if kind == "discard":
        return [(hand, held(before, viewer), None), ("pile", top, before.drawn)]
    if kind == "swap":
        placed = "" if before.rules.memory_mode else before.drawn
        return [
            (hand, held(before, viewer), None),
            (card_slot(seat, pos), shown(before, seat, pos), placed),
            ("pile", top, before.layouts[seat][pos]),
        ]
    if kind == "flip":
        return [(card_slot(seat, pos), "", before.layouts[seat][pos])]
    return []


def layout_view(state: State, seat: int) -> list[str]:
    return [shown(state, seat, pos) for pos in range(len(state.layouts[seat]))]


def reveal(last: State, action: Action, result: HoleResult) -> list[Change]:
    """The cards still face down when the hole ended, each turned up: ``last`` is the state
    before ``action``, the move that ended it."""
    faces = {seat: layout_view(last, seat) for seat in last.seats}
    for slot, _, value in changes(last, last, action, None):  # a draw never ends a hole
        if slot.startswith("card-"):
            _, seat, pos = slot.split("-")
            faces[int(seat)][int(pos)] = value
    return [
        (card_slot(seat, pos), "", result.layouts[seat][pos])
        for seat, cards in faces.items()
        for pos, card in enumerate(cards)
        if card == "" and result.layouts[seat] is not None
    ]


def matched(cards: list[str | None], rules: Rules) -> list[int]:
    """The rows of one column whose face-up cards cancel out: two of a rank in a two-row
    column; in three rows a pair (or all three), or only all three in the full-column
    variant."""
    ranks = [rank(c) if c else None for c in cards]
    if len(cards) == 3 and ranks[0] and ranks[0] == ranks[1] == ranks[2]:
        return [0, 1, 2]
    if len(cards) == 3 and rules.match == "full_column":
        return []
    for i in range(len(ranks)):
        for j in range(i + 1, len(ranks)):
            if ranks[i] and ranks[i] == ranks[j]:
                return [i, j]
    return []


def pairs(cards: list[str | None], rules: Rules) -> list[list[int]]:
    """Each column's matching places in a layout (place numbers, top to bottom)."""
    found = []
    for col in range(rules.cols):
        places = [row * rules.cols + col for row in range(rules.rows)]
        rows = matched([cards[p] or None for p in places], rules)
        if rows:
            found.append([places[r] for r in rows])
    return found


def new_pairs(before: list[str], after: list[str], seat: int, rules: Rules) -> list[list[str]]:
    """The matching columns in ``after`` that were not in ``before``, as slot names."""
    old = [[(p, before[p]) for p in group] for group in pairs(before, rules)]
    return [
        [card_slot(seat, p) for p in group]
        for group in pairs(after, rules)
        if [(p, after[p]) for p in group] not in old
    ]
