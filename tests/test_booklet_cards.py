"""The small cards of the booklet's worked examples: a design made for their size (issue 31, item 4).

An example's card is 11.5 mm wide and fanned 3.4 mm a card; what shows of each is its top left
corner. These tests draw hands as the booklet does, then read the PDF with tools that are not ours
(pypdf for its contents, MuPDF for its pixels) and measure what a reader sees: a rank at least 3 mm
tall in the strip a fan leaves showing, the suit under it in the deck's ink, the deck's letters."""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from deckgen.booklet.pictures import (
    EXAMPLE_CARD_WIDTH_MM,
    FAN_STEP_MM,
    STRIP_CARD_WIDTH_MM,
    CardLook,
    CardStrip,
    Hand,
    HandsStrip,
    draw_small_card,
    look_of,
)
from deckgen.booklet.styles import Palette, make_styles, register_fonts
from deckgen.cards import parse_cards
from deckgen.config import DeckConfig
from deckgen.design import Design, IndexDesign, Ink
from deckgen.resolve import resolve_design
from deckgen.units import mm_to_pt

PT_PER_MM = 72 / 25.4
#: The renders' resolution: 40 pixels a millimetre.
PX_PER_MM = 40
FOUR = Ink(red="#c8102e", black="#16161d", four_colour=True, clubs="#008f69", diamonds="#1f5fbf",
           paper="#fffdf8", accent="#c9a227")


def _design(tmp_path: Path, **more: object) -> Design:
    return resolve_design(DeckConfig.model_validate({"base_dir": tmp_path} | more))


class _Source:
    """A source of card pictures as the booklet passes it: only its look is read."""

    def __init__(self, look: CardLook) -> None:
        self.look = look

    def __call__(self, card: object) -> object:
        raise AssertionError("an example's cards are drawn, not taken from pictures of the faces")


def _strip_pdf(hands: list[Hand], look: CardLook) -> tuple[bytes, HandsStrip]:
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    styles = make_styles(Palette(), mm_to_pt(100))
    strip = HandsStrip(hands, _Source(look), styles)  # type: ignore[arg-type]
    strip.wrap(styles.width, 500)
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(styles.width, strip.height), invariant=1)
    strip.drawOn(canvas, 0, 0)
    canvas.save()
    return out.getvalue(), strip


def _pixels(pdf: bytes) -> np.ndarray:
    """The first page drawn by MuPDF at PX_PER_MM (PyMuPDF, else Debian's mutool), as RGB ints."""
    try:
        import pymupdf
    except ImportError:
        if shutil.which("mutool") is None:
            pytest.skip("MuPDF (PyMuPDF or mutool) renders the PDF to measure the cards' ink; neither is installed")
        with tempfile.TemporaryDirectory() as folder:
            source, target = Path(folder) / "in.pdf", Path(folder) / "out.png"
            source.write_bytes(pdf)
            subprocess.run(["mutool", "draw", "-q", "-r", str(PX_PER_MM * 25.4), "-c", "rgb", "-o", str(target),
                            str(source), "1"], check=True, capture_output=True)
            return np.asarray(Image.open(target).convert("RGB")).astype(int)
    page = pymupdf.open(stream=pdf, filetype="pdf")[0]
    pix = page.get_pixmap(matrix=pymupdf.Matrix(PX_PER_MM / PT_PER_MM, PX_PER_MM / PT_PER_MM), alpha=False)
    return np.frombuffer(pix.samples, dtype=np.uint8).reshape(pix.height, pix.width, 3).astype(int)


def _near(pixels: np.ndarray, colour: str, tolerance: int = 60) -> np.ndarray:
    rgb = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)])
    return np.abs(pixels - rgb).sum(axis=2) < tolerance


def _runs(rows: np.ndarray) -> list[tuple[int, int]]:
    """The runs of True in a column of booleans, as (first, last) indices."""
    runs: list[tuple[int, int]] = []
    for i, on in enumerate(rows):
        if on and (not runs or runs[-1][1] != i - 1):
            runs.append((i, i))
        elif on:
            runs[-1] = (runs[-1][0], i)
    return runs


