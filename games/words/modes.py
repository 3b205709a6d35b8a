"""The three games' names: short, for a title, a list or under a game's picture ("Knock
Golf"), with one line to go with the picture; and long, for choosing one by words alone
("Nine cards: Knock Golf"). Keyed by the engine's preset names."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from .lookup import Words

MODE_NAMES = Words(
    {
        "easy4": gettext_lazy("Four-card Golf"),
        "classic6": gettext_lazy("Six-card Golf"),
        "knock9": gettext_lazy("Knock Golf"),
    }
)
# Choosing a game by its picture: one short line under its name.
MODE_LINES = Words(
    {
        "easy4": gettext_lazy("The easy one. Start here!"),
        "classic6": gettext_lazy("The full game, with 6 cards."),
        "knock9": gettext_lazy("9 cards. Knock when yours are low."),
    }
)
# A form field's choices: said in the language of each page that draws them.
MODE_CHOICES = [
    ("easy4", gettext_lazy("Four cards: the easy game (best to start)")),
    ("classic6", gettext_lazy("Six cards: the full game")),
    ("knock9", gettext_lazy("Nine cards: Knock Golf")),
]
