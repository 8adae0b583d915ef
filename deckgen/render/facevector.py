"""Vector faces: a face's shapes in millimetres, drawn into a PDF.

A face is laid out once (`faces.render_face`, drawn by `facedraw` and its neighbours). Drawn for a PNG, every part is
painted with Pillow. Drawn for a print-shop PDF or the home sheets, the same
drawing code runs with `Face.vectors` set and records every part here as a
shape in card millimetres (from the trim's top-left, y down) instead of
painting it: the suit symbols, the words (indices, names, captions), the
frames, rules, grounds and ornaments (`faceshapes.py`, which paints the same
shapes for the PNG), the caption and index plates and the drawn courts; the
face's ground becomes one shape through the bleed. What is left in the picture
is the photo, if any, cut to where it is: the only image on the page.

The PDF draws the shapes as vector paths and text in an embedded font: sharp
at any size, and in CMYK the deck's black is 100 % K set to overprint (a press
a hair out of register shows no coloured fringe on an index), a grey is black
alone, and other colours are CMYK builds from the shop's profile, each
computed once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any


from deckgen.render.inkstack import Box, InkStack, code_boxes
from deckgen.render.shapes import draw_suit_reportlab
from deckgen.render.vectorshapes import RGB, PathShape, SuitShape, VectorShape, path_code
from deckgen.units import mm_to_pt


#: The thinnest line a press file draws, in points, unless the shop's preset says otherwise
#: (below it a press may not print a line at all, or break it up).
DEFAULT_MIN_LINE_PT = 0.25
#: Type under this size (points), a suit symbol under this height, and a line under FINE_LINE_PT
#: wide print in at most two inks in a press file (cmyk.fine_cmyk): more plates would have to
#: register to a fraction of a stroke.
SMALL_TYPE_PT = 12.0
FINE_LINE_PT = 1.0


def _draw_path(canvas: Any, shape: PathShape, colour_of: Callable[[RGB], tuple[Any, bool]], stack: InkStack,
               scale: float = 1.0) -> None:
    """A PathShape's groups filled, then stroked, inside its clip; the canvas's origin is the trim's
    top-left corner (see draw_shapes)."""
    codes = shape.code if shape.code is not None else path_code(shape)
    # "each" fills even-odd (ReportLab's default, f*): one contour on its own fills the same either way
    fill_op = "f" if shape.rule == "nonzero" else "f*"
    if shape.clip is not None:
        canvas.saveState()
        left, top, right, bottom = (mm_to_pt(v) for v in shape.clip)
        box = canvas.beginPath()
        box.rect(left, -bottom, right - left, bottom - top)
        canvas.clipPath(box, stroke=0, fill=0)
    for code in codes:
        for colour, stroke in ((shape.fill, False), (shape.line, True)):
            if colour is None:
                continue
            rl_colour, overprint = colour_of(colour)
            width_pt = mm_to_pt(shape.width_mm)
            if stroke and isinstance(colour_of, PressColours) and width_pt * scale < FINE_LINE_PT:
                rl_colour, overprint = colour_of.fine(colour)
            if stroke and isinstance(colour_of, PressColours) and width_pt * scale < colour_of.min_line_pt - 1e-9:
                width_pt = colour_of.min_line_pt / scale  # as printed, the canvas drawn at `scale`
                stack.raised_lines += 1
            if stroke:
                printed = width_pt * scale
                stack.thinnest_pt = printed if stack.thinnest_pt is None else min(stack.thinnest_pt, printed)
            if stack.limit is not None:
                boxes = code_boxes(code, mm_to_pt(1.0), width_pt / mm_to_pt(1.0) / 2, per_segment=True) if stroke \
                    else code_boxes(code, mm_to_pt(1.0))
                overprint = stack.paint(_percent(rl_colour), _clipped(boxes, shape.clip), overprint)
            canvas.saveState()
            canvas.setFillOverprint(overprint)
            canvas.setStrokeOverprint(overprint)
            if stroke:
                canvas.setStrokeColor(rl_colour)
                canvas.setLineWidth(width_pt)
                canvas.setLineJoin(1)
                canvas.setLineCap(1)
                canvas.addLiteral(f"{code} S")
            else:
                canvas.setFillColor(rl_colour)
                canvas.addLiteral(f"{code} {fill_op}")
            canvas.restoreState()
    if shape.clip is not None:
        canvas.restoreState()


def _percent(colour: Any) -> tuple[float, float, float, float]:
    """A ReportLab CMYK colour's inks in percent."""
    return (colour.cyan * 100, colour.magenta * 100, colour.yellow * 100, colour.black * 100)


