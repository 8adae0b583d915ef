"""The tuck box: a printed, die-cut card box for a deck that does not go in the tin.

The net (`deckgen.render.tucknet`) is sized from the card format and the deck's
thickness. On it the theme's art: the lid's pattern over the whole net, the lid's
label (title, subtitle, ornament) on the front below the thumb notch, the deck's
own card back laid out for the back panel, and the deck's name on both sides,
the card's safe margin from the folds. The glue tab is left unprinted (glue
holds on bare board). Files, in out_dir/box/:

- `tuck-box.pdf`: the print-shop file. The page is the net's bounding box with
  3 mm bleed (TrimBox = the net's box, BleedBox = the page); the art runs 3 mm
  past the cut line; the cut outline is a separate overprinting Separation
  colour `CutContour` and the folds another, `Crease`, neither part of the art.
  CMYK PDF/X-4 through the deck's print profile like the other print files. The art is
  drawn as vector shapes and text in the embedded fonts (`tuck_vectors`), as the lid's and
  the backs' print files are: each colour one CMYK build, the deck's black 100 % K
  overprinting; the photos (the lid's on the front, the back's on the back panel) are the
  only pictures.
- `tuck-box-<paper>.pdf` for each home paper ([print] paper, A4 and Letter by
  default): the net at 100 % with solid cut lines and dashed fold lines, a 50 mm
  bar to check the printer did not scale it, and how to put it together; the same shapes in RGB. A net
  too big for one sheet is printed in two pieces on two (`tucknet.split_net`,
  a second glue tab and ticks to line them up), and the build says so; one too
  big for that gets no home sheet on that paper, and the build says which sheet
  it would need.
- `tuck-box-die.svg`: the die line alone for the cutter, in mm on the print file's page, the cut
  and fold lines in separate named layers (`deckgen.render.dieline`).
- `tuck-box.png`: a preview of the net with its lines.

The art is laid out in `deckgen.render.tuckart` (as a picture: the preview, and the print files of a
deck whose font cannot be embedded) and `deckgen.render.tuckvector` (as shapes for the PDFs); this
module checks the box, writes its files and the home sheets.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from deckgen.design import Design
from deckgen.errors import ConfigError, DeckgenWarning, collected_warnings, warn
from deckgen.fileio import save_png, write_bytes_atomic
from deckgen.papers import Paper, paper_file_name, paper_named
from deckgen.render.cmyk import print_art_pdf
from deckgen.render.dieline import die_line_svg
from deckgen.render.pdfcanvas import (
    CUT_CONTOUR, EmbeddedImage, Placement, add_images, canvas_bytes, image_from_array, new_canvas,
    register_font, save_pdf, spot_stroke, BODY_FONT,
)
from deckgen.render.pdfdate import PdfDate
from deckgen.render.tuckart import (
    TUCK_BLEED_MM, TUCK_PDF_DPI, _mm_to_px_xy, _paste_front, front_picture_region, piece_art, render_tuck_art,
)
from deckgen.render.tuckvector import TuckVectors, box_colours, draw_tuck_vectors, tuck_vectors
from deckgen.render.tucknet import Line, NetPiece, TuckBoxNet, split_net, tuck_box_net
from deckgen.units import MM_PER_INCH, mm_to_pt, mm_to_px, px_per_mm

__all__ = [
    "BOX_DIR",
    "CREASE",
    "TUCK_BLEED_MM",
    "TinWarning",
    "TuckBoxWarning",
    "build_tuck_box",
    "check_box",
    "check_tuck_box",
    "draw_net_lines",
    "front_picture_region",
    "home_paper",
    "remove_stale",
    "render_tuck_art",
    "tuck_net",
    "warn_if_not_in_tin",
    "write_tuck_box_home_pdf",
    "write_tuck_box_pdf",
]

Advance = Callable[[str], None]

#: Where the box's files go, inside the output folder.
BOX_DIR = "box"
#: The spot colour of the fold (crease) lines; the cut line is CutContour, as on the print-shop file.
CREASE = "Crease"
CREASE_CMYK = (1.0, 0.0, 0.0, 0.0)  # shown as cyan by a viewer; the cut line's alternate is magenta
#: The PNG preview's resolution: a third of it.
PREVIEW_DPI = TUCK_PDF_DPI // 3
#: The band under a home sheet's net for the scale bar and the steps.
WORDS_MM = 14.0


class TuckBoxWarning(DeckgenWarning):
    """The tuck box's home-print net did not fit the paper asked for."""


