"""Everything after the face follows the card format: backs, home sheets, the print-shop file, its presets,
the contact sheet and the booklet's card pictures, for each named format (skat, poker, bridge, tarot, mini,
jumbo). The numbers expected here are worked out by hand in the comments, not by the code under test."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from deckgen.config import demo_config
from deckgen.design import CardFormat, Design
from deckgen.errors import UserError
from deckgen.render.cardart import CardArt
from deckgen.render.contact import contact_sheet, grid_columns, thumb_size
from deckgen.render.printfiles import shop_preset_for_deck
from deckgen.render.printshop import build_print_shop
from deckgen.render.sheets import (
    MARK_GAP_MM,
    MARK_TIGHT_MM,
    crop_marks,
    marks_over_cards,
    paper_named,
    sheet_layout,
    write_sheets,
)
from deckgen.resolve import resolve_design

PT = 72 / 25.4
#: width, height and corner radius in mm of each named format (templates/formats.toml).
FORMATS = {
    "skat": (59, 91, 5.0),
    "poker": (63, 88, 3.5),
    "bridge": (57, 89, 3.5),
    "tarot": (70, 120, 5.0),
    "mini": (44, 63, 3.0),
    "jumbo": (89, 127, 6.0),
}


def design_in(name: str, dpi: int = 72, **overrides: object) -> Design:
    """The demo deck's design in the named card format, as deck.toml's [card] format = NAME makes it."""
    design = resolve_design(demo_config(overrides={"dpi": dpi, "card": {"format": name}} | overrides))
    assert (design.card.width_mm, design.card.height_mm, design.card.corner_radius_mm) == FORMATS[name]
    return design


def flat_cards(folder: Path, geometry: CardFormat, n: int) -> list[CardArt]:
    """n cards whose faces and backs are flat colours of the format's pixel size."""
    folder.mkdir(parents=True, exist_ok=True)
    cards = []
    for i in range(n):
        face, back = folder / f"f{i}.png", folder / f"b{i}.png"
        Image.new("RGB", geometry.box().size, (200, 10 * i % 250, 40)).save(face)
        Image.new("RGB", geometry.box().size, (20, 60, 10 * i % 250)).save(back)
        cards.append(CardArt(f"C{i}", face, back))
    return cards


# --------------------------------------------------------------------------- home sheets: how many per page

# With the default 5 mm printer margin, a sheet keeps 5 + 1 (mark gap) + 1.5 (shortest mark) = 7.5 mm on
# every side, so cards fit in A4 195 x 282, Letter 200.9 x 264.4, A3 282 x 405 mm (upright or turned):
#   skat 59x91   A4 3x3=9 (turned 2x4=8)        Letter 3x2=6, turned 2x4=8        A3 4x4=16, turned 3x6=18
#   poker 63x88  A4 3x3=9 (189<=195, 264<=282)  Letter 3x3=9 (189<=200.9, 264<=264.4)  A3 16, turned 3x6=18
#   bridge 57x89 A4 3x3=9 (turned 2x4=8)        Letter 3x2=6 (267>264.4), turned 2x4=8  A3 4x4=16, turned 3x7=21
#   tarot 70x120 A4 2x2=4 (turned 1x4=4)        Letter 2x2=4 (turned 1x3)         A3 4x3=12 (turned 2x5=10)
#   mini 44x63   A4 4x4=16, turned 3x6=18       Letter 4x4=16, turned 3x6=18 (264<=264.4)  A3 6x6=36 (turned 4x9)
#   jumbo 89x127 A4 2x2=4 (turned 1x3)          Letter 2x2=4 (turned 1x2)         A3 3x3=9 (turned 2x4=8)
PER_SHEET = {
    "skat": {"a4": (9, False), "letter": (8, True), "a3": (18, True)},
    "poker": {"a4": (9, False), "letter": (9, False), "a3": (18, True)},
    "bridge": {"a4": (9, False), "letter": (8, True), "a3": (21, True)},
    "tarot": {"a4": (4, False), "letter": (4, False), "a3": (12, False)},
    "mini": {"a4": (18, True), "letter": (18, True), "a3": (36, False)},
    "jumbo": {"a4": (4, False), "letter": (4, False), "a3": (9, False)},
}


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_as_many_cards_per_sheet_as_fit(fmt: str, paper: str) -> None:
    geometry = design_in(fmt).card
    layout = sheet_layout(paper_named(paper), geometry)
    assert (layout.per_sheet, layout.rotated) == PER_SHEET[fmt][paper]
    sheet = paper_named(paper)
    for slot in layout.slots:  # true size, inside the printable area with room for a mark
        x0, y0, x1, y1 = slot.trim
        w, h = (geometry.height_mm, geometry.width_mm) if layout.rotated else (geometry.width_mm, geometry.height_mm)
        assert (x1 - x0, y1 - y0) == pytest.approx((w, h))
        edge = 5 + MARK_GAP_MM + MARK_TIGHT_MM
        assert edge - 1e-9 <= x0 and x1 <= sheet.width_mm - edge + 1e-9
        assert edge - 1e-9 <= y0 and y1 <= sheet.height_mm - edge + 1e-9


