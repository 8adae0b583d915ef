"""The tuck box: its net measured on the PDF's cut and fold paths, the page boxes, the spot colours,
the home-print sheets, reproducible bytes, the [box] table and the build's choice of tin or box."""

from __future__ import annotations

import functools
import warnings
from dataclasses import replace
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from deckgen.steps import lid_step
from deckgen.cards import DeckProfile, get_profile
from deckgen.config import ConfigError, demo_config
from deckgen.design import CardFormat, Design
from deckgen.papers import PAPERS
from deckgen.render.pdfcanvas import CUT_CONTOUR
from deckgen.render.tuckbox import (
    CREASE, TUCK_BLEED_MM, TuckBoxWarning, build_tuck_box, home_papers, tuck_net, write_tuck_box_home_pdf,
)
from deckgen.render.tucknet import tuck_box_net
from deckgen.resolve import _box, resolve_design
from deckgen.units import pt_to_mm

MM = 0.01  # how close a measured length must be


def poker_design(**overrides: object) -> Design:
    """The demo deck as 54 poker cards (63 x 88 mm) in a tuck box."""
    design = resolve_design(demo_config(overrides={"box": {"kind": "tuck"}} | overrides))
    return replace(design, card=replace(design.card, width_mm=63.0, height_mm=88.0))


# ------------------------------------------------------------------ reading the PDF's paths


@functools.lru_cache(maxsize=16)  # the print file's art is thousands of paths: read each page once
def stroked_paths(pdf_path: Path, page_index: int = 0) -> list[dict]:
    """Every stroked path on a page (the first unless told): its colour (a Separation's name, or 'device'),
    its dash array, and its points in mm (ends of lines and curves, control points left out), after the CTM."""
    pdf = pikepdf.open(pdf_path)
    page = pdf.pages[page_index]
    spaces = page.Resources.get("/ColorSpace", {})
    states = page.Resources.get("/ExtGState", {})
    ctm, stack = [1.0, 0, 0, 1.0, 0, 0], []
    colour, dash, overprint = "device", [], False
    points: list[tuple[float, float]] = []
    subpaths: list[list[tuple[float, float]]] = []
    out = []

    def tf(x: float, y: float) -> tuple[float, float]:
        a, b, c, d, e, f = ctm
        return pt_to_mm(a * x + c * y + e), pt_to_mm(b * x + d * y + f)

    for operands, op in pikepdf.parse_content_stream(page):
        name = str(op)
        args = [float(v) for v in operands] if name in ("m", "l", "c") else []
        if name == "q":
            stack.append((list(ctm), colour, dash, overprint))
        elif name == "Q":
            ctm, colour, dash, overprint = stack.pop()
        elif name == "gs":
            overprint = bool(states[str(operands[0])].get("/OP", False))
        elif name == "cm":
            a, b, c, d, e, f = (float(v) for v in operands)
            A, B, C, D, E, F = ctm
            ctm = [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F]
        elif name == "CS":
            space = spaces[str(operands[0])]
            colour = str(space[1]).lstrip("/") if isinstance(space, pikepdf.Array) else "device"
        elif name in ("G", "RG", "K"):
            colour = "device"
        elif name == "d":
            dash = [float(v) for v in operands[0]]
        elif name == "m":
            points = [tf(*args[:2])]
            subpaths.append(points)
        elif name == "l":
            points.append(tf(*args[:2]))
        elif name == "c":
            points.append(tf(*args[4:6]))
        elif name in ("S", "s"):
            out.append({"colour": colour, "dash": dash, "subpaths": subpaths, "overprint": overprint})
            subpaths = []
        elif name in ("n", "f", "f*", "B", "b"):
            subpaths = []
    return out


def only(paths: list[dict], colour: str) -> list[list[tuple[float, float]]]:
    return [sp for p in paths if p["colour"] == colour for sp in p["subpaths"]]


def vertical_runs(points: list[tuple[float, float]]) -> list[tuple[float, float, float]]:
    """(x, y_low, y_high) of each vertical straight piece of a polyline."""
    runs = []
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if abs(x0 - x1) < 1e-6 and abs(y0 - y1) > 1e-6:
            runs.append((x0, min(y0, y1), max(y0, y1)))
    return runs


