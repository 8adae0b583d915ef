"""Home-print sheets: cards at their true size on A4 or Letter, backs on the reverse for duplex.

The geometry is kept as affine maps in millimetres so that the one rule that
matters is written once: a back goes where the sheet's flip carries its face.
For a card placed on the front by T (card millimetres -> page millimetres),
the back is placed by  O . F . T . G,  where G turns the card over like a
book page (u -> width - u), F is the printer's flip of the sheet (long edge:
x -> paper width - x; short edge: y -> paper height - y) and O is the user's
offset correction. Turning a finished card over like a book therefore shows
its back upright whichever flip the printer uses.

By default cards touch each other so that one cut separates two cards; their
bleed only spills outwards, into the sheet's margins. With a gutter (`gutter_mm`)
the cards stand apart and each keeps its bleed on every side (up to half the
gutter), so a cut a little off shows the card's own edge and not its neighbour.

As many cards go on a sheet as fit inside the printer's margins with room
beyond them for a crop mark at each end of every cut: a card of any format,
upright or turned a quarter, whichever holds more. Crop marks sit beyond the
bleed, in the margins, so no mark can ever cross a card; on a sheet filled
nearly to its printable edge (9 poker cards on Letter) there is no room for
that, and the marks start just off the trim, over the outer bleed, drawn on a
white line so they show on any picture. The back sheets carry the same lines
as thin grey guides where the cuts come through. For a cutting machine (`cutter`), the face sheets also get three
registration marks in the corners and an SVG of the cut paths (each card's trim
with its rounded corners) in the sheet's own millimetres.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from reportlab.pdfgen.canvas import Canvas

from deckgen.design import CardFormat
from deckgen.fileio import write_bytes_atomic
from deckgen.papers import CUSTOM_PAPER_MM, PAPERS, Paper, paper_file_name, paper_named  # noqa: F401 (names kept here)
from deckgen.render.cardart import CardArt, load_images
from deckgen.render.facevector import draw_shapes
from deckgen.render.pdfcanvas import (
    Placement,
    add_images,
    canvas_bytes,
    new_canvas,
    register_font,
    save_pdf,
)
from deckgen.render.pdfdate import PdfDate
from deckgen.render.vectorshapes import VectorFace
from deckgen.units import mm_to_pt

Flip = Literal["long", "short"]
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm, y up from the bottom of the page

#: Distance from the bleed's edge to where a crop mark starts, the longest mark, and the shortest
#: drawn beyond the bleed.
MARK_GAP_MM = 1.0
MARK_MAX_MM = 6.0
MARK_MIN_MM = 2.5
MARK_WIDTH_PT = 0.35
#: Where no mark of MARK_MIN_MM fits beyond the bleed, the mark starts MARK_GAP_MM off the trim, over the
#: outer bleed, on a white line MARK_HALO_PT wide; the cards are laid out so that such a mark is at least
#: MARK_TIGHT_MM long at each end of every cut.
MARK_TIGHT_MM = 1.5
MARK_HALO_PT = 1.2
#: The back sheets' guides: where the cuts come through, in grey so they do not compete with the backs.
GUIDE_GRAY = 0.55
LABEL_FONT = "DejaVuSans.ttf"


@dataclass(frozen=True)
class Affine:
    """x' = a x + c y + e,  y' = b x + d y + f  (PDF's order of the six numbers)."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def __matmul__(self, other: Affine) -> Affine:
        """self @ other: apply `other` first, then `self`."""
        return Affine(
            self.a * other.a + self.c * other.b,
            self.b * other.a + self.d * other.b,
            self.a * other.c + self.c * other.d,
            self.b * other.c + self.d * other.d,
            self.a * other.e + self.c * other.f + self.e,
            self.b * other.e + self.d * other.f + self.f,
        )

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return (self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f)

    def map_rect(self, rect: Rect) -> Rect:
        """The axis-aligned box around the image of `rect` (exact for quarter turns and mirrors)."""
        xs, ys = zip(*(self.apply(x, y) for x in (rect[0], rect[2]) for y in (rect[1], rect[3])))
        return (min(xs), min(ys), max(xs), max(ys))

    @property
    def six(self) -> tuple[float, float, float, float, float, float]:
        return (self.a, self.b, self.c, self.d, self.e, self.f)


def translate(x: float, y: float) -> Affine:
    return Affine(e=x, f=y)


def scale(sx: float, sy: float) -> Affine:
    return Affine(a=sx, d=sy)


MM_TO_PT = scale(mm_to_pt(1.0), mm_to_pt(1.0))


def sheet_flip(paper: Paper, flip: Flip) -> Affine:
    """Where a point of the front lands on the back page, in the back page's own coordinates."""
    if flip == "long":
        return Affine(a=-1.0, e=paper.width_mm)
    if flip == "short":
        return Affine(d=-1.0, f=paper.height_mm)
    raise ValueError(f"flip must be 'long' or 'short', not {flip!r}")


def card_turn(geometry: CardFormat) -> Affine:
    """Turning a card over like a book page: its left edge becomes the right edge of the back."""
    return Affine(a=-1.0, e=geometry.width_mm)


@dataclass(frozen=True)
class Slot:
    """One card position on a sheet: card mm -> page mm, its trim rectangle and its clip (trim + outer bleed)."""

    transform: Affine
    trim: Rect
    clip: Rect


@dataclass(frozen=True)
class SheetLayout:
    paper: Paper
    cols: int
    rows: int
    rotated: bool
    slots: tuple[Slot, ...]  # reading order: top row first, left to right
    grid: Rect  # the trim rectangles together

    @property
    def per_sheet(self) -> int:
        return len(self.slots)


def _fit(paper: Paper, w: float, h: float, edge: float, gutter: float) -> tuple[int, int]:
    cols = max(0, math.floor((paper.width_mm - 2 * edge + gutter) / (w + gutter) + 1e-9))
    rows = max(0, math.floor((paper.height_mm - 2 * edge + gutter) / (h + gutter) + 1e-9))
    return cols, rows


def sheet_layout(paper: Paper, geometry: CardFormat, printer_margin_mm: float = 5.0, gutter_mm: float = 0.0,
                 cutter: bool = False) -> SheetLayout:
    """As many cards as fit at true size, upright or turned a quarter, centred on the paper.

    Each side keeps the printer's unprintable margin plus room for a crop mark
    (MARK_GAP_MM + MARK_TIGHT_MM beyond the trim), whatever the card's format. The
    outer bleed reaches as far as the printable area allows. Cards stand `gutter_mm`
    apart; each keeps as much of its bleed towards a neighbour as half the gutter.
    For a cutting machine (`cutter`) each side keeps the whole bleed and room for the
    registration marks in the corners (REG_MIN_MM beyond the bleed and the mark gap).
    """
    w, h, b = geometry.width_mm, geometry.height_mm, geometry.bleed_mm
    g = max(0.0, gutter_mm)
    edge = printer_margin_mm + MARK_GAP_MM + MARK_TIGHT_MM
    if cutter:
        edge = max(edge, printer_margin_mm + b + MARK_GAP_MM + REG_MIN_MM)
    options = []
    for rotated in (False, True):
        cw, ch = (h, w) if rotated else (w, h)
        cols, rows = _fit(paper, cw, ch, edge, g)
        options.append((cols * rows, not rotated, rotated, cols, rows, cw, ch))
    count, _, rotated, cols, rows, cw, ch = max(options)
    if count == 0:
        raise ValueError(f"a {w:g} x {h:g} mm card does not fit on {paper.name} with {printer_margin_mm:g} mm margins")
    gx0 = (paper.width_mm - cols * cw - (cols - 1) * g) / 2
    gy0 = (paper.height_mm - rows * ch - (rows - 1) * g) / 2
    grid = (gx0, gy0, gx0 + cols * cw + (cols - 1) * g, gy0 + rows * ch + (rows - 1) * g)
    inner = min(b, g / 2)  # bleed kept towards a neighbour
    # bleed kept towards the margins: all of it, or what the printable area holds
    m = printer_margin_mm
    left, bottom = min(b, grid[0] - m), min(b, grid[1] - m)
    right, top = min(b, paper.width_mm - m - grid[2]), min(b, paper.height_mm - m - grid[3])
    slots = []
    for row in range(rows):
        for col in range(cols):
            x0 = gx0 + col * (cw + g)
            y0 = gy0 + (rows - 1 - row) * (ch + g)
            if rotated:  # a quarter turn anticlockwise: the card's top points to the left
                transform = translate(x0 + cw, y0) @ Affine(a=0.0, b=1.0, c=-1.0, d=0.0)
            else:
                transform = translate(x0, y0)
            trim = (x0, y0, x0 + cw, y0 + ch)
            clip = (
                x0 - (left if col == 0 else inner),
                y0 - (bottom if row == rows - 1 else inner),
                x0 + cw + (right if col == cols - 1 else inner),
                y0 + ch + (top if row == 0 else inner),
            )
            slots.append(Slot(transform, trim, clip))
    return SheetLayout(paper, cols, rows, rotated, tuple(slots), grid)


def sheet_in_use(layout: SheetLayout, count: int, bleed_mm: float) -> SheetLayout:
    """The layout of a sheet holding only its first `count` cards (the last sheet of a deck that
    does not fill it): those slots, their grid, and a card whose neighbour slot stays empty keeps
    its whole bleed on that side (it is an outer edge now, cut on its own). Crop marks and the
    backs' guides drawn from it follow the cards that are there."""
    if count >= layout.per_sheet:
        return layout
    cols, b = layout.cols, bleed_mm
    slots = []
    for i, slot in enumerate(layout.slots[:count]):
        x0, y0, x1, y1 = slot.clip
        if i % cols < cols - 1 and i + 1 >= count:  # nothing to its right
            x1 = max(x1, slot.trim[2] + b)
        if i // cols < layout.rows - 1 and i + cols >= count:  # nothing below it
            y0 = min(y0, slot.trim[1] - b)
        slots.append(Slot(slot.transform, slot.trim, (x0, y0, x1, y1)))
    trims = [s.trim for s in slots]
    grid = (min(t[0] for t in trims), min(t[1] for t in trims), max(t[2] for t in trims), max(t[3] for t in trims))
    return SheetLayout(layout.paper, min(cols, count), math.ceil(count / cols), layout.rotated, tuple(slots), grid)


def fitting_gutter(paper: Paper, geometry: CardFormat, printer_margin_mm: float, cutter: bool,
                   wanted_mm: float) -> float:
    """The widest gutter up to `wanted_mm` (in half millimetres) that keeps as many cards on the
    sheet as touching cards get: a card whose art runs to its edge then keeps that much of its
    bleed towards its neighbour, at no cost in sheets."""
    count = sheet_layout(paper, geometry, printer_margin_mm, 0.0, cutter).per_sheet
    gutter = wanted_mm
    while gutter > 0 and sheet_layout(paper, geometry, printer_margin_mm, gutter, cutter).per_sheet < count:
        gutter -= 0.5
    return max(gutter, 0.0)


def back_slot(slot: Slot, layout: SheetLayout, geometry: CardFormat, flip: Flip, offset_mm: tuple[float, float]) -> Slot:
    """The slot on the back page that lies behind `slot` after the flip, moved by the user's offset."""
    shift = translate(*offset_mm)
    sheet = shift @ sheet_flip(layout.paper, flip)
    transform = sheet @ slot.transform @ card_turn(geometry)
    return Slot(transform, sheet.map_rect(slot.trim), sheet.map_rect(slot.clip))


def image_matrix(slot_transform: Affine, geometry: CardFormat) -> Affine:
    """Image unit square -> page points, for a card image that includes its bleed."""
    b = geometry.bleed_mm
    unit = Affine(a=geometry.width_mm + 2 * b, d=geometry.height_mm + 2 * b, e=-b, f=-b)
    return MM_TO_PT @ slot_transform @ unit


def _clip_pt(rect: Rect) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (mm_to_pt(v) for v in rect)
    return (x0, y0, x1 - x0, y1 - y0)


# --------------------------------------------------------------------------- drawing


def crop_marks(layout: SheetLayout, geometry: CardFormat, printer_margin_mm: float) -> list[Rect]:
    """Crop mark segments (x0, y0, x1, y1 in mm): every cut line extended beyond the cards it runs
    along, beyond the bleed, or over the outer bleed where the margin has no room for a mark beyond it.

    Each line's marks stand at the ends of the cards on it, so on a sheet that is not full
    (`sheet_in_use`) a column's marks sit under its own last card, not under an empty row."""
    beyond = geometry.bleed_mm + MARK_GAP_MM
    paper = layout.paper
    trims = [s.trim for s in layout.slots]
    xs = sorted({round(v, 6) for t in trims for v in (t[0], t[2])})
    ys = sorted({round(v, 6) for t in trims for v in (t[1], t[3])})
    marks: list[Rect] = []

    def span(inner: float, outer_limit: float, direction: int) -> tuple[float, float] | None:
        room = (outer_limit - inner) * direction  # from the trim to the printable edge
        start = beyond if room - beyond >= MARK_MIN_MM - 1e-9 else MARK_GAP_MM
        length = min(MARK_MAX_MM, room - start)
        if length < MARK_TIGHT_MM - 1e-9:
            return None
        a = inner + direction * start
        return a, a + direction * length

    for x in xs:
        along = [t for t in trims if x in (round(t[0], 6), round(t[2], 6))]
        top = span(max(t[3] for t in along), paper.height_mm - printer_margin_mm, +1)
        bottom = span(min(t[1] for t in along), printer_margin_mm, -1)
        for seg in (top, bottom):
            if seg:
                marks.append((x, min(seg), x, max(seg)))
    for y in ys:
        along = [t for t in trims if y in (round(t[1], 6), round(t[3], 6))]
        left = span(min(t[0] for t in along), printer_margin_mm, -1)
        right = span(max(t[2] for t in along), paper.width_mm - printer_margin_mm, +1)
        for seg in (left, right):
            if seg:
                marks.append((min(seg), y, max(seg), y))
    return marks


#: The room a label's line takes across (its letters at up to 6 pt, and a little air).
LABEL_LINE_MM = 2.5


def _label_size(canvas: Canvas, font: str, text: str, room_mm: float) -> float:
    """The label's size: 6 pt, down to 4 pt for a long text in a narrow space."""
    size = 6.0
    while size > 4.0 and canvas.stringWidth(text, font, size) > mm_to_pt(room_mm):
        size -= 0.25
    return size


def _label(canvas: Canvas, layout: SheetLayout, geometry: CardFormat, text: str, printer_margin_mm: float = 0.0) -> None:
    """A one-line note in the top margin, between the first two cut lines, so it crosses no mark.

    On a sheet filled nearly to its printable edge there is no room above the cards inside the
    printable area; the note then runs up the left margin, between the top two cuts, or is left out
    when that has no room either (rather than printed half)."""
    font = register_font(LABEL_FONT)
    gx0, _, gx1, gy1 = layout.grid
    paper = layout.paper
    xs = sorted({s.trim[0] for s in layout.slots} | {s.trim[2] for s in layout.slots})
    left, right = (xs[0], xs[1]) if len(xs) > 1 else (gx0, gx1)
    size = _label_size(canvas, font, text, right - left - 4.0)
    baseline = gy1 + geometry.bleed_mm + MARK_GAP_MM + 0.5
    if baseline + LABEL_LINE_MM > paper.height_mm:
        return
    canvas.setFillGray(0.35)
    if baseline + LABEL_LINE_MM <= paper.height_mm - printer_margin_mm + 1e-6:
        canvas.setFont(font, size)
        canvas.drawString(mm_to_pt(left + 2.0), mm_to_pt(baseline), text)
        return
    ys = sorted({s.trim[1] for s in layout.slots} | {s.trim[3] for s in layout.slots})
    low, high = (ys[-2], ys[-1]) if len(ys) > 1 else (layout.grid[1], gy1)
    outer_bleed = min(geometry.bleed_mm, gx0 - printer_margin_mm)
    baseline_x = gx0 - outer_bleed - MARK_GAP_MM - 0.5  # the letters stand to the left of it, reading upwards
    if baseline_x - LABEL_LINE_MM < printer_margin_mm - 1e-6:
        return
    canvas.saveState()
    canvas.translate(mm_to_pt(baseline_x), mm_to_pt(low + 2.0))
    canvas.rotate(90)
    canvas.setFont(font, _label_size(canvas, font, text, high - low - 4.0))
    canvas.drawString(0, 0, text)
    canvas.restoreState()


def marks_over_cards(marks: Sequence[Rect], layout: SheetLayout) -> list[bool]:
    """For each mark, whether it lies over a card's printed bleed (a sheet filled to its printable edge)."""
    eps = 1e-6

    def over(mark: Rect, clip: Rect) -> bool:
        x0, y0, x1, y1 = mark
        if x0 == x1:  # a mark on a vertical cut: it may run along the edge between two cards' bleeds
            return clip[0] - eps <= x0 <= clip[2] + eps and max(y0, y1) > clip[1] + eps and min(y0, y1) < clip[3] - eps
        return clip[1] - eps <= y0 <= clip[3] + eps and max(x0, x1) > clip[0] + eps and min(x0, x1) < clip[2] - eps

    return [any(over(mark, slot.clip) for slot in layout.slots) for mark in marks]


def _draw_marks(canvas: Canvas, marks: Sequence[Rect], gray: float = 0.0, halo: Sequence[bool] = ()) -> None:
    """The marks as hairlines; those flagged in `halo` first get a white line under them."""
    if any(halo):
        canvas.setStrokeGray(1.0)
        canvas.setLineWidth(MARK_HALO_PT)
        for (x0, y0, x1, y1), white in zip(marks, halo):
            if white:
                canvas.line(mm_to_pt(x0), mm_to_pt(y0), mm_to_pt(x1), mm_to_pt(y1))
    canvas.setStrokeGray(gray)
    canvas.setLineWidth(MARK_WIDTH_PT)
    for x0, y0, x1, y1 in marks:
        canvas.line(mm_to_pt(x0), mm_to_pt(y0), mm_to_pt(x1), mm_to_pt(y1))


def back_guides(marks: Sequence[Rect], layout: SheetLayout, flip: Flip, offset_mm: tuple[float, float]) -> list[Rect]:
    """The crop marks as they land on the back page: where the cuts come through, for checking the duplex."""
    sheet = translate(*offset_mm) @ sheet_flip(layout.paper, flip)
    return [sheet.map_rect(mark) for mark in marks]


#: Registration marks for cutting machines: a filled square top left, corner brackets top right and
#: bottom left (the usual print-and-cut layout), each at most REG_SIZE_MM, in the paper's corners
#: where no card, bleed or crop mark is, and never smaller than REG_MIN_MM.
REG_SIZE_MM = 5.0
REG_MIN_MM = 2.5
REG_LINE_MM = 0.5


def registration_marks(layout: SheetLayout, geometry: CardFormat, printer_margin_mm: float) -> list[tuple[str, Rect]]:
    """('square' | 'bracket-tr' | 'bracket-bl', box in mm, y up) for the three cutter marks.

    Each sits in a corner of the printable area, in the room left between the paper's margin and
    the cards' bleed (the crop marks run beside the cards, not there)."""
    gx0, gy0, gx1, gy1 = layout.grid
    clear = geometry.bleed_mm + MARK_GAP_MM
    m = printer_margin_mm
    w, h = layout.paper.width_mm, layout.paper.height_mm
    room_x = gx0 - clear - m
    room_y = min(h - m - (gy1 + clear), gy0 - clear - m)
    size = min(REG_SIZE_MM, room_x, room_y)
    if size < REG_MIN_MM:
        raise ValueError(f"no room for cutter registration marks in the corners of {layout.paper.name} "
                         f"({size:.1f} mm; they need {REG_MIN_MM:g}); use a smaller gutter or margin, or a larger paper")
    return [
        ("square", (m, h - m - size, m + size, h - m)),
        ("bracket-tr", (w - m - size, h - m - size, w - m, h - m)),
        ("bracket-bl", (m, m, m + size, m + size)),
    ]


def _bracket_lines(kind: str, box: Rect) -> list[Rect]:
    """The two legs of a corner bracket, drawn inside its box (half the line width in)."""
    x0, y0, x1, y1 = box
    i = REG_LINE_MM / 2
    if kind == "bracket-tr":
        return [(x0, y1 - i, x1, y1 - i), (x1 - i, y0, x1 - i, y1)]
    return [(x0, y0 + i, x1, y0 + i), (x0 + i, y0, x0 + i, y1)]


def _draw_registration(canvas: Canvas, marks: list[tuple[str, Rect]]) -> None:
    canvas.saveState()
    canvas.setFillGray(0.0)
    canvas.setStrokeGray(0.0)
    canvas.setLineWidth(mm_to_pt(REG_LINE_MM))
    for kind, box in marks:
        x0, y0, x1, y1 = box
        if kind == "square":
            canvas.rect(mm_to_pt(x0), mm_to_pt(y0), mm_to_pt(x1 - x0), mm_to_pt(y1 - y0), stroke=0, fill=1)
        else:
            for a, b, c, d in _bracket_lines(kind, box):
                canvas.line(mm_to_pt(a), mm_to_pt(b), mm_to_pt(c), mm_to_pt(d))
    canvas.restoreState()


def cut_svg(layout: SheetLayout, corner_mm: float, registration: list[tuple[str, Rect]] | None = None) -> str:
    """An SVG of the sheet in millimetres: each card's cut path (its trim with rounded corners) in red hairline,
    and the registration marks, so a cutter's software lines the cuts up with the printed sheet."""
    w, h = layout.paper.width_mm, layout.paper.height_mm

    def n(v: float) -> str:
        return f"{v:.3f}".rstrip("0").rstrip(".")

    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{n(w)}mm" height="{n(h)}mm" viewBox="0 0 {n(w)} {n(h)}">',
        f"  <title>{layout.paper.name}: cut paths of {layout.per_sheet} cards</title>",
        '  <g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">',
    ]
    for slot in layout.slots:
        x0, y0, x1, y1 = slot.trim
        r = min(corner_mm, (x1 - x0) / 2, (y1 - y0) / 2)
        lines.append(f'    <rect x="{n(x0)}" y="{n(h - y1)}" width="{n(x1 - x0)}" height="{n(y1 - y0)}" rx="{n(r)}" ry="{n(r)}"/>')
    lines.append("  </g>")
    if registration:
        lines.append('  <g id="registration" fill="#000000" stroke="#000000">')
        for kind, (x0, y0, x1, y1) in registration:
            if kind == "square":
                lines.append(f'    <rect x="{n(x0)}" y="{n(h - y1)}" width="{n(x1 - x0)}" height="{n(y1 - y0)}" stroke="none"/>')
            else:
                for a, b, c, d in _bracket_lines(kind, (x0, y0, x1, y1)):
                    lines.append(f'    <line x1="{n(a)}" y1="{n(h - b)}" x2="{n(c)}" y2="{n(h - d)}" '
                                 f'stroke-width="{n(REG_LINE_MM)}"/>')
        lines.append("  </g>")
    lines.append("</svg>")
    return "\n".join(lines) + "\n"


