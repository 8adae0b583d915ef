"""The tin lid: 141 x 100 mm art at 150 DPI by default, matching the deck's theme, and its print file.

The lid is a framed label: the theme's back pattern in a border, a light
panel with the ornament, the title and subtitle, optionally a picture and the
names of the games in the booklet. The lid is seen one way up, so unlike a back
it needs no half-turn symmetry.

The tin's corners are rounded (`[tin] corner_radius_mm`), so the border's
pattern, frame and corner ornaments sit inside a safe area LID_SAFE_MM in from
the trim whose corners follow that radius; outside it a plain band of the
pattern's ground runs out through the bleed, so a cut that wanders shows no
paper and cuts no ornament. `lid.pdf` is what a tin maker prints from: the art
with 3 mm bleed at 300 ppi or more, TrimBox and BleedBox, CMYK PDF/X-4 like
the print-shop file, and the die line (the trim with the tin's corners) as a
separate overprinting spot colour.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple, cast

from PIL import Image, ImageDraw, ImageFont

from deckgen.colour import contrast
from deckgen.colourvision import ColourVisionWarning, lid_colour_problems
from deckgen.design import Design, FontRef
from deckgen.errors import ConfigError, collected_warnings, warn
from deckgen.fileio import save_png
from deckgen.render.parts import Part
from deckgen.render.backpicture import load_image, place_picture, warn_if_cut
from deckgen.render.backs import supersampling
from deckgen.render.backtext import FitPlace, PlacedText, fit_wrapped, whole_pixel_box
from deckgen.render.backvector import text_shapes
from deckgen.render.cmyk import print_art_pdf, read_cmyk_profile
from deckgen.render.facevector import draw_shapes, press_colours
from deckgen.render.fonts import resolve_font
from deckgen.render.pdfcanvas import (
    CUT_CONTOUR, Placement, canvas_bytes, draw_die_line, draw_image_here, new_canvas, save_pdf,
)
from deckgen.render.pdfdate import PdfDate
from deckgen.themes import Colours
from deckgen.render.patterns import (
    CLASSIC_FRAME_MM, Geometry, ShapeRecorder, SnapDraw, draw_ornament, draw_pattern, field_rect, fleuron, record_pattern,
    TEXT_CLEARANCE_MM,
)
from deckgen.colour import rgb_of
from deckgen.units import LID_BLEED_MM, LID_SAFE_MM, PixelBox, mm_to_pt, pt_to_mm, px_per_mm

__all__ = [
    "LidVectors",
    "build_lid",
    "lid_parts",
    "draw_lid",
    "lid_vectors",
    "lid_box",
    "render_lid",
    "write_lid_pdf",
]
#: The die line's spot colour on the lid's print file: the one the print-shop file and the tuck box
#: use, so a shop's RIP reads every deckgen file's cut line alike.
LID_DIE_LINE = CUT_CONTOUR
#: The lowest resolution of the lid's print file, whatever the PNG's DPI.
LID_PDF_DPI = 300

Advance = Callable[[str], None]

#: The panel's distance from the trim line, and the gaps inside it (mm).
PANEL_INSET_MM = 11.0
PANEL_PAD_MM = 5.0
TITLE_MM, TITLE_MIN_MM = 10.0, 4.0
SUBTITLE_MM, SUBTITLE_MIN_MM = 5.2, 2.8
GAMES_MM, GAMES_MIN_MM = 3.4, 2.2
#: The subtitle's letters at most this share of the title's, so the title always leads.
SUBTITLE_SHARE = 0.8
#: The panel's outer ring (mm from the trim to its outer edge; its width; its least corner radius):
#: the inner edge of the border's band. Where the tin's corners are rounder than that radius allows,
#: the ring (and the panel inside it) turns about the same centre as the tin's corner.
RING_MM = PANEL_INSET_MM - 2.2
RING_WIDTH_MM = 0.5
RING_RADIUS_MM = 4.2
#: How far the corner ornaments keep from the lines round them (mm): the medallion in the band's
#: corner from the band's edges, the panel's corner lozenge from the ring and the panel.
CORNER_CLEAR_MM = 0.4
#: The rules of the classic band's corner block: its sides and its medallion's ring (mm).
CORNER_RULE_MM = 0.2
LOZENGE_CLEAR_MM = 0.2
#: A classic border's corner fleuron on the lid: at most this size (a card's are 3.6 mm), on a
#: ground-coloured medallion ringed in the accent, which the band's trellis stops at.
LID_FLEURON_MM = 3.0
#: The smallest fleuron worth drawing (mm); a tighter corner gets none.
MIN_FLEURON_MM = 1.2
#: A fleuron (patterns.fleuron) of size s reaches back 0.25 s behind its centre and 1.12 s ahead
#: of it: it is drawn round a point FLEURON_MIDDLE s ahead, within FLEURON_REACH s of it.
FLEURON_MIDDLE = 0.46
FLEURON_REACH = 0.72


def ring_radius_mm(corner_mm: float) -> float:
    """The panel ring's corner radius: RING_RADIUS_MM, or concentric with the tin's corner when
    that is rounder (a 20 mm corner would otherwise cut through the band)."""
    return max(RING_RADIUS_MM, corner_mm - RING_MM)


def diagonal_pocket(outer: tuple[float, float], inner: tuple[float, float]) -> tuple[float, float]:
    """The largest circle on a corner's diagonal between two rounded rectangles' edges, each given
    as (mm from the trim, corner radius): inside `outer`, outside `inner`. Returns its centre's
    distance from both trim edges and its radius, in mm."""
    (e_o, r_o), (e_i, r_i) = outer, inner
    root2 = 2 ** 0.5

    def room_outer(t: float) -> float:
        return t - e_o if t >= e_o + r_o else r_o - root2 * (e_o + r_o - t)

    def room_inner(t: float) -> float:
        return root2 * (e_i + r_i - t) - r_i

    lo, hi = e_o, e_i + r_i * (1 - 1 / root2)  # from the outer edge to the inner one's corner
    for _ in range(60):  # room_outer grows and room_inner shrinks along the diagonal: where they meet
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if room_outer(mid) < room_inner(mid) else (lo, mid)
    return lo, min(room_outer(lo), room_inner(lo))


@dataclass(frozen=True)
class LidCorner:
    """A corner's ornaments, in mm from the trim along both edges (the top-left corner; the others
    are its mirror images): the classic band's medallion (None on other borders) with the size of
    its fleuron, and the lozenge between the panel's ring and the panel."""

    medallion: tuple[float, float] | None
    fleuron_mm: float
    lozenge: tuple[float, float]
    #: The band's outer edge where the trellis starts: mm from the trim, corner radius.
    band: tuple[float, float] = (0.0, 0.0)