def _clipped(boxes: list[Box], clip: tuple[float, float, float, float] | None) -> list[Box]:
    if clip is None:
        return boxes
    out = [(max(b[0], clip[0]), max(b[1], clip[1]), min(b[2], clip[2]), min(b[3], clip[3])) for b in boxes]
    return [b for b in out if b[0] < b[2] and b[1] < b[3]]


@lru_cache(maxsize=32)
def can_embed(font: Path) -> bool:
    """Whether ReportLab can embed the font as it is (TrueType outlines, embedding allowed).
    A CFF-flavoured OpenType font, or one whose licence forbids embedding, stays a picture."""
    from reportlab.pdfbase.ttfonts import TTFError  # late: only a PDF needs ReportLab; PNG faces come here too

    from deckgen.render.pdfcanvas import register_font_file  # late: it loads ReportLab

    try:
        register_font_file(font)
    except (TTFError, OSError, ValueError):
        return False
    return True


def draw_shapes(canvas: Any, shapes: Sequence[VectorShape], origin_pt: tuple[float, float],
                colour_of: Callable[[RGB], tuple[Any, bool]], stack: InkStack | None = None, scale: float = 1.0) -> InkStack:
    """Draw the shapes on a ReportLab canvas. `origin_pt` is the trim's top-left corner in page
    points; `colour_of(rgb)` gives the ReportLab colour and whether it overprints.

    In a press file (`colour_of` a PressColours) the deck's black overprints only where the inks
    under it leave room under the ink limit, else it is knocked out (inkstack.py); `stack` carries
    what was painted before these shapes on the same page (another form's shapes, a picture), and
    the stack is returned with these shapes painted on it, its `peak` the most ink they stack.
    No line is drawn thinner than the press holds (PressColours.min_line_pt), as printed: `scale` is
    the scale the canvas is drawn at."""
    from reportlab.pdfbase import pdfmetrics  # late: only a PDF needs ReportLab; PNG faces come here too

    from deckgen.render.pdfcanvas import register_font_file  # late: it loads ReportLab

    if stack is None:
        stack = InkStack(colour_of.ink_limit if isinstance(colour_of, PressColours) else None)
    canvas.saveState()
    canvas.translate(*origin_pt)  # shapes are drawn from the trim's top-left corner, y up
    if colour_of((0, 0, 0))[1]:
        # a press file's black overprints: with overprint mode 1 its zero cyan, magenta and yellow
        # leave the inks under it alone (in mode 0 a RIP would knock them out all the same)
        canvas.setOverprintMask(1)

    def at(x_mm: float, y_mm: float) -> tuple[float, float]:
        return mm_to_pt(x_mm), -mm_to_pt(y_mm)

    for shape in shapes:
        if isinstance(shape, PathShape):
            _draw_path(canvas, shape, colour_of, stack, scale)
            continue
        small = mm_to_pt(shape.h_mm if isinstance(shape, SuitShape) else shape.cap_mm / shape.cap_ratio) * scale < SMALL_TYPE_PT
        colour, overprint = colour_of.fine(shape.colour) if small and isinstance(colour_of, PressColours) \
            else colour_of(shape.colour)
        canvas.saveState()
        if isinstance(shape, SuitShape):
            if stack.limit is not None:
                r = 0.6 * shape.h_mm  # a suit symbol is about as wide as it is tall, centred on its point
                overprint = stack.paint(_percent(colour), [(shape.x_mm - r, shape.y_mm - r, shape.x_mm + r, shape.y_mm + r)],
                                        overprint)
            canvas.setFillOverprint(overprint)
            x, y = at(shape.x_mm, shape.y_mm)
            draw_suit_reportlab(canvas, shape.suit, x, y, mm_to_pt(shape.h_mm), colour, rotate180=shape.turned)
        else:
            name = register_font_file(shape.font)
            size = mm_to_pt(shape.cap_mm / shape.cap_ratio)
            space = mm_to_pt(shape.tracking * shape.cap_mm)
            width = (pdfmetrics.stringWidth(shape.text, name, size) + space * max(0, len(shape.text) - 1)) * shape.x_scale
            if stack.limit is not None:
                half, pad = width / mm_to_pt(1.0) / 2, 0.45 * shape.cap_mm  # room for accents and descenders
                box = (shape.cx_mm - half - pad, shape.top_mm - pad, shape.cx_mm + half + pad, shape.top_mm + shape.cap_mm + pad)
                overprint = stack.paint(_percent(colour), [box], overprint)
            canvas.setFillOverprint(overprint)
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
    canvas.restoreState()
    return stack


