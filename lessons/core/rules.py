"""The rules to read aloud, as facts: the four-card game's easy rules in seven steps, each with
a little picture of the table, then the six-card game and Knock Golf, told shorter (the
engine's own rules are ``games.engine.Rules``; these are how a child is told them).

A step is its key, for its words (``games.words.rules``), and its number. A picture is
cards, not art: each card has its code and lies face up or down, and the rows are the
player's own cards, top row first (the bottom row is the one nearest the player). A card may
lie beside them: one just taken, or one just thrown away. Plain Python: the engine's card
codes and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Beside(StrEnum):
    """Why a card lies beside a picture's rows."""

    TAKEN = "taken"  # the card the player just took
    THROWN = "thrown"  # the card the player just threw away


@dataclass(frozen=True, slots=True)
class PictureCard:
    code: str  # the card, even when it lies face down (a dealt card is a real card)
    face_up: bool


@dataclass(frozen=True, slots=True)
class CardsPicture:
    rows: tuple[tuple[PictureCard, ...], ...]
    beside: PictureCard | None
    beside_was: Beside | None  # what the card beside was: taken or thrown away


@dataclass(frozen=True, slots=True)
class RuleStep:
    key: str  # "deal", "peek", ...: stable within its rule set, for its words
    number: int  # counted from 1
    picture: CardsPicture | None


@dataclass(frozen=True, slots=True)
class RuleSet:
    preset: str  # the engine preset these rules are for, and the key of their words
    steps: tuple[RuleStep, ...]


def _card(code: str) -> PictureCard:
    """``"7H*"``: a card with a * lies face up."""
    return PictureCard(code.rstrip("*"), code.endswith("*"))


def _picture(layout: str, beside: str = "", was: Beside | None = None) -> CardsPicture:
    """``"7H* KS / 3D 2C*"``: rows split by "/"; ``beside``, a card beside them."""
    rows = tuple(tuple(_card(code) for code in row.split()) for row in layout.split("/"))
    return CardsPicture(rows, _card(beside) if beside else None, was)


def _steps(*steps: tuple[str, CardsPicture | None]) -> tuple[RuleStep, ...]:
    return tuple(RuleStep(key, n, picture) for n, (key, picture) in enumerate(steps, start=1))


# One hand all the way through, so the pictures follow on from each other: the near
# cards are a 7 and a 3; the player takes a king and puts it where the 7 was.
EASY_RULES = RuleSet(
    preset="easy4",
    steps=_steps(
        ("deal", _picture("AS 4D / 7H 3C")),
        ("peek", _picture("AS 4D / 7H* 3C*")),
        ("take", _picture("AS 4D / 7H 3C", "KS*", Beside.TAKEN)),
        ("keep_or_drop", _picture("AS 4D / KS* 3C", "7H*", Beside.THROWN)),
        ("kings", _picture("AS 4D / KS* 3C")),
        ("knock", _picture("AS 4D / KS* 3C")),
        ("count_up", _picture("AS* 4D* / KS* 3C*")),
    ),
)

SIX_CARD_RULES = RuleSet(
    preset="classic6",
    steps=_steps(
        ("deal", _picture("4D 8C* JH / 2S KC 6H*")),
        ("take", None),
        ("keep", None),
        ("values", None),
        ("last_turn", None),
        ("nine_holes", None),
    ),
)

KNOCK_RULES = RuleSet(
    preset="knock9",
    steps=_steps(
        ("deal", _picture("5C QS 9D / 2H* AD 7S / KH 10C* 4D")),
        ("take", None),
        ("values", None),
        ("columns", None),
        ("knock", None),
    ),
)

RULE_SETS = {r.preset: r for r in (EASY_RULES, SIX_CARD_RULES, KNOCK_RULES)}