def lid_corner(pattern: str, corner_mm: float) -> LidCorner:
    """Where a lid's corner ornaments go: each in the pocket the lines round it leave, clear of them."""
    ring_r = ring_radius_mm(corner_mm)
    medallion, fleuron, band = None, 0.0, (0.0, 0.0)
    if pattern == "classic":
        field_r = max(corner_mm - LID_SAFE_MM, 1.0)  # patterns.field_rect
        band = (LID_SAFE_MM + CLASSIC_FRAME_MM, max(field_r - CLASSIC_FRAME_MM, 0.0))
        at, room = diagonal_pocket(band, (RING_MM, ring_r))
        fleuron = min(LID_FLEURON_MM, (room - 2 * CORNER_CLEAR_MM - 0.15) / FLEURON_REACH)
        if fleuron >= MIN_FLEURON_MM:  # else the band's corner is too tight for one: the trellis runs round it
            medallion = (at, room - CORNER_CLEAR_MM)
        else:
            fleuron = 0.0
    ring_inside = (RING_MM + RING_WIDTH_MM, ring_r - RING_WIDTH_MM)
    at, room = diagonal_pocket(ring_inside, (PANEL_INSET_MM, panel_radius_mm(corner_mm)))
    return LidCorner(medallion, fleuron, (at, room - LOZENGE_CLEAR_MM), band)


