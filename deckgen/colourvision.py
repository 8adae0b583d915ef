"""Do the suits stay apart for a player with a colour-vision deficiency?

A deck tells its suits apart by shape (♠ ♥ ♦ ♣, always four different shapes) and by
colour (red and black, or four colours). Both have to survive the three dichromacies:

- **shape**: a suit's ink must stand out from the paper it is printed on, or its shape is
  not seen at all;
- **colour**: two suits printed in different inks (so that colour tells them apart: red
  hearts and black spades, green clubs and red hearts on a four-colour deck) must stay
  different colours.

The simulation is Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model
for Simulation of Color Vision Deficiency" (IEEE TVCG 15(6)), its matrices for severity 1.0
(protanopia, deuteranopia, tritanopia), applied to linear sRGB. Colours are compared by
CIEDE2000 (Sharma, Wu and Dalal 2005) in CIELAB under D65. `check_suits` returns the
failures as sentences naming the colours; the build warns with them for a deck's own colours.

>>> check_suits({"spades": "#16161d", "hearts": "#c8102e"}, "#fffdf8")
[]
>>> print(check_suits({"clubs": "#2e7d32", "hearts": "#c62828"}, "#ffffff")[0])
clubs #2e7d32 and hearts #c62828 look alike under deuteranopia (colour difference 6.6, at least 12 needed)
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations

import numpy as np

from deckgen.cards import Suit
from deckgen.colour import rgb
from deckgen.design import Design
from deckgen.errors import DeckgenWarning

__all__ = ["COLOUR_APART", "DEFICIENCIES", "SHAPE_APART", "ColourVisionWarning", "check_suits", "delta_e_2000",
           "face_colour_problems", "lid_colour_problems", "simulate", "to_lab"]


class ColourVisionWarning(DeckgenWarning):
    """Two suits, or a suit and its paper, that a player with a colour-vision deficiency may not tell apart."""


#: Machado et al. (2009), Table 1, severity 1.0: linear RGB -> linear RGB as the dichromat sees it.
DEFICIENCIES: dict[str, np.ndarray] = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}

#: The least CIEDE2000 difference between two suits' inks that colour still tells apart at a
#: glance, for small signs (a just-noticeable difference is about 1 to 2; two inks meant to
#: name different suits need several times that).
COLOUR_APART = 12.0
#: The least difference between a suit's ink and its paper for its shape to be seen.
SHAPE_APART = 20.0

_SRGB_TO_XYZ = np.array([[0.4124564, 0.3575761, 0.1804375],
                         [0.2126729, 0.7151522, 0.0721750],
                         [0.0193339, 0.1191920, 0.9503041]])
_D65 = np.array([0.95047, 1.0, 1.08883])


def _linear(colour: str) -> np.ndarray:
    c = np.array(rgb(colour), dtype=float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def simulate(colour: str, deficiency: str | None) -> np.ndarray:
    """The colour as linear sRGB (0 to 1) as seen with the deficiency (None: as it is)."""
    linear = _linear(colour)
    if deficiency is None:
        return linear
    seen: np.ndarray = np.clip(DEFICIENCIES[deficiency] @ linear, 0.0, 1.0)
    return seen


def to_lab(linear: np.ndarray) -> np.ndarray:
    """Linear sRGB -> CIELAB (D65)."""
    xyz = _SRGB_TO_XYZ @ linear / _D65
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def delta_e_2000(lab1: np.ndarray, lab2: np.ndarray) -> float:
    """The CIEDE2000 colour difference (kL = kC = kH = 1)."""
    l1, a1, b1 = (float(x) for x in lab1)
    l2, a2, b2 = (float(x) for x in lab2)
    c_mean = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_mean ** 7 / (c_mean ** 7 + 25.0 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dhh = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * np.cos(np.radians(h_mean - 30)) + 0.24 * np.cos(np.radians(2 * h_mean))
         + 0.32 * np.cos(np.radians(3 * h_mean + 6)) - 0.20 * np.cos(np.radians(4 * h_mean - 63)))
    d_theta = 30 * np.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * np.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25.0 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / np.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -np.sin(np.radians(2 * d_theta)) * r_c
    return float(np.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (dhh / s_h) ** 2 + r_t * (dc / s_c) * (dhh / s_h)))


def _difference(a: str, b: str, deficiency: str | None) -> float:
    return delta_e_2000(to_lab(simulate(a, deficiency)), to_lab(simulate(b, deficiency)))


def check_suits(inks: Mapping[str, str], paper: str) -> list[str]:
    """What a player with protanopia, deuteranopia or tritanopia could not tell apart: a suit whose ink
    fades into the paper (its shape lost), or two suits in different inks that become one colour.
    `inks`: suit name -> '#rrggbb'. One sentence per failure, naming the colours; [] when all is well."""
    problems: list[str] = []
    for deficiency in DEFICIENCIES:
        for suit, ink in inks.items():
            seen = _difference(ink, paper, deficiency)
            if seen < SHAPE_APART:
                problems.append(f"{suit} {ink} fades into the paper {paper} under {deficiency} (colour difference "
                                f"{seen:.1f}, at least {SHAPE_APART:g} needed to see the shape)")
        for (s1, i1), (s2, i2) in combinations(inks.items(), 2):
            if i1.lower() == i2.lower():
                continue  # one ink: the shapes alone tell them apart, for everyone
            seen = _difference(i1, i2, deficiency)
            if seen < COLOUR_APART:
                problems.append(f"{s1} {i1} and {s2} {i2} look alike under {deficiency} (colour difference "
                                f"{seen:.1f}, at least {COLOUR_APART:g} needed)")
    return problems


# ----------------------------------------------------------------------------- a deck's own colours


def _suit_key(suit_name: str, four_colour: bool) -> str:
    if four_colour and suit_name in ("clubs", "diamonds"):
        return f"colours.{suit_name}"
    return "colours.red" if suit_name in ("hearts", "diamonds") else "colours.black"


def face_colour_problems(design: Design) -> list[str]:
    """The faces' suits in the deck's inks on its paper, checked: one line per failure, naming deck.toml,
    the keys and the colours."""
    ink = design.faces.ink
    inks = {suit.name.lower(): ink.suit(suit) for suit in Suit}
    keys = sorted({_suit_key(name, ink.four_colour) for name in inks} | {"colours.background"})
    return [f"{design.source}: {', '.join(keys)}: {problem}: a player with that colour vision may mix up the suits"
            for problem in check_suits(inks, ink.paper)]


def lid_colour_problems(design: Design) -> list[str]:
    """The tin lid's suits ornament, drawn in the deck's black and red on the lid's paper, checked."""
    lid = design.lid
    if lid.ornament != "suits":
        return []
    black, red = lid.suit_colours
    return [f"{design.source}: tin.ornament = \"suits\": {problem}: a player with that colour vision may mix up the "
            "suits on the lid" for problem in check_suits({"spades": black, "hearts": red}, lid.colours.paper)]
