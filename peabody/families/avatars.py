"""The pictures a child can choose for their profile, drawn here with Pillow: the friendly
animals of games.words.pictures, which has their names and words.

They are drawn in code, not uploaded, so a profile can never hold a photo. Each picture is
drawn on a 100 by 100 grid, four times larger than it is served, and scaled down, which
smooths its edges (Pillow draws shapes without anti-aliasing).
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from games.words.pictures import PICTURES

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise  # a development package: for the checker only

# Part of every picture's URL, which browsers may keep for a year: raise it whenever a
# drawing changes, so they fetch the new one.
VERSION = 1
SIZE = 256  # pixels, as served
SCALE = 4  # drawn this much larger, then scaled down
INK = "#2b2118"
WHITE = "#ffffff"
PINK = "#f4a6b7"

Point = tuple[float, float]


class Pen:
    """ImageDraw on the 100 by 100 grid every picture is drawn on."""

    def __init__(self, draw: ImageDraw.ImageDraw) -> None:
        self.draw = draw
        self.unit = SIZE * SCALE / 100

    def _px(self, *values: float) -> list[float]:
        return [v * self.unit for v in values]

    def oval(self, cx: float, cy: float, rx: float, ry: float | None = None, fill=INK) -> None:
        ry = rx if ry is None else ry
        self.draw.ellipse(self._px(cx - rx, cy - ry, cx + rx, cy + ry), fill=fill)

    def shape(self, points: Sequence[Point], fill=INK) -> None:
        self.draw.polygon([tuple(self._px(x, y)) for x, y in points], fill=fill)

    def box(self, x0: float, y0: float, x1: float, y1: float, fill=INK, radius=0.0) -> None:
        self.draw.rounded_rectangle(self._px(x0, y0, x1, y1), self._px(radius)[0], fill=fill)

    def line(self, points: Sequence[Point], width: float = 1.6, fill=INK) -> None:
        flat = [tuple(self._px(x, y)) for x, y in points]
        self.draw.line(flat, fill=fill, width=round(width * self.unit), joint="curve")

    def smile(self, cx: float, cy: float, r: float, width: float = 1.8, fill=INK) -> None:
        box = self._px(cx - r, cy - r, cx + r, cy + r)
        self.draw.arc(box, 20, 160, fill=fill, width=round(width * self.unit))

    def eyes(self, y: float, apart: float, r: float = 4.0, shine: bool = True) -> None:
        for x in (50 - apart, 50 + apart):
            self.oval(x, y, r)
            if shine:
                self.oval(x + r * 0.35, y - r * 0.35, r * 0.35, fill=WHITE)

    def cheeks(self, y: float, apart: float, fill=PINK) -> None:
        for x in (50 - apart, 50 + apart):
            self.oval(x, y, 4.5, 3, fill=fill)


def fox(p: Pen) -> None:
    orange, cream = "#e8762d", "#fff4e6"
    p.shape([(18, 42), (24, 10), (44, 30)], fill=orange)
    p.shape([(82, 42), (76, 10), (56, 30)], fill=orange)
    p.shape([(24, 34), (26, 17), (38, 30)], fill=INK)
    p.shape([(76, 34), (74, 17), (62, 30)], fill=INK)
    p.oval(50, 52, 32, 28, fill=orange)
    p.shape([(20, 55), (50, 84), (80, 55), (50, 64)], fill=cream)
    p.eyes(48, 13)
    p.oval(50, 68, 5, 4)


def cat(p: Pen) -> None:
    grey = "#9aa3ad"
    p.shape([(20, 46), (24, 12), (46, 30)], fill=grey)
    p.shape([(80, 46), (76, 12), (54, 30)], fill=grey)
    p.shape([(25, 38), (27, 20), (39, 30)], fill=PINK)
    p.shape([(75, 38), (73, 20), (61, 30)], fill=PINK)
    p.oval(50, 54, 32, 29, fill=grey)
    p.eyes(50, 12)
    p.shape([(46, 60), (54, 60), (50, 65)], fill=PINK)
    p.smile(46, 62, 4, 1.2)
    p.smile(54, 62, 4, 1.2)
    for y, tilt in ((62, -2), (67, 2)):
        p.line([(14, y + tilt), (32, y)], 1.0)
        p.line([(86, y + tilt), (68, y)], 1.0)


def bear(p: Pen) -> None:
    brown, light = "#9c6b43", "#d9b48f"
    for x in (24, 76):
        p.oval(x, 26, 12, fill=brown)
        p.oval(x, 26, 6, fill=light)
    p.oval(50, 54, 32, 30, fill=brown)
    p.oval(50, 66, 14, 11, fill=light)
    p.eyes(48, 12)
    p.oval(50, 61, 5, 3.5)
    p.smile(50, 64, 5)


def bunny(p: Pen) -> None:
    fur = "#f1ece6"
    for x in (36, 64):
        p.oval(x, 24, 9, 22, fill=fur)
        p.oval(x, 26, 4.5, 16, fill=PINK)
    p.oval(50, 60, 30, 27, fill=fur)
    p.eyes(55, 11)
    p.cheeks(66, 19)
    p.oval(50, 63, 3.5, 2.5, fill="#e0708a")
    p.box(46.5, 69, 53.5, 75, fill=WHITE, radius=1)
    p.line([(50, 69), (50, 75)], 0.8)


def owl(p: Pen) -> None:
    brown, tan = "#8a5a3b", "#e8c99b"
    p.shape([(22, 30), (26, 8), (40, 24)], fill=brown)
    p.shape([(78, 30), (74, 8), (60, 24)], fill=brown)
    p.oval(50, 54, 32, 36, fill=brown)
    p.oval(50, 66, 18, 20, fill=tan)
    for x in (36, 64):
        p.oval(x, 42, 13, fill=WHITE)
        p.oval(x, 43, 6)
        p.oval(x + 2, 41, 2, fill=WHITE)
    p.shape([(45, 52), (55, 52), (50, 62)], fill="#f2a03d")


def frog(p: Pen) -> None:
    green = "#5bb35b"
    for x in (32, 68):
        p.oval(x, 32, 13, fill=green)
        p.oval(x, 32, 8, fill=WHITE)
        p.oval(x, 33, 4.5)
    p.oval(50, 58, 36, 26, fill=green)
    p.cheeks(63, 24)
    p.smile(50, 52, 18, 2.2)
    p.oval(44, 50, 1.3)
    p.oval(56, 50, 1.3)


def penguin(p: Pen) -> None:
    p.oval(50, 52, 34, 34, fill="#25303b")
    p.oval(38, 56, 16, 20, fill=WHITE)
    p.oval(62, 56, 16, 20, fill=WHITE)
    p.oval(50, 66, 18, 14, fill=WHITE)
    p.eyes(52, 11)
    p.shape([(44, 61), (56, 61), (50, 69)], fill="#f2a03d")
    p.cheeks(66, 20)


def panda(p: Pen) -> None:
    for x in (24, 76):
        p.oval(x, 26, 11)
    p.oval(50, 54, 32, 29, fill=WHITE)
    for x in (38, 62):
        p.oval(x, 50, 8, 10)
        p.oval(x, 49, 3.5, fill=WHITE)
        p.oval(x, 49.5, 2)
    p.oval(50, 62, 5, 3.5)
    p.smile(50, 65, 5)


def lion(p: Pen) -> None:
    mane, face = "#c56a1c", "#f6c453"
    for i in range(12):
        angle = i * math.tau / 12
        p.oval(50 + 33 * math.cos(angle), 52 + 33 * math.sin(angle), 13, fill=mane)
    p.oval(50, 52, 33, fill=mane)
    p.oval(50, 53, 25, 24, fill=face)
    for x in (33, 67):
        p.oval(x, 33, 6, fill=face)
    p.eyes(48, 10, 3.5)
    p.shape([(45, 57), (55, 57), (50, 63)], fill="#7a3e12")
    p.smile(46, 63, 4, 1.3, fill="#7a3e12")
    p.smile(54, 63, 4, 1.3, fill="#7a3e12")


def mouse(p: Pen) -> None:
    grey = "#b8b2c0"
    for x in (24, 76):
        p.oval(x, 30, 17, fill=grey)
        p.oval(x, 30, 10, fill=PINK)
    p.oval(50, 58, 28, 26, fill=grey)
    p.eyes(54, 10, 3.5)
    p.oval(50, 66, 4, 3, fill="#e0708a")
    for y, tilt in ((64, -2), (69, 2)):
        p.line([(20, y + tilt), (38, y)], 0.9)
        p.line([(80, y + tilt), (62, y)], 0.9)


def pig(p: Pen) -> None:
    pink, dark = "#f5b3c0", "#d9798d"
    p.shape([(22, 40), (22, 14), (44, 28)], fill=pink)
    p.shape([(78, 40), (78, 14), (56, 28)], fill=pink)
    p.oval(50, 55, 32, 29, fill=pink)
    p.eyes(46, 12, 3.5)
    p.oval(50, 62, 11, 8, fill=dark)
    p.oval(46, 62, 2, 3, fill="#8e3c50")
    p.oval(54, 62, 2, 3, fill="#8e3c50")


def chick(p: Pen) -> None:
    yellow = "#ffd43b"
    p.line([(50, 22), (46, 12)], 2.2, fill="#e0a800")
    p.line([(50, 22), (56, 13)], 2.2, fill="#e0a800")
    p.oval(50, 56, 32, 32, fill=yellow)
    p.oval(22, 62, 8, 12, fill="#f5c518")
    p.oval(78, 62, 8, 12, fill="#f5c518")
    p.eyes(50, 11)
    p.shape([(43, 58), (57, 58), (50, 66)], fill="#f2823d")
    p.cheeks(64, 19)


def robot(p: Pen) -> None:
    metal, screen = "#8fa3b8", "#dff3ff"
    p.line([(50, 24), (50, 12)], 2.4)
    p.oval(50, 11, 4.5, fill="#ef5b5b")
    p.box(18, 24, 82, 82, fill=metal, radius=12)
    p.box(26, 34, 74, 62, fill=screen, radius=7)
    p.oval(38, 47, 5.5, fill="#1f6feb")
    p.oval(62, 47, 5.5, fill="#1f6feb")
    p.box(36, 68, 64, 74, fill="#4f6478", radius=3)
    for x in (14, 86):
        p.box(x - 4, 44, x + 4, 60, fill="#6d8399", radius=3)


def koala(p: Pen) -> None:
    grey, light = "#8e969e", "#e8e3e8"
    for x in (20, 80):
        p.oval(x, 36, 17, fill=grey)
        p.oval(x, 37, 10, fill=light)
    p.oval(50, 56, 29, 27, fill=grey)
    p.eyes(50, 12, 3.5)
    p.oval(50, 62, 7, 9, fill="#3b3f45")
    p.smile(50, 70, 4, 1.3)


@dataclass(frozen=True)
class Avatar:
    name: str  # saved on the profile and used in the URL: never change one
    label: StrPromise  # what it shows, for people who cannot see it, in the page's language
    background: str
    paint: Callable[[Pen], None]


# Each picture's background and drawing, by its name.
DRAWINGS: dict[str, tuple[str, Callable[[Pen], None]]] = {
    "fox": ("#fde2c8", fox),
    "cat": ("#dbe7f3", cat),
    "bear": ("#f2e3c9", bear),
    "bunny": ("#e5dcf5", bunny),
    "owl": ("#d8ecd5", owl),
    "frog": ("#fff1b8", frog),
    "penguin": ("#cfe8f7", penguin),
    "panda": ("#d6efd9", panda),
    "lion": ("#fbe0e0", lion),
    "mouse": ("#fde7c4", mouse),
    "pig": ("#dff1f7", pig),
    "chick": ("#e2f0fb", chick),
    "robot": ("#fde6d2", robot),
    "koala": ("#e3f1dc", koala),
}
# The children's pictures (games.words.pictures: their names and words, in their order).
AVATARS = [Avatar(name, label, *DRAWINGS[name]) for name, label in PICTURES.items()]
BY_NAME = {avatar.name: avatar for avatar in AVATARS}


@cache
def png(name: str) -> bytes:
    """The picture called ``name``, as PNG bytes (drawn once per process)."""
    avatar = BY_NAME[name]
    big = SIZE * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = Pen(ImageDraw.Draw(image))
    pen.oval(50, 50, 50, fill=avatar.background)
    avatar.paint(pen)
    out = io.BytesIO()
    image.resize((SIZE, SIZE), Image.Resampling.LANCZOS).save(out, "PNG", optimize=True)
    return out.getvalue()
