"""The tuck box's art as vectors for its PDFs: the same layout as `tuckart`'s picture, laid out once
(`tuck_vectors`) and drawn on every sheet (`draw_tuck_vectors`) as shapes and text in the embedded fonts;
the photos are the only pictures."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import Any, cast

from PIL import Image, ImageDraw
from reportlab.pdfgen.canvas import Canvas

from deckgen.design import CardFormat, Design
from deckgen.errors import collected_warnings
from deckgen.render.backtext import PlacedText
from deckgen.render.backvector import VectorBack, text_shapes, vector_back
from deckgen.render.cmyk import DEFAULT_INK_LIMIT, read_cmyk_profile
from deckgen.render.vectorshapes import Contour, box_contour, ellipse_contour, polygon_contour, round_box_contour
from deckgen.render.vectorshapes import PathShape, path_code, with_code
from deckgen.render.facevector import can_embed, draw_shapes, press_colours
from deckgen.render.fonts import resolve_font
from deckgen.render.pdfcanvas import (
    Placement, draw_image_here,
)
from deckgen.render.patterns import (PATTERNS, Geometry, ShapeRecorder, counter_clockwise, field_rect, record_pattern)
from deckgen.colour import rgb_of
from deckgen.render.tin import lid_vectors
from deckgen.render.tuckart import (
    TUCK_BLEED_MM, TUCK_PDF_DPI, _board, _label_design, back_panel_card, front_label_mm, front_photo, side_name_layout,
)
from deckgen.render.tucknet import NetPiece, TuckBoxNet
from deckgen.units import PixelBox, mm_to_pt, px_per_mm


# ------------------------------------------------------------------ the art as vectors (the PDFs)

#: The keys of the box's photos in its PDFs (each file holds a photo once, whatever the pages).
FRONT_PHOTO, BACK_PHOTO = "box front photo", "box back photo"


@dataclass(frozen=True)
class Drawn:
    """Shapes (facevector's: millimetres from their top-left corner, y down) and where that corner lies
    on the net (mm, y up), drawn `scale` times their size; `upwards`: turned a quarter to read up a side
    (then `corner` is where the turned shapes' bottom-left lies). `clip`: (left, top, right, bottom) and
    a corner radius in the shapes' own mm, outside which nothing of them is drawn."""

    shapes: tuple[Any, ...]
    corner: tuple[float, float]
    scale: float = 1.0
    upwards: bool = False
    clip: tuple[tuple[float, float, float, float], float] | None = None


@dataclass(frozen=True)
class TuckVectors:
    """The printed side of the net for a PDF, laid out once for every sheet it is drawn on (in the net's
    mm, y up, from its bounding box's bottom-left): the lid's pattern as the board, the lid's label on the
    front and the lid's picture above it, the deck's back on the back panel (its pattern, photo and words,
    inside `back_clip`: net mm and a radius) and the name on each side. Photos are the only pictures."""

    board: Drawn
    label: Drawn
    front_photo: tuple[Image.Image, tuple[float, float, float, float]] | None  # the framed photo, its net rect
    back: VectorBack
    back_rect: tuple[float, float, float, float]  # the back's card with its bleed, on the net
    back_origin: tuple[float, float]  # the back card's trim top-left on the net
    back_clip: tuple[tuple[float, float, float, float], float]
    sides: tuple[Drawn, ...]
    label_rect: tuple[float, float, float, float]  # the label on the net
    side_rects: tuple[tuple[float, float, float, float], ...]  # the panel of each side name

    @cached_property
    def coded(self) -> TuckVectors:
        """The same art with each path's PDF operators worked out (facevector.with_code): the print-shop
        file and each whole-net home sheet draw the same paths. (A piece of a split net picks its paths
        from the outlines, so it draws from the plain art.)"""
        def code(shapes: Sequence[Any]) -> tuple[Any, ...]:
            return tuple(with_code(shape) for shape in shapes)

        back = replace(self.back, shapes=code(self.back.shapes), under=code(self.back.under))
        return replace(self, board=replace(self.board, shapes=code(self.board.shapes)),
                       label=replace(self.label, shapes=code(self.label.shapes)), back=back,
                       sides=tuple(replace(side, shapes=code(side.shapes)) for side in self.sides))

    def pictures(self) -> dict[str, Image.Image]:
        """The photos by their keys (FRONT_PHOTO, BACK_PHOTO): what a PDF of this art embeds."""
        out: dict[str, Image.Image] = {}
        if self.front_photo is not None:
            out[FRONT_PHOTO] = self.front_photo[0]
        if self.back.base is not None:
            out[BACK_PHOTO] = self.back.base
        return out


Window = tuple[float, float, float, float]


def _meets(box: Window, windows: Sequence[Window]) -> bool:
    return any(box[0] <= w[2] and box[2] >= w[0] and box[1] <= w[3] and box[3] >= w[1] for w in windows)


def _visible(shapes: Sequence[Any], windows: Sequence[Window]) -> list[Any]:
    """The shapes, and of a path the outlines, that reach into one of the `windows` (mm: left, top, right,
    bottom); the board's pattern is drawn on a canvas larger than the net and the rest would be clipped."""
    def reaches(contour: Any) -> bool:
        start, segs = contour
        points = [start] + [p for seg in segs for p in seg[1:]]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return _meets((min(xs), min(ys), max(xs), max(ys)), windows)

    out = []
    for shape in shapes:
        if not isinstance(shape, PathShape) or not shape.contours:
            out.append(shape)
        elif shape.rule == "evenodd":  # an outline and its hole go together
            if any(reaches(c) for c in shape.contours):
                out.append(shape)
        else:
            kept = tuple(c for c in shape.contours if reaches(c))
            if kept:
                out.append(replace(shape, contours=kept))
    return out


class _WindowRecorder(ShapeRecorder):
    """A ShapeRecorder that leaves out the ellipses wholly outside the windows (mm of its canvas): the
    lattice's beads over the board's canvas are thousands, most of them off the net."""

    def __init__(self, geo: Geometry, shapes: list[Any], windows: Sequence[Window]) -> None:
        super().__init__(geo, shapes)
        self.windows = windows

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        if _meets(self._box_mm(xy), self.windows):
            super().ellipse(xy, fill=fill, outline=outline, width=width)


def _record_board(design: Design, geo: Geometry, params: dict[str, Any], windows: Sequence[Window]) -> tuple[Any, ...]:
    """The board's pattern as shapes (patterns.record_pattern's for a field edge to edge, no medallion),
    its ellipses only where the box is printed, and of the rest what reaches the windows. Recorded once
    a build: `build_tuck_box` hands the one recording to each of its files."""
    kind, colours = design.lid.template.pattern, design.lid.colours
    if kind not in PATTERNS:  # said as the pattern module says it
        return tuple(record_pattern(kind, geo, params, colours, "none", medallion_mm=0))
    shapes: list[Any] = []
    recorder = _WindowRecorder(geo, shapes, windows)
    field, radius = field_rect(geo, params)  # the whole canvas: the board has no paper margin
    recorder.rounded_rectangle(field, radius=radius, fill=colours.ground)
    PATTERNS[kind](cast(ImageDraw.ImageDraw, recorder), geo, field, radius, params, colours)
    return tuple(_visible(shapes, windows))


def _field_mm(design: Design, card: CardFormat) -> tuple[tuple[float, float, float, float], float]:
    """The back's field (inside its paper margin) on a card of this format, in mm from its trim's top-left,
    and the field's corner radius; a margin of 0: the whole card with its bleed."""
    k = 100.0  # patterns.field_rect works in pixels: a hundredth of a millimetre each
    b = card.bleed_mm
    size = (round((card.width_mm + 2 * b) * k), round((card.height_mm + 2 * b) * k))
    geo = Geometry(size=size, ppm=k, trim=(b * k, b * k, (card.width_mm + b) * k, (card.height_mm + b) * k),
                   corner_mm=card.corner_radius_mm)
    field, radius = field_rect(geo, dict(design.back.template.params))
    return (field[0] / k - b, field[1] / k - b, field[2] / k - b, field[3] / k - b), radius / k


def drawn_as_shapes(design: Design) -> bool:
    """Whether the box's print files draw its art as shapes and text: every font of its words (the lid's
    title and body fonts, the back's texts') can be embedded; else the art is a picture."""
    fonts = [design.lid.title_font, design.lid.body_font, *(text.font for text in design.back_for(1).texts)]
    return all(can_embed(Path(resolve_font(design.source, font))) for font in fonts)


def tuck_vectors(design: Design, net: TuckBoxNet, dpi: int = TUCK_PDF_DPI,
                 bleed_mm: float = TUCK_BLEED_MM) -> TuckVectors | None:
    """The box's art as shapes, laid out as `render_tuck_art` lays it out at `dpi` (the same fitting of the
    words, the same framing of the photos). None when a font of its words cannot be embedded
    (`drawn_as_shapes`, asked first, before the board's thousands of shapes are recorded): the box is
    then printed as its picture."""
    if not drawn_as_shapes(design):
        return None
    ppm = px_per_mm(dpi)
    b = bleed_mm
    lid = design.lid
    top = net.size_mm[1] + b  # the art's top edge, on the net

    def on_net(x_px: float, y_px: float) -> tuple[float, float]:  # the art's pixels (edges) -> the net's mm
        return x_px / ppm - b, top - y_px / ppm

    geo, params, (left, extra), _ss = _board(design, net, dpi, b)
    corner = (-b - left / ppm, top + extra / ppm)  # the board's canvas's top-left on the net
    # where the box is printed, in the canvas's mm: each panel and flap with the bleed round it
    windows = [(x0 - b - corner[0], corner[1] - y1 - b, x1 + b - corner[0], corner[1] - y0 + b)
               for x0, y0, x1, y1 in net.panels.values()]
    board = Drawn(_record_board(design, geo, params, windows), corner)

    fx0, fy0, fx1, _fy1 = net.panels["front"]
    height, _area = front_label_mm(design, net)
    label_design, place, k = _label_design(design, net, dpi)
    lid_shapes = lid_vectors(label_design, place)
    assert lid_shapes is not None  # drawn_as_shapes: every font of the words embeds (so below too)
    label = Drawn(tuple(lid_shapes.under + lid_shapes.over), (fx0, fy0 + height), 1 / k,
                  clip=((0.0, 0.0, (fx1 - fx0) * k, height * k), 0.0))

    photo = None
    framed = front_photo(design, net, dpi, b)
    if framed is not None:
        image, (x, y) = framed
        (px0, py1), (px1, py0) = on_net(x, y), on_net(x + image.width, y + image.height)
        photo = (image, (px0, py0, px1, py1))

    panel = back_panel_card(design, net, dpi)
    with collected_warnings():  # the backs step says what it has to say about the back
        back = vector_back(replace(design, card=panel), 1)
    assert back is not None
    bx0, by0, bx1, by1 = net.panels["back"]
    if design.back.picture is not None and design.back.picture.mode == "fill":
        # the panel and the bleed past its cut edges (right, bottom); its folds keep the box's pattern
        clip = ((bx0, by0 - b, bx1 + b, by1), 0.0)
    else:
        (l, t, r, btm), radius = _field_mm(design, panel)
        clip = ((bx0 + l, by1 - btm, bx0 + r, by1 - t), radius)

    sides, side_rects = [], []
    for side in ("left side", "right side"):
        laid = side_name_layout(design, net, side, dpi, b)
        if laid is None:
            continue
        side_rects.append(net.panels[side])
        tile = laid.upright
        words = PlacedText(tile, (0, 0), laid.text, laid.font, laid.ink, laid.plate, laid.pad)
        shapes = text_shapes(words, PixelBox(tile.width / ppm, tile.height / ppm, 0.0, dpi))
        assert shapes is not None
        # turned a quarter: the upright tile's top-left goes to the turned tile's bottom-left
        sides.append(Drawn(tuple(shapes), on_net(laid.origin[0], laid.origin[1] + tile.width), upwards=True))
    return TuckVectors(board, label, photo, back, (bx0 - b, by0 - b, bx1 + b, by1 + b), (bx0, by1), clip, tuple(sides),
                       (fx0, fy0, fx1, fy0 + height), tuple(side_rects))


def _clip(canvas: Canvas, contours: Sequence[Contour], even_odd: bool = False) -> None:
    """Clip to the contours (faceshapes' contours, in mm from the canvas's origin, y down: facevector.path_code's
    frame): their union under the nonzero rule, or `even_odd`."""
    code, = path_code(PathShape(tuple(contours), None, None, 0.0, rule="evenodd" if even_odd else "nonzero"))
    canvas.addLiteral(f"{code} {'W*' if even_odd else 'W'} n")


def _clip_to_ink(canvas: Canvas, piece: TuckBoxNet | NetPiece, down: Callable[[float, float], tuple[float, float]],
                 glue_tabs: Sequence[Sequence[tuple[float, float]]], bleed_mm: float) -> None:
    """Clip to where the box is printed: inside the cut line grown by the bleed (the outline, a band round
    each edge and a disc at each corner, as the raster's stroke with round joins), and not on a glue tab.
    `down` takes the net's mm to the page's (y down, `_clip`'s frame)."""
    points = [down(*p) for p in piece.outline_points(1.0)]
    r = bleed_mm
    # every contour turning one way (as faceshapes.ellipse_contour turns), so under the nonzero rule
    # the outline, the bands and the corner discs make their union
    contours = [counter_clockwise(polygon_contour(points))]
    for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]]):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        if length == 0:
            continue
        nx, ny = -(y1 - y0) / length * r, (x1 - x0) / length * r
        contours.append(counter_clockwise(polygon_contour([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])))
    contours += [ellipse_contour(x, y, r, r) for x, y in points]
    _clip(canvas, contours)
    if glue_tabs:  # the whole page but the tabs: even-odd
        far = 10_000.0
        _clip(canvas, [box_contour(-far, -far, far, far), *(polygon_contour([down(*p) for p in tab]) for tab in glue_tabs)],
              even_odd=True)


