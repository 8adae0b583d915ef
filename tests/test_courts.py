"""The drawn courts and jokers: twelve distinct figures and two jesters, double-ended to the pixel,
drawn in several colours over most of the frame, tinted by the deck's colours, and recorded as
vector paths for the print-shop PDF."""

from __future__ import annotations

import io
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from deckgen.cards import Rank, Suit, joker, parse_card
from deckgen.config import DeckConfig
from deckgen.design import CardFormat, Design
from deckgen.fileio import save_png
from deckgen.render.courts import DIVIDER, court_figure, in_profile, joker_figure
from deckgen.render.facelayout import FaceLayout
from deckgen.render.faces import render_face
from deckgen.render.facevector import draw_shapes
from deckgen.render.vectorshapes import PathShape, SuitShape, TextShape
from deckgen.resolve import resolve_design
from deckgen.units import card_box

COURTS = [parse_card(r + s) for s in "SHDC" for r in "JQK"]
JOKERS = [joker(1), joker(2)]
K = 300 / 25.4
BLEED = 3.0
SKAT = FaceLayout.for_format(CardFormat())  # the demo's card
FRAME, MID_Y = SKAT.frame, SKAT.mid_y


def deck(tmp_path: Path, **data) -> Design:
    """The resolved design of a deck.toml with these keys in tmp_path (what the renderers take)."""
    return resolve_design(DeckConfig.model_validate(data | {"base_dir": tmp_path, "source": tmp_path / "deck.toml"}))


@pytest.fixture(scope="module")
def faces(tmp_path_factory) -> dict[str, np.ndarray]:
    d = deck(tmp_path_factory.mktemp("courts"))
    return {card.code: np.asarray(render_face(d, card)) for card in COURTS + JOKERS}


def window(image: np.ndarray) -> np.ndarray:
    """The upper half of the court frame, inside its rules, where the figure is."""
    x0, y0, x1, _ = FRAME
    return image[round((BLEED + y0 + 1.5) * K): round((BLEED + MID_Y - 0.5) * K),
                 round((BLEED + x0 + 1.5) * K): round((BLEED + x1 - 1.5) * K)]


def test_court_faces_keep_the_card_size(faces):
    box = card_box(300, BLEED)
    for code, image in faces.items():
        assert image.shape == (box.size[1], box.size[0], 3), code


@pytest.mark.parametrize("code", [c.code for c in COURTS + JOKERS])
def test_each_figure_is_exactly_double_ended(faces, code):
    image = faces[code]
    assert np.array_equal(image, image[::-1, ::-1]), code


def test_twelve_distinct_figures(faces):
    diffs = {}
    for a, b in combinations([c.code for c in COURTS], 2):
        wa, wb = window(faces[a]).astype(int), window(faces[b]).astype(int)
        diffs[(a, b)] = (np.abs(wa - wb).sum(axis=2) > 60).mean()
    # noise (antialiasing, a shifted pixel) changes well under 1 % of the window; any two figures
    # differ over far more of it
    worst = min(diffs, key=diffs.get)
    assert diffs[worst] > 0.15, (worst, diffs[worst])


@pytest.mark.parametrize("code", [c.code for c in COURTS + JOKERS])
def test_figures_are_drawings_not_letters(faces, code):
    win = window(faces[code])
    ground = np.median(win[:12, :12].reshape(-1, 3), axis=0)
    drawn = (np.abs(win.astype(int) - ground).sum(axis=2) > 40).mean()
    assert drawn > 0.5, (code, drawn)  # most of the frame is figure, not ground
    # several colours, each over a real share of the frame (a letter is one ink on a ground)
    colours, counts = np.unique(win.reshape(-1, 3), axis=0, return_counts=True)
    big = counts[counts > 0.02 * counts.sum()]
    assert len(big) >= 5, (code, len(big))


def test_jokers_differ_and_are_jesters(faces):
    a, b = window(faces["JK1"]).astype(int), window(faces["JK2"]).astype(int)
    assert (np.abs(a - b).sum(axis=2) > 60).mean() > 0.2


