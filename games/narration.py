"""Every sentence the table says to a child, told only from what the child's seat may see."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from games.engine import Action, HoleResult, Observation, Rules, State, card_name

BOT_NAMES = ("Pip", "Tully", "Juno")
ROW_NAMES = {2: ("top", "bottom"), 3: ("top", "middle", "bottom")}
MODE_NAMES = {"easy4": "Four-card Golf", "classic6": "Six-card Golf", "knock9": "Knock Golf"}


def seat_name(seat: int, human_seat: int = 0) -> str:
    if seat == human_seat:
        return "You"
    return BOT_NAMES[(seat - human_seat - 1) % len(BOT_NAMES)]


def place_name(pos: int, rules: Rules) -> str:
    """``"top row, column 2"``: where a card lies, counted from the top left."""
    row, col = divmod(pos, rules.cols)
    return f"{ROW_NAMES[rules.rows][row]} row, column {col + 1}"


@dataclass(frozen=True)
class Step:
    """One thing that happened, to be shown and read out one after another."""

    seat: int
    name: str
    text: str
    reason: str = ""
    # A card everyone could see in this step (taken from the pile, turned over, thrown away).
    card: str | None = None

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> Step:
        return cls(**data)


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
    """A suggested move as something to do: "Put the seven of hearts in the top row, ..."."""
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


def hole_over(result: HoleResult, human_seat: int, game_over: bool) -> str:
    mine = result.scores[human_seat]
    if mine is None:  # an extra hole for the tied players that the child sat out
        text = "The extra hole is over."
    else:
        text = f"Hole {result.number} is over. You scored {signed(mine)}."
    if game_over:
        text += " That was the last hole."
    return text


def winner_text(obs: Observation, human_seat: int) -> str:
    names = [seat_name(s, human_seat) for s in obs.winners]
    if len(names) == 1:
        return "You won!" if names[0] == "You" else f"{names[0]} won."
    return f"It's a tie: {' and '.join(names)} share the win."


def last_turn_warning(obs: Observation, human_seat: int) -> str:
    if obs.caller is None or obs.is_over:
        return ""
    went_out = obs.rules.out_when_all_face_up and not obs.face_down_count(obs.caller)
    if obs.caller == human_seat:
        did = "turned over all your cards" if went_out else "knocked"
        return f"You {did}. Everyone else gets one last turn."
    did = "turned over all their cards" if went_out else "knocked"
    who = seat_name(obs.caller, human_seat)
    return f"{who} {did}. Everyone else gets one last turn, so this is your last turn!"


def prompt(obs: Observation, human_seat: int, stage: str) -> str:
    """What the child is asked to do now, at ``stage`` (see games.turns.stage)."""
    if stage == "over":
        return f"The game is over. {winner_text(obs, human_seat)}"
    if stage == "summary":
        return f"Hole {obs.results[-1].number} is over. Here are the scores."
    if stage == "peek":
        return "Look at your two bottom cards and remember them."
    if stage != "play":
        return f"{seat_name(obs.current_player, human_seat)} is playing."
    kinds = {a.kind for a in obs.legal_actions}
    if obs.phase == "start":
        left = sum(1 for c in obs.layouts[human_seat] if c is not None)
        word = "two cards" if left == 0 else "one more card"
        return f"Turn {word} face up. Tip: pick cards in different columns."
    if obs.phase == "place":
        held = card_name(obs.drawn)
        if "discard" in kinds:
            return f"You have the {held}. Tap one of your cards to swap it, or throw it away."
        return f"You have the {held}. Tap one of your cards to swap it."
    if obs.phase == "knock":
        return "Do you want to knock? Then everyone else gets one more turn."
    text = "Your turn. Take a card from the stock or from the discard pile."
    if "flip" in kinds:
        text += " Or turn one of your cards over."
    if "knock" in kinds:
        text += " Or knock to end the hole."
    return text


def signed(value: int) -> str:
    """A score with a real minus sign, as children see it in books: −2."""
    return f"−{-value}" if value < 0 else str(value)
