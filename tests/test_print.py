"""Print files, checked from the PDFs themselves (pikepdf parsing), not from the layout code that made them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageDraw

from deckgen.config import ConfigError, demo_config, load_config
from deckgen.design import CardFormat
from deckgen.errors import UserError
from deckgen.render.alignment import write_alignment_test
from deckgen.render.cardart import CardArt
from deckgen.render.cmyk import read_cmyk_profile, shipped_profile_path
from deckgen.render.contact import contact_sheet, write_contact_sheet
from deckgen.render.printfiles import PrintOptions, build_print_files, pair_cards
from deckgen.render.printshop import write_cmyk_print_shop, write_print_shop
from deckgen.render.sheets import PAPERS, write_sheets
from deckgen.resolve import load_design, resolve_design
from deckgen.units import card_box, mm_to_pt

DPI = 72
BLEED = 3.0
GEOM = CardFormat(dpi=DPI, bleed_mm=BLEED)
CMYK_ICC = shipped_profile_path()
PT = mm_to_pt(1.0)


# --------------------------------------------------------------------------- inputs


def face_colour(i: int) -> tuple[int, int, int]:
    return (4 * i + 2, 40, 220)


def back_colour(i: int) -> tuple[int, int, int]:
    return (4 * i + 2, 220, 40)


def make_cards(folder: Path, n: int, geometry: CardFormat = GEOM) -> list[CardArt]:
    """n cards, each face and back a distinct flat colour with a dark mark near the top-left corner."""
    folder.mkdir(parents=True, exist_ok=True)
    size = card_box(geometry.dpi, geometry.bleed_mm).size
    cards = []
    for i in range(n):
        paths = []
        for side, colour in (("face", face_colour(i)), ("back", back_colour(i))):
            im = Image.new("RGB", size, colour)
            ImageDraw.Draw(im).rectangle((size[0] * 0.15, size[1] * 0.1, size[0] * 0.3, size[1] * 0.2), fill=(0, 0, 0))
            path = folder / f"{side}{i}.png"
            im.save(path)
            paths.append(path)
        cards.append(CardArt(f"C{i}", paths[0], paths[1]))
    return cards


# --------------------------------------------------------------------------- reading PDFs


def compose(m: tuple, ctm: tuple) -> tuple:
    """Apply m first, then ctm (PDF: CTM' = m x CTM)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = ctm
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m: tuple, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


def walk(page: pikepdf.Page) -> tuple[list[tuple[pikepdf.Object, tuple]], list[tuple[tuple, tuple, float]]]:
    """Images drawn (xobject, matrix of its unit square) and line segments (start, end, width) in points."""
    ctm: tuple = (1, 0, 0, 1, 0, 0)
    width = 1.0
    stack: list = []
    images, segments = [], []
    current = None
    for operands, op in pikepdf.parse_content_stream(page):
        name = str(op)
        if name == "q":
            stack.append((ctm, width))
        elif name == "Q":
            ctm, width = stack.pop()
        elif name == "cm":
            ctm = compose(tuple(float(v) for v in operands), ctm)
        elif name == "w":
            width = float(operands[0])
        elif name == "m":
            current = apply(ctm, float(operands[0]), float(operands[1]))
        elif name == "l":
            end = apply(ctm, float(operands[0]), float(operands[1]))
            segments.append((current, end, width))
            current = end
        elif name == "Do":
            images.append((page.Resources.XObject[operands[0]], ctm))
    return images, segments


_ident_cache: dict = {}


def identify(xobj: pikepdf.Object) -> tuple[str, int]:
    """('face'|'back', card number) from the flat colour of the image itself."""
    key = hash(xobj.read_raw_bytes())
    if key not in _ident_cache:
        im = pikepdf.PdfImage(xobj).as_pil_image().convert("RGB")
        r, g, b = im.getpixel((im.width // 2, im.height * 3 // 4))
        side = "face" if b > g else "back"
        _ident_cache[key] = (side, (r - 2) // 4)
    return _ident_cache[key]


def page_cards(page: pikepdf.Page) -> list[tuple[str, int, tuple]]:
    return [(*identify(x), m) for x, m in walk(page)[0]]


def card_point(matrix: tuple, u: float, v: float, geometry: CardFormat = GEOM) -> tuple[float, float]:
    """Page point (pt) of card millimetres (u, v) from the trim's lower-left, for an image placed by `matrix`."""
    b = geometry.bleed_mm
    s = (u + b) / (geometry.width_mm + 2 * b)
    t = (v + b) / (geometry.height_mm + 2 * b)
    return apply(matrix, s, t)


def trim_rect_pt(matrix: tuple, geometry: CardFormat = GEOM) -> tuple[float, float, float, float]:
    pts = [card_point(matrix, u, v, geometry) for u in (0, geometry.width_mm) for v in (0, geometry.height_mm)]
    xs, ys = zip(*pts)
    return (min(xs), min(ys), max(xs), max(ys))


def close(a: float, b: float, tol: float = 0.01) -> bool:
    return abs(a - b) <= tol


# --------------------------------------------------------------------------- print-shop PDF


def test_print_shop_pages_boxes_and_order(tmp_path: Path) -> None:
    cards = make_cards(tmp_path / "img", 5)
    pdf = pikepdf.open(write_print_shop(cards, GEOM, tmp_path / "shop.pdf"))
    assert len(pdf.pages) == 10
    w, h = 65 * PT, 97 * PT
    for page in pdf.pages:
        assert [float(v) for v in page.MediaBox] == pytest.approx([0, 0, w, h], abs=0.01)
        assert [float(v) for v in page.BleedBox] == pytest.approx([0, 0, w, h], abs=0.01)
        assert [float(v) for v in page.TrimBox] == pytest.approx([3 * PT, 3 * PT, 62 * PT, 94 * PT], abs=0.01)
        (side_card,) = page_cards(page)
        assert side_card[2] == pytest.approx((w, 0, 0, h, 0, 0), abs=0.01)  # the image fills the page exactly
    order = [page_cards(p)[0][:2] for p in pdf.pages]
    assert order == [("face", i) for i in range(5)] + [("back", i) for i in range(5)]
    # no marks: nothing but the image is drawn
    assert all(walk(p)[1] == [] for p in pdf.pages)


def test_print_shop_interleaved(tmp_path: Path) -> None:
    cards = make_cards(tmp_path / "img", 3)
    pdf = pikepdf.open(write_print_shop(cards, GEOM, tmp_path / "shop.pdf", interleave=True))
    assert [page_cards(p)[0][:2] for p in pdf.pages] == [
        ("face", 0), ("back", 0), ("face", 1), ("back", 1), ("face", 2), ("back", 2)
    ]


def test_print_shop_images_lossless_flate_stored_once(tmp_path: Path) -> None:
    cards = make_cards(tmp_path / "img", 3)
    shared_back = cards[0].back
    cards = [CardArt(c.name, c.face, shared_back) for c in cards]
    pdf = pikepdf.open(write_print_shop(cards, GEOM, tmp_path / "shop.pdf"))
    images = {}
    for page in pdf.pages:
        for xobj, _ in walk(page)[0]:
            images[xobj.objgen] = xobj
    assert len(images) == 4  # three faces and one back, however many pages show it
    for xobj in images.values():
        assert xobj.Filter == pikepdf.Name.FlateDecode
        assert (int(xobj.Width), int(xobj.Height)) == (184, 275)  # 65 x 97 mm at 72 DPI
    face0 = next(x for x in images.values() if identify(x) == ("face", 0))
    decoded = np.asarray(pikepdf.PdfImage(face0).as_pil_image().convert("RGB"))
    assert np.array_equal(decoded, np.asarray(Image.open(cards[0].face).convert("RGB")))


def test_print_shop_flattens_rgba_and_palette_images(tmp_path: Path) -> None:
    cards = make_cards(tmp_path / "img", 2)
    size = card_box(DPI, BLEED).size
    rgba = Image.new("RGBA", size, (*face_colour(0), 255))
    rgba.putpixel((0, 0), (0, 0, 0, 0))  # transparent corner -> white paper
    rgba.save(cards[0].face)
    Image.new("RGB", size, back_colour(1)).convert("P", palette=Image.Palette.ADAPTIVE).save(cards[1].back)
    pdf = pikepdf.open(write_print_shop(cards, GEOM, tmp_path / "shop.pdf"))
    face = pikepdf.PdfImage(walk(pdf.pages[0])[0][0][0]).as_pil_image().convert("RGB")
    assert face.getpixel((0, 0)) == (255, 255, 255)
    assert face.getpixel((5, 5)) == face_colour(0)
    assert identify(walk(pdf.pages[3])[0][0][0]) == ("back", 1)


def test_wrong_image_size_is_refused_with_the_expected_size(tmp_path: Path) -> None:
    cards = make_cards(tmp_path / "img", 1)
    Image.new("RGB", (100, 150)).save(cards[0].face)
    with pytest.raises(UserError) as err:
        write_print_shop(cards, GEOM, tmp_path / "shop.pdf")
    assert str(err.value) == (
        f"{cards[0].face}: is 100 x 150 px; expected 184 x 275 px (59 x 91 mm plus 3 mm bleed at 72 DPI)"
    )
    assert not (tmp_path / "shop.pdf").exists()


def test_unreadable_image_is_a_user_error(tmp_path: Path) -> None:
    cards = make_cards(tmp_path / "img", 1)
    cards[0].back.write_bytes(b"not a png")
    with pytest.raises(UserError, match=r"back0\.png: is not a readable image"):
        write_print_shop(cards, GEOM, tmp_path / "shop.pdf")


# --------------------------------------------------------------------------- home-print sheets


def _sheets(tmp_path: Path, n: int, paper: str, flip: str = "long", offset: tuple[float, float] = (0.0, 0.0)) -> pikepdf.Pdf:
    cards = make_cards(tmp_path / "img", n)
    target = tmp_path / f"sheets-{paper}-{flip}-{offset[0]}-{offset[1]}.pdf"
    write_sheets(cards, GEOM, target, PAPERS[paper], flip=flip, offset_mm=offset)  # type: ignore[arg-type]
    return pikepdf.open(target)


@pytest.mark.parametrize(
    ("paper", "size_mm", "per_sheet", "n", "pages"),
    [("a4", (210, 297), 9, 20, 6), ("letter", (215.9, 279.4), 8, 20, 6), ("a4", (210, 297), 9, 9, 2)],
)
def test_sheet_pages_sizes_and_counts(tmp_path: Path, paper: str, size_mm: tuple, per_sheet: int, n: int, pages: int) -> None:
    pdf = _sheets(tmp_path, n, paper)
    assert len(pdf.pages) == pages
    for page in pdf.pages:
        assert [float(v) for v in page.MediaBox] == pytest.approx([0, 0, size_mm[0] * PT, size_mm[1] * PT], abs=0.01)
    counts = [len(page_cards(p)) for p in pdf.pages]
    full, rest = divmod(n, per_sheet)
    assert counts == [per_sheet, per_sheet] * full + ([rest, rest] if rest else [])
    # faces on odd pages, backs on even pages, every card exactly once on each side
    faces = [i for p in pdf.pages[0::2] for side, i, _ in page_cards(p) if side == "face"]
    backs = [i for p in pdf.pages[1::2] for side, i, _ in page_cards(p) if side == "back"]
    assert sorted(faces) == sorted(backs) == list(range(n))


def test_cards_are_true_size_and_do_not_overlap(tmp_path: Path) -> None:
    pdf = _sheets(tmp_path, 9, "a4")
    rects = [trim_rect_pt(m) for _, _, m in page_cards(pdf.pages[0])]
    for x0, y0, x1, y1 in rects:
        assert close(x1 - x0, 59 * PT) and close(y1 - y0, 91 * PT)
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            assert a[2] <= b[0] + 0.01 or b[2] <= a[0] + 0.01 or a[3] <= b[1] + 0.01 or b[3] <= a[1] + 0.01
    # 3 x 3, centred: 16.5 mm side margins, 12 mm top and bottom
    assert min(r[0] for r in rects) == pytest.approx(16.5 * PT, abs=0.01)
    assert min(r[1] for r in rects) == pytest.approx(12 * PT, abs=0.01)


def test_letter_turns_cards_to_fit_eight(tmp_path: Path) -> None:
    pdf = _sheets(tmp_path, 8, "letter")
    for _, _, m in page_cards(pdf.pages[0]):
        x0, y0, x1, y1 = trim_rect_pt(m)
        assert close(x1 - x0, 91 * PT) and close(y1 - y0, 59 * PT)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("flip", ["long", "short"])
def test_each_back_lands_behind_its_face(tmp_path: Path, paper: str, flip: str) -> None:
    """Through the paper, card point (u, v) of a face must meet point (w - u, v) of its back (turned like a book)."""
    pdf = _sheets(tmp_path, 11, paper, flip)
    page_w, page_h = (float(v) for v in pdf.pages[0].MediaBox[2:])

    def through(x: float, y: float) -> tuple[float, float]:
        return (page_w - x, y) if flip == "long" else (x, page_h - y)

    checked = 0
    for sheet in range(len(pdf.pages) // 2):
        faces = {i: m for side, i, m in page_cards(pdf.pages[2 * sheet]) if side == "face"}
        backs = {i: m for side, i, m in page_cards(pdf.pages[2 * sheet + 1]) if side == "back"}
        assert faces.keys() == backs.keys()
        for i, fm in faces.items():
            for u, v in [(0, 0), (59, 0), (0, 91), (59, 91), (12.5, 70.25)]:
                front = through(*card_point(fm, u, v))
                back = card_point(backs[i], 59 - u, v)
                assert front == pytest.approx(back, abs=0.01), (sheet, i, u, v)
            checked += 1
    assert checked == 11


def _check_duplex(pdf: pikepdf.Pdf, flip: str, geometry: CardFormat, offset: tuple[float, float] = (0.0, 0.0)) -> int:
    """Every face's points meet its back's mirrored points through the paper; returns cards checked."""
    page_w, page_h = (float(v) for v in pdf.pages[0].MediaBox[2:])
    w, h = geometry.width_mm, geometry.height_mm
    checked = 0
    for sheet in range(len(pdf.pages) // 2):
        faces = {i: m for side, i, m in page_cards(pdf.pages[2 * sheet]) if side == "face"}
        backs = {i: m for side, i, m in page_cards(pdf.pages[2 * sheet + 1]) if side == "back"}
        assert faces.keys() == backs.keys()
        for i, fm in faces.items():
            for u, v in [(0, 0), (w, 0), (0, h), (w, h), (w * 0.2, h * 0.77)]:
                x, y = card_point(fm, u, v, geometry)
                x, y = (page_w - x, y) if flip == "long" else (x, page_h - y)
                bx, by = card_point(backs[i], w - u, v, geometry)
                assert (x + offset[0] * PT, y + offset[1] * PT) == pytest.approx((bx, by), abs=0.01)
            checked += 1
    return checked


def test_duplex_without_bleed(tmp_path: Path) -> None:
    geometry = CardFormat(dpi=DPI, bleed_mm=0.0)
    cards = make_cards(tmp_path / "img", 10, geometry)
    target = write_sheets(cards, geometry, tmp_path / "s.pdf", PAPERS["a4"], flip="short")
    assert _check_duplex(pikepdf.open(target), "short", geometry) == 10


@pytest.mark.slow
def test_duplex_exhaustive(tmp_path: Path) -> None:
    """Every paper, flip, bleed, printer margin and a few offsets: backs always land behind their faces."""
    for bleed in (0.0, 1.5, 3.0, 5.0):
        geometry = CardFormat(dpi=DPI, bleed_mm=bleed)
        cards = make_cards(tmp_path / f"img{bleed}", 19, geometry)
        for paper in PAPERS:
            for flip in ("long", "short"):
                for margin in (0.0, 5.0, 12.0):
                    for offset in ((0.0, 0.0), (-3.5, 2.0)):
                        target = tmp_path / "s.pdf"
                        write_sheets(cards, geometry, target, PAPERS[paper], flip=flip, offset_mm=offset, printer_margin_mm=margin)  # type: ignore[arg-type]
                        assert _check_duplex(pikepdf.open(target), flip, geometry, offset) == 19


def test_offsets_move_backs_by_exactly_the_millimetres(tmp_path: Path) -> None:
    plain = _sheets(tmp_path, 9, "a4")
    moved = _sheets(tmp_path, 9, "a4", offset=(1.5, -2.25))
    assert page_cards(plain.pages[0]) == page_cards(moved.pages[0])  # faces do not move
    before = {i: m for _, i, m in page_cards(plain.pages[1])}
    after = {i: m for _, i, m in page_cards(moved.pages[1])}
    for i, m in before.items():
        assert after[i][:4] == pytest.approx(m[:4], abs=1e-6)
        assert after[i][4] - m[4] == pytest.approx(1.5 * PT, abs=0.005)
        assert after[i][5] - m[5] == pytest.approx(-2.25 * PT, abs=0.005)


def test_crop_marks_lie_on_cut_lines_and_outside_every_card(tmp_path: Path) -> None:
    for paper, expected in (("a4", 16), ("letter", 16)):
        pdf = _sheets(tmp_path / paper, 9, paper)
        page = pdf.pages[0]
        page_w, page_h = (float(v) for v in page.MediaBox[2:])
        cards = [trim_rect_pt(m) for _, _, m in page_cards(page)]
        bleed = BLEED * PT
        segments = walk(page)[1]
        assert len(segments) == expected  # both ends of every cut line: A4 (3 x 3) 4 + 4, Letter (2 x 4) 3 + 5
        edges_x = {round(v, 2) for r in cards for v in (r[0], r[2])}
        edges_y = {round(v, 2) for r in cards for v in (r[1], r[3])}
        for (x0, y0), (x1, y1), _ in segments:
            assert round(x0, 2) in edges_x if x0 == x1 else round(y0, 2) in edges_y
            for cx0, cy0, cx1, cy1 in cards:  # no overlap with any card, bleed included
                assert max(x0, x1) < cx0 - bleed or min(x0, x1) > cx1 + bleed or max(y0, y1) < cy0 - bleed or min(y0, y1) > cy1 + bleed
            for x, y in ((x0, y0), (x1, y1)):  # inside the printable area
                assert 5 * PT - 0.01 <= x <= page_w - 5 * PT + 0.01 and 5 * PT - 0.01 <= y <= page_h - 5 * PT + 0.01
        # the back sheet carries the same cut lines as guides, where the long-edge flip carries them
        mirrored = sorted((round(page_w - x0, 2), round(y0, 2), round(page_w - x1, 2), round(y1, 2)) for (x0, y0), (x1, y1), _ in segments)
        guides = sorted((round(x0, 2), round(y0, 2), round(x1, 2), round(y1, 2)) for (x0, y0), (x1, y1), _ in walk(pdf.pages[1])[1])
        assert sorted(tuple(sorted(g[0::2]) + sorted(g[1::2])) for g in guides) == sorted(
            tuple(sorted(m[0::2]) + sorted(m[1::2])) for m in mirrored)
        back_cards = [trim_rect_pt(m) for _, _, m in page_cards(pdf.pages[1])]
        for (x0, y0), (x1, y1), _ in walk(pdf.pages[1])[1]:
            for cx0, cy0, cx1, cy1 in back_cards:  # guides never cross a back
                assert max(x0, x1) < cx0 - bleed or min(x0, x1) > cx1 + bleed or max(y0, y1) < cy0 - bleed or min(y0, y1) > cy1 + bleed


def _marks_mm(page: pikepdf.Page) -> list[tuple[float, float, float, float]]:
    """The page's line segments in mm (x0 <= x1, y0 <= y1), rounded to 0.01 mm, sorted."""
    out = []
    for (x0, y0), (x1, y1), _ in walk(page)[1]:
        xs, ys = sorted((x0 / PT, x1 / PT)), sorted((y0 / PT, y1 / PT))
        out.append((round(xs[0], 2), round(ys[0], 2), round(xs[1], 2), round(ys[1], 2)))
    return sorted(out)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_a_partial_last_row_is_marked_where_its_cards_are(tmp_path: Path, flip: str) -> None:
    """7 cards on A4 (3 x 3): one sheet of 3 + 3 + 1. Each cut's marks stand at the ends of the cards on it:
    the two right-hand columns end at row 2, the bottom cut runs under the lone card only."""
    pdf = _sheets(tmp_path, 7, "a4", flip)
    # A4, 59 x 91 mm cards, 3 bleed: columns at x = 16.5, 75.5, 134.5, 193.5; rows at y = 285, 194, 103, 12
    down = lambda x, y: (x, y - 4 - min(6, y - 5 - 4), x, y - 4)  # noqa: E731  (below a trim edge at y)
    up = lambda x, y: (x, y + 4, x, y + 4 + min(6, 297 - 5 - y - 4))  # noqa: E731
    left = lambda x, y: (x - 4 - min(6, x - 5 - 4), y, x - 4, y)  # noqa: E731
    right = lambda x, y: (x + 4, y, x + 4 + min(6, 210 - 5 - x - 4), y)  # noqa: E731
    expected = [up(x, 285) for x in (16.5, 75.5, 134.5, 193.5)]
    expected += [down(16.5, 12), down(75.5, 12), down(134.5, 103), down(193.5, 103)]
    expected += [left(16.5, y) for y in (285, 194, 103, 12)]
    expected += [right(193.5, 285), right(193.5, 194), right(193.5, 103), right(75.5, 12)]
    expected = sorted(tuple(round(v, 2) for v in m) for m in expected)
    assert _marks_mm(pdf.pages[0]) == expected
    # the back page has the same marks where the flip carries them (long edge: columns mirrored)
    if flip == "long":
        carried = [(210 - x1, y0, 210 - x0, y1) for x0, y0, x1, y1 in expected]
    else:
        carried = [(x0, 297 - y1, x1, 297 - y0) for x0, y0, x1, y1 in expected]
    assert _marks_mm(pdf.pages[1]) == sorted(tuple(round(v, 2) for v in m) for m in carried)
    # no mark crosses a card or its bleed, on either side of the sheet
    for page in pdf.pages:
        cards = [trim_rect_pt(m) for _, _, m in page_cards(page)]
        assert len(cards) == 7
        for x0, y0, x1, y1 in _marks_mm(page):
            for cx0, cy0, cx1, cy1 in cards:
                cx0, cy0, cx1, cy1 = cx0 / PT - 3, cy0 / PT - 3, cx1 / PT + 3, cy1 / PT + 3
                assert x1 < cx0 or x0 > cx1 or y1 < cy0 or y0 > cy1


def test_the_last_letter_sheet_has_no_marks_for_an_empty_row(tmp_path: Path) -> None:
    """Letter holds 2 x 4 turned cards; 14 cards leave 6 (three rows) on the second sheet: 3 + 3 upright marks
    and 4 x 2 across, the bottom ones 4 mm under the third row (y = 80.7), none for the fourth."""
    pdf = _sheets(tmp_path, 14, "letter")
    full, last = _marks_mm(pdf.pages[0]), _marks_mm(pdf.pages[2])
    assert len(full) == 16 and len(last) == 14
    upright = [m for m in last if m[0] == m[2]]
    assert sorted({m[0] for m in upright}) == [16.95, 107.95, 198.95]
    assert sorted({m[1] for m in upright}) == [70.7, 261.7]  # under row 3 (80.7 - 4 - 6) and over row 1
    across = sorted({m[1] for m in last if m[1] == m[3]})
    assert across == [80.7, 139.7, 198.7, 257.7]
    # the full sheet's marks are those of a whole grid: the bottom ones under the fourth row (y = 21.7)
    assert min(m[1] for m in full if m[0] == m[2]) == pytest.approx(21.7 - 4 - min(6, 21.7 - 5 - 4))


def test_cards_beside_an_empty_slot_keep_their_bleed_on_that_side() -> None:
    """On a sheet that is not full, the edge a card shows to an empty slot is cut on its own: its bleed is drawn."""
    from deckgen.render.sheets import sheet_in_use, sheet_layout

    layout = sheet_layout(PAPERS["a4"], GEOM)
    assert sheet_in_use(layout, 9, BLEED) is layout
    used = sheet_in_use(layout, 7, BLEED)
    assert len(used.slots) == 7 and used.grid == pytest.approx((16.5, 12, 193.5, 285))
    bleed = [(s.trim[0] - s.clip[0], s.trim[1] - s.clip[1], s.clip[2] - s.trim[2], s.clip[3] - s.trim[3])
             for s in used.slots]  # left, below, right, above
    assert bleed[:3] == [(3, 0, 0, 3), (0, 0, 0, 3), (0, 0, 3, 3)]  # the top row as on a full sheet
    assert bleed[3:6] == [(3, 0, 0, 0), (0, 3, 0, 0), (0, 3, 3, 0)]  # row 2: nothing under the last two
    assert bleed[6] == (3, 3, 3, 0)  # the lone card: nothing beside it, the sheet's margin under it


def test_viewer_preferences_ask_for_no_scaling_and_the_flip(tmp_path: Path) -> None:
    pdf = _sheets(tmp_path, 2, "a4", "short")
    prefs = pdf.Root.ViewerPreferences
    assert prefs.PrintScaling == pikepdf.Name("/None")
    assert prefs.Duplex == pikepdf.Name.DuplexFlipShortEdge


def test_rendered_back_sheet_shows_each_back_behind_its_face(tmp_path: Path) -> None:
    """Render both sides (with PDFium, at 20 DPI) and compare pixels: the colour behind each face centre is its back."""
    cards = make_cards(tmp_path / "img", 9)
    target = write_sheets(cards, GEOM, tmp_path / "s.pdf", PAPERS["a4"], flip="long")
    document = pdfium.PdfDocument(str(target))
    front, back = (document[i].render(scale=20 / 72).to_pil().convert("RGB") for i in (0, 1))
    document.close()
    px = 20 / 25.4
    seen = []
    for col in range(3):
        for row in range(3):
            cx, cy = 16.5 + 59 * col + 29.5, 12 + 91 * row + 70  # lower part of the card, clear of the mark
            i = front.getpixel((round(cx * px), round(cy * px)))
            j = back.getpixel((round((210 - cx) * px), round(cy * px)))
            number = round((i[0] - 2) / 4)  # rendering may be off by one level per channel
            assert max(abs(p - q) for p, q in zip(i, face_colour(number))) <= 1
            assert max(abs(p - q) for p, q in zip(j, back_colour(number))) <= 1
            seen.append(number)
    assert sorted(seen) == list(range(9))


# --------------------------------------------------------------------------- alignment test


@pytest.mark.parametrize(("flip", "offset"), [("long", (0.0, 0.0)), ("short", (1.5, -0.5))])
def test_alignment_rulers_sit_where_the_front_crosses_land(tmp_path: Path, flip: str, offset: tuple[float, float]) -> None:
    pdf = pikepdf.open(write_alignment_test(tmp_path / "a.pdf", PAPERS["a4"], flip=flip, offset_mm=offset))  # type: ignore[arg-type]
    assert len(pdf.pages) == 2
    page_w, page_h = 210 * PT, 297 * PT
    front = walk(pdf.pages[0])[1]
    upright_x = {round(a[0], 2) for a, b, _ in front if close(a[0], b[0])}
    level_y = sorted(round(a[1], 2) for a, b, _ in front if close(a[1], b[1]))
    assert upright_x == {round(page_w / 2, 2)} and len(level_y) == 3
    zero_width = mm_to_pt(0.3)
    zeros = [(a, b) for a, b, w in walk(pdf.pages[1])[1] if close(w, zero_width, 0.001)]
    zero_x = {round(a[0], 2) for a, b in zeros if close(a[0], b[0])}  # the across rulers' 0 ticks
    zero_y = sorted(round(a[1], 2) for a, b in zeros if close(a[1], b[1]))  # the up rulers' 0 ticks
    want_x = page_w / 2 + offset[0] * PT  # the same after a long- or short-edge flip: the line is centred
    want_y = sorted((y if flip == "long" else page_h - y) + offset[1] * PT for y in level_y)
    assert zero_x == {round(want_x, 2)}
    assert zero_y == pytest.approx(want_y, abs=0.02)


def test_every_font_is_embedded_and_the_files_are_well_formed(tmp_path: Path) -> None:
    sheets = _sheets(tmp_path, 3, "letter")
    test = pikepdf.open(write_alignment_test(tmp_path / "a.pdf", PAPERS["letter"]))
    shop = pikepdf.open(write_print_shop(make_cards(tmp_path / "img", 1), GEOM, tmp_path / "shop.pdf"))
    fonts = []
    for pdf in (sheets, test, shop):
        assert pdf.check_pdf_syntax() == []
        for page in pdf.pages:
            fonts.extend(page.Resources.get("/Font", {}).values())
    assert fonts  # the sheets and the test carry text
    for font in fonts:
        assert font.Subtype == pikepdf.Name.TrueType and "/FontFile2" in font.FontDescriptor
    assert all(len(page.Resources.get("/Font", {})) == 0 for page in shop.pages)  # no text on print-shop pages


# --------------------------------------------------------------------------- CMYK


def test_cmyk_print_shop_has_cmyk_images_and_an_output_intent(tmp_path: Path) -> None:
    cards = make_cards(tmp_path / "img", 2)
    pdf = pikepdf.open(write_cmyk_print_shop(cards, GEOM, tmp_path / "cmyk.pdf", CMYK_ICC))
    assert len(pdf.pages) == 4
    for page in pdf.pages:
        assert [float(v) for v in page.TrimBox] == pytest.approx([3 * PT, 3 * PT, 62 * PT, 94 * PT], abs=0.01)
        for xobj, _ in walk(page)[0]:
            assert xobj.ColorSpace == pikepdf.Name.DeviceCMYK
            assert xobj.Filter == pikepdf.Name.FlateDecode
            assert pikepdf.PdfImage(xobj).as_pil_image().mode == "CMYK"
    (intent,) = pdf.Root.OutputIntents
    assert intent.S == pikepdf.Name.GTS_PDFX
    assert int(intent.DestOutputProfile.N) == 4
    assert intent.DestOutputProfile.read_bytes() == CMYK_ICC.read_bytes()
    assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4"
    assert b"<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in pdf.Root.Metadata.read_bytes()
    # the black mark converts to a heavy black, the blue face to cyan-dominant ink
    face = pikepdf.PdfImage(walk(pdf.pages[0])[0][0][0]).as_pil_image()
    c, m, y, k = face.getpixel((face.width // 2, face.height * 3 // 4))
    assert c > 150 and y < 60
    assert face.getpixel((int(face.width * 0.2), int(face.height * 0.15)))[3] > 150


def test_cmyk_profile_errors_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(UserError, match=r"^/no/such\.icc: ICC profile not found"):
        read_cmyk_profile(Path("/no/such.icc"))
    junk = tmp_path / "junk.icc"
    junk.write_bytes(b"nonsense")
    with pytest.raises(UserError, match=r"junk\.icc: is not an ICC profile"):
        read_cmyk_profile(junk)
    from PIL import ImageCms

    srgb = tmp_path / "srgb.icc"
    srgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    with pytest.raises(UserError) as err:
        read_cmyk_profile(srgb)
    assert str(err.value).startswith(f"{srgb}: describes RGB colour, not CMYK; --icc needs a CMYK output profile")


# --------------------------------------------------------------------------- contact sheet


def test_contact_sheet_grid_and_rounded_corners(tmp_path: Path) -> None:
    cards = make_cards(tmp_path / "img", 7)
    paths = [c.face for c in cards] + [cards[0].back]
    sheet = contact_sheet(paths, GEOM, columns=4)
    thumb_w, thumb_h = 150, round(150 * 91 / 59)
    assert sheet.size == (4 * (thumb_w + 14) + 14, 2 * (thumb_h + 14) + 14)
    # the corner pixel of the first card is table, its centre is the card's colour
    assert sheet.getpixel((14, 14)) == (92, 96, 104)
    assert sheet.getpixel((14 + thumb_w // 2, 14 + thumb_h * 3 // 4)) == face_colour(0)
    last = (14 + 3 * (thumb_w + 14) + thumb_w // 2, 14 + (thumb_h + 14) + thumb_h * 3 // 4)
    assert sheet.getpixel(last) == back_colour(0)
    target = write_contact_sheet(paths, GEOM, tmp_path / "preview" / "contact-sheet.png")
    assert Image.open(target).size == contact_sheet(paths, GEOM).size


# --------------------------------------------------------------------------- the whole set, config, CLI


def _fake_card_images(out: Path, deck, backs: int = 1) -> None:
    """Card PNGs of the right size where the renderers would put them, so no face is rendered."""
    size = deck.card.box().size
    folder = out / "cards"
    folder.mkdir(parents=True, exist_ok=True)
    for i, card in enumerate(deck.profile.unique_cards()):
        Image.new("RGB", size, face_colour(i)).save(folder / f"{card.code}.png")
    for k, name in enumerate(["back.png", "back2.png"][:backs]):
        Image.new("RGB", size, back_colour(k)).save(folder / name)


@pytest.mark.extended  # a whole build or two: CI runs it with the heavier checks
def test_all_print_files_rebuild_byte_identical(tmp_path: Path) -> None:
    deck = resolve_design(demo_config(overrides={"dpi": DPI}))
    digests = []
    for run in ("one", "two"):
        out = tmp_path / run
        _fake_card_images(out, deck)
        options = PrintOptions()
        paths = build_print_files(deck, out, None, options)
        names = sorted(p.relative_to(out).as_posix() for p in paths)
        digests.append({p.relative_to(out).as_posix(): p.read_bytes() for p in paths})
        for name in ("alignment-test-a4.pdf",):
            digests[-1][name] = write_alignment_test(out / name, PAPERS["a4"]).read_bytes()
    expected = ["preview/contact-sheet.png", "print/print-shop.pdf", "print/sheets-a4.pdf", "print/sheets-letter.pdf"]
    assert names == expected
    assert digests[0] == digests[1]
    shop = pikepdf.open(tmp_path / "one" / "print" / "print-shop.pdf")
    assert len(shop.pages) == 2 * 54
    assert len(pikepdf.open(tmp_path / "one" / "print" / "sheets-a4.pdf").pages) == 12  # 54 cards, 9 a sheet
    assert len(pikepdf.open(tmp_path / "one" / "print" / "sheets-letter.pdf").pages) == 14  # 8 a sheet


def test_pairing_two_backs() -> None:
    faces = {c: Path(f"{c}.png") for c in ("AS", "KH")}
    backs = [Path("back.png"), Path("back2.png")]
    deck = resolve_design(demo_config(overrides={"profile": {"base": "standard-52", "remove": [], "add": [],
                                                             "jokers": 0}}))
    deck52 = deck.profile
    faces = {c.code: Path(f"{c.code}.png") for c in deck52.unique_cards()}
    two_packs = pair_cards(deck, faces, backs)
    assert len(two_packs) == 104  # single cards and two backs: the deck twice, one pack per back
    assert {c.back for c in two_packs[:52]} == {backs[0]} and {c.back for c in two_packs[52:]} == {backs[1]}
    assert two_packs[52].name == "AS#2"
    pinochle = resolve_design(demo_config(overrides={"profile": "pinochle-48"}))
    faces = {c.code: Path(f"{c.code}.png") for c in pinochle.profile.unique_cards()}
    cards = pair_cards(pinochle, faces, backs)
    assert len(cards) == 48
    first_as = [c for c in cards if c.face == Path("AS.png")]
    assert [c.back for c in first_as] == backs


def test_print_config_validation(tmp_path: Path) -> None:
    toml = tmp_path / "deck.toml"
    toml.write_text("[print]\nink_limit = 100\n")
    with pytest.raises(ConfigError, match=r"deck\.toml: print\.ink_limit: "):
        load_config(toml)
    toml.write_text("[print]\nflip = 'sideways'\n")
    with pytest.raises(ConfigError, match=r"deck\.toml: print\.flip: "):
        load_config(toml)
    toml.write_text("[print]\noffset_x_mm = 30\n")
    with pytest.raises(ConfigError, match=r"deck\.toml: print\.offset_x_mm: "):
        load_config(toml)
    toml.write_text("[print]\npaper = 'letter'\nflip = 'short'\noffset_y_mm = -1.5\ncmyk = true\nicc = 'press.icc'\n")
    options = load_design(toml).print
    assert options.papers == ["letter"] and options.flip == "short" and options.offset_mm == (0.0, -1.5)
    assert options.icc == tmp_path / "press.icc"


@pytest.fixture
def cli(run) -> Callable[[list[str], Path], SimpleNamespace]:
    """`cli(args, cwd)`: `deckgen ARGS` in-process; the result has returncode, stdout and stderr."""

    def deckgen(args: list[str], cwd: Path) -> SimpleNamespace:
        code, out, err = run(cwd, *args)
        return SimpleNamespace(returncode=code, stdout=out, stderr=err)

    return deckgen


def test_cli_print_and_its_errors(cli, tmp_path: Path) -> None:
    deck = resolve_design(demo_config(overrides={"dpi": DPI}))
    _fake_card_images(tmp_path / "output", deck)
    done = cli(["print", "--dpi", "72", "--paper", "a4", "--flip", "short", "--offset-x", "0.5"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "output" / "print").iterdir()) == ["print-shop.pdf", "sheets-a4.pdf"]
    pdf = pikepdf.open(tmp_path / "output" / "print" / "sheets-a4.pdf")
    assert pdf.Root.ViewerPreferences.Duplex == pikepdf.Name.DuplexFlipShortEdge
    bad = cli(["print", "--paper", "a5"], tmp_path)
    assert bad.returncode == 2 and "--paper: unknown paper 'a5': expected one of a4, letter, a3, legal, tabloid or a size in mm" in bad.stderr
    assert "Traceback" not in bad.stderr
    bad = cli(["print", "--dpi", "72", "--rgb", "--icc", "press.icc"], tmp_path)
    assert bad.returncode == 2 and "--icc: a CMYK profile has no use with --rgb" in bad.stderr
    bad = cli(["print", "--dpi", "72", "--ink-limit", "500"], tmp_path)
    assert bad.returncode == 2 and "--ink-limit: expected a whole number from 150 to 400 (got 500)" in bad.stderr
    bad = cli(["print", "--dpi", "72", "--shop", "nowhere"], tmp_path)
    assert bad.returncode == 2 and "--shop: unknown preset 'nowhere': expected one of" in bad.stderr
    bad = cli(["print", "--dpi", "72", "--icc", "missing.icc"], tmp_path)
    assert bad.returncode == 2 and "missing.icc: ICC profile not found" in bad.stderr
    test = cli(["print", "--alignment-test", "--paper", "letter"], tmp_path)
    assert test.returncode == 0, test.stderr
    assert len(pikepdf.open(tmp_path / "output" / "print" / "alignment-test-letter.pdf").pages) == 2


def test_each_font_subset_gets_a_tag_of_its_own_from_its_glyphs(tmp_path: Path) -> None:
    """ReportLab names every subset AAAAAA+: files imposed together would share a name for different
    subsets. The tag comes from the subset's bytes: other letters, another tag; the same, the same."""
    import io

    import pikepdf

    from deckgen.render.pdfcanvas import (
        canvas_bytes,
        new_canvas,
        register_font,
        save_pdf,
    )

    def tags(text: str) -> dict[str, str]:
        buffer = io.BytesIO()
        canvas = new_canvas(buffer, (50.0, 50.0), "t")
        canvas.setFont(register_font("DejaVuSerif-Bold.ttf"), 12)
        canvas.drawString(10, 10, text)
        target = tmp_path / f"{abs(hash(text))}.pdf"
        save_pdf(pikepdf.open(io.BytesIO(canvas_bytes(canvas, buffer))), target)
        with pikepdf.open(target) as pdf:
            fonts = [o for o in pdf.objects if isinstance(o, pikepdf.Dictionary) and o.get("/Type") == "/Font"]
            out = {}
            for font in fonts:
                holder = font.DescendantFonts[0] if "/DescendantFonts" in font else font
                tag, _, name = str(font.BaseFont)[1:].partition("+")
                assert str(holder.FontDescriptor.FontName) == str(font.BaseFont)
                out[name] = tag
            return out

    ann, ben, again = tags("Zoë"), tags("Renée"), tags("Zoë")  # ASCII is in every subset; these differ
    assert set(ann) >= {"DejaVuSerif-Bold"}
    assert len(ann["DejaVuSerif-Bold"]) == 6 and ann["DejaVuSerif-Bold"].isupper()
    assert ann["DejaVuSerif-Bold"] != "AAAAAA"
    assert ann["DejaVuSerif-Bold"] != ben["DejaVuSerif-Bold"]
    assert ann == again