def test_every_cut_has_a_mark_on_a_sheet_filled_to_its_edge() -> None:
    """9 poker cards on Letter leave 7.7 mm above and below: no room for a mark beyond the 3 mm bleed, so the
    marks of the four upright cuts start 1 mm off the trim, over the bleed, on a white line."""
    geometry = design_in("poker").card
    layout = sheet_layout(paper_named("letter"), geometry)
    marks = crop_marks(layout, geometry, 5.0)
    over = marks_over_cards(marks, layout)
    upright = [m for m in marks if m[0] == m[2]]
    across = [m for m in marks if m[1] == m[3]]
    # four cut lines across the sheet (x = 13.45, 76.45, 139.45, 202.45) marked above and below; four along it
    assert sorted({round(m[0], 2) for m in upright}) == [13.45, 76.45, 139.45, 202.45]
    assert len(upright) == 8 and len(across) == 8
    for x0, y0, x1, y1 in upright:
        assert abs(y1 - y0) == pytest.approx(1.7)  # from 1 mm off the trim to the printable edge (7.7 - 5)
        assert min(y0, y1) >= 5 - 1e-9 and max(y0, y1) <= 279.4 - 5 + 1e-9
    assert [o for m, o in zip(marks, over) if m[0] == m[2]] == [True] * 8
    # the side margins (13.45 mm) hold marks beyond the bleed: 13.45 - 5 - 3 - 1 = 4.45 mm long
    for x0, y0, x1, y1 in across:
        assert abs(x1 - x0) == pytest.approx(4.45)
    assert not any(o for m, o in zip(marks, over) if m[1] == m[3])
    # the outer bleed is what the printable area holds: 3 mm at the sides, 2.7 mm above and below
    top_left = layout.slots[0]
    assert top_left.trim[0] - top_left.clip[0] == pytest.approx(3.0)
    assert top_left.clip[3] - top_left.trim[3] == pytest.approx(2.7)


def test_tight_marks_are_drawn_on_white_and_the_backs_follow(tmp_path: Path) -> None:
    geometry = design_in("poker").card
    cards = flat_cards(tmp_path / "img", geometry, 9)
    pdf = pikepdf.open(write_sheets(cards, geometry, tmp_path / "s.pdf", paper_named("letter"), flip="long"))
    assert len(pdf.pages) == 2
    for page in pdf.pages:
        ops = [(str(op), operands) for operands, op in pikepdf.parse_content_stream(page)]
        widths = [round(float(args[0]), 3) for op, args in ops if op == "w"]
        greys = [float(args[0]) for op, args in ops if op == "G"]
        assert 1.0 in greys and 1.2 in widths  # the white line under the marks (and under the back's guides)
        assert sum(op == "Do" for op, _ in ops) == 9  # nine cards on each side


