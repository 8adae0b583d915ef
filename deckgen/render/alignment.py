"""A one-sheet duplex test from which a user reads their printer's front-to-back offset.

The front carries three thin crosses down the middle of the page. The back
carries, exactly where those crosses should land, a pair of millimetre rulers
each (across and up). Held against a light with the rulers facing the user,
the dark lines of the front show through and cross the rulers at the number
to pass as --offset-x / --offset-y: a ruler drawn k mm too far right reads -k
where the front line crosses it, and moving the backs by -k puts them right.
The rulers are drawn with the offsets already in use, so a corrected printer
reads 0; readings add to the offsets the test was printed with.
"""

from __future__ import annotations

import io
from pathlib import Path

import pikepdf
from reportlab.pdfgen.canvas import Canvas

from deckgen.render.pdfcanvas import canvas_bytes, new_canvas, register_font, save_pdf
from deckgen.render.pdfdate import PdfDate
from deckgen.papers import Paper
from deckgen.render.sheets import Flip, sheet_flip, translate
from deckgen.units import mm_to_pt

#: Ruler range either side of zero (mm) and the half length of the front's cross lines.
RULER_MM = 8
CROSS_MM = 20.0
STATION_HEIGHTS = (0.25, 0.45, 0.65)  # fractions of the paper height, on the front


def stations(paper: Paper) -> list[tuple[float, float]]:
    """The front crosses' centres in mm."""
    return [(paper.width_mm / 2, paper.height_mm * f) for f in STATION_HEIGHTS]


def ruler_origins(paper: Paper, flip: Flip, offset_mm: tuple[float, float]) -> list[tuple[float, float]]:
    """Where each cross should land on the back page, moved by the offsets in use."""
    sheet = translate(*offset_mm) @ sheet_flip(paper, flip)
    return [sheet.apply(x, y) for x, y in stations(paper)]


def _pt(v: float) -> float:
    return mm_to_pt(v)


def _front(canvas: Canvas, paper: Paper, flip: Flip, offset_mm: tuple[float, float]) -> None:
    font, bold = register_font("DejaVuSans.ttf"), register_font("DejaVuSans-Bold.ttf")
    canvas.setStrokeGray(0.0)
    canvas.setLineWidth(_pt(0.3))
    for x, y in stations(paper):
        canvas.line(_pt(x - CROSS_MM), _pt(y), _pt(x + CROSS_MM), _pt(y))
        canvas.line(_pt(x), _pt(y - CROSS_MM), _pt(x), _pt(y + CROSS_MM))
    flip_words = "long edge" if flip == "long" else "short edge"
    lines = [
        (bold, 13, f"Duplex alignment test ({paper.name}, flip on the {flip_words})"),
        (font, 9, ""),
        (font, 9, "1. Print both pages of this file on one sheet, duplex, at 100 % (actual size,"),
        (font, 9, f"    no 'fit to page'), flipping on the {flip_words}: the same settings you will use for the cards."),
        (font, 9, "2. Hold the sheet against a window or a lamp with the ruler side facing you."),
        (font, 9, "3. Each cross from this side shows through. Where its upright line crosses the"),
        (font, 9, "    across ruler, read X; where its level line crosses the up ruler, read Y (mm)."),
        (font, 9, "4. New offsets = the offsets printed on the ruler side + your readings:"),
        (font, 9, "    deckgen print --offset-x X --offset-y Y"),
        (font, 9, "5. Print the test again with those offsets: every reading should now be 0."),
        (font, 9, ""),
        (font, 8, "If the three crosses read differently, the printer turns or scales the back;"),
        (font, 8, "use the middle reading and make sure no scaling is switched on."),
    ]
    y = paper.height_mm - 22.0
    left = 18.0
    for face, size, text in lines:
        canvas.setFont(face, size)
        canvas.setFillGray(0.0)
        canvas.drawString(_pt(left), _pt(y), text)
        y -= size * 0.5 if text else 2.0
    canvas.setFont(font, 7)
    canvas.drawString(_pt(left), _pt(10.0), f"Front side. Printed with offset x {offset_mm[0]:+.1f} mm, y {offset_mm[1]:+.1f} mm.")


