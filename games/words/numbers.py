"""Numbers as children see them in books, and the reminders of what cards are worth.

A negative number is written with a real minus sign (see cards.number). A sum
is written with "+" between its terms, and a negative number that is added is put in
brackets: "9 + (−2) = 7". The first term needs no brackets: "−2 + 5 = 3".
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, pgettext

from games.engine import Rules
from lessons.core.card_values import ValueLine

from .cards import a_rank, number


def term(value: int) -> str:
    """A number as it is added in a sum: a negative one in brackets, ``"(−2)"``."""
    return f"({number(value)})" if value < 0 else str(value)


def sum_text(values: Sequence[int]) -> str:
    """``[9, -2, 5]`` as ``"9 + (−2) + 5"``."""
    if not values:
        raise ValueError("a sum needs at least one number")
    return " + ".join([number(values[0]), *(term(v) for v in values[1:])])


def equation(values: Sequence[int], result: int) -> str:
    """``"9 + (−2) = 7"``. The result is given, not worked out here: it is the engine's
    score, and a test holds every equation's arithmetic to it."""
    return f"{sum_text(values)} = {number(result)}"


def capital(text: str) -> str:
    """A phrase made to start a sentence: "an ace" as "An ace", "un 8" as "Un 8"."""
    return text[:1].upper() + text[1:]


def uncapital(text: str) -> str:
    """A sentence made to follow a colon: "Go back 2." as "go back 2."."""
    return text[:1].lower() + text[1:]


def _worth(rank: str, value: int) -> str:
    """What a card does to the score, for the reminder read aloud: "A 2 takes away 2."."""
    card = capital(a_rank(rank))
    if value < 0:
        # Translators: %(card)s is a card with its article, "A 2", "A joker".
        return gettext("%(card)s takes away %(number)s.") % {"card": card, "number": -value}
    # Translators: %(card)s is a card with its article, "An ace", "A king"; %(number)s is
    # its points.
    return gettext("%(card)s is %(number)s.") % {"card": card, "number": value}


# The card-value reminder (lessons.core.card_values): each line's cards as printed ("K"),
# their points ("0"), and the same as a sentence to read aloud ("A king is 0.").


def value_cards(line: ValueLine) -> str:
    """The cards of a line of the reminder: "A", "J Q", "3 to 10", "Joker"."""
    if line.value is None:
        return pgettext("cards", "3 to 10")
    if line.ranks == ("JK",):
        return pgettext("card, as printed", "Joker")
    return " ".join(line.ranks)


def value_points(line: ValueLine) -> str:
    """What each card of the line is worth: "0", "−2", "the number"."""
    if line.value is None:
        return pgettext("a card's points", "the number")
    return number(line.value)


def value_sentence(line: ValueLine) -> str:
    """The line read aloud: "A king is 0.", "A 2 takes away 2."."""
    if line.value is None:
        return gettext("Cards 3 to 10 are worth the number on them.")
    if line.ranks == ("J", "Q"):
        return gettext("A jack or a queen is %(number)s.") % {"number": line.value}
    (rank,) = line.ranks
    return _worth(rank, line.value)


def match_reminder(rules: Rules) -> str:
    """What matching cards in a column do, in one short line."""
    if rules.match == "full_column":
        if rules.rows == 4:
            return gettext("Four the same in a column: 0")
        if rules.rows == 3:
            return gettext("Three the same in a column: 0")
    if rules.rows == 2:
        return gettext("Two the same in a column: 0")
    return gettext("Two or three the same in a column: those are 0")
