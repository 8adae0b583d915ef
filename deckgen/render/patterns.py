"""Motifs drawn in code: the back patterns and the theme ornaments.

Every function here draws onto a Pillow canvas given in pixels with a scale
(pixels per millimetre), so the same motif comes out the same physical size at
any DPI. Patterns are laid out from the centre of the canvas outwards, so a
pattern turned 180 degrees lands on itself: that is what keeps a back from
telling players which way up a card is held. Pure drawing: no files, no state.

The same drawing calls have two back ends: `SnapDraw` paints them with Pillow
(the PNGs), `ShapeRecorder` records them as vector shapes in card millimetres
(`facevector.PathShape`, `SuitShape`) for the print-shop PDF, following
Pillow's geometry (an outline lies inside its box, a line is a band of its
width with square ends), so the PDF and the PNG show the same design.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from PIL import Image, ImageDraw

from deckgen.cards import Suit
from deckgen.colour import rgb_of
from deckgen.errors import UserError, unknown_choice
from deckgen.render.vectorshapes import box_contour, ellipse_contour, polygon_contour, round_box_contour
from deckgen.render.vectorshapes import PathShape, SuitShape
from deckgen.render.shapes import draw_suit_pil
from deckgen.themes import Colours

Point = tuple[float, float]
Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class Geometry:
    """Where to draw: canvas size, pixels per mm, the trim box and the centre, all in pixels."""

    size: tuple[int, int]
    ppm: float
    trim: Rect  # in Pillow coordinates: the trim line of a W-px canvas with bleed b runs from b-0.5 to W-b-0.5
    corner_mm: float
    #: The centre motifs (medallion, axis ornaments) are sized for the 59 x 91 mm card; on another card they
    #: grow or shrink by this factor (textures, rules and frames keep their size in mm).
    motif_scale: float = 1.0

    @property
    def centre(self) -> Point:
        """Pillow puts integer coordinates on pixel centres, so the middle of the canvas is (W-1)/2."""
        return ((self.size[0] - 1) / 2, (self.size[1] - 1) / 2)


# ------------------------------------------------------------------ small geometry helpers


def _snap(xy: Any) -> Any:
    """Coordinates rounded to whole pixels, so Pillow's own truncation cannot shift one side of a symmetric shape."""
    if isinstance(xy, (int, float)):
        return round(xy)
    return [tuple(round(v) for v in p) if isinstance(p, tuple) else round(p) for p in xy]


class SnapDraw(ImageDraw.ImageDraw):
    """ImageDraw whose shapes land on whole pixels: a shape and its half turn rasterise alike.

    It keeps its image as `target`, for motifs pasted rather than drawn (the suit symbols)."""

    def __init__(self, im: Image.Image, mode: str | None = None) -> None:
        super().__init__(im, mode)
        self.target = im

    def line(self, xy: Any, *args: Any, **kw: Any) -> None:
        super().line(_snap(xy), *args, **kw)

    def polygon(self, xy: Any, *args: Any, **kw: Any) -> None:
        super().polygon(_snap(xy), *args, **kw)

    def ellipse(self, xy: Any, *args: Any, **kw: Any) -> None:
        super().ellipse(_snap(xy), *args, **kw)

    def arc(self, xy: Any, *args: Any, **kw: Any) -> None:
        super().arc(_snap(xy), *args, **kw)

    def rectangle(self, xy: Any, *args: Any, **kw: Any) -> None:
        super().rectangle(_snap(xy), *args, **kw)

    def rounded_rectangle(self, xy: Any, radius: float = 0, *args: Any, **kw: Any) -> None:
        super().rounded_rectangle(_snap(xy), round(radius), *args, **kw)


