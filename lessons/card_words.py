"""The words for cards and numbers, for everything that names a card.

A sentence is written whole somewhere else, with a place for a card ("Take {card} from the
pile."); this module gives the words that go in that place. Cards are named the way a child
reads them off the card: digits for numbers ("the 7"), words for pictures ("the king"). A
screen reader gets the full name ("seven of hearts") where a page asks for it.

The engine holds no words, so that a game can be told in another language: it has only card
codes ("7H") and ranks ("7"). Every function here that names a rank takes either.

A negative number is written with a real minus sign, U+2212 ("−2"), never a hyphen.
"""

from __future__ import annotations

from games.engine.cards import JOKER, RANKS, rank

MINUS = "\u2212"

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
    JOKER: "joker",
}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
# A rank as a child reads it in a sentence: numbers as digits, the pictures by their names.
RANK_WORDS = {r: r for r in RANKS[1:10]} | {r: RANK_NAMES[r] for r in ("A", "J", "Q", "K", JOKER)}
RANK_PLURALS = {r: f"{word}s" for r, word in RANK_WORDS.items()}
# The ranks printed on a card as a letter.
LETTERS = ("A", "J", "Q", "K")


def number(value: int) -> str:
    """``-2`` as ``"−2"``, ``7`` as ``"7"``."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def a_number(value: int) -> str:
    """``"a 9"``, ``"an 8"``, ``"an 11"``, ``"a −2"``: a card's points, as said after "had"."""
    said = number(value)
    return f"{'an' if said.startswith('8') or said in ('11', '18') else 'a'} {said}"


def _rank(card: str) -> str:
    """The rank of a card code or of a rank: ``"7"`` for ``"7H"`` and for ``"7"``."""
    return card if card in RANK_WORDS else rank(card)


def rank_word(card: str) -> str:
    """``"7"``, ``"king"``, ``"joker"``: a card's rank as a child says it."""
    return RANK_WORDS[_rank(card)]


def the_rank(card: str) -> str:
    """``"the 7"``, ``"the king"``."""
    return f"the {rank_word(card)}"


def a_rank(card: str) -> str:
    """``"a 7"``, ``"an 8"``, ``"an ace"``."""
    word = rank_word(card)
    return f"{'an' if word[0] in 'a8' else 'a'} {word}"


def plural(card: str) -> str:
    """``"kings"``, ``"7s"``: more than one card of a rank."""
    return RANK_PLURALS[_rank(card)]


def card_words(code: str) -> str:
    """A card in a sentence: ``"7 of hearts"``, ``"king of clubs"``, ``"joker"``."""
    r = rank(code)
    if r == JOKER:
        return RANK_WORDS[JOKER]
    return f"{RANK_WORDS[r]} of {SUIT_NAMES[code[-1]]}"


def card_name(code: str) -> str:
    """A card all in words, as a screen reader should say it: ``"seven of hearts"``."""
    r = rank(code)
    if r == JOKER:
        return RANK_NAMES[JOKER]
    return f"{RANK_NAMES[r]} of {SUIT_NAMES[code[-1]]}"


def card_label(code: str) -> str:
    """A card button's name. It starts with what is printed on the card, so a child who
    says "7 of hearts" or "K" to a voice control finds it: ``"K, king of clubs"``."""
    r = rank(code)
    if r in LETTERS:
        return f"{r}, {card_words(code)}"
    return card_words(code)