def _draw(canvas: Canvas, drawn: Drawn, pt: Callable[[float, float], tuple[float, float]],
          colour_of: Callable[[Any], tuple[Any, bool]]) -> None:
    canvas.saveState()
    canvas.translate(*pt(*drawn.corner))
    if drawn.upwards:
        canvas.rotate(90)
    if drawn.scale != 1.0:
        canvas.scale(drawn.scale, drawn.scale)
    if drawn.clip is not None:
        (l, t, r, btm), radius = drawn.clip
        _clip(canvas, [round_box_contour(l, t, r, btm, radius)])
    draw_shapes(canvas, drawn.shapes, (0.0, 0.0), colour_of, scale=drawn.scale)
    canvas.restoreState()


def draw_tuck_vectors(canvas: Canvas, vectors: TuckVectors, piece: TuckBoxNet | NetPiece, origin_mm: tuple[float, float],
                      colour_of: Callable[[Any], tuple[Any, bool]], bleed_mm: float = TUCK_BLEED_MM) -> list[Placement]:
    """Draw the box's art for `piece` (the whole net, or a piece of a split one) with the net's origin at
    `origin_mm` on the page: inside the piece's cut line grown by the bleed, none on its glue tabs. The
    photos are painted in place (`draw_image_here`); the placements returned give the page their images."""
    ox, oy = origin_mm

    def pt(x: float, y: float) -> tuple[float, float]:
        return mm_to_pt(x + ox), mm_to_pt(y + oy)

    def down(x: float, y: float) -> tuple[float, float]:  # the net's mm to the page's mm, y down (for `_clip`)
        return x + ox, -(y + oy)

    def image_at(key: str, rect: tuple[float, float, float, float]) -> Placement:
        (x0, y0), (x1, y1) = pt(rect[0], rect[1]), pt(rect[2], rect[3])
        placement = Placement(key, (x1 - x0, 0, 0, y1 - y0, x0, y0), inline=True)
        draw_image_here(canvas, placement)
        return placement

    glue = piece.glue_tabs if isinstance(piece, NetPiece) else (piece.glue_tab,)
    if isinstance(piece, NetPiece) and piece.name != "whole":
        x0, y0, x1, y1 = piece.bounds  # a piece of a split net gets only what reaches it
        reach = (x0 - bleed_mm, y0 - bleed_mm, x1 + bleed_mm, y1 + bleed_mm)
    else:
        reach = (-math.inf, -math.inf, math.inf, math.inf)
        vectors = vectors.coded

    def reaches(rect: Window) -> bool:  # net mm, y up
        return _meets(rect, [reach])

    board = vectors.board
    if not math.isinf(reach[0]):  # in the board's canvas's mm (y down from its top-left)
        cx, cy = board.corner
        board = replace(board, shapes=tuple(_visible(board.shapes, [(reach[0] - cx, cy - reach[3], reach[2] - cx,
                                                                      cy - reach[1])])))
    placements: list[Placement] = []
    canvas.saveState()  # (overprint mode 1 for the press's black is set by draw_shapes, as on every press file)
    _clip_to_ink(canvas, piece, down, glue, bleed_mm)
    _draw(canvas, board, pt, colour_of)
    if reaches(vectors.label_rect):
        _draw(canvas, vectors.label, pt, colour_of)
    if vectors.front_photo is not None and reaches(vectors.front_photo[1]):
        placements.append(image_at(FRONT_PHOTO, vectors.front_photo[1]))
    (l, btm, r, t), radius = vectors.back_clip
    if reaches((l, btm, r, t)):
        canvas.saveState()  # the back, inside its field (or its panel and bleed, for a photo that fills it)
        _clip(canvas, [round_box_contour(*down(l, t), *down(r, btm), radius)])
        corner = pt(*vectors.back_origin)
        stack = draw_shapes(canvas, vectors.back.under, corner, colour_of)
        if vectors.back.base is not None:
            (x0, y0), (x1, y1) = pt(*vectors.back_rect[:2]), pt(*vectors.back_rect[2:])
            for matrix in vectors.back.image_matrices((x1 - x0, 0.0, 0.0, y1 - y0, x0, y0)):
                placements.append(Placement(BACK_PHOTO, matrix, inline=True))
                draw_image_here(canvas, placements[-1])
            if stack.limit is not None:  # the photo under the back's words, taken as dense as the limit lets it be
                stack.paint_picture((-1e4, -1e4, 1e4, 1e4), stack.limit, stack.limit)
        draw_shapes(canvas, vectors.back.shapes, corner, colour_of, stack)
        canvas.restoreState()
    for side, rect in zip(vectors.sides, vectors.side_rects):
        if reaches(rect):
            _draw(canvas, side, pt, colour_of)
    canvas.restoreState()
    return placements


def box_colours(design: Design, rgb: bool) -> Callable[[Any], tuple[Any, bool]]:
    """colour_of for the box's shapes: the press's builds through the deck's profile, the deck's black as
    100 % K overprinting (facevector.press_colours); `rgb`: the colours as they are (home sheets, cmyk = false)."""
    profile = None if rgb else read_cmyk_profile(design.print.icc)
    return press_colours(profile, rgb_of(design.faces.ink.black), design.print.ink_limit or DEFAULT_INK_LIMIT)