class ShapeRecorder:
    """The drawing calls of SnapDraw, recorded as vector shapes in card mm (from the trim's top-left,
    y down) instead of painted. Consecutive plain fills of one colour become one path."""

    def __init__(self, geo: Geometry, shapes: list[Any]) -> None:
        self.geo = geo
        self.shapes = shapes

    # pixel coordinates (Pillow's: integers on pixel centres) -> card mm
    def _mm(self, p: Point) -> Point:
        return ((p[0] - self.geo.trim[0]) / self.geo.ppm, (p[1] - self.geo.trim[1]) / self.geo.ppm)

    def _box_mm(self, box: Any, inset: float = 0.0) -> Rect:
        """A Pillow box (inclusive pixel centres) as the area it covers, inset by `inset` pixels."""
        if len(box) == 2:
            (x0, y0), (x1, y1) = box
        else:
            x0, y0, x1, y1 = box
        a = self._mm((x0 - 0.5 + inset, y0 - 0.5 + inset))
        b = self._mm((x1 + 0.5 - inset, y1 + 0.5 - inset))
        return (a[0], a[1], b[0], b[1])

    def fill(self, contours: list[Any], colour: Any, rule: str = "nonzero") -> None:
        rgb = rgb_of(colour)
        if rule == "nonzero":  # one winding for all, so overlapping parts of one colour add up, never cancel
            contours = [counter_clockwise(c) for c in contours]
        last = self.shapes[-1] if self.shapes else None
        if (rule == "nonzero" and isinstance(last, PathShape) and last.rule == "nonzero" and last.fill == rgb
                and last.line is None and last.clip is None):
            self.shapes[-1] = PathShape(last.contours + tuple(contours), rgb, None, 0.0, rule="nonzero", turns=False)
            return
        self.shapes.append(PathShape(tuple(contours), rgb, None, 0.0, rule=rule, turns=False))

    def _outline(self, outer: Any, inner: Any, colour: Any) -> None:
        self.fill([outer, inner], colour, rule="evenodd")

    def fill_outside(self, rect: Rect, radius: float, colour: Any) -> None:
        """`colour` from a millimetre past the bleed (the page clips it) in to the rounded `rect`
        (pixels of the drawing): a margin painted over what lies under it."""
        pad = 1.0 * self.geo.ppm
        outer = box_contour(*self._box_mm((-pad, -pad, self.geo.size[0] - 1 + pad, self.geo.size[1] - 1 + pad)))
        self._outline(outer, round_box_contour(*self._box_mm(rect), radius / self.geo.ppm), colour)

    def line(self, xy: Any, fill: Any = None, width: int = 0, **_: Any) -> None:
        if fill is None:
            return
        points = [tuple(p) for p in xy]
        w = (max(1, width) + 1) / 2  # Pillow fills the pixels on the band's edges too: one pixel wider
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            length = math.hypot(x1 - x0, y1 - y0)
            if length == 0:
                continue
            nx, ny = -(y1 - y0) / length * w, (x1 - x0) / length * w
            band = [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)]
            self.fill([polygon_contour([self._mm(p) for p in band])], fill)

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        contour = polygon_contour([self._mm(tuple(p)) for p in xy])
        if fill is not None:
            self.fill([contour], fill)
        if outline is not None and width > 0:
            self.shapes.append(PathShape((contour,), None, rgb_of(outline), width / self.geo.ppm, turns=False))

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        def oval(inset: float) -> Any:
            x0, y0, x1, y1 = self._box_mm(xy, inset)
            return ellipse_contour((x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2)

        if fill is not None:
            self.fill([oval(0)], fill)
        if outline is not None and width > 0:
            self._outline(oval(0), oval(width), outline)

    def arc(self, xy: Any, start: float, end: float, fill: Any = None, width: int = 1) -> None:
        if fill is None:
            return
        x0, y0, x1, y1 = self._box_mm(xy)
        cx, cy, rx, ry = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2, (y1 - y0) / 2
        w = width / self.geo.ppm
        steps = max(2, math.ceil(abs(end - start) / 3))
        angles = [math.radians(start + (end - start) * i / steps) for i in range(steps + 1)]
        outer = [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles]
        inner = [(cx + (rx - w) * math.cos(a), cy + (ry - w) * math.sin(a)) for a in reversed(angles)]
        self.fill([polygon_contour(outer + inner)], fill)

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        if fill is not None:
            self.fill([box_contour(*self._box_mm(xy))], fill)
        if outline is not None and width > 0:
            self._outline(box_contour(*self._box_mm(xy)), box_contour(*self._box_mm(xy, width)), outline)

    def rounded_rectangle(self, xy: Any, radius: float = 0, fill: Any = None, outline: Any = None,
                          width: int = 1) -> None:
        r = radius / self.geo.ppm
        if fill is not None:
            self.fill([round_box_contour(*self._box_mm(xy), r)], fill)
        if outline is not None and width > 0:
            inner_r = max(radius - width, 0) / self.geo.ppm
            self._outline(round_box_contour(*self._box_mm(xy), r), round_box_contour(*self._box_mm(xy, width), inner_r), outline)

    def suit(self, suit: Suit, centre: Point, height: float, colour: Any) -> None:
        x, y = self._mm(centre)
        self.shapes.append(SuitShape(suit, x, y, height / self.geo.ppm, rgb_of(colour)))


def counter_clockwise(contour: Any) -> Any:
    """The contour running one way round (positive area by its vertices; y down), reversed if need be."""
    start, segs = contour
    ends = [start] + [seg[-1] for seg in segs]
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(ends, ends[1:] + ends[:1]))
    if area >= 0:
        return contour
    back = []
    for i in range(len(segs) - 1, -1, -1):
        seg, before = segs[i], ends[i]
        back.append(("L", before) if seg[0] == "L" else ("C", seg[2], seg[1], before))
    return (ends[-1], tuple(back))


def _rotate(points: Sequence[Point], angle_deg: float, about: Point) -> list[Point]:
    a = math.radians(angle_deg)
    ca, sa = math.cos(a), math.sin(a)
    cx, cy = about
    return [(cx + (x - cx) * ca - (y - cy) * sa, cy + (x - cx) * sa + (y - cy) * ca) for x, y in points]


def _leaf(centre: Point, angle_deg: float, r0: float, length: float, width: float, steps: int = 24) -> list[Point]:
    """A pointed leaf/petal from distance r0 to r0+length along a direction (0 deg = up)."""
    cx, cy = centre
    side = []
    for i in range(steps + 1):
        t = i / steps
        side.append((width / 2 * math.sin(math.pi * t), r0 + t * length))
    outline = [(w, -d) for w, d in side] + [(-w, -d) for w, d in reversed(side)]
    pts = [(cx + x, cy + y) for x, y in outline]
    return _rotate(pts, angle_deg, centre)


