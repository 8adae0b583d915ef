"""Total ink on what actually prints: the stack of inks at each point, overprints included.

The deck's black (100 % K) overprints; where it crosses colour dense enough that the stack would
go over the file's limit, it is knocked out instead. deckgen measures each print-shop file's
peak as it draws it (inkstack.py, `deckgen print --preflight`); the tests marked `ghostscript`
measure the same files on Ghostscript's separations (tiffsep at 150 dpi) and hold both to the
limit and to each other within 2 %.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image

from cli_run import run_cli  # tests/ is on sys.path, as pytest puts it
from photo_samples import astronaut

from deckgen.config import demo_config, load_config
from deckgen.design import PrintOptions
from deckgen.render.cmyk import read_cmyk_profile
from deckgen.render.vectorshapes import PathShape, TextShape
from deckgen.render.facevector import draw_shapes, press_colours
from deckgen.render.inkstack import InkStack, code_boxes
from deckgen.render.pdfcanvas import Canvas, register_font
from deckgen.render.printfiles import measure_shop_ink
from deckgen.resolve import resolve_design
from deckgen.resources import font_path
from deckgen.units import mm_to_pt

DPI = 72


# ------------------------------------------------------------------ the stack, on shapes of known colour


def test_code_boxes_cover_a_path_as_fills_and_as_lines() -> None:
    k = mm_to_pt(1.0)
    square = f"{10 * k} {-10 * k} m {20 * k} {-10 * k} l {20 * k} {-30 * k} l {10 * k} {-30 * k} l h"
    assert code_boxes(square, k) == [pytest.approx((10, 10, 20, 30))]
    sides = code_boxes(square, k, 0.5, per_segment=True)
    assert len(sides) == 4  # three drawn sides and the closing one
    assert sides[0] == pytest.approx((9.5, 9.5, 20.5, 10.5))
    assert sides[-1] == pytest.approx((9.5, 9.5, 10.5, 30.5))


def test_black_overprints_light_colour_and_is_knocked_out_over_dense_colour() -> None:
    stack = InkStack(240)
    stack.paint((10, 10, 20, 0), [(0, 0, 50, 50)], overprint=False)  # a light ground: 40 %
    stack.paint((47, 50, 88, 0), [(10, 10, 20, 20)], overprint=False)  # a robe: 185 %
    assert stack.paint((0, 0, 0, 100), [(30, 30, 31, 31)], overprint=True)  # on the ground: 140 %, kept
    assert stack.peak is not None and stack.peak.percent == pytest.approx(185)
    assert not stack.paint((0, 0, 0, 100), [(19, 15, 21, 16)], overprint=True)  # across the robe's edge: 285 %
    assert stack.knocked_out == 1 and stack.peak.percent == pytest.approx(185)
    roomy = InkStack(300)
    roomy.paint((47, 50, 88, 0), [(10, 10, 20, 20)], overprint=False)
    assert roomy.paint((0, 0, 0, 100), [(19, 15, 21, 16)], overprint=True)  # 285 % is within 300 %
    assert roomy.peak is not None and roomy.peak.percent == pytest.approx(285) and (roomy.peak.x_mm, roomy.peak.y_mm) == (19.5, 15.5)
    assert InkStack(None).paint((0, 0, 0, 100), [(0, 0, 1, 1)], overprint=True)  # an RGB file: nothing to hold


def _drawn(limit: float) -> tuple[list[dict], InkStack]:
    """A dense orange square with a black outline and a black word on white paper, drawn as a press file
    with `limit`: the graphics states each black shape is drawn with, and the stack."""
    profile = read_cmyk_profile(None)
    orange = (230, 120, 20)
    box = ((10.0, 10.0), (("L", (30.0, 10.0)), ("L", (30.0, 30.0)), ("L", (10.0, 30.0))))
    font = font_path("DejaVuSans.ttf")
    register_font("DejaVuSans.ttf")
    shapes = [
        PathShape((box,), orange, (0, 0, 0), 0.4),
        TextShape("Ace", font, 0.73, 3.0, 20.0, 40.0, (0, 0, 0)),
    ]
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 200), invariant=1)
    stack = draw_shapes(canvas, shapes, (0, 200), press_colours(profile, (0, 0, 0), limit))
    canvas.showPage()
    canvas.save()
    pdf = pikepdf.open(io.BytesIO(buffer.getvalue()))
    states = pdf.pages[0].Resources.ExtGState
    overprints = []
    current: dict = {}
    for operands, op in pikepdf.parse_content_stream(pdf.pages[0]):
        if str(op) == "gs":
            current = {**current, **{str(k): v for k, v in states[operands[0]].items()}}
        elif str(op) in ("S", "Tj", "TJ"):
            overprints.append({"op": str(op), "OP": bool(current.get("/OP", False)), "fill_op": bool(current.get("/op", False))})
    return overprints, stack


def test_a_press_file_knocks_black_out_only_where_the_limit_demands() -> None:
    _, loose = _drawn(400)
    orange_ink = loose.peak.percent - 100 if loose.peak else 0.0
    assert orange_ink > 150  # the orange is dense: with 100 % K over it the stack is over 250 %
    tight, stack = _drawn(orange_ink + 50)
    outline = next(d for d in tight if d["op"] == "S")
    word = next(d for d in tight if d["op"] != "S")
    assert outline["OP"] is False  # the outline over the orange: knocked out
    assert word["fill_op"] is True  # the word on white paper: still overprints
    assert stack.knocked_out == 1 and stack.peak is not None and stack.peak.percent <= orange_ink + 50
    roomy, stack = _drawn(400)
    assert next(d for d in roomy if d["op"] == "S")["OP"] is True and stack.knocked_out == 0


# ------------------------------------------------------------------ the files, on Ghostscript's separations


def separations_peak(pdf: Path, dpi: int = 150) -> float:
    """The most C+M+Y+K (percent) at any pixel of any page, on Ghostscript's tiffsep separations
    (overprint simulated, as a RIP prints it); spot colours (a die line) left out."""
    out = pdf.parent / f"{pdf.stem}-separations"
    out.mkdir()
    subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep", f"-r{dpi}",
                    f"-sOutputFile={out}/p%03d.tif", str(pdf)], check=True, capture_output=True, timeout=900)
    peak = 0
    for composite in sorted(out.glob("p[0-9][0-9][0-9].tif")):
        total = None
        for ink in ("Cyan", "Magenta", "Yellow", "Black"):
            with Image.open(out / f"{composite.stem}({ink}).tif") as plate:
                level = 255 - np.asarray(plate, dtype=np.int32)  # a plate is white where it prints nothing
            total = level if total is None else total + level
        assert total is not None
        peak = max(peak, int(total.max()))
    shutil.rmtree(out)
    return peak * 100 / 255


PHOTO_DECK = """\
name = "Photo poker"
card_size = "poker"
dpi = 72

