"""The four suit symbols as vector outlines, defined once, drawn by Pillow and by ReportLab.

Each suit is a list of closed contours made of straight and cubic Bézier
segments in a design space 100 units tall (y grows downwards, as in images).
Pillow draws them supersampled 4x and scaled down, so edges are antialiased;
ReportLab draws the same curves natively. No font needs suit glyphs, and a
spade looks the same on a PNG face, in a PDF and in the booklet.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from deckgen.cards import Suit
from deckgen.colour import rgb_of

Point = tuple[float, float]
#: ("L", end) or ("C", control1, control2, end)
Segment = tuple[Any, ...]
#: (start, segments) of one closed outline.
Contour = tuple[Point, tuple[Segment, ...]]

#: Pillow draws at this multiple of the target size, then scales down.
SUPERSAMPLE = 4
_KAPPA = 0.5522847498  # cubic approximation of a quarter circle


def _circle(cx: float, cy: float, r: float) -> Contour:
    k = _KAPPA * r
    return (
        (cx + r, cy),
        (
            ("C", (cx + r, cy + k), (cx + k, cy + r), (cx, cy + r)),
            ("C", (cx - k, cy + r), (cx - r, cy + k), (cx - r, cy)),
            ("C", (cx - r, cy - k), (cx - k, cy - r), (cx, cy - r)),
            ("C", (cx + k, cy - r), (cx + r, cy - k), (cx + r, cy)),
        ),
    )


_HEART: tuple[Contour, ...] = (
    (
        (50, 100),
        (
            ("C", (40, 86), (0, 62), (0, 29)),
            ("C", (0, 10), (13, 0), (27, 0)),
            ("C", (40, 0), (48, 9), (50, 20)),
            ("C", (52, 9), (60, 0), (73, 0)),
            ("C", (87, 0), (100, 10), (100, 29)),
            ("C", (100, 62), (60, 86), (50, 100)),
        ),
    ),
)

_DIAMOND: tuple[Contour, ...] = (
    (
        (38, 0),
        (
            ("C", (48, 17), (60, 34), (76, 50)),
            ("C", (60, 66), (48, 83), (38, 100)),
            ("C", (28, 83), (16, 66), (0, 50)),
            ("C", (16, 34), (28, 17), (38, 0)),
        ),
    ),
)

_SPADE: tuple[Contour, ...] = (
    (
        (50, 0),
        (
            ("C", (62, 19), (100, 37), (100, 62)),
            ("C", (100, 78), (88, 87), (75, 87)),
            ("C", (64, 87), (56, 82), (53, 76)),
            ("C", (54, 89), (59, 97), (68, 104)),
            ("L", (32, 104)),
            ("C", (41, 97), (46, 89), (47, 76)),
            ("C", (44, 82), (36, 87), (25, 87)),
            ("C", (12, 87), (0, 78), (0, 62)),
            ("C", (0, 37), (38, 19), (50, 0)),
        ),
    ),
)

_CLUB: tuple[Contour, ...] = (
    _circle(50, 24, 24),
    _circle(25, 61, 24),
    _circle(75, 61, 24),
    ((50, 36), (("L", (30, 64)), ("L", (70, 64)), ("L", (50, 36)))),
    (
        (47, 60),
        (
            ("C", (47, 84), (42, 96), (31, 104)),
            ("L", (69, 104)),
            ("C", (58, 96), (53, 84), (53, 60)),
            ("L", (47, 60)),
        ),
    ),
)


def _points(contours: tuple[Contour, ...]) -> list[Point]:
    pts: list[Point] = []
    for start, segs in contours:
        pts.append(start)
        for seg in segs:
            pts.extend(seg[1:])
    return pts


def _normalise(contours: tuple[Contour, ...]) -> tuple[tuple[Contour, ...], float]:
    """Move the shape so its box is centred on (0, 0) and scale it to a height of 1."""
    pts = _points(contours)
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    cx, cy, h = (x0 + x1) / 2, (y0 + y1) / 2, y1 - y0

    def f(p: Point) -> Point:
        return ((p[0] - cx) / h, (p[1] - cy) / h)

    out = tuple((f(start), tuple((seg[0], *map(f, seg[1:])) for seg in segs)) for start, segs in contours)
    return out, (x1 - x0) / h


_SHAPES: dict[Suit, tuple[tuple[Contour, ...], float]] = {
    Suit.SPADES: _normalise(_SPADE),
    Suit.HEARTS: _normalise(_HEART),
    Suit.DIAMONDS: _normalise(_DIAMOND),
    Suit.CLUBS: _normalise(_CLUB),
}


def suit_contours(suit: Suit) -> tuple[Contour, ...]:
    """The outline of a suit, centred on (0, 0), 1 unit tall, y downwards."""
    return _SHAPES[suit][0]


def suit_aspect(suit: Suit) -> float:
    """Width divided by height of the suit's outline (a diamond is narrower than a heart)."""
    return _SHAPES[suit][1]