def _star_pts(centre: Point, points: int, outer: float, inner: float, angle_deg: float = 0.0) -> list[Point]:
    cx, cy = centre
    out = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(angle_deg + i * 180 / points - 90)
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def _heart(centre: Point, size: float, angle_deg: float = 0.0) -> list[Point]:
    """A heart about `size` wide, point down (turned by angle_deg)."""
    cx, cy = centre
    k = size / 34.0
    pts = []
    for i in range(72):
        t = 2 * math.pi * i / 72
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        pts.append((cx + x * k, cy - (y + 2.5) * k))
    return _rotate(pts, angle_deg, centre)


def _circle(draw: ImageDraw.ImageDraw, centre: Point, r: float, fill: str | None = None,
            outline: str | None = None, width: float = 0) -> None:
    cx, cy = centre
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=max(1, round(width)) if outline else 0)


def _line_family(draw: ImageDraw.ImageDraw, centre: Point, size: tuple[int, int], angle_deg: float,
                 spacing: float, width: float, colour: str) -> None:
    """Parallel lines at angle_deg, one through the centre and the rest every `spacing` pixels."""
    cx, cy = centre
    a = math.radians(angle_deg)
    d = (math.cos(a), math.sin(a))
    n = (-d[1], d[0])
    reach = math.hypot(*size)
    count = int(reach / spacing) + 2
    for k in range(-count, count + 1):
        px, py = cx + n[0] * k * spacing, cy + n[1] * k * spacing
        draw.line(
            [(px - d[0] * reach, py - d[1] * reach), (px + d[0] * reach, py + d[1] * reach)],
            fill=colour,
            width=max(1, round(width)),
        )


