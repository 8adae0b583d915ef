"""The tuck box's art as a picture: the lid's pattern over the whole net, the lid's label and picture on
the front, the deck's back on the back panel, the deck's name on each side (the PNG preview, and the
pieces a font that cannot be embedded keeps as pictures). The layout constants the box's files share
are here; `deckgen.render.tuckbox` writes the files."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, NamedTuple

from PIL import Image, ImageDraw, ImageFont

from deckgen.colour import contrast
from deckgen.design import CardFormat, Design
from deckgen.errors import ConfigError, collected_warnings
from deckgen.render.backpicture import load_image, place_picture
from deckgen.render.backs import render_back, supersampling
from deckgen.render.backtext import FitPlace, fit_text, text_tile
from deckgen.render.fonts import resolve_font
from deckgen.render.parts import Part
from deckgen.render.patterns import Geometry, draw_pattern, field_rect
from deckgen.render.tin import render_lid
from deckgen.render.tucknet import NetPiece, TuckBoxNet
from deckgen.units import mm_to_px, px_per_mm


#: Art runs this far past the cut line; the print-shop page has this much round the net.
TUCK_BLEED_MM = 3.0
#: The resolution the print files' art is laid out at (and drawn at, when a font keeps it a picture).
TUCK_PDF_DPI = 300
#: The front's label is the lid's design drawn this wide (the tin lid's short side) and scaled to the front.
LABEL_SHORT_SIDE_MM = 100.0
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
    ppm = px_per_mm(dpi)
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
    ppm = px_per_mm(dpi)
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
    ppm = px_per_mm(dpi)
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
    ppm = px_per_mm(dpi)
    height, area = front_label_mm(design, net)
    left, _top, right, bottom = _panel_px(net, "front", ppm, bleed_mm)
    pad = round(PICTURE_PAD_MM * ppm)
    return (left + pad, round(bottom - area * ppm) + pad // 2, right - pad, bottom - round(height * ppm) - pad // 2)


def _paste_front(design: Design, net: TuckBoxNet, art: Image.Image, dpi: int, bleed_mm: float) -> None:
    """The lid's label on the front below the thumb notch; with a lid picture, the picture framed in the
    upper part and the label, without its ornament, below it."""
    ppm = px_per_mm(dpi)
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
    ppm = px_per_mm(dpi)
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
    geo = Geometry(size=box.size, ppm=px_per_mm(dpi), trim=trim, corner_mm=panel.corner_radius_mm)
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
    left, top, _right, _bottom = _panel_px(net, "back", px_per_mm(dpi), bleed_mm)
    back, mask = panel_back(design, net, dpi)
    trim = back_panel_card(design, net, dpi).box().trim_rect()
    art.paste(back, (left - round(trim[0]), top - round(trim[1])), mask)  # the trim on the panel, to the pixel


def box_parts(design: Design, net: TuckBoxNet, dpi: int = TUCK_PDF_DPI // 3,
              bleed_mm: float = TUCK_BLEED_MM) -> tuple[list[Part], dict[str, tuple[float, float, float, float]]]:
    """The parts the box's art places (render.parts, the art's pixels at `dpi`): the lid's label on the
    front, the lid's picture above it on its frame, the deck's back on the back panel, the name's plate
    on each side; and the rooms they keep to: the front below the thumb notch, each panel inside its
    folds. Nothing is drawn but the picture, framed as `front_photo` frames it."""
    ppm = px_per_mm(dpi)
    height, area = front_label_mm(design, net)
    left, top, right, bottom = _panel_px(net, "front", ppm, bleed_mm)
    label_h = round(height * ppm)
    parts = [Part("label", "box front label", (left, bottom - label_h, right, bottom))]
    rooms: dict[str, tuple[float, float, float, float]] = {"box front label": (left, bottom - area * ppm, right, bottom)}
    with collected_warnings():
        photo = front_photo(design, net, dpi, bleed_mm)
    if photo is not None:
        image, (x, y) = photo
        parts.append(Part("picture", "tin.image", (x, y, x + image.width, y + image.height)))
        rooms["tin.image"] = rooms["box front label"]
    back = _panel_px(net, "back", ppm, bleed_mm)
    parts.append(Part("picture", "box back panel", back))
    rooms["box back panel"] = back
    for side in ("left side", "right side"):
        laid = side_name_layout(design, net, side, dpi, bleed_mm)
        if laid is None:
            continue
        w, h = laid.upright.height, laid.upright.width  # turned to read upwards
        name = f"box {side} name"
        parts.append(Part("text", name, (laid.origin[0], laid.origin[1], laid.origin[0] + w, laid.origin[1] + h)))
        rooms[name] = _panel_px(net, side, ppm, bleed_mm)
    return parts, rooms


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
    ppm = px_per_mm(dpi)
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
