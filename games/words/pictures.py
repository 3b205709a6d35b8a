"""The children's pictures, by name, with what each one is in words: the one list of them.

A child wears one on their profile and at the table, a class's device is given one, and a
join code (games.join_codes) is a few of them tapped in order, so a 7-year-old reads a code
aloud as "fox, owl, frog, pig" and needs no spelling. The names are kept on profiles and
seats and are part of the pictures' addresses: never change one. The families app draws
them (peabody/families/avatars.py); the words say them for those who cannot see them.
"""

from django.utils.translation import pgettext_lazy

PICTURES = {
    "fox": pgettext_lazy("profile picture", "Fox"),
    "cat": pgettext_lazy("profile picture", "Cat"),
    "bear": pgettext_lazy("profile picture", "Bear"),
    "bunny": pgettext_lazy("profile picture", "Bunny"),
    "owl": pgettext_lazy("profile picture", "Owl"),
    "frog": pgettext_lazy("profile picture", "Frog"),
    "penguin": pgettext_lazy("profile picture", "Penguin"),
    "panda": pgettext_lazy("profile picture", "Panda"),
    "lion": pgettext_lazy("profile picture", "Lion"),
    "mouse": pgettext_lazy("profile picture", "Mouse"),
    "pig": pgettext_lazy("profile picture", "Pig"),
    "chick": pgettext_lazy("profile picture", "Chick"),
    "robot": pgettext_lazy("profile picture", "Robot"),
    "koala": pgettext_lazy("profile picture", "Koala"),
}
