"""Every sentence the table says to a child, told only from what the child's seat may see.

The one person of a game for one is "You"; when several people play at one device, each is
called by their nickname, so that a line reads the same whoever is looking.

Cards are named the way a child reads them off the card: digits for numbers ("the 7 of
hearts"), words for pictures ("the king of clubs"). Lines about a move stay short (10 words
at most), since each is shown for about a second while its card moves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.engine import Action, HoleResult, Observation, Rules
from games.engine.bots import Reason
from games.table import Played
from lessons.card_words import a_rank, number, plural, rank_word, the_rank
from lessons.players import YOU, is_you

BOT_NAMES = ("Pip", "Tully", "Juno")
GROWN_UP = "Grown-up"  # a grown-up playing along, who has no profile
SOMEONE = "A player"  # a person whose name is no longer kept (their profile was deleted)
ROW_NAMES = {2: ("top", "bottom"), 3: ("top", "middle", "bottom")}
MODE_NAMES = {"easy4": "Four-card Golf", "classic6": "Six-card Golf", "knock9": "Knock Golf"}
PLACES = ("1st", "2nd", "3rd", "4th")
REVEAL = "Everyone turns their cards face up."


def seat_names(bot_levels: Sequence[str | None], people: Mapping[int, str]) -> tuple[str, ...]:
    """Every seat's name: a bot's by its place among the bots (Pip first); a person's as
    given in ``people``, or "A player" if it is not."""
    names, bots = [], 0
    for seat, level in enumerate(bot_levels):
        if level is None:
            names.append(people.get(seat, SOMEONE))
        else:
            names.append(BOT_NAMES[bots % len(BOT_NAMES)])
            bots += 1
    return tuple(names)


def to_person(name: str, text: str) -> str:
    """``text`` said to the person called ``name``: "Sam, tap 1 more card." (as it is, to
    "You")."""
    return text if is_you(name) else f"{name}, {text[0].lower()}{text[1:]}"


def place_name(pos: int, rules: Rules) -> str:
    """``"top row, column 2"``: where a card lies, counted from the top left."""
    row, col = divmod(pos, rules.cols)
    return f"{ROW_NAMES[rules.rows][row]} row, column {col + 1}"


def played_line(event: Played, names: Sequence[str]) -> str:
    """What a move did, in one short line, from what everyone at the table could see: a
    card drawn from the stock is named once it lands face up."""
    name, card = names[event.seat], event.card
    kind = event.action.kind
    if kind == "draw_stock":
        return f"{name} took a card from the stock."
    if kind == "draw_discard":
        return f"{name} took {the_rank(card)} from the pile."
    if kind == "discard":
        return f"{name} threw away {the_rank(card)}."
    if kind == "flip":
        return f"{name} turned over {a_rank(card)}."
    if kind == "swap":
        # The card put in, if everyone saw it: face up on the table, or taken from the pile.
        placed = next(
            (after or before for spot, before, after in event.changes if spot[0] == "hand"),
            "",
        ) or next((after for spot, _, after in event.changes if spot[0] == "card"), "")
        new = the_rank(placed) if placed else "a card"
        return f"{name} put in {new} and threw away {the_rank(card)}."
    if kind == "knock":
        return f"{name} knocked! The others get 1 more turn."
    return f"{name} did not knock."


def advice(obs: Observation, action: Action) -> str:
    """A suggested move as something to do: "Put the 7 in the top row, column 2."."""
    kind, rules = action.kind, obs.rules
    if kind == "draw_stock":
        return "Take a card from the stock."
    if kind == "draw_discard":
        return f"Take {the_rank(obs.discard[-1])} from the pile."
    if kind == "discard":
        return f"Throw {the_rank(obs.drawn)} away."
    if kind == "flip":
        return f"Turn over your card in the {place_name(action.pos, rules)}."
    if kind == "swap":
        held = the_rank(obs.drawn) if obs.drawn else "your card"
        return f"Put {held} in the {place_name(action.pos, rules)}."
    if kind == "knock":
        return "Knock."
    return "Don't knock yet."


def hole_over(result: HoleResult, human_seat: int, game_over: bool, alone: bool = True) -> str:
    """The end of a hole. ``alone``: one person plays, and is told their score (with several,
    everyone looks at all the scores together)."""
    mine = result.scores[human_seat]
    if result.tiebreak and (mine is None or not alone):
        text = "The extra hole is over."
    elif alone:
        text = f"Hole {result.number} is over. You scored {number(mine)}."
    else:
        text = f"Hole {result.number} is over."
    if game_over:
        text += " That was the last hole."
    return text


def winner_text(obs: Observation, names: Sequence[str]) -> str:
    won = [names[s] for s in obs.winners]
    if len(won) == 1:
        return f"{won[0]} won!"
    if any(is_you(n) for n in won):
        others = " and ".join(n for n in won if not is_you(n))
        return f"It's a tie! You and {others} share the win."
    return f"It's a tie! {' and '.join(won)} share the win."


def place_word(place: int) -> str:
    """``1`` as ``"1st"``: a player's place at the end of a game."""
    return PLACES[place - 1] if place <= len(PLACES) else f"{place}th"


