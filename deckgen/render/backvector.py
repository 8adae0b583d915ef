"""Vector backs: a back's pattern, frame, medallion and words as shapes for the print-shop PDF.

The PNG of a back is painted with Pillow (`backs.render_back`). For the
print-shop file the same drawing calls run through `patterns.ShapeRecorder`
and come out as vector paths in card millimetres, and the words as text in the
embedded font, placed where Pillow puts them: sharp at any size, and in CMYK
each colour is one build from the shop's profile (the deck's black 100 % K)
instead of a 300 ppi picture whose edges mix four inks. The user's photo, if
the back has one, stays a picture (with its frame rule) between the pattern
and the words.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image, ImageDraw, ImageFont
from reportlab.pdfbase import pdfmetrics

from deckgen.errors import collected_warnings
from deckgen.design import Design
from deckgen.render.backs import (
    back_box, back_layers, motifs_give_way_to, pattern_geometry, pattern_layer, scaled_plates, supersampling,
)
from deckgen.render.backtext import PlacedText, _rotated_origin, whole_pixel_box
from deckgen.render.vectorshapes import round_box_contour
from deckgen.render.vectorshapes import PathShape, TextShape, VectorFace, VectorShape
from deckgen.render.facevector import can_embed
from deckgen.colour import rgb_of
from deckgen.render.patterns import record_pattern
from deckgen.render.pdfcanvas import register_font_file
from deckgen.units import PixelBox, mm_to_pt, px_per_mm


@dataclass(frozen=True)
class VectorBack(VectorFace):
    """A back for a PDF: `under` (the paper, the pattern, its frame and medallion) drawn first, then
    the picture (the user's photo and its frame rule, if any) at `box`, then `shapes` (the words and
    their plates) over it. With no photo, `base` is None and the back is all shapes."""

    under: tuple[VectorShape, ...] = ()


@lru_cache(maxsize=16)
def cap_ratio(font_file: str) -> float:
    """The height of the font's capitals per unit of size (what facevector.TextShape sizes by)."""
    left, top, right, bottom = ImageFont.truetype(font_file, 1000).getbbox("H", anchor="ls")
    return -top / 1000


def text_shapes(text: PlacedText, box: PixelBox) -> list[VectorShape] | None:
    """A back text (and its plate) as shapes in card mm, line by line where Pillow sets them
    (backs.text_tile); None when its font cannot be embedded (the back then stays a picture)."""
    font_file = Path(str(text.font.path))  # a file path: fonts are loaded from files, never streams
    if not can_embed(font_file):
        return None
    font, content = text.font, text.content
    ppm = px_per_mm(box.dpi)
    trim_left, trim_top = box.trim_rect()[:2]
    spacing = round(font.size * 0.2)
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    left, top, right, bottom = whole_pixel_box(probe.multiline_textbbox((0, 0), content, font=font, align="center",
                                                                        spacing=spacing))
    pad = text.margin if text.margin is not None else round(text.pad) if text.plate else 2
    w, h = right - left + 2 * pad, bottom - top + 2 * pad
    ox, oy = _rotated_origin(box.size, text.origin, (w, h)) if text.turned else text.origin

    def mm(x: float, y: float) -> tuple[float, float]:  # tile pixels (edges) -> card mm
        return ((ox + x - trim_left) / ppm, (oy + y - trim_top) / ppm)

    shapes: list[VectorShape] = []
    if text.plate is not None:
        radius = min(h / 2, text.pad * 1.6)
        rule = max(1, round(text.pad * 0.12))
        outer = round_box_contour(*mm(0, 0), *mm(w, h), radius / ppm)
        inner = round_box_contour(*mm(rule, rule), *mm(w - rule, h - rule), max(radius - rule, 0) / ppm)
        shapes.append(PathShape((outer,), rgb_of(text.plate[0]), None, 0.0, rule="nonzero"))
        shapes.append(PathShape((outer, inner), rgb_of(text.plate[1]), None, 0.0, rule="evenodd"))
    name = register_font_file(font_file)
    size_mm = font.size / ppm
    cap_mm = cap_ratio(str(font_file)) * size_mm
    lines = content.split("\n")
    widths = [font.getlength(line) for line in lines]
    line_step = font.getbbox("A")[3] + spacing  # as Pillow spaces the lines of a multiline text
    ascent = font.getmetrics()[0]
    for i, (line, width) in enumerate(zip(lines, widths)):
        if not line.strip():
            continue
        cx, baseline = mm(pad - left + max(widths) / 2, pad - top + i * line_step + ascent)
        drawn_mm = pdfmetrics.stringWidth(line, name, mm_to_pt(size_mm)) / mm_to_pt(1.0)
        squeeze = (width / ppm) / drawn_mm if drawn_mm > 0 else 1.0  # Pillow's kerning, ReportLab's advance widths
        shapes.append(TextShape(line, font_file, cap_ratio(str(font_file)), cap_mm, cx, baseline - cap_mm,
                                rgb_of(text.ink), squeeze))
    if text.turned:
        shapes = [s.turned_copy(box.width_mm, box.height_mm) for s in shapes]
    return shapes


def vector_back(design: Design, which: int = 1) -> VectorBack | None:
    """Back `which` as shapes and (for a photo) one picture; None when its words cannot be embedded
    (a CFF or no-embedding font), and the back is printed as its picture, as before."""
    spec = design.back_for(which)
    box = back_box(design)
    corner = design.card.corner_radius_mm
    with collected_warnings():  # drawing the PNG said all there is to say about the picture and words
        picture, texts = back_layers(design.source, spec, box, corner, design.card.safe_mm, warn=False)
    over: list[VectorShape] = []
    for text in texts:
        shapes = text_shapes(text, box)
        if shapes is None:
            return None
        over += shapes
    ss = supersampling(box.dpi)
    geo = pattern_geometry(box, corner)
    plates = motifs_give_way_to(texts, picture)  # a centre motif under a plate or the picture gives way, as on the PNG
    under = tuple(record_pattern(spec.template.pattern, geo, spec.template.params, spec.colours, spec.ornament,
                                 clear_of=scaled_plates(plates, ss)))
    if picture is None:
        return VectorBack(None, tuple(over), under=under)
    region = picture.getchannel("A").getbbox()
    if region is None:
        return VectorBack(None, tuple(over), under=under)
    cut = picture.crop(region)
    if int(np.asarray(cut.getchannel("A")).min()) == 255:
        return VectorBack(cut.convert("RGB"), tuple(over), photo=True, box=region, size=box.size, under=under)
    # a picture with see-through parts (a logo on the pattern): pattern and picture as one image
    whole = pattern_layer(spec.template, spec.colours, spec.ornament, box, corner, plates).convert("RGBA")
    whole.alpha_composite(picture)
    return VectorBack(whole.convert("RGB"), tuple(over), photo=True)


def vector_backs(design: Design, backs: list[Path]) -> dict[str, Any]:
    """Each back of the deck (back.png, back2.png) as a VectorBack keyed by its PNG's path; a back
    that must stay a picture is left out."""
    out: dict[str, Any] = {}
    for which, path in enumerate(backs, start=1):
        drawn = vector_back(design, which)
        if drawn is not None:
            out[str(path)] = drawn
    return out