# ------------------------------------------------------------------ the print-shop file


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The tuck box of 54 poker cards built twice, into two folders."""
    design = poker_design()
    one, two = tmp_path_factory.mktemp("one"), tmp_path_factory.mktemp("two")
    build_tuck_box(design, one)
    build_tuck_box(design, two)
    return one / "box", two / "box"


def test_the_build_writes_the_print_file_the_home_sheets_and_a_preview(built):
    assert sorted(p.name for p in built[0].iterdir()) == [
        "tuck-box-a4.pdf", "tuck-box-die.svg", "tuck-box-letter.pdf", "tuck-box.pdf", "tuck-box.png"]


def test_inner_sizes_measured_on_the_cut_path_are_the_card_plus_clearance_and_the_deck_thickness(built):
    paths = stroked_paths(built[0] / "tuck-box.pdf")
    cut = only(paths, CUT_CONTOUR)
    assert len(cut) == 1  # one closed outline
    outline = cut[0]
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    runs = vertical_runs(outline)
    # the back's right edge runs from the lid's tongue fold down to the bottom: height + depth
    right = max(runs, key=lambda r: (r[0], r[2] - r[1]))
    # the lid's edge and the bottom flap's two edges are the depth of the box long
    depth = 54 * 0.3
    short = sorted(r for r in runs if abs((r[2] - r[1]) - depth) < 0.05)
    assert len(short) == 3, short
    bottom_flap_left, bottom_flap_right, lid_left = short
    assert abs((bottom_flap_right[0] - bottom_flap_left[0]) - (63 + 2)) < MM  # the front: card + 1 mm a side
    assert abs((right[0] - lid_left[0]) - (63 + 2)) < MM  # the back
    assert abs((right[2] - right[1]) - depth - (88 + 2)) < MM  # the height
    assert abs(lid_left[2] - lid_left[1] - 16.2) < MM  # 54 cards x 0.3 mm
    # the trim box is the outline's bounding box
    pdf = pikepdf.open(built[0] / "tuck-box.pdf")
    trim = [pt_to_mm(float(v)) for v in pdf.pages[0].TrimBox]
    assert abs(min(xs) - trim[0]) < MM and abs(max(xs) - trim[2]) < MM
    assert abs(min(ys) - trim[1]) < MM and abs(max(ys) - trim[3]) < MM


def test_fold_lines_give_the_same_sizes(built):
    folds = only(stroked_paths(built[0] / "tuck-box.pdf"), CREASE)
    assert len(folds) == 12
    verticals = sorted({round(a[0], 3) for a, b in folds if abs(a[0] - b[0]) < 1e-6})
    glue_side, side_front, front_side, side_back = verticals
    assert abs(side_front - glue_side - 16.2) < MM
    assert abs(front_side - side_front - 65.0) < MM
    assert abs(side_back - front_side - 16.2) < MM
    long_folds = [(a, b) for a, b in folds if abs(a[0] - b[0]) < 1e-6]
    assert all(abs(abs(a[1] - b[1]) - 90.0) < MM for a, b in long_folds)


def test_cut_and_fold_lines_are_separate_overprinting_spot_colours(built):
    pdf = pikepdf.open(built[0] / "tuck-box.pdf")
    page = pdf.pages[0]
    names = sorted(str(cs[1]) for cs in page.Resources.ColorSpace.values() if cs[0] == "/Separation")
    assert names == ["/Crease", "/CutContour"]
    paths = stroked_paths(built[0] / "tuck-box.pdf")
    spot = [p for p in paths if p["colour"] != "device"]  # the art's own lines are in process colours
    assert {p["colour"] for p in spot} == {CUT_CONTOUR, CREASE} and all(p["overprint"] for p in spot)
    # the art is shapes and text, with no picture: the deck has no photo
    assert not page.Resources.get("/XObject")
    assert str(pdf.docinfo["/GTS_PDFXVersion"]) == "PDF/X-4" and len(pdf.Root.OutputIntents) == 1


def test_page_is_the_net_with_3_mm_bleed_and_trim_and_bleed_boxes_are_right(built):
    net = tuck_net(poker_design())
    width, height = net.size_mm
    assert abs(width - (12 + 2 * 16.2 + 2 * 65)) < 1e-9 and abs(height - (2 * 15.3 + 2 * 16.2 + 90)) < 1e-9
    pdf = pikepdf.open(built[0] / "tuck-box.pdf")
    page = pdf.pages[0]
    box = lambda key: [pt_to_mm(float(v)) for v in page[key]]
    for got, want in zip(box("/MediaBox"), (0, 0, width + 6, height + 6)):
        assert abs(got - want) < MM
    for got, want in zip(box("/BleedBox"), (0, 0, width + 6, height + 6)):
        assert abs(got - want) < MM
    for got, want in zip(box("/TrimBox"), (3, 3, width + 3, height + 3)):
        assert abs(got - want) < MM


def test_the_files_are_the_same_bytes_every_time(built):
    for path in sorted(built[0].iterdir()):
        assert path.read_bytes() == (built[1] / path.name).read_bytes(), path.name


def test_art_runs_past_the_cut_line_and_the_glue_tab_stays_unprinted(built):
    with Image.open(built[0] / "tuck-box.png") as im:
        rgb = im.convert("RGB")
        dpi = im.info["dpi"][0]
    ppm = dpi / 25.4
    net = tuck_net(poker_design())
    x0, y0, x1, y1 = net.panels["back"]
    top = net.size_mm[1] + TUCK_BLEED_MM
    # 1.5 and 2.5 mm outside the back's right edge, mid-height: printed; far from the outline
    # (beside the glue tab, under the left side's dust flap): bare paper
    y = round((top - (y0 + y1) / 2) * ppm)
    assert rgb.getpixel((round((x1 + TUCK_BLEED_MM + 1.5) * ppm), y)) != (255, 255, 255)
    assert rgb.getpixel((round((x1 + TUCK_BLEED_MM + 2.5) * ppm), y)) != (255, 255, 255)
    assert rgb.getpixel((round((TUCK_BLEED_MM + 2) * ppm), round((top - 5) * ppm))) == (255, 255, 255)
    gx0, gy0, gx1, gy1 = net.panels["glue"]
    assert rgb.getpixel((round((gx0 + gx1) / 2 * ppm + TUCK_BLEED_MM * ppm), y)) == (255, 255, 255)


def test_the_die_line_svg_has_the_cut_and_the_folds_in_named_layers_on_the_print_files_page(built):
    """54 poker cards: a 174.4 x 153 mm net, 180.4 x 159 mm with bleed. The SVG's lines, in mm, lie on the
    PDF's CutContour and Crease paths to a thousandth of a millimetre."""
    import re
    import xml.etree.ElementTree as ET

    svg = "{http://www.w3.org/2000/svg}"
    root = ET.parse(built[0] / "tuck-box-die.svg").getroot()
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("180.4mm", "159mm", "0 0 180.4 159")
    layers = {g.get("id"): g for g in root.iter(f"{svg}g")}
    assert sorted(layers) == ["Crease", "CutContour"]
    assert (layers["CutContour"].get("stroke"), layers["Crease"].get("stroke")) == ("#ff00ff", "#00ffff")
    assert layers["CutContour"].get("stroke-dasharray") is None and layers["Crease"].get("stroke-dasharray") == "3 2"
    label = "{http://www.inkscape.org/namespaces/inkscape}label"
    assert [layers[k].get(label) for k in ("CutContour", "Crease")] == ["CutContour", "Crease"]

    def ends(d: str) -> list[tuple[float, float]]:
        """The end point of each command, in the PDF's frame (y up from the page's bottom)."""
        points = []
        for command, args in re.findall(r"([MLAZ])([^MLAZ]*)", d):
            numbers = [float(v) for v in args.split()]
            if command != "Z":
                points.append((numbers[-2], 159 - numbers[-1]))
        return points

    (cut_path,) = layers["CutContour"].iter(f"{svg}path")
    cut = ends(cut_path.get("d"))
    assert cut_path.get("d").count("A ") == 5  # the thumb notch and the two tongues' round corners
    xs, ys = [p[0] for p in cut], [p[1] for p in cut]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((3, 177.4, 3, 156), abs=1e-4)
    folds = [ends(p.get("d")) for p in layers["Crease"].iter(f"{svg}path")]
    pdf_folds = only(stroked_paths(built[0] / "tuck-box.pdf"), CREASE)
    assert len(folds) == len(pdf_folds) == 12
    for mine, theirs in zip(folds, pdf_folds):
        assert [c for p in mine for c in p] == pytest.approx([c for p in theirs for c in p], abs=1e-3)
    # the cut path's corners are the PDF outline's (the PDF's arcs are cut into curves: compare the lines' ends)
    pdf_cut = only(stroked_paths(built[0] / "tuck-box.pdf"), CUT_CONTOUR)[0]
    for point in cut:
        assert min(abs(point[0] - q[0]) + abs(point[1] - q[1]) for q in pdf_cut) < 1e-3


