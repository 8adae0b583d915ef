"""The drawn courts and jokers: twelve double-ended figures and a jester, as vector shapes in mm.

A card without a photo gets a figure in the manner of a printed deck: a king,
a queen and a jack for each suit, each with a head, headgear, a collar, a robe
with a patterned front panel, the suit's emblem and something held (a sword, a
sceptre, an axe, an orb, a halberd, a rose...). The figure is data: a list of
`Part`s, each a few closed (or open) outlines of straight and cubic Bézier
segments in millimetres, the same kind of contour the suit symbols are made of
(`render/shapes.py`), with a colour *role* for its fill and its outline. The
roles are resolved against the deck's colours (`FigureColours`), so a theme or
deck.toml tints the figures, and one description is painted by Pillow for a PNG
or recorded as filled paths for the print-shop PDF (`render/figureparts.py`).

Only the upper half of a court is described; the card is made double-ended by
the 180° turn like every other face, so it is exactly symmetric.

Coordinates of a figure: u across from the card's centre line, v down from the
top of the court frame (mm); the half-panel runs from v = 0 to v = 41 (the
divider), |u| <= 19.5 inside the frame's inner rule.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from deckgen.cards import Rank, Suit
from deckgen.render.figureparts import (
    LINE,
    Part,
    ellipse,
    mapped,
    mirror,
    poly,
    polyline,
    smooth,
    suit_sign,
)
from deckgen.render.shapes import Contour, Point

#: The bottom of the upper half of a figure: the top edge of the frame's divider.
FOOT = 40.75


# --------------------------------------------------------------------------- the suits' variations


@dataclass(frozen=True)
class Style:
    """How the figures of one suit differ: which hand holds the attribute, the robe's two cloths,
    the panel's pattern and its colour, the hair."""

    side: int
    cloth: str
    panel: str
    pattern: str
    figure: str  # the pattern's colour
    hair: str


STYLES: dict[Suit, Style] = {
    Suit.SPADES: Style(1, "robe", "red", "lozenges", "gold", "gold"),
    Suit.HEARTS: Style(-1, "red", "robe", "dots", "gold", "gold"),
    Suit.DIAMONDS: Style(1, "red", "gold", "stripes", "robe", "dark"),
    Suit.CLUBS: Style(-1, "robe", "gold", "crosses", "red", "dark"),
}

#: What each court holds.
ATTRIBUTES: dict[tuple[Rank, Suit], str] = {
    (Rank.KING, Suit.SPADES): "sceptre",
    (Rank.KING, Suit.HEARTS): "sword",
    (Rank.KING, Suit.DIAMONDS): "axe",
    (Rank.KING, Suit.CLUBS): "orb",
    (Rank.QUEEN, Suit.SPADES): "sceptre",
    (Rank.QUEEN, Suit.HEARTS): "rose",
    (Rank.QUEEN, Suit.DIAMONDS): "fan",
    (Rank.QUEEN, Suit.CLUBS): "tulip",
    (Rank.JACK, Suit.SPADES): "halberd",
    (Rank.JACK, Suit.HEARTS): "feather",
    (Rank.JACK, Suit.DIAMONDS): "arrow",
    (Rank.JACK, Suit.CLUBS): "sword",
}

#: The hand that holds the attribute (for side = 1; mirrored for side = -1).
HAND = (9.6, 32.6)


# --------------------------------------------------------------------------- the body


def symmetric_outline(right: Sequence[Point]) -> Contour:
    """A closed outline symmetric about u = 0 from its right side (a smooth curve through the
    points, top to bottom), joined across to its mirror image by straight lines."""
    r = smooth(right, closed=False)
    left = smooth([(-x, y) for x, y in reversed(right)], closed=False)
    return (right[0], r[1] + (("L", (-right[-1][0], right[-1][1])),) + left[1] + (("L", right[0]),))


def _robe(style: Style) -> list[Part]:
    """The robe: shoulders and body to the divider, a front panel with its pattern, gold trims."""
    outline = symmetric_outline([(5.0, 22.6), (11.5, 23.6), (16.2, 26.8), (18.4, 32.0), (19.2, 36.6), (19.3, FOOT)])
    parts = [Part((outline,), style.cloth)]
    top, foot = 23.2, FOOT
    tw, fw = 4.4, 8.0
    panel = poly((-tw, top), (tw, top), (fw, foot), (-fw, foot))
    parts.append(Part((panel,), style.panel))
    parts += _pattern(style, top + 1.6, foot, tw, fw, top)
    # gold bands down both edges of the panel
    for sign in (-1, 1):
        band = poly((sign * tw, top), (sign * (tw + 1.0), top), (sign * (fw + 1.4), foot), (sign * fw, foot))
        parts.append(Part((band,), "gold"))
    # the sleeves' seams: a gold cuff of cloth at each shoulder's fall
    for sign in (-1, 1):
        seam = smooth([(sign * 13.6, 24.6), (sign * 15.9, 29.5), (sign * 16.6, 35.5), (sign * 16.2, FOOT)], closed=False)
        parts.append(Part((seam,), None, "line", LINE, closed=False))
    # small motifs on the cloth beside the panel
    for sign in (-1, 1):
        for u, v in ((12.4, 35.8), (14.6, 30.2)):
            parts.append(Part((ellipse(sign * u, v, 0.75, 0.75),), "gold", "line", 0.14))
            parts.append(Part((ellipse(sign * u, v, 0.25, 0.25),), style.figure if style.figure != style.cloth else "paper", None))
    return parts


def _half_width(v: float, top: float, foot: float, tw: float, fw: float) -> float:
    return tw + (fw - tw) * (v - top) / (foot - top)