def _p(params: dict[str, Any], key: str, default: float) -> float:
    value = params.get(key, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise UserError(f"back template parameter {key}: expected a number of 0 or more, got {value!r}")
    return float(value)


def field_rect(geo: Geometry, params: dict[str, Any]) -> tuple[Rect, float]:
    """The coloured field inside the paper margin, and its corner radius, in pixels.

    A margin of 0 prints the field edge to edge, bleed included."""
    margin = _p(params, "margin_mm", 3.5)
    if margin == 0:
        return (-0.5, -0.5, geo.size[0] - 0.5, geo.size[1] - 0.5), 0.0
    left, top, right, bottom = geo.trim
    m = margin * geo.ppm
    radius = max(geo.corner_mm - margin, 1.0) * geo.ppm
    return (left + m, top + m, right - m, bottom - m), radius


def _inset(rect: Rect, by: float) -> Rect:
    return (rect[0] + by, rect[1] + by, rect[2] - by, rect[3] - by)


def _frame(draw: ImageDraw.ImageDraw, rect: Rect, radius: float, inset: float, width: float, colour: str) -> None:
    if width <= 0:
        return
    r = _inset(rect, inset)
    draw.rounded_rectangle(r, radius=max(radius - inset, 0), outline=colour, width=max(1, round(width)))


#: How far a back's words (their plate included) keep from the frame's lines and the corner ornaments.
TEXT_CLEARANCE_MM = 0.6


@dataclass(frozen=True)
class TextRoom:
    """Where a back's words may go without touching the design: `inside` the frame's lines, and
    clear of the `corners` (the boxes of the corner ornaments), all in the drawing's pixels."""

    inside: Rect
    corners: tuple[Rect, ...] = ()


def text_room(kind: str, geo: Geometry, params: dict[str, Any], clearance_mm: float = TEXT_CLEARANCE_MM) -> TextRoom:
    """The room a pattern leaves for words: inside its frame (the rules, the lozenges on them) and
    clear of its corner ornaments (the classic's fleurons, the border's diamonds), `clearance_mm`
    away from both. It follows the drawing functions below; a full-bleed field has no frame."""
    _check_kind(kind)
    field, _ = field_rect(geo, params)
    ppm, gap = geo.ppm, clearance_mm * geo.ppm
    if _p(params, "margin_mm", 3.5) == 0:
        return TextRoom(field)
    corners: list[tuple[float, float, float]] = []  # (inset of the motif's centre, reach outward, inward)
    if kind == "classic":
        depth = 2.6  # the bold rule, the hairline and the lozenges on the sides
        fleuron = _p(params, "fleuron_mm", 3.6)
        corners.append((4.2, 2.2, 1.12 * fleuron))  # a fleuron on its ground-coloured disc
    elif kind == "border":
        band, gap_mm, line = _p(params, "band_mm", 2.2), _p(params, "gap_mm", 1.0), _p(params, "line_mm", 0.35)
        depth = band + gap_mm + line
        corners.append((band + gap_mm + line + gap_mm, band * 0.9, band * 0.9))
    elif kind == "solid":
        depth = _p(params, "frame_inset_mm", 1.6) + _p(params, "frame_mm", 0.35)
    else:
        depth = _p(params, "frame_mm", 0.45)
    inside = _inset(field, depth * ppm + gap)
    boxes: list[Rect] = []
    for inset, out, into in corners:
        for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
            x = field[0] + inset * ppm if sx > 0 else field[2] - inset * ppm
            y = field[1] + inset * ppm if sy > 0 else field[3] - inset * ppm
            xs = sorted((x - sx * (out * ppm + gap), x + sx * (into * ppm + gap)))
            ys = sorted((y - sy * (out * ppm + gap), y + sy * (into * ppm + gap)))
            boxes.append((xs[0], ys[0], xs[1], ys[1]))
    return TextRoom(inside, tuple(boxes))


# ------------------------------------------------------------------ patterns (inside the field)

PatternFn = Callable[[ImageDraw.ImageDraw, Geometry, Rect, float, dict[str, Any], Colours], None]


def _solid(draw: ImageDraw.ImageDraw, geo: Geometry, field: Rect, radius: float, params: dict[str, Any],
           c: Colours) -> None:
    _frame(draw, field, radius, _p(params, "frame_inset_mm", 1.6) * geo.ppm, _p(params, "frame_mm", 0.35) * geo.ppm,
           c.accent)


def _border(draw: ImageDraw.ImageDraw, geo: Geometry, field: Rect, radius: float, params: dict[str, Any],
            c: Colours) -> None:
    band = _p(params, "band_mm", 2.2) * geo.ppm
    gap = _p(params, "gap_mm", 1.0) * geo.ppm
    line = _p(params, "line_mm", 0.35) * geo.ppm
    draw.rounded_rectangle(field, radius=radius, outline=c.ink, width=max(1, round(band)))
    _frame(draw, field, radius, band + gap, line, c.accent)
    # small diamonds where the band's corners turn, pointing at the centre
    inner = _inset(field, band + gap + line + gap)
    s = band * 0.9
    for x, y in ((inner[0], inner[1]), (inner[2], inner[1]), (inner[0], inner[3]), (inner[2], inner[3])):
        draw.polygon([(x, y - s), (x + s, y), (x, y + s), (x - s, y)], fill=c.accent)


def _stripes(draw: ImageDraw.ImageDraw, geo: Geometry, field: Rect, radius: float, params: dict[str, Any],
             c: Colours) -> None:
    _line_family(draw, geo.centre, geo.size, _p(params, "angle", 45), _p(params, "spacing_mm", 3.0) * geo.ppm,
                 _p(params, "width_mm", 1.1) * geo.ppm, c.ink)
    _frame(draw, field, radius, 0, _p(params, "frame_mm", 0.45) * geo.ppm, c.accent)


def _lattice(draw: ImageDraw.ImageDraw, geo: Geometry, field: Rect, radius: float, params: dict[str, Any],
             c: Colours) -> None:
    angle = _p(params, "angle", 60)
    spacing = _p(params, "spacing_mm", 3.2) * geo.ppm
    width = _p(params, "line_mm", 0.3) * geo.ppm
    _line_family(draw, geo.centre, geo.size, angle, spacing, width, c.ink)
    _line_family(draw, geo.centre, geo.size, 180 - angle, spacing, width, c.ink)
    _frame(draw, field, radius, 0, _p(params, "frame_mm", 0.45) * geo.ppm, c.accent)


def _dots(draw: ImageDraw.ImageDraw, geo: Geometry, field: Rect, radius: float, params: dict[str, Any],
          c: Colours) -> None:
    spacing = _p(params, "spacing_mm", 3.6) * geo.ppm
    r = _p(params, "radius_mm", 0.7) * geo.ppm
    cx, cy = geo.centre
    row = spacing * math.sqrt(3) / 2
    rows = int(geo.size[1] / row / 2) + 2
    cols = int(geo.size[0] / spacing / 2) + 2
    for j in range(-rows, rows + 1):
        for i in range(-cols - 1, cols + 1):
            x = cx + (i + (j % 2) / 2) * spacing
            _circle(draw, (x, cy + j * row), r, fill=c.ink)
    _frame(draw, field, radius, 0, _p(params, "frame_mm", 0.45) * geo.ppm, c.accent)


def _checker(draw: ImageDraw.ImageDraw, geo: Geometry, field: Rect, radius: float, params: dict[str, Any],
             c: Colours) -> None:
    cell = _p(params, "cell_mm", 3.0) * geo.ppm
    if cell <= 0:
        raise UserError("back template parameter cell_mm: expected a size above 0")
    angle = _p(params, "angle", 45)
    cx, cy = geo.centre
    a = math.radians(angle)
    e1 = (math.cos(a) * cell, math.sin(a) * cell)
    e2 = (-math.sin(a) * cell, math.cos(a) * cell)
    n = int(math.hypot(*geo.size) / cell / 2) + 2
    for i in range(-n, n):
        for j in range(-n, n):
            if (i + j) % 2:
                continue
            corners = [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)]
            draw.polygon([(cx + u * e1[0] + v * e2[0], cy + u * e1[1] + v * e2[1]) for u, v in corners], fill=c.ink)
    _frame(draw, field, radius, 0, _p(params, "frame_mm", 0.45) * geo.ppm, c.accent)