# ------------------------------------------------------------------ home print


def test_home_sheets_are_at_100_percent_with_solid_cut_and_dashed_fold_lines(built):
    for name, paper in (("a4", PAPERS["a4"]), ("letter", PAPERS["letter"])):
        path = built[0] / f"tuck-box-{name}.pdf"
        pdf = pikepdf.open(path)

        page = pdf.pages[0]
        w, h = (pt_to_mm(float(v)) for v in page.MediaBox[2:])
        assert abs(w - paper.width_mm) < MM and abs(h - paper.height_mm) < MM
        paths = stroked_paths(path)
        outlines = [p for p in paths if len(p["subpaths"]) == 1 and len(p["subpaths"][0]) > 40]
        assert outlines and all(p["dash"] == [] for p in outlines)  # the cut: solid
        xs = [pt[0] for pt in outlines[-1]["subpaths"][0]]
        assert abs(max(xs) - min(xs) - 174.4) < MM  # full size
        fold_sets = [p for p in paths if len(p["subpaths"]) == 12]
        assert any(p["dash"] for p in fold_sets)  # the folds: dashed, over a white line
        assert all(p["colour"] == "device" for p in paths)  # no spot colours on a home sheet


def test_a_tarot_deck_too_big_for_a4_and_letter_is_split_in_two_pieces_and_says_so(tmp_path):
    cards = get_profile("standard-52").cards
    tarot = DeckProfile("tarot-78", "78 cards", cards + cards[:26])
    design = replace(poker_design(), card=replace(CardFormat(), width_mm=70.0, height_mm=120.0), profile=tarot)
    net = tuck_net(design)
    assert (net.width_mm, net.height_mm, round(net.depth_mm, 6)) == (72.0, 122.0, 23.4)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        papers = home_papers(design, net)
    assert [name for name, _ in papers] == ["a4", "letter"]
    # sheet 1: 12 + 23.4 + 72 + 23.4 + 12 = 142.8 mm wide, tongue 18 + 23.4 + 122 + dust flap 23.4 = 186.8 mm
    # tall; sheet 2: 72 mm wide, 122 + lid 23.4 + tongue 18 = 163.4 mm tall; each + 6 mm of bleed
    assert [str(w.message) for w in caught if w.category is TuckBoxWarning] == [
        f"the tuck box's net (209 x 211 mm with its bleed) does not fit on one {paper} sheet: tuck-box-{name}.pdf has "
        "it in two pieces (149 x 193 mm and 78 x 169 mm) to print at 100 % and glue together"
        for paper, name in (("A4", "a4"), ("Letter", "letter"))]
    # a 54-card tarot deck's box still fits A4, upright, on one sheet
    small = tuck_net(replace(design, profile=get_profile("standard-54")))
    assert home_papers(design=replace(design, profile=get_profile("standard-54")), net=small) == [
        ("a4", PAPERS["a4"]), ("letter", PAPERS["letter"])]


def test_a_jumbo_box_on_a4_is_two_sheets_that_glue_into_the_same_box(tmp_path):
    """89 x 127 mm cards: a 226.4 x 197.4 mm net (232 x 203 mm with bleed) is 3.4 mm too tall for A4's
    287 x 200 mm inside the margins. Sheet 1: glue tab, side, front, side and a second 12 mm tab (147.4 x
    179.4 mm); sheet 2: the back and its lid (91 x 163.2 mm). The new tab's fold is the back's left edge."""
    from deckgen.render.tucknet import split_net

    design = replace(poker_design(), card=replace(CardFormat(), width_mm=89.0, height_mm=127.0))
    net = tuck_net(design)
    assert net.size_mm == pytest.approx((226.4, 197.4))
    first, second = split_net(net)
    assert first.size_mm == pytest.approx((147.4, 179.4)) and second.size_mm == pytest.approx((91.0, 163.2))
    assert (len(first.folds), len(second.folds)) == (10, 2) and len(first.glue_tabs) == 2
    from deckgen.render.tuckart import render_tuck_art

    art = render_tuck_art(design, net, dpi=50)  # the lines are measured, not the art: drawn small
    path = write_tuck_box_home_pdf(design, tmp_path / "tuck-box-a4.pdf", PAPERS["a4"], net, art=art)
    assert len(pikepdf.open(path).pages) == 2
    sheets = []
    for index in (0, 1):
        paths = stroked_paths(path, index)
        cut = max((sp for p in paths if not p["dash"] for sp in p["subpaths"]), key=len)
        xs, ys = [p[0] for p in cut], [p[1] for p in cut]
        ticks = sorted(sp for p in paths for sp in p["subpaths"] if len(sp) == 2 and abs(sp[0][1] - sp[1][1]) < 1e-6
                       and abs(abs(sp[0][0] - sp[1][0]) - 4.0) < MM)
        sheets.append((min(xs), min(ys), max(xs), max(ys), ticks, paths))
    x0, y0, x1, y1, ticks, paths = sheets[0]
    assert (x1 - x0, y1 - y0) == pytest.approx((147.4, 179.4), abs=MM)
    join = x0 + 135.4  # glue 12 + side 16.2 + front 91 + side 16.2
    folds = [sp for p in paths if p["dash"] for sp in p["subpaths"]]
    assert any(abs(a[0] - join) < MM and abs(b[0] - join) < MM and abs(abs(a[1] - b[1]) - 129) < MM for a, b in folds)
    # the ticks continue the back's bottom and top folds (34.2 and 163.2 mm up the net) 1 mm right of the tab
    assert [round(t[0][1] - y0, 3) for t in ticks] == [34.2, 163.2]
    assert all(abs(min(t[0][0], t[1][0]) - (x1 + 1.0)) < MM for t in ticks)
    x0, y0, x1, y1, ticks, _paths = sheets[1]
    assert (x1 - x0, y1 - y0) == pytest.approx((91.0, 163.2), abs=MM)
    # the back's left edge runs 129 mm up from the sheet's bottom edge; the ticks are at its ends, 1 mm left
    assert [round(t[0][1] - y0, 3) for t in ticks] == [0.0, 129.0]
    assert all(abs(max(t[0][0], t[1][0]) - (x0 - 1.0)) < MM for t in ticks)