class TinWarning(DeckgenWarning):
    """The deck's cards do not go in the 141 x 100 mm tin the deck is made for."""


def tuck_net(design: Design) -> TuckBoxNet:
    """The deck's box net: its card format, its card count and [box]'s thickness and clearance."""
    box = design.box
    try:
        return tuck_box_net(design.card.width_mm, design.card.height_mm, design.card_count, box.card_thickness_mm,
                            box.clearance_mm)
    except ValueError as exc:
        raise ConfigError(design.source, "box.card_thickness_mm",
                          f"{exc}; use thicker cards here or [box] kind = \"tin\"") from None


def check_tuck_box(design: Design) -> None:
    """What would stop the box, found before anything is written: a deck too thin for a box, and the
    lid's words or picture that do not fit the front (drawn small, in memory)."""
    net = tuck_net(design)
    dpi = 72
    scratch = Image.new("RGB", (mm_to_px(net.size_mm[0], dpi), mm_to_px(net.size_mm[1], dpi)))
    with collected_warnings():
        _paste_front(design, net, scratch, dpi, 0.0)


def check_box(design: Design) -> None:
    """The deck's container before anything is written: a tuck box is drawn small in memory
    (`check_tuck_box`); cards the tin cannot hold are said in a one-line warning naming the format."""
    if design.box.kind == "tuck":
        check_tuck_box(design)
    else:
        warn_if_not_in_tin(design)


def warn_if_not_in_tin(design: Design) -> None:
    """A one-line TinWarning when the deck's cards do not go in the tin (`deckgen tin` makes the lid
    whatever the [box] kind, so it asks this directly)."""
    misfit = design.tin_misfit()
    if misfit is not None:
        warn(TinWarning(f"{design.source}: {misfit}"))


# ------------------------------------------------------------------ the lines


def _stroke_net(canvas: Canvas, net: TuckBoxNet | NetPiece, origin_mm: tuple[float, float], cut: bool = True) -> None:
    """Stroke the outline (`cut`) or the fold lines, with the canvas's current stroke settings."""
    ox, oy = origin_mm

    def pt(p: tuple[float, float]) -> tuple[float, float]:
        return mm_to_pt(p[0] + ox), mm_to_pt(p[1] + oy)

    path = canvas.beginPath()
    if cut:
        path.moveTo(*pt(net.start))
        for op in net.outline:
            if isinstance(op, Line):
                path.lineTo(*pt(op.to))
            else:
                cx, cy = pt(op.centre)
                r = mm_to_pt(op.radius)
                path.arcTo(cx - r, cy - r, cx + r, cy + r, startAng=op.start_deg, extent=op.extent_deg)
        path.close()
    else:
        for a, b in net.folds:
            path.moveTo(*pt(a))
            path.lineTo(*pt(b))
    canvas.drawPath(path, stroke=1, fill=0)


def write_tuck_box_pdf(design: Design, target: Path, net: TuckBoxNet | None = None,
                       vectors: TuckVectors | None = None, art: Image.Image | None = None,
                       date: PdfDate | None = None) -> Path:
    """The print-shop file: the net with 3 mm bleed, TrimBox on the net, BleedBox on the page, the
    cut line (CutContour) and the folds (Crease) as separate spot colours; CMYK PDF/X-4 through the
    deck's print profile (sRGB when [print] cmyk = false). The art is vector shapes and text
    (`tuck_vectors`: the deck's black 100 % K overprinting), the photos its only pictures; with a font
    that cannot be embedded, the art is one picture at TUCK_PDF_DPI: `art` when the caller has drawn
    it already (the build draws it once for this file, the home sheets and the preview). `date`: the
    build's; by default SOURCE_DATE_EPOCH's (pdfdate.pdf_date)."""
    net = net or tuck_net(design)
    if art is None and vectors is None:
        vectors = tuck_vectors(design, net)
    b = TUCK_BLEED_MM
    w_mm, h_mm = net.size_mm
    page_mm = (w_mm + 2 * b, h_mm + 2 * b)
    width_pt, height_pt = mm_to_pt(page_mm[0]), mm_to_pt(page_mm[1])
    buffer = io.BytesIO()
    title = f"{design.name}: tuck box"
    canvas = new_canvas(buffer, page_mm, title,
                        "tuck-box print file: trim and bleed boxes set, cut and crease lines as spot colours", date=date)
    canvas.setTrimBox((mm_to_pt(b), mm_to_pt(b), mm_to_pt(b + w_mm), mm_to_pt(b + h_mm)))
    canvas.setBleedBox((0, 0, width_pt, height_pt))
    if vectors is not None:
        placements = draw_tuck_vectors(canvas, vectors, net, (b, b), box_colours(design, design.print.rgb))
        pictures = vectors.pictures()
    else:
        pictures = {"box": art if art is not None else render_tuck_art(design, net)}
        placements = [Placement("box", (width_pt, 0, 0, height_pt, 0, 0))]
    with spot_stroke(canvas, CREASE, CREASE_CMYK):
        _stroke_net(canvas, net, (b, b), cut=False)
    with spot_stroke(canvas, CUT_CONTOUR):
        _stroke_net(canvas, net, (b, b), cut=True)
    canvas.showPage()
    pdf = print_art_pdf(canvas_bytes(canvas, buffer), pictures, [placements], design.print, title, date)
    return save_pdf(pdf, target)