@pytest.mark.mupdf
def test_a_fanned_card_shows_a_rank_3_mm_tall_with_its_suit_under_it_in_the_decks_four_colours() -> None:
    """Each card of a fan shows, in the 3.4 mm the next card leaves of it, its rank at least 3 mm tall
    (11.5 mm cards) and its suit's sign under it, both in the suit's ink of a four-colour deck; the
    picture is all vectors (no image of a face in the PDF)."""
    from pypdf import PdfReader

    cards = parse_cards("10C QD KH 7S AC")
    pdf, strip = _strip_pdf([Hand("Ann", (tuple(cards),))], CardLook(ink=FOUR))
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    assert not page.images  # drawn, not pictures of faces
    pixels = _pixels(pdf)
    top = round(strip.label_row / PT_PER_MM * PX_PER_MM)  # the cards' tops, under the label row
    shown = int(strip.card_h / PT_PER_MM * PX_PER_MM)
    step = FAN_STEP_MM * PX_PER_MM
    for i, card in enumerate(cards):
        colour = FOUR.card(card)
        x0 = int(i * step)
        column = _near(pixels[top:top + shown, x0:int(x0 + step)], colour)
        runs = [r for r in _runs(column.any(axis=1)) if r[1] - r[0] > 4]
        assert len(runs) >= 2, (card, runs)  # the rank, then the suit under it
        rank_mm = (runs[0][1] - runs[0][0] + 1) / PX_PER_MM
        suit_mm = (runs[1][1] - runs[1][0] + 1) / PX_PER_MM
        assert rank_mm >= 2.9, (str(card), rank_mm)
        assert suit_mm >= 1.8, (str(card), suit_mm)
        # the suit's sign in its own ink: the other inks are nowhere in its column
        others = {FOUR.card(c) for c in cards} - {colour}
        assert all(_near(pixels[top:top + shown, x0:int(x0 + step)], other).sum() < 20 for other in others), card
    # the last card, shown whole, also has a large sign in its centre (an ace of clubs: its club)
    last = _near(pixels[top:top + shown, int(4 * step + step):], FOUR.clubs)
    rows = _runs(last.any(axis=1))
    assert rows and max(b - a for a, b in rows) / PX_PER_MM >= 0.35 * EXAMPLE_CARD_WIDTH_MM


@pytest.mark.mupdf
def test_the_cards_print_the_decks_letters_and_its_paper(tmp_path: Path) -> None:
    """A German deck's queen, jack and king are D, B and K on the cards themselves (from the deck's
    index, as the booklet's source of pictures gives it), on the deck's paper colour."""
    from pypdf import PdfReader

    german = _design(tmp_path, language="de", colours={"background": "#f4ecd8"})
    from deckgen.booklet.thumbs import CardPictures

    look = look_of(CardPictures(german, None))
    assert look.index == german.faces.index and look.ink == german.faces.ink
    pdf, strip = _strip_pdf([Hand("Ann", (tuple(parse_cards("QS JH KD 9C")),))], look)
    text = PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    ranks = [t for t in text.split() if len(t) <= 2 and t.isalnum()]
    assert {"D", "B", "K", "9"} <= set(ranks) and "Q" not in ranks and "J" not in ranks, text
    pixels = _pixels(pdf)
    top = round(strip.label_row / PT_PER_MM * PX_PER_MM)
    assert _near(pixels[top + 5:top + 30, :], "#f4ecd8", 12).sum() > 1000  # the cards are on the deck's paper