def _pattern(style: Style, v0: float, foot: float, tw: float, fw: float, top: float) -> list[Part]:
    """The front panel's pattern: rows of small shapes kept inside the panel."""
    contours: list[Contour] = []
    v = v0
    row = 0
    step = 3.0
    while v < foot - 0.9:
        half = _half_width(v, top, foot, tw, fw) - 1.0
        if style.pattern == "stripes":
            h0, h1 = v - 0.55, v + 0.55
            a, b = _half_width(h0, top, foot, tw, fw), _half_width(h1, top, foot, tw, fw)
            contours.append(poly((-a, h0), (a, h0), (b, h1), (-b, h1)))
        else:
            n = int(half / 1.6)
            offs = [i * 1.6 for i in range(-n, n + 1) if (i + row) % 2 == 0]
            for u in offs:
                if style.pattern == "lozenges":
                    contours.append(poly((u, v - 0.95), (u + 0.62, v), (u, v + 0.95), (u - 0.62, v)))
                elif style.pattern == "dots":
                    contours.append(ellipse(u, v, 0.48, 0.48))
                else:  # crosses
                    a, b = 0.22, 0.75
                    contours.append(poly((u - a, v - b), (u + a, v - b), (u + a, v - a), (u + b, v - a), (u + b, v + a),
                                         (u + a, v + a), (u + a, v + b), (u - a, v + b), (u - a, v + a), (u - b, v + a),
                                         (u - b, v - a), (u - a, v - a)))
        v += step
        row += 1
    return [Part(tuple(contours), style.figure, None)]


# --------------------------------------------------------------------------- the head


HEAD = (0.0, 15.6)
HEAD_RX, HEAD_RY = 4.2, 5.2


def _face(beard: bool) -> list[Part]:
    """The face: skin, eyes, brows, nose and mouth (the mouth under a beard's moustache)."""
    cx, cy = HEAD
    parts = [Part((ellipse(cx, cy, HEAD_RX, HEAD_RY),), "skin")]
    for sign in (-1, 1):
        parts.append(Part((ellipse(sign * 1.6, 15.0, 0.78, 0.4),), "paper", "line", 0.16))
        parts.append(Part((ellipse(sign * 1.55, 15.02, 0.3, 0.3),), "line", None))
        parts.append(Part((smooth([(sign * 0.75, 13.75), (sign * 1.6, 13.35), (sign * 2.55, 13.6)], closed=False),),
                          None, "line", 0.22, closed=False))
        parts.append(Part((ellipse(sign * 2.4, 17.3, 0.62, 0.4),), "blush", None))  # a touch of colour on the cheek
    parts.append(Part((smooth([(0.1, 14.9), (0.55, 16.6), (0.5, 17.3), (-0.3, 17.45)], closed=False),),
                      None, "line", 0.18, closed=False))
    if not beard:
        parts.append(Part((smooth([(-1.0, 18.85), (0.0, 18.6), (1.0, 18.85), (0.0, 19.4)]),), "red", "line", 0.12))
    return parts


#: The courts a standard pack draws in profile, one eye showing: the one-eyed jacks (J♠, J♥) and the
#: one-eyed king (K♦). Each looks away from the hand that holds its attribute, as the king of
#: diamonds looks away from his axe. deckgen.booklet.deckfit.DRAWN_LOOKS names these looks.
PROFILE: frozenset[tuple[Rank, Suit]] = frozenset({
    (Rank.JACK, Suit.SPADES), (Rank.JACK, Suit.HEARTS), (Rank.KING, Suit.DIAMONDS),
})


def in_profile(rank: Rank, suit: Suit) -> bool:
    """Whether the drawn court of `rank` and `suit` is drawn in profile (one eye showing)."""
    return (rank, suit) in PROFILE


def _profile_face(beard: bool, f: int) -> list[Part]:
    """The face in profile, looking toward `f` (1: +u, -1: -u): the head's outline with brow, nose,
    lips and chin on that side, one eye and one brow, an ear at the back, a touch of colour on the
    cheek. The same head as `_face` (centre HEAD, as tall), so hair, caps and crowns sit on it alike."""
    def s(pts: Sequence[Point]) -> list[Point]:
        return [(f * u, v) for u, v in pts]

    head = smooth(s([(0.0, 10.4), (2.6, 10.9), (3.7, 12.4), (3.95, 14.0), (3.75, 14.75), (4.9, 16.55), (4.55, 17.0),
                     (3.9, 17.2), (4.1, 17.9), (3.8, 18.35), (4.0, 18.9), (3.55, 19.5), (3.45, 20.2), (2.3, 20.9),
                     (0.2, 20.9), (-2.0, 20.2), (-3.6, 18.0), (-4.2, 15.0), (-3.4, 11.8)]), tension=0.8)
    parts = [Part((head,), "skin")]
    # the ear at the back of the head, then the eye (its pupil toward the front), the brow over it
    parts.append(Part((ellipse(f * -1.0, 16.0, 0.8, 1.25),), "skin", "line", 0.16))
    parts.append(Part((smooth(s([(-0.7, 15.3), (-1.25, 15.9), (-0.8, 16.7)]), closed=False),), None, "line", 0.12,
                      closed=False))
    parts.append(Part((smooth(s([(1.75, 15.0), (2.45, 14.62), (3.15, 14.9), (2.5, 15.38)])),), "paper", "line", 0.16))
    parts.append(Part((ellipse(f * 2.72, 15.0, 0.27, 0.3),), "line", None))
    parts.append(Part((smooth(s([(1.6, 13.7), (2.5, 13.3), (3.45, 13.65)]), closed=False),), None, "line", 0.22,
                      closed=False))
    parts.append(Part((smooth(s([(4.25, 16.8), (3.95, 16.95), (3.85, 16.7)]), closed=False),), None, "line", 0.12,
                      closed=False))  # the nostril
    parts.append(Part((ellipse(f * 1.7, 17.45, 0.7, 0.42),), "blush", None))
    if not beard:
        parts.append(Part((smooth(s([(3.25, 18.3), (4.0, 17.95), (4.1, 18.4), (4.05, 18.85), (3.35, 18.55)])),), "red",
                          "line", 0.12))
    return parts


