"""The words for cards and numbers, in the page's language: what fills a sentence's place for
a card ("Take %(card)s from the pile.").

A card is named as a child reads it ("the 7", "the king"); each rank's words are whole
messages, so a language gives each card its own gender (docs/languages.md). The engine has
only codes ("7H") and ranks: each function takes either. A minus is a real one: "−2".
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext, pgettext, pgettext_lazy

from games.engine.cards import JOKER, rank

MINUS = "\u2212"

# A rank all in words, as a screen reader says it.
RANK_NAMES = {
    "A": pgettext_lazy("card, in words", "ace"),
    "2": pgettext_lazy("card, in words", "two"),
    "3": pgettext_lazy("card, in words", "three"),
    "4": pgettext_lazy("card, in words", "four"),
    "5": pgettext_lazy("card, in words", "five"),
    "6": pgettext_lazy("card, in words", "six"),
    "7": pgettext_lazy("card, in words", "seven"),
    "8": pgettext_lazy("card, in words", "eight"),
    "9": pgettext_lazy("card, in words", "nine"),
    "10": pgettext_lazy("card, in words", "ten"),
    "J": pgettext_lazy("card, in words", "jack"),
    "Q": pgettext_lazy("card, in words", "queen"),
    "K": pgettext_lazy("card, in words", "king"),
    JOKER: pgettext_lazy("card, in words", "joker"),
}
SUIT_NAMES = {
    "C": pgettext_lazy("suit", "clubs"),
    "D": pgettext_lazy("suit", "diamonds"),
    "H": pgettext_lazy("suit", "hearts"),
    "S": pgettext_lazy("suit", "spades"),
}
# A suit's letter, printed in a card's corner beside the rank: in the page's language, as
# the suit is said ("P" for picas).
SUIT_LETTERS = {
    "C": pgettext_lazy("the letter of clubs, in a card's corner", "C"),
    "D": pgettext_lazy("the letter of diamonds, in a card's corner", "D"),
    "H": pgettext_lazy("the letter of hearts, in a card's corner", "H"),
    "S": pgettext_lazy("the letter of spades, in a card's corner", "S"),
}
# A rank as a child reads it in a sentence: numbers as digits, the pictures by their names.
RANK_WORDS = {str(n): str(n) for n in range(2, 11)} | {
    "A": pgettext_lazy("card", "ace"),
    "J": pgettext_lazy("card", "jack"),
    "Q": pgettext_lazy("card", "queen"),
    "K": pgettext_lazy("card", "king"),
    JOKER: pgettext_lazy("card", "joker"),
}
THE_RANK = {
    "A": pgettext_lazy("card", "the ace"),
    "2": pgettext_lazy("card", "the 2"),
    "3": pgettext_lazy("card", "the 3"),
    "4": pgettext_lazy("card", "the 4"),
    "5": pgettext_lazy("card", "the 5"),
    "6": pgettext_lazy("card", "the 6"),
    "7": pgettext_lazy("card", "the 7"),
    "8": pgettext_lazy("card", "the 8"),
    "9": pgettext_lazy("card", "the 9"),
    "10": pgettext_lazy("card", "the 10"),
    "J": pgettext_lazy("card", "the jack"),
    "Q": pgettext_lazy("card", "the queen"),
    "K": pgettext_lazy("card", "the king"),
    JOKER: pgettext_lazy("card", "the joker"),
}
A_RANK = {
    "A": pgettext_lazy("card", "an ace"),
    "2": pgettext_lazy("card", "a 2"),
    "3": pgettext_lazy("card", "a 3"),
    "4": pgettext_lazy("card", "a 4"),
    "5": pgettext_lazy("card", "a 5"),
    "6": pgettext_lazy("card", "a 6"),
    "7": pgettext_lazy("card", "a 7"),
    "8": pgettext_lazy("card", "an 8"),
    "9": pgettext_lazy("card", "a 9"),
    "10": pgettext_lazy("card", "a 10"),
    "J": pgettext_lazy("card", "a jack"),
    "Q": pgettext_lazy("card", "a queen"),
    "K": pgettext_lazy("card", "a king"),
    JOKER: pgettext_lazy("card", "a joker"),
}
RANK_PLURALS = {
    "A": pgettext_lazy("cards", "aces"),
    "2": pgettext_lazy("cards", "2s"),
    "3": pgettext_lazy("cards", "3s"),
    "4": pgettext_lazy("cards", "4s"),
    "5": pgettext_lazy("cards", "5s"),
    "6": pgettext_lazy("cards", "6s"),
    "7": pgettext_lazy("cards", "7s"),
    "8": pgettext_lazy("cards", "8s"),
    "9": pgettext_lazy("cards", "9s"),
    "10": pgettext_lazy("cards", "10s"),
    "J": pgettext_lazy("cards", "jacks"),
    "Q": pgettext_lazy("cards", "queens"),
    "K": pgettext_lazy("cards", "kings"),
    JOKER: pgettext_lazy("cards", "jokers"),
}
# The ranks printed on a card as a letter.
LETTERS = ("A", "J", "Q", "K")


def number(value: int) -> str:
    """``-2`` as ``"−2"``, ``7`` as ``"7"``."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def points(value: int) -> str:
    """``"1 point"``, ``"−1 point"``, ``"0 points"``, ``"12 points"``: a score or a total."""
    return ngettext("%(number)s point", "%(number)s points", abs(value)) % {"number": number(value)}