# ------------------------------------------------------------------ home print


def home_paper(size_mm: tuple[float, float], paper: Paper, margin_mm: float) -> tuple[float, float] | None:
    """The page (width, height in mm) a net or piece of this size and its bleed fit on inside the printer's
    margins, upright or turned, with room for the words below it if either way has that; None when neither fits."""
    need = (size_mm[0] + 2 * TUCK_BLEED_MM, size_mm[1] + 2 * TUCK_BLEED_MM)
    pages = ((paper.width_mm, paper.height_mm), (paper.height_mm, paper.width_mm))
    for words in (WORDS_MM, 0.0):
        for page in pages:
            if need[0] <= page[0] - 2 * margin_mm and need[1] + words <= page[1] - 2 * margin_mm:
                return page
    return None


def home_sheets(net: TuckBoxNet, paper: Paper, margin_mm: float) -> list[tuple[NetPiece, tuple[float, float]]] | None:
    """The sheets of `paper` the box prints on at home, each (piece, page size): the whole net on one, else
    the two pieces of `split_net` on one each; None when even a piece does not fit."""
    whole = net.whole()
    page = home_paper(whole.size_mm, paper, margin_mm)
    if page is not None:
        return [(whole, page)]
    pieces = split_net(net)
    pages = [home_paper(piece.size_mm, paper, margin_mm) for piece in pieces]
    if any(p is None for p in pages):
        return None
    return [(piece, p) for piece, p in zip(pieces, pages) if p is not None]


def _with_bleed(size_mm: tuple[float, float]) -> str:
    return f"{size_mm[0] + 2 * TUCK_BLEED_MM:.0f} x {size_mm[1] + 2 * TUCK_BLEED_MM:.0f} mm"


def not_on_paper(net: TuckBoxNet, paper: Paper, margin_mm: float) -> str:
    """Why the box is not printed at home on `paper`, in a line: the paper, what it holds, what is needed."""
    sides = [sorted((w + 2 * TUCK_BLEED_MM, h + 2 * TUCK_BLEED_MM)) for w, h in (p.size_mm for p in split_net(net))]
    need = (max(s[0] for s in sides), max(s[1] for s in sides))
    inside = sorted((paper.width_mm - 2 * margin_mm, paper.height_mm - 2 * margin_mm))
    return (f"the tuck box's net ({_with_bleed(net.size_mm)} with its bleed) does not fit on {paper.name}, not even in "
            f"two pieces: they need a sheet that holds {need[0]:.0f} x {need[1]:.0f} mm inside the printer's margins "
            f"and {paper.name} holds {inside[0]:g} x {inside[1]:g} mm. No home sheet of the box on {paper.name}: print "
            "tuck-box.pdf at a print shop, or choose a larger [print] paper")


