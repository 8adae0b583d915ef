"""A face's parts as shapes in card millimetres: what the renderers record and the PDF back end draws.

The shapes are plain frozen data (a suit symbol, a line of text, outlines of
straight and cubic Bézier segments), so a face laid out once can be painted on
a PNG (`faceshapes`), drawn into a PDF (`facevector`) or kept between builds
(`printparts`). `VectorFace` is one face so recorded, with what is left of its
picture (the photo). The contour helpers make the outlines `PathShape` takes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from deckgen.cards import Suit
from deckgen.units import mm_to_pt

__all__ = [
    "KAPPA", "RGB", "Contour", "Matrix", "PathShape", "Point", "SuitShape", "TextShape", "VectorFace", "VectorShape",
    "box_contour", "ellipse_contour", "path_code", "polygon_contour", "round_box_contour", "with_code",
]

RGB = tuple[int, int, int]
Point = tuple[float, float]
#: A contour as facevector.PathShape takes it: a start and ("L", p) or ("C", c1, c2, p) segments.
Contour = tuple[Point, tuple[tuple, ...]]  # type: ignore[type-arg]
#: The Bézier handle length of a quarter circle of radius 1.
KAPPA = 4 * (math.sqrt(2) - 1) / 3


def polygon_contour(points: tuple[Point, ...] | list[Point]) -> Contour:
    return (points[0], tuple(("L", p) for p in points[1:]))


def box_contour(x0: float, y0: float, x1: float, y1: float) -> Contour:
    return polygon_contour([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


def ellipse_contour(cx: float, cy: float, rx: float, ry: float) -> Contour:
    kx, ky = rx * KAPPA, ry * KAPPA
    return ((cx + rx, cy), (
        ("C", (cx + rx, cy + ky), (cx + kx, cy + ry), (cx, cy + ry)),
        ("C", (cx - kx, cy + ry), (cx - rx, cy + ky), (cx - rx, cy)),
        ("C", (cx - rx, cy - ky), (cx - kx, cy - ry), (cx, cy - ry)),
        ("C", (cx + kx, cy - ry), (cx + rx, cy - ky), (cx + rx, cy)),
    ))


def round_box_contour(x0: float, y0: float, x1: float, y1: float, r: float) -> Contour:
    r = max(0.0, min(r, (x1 - x0) / 2, (y1 - y0) / 2))
    if r == 0:
        return box_contour(x0, y0, x1, y1)
    k = r * KAPPA
    return ((x0 + r, y0), (
        ("L", (x1 - r, y0)), ("C", (x1 - r + k, y0), (x1, y0 + r - k), (x1, y0 + r)),
        ("L", (x1, y1 - r)), ("C", (x1, y1 - r + k), (x1 - r + k, y1), (x1 - r, y1)),
        ("L", (x0 + r, y1)), ("C", (x0 + r - k, y1), (x0, y1 - r + k), (x0, y1 - r)),
        ("L", (x0, y0 + r)), ("C", (x0, y0 + r - k), (x0 + r - k, y0), (x0 + r, y0)),
    ))


@dataclass(frozen=True)
class SuitShape:
    """A suit symbol centred at (x_mm, y_mm), h_mm tall, optionally turned 180°."""

    suit: Suit
    x_mm: float
    y_mm: float
    h_mm: float
    colour: RGB
    turned: bool = False

    def turned_copy(self, width_mm: float, height_mm: float) -> SuitShape:
        """The shape after a half turn of a card `width_mm` x `height_mm`."""
        return replace(self, x_mm=width_mm - self.x_mm, y_mm=height_mm - self.y_mm, turned=not self.turned)


@dataclass(frozen=True)
class TextShape:
    """One line of text centred on cx_mm with its capitals cap_mm tall from top_mm down.

    `cap_ratio` is the font's capital height per unit of size; `x_scale` the sideways squeeze
    the layout applied; `tracking` extra space between letters in capital heights."""

    text: str
    font: Path
    cap_ratio: float
    cap_mm: float
    cx_mm: float
    top_mm: float
    colour: RGB
    x_scale: float = 1.0
    tracking: float = 0.0
    turned: bool = False

    @property
    def y_mm(self) -> float:
        return self.top_mm + self.cap_mm / 2

    def turned_copy(self, width_mm: float, height_mm: float) -> TextShape:
        return replace(self, cx_mm=width_mm - self.cx_mm, top_mm=height_mm - self.top_mm - self.cap_mm,
                       turned=not self.turned)


@dataclass(frozen=True)
class PathShape:
    """Closed (or open) outlines of straight and cubic Bézier segments in card mm, the contours of
    `render/shapes.py`: each filled with `fill` and/or stroked with `line`, `width_mm` wide (round
    joins and ends). The drawn courts and jokers are made of these."""

    contours: tuple[Any, ...]
    fill: RGB | None
    line: RGB | None
    width_mm: float
    closed: bool = True
    #: "each": every contour filled on its own, as Pillow paints a figure's parts; "nonzero" or
    #: "evenodd": the contours as one path (a ground of many lines; an outline or ring with its hole).
    rule: str = "each"
    #: Drawn only inside this box (card mm: left, top, right, bottom), as the picture's region clips it.
    clip: tuple[float, float, float, float] | None = None
    #: False for a part drawn whole across the middle (a frame, a background): the face's half turn
    #: leaves it alone instead of adding its turned copy.
    turns: bool = True
    #: The outlines as PDF path operators (`path_code`), when worked out already: a face's shapes
    #: are drawn on every sheet of every print file, so its kept parts hold them (and no contours).
    code: tuple[str, ...] | None = None

    def _points(self) -> list[tuple[float, float]]:
        return [p for start, segs in self.contours for p in (start, *(q for seg in segs for q in seg[1:]))]

    @property
    def y_mm(self) -> float:
        ys = [p[1] for p in self._points()]
        return (min(ys) + max(ys)) / 2

    def turned_copy(self, width_mm: float, height_mm: float) -> PathShape:
        def turn(p: tuple[float, float]) -> tuple[float, float]:
            return (width_mm - p[0], height_mm - p[1])

        contours = tuple((turn(start), tuple((seg[0], *map(turn, seg[1:])) for seg in segs))
                         for start, segs in self.contours)
        clip = self.clip
        if clip is not None:
            clip = (width_mm - clip[2], height_mm - clip[3], width_mm - clip[0], height_mm - clip[1])
        return replace(self, contours=contours, clip=clip)


VectorShape = SuitShape | TextShape | PathShape


def path_code(shape: PathShape) -> tuple[str, ...]:
    """Each group of the shape's contours (each contour alone, as Pillow paints a figure's parts, or
    all together, `rule`) as PDF path operators, in points from the trim's top-left corner, y up."""
    from reportlab.lib.rl_accel import (
        fp_str,  # late: only a PDF needs ReportLab; PNG faces come here too
    )

    k = mm_to_pt(1.0)
    groups = [[contour] for contour in shape.contours] if shape.rule == "each" else [list(shape.contours)]
    out = []
    for group in groups:
        ops: list[str] = []
        for (x, y), segs in group:
            ops.append(f"{fp_str(x * k, -y * k)} m")
            for seg in segs:  # some thousand segments a face
                if seg[0] == "L":
                    ops.append(f"{fp_str(seg[1][0] * k, -seg[1][1] * k)} l")
                else:
                    (x1, y1), (x2, y2), (x3, y3) = seg[1:]
                    ops.append(f"{fp_str(x1 * k, -y1 * k, x2 * k, -y2 * k, x3 * k, -y3 * k)} c")
            if shape.closed:
                ops.append("h")
        out.append(" ".join(ops))
    return tuple(out)