def kind_line(pairs: int, best: int | None, holes: int, won: bool, name: str = YOU) -> str:
    """One true and friendly thing about a person's game: pairs made, or a good hole."""
    whose = "Your" if is_you(name) else f"{name}'s"
    if pairs > 1:
        return f"{name} got {pairs} pairs this game!"
    if pairs == 1:
        return f"{name} got a pair this game!"
    if best is not None and best < 0:
        return f"{whose} best hole was {number(best)}. Below 0 is great!"
    if won:
        return f"{name} had the lowest total. Well played!"
    if holes > 1 and best is not None:
        return f"{whose} best hole was {number(best)} points."
    return f"{name} played a whole game of Golf!"


def last_turn_warning(obs: Observation, human_seat: int, names: Sequence[str]) -> str:
    if obs.caller is None or obs.is_over:
        return ""
    went_out = obs.rules.out_when_all_face_up and not obs.face_down_count(obs.caller)
    if obs.caller == human_seat:
        did = "turned over all your cards" if went_out else "knocked"
        return f"You {did}. The others get 1 last turn."
    did = "turned over all their cards" if went_out else "knocked"
    return f"{names[obs.caller]} {did}. This is your last turn!"


def knock_question(face_down: int) -> str:
    verb = "is" if face_down == 1 else "are"
    return f"{face_down} of your cards {verb} still face down. Knock now?"


def pass_to(name: str) -> str:
    """The screen between two people's turns, which shows nobody's cards."""
    return f"Pass to {name}"


def pass_line(name: str) -> str:
    return f"{name}, tap “I'm ready” when you have it. No peeking, everyone else!"


def prompt(obs: Observation, human_seat: int, stage: str, names: Sequence[str]) -> str:
    """What the person at the table is asked to do now, at ``stage`` (see
    games.table.stage), said to them by name when several people play."""
    if stage == "over":
        return "The game is over."
    if stage in ("practice", "summary"):
        alone = is_you(names[human_seat])
        return hole_over(obs.results[-1], human_seat, game_over=obs.is_over, alone=alone)
    if stage != "play" and stage != "peek":
        return f"{names[obs.current_player]} is playing."
    return to_person(names[human_seat], asked(obs, human_seat, stage))