def flatten_contour(contour: Contour, steps_for: Callable[[Point, Point, Point, Point], int]) -> list[Point]:
    """A contour as a polygon; `steps_for(start, c1, c2, end)` says how many pieces each curve is cut into.

    One flattener for the suit symbols and the drawn courts, which differ only in that rule."""
    start, segs = contour
    pts = [start]
    cur = start
    for seg in segs:
        if seg[0] == "L":
            pts.append(seg[1])
            cur = seg[1]
            continue
        _, c1, c2, end = seg
        steps = steps_for(cur, c1, c2, end)
        for i in range(1, steps + 1):
            t = i / steps
            u = 1 - t
            a, b, c, d = u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t
            pts.append(
                (
                    a * cur[0] + b * c1[0] + c * c2[0] + d * end[0],
                    a * cur[1] + b * c1[1] + c * c2[1] + d * end[1],
                )
            )
        cur = end
    return pts


def _flatten(contour: Contour, scale: float) -> list[Point]:
    """A contour as a polygon, with enough points per curve for smooth edges at `scale`."""
    steps = max(8, min(64, int(scale / 6)))
    return flatten_contour(contour, lambda *_: steps)


@lru_cache(maxsize=512)
def suit_mask(suit: Suit, height_px: float, offset: tuple[float, float] = (0.0, 0.0), rotate180: bool = False) -> Image.Image:
    """An antialiased coverage mask ("L") of the suit `height_px` tall.

    The shape's centre sits at `offset` (fractional pixels) from the mask's
    centre point, which is (mask.width / 2, mask.height / 2). Cached, because
    a deck draws the same pip at the same size hundreds of times.
    """
    contours, aspect = _SHAPES[suit]
    w = math.ceil(height_px * aspect) + 4
    h = math.ceil(height_px) + 4
    w += w % 2
    h += h % 2
    ss = SUPERSAMPLE
    big = Image.new("L", (w * ss, h * ss), 0)
    draw = ImageDraw.Draw(big)
    sign = -1.0 if rotate180 else 1.0
    cx = (w / 2 + offset[0]) * ss
    cy = (h / 2 + offset[1]) * ss
    scale = height_px * ss
    for contour in contours:
        poly = [(cx + sign * x * scale, cy + sign * y * scale) for x, y in _flatten(contour, scale)]
        draw.polygon(poly, fill=255)
    return big.reduce(ss)


def draw_suit_pil(
    image: Image.Image,
    suit: Suit,
    center_xy: tuple[float, float],
    height_px: float,
    colour: Any,
    rotate180: bool = False,
) -> None:
    """Paint a suit symbol onto `image` (RGB or RGBA), centred at `center_xy`, `height_px` tall.

    `colour` is '#rrggbb' or an RGB(A) tuple. `rotate180` turns it upside
    down, as the lower pips and indices of a double-ended card are.
    """
    cx, cy = center_xy
    # Quantise the sub-pixel position to a quarter pixel so the mask cache is useful.
    fx = round((cx - math.floor(cx)) * 4) / 4
    fy = round((cy - math.floor(cy)) * 4) / 4
    mask = suit_mask(suit, round(height_px * 4) / 4, (fx, fy), rotate180)
    left = math.floor(cx) - mask.width // 2
    top = math.floor(cy) - mask.height // 2
    fill: tuple[int, ...] = rgb_of(colour)
    if image.mode == "RGBA":
        fill = fill + (255,)
        if len(colour) == 4 and not isinstance(colour, str):
            alpha = int(colour[3])
            mask = mask.point(lambda v: v * alpha // 255)
    image.paste(fill, (left, top, left + mask.width, top + mask.height), mask)


def draw_suit_reportlab(
    canvas: Any,
    suit: Suit,
    x: float,
    y: float,
    height_pt: float,
    colour: Any,
    rotate180: bool = False,
) -> None:
    """Draw a suit symbol on a ReportLab canvas, centred at (x, y) in points, `height_pt` tall.

    ReportLab's y axis grows upwards, so the design's y is flipped here.
    `colour` is '#rrggbb', an RGB tuple of 0-255 ints, or a ReportLab colour.
    """
    from reportlab.lib.colors import Color, HexColor  # late: only a PDF needs ReportLab; the PNG draws with Pillow

    if isinstance(colour, str):
        fill = HexColor(colour)
    elif isinstance(colour, Color):
        fill = colour
    else:
        red, green, blue = rgb_of(colour)
        fill = Color(red / 255, green / 255, blue / 255)
    sign = -1.0 if rotate180 else 1.0

    def tr(p: Point) -> Point:
        return (x + sign * p[0] * height_pt, y - sign * p[1] * height_pt)

    canvas.saveState()
    canvas.setFillColor(fill)
    for start, segs in suit_contours(suit):
        path = canvas.beginPath()
        path.moveTo(*tr(start))
        for seg in segs:
            if seg[0] == "L":
                path.lineTo(*tr(seg[1]))
            else:
                (a, b), (c, d), (e, f) = tr(seg[1]), tr(seg[2]), tr(seg[3])
                path.curveTo(a, b, c, d, e, f)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()
