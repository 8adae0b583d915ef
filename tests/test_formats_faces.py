"""The faces follow the card format: sizes, the safe zone, half-turn symmetry and legible indices,
measured on the pixels of faces drawn for every named format (at a low DPI, to stay fast)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from deckgen.cards import parse_card
from deckgen.config import DeckConfig
from deckgen.design import CardFormat, Design
from deckgen.formats import format_names, get_format
from deckgen.render.facelayout import INDEX_AIR, MIN_RANK_CAP, FaceLayout
from deckgen.render.facedraw import PIP_LAYOUTS
from deckgen.render.photocards import mirrored_area_px, photo_area_size
from deckgen.render.faces import render_face
from deckgen.render.vectorshapes import SuitShape
from deckgen.resolve import resolve_design

FORMATS = ["skat", "poker", "bridge", "tarot", "mini", "jumbo"]
DPI = 100
PAPER = (0xFF, 0xFD, 0xF8)


@lru_cache(maxsize=None)
def design(name: str, dpi: int = DPI) -> Design:
    return resolve_design(DeckConfig.model_validate({"card": {"format": name}, "dpi": dpi, "base_dir": Path.cwd()}))


def ink(image: Image.Image) -> np.ndarray:
    """Where the face is not its paper colour."""
    return np.abs(np.asarray(image).astype(int) - np.array(PAPER)).sum(axis=2) > 60


def test_the_named_formats_are_the_ones_tested():
    assert format_names() == FORMATS


@pytest.mark.parametrize("name", FORMATS)
def test_face_size_is_the_trim_plus_bleed_at_the_dpi(name):
    f = get_format(name)
    face = render_face(design(name), parse_card("7C"))
    # each side rounded once from mm: (trim + bleed on each side) / 25.4 * dpi
    want = (round((f.width_mm + 2 * f.bleed_mm) / 25.4 * DPI), round((f.height_mm + 2 * f.bleed_mm) / 25.4 * DPI))
    assert face.size == want


def test_face_sizes_at_300_dpi():
    sizes = {name: design(name, 300).card.box().size for name in FORMATS}
    assert sizes == {"skat": (768, 1146), "poker": (815, 1110), "bridge": (744, 1122), "tarot": (898, 1488),
                     "mini": (591, 815), "jumbo": (1122, 1571)}


@pytest.mark.parametrize("name", FORMATS)
@pytest.mark.parametrize("code", ["10S", "9H", "8C", "AS", "AD", "KS", "QH", "JD", "JK1"])
def test_everything_drawn_lies_inside_the_safe_zone(name, code):
    """Indices, pips, the ace's ring and name, the court frames: no ink outside the safe rectangle."""
    d = design(name)
    face = render_face(d, parse_card(code))
    k, bleed = DPI / 25.4, d.card.box().bleed_px
    safe = d.card.safe_mm
    ys, xs = np.nonzero(ink(face))
    left, top = (xs.min() - bleed) / k, (ys.min() - bleed) / k
    right, bottom = (xs.max() + 1 - bleed) / k, (ys.max() + 1 - bleed) / k
    slack = 1 / k  # one pixel of antialiasing
    assert left >= safe - slack and top >= safe - slack, (left, top)
    assert right <= d.card.width_mm - safe + slack and bottom <= d.card.height_mm - safe + slack, (right, bottom)


@pytest.mark.parametrize("name", FORMATS)
def test_pip_layouts_are_symmetric_under_a_half_turn(name):
    """Measured on the suit symbols the face draws (in mm): every layout the tradition makes
    symmetric (all but the 7 and the 8's ... the 7) maps onto itself turned 180 degrees, with
    every pip the same size and the pips in three columns."""
    d = design(name)
    lay = FaceLayout.for_format(d.card)
    for rank in range(2, 11):
        shapes: list = []
        render_face(d, parse_card(f"{rank}D"), vectors=shapes)
        pips = [s for s in shapes if isinstance(s, SuitShape) and s.h_mm == lay.pip_h]
        assert len(pips) == rank
        where = sorted((round(p.x_mm, 6), round(p.y_mm, 6)) for p in pips)
        turned = sorted((round(lay.width - x, 6), round(lay.height - y, 6)) for x, y in where)
        layout = {(c, round(f, 9)) for c, f in PIP_LAYOUTS[rank]}
        symmetric = layout == {(-c, round(1 - f, 9)) for c, f in layout}
        assert (where == turned) == symmetric, rank
        assert {x for x, _ in where} <= {round(lay.mid_x + c * lay.pip_dx, 6) for c in (-1, 0, 1)}