def test_figures_are_data_in_the_half_panel():
    for card in COURTS:
        parts = court_figure(card.rank, card.suit)
        assert len(parts) > 40
        for part in parts:
            for start, segs in part.contours:
                for p in (start, *(q for seg in segs for q in seg[1:])):
                    assert -20.0 < p[0] < 20.0 and -0.5 < p[1] <= 41.0, (card.code, p)
    assert joker_figure(1) != joker_figure(2)


def test_same_figure_same_bytes(tmp_path):
    d = deck(tmp_path)
    out = []
    for name in ("a.png", "b.png"):
        save_png(render_face(d, parse_card("QH")), tmp_path / name, 300)
        out.append((tmp_path / name).read_bytes())
    assert out[0] == out[1]


def test_deck_colours_tint_the_figures(tmp_path):
    plain = np.asarray(render_face(deck(tmp_path), parse_card("KS")))
    tinted = np.asarray(render_face(deck(tmp_path, colours={"robe": "#2f6b3a", "accent": "#8c6f30"}), parse_card("KS")))
    changed = (np.abs(window(plain).astype(int) - window(tinted).astype(int)).sum(axis=2) > 30).mean()
    assert changed > 0.2  # the robe and the gold: a fifth of the panel and more
    green = np.all(np.abs(window(tinted).astype(int) - (0x2F, 0x6B, 0x3A)) < 4, axis=2).mean()
    assert green > 0.1  # the robe is in the deck's robe colour


def test_figures_are_vector_paths_for_the_pdf(tmp_path):
    d = deck(tmp_path)
    shapes: list = []
    base = np.asarray(render_face(d, parse_card("JD"), vectors=shapes))
    paths = [s for s in shapes if isinstance(s, PathShape) and s.rule == "each"]  # the figure (not frame and ground)
    parts = court_figure(Rank.JACK, Suit.DIAMONDS) + DIVIDER  # the divider is drawn over the robe
    assert len(paths) == 2 * len(parts)  # the upper half and its turned copy
    assert any(isinstance(s, SuitShape) for s in shapes) and any(isinstance(s, TextShape) for s in shapes)
    # nothing is painted in the picture underneath: frame, ground and figure are all shapes
    assert (base == base[0, 0]).all()
    # the turned copies are the half turn of the upper paths
    upper, lower = paths[: len(parts)], paths[len(parts):]
    for a, b in zip(upper, lower):
        assert a.turned_copy(59.0, 91.0) == b

    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(200, 300), pageCompression=0)
    draw_shapes(canvas, paths, (10, 290), lambda rgb: (Color(*(c / 255 for c in rgb)), False))
    canvas.showPage()
    canvas.save()
    pdf = buf.getvalue()
    ops = pdf.replace(b"\n", b" ").split(b" ")
    assert ops.count(b"c") > 300  # Bézier curves
    assert ops.count(b"S") > 20 and ops.count(b"f*") > 50  # stroked outlines and filled shapes


def test_a_caption_on_a_drawn_court_is_kept_symmetric(tmp_path):
    d = deck(tmp_path, cards={"QC": {"text": "Grandma"}})
    image = np.asarray(render_face(d, parse_card("QC")))
    assert np.array_equal(image, image[::-1, ::-1])
    plain = np.asarray(render_face(deck(tmp_path), parse_card("QC")))
    assert not np.array_equal(image, plain)


def test_a_theme_dresses_the_courts_and_deck_toml_wins(tmp_path):
    def share(d: DeckConfig, rgb: tuple[int, int, int]) -> float:
        win = window(np.asarray(render_face(d, parse_card("KS")))).astype(int)
        return np.all(np.abs(win - rgb) < 4, axis=2).mean()

    classic, sage = (0x27, 0x45, 0x7F), (0x5F, 0x7D, 0x62)
    assert share(deck(tmp_path), classic) > 0.1  # the plain theme: the classic blue
    assert share(deck(tmp_path, theme="wedding"), sage) > 0.1  # the wedding theme: sage green
    assert share(deck(tmp_path, theme="wedding"), classic) == 0
    own = deck(tmp_path, theme="wedding", colours={"robe": "#2f6b3a"})
    assert share(own, (0x2F, 0x6B, 0x3A)) > 0.1 and share(own, sage) == 0


