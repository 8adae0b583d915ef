"""Colours as deckgen writes them: '#rrggbb' text, read from deck.toml and the templates.

One place for what every part needs: reading a colour a person wrote
(`#c8102e`, `#c12`, `navy`), and the WCAG luminance and contrast ratio that
decide whether lettering reads on its ground (the tin lid, the booklet).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from PIL import ImageColor

from deckgen.errors import did_you_mean

__all__ = ["NAMED_COLOURS", "contrast", "luminance", "mix", "normalise_colour", "readable_on", "rgb", "rgb_of"]

_HEX_RE = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")

#: The colour names deck.toml and the templates may use instead of '#rrggbb'.
NAMED_COLOURS = {
    "black": "#000000",
    "white": "#ffffff",
    "red": "#c8102e",
    "green": "#1a7f37",
    "blue": "#1f5fbf",
    "gold": "#c9a227",
    "navy": "#1b2a4a",
    "ivory": "#fffff0",
    "cream": "#fbf6e9",
    "burgundy": "#7a1f2b",
    "silver": "#c0c0c0",
    "grey": "#808080",
    "gray": "#808080",
}


def normalise_colour(value: Any) -> str:
    """A colour as `#rrggbb` from `#rgb`, `#rrggbb` or a few names; ValueError otherwise.

    >>> normalise_colour("#C12"), normalise_colour("navy")
    ('#cc1122', '#1b2a4a')
    """
    if not isinstance(value, str):
        raise ValueError("expected a colour such as '#c8102e' or 'navy'")
    text = value.strip().lower()
    text = NAMED_COLOURS.get(text, text)
    if not _HEX_RE.match(text):
        raise ValueError(f"'{value}' is not a colour: {did_you_mean(text, NAMED_COLOURS)}expected '#rgb', '#rrggbb' "
                         f"or one of {', '.join(NAMED_COLOURS)}")
    if len(text) == 4:
        text = "#" + "".join(ch * 2 for ch in text[1:])
    return text


def rgb(hex_colour: str) -> tuple[int, int, int]:
    """'#rrggbb' as three 0-255 integers.

    >>> rgb("#c8102e")
    (200, 16, 46)
    """
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def rgb_of(colour: str | Sequence[int]) -> tuple[int, int, int]:
    """Any colour a part is handed as three 0-255 integers: '#rrggbb', another colour text Pillow
    reads ('#rgb', a CSS name), or a sequence of numbers (an alpha is dropped).

    >>> rgb_of("#c8102e"), rgb_of((1, 2, 3, 255))
    ((200, 16, 46), (1, 2, 3))
    """
    if isinstance(colour, str):
        if len(colour) == 7 and colour[0] == "#":
            return rgb(colour)
        red, green, blue = ImageColor.getrgb(colour)[:3]
        return (red, green, blue)
    return (int(colour[0]), int(colour[1]), int(colour[2]))


def mix(a: str, b: str, t: float) -> str:
    """The colour `t` of the way from `a` to `b`, as '#rrggbb'.

    >>> mix("#000000", "#ffffff", 0.5)
    '#808080'
    """
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(rgb(a), rgb(b)))


def luminance(hex_colour: str) -> float:
    """Relative luminance (0 black to 1 white) as WCAG 2 defines it, with the sRGB curve's 0.04045 knee.

    (Older WCAG text says 0.03928; no 8-bit channel value lies between the two,
    so both give the same number for every '#rrggbb'.)

    >>> round(luminance("#ffffff"), 3), round(luminance("#808080"), 3)
    (1.0, 0.216)
    """

    def linear(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v / 255) for v in rgb(hex_colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white).

    >>> round(contrast("#000000", "#ffffff"), 1)
    21.0
    """
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def readable_on(colour: str, ground: str, ratio: float = 4.5) -> str:
    """The colour, darkened (or lightened, on a dark ground) until text in it reads on `ground`.

    >>> readable_on("#ffff00", "#ffffff")
    '#737300'
    """
    target = "#000000" if luminance(ground) > 0.18 else "#ffffff"
    for step in range(0, 21):
        candidate = mix(colour, target, step * 0.05)
        if contrast(candidate, ground) >= ratio:
            return candidate
    return target
