"""The rules in words, to read aloud: the four-card game's easy rules in seven steps, each
with a little picture of the table, then the six-card game and Knock Golf, told shorter.

A picture is cards, not art: each card has its code and lies face up or down, and the rows
are the player's own cards, top row first (the bottom row is the one nearest the player).
A card may lie beside them: one just taken, or one just thrown away.

The words are lazy: each is said in the language of the page that shows it (``str()`` it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise  # a development package: for the checker only

# A text made lazily (``gettext_lazy``): it acts as a str, and is said in the language of
# the page that shows it.
type Text = str | StrPromise


@dataclass(frozen=True, slots=True)
class PictureCard:
    code: str  # the card, even when it lies face down (a dealt card is a real card)
    face_up: bool


@dataclass(frozen=True, slots=True)
class CardsPicture:
    rows: tuple[tuple[PictureCard, ...], ...]
    beside: PictureCard | None
    beside_label: Text  # what the card beside is: "The card you took", or ""
    description: Text  # the picture in words, for screen readers


@dataclass(frozen=True, slots=True)
class RuleStep:
    number: int
    text: Text
    picture: CardsPicture | None


@dataclass(frozen=True, slots=True)
class RuleSet:
    preset: str  # the engine preset these rules are for
    title: Text
    steps: tuple[RuleStep, ...]


def _cards(layout: str) -> tuple[tuple[PictureCard, ...], ...]:
    """``"7H* KS / 3D 2C*"``: rows split by "/", a card with a * lies face up."""
    return tuple(
        tuple(PictureCard(code.rstrip("*"), code.endswith("*")) for code in row.split())
        for row in layout.split("/")
    )


def _picture(layout: str, description: Text, beside: str = "", label: Text = "") -> CardsPicture:
    card = PictureCard(beside.rstrip("*"), beside.endswith("*")) if beside else None
    return CardsPicture(_cards(layout), card, label, description)


def _steps(*steps: tuple[Text, CardsPicture | None]) -> tuple[RuleStep, ...]:
    return tuple(RuleStep(n, text, picture) for n, (text, picture) in enumerate(steps, start=1))


# One hand all the way through, so the pictures follow on from each other: the near
# cards are a 7 and a 3; the player takes a king and puts it where the 7 was.
EASY_RULES = RuleSet(
    preset="easy4",
    title=_("Four-card Golf: the easy rules"),
    steps=_steps(
        (
            _("Deal 4 cards to each player, face down, in 2 rows of 2."),
            _picture("AS 4D / 7H 3C", _("4 cards face down, 2 rows of 2.")),
        ),
        (
            _("Look at the 2 cards nearest you and remember them. Then hide them again."),
            _picture("AS 4D / 7H* 3C*", _("The 2 near cards are a 7 and a 3.")),
        ),
        (
            _("Your turn: pick up the top card from the stock or from the face-up pile."),
            _picture("AS 4D / 7H 3C", _("You took a king."), "KS*", _("The card you took")),
        ),
        (
            _("Keep it in place of one of your cards, or drop it on the face-up pile."),
            _picture(
                "AS 4D / KS* 3C", _("The king took the place of the 7."), "7H*", _("Thrown away")
            ),
        ),
        (
            _("The smaller your cards, the better. A king counts 0!"),
            _picture("AS 4D / KS* 3C", _("The king is face up. It is worth 0.")),
        ),
        (
            _("Are your cards low? Then knock instead of taking a card."),
            _picture("AS 4D / KS* 3C", _("Your cards look low. Time to knock!")),
        ),
        (
            _(
                "Then the others each play one last turn. Turn every card face up and add up."
                " Lowest score is the winner!"
            ),
            _picture("AS* 4D* / KS* 3C*", _("All 4 cards face up: ace, 4, king and 3.")),
        ),
    ),
)

SIX_CARD_RULES = RuleSet(
    preset="classic6",
    title=_("Six-card Golf"),
    steps=_steps(
        (
            _(
                "Each player gets 6 cards face down, set out 3 across and 2 deep. Pick 2 and"
                " turn them up."
            ),
            _picture("4D 8C* JH / 2S KC 6H*", _("Six cards in 2 rows. An 8 and a 6 are face up.")),
        ),
        (_("Your turn: pick up the top card from the stock or from the face-up pile."), None),
        (
            _(
                "Keep it in place of one of your cards. A card from the stock may go onto the"
                " face-up pile instead."
            ),
            None,
        ),
        (_("A 2 takes away 2. A king is 0. Two the same in one column make 0."), None),
        (_("When a player has turned up all 6 cards, the others each get one more turn."), None),
        (_("Play 9 holes and add up as you go. The lowest total wins."), None),
    ),
)

KNOCK_RULES = RuleSet(
    preset="knock9",
    title=_("Knock Golf"),
    steps=_steps(
        (
            _("Each player gets 9 cards face down, 3 across and 3 deep. Pick 2 and turn them up."),
            _picture(
                "5C QS 9D / 2H* AD 7S / KH 10C* 4D",
                _("Nine cards in 3 rows. A 2 and a 10 are face up."),
            ),
        ),
        (_("Take a card, then swap it or throw it away, as in Six-card Golf."), None),
        (_("Here a king is worth 10, and a 2 is worth 2."), None),
        (
            _(
                "Two the same in a column make 0, and the third card still counts."
                " Three the same make 0."
            ),
            None,
        ),
        (
            _(
                "Happy with your cards? Knock at the end of your turn. The others then play one"
                " more turn each."
            ),
            None,
        ),
    ),
)

RULE_SETS = {r.preset: r for r in (EASY_RULES, SIX_CARD_RULES, KNOCK_RULES)}
