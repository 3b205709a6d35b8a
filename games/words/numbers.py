"""Numbers as children see them in books, and the reminders of what cards are worth.

A negative number is written with a real minus sign (see cards.number). A sum
is written with "+" between its terms, and a negative number that is added is put in
brackets: "9 + (−2) = 7". The first term needs no brackets: "−2 + 5 = 3".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext, pgettext

from games.engine import Rules

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


@dataclass(frozen=True, slots=True)
class CardValue:
    """One line of the card-value reminder: ``cards`` "K", ``points`` "0", and the same as
    a sentence to read aloud, "A king is 0."."""

    cards: str
    points: str
    sentence: str


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


def value_reminder(rules: Rules) -> tuple[CardValue, ...]:
    """What each card is worth under ``rules``, house rules included."""
    values = rules.values
    lines = [
        CardValue("A", number(values["A"]), _worth("A", values["A"])),
        CardValue("2", number(values["2"]), _worth("2", values["2"])),
        CardValue(
            pgettext("cards", "3 to 10"),
            pgettext("a card's points", "the number"),
            gettext("Cards 3 to 10 are worth the number on them."),
        ),
    ]
    if values["J"] == values["Q"]:
        said = gettext("A jack or a queen is %(number)s.") % {"number": values["J"]}
        lines.append(CardValue("J Q", number(values["J"]), said))
    else:
        lines.append(CardValue("J", number(values["J"]), _worth("J", values["J"])))
        lines.append(CardValue("Q", number(values["Q"]), _worth("Q", values["Q"])))
    lines.append(CardValue("K", number(values["K"]), _worth("K", values["K"])))
    if "JK" in values:
        joker = pgettext("card, as printed", "Joker")
        lines.append(CardValue(joker, number(values["JK"]), _worth("JK", values["JK"])))
    return tuple(lines)


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


def can_go_below_zero(rules: Rules) -> bool:
    """Whether any score under ``rules`` can be negative: never at "adding only" (nor in
    Knock Golf without jokers), so a number pad needs no minus key there."""
    return any(v < 0 for v in rules.values.values()) or rules.four_of_a_kind is not None