def fleuron(draw: ImageDraw.ImageDraw, corner: Point, towards: Point, size: float, c: Colours) -> None:
    """A fan of five petals in a field corner, opening towards the card's centre."""
    angle = math.degrees(math.atan2(towards[0] - corner[0], -(towards[1] - corner[1])))
    for spread, scale in ((-62, 0.55), (62, 0.55), (-30, 0.8), (30, 0.8), (0, 1.0)):
        draw.polygon(_leaf(corner, angle + spread, size * 0.12, size * scale, size * 0.36 * scale), fill=c.accent,
                     outline=c.ground)
    _circle(draw, corner, size * 0.2, fill=c.accent, outline=c.ground, width=size * 0.05)
    _circle(draw, corner, size * 0.08, fill=c.ground)


def _lozenge(draw: ImageDraw.ImageDraw, centre: Point, half_h: float, colour: str, outline: str | None = None) -> None:
    x, y = centre
    w = half_h * 0.62
    draw.polygon([(x, y - half_h), (x + w, y), (x, y + half_h), (x - w, y)], fill=colour, outline=outline)


def medallion(draw: ImageDraw.ImageDraw, centre: Point, r: float, c: Colours, ornament: str, ppm: float) -> None:
    """The round plaque in the middle of a back: a halo, a ring of petals and beads, and the theme's ornament."""
    _circle(draw, centre, r + 1.4 * ppm, fill=c.ground)
    _circle(draw, centre, r + 0.9 * ppm, outline=c.accent, width=0.15 * ppm)
    _circle(draw, centre, r, fill=c.ground, outline=c.accent, width=0.5 * ppm)
    _circle(draw, centre, r - 0.9 * ppm, outline=c.accent, width=0.15 * ppm)
    petals = 28
    cx, cy = centre
    for i in range(petals):
        draw.polygon(_leaf(centre, i * 360 / petals, r * 0.74, r * 0.14, r * 0.07), fill=c.accent)
        a = math.radians((i + 0.5) * 360 / petals)
        _circle(draw, (cx + math.cos(a) * r * 0.8, cy + math.sin(a) * r * 0.8), r * 0.018, fill=c.ink)
    _circle(draw, centre, r * 0.7, outline=c.ink, width=0.12 * ppm)
    if ornament == "none":
        ornament = "rosette"
    draw_ornament(draw, ornament, centre, r * 0.6, c, symmetric=True)


def _lattice_beads(draw: ImageDraw.ImageDraw, geo: Geometry, angle: float, spacing: float, r: float,
                   colour: str) -> None:
    """A small bead where the lines of a two-way trellis cross."""
    cx, cy = geo.centre
    a1, a2 = math.radians(angle), math.radians(180 - angle)
    n1 = (-math.sin(a1), math.cos(a1))
    n2 = (-math.sin(a2), math.cos(a2))
    det = n1[0] * n2[1] - n1[1] * n2[0]
    reach = int(math.hypot(*geo.size) / spacing) + 2
    w, h = geo.size
    for k in range(-reach, reach + 1):
        for m in range(-reach, reach + 1):
            x = (k * spacing * n2[1] - m * spacing * n1[1]) / det
            y = (n1[0] * m * spacing - n2[0] * k * spacing) / det
            if -r <= cx + x <= w + r and -r <= cy + y <= h + r:
                _circle(draw, (cx + x, cy + y), r, fill=colour)


#: The classic border's trellis starts this far inside the field's edge (mm), under its double frame.
CLASSIC_FRAME_MM = 2.2


def _classic(draw: ImageDraw.ImageDraw, geo: Geometry, field: Rect, radius: float, params: dict[str, Any],
             c: Colours) -> None:
    ppm = geo.ppm
    spacing = _p(params, "spacing_mm", 2.2) * ppm
    line = _p(params, "line_mm", 0.18) * ppm
    _line_family(draw, geo.centre, geo.size, 58, spacing, line, c.ink)
    _line_family(draw, geo.centre, geo.size, 122, spacing, line, c.ink)
    _lattice_beads(draw, geo, 58, spacing, line * 1.6, c.ink)
    # double frame: a bold rule and a hairline, with a ground-coloured gap between
    band = _inset(field, 0.9 * ppm)
    draw.rounded_rectangle(field, radius=radius, outline=c.ground, width=max(1, round(CLASSIC_FRAME_MM * ppm)))
    draw.rounded_rectangle(field, radius=radius, outline=c.accent, width=max(1, round(0.7 * ppm)))
    _frame(draw, band, max(radius - 0.9 * ppm, 0), 0.9 * ppm, 0.2 * ppm, c.accent)
    inner = _inset(field, 4.2 * ppm)
    size = _p(params, "fleuron_mm", 3.6) * ppm
    # fleurons turned to the centre (0: none, where the tin lid draws its own, tin.lid_corner)
    for corner in ((inner[0], inner[1]), (inner[2], inner[1]), (inner[0], inner[3]), (inner[2], inner[3])):
        if size > 0:
            _circle(draw, corner, 2.2 * ppm, fill=c.ground)
            fleuron(draw, corner, geo.centre, size, c)
    # lozenges halfway along each side, and a chain of them up and down the long axis
    cx, cy = geo.centre
    for x, y in ((cx, field[1] + 1.3 * ppm), (cx, field[3] - 1.3 * ppm), (field[0] + 1.3 * ppm, cy),
                 (field[2] - 1.3 * ppm, cy)):
        _lozenge(draw, (x, y), 1.3 * ppm, c.accent, c.ground)
    half_h = field[3] - cy
    for frac, size in ((0.5, 1.5), (0.62, 1.1), (0.72, 0.8)):
        for sign in (-1, 1):
            y = cy + sign * half_h * frac
            _circle(draw, (cx, y), size * 1.5 * ppm, fill=c.ground)
            _lozenge(draw, (cx, y), size * ppm, c.accent)