def test_a_caption_plate_is_part_of_the_vector_figure(tmp_path):
    shapes: list = []
    render_face(deck(tmp_path, cards={"KD": {"text": "Grandpa"}}), parse_card("KD"), vectors=shapes)
    paths = [s for s in shapes if isinstance(s, PathShape)]
    words = [s for s in shapes if isinstance(s, TextShape) and s.text == "Grandpa"]
    assert len(words) == 2
    # the plate (a paper rectangle) comes after the robe, so the PDF draws it over the figure
    paper = [i for i, s in enumerate(paths) if s.fill == (0xFF, 0xFD, 0xF8) and len(s.contours[0][1]) == 4]
    assert paper and paper[-1] > len(court_figure(Rank.KING, Suit.DIAMONDS))


def test_every_drawn_figure_stands_clear_of_the_frame_s_gold_rule():
    # the gold rule is drawn inward from 1.0 mm inside the frame's top, 0.3 mm wide; a figure's top (the
    # king's middle pearl, the jack's feather, the halberd's spike, the jester's bell) keeps 0.5 mm below it
    from deckgen.render.courts import court_figure, joker_figure
    from deckgen.render.figureparts import flatten

    def top(parts):
        return min(min(y for _, y in flatten(c, 12)) - (p.width / 2 if p.line else 0.0)
                   for p in parts for c in p.contours)

    figures = {f"{r.name}-{s.name}": court_figure(r, s) for r in (Rank.KING, Rank.QUEEN, Rank.JACK) for s in Suit}
    figures.update({f"joker-{n}": joker_figure(n) for n in (1, 2)})
    tops = {name: round(top(parts), 2) for name, parts in figures.items()}
    assert min(tops.values()) >= 1.3 + 0.5, tops
    assert tops["KING-HEARTS"] == 1.94 and tops["JACK-SPADES"] == 1.87 and tops["joker-1"] == 2.01


def test_a_drawn_court_s_caption_keeps_1_5_mm_from_the_gold_rules_and_the_lozenge(tmp_path):
    from deckgen.render.captions import caption_set
    text = "Great-aunt Wilhelmina of Lower Slaughter"
    card = parse_card("QS")
    with_text = deck(tmp_path, dpi=150, cards={"QS": {"text": text}})
    assert caption_set(with_text, text, "half").lines == ("Great-aunt Wilhelmina", "of Lower Slaughter")
    a = np.asarray(render_face(with_text, card)).astype(int)
    b = np.asarray(render_face(deck(tmp_path, dpi=150), card)).astype(int)
    k, bleed = 150 / 25.4, round(3.0 * 150 / 25.4)
    lay = FaceLayout.for_format(CardFormat())
    changed = (np.abs(a - b).sum(axis=2) > 24)[: bleed + round(lay.mid_y * k)]
    ys, xs = np.nonzero(changed)
    gold_in = lay.frame[0] + 1.3 * lay.kp
    left, right, bottom = (xs.min() - bleed) / k, (xs.max() + 1 - bleed) / k, (ys.max() + 1 - bleed) / k
    assert left - gold_in >= 1.5 and (lay.width - gold_in) - right >= 1.5, (left, right)
    assert (lay.mid_y - 2.4 * lay.kp) - bottom >= 1.5, bottom


def test_a_drawn_court_s_caption_too_long_to_read_is_warned_about(tmp_path):
    from deckgen.render.faces import check_faces
    text = "#AnnaAndBenForeverAndEverAtLakeComoTwelfthOfJune2027"
    design = deck(tmp_path, dpi=150, cards={"JD": {"text": text}})
    assert check_faces(design) == [
        f"{design.source}: cards.JD.text: the caption '{text}' is too long for the card and has no space to break it "
        "at: even in 1.5 mm capitals (the least that reads well) it must be squeezed to 45% of its width; shorten "
        "text, or put a space in it in [cards.JD]"]


# --------------------------------------------------------------------------- the one-eyed courts

PROFILES = {"JS", "JH", "KD"}


