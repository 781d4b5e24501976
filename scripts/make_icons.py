"""Draws the app's PNG icons (the web app manifest's) from the favicon's design.

Run once when the design changes; the PNGs are committed, so the server and its tests
never draw anything:

    .venv/bin/python scripts/make_icons.py

The favicon (static/favicon.svg) is three fanned cards in the deck's colours, the front
one a 12. A launcher wants a filled square, so here the cards lie on the table's green:
``icon-N.png`` a rounded square with the cards filling it (purpose "any"), and
``icon-maskable-N.png`` full-bleed green with the cards inside the central circle that
every mask shape keeps (80 % of the width). Pillow comes with matplotlib, a dependency;
the font is matplotlib's own DejaVu Sans Bold, so the drawing is the same everywhere.
"""

from __future__ import annotations

from pathlib import Path

import matplotlib
from PIL import Image, ImageDraw, ImageFont

STATIC = Path(__file__).resolve().parents[1] / "src" / "skipbo" / "server" / "static"
FONT = Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans-Bold.ttf"
GREEN = "#0f3d26"  # the page's theme colour
PAPER = "#fffdf6"
SUPERSAMPLE = 4
CARDS = [  # the favicon's cards in its 64-unit box: left, top, fill, turn (degrees)
    (5, 14, "#1c4fb8", 15),
    (18, 10, "#1b7a2f", 0),
    (31, 14, "#c0261b", -15),
]
CARD_W, CARD_H = 28, 40


def card_layer(
    side: int, unit: float, left: float, top: float, fill: str, turn: float
) -> Image.Image:
    """One card on a transparent layer, turned about its own centre like the favicon's."""
    layer = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    box = (left * unit, top * unit, (left + CARD_W) * unit, (top + CARD_H) * unit)
    draw.rounded_rectangle(box, radius=4 * unit, fill=fill, outline=PAPER, width=round(2 * unit))
    if fill == "#c0261b":  # the front card: its oval and the 12
        cx, cy = (left + CARD_W / 2) * unit, (top + CARD_H / 2) * unit
        oval = (cx - 10.5 * unit, cy - 14 * unit, cx + 10.5 * unit, cy + 14 * unit)
        draw.ellipse(oval, fill=PAPER)
        font = ImageFont.truetype(str(FONT), round(15 * unit))
        draw.text((cx, cy), "12", font=font, fill=fill, anchor="mm")
    centre = ((left + CARD_W / 2) * unit, (top + CARD_H / 2) * unit)
    return layer.rotate(turn, resample=Image.Resampling.BICUBIC, center=centre)


def icon(size: int, maskable: bool) -> Image.Image:
    """The icon at ``size`` pixels: drawn four times larger, then scaled down smoothly."""
    side = size * SUPERSAMPLE
    picture = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    corner = 0 if maskable else side // 6  # a mask cuts its own shape out of a full square
    ImageDraw.Draw(picture).rounded_rectangle((0, 0, side - 1, side - 1), corner, fill=GREEN)
    scale = 0.62 if maskable else 0.86  # the cards' share of the width
    unit = side * scale / 64
    cards = Image.new("RGBA", (round(64 * unit), round(64 * unit)), (0, 0, 0, 0))
    for left, top, fill, turn in CARDS:
        cards.alpha_composite(card_layer(cards.width, unit, left, top, fill, turn))
    offset = (side - cards.width) // 2
    picture.alpha_composite(cards, (offset, offset + round(2 * unit)))
    return picture.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    for size in (192, 512):
        icon(size, maskable=False).save(STATIC / f"icon-{size}.png", optimize=True)
        icon(size, maskable=True).save(STATIC / f"icon-maskable-{size}.png", optimize=True)
        print(f"wrote icon-{size}.png and icon-maskable-{size}.png in {STATIC}")


if __name__ == "__main__":
    main()
