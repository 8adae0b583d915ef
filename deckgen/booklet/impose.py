"""Saddle-stitch imposition: the pocket pages laid out on A4 or Letter, for a home printer.

Each sheet side carries two spreads, one above the other, where they fit at actual
size (never scaled: the folded booklet must still fit the tin), so four pocket
pages print on each side; otherwise one spread. Sheets are printed on both sides
(flip on the short edge: the back of the upper spread is the upper spread). With
two spreads a side, the stack is cut across the middle and the lower halves are
laid under the upper ones (cut and stack: the upper spreads hold the booklet's
outer sheets, the lower ones its inner sheets); then the sheets are folded in the
middle, stapled on the fold and trimmed at the marks. The page count is padded to
a multiple of four with blank pages placed before the back cover, so the back
cover stays outside.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pikepdf
from reportlab.lib import colors

from deckgen.booklet.styles import BODY, register_fonts
from deckgen.errors import UserError, unknown_choice
from deckgen.render.pdfcanvas import PRODUCER, Canvas, save_pdf, version_key
from deckgen.render.pdfdate import PdfDate, pdf_date, set_canvas_date
from deckgen.units import mm_to_pt

#: Sheet sizes in millimetres, landscape.
SHEETS: dict[str, tuple[float, float]] = {"a4": (297.0, 210.0), "letter": (279.4, 215.9)}

MARK_GAP_MM = 2.0
MARK_LENGTH_MM = 4.0
#: No mark comes nearer the sheet's edge than this: home printers do not print the last few millimetres.
MARK_EDGE_MM = 5.0

#: One sheet: (front left, front right, back left, back right), 0-based page indexes, None for a blank.
SheetPages = tuple[int | None, int | None, int | None, int | None]


def padded_sequence(n_pages: int) -> list[int | None]:
    """The booklet's pages in reading order, padded to a multiple of four with blanks before the back cover."""
    if n_pages < 1:
        raise ValueError("a booklet needs at least one page")
    total = -(-n_pages // 4) * 4
    pages: list[int | None] = list(range(n_pages))
    blanks: list[int | None] = [None] * (total - n_pages)
    if n_pages >= 2:
        return pages[:-1] + blanks + pages[-1:]
    return pages + blanks


def saddle_order(n_pages: int) -> list[SheetPages]:
    """Which page goes where on each sheet, outermost sheet first (8 pages: [8,1 | 2,7], [6,3 | 4,5])."""
    seq = padded_sequence(n_pages)
    total = len(seq)
    sheets: list[SheetPages] = []
    for s in range(total // 4):
        sheets.append((seq[total - 1 - 2 * s], seq[2 * s], seq[2 * s + 1], seq[total - 2 - 2 * s]))
    return sheets


@dataclass(frozen=True)
class Placement:
    """Where the spreads sit on the sheet, in points from the lower left: `rows` of them (1 or 2),
    one above the other, touching (the cut between them is one line)."""

    sheet_w: float
    sheet_h: float
    page_w: float
    page_h: float
    rows: int = 1

    @property
    def x0(self) -> float:
        return (self.sheet_w - 2 * self.page_w) / 2

    @property
    def y0(self) -> float:
        return (self.sheet_h - self.rows * self.page_h) / 2

    def row_y(self, row: int) -> float:
        """The bottom of spread `row` (0: the upper one)."""
        return self.y0 + (self.rows - 1 - row) * self.page_h


def _placement(sheet: str, page_w: float, page_h: float) -> Placement:
    """Two spreads a side where they fit with their marks (A4 for the pocket pages), else one."""
    if sheet not in SHEETS:
        raise UserError(unknown_choice("sheet size", sheet, SHEETS))
    w_mm, h_mm = SHEETS[sheet]
    margin = mm_to_pt(MARK_GAP_MM + 1.5 + MARK_EDGE_MM)
    stacked = Placement(mm_to_pt(w_mm), mm_to_pt(h_mm), page_w, page_h, rows=2)
    if stacked.x0 >= margin and stacked.y0 >= margin:
        return stacked
    p = Placement(mm_to_pt(w_mm), mm_to_pt(h_mm), page_w, page_h)
    if p.x0 < margin or p.y0 < margin:
        raise UserError(
            f"pages of {page_w / 72 * 25.4:.0f} x {page_h / 72 * 25.4:.0f} mm do not fit two by two on {sheet} "
            "with room for the marks"
        )
    return p


def sheet_rows(order: list[SheetPages], rows: int) -> list[list[SheetPages | None]]:
    """The booklet's sheets as printed: with two rows, the upper spreads hold the first half of the
    sheets and the lower ones the second half, so that one cut across the stack and the lower halves
    laid under the upper ones give the sheets in order (a last lower spread may stay empty)."""
    if rows == 1:
        return [[sheet] for sheet in order]
    half = -(-len(order) // 2)
    return [[order[i], order[half + i] if half + i < len(order) else None] for i in range(half)]


def _marks_pdf(p: Placement, n_sheets: int, title: str, date: PdfDate) -> bytes:
    """The sheets with only their marks and a line of instructions: the pages go on top."""
    register_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(p.sheet_w, p.sheet_h), invariant=1, initialFontName=BODY, pageCompression=1)
    set_canvas_date(c, date)
    c.setTitle(title)
    c.setCreator("deckgen")
    c.setProducer(PRODUCER)
    gap = mm_to_pt(MARK_GAP_MM)
    edge = mm_to_pt(MARK_EDGE_MM)
    # each mark as long as it may be and still end 5 mm inside the sheet (Letter is narrow for two pages)
    across = min(mm_to_pt(MARK_LENGTH_MM), p.x0 - gap - edge)
    down = min(mm_to_pt(MARK_LENGTH_MM), p.y0 - gap - edge)
    left, right = p.x0, p.x0 + 2 * p.page_w
    bottom, top = p.y0, p.y0 + p.rows * p.page_h
    middle = p.x0 + p.page_w
    lines = [p.y0 + k * p.page_h for k in range(p.rows + 1)]  # the trims and, with two rows, the cut
    for s in range(n_sheets):
        for side in ("front", "back"):
            c.setStrokeColor(colors.black)
            c.setLineWidth(0.25)
            for x in (left, right):
                for y, direction in ((bottom, -1), (top, 1)):
                    c.line(x, y + direction * gap, x, y + direction * (gap + down))  # vertical trim mark
                outward = -1 if x == left else 1
                for y in lines:
                    c.line(x + outward * gap, y, x + outward * (gap + across), y)  # horizontal trim (or cut) mark
            c.setDash(2, 1.5)
            for y, direction in ((bottom, -1), (top, 1)):
                c.line(middle, y + direction * gap, middle, y + direction * (gap + down + 2))  # fold mark
            c.setDash()
            c.setFont(BODY, 6.5)
            c.setFillColor(colors.HexColor("#6b6b75"))
            if p.rows == 1:
                words = (
                    f"{title} · sheet {s + 1} of {n_sheets}, {side} · print both sides, flip on the short edge, "
                    "at actual size (100 %, no fit to page) · fold on the dashed marks, staple on the fold, "
                    "trim at the corner marks"
                )
                c.drawCentredString(p.sheet_w / 2, bottom - gap - down - mm_to_pt(4.5), words)
            else:
                # under the spreads, level with the marks, half under each page (the fold mark between),
                # as large as fits
                halves = (
                    f"{title} · sheet {s + 1} of {n_sheets}, {side} · both sides, flip on the short edge, "
                    "actual size (100 %)",
                    "cut the stack across the middle, lower halves under the upper · fold on the dashed "
                    "marks, staple on the fold, trim at the corner marks",
                )
                room = p.page_w - mm_to_pt(8)
                size = min(6.5, *(room / max(c.stringWidth(h, BODY, 1), 1.0) for h in halves))
                c.setFont(BODY, size)
                for k, words in enumerate(halves):
                    c.drawCentredString(p.x0 + (k + 0.5) * p.page_w, bottom - gap - down / 2 - 0.35 * size, words)
            c.showPage()
    c.save()
    return buf.getvalue()


def impose(pocket_pdf: Path, target: Path, sheet: str = "a4", date: PdfDate | None = None) -> int:
    """Write the saddle-stitch imposition of `pocket_pdf` to `target`; returns the number of sheets
    printed (two spreads a side where they fit, see `_placement`).

    `date`: the booklet build's; by default read here, before ReportLab reads SOURCE_DATE_EPOCH
    itself (a bad value gets deckgen's message)."""
    date = pdf_date(date)
    with pikepdf.open(pocket_pdf) as src:
        if not src.pages:
            raise UserError(f"{pocket_pdf}: the booklet has no pages to impose")
        # the pages are placed by their trim box: the cover's bleed is cut away at the fold and edges
        box = src.pages[0].trimbox
        page_w, page_h = float(box[2]) - float(box[0]), float(box[3]) - float(box[1])
        p = _placement(sheet, page_w, page_h)
        printed = sheet_rows(saddle_order(len(src.pages)), p.rows)
        title = str(src.docinfo.get("/Title", "Rules booklet"))
        author = src.docinfo.get("/Author")
        out = pikepdf.open(io.BytesIO(_marks_pdf(p, len(printed), title, date)))
        forms = {}
        trims = {}
        for i, page in enumerate(src.pages):
            form = page.as_form_xobject()
            trim = [float(v) for v in page.trimbox]
            form.BBox = pikepdf.Array(trim)  # drawn clipped to the page as cut
            forms[i] = out.copy_foreign(form)
            trims[i] = trim
        for s, spreads in enumerate(printed):
            for row, spread in enumerate(spreads):
                if spread is None:
                    continue
                front_l, front_r, back_l, back_r = spread
                for side, (a, b) in enumerate(((front_l, front_r), (back_l, back_r))):
                    sheet_page = out.pages[2 * s + side]
                    for k, index in enumerate((a, b)):
                        if index is None:
                            continue
                        x = p.x0 + k * p.page_w
                        name = sheet_page.add_resource(forms[index], pikepdf.Name.XObject, pikepdf.Name(f"/Page{index + 1}"))
                        tx, ty = x - trims[index][0], p.row_y(row) - trims[index][1]
                        content = f"q 1 0 0 1 {tx:.4f} {ty:.4f} cm {name} Do Q\n".encode()
                        sheet_page.contents_add(pikepdf.Stream(out, content), prepend=True)
        out.docinfo["/Title"] = pikepdf.String(f"{title} (imposed for {sheet.upper()}, saddle stitch)")
        # the print dialog starts at actual size, both sides, flipping on the short edge
        out.Root.ViewerPreferences = pikepdf.Dictionary(
            PrintScaling=pikepdf.Name("/None"), Duplex=pikepdf.Name("/DuplexFlipShortEdge")
        )
        if author is not None:
            out.docinfo["/Author"] = pikepdf.String(str(author))  # a copy: the value belongs to the pocket PDF
        # the sheets hold the pocket's pages: at least the pocket's version (not the marks' own, which
        # is ReportLab's), and 1.5 for object streams (a smaller file)
        save_pdf(out, Path(target), max(str(src.pdf_version), "1.5", key=version_key))
        out.close()
    return len(printed)