def test_a_net_too_big_even_in_two_pieces_is_left_out_naming_the_paper_and_the_sheet_it_needs(tmp_path):
    design = replace(poker_design(box={"kind": "tuck", "card_thickness_mm": 1.0}),
                     card=replace(CardFormat(), width_mm=89.0, height_mm=127.0), profile=get_profile("double-104"))
    net = tuck_net(design)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert home_papers(design, net) == []
    # the larger piece: 12 + 104 + 91 + 104 + 12 = 323 mm wide, tongue 18 + 104 + 129 + dust flap 43.5 = 294.5 mm
    # tall; + 6 mm of bleed: 329 x 300.5 mm
    assert [str(w.message) for w in caught] == [
        f"the tuck box's net (408 x 379 mm with its bleed) does not fit on {paper}, not even in two pieces: they need "
        f"a sheet that holds 300 x 329 mm inside the printer's margins and {paper} holds {inside}. No home sheet of "
        f"the box on {paper}: print tuck-box.pdf at a print shop, or choose a larger [print] paper"
        for paper, inside in (("A4", "200 x 287 mm"), ("Letter", "205.9 x 269.4 mm"))]
    with pytest.raises(ValueError, match="does not fit on A4, not even in two pieces"):
        write_tuck_box_home_pdf(design, tmp_path / "x.pdf", PAPERS["a4"], net, art=Image.new("RGB", (8, 8)))


# ------------------------------------------------------------------ the net and [box]


def test_net_sizes_follow_the_deck():
    net = tuck_box_net(63, 88, 104, 0.3, 1.0)
    assert (net.width_mm, net.height_mm, round(net.depth_mm, 6)) == (65.0, 90.0, 31.2)
    thin = tuck_box_net(63, 88, 54, 0.25, 0.5)
    assert (thin.width_mm, thin.height_mm, thin.depth_mm) == (64.0, 89.0, 13.5)
    with pytest.raises(ValueError, match="needs at least 3 mm"):
        tuck_box_net(63, 88, 8, 0.3)


def test_a_deck_too_thin_for_a_box_is_a_config_error():
    design = replace(poker_design(box={"kind": "tuck", "card_thickness_mm": 0.1}), profile=get_profile("euchre-24"))
    with pytest.raises(ConfigError) as info:
        tuck_net(design)
    assert info.value.key == "box.card_thickness_mm"
    assert "24 cards of 0.1 mm make a box 2.4 mm deep" in str(info.value)


@pytest.mark.parametrize(
    ("toml", "key", "expected"),
    [
        ('[box]\nkind = "bag"\n', "box.kind", "unknown box kind 'bag': expected one of tin, tuck"),
        ("[box]\ncard_thickness_mm = 3\n", "box.card_thickness_mm", "expected a number from 0.1 to 1 (got 3)"),
        ("[box]\nclearance_mm = -1\n", "box.clearance_mm", "expected a number from 0 to 5 (got -1)"),
        ("[box]\nclearence_mm = 2\n", "box.clearence_mm", "did you mean 'clearance_mm'?"),
    ],
)
def test_bad_box_values_are_one_line_errors(bad_config, toml, key, expected):
    bad_config(toml, key, expected)


def test_bad_box_value_exits_2_with_one_line(write_deck, monkeypatch, capsys):
    import sys

    from deckgen.cli import main

    path = write_deck('[box]\nkind = "crate"\n')
    monkeypatch.setattr(sys, "argv", ["deckgen", "build", "--config", str(path), "--out", str(path.parent / "o")])
    with pytest.raises(SystemExit) as info:
        main()
    assert info.value.code == 2
    err = capsys.readouterr().err.strip()
    assert err.splitlines() == [f"error: {path}: box.kind: unknown box kind 'crate': expected one of tin, tuck"]


def test_the_tin_is_for_the_59_x_91_card_and_a_tuck_box_for_any_other():
    deck = demo_config()
    assert resolve_design(deck).box.kind == "tin"
    assert _box(deck, CardFormat(width_mm=63.0, height_mm=88.0)).kind == "tuck"
    assert _box(demo_config(overrides={"box": {"kind": "tin"}}), CardFormat(width_mm=63.0, height_mm=88.0)).kind == "tin"
    assert _box(demo_config(overrides={"box": {"kind": "tuck"}}), CardFormat()).kind == "tuck"


def test_the_build_makes_the_lid_or_the_box_and_drops_the_other(tmp_path, write_deck):
    tin = resolve_design(demo_config(overrides={"tin": {"dpi": 72}}))
    assert build_tuck_box(tin, tmp_path) == []
    assert sorted(p.name for p in lid_step(tin, tmp_path, lambda _: None)) == ["lid.pdf", "lid.png"]
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "tuck-box.pdf").write_bytes(b"old")
    assert build_tuck_box(tin, tmp_path) == []
    assert not (tmp_path / "box" / "tuck-box.pdf").exists()  # a tin deck keeps no old box
    tuck = replace(tin, box=replace(tin.box, kind="tuck"))
    assert lid_step(tuck, tmp_path, lambda _: None) == []
    assert not (tmp_path / "tin" / "lid.png").exists() and not (tmp_path / "tin" / "lid.pdf").exists()


