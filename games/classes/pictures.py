"""The pictures a class code is made of, and the picture and colour each joined device is
given: the animals of the families' profiles (peabody/families/avatars.py), which children
already know by name, so a code reads aloud as "fox, owl, frog, pig" and is tapped, not
spelled. Names only here: their words are games.words.classes'."""

from __future__ import annotations

import random

# The profile pictures' names, in their order (tests/games/test_classes.py holds them to it).
CODE_PICTURES = (
    "fox",
    "cat",
    "bear",
    "bunny",
    "owl",
    "frog",
    "penguin",
    "panda",
    "lion",
    "mouse",
    "pig",
    "chick",
    "robot",
    "koala",
)
CODE_LENGTH = 4

# The colours a device's picture is ringed with (class-devices.css), told by name too.
COLOURS = ("red", "blue", "green", "orange", "purple", "yellow")


def device_picture(code: str, number: int) -> tuple[str, str]:
    """The picture and colour of the device that joined the lesson ``code`` as number
    ``number`` (from 0): every one of the 84 pairs once, in an order of the lesson's own,
    before any comes again."""
    pairs = [(picture, colour) for colour in COLOURS for picture in CODE_PICTURES]
    random.Random(code).shuffle(pairs)
    return pairs[number % len(pairs)]


def code_pictures(code: str) -> list[str]:
    return code.split("-")
