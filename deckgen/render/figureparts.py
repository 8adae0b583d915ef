"""The pieces a drawn figure is made of, and how one is painted or recorded.

A figure (render/courts.py) is a list of `Part`s: closed or open outlines of
straight and cubic Bézier segments in millimetres, each with a colour *role* for
its fill and its outline, resolved against `FigureColours`. This module holds the
part type, the outline builders the figures are written with, and the two ways a
figure leaves the drawing: painted by Pillow (`paint_figure`) or recorded as
vector paths for the print-shop PDF (`figure_paths`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from deckgen.cards import Suit
from deckgen.render.shapes import (
    SUPERSAMPLE,
    Contour,
    Point,
    flatten_contour,
    suit_contours,
)
from deckgen.render.vectorshapes import PathShape

RGB = tuple[int, int, int]

#: Outline width (mm) of the figures' drawing.
LINE = 0.2
_KAPPA = 0.5522847498


# --------------------------------------------------------------------------- primitives


@dataclass(frozen=True)
class Part:
    """One coloured piece of a figure: contours filled with the `fill` role and/or outlined in the
    `line` role, `width` mm wide. Open parts (`closed=False`) are strokes only (a brow, a rib)."""

    contours: tuple[Contour, ...]
    fill: str | None
    line: str | None = "line"
    width: float = LINE
    closed: bool = True


def poly(*pts: Point) -> Contour:
    """A polygon through the points."""
    return (pts[0], tuple(("L", p) for p in pts[1:]) + (("L", pts[0]),))


def polyline(*pts: Point) -> Contour:
    """An open line through the points (for strokes)."""
    return (pts[0], tuple(("L", p) for p in pts[1:]))


def ellipse(cx: float, cy: float, rx: float, ry: float, angle: float = 0.0) -> Contour:
    """An ellipse of radii rx, ry turned by `angle` degrees, as four cubic arcs."""
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def p(x: float, y: float) -> Point:
        return (cx + x * ca - y * sa, cy + x * sa + y * ca)

    kx, ky = _KAPPA * rx, _KAPPA * ry
    return (
        p(rx, 0),
        (
            ("C", p(rx, ky), p(kx, ry), p(0, ry)),
            ("C", p(-kx, ry), p(-rx, ky), p(-rx, 0)),
            ("C", p(-rx, -ky), p(-kx, -ry), p(0, -ry)),
            ("C", p(kx, -ry), p(rx, -ky), p(rx, 0)),
        ),
    )


def smooth(pts: Sequence[Point], closed: bool = True, tension: float = 1.0) -> Contour:
    """A smooth outline through the points (Catmull-Rom turned into cubic Béziers)."""
    n = len(pts)
    segs = []
    last = n if closed else n - 1
    for i in range(last):
        p0 = pts[(i - 1) % n] if closed or i > 0 else pts[0]
        p1, p2 = pts[i], pts[(i + 1) % n]
        p3 = pts[(i + 2) % n] if closed or i + 2 < n else pts[-1]
        c1 = (p1[0] + (p2[0] - p0[0]) * tension / 6, p1[1] + (p2[1] - p0[1]) * tension / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) * tension / 6, p2[1] - (p3[1] - p1[1]) * tension / 6)
        segs.append(("C", c1, c2, p2))
    return (pts[0], tuple(segs))


def mapped(contour: Contour, f: Callable[[Point], Point]) -> Contour:
    """The contour with every point passed through f."""
    start, segs = contour
    return (f(start), tuple((seg[0], *map(f, seg[1:])) for seg in segs))


def moved(contour: Contour, dx: float, dy: float, scale: float = 1.0, angle: float = 0.0) -> Contour:
    """The contour scaled about the origin, turned by `angle` degrees, then moved by (dx, dy)."""
    ca, sa = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return mapped(contour, lambda p: (dx + scale * (p[0] * ca - p[1] * sa), dy + scale * (p[0] * sa + p[1] * ca)))


def suit_sign(suit: Suit, u: float, v: float, h: float, angle: float = 0.0) -> tuple[Contour, ...]:
    """The suit's own outline (the pips' shape), h mm tall, centred at (u, v)."""
    return tuple(moved(c, u, v, h, angle) for c in suit_contours(suit))


def mirror(part: Part) -> Part:
    """The part reflected left to right about the card's centre line."""
    return Part(tuple(mapped(c, lambda p: (-p[0], p[1])) for c in part.contours), part.fill, part.line, part.width,
                part.closed)


