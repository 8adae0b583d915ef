"""Vector faces: the suit symbols and words of a face as shapes in millimetres, drawn into a PDF.

A face is laid out once, in `faces.py`. Drawn for a PNG, every part is
painted with Pillow. Drawn for a print-shop PDF, the same drawing code runs
with `Face.vectors` set: the suit symbols (pips, indices, the ace's spade,
the courts' and jokers' suit marks) and the words (indices, names, captions)
are recorded here as shapes in card millimetres (from the trim's top-left, y
down) instead of painted, and the rest (backgrounds, frames, ornaments,
photos) stays a picture underneath. The PDF then draws the shapes as vector
paths and text in an embedded font: sharp at any size, and in CMYK the deck's
black is 100 % K set to overprint, so a press that is a hair out of register
shows no coloured fringe on an index. Other colours are CMYK builds from the
shop's profile, each computed once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckgen.cards import Suit
from deckgen.units import CARD_HEIGHT_MM, CARD_WIDTH_MM, mm_to_pt

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class SuitShape:
    """A suit symbol centred at (x_mm, y_mm), h_mm tall, optionally turned 180°."""

    suit: Suit
    x_mm: float
    y_mm: float
    h_mm: float
    colour: RGB
    turned: bool = False

    def turned_copy(self) -> SuitShape:
        return replace(self, x_mm=CARD_WIDTH_MM - self.x_mm, y_mm=CARD_HEIGHT_MM - self.y_mm, turned=not self.turned)


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

    def turned_copy(self) -> TextShape:
        return replace(self, cx_mm=CARD_WIDTH_MM - self.cx_mm, top_mm=CARD_HEIGHT_MM - self.top_mm - self.cap_mm,
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

    def _points(self) -> list[tuple[float, float]]:
        return [p for start, segs in self.contours for p in (start, *(q for seg in segs for q in seg[1:]))]

    @property
    def y_mm(self) -> float:
        ys = [p[1] for p in self._points()]
        return (min(ys) + max(ys)) / 2

    def turned_copy(self) -> PathShape:
        def turn(p: tuple[float, float]) -> tuple[float, float]:
            return (CARD_WIDTH_MM - p[0], CARD_HEIGHT_MM - p[1])

        contours = tuple((turn(start), tuple((seg[0], *map(turn, seg[1:])) for seg in segs))
                         for start, segs in self.contours)
        return replace(self, contours=contours)


VectorShape = SuitShape | TextShape | PathShape


def _draw_path(canvas: Any, shape: PathShape, at: Callable[[float, float], tuple[float, float]],
               colour_of: Callable[[RGB], tuple[Any, bool]]) -> None:
    """Each contour of a PathShape filled, then stroked, as Pillow paints them one by one."""
    for start, segs in shape.contours:
        path = canvas.beginPath()
        path.moveTo(*at(*start))
        for seg in segs:
            if seg[0] == "L":
                path.lineTo(*at(*seg[1]))
            else:
                (a, b), (c, d), (e, f) = (at(*p) for p in seg[1:])
                path.curveTo(a, b, c, d, e, f)
        if shape.closed:
            path.close()
        for colour, stroke in ((shape.fill, False), (shape.line, True)):
            if colour is None:
                continue
            rl_colour, overprint = colour_of(colour)
            canvas.saveState()
            canvas.setFillOverprint(overprint)
            canvas.setStrokeOverprint(overprint)
            if stroke:
                canvas.setStrokeColor(rl_colour)
                canvas.setLineWidth(mm_to_pt(shape.width_mm))
                canvas.setLineJoin(1)
                canvas.setLineCap(1)
                canvas.drawPath(path, stroke=1, fill=0)
            else:
                canvas.setFillColor(rl_colour)
                canvas.drawPath(path, stroke=0, fill=1)
            canvas.restoreState()


@lru_cache(maxsize=32)
def can_embed(font: Path) -> bool:
    """Whether ReportLab can embed the font as it is (TrueType outlines, embedding allowed).
    A CFF-flavoured OpenType font, or one whose licence forbids embedding, stays a picture."""
    from reportlab.pdfbase.ttfonts import TTFError

    from deckgen.render.pdfcanvas import register_font_file

    try:
        register_font_file(font)
    except (TTFError, OSError, ValueError):
        return False
    return True


def draw_shapes(canvas: Any, shapes: Sequence[VectorShape], origin_pt: tuple[float, float],
                colour_of: Callable[[RGB], tuple[Any, bool]]) -> None:
    """Draw the shapes on a ReportLab canvas. `origin_pt` is the trim's top-left corner in page
    points; `colour_of(rgb)` gives the ReportLab colour and whether it overprints."""
    from reportlab.pdfbase import pdfmetrics

    from deckgen.render.pdfcanvas import register_font_file
    from deckgen.render.shapes import draw_suit_reportlab

    ox, oy = origin_pt

    def at(x_mm: float, y_mm: float) -> tuple[float, float]:
        return ox + mm_to_pt(x_mm), oy - mm_to_pt(y_mm)

    for shape in shapes:
        if isinstance(shape, PathShape):
            _draw_path(canvas, shape, at, colour_of)
            continue
        colour, overprint = colour_of(shape.colour)
        canvas.saveState()
        canvas.setFillOverprint(overprint)
        if isinstance(shape, SuitShape):
            x, y = at(shape.x_mm, shape.y_mm)
            draw_suit_reportlab(canvas, shape.suit, x, y, mm_to_pt(shape.h_mm), colour, rotate180=shape.turned)
        else:
            name = register_font_file(shape.font)
            size = mm_to_pt(shape.cap_mm / shape.cap_ratio)
            space = mm_to_pt(shape.tracking * shape.cap_mm)
            width = (pdfmetrics.stringWidth(shape.text, name, size) + space * max(0, len(shape.text) - 1)) * shape.x_scale
            x, y = at(shape.cx_mm, shape.top_mm + shape.cap_mm)  # the baseline, under the capitals
            canvas.translate(x, y)
            if shape.turned:
                canvas.translate(0, mm_to_pt(shape.cap_mm))
                canvas.rotate(180)
            text = canvas.beginText(-width / 2, 0)
            text.setFont(name, size)
            text.setHorizScale(shape.x_scale * 100)
            text.setCharSpace(space)
            text.setFillColor(colour)
            text.textOut(shape.text)
            canvas.drawText(text)
        canvas.restoreState()


@dataclass(frozen=True)
class VectorFace:
    """A face for a PDF: the picture without its symbols and words, and those as shapes."""

    base: Any  # PIL.Image.Image
    shapes: tuple[VectorShape, ...]
    photo: bool = False  # a photo is on it: its greys stay four-colour (rich shadows)


def vector_faces(deck: Any, faces: dict[str, Path]) -> dict[str, VectorFace]:
    """Each face of the deck (card code -> its PNG's path) as a VectorFace, keyed by the PNG's path."""
    from deckgen.cards import parse_card
    from deckgen.render.faces import card_art, render_face

    out: dict[str, VectorFace] = {}
    for code, path in faces.items():
        shapes: list[VectorShape] = []
        card = parse_card(code)
        base = render_face(deck, card, vectors=shapes)
        out[str(path)] = VectorFace(base, tuple(shapes), card_art(deck, card).photo is not None)
    return out


def press_colours(profile: Any, black: RGB, ink_limit: float) -> Callable[[RGB], tuple[Any, bool]]:
    """colour_of for draw_shapes: the deck's black as 100 % K overprinting; any other colour as the
    CMYK build the profile gives it (within the ink limit); without a profile, the RGB colour."""
    from functools import lru_cache

    from PIL import Image
    from reportlab.lib.colors import CMYKColor, Color

    @lru_cache(maxsize=64)
    def colour_of(rgb: RGB) -> tuple[Any, bool]:
        if profile is None:
            return Color(rgb[0] / 255, rgb[1] / 255, rgb[2] / 255), False
        if tuple(rgb) in (tuple(black), (0, 0, 0)):
            return CMYKColor(0, 0, 0, 1), True
        from deckgen.render.cmyk import press_cmyk

        c, m, y, k = (int(v) for v in press_cmyk(Image.new("RGB", (1, 1), tuple(rgb)), profile, ink_limit)[0, 0])
        return CMYKColor(c / 255, m / 255, y / 255, k / 255), False

    return colour_of
