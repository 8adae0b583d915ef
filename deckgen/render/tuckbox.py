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
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from typing import Any, NamedTuple, cast

import numpy as np
from PIL import Image, ImageDraw, ImageFont
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from deckgen.colour import contrast
from deckgen.design import CardFormat, Design
from deckgen.errors import ConfigError, DeckgenWarning, collected_warnings, warn
from deckgen.fileio import save_png, write_bytes_atomic
from deckgen.papers import Paper, paper_file_name, paper_named
from deckgen.render.backs import (
    FitPlace, PlacedText, fit_text, load_image, place_picture, render_back, supersampling, text_tile,
)
from deckgen.render.backvector import VectorBack, text_shapes, vector_back
from deckgen.render.cmyk import DEFAULT_INK_LIMIT, print_art_pdf, read_cmyk_profile
from deckgen.render.dieline import die_line_svg
from deckgen.render.vectorshapes import Contour, box_contour, ellipse_contour, polygon_contour, round_box_contour
from deckgen.render.vectorshapes import PathShape, path_code, with_code
from deckgen.render.facevector import can_embed, draw_shapes, press_colours
from deckgen.render.fonts import resolve_font
from deckgen.render.pdfcanvas import (
    CUT_CONTOUR, EmbeddedImage, Placement, add_images, canvas_bytes, draw_image_here, image_from_array, new_canvas,
    register_font, save_pdf, spot_stroke, BODY_FONT,
)
from deckgen.render.pdfdate import PdfDate
from deckgen.render.patterns import (PATTERNS, Geometry, ShapeRecorder, counter_clockwise, draw_pattern, field_rect, record_pattern)
from deckgen.colour import rgb_of
from deckgen.render.tin import lid_vectors, render_lid
from deckgen.render.tucknet import Line, NetPiece, TuckBoxNet, split_net, tuck_box_net
from deckgen.units import PixelBox, mm_to_pt, mm_to_px

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
#: Art runs this far past the cut line; the print-shop page has this much round the net.
TUCK_BLEED_MM = 3.0
#: The resolution the print files' art is laid out at (and drawn at, when a font keeps it a picture).
TUCK_PDF_DPI = 300
#: The PNG preview's resolution: a third of it.
PREVIEW_DPI = TUCK_PDF_DPI // 3
#: The front's label is the lid's design drawn this wide (the tin lid's short side) and scaled to the front.
LABEL_SHORT_SIDE_MM = 100.0
#: The band under a home sheet's net for the scale bar and the steps.
WORDS_MM = 14.0
#: With a lid picture, the label takes this share of the front below the notch, the picture the rest.
FRONT_LABEL_SHARE = 0.55
#: The picture on the front stays this far from the front's folds and from the label.
PICTURE_PAD_MM = 5.0
#: The label on the front stays this far below the thumb notch.
NOTCH_CLEAR_MM = 1.5
#: The plate behind the name on a side reaches this many font sizes past the letters (less on a narrow side).
SIDE_PLATE_PAD = 0.35
#: The background pattern is drawn this much wider on every side than the art, then cropped.
PATTERN_OVERDRAW_MM = 15.0
#: Patterns that draw ornaments down their middle (patterns.py's classic: a chain of lozenges).
AXIS_PATTERNS = {"classic"}
#: The largest art raster (pixels, supersampled) drawn at once; above it the pattern is drawn less finely.
MAX_PATTERN_PIXELS = 40_000_000


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


# ------------------------------------------------------------------ the art


def _mm_to_px_xy(net: TuckBoxNet, ppm: float, bleed_mm: float) -> Callable[[tuple[float, float]], tuple[float, float]]:
    """Net millimetres (y up) to art pixels (y down, bleed round the net)."""
    top = net.size_mm[1] + bleed_mm

    def to_px(p: tuple[float, float]) -> tuple[float, float]:
        return ((p[0] + bleed_mm) * ppm - 0.5, (top - p[1]) * ppm - 0.5)

    return to_px


def _panel_px(net: TuckBoxNet, name: str, ppm: float, bleed_mm: float) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = net.panels[name]
    top = net.size_mm[1] + bleed_mm
    return (round((x0 + bleed_mm) * ppm), round((top - y1) * ppm), round((x1 + bleed_mm) * ppm),
            round((top - y0) * ppm))


