"""`deckgen print --preflight` for the tuck box: what a prepress operator checks on a die-cut box.

- paper: the print-shop page (the net and its bleed, against the bleed the shop
  asks for), and each home paper: the net on one sheet, in two pieces, or not at all;
- safe zone: the front's lettering and ornament, and the names on the sides, kept
  the shop's safe distance from the folds, the cut and the thumb notch. Measured on
  pixels as the card checks are: the front drawn with and without its words (the
  difference is where they are), the side names where `side_name` puts their letters;
- resolution: the box's art is shapes and text (at TUCK_PDF_DPI when a font of its words
  cannot be embedded and it is a picture); the lid's picture on the front and the back's
  picture on the back panel at the pixels per inch they print at.

A tin deck has no box: nothing is said.
"""

from __future__ import annotations


from deckgen.design import Design
from deckgen.errors import UserError, collected_warnings
from deckgen.papers import paper_named
from deckgen.render.backs import picture_region
from deckgen.render.shopcheck import CHECK_DPI, Finding, _difference_box, _fill, _Placed, _printed_ppi
from deckgen.render.shops import ShopPreset
from deckgen.render.tuckart import (
    NOTCH_CLEAR_MM, TUCK_BLEED_MM, TUCK_PDF_DPI, _panel_px, back_panel_card, front_label, front_label_mm,
    front_picture_region, side_name,
)
from deckgen.render.tuckbox import home_sheets, tuck_net
from deckgen.render.tuckvector import drawn_as_shapes
from deckgen.render.tucknet import TuckBoxNet
from deckgen.units import PixelBox, px_per_mm

__all__ = ["box_findings"]

#: A measured distance this much under the safe margin still passes: a pixel at CHECK_DPI.
PIXEL_MM = 0.3


def box_findings(deck: Design, preset: ShopPreset) -> list[Finding]:
    """Every finding for the deck's tuck box (none for a tin deck)."""
    if deck.box.kind != "tuck":
        return []
    try:
        net = tuck_net(deck)
    except UserError as exc:
        return [Finding("FAIL", "box", str(exc))]
    out = _paper(deck, net, preset)
    with collected_warnings():  # the backs' and the lid's own checks say those
        out += _safe_zone(deck, net, preset)
    out += _resolution(deck, net, preset)
    return out


def _mm(size_mm: tuple[float, float], extra: float = 0.0) -> str:
    return f"{size_mm[0] + extra:g} x {size_mm[1] + extra:g} mm"


def _paper(deck: Design, net: TuckBoxNet, preset: ShopPreset) -> list[Finding]:
    b = TUCK_BLEED_MM
    page = (round(net.size_mm[0] + 2 * b, 3), round(net.size_mm[1] + 2 * b, 3))
    out = []
    if b < preset.bleed_mm:
        out.append(Finding("warn", "box", f"tuck-box.pdf has {b:g} mm bleed round the net; {preset.name} asks for "
                                          f"{preset.bleed_mm:g} mm"))
    else:
        out.append(Finding("ok", "box", f"tuck-box.pdf: one {_mm(page)} page, the {_mm(net.size_mm)} net and {b:g} mm "
                                        "bleed; cut on CutContour, folds on Crease, the die line in tuck-box-die.svg"))
    margin = deck.print.printer_margin_mm
    for name in deck.print.papers:
        paper = paper_named(name)
        sheets = home_sheets(net, paper, margin)
        if sheets is None:
            out.append(Finding("warn", "box paper", f"the net ({_mm(page)} with its bleed) does not fit on "
                                                    f"{paper.name}, not even in two pieces: no home sheet on it"))
        elif len(sheets) == 1:
            out.append(Finding("ok", "box paper", f"the net ({_mm(page)} with its bleed) fits on one {paper.name} sheet"))
        else:
            pieces = " and ".join(_mm(piece.size_mm, 2 * b) for piece, _page in sheets)
            out.append(Finding("warn", "box paper", f"the net ({_mm(page)} with its bleed) is too big for one "
                                                    f"{paper.name} sheet: it is printed in two pieces ({pieces}) "
                                                    "to glue together"))
    return out


