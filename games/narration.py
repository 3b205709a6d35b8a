"""Moves in words a child can follow, told only from what the child's seat may see."""

from __future__ import annotations

from typing import NamedTuple

from games.engine import Action, Observation, Rules, State, card_name

BOT_NAMES = ("Pip", "Tully", "Juno")
ROW_NAMES = {2: ("top", "bottom"), 3: ("top", "middle", "bottom")}


def seat_name(seat: int, human_seat: int = 0) -> str:
    if seat == human_seat:
        return "You"
    return BOT_NAMES[(seat - human_seat - 1) % len(BOT_NAMES)]


def place_name(pos: int, rules: Rules) -> str:
    """``"top row, column 2"``: where a card lies, counted from the top left."""
    row, col = divmod(pos, rules.cols)
    rows = ROW_NAMES.get(rules.rows)
    row_name = f"{rows[row]} row" if rows else f"row {row + 1}"
    return f"{row_name}, column {col + 1}"


class Step(NamedTuple):
    """One thing that happened, to be shown and read out one after another. A named tuple:
    a move makes one for every bot action, and it is quicker to make than a dataclass."""

    seat: int
    name: str
    text: str
    reason: str = ""
    # A card everyone could see in this step (taken from the pile, turned over, thrown away).
    card: str | None = None

    def to_json(self) -> dict:
        return {
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "reason": self.reason,
            "card": self.card,
        }

    @classmethod
    def from_json(cls, d: dict) -> Step:
        return cls(d["seat"], d["name"], d["text"], d.get("reason", ""), d.get("card"))


def describe(before: State, action: Action, name: str) -> tuple[str, str | None]:
    """What ``action`` did, in one sentence, and the card it showed to everyone (if any).

    Only public facts are told: a card drawn from the stock is named once it lands face up.
    """
    seat, rules = before.current, before.rules
    kind = action.kind
    if kind == "draw_stock":
        return f"{name} took a card from the stock.", None
    if kind == "draw_discard":
        card = before.discard[-1]
        return f"{name} took the {card_name(card)} from the discard pile.", card
    if kind == "discard":
        card = before.drawn
        return f"{name} threw away the {card_name(card)}.", card
    if kind == "flip":
        card = before.layouts[seat][action.pos]
        where = place_name(action.pos, rules)
        return f"{name} turned over the {card_name(card)} ({where}).", card
    if kind == "swap":
        old = before.layouts[seat][action.pos]
        where = place_name(action.pos, rules)
        hidden_new = rules.memory_mode and before.drawn_from == "stock"
        new = "the card" if hidden_new else f"the {card_name(before.drawn)}"
        return f"{name} put {new} in the {where}, and threw away the {card_name(old)}.", old
    if kind == "knock":
        return f"{name} knocked! Everyone else gets one more turn.", None
    return f"{name} did not knock.", None


def advice(obs: Observation, action: Action) -> str:
    """A suggested move as something to do: "Take the seven of hearts from the discard pile"."""
    kind, rules = action.kind, obs.rules
    if kind == "draw_stock":
        return "Take a card from the stock."
    if kind == "draw_discard":
        return f"Take the {card_name(obs.discard[-1])} from the discard pile."
    if kind == "discard":
        return f"Throw the {card_name(obs.drawn)} away."
    if kind == "flip":
        return f"Turn over your card in the {place_name(action.pos, rules)}."
    if kind == "swap":
        held = f"the {card_name(obs.drawn)}" if obs.drawn else "your card"
        return f"Put {held} in the {place_name(action.pos, rules)}."
    if kind == "knock":
        return "Knock."
    return "Don't knock yet."
