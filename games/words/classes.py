"""A class answering on its own devices (games.classes): the colours a device's picture is
ringed with, by name, so that no colour is told by its look alone. The pictures' words are
games.words.pictures'. And the heading of the counts a teacher keeps of what the class found
tricky, a row of a spreadsheet."""

from django.utils.translation import gettext_lazy, pgettext_lazy

COLOUR_NAMES = {
    "red": pgettext_lazy("a colour", "red"),
    "blue": pgettext_lazy("a colour", "blue"),
    "green": pgettext_lazy("a colour", "green"),
    "orange": pgettext_lazy("a colour", "orange"),
    "purple": pgettext_lazy("a colour", "purple"),
    "yellow": pgettext_lazy("a colour", "yellow"),
}

# The columns of the counts a teacher keeps: the question, then its two counts.
COUNTS_HEADING = (
    gettext_lazy("Question"),
    gettext_lazy("Devices that answered"),
    gettext_lazy("Right the first time"),
)