PATTERNS: dict[str, PatternFn] = {
    "solid": _solid,
    "border": _border,
    "stripes": _stripes,
    "lattice": _lattice,
    "dots": _dots,
    "checker": _checker,
    "classic": _classic,
}

#: Patterns that carry a medallion even when the theme has no ornament.
ALWAYS_MEDALLION = {"classic"}


def draw_pattern(kind: str, geo: Geometry, params: dict[str, Any], c: Colours, ornament: str = "none",
                 medallion_mm: float | None = None, clear_of: tuple[Rect, ...] = ()) -> Image.Image:
    """The whole built-in design of a back: paper margin, patterned field, frame and medallion; a
    centre motif that a box of `clear_of` (the back's text plates, in the drawing's pixels) would
    cover is left out (`_centre_motifs`)."""
    image = Image.new("RGB", geo.size, c.paper)
    field, radius = field_rect(geo, params)
    layer = Image.new("RGB", geo.size, c.ground)
    _check_kind(kind)
    PATTERNS[kind](SnapDraw(layer), geo, field, radius, params, c)
    mask = Image.new("L", geo.size, 0)
    SnapDraw(mask).rounded_rectangle(field, radius=radius, fill=255)
    image.paste(layer, mask=mask)
    _centre_motifs(SnapDraw(image), kind, geo, params, c, ornament, medallion_mm, field, clear_of)
    return image


def record_pattern(kind: str, geo: Geometry, params: dict[str, Any], c: Colours, ornament: str = "none",
                   medallion_mm: float | None = None, clear_of: tuple[Rect, ...] = ()) -> list[Any]:
    """draw_pattern's design as vector shapes in card mm: the paper through the bleed, the field's
    ground, the pattern (its lines run on past the field), the paper margin laid over their ends
    (as the PNG's mask cuts them), then the frame's centre motifs."""
    shapes: list[Any] = []
    rec = ShapeRecorder(geo, shapes)
    field, radius = field_rect(geo, params)
    _check_kind(kind)
    pad = 1.0 * geo.ppm  # a millimetre past the bleed: the page clips it
    rec.rectangle((-pad, -pad, geo.size[0] - 1 + pad, geo.size[1] - 1 + pad), fill=c.paper)
    rec.rounded_rectangle(field, radius=radius, fill=c.ground)
    PATTERNS[kind](cast(ImageDraw.ImageDraw, rec), geo, field, radius, params, c)  # it records the same calls
    if field[0] > 0:  # a margin: paper over the pattern outside the field
        rec.fill_outside(field, radius, c.paper)
    _centre_motifs(rec, kind, geo, params, c, ornament, medallion_mm, field, clear_of)
    return shapes


def _check_kind(kind: str) -> None:
    if kind not in PATTERNS:
        raise UserError(unknown_choice("pattern", kind, PATTERNS))


#: How far a centre motif's outermost ring keeps from a text plate (mm) to be drawn beside it.
MOTIF_CLEAR_MM = 0.5


def _disc_meets(centre: Point, r: float, boxes: tuple[Rect, ...]) -> bool:
    """Whether a disc meets any of the boxes (left, top, right, bottom; the disc's units)."""
    cx, cy = centre
    return any(math.hypot(cx - min(max(cx, b[0]), b[2]), cy - min(max(cy, b[1]), b[3])) < r for b in boxes)


@dataclass(frozen=True)
class Motif:
    """A centre motif as placed: the medallion, or one of the small ornaments on the long axis
    (`axis`: drawn on a ground-coloured disc of radius `disc`), centred at `centre`, `r` its radius
    (the drawing's pixels). `reach` is how far from the centre its ink goes (the medallion's rim)."""

    name: str
    centre: Point
    r: float
    reach: float
    disc: float = 0.0


def centre_motifs(kind: str, geo: Geometry, params: dict[str, Any], ornament: str, medallion_mm: float | None,
                  field: Rect, clear_of: tuple[Rect, ...] = ()) -> list[Motif]:
    """Where the medallion in the middle and the small ornaments up and down the long axis go. A
    box in `clear_of` (a text plate, a picture) takes the place of a motif it would cover: the
    medallion is left out under a centred text (its rim stuck out above and below the plate), an
    axis pair under a text at one of them (both, so the back stays the same either way up). They
    never half-show from under a plate."""
    out: list[Motif] = []
    if (ornament != "none" or kind in ALWAYS_MEDALLION) and medallion_mm != 0:
        size_mm = medallion_mm if medallion_mm is not None else _p(params, "medallion_mm", 18.0) * geo.motif_scale
        r = size_mm / 2 * geo.ppm
        if not _disc_meets(geo.centre, r + (1.4 + MOTIF_CLEAR_MM) * geo.ppm, clear_of):
            out.append(Motif("medallion", geo.centre, r, r + 1.4 * geo.ppm))
        axis = _p(params, "axis_ornament_mm", 0) * geo.motif_scale
        if axis > 0 and ornament != "none":
            # small copies of the theme's motif up and down the long axis, on ground-coloured discs
            cx, cy = geo.centre
            reach = (field[3] - cy) * 0.5
            disc = (axis / 2 + 0.8) * geo.ppm
            if any(_disc_meets((cx, y), disc + MOTIF_CLEAR_MM * geo.ppm, clear_of) for y in (cy - reach, cy + reach)):
                return out
            for y in (cy - reach, cy + reach):
                out.append(Motif("axis ornament", (cx, y), axis / 2 * geo.ppm, disc, disc))
    return out


