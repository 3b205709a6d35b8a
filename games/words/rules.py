"""The rules in words, to read aloud: each game's title, each step's text and each step's
picture said for a screen reader, looked up by the rules' facts (``lessons.core.rules``: a
rule set's preset and a step's key), in the language of the page that shows them.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from lessons.core.rules import CardsPicture, RuleSet, RuleStep

from .lookup import Words

TITLES = Words(
    {
        "easy4": _("Four-card Golf: the easy rules"),
        "classic6": _("Six-card Golf"),
        "knock9": _("Knock Golf"),
    }
)

# Each step's text, by its rule set's preset and its key.
STEPS = {
    "easy4": Words(
        {
            "deal": _("Deal 4 cards to each player, face down, in 2 rows of 2."),
            "peek": _("Look at the 2 cards nearest you and remember them. Then hide them again."),
            "take": _("Your turn: pick up the top card from the stock or from the face-up pile."),
            "keep_or_drop": _(
                "Keep it in place of one of your cards, or drop it on the face-up pile."
            ),
            "kings": _("The smaller your cards, the better. A king counts 0!"),
            "knock": _("Are your cards low? Then knock instead of taking a card."),
            "count_up": _(
                "Then the others each play one last turn. Turn every card face up and add up."
                " Lowest score is the winner!"
            ),
        }
    ),
    "classic6": Words(
        {
            "deal": _(
                "Each player gets 6 cards face down, set out 3 across and 2 deep. Pick 2 and"
                " turn them up."
            ),
            "take": _("Your turn: pick up the top card from the stock or from the face-up pile."),
            "keep": _(
                "Keep it in place of one of your cards. A card from the stock may go onto the"
                " face-up pile instead."
            ),
            "values": _("A 2 takes away 2. A king is 0. Two the same in one column make 0."),
            "last_turn": _(
                "When a player has turned up all 6 cards, the others each get one more turn."
            ),
            "nine_holes": _("Play 9 holes and add up as you go. The lowest total wins."),
        }
    ),
    "knock9": Words(
        {
            "deal": _(
                "Each player gets 9 cards face down, 3 across and 3 deep. Pick 2 and turn them up."
            ),
            "take": _("Take a card, then swap it or throw it away, as in Six-card Golf."),
            "values": _("Here a king is worth 10, and a 2 is worth 2."),
            "columns": _(
                "Two the same in a column make 0, and the third card still counts."
                " Three the same make 0."
            ),
            "knock": _(
                "Happy with your cards? Knock at the end of your turn. The others then play one"
                " more turn each."
            ),
        }
    ),
}

# Each step's picture in words, for screen readers, by its rule set's preset and its key.
PICTURES = {
    "easy4": Words(
        {
            "deal": _("4 cards face down, 2 rows of 2."),
            "peek": _("The 2 near cards are a 7 and a 3."),
            "take": _("You took a king."),
            "keep_or_drop": _("The king took the place of the 7."),
            "kings": _("The king is face up. It is worth 0."),
            "knock": _("Your cards look low. Time to knock!"),
            "count_up": _("All 4 cards face up: ace, 4, king and 3."),
        }
    ),
    "classic6": Words({"deal": _("Six cards in 2 rows. An 8 and a 6 are face up.")}),
    "knock9": Words({"deal": _("Nine cards in 3 rows. A 2 and a 10 are face up.")}),
}

# What the card beside a picture is, by what it was (``lessons.core.rules.Beside``).
BESIDE = Words({"taken": _("The card you took"), "thrown": _("Thrown away")})


def title(rules: RuleSet) -> str:
    return TITLES[rules.preset]


def text(rules: RuleSet, step: RuleStep) -> str:
    return STEPS[rules.preset][step.key]


def description(rules: RuleSet, step: RuleStep) -> str:
    """The step's picture in words, for screen readers."""
    return PICTURES[rules.preset][step.key]


def beside_label(picture: CardsPicture) -> str:
    """What the card beside the picture is, "The card you took"; "" with none."""
    return BESIDE[picture.beside_was] if picture.beside_was else ""