def _safe_zone(deck: Design, net: TuckBoxNet, preset: ShopPreset) -> list[Finding]:
    """The lettering's distance from the edges of its panel (folds, cut edges, the thumb notch), in mm."""
    ppm = px_per_mm(CHECK_DPI)
    safe = preset.safe_mm
    out: list[Finding] = []
    measured: list[float] = []
    # the front: the label with and without its words and ornament; the difference is where they are
    left, _top, right, _bottom = _panel_px(net, "front", ppm, 0.0)
    label_mm, area_mm = front_label_mm(deck, net)
    size = (right - left, round(label_mm * ppm))
    box = _difference_box(front_label(deck, net, CHECK_DPI, size), front_label(deck, net, CHECK_DPI, size, bare=True))
    if box is not None:
        sides = {"the front's left fold": box[0] / ppm, "the front's right fold": (size[0] - box[2]) / ppm,
                 "the front's bottom fold": (size[1] - box[3]) / ppm,
                 "the thumb notch": area_mm + NOTCH_CLEAR_MM - label_mm + box[1] / ppm}
        out += _said("the front's title, subtitle and ornament", sides, safe, preset, measured)
    for side in ("left side", "right side"):
        placed = side_name(deck, net, side, CHECK_DPI, 0.0)
        if placed is None:
            continue
        x0, y0, x1, y1 = _panel_px(net, side, ppm, 0.0)
        lx0, ly0, lx1, ly1 = placed[2]
        sides = {"its folds": min(lx0 - x0, x1 - lx1) / ppm, "its dust flaps' folds": min(ly0 - y0, y1 - ly1) / ppm}
        out += _said(f"the name on the {side}", sides, safe, preset, measured)
    if not [f for f in out if f.failed]:
        least = f"; the closest {min(measured):.1f} mm" if measured else ""
        out.append(Finding("ok", "box safe zone", f"the box's words at least {safe:g} mm from its folds and cut "
                                                  f"edges{least}"))
    return out


def _said(what: str, distances: dict[str, float], safe: float, preset: ShopPreset, measured: list[float]) -> list[Finding]:
    where, distance = min(distances.items(), key=lambda item: item[1])
    measured.append(distance)
    if distance >= safe - PIXEL_MM:
        return []
    return [Finding("FAIL", "box safe zone", f"{what} comes {max(distance, 0):.1f} mm from {where}; {preset.name} "
                                             f"keeps {safe:g} mm clear")]


def _resolution(deck: Design, net: TuckBoxNet, preset: ShopPreset) -> list[Finding]:
    """The art's DPI, and the pictures on the box at the pixels per inch they print at in tuck-box.pdf."""
    out: list[Finding] = []
    shapes = drawn_as_shapes(deck)
    if not shapes and TUCK_PDF_DPI < preset.min_ppi:
        out.append(Finding("FAIL", "box resolution", f"the box's art is drawn at {TUCK_PDF_DPI} DPI; {preset.name} "
                                                     f"asks for {preset.min_ppi}"))
    placed: list[tuple[str, _Placed]] = []
    net_box = PixelBox(net.size_mm[0], net.size_mm[1], TUCK_BLEED_MM, TUCK_PDF_DPI)
    lid = deck.lid
    if lid.picture is not None:
        region = front_picture_region(deck, net, TUCK_PDF_DPI, TUCK_BLEED_MM)
        placed.append(("front", _Placed(lid.picture.photo.key, lid.picture, region, net_box, on_card=False)))
    back = deck.back
    if back.picture is not None:
        panel = back_panel_card(deck, net, TUCK_PDF_DPI)
        region = picture_region(back, panel.box(), panel.corner_radius_mm)
        # drawn by the back's renderer on a card the panel's size: framed inside that card's safe zone
        placed.append(("back", _Placed(back.picture.photo.key, back.picture, region, panel.box())))
    for where, item in placed:
        # a filled picture is cropped as the renderer crops it, so its automatic zoom counts
        zoom = _fill(item, deck.card.safe_mm).zoom if item.picture.mode == "fill" else 1.0
        ppi, width_mm, height_mm = _printed_ppi(item, zoom)
        if ppi < preset.min_ppi:
            out.append(Finding("FAIL", "box resolution", f"{item.key}: {item.picture.photo.shown} prints "
                                                         f"{width_mm:.0f} x {height_mm:.0f} mm on the box's {where}: "
                                                         f"{ppi:.0f} ppi, below the {preset.min_ppi} ppi "
                                                         f"{preset.name} asks for"))
    if not out:
        pictures = f", its {len(placed)} picture(s) at {preset.min_ppi} ppi or more" if placed else ""
        art = ("the box's art is shapes and text" if shapes else
               f"the box's art at {TUCK_PDF_DPI} DPI (a font of its words cannot be embedded)")
        out.append(Finding("ok", "box resolution", f"{art}{pictures}"))
    return out
