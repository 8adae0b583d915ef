"""A score sheet drawn as a PDF page at 100 % scale: a title, the table's rules in one or two lines,
a grid of columns for the players or sides, and lines to add at the foot. Knows no game: what a
pad says comes from `deckgen.pads.content`, where the engine's house rules are read."""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from deckgen.render.pdfcanvas import canvas_bytes, new_canvas, register_font, save_pdf
from deckgen.render.pdfdate import PdfDate
from deckgen.units import mm_to_pt

__all__ = ["PAD_PAPERS", "Pad", "write_pad"]

#: The papers a pad is drawn on, width and height in mm; pocket is the booklet's pocket page, to fit the tin.
PAD_PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "pocket": (95.0, 135.0)}


@dataclass(frozen=True)
class Pad:
    """One score sheet: `columns` are (group, heading) pairs (a group spans its columns: a player's
    points and running total); `above` the rows the bridge line keeps for bonuses (0: no line);
    `foot` the lines to fill in at the end (label, what the rule says); `rules` the table's values."""

    name: str
    title: str
    rules: tuple[str, ...]
    columns: tuple[tuple[str, str], ...]
    foot: tuple[tuple[str, str], ...] = ()
    above: int = 0
    first_column: str = "Hand"
    numbered: bool = True
    line_label: str = ""


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and stringWidth(lines[-1] + " " + word, font, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _draw(canvas: Canvas, pad: Pad, page: tuple[float, float], fonts: tuple[str, str, str],
          colours: Mapping[str, str]) -> None:
    title_font, body_font, bold_font = fonts
    w, h = mm_to_pt(page[0]), mm_to_pt(page[1])
    small = page[0] < 150
    margin = mm_to_pt(8 if small else 15)
    size = 7.5 if small else 10.0
    ink, accent, light, rule = (HexColor(colours[k]) for k in ("ink", "accent", "accent_light", "rule"))
    y = h - margin
    canvas.setFillColor(accent)
    title_size = size * 1.9
    canvas.setFont(title_font, title_size)
    canvas.drawString(margin, y - title_size, pad.title)
    y -= title_size * 1.5
    canvas.setFillColor(ink)
    canvas.setFont(body_font, size * 0.9)
    for text in pad.rules:
        for line in _wrap(text, body_font, size * 0.9, w - 2 * margin):
            canvas.drawString(margin, y - size, line)
            y -= size * 1.25
    y -= size * 0.8
    # the grid: a narrow first column, the rest shared evenly, a group's heading over its columns
    label = max((pad.first_column + " 00", pad.line_label), key=lambda t: stringWidth(t, body_font, size))
    first = stringWidth(label, body_font, size) + 8
    col_w = (w - 2 * margin - first) / len(pad.columns)
    row_h = size * (2.0 if small else 2.1)
    foot_h = (len(pad.foot) + 0.6) * row_h
    top = head = y
    groups: list[tuple[str, int, int]] = []
    for i, (group, _heading) in enumerate(pad.columns):
        if groups and groups[-1][0] == group:
            groups[-1] = (group, groups[-1][1], i)
        else:
            groups.append((group, i, i))
    canvas.setFont(bold_font, size)
    for group, a, b in groups:
        x0 = margin + first + a * col_w
        canvas.setFillColor(light)
        canvas.rect(x0, top - row_h, (b - a + 1) * col_w, row_h, stroke=0, fill=1)
        canvas.setFillColor(accent)
        canvas.drawCentredString(x0 + (b - a + 1) * col_w / 2, top - row_h + row_h * 0.33, group)
    top -= row_h
    canvas.setFont(body_font, size * 0.85)
    canvas.setFillColor(ink)
    if any(heading for _group, heading in pad.columns):
        canvas.drawString(margin + 2, top - row_h + row_h * 0.33, pad.first_column)
        for i, (_group, heading) in enumerate(pad.columns):
            canvas.drawCentredString(margin + first + (i + 0.5) * col_w, top - row_h + row_h * 0.33, heading)
        top -= row_h
    bottom = margin + foot_h
    rows = int((top - bottom) // row_h)
    canvas.setStrokeColor(rule)
    canvas.setLineWidth(0.4)
    for r in range(rows + 1):
        yy = top - r * row_h
        canvas.line(margin, yy, w - margin, yy)
        if pad.numbered and 0 < r <= rows and not (pad.above and r <= pad.above):
            number = r - pad.above if pad.above else r
            canvas.setFont(body_font, size * 0.8)
            canvas.drawString(margin + 2, yy + row_h * 0.33, f"{pad.first_column} {number}")
    grid_bottom = top - rows * row_h
    for i in range(len(pad.columns) + 1):
        x = margin + first + i * col_w
        group_edge = i == 0 or i == len(pad.columns) or pad.columns[i][0] != pad.columns[i - 1][0]
        canvas.setLineWidth(0.9 if group_edge else 0.4)
        canvas.line(x, head if group_edge else top, x, grid_bottom)
    if pad.above:  # the bridge line: bonuses above it, trick points below
        yy = top - pad.above * row_h
        canvas.setStrokeColor(accent)
        canvas.setLineWidth(1.6)
        canvas.line(margin, yy, w - margin, yy)
        canvas.setFont(body_font, size * 0.75)
        canvas.setFillColor(accent)
        canvas.drawString(margin + 2, yy + 3, pad.line_label)
        canvas.setStrokeColor(rule)
    # the foot: what is added at the end, with the table's values
    y = grid_bottom - row_h * 0.6
    canvas.setLineWidth(0.4)
    for label, value in pad.foot:
        canvas.setFont(bold_font, size * 0.9)
        canvas.setFillColor(ink)
        canvas.drawString(margin + 2, y - row_h * 0.67, label)
        canvas.setFont(body_font, size * 0.8)
        canvas.setFillColor(accent)
        canvas.drawString(margin + 2 + stringWidth(label + "  ", bold_font, size * 0.9), y - row_h * 0.67, value)
        for group, a, b in groups:
            x0 = margin + first + a * col_w
            canvas.line(x0 + 3, y - row_h + 2, x0 + (b - a + 1) * col_w - 3, y - row_h + 2)
        y -= row_h


def write_pad(pad: Pad, paper: str, target: Path, *, title_font: str, body_font: str,
              colours: Mapping[str, str], deck: str, date: PdfDate | None = None) -> Path:
    """Write one pad as a one-page PDF at its paper's size (print at 100 %), atomically, the same
    bytes for the same pad; `title_font` and `body_font` are bundled font files (the theme's)."""
    import pikepdf

    page = PAD_PAPERS[paper]
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, page, f"{deck}: {pad.title} score sheet", "score pad", date=date)
    canvas.setViewerPreference("PrintScaling", "None")  # ask the print dialogue for 100 %, as the home sheets do
    fonts = (register_font(title_font), register_font(body_font), register_font("DejaVuSansCondensed-Bold.ttf"))
    _draw(canvas, pad, page, fonts, colours)
    canvas.showPage()
    return save_pdf(pikepdf.open(io.BytesIO(canvas_bytes(canvas, buffer))), target)