def test_a_poker_deck_from_deck_toml_gets_a_box_sized_from_its_format(write_deck):
    from deckgen.resolve import load_design

    design = load_design(write_deck('[card]\nformat = "poker"\n'))
    assert (design.card.width_mm, design.card.height_mm, design.box.kind) == (63.0, 88.0, "tuck")
    net = tuck_net(design)
    assert (net.width_mm, net.height_mm, round(net.depth_mm, 6)) == (65.0, 90.0, 16.2)
    two_packs = load_design(write_deck('profile = "double-104"\n[card]\nformat = "mini"\n[box]\nclearance_mm = 0.5\n'))
    net = tuck_net(two_packs)
    assert (net.width_mm, net.height_mm, round(net.depth_mm, 6)) == (45.0, 64.0, 31.2)
    assert load_design(write_deck('[card]\nformat = "skat"\n')).box.kind == "tin"


def test_cli_box_writes_the_box_for_any_deck(write_deck, tmp_path, monkeypatch, capsys):
    import sys

    from deckgen.cli import main

    path = write_deck('name = "Game night"\n[card]\nformat = "mini"\n[print]\npaper = "a4"\ncmyk = false\n')
    monkeypatch.setattr(sys, "argv", ["deckgen", "box", "--config", str(path), "--out", str(tmp_path / "o")])
    main()
    assert sorted(p.name for p in (tmp_path / "o" / "box").iterdir()) == [
        "tuck-box-a4.pdf", "tuck-box-die.svg", "tuck-box.pdf", "tuck-box.png"]
    assert "tuck box: 4 files" in capsys.readouterr().out
    with Image.open(tmp_path / "o" / "box" / "tuck-box.png") as im:
        # mini cards (44 x 63 mm), 54 of them: a net of 135.9 x 119.5 mm, 3 mm bleed, at 100 DPI
        assert im.size == (559, 494) and round(im.info["dpi"][0]) == 100


def test_a_lid_picture_goes_on_the_front_above_the_label(write_deck, tmp_path):
    import numpy as np
    import skimage.data

    from deckgen.render.tuckart import render_tuck_art
    from deckgen.resolve import load_design

    Image.fromarray(skimage.data.astronaut()).save(tmp_path / "us.png")
    plain = load_design(write_deck('theme = "wedding"\n[card]\nformat = "poker"\n'))
    pictured = load_design(write_deck('theme = "wedding"\n[card]\nformat = "poker"\n[tin]\nimage = "us.png"\nimage_mode = "fill"\n'))
    net = tuck_net(plain)
    dpi = 60
    ppm = dpi / 25.4
    x0, y0, x1, y1 = net.panels["front"]
    top = net.size_mm[1] + TUCK_BLEED_MM
    # the front's upper part, below the thumb notch, above where the label starts with a picture
    box = (round((x0 + TUCK_BLEED_MM + 6) * ppm), round((top - y1 + net.notch_mm + 4) * ppm),
           round((x1 + TUCK_BLEED_MM - 6) * ppm), round((top - y1 + 44) * ppm))
    a, b = (np.asarray(render_tuck_art(d, net, dpi).crop(box)).astype(int) for d in (plain, pictured))
    orange = lambda px: int(((px[..., 0] > 170) & (px[..., 1] < 130) & (px[..., 2] < 90)).sum())
    assert orange(a) == 0 and orange(b) > 20  # the astronaut's suit
    assert (np.abs(a - b).max(axis=2) > 40).mean() > 0.5  # most of it is the picture, not the label's frame


def test_the_build_stops_on_a_box_problem_before_it_writes_anything(write_deck, tmp_path, monkeypatch, capsys):
    import sys

    from deckgen.cli import main

    path = write_deck('profile = "euchre-24"\n[card]\nformat = "poker"\n[box]\ncard_thickness_mm = 0.1\n')
    monkeypatch.setattr(sys, "argv", ["deckgen", "build", "--config", str(path), "--out", str(tmp_path / "o")])
    with pytest.raises(SystemExit) as info:
        main()
    assert info.value.code == 2
    assert capsys.readouterr().err.strip() == (
        f"error: {path}: box.card_thickness_mm: 24 cards of 0.1 mm make a box 2.4 mm deep; a tuck box needs at "
        "least 3 mm; use thicker cards here or [box] kind = \"tin\"")
    assert not (tmp_path / "o" / "cards").exists()  # no face was drawn


def test_a_title_that_fits_the_tin_but_not_the_box_front_is_said_for_the_box(write_deck):
    from deckgen.steps import preflight_lid
    from deckgen.render.tuckbox import check_tuck_box
    from deckgen.resolve import load_design

    name = "The Henderson-Worthington Family Christmas Reunion Twenty Twenty Six"  # three lines on the tin
    design = load_design(write_deck(f'name = "{name}"\n[card]\nformat = "mini"\n'))
    preflight_lid(design)  # the tin's lid has room for it, and `deckgen tin` does not look at the box
    with pytest.raises(ConfigError) as info:
        check_tuck_box(design)
    assert info.value.key == "name"
    # in the box's own millimetres: the label is drawn 100 / 46 times larger and shrunk onto the front
    assert info.value.message == (f"the text {name!r} does not fit on the tuck box's front (46 mm wide): even at the "
                                  "smallest size it is 74.6 x 1.8 mm and the space is 31.2 x 18.4 mm; shorten it")
    with pytest.raises(ConfigError) as info:  # the place is the box's only while it draws: the lid's own words
        from deckgen.render.backtext import fit_text
        from deckgen.render.fonts import resolve_font

        fit_text("deck.toml", name, resolve_font("deck.toml", design.lid.title_font), 40, 30, 100, 100, "name", 300)
    assert info.value.message.startswith(f"the text {name!r} does not fit: even at the smallest size")