def _centre_motifs(draw: Any, kind: str, geo: Geometry, params: dict[str, Any], c: Colours, ornament: str,
                   medallion_mm: float | None, field: Rect, clear_of: tuple[Rect, ...] = ()) -> None:
    """The centre motifs (`centre_motifs`) drawn."""
    for motif in centre_motifs(kind, geo, params, ornament, medallion_mm, field, clear_of):
        if motif.disc:
            _circle(draw, motif.centre, motif.disc, fill=c.ground)
            draw_ornament(draw, ornament, motif.centre, motif.r, c, symmetric=True)
        else:
            medallion(draw, motif.centre, motif.r, c, ornament, geo.ppm)


# ------------------------------------------------------------------ ornaments

OrnamentFn = Callable[[ImageDraw.ImageDraw, Point, float, Colours, bool], None]


def _rosette(draw: ImageDraw.ImageDraw, centre: Point, r: float, c: Colours, symmetric: bool) -> None:
    for i in range(8):
        draw.polygon(_leaf(centre, i * 45, r * 0.12, r * 0.88, r * 0.34), fill=c.accent)
    for i in range(8):
        draw.polygon(_leaf(centre, 22.5 + i * 45, r * 0.12, r * 0.55, r * 0.22), fill=c.ink)
    _circle(draw, centre, r * 0.2, fill=c.ground, outline=c.accent, width=r * 0.06)


def _rings(draw: ImageDraw.ImageDraw, centre: Point, r: float, c: Colours, symmetric: bool) -> None:
    """Two interlocked wedding rings; each passes over the other once, so a half turn maps them onto each other."""
    cx, cy = centre
    a = r * 0.3
    R = r * 0.58
    w = max(1, round(r * 0.12))
    boxes = [(cx - a - R, cy - R, cx - a + R, cy + R), (cx + a - R, cy - R, cx + a + R, cy + R)]
    for box in boxes:
        draw.ellipse(box, outline=c.accent, width=w)
    h = math.sqrt(R * R - a * a)
    theta = math.degrees(math.atan2(h, a))
    gap = max(1, round(w * 0.5))
    # over-crossings: left ring on top at the upper crossing, right ring on top at the lower one
    for box, start in ((boxes[0], -theta - 16), (boxes[1], 180 - theta - 16)):
        draw.arc(box, start, start + 32, fill=c.ground, width=w + 2 * gap)
        draw.arc(box, start - 2, start + 34, fill=c.accent, width=w)
    inner_w = max(1, round(w * 0.25))
    for box in boxes:
        shrink = w * 0.55
        draw.ellipse((box[0] + shrink, box[1] + shrink, box[2] - shrink, box[3] - shrink), outline=c.ink,
                     width=inner_w)
    s = r * 0.13
    for y in (cy - r * 0.86, cy + r * 0.86):
        draw.polygon([(cx, y - s), (cx + s * 0.7, y), (cx, y + s), (cx - s * 0.7, y)], fill=c.accent)


def _snowflake(draw: ImageDraw.ImageDraw, centre: Point, r: float, c: Colours, symmetric: bool) -> None:
    cx, cy = centre
    w = max(1, round(r * 0.075))
    for i in range(6):
        a = math.radians(i * 60 - 90)
        d = (math.cos(a), math.sin(a))
        tip = (cx + d[0] * r * 0.95, cy + d[1] * r * 0.95)
        draw.line([centre, tip], fill=c.accent, width=w)
        for t, length in ((0.42, 0.3), (0.68, 0.22)):
            base = (cx + d[0] * r * t, cy + d[1] * r * t)
            for side in (-1, 1):
                b = a + side * math.radians(55)
                draw.line([base, (base[0] + math.cos(b) * r * length, base[1] + math.sin(b) * r * length)],
                          fill=c.accent, width=w)
        s = r * 0.07
        draw.polygon([(tip[0] + d[0] * s * 1.6, tip[1] + d[1] * s * 1.6), (tip[0] - d[1] * s, tip[1] + d[0] * s),
                      (tip[0] - d[0] * s, tip[1] - d[1] * s), (tip[0] + d[1] * s, tip[1] - d[0] * s)], fill=c.accent)
    hexagon = [(cx + r * 0.2 * math.cos(math.radians(i * 60)), cy + r * 0.2 * math.sin(math.radians(i * 60)))
               for i in range(6)]
    draw.polygon(hexagon, fill=c.ground, outline=c.accent, width=max(1, round(w * 0.8)))
    _circle(draw, centre, r * 0.07, fill=c.accent)