@pytest.mark.parametrize("name", FORMATS)
def test_pip_cards_look_the_same_turned(name):
    """On the pixels: a diamond pip card whose layout is symmetric is its own half turn, index included."""
    d = design(name)
    for code in ("3D", "5D", "9D", "10D"):
        face = render_face(d, parse_card(code))
        a = ink(face)
        b = ink(face.transpose(Image.Transpose.ROTATE_180))
        assert (a != b).mean() < 0.002, (code, (a != b).mean())


def test_a_long_card_keeps_the_pip_columns_and_spreads_the_rows():
    skat, tarot = (FaceLayout.for_format(design(n).card) for n in ("skat", "tarot"))
    # the pips keep their shape, sized with the frame's width; the rows use the taller field
    assert tarot.pip_h / skat.pip_h == pytest.approx(tarot.frame_w / skat.frame_w)
    assert (tarot.pip_bottom - tarot.pip_top) / (skat.pip_bottom - skat.pip_top) > tarot.pip_h / skat.pip_h + 0.1
    assert tarot.pip_dx / skat.pip_dx == pytest.approx(tarot.frame_w / skat.frame_w)


@pytest.mark.parametrize("name", FORMATS)
def test_the_rank_is_at_least_4_mm_tall(name):
    """Measured on the pixels of a K's index at 300 DPI: the first run of inked rows in the index column."""
    d = design(name, 300)
    lay = FaceLayout.for_format(d.card)
    face = render_face(d, parse_card("KS"))
    k, bleed = 300 / 25.4, d.card.box().bleed_px
    column = ink(face)[:, round(bleed + lay.safe * k): round(bleed + (lay.safe + lay.index_max_w) * k)]
    rows = np.nonzero(column[: round(bleed + (lay.index_top + lay.index_rank_cap + lay.index_gap) * k)].any(axis=1))[0]
    first = rows[: np.argmax(np.diff(rows) > 1) + 1] if (np.diff(rows) > 1).any() else rows
    height_mm = (first[-1] - first[0] + 1) / k
    assert height_mm >= MIN_RANK_CAP - 0.05, height_mm
    assert height_mm == pytest.approx(lay.index_rank_cap, abs=0.15)
    if name == "mini":
        assert lay.index_rank_cap == MIN_RANK_CAP  # scaled with the card it would be 3 mm


@pytest.mark.parametrize("name", FORMATS)
def test_court_frames_and_photo_areas_follow_the_format(name):
    d = design(name)
    lay = FaceLayout.for_format(d.card)
    box = d.card.box()
    k, bleed = DPI / 25.4, box.bleed_px
    left, top, right, bottom = mirrored_area_px(d)
    assert (left, top) == (round(bleed + lay.frame[0] * k), round(bleed + lay.frame[1] * k))
    assert right == box.width_px - left and bottom == (box.height_px + 1) // 2
    assert photo_area_size(d, "full") == box.size
    # the frame stands beside the index column, inside the safe zone
    assert lay.frame[0] > lay.safe + lay.index_max_w and lay.frame[1] > lay.safe
    # and on the pixels: a drawn court's frame rule is where the layout puts it
    rows = ink(render_face(d, parse_card("KC")))[round(bleed + lay.mid_y * k) - 30]
    cols = np.nonzero(rows)[0]
    assert abs(cols.min() - (bleed + lay.frame[0] * k)) <= 2 and abs(cols.max() + 1 - (bleed + lay.frame[2] * k)) <= 2


def test_skat_keeps_the_reference_lettering_and_leaves_air_beside_the_index():
    """Skat's lettering is the reference's; its frame stands INDEX_AIR (1.6 mm) beyond the index
    column, so it is 39.8 mm wide, and the pictures (pips, ace, figures, rules) are drawn at
    39.8 / 42 of the reference numbers."""
    lay = FaceLayout.for_format(CardFormat())
    kp = 39.8 / 42.0
    assert (lay.ki, lay.frame, lay.index_x, lay.index_top, lay.index_rank_cap, lay.index_gap,
            lay.index_suit_h, lay.pip_top, lay.pip_bottom) == (
        1.0, (9.6, 4.5, 49.4, 86.5), 6.0, 4.5, 4.4, 0.9, 3.5, 16.8, 74.2)
    assert lay.frame[0] - (lay.index_x + lay.index_max_w / 2) == pytest.approx(INDEX_AIR) == 1.6
    assert (lay.kp, lay.pip_h, lay.pip_dx, lay.ace_pip_h) == pytest.approx((kp, 9.4 * kp, 12.3 * kp, 22.0 * kp))
    assert lay.figure_origin == pytest.approx((29.5, 4.5)) and lay.figure_scale == pytest.approx(kp)