def _profile_beard(style: Style, f: int) -> list[Part]:
    """A king's beard and moustache in profile, looking toward `f`: from the ear along the jaw, over the
    chin to a point below it, the moustache under the nose."""
    hair = "gold" if style.hair == "gold" else "dark"

    def s(pts: Sequence[Point]) -> list[Point]:
        return [(f * u, v) for u, v in pts]

    beard = smooth(s([(-2.0, 16.7), (-0.5, 17.7), (1.3, 19.0), (2.9, 19.1), (3.75, 19.3), (4.05, 20.7), (3.4, 22.7),
                      (1.9, 24.4), (0.3, 23.3), (-1.8, 21.5), (-3.3, 19.3), (-3.2, 17.3)]))
    parts = [Part((beard,), hair)]
    for u in (0.2, 1.5, 2.7):
        parts.append(Part((smooth(s([(u - 0.3, 20.2), (u, 21.8), (u - 0.4, 23.2)]), closed=False),), None, "line", 0.14,
                          closed=False))
    parts.append(Part((smooth(s([(3.3, 18.4), (3.95, 18.25), (4.05, 18.7), (3.4, 18.75)])),), "red", "line", 0.12))
    tash = smooth(s([(4.0, 17.45), (3.1, 17.6), (2.1, 18.5), (2.6, 18.75), (3.5, 18.2), (4.15, 18.05)]))
    parts.append(Part((tash,), hair))
    return parts


def _behind(parts: Sequence[Part], f: int) -> list[Part]:
    """Hair drawn for a face looking front, moved to the back of a head in profile looking toward `f`:
    pressed in on the side the face looks to (so none shows before the brow), let out behind."""
    def g(p: Point) -> Point:
        u = f * p[0]
        return (f * ((u * 0.5 if u > 0 else u * 1.12) - 1.1), p[1])

    return [_map_part(p, g) for p in parts]


def _neck() -> Part:
    return Part((poly((-1.8, 19.0), (1.8, 19.0), (2.0, 23.5), (-2.0, 23.5)),), "skin")


def _king_hair(style: Style) -> list[Part]:
    hair = "gold" if style.hair == "gold" else "dark"
    back = smooth([(0.0, 9.6), (4.8, 10.8), (6.0, 15.5), (5.8, 20.5), (4.0, 22.4), (-4.0, 22.4), (-5.8, 20.5),
                   (-6.0, 15.5), (-4.8, 10.8)])
    return [Part((back,), hair)]


def _beard(style: Style) -> list[Part]:
    hair = "gold" if style.hair == "gold" else "dark"
    beard = smooth([(-4.15, 16.4), (-3.6, 19.8), (-1.9, 23.0), (0.0, 24.6), (1.9, 23.0), (3.6, 19.8), (4.15, 16.4),
                    (3.0, 18.0), (1.4, 19.8), (0.0, 20.2), (-1.4, 19.8), (-3.0, 18.0)])
    parts = [Part((beard,), hair)]
    # strands in the beard
    for u in (-1.8, 0.0, 1.8):
        parts.append(Part((smooth([(u * 1.2, 20.6), (u, 22.2), (u * 0.6, 23.6)], closed=False),), None, "line", 0.14,
                          closed=False))
    mouth = smooth([(-1.0, 18.7), (0.0, 18.45), (1.0, 18.7), (0.0, 19.2)])
    parts.append(Part((mouth,), "red", "line", 0.12))
    for sign in (-1, 1):
        tash = smooth([(0.0, 17.7), (sign * 1.5, 17.75), (sign * 3.0, 18.6), (sign * 3.3, 18.05), (sign * 1.4, 18.35)])
        parts.append(Part((tash,), hair))
    return parts


#: The king's crown's points are drawn this share of their first height above its band, so that
#: the pearl on the middle one (with the head drawn HEAD_SCALE larger) stands clear of the frame's
#: gold rule: its top 1.9 mm below the frame's edge, the rule's inner edge 1.3 mm.
CROWN_RISE = 0.83


def _king_crown(style: Style) -> list[Part]:
    band_top, band_foot = 9.0, 11.4

    def risen(u: float, v: float) -> Point:
        return (u, band_top - (band_top - v) * CROWN_RISE)

    tips = [risen(*p) for p in ((-5.4, 4.4), (-2.8, 3.4), (0.0, 2.0), (2.8, 3.4), (5.4, 4.4))]
    valleys = [risen(*p) for p in ((-4.1, 7.2), (-1.4, 6.6), (1.4, 6.6), (4.1, 7.2))]
    pts: list[Point] = [(-5.0, band_top + 0.3)]
    for i, tip in enumerate(tips):
        pts.append(tip)
        if i < len(valleys):
            pts.append(valleys[i])
    pts.append((5.0, band_top + 0.3))
    parts = [
        # the cap of velvet inside the crown
        Part((smooth([risen(-4.6, 9.2), risen(-3.6, 5.2), risen(0.0, 4.2), risen(3.6, 5.2), risen(4.6, 9.2)]),),
             style.panel),
        Part((poly(*pts),), "gold"),
        Part((poly((-5.4, band_top), (5.4, band_top), (5.2, band_foot), (-5.2, band_foot)),), "gold"),
    ]
    for x, y in tips:
        parts.append(Part((ellipse(x, y - 0.55, 0.62, 0.62),), "paper", "line", 0.16))
    for i, x in enumerate((-3.4, 0.0, 3.4)):
        parts.append(Part((ellipse(x, 10.2, 0.85 if i == 1 else 0.6, 0.6),), "red" if i == 1 else "robe", "line", 0.14))
    return parts


def _ermine(style: Style) -> list[Part]:
    """A king's cape collar of ermine: white with black tails, edged in gold."""
    collar = smooth([(-4.8, 22.2), (-10.5, 23.2), (-14.2, 25.6), (-12.0, 28.2), (-6.0, 28.0), (0.0, 29.0), (6.0, 28.0),
                     (12.0, 28.2), (14.2, 25.6), (10.5, 23.2), (4.8, 22.2), (0.0, 24.2)])
    parts = [Part((collar,), "paper", "line", 0.22)]
    tails = []
    for u, v in ((-11.5, 25.4), (-8.0, 25.6), (-4.2, 26.3), (4.2, 26.3), (8.0, 25.6), (11.5, 25.4), (0.0, 27.3)):
        tails.append(poly((u, v - 0.7), (u + 0.36, v + 0.35), (u + 0.08, v + 0.2), (u, v + 0.75), (u - 0.08, v + 0.2),
                          (u - 0.36, v + 0.35)))
    parts.append(Part(tuple(tails), "line", None))
    return parts