[cards.KH]
image = "images/astronaut.png"
mode = "full"
"""


@pytest.mark.ghostscript
@pytest.mark.parametrize(("deck", "shop"), [("demo", "generic"), ("demo", "drivethrucards"), ("photo", "drivethrucards")])
def test_the_most_ink_on_ghostscripts_separations_is_within_the_limit_and_what_deckgen_measured(
        tmp_path: Path, deck: str, shop: str) -> None:
    if shutil.which("gs") is None:
        pytest.skip("no Ghostscript installed: the separation tests need Debian's ghostscript (apt-get install ghostscript)")
    if deck == "demo":
        design = resolve_design(demo_config(overrides={"dpi": DPI}))
    else:
        (tmp_path / "images").mkdir()
        astronaut().save(tmp_path / "images" / "astronaut.png")
        (tmp_path / "deck.toml").write_text(PHOTO_DECK, encoding="utf-8")
        design = resolve_design(load_config(tmp_path / "deck.toml"))
    files = measure_shop_ink(design, PrintOptions(paper="a4", shop=shop), tmp_path / "out")
    assert files
    for file in files:
        worst = file.worst
        assert worst is not None and worst.peak is not None
        measured = separations_peak(tmp_path / "out" / "print" / file.name)
        assert measured <= file.limit + 1, f"{file.name}: {measured:.1f} % on the separations, over {file.limit:g} %"
        assert abs(measured - worst.peak.percent) <= 0.02 * file.limit, (
            f"{file.name}: deckgen measured {worst.peak.percent:.1f} %, Ghostscript's separations {measured:.1f} %")


def test_preflight_prints_the_measured_most_ink_of_each_file(tmp_path: Path) -> None:
    code, out, err = run_cli(tmp_path, "print", "--shop", "drivethrucards", "--preflight", "--dpi", str(DPI))
    assert code == 1 and "FAIL  resolution: the cards are drawn at 72 DPI" in out, out + err  # the one failure: 72 DPI
    (line,) = [line for line in out.splitlines() if "ink: print-shop.pdf" in line]
    assert line.startswith("ok") and "within the 240 % limit" in line and "knocked out" in line
    percent = float(line.split("at most ")[1].split(" %")[0])
    assert 230 <= percent <= 240.5
    (lines,) = [line for line in out.splitlines() if "lines: print-shop.pdf" in line]
    assert lines.startswith("ok    lines: print-shop.pdf: the thinnest line is ") and "minimum: 0.25 pt" in lines


def test_small_type_and_fine_lines_print_in_two_inks_and_larger_ones_as_the_profile_builds_them() -> None:
    profile = read_cmyk_profile(None)
    red = (200, 16, 46)
    colours = press_colours(profile, (22, 22, 29), 300)
    built, _ = colours(red)
    fine, _ = colours.fine(red)
    inks = [built.cyan, built.magenta, built.yellow, built.black]
    assert sum(1 for v in inks if v) == 4  # C2 M98 Y75 K15 through the profile
    two = [fine.cyan, fine.magenta, fine.yellow, fine.black]
    assert sum(1 for v in two if v) == 2 and two[1] > 0.9 and two[2] > 0.6  # magenta and yellow carry the red
    assert colours.fine((31, 95, 191)) == colours((31, 95, 191))  # a blue already in two inks stays
    assert colours.fine((22, 22, 29)) == colours((22, 22, 29))  # the deck's black: K alone
    rgb = press_colours(None, (0, 0, 0), 300)
    assert rgb.fine(red) == rgb(red)  # an RGB file: no inks to count