def _board(design: Design, net: TuckBoxNet, dpi: int, bleed_mm: float) -> tuple[Geometry, dict[str, Any], tuple[int, int], int]:
    """The lid's pattern as the box's printed board: the canvas it is drawn on (supersampled `ss` times),
    its parameters, and where the art (the net and its bleed) is cut from it, in pixels at `dpi`. The
    canvas is larger than the art, which is cut away from its edges and its middle column, where a pattern
    puts its frame, corner ornaments and the chain of lozenges on its axis."""
    ppm = dpi / 25.4
    W = mm_to_px(net.size_mm[0] + 2 * bleed_mm, dpi)
    H = mm_to_px(net.size_mm[1] + 2 * bleed_mm, dpi)
    ss = supersampling(dpi)
    while ss > 1 and W * H * ss * ss > MAX_PATTERN_PIXELS:
        ss -= 1
    extra = mm_to_px(PATTERN_OVERDRAW_MM, dpi)
    wide = design.lid.template.pattern in AXIS_PATTERNS  # twice as wide, to cut the art from right of its axis
    size = (2 * W + 4 * extra if wide else W + 2 * extra, H + 2 * extra)
    geo = Geometry(size=(size[0] * ss, size[1] * ss), ppm=ppm * ss,
                   trim=(-0.5, -0.5, size[0] * ss - 0.5, size[1] * ss - 0.5), corner_mm=0.0)
    params = dict(design.lid.template.params) | {"margin_mm": 0}
    return geo, params, (W + 3 * extra if wide else extra, extra), ss


def render_tuck_art(design: Design, net: TuckBoxNet, dpi: int = TUCK_PDF_DPI,
                    bleed_mm: float = TUCK_BLEED_MM) -> Image.Image:
    """The printed side of the net with `bleed_mm` round it, as RGB: the lid's pattern everywhere,
    the label on the front, the card back on the back, the name on the sides; outside the cut
    line plus the bleed, and on the glue tab, no ink."""
    lid = design.lid
    ppm = dpi / 25.4
    geo, params, (left, extra), ss = _board(design, net, dpi, bleed_mm)
    W = mm_to_px(net.size_mm[0] + 2 * bleed_mm, dpi)
    H = mm_to_px(net.size_mm[1] + 2 * bleed_mm, dpi)
    big = draw_pattern(lid.template.pattern, geo, params, lid.colours, "none", medallion_mm=0)
    art = (big.reduce(ss) if ss > 1 else big).crop((left, extra, left + W, extra + H))

    with collected_warnings():  # the backs step says what it has to say about the back
        _paste_front(design, net, art, dpi, bleed_mm)
        _paste_back(design, net, art, dpi, bleed_mm)
    for side in ("left side", "right side"):
        _paste_side_name(design, net, art, side, dpi, bleed_mm)

    # no ink beyond the bleed, nor on the glue tab
    to_px = _mm_to_px_xy(net, ppm, bleed_mm)
    return _ink_inside(art, [to_px(p) for p in net.outline_points()], [[to_px(p) for p in net.glue_tab]],
                       round(bleed_mm * ppm))


def _ink_inside(art: Image.Image, outline: list[tuple[float, float]], glue: list[list[tuple[float, float]]],
                bleed_px: int) -> Image.Image:
    """The art inside the outline (pixels) grown by the bleed, white paper beyond it and on the glue tabs."""
    mask = Image.new("L", art.size, 0)
    ImageDraw.Draw(mask).polygon(outline, fill=255)
    # grown by the bleed: the outline stroked as wide as twice the bleed, with round joins
    ImageDraw.Draw(mask).line(outline + outline[:2], fill=255, width=2 * bleed_px + 1, joint="curve")
    paper = Image.new("RGB", art.size, "#ffffff")
    paper.paste(art, mask=mask)
    for tab in glue:
        ImageDraw.Draw(paper).polygon(tab, fill="#ffffff")
    return paper


def piece_art(art: Image.Image, net: TuckBoxNet, piece: NetPiece, dpi: float = TUCK_PDF_DPI) -> Image.Image:
    """One piece of a split net cut from the whole net's art (`render_tuck_art` at `dpi`): its bounds and
    the bleed round them, ink inside its own outline grown by the bleed, none on its glue tabs."""
    ppm = dpi / 25.4
    b = TUCK_BLEED_MM
    x0, y0, x1, y1 = piece.bounds
    height = net.size_mm[1]
    left, top = round(x0 * ppm), round((height - y1) * ppm)
    region = art.crop((left, top, round((x1 + 2 * b) * ppm), round((height - y0 + 2 * b) * ppm)))
    to_px = _mm_to_px_xy(net, ppm, b)

    def shifted(p: tuple[float, float]) -> tuple[float, float]:
        x, y = to_px(p)
        return x - left, y - top

    return _ink_inside(region, [shifted(p) for p in piece.outline_points()],
                       [[shifted(p) for p in tab] for tab in piece.glue_tabs], round(b * ppm))