# --------------------------------------------------------------------------- colours


@dataclass(frozen=True)
class FigureColours:
    """The colours a figure is painted in: `line` the outlines (the deck's black), `ink` the suit's
    ink, `red` and `robe` the two cloth colours, `gold` the accent, `paper` the card, `skin`, `blush` (cheeks) and `dark` (hair)."""

    line: RGB
    ink: RGB
    red: RGB
    robe: RGB
    gold: RGB
    paper: RGB
    skin: RGB
    dark: RGB
    blush: RGB

    def role(self, name: str) -> RGB:
        colour: RGB = getattr(self, name)
        return colour


# --------------------------------------------------------------------------- drawing


def flatten(contour: Contour, px_per_mm: float) -> list[Point]:
    """A contour as a list of points, curves cut into pieces about 3 px long at `px_per_mm`."""

    def steps(cur: Point, c1: Point, c2: Point, end: Point) -> int:
        length = (math.dist(cur, c1) + math.dist(c1, c2) + math.dist(c2, end)) * px_per_mm
        return max(4, min(48, int(length / 3)))

    return flatten_contour(contour, steps)


def _corners(pts: Sequence[Point], closed: bool) -> list[Point]:
    """The points of a polyline where it turns by more than 25° (and its ends when open)."""
    out = [] if closed else [pts[0], pts[-1]]
    n = len(pts)
    for i in range(n) if closed else range(1, n - 1):
        (ax, ay), (bx, by), (cx, cy) = pts[i - 1], pts[i], pts[(i + 1) % n]
        ux, uy, vx, vy = bx - ax, by - ay, cx - bx, cy - by
        nu, nv = math.hypot(ux, uy), math.hypot(vx, vy)
        if nu and nv and (ux * vx + uy * vy) / (nu * nv) < 0.906:
            out.append((bx, by))
    return out


def paint_figure(image: Image.Image, parts: Sequence[Part], colours: FigureColours, origin_px: Point,
                 px_per_mm: float, region_px: tuple[int, int, int, int]) -> None:
    """Paint the parts on `image` (RGB) within `region_px`, the figure's (0, 0) at `origin_px`:
    drawn over an enlarged copy of what is there, supersampled, then scaled back down, so the
    edges are smooth and the ground between the parts is left exactly as it was."""
    ss = SUPERSAMPLE
    x0, y0, x1, y1 = region_px
    big = image.crop(region_px).resize(((x1 - x0) * ss, (y1 - y0) * ss), Image.Resampling.NEAREST)
    draw = ImageDraw.Draw(big)
    ox, oy = (origin_px[0] - x0) * ss, (origin_px[1] - y0) * ss
    k = px_per_mm * ss
    for part in parts:
        fill = colours.role(part.fill) if part.fill else None
        line = colours.role(part.line) if part.line else None
        width = max(1, round(part.width * k))
        for contour in part.contours:
            pts = [(ox + x * k, oy + y * k) for x, y in flatten(contour, px_per_mm)]
            if fill is not None and part.closed:
                draw.polygon(pts, fill=fill)
            if line is not None:
                draw.line(pts + pts[1:2] if part.closed else pts, fill=line, width=width)
                # round joins at the corners (a curve, cut finely, needs none) and round ends, as the
                # PDF draws them; Pillow's own rounded joins cost ten times as much
                r = width / 2
                for x, y in _corners(pts, part.closed):
                    draw.ellipse((x - r, y - r, x + r, y + r), fill=line)
    image.paste(big.reduce(ss), (x0, y0))


def figure_paths(parts: Sequence[Part], colours: FigureColours, origin_mm: Point,
                 scale: float = 1.0) -> list[PathShape]:
    """The parts as vector paths in card millimetres, the figure's (0, 0) at `origin_mm`, its
    millimetres `scale` card millimetres (the figure is drawn for the 59 x 91 mm card's frame)."""
    ox, oy = origin_mm
    out = []
    for part in parts:
        contours = tuple(mapped(c, lambda p: (ox + scale * p[0], oy + scale * p[1])) for c in part.contours)
        out.append(PathShape(contours, colours.role(part.fill) if part.fill and part.closed else None,
                             colours.role(part.line) if part.line else None, part.width * scale, part.closed))
    return out