def _viewer_preferences(canvas: Canvas, flip: Flip) -> None:
    """Ask viewers to print at 100 % and to flip the way the backs were laid out for."""
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge" if flip == "long" else "DuplexFlipShortEdge")


def write_sheets(
    cards: Sequence[CardArt],
    geometry: CardFormat,
    target: Path,
    paper: Paper,
    *,
    flip: Flip = "long",
    offset_mm: tuple[float, float] = (0.0, 0.0),
    printer_margin_mm: float = 5.0,
    gutter_mm: float = 0.0,
    cutter: bool = False,
    corner_mm: float | None = None,
    title: str = "deckgen deck",
    vectors: dict[str, VectorFace] | None = None,
    colour_of: Any = None,
    date: PdfDate | None = None,
) -> Path:
    """Face sheet, its back sheet, face sheet, back sheet...: print the whole file duplex at 100 %.

    With `cutter`, the face sheets carry registration marks and `target` with `-cut.svg` for `.pdf`
    gets the cut paths (written first: the PDF's rename is the last step), with the card's corners
    (`corner_mm` overrides them). Faces in `vectors` (keyed by their PNG's path) are their picture
    without symbols and words, and those drawn as vector shapes. `date`: the build's (see `new_canvas`)."""
    if not cards:
        raise ValueError("no cards to print")
    layout = sheet_layout(paper, geometry, printer_margin_mm, gutter_mm, cutter)
    images = load_images(cards, geometry)
    for key, face in (vectors or {}).items():
        if face.has_picture:
            images[key] = face.rgb_image()
    n_sheets = math.ceil(len(cards) / layout.per_sheet)
    flip_words = "flip on long edge" if flip == "long" else "flip on short edge"
    registration = registration_marks(layout, geometry, printer_margin_mm) if cutter else []
    if cutter:
        write_bytes_atomic(cut_svg_path(target), cut_svg(layout, geometry.corner_radius_mm if corner_mm is None else corner_mm, registration).encode("utf-8"))

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (paper.width_mm, paper.height_mm), f"{title}: {paper.name} sheets", "home-print sheets",
                        date=date)
    _viewer_preferences(canvas, flip)
    pages: list[list[Placement]] = []
    sets: dict[int, tuple[SheetLayout, list[Rect], list[Rect], list[bool]]] = {}  # by how many cards a sheet holds
    for sheet in range(n_sheets):
        batch = cards[sheet * layout.per_sheet : (sheet + 1) * layout.per_sheet]
        if len(batch) not in sets:  # worked out once for full sheets, once more for a last one that is not
            used = sheet_in_use(layout, len(batch), geometry.bleed_mm)
            marks = crop_marks(used, geometry, printer_margin_mm)
            # a guide lies over the backs where its mark lies over the faces
            sets[len(batch)] = (used, marks, back_guides(marks, used, flip, offset_mm), marks_over_cards(marks, used))
        used, marks, guides, halo = sets[len(batch)]
        front: list[Placement] = []
        back: list[Placement] = []
        for card, slot in zip(batch, used.slots):
            drawn = vectors.get(str(card.face)) if vectors is not None else None
            whole = image_matrix(slot.transform, geometry).six
            if drawn is None:
                front.append(Placement(str(card.face), whole, _clip_pt(slot.clip)))
            elif drawn.has_picture:  # a vector face: only its photo is a picture
                front += [Placement(str(card.face), m, _clip_pt(slot.clip)) for m in drawn.image_matrices(whole)]
            behind = back_slot(slot, layout, geometry, flip, offset_mm)
            back.append(Placement(str(card.back), image_matrix(behind.transform, geometry).six, _clip_pt(behind.clip)))
        for card, slot in zip(batch, used.slots):
            if vectors is not None and str(card.face) in vectors:
                _draw_vectors(canvas, vectors[str(card.face)], slot, geometry, colour_of)
        _draw_marks(canvas, marks, halo=halo)
        if registration:
            _draw_registration(canvas, registration)
        _label(canvas, used, geometry, f"Sheet {sheet + 1} of {n_sheets}, faces. Print duplex at 100 %, {flip_words}.",
               printer_margin_mm)
        canvas.showPage()
        _draw_marks(canvas, guides, GUIDE_GRAY, halo)
        _label(canvas, used, geometry, f"Sheet {sheet + 1} of {n_sheets}, backs.", printer_margin_mm)
        canvas.showPage()
        pages.extend([front, back])
    return save_pdf(add_images(canvas_bytes(canvas, buffer), images, pages), target)


def _draw_vectors(canvas: Canvas, face: VectorFace, slot: Slot, geometry: CardFormat, colour_of: Any) -> None:
    """A face's shapes in its slot, inside the slot's clip (its ground runs through the bleed):
    card points (y up from the trim's foot) -> page points."""
    to_card_pt = scale(1 / mm_to_pt(1.0), 1 / mm_to_pt(1.0))
    m = MM_TO_PT @ slot.transform @ to_card_pt
    canvas.saveState()
    x, y, w, h = _clip_pt(slot.clip)
    box = canvas.beginPath()
    box.rect(x, y, w, h)
    canvas.clipPath(box, stroke=0, fill=0)
    canvas.transform(*m.six)
    draw_shapes(canvas, face.shapes, (0.0, mm_to_pt(geometry.height_mm)), colour_of)
    canvas.restoreState()


def cut_svg_path(sheets_pdf: Path) -> Path:
    """sheets-a4.pdf -> sheets-a4-cut.svg, beside it."""
    return Path(sheets_pdf).with_name(Path(sheets_pdf).stem + "-cut.svg")