class PressColours:
    """colour_of for draw_shapes: the deck's black as 100 % K overprinting (where the ink limit
    leaves room: see draw_shapes); a grey in black alone (as the drawn faces' pictures were); any
    other colour as the CMYK build the profile gives it (within the ink limit); without a profile,
    the RGB colour (and no ink limit to hold). Either way no line is drawn thinner than `min_line_pt`."""

    def __init__(self, profile: Any, black: RGB, ink_limit: float, min_line_pt: float = DEFAULT_MIN_LINE_PT) -> None:
        self.profile = profile
        self.black = (black[0], black[1], black[2])
        self.ink_limit: float | None = ink_limit if profile is not None else None
        #: The thinnest line the press (or a home printer) holds: thinner lines are drawn this wide.
        self.min_line_pt = min_line_pt
        self._known: dict[RGB, tuple[Any, bool]] = {}

    def __call__(self, rgb: RGB) -> tuple[Any, bool]:
        known = self._known.get(rgb)
        if known is None:
            known = self._known[rgb] = self._colour(rgb)
        return known

    def fine(self, rgb: RGB) -> tuple[Any, bool]:
        """The colour for small type and fine lines: in at most two inks (cmyk.fine_cmyk)."""
        colour, overprint = self(rgb)
        if self.profile is None:
            return colour, overprint
        from reportlab.lib.colors import CMYKColor  # late: only a PDF needs ReportLab

        from deckgen.render.cmyk import fine_cmyk  # late: the CMYK press only for a press file

        inks = tuple(round(v * 255) for v in (colour.cyan, colour.magenta, colour.yellow, colour.black))
        c, m, y, k = fine_cmyk(inks, (rgb[0], rgb[1], rgb[2]), self.profile, self.ink_limit or 0)
        if (c, m, y, k) == inks:
            return colour, overprint
        return CMYKColor(c / 255, m / 255, y / 255, k / 255), overprint

    def _colour(self, rgb: RGB) -> tuple[Any, bool]:
        from reportlab.lib.colors import CMYKColor, Color  # late: only a PDF needs ReportLab; PNG faces come here too

        if self.profile is None:
            return Color(rgb[0] / 255, rgb[1] / 255, rgb[2] / 255), False
        from deckgen.render.cmyk import flat_cmyk  # late: the CMYK press (LittleCMS, pikepdf) only for a press file

        c, m, y, k = flat_cmyk((rgb[0], rgb[1], rgb[2]), self.profile, self.ink_limit or 0, self.black)
        return CMYKColor(c / 255, m / 255, y / 255, k / 255), tuple(rgb) in (self.black, (0, 0, 0))


def press_colours(profile: Any, black: RGB, ink_limit: float, min_line_pt: float = DEFAULT_MIN_LINE_PT) -> PressColours:
    """The colours of a press file's drawn art (PressColours): through `profile` within `ink_limit`,
    no line thinner than `min_line_pt`."""
    return PressColours(profile, black, ink_limit, min_line_pt)