def front_label_mm(design: Design, net: TuckBoxNet) -> tuple[float, float]:
    """(the label's height, the height below the thumb notch it shares with a lid picture), in mm."""
    _x0, y0, _x1, y1 = net.panels["front"]
    area = (y1 - y0) - net.notch_mm - NOTCH_CLEAR_MM
    return (area * FRONT_LABEL_SHARE if design.lid.picture is not None else area), area


def front_label(design: Design, net: TuckBoxNet, dpi: int, size: tuple[int, int], bare: bool = False) -> Image.Image:
    """The lid's label (title, subtitle, ornament; no games, no picture) drawn for the front at `dpi`, `size`
    pixels; `bare`: the same label without its title, subtitle and ornament (what the preflight compares
    with to find where the lettering is). With a lid picture the label has no ornament."""
    label, place, _k = _label_design(design, net, dpi, bare)
    image = render_lid(label, place)
    return image if image.size == size else image.resize(size, Image.Resampling.LANCZOS)


def _label_design(design: Design, net: TuckBoxNet, dpi: int, bare: bool = False) -> tuple[Design, FitPlace, float]:
    """The design whose lid is the front's label, drawn `k` times larger than it prints (so frame, panel and
    lettering keep the lid's proportions), the place a text too long is said to be, and `k`."""
    x0, _y0, x1, _y1 = net.panels["front"]
    height, _area = front_label_mm(design, net)
    k = max(1.0, LABEL_SHORT_SIDE_MM / (x1 - x0))
    lid = design.lid
    label = replace(lid, width_mm=(x1 - x0) * k, height_mm=height * k, corner_radius_mm=0.0, bleed_mm=0.0,
                    dpi=max(72, round(dpi / k)), picture=None, games=(),
                    ornament="none" if lid.picture is not None or bare else lid.ornament,
                    title="" if bare else lid.title, subtitle="" if bare else lid.subtitle)
    # a text too long is said for the box, in the box's millimetres (the label is drawn k times larger)
    return replace(design, lid=label), FitPlace(f" on the tuck box's front ({x1 - x0:g} mm wide)", 1 / k, "shorten it"), k