def a_number(value: int) -> str:
    """``"a 9"``, ``"an 8"``, ``"an 11"``, ``"a −2"``: a card's points, as said after "had".
    English's "an" before a vowel sound is its own message, which other languages may write
    the same as the other ("un 8", "un 9")."""
    said = number(value)
    if said.startswith("8") or said in ("11", "18"):
        return pgettext("a card's points, said with a vowel sound", "an %(number)s") % {
            "number": said
        }
    return pgettext("a card's points", "a %(number)s") % {"number": said}


def _rank(card: str) -> str:
    """The rank of a card code or of a rank: ``"7"`` for ``"7H"`` and for ``"7"``."""
    return card if card in RANK_WORDS else rank(card)


def rank_word(card: str) -> str:
    """``"7"``, ``"king"``, ``"joker"``: a card's rank as a child says it."""
    return str(RANK_WORDS[_rank(card)])


def the_rank(card: str) -> str:
    """``"the 7"``, ``"the king"``."""
    return str(THE_RANK[_rank(card)])


def a_rank(card: str) -> str:
    """``"a 7"``, ``"an 8"``, ``"an ace"``."""
    return str(A_RANK[_rank(card)])


def plural(card: str) -> str:
    """``"kings"``, ``"7s"``: more than one card of a rank."""
    return str(RANK_PLURALS[_rank(card)])


def suit_letter(code: str | None) -> str:
    """``"S"`` for ``"7S"`` ("P" in Spanish); nothing for a joker or a card face down."""
    if not code or rank(code) == JOKER:
        return ""
    return str(SUIT_LETTERS[code[-1]])


def card_words(code: str) -> str:
    """A card in a sentence: ``"7 of hearts"``, ``"king of clubs"``, ``"joker"``."""
    r = rank(code)
    if r == JOKER:
        return str(RANK_WORDS[JOKER])
    return gettext("%(rank)s of %(suit)s") % {"rank": RANK_WORDS[r], "suit": SUIT_NAMES[code[-1]]}


def card_name(code: str) -> str:
    """A card all in words, as a screen reader should say it: ``"seven of hearts"``."""
    r = rank(code)
    if r == JOKER:
        return str(RANK_NAMES[JOKER])
    return gettext("%(rank)s of %(suit)s") % {"rank": RANK_NAMES[r], "suit": SUIT_NAMES[code[-1]]}


def card_label(code: str) -> str:
    """A card button's name. It starts with what is printed on the card, so a child who
    says "7 of hearts" or "K" to a voice control finds it: ``"K, king of clubs"``."""
    r = rank(code)
    if r in LETTERS:
        return gettext("%(printed)s, %(card)s") % {"printed": r, "card": card_words(code)}
    return card_words(code)