def test_cards_the_tin_cannot_hold_are_said_in_one_line_naming_the_format_and_the_tin(write_deck, monkeypatch, capsys):
    """The tin (141 x 100 x 46 mm outside, 137 x 96 x 42 inside) takes skat, poker, tarot (turned: 120 x 70)
    and jumbo (127 x 89) cards; a shop's 100 x 140 mm format or a stack over 42 mm is said, once."""
    import sys

    from deckgen.cli import main
    from deckgen.render.tuckbox import TinWarning, check_box
    from deckgen.resolve import load_design

    def said(text: str) -> list[str]:
        design = load_design(write_deck(text))
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_box(design)
        return [str(w.message) for w in caught if w.category is TinWarning]

    for fmt in ("skat", "poker", "tarot", "jumbo", "mini"):
        assert said(f'[card]\nformat = "{fmt}"\n[box]\nkind = "tin"\n') == [], fmt
    (write_deck("").parent / "formats.toml").write_text(
        "[album]\nwidth_mm = 100\nheight_mm = 140\ncorner_mm = 4\nbleed_mm = 3\nsafe_mm = 5\n")
    path = write_deck('[card]\nformat = "album"\n[box]\nkind = "tin"\n')
    line = (f"{path}: the album cards (100 x 140 mm) do not fit in the 141 x 100 mm tin, which holds cards up to "
            "96 x 137 mm (either way round): set [box] kind = \"tuck\" for a box made to their size")
    assert said(path.read_text()) == [line]
    assert said('[card]\nformat = "album"\n') == []  # its own default is a tuck box: nothing to say
    assert said('[card]\nformat = "poker"\n[box]\nkind = "tin"\ncard_thickness_mm = 0.8\n') == [
        f"{path}: 54 poker cards of 0.8 mm make a stack 43.2 mm tall; the 141 x 100 x 46 mm tin holds 42 mm: "
        "set [box] kind = \"tuck\" for a box made to their size, or fewer cards"]
    # `deckgen tin` says it too, as a warning line, and makes the lid
    write_deck('[card]\nformat = "album"\n[tin]\ndpi = 72\n')
    monkeypatch.setattr(sys, "argv", ["deckgen", "tin", "--config", str(path), "--out", str(path.parent / "o")])
    main()
    assert [ln for ln in capsys.readouterr().err.splitlines() if "tin" in ln] == [f"warning: {line}"]


def test_the_back_panel_is_the_card_back_laid_out_for_the_panel_not_stretched(write_deck, tmp_path):
    """With 5 mm clearance a poker box's back panel is 73 x 98 mm, wider in proportion than the 63 x 88 card
    (1.159 against 1.114). A square picture on the back stays square on the panel: stretched, a 40 px
    square would come out 4 % wider than tall."""
    import numpy as np

    from deckgen.render.backs import render_back
    from deckgen.render.tuckart import panel_back, render_tuck_art
    from deckgen.resolve import load_design

    Image.new("RGB", (300, 300), (255, 0, 0)).save(tmp_path / "square.png")
    design = load_design(write_deck('[card]\nformat = "poker"\n[box]\nclearance_mm = 5\n'
                                    '[back]\nimage = "square.png"\nimage_mode = "fit"\n'))
    net = tuck_net(design)
    x0, y0, x1, y1 = net.panels["back"]
    assert (round(x1 - x0, 6), round(y1 - y0, 6)) == (73.0, 98.0)
    dpi = 100
    back, mask = panel_back(design, net, dpi)
    # 73 x 98 mm + 3 mm bleed a side at 100 DPI: 311.0 x 409.4 px, the back drawn on a card that size
    assert back.size == mask.size == (311, 409)
    panel = replace(design.card, width_mm=73.0, height_mm=98.0, bleed_mm=3.0, dpi=dpi)
    assert back.tobytes() == render_back(replace(design, card=panel), 1).tobytes()
    art = np.asarray(render_tuck_art(design, net, dpi)).astype(int)
    red = (art[..., 0] > 200) & (art[..., 1] < 60) & (art[..., 2] < 60)
    ys, xs = np.nonzero(red)
    width, height = xs.max() - xs.min() + 1, ys.max() - ys.min() + 1
    assert width > 100 and abs(width - height) <= 1, (width, height)
    ppm = dpi / 25.4  # and it is on the back panel
    assert (x0 + TUCK_BLEED_MM) * ppm < xs.min() and xs.max() < (x1 + TUCK_BLEED_MM) * ppm


def test_a_photo_that_fills_the_back_runs_past_the_panels_cut_edges_not_its_folds(write_deck, tmp_path):
    """The back panel's right and bottom edges are cut: a filling photo bleeds 3 mm past them, as on a
    card. Its left and top edges are folds (to the side and the lid), which keep the box's pattern."""
    from deckgen.render.tuckart import render_tuck_art
    from deckgen.resolve import load_design

    Image.new("RGB", (400, 600), (255, 0, 0)).save(tmp_path / "red.png")
    design = load_design(write_deck('[card]\nformat = "poker"\n[back]\nimage = "red.png"\nimage_mode = "fill"\n'))
    net = tuck_net(design)
    dpi = 100
    ppm = dpi / 25.4
    art = render_tuck_art(design, net, dpi)
    x0, y0, x1, y1 = net.panels["back"]
    top = net.size_mm[1] + TUCK_BLEED_MM
    red = lambda x_mm, y_mm: art.getpixel((round((x_mm + TUCK_BLEED_MM) * ppm), round((top - y_mm) * ppm))) == (255, 0, 0)
    middle = (y0 + y1) / 2
    assert red(x1 - 0.5, middle) and red(x1 + 2.5, middle)  # inside and 2.5 mm past the right (cut) edge
    assert red((x0 + x1) / 2, y0 - 2.5)  # 2.5 mm below the bottom (cut) edge
    assert not red(x0 - 1.0, middle) and not red((x0 + x1) / 2, y1 + 1.0)  # not over the folds


# ------------------------------------------------------------------ the art as vectors


