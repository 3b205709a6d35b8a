"""Card codes and decks.

A card is its code: rank then suit (``"7H"``, ``"10D"``, ``"QC"``); a joker is ``"JK"``.
Codes are plain strings so that layouts, logs and snapshots read like a score sheet. The
engine holds no words: a card's name in a sentence comes from games.words.cards.
"""

from __future__ import annotations

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
JOKER = "JK"

STANDARD_DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
# The rank of every card code there is.
RANK_OF = {code: code[:-1] for code in STANDARD_DECK} | {JOKER: JOKER}


def rank(code: str) -> str:
    """The rank of a card code: ``"10"`` for ``"10D"``, ``"JK"`` for a joker."""
    try:
        return RANK_OF[code]
    except KeyError:
        raise ValueError(f"{code!r} is not a card code") from None


def build_deck(decks: int, jokers: bool) -> list[str]:
    """All the cards for a game: ``decks`` standard decks, with two jokers each if asked."""
    one = list(STANDARD_DECK) + ([JOKER, JOKER] if jokers else [])
    return one * decks
