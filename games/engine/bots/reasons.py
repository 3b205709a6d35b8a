"""Every sentence a bot says about a move, in two voices.

A bot tells what it did ("I kept the king. Kings are worth 0."); the same advice, turned
to the child, is a hint ("Keep the king: kings are worth 0."). All the wording lives here so
that it stays short, plain and the same everywhere.
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import RANK_WORDS, with_article


class Reason(str):
    """What a bot says about its move. It is the sentence itself, so it can be shown as it
    is; ``hint`` is the same advice said to the child, and ``code`` names the idea."""

    hint: str
    code: str

    def __new__(cls, said: str, hint: str, code: str) -> Reason:
        reason = super().__new__(cls, said)
        reason.hint = hint
        reason.code = code
        return reason


def word(rank: str) -> str:
    """``"7"``, ``"king"``, ``"joker"``."""
    return RANK_WORDS[rank]


def the(rank: str) -> str:
    return f"the {word(rank)}"


def a(rank: str) -> str:
    return with_article(word(rank))


def plural(rank: str) -> str:
    return f"{word(rank)}s"


def worth(rank: str, value: int) -> str:
    """What a card is worth, as a phrase: "a 2 takes away 2 points", "kings are worth 0"."""
    if value < 0:
        return f"{a(rank)} takes away {-value} points"
    if value == 0:
        return f"{plural(rank)} are worth 0"
    if value == 1:
        return f"{a(rank)} is only worth 1 point"
    return f"{a(rank)} is worth {value} points"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# code: (what the bot says, the hint to the child). Fields: card ("the 7"), rank_word ("7"),
# worth ("kings are worth 0"), old ("9"), total (a whole number), points ("1 point").
# Each sentence is 10 words or fewer, for a child of 7 to read aloud.
_SAYINGS: dict[str, tuple[str, str]] = {
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
        "I made four of a kind with my {rank_word}s! That takes away {total} points.",
        "Put {card} with your other {rank_word}s. Four of a kind takes away {total} points!",
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

CODES = frozenset(_SAYINGS)


def number(n: int) -> str:
    """A whole number as a child reads it, with a real minus sign: "−3"."""
    return f"−{-n}" if n < 0 else str(n)


# Remembered: a game asks for the same few sayings again and again, and making one afresh
# was a tenth of a bot's time. (A Reason is a string, and nothing changes one once made.)
@lru_cache(maxsize=4096)
def say(
    code: str, rank: str | None = None, value: int = 0, old: str | None = None, total: int = 0
) -> Reason:
    """The :class:`Reason` for ``code`` about a card of ``rank`` worth ``value``; ``total``
    is a whole number of points."""
    fields = {
        "total": number(total),
        "points": f"{number(total)} point{'' if abs(total) == 1 else 's'}",
    }
    if rank is not None:
        card, worth_it = the(rank), worth(rank, value)
        fields |= {
            "card": card,
            "Card": _cap(card),
            "rank_word": word(rank),
            "worth": worth_it,
            "Worth": _cap(worth_it),
        }
    if old is not None:
        fields["old"] = word(old)
    said, hint = _SAYINGS[code]
    return Reason(said.format(**fields), hint.format(**fields), code)