#: Below a home sheet's net: the scale bar's words, then two lines of steps, for a whole net and each piece.
HOME_STEPS = {
    "whole": ("Cut along the solid lines. Score the dashed lines with a blunt knife against a ruler and fold "
              "them away from you, print outside.",
              "Glue the tab inside the back along its free edge. The lid tucks into the front, the bottom flap "
              "into the back."),
    "1 of 2": ("Sheet 1 of 2. Cut along the solid lines; score the dashed lines and fold them away from you, "
               "print outside.",
               "Glue the right-hand tab under the back's left edge (sheet 2), the ticks level; then the left-hand "
               "tab inside the back's right edge."),
    "2 of 2": ("Sheet 2 of 2: the back and its lid. Cut along the solid lines; score the dashed lines and fold "
               "them away from you.",
               "Sheet 1's right-hand tab goes under this back's left edge, its fold on the edge, the ticks level."),
}
#: About how wide the steps' longest line is (6.5 pt), to centre them under a narrow piece.
STEPS_WIDTH_MM = 140.0
#: What a glue tab says: the net's own tab, and the tab a split net's first piece gets for the second.
GLUE_WORDS = ("glue", "glue under the back (sheet 2)")
#: The registration ticks' length and their distance from the edge they continue (mm).
TICK_MM, TICK_GAP_MM = 4.0, 1.0


def write_tuck_box_home_pdf(design: Design, target: Path, paper: Paper, net: TuckBoxNet | None = None,
                            vectors: TuckVectors | None = None, embedded: dict[str, EmbeddedImage] | None = None,
                            art: Image.Image | None = None, date: PdfDate | None = None) -> Path:
    """The box on `paper` at 100 %, on one sheet or, too big for one, in two pieces on two (`home_sheets`):
    the art (vector shapes and text as on the print-shop file, in RGB; `art`, a picture of it, when given
    or when a font cannot be embedded), solid cut lines, dashed fold lines (each on a thin white line, so
    it shows on dark art), the glue tabs named, ticks that line the two pieces up, a 50 mm bar and the
    steps. `embedded` keeps the compressed pictures between papers; `date`: the build's (see `new_canvas`).
    ValueError when it does not fit (`not_on_paper`)."""
    net = net or tuck_net(design)
    margin = design.print.printer_margin_mm
    sheets = home_sheets(net, paper, margin)
    if sheets is None:
        raise ValueError(not_on_paper(net, paper, margin))
    if art is None and vectors is None:
        vectors = tuck_vectors(design, net)
        if vectors is None:
            art = render_tuck_art(design, net)
    colour_of = box_colours(design, rgb=True)
    embedded = embedded if embedded is not None else {}
    b = TUCK_BLEED_MM
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, sheets[0][1], f"{design.name}: tuck box ({paper.name})",
                        "tuck box to print at home at 100 %: cut the solid lines, fold the dashed ones", date=date)
    font = register_font(BODY_FONT)
    place: list[list[Placement]] = []
    for piece, page in sheets:
        canvas.setPageSize((mm_to_pt(page[0]), mm_to_pt(page[1])))
        w_mm, h_mm = piece.size_mm
        x0, y0, _x1, _y1 = piece.bounds
        ox, oy, words = home_origin(piece, page, margin)
        on_page: list[Placement] = []
        if vectors is not None:
            on_page = draw_tuck_vectors(canvas, vectors, piece, (ox, oy), colour_of)
        for cut, width, dash in ((False, 0.5, (mm_to_pt(3), mm_to_pt(2))), (True, 0.6, None)):
            for colour, w in ((Color(1, 1, 1), width + 1.2), (Color(0.1, 0.1, 0.1) if cut else Color(0.3, 0.3, 0.3), width)):
                canvas.saveState()
                canvas.setStrokeColor(colour)
                canvas.setLineWidth(w)
                canvas.setLineJoin(1)
                if dash and w == width:
                    canvas.setDash(*dash)
                _stroke_net(canvas, piece, (ox, oy), cut=cut)
                canvas.restoreState()
        for tab, said in zip(piece.glue_tabs, GLUE_WORDS):
            xs, ys = [p[0] for p in tab], [p[1] for p in tab]
            canvas.saveState()
            canvas.setFillColor(Color(0.55, 0.55, 0.55))
            canvas.setFont(font, 7)
            canvas.translate(mm_to_pt(ox + (min(xs) + max(xs)) / 2 + 1.0), mm_to_pt(oy + (min(ys) + max(ys)) / 2))
            canvas.rotate(90)
            canvas.drawCentredString(0, 0, said)
            canvas.restoreState()
        if piece.name != "whole":
            _registration_ticks(canvas, net, piece, (ox, oy))
        if words:  # under the net, from its left edge; under a narrow piece, a block of steps centred on the page
            _home_words(canvas, font, min(ox + x0, max(margin, (page[0] - STEPS_WIDTH_MM) / 2)), oy + y0 - b - 5.0,
                        HOME_STEPS[piece.name])
        canvas.showPage()
        if art is not None:  # the art as a picture under the lines
            if piece.name not in embedded:
                dpi = art.width * MM_PER_INCH / (net.size_mm[0] + 2 * b)  # the art's own (TUCK_PDF_DPI from the build)
                embedded[piece.name] = image_from_array(np.asarray(art if piece.name == "whole" else
                                                                   piece_art(art, net, piece, dpi)))
            on_page = [Placement(piece.name, (mm_to_pt(w_mm + 2 * b), 0, 0, mm_to_pt(h_mm + 2 * b),
                                              mm_to_pt(ox + x0 - b), mm_to_pt(oy + y0 - b)))]
        place.append(on_page)
    if vectors is not None:
        for key, picture in vectors.pictures().items():
            if key not in embedded:
                embedded[key] = image_from_array(np.asarray(picture))
    images = {p.key: embedded[p.key] for page in place for p in page}
    pdf = add_images(canvas_bytes(canvas, buffer), images, place)
    return save_pdf(pdf, target)


