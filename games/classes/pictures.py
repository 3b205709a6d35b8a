"""The picture and colour each device that joins a lesson is given: one of the children's
pictures (games.join_codes, the ones its code is tapped with), ringed with a colour, so a
child finds their own device's at a glance. Names only here: the colours' words are
games.words.classes'."""

from __future__ import annotations

import random

from games.join_codes import PICTURES, read

# The colours a device's picture is ringed with (class-devices.css), told by name too.
COLOURS = ("red", "blue", "green", "orange", "purple", "yellow")


def device_picture(code: str, number: int) -> tuple[str, str]:
    """The picture and colour of the device that joined the lesson ``code`` as number
    ``number`` (from 0): every pair once, in an order of the lesson's own, before any comes
    again. Never one of the code's own pictures, which a child could take for part of it."""
    in_code = set(read(code) or ())
    pictures = [picture for picture in PICTURES if picture not in in_code]
    pairs = [(picture, colour) for colour in COLOURS for picture in pictures]
    random.Random(code).shuffle(pairs)
    return pairs[number % len(pairs)]