def _queen_back(style: Style) -> list[Part]:
    """What lies behind a queen's head: a standing lace collar and a veil falling to the shoulders."""
    fan = smooth([(-5.0, 22.4), (-9.6, 20.6), (-10.4, 16.0), (-8.4, 12.6), (-5.0, 12.8), (0.0, 14.6), (5.0, 12.8),
                  (8.4, 12.6), (10.4, 16.0), (9.6, 20.6), (5.0, 22.4)])
    parts = [Part((fan,), "paper", "gold", 0.35)]
    ribs = []
    for i in range(-5, 6):
        a = math.radians(90 + i * 15)
        ribs.append(polyline((0.0 + 1.5 * math.cos(a), 21.5 - 1.5 * math.sin(a)),
                             (9.4 * math.cos(a), 21.5 - 7.8 * math.sin(a))))
    parts.append(Part(tuple(ribs), None, "gold", 0.16, closed=False))
    veil = smooth([(-4.6, 8.8), (-6.4, 12.5), (-7.0, 18.0), (-7.6, 23.4), (-4.0, 23.6), (-4.4, 15.0), (0.0, 9.8),
                   (4.4, 15.0), (4.0, 23.6), (7.6, 23.4), (7.0, 18.0), (6.4, 12.5), (4.6, 8.8)])
    parts.append(Part((veil,), style.panel if style.panel != "gold" else "robe"))
    hair = "gold" if style.hair == "gold" else "dark"
    locks = smooth([(0.0, 10.0), (4.3, 11.2), (5.2, 15.6), (5.0, 20.6), (3.6, 21.4), (-3.6, 21.4), (-5.0, 20.6),
                    (-5.2, 15.6), (-4.3, 11.2)])
    parts.append(Part((locks,), hair))
    return parts


def _queen_front(style: Style) -> list[Part]:
    """A queen's hair parted over the brow and her coronet."""
    hair = "gold" if style.hair == "gold" else "dark"
    parts = []
    for sign in (-1, 1):
        wave = smooth([(0.0, 10.4), (sign * 2.6, 10.6), (sign * 4.3, 12.4), (sign * 4.4, 14.6), (sign * 3.5, 12.6),
                       (sign * 1.4, 11.7)])
        parts.append(Part((wave,), hair))
    pts = [(-3.9, 10.2), (-4.6, 6.6), (-2.6, 8.0), (-1.3, 5.4), (0.0, 3.6), (1.3, 5.4), (2.6, 8.0), (4.6, 6.6),
           (3.9, 10.2)]
    parts.append(Part((smooth(pts[:1] + pts[1:-1] + pts[-1:], tension=0.5),), "gold"))
    parts.append(Part((poly((-4.0, 9.2), (4.0, 9.2), (3.9, 10.6), (-3.9, 10.6)),), "gold"))
    for x, y in ((-4.6, 6.0), (0.0, 3.0), (4.6, 6.0)):
        parts.append(Part((ellipse(x, y, 0.55, 0.55),), "paper", "line", 0.14))
    parts.append(Part((ellipse(0.0, 7.2, 0.7, 0.95),), "red", "line", 0.14))
    return parts


def _pearls() -> list[Part]:
    """A queen's string of pearls, below the neck."""
    pearls = tuple(ellipse(3.4 * math.sin(t), 23.4 + 2.2 * math.cos(t), 0.38, 0.38)
                   for t in [(-1.2 + i * 0.3) for i in range(9)])
    return [Part(pearls, "paper", "line", 0.1)]


def _jack_hair(style: Style) -> list[Part]:
    hair = "gold" if style.hair == "gold" else "dark"
    back = smooth([(0.0, 10.2), (4.6, 11.2), (5.6, 15.0), (5.4, 19.6), (4.2, 20.8), (3.6, 18.0), (-3.6, 18.0),
                   (-4.2, 20.8), (-5.4, 19.6), (-5.6, 15.0), (-4.6, 11.2)])
    parts = [Part((back,), hair)]
    for sign in (-1, 1):
        for v in (15.6, 18.2):
            parts.append(Part((smooth([(sign * 4.5, v - 1.4), (sign * 5.5, v), (sign * 4.6, v + 1.2)], closed=False),),
                              None, "line", 0.14, closed=False))
    return parts


def _jack_cap(style: Style) -> list[Part]:
    """A jack's soft cap: a wide brim, a crown of cloth, a gold band and a feather."""
    cloth = style.panel if style.panel != "gold" else style.cloth
    parts = [
        Part((smooth([(-5.2, 10.8), (-5.8, 6.4), (-2.4, 3.8), (2.4, 3.4), (5.6, 5.6), (5.6, 10.4)]),), cloth),
        Part((ellipse(0.0, 10.6, 7.0, 1.6, -4.0),), "gold" if cloth != "gold" else "robe"),
    ]
    # the feather sweeps out over the brim, away from the hand, its tip clear of the frame's gold rule
    s = -1
    quill = smooth([(s * 2.2, 9.0), (s * 5.0, 5.6), (s * 7.4, 3.0), (s * 9.6, 2.2), (s * 8.2, 4.4), (s * 5.6, 8.6)])
    parts.insert(0, Part((quill,), "paper"))
    parts.insert(1, Part((smooth([(s * 3.2, 8.7), (s * 6.2, 5.0), (s * 9.0, 2.6)], closed=False),), None, "line", 0.14,
                         closed=False))
    parts.append(Part((ellipse(s * -3.2, 10.7, 0.85, 0.85),), "red" if cloth != "red" else "paper", "line", 0.14))
    return parts