def _pupils(parts) -> list[tuple[float, float]]:
    """The centres of the figure's pupils: small round shapes filled with the line colour in the face."""
    out = []
    for p in parts:
        if p.fill != "line" or p.line is not None or len(p.contours) != 1:
            continue
        pts = [p.contours[0][0]] + [seg[-1] for seg in p.contours[0][1]]
        us, vs = [q[0] for q in pts], [q[1] for q in pts]
        if max(us) - min(us) < 1.0 and max(vs) - min(vs) < 1.0 and 12.0 < sum(vs) / len(vs) < 22.0:
            out.append((sum(us) / len(us), sum(vs) / len(vs)))
    return out


@pytest.mark.parametrize("code", [c.code for c in COURTS])
def test_the_one_eyed_courts_show_one_eye_and_the_others_two(code):
    card = parse_card(code)
    pupils = _pupils(court_figure(card.rank, card.suit))
    assert len(pupils) == (1 if code in PROFILES else 2), pupils
    assert in_profile(card.rank, card.suit) == (code in PROFILES)


def test_a_profile_looks_away_from_what_its_court_holds():
    """K♦ holds his axe on one side and looks to the other, like J♠; J♥ is drawn the other way round."""
    for code, looks in (("JS", -1), ("KD", -1), ("JH", 1)):
        card = parse_card(code)
        (u, _), = _pupils(court_figure(card.rank, card.suit))
        assert u * looks > 1.5, code  # the eye sits toward the front of the head, on the side it looks to


def test_a_profile_head_is_not_mirror_symmetric_in_the_picture(faces):
    """In the drawn pixels: the head of a profile court differs from its own mirror image far more than
    a front-facing head does (the nose, the one eye, the ear and the hair behind)."""
    x0, y0, x1, _ = FRAME
    mid = round((BLEED + (x0 + x1) / 2) * K)
    half = round(8.0 * K)
    top, bottom = round((BLEED + y0 + 9.0) * K), round((BLEED + y0 + 24.0) * K)

    def asymmetry(code: str) -> float:
        head = faces[code][top:bottom, mid - half: mid + half].astype(int)
        return float(np.abs(head - head[:, ::-1]).mean())

    profile = min(asymmetry(c) for c in PROFILES)
    front = max(asymmetry(c.code) for c in COURTS if c.code not in PROFILES)
    assert profile > 1.5 * front, (profile, front)


@pytest.mark.parametrize("code", sorted(PROFILES))
def test_the_profile_courts_print_in_the_pdf_as_they_show_in_the_png(tmp_path, code):
    """The vector face (what the print-shop PDF draws) rasterised by MuPDF matches the PNG."""
    pymupdf = pytest.importorskip("pymupdf", reason="pymupdf renders the PDF for the comparison")
    from PIL import Image
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas

    from deckgen.render.pdfface import vector_face

    d = deck(tmp_path)
    card = parse_card(code)
    png = render_face(d, card).convert("RGB")
    face = vector_face(d, card)
    assert face.base is None  # a drawn court is all shapes
    mm = 72 / 25.4
    w, h = (59.0 + 2 * BLEED) * mm, (91.0 + 2 * BLEED) * mm
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(w, h), pageCompression=0)
    draw_shapes(canvas, face.shapes, (BLEED * mm, h - BLEED * mm), lambda rgb: (Color(*(c / 255 for c in rgb)), False))
    canvas.showPage()
    canvas.save()
    page = pymupdf.open(stream=buf.getvalue(), filetype="pdf")[0]
    pix = page.get_pixmap(dpi=75)
    drawn = np.asarray(Image.frombytes("RGB", (pix.width, pix.height), pix.samples)).astype(int)
    raster = np.asarray(png.resize((pix.width, pix.height), Image.LANCZOS)).astype(int)
    # the figure's upper half, where the head is: the same picture within anti-aliasing
    x0, y0, x1, _ = FRAME
    s = pix.width / (59.0 + 2 * BLEED)
    box = (slice(round((BLEED + y0) * s), round((BLEED + MID_Y) * s)), slice(round((BLEED + x0) * s), round((BLEED + x1) * s)))
    assert np.abs(drawn[box] - raster[box]).mean() < 8.0  # (the figure mirrored differs by over 20)
    assert (np.abs(drawn[box] - raster[box]).max(axis=2) > 60).mean() < 0.03