def home_origin(piece: NetPiece, page: tuple[float, float], margin_mm: float) -> tuple[float, float, bool]:
    """Where the net's origin goes on a home sheet (mm from the page's bottom-left) for this piece, and
    whether the scale bar and the steps fit below it: the piece centred across, a little above the
    middle to leave them room."""
    w_mm, h_mm = piece.size_mm
    x0, y0, _x1, _y1 = piece.bounds
    words = h_mm + 2 * TUCK_BLEED_MM + WORDS_MM <= page[1] - 2 * margin_mm
    return (page[0] - w_mm) / 2 - x0, (page[1] - h_mm + (WORDS_MM if words else 0.0)) / 2 - y0, words


def _registration_ticks(canvas: Canvas, net: TuckBoxNet, piece: NetPiece, origin_mm: tuple[float, float]) -> None:
    """Ticks that continue the back's top and bottom folds past the join: right of the first piece's added
    tab, left of the second piece's back. Glued, the two pairs are level."""
    bx0, by0, _bx1, by1 = net.panels["back"]
    gx0, _gy0, gx1, _gy1 = net.panels["glue"]
    start = bx0 + (gx1 - gx0) + TICK_GAP_MM if piece.name == "1 of 2" else bx0 - TICK_GAP_MM - TICK_MM
    ox, oy = origin_mm
    canvas.saveState()
    canvas.setStrokeColor(Color(0.1, 0.1, 0.1))
    canvas.setLineWidth(0.6)
    for y in (by0, by1):
        canvas.line(mm_to_pt(ox + start), mm_to_pt(oy + y), mm_to_pt(ox + start + TICK_MM), mm_to_pt(oy + y))
    canvas.restoreState()


def _home_words(canvas: Canvas, font: str, x: float, y: float, steps: tuple[str, str]) -> None:
    """Below the net (mm from the page's bottom-left): a 50 mm bar to check the scale, and the steps."""
    canvas.setFillColor(Color(0.1, 0.1, 0.1))
    canvas.rect(mm_to_pt(x), mm_to_pt(y), mm_to_pt(50), mm_to_pt(1.2), stroke=0, fill=1)
    canvas.setFont(font, 7)
    canvas.drawString(mm_to_pt(x + 52), mm_to_pt(y), "this bar is 50 mm long when printed at 100 % (actual size)")
    canvas.setFont(font, 6.5)
    for k, line in enumerate(steps):
        canvas.drawString(mm_to_pt(x), mm_to_pt(y - 4.0 - 3.0 * k), line)


def home_papers(design: Design, net: TuckBoxNet) -> list[tuple[str, Paper]]:
    """(file-name part, paper) for each home paper the deck asks for. A net too big for one sheet is printed
    in two pieces, with a warning; one too big for that is left out, with a warning naming the paper and
    the sheet it would need (the print-shop file is made all the same)."""
    out: list[tuple[str, Paper]] = []
    margin = design.print.printer_margin_mm
    for name in design.print.papers:
        paper = paper_named(name)
        sheets = home_sheets(net, paper, margin)
        if sheets is None:
            warn(TuckBoxWarning(not_on_paper(net, paper, margin)))
            continue
        if len(sheets) > 1:
            sizes = " and ".join(_with_bleed(piece.size_mm) for piece, _page in sheets)
            warn(TuckBoxWarning(
                f"the tuck box's net ({_with_bleed(net.size_mm)} with its bleed) does not fit on one {paper.name} "
                f"sheet: tuck-box-{paper_file_name(name)}.pdf has it in two pieces ({sizes}) to print at 100 % "
                "and glue together"))
        out.append((paper_file_name(name), paper))
    return out