def _text_states(pdf_path: Path) -> list[tuple[str, tuple[float, ...], bool]]:
    """Each text-showing operator on the first page: its font's name, the fill colour then set (the
    operands of k, or of rg), and whether the graphics state overprints the fill (fill overprint on, and
    overprint mode 1, so the inks at 0 % leave what is under them)."""
    pdf = pikepdf.open(pdf_path)
    page = pdf.pages[0]
    states = page.Resources.get("/ExtGState", {})
    fonts = page.Resources.get("/Font", {})
    fill, op_on, mode, font, stack, out = (), False, 0, "", [], []
    for operands, op in pikepdf.parse_content_stream(page):
        name = str(op)
        if name == "q":
            stack.append((fill, op_on, mode, font))
        elif name == "Q":
            fill, op_on, mode, font = stack.pop()
        elif name in ("k", "rg", "g"):
            fill = tuple(float(v) for v in operands)
        elif name == "gs":
            state = states[str(operands[0])]
            op_on = bool(state.get("/op", state.get("/OP", op_on)))
            mode = int(state.get("/OPM", mode))
        elif name == "Tf":
            font = str(fonts[str(operands[0])].BaseFont)
        elif name in ("Tj", "TJ", "'", '"'):
            out.append((font, fill, op_on and mode == 1))
    return out


def test_the_print_files_art_is_shapes_and_text_in_embedded_subset_fonts(built):
    import pypdfium2

    path = built[0] / "tuck-box.pdf"
    pdf = pikepdf.open(path)
    page = pdf.pages[0]
    assert not page.Resources.get("/XObject")  # no picture at all: the deck has no photo
    shown = _text_states(path)
    # the lid's title (in two lines) and subtitle on the front, the deck's name on each side
    assert len(shown) == 5
    for font in page.Resources.Font.values():
        holder = font.DescendantFonts[0] if "/DescendantFonts" in font else font
        assert "/FontFile2" in holder.FontDescriptor  # embedded TrueType
        assert not str(font.BaseFont).startswith("/AAAAAA+")  # a subset named from its own glyphs
    design = poker_design()
    words = pypdfium2.PdfDocument(str(path))[0].get_textpage().get_text_range()
    assert words.count(design.name) == 2 and design.lid.subtitle in words  # the two sides; the front's words


def test_black_lettering_is_black_ink_alone_set_to_overprint(tmp_path):
    """The lid's lettering in the deck's black (#16161d): 100 % K, overprinting, so a press a hair out of
    register shows no coloured fringe; the other lettering is a CMYK build that knocks out."""
    from deckgen.render.tuckbox import write_tuck_box_pdf

    design = poker_design()
    black = design.faces.ink.black
    design = replace(design, lid=replace(design.lid, colours=replace(design.lid.colours, ink=black)))
    shown = _text_states(write_tuck_box_pdf(design, tmp_path / "tuck-box.pdf"))
    assert shown[0][1:] == ((0.0, 0.0, 0.0, 1.0), True)  # the title
    others = [s for s in shown[1:] if s[1] != (0.0, 0.0, 0.0, 1.0)]
    assert others and all(not overprint and len(fill) == 4 for _font, fill, overprint in others)


def test_photos_are_the_only_pictures_and_the_file_is_the_same_bytes_twice(write_deck, tmp_path):
    """A lid picture on the front and a picture filling the back: two CMYK pictures, each stored once and
    no larger than where it prints (at the layout's 150 ppi here), the words still text; the same bytes
    from two writes."""
    import numpy as np

    from deckgen.render.tuckbox import write_tuck_box_pdf
    from deckgen.render.tuckvector import tuck_vectors
    from deckgen.resolve import load_design

    ramp = np.linspace(0, 255, 256, dtype=np.uint8)
    Image.fromarray(np.dstack([np.tile(ramp, (256, 1)), np.tile(ramp[:, None], (1, 256)),
                               np.full((256, 256), 90, np.uint8)])).save(tmp_path / "us.png")
    design = load_design(write_deck('[card]\nformat = "poker"\n[tin]\nimage = "us.png"\n'
                                    '[back]\nimage = "us.png"\nimage_mode = "fill"\n'))
    net = tuck_net(design)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        vectors = tuck_vectors(design, net, 150)
    first = write_tuck_box_pdf(design, tmp_path / "one.pdf", net, vectors).read_bytes()
    second = write_tuck_box_pdf(design, tmp_path / "two.pdf", net, vectors).read_bytes()
    assert first == second
    pdf = pikepdf.open(tmp_path / "one.pdf")
    page = pdf.pages[0]
    images = sorted((int(x.Width), int(x.Height)) for x in page.Resources.XObject.values())
    assert all(x.ColorSpace == pikepdf.Name.DeviceCMYK for x in page.Resources.XObject.values())
    ppm = 150 / 25.4
    front, back = images  # the front's picture inside the front less 5 mm a side; the back's, the back card's
    assert front[0] <= (65 - 10) * ppm and back == (round((65 + 6) * ppm), round((90 + 6) * ppm))
    pixels = np.asarray(pikepdf.PdfImage(page.Resources.XObject[next(iter(page.Resources.XObject))]).as_pil_image())
    assert pixels.astype(int).sum(axis=-1).max() <= 300 * 255 // 100  # within the ink limit
    assert len(_text_states(tmp_path / "one.pdf")) == 5
    assert [str(op) for _, op in pikepdf.parse_content_stream(page)].count("Do") == 2