def test_cutter_svg_follows_the_cards_corners(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    geometry = design_in("mini").card
    cards = flat_cards(tmp_path / "img", geometry, 2)
    target = write_sheets(cards, geometry, tmp_path / "s.pdf", paper_named("a3"), cutter=True, gutter_mm=4.0)
    root = ET.parse(target.with_name("s-cut.svg")).getroot()
    rects = root.findall("{http://www.w3.org/2000/svg}g[@id='cut']/{http://www.w3.org/2000/svg}rect")
    assert rects and {(*sorted((r.get("width"), r.get("height"))), r.get("rx")) for r in rects} == {("44", "63", "3")}


# --------------------------------------------------------------------------- the print-shop file and presets


def test_print_shop_page_is_the_poker_card_with_its_bleed(tmp_path: Path) -> None:
    geometry = design_in("poker").card
    assert (geometry.width_mm, geometry.height_mm, geometry.corner_radius_mm) == (63, 88, 3.5)
    cards = flat_cards(tmp_path / "img", geometry, 2)
    pdf = build_print_shop(cards, geometry, die_line=True)
    # 63 + 2 x 3 = 69 mm by 88 + 2 x 3 = 94 mm: 195.59 x 266.46 pt
    for page in pdf.pages:
        assert [float(v) for v in page.MediaBox] == pytest.approx([0, 0, 69 * PT, 94 * PT], abs=0.01)
        assert [float(v) for v in page.TrimBox] == pytest.approx([3 * PT, 3 * PT, 66 * PT, 91 * PT], abs=0.01)
        assert [float(v) for v in page.BleedBox] == pytest.approx([0, 0, 69 * PT, 94 * PT], abs=0.01)
        # the die line's straight edges start one corner radius (3.5 mm) in from the trim's corner
        moves = [[float(v) for v in operands] for operands, op in pikepdf.parse_content_stream(page) if str(op) == "m"]
        assert moves and moves[0] == pytest.approx([(3 + 3.5) * PT, 3 * PT], abs=0.01)


def test_a_preset_for_one_size_says_what_it_expects() -> None:
    with pytest.raises(UserError, match=r"^print\.shop: the 'meinspiel' preset is for 59 x 91 mm cards and this "
                                        r"deck's are 63 x 88 mm; choose a preset for that size \('generic' takes any\)"):
        shop_preset_for_deck(design_in("poker", print={"shop": "meinspiel"}))
    assert shop_preset_for_deck(design_in("skat", print={"shop": "meinspiel"})).name == "meinspiel"
    for fmt in FORMATS:  # the generic preset and DriveThruCards take the card as it is
        assert shop_preset_for_deck(design_in(fmt)).name == "generic"
        assert shop_preset_for_deck(design_in(fmt, print={"shop": "drivethrucards"})).bleed_mm == 3.175


def test_print_and_preflight_name_the_size_a_preset_expects(tmp_path: Path, run) -> None:
    (tmp_path / "deck.toml").write_text('name = "Poker"\ndpi = 72\nprofile = "euchre-24"\n[card]\nformat = "poker"\n'
                                        '[print]\nshop = "meinspiel"\n')
    code, out, err = run(tmp_path, "print")
    assert code == 2 and "print.shop: the 'meinspiel' preset is for 59 x 91 mm cards" in out + err
    assert not (tmp_path / "output" / "print").exists()
    code, out, err = run(tmp_path, "print", "--preflight")
    assert code == 1
    assert "FAIL  card size: the 'meinspiel' preset is for 59 x 91 mm cards and this deck's are 63 x 88 mm" in out


# --------------------------------------------------------------------------- contact sheet


# Thumbnails at the skat card's 150 px / 59 mm = 2.5424 px per mm, so formats compare at their real sizes:
#   skat 59 x 91 -> 150 x 231.4 -> 150 x 231     poker 63 x 88 -> 160.2 x 223.7 -> 160 x 224
#   bridge 57 x 89 -> 144.9 x 226.3 -> 145 x 226  tarot 70 x 120 -> 178.0 x 305.1 -> 178 x 305
#   mini 44 x 63 -> 111.9 x 160.2 -> 112 x 160    jumbo 89 x 127 -> 226.3 x 322.9 -> 226 x 323
THUMB = {"skat": (150, 231), "poker": (160, 224), "bridge": (145, 226), "tarot": (178, 305), "mini": (112, 160),
         "jumbo": (226, 323)}


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_contact_sheet_thumbnails_have_the_formats_size(tmp_path: Path, fmt: str) -> None:
    geometry = design_in(fmt, dpi=72).card
    cards = flat_cards(tmp_path, geometry, 3)
    sheet = contact_sheet([c.face for c in cards], geometry, columns=3)
    w, h = THUMB[fmt]
    assert sheet.size == (3 * (w + 14) + 14, h + 2 * 14)
    table = (92, 96, 104)
    # the corner is cut on the card's own radius: the corner pixel is table, one radius in along the edge is card
    radius_px = FORMATS[fmt][2] / FORMATS[fmt][0] * w
    assert sheet.getpixel((14, 14)) == table
    assert sheet.getpixel((14 + round(radius_px) + 2, 14 + 1)) != table
    assert sheet.getpixel((14 + 1, 14 + round(radius_px) + 2)) != table
    assert sheet.getpixel((14 + w // 2, 14 + h - 1)) != table and sheet.getpixel((14 + w // 2, 14 + h + 1)) == table
    # the card ends where its width says: card one pixel inside its right edge, table one pixel past it
    assert sheet.getpixel((14 + w - 2, 14 + h // 2)) != table and sheet.getpixel((14 + w + 1, 14 + h // 2)) == table


def test_contact_thumbnails_are_proportional_to_the_formats() -> None:
    """Every format at the same pixels per mm: widths and heights over mm agree within rounding."""
    for fmt, (wmm, hmm, *_rest) in FORMATS.items():
        w, h = thumb_size(design_in(fmt, dpi=72).card)
        assert (w, h) == THUMB[fmt]
        assert abs(w / wmm - 150 / 59) < 0.5 / wmm and abs(h / hmm - 150 / 59) < 0.5 / hmm


def test_contact_sheet_keeps_the_skat_sheets_shape_whatever_the_format() -> None:
    """56 images: a skat deck's sheet is 10 x 6 (1654 x 1484 px, 1.11 wide for 1 tall). A jumbo deck gets
    the same grid at its own size (2414 x 2036, 1.19) instead of 6 columns and 10 rows (1454 x 3384), tarot
    11 columns (2126 x 1928, 1.10) and a mini deck 10 (1274 x 1058)."""
    assert [grid_columns(56, THUMB[f]) for f in ("skat", "mini", "tarot", "jumbo")] == [10, 10, 11, 10]
    skat = (10 * (150 + 14) + 14) / (6 * (231 + 14) + 14)
    for fmt in FORMATS:
        cols = grid_columns(56, THUMB[fmt])
        rows = -(-56 // cols)
        w, h = cols * (THUMB[fmt][0] + 14) + 14, rows * (THUMB[fmt][1] + 14) + 14
        assert 0.85 < (w / h) / skat < 1.15, fmt


# --------------------------------------------------------------------------- backs


# At 100 DPI with 3 mm bleed: (trim + 6 mm) / 25.4 x 100, rounded half up
#   skat 65 x 97 mm -> 255.9 x 381.9 -> 256 x 382     poker 69 x 94 -> 271.7 x 370.1 -> 272 x 370
#   bridge 63 x 95 -> 248.0 x 374.0 -> 248 x 374      tarot 76 x 126 -> 299.2 x 496.1 -> 299 x 496
#   mini 50 x 69 -> 196.9 x 271.7 -> 197 x 272        jumbo 95 x 133 -> 374.0 x 523.6 -> 374 x 524
BACK_PX = {"skat": (256, 382), "poker": (272, 370), "bridge": (248, 374), "tarot": (299, 496), "mini": (197, 272),
           "jumbo": (374, 524)}


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_back_png_has_the_formats_size_and_stays_symmetric(tmp_path: Path, fmt: str) -> None:
    import numpy as np

    from deckgen.render.backs import build_backs

    design = design_in(fmt, dpi=100)
    (path,) = build_backs(design, tmp_path)
    image = Image.open(path)
    assert image.size == BACK_PX[fmt]
    assert image.info["dpi"] == pytest.approx((100, 100), abs=0.01)
    a = np.asarray(image.convert("RGB"))
    assert np.array_equal(a, a[::-1, ::-1])  # a back never tells which way up a card is held


def test_the_medallion_grows_and_shrinks_with_the_card() -> None:
    """A back's 21 mm medallion is drawn at 21 x min(w/59, h/91): mini 21 x 63/91 = 14.5 mm, tarot
    21 x 70/59 = 24.9 mm; measured as the run of medallion ink along the card's centre row."""
    import numpy as np

    from deckgen.render.backs import motif_scale

    assert motif_scale(design_in("skat").card.box()) == 1.0
    assert motif_scale(design_in("poker").card.box()) == pytest.approx(88 / 91)
    assert motif_scale(design_in("mini").card.box()) == pytest.approx(63 / 91)
    assert motif_scale(design_in("tarot").card.box()) == pytest.approx(70 / 59)
    from deckgen.render.backs import render_back

    widths = {}
    for fmt in ("mini", "skat", "tarot"):
        design = design_in(fmt, dpi=100)
        back = dataclasses.replace(design.back, template=dataclasses.replace(design.back.template, pattern="solid",
                                                                              params={"margin_mm": 3.5, "frame_mm": 0,
                                                                                      "medallion_mm": 21.0}),
                                   ornament="rings", texts=(), picture=None)
        a = np.asarray(render_back(dataclasses.replace(design, back=back)).convert("RGB")).astype(int)
        row = a[a.shape[0] // 2]
        ground = a[round(8 * 100 / 25.4), a.shape[1] // 2]  # the field near the top, on the centre line
        inked = np.nonzero(np.abs(row - ground).sum(axis=1) > 60)[0]
        field = round((3 + 3.5 + 1) * 100 / 25.4)  # bleed, paper margin and a millimetre: inside the field
        inked = inked[(inked > field) & (inked < a.shape[1] - field)]
        widths[fmt] = (inked.max() - inked.min()) / 100 * 25.4
    # the outer hairline ring lies 0.9 mm beyond the medallion's radius (a rule, kept at its size in mm)
    assert widths["skat"] == pytest.approx(21 + 2 * 0.9, abs=0.4)
    assert widths["mini"] == pytest.approx(21 * 63 / 91 + 2 * 0.9, abs=0.4)
    assert widths["tarot"] == pytest.approx(21 * 70 / 59 + 2 * 0.9, abs=0.4)


# --------------------------------------------------------------------------- the booklet's card pictures


def test_booklet_card_pictures_have_the_decks_proportions_and_corners(tmp_path: Path) -> None:
    from deckgen.booklet.build import CardPictures
    from deckgen.booklet.pictures import (
        EXAMPLE_CARD_WIDTH_MM,
        SHOWN_SHARE,
        CardFan,
        CardStrip,
        Hand,
        HandsStrip,
        shape_of,
    )
    from deckgen.booklet.styles import Palette, make_styles
    from deckgen.cards import parse_card
    from deckgen.units import mm_to_px

    design = design_in("tarot", dpi=100)
    pictures = CardPictures(design, tmp_path)
    # 11.5 mm wide and 11.5 x 120 / 70 = 19.71 mm tall: 136 x 233 px at 300 DPI
    assert pictures.height_mm == pytest.approx(11.5 * 120 / 70)
    picture = pictures(parse_card("QH"))
    assert picture.getSize() == (mm_to_px(11.5, 300), mm_to_px(11.5 * 120 / 70, 300)) == (136, 233)
    assert shape_of(picture) == shape_of(pictures) and shape_of(picture).corner_mm == 5.0
    hand = Hand("Dealer", ((parse_card("QH"), parse_card("KS")),))
    strip = HandsStrip([hand], pictures, make_styles(Palette(), 300.0))
    # an example's fan shows the cards' tops (SHOWN_SHARE of their height): the index and the top pips or head
    assert (strip.card_w / PT, strip.full_h / PT) == pytest.approx((EXAMPLE_CARD_WIDTH_MM, 11.5 * 120 / 70))
    assert strip.card_h / PT == pytest.approx(SHOWN_SHARE * 11.5 * 120 / 70)
    assert CardStrip([parse_card("QH")] * 3, pictures).full_h / PT == pytest.approx(7.0 * 120 / 70)
    fan = CardFan([picture], 100.0)
    assert fan.card_w == pytest.approx(84.0 * 70 / 120)
    # the 59 x 91 card when a picture source does not say (a test's plain function)
    assert HandsStrip([hand], lambda card: picture, make_styles(Palette(), 300.0)).full_h / PT == pytest.approx(11.5 * 91 / 59)


def test_a_smaller_printer_margin_fits_three_rows_of_bridge_cards_on_letter() -> None:
    # 3 x 89 = 267 mm; Letter is 279.4 mm tall: 279.4 - 2 x (5 + 2.5) = 264.4 < 267, 279.4 - 2 x (3 + 2.5) = 268.4
    geometry = design_in("bridge").card
    assert sheet_layout(paper_named("letter"), geometry).per_sheet == 8
    assert sheet_layout(paper_named("letter"), geometry, printer_margin_mm=3.0).per_sheet == 9


def test_a_poker_deck_prints_end_to_end(tmp_path: Path) -> None:
    """Faces, backs and every print file of a 24-card poker deck at 72 DPI, checked in the files written."""
    from deckgen.render.printfiles import build_print_files

    design = design_in("poker", profile="euchre-24")
    written = build_print_files(design, tmp_path, options=design.print.with_overrides(paper="letter"))
    assert sorted(p.name for p in written) == ["contact-sheet.png", "print-shop.pdf", "sheets-letter.pdf"]
    # card images: (63 + 6) / 25.4 x 72 = 195.6 -> 196 px, (88 + 6) / 25.4 x 72 = 266.5 -> 266 px
    assert Image.open(tmp_path / "cards" / "QH.png").size == (196, 266)
    assert Image.open(tmp_path / "cards" / "back.png").size == (196, 266)
    shop = pikepdf.open(tmp_path / "print" / "print-shop.pdf")
    assert len(shop.pages) == 48
    assert [float(v) for v in shop.pages[0].MediaBox] == pytest.approx([0, 0, 69 * PT, 94 * PT], abs=0.01)
    assert [float(v) for v in shop.pages[0].TrimBox] == pytest.approx([3 * PT, 3 * PT, 66 * PT, 91 * PT], abs=0.01)
    sheets = pikepdf.open(tmp_path / "print" / "sheets-letter.pdf")
    assert len(sheets.pages) == 6  # 24 cards, 9 a sheet: 3 sheets of faces and backs
    # 9 + 9 + 6 backs (pictures; the faces without photos are vector shapes)
    drawn = [sum(str(op) == "Do" for _, op in pikepdf.parse_content_stream(page)) for page in sheets.pages[1::2]]
    assert drawn == [9, 9, 6]
    contact = Image.open(tmp_path / "preview" / "contact-sheet.png")
    # a skat sheet of 25 is ceil(sqrt(25 x 1.6)) = 7 columns and 4 rows, 1162 x 994 px (1.17 : 1); poker
    # thumbnails of 160 x 224 px (63 x 88 mm at 150 px / 59 mm) come closest to that in 7 columns too (1.28 : 1)
    assert contact.size == (7 * (160 + 14) + 14, 4 * (224 + 14) + 14)


@pytest.mark.parametrize(("fmt", "paper"), [("poker", "letter"), ("skat", "a4"), ("mini", "letter")])
def test_the_sheets_words_lie_inside_the_printable_area(tmp_path: Path, fmt: str, paper: str) -> None:
    """The note on each sheet ('Sheet 1 of 1, faces...') is printed whole: above the cards where the margin
    holds it inside the printer's 5 mm, else up the left margin (9 poker cards on Letter)."""
    import pypdfium2 as pdfium

    geometry = design_in(fmt).card
    cards = flat_cards(tmp_path / "img", geometry, 2)
    target = write_sheets(cards, geometry, tmp_path / "s.pdf", paper_named(paper))
    sheet = paper_named(paper)
    pdf = pdfium.PdfDocument(str(target))
    for i in range(len(pdf)):
        text = pdf[i].get_textpage()
        assert text.get_text_range().startswith("Sheet 1 of 1")
        for c in range(text.count_chars()):
            x0, y0, x1, y1 = (v / PT for v in text.get_charbox(c))
            if x1 > x0:  # a space has no box
                assert 5 <= x0 and x1 <= sheet.width_mm - 5 and 5 <= y0 and y1 <= sheet.height_mm - 5, (i, c)


def test_back_text_shrinks_with_a_smaller_card_and_keeps_its_size_on_a_larger_one() -> None:
    """A text of size 8 mm on the 59 x 91 card is set at 8 x 63/91 = 5.5 mm on a mini card (the medallion's
    factor) and stays at 8 mm on a jumbo card; measured as the height of the letters it adds to the back."""
    import numpy as np

    from deckgen.design import BackTextDesign, FontRef
    from deckgen.render.backs import render_back
    from deckgen.resources import font_path

    heights = {}
    for fmt in ("mini", "skat", "jumbo"):
        design = design_in(fmt, dpi=150)
        plain = dataclasses.replace(design.back, texts=())
        text = BackTextDesign("Hello", FontRef(font_path("DejaVuSans-Bold.ttf"), "back.text[0].font"), size_mm=8.0,
                              plate=False, mirror=True, position=(0.5, 0.2))
        worded = dataclasses.replace(plain, texts=(text,))
        a = np.asarray(render_back(dataclasses.replace(design, back=plain)).convert("L")).astype(int)
        b = np.asarray(render_back(dataclasses.replace(design, back=worded)).convert("L")).astype(int)
        rows = np.nonzero(np.abs(a - b).max(axis=1) > 40)[0]
        top_half = rows[rows < a.shape[0] // 2]
        heights[fmt] = (top_half.max() - top_half.min()) / 150 * 25.4
    assert heights["mini"] / heights["skat"] == pytest.approx(63 / 91, abs=0.05)
    assert heights["jumbo"] / heights["skat"] == pytest.approx(1.0, abs=0.05)


def test_cutter_sheets_keep_room_for_the_registration_marks(tmp_path: Path) -> None:
    """For a cutting machine the corners hold registration marks beyond the whole bleed: 5 + 3 + 1 + 2.5 =
    11.5 mm a side, so Letter takes 8 poker cards turned (2 x 88 <= 192.9, 4 x 63 = 252 <= 256.4), not 9."""
    import xml.etree.ElementTree as ET

    geometry = design_in("poker").card
    assert sheet_layout(paper_named("letter"), geometry, cutter=True).per_sheet == 8
    cards = flat_cards(tmp_path / "img", geometry, 8)
    target = write_sheets(cards, geometry, tmp_path / "s.pdf", paper_named("letter"), cutter=True)
    rects = ET.parse(target.with_name("s-cut.svg")).getroot().findall(
        "{http://www.w3.org/2000/svg}g[@id='cut']/{http://www.w3.org/2000/svg}rect")
    assert len(rects) == 8 and {r.get("rx") for r in rects} == {"3.5"}
