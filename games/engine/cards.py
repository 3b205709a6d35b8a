"""Card codes, names and decks.

A card is its code: rank then suit (``"7H"``, ``"10D"``, ``"QC"``); a joker is ``"JK"``.
Codes are plain strings so that layouts, logs and snapshots read like a score sheet.
"""

from __future__ import annotations

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
JOKER = "JK"

RANK_NAMES = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "JK": "joker",
}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
# A rank as a child reads it in a sentence: numbers as digits, the pictures by their names.
RANK_WORDS = {r: r for r in RANKS[1:10]} | {r: RANK_NAMES[r] for r in ("A", "J", "Q", "K", JOKER)}

STANDARD_DECK = tuple(rank + suit for suit in SUITS for rank in RANKS)
# The rank of every card code there is.
RANK_OF = {code: code[:-1] for code in STANDARD_DECK} | {JOKER: JOKER}


def rank(code: str) -> str:
    """The rank of a card code: ``"10"`` for ``"10D"``, ``"JK"`` for a joker."""
    try:
        return RANK_OF[code]
    except KeyError:
        raise ValueError(f"{code!r} is not a card code") from None


def with_article(word: str) -> str:
    """``"a 7"``, ``"an 8"``, ``"an ace"``."""
    return f"{'an' if word[0] in 'a8' else 'a'} {word}"


def card_name(code: str) -> str:
    """The card in words, as a screen reader should say it: ``"seven of hearts"``."""
    r = rank(code)
    if r == JOKER:
        return "joker"
    return f"{RANK_NAMES[r]} of {SUIT_NAMES[code[-1]]}"


def build_deck(decks: int, jokers: bool) -> list[str]:
    """All the cards for a game: ``decks`` standard decks, with two jokers each if asked."""
    one = list(STANDARD_DECK) + ([JOKER, JOKER] if jokers else [])
    return one * decks
