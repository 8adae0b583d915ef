"""The drawn parts of a face (frames, rules, grounds, ornaments, plates) as shapes in millimetres, two back ends each.

A face's layout names its parts once, as these shapes in card millimetres
(from the trim's top-left, y down). Each shape paints itself on a Pillow mask
(`paint`, the PNG back end: the very calls the faces were always drawn with,
so the PNGs stay the same to the byte) and gives its outlines (`contours`, the
vector back end: straight and cubic Bézier segments that `facevector.PathShape`
draws into a PDF). Outlines follow Pillow's geometry: a rectangle's outline is
drawn inwards from its edge, so the vector rule covers exactly the band the
picture's does, and a line is a band of its width with square ends.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Literal

from PIL import ImageDraw

from deckgen.render.vectorshapes import Contour, PathShape, Point, ellipse_contour, polygon_contour, round_box_contour

#: mm -> pixel mapping on a supersampled mask.
At = Callable[[float, float], tuple[float, float]]
#: How the contours of one shape are filled together: every contour on its own (overlaps add),
#: or as one path with holes (an outline, a ring).
FillRule = Literal["nonzero", "evenodd"]


@dataclass(frozen=True)
class Rect:
    """A filled rectangle, or (with line_mm) its outline that wide, drawn inwards from the edge;
    with `radius_mm`, its corners rounded."""

    x0: float
    y0: float
    x1: float
    y1: float
    line_mm: float | None = None
    radius_mm: float = 0.0

    def paint(self, draw: ImageDraw.ImageDraw, at: At, unit: float) -> None:
        a, b = at(self.x0, self.y0)
        c, d = at(self.x1, self.y1)
        width = None if self.line_mm is None else max(1, round(self.line_mm * unit))
        if self.radius_mm == 0:
            if width is None:
                draw.rectangle((a, b, c, d), fill=255)
            else:
                draw.rectangle((a, b, c, d), outline=255, width=width)
        elif width is None:
            draw.rounded_rectangle((a, b, c, d), radius=self.radius_mm * unit, fill=255)
        else:
            draw.rounded_rectangle((a, b, c, d), radius=self.radius_mm * unit, outline=255, width=width)

    @property
    def rule(self) -> FillRule:
        return "nonzero" if self.line_mm is None else "evenodd"

    def contours(self) -> tuple[Contour, ...]:
        outer = round_box_contour(self.x0, self.y0, self.x1, self.y1, self.radius_mm)
        if self.line_mm is None:
            return (outer,)
        w = self.line_mm
        return (outer, round_box_contour(self.x0 + w, self.y0 + w, self.x1 - w, self.y1 - w, self.radius_mm - w))


def _paint_ellipse(draw: ImageDraw.ImageDraw, at: At, cx: float, cy: float, rx: float, ry: float, fill: int) -> None:
    x0, y0 = at(cx - rx, cy - ry)
    x1, y1 = at(cx + rx, cy + ry)
    draw.ellipse((x0, y0, x1, y1), fill=fill)


@dataclass(frozen=True)
class Ellipse:
    """A filled ellipse (a dot when rx = ry)."""

    cx: float
    cy: float
    rx: float
    ry: float

    def paint(self, draw: ImageDraw.ImageDraw, at: At, unit: float) -> None:
        _paint_ellipse(draw, at, self.cx, self.cy, self.rx, self.ry, 255)

    rule: ClassVar[FillRule] = "nonzero"

    def contours(self) -> tuple[Contour, ...]:
        return (ellipse_contour(self.cx, self.cy, self.rx, self.ry),)


@dataclass(frozen=True)
class Ring:
    """The band between two concentric circles."""

    cx: float
    cy: float
    r_out: float
    r_in: float

    def paint(self, draw: ImageDraw.ImageDraw, at: At, unit: float) -> None:
        _paint_ellipse(draw, at, self.cx, self.cy, self.r_out, self.r_out, 255)
        _paint_ellipse(draw, at, self.cx, self.cy, self.r_in, self.r_in, 0)

    rule: ClassVar[FillRule] = "evenodd"

    def contours(self) -> tuple[Contour, ...]:
        return (ellipse_contour(self.cx, self.cy, self.r_out, self.r_out), ellipse_contour(self.cx, self.cy, self.r_in, self.r_in))


@dataclass(frozen=True)
class Polygon:
    """A filled polygon."""

    points: tuple[Point, ...]

    def paint(self, draw: ImageDraw.ImageDraw, at: At, unit: float) -> None:
        draw.polygon([at(*p) for p in self.points], fill=255)

    rule: ClassVar[FillRule] = "nonzero"

    def contours(self) -> tuple[Contour, ...]:
        return (polygon_contour(self.points),)


@dataclass(frozen=True)
class Lines:
    """Straight lines `width_mm` wide with square ends (the ground of a court's window)."""

    segments: tuple[tuple[Point, Point], ...]
    width_mm: float

    def paint(self, draw: ImageDraw.ImageDraw, at: At, unit: float) -> None:
        w = max(1, round(self.width_mm * unit))
        for a, b in self.segments:
            draw.line((at(*a), at(*b)), fill=255, width=w)

    rule: ClassVar[FillRule] = "nonzero"

    def contours(self) -> tuple[Contour, ...]:
        out = []
        half = self.width_mm / 2
        for (ax, ay), (bx, by) in self.segments:
            length = math.hypot(bx - ax, by - ay)
            if length == 0:
                continue
            nx, ny = -(by - ay) / length * half, (bx - ax) / length * half
            out.append(polygon_contour([(ax + nx, ay + ny), (bx + nx, by + ny), (bx - nx, by - ny), (ax - nx, ay - ny)]))
        return tuple(out)


Shape = Rect | Ellipse | Ring | Polygon | Lines


def as_paths(parts: tuple[Shape, ...] | list[Shape], colour: tuple[int, int, int],
             clip: tuple[float, float, float, float] | None = None, turns: bool = True) -> list[PathShape]:
    """The parts in one colour as vector paths: filled shapes together (they add up, as on the
    mask), each outline or ring on its own with its hole."""
    out: list[PathShape] = []
    filled = [c for part in parts if part.rule == "nonzero" for c in part.contours()]
    if filled:
        out.append(PathShape(tuple(filled), colour, None, 0.0, rule="nonzero", clip=clip, turns=turns))
    for part in parts:
        if part.rule == "evenodd":
            out.append(PathShape(part.contours(), colour, None, 0.0, rule="evenodd", clip=clip, turns=turns))
    return out