def figure_gap_mm(name: str, code: str, dpi: int = DPI) -> tuple[float, float]:
    """How far below the court frame's inner (gold) rule the drawn figure's ink starts, measured
    on the pixels of a column band down the middle of the frame (the crown, the jester's cap),
    and the same above the turned half's foot: (top gap, bottom gap) in mm."""
    d = design(name, dpi)
    lay = FaceLayout.for_format(d.card)
    k, bleed = dpi / 25.4, d.card.box().bleed_px
    face = np.asarray(render_face(d, parse_card(code))).astype(int)
    strong = np.abs(face - np.array(PAPER)).sum(axis=2) > 250  # the figure, not the faint lattice ground
    inner_top = lay.frame[1] + 1.15 * lay.kp  # the gold rule's inner edge
    band = slice(round(bleed + (lay.mid_x - 4 * lay.kp) * k), round(bleed + (lay.mid_x + 4 * lay.kp) * k))
    first, last = round(bleed + inner_top * k) + 1, round(bleed + (lay.height - inner_top) * k) - 1
    rows = np.nonzero(strong[first:last, band].any(axis=1))[0]
    return rows[0] / k, (last - first - 1 - rows[-1]) / k


@pytest.mark.parametrize("name", FORMATS)
@pytest.mark.parametrize("code", ["KS", "QH", "JK1"])
def test_drawn_courts_fill_the_frames_height(name, code):
    """The crown (the jester's cap) comes up to the frame's inner rule on every format, also where
    the frame is relatively taller than the skat one (tarot, where the figure was once drawn to the
    frame's width and stood 6 mm short of its top): the robe is drawn longer instead. The gap is
    the skat card's (a queen's crown is 1 mm lower than a king's) times the pictures' scale, give
    or take a pixel in each of the two measurements (the skat one and this one). Measured at 100
    DPI, the mini card at 150: at its scale the points of a crown are thinner than a 100 DPI pixel."""
    dpi = 150 if name == "mini" else DPI
    top, bottom = figure_gap_mm(name, code, dpi)
    skat_top, _ = figure_gap_mm("skat", code, dpi)
    kp = FaceLayout.for_format(design(name).card).kp
    px = 25.4 / dpi
    assert top < 2.0 and bottom < 2.0, (top, bottom)
    assert abs(top - skat_top * kp) <= 2 * px and abs(bottom - skat_top * kp) <= 2 * px, (top, bottom, skat_top * kp)


def test_the_tarot_court_has_a_longer_robe_not_a_bigger_head():
    lay = FaceLayout.for_format(design("tarot").card)
    skat = FaceLayout.for_format(design("skat").card)
    assert skat.figure_wider == lay.figure_wider == 0.0
    # skat's frame is 39.8 mm wide, a little narrower than the figure's reference 42: 2.3 mm more
    # robe; tarot's is relatively far taller
    assert 2.2 < skat.figure_taller < 2.35 and 7.2 < lay.figure_taller < 7.5
    for one in (lay, skat):
        # the figure keeps its width inside the frame: the pictures are sized by the frame's width
        assert one.figure_scale == pytest.approx((one.frame[2] - one.frame[0]) / 42.0)
        assert one.figure_origin[1] == pytest.approx(one.frame[1])


def robe_gaps_mm(name: str, code: str) -> tuple[float, float]:
    """How far the drawn figure's robe stays from the frame's inner (gold) rules, left and right,
    measured on the pixel row 3 mm (on skat) above the middle of the card."""
    d = design(name)
    lay = FaceLayout.for_format(d.card)
    k, bleed = DPI / 25.4, d.card.box().bleed_px
    face = np.asarray(render_face(d, parse_card(code))).astype(int)
    row = face[round(bleed + (lay.mid_y - 3 * lay.kp) * k)]
    strong = np.abs(row - np.array(PAPER)).sum(axis=1) > 250
    first = round(bleed + (lay.frame[0] + 1.15 * lay.kp) * k) + 1
    last = round(bleed + (lay.frame[2] - 1.15 * lay.kp) * k) - 1
    cols = np.nonzero(strong[first:last])[0]
    return cols[0] / k, (last - first - 1 - cols[-1]) / k