@pytest.mark.mupdf
def test_a_ten_fits_its_strip_and_a_joker_shows_a_star() -> None:
    """The widest rank, 10, is set closer and narrower to stay in the strip a fan shows (its ink ends
    before the next card's edge); a joker's index is a star in its ink."""
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    w, h = mm_to_pt(EXAMPLE_CARD_WIDTH_MM), mm_to_pt(EXAMPLE_CARD_WIDTH_MM * 91 / 59)
    step = mm_to_pt(FAN_STEP_MM)
    for card in parse_cards("10H JK2"):
        out = io.BytesIO()
        canvas = Canvas(out, pagesize=(w + 4, h + 4), invariant=1)
        draw_small_card(canvas, card, 2, 2, w, h, CardLook(), column=step, whole=False)
        canvas.save()
        ink = _near(_pixels(out.getvalue()), CardLook().ink.card(card))
        xs = np.nonzero(ink.any(axis=0))[0]
        ys = np.nonzero(ink.any(axis=1))[0]
        assert len(xs), card
        left = 2 / PT_PER_MM * PX_PER_MM
        assert (xs.max() - left) / PX_PER_MM < FAN_STEP_MM, (str(card), (xs.max() - left) / PX_PER_MM)
        # a 10 over its heart; a star as tall as the strip is wide
        assert (ys.max() - ys.min()) / PX_PER_MM >= (5.0 if card.rank else 2.5), card


def test_small_cards_are_the_same_bytes_each_time_and_a_table_strip_reads_too() -> None:
    """The same hand gives the same PDF bytes; a table's strip (7 mm cards) draws its cards the same
    way, with the ranks as text a reader can find."""
    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas

    hand = [Hand("Ann", (tuple(parse_cards("AS 10H QC")), tuple(parse_cards("JK1"))))]
    assert _strip_pdf(hand, CardLook())[0] == _strip_pdf(hand, CardLook())[0]
    strip = CardStrip(parse_cards("KD JD 9D 3D 2D"), _Source(CardLook()))  # type: ignore[arg-type]
    assert strip.card_w == pytest.approx(mm_to_pt(STRIP_CARD_WIDTH_MM))
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(strip.width + 4, strip.height + 4), invariant=1)
    strip.wrap(200, 100)
    strip.drawOn(canvas, 2, 2)
    canvas.save()
    # the ranks in their order (pypdf 4 runs the five separately placed letters together; newer ones space them)
    assert "".join(PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text().split()) == "KJ932"


def test_a_source_without_a_look_draws_the_default_inks_with_its_index() -> None:
    german = IndexDesign(language="de", queen="D", jack="B")

    class Old:
        index = german

    assert look_of(Old()) == CardLook(index=german)
    assert look_of(lambda card: None) == CardLook()


def test_the_names_beside_the_cards_take_the_cards_ink_on_a_four_colour_deck() -> None:
    from deckgen.booklet.pictures import name_colour

    palette = Palette()
    club, diamond, heart = parse_cards("9C 9D 9H")
    assert [name_colour(c, CardLook(ink=FOUR), palette) for c in (club, diamond, heart)] == [
        FOUR.clubs, FOUR.diamonds, FOUR.red]
    assert [name_colour(c, CardLook(), palette) for c in (club, diamond)] == [palette.ink, palette.red]


def test_each_rank_is_set_3_mm_tall_and_no_wider_than_the_strip_a_fan_shows() -> None:
    """Read back from the PDF's text (pypdf): every rank of an example's fan is set with capitals at least
    3 mm tall (its font size and the scale in force, times the face's capital height) and, narrowed as
    it needs, no wider than the 3.4 mm the next card leaves showing; the names under the fan stay 7.5 pt."""
    from pypdf import PdfReader
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from deckgen.booklet.pictures import RANK_CAP_RATIO, RANK_FONT

    pdf, _ = _strip_pdf([Hand("Ann", (tuple(parse_cards("10C QD KH 7S AC")),))], CardLook())
    ranks: list[tuple[str, float, float]] = []

    def seen(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip() in {"10", "Q", "K", "7", "A"} and cm[3] * tm[3] * size > 9:  # a rank, not a name
            width = stringWidth(text.strip(), RANK_FONT, size) * cm[0] * tm[0]
            ranks.append((text.strip(), size * cm[3] * tm[3] * RANK_CAP_RATIO / PT_PER_MM, width / PT_PER_MM))

    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=seen)
    assert [r for r, _, _ in ranks] == ["10", "Q", "K", "7", "A"]
    for rank, cap_mm, width_mm in ranks:
        assert cap_mm >= (2.95 if rank == "10" else 3.05), (rank, cap_mm)
        assert width_mm <= FAN_STEP_MM, (rank, width_mm)