def _ruler(canvas: Canvas, font: str, ox: float, oy: float, horizontal: bool) -> None:
    """Ticks every 0.5 mm from -RULER_MM to +RULER_MM, numbers every 2 mm (staggered so they never touch)."""
    canvas.setStrokeGray(0.0)
    for half in range(-2 * RULER_MM, 2 * RULER_MM + 1):
        v = half / 2
        length = 3.0 if half % 4 == 0 else (2.2 if half % 2 == 0 else 1.4)
        canvas.setLineWidth(_pt(0.3 if half == 0 else 0.15))
        if horizontal:
            canvas.line(_pt(ox + v), _pt(oy), _pt(ox + v), _pt(oy + length))
        else:
            canvas.line(_pt(ox), _pt(oy + v), _pt(ox + length), _pt(oy + v))
        if half % 4 == 0:
            label = f"{int(v):+d}" if v else "0"
            canvas.setFont(font, 4.5)
            if horizontal:  # alternate rows: 0, +4, +8 high; +2, +6 low (0 included in the high row)
                lift = 3.6 if half % 8 == 0 else 5.6
                canvas.drawCentredString(_pt(ox + v), _pt(oy + lift), label)
            else:
                canvas.drawString(_pt(ox + length + 0.6), _pt(oy + v - 0.55), label)
    canvas.setLineWidth(_pt(0.25))
    if horizontal:
        canvas.line(_pt(ox - RULER_MM), _pt(oy), _pt(ox + RULER_MM), _pt(oy))
    else:
        canvas.line(_pt(ox), _pt(oy - RULER_MM), _pt(ox), _pt(oy + RULER_MM))


def _back(canvas: Canvas, paper: Paper, flip: Flip, offset_mm: tuple[float, float]) -> None:
    font, bold = register_font("DejaVuSans.ttf"), register_font("DejaVuSans-Bold.ttf")
    canvas.setFillGray(0.0)
    for ox, oy in ruler_origins(paper, flip, offset_mm):
        # the across ruler sits just below the cross's level line, the up ruler to its right
        _ruler(canvas, font, ox, oy - RULER_MM - 2.0, horizontal=True)
        _ruler(canvas, font, ox + RULER_MM + 2.0, oy, horizontal=False)
        canvas.setFont(font, 6)
        canvas.drawCentredString(_pt(ox), _pt(oy - RULER_MM - 5.5), "X (mm)")
        canvas.drawString(_pt(ox + RULER_MM + 2.0), _pt(oy + RULER_MM + 1.5), "Y (mm)")
    canvas.setFont(bold, 11)
    canvas.drawString(_pt(18.0), _pt(paper.height_mm - 22.0), "Ruler side: read X and Y here, against the light")
    canvas.setFont(font, 8)
    canvas.drawString(
        _pt(18.0),
        _pt(paper.height_mm - 28.0),
        f"This test was printed with offset x {offset_mm[0]:+.1f} mm, y {offset_mm[1]:+.1f} mm: add your readings to these.",
    )


def write_alignment_test(
    target: Path, paper: Paper, *, flip: Flip = "long", offset_mm: tuple[float, float] = (0.0, 0.0),
    date: PdfDate | None = None,
) -> Path:
    """Write the two-sided test sheet (page 1 front, page 2 back) as a reproducible PDF, dated `date`
    (see `new_canvas`)."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (paper.width_mm, paper.height_mm), f"deckgen duplex alignment test ({paper.name})",
                        date=date)
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge" if flip == "long" else "DuplexFlipShortEdge")
    _front(canvas, paper, flip, offset_mm)
    canvas.showPage()
    _back(canvas, paper, flip, offset_mm)
    canvas.showPage()
    return save_pdf(pikepdf.open(io.BytesIO(canvas_bytes(canvas, buffer))), target)