def front_picture_region(design: Design, net: TuckBoxNet, dpi: int, bleed_mm: float) -> tuple[int, int, int, int]:
    """The pixel box (on the art) the lid's picture is placed in on the front: above the label, clear of the folds."""
    ppm = dpi / 25.4
    height, area = front_label_mm(design, net)
    left, _top, right, bottom = _panel_px(net, "front", ppm, bleed_mm)
    pad = round(PICTURE_PAD_MM * ppm)
    return (left + pad, round(bottom - area * ppm) + pad // 2, right - pad, bottom - round(height * ppm) - pad // 2)


def _paste_front(design: Design, net: TuckBoxNet, art: Image.Image, dpi: int, bleed_mm: float) -> None:
    """The lid's label on the front below the thumb notch; with a lid picture, the picture framed in the
    upper part and the label, without its ornament, below it."""
    ppm = dpi / 25.4
    height, _area = front_label_mm(design, net)
    left, _top, right, bottom = _panel_px(net, "front", ppm, bleed_mm)
    image = front_label(design, net, dpi, (right - left, round(height * ppm)))
    art.paste(image, (left, bottom - image.height))
    photo = front_photo(design, net, dpi, bleed_mm)
    if photo is not None:
        art.paste(*photo)


def front_photo(design: Design, net: TuckBoxNet, dpi: int, bleed_mm: float) -> tuple[Image.Image, tuple[int, int]] | None:
    """The lid's picture for the front, on its frame (one opaque RGB picture), and its top-left on the art
    in pixels; None without a lid picture. Framed as on the tin: on the faces found, with the automatic
    zoom (or image_zoom)."""
    picture = design.lid.picture
    if picture is None:
        return None
    ppm = dpi / 25.4
    frame = max(1, round(0.5 * ppm))
    region = front_picture_region(design, net, dpi, bleed_mm)
    shown = place_picture(load_image(picture.photo), region, picture.mode, picture.focus, zoom=picture.zoom,
                          mm_per_px=1 / ppm)
    framed = Image.new("RGBA", (shown.image.width + 2 * frame, shown.image.height + 2 * frame),
                       design.lid.colours.accent)
    framed.alpha_composite(shown.image, (frame, frame))
    return framed.convert("RGB"), (shown.origin[0] - frame, shown.origin[1] - frame)


def back_panel_card(design: Design, net: TuckBoxNet, dpi: int) -> CardFormat:
    """The card the back panel's back is drawn on: the panel's size, the deck's corner and safe margin, the
    box's bleed (a picture that fills the back runs past the panel's cut edges)."""
    x0, y0, x1, y1 = net.panels["back"]
    return replace(design.card, width_mm=x1 - x0, height_mm=y1 - y0, bleed_mm=TUCK_BLEED_MM, dpi=dpi)


def panel_back(design: Design, net: TuckBoxNet, dpi: int) -> tuple[Image.Image, Image.Image]:
    """The deck's first back laid out for the back panel (the card back drawn on a card the panel's size,
    `back_panel_card`: its pattern, ornaments, picture and words placed for that size, nothing stretched),
    and the mask of what goes on the box: its field without the card's paper margin; or, for a picture that
    fills the back, the whole panel and the bleed past its right and bottom edges, which are cut (its left
    and top edges are folds: the side and the lid keep the box's pattern). Both are the card's size with
    its bleed, in pixels at `dpi`."""
    panel = back_panel_card(design, net, dpi)
    back = render_back(replace(design, card=panel), 1, warn=False)  # the backs step says what it has to say
    box = panel.box()
    trim = box.trim_rect()
    geo = Geometry(size=box.size, ppm=dpi / 25.4, trim=trim, corner_mm=panel.corner_radius_mm)
    field, radius = field_rect(geo, dict(design.back.template.params))
    mask = Image.new("L", box.size, 0)
    if design.back.picture is not None and design.back.picture.mode == "fill":
        ImageDraw.Draw(mask).rectangle((round(trim[0]), round(trim[1]), box.size[0], box.size[1]), fill=255)
    else:
        ImageDraw.Draw(mask).rounded_rectangle(field, radius=radius, fill=255)
    return back, mask


def _paste_back(design: Design, net: TuckBoxNet, art: Image.Image, dpi: int, bleed_mm: float) -> None:
    """The deck's first back on the back panel, laid out for the panel (`panel_back`); its paper margin
    is left out, so the box's own pattern runs round it (and over the folds)."""
    left, top, _right, _bottom = _panel_px(net, "back", dpi / 25.4, bleed_mm)
    back, mask = panel_back(design, net, dpi)
    trim = back_panel_card(design, net, dpi).box().trim_rect()
    art.paste(back, (left - round(trim[0]), top - round(trim[1])), mask)  # the trim on the panel, to the pixel


class SideName(NamedTuple):
    """The deck's name on a side as laid out: the words, their font and ink, the plate (fill, outline) and
    its pad, the tile as drawn upright (before it is turned to read upwards) and where the turned tile goes
    on the art, and the letters' pixel box there."""

    text: str
    font: ImageFont.FreeTypeFont
    ink: str
    plate: tuple[str, str]
    pad: float
    upright: Image.Image
    origin: tuple[int, int]
    letters: tuple[int, int, int, int]


def side_name_layout(design: Design, net: TuckBoxNet, side: str, dpi: int,
                     bleed_mm: float = TUCK_BLEED_MM) -> SideName | None:
    """The box's title along a side (the lid's: [tin] title when set, else the deck's name as the theme
    words it), reading upwards, on a plate in the lid's colours. The letters keep the
    card's safe margin from the side's folds and are at least 2 mm tall; None when the side is too narrow."""
    c = design.lid.colours
    ppm = dpi / 25.4
    x0, y0, x1, y1 = net.panels[side]
    depth, height = x1 - x0, y1 - y0
    room = depth - 2 * design.card.safe_mm  # across the side, for the letters
    if room < 2.0:
        return None
    name = design.lid.title.strip() or design.name.strip() or "Playing cards"
    font_file = resolve_font(design.source, design.lid.title_font)
    try:
        font = fit_text(design.source, name, font_file, min(6.0, depth * 0.45) * ppm, 2.0 * ppm,
                        height * 0.8 * ppm, room * ppm, design.lid.title_key, dpi, design.lid.title_font.key)
    except ConfigError:
        return None
    ink = max((c.paper, c.accent, c.ink), key=lambda colour: contrast(colour, c.ground))
    letters = text_tile(name, font, ink, None, 0).size  # the letters and the 2 px round them
    # the plate reaches SIDE_PLATE_PAD font sizes past the letters, and stops 0.5 mm short of the folds
    pad = max(2.0, min(SIDE_PLATE_PAD * font.size, ((depth - 1.0) * ppm - (letters[1] - 4)) / 2))
    plate = (c.ground, c.accent)
    upright = text_tile(name, font, ink, plate, pad)
    turned = (upright.height, upright.width)
    p = _panel_px(net, side, ppm, bleed_mm)
    origin = (round((p[0] + p[2] - turned[0]) / 2), round((p[1] + p[3] - turned[1]) / 2))
    inset = round(pad)
    box = (origin[0] + inset, origin[1] + inset, origin[0] + turned[0] - inset, origin[1] + turned[1] - inset)
    return SideName(name, font, ink, plate, pad, upright, origin, box)


def side_name(design: Design, net: TuckBoxNet, side: str, dpi: int,
              bleed_mm: float = TUCK_BLEED_MM) -> tuple[Image.Image, tuple[int, int], tuple[int, int, int, int]] | None:
    """The deck's name along a side (`side_name_layout`) as (the turned tile, where it goes on the art, the
    letters' pixel box on the art); None when the side is too narrow for it."""
    laid = side_name_layout(design, net, side, dpi, bleed_mm)
    if laid is None:
        return None
    return laid.upright.rotate(90, expand=True), laid.origin, laid.letters


def _paste_side_name(design: Design, net: TuckBoxNet, art: Image.Image, side: str, dpi: int,
                     bleed_mm: float) -> None:
    placed = side_name(design, net, side, dpi, bleed_mm)
    if placed is None:
        return
    tile, origin, _box = placed
    rgba = art.convert("RGBA")
    rgba.alpha_composite(tile, origin)
    art.paste(rgba.convert("RGB"))


# ------------------------------------------------------------------ the art as vectors (the PDFs)

#: The keys of the box's photos in its PDFs (each file holds a photo once, whatever the pages).
FRONT_PHOTO, BACK_PHOTO = "box front photo", "box back photo"


@dataclass(frozen=True)
class Drawn:
    """Shapes (facevector's: millimetres from their top-left corner, y down) and where that corner lies
    on the net (mm, y up), drawn `scale` times their size; `upwards`: turned a quarter to read up a side
    (then `corner` is where the turned shapes' bottom-left lies). `clip`: (left, top, right, bottom) and
    a corner radius in the shapes' own mm, outside which nothing of them is drawn."""

    shapes: tuple[Any, ...]
    corner: tuple[float, float]
    scale: float = 1.0
    upwards: bool = False
    clip: tuple[tuple[float, float, float, float], float] | None = None


@dataclass(frozen=True)
class TuckVectors:
    """The printed side of the net for a PDF, laid out once for every sheet it is drawn on (in the net's
    mm, y up, from its bounding box's bottom-left): the lid's pattern as the board, the lid's label on the
    front and the lid's picture above it, the deck's back on the back panel (its pattern, photo and words,
    inside `back_clip`: net mm and a radius) and the name on each side. Photos are the only pictures."""

    board: Drawn
    label: Drawn
    front_photo: tuple[Image.Image, tuple[float, float, float, float]] | None  # the framed photo, its net rect
    back: VectorBack
    back_rect: tuple[float, float, float, float]  # the back's card with its bleed, on the net
    back_origin: tuple[float, float]  # the back card's trim top-left on the net
    back_clip: tuple[tuple[float, float, float, float], float]
    sides: tuple[Drawn, ...]
    label_rect: tuple[float, float, float, float]  # the label on the net
    side_rects: tuple[tuple[float, float, float, float], ...]  # the panel of each side name

    @cached_property
    def coded(self) -> TuckVectors:
        """The same art with each path's PDF operators worked out (facevector.with_code): the print-shop
        file and each whole-net home sheet draw the same paths. (A piece of a split net picks its paths
        from the outlines, so it draws from the plain art.)"""
        def code(shapes: Sequence[Any]) -> tuple[Any, ...]:
            return tuple(with_code(shape) for shape in shapes)

        back = replace(self.back, shapes=code(self.back.shapes), under=code(self.back.under))
        return replace(self, board=replace(self.board, shapes=code(self.board.shapes)),
                       label=replace(self.label, shapes=code(self.label.shapes)), back=back,
                       sides=tuple(replace(side, shapes=code(side.shapes)) for side in self.sides))

    def pictures(self) -> dict[str, Image.Image]:
        """The photos by their keys (FRONT_PHOTO, BACK_PHOTO): what a PDF of this art embeds."""
        out: dict[str, Image.Image] = {}
        if self.front_photo is not None:
            out[FRONT_PHOTO] = self.front_photo[0]
        if self.back.base is not None:
            out[BACK_PHOTO] = self.back.base
        return out


Window = tuple[float, float, float, float]


def _meets(box: Window, windows: Sequence[Window]) -> bool:
    return any(box[0] <= w[2] and box[2] >= w[0] and box[1] <= w[3] and box[3] >= w[1] for w in windows)


def _visible(shapes: Sequence[Any], windows: Sequence[Window]) -> list[Any]:
    """The shapes, and of a path the outlines, that reach into one of the `windows` (mm: left, top, right,
    bottom); the board's pattern is drawn on a canvas larger than the net and the rest would be clipped."""
    def reaches(contour: Any) -> bool:
        start, segs = contour
        points = [start] + [p for seg in segs for p in seg[1:]]
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return _meets((min(xs), min(ys), max(xs), max(ys)), windows)

    out = []
    for shape in shapes:
        if not isinstance(shape, PathShape) or not shape.contours:
            out.append(shape)
        elif shape.rule == "evenodd":  # an outline and its hole go together
            if any(reaches(c) for c in shape.contours):
                out.append(shape)
        else:
            kept = tuple(c for c in shape.contours if reaches(c))
            if kept:
                out.append(replace(shape, contours=kept))
    return out


class _WindowRecorder(ShapeRecorder):
    """A ShapeRecorder that leaves out the ellipses wholly outside the windows (mm of its canvas): the
    lattice's beads over the board's canvas are thousands, most of them off the net."""

    def __init__(self, geo: Geometry, shapes: list[Any], windows: Sequence[Window]) -> None:
        super().__init__(geo, shapes)
        self.windows = windows

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        if _meets(self._box_mm(xy), self.windows):
            super().ellipse(xy, fill=fill, outline=outline, width=width)


def _record_board(design: Design, geo: Geometry, params: dict[str, Any], windows: Sequence[Window]) -> tuple[Any, ...]:
    """The board's pattern as shapes (patterns.record_pattern's for a field edge to edge, no medallion),
    its ellipses only where the box is printed, and of the rest what reaches the windows. Recorded once
    a build: `build_tuck_box` hands the one recording to each of its files."""
    kind, colours = design.lid.template.pattern, design.lid.colours
    if kind not in PATTERNS:  # said as the pattern module says it
        return tuple(record_pattern(kind, geo, params, colours, "none", medallion_mm=0))
    shapes: list[Any] = []
    recorder = _WindowRecorder(geo, shapes, windows)
    field, radius = field_rect(geo, params)  # the whole canvas: the board has no paper margin
    recorder.rounded_rectangle(field, radius=radius, fill=colours.ground)
    PATTERNS[kind](cast(ImageDraw.ImageDraw, recorder), geo, field, radius, params, colours)
    return tuple(_visible(shapes, windows))


def _field_mm(design: Design, card: CardFormat) -> tuple[tuple[float, float, float, float], float]:
    """The back's field (inside its paper margin) on a card of this format, in mm from its trim's top-left,
    and the field's corner radius; a margin of 0: the whole card with its bleed."""
    k = 100.0  # patterns.field_rect works in pixels: a hundredth of a millimetre each
    b = card.bleed_mm
    size = (round((card.width_mm + 2 * b) * k), round((card.height_mm + 2 * b) * k))
    geo = Geometry(size=size, ppm=k, trim=(b * k, b * k, (card.width_mm + b) * k, (card.height_mm + b) * k),
                   corner_mm=card.corner_radius_mm)
    field, radius = field_rect(geo, dict(design.back.template.params))
    return (field[0] / k - b, field[1] / k - b, field[2] / k - b, field[3] / k - b), radius / k


def drawn_as_shapes(design: Design) -> bool:
    """Whether the box's print files draw its art as shapes and text: every font of its words (the lid's
    title and body fonts, the back's texts') can be embedded; else the art is a picture."""
    fonts = [design.lid.title_font, design.lid.body_font, *(text.font for text in design.back_for(1).texts)]
    return all(can_embed(Path(resolve_font(design.source, font))) for font in fonts)


def tuck_vectors(design: Design, net: TuckBoxNet, dpi: int = TUCK_PDF_DPI,
                 bleed_mm: float = TUCK_BLEED_MM) -> TuckVectors | None:
    """The box's art as shapes, laid out as `render_tuck_art` lays it out at `dpi` (the same fitting of the
    words, the same framing of the photos). None when a font of its words cannot be embedded
    (`drawn_as_shapes`, asked first, before the board's thousands of shapes are recorded): the box is
    then printed as its picture."""
    if not drawn_as_shapes(design):
        return None
    ppm = dpi / 25.4
    b = bleed_mm
    lid = design.lid
    top = net.size_mm[1] + b  # the art's top edge, on the net

    def on_net(x_px: float, y_px: float) -> tuple[float, float]:  # the art's pixels (edges) -> the net's mm
        return x_px / ppm - b, top - y_px / ppm

    geo, params, (left, extra), _ss = _board(design, net, dpi, b)
    corner = (-b - left / ppm, top + extra / ppm)  # the board's canvas's top-left on the net
    # where the box is printed, in the canvas's mm: each panel and flap with the bleed round it
    windows = [(x0 - b - corner[0], corner[1] - y1 - b, x1 + b - corner[0], corner[1] - y0 + b)
               for x0, y0, x1, y1 in net.panels.values()]
    board = Drawn(_record_board(design, geo, params, windows), corner)

    fx0, fy0, fx1, _fy1 = net.panels["front"]
    height, _area = front_label_mm(design, net)
    label_design, place, k = _label_design(design, net, dpi)
    lid_shapes = lid_vectors(label_design, place)
    assert lid_shapes is not None  # drawn_as_shapes: every font of the words embeds (so below too)
    label = Drawn(tuple(lid_shapes.under + lid_shapes.over), (fx0, fy0 + height), 1 / k,
                  clip=((0.0, 0.0, (fx1 - fx0) * k, height * k), 0.0))

    photo = None
    framed = front_photo(design, net, dpi, b)
    if framed is not None:
        image, (x, y) = framed
        (px0, py1), (px1, py0) = on_net(x, y), on_net(x + image.width, y + image.height)
        photo = (image, (px0, py0, px1, py1))

    panel = back_panel_card(design, net, dpi)
    with collected_warnings():  # the backs step says what it has to say about the back
        back = vector_back(replace(design, card=panel), 1)
    assert back is not None
    bx0, by0, bx1, by1 = net.panels["back"]
    if design.back.picture is not None and design.back.picture.mode == "fill":
        # the panel and the bleed past its cut edges (right, bottom); its folds keep the box's pattern
        clip = ((bx0, by0 - b, bx1 + b, by1), 0.0)
    else:
        (l, t, r, btm), radius = _field_mm(design, panel)
        clip = ((bx0 + l, by1 - btm, bx0 + r, by1 - t), radius)

    sides, side_rects = [], []
    for side in ("left side", "right side"):
        laid = side_name_layout(design, net, side, dpi, b)
        if laid is None:
            continue
        side_rects.append(net.panels[side])
        tile = laid.upright
        words = PlacedText(tile, (0, 0), laid.text, laid.font, laid.ink, laid.plate, laid.pad)
        shapes = text_shapes(words, PixelBox(tile.width / ppm, tile.height / ppm, 0.0, dpi))
        assert shapes is not None
        # turned a quarter: the upright tile's top-left goes to the turned tile's bottom-left
        sides.append(Drawn(tuple(shapes), on_net(laid.origin[0], laid.origin[1] + tile.width), upwards=True))
    return TuckVectors(board, label, photo, back, (bx0 - b, by0 - b, bx1 + b, by1 + b), (bx0, by1), clip, tuple(sides),
                       (fx0, fy0, fx1, fy0 + height), tuple(side_rects))


def _clip(canvas: Canvas, contours: Sequence[Contour], even_odd: bool = False) -> None:
    """Clip to the contours (faceshapes' contours, in mm from the canvas's origin, y down: facevector.path_code's
    frame): their union under the nonzero rule, or `even_odd`."""
    code, = path_code(PathShape(tuple(contours), None, None, 0.0, rule="evenodd" if even_odd else "nonzero"))
    canvas.addLiteral(f"{code} {'W*' if even_odd else 'W'} n")


def _clip_to_ink(canvas: Canvas, piece: TuckBoxNet | NetPiece, down: Callable[[float, float], tuple[float, float]],
                 glue_tabs: Sequence[Sequence[tuple[float, float]]], bleed_mm: float) -> None:
    """Clip to where the box is printed: inside the cut line grown by the bleed (the outline, a band round
    each edge and a disc at each corner, as the raster's stroke with round joins), and not on a glue tab.
    `down` takes the net's mm to the page's (y down, `_clip`'s frame)."""
    points = [down(*p) for p in piece.outline_points(1.0)]
    r = bleed_mm
    # every contour turning one way (as faceshapes.ellipse_contour turns), so under the nonzero rule
    # the outline, the bands and the corner discs make their union
    contours = [counter_clockwise(polygon_contour(points))]
    for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]]):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        if length == 0:
            continue
        nx, ny = -(y1 - y0) / length * r, (x1 - x0) / length * r
        contours.append(counter_clockwise(polygon_contour([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)])))
    contours += [ellipse_contour(x, y, r, r) for x, y in points]
    _clip(canvas, contours)
    if glue_tabs:  # the whole page but the tabs: even-odd
        far = 10_000.0
        _clip(canvas, [box_contour(-far, -far, far, far), *(polygon_contour([down(*p) for p in tab]) for tab in glue_tabs)],
              even_odd=True)