def asked(obs: Observation, human_seat: int, stage: str) -> str:
    if stage == "peek":
        return "Look at your 2 bottom cards. Try to remember them."
    kinds = {a.kind for a in obs.legal_actions}
    if obs.phase == "start":
        left = sum(1 for c in obs.layouts[human_seat] if c is not None)
        if left == 0:
            return "Tap 2 of your cards to turn them over. Try 2 different columns."
        return "Tap 1 more card to turn it over."
    if obs.phase == "place":
        held = the_rank(obs.drawn)
        if "discard" in kinds:
            return f"Tap one of your cards to put {held} there. Or throw it away."
        return f"Tap one of your cards to put {held} there."
    if obs.phase == "knock":
        return knock_question(obs.face_down_count(human_seat))
    text = "Your turn. Take a card from the stock or the pile."
    if "flip" in kinds:
        text += " Or turn a card over."
    if "knock" in kinds:
        text += " Or knock to end the hole."
    return text


# The guided first hole says once what each control is for (see games.guide).
TIPS = {
    "peek": "Only you can see these 2 cards. Then they turn face down.",
    "turn": "Face-up cards help you plan. Low cards are good!",
    "stock": "The stock: a card nobody has seen yet.",
    "pile": "The pile: take its top card if it is low.",
    "swap": "The card you tap goes on the pile.",
    "throw": "Throw it away if it is a high card.",
    "knock": "Knock when your cards add up low. The hole then ends.",
    "knock_after": "Tick Knock after to knock when this turn ends.",
    "hint": "Stuck? Hint shows you a good move.",
    "read": "Tap a speaker to hear the words.",
    "next": "Lowest score wins the hole.",
}


# --- a bot's reason, as the bot says it and as a hint to the child ---------------------

# code: (what the bot says, the hint to the child). Fields: card ("the 7"), rank_word ("7"),
# plural ("7s"), worth ("kings are worth 0"), old ("9"), total (a whole number), points
# ("1 point"); a capital first letter (Card, Worth) starts a sentence. Each sentence is 10
# words or fewer, for a child of 7 to read aloud.
SAYINGS: dict[str, tuple[str, str]] = {
    "only_move": ("That was my only move.", "This is your only move."),
    "random": ("I picked a move without thinking.", "You could try this move."),
    "start_flip": ("I turned a card over to see it.", "Turn a card over to see it."),
    "start_flip_other_column": (
        "I turned over a card in a new column.",
        "Turn over a card in a new column. You will see more.",
    ),
    "take_pair": (
        "I took {card} to make a pair. A pair scores 0!",
        "Take {card} to make a pair. A pair scores 0!",
    ),
    # When the card it pairs with is face down, the bot only remembers it: saying which card
    # that is would tell the other players something they cannot see.
    "take_pair_remembered": (
        "I took {card} from the pile. I have a plan.",
        "Take {card}. It makes a pair with a card you remember!",
    ),
    "take_low": ("I took {card} from the pile. {Worth}.", "Take {card} from the pile. {Worth}."),
    "take_better": (
        "I took {card} from the pile. It is smaller than my {old}.",
        "Take {card} from the pile. It is smaller than your {old}.",
    ),
    "take_hurry": (
        "Someone is nearly done. I took {card} from the pile.",
        "Someone is nearly done. Take {card} from the pile.",
    ),
    "take_last_turn": (
        "It is my last turn! I took {card} from the pile.",
        "It is your last turn! Take {card} from the pile.",
    ),
    "draw_stock": (
        "{Card} on the pile is no help. I took from the stock.",
        "Take a card from the stock. {Card} on the pile is no help.",
    ),
    "flip_instead": (
        "I turned a card over instead of drawing.",
        "Turn a card over instead of drawing.",
    ),
    "knock": (
        "I knocked! My cards add up to about {total}.",
        "Knock now! Your cards add up to about {total}.",
    ),
    "knock_remembered": (
        "I knocked! I think my score is small.",
        "Knock now! The cards you remember make a small score.",
    ),
    "no_knock": (
        "I did not knock. My cards add up to too much.",
        "Don't knock yet. Your cards add up to too much.",
    ),
    "swap_pair": (
        "I put {card} with my other {rank_word}. A pair scores 0!",
        "Put {card} with your other {rank_word}. A pair scores 0!",
    ),
    "swap_pair_remembered": (
        "I put {card} on a card I remember.",
        "Put {card} with the {rank_word} you remember. A pair scores 0!",
    ),
    "swap_four": (
        "I made four of a kind with my {plural}! That takes away {total} points.",
        "Put {card} with your other {plural}. Four of a kind takes away {total} points!",
    ),
    # In memory mode a stock card goes in face down, and only its owner may know it.
    "swap_memory": (
        "I put my card face down. I will remember it.",
        "Keep {card}, and remember it. {Worth}.",
    ),
    "swap_low": ("I kept {card}. {Worth}.", "Keep {card}: {worth}."),
    "swap_for_known": (
        "I swapped my {old} for {card}. {Card} is worth less.",
        "Swap your {old} for {card}. {Card} is worth less.",
    ),
    "swap_low_for_known": (
        "I swapped my {old} for {card}. {Worth}.",
        "Swap your {old} for {card}. {Worth}.",
    ),
    "swap_plain": (
        "I kept {card} instead of my {old}.",
        "Keep {card} instead of your {old}.",
    ),
    "swap_hidden": (
        "I put {card} on a face-down card. The hidden card could be big.",
        "Put {card} on a face-down card. The hidden card could be big.",
    ),
    "swap_hurry": (
        "Someone is nearly done. I kept {card} now.",
        "Someone is nearly done. Keep {card} now.",
    ),
    "swap_last_turn": (
        "It is my last turn! I put {card} on a face-down card.",
        "It is your last turn! Put {card} on a face-down card.",
    ),
    "go_out": (
        "I put {card} on my last face-down card. I am out with {points}!",
        "Put {card} on your last face-down card. You go out with {points}!",
    ),
    "discard_high": (
        "I threw {card} away. It is too big to keep.",
        "Throw {card} away: it is too big to keep.",
    ),
    "discard_no_place": (
        "I threw {card} away. It had no good place.",
        "Throw {card} away: it has no good place.",
    ),
    "discard_not_ready": (
        "I threw {card} away. I am not ready to finish yet.",
        "Throw {card} away. You are not ready to finish yet.",
    ),
}