def test_the_vector_box_looks_like_its_raster_art(tmp_path):
    """The PDF (in RGB, [print] cmyk = false) drawn at 150 ppi against render_tuck_art at 150 DPI: the same
    design, only the edges' anti-aliasing and the cut and fold lines differ (compared in 8 x 8 px blocks)."""
    import numpy as np
    import pypdfium2

    from deckgen.render.tuckart import render_tuck_art
    from deckgen.render.tuckbox import write_tuck_box_pdf
    from deckgen.render.tuckvector import tuck_vectors

    design = poker_design()
    design = replace(design, print=replace(design.print, rgb=True))
    net = tuck_net(design)
    dpi = 150
    art = np.asarray(render_tuck_art(design, net, dpi), dtype=np.int16)
    path = write_tuck_box_pdf(design, tmp_path / "tuck-box.pdf", net, tuck_vectors(design, net, dpi))
    page = pypdfium2.PdfDocument(str(path))[0]
    size = (art.shape[1], art.shape[0])
    drawn = np.asarray(page.render(scale=size[0] / page.get_width()).to_pil().convert("RGB").resize(size), dtype=np.int16)
    h, w = (art.shape[0] // 8) * 8, (art.shape[1] // 8) * 8

    def blocks(a: np.ndarray) -> np.ndarray:
        return a[:h, :w].reshape(h // 8, 8, w // 8, 8, 3).mean(axis=(1, 3))

    difference = np.abs(blocks(art) - blocks(drawn))
    assert difference.mean() < 4 and np.percentile(difference, 90) < 10
    # white paper beyond the bleed and on the glue tab, in both
    gx0, gy0, gx1, gy1 = net.panels["glue"]
    ppm = dpi / 25.4
    x, y = round(((gx0 + gx1) / 2 + TUCK_BLEED_MM) * ppm), round((net.size_mm[1] + TUCK_BLEED_MM - (gy0 + gy1) / 2) * ppm)
    assert tuple(art[y, x]) == (255, 255, 255) and min(drawn[y, x]) > 245


def test_a_split_net_on_two_home_sheets_draws_each_piece_inside_its_own_outline(tmp_path):
    """89 x 127 mm cards on A4, in shapes: the bottom flap is printed on the first sheet, the lid on the
    second; the first sheet's second glue tab (under the back's left edge) is bare paper."""
    import numpy as np
    import pypdfium2

    from deckgen.render.tuckbox import home_origin, home_sheets

    design = replace(poker_design(), card=replace(CardFormat(), width_mm=89.0, height_mm=127.0))
    net = tuck_net(design)
    path = write_tuck_box_home_pdf(design, tmp_path / "tuck-box-a4.pdf", PAPERS["a4"], net)
    document = pypdfium2.PdfDocument(str(path))
    k = 50 / 25.4  # pixels a millimetre, drawn at 50 ppi
    sheets = home_sheets(net, PAPERS["a4"], design.print.printer_margin_mm)
    assert len(sheets) == len(document) == 2
    for index, ((piece, page), panel) in enumerate(zip(sheets, ("bottom flap", "lid"))):
        image = np.asarray(document[index].render(scale=50 / 72).to_pil().convert("RGB"))
        ox, oy, _words = home_origin(piece, page, design.print.printer_margin_mm)

        def pixel(x_mm: float, y_mm: float) -> tuple[int, ...]:
            return tuple(int(v) for v in image[round(image.shape[0] - (y_mm + oy) * k), round((x_mm + ox) * k)])

        x0, y0, x1, y1 = net.panels[panel]
        assert max(pixel((x0 + x1) / 2, (y0 + y1) / 2)) < 245  # the pattern
        assert document[index].get_textpage().count_chars() > 100  # the steps, and on the first, the box's words
        if index == 0:
            tab = piece.glue_tabs[1]  # 2.5 mm in from its fold, clear of the words naming it
            assert pixel(tab[0][0] + 2.5, sum(p[1] for p in tab) / 4) == (255, 255, 255)


def test_a_font_the_pdf_cannot_embed_keeps_the_box_a_picture(monkeypatch):
    """A CFF-flavoured or no-embedding font (facevector.can_embed false): no shapes for the box, whose print
    files then place its art as one picture, and the preflight says its DPI."""
    from deckgen.render import backvector, tuckvector

    design = poker_design()
    net = tuck_net(design)
    assert tuckvector.drawn_as_shapes(design) and tuckvector.tuck_vectors(design, net, 100) is not None
    monkeypatch.setattr(backvector, "can_embed", lambda font: False)
    monkeypatch.setattr(tuckvector, "can_embed", lambda font: False)
    assert not tuckvector.drawn_as_shapes(design) and tuckvector.tuck_vectors(design, net, 100) is None


def test_a_box_whose_font_cannot_be_embedded_is_drawn_once_for_all_its_files(monkeypatch, tmp_path):
    """With a font the PDFs cannot embed, the build draws the art once (the print-shop file, the home sheets
    and the preview share it) and records no shapes for it: tuck_vectors stops at drawn_as_shapes."""
    from deckgen.render import backvector, tuckbox, tuckvector
    from deckgen.units import mm_to_px

    design = poker_design()
    design = replace(design, print=replace(design.print, paper="a4"))
    monkeypatch.setattr(backvector, "can_embed", lambda font: False)
    monkeypatch.setattr(tuckvector, "can_embed", lambda font: False)
    drawn: list[int] = []

    def art(design: Design, net, dpi: int = 300, bleed_mm: float = TUCK_BLEED_MM) -> Image.Image:
        drawn.append(dpi)  # a plain board the art's size: what is counted is the drawing, not the picture
        return Image.new("RGB", (mm_to_px(net.size_mm[0] + 2 * bleed_mm, dpi), mm_to_px(net.size_mm[1] + 2 * bleed_mm, dpi)),
                         "#9ab")

    def no_board(*args: object) -> None:
        raise AssertionError("the board's shapes were recorded for a box drawn as a picture")

    monkeypatch.setattr(tuckbox, "render_tuck_art", art)
    monkeypatch.setattr(tuckvector, "_board", no_board)
    written = build_tuck_box(design, tmp_path)
    assert drawn == [tuckbox.TUCK_PDF_DPI]
    assert sorted(p.name for p in written) == ["tuck-box-a4.pdf", "tuck-box-die.svg", "tuck-box.pdf", "tuck-box.png"]
    pdf = pikepdf.open(tmp_path / "box" / "tuck-box.pdf")
    assert [int(x.Width) for x in pdf.pages[0].Resources.XObject.values()] == [
        mm_to_px(tuck_net(design).size_mm[0] + 2 * TUCK_BLEED_MM, tuckbox.TUCK_PDF_DPI)]