def draw_net_lines(net: TuckBoxNet, art: Image.Image, dpi: int) -> Image.Image:
    """The art with the cut line (solid) and folds (dashed) drawn on, for a look at the box."""
    ppm = px_per_mm(dpi)
    image = art.copy()
    draw = ImageDraw.Draw(image)
    to_px = _mm_to_px_xy(net, ppm, TUCK_BLEED_MM)
    width = max(1, round(0.25 * ppm))
    for a, b in net.folds:
        (ax, ay), (bx, by) = to_px(a), to_px(b)
        length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
        dash = 3.0 * ppm
        steps = max(1, int(length // (dash * 5 / 3)))
        for k in range(steps + 1):
            t0 = k * dash * 5 / 3 / length
            t1 = min(1.0, t0 + dash / length)
            if t0 >= 1.0:
                break
            draw.line([(ax + (bx - ax) * t0, ay + (by - ay) * t0), (ax + (bx - ax) * t1, ay + (by - ay) * t1)],
                      fill="#ffffff", width=width * 3)
            draw.line([(ax + (bx - ax) * t0, ay + (by - ay) * t0), (ax + (bx - ax) * t1, ay + (by - ay) * t1)],
                      fill="#4d4d4d", width=width)
    points = [to_px(p) for p in net.outline_points()]
    draw.line(points + [points[0]], fill="#ffffff", width=width * 3, joint="curve")
    draw.line(points + [points[0]], fill="#1a1a1a", width=width, joint="curve")
    return image


def remove_stale(out_dir: Path, folder: str, names: Iterable[str]) -> None:
    """Delete files an earlier build wrote that this design no longer makes (the tin's lid once the
    deck has a tuck box, a home sheet on a paper no longer asked for). The build works on a staged
    copy of the output folder, so nothing is gone until the whole build has succeeded."""
    for name in names:
        (out_dir / folder / name).unlink(missing_ok=True)


def build_tuck_box(design: Design, out_dir: Path, advance: Advance | None = None,
                   date: PdfDate | None = None) -> list[Path]:
    """out_dir/box/: tuck-box.pdf (print shop), tuck-box-die.svg (its die line), tuck-box-<paper>.pdf (home)
    and tuck-box.png (a look); the PDFs dated `date` (the command's or build's; by default
    SOURCE_DATE_EPOCH's, see pdfdate.pdf_date).
    Nothing when the deck goes in the tin ([box] kind = "tin")."""
    folder = Path(out_dir) / BOX_DIR
    if design.box.kind != "tuck":
        remove_stale(Path(out_dir), BOX_DIR, [p.name for p in folder.glob("tuck-box*")] if folder.is_dir() else ())
        return []
    net = tuck_net(design)
    vectors = tuck_vectors(design, net)
    art = render_tuck_art(design, net) if vectors is None else None
    written = [write_tuck_box_pdf(design, folder / "tuck-box.pdf", net, vectors, art, date=date),
               write_bytes_atomic(folder / "tuck-box-die.svg", die_line_svg(net, TUCK_BLEED_MM, f"{design.name}: tuck box die line"))]
    if advance is not None:
        advance("tuck-box.pdf")
    embedded: dict[str, EmbeddedImage] = {}  # the art compressed once for every paper
    for part, paper in home_papers(design, net):
        written.append(write_tuck_box_home_pdf(design, folder / f"tuck-box-{part}.pdf", paper, net, vectors, embedded, art,
                                               date=date))
    if advance is not None:
        advance("home sheets")
    # the look at the box: drawn at its own DPI, unless the PDFs needed the art as a picture anyway
    preview = art.reduce(3) if art is not None else render_tuck_art(design, net, PREVIEW_DPI)
    written.append(save_png(draw_net_lines(net, preview, PREVIEW_DPI), folder / "tuck-box.png", PREVIEW_DPI))
    remove_stale(Path(out_dir), BOX_DIR, [p.name for p in folder.glob("tuck-box*") if p not in written])
    if advance is not None:
        advance("tuck-box.png")
    return written


build_tuck_box.units = lambda design: 3 if design.box.kind == "tuck" else 0  # type: ignore[attr-defined]