def panel_radius_mm(corner_mm: float) -> float:
    """The panel's corner radius: 3 mm, or concentric with the ring's when that is rounder."""
    return max(3.0, ring_radius_mm(corner_mm) - (PANEL_INSET_MM - RING_MM))


def lid_box(design: Design) -> PixelBox:
    """The lid's pixel box from [tin] dpi and bleed_mm."""
    return design.lid.box()


def _strongest(background: str, *candidates: str) -> str:
    return max(candidates, key=lambda c: contrast(c, background))


class LidText(NamedTuple):
    """One block of lid lettering: its tile (the PNG's), and the text and font it was drawn from (the PDF's)."""

    tile: Image.Image
    text: str
    font: ImageFont.FreeTypeFont
    colour: str


def _text_layer(source: str, text: str, font: FontRef, size_mm: float, min_mm: float,
                max_w: float, key: str, ppm: float, dpi: int, colour: str, blame: str | None = None,
                place: FitPlace | None = None) -> LidText:
    """One line of lid lettering, shrunk to the width if need be, on a transparent tile. A text
    that cannot fit is blamed on `blame` (the key the person wrote, e.g. `name`), else on `key`, and
    said to be on `place` (the lid when None)."""
    text, face = fit_wrapped(source, text, resolve_font(source, font), size_mm * ppm, min_mm * ppm, max_w,
                             size_mm * ppm * 4, blame or key, dpi, most_lines=3, wrap_below=0.75, font_key=font.key,
                             place=place, hint="shorten it")
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    spacing = round(face.size * 0.2)
    left, top, right, bottom = whole_pixel_box(probe.multiline_textbbox((0, 0), text, font=face, align="center",
                                                                 spacing=spacing))
    tile = Image.new("RGBA", (right - left + 2, bottom - top + 2), (0, 0, 0, 0))
    ImageDraw.Draw(tile).multiline_text((1 - left, 1 - top), text, font=face, fill=colour, align="center",
                                        spacing=spacing)
    return LidText(tile, text, face, colour)


#: The share of the panel's width a lid picture takes, on its left.
PICTURE_SHARE = 0.42


def _panel_inner(box: PixelBox) -> tuple[float, float, float, float]:
    """The panel's inside (where the ornament, words and picture go), in pixels of the lid's box."""
    ppm, ss = px_per_mm(box.dpi), supersampling(box.dpi)
    left, top, right, bottom = box.trim_rect()
    panel = ((left + PANEL_INSET_MM * ppm) * ss, (top + PANEL_INSET_MM * ppm) * ss,
             (right - PANEL_INSET_MM * ppm) * ss, (bottom - PANEL_INSET_MM * ppm) * ss)
    return (panel[0] / ss + PANEL_PAD_MM * ppm, panel[1] / ss + PANEL_PAD_MM * ppm,
            panel[2] / ss - PANEL_PAD_MM * ppm, panel[3] / ss - PANEL_PAD_MM * ppm)


def lid_picture_region(box: PixelBox) -> tuple[int, int, int, int]:
    """The pixel box the lid's picture is placed in (the preflight measures its resolution on it)."""
    inner = _panel_inner(box)
    pic_w = (inner[2] - inner[0]) * PICTURE_SHARE
    return (round(inner[0]), round(inner[1]), round(inner[0] + pic_w), round(inner[3]))


def render_lid(design: Design, place: FitPlace | None = None) -> Image.Image:
    """The lid art as an RGB image with bleed: border pattern, panel, ornament, words, picture.
    `place`: where a text that does not fit is said to be (the lid's label drawn on a tuck box's front)."""
    art = draw_lid(design, None, place)
    assert isinstance(art, Image.Image)
    return art


@dataclass
class LidVectors:
    """The lid for its PDF: shapes in lid mm (from the trim's top-left) under the picture, the picture
    (the photo in its frame, and its top-left in the art's pixels), and the words over it."""

    under: list[Any] = field(default_factory=list)
    picture: tuple[Image.Image, tuple[int, int]] | None = None
    over: list[Any] = field(default_factory=list)