def _jack_collar() -> list[Part]:
    pts: list[Point] = [(-9.0, 23.4)]
    n = 7
    for i in range(n + 1):
        u = -9.0 + 18.0 * i / n
        pts.append((u, 26.6 if i % 2 == 0 else 25.6))
    pts += [(9.0, 23.4), (4.0, 22.6), (0.0, 24.0), (-4.0, 22.6)]
    return [Part((poly(*pts),), "paper")]


# --------------------------------------------------------------------------- what they hold


def _shaft(top: Point, foot: Point, w: float, fill: str = "gold") -> Part:
    """A straight rod between two points, w mm thick."""
    dx, dy = foot[0] - top[0], foot[1] - top[1]
    n = math.hypot(dx, dy)
    ox, oy = -dy / n * w / 2, dx / n * w / 2
    return Part((poly((top[0] + ox, top[1] + oy), (foot[0] + ox, foot[1] + oy), (foot[0] - ox, foot[1] - oy),
                      (top[0] - ox, top[1] - oy)),), fill)


def _attribute(kind: str, style: Style) -> list[Part]:
    """The held thing, for a right hand at HAND (mirrored with the figure for side = -1)."""
    hx, hy = HAND
    if kind == "sword":
        tip = (15.4, 3.4)
        guard = (10.6, 28.4)
        blade = poly((guard[0] - 0.7, guard[1]), tip, (guard[0] + 0.75, guard[1] + 0.25))
        return [
            Part((blade,), "paper"),
            Part((polyline((guard[0] + 0.05, guard[1] - 0.1), (tip[0] - 0.4, tip[1] + 2.5)),), None, "line", 0.12,
                 closed=False),
            _shaft((guard[0] - 2.4, guard[1] - 0.6), (guard[0] + 2.4, guard[1] + 0.6), 0.9),
            _shaft(guard, (hx - 0.6, hy + 3.0), 0.8, "red"),
            Part((ellipse(hx - 0.8, hy + 3.5, 0.75, 0.75),), "gold"),
        ]
    if kind == "sceptre":
        top = (14.6, 6.8)
        parts = [_shaft(top, (hx - 1.0, hy + 5.0), 0.85)]
        for t in (0.35, 0.7):
            x, y = top[0] + (hx - top[0]) * t, top[1] + (hy - top[1]) * t
            parts.append(Part((ellipse(x, y, 0.75, 0.55, 75),), "gold"))
        parts.append(Part((ellipse(top[0], top[1] - 0.9, 1.6, 1.6),), "gold"))
        parts.append(Part((ellipse(top[0], top[1] - 0.9, 0.7, 0.7),), "red", "line", 0.14))
        x, y = top[0], top[1] - 2.5
        parts.append(Part((poly((x - 0.3, y - 1.9), (x + 0.3, y - 1.9), (x + 0.3, y - 1.1), (x + 1.0, y - 1.1),
                                (x + 1.0, y - 0.5), (x + 0.3, y - 0.5), (x + 0.3, y + 0.2), (x - 0.3, y + 0.2),
                                (x - 0.3, y - 0.5), (x - 1.0, y - 0.5), (x - 1.0, y - 1.1), (x - 0.3, y - 1.1)),), "gold"))
        return parts
    if kind == "axe":
        top = (13.4, 5.2)
        parts = [_shaft(top, (hx - 0.4, hy + 5.0), 0.9, "red")]
        blade = smooth([(13.2, 7.6), (16.2, 4.6), (18.4, 8.6), (17.4, 13.2), (14.4, 11.6)], tension=0.8)
        parts.append(Part((blade,), "paper"))
        parts.append(Part((smooth([(16.4, 5.4), (18.0, 8.8), (17.1, 12.4)], closed=False),), None, "line", 0.14,
                          closed=False))
        parts.append(Part((ellipse(top[0], top[1], 0.9, 0.9),), "gold"))
        return parts
    if kind == "halberd":
        top = (15.2, 2.0)
        parts = [_shaft((top[0] - 0.4, top[1] + 3.0), (hx - 1.4, hy + 6.8), 0.8, "red")]
        parts.append(Part((poly((15.1, 1.9), (16.0, 4.6), (15.2, 6.0), (14.2, 4.6)),), "paper"))  # clear of the gold rule
        blade = smooth([(14.6, 6.4), (17.6, 5.4), (18.6, 8.0), (17.4, 10.6), (14.2, 8.8)], tension=0.7)
        parts.append(Part((blade,), "paper"))
        parts.append(Part((poly((14.2, 7.2), (11.4, 5.6), (13.8, 8.4)),), "paper"))
        parts.append(Part((ellipse(14.2, 9.4, 0.7, 0.5),), "gold"))
        return parts
    if kind == "arrow":
        tip = (16.0, 4.0)
        foot = (hx - 3.0, hy + 6.0)
        parts = [_shaft(tip, foot, 0.55, "gold")]
        parts.append(Part((poly((16.6, 2.6), (17.0, 6.0), (15.6, 5.0), (14.0, 5.2)),), "paper"))
        parts.append(Part((poly((16.6, 2.6), (16.4, 5.4), (15.6, 5.0)),), "line", None))
        return parts
    if kind == "orb":
        cx, cy = hx + 0.4, hy - 3.6
        return [
            Part((ellipse(cx, cy, 3.0, 3.0),), "gold"),
            Part((smooth([(cx - 3.0, cy - 0.2), (cx, cy + 0.6), (cx + 3.0, cy - 0.2)], closed=False),), None, "line", 0.5,
                 closed=False),
            Part((polyline((cx, cy + 0.6), (cx, cy + 3.0)),), None, "line", 0.3, closed=False),
            Part((ellipse(cx, cy - 1.2, 0.7, 0.7),), "red", "line", 0.12),
            Part((poly((cx - 0.3, cy - 5.6), (cx + 0.3, cy - 5.6), (cx + 0.3, cy - 4.8), (cx + 1.0, cy - 4.8),
                       (cx + 1.0, cy - 4.2), (cx + 0.3, cy - 4.2), (cx + 0.3, cy - 3.0), (cx - 0.3, cy - 3.0),
                       (cx - 0.3, cy - 4.2), (cx - 1.0, cy - 4.2), (cx - 1.0, cy - 4.8), (cx - 0.3, cy - 4.8)),), "gold"),
        ]
    if kind == "feather":
        stem = smooth([(hx - 0.2, hy + 0.5), (hx + 1.4, hy - 6.0), (hx + 4.2, hy - 13.0), (hx + 7.8, hy - 18.0)],
                      closed=False)
        vane = smooth([(hx + 0.6, hy - 3.2), (hx + 3.6, hy - 7.2), (hx + 6.4, hy - 13.0), (hx + 8.4, hy - 18.6),
                       (hx + 4.8, hy - 15.6), (hx + 1.4, hy - 10.4), (hx + 0.1, hy - 5.6)])
        return [Part((vane,), style.cloth if style.cloth != "red" else "robe"),
                Part((stem,), None, "line", 0.22, closed=False)]
    # flowers and a fan, held at the chest
    if kind == "rose":
        cx, cy = hx + 1.2, hy - 8.6
        stem = smooth([(hx, hy + 0.6), (hx + 0.8, hy - 3.0), (cx, cy + 1.6)], closed=False)
        parts = [Part((stem,), None, "line", 0.45, closed=False)]
        parts.append(Part((ellipse(hx + 1.7, hy - 4.2, 1.3, 0.6, -35),), "robe" if style.cloth != "robe" else "gold"))
        for i in range(5):
            a = i * 72 - 90
            x, y = cx + 1.4 * math.cos(math.radians(a)), cy + 1.4 * math.sin(math.radians(a))
            parts.append(Part((ellipse(x, y, 1.25, 1.05, a),), "red"))
        parts.append(Part((ellipse(cx, cy, 1.0, 1.0),), "gold"))
        return parts
    if kind == "tulip":
        cx, cy = hx + 1.0, hy - 8.4
        stem = smooth([(hx, hy + 0.6), (hx + 0.5, hy - 3.0), (cx, cy + 1.8)], closed=False)
        parts = [Part((stem,), None, "line", 0.45, closed=False)]
        parts.append(Part((ellipse(hx - 0.7, hy - 4.4, 1.5, 0.55, 55),), "robe"))
        cup = smooth([(cx - 1.9, cy - 2.2), (cx - 0.7, cy - 0.8), (cx, cy - 2.6), (cx + 0.7, cy - 0.8), (cx + 1.9, cy - 2.2),
                       (cx + 1.7, cy + 0.6), (cx, cy + 2.0), (cx - 1.7, cy + 0.6)], tension=0.6)
        parts.append(Part((cup,), "red"))
        return parts
    # fan
    cx, cy = hx + 0.2, hy + 0.6
    ribs = []
    outer = []
    for i in range(9):
        angle = math.radians(-160 + i * 17.5)
        outer.append((cx + 7.4 * math.cos(angle), cy + 7.4 * math.sin(angle)))
        ribs.append(polyline((cx, cy), (cx + 7.0 * math.cos(angle), cy + 7.0 * math.sin(angle))))
    blade = (
        (cx, cy),
        (("L", outer[0]),) + smooth(outer, closed=False)[1] + (("L", (cx, cy)),),
    )
    return [Part((blade,), "paper"), Part(tuple(ribs), None, "gold", 0.16, closed=False),
            Part((smooth(outer, closed=False),), None, "red", 0.6, closed=False),
            Part((ellipse(cx, cy, 0.7, 0.7),), "gold")]


