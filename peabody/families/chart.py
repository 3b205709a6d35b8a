"""The hole-score trend as a PNG: one point per finished game, its mean score per hole.

The page shows the same numbers in a table beside it, so the picture adds nothing a screen
reader misses. It is drawn small with big type for a phone (about 340 px wide there, every
label at least 12 px high), from FEWEST_GAMES on. Titles are in the page's language, in a
font of our own (fonts/): Pillow's has no accented letters, no "ñ", no "¿" and no minus sign.
"""

from __future__ import annotations

import io
import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

FEWEST_GAMES = 3
WIDTH, HEIGHT = 480, 360
LEFT, RIGHT, TOP, BOTTOM = 64, 24, 56, 92  # margins around the plot, room for the titles
INK = "#111111"
GRID = "#d0d5dd"
LINE = "#0b4f9c"
FONT_FILE = Path(__file__).parent / "fonts" / "DejaVuSansCondensed-Latin.ttf"
FONT = ImageFont.truetype(FONT_FILE, size=26)
# A title too long for the picture in some language is drawn smaller, never below this
# (still 12 px high on a phone).
SMALLEST_TITLE = 18
MINUS = "\u2212"


def title_font(draw: ImageDraw.ImageDraw, text: str, room: float) -> ImageFont.FreeTypeFont:
    """FONT, or a smaller size of it if ``text`` would not fit in ``room`` pixels."""
    size = FONT.size
    while size > SMALLEST_TITLE and draw.textlength(text, font=FONT.font_variant(size=size)) > room:
        size -= 1
    return FONT if size == FONT.size else FONT.font_variant(size=size)


def nice_step(span: float) -> int:
    """A whole-number gap between grid lines that gives about five of them."""
    raw = max(span / 5, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    return int(next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw))


def write_number(draw: ImageDraw.ImageDraw, right: float, middle: float, value: int) -> None:
    """``value`` ending at ``right``, centred on ``middle``, with a real minus sign."""
    text = f"{MINUS}{abs(value)}" if value < 0 else str(value)
    draw.text((right, middle), text, font=FONT, fill=INK, anchor="rm")


def trend_png(values: list[float], titles: tuple[str, str]) -> bytes:
    """The chart of ``values``, one a game, oldest first; ``titles`` are the y axis's and the
    x axis's."""
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
    y_title, x_title = titles
    y_font, x_font = title_font(draw, y_title, WIDTH - 16), title_font(draw, x_title, WIDTH - 16)
    draw.text((8, 8), y_title, font=y_font, fill=INK, anchor="lt")
    draw.text((WIDTH / 2, HEIGHT - 8), x_title, font=x_font, fill=INK, anchor="mb")
    points = [(x_at(i), y_at(v)) for i, v in enumerate(values)]
    if len(points) > 1:
        draw.line(points, fill=LINE, width=4, joint="curve")
    for x, y in points:
        draw.ellipse([x - 7, y - 7, x + 7, y + 7], fill=LINE, outline="white", width=2)
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
