"""The guided first hole's tips: what each control on the table is for, said once (see
``games.guide``), by the control's key."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from .lookup import Words

TIPS = Words(
    {
        "peek": gettext_lazy("Only you can see these 2 cards. Then they turn face down."),
        "turn": gettext_lazy("Face-up cards help you plan. Low cards are good!"),
        "stock": gettext_lazy("The stock: a card nobody has seen yet."),
        "pile": gettext_lazy("The pile: take its top card if it is low."),
        "swap": gettext_lazy("The card you tap goes on the pile."),
        "throw": gettext_lazy("Throw it away if it is a high card."),
        "knock": gettext_lazy("Knock when your cards add up low. The hole then ends."),
        # Translators: "Knock after" is the label of a tick box (the message "Knock after").
        "knock_after": gettext_lazy("Tick Knock after to knock when this turn ends."),
        # Translators: "Hint" is the label of a button (the message "Hint").
        "hint": gettext_lazy("Stuck? Hint shows you a good move."),
        "read": gettext_lazy("Tap a speaker to hear the words."),
        "next": gettext_lazy("Lowest score wins the hole."),
    }
)