def draw_lid(design: Design, vectors: LidVectors | None, place: FitPlace | None = None,
             parts_out: list[Part] | None = None) -> Image.Image | LidVectors:
    """The lid laid out once: painted (vectors None: the RGB art) or recorded as LidVectors.
    `parts_out` receives the parts placed on the panel (render.parts, the art's pixels): the
    picture with its frame, the ornament, the title, the rule, the subtitle and the games."""
    parts = parts_out if parts_out is not None else []
    lid = design.lid
    source = design.source
    box = lid.box()
    c = lid.colours
    ornament = lid.ornament
    ppm = px_per_mm(box.dpi)
    ss = supersampling(box.dpi)
    W, H = box.size
    left, top, right, bottom = box.trim_rect()

    # border: the back template's pattern over the whole lid, then the panel
    template = lid.template
    geo = Geometry(size=(W * ss, H * ss), ppm=ppm * ss,
                   trim=(left * ss - 0.5, top * ss - 0.5, right * ss - 0.5, bottom * ss - 0.5),
                   corner_mm=lid.corner_radius_mm)
    # a classic border's corner fleurons are the lid's own (lid_corner): none from the pattern
    params = dict(template.params) | {"margin_mm": LID_SAFE_MM, "fleuron_mm": 0}
    # outside the safe area (its corners follow the tin's): the pattern's ground, out through the bleed
    safe, radius = field_rect(geo, params)
    draw: SnapDraw | ShapeRecorder
    if vectors is None:
        big = draw_pattern(template.pattern, geo, params, c, "none", medallion_mm=0)
        outside = Image.new("L", big.size, 255)
        SnapDraw(outside).rounded_rectangle(safe, radius=radius, fill=0)
        big.paste(c.ground, mask=outside)
        draw = SnapDraw(big)
    else:
        vectors.under += record_pattern(template.pattern, geo, params, c, "none", medallion_mm=0)
        draw = ShapeRecorder(geo, vectors.under)
        draw.fill_outside(safe, radius, c.ground)
    panel = (
        (left + PANEL_INSET_MM * ppm) * ss, (top + PANEL_INSET_MM * ppm) * ss,
        (right - PANEL_INSET_MM * ppm) * ss, (bottom - PANEL_INSET_MM * ppm) * ss,
    )
    k = ppm * ss
    gap = PANEL_INSET_MM - RING_MM
    panel_r = panel_radius_mm(lid.corner_radius_mm)
    corner = lid_corner(template.pattern, lid.corner_radius_mm)
    corners = ((left * ss, top * ss), (right * ss, bottom * ss))
    _corner_ornaments(draw, corner, *corners, k, c, "medallion")
    draw.rounded_rectangle((panel[0] - gap * k, panel[1] - gap * k, panel[2] + gap * k, panel[3] + gap * k),
                           radius=ring_radius_mm(lid.corner_radius_mm) * k, fill=c.ground, outline=c.accent,
                           width=max(1, round(RING_WIDTH_MM * k)))
    draw.rounded_rectangle(panel, radius=panel_r * k, fill=c.paper, outline=c.accent, width=max(1, round(0.35 * k)))
    draw.rounded_rectangle((panel[0] + 1.2 * k, panel[1] + 1.2 * k, panel[2] - 1.2 * k, panel[3] - 1.2 * k),
                           radius=(panel_r - 1.0) * k, outline=c.accent, width=max(1, round(0.15 * k)))
    _corner_ornaments(draw, corner, *corners, k, c, "lozenge")

    # on the panel the theme's colours are used for contrast against paper
    readable = [col for col in (c.accent, c.ink, c.ground) if contrast(col, c.paper) >= 2.0]
    on_panel = Colours(c.paper, c.paper, _strongest(c.paper, c.ground, c.ink, c.accent),
                       readable[0] if readable else _strongest(c.paper, c.accent, c.ink, c.ground))
    if ornament == "suits":  # the suits in the deck's own red and black
        on_panel = Colours(c.paper, c.paper, *lid.suit_colours)
    ink = _strongest(c.paper, c.ground, c.accent, c.ink)
    soft = c.accent if contrast(c.accent, c.paper) >= 2.5 else ink

    inner = _panel_inner(box)
    text_area = inner
    picture = None
    if lid.picture is not None:
        img = load_image(lid.picture.photo)
        placed = place_picture(img, lid_picture_region(box), lid.picture.mode, lid.picture.focus,
                               zoom=lid.picture.zoom, mm_per_px=1 / ppm)
        warn_if_cut(placed, lid.picture.photo, "the tin lid", "tin", lid.picture.focus, (left, top, right, bottom),
                    lid.corner_radius_mm * ppm, LID_SAFE_MM * ppm, ppm)
        picture = placed.image, placed.origin
        text_area = (inner[0] + (inner[2] - inner[0]) * PICTURE_SHARE + 4 * ppm, inner[1], inner[2], inner[3])

    # the stack: ornament, title, rule, subtitle, games, centred in the text area
    width = text_area[2] - text_area[0]
    orn_r = 9.5 * ppm if picture is None else 7.0 * ppm
    blocks = _stack(design, box, width, orn_r, ink, soft, place)
    gap = 3.2 * ppm
    heights = [b if isinstance(b, float) else b.tile.height for _, b in blocks]
    total = sum(heights) + gap * max(len(blocks) - 1, 0)
    if total > text_area[3] - text_area[1]:
        raise ConfigError(source, "tin", "the lid's title, subtitle and games do not fit together"
                          f"{place.words if place else ' on the lid'}; shorten them or set show_games = false")
    cx = (text_area[0] + text_area[2]) / 2
    y = (text_area[1] + text_area[3]) / 2 - total / 2
    placements: list[tuple[LidText, tuple[int, int]]] = []
    for (kind, block), height in zip(blocks, heights):
        if kind == "ornament":
            parts.append(Part("ornament", "tin.ornament", (cx - orn_r, y, cx + orn_r, y + height)))
            draw_ornament(cast(ImageDraw.ImageDraw, draw), ornament,  # a ShapeRecorder records the same calls
                          (cx * ss, (y + height / 2) * ss), orn_r * ss, on_panel)
        elif kind == "rule":
            mid = (y + height / 2) * ss
            half = min(width * 0.28, 30 * ppm) * ss
            parts.append(Part("rule", "tin rule", (cx - half / ss, y + height / 2 - 1.1 * ppm, cx + half / ss,
                                                   y + height / 2 + 1.1 * ppm)))
            draw.line([(cx * ss - half, mid), (cx * ss - 2.4 * k, mid)], fill=soft, width=max(1, round(0.2 * k)))
            draw.line([(cx * ss + 2.4 * k, mid), (cx * ss + half, mid)], fill=soft, width=max(1, round(0.2 * k)))
            draw.polygon([(cx * ss, mid - 1.1 * k), (cx * ss + 1.4 * k, mid), (cx * ss, mid + 1.1 * k),
                          (cx * ss - 1.4 * k, mid)], fill=soft)
        else:
            assert isinstance(block, LidText)
            origin = (round(cx - block.tile.width / 2), round(y))
            placements.append((block, origin))
            parts.append(Part("text", LID_TEXT_KEYS[kind], (origin[0], origin[1], origin[0] + block.tile.width,
                                                             origin[1] + block.tile.height)))
        y += height + gap

    frame_pad = max(1, round(0.5 * ppm))
    if picture is not None:
        shown, origin = picture
        parts.append(Part("picture", "tin.image", (origin[0] - frame_pad, origin[1] - frame_pad,
                                                   origin[0] + shown.width + frame_pad, origin[1] + shown.height + frame_pad)))
    if vectors is not None:
        return _recorded(vectors, box, picture, placements, frame_pad, on_panel.accent)
    art = (big.reduce(ss) if ss > 1 else big).convert("RGBA")
    if picture is not None:
        shown, origin = picture
        frame = ImageDraw.Draw(art)
        frame.rectangle((origin[0] - frame_pad, origin[1] - frame_pad, origin[0] + shown.width + frame_pad - 1,
                         origin[1] + shown.height + frame_pad - 1), fill=on_panel.accent)
        art.alpha_composite(shown, origin)
    for block, origin in placements:
        art.alpha_composite(block.tile, origin)
    return art.convert("RGB")