def _star(draw: ImageDraw.ImageDraw, centre: Point, r: float, c: Colours, symmetric: bool) -> None:
    draw.polygon(_star_pts(centre, 8, r, r * 0.42, 22.5), fill=c.ink)
    draw.polygon(_star_pts(centre, 4, r * 0.98, r * 0.3), fill=c.accent)
    _circle(draw, centre, r * 0.12, fill=c.ground)



def _hearts(draw: ImageDraw.ImageDraw, centre: Point, r: float, c: Colours, symmetric: bool) -> None:
    """Two hearts leaning together; on a back the second is turned 180 degrees so the pair is symmetric."""
    cx, cy = centre
    if symmetric:
        draw.polygon(_heart((cx - r * 0.28, cy - r * 0.2), r * 0.95, -25), fill=c.accent)
        draw.polygon(_heart((cx + r * 0.28, cy + r * 0.2), r * 0.95, 155), fill=c.accent, outline=c.ground)
    else:
        draw.polygon(_heart((cx - r * 0.3, cy), r * 1.0, -14), fill=c.accent)
        draw.polygon(_heart((cx + r * 0.3, cy + r * 0.04), r * 1.0, 14), fill=c.ink, outline=c.ground,
                     width=max(1, round(r * 0.05)))


def _burst(draw: ImageDraw.ImageDraw, centre: Point, r: float, c: Colours, symmetric: bool) -> None:
    """A party burst: alternating long and short rays with confetti dots between."""
    cx, cy = centre
    for i in range(16):
        long = i % 2 == 0
        draw.polygon(_leaf(centre, i * 22.5, r * 0.3, r * (0.68 if long else 0.42), r * (0.16 if long else 0.12)),
                     fill=c.accent if long else c.ink)
    for i in range(8):
        a = math.radians(11.25 + i * 45)
        _circle(draw, (cx + math.cos(a) * r * 0.86, cy + math.sin(a) * r * 0.86), r * 0.07,
                fill=c.ink if i % 2 else c.accent)
    draw.polygon(_star_pts(centre, 5 if not symmetric else 6, r * 0.3, r * 0.14), fill=c.accent)


def _wreath(draw: ImageDraw.ImageDraw, centre: Point, r: float, c: Colours, symmetric: bool) -> None:
    """A ring of leaves all turning the same way round, with two hearts or a knot at the heart."""
    cx, cy = centre
    _circle(draw, centre, r * 0.72, outline=c.ink, width=r * 0.04)
    leaves = 20
    for i in range(leaves):
        a = i * 360 / leaves
        base = _rotate([(cx, cy - r * 0.72)], a, centre)[0]
        for side in (-1, 1):
            draw.polygon(_leaf(base, a + 90 + side * 40, 0, r * 0.28, r * 0.12), fill=c.accent)
    _hearts(draw, centre, r * 0.5, c, symmetric)


def _diamond(draw: ImageDraw.ImageDraw, centre: Point, r: float, c: Colours, symmetric: bool) -> None:
    """Nested lozenges, a card-room motif that reads the same either way up."""
    cx, cy = centre
    for k, colour in ((1.0, c.accent), (0.74, c.ground), (0.58, c.ink), (0.32, c.accent)):
        draw.polygon([(cx, cy - r * k), (cx + r * 0.66 * k, cy), (cx, cy + r * k), (cx - r * 0.66 * k, cy)],
                     fill=colour)
    for side in (-1, 1):
        _circle(draw, (cx + side * r * 0.85, cy), r * 0.09, fill=c.accent)


def _suits(draw: ImageDraw.ImageDraw, centre: Point, r: float, c: Colours, symmetric: bool) -> None:
    """The four suits in a row (lid only: suits read one way up, so a back gets the lozenge instead)."""
    if symmetric or not isinstance(draw, (SnapDraw, ShapeRecorder)):
        _diamond(draw, centre, r, c, symmetric)
        return
    cx, cy = centre
    step = r * 0.66
    order = [Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS]  # colours alternate
    for i, suit in enumerate(order):
        x = cx + (i - 1.5) * step
        colour = c.accent if suit.is_red else c.ink
        if isinstance(draw, ShapeRecorder):
            draw.suit(suit, (x, cy), r * 0.62, colour)
        else:
            draw_suit_pil(draw.target, suit, (x, cy), r * 0.62, colour)


def _none(draw: ImageDraw.ImageDraw, centre: Point, r: float, c: Colours, symmetric: bool) -> None:
    return None


ORNAMENTS: dict[str, OrnamentFn] = {
    "none": _none,
    "rosette": _rosette,
    "rings": _rings,
    "snowflake": _snowflake,
    "star": _star,
    "hearts": _hearts,
    "burst": _burst,
    "wreath": _wreath,
    "diamond": _diamond,
    "suits": _suits,
}


def draw_ornament(draw: ImageDraw.ImageDraw, name: str, centre: Point, r: float, c: Colours,
                  symmetric: bool = False) -> None:
    """Draw an ornament inside a circle of radius r; `symmetric` asks for the half-turn-symmetric form."""
    if name not in ORNAMENTS:
        raise UserError(unknown_choice("ornament", name, ORNAMENTS))
    ORNAMENTS[name](draw, centre, r, c, symmetric)