# What a card is worth, by the sign of its value: "a 2 takes away 2 points".
WORTH = {
    "minus": "{a_card} takes away {minus} points",
    "zero": "{plural} are worth 0",
    "one": "{a_card} is only worth 1 point",
    "more": "{a_card} is worth {value} points",
}


def bot_says(reason: Reason) -> str:
    """What a bot says about its move: "I kept the king. Kings are worth 0."."""
    return SAYINGS[reason.code][0].format(**_reason_fields(reason))


def hint_says(reason: Reason) -> str:
    """The same reason as advice to the child: "Keep the king: kings are worth 0."."""
    return SAYINGS[reason.code][1].format(**_reason_fields(reason))


def _reason_fields(reason: Reason) -> dict[str, str]:
    """The words a saying may put in its places, for the values ``reason`` has."""
    fields = {}
    if reason.total is not None:
        points = "point" if abs(reason.total) == 1 else "points"
        fields |= {"total": number(reason.total), "points": f"{number(reason.total)} {points}"}
    if reason.rank is not None:
        card = the_rank(reason.rank)
        fields |= {"card": card, "rank_word": rank_word(reason.rank), "plural": plural(reason.rank)}
        if reason.value is not None:
            fields["worth"] = _worth(reason.rank, reason.value)
    if reason.old is not None:
        fields["old"] = rank_word(reason.old)
    return fields | {name.capitalize(): _cap(text) for name, text in fields.items()}


def _worth(card: str, value: int) -> str:
    sign = "minus" if value < 0 else {0: "zero", 1: "one"}.get(value, "more")
    return WORTH[sign].format(a_card=a_rank(card), plural=plural(card), minus=-value, value=value)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