#: The key of deck.toml each of the lid's words come from (their part's name).
LID_TEXT_KEYS = {"title": "tin.title", "subtitle": "tin.subtitle", "games": "tin.show_games"}


#: The panel's inner hairline: this far inside its edge (mm), this wide.
PANEL_HAIRLINE_MM, PANEL_HAIRLINE_WIDTH_MM = 1.2, 0.15


def lid_parts(design: Design) -> tuple[list[Part], tuple[float, float, float, float]]:
    """The parts on the lid's panel as `draw_lid` places them (the art's pixels), and the room they
    keep to: inside the panel's inner hairline, TEXT_CLEARANCE_MM from it. The lid is drawn once for
    it, at its [tin] dpi; nothing is warned."""
    parts: list[Part] = []
    with collected_warnings():
        draw_lid(design, None, None, parts)
    box = design.lid.box()
    left, top, right, bottom = box.trim_rect()
    inset = box.px(PANEL_INSET_MM + PANEL_HAIRLINE_MM + PANEL_HAIRLINE_WIDTH_MM + TEXT_CLEARANCE_MM)
    return parts, (left + inset, top + inset, right - inset, bottom - inset)


def _stack(design: Design, box: PixelBox, width: float, orn_r: float, ink: str, soft: str,
           place: FitPlace | None) -> list[tuple[str, LidText | float]]:
    """The lid's words from the top, each set to fit `width`: the ornament's room (2 x `orn_r`), the
    title, a rule, the subtitle (never larger than the title leads), the games."""
    lid, source, ppm = design.lid, design.source, px_per_mm(box.dpi)
    title, subtitle = lid.title, lid.subtitle
    blocks: list[tuple[str, LidText | float]] = []
    if lid.ornament != "none":
        blocks.append(("ornament", orn_r * 2))
    if title:
        blocks.append(("title", _text_layer(source, title, lid.title_font, TITLE_MM, TITLE_MIN_MM,
                                            width, "tin.title", ppm, box.dpi, ink, lid.title_key, place)))
    if title and subtitle:
        blocks.append(("rule", 1.2 * ppm))
    if subtitle:
        # the title leads: a long title set small keeps its subtitle smaller still
        most = SUBTITLE_MM
        if title:
            title_block = next(block for kind, block in blocks if kind == "title")
            assert isinstance(title_block, LidText)
            most = min(most, SUBTITLE_SHARE * title_block.font.size / ppm)
        blocks.append(("subtitle", _text_layer(source, subtitle, lid.body_font, most,
                                               min(SUBTITLE_MIN_MM, most), width, "tin.subtitle", ppm, box.dpi, soft,
                                               lid.subtitle_key, place)))
    games = "  ·  ".join(lid.games)  # empty unless [tin] show_games
    if games:
        blocks.append(("games", _text_layer(source, games, lid.body_font, GAMES_MM, GAMES_MIN_MM,
                                            width, "tin.show_games", ppm, box.dpi, ink, place=place)))
    return blocks


