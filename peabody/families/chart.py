"""The hole-score trend as a PNG: one point per finished game, its mean score per hole.

The page shows the same numbers in a table beside it, so the picture adds nothing a screen
reader misses. It is drawn small, with big type, because a phone shows it about 340 px wide:
every label stays at least 12 px high there. A chart of one or two games says nothing a
sentence does not, so the page draws it from FEWEST_GAMES on.
"""

from __future__ import annotations

import io
import math

from PIL import Image, ImageDraw, ImageFont

FEWEST_GAMES = 3
WIDTH, HEIGHT = 480, 360
LEFT, RIGHT, TOP, BOTTOM = 64, 24, 56, 92  # margins around the plot, room for the titles
INK = "#111111"
GRID = "#d0d5dd"
LINE = "#0b4f9c"
FONT = ImageFont.load_default(size=26)
Y_TITLE = "Average score per hole"
X_TITLE = "Game, oldest first"


def nice_step(span: float) -> int:
    """A whole-number gap between grid lines that gives about five of them."""
    raw = max(span / 5, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    return int(next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw))


def write_number(draw: ImageDraw.ImageDraw, right: float, middle: float, value: int) -> None:
    """``value`` ending at ``right``, centred on ``middle``. Pillow's built-in font has no
    minus sign (U+2212), so a negative number gets one drawn as a dash as wide as a digit."""
    text = str(abs(value))
    width = draw.textlength(text, font=FONT)
    draw.text((right - width, middle), text, font=FONT, fill=INK, anchor="lm")
    if value < 0:
        dash = draw.textlength("0", font=FONT)
        x = right - width - dash - 2
        draw.line([(x, middle), (x + dash, middle)], fill=INK, width=2)


def trend_png(values: list[float]) -> bytes:
    image = Image.new("RGB", (WIDTH, HEIGHT), "white")
    draw = ImageDraw.Draw(image)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    low = math.floor(min([0.0, *values]))
    high = math.ceil(max([1.0, *values]))
    step = nice_step(high - low)
    low, high = step * math.floor(low / step), step * math.ceil(high / step)

    def y_at(value: float) -> float:
        return TOP + plot_h * (high - value) / (high - low)

    def x_at(index: int) -> float:
        return LEFT + (plot_w * index / (len(values) - 1) if len(values) > 1 else plot_w / 2)

    for tick in range(low, high + 1, step):
        y = y_at(tick)
        draw.line([(LEFT, y), (WIDTH - RIGHT, y)], fill=INK if tick == 0 else GRID, width=2)
        write_number(draw, LEFT - 10, y, tick)
    # Every game is numbered when they fit; past ten, every other one.
    every = 1 if len(values) <= 10 else 2
    for index in range(0, len(values), every):
        label = str(index + 1)
        draw.text((x_at(index), HEIGHT - BOTTOM + 10), label, font=FONT, fill=INK, anchor="mt")
    draw.text((8, 8), Y_TITLE, font=FONT, fill=INK, anchor="lt")
    draw.text((WIDTH / 2, HEIGHT - 8), X_TITLE, font=FONT, fill=INK, anchor="mb")
    points = [(x_at(i), y_at(v)) for i, v in enumerate(values)]
    if len(points) > 1:
        draw.line(points, fill=LINE, width=4, joint="curve")
    for x, y in points:
        draw.ellipse([x - 7, y - 7, x + 7, y + 7], fill=LINE, outline="white", width=2)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
