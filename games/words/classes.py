"""A class answering on its own devices (games.classes): the colours a device's picture is
ringed with, by name, so that no colour is told by its look alone. The pictures' words are
games.words.pictures'."""

from django.utils.translation import pgettext_lazy

COLOUR_NAMES = {
    "red": pgettext_lazy("a colour", "red"),
    "blue": pgettext_lazy("a colour", "blue"),
    "green": pgettext_lazy("a colour", "green"),
    "orange": pgettext_lazy("a colour", "orange"),
    "purple": pgettext_lazy("a colour", "purple"),
    "yellow": pgettext_lazy("a colour", "yellow"),
}