def _arm(style: Style) -> list[Part]:
    """The sleeve from the shoulder to the hand that holds the attribute, a gold cuff and the hand."""
    hx, hy = HAND
    elbow = (16.2, 34.4)
    # the forearm runs from the elbow to the hand; the cuff lies across it just behind the hand
    fx, fy = hx - elbow[0], hy - elbow[1]
    n = math.hypot(fx, fy)
    dx, dy = fx / n, fy / n
    nx, ny = -dy, dx

    def at(along: float, across: float) -> Point:
        return (hx - dx * along + nx * across, hy - dy * along + ny * across)

    sleeve = smooth([(12.4, 24.4), (15.4, 26.2), (17.1, 30.2), elbow, at(2.6, 1.9), at(1.2, 1.6), at(1.2, -1.6),
                     at(2.6, -1.8), (12.2, 29.6), (11.2, 26.6)], tension=0.7)
    fold = smooth([(15.2, 28.0), (15.6, 31.2), (14.6, 33.4)], closed=False)
    cuff = poly(at(0.9, 1.9), at(2.1, 2.0), at(2.1, -1.9), at(0.9, -1.8))
    hand = smooth([(hx - 1.8, hy - 0.6), (hx - 0.6, hy - 1.8), (hx + 1.2, hy - 1.0), (hx + 1.6, hy + 0.8),
                   (hx + 0.4, hy + 2.0), (hx - 1.6, hy + 1.4)])
    knuckles = tuple(polyline((hx - 1.4 + 0.7 * i, hy - 0.9 + 0.3 * i), (hx - 0.8 + 0.7 * i, hy + 0.2 + 0.3 * i))
                     for i in range(3))
    return [Part((sleeve,), style.cloth), Part((fold,), None, "line", 0.16, closed=False), Part((cuff,), "gold"),
            Part((hand,), "skin"),
            Part(knuckles, None, "line", 0.12, closed=False)]


def _corner_sign(suit: Suit, side: int) -> Part:
    """The suit's sign in the top corner on `side` (-1 left, 1 right), away from the attribute."""
    return Part(suit_sign(suit, side * 14.8, 6.6, 5.6), "ink", None)


def _brooch(suit: Suit) -> list[Part]:
    """A gold brooch with the suit's sign at the top of the robe's panel."""
    return [Part((ellipse(0.0, 30.6, 1.9, 1.9),), "gold"), Part(suit_sign(suit, 0.0, 30.6, 2.2), "ink", None)]


# --------------------------------------------------------------------------- the figures