def _recorded(vectors: LidVectors, box: PixelBox, picture: tuple[Image.Image, tuple[int, int]] | None,
              placements: list[tuple[LidText, tuple[int, int]]], frame_pad: int, frame: str) -> LidVectors:
    """The lid's picture on its frame (one opaque picture, as the PNG composes it) and its words as
    shapes, added to what `draw_lid` recorded."""
    if picture is not None:
        shown, origin = picture
        framed = Image.new("RGBA", (shown.width + 2 * frame_pad, shown.height + 2 * frame_pad), frame)
        framed.alpha_composite(shown, (frame_pad, frame_pad))
        vectors.picture = (framed.convert("RGB"), (origin[0] - frame_pad, origin[1] - frame_pad))
    for block, origin in placements:
        words = PlacedText(block.tile, origin, block.text, block.font, block.colour, None, 0.0, margin=1)
        shapes = text_shapes(words, box)
        if shapes is None:  # a font that cannot be embedded: these words stay a picture
            raise _NotVector
        vectors.over += shapes
    return vectors


def _corner_ornaments(draw: SnapDraw | ShapeRecorder, corner: LidCorner, top_left: tuple[float, float],
                      bottom_right: tuple[float, float], k: float, c: Colours, part: str) -> None:
    """In each corner, along its diagonal: the classic band's medallion and fleuron ("medallion":
    a ground-coloured disc filling the band's corner, the trellis stopping at it, and an accent ring
    inside it), or the lozenge between the panel's ring and the panel ("lozenge")."""
    for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        ox = top_left[0] if sx > 0 else bottom_right[0]
        oy = top_left[1] if sy > 0 else bottom_right[1]

        def at(t: float, along: float = 0.0, across: float = 0.0) -> tuple[float, float]:
            """The point t mm along both edges from this corner, moved along the diagonal (inwards)
            and across it, in mm."""
            d, e = along / 2 ** 0.5, across / 2 ** 0.5
            return (ox + sx * (t + d - e) * k, oy + sy * (t + d + e) * k)

        if part == "medallion" and corner.medallion is not None:
            t, r = corner.medallion
            e, band_r = corner.band
            end = t + r + CORNER_CLEAR_MM  # the block's sides, square across the band, touch the disc

            def pt(x: float, y: float) -> tuple[float, float]:
                return (ox + sx * x * k, oy + sy * y * k)

            # the corner block: the band's corner in its ground, the trellis stopping square across it;
            # out to the frame's hairline (its ground between), so no trellis shows between the two arcs
            o, o_r = e - CORNER_RULE_MM, band_r + CORNER_RULE_MM
            arc = [pt(o + o_r - o_r * math.cos(a), o + o_r - o_r * math.sin(a))
                   for a in (math.radians(i * 3.75) for i in range(25))] if band_r > 0 else [pt(o, o)]
            draw.polygon([pt(o, end), *arc, pt(end, o), pt(end, end)], fill=c.ground)
            rule = max(1, round(CORNER_RULE_MM * k))
            draw.line([pt(end, e - CORNER_RULE_MM), pt(end, end)], fill=c.accent, width=rule)
            draw.line([pt(e - CORNER_RULE_MM, end), pt(end, end)], fill=c.accent, width=rule)
            cx, cy = at(t)
            draw.ellipse((cx - r * k, cy - r * k, cx + r * k, cy + r * k), outline=c.accent, width=rule)
            size = corner.fleuron_mm
            fleuron(cast(ImageDraw.ImageDraw, draw), at(t, -FLEURON_MIDDLE * size), at(t, 10.0), size * k, c)
        elif part == "lozenge":
            t, r = corner.lozenge
            draw.polygon([at(t, -r), at(t, 0.0, 0.6 * r), at(t, r), at(t, 0.0, -0.6 * r)], fill=c.accent)


