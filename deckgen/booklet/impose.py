"""Saddle-stitch imposition: the pocket pages laid out two by two on A4 or Letter, for a home printer.

Each sheet side carries one spread at actual size (never scaled: the folded
booklet must still fit the tin). Sheets are printed on both sides (flip on the
short edge), stacked in order, folded in the middle, stapled on the fold and
trimmed at the corner marks. The page count is padded to a multiple of four with
blank pages placed before the back cover, so the back cover stays outside.
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
    """Where the spread sits on the sheet, in points from the lower left."""

    sheet_w: float
    sheet_h: float
    page_w: float
    page_h: float

    @property
    def x0(self) -> float:
        return (self.sheet_w - 2 * self.page_w) / 2

    @property
    def y0(self) -> float:
        return (self.sheet_h - self.page_h) / 2


def _placement(sheet: str, page_w: float, page_h: float) -> Placement:
    if sheet not in SHEETS:
        raise UserError(unknown_choice("sheet size", sheet, SHEETS))
    w_mm, h_mm = SHEETS[sheet]
    p = Placement(mm_to_pt(w_mm), mm_to_pt(h_mm), page_w, page_h)
    margin = mm_to_pt(MARK_GAP_MM + 1.5 + MARK_EDGE_MM)
    if p.x0 < margin or p.y0 < margin:
        raise UserError(
            f"pages of {page_w / 72 * 25.4:.0f} x {page_h / 72 * 25.4:.0f} mm do not fit two by two on {sheet} "
            "with room for the marks"
        )
    return p


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
    length = down
    left, right = p.x0, p.x0 + 2 * p.page_w
    bottom, top = p.y0, p.y0 + p.page_h
    middle = p.x0 + p.page_w
    for s in range(n_sheets):
        for side in ("front", "back"):
            c.setStrokeColor(colors.black)
            c.setLineWidth(0.25)
            for x in (left, right):
                for y, direction in ((bottom, -1), (top, 1)):
                    c.line(x, y + direction * gap, x, y + direction * (gap + length))  # vertical trim mark
                    outward = -1 if x == left else 1
                    c.line(x + outward * gap, y, x + outward * (gap + across), y)  # horizontal trim mark
            c.setDash(2, 1.5)
            for y, direction in ((bottom, -1), (top, 1)):
                c.line(middle, y + direction * gap, middle, y + direction * (gap + length + 2))  # fold mark
            c.setDash()
            c.setFont(BODY, 6.5)
            c.setFillColor(colors.HexColor("#6b6b75"))
            words = (
                f"{title} · sheet {s + 1} of {n_sheets}, {side} · print both sides, flip on the short edge, "
                "at actual size (100 %, no fit to page) · fold on the dashed marks, staple on the fold, "
                "trim at the corner marks"
            )
            c.drawCentredString(p.sheet_w / 2, bottom - gap - length - mm_to_pt(4.5), words)
            c.showPage()
    c.save()
    return buf.getvalue()


def impose(pocket_pdf: Path, target: Path, sheet: str = "a4", date: PdfDate | None = None) -> int:
    """Write the saddle-stitch imposition of `pocket_pdf` to `target`; returns the number of sheets.

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
        order = saddle_order(len(src.pages))
        title = str(src.docinfo.get("/Title", "Rules booklet"))
        author = src.docinfo.get("/Author")
        out = pikepdf.open(io.BytesIO(_marks_pdf(p, len(order), title, date)))
        forms = {}
        trims = {}
        for i, page in enumerate(src.pages):
            form = page.as_form_xobject()
            trim = [float(v) for v in page.trimbox]
            form.BBox = pikepdf.Array(trim)  # drawn clipped to the page as cut
            forms[i] = out.copy_foreign(form)
            trims[i] = trim
        for s, (front_l, front_r, back_l, back_r) in enumerate(order):
            for side, (a, b) in enumerate(((front_l, front_r), (back_l, back_r))):
                sheet_page = out.pages[2 * s + side]
                for k, index in enumerate((a, b)):
                    if index is None:
                        continue
                    x = p.x0 + k * p.page_w
                    name = sheet_page.add_resource(forms[index], pikepdf.Name.XObject, pikepdf.Name(f"/Page{index + 1}"))
                    tx, ty = x - trims[index][0], p.y0 - trims[index][1]
                    content = f"q 1 0 0 1 {tx:.4f} {ty:.4f} cm {name} Do Q\n".encode()
                    sheet_page.contents_add(pikepdf.Stream(out, content), prepend=True)
        out.docinfo["/Title"] = pikepdf.String(f"{title} (imposed for {sheet.upper()}, saddle stitch)")
        # the print dialog starts at actual size, both sides, flipping on the short edge
        out.Root.ViewerPreferences = pikepdf.Dictionary(
            PrintScaling=pikepdf.Name("/None"), Duplex=pikepdf.Name("/DuplexFlipShortEdge")
        )
        if author is not None:
            out.docinfo["/Author"] = author
        # the sheets hold the pocket's pages: at least the pocket's version (not the marks' own, which
        # is ReportLab's), and 1.5 for object streams (a smaller file)
        save_pdf(out, Path(target), max(str(src.pdf_version), "1.5", key=version_key))
        out.close()
    return len(order)