def _draw(canvas: Canvas, drawn: Drawn, pt: Callable[[float, float], tuple[float, float]],
          colour_of: Callable[[Any], tuple[Any, bool]]) -> None:
    canvas.saveState()
    canvas.translate(*pt(*drawn.corner))
    if drawn.upwards:
        canvas.rotate(90)
    if drawn.scale != 1.0:
        canvas.scale(drawn.scale, drawn.scale)
    if drawn.clip is not None:
        (l, t, r, btm), radius = drawn.clip
        _clip(canvas, [round_box_contour(l, t, r, btm, radius)])
    draw_shapes(canvas, drawn.shapes, (0.0, 0.0), colour_of, scale=drawn.scale)
    canvas.restoreState()


def draw_tuck_vectors(canvas: Canvas, vectors: TuckVectors, piece: TuckBoxNet | NetPiece, origin_mm: tuple[float, float],
                      colour_of: Callable[[Any], tuple[Any, bool]], bleed_mm: float = TUCK_BLEED_MM) -> list[Placement]:
    """Draw the box's art for `piece` (the whole net, or a piece of a split one) with the net's origin at
    `origin_mm` on the page: inside the piece's cut line grown by the bleed, none on its glue tabs. The
    photos are painted in place (`draw_image_here`); the placements returned give the page their images."""
    ox, oy = origin_mm

    def pt(x: float, y: float) -> tuple[float, float]:
        return mm_to_pt(x + ox), mm_to_pt(y + oy)

    def down(x: float, y: float) -> tuple[float, float]:  # the net's mm to the page's mm, y down (for `_clip`)
        return x + ox, -(y + oy)

    def image_at(key: str, rect: tuple[float, float, float, float]) -> Placement:
        (x0, y0), (x1, y1) = pt(rect[0], rect[1]), pt(rect[2], rect[3])
        placement = Placement(key, (x1 - x0, 0, 0, y1 - y0, x0, y0), inline=True)
        draw_image_here(canvas, placement)
        return placement

    glue = piece.glue_tabs if isinstance(piece, NetPiece) else (piece.glue_tab,)
    if isinstance(piece, NetPiece) and piece.name != "whole":
        x0, y0, x1, y1 = piece.bounds  # a piece of a split net gets only what reaches it
        reach = (x0 - bleed_mm, y0 - bleed_mm, x1 + bleed_mm, y1 + bleed_mm)
    else:
        reach = (-math.inf, -math.inf, math.inf, math.inf)
        vectors = vectors.coded

    def reaches(rect: Window) -> bool:  # net mm, y up
        return _meets(rect, [reach])

    board = vectors.board
    if not math.isinf(reach[0]):  # in the board's canvas's mm (y down from its top-left)
        cx, cy = board.corner
        board = replace(board, shapes=tuple(_visible(board.shapes, [(reach[0] - cx, cy - reach[3], reach[2] - cx,
                                                                      cy - reach[1])])))
    placements: list[Placement] = []
    canvas.saveState()  # (overprint mode 1 for the press's black is set by draw_shapes, as on every press file)
    _clip_to_ink(canvas, piece, down, glue, bleed_mm)
    _draw(canvas, board, pt, colour_of)
    if reaches(vectors.label_rect):
        _draw(canvas, vectors.label, pt, colour_of)
    if vectors.front_photo is not None and reaches(vectors.front_photo[1]):
        placements.append(image_at(FRONT_PHOTO, vectors.front_photo[1]))
    (l, btm, r, t), radius = vectors.back_clip
    if reaches((l, btm, r, t)):
        canvas.saveState()  # the back, inside its field (or its panel and bleed, for a photo that fills it)
        _clip(canvas, [round_box_contour(*down(l, t), *down(r, btm), radius)])
        corner = pt(*vectors.back_origin)
        stack = draw_shapes(canvas, vectors.back.under, corner, colour_of)
        if vectors.back.base is not None:
            (x0, y0), (x1, y1) = pt(*vectors.back_rect[:2]), pt(*vectors.back_rect[2:])
            for matrix in vectors.back.image_matrices((x1 - x0, 0.0, 0.0, y1 - y0, x0, y0)):
                placements.append(Placement(BACK_PHOTO, matrix, inline=True))
                draw_image_here(canvas, placements[-1])
            if stack.limit is not None:  # the photo under the back's words, taken as dense as the limit lets it be
                stack.paint_picture((-1e4, -1e4, 1e4, 1e4), stack.limit, stack.limit)
        draw_shapes(canvas, vectors.back.shapes, corner, colour_of, stack)
        canvas.restoreState()
    for side, rect in zip(vectors.sides, vectors.side_rects):
        if reaches(rect):
            _draw(canvas, side, pt, colour_of)
    canvas.restoreState()
    return placements


def box_colours(design: Design, rgb: bool) -> Callable[[Any], tuple[Any, bool]]:
    """colour_of for the box's shapes: the press's builds through the deck's profile, the deck's black as
    100 % K overprinting (facevector.press_colours); `rgb`: the colours as they are (home sheets, cmyk = false)."""
    profile = None if rgb else read_cmyk_profile(design.print.icc)
    return press_colours(profile, rgb_of(design.faces.ink.black), design.print.ink_limit or DEFAULT_INK_LIMIT)



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
                dpi = art.width * 25.4 / (net.size_mm[0] + 2 * b)  # the art's own (TUCK_PDF_DPI from the build)
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
    ppm = dpi / 25.4
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