class _NotVector(Exception):
    """The lid cannot be drawn as shapes (its lettering's font cannot be embedded)."""


def lid_vectors(design: Design, place: FitPlace | None = None) -> LidVectors | None:
    """The lid recorded as shapes (for lid.pdf and the tuck box's front), or None when its
    lettering's font cannot be embedded and the lid is printed as its picture."""
    try:
        drawn = draw_lid(design, LidVectors(), place)
    except _NotVector:
        return None
    assert isinstance(drawn, LidVectors)
    return drawn


def write_lid_pdf(design: Design, target: Path, date: PdfDate | None = None) -> Path:
    """out_dir/tin/lid.pdf: the lid with 3 mm bleed, TrimBox and BleedBox, the die line as a spot colour;
    CMYK PDF/X-4 through the deck's print profile (sRGB when [print] cmyk = false). The pattern, panel,
    ornaments and words are vector shapes; a photo is the only picture. `date`: the build's; by default
    SOURCE_DATE_EPOCH's (pdfdate.pdf_date)."""
    lid = design.lid
    art = replace(design, lid=replace(lid, dpi=max(lid.dpi, LID_PDF_DPI), bleed_mm=LID_BLEED_MM))
    b = LID_BLEED_MM
    page_mm = (lid.width_mm + 2 * b, lid.height_mm + 2 * b)
    width_pt, height_pt = mm_to_pt(page_mm[0]), mm_to_pt(page_mm[1])
    buffer = io.BytesIO()
    title = f"{design.name}: tin lid"
    canvas = new_canvas(buffer, page_mm, title, "tin-lid print file: trim and bleed boxes set, die line as a spot colour",
                        date=date)
    canvas.setTrimBox((mm_to_pt(b), mm_to_pt(b), mm_to_pt(b + lid.width_mm), mm_to_pt(b + lid.height_mm)))
    canvas.setBleedBox((0, 0, width_pt, height_pt))
    vectors = lid_vectors(art)
    pictures: dict[str, Image.Image] = {}
    if vectors is None:  # the whole lid as its picture
        pictures["lid"] = render_lid(art)
        placements = [Placement("lid", (width_pt, 0, 0, height_pt, 0, 0))]
    else:
        assert isinstance(vectors, LidVectors)
        profile = None if design.print.rgb else read_cmyk_profile(design.print.icc)
        colour_of = press_colours(profile, rgb_of(design.faces.ink.black), design.print.ink_limit or 300)
        corner = (mm_to_pt(b), mm_to_pt(b + lid.height_mm))  # the trim's top-left on the page
        stack = draw_shapes(canvas, vectors.under, corner, colour_of)
        placements = []
        if vectors.picture is not None:
            picture, (x, y) = vectors.picture
            W, H = art.lid.box().size
            sx, sy = width_pt / W, height_pt / H
            pictures["lid photo"] = picture
            placements.append(Placement("lid photo", (picture.width * sx, 0, 0, picture.height * sy, x * sx,
                                                      height_pt - (y + picture.height) * sy), inline=True))
            draw_image_here(canvas, placements[-1])
            if stack.limit is not None:  # the photo, held to the limit, under the words: as dense as the limit lets it be
                left, top = pt_to_mm(x * sx) - b, pt_to_mm(y * sy) - b
                stack.paint_picture((left, top, left + pt_to_mm(picture.width * sx), top + pt_to_mm(picture.height * sy)),
                                    stack.limit, stack.limit)
        draw_shapes(canvas, vectors.over, corner, colour_of, stack)
    draw_die_line(canvas, (mm_to_pt(b), mm_to_pt(b), mm_to_pt(lid.width_mm), mm_to_pt(lid.height_mm)),
                  mm_to_pt(lid.corner_radius_mm), name=LID_DIE_LINE)
    canvas.showPage()
    pdf = print_art_pdf(canvas_bytes(canvas, buffer), pictures, [placements], design.print, title, date)
    return save_pdf(pdf, target)


def build_lid(design: Design, out_dir: Path, advance: Advance | None = None, date: PdfDate | None = None) -> list[Path]:
    """Write out_dir/tin/lid.png (the lid's DPI recorded in the file) and out_dir/tin/lid.pdf, its print file,
    dated `date` (the command's or build's; by default SOURCE_DATE_EPOCH's, see pdfdate.pdf_date). Warns
    (ColourVisionWarning) when the lid's suits ornament has suits a colour-blind player may mix up."""
    for message in lid_colour_problems(design):
        warn(ColourVisionWarning(message))
    image = render_lid(design)
    path = save_png(image, Path(out_dir) / "tin" / "lid.png", design.lid.dpi)
    if advance is not None:
        advance("lid.png")
    pdf = write_lid_pdf(design, Path(out_dir) / "tin" / "lid.pdf", date)
    if advance is not None:
        advance("lid.pdf")
    return [path, pdf]


build_lid.units = lambda design: 2  # type: ignore[attr-defined]