@pytest.mark.parametrize("name", FORMATS)
@pytest.mark.parametrize("code", ["KS", "QH", "JK1"])
def test_drawn_courts_fill_the_frames_width(name, code):
    """The robe's sleeves come out to the frame's sides on every format, also where the frame is
    relatively wider than the skat one (poker, jumbo: the figure is sized by the frame's height and
    once left 3 to 4 mm of empty frame either side): the robe is drawn wider instead."""
    left, right = robe_gaps_mm(name, code)
    assert left < 0.75 and right < 0.75, (left, right)


def index_frame_air_mm(face: Image.Image, d: Design, turned: bool = False) -> float:
    """The least paper between the index's ink and the court frame's rule, in mm, measured row by
    row over the index's height on the pixels (the top-left corner; the bottom-right one after a
    half turn of the face). The frame's rule is the first column inked on nearly every row."""
    lay = FaceLayout.for_format(d.card)
    k, bleed = d.card.dpi / 25.4, d.card.box().bleed_px
    if turned:
        face = face.transpose(Image.Transpose.ROTATE_180)
    rows = slice(round(bleed + lay.index_top * k), round(bleed + (lay.index_top + 12 * lay.ki) * k))
    cols = slice(round(bleed + (lay.safe - 1) * k), round(bleed + (lay.frame[0] + 0.5) * k))
    window = ink(face)[rows, cols]
    rule = int(np.nonzero(window.mean(axis=0) > 0.9)[0].min())
    beside = window[:, :rule]
    assert beside.any(), "no index beside the frame"
    last = max(int(np.nonzero(row)[0].max()) for row in beside if row.any())
    return (rule - last - 1) / k


@pytest.mark.parametrize("name", FORMATS)
def test_the_index_stands_clear_of_the_court_frame(name):
    """At least 1.5 mm of paper between the rank (or JOKER) and the frame's rule, in both corners of
    every drawn court and joker (a K and a Q fill the index column's width; it was 0.5 mm once,
    the rank nearly touching the rule), and a pip card's index in the same place as a court's."""
    d = design(name)
    for code in ("KH", "QS", "JD", "JK2"):
        face = render_face(d, parse_card(code))
        air = [index_frame_air_mm(face, d, turned) for turned in (False, True)]
        assert min(air) >= 1.5, (code, air)
    lay = FaceLayout.for_format(d.card)
    k, bleed = DPI / 25.4, d.card.box().bleed_px
    corner = (slice(0, round(bleed + (lay.index_top + lay.index_rank_cap) * k)),
              slice(0, round(bleed + (lay.safe + lay.index_max_w + 0.5) * k)))
    ten, king = (np.nonzero(ink(render_face(d, parse_card(code)))[corner]) for code in ("10S", "KS"))
    # the 10 (the widest rank, filling the column) sits in the K's column, centred on the same
    # line and top to a pixel, as far from where a court's frame stands, to a pixel
    assert abs(ten[0].min() - king[0].min()) <= 1 and abs(ten[1].min() - king[1].min()) <= 1
    assert abs((ten[1].min() + ten[1].max()) - (king[1].min() + king[1].max())) <= 2
    assert lay.frame[0] - (ten[1].max() + 1 - bleed) / k >= INDEX_AIR - 1 / k


def test_a_photo_court_s_index_stands_clear_of_its_frame(tmp_path):
    """The same air beside the frame of a mirrored photo court, the photo filling the frame."""
    Image.new("RGB", (600, 600), (40, 90, 160)).save(tmp_path / "p.png")
    d = resolve_design(DeckConfig.model_validate({"dpi": DPI, "cards": {"KH": {"image": "p.png"}},
                                                  "base_dir": tmp_path, "source": tmp_path / "deck.toml"}))
    face = render_face(d, parse_card("KH"))
    assert min(index_frame_air_mm(face, d, turned) for turned in (False, True)) >= 1.5