def with_code(shape: VectorShape) -> VectorShape:
    """The shape as a face's kept parts hold it: a PathShape with its path code and no contours."""
    if isinstance(shape, PathShape) and shape.code is None:
        return replace(shape, code=path_code(shape), contours=())
    return shape


Matrix = tuple[float, float, float, float, float, float]


@dataclass(frozen=True)
class VectorFace:
    """A face for a PDF: its shapes (background, frames, ornaments, symbols, words, drawn courts)
    and the picture that is left when they are taken out: None for a drawn face (nothing is left),
    else the part of the face with the photo, `box` (left, top, right, bottom) in the pixels of the
    whole face, which is `size` pixels. With `halves`, the picture is the upper half of `box` only
    (a mirrored photo): it is placed there and again turned 180° in the lower half, so the file
    stores it once. The picture may come already made into image streams (`rgb`, `cmyk`), then
    `base` is None."""

    base: Any  # PIL.Image.Image | None
    shapes: tuple[VectorShape, ...]
    photo: bool = False  # a photo is on it: its greys stay four-colour (rich shadows)
    box: tuple[int, int, int, int] | None = None
    size: tuple[int, int] | None = None
    halves: bool = False
    #: The picture already made into image streams (kept by `printparts`); then `base` is None.
    rgb: Any = None  # pdfcanvas.EmbeddedImage of the picture, ready to embed
    cmyk: Any = None  # the same through the press's profile

    @property
    def picture_rows(self) -> int:
        """The picture's height in pixels, however it is held."""
        held = self.base if self.base is not None else (self.rgb if self.rgb is not None else self.cmyk)
        return int(held.height)

    @property
    def has_picture(self) -> bool:
        """Whether a picture goes under the shapes (as an image, or as streams already made)."""
        return self.base is not None or self.rgb is not None or self.cmyk is not None

    def rgb_image(self) -> Any:
        """The picture as an RGB image stream (made now when it was not given)."""
        if self.rgb is not None:
            return self.rgb
        from deckgen.render.pdfcanvas import (
            image_from_array,  # late: it loads ReportLab
        )

        return image_from_array(np.asarray(self.base))

    def image_matrices(self, whole: Matrix) -> list[Matrix]:
        """Where the picture goes, once or twice: `whole` maps the whole face's unit square onto
        the page; the picture's unit square is the part of it that `box` covers (PDF y runs up)."""
        if self.box is None or self.size is None:
            return [whole]
        l, t, r, b = self.box
        if not self.halves:
            return [_within(whole, (l, t, r, b), self.size)]
        rows = self.picture_rows
        a, bb, c, d, e, f = _within(whole, (l, b - rows, r, b), self.size)
        # the same picture turned: its unit square runs the other way along both sides
        return [_within(whole, (l, t, r, t + rows), self.size), (-a, -bb, -c, -d, a + c + e, bb + d + f)]


def _within(whole: Matrix, box: tuple[int, int, int, int], size: tuple[int, int]) -> Matrix:
    """The matrix that puts an image on `box` (pixels of a face `size` big) of the face `whole` places."""
    (l, t, r, b), (w, h) = box, size
    sx, sy, tx, ty = (r - l) / w, (b - t) / h, l / w, (h - b) / h
    a, bb, c, d, e, f = whole
    return (sx * a, sx * bb, sy * c, sy * d, tx * a + ty * c + e, tx * bb + ty * d + f)