#: The head is drawn 15 % larger than its parts are written, grown from the top of the panel, and
#: the body is pressed down to meet it (shoulders from v = 22.6 to SHOULDER): a bigger face reads
#: better at the booklet's size. What is held follows the hand.
HEAD_SCALE = 1.15
SHOULDER = 25.4
_BODY_K = (FOOT - SHOULDER) / (FOOT - 22.6)
_HAND_K = (FOOT - (FOOT - HAND[1]) * _BODY_K) / HAND[1]


def _as_head(parts: Sequence[Part]) -> list[Part]:
    return [_map_part(p, lambda q: (q[0] * HEAD_SCALE, 2.0 + (q[1] - 2.0) * HEAD_SCALE)) for p in parts]


def _as_body(parts: Sequence[Part]) -> list[Part]:
    return [_map_part(p, lambda q: (q[0], FOOT - (FOOT - q[1]) * _BODY_K)) for p in parts]


def _as_held(parts: Sequence[Part]) -> list[Part]:
    return [_map_part(p, lambda q: (q[0], q[1] * _HAND_K)) for p in parts]


def _map_part(part: Part, f: Callable[[Point], Point]) -> Part:
    return Part(tuple(mapped(c, f) for c in part.contours), part.fill, part.line, part.width, part.closed)


@lru_cache(maxsize=32)
def court_figure(rank: Rank, suit: Suit) -> tuple[Part, ...]:
    """The upper half of the drawn court of `rank` and `suit`, back to front."""
    style = STYLES[suit]
    kind = ATTRIBUTES[(rank, suit)]
    back = {Rank.QUEEN: _queen_back, Rank.KING: _king_hair, Rank.JACK: _jack_hair}[rank](style)
    #: a figure in profile looks away from the hand that holds its attribute (+u before the mirror)
    facing = -1 if in_profile(rank, suit) else 0
    if facing:
        back = _behind(back, facing)
    body = [_neck()] + _robe(style)
    if rank == Rank.KING:
        body += _ermine(style)
    elif rank == Rank.JACK:
        body += _jack_collar()
    front = _profile_face(rank == Rank.KING, facing) if facing else _face(beard=rank == Rank.KING)
    if rank == Rank.KING:
        front += (_profile_beard(style, facing) if facing else _beard(style)) + _king_crown(style)
    elif rank == Rank.QUEEN:
        front += _queen_front(style)
        body += _pearls()
    else:
        front += _jack_cap(style)
    held = _as_held(_attribute(kind, style))
    arm = _as_body(_arm(style))
    parts = _as_head(back) + _as_body(body) + _as_head(front)
    parts += arm + held if kind in ("rose", "tulip", "fan", "orb") else held + arm
    if style.side < 0:
        parts = [mirror(p) for p in parts]
    parts += _as_body(_brooch(suit)) + [_corner_sign(suit, -style.side)]
    return tuple(parts)


@lru_cache(maxsize=4)
def joker_figure(number: int) -> tuple[Part, ...]:
    """The upper half of a jester: a three-horned cap with bells, a pointed collar, a motley
    tunic and a bauble on a stick; the second joker faces the other way and wears other colours."""
    second = "red" if number % 2 == 0 else "robe"
    body = [_neck()]
    # the motley tunic: two cloths split down the middle, each with diamonds of the other
    left = smooth([(-5.0, 22.6), (-11.5, 23.6), (-16.2, 26.8), (-18.4, 32.0), (-19.2, 36.6), (-19.3, FOOT)], closed=False)
    half = ((0.0, 22.6), (("L", (-5.0, 22.6)),) + left[1] + (("L", (0.0, FOOT)), ("L", (0.0, 22.6))))
    body += [Part((half,), "ink"), mirror(Part((half,), "gold"))]
    for sign, fill in ((-1, "gold"), (1, "ink")):
        cells = tuple(poly((sign * u, v - 2.4), (sign * u + 1.6, v), (sign * u, v + 2.4), (sign * u - 1.6, v))
                      for v in (28.0, 33.2, 38.3) for u in (4.2, 9.4, 14.6) if not (v < 30 and u > 12))
        body.append(Part(cells, fill, None))
    # the pointed collar hanging from the neck, points alternating in two colours, each with a bell
    n = 7
    edge = [(-10.5 + 21.0 * i / n, 22.9 + 0.9 * abs(i - n / 2) / (n / 2)) for i in range(n + 1)]
    tips = []
    for i in range(n):
        (u0, v0), (u1, v1) = edge[i], edge[i + 1]
        um = (u0 + u1) / 2
        tip = (um * 1.12, max(v0, v1) + 4.4 - 0.9 * abs(um) / 10.5)
        tips.append(tip)
        body.append(Part((poly((u0, v0 - 0.4), tip, (u1, v1 - 0.4)),), "gold" if i % 2 else second))
    body += [Part((ellipse(u, v + 0.5, 0.6, 0.6),), "gold", "line", 0.12) for u, v in tips]
    front = _face(beard=False)
    front.append(Part((smooth([(-1.8, 18.4), (0.0, 19.6), (1.8, 18.4)], closed=False),), None, "line", 0.22,
                      closed=False))  # a wide smile
    # the cap: three horns, each ending in a bell
    horns = [((-3.2, 11.0), (-11.0, 11.4), (-14.2, 14.6)), ((-1.2, 10.6), (-0.6, 4.6), (3.6, 3.3)),
             ((3.0, 11.0), (10.2, 5.0), (14.4, 8.2))]
    for (base, mid, tip), colour in zip(horns, ("ink", second, "ink")):
        horn = smooth([(base[0] - 2.6, base[1] + 0.2), (mid[0] - 0.8, mid[1] - 1.2), tip, (mid[0] + 0.9, mid[1] + 1.1),
                       (base[0] + 2.6, base[1] + 0.2)], tension=0.9)
        front.append(Part((horn,), colour))
    front.append(Part((smooth([(-5.6, 12.6), (-5.0, 9.6), (0.0, 8.6), (5.0, 9.6), (5.6, 12.6), (0.0, 11.4)]),), "gold"))
    for _, _, tip in horns:
        front.append(Part((ellipse(tip[0], tip[1], 1.2, 1.2),), "gold"))
        front.append(Part((polyline((tip[0] - 0.7, tip[1] + 0.3), (tip[0] + 0.7, tip[1] + 0.3)),), None, "line", 0.14,
                          closed=False))
    # a bauble on a stick: a little jester's head
    hx, hy = HAND
    held = [_shaft((14.6, 14.0), (hx - 1.2, hy + 5.4), 0.8, "gold"), Part((ellipse(14.8, 12.4, 2.2, 2.5),), "skin")]
    held += [Part((poly((14.8, 10.2), (14.8 + sign * 3.6, 8.6), (14.8 + sign * 2.2, 11.0)),), second) for sign in (-1, 1)]
    held.append(Part((ellipse(14.2, 12.2, 0.22, 0.22), ellipse(15.4, 12.2, 0.22, 0.22)), "line", None))
    held.append(Part((smooth([(13.9, 13.4), (14.8, 14.0), (15.7, 13.4)], closed=False),), None, "line", 0.14, closed=False))
    sleeve = Style(1, "gold", "gold", "lozenges", "ink", "gold")
    # a star in the corner
    star = [(-14.6 + (3.0 if i % 2 == 0 else 1.25) * math.cos(-math.pi / 2 + i * math.pi / 5),
             6.6 + (3.0 if i % 2 == 0 else 1.25) * math.sin(-math.pi / 2 + i * math.pi / 5)) for i in range(10)]
    parts = _as_body(body) + _as_head(front) + _as_held(held) + _as_body(_arm(sleeve))
    parts.append(Part((poly(*star),), "gold", "line", 0.16))
    if number % 2 == 0:
        parts = [mirror(p) for p in parts]
    return tuple(parts)


#: The court frame's divider: a gold bar DIVIDER_BAR mm either side of the middle, and a lozenge
#: (half-width, half-height in mm) in the card's ink with a gold one LOZENGE_INNER its size inside.
DIVIDER_BAR = 0.3
LOZENGE = (4.2, 2.4)
LOZENGE_INNER = 0.78


def _divider(mid: float = 41.0, half: float = 20.5) -> tuple[Part, ...]:
    """The upper half of the divider as `faces.draw_divider` paints it, in figure coordinates
    (the middle of the card is v = `mid`, the bar `half` mm either side of the centre line),
    reaching a hair past the middle so the halves meet."""
    past = mid + 0.05
    w, h = LOZENGE
    k = LOZENGE_INNER
    return (
        Part((poly((-half, mid - DIVIDER_BAR), (half, mid - DIVIDER_BAR), (half, past), (-half, past)),), "gold", None),
        Part((poly((-w, past), (0.0, mid - h), (w, past)),), "ink", None),
        Part((poly((-w * k, past), (0.0, mid - h * k), (w * k, past)),), "gold", None),
    )


#: The divider drawn over a figure's robe; the half turn completes it.
DIVIDER = _divider()


#: A figure fitted to a frame of other proportions than the reference one (`standing`) stretches
#: below its shoulders (SHOULDER) and beside its head and the robe's front panel (SIDE); a contour
#: smaller than KEEP_SHAPE (figure mm: a button, a row of the pattern, a hand, an ermine tail, the
#: lozenge) is moved with the stretch instead, so it keeps its shape.
SIDE = 10.0
KEEP_SHAPE = 5.0
#: The robe's widest (its sides at the divider), the reference frame's half width and the middle
#: of the card, in figure mm.
ROBE_SIDE = 19.3
HALF_FRAME = 21.0
MIDDLE = 41.0


def _stretch(x: float, start: float, k: float) -> float:
    """x stretched by k beyond `start` from 0 (either side)."""
    if abs(x) <= start:
        return x
    return math.copysign(start + (abs(x) - start) * k, x)


def _fit_contour(contour: Contour, ku: float, kv: float) -> Contour:
    pts = [contour[0]] + [p for seg in contour[1] for p in seg[1:]]
    us, vs = [p[0] for p in pts], [p[1] for p in pts]

    def axis(lo: float, hi: float, start: float, k: float) -> Callable[[float], float]:
        if k == 1.0:
            return lambda x: x
        if hi - lo < KEEP_SHAPE:
            mid = (lo + hi) / 2
            d = _stretch(mid, start, k) - mid
            return lambda x: x + d
        return lambda x: _stretch(x, start, k)

    fu = axis(min(us), max(us), SIDE, ku)
    fv = axis(min(vs), max(vs), SHOULDER, kv)
    return mapped(contour, lambda p: (fu(p[0]), fv(p[1])))


@lru_cache(maxsize=64)
def standing(parts: tuple[Part, ...], taller: float = 0.0, wider: float = 0.0) -> tuple[Part, ...]:
    """A figure's upper half with the divider under it, fitted to a frame of other proportions
    than the reference one: its body drawn `taller` mm longer down to the divider (which moves
    down by as much), and `wider` mm wider each side out to the frame's sides (the divider's bar
    likewise). The head and the front of the robe keep their shape. With both 0 the figure is
    exactly as written."""
    if taller <= 0 and wider <= 0:
        return parts + DIVIDER
    kv = (MIDDLE + taller - SHOULDER) / (MIDDLE - SHOULDER)
    ku = (ROBE_SIDE + wider - SIDE) / (ROBE_SIDE - SIDE)
    out = [Part(tuple(_fit_contour(c, ku, kv) for c in p.contours), p.fill, p.line, p.width, p.closed) for p in parts]
    return tuple(out) + _divider(MIDDLE + taller, HALF_FRAME - 0.5 + wider)


def caption_plate_part(u0: float, v0: float, u1: float, v1: float) -> Part:
    """A paper plate edged in gold for a caption written over a figure."""
    return Part((poly((u0, v0), (u1, v0), (u1, v1), (u0, v1)),), "paper", "gold", 0.25)
