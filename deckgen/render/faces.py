"""The card faces: one image per card, full size with bleed, double-ended.

Layout is in millimetres from the trim's top-left corner and turned into
pixels only when drawing. Most of a face is double-ended: the upper half
(indices, paired pips, the court panel, a mirrored photo) is drawn, and the
lower half is made from it by a 180° turn (`symmetrise`), so the two ends
match to the pixel. What is not paired (the centre pip of a 5, the upright
middle pips of a 6, the ace) is drawn afterwards, upright.

The background runs through the bleed, and every frame stays well inside the
trim, so a cut that wanders 1.5 mm shows the card's own colour and no white.
The 5 mm rounded corner belongs to the cutter, not to the image.
"""

from __future__ import annotations

import math
import os
import shutil
import tempfile
import warnings
from collections.abc import Callable, Iterator
from concurrent.futures import as_completed
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from deckgen.cards import Card, CardError, Rank, Suit, parse_card
from deckgen.colourvision import ColourVisionWarning, face_colour_problems
from deckgen.design import Design, FaceArt
from deckgen.errors import ConfigError
from deckgen.fileio import save_png
from deckgen.forked import worker_pool
from deckgen.render.fonts import check_deck_font, font_file, load_font
from deckgen.render.facefind import FaceBox
from deckgen.render.photos import (
    AUTO_FACE_SHARE,
    AUTO_ZOOM_MIN_PPI,
    Box,
    PhotoWarning,
    auto_zoom,
    box_inside,
    boxes_overlap,
    chin_box,
    contain_window,
    focus_on_faces,
    detect_faces,
    HEAD_SLACK,
    head_box,
    head_in_photo,
    left_out_words,
    people_left_out,
    detect_faces_with_copy,
    remember_faces,
    small_copy,
    subject_detail,
    open_photo,
    photo_size,
    plan_window,
    render_window,
    resolution_warning,
    to_area,
)
from deckgen.render.courts import DIVIDER_BAR, LOZENGE, LOZENGE_INNER, FigureColours, Part, caption_plate_part, court_figure, figure_paths, joker_figure, paint_figure, standing
from deckgen.render.facelayout import FaceLayout
from deckgen.render.indexlabels import draw_index, face_layout, index_bottom_mm
from deckgen.render.subject import subject_zoom
from deckgen.zoom import AUTO_ZOOM_FLOOR
from deckgen.render.faceshapes import Ellipse, Lines, Polygon, Rect, Ring, Shape, as_paths
from deckgen.render.facevector import SuitShape, TextShape, VectorShape, can_embed
from deckgen.render.shapes import SUPERSAMPLE, draw_suit_pil

__all__ = [
    "CropPlan",
    "build_faces",
    "check_faces",
    "crop_review",
    "review_tiles",
    "review_card",
    "plan_card",
    "plan_crops",
    "remove_stale_faces",
    "render_face",
    "review_path",
]

RGB = tuple[int, int, int]

# --------------------------------------------------------------------------- layout

# Where things go (the safe zone, the court frame, the index column, the pip field) follows the
# card format and the deck's index: `face_layout(design)` (render/indexlabels.py, over
# render/facelayout.py), one per face as `Face.lay`. The index column holds rank over suit between the safe zone and the frame, a narrow
# condensed rank (a 10 is set tighter still) over a small suit sign; on the reference 59 x 91 mm
# card the pips are 9.4 mm tall, so that on a 9 or 10 at least 3 mm separates the index from a pip.

#: Text is squeezed sideways to fit down to this fraction of its width, then set smaller.
SQUEEZE_LIMIT = 0.8

L, C, R = -1, 0, 1
#: Traditional pip positions: (column, fraction of the way from the top row to the bottom row).
PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((C, 0), (C, 1)),
    3: ((C, 0), (C, 0.5), (C, 1)),
    4: ((L, 0), (R, 0), (L, 1), (R, 1)),
    5: ((L, 0), (R, 0), (C, 0.5), (L, 1), (R, 1)),
    6: ((L, 0), (R, 0), (L, 0.5), (R, 0.5), (L, 1), (R, 1)),
    7: ((L, 0), (R, 0), (C, 0.25), (L, 0.5), (R, 0.5), (L, 1), (R, 1)),
    8: ((L, 0), (R, 0), (C, 0.25), (L, 0.5), (R, 0.5), (C, 0.75), (L, 1), (R, 1)),
    9: ((L, 0), (R, 0), (L, 1 / 3), (R, 1 / 3), (C, 0.5), (L, 2 / 3), (R, 2 / 3), (L, 1), (R, 1)),
    10: ((L, 0), (R, 0), (C, 1 / 6), (L, 1 / 3), (R, 1 / 3), (L, 2 / 3), (R, 2 / 3), (C, 5 / 6), (L, 1), (R, 1)),
}


def split_layout(rank: int) -> tuple[list[tuple[int, float]], list[tuple[int, float]]]:
    """Split a layout into upper pips that have a turned partner below (drawn once, then
    mirrored) and the rest (drawn one by one; turned when below the middle)."""
    layout = PIP_LAYOUTS[rank]

    def key(col: int, y: float) -> tuple[int, float]:
        return (col, round(y, 9))

    present = {key(col, y) for col, y in layout}
    paired = [(col, y) for col, y in layout if y < 0.5 and key(-col, 1 - y) in present]
    partners = {key(-col, 1 - y) for col, y in paired}
    single = [(col, y) for col, y in layout if (col, y) not in paired and key(col, y) not in partners]
    return paired, single


def is_point_symmetric(card: Card) -> bool:
    """True when the traditional layout looks the same after a 180° turn (2, 4 and 10; every
    diamond pip card, the diamond being symmetric itself)."""
    if card.is_joker or card.rank is None or card.rank.is_court or card.rank == Rank.ACE:
        return False
    _, single = split_layout(int(card.rank))
    return not single


# --------------------------------------------------------------------------- colours


def _rgb(hex_colour: str) -> RGB:
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    """`t` of the way from a to b."""
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))  # type: ignore[return-value]


def suit_ink(design: Design, suit: Suit | None) -> RGB:
    """The ink of a suit: red and black, or green clubs and blue diamonds with `four_colour`."""
    return _rgb(design.faces.ink.suit(suit))


def card_ink(design: Design, card: Card) -> RGB:
    """The ink of a card; the second joker is printed in red, the first in black."""
    return _rgb(design.faces.ink.card(card))


# --------------------------------------------------------------------------- photos for a card


#: What a card shows besides its pips: its photo (layout, focus, zoom, fit) and caption, as the
#: resolved design gives it.
Art = FaceArt


def card_art(design: Design, card: Card) -> Art:
    """The photo, mode, crop and caption of a card, from [cards.<code>] then the [faces] defaults,
    resolved by the design."""
    return design.faces.art(card)


# --------------------------------------------------------------------------- drawing helpers


class Face:
    """One face being drawn: the canvas and the mm -> px mapping of this deck."""

    def __init__(self, design: Design, card: Card) -> None:
        self.design = design
        self.card = card
        self.box = design.card.box()
        self.lay = face_layout(design)
        self.k = design.card.dpi / 25.4
        self.bleed = self.box.bleed_px
        self.bg = _rgb(design.faces.ink.paper)
        self.accent = _rgb(design.faces.ink.accent)
        self.ink = card_ink(design, card)
        self.image = Image.new("RGB", self.box.size, self.bg)
        #: When a list: suit symbols and words are recorded here (in mm) instead of painted, for a
        #: vector back end (deckgen.render.facevector); everything else is painted as usual.
        self.vectors: list[VectorShape] | None = None

    def symmetrise(self) -> None:
        """The lower half becomes the upper half turned 180°; recorded shapes get their turned copies."""
        self.image = symmetrise(self.image)
        if self.vectors is not None:
            w, h = self.lay.width, self.lay.height
            self.vectors.extend(shape.turned_copy(w, h) for shape in list(self.vectors)
                                if shape.y_mm < self.lay.mid_y and getattr(shape, "turns", True))

    @property
    def size(self) -> tuple[int, int]:
        return self.box.size

    def x(self, mm: float) -> float:
        return self.bleed + mm * self.k

    def y(self, mm: float) -> float:
        return self.bleed + mm * self.k

    def px(self, mm: float) -> float:
        return mm * self.k

    def suit(self, suit: Suit, x_mm: float, y_mm: float, h_mm: float, colour: RGB, turned: bool = False) -> None:
        if self.vectors is not None:
            self.vectors.append(SuitShape(suit, x_mm, y_mm, h_mm, colour, turned))
            return
        draw_suit_pil(self.image, suit, (self.x(x_mm), self.y(y_mm)), self.px(h_mm), colour, rotate180=turned)

    def shapes(self, colour: RGB, region_mm: tuple[float, float, float, float], parts: Shape | tuple[Shape, ...],
               *, clip: bool = False, whole: bool = False) -> None:
        """Draw shapes (render/faceshapes.py) in one colour, clipped to the region: painted on a 4x
        mask of it, or recorded as vector paths when the face is drawn for a PDF (`clip`: the
        region cuts the shapes there too; `whole`: they are drawn across the middle, so the half
        turn adds no copy)."""
        parts = parts if isinstance(parts, tuple) else (parts,)
        if self.vectors is not None:
            self.vectors.extend(as_paths(parts, colour, region_mm if clip else None, turns=not whole))
            return
        ss = SUPERSAMPLE
        x0, y0 = math.floor(self.x(region_mm[0])), math.floor(self.y(region_mm[1]))
        x1, y1 = math.ceil(self.x(region_mm[2])), math.ceil(self.y(region_mm[3]))
        x0, y0 = max(0, x0), max(0, y0)
        x1, y1 = min(self.size[0], x1), min(self.size[1], y1)
        if x1 <= x0 or y1 <= y0:
            return
        mask = Image.new("L", ((x1 - x0) * ss, (y1 - y0) * ss), 0)

        def at(xm: float, ym: float) -> tuple[float, float]:
            return ((self.x(xm) - x0) * ss, (self.y(ym) - y0) * ss)

        draw = ImageDraw.Draw(mask)
        for part in parts:
            part.paint(draw, at, self.k * ss)
        small = mask.reduce(ss)
        self.image.paste(colour, (x0, y0, x1, y1), small)

    def text(
        self,
        text: str,
        role: str,
        cap_mm: float,
        cx_mm: float,
        top_mm: float,
        colour: RGB,
        max_w_mm: float | None = None,
        tracking: float = 0.0,
        squeeze: float = SQUEEZE_LIMIT,
    ) -> float:
        """Write `text` centred on cx with its capitals `cap_mm` tall starting at top_mm, squeezed
        to max_w_mm if wider (down to `squeeze` of its width, then smaller); returns where the
        ink ends below, in mm (a Q's tail included)."""
        mask = text_mask(self.design, text, role, self.px(cap_mm), tracking)
        shift = 0.0
        if max_w_mm is not None and mask.width > self.px(max_w_mm) / squeeze:
            # Too long to squeeze legibly (a long name): smaller letters, centred on the same line.
            smaller = max(cap_mm * 0.5, cap_mm * self.px(max_w_mm) / squeeze / mask.width)
            shift = (cap_mm - smaller) / 2
            cap_mm = smaller
            mask = text_mask(self.design, text, role, self.px(cap_mm), tracking)
        if max_w_mm is not None and mask.width > self.px(max_w_mm):
            mask = mask.resize((max(1, round(self.px(max_w_mm))), mask.height), Image.Resampling.LANCZOS)
        pad = round(self.px(cap_mm) * 0.25)
        left = round(self.x(cx_mm) - mask.width / 2)
        top = round(self.y(top_mm + shift)) - pad
        font = font_file(self.design, role)
        if self.vectors is not None and can_embed(font):
            natural = text_mask(self.design, text, role, self.px(cap_mm), tracking).width
            shown = typographic_quotes(text) if role == "caption" else text
            self.vectors.append(TextShape(shown, font, _cap_ratio(str(font)), cap_mm, cx_mm, top_mm + shift, colour,
                                          mask.width / max(natural, 1), tracking))
        else:
            self.image.paste(colour, (left, top, left + mask.width, top + mask.height), mask)
        box = mask.getbbox()
        return (top + (box[3] if box else mask.height) - self.bleed) / self.k


@lru_cache(maxsize=32)
def _cap_ratio(font_file: str) -> float:
    """Capital height per pixel of font size, measured on 'H'."""
    font = ImageFont.truetype(font_file, 200)
    l, t, r, b = font.getbbox("H", anchor="ls")
    return (b - t) / 200 if b > t else 0.7


def typographic_quotes(text: str) -> str:
    """Straight quotes as a typesetter sets them: ’ in a word (Ben’s), ‘ and “ opening after a
    space or at the start, ’ and ” closing."""
    out = []
    for i, ch in enumerate(text):
        before = text[i - 1] if i else " "
        opening = before.isspace() or before in "([{—–-/"
        if ch == "'":
            out.append("‘" if opening else "’")
        elif ch == '"':
            out.append("“" if opening else "”")
        else:
            out.append(ch)
    return "".join(out)


def text_mask(design: Design | None, text: str, role: str, cap_px: float, tracking: float = 0.0) -> Image.Image:
    """An antialiased mask of `text` whose capitals are `cap_px` tall; the capitals' top sits a
    quarter of the cap height below the mask's top (room for accents and a Q's tail below).
    Captions get typographic quotes."""
    if role == "caption":
        text = typographic_quotes(text)
    probe = load_font(design, role, 100)
    ratio = _cap_ratio(str(probe.path))
    font = load_font(design, role, cap_px / ratio)
    pad = round(cap_px * 0.25)
    space = tracking * cap_px
    widths = [font.getlength(ch) for ch in text]
    width = sum(widths) + space * max(0, len(text) - 1)
    l_ink = min(0, font.getbbox(text, anchor="ls")[0]) if text else 0
    # room below the baseline for descenders (the tail of a Q, the hook of a serif J)
    mask = Image.new("L", (max(1, math.ceil(width - l_ink) + 2 * pad), math.ceil(cap_px) + 3 * pad), 0)
    draw = ImageDraw.Draw(mask)
    baseline = pad + cap_px
    if tracking == 0.0:
        draw.text((pad - l_ink, baseline), text, fill=255, font=font, anchor="ls")
    else:
        x = pad - l_ink
        for ch, w in zip(text, widths):
            draw.text((x, baseline), ch, fill=255, font=font, anchor="ls")
            x += w + space
    bbox = mask.getbbox()
    if bbox is None:
        return mask
    # Trim the sides to the ink so centring is optical, keep the vertical frame fixed.
    return mask.crop((max(0, bbox[0] - 1), 0, min(mask.width, bbox[2] + 1), mask.height))


def symmetrise(image: Image.Image) -> Image.Image:
    """Replace the lower half by the upper half turned 180°: a double-ended card, exact to the
    pixel (on an odd number of rows the middle row is completed from its left half)."""
    w, h = image.size
    half = h // 2
    out = image.copy()
    out.paste(image.crop((0, 0, w, half)).transpose(Image.Transpose.ROTATE_180), (0, h - half))
    if h % 2:
        m = half
        out.paste(image.crop((0, m, w // 2, m + 1)).transpose(Image.Transpose.FLIP_LEFT_RIGHT), (w - w // 2, m))
    return out


def paste_pair(face: Face, tile: Image.Image, x_px: int, y_px: int) -> None:
    """Paste an RGBA tile at a corner and its 180° turn at the opposite corner."""
    w, h = face.size
    face.image.paste(tile, (x_px, y_px), tile)
    turned = tile.transpose(Image.Transpose.ROTATE_180)
    face.image.paste(turned, (w - x_px - tile.width, h - y_px - tile.height), turned)


# --------------------------------------------------------------------------- indices


def star(face: Face, cx: float, cy: float, r: float, colour: RGB) -> None:
    """A five-pointed star of outer radius r mm."""

    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.42
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    face.shapes(colour, (cx - r - 0.5, cy - r - 0.5, cx + r + 0.5, cy + r + 0.5), Polygon(tuple(pts)))


# --------------------------------------------------------------------------- pip cards


def draw_pip_card(face: Face, art: Art) -> None:
    card, lay = face.card, face.lay
    assert card.rank is not None and card.suit is not None
    draw_index(face)
    if art.text:  # between the index columns, as wide as the frame less 6 mm a side on skat
        face.text(art.text, "caption", 2.0 * lay.ki, lay.mid_x, lay.safe + 0.6 * lay.ki, face.ink,
                  max_w_mm=lay.frame_w - 12.0 * lay.kp, tracking=0.08)
    if card.rank == Rank.ACE:
        face.symmetrise()
        if card.suit == Suit.SPADES:
            draw_ace_of_spades(face)
        else:
            face.suit(card.suit, lay.mid_x, lay.mid_y, lay.ace_pip_h, face.ink)
        return
    paired, single = split_layout(int(card.rank))
    span = lay.pip_bottom - lay.pip_top

    def where(col: int, frac: float) -> tuple[float, float]:
        return (lay.mid_x + col * lay.pip_dx, lay.pip_top + frac * span)

    for col, frac in paired:
        face.suit(card.suit, *where(col, frac), lay.pip_h, face.ink)
    face.symmetrise()
    for col, frac in single:
        face.suit(card.suit, *where(col, frac), lay.pip_h, face.ink, turned=frac > 0.5)


def draw_ace_of_spades(face: Face) -> None:
    """The deck's signature card: a large spade in a gold ring, with the deck's name; drawn to the
    reference card's numbers times the layout's picture scale."""
    ink, gold, bg = face.ink, face.accent, face.bg
    lay = face.lay
    s = lay.kp
    mid_x = lay.mid_x
    cy = lay.mid_y - 1.0 * s
    ring_r = 19.5 * s

    region = (mid_x - ring_r - 1 * s, cy - ring_r - 1 * s, mid_x + ring_r + 1 * s, cy + ring_r + 1 * s)
    face.shapes(gold, region, Ring(mid_x, cy, ring_r, ring_r - 0.7 * s))
    face.shapes(gold, region, Ring(mid_x, cy, ring_r - 1.3 * s, ring_r - 1.6 * s))
    # A ring of small dots outside, like the beading on an engraved ace.
    r = ring_r + 1.6 * s
    dot = 0.35 * s
    beads = tuple(Ellipse(mid_x + r * math.cos(i * math.pi / 12), cy + r * math.sin(i * math.pi / 12), dot, dot)
                  for i in range(24))
    face.shapes(gold, (mid_x - ring_r - 2.2 * s, cy - ring_r - 2.2 * s, mid_x + ring_r + 2.2 * s, cy + ring_r + 2.2 * s),
                beads)
    suit = Suit.SPADES
    face.suit(suit, mid_x, cy + 0.6 * s, 30.0 * s, ink)
    face.suit(suit, mid_x, cy - 1.2 * s, 13.0 * s, gold)
    face.suit(suit, mid_x, cy - 1.6 * s, 7.0 * s, bg)
    one_w, wrap_w = ace_name_widths(lay)
    lines, cap, _ = ace_name_lines(face, face.design.name.upper(), 2.1 * lay.ki, one_w, wrap_w)
    top = cy + ring_r + 4.2 * s
    for i, line in enumerate(lines):
        # wrapped lines share one size: a pixel's rounding condenses a line a little more, never shrinks it
        face.text(line, "title", cap, mid_x, top + i * cap * ACE_NAME_LEADING, ink,
                  max_w_mm=one_w if len(lines) == 1 else wrap_w, tracking=0.12,
                  squeeze=SQUEEZE_LIMIT if len(lines) == 1 else SQUEEZE_LIMIT * 0.9)


#: The smallest capitals the deck's name gets on the ace of spades (mm); a name that needs smaller
#: ones even on three lines is warned about.
ACE_NAME_MIN_CAP_MM = 1.6
#: From one line of the ace's name to the next, in cap heights.
ACE_NAME_LEADING = 1.65
#: The least share of its full size a line of the ace's name takes before the name is wrapped.
ACE_NAME_WRAP_AT = 0.85


def ace_name_widths(lay: FaceLayout) -> tuple[float, float]:
    """How wide the ace's name may be: one line as wide as the ring's inside; wrapped lines as wide
    as the court frame (clear of the index columns beside it, which they pass)."""
    return lay.frame_w - 9.0 * lay.kp, lay.frame_w - 2.0 * lay.kp


def ace_name_lines(face: Face, name: str, cap: float, max_w: float,
                   wrap_w: float) -> tuple[list[str], float, bool]:
    """The deck's name on the ace of spades as lines and the cap height to draw them at: one line
    (`max_w` wide; wrapped lines `wrap_w`) when it fits condensed at most to SQUEEZE_LIMIT (as every face's words) at ACE_NAME_WRAP_AT of
    its size or more, else two or three balanced lines at the largest size they allow (two when
    nearly as large as three), never under ACE_NAME_MIN_CAP_MM. A name too long even for that gets
    three lines, smaller, and False for legible (`ace_name_warning` says so before any drawing)."""
    from deckgen.render.backs import balanced_lines

    def widest(lines: list[str], c: float) -> float:
        return max(text_mask(face.design, line, "title", face.px(c), 0.12).width for line in lines) / face.k

    def fitting(lines: list[str]) -> float:
        """The cap height at which the widest line fits (one line `max_w`, wrapped ones `wrap_w`),
        condensed to SQUEEZE_LIMIT, at most `cap`; measured again at the size found (whole pixels do
        not scale evenly)."""
        room = max_w if len(lines) == 1 else wrap_w
        c = min(cap, cap * room / (SQUEEZE_LIMIT * widest(lines, cap)))
        while c > cap * 0.3 and widest(lines, c) * SQUEEZE_LIMIT > room:
            c *= 0.98
        return c

    words = len(name.split())
    options = [[name]] + [balanced_lines(name, n).split("\n") for n in (2, 3) if n <= words]
    sizes = [fitting(lines) for lines in options]
    least = min(ACE_NAME_MIN_CAP_MM, cap)  # a small card's name is designed smaller: never below its own size
    if sizes[0] >= cap * ACE_NAME_WRAP_AT:
        return options[0], cap, True  # face.text makes a long line smaller itself, the same way
    best = next(i for i in range(len(options)) if sizes[i] >= 0.9 * max(sizes))  # fewer lines, if nearly as large
    if sizes[best] < least:
        best = sizes.index(max(sizes))
    return options[best], sizes[best], sizes[best] >= least * 0.999


def ace_name_warning(design: Design) -> str | None:
    """The warning for a deck name too long to be legible on the ace of spades, or None; said while
    the faces are checked, before they are drawn (on several processes)."""
    ace = next((c for c in design.profile.unique_cards() if c.code == "AS"), None)
    if ace is None:
        return None
    face = Face(design, ace)
    _, _, legible = ace_name_lines(face, design.name.upper(), 2.1 * face.lay.ki, *ace_name_widths(face.lay))
    if legible:
        return None
    return (f"{design.source}: name: the deck's name is too long for the ace of spades: even on three lines its "
            f"letters would be under {ACE_NAME_MIN_CAP_MM:g} mm tall; shorten it")


# --------------------------------------------------------------------------- frames and courts


def draw_frame(face: Face, fill: RGB | None, divider: bool = True) -> None:
    """The window of a court or joker: an ink rule with a gold rule inside, and a gold divider
    with a lozenge across the middle. Drawn whole; symmetric about the centre by design.
    A filled window gets a faint diamond lattice, like the engraved ground of old courts.
    The rules are the reference card's times the layout's picture scale."""
    lay = face.lay
    fx0, fy0, fx1, fy1 = lay.frame
    s = lay.kp
    ink, gold = face.ink, face.accent
    # Every caller turns the upper half into the lower one, so only the upper half is painted.
    half = lay.mid_y + 1.0 * s
    if fill is not None:
        face.shapes(fill, (fx0, fy0, fx1, half), Rect(fx0, fy0, fx1, fy1), whole=True)
        ground = (fx0 + 1.3 * s, fy0 + 1.3 * s, fx1 - 1.3 * s, half if face.vectors is None else fy1 - 1.3 * s)
        face.shapes(_mix(fill, ink, 0.09), ground, _lattice(lay, 3.2 * s, 0.16 * s), clip=True, whole=True)
    face.shapes(ink, (fx0 - 1 * s, fy0 - 1 * s, fx1 + 1 * s, half), Rect(fx0, fy0, fx1, fy1, 0.45 * s), whole=True)
    face.shapes(gold, (fx0, fy0, fx1, half), Rect(fx0 + 1.0 * s, fy0 + 1.0 * s, fx1 - 1.0 * s, fy1 - 1.0 * s, 0.3 * s),
                whole=True)
    if divider:
        draw_divider(face)


def draw_divider(face: Face, with_lozenge: bool = True) -> None:
    """The gold divider across the middle of the frame, with its lozenge (left out when a caption
    sits on the divider)."""
    lay = face.lay
    fx0, _, fx1, _ = lay.frame
    mid_x, mid_y, s = lay.mid_x, lay.mid_y, lay.kp
    ink, gold = face.ink, face.accent
    bar = DIVIDER_BAR * s
    face.shapes(gold, (fx0, mid_y - 1 * s, fx1, mid_y + 1 * s),
                Rect(fx0 + 0.5 * s, mid_y - bar, fx1 - 0.5 * s, mid_y + bar), whole=True)

    def lozenge(scale: float) -> Polygon:
        w, h = LOZENGE[0] * scale * s, LOZENGE[1] * scale * s
        return Polygon(((mid_x, mid_y - h), (mid_x + w, mid_y), (mid_x, mid_y + h), (mid_x - w, mid_y)))

    region = (mid_x - 5 * s, mid_y - 3 * s, mid_x + 5 * s, mid_y + 3 * s)
    if with_lozenge:
        face.shapes(ink, region, lozenge(1.0), whole=True)
        face.shapes(gold, region, lozenge(LOZENGE_INNER), whole=True)


def _lattice(lay: FaceLayout, step: float, line_mm: float) -> Lines:
    """Thin diagonal lines both ways across the frame, centred on the card so the pattern is
    point-symmetric."""
    x0, y0, x1, y1 = lay.frame
    mid_x, mid_y = lay.mid_x, lay.mid_y
    reach = (x1 - x0) + (y1 - y0)
    n = int(reach / step) + 2
    segments = []
    for i in range(-n, n + 1):
        c = i * step
        for sign in (1, -1):
            # the line x - mid_x = sign * (y - mid_y) + c, drawn across the whole window
            segments.append(((mid_x + c + sign * (y0 - 5 - mid_y), y0 - 5), (mid_x + c + sign * (y1 + 5 - mid_y), y1 + 5)))
    return Lines(tuple(segments), line_mm)


def figure_colours(face: Face) -> FigureColours:
    """The colours of a drawn court or joker: the deck's black for outlines, the card's ink for
    its emblem, the deck's red and robe colour for the cloth, its accent for the gold."""
    c = face.design.faces.ink
    black, red = _rgb(c.black), _rgb(c.red)
    skin = _mix(face.bg, (236, 190, 160), 0.5)
    robe = _rgb(c.robe)
    return FigureColours(line=black, ink=face.ink, red=red, robe=robe, gold=face.accent, paper=face.bg,
                         skin=skin, dark=_mix(black, face.accent, 0.35), blush=_mix(skin, red, 0.35))


def draw_figure(face: Face, parts: tuple[Part, ...]) -> None:
    """A figure from render/courts.py in the court frame's upper half: painted, or recorded as
    vector paths when the face is being drawn for a PDF. Its parts end with the frame's divider
    (`courts.DIVIDER`, the same as `draw_frame` paints), so the robe never covers it. The figure
    is drawn for the reference frame and scaled with the layout's pictures, standing on the divider
    (`courts.standing` draws its body longer in a frame taller than that scale fills)."""
    lay = face.lay
    colours = figure_colours(face)
    origin, scale = lay.figure_origin, lay.figure_scale
    if face.vectors is not None:
        face.vectors.extend(figure_paths(parts, colours, origin, scale))
        return
    fx0, fy0, fx1, _ = lay.frame
    inset = 0.7 * lay.kp
    region = (math.floor(face.x(fx0 + inset)), math.floor(face.y(fy0 + inset)),
              math.ceil(face.x(fx1 - inset)), math.ceil(face.y(lay.mid_y + 0.2 * lay.kp)))
    paint_figure(face.image, parts, colours, (face.x(origin[0]), face.y(origin[1])), face.k * scale, region)


def draw_builtin_court(face: Face, art: Art) -> None:
    """A framed, double-ended court: the drawn king, queen or jack of the suit (render/courts.py)."""
    card = face.card
    assert card.rank is not None and card.suit is not None
    draw_frame(face, _mix(face.bg, face.ink, 0.07))
    draw_figure(face, standing(court_figure(card.rank, card.suit), face.lay.figure_taller, face.lay.figure_wider))
    if art.text:
        figure_caption(face, art.text)
    draw_index(face)
    face.symmetrise()


def draw_builtin_joker(face: Face, art: Art) -> None:
    """A framed, double-ended joker: a jester in the joker's ink (the second one faces the other way)."""
    draw_frame(face, _mix(face.bg, face.ink, 0.06))
    draw_figure(face, standing(joker_figure(face.card.joker), face.lay.figure_taller, face.lay.figure_wider))
    if art.text:
        figure_caption(face, art.text)
    draw_index(face)
    face.symmetrise()


def figure_caption(face: Face, text: str) -> None:
    """A caption on a drawn court: on a paper plate edged in gold across the robe, above the
    divider, set and placed as a mirrored photo card's is (CAPTION_CLEAR from the gold rules and the
    lozenge, one or two lines)."""
    lay = face.lay
    x0, y0, x1, y1 = caption_box_mm(face.design, text, "half")
    (ox, oy), s = lay.figure_origin, lay.figure_scale
    edge = 0.125  # half the plate's gold edge (figure mm), which is drawn on its outline: kept inside the box
    draw_figure(face, (caption_plate_part((x0 - ox) / s + edge, (y0 - oy) / s + edge, (x1 - ox) / s - edge,
                                          (y1 - oy) / s - edge),))
    caption_words(face, caption_set(face.design, text, "half"), y0)


# --------------------------------------------------------------------------- photo cards

#: Padding round the index on a `full` card's plate (on the reference card; it scales with the
#: lettering). The plate's corner is concentric with the card's, so its outer edge follows the
#: cut at the safe line (at least 0.8 mm round where the card's corner is smaller than the margin).
PLATE_PAD = 0.7
#: The ink rule round a plate (reference card).
PLATE_RULE = 0.2
#: The frame's rules take this much of the photo's edge (reference card); a face kept clear of it stays whole.
FRAME_RULES = 1.3
#: A chin is kept this far above the divider (above its lozenge where the chin is over it).
DIVIDER_CLEAR = 0.4
#: How far (mm) a face may pass its bounds before it counts as cut: the detector's box jitters.
FACE_SLACK_MM = 0.15
#: On a `full` card the whole head (hair, ears, chin: photos.head_box) is warned about when it comes
#: nearer the trim than this share of the safe margin (2 mm of 4): a cut that far off takes hair off.
HEAD_CLEAR = 0.5


def layout(design: Design) -> FaceLayout:
    """The face layout of the design's card format, with its index (render/indexlabels.py)."""
    return face_layout(design)


def plate_radius(lay: FaceLayout) -> float:
    return max(0.8, lay.corner - lay.safe)


@dataclass(frozen=True)
class CropPlan:
    """Where a card's photo goes: the window of the photo that fills its area, the faces found,
    where they land on the card, and where the caption and index plates sit so as to clear them.

    Millimetres are card millimetres from the trim's top-left corner; for `mirrored` the area is
    the upper half of the frame (the lower half is its turn)."""

    photo_px: tuple[int, int]
    faces: tuple[FaceBox, ...]
    window: Box
    area_mm: Box
    faces_mm: tuple[Box, ...]
    caption: str
    plates: str
    problems: tuple[str, ...]
    #: The zoom used: deck.toml's, or the automatic one (`auto`) when it set none.
    zoom: float = 1.0
    auto: bool = False
    #: What the build chose where the photo could not fill its place at zoom 1 with every head (or a
    #: pet's eyes) whole: "mat" (shown smaller, on a mat of its own edge colours), "crop" (a zoom-1
    #: crop that still keeps every head clear), or "" (no choice was needed, or deck.toml made it).
    choice: str = ""
    #: The mat's width on each side of the photo area (left, top, right, bottom, mm; 0 where none).
    mat_mm: Box = (0.0, 0.0, 0.0, 0.0)
    #: The line the build says about that choice, naming the card and the key that overrides it
    #: (a warning, not a problem: the card is as good as the photo allows).
    note: str = ""


def mirrored_area_px(design: Design) -> tuple[int, int, int, int]:
    """The pixel box (left, top, right, bottom) the photo fills in the upper half of the frame."""
    face_box = design.card.box()
    frame = layout(design).frame
    k, b = design.card.dpi / 25.4, face_box.bleed_px
    left = round(b + frame[0] * k)
    right = face_box.width_px - left
    top = round(b + frame[1] * k)
    bottom = (face_box.height_px + 1) // 2
    return (left, top, right, bottom)


def photo_area_size(design: Design, mode: str) -> tuple[int, int]:
    """Pixels a photo must cover: the upper half of the frame (mirrored) or the whole face (full)."""
    if mode == "full":
        return design.card.box().size
    l, t, r, b = mirrored_area_px(design)
    return (r - l, b - t)


def photo_area_mm(design: Design, mode: str) -> Box:
    """The area a photo fills, in card mm: the whole face with its bleed, or the frame's upper half."""
    if mode == "full":
        b = design.card.bleed_mm
        return (-b, -b, design.card.width_mm + b, design.card.height_mm + b)
    k, bleed = design.card.dpi / 25.4, design.card.box().bleed_px
    l, t, r, b = mirrored_area_px(design)
    return ((l - bleed) / k, (t - bleed) / k, (r - bleed) / k, (b - bleed) / k)


def _keep_mm(lay: FaceLayout, mode: str) -> Box:
    """Where a face is safe: inside the safe zone (full), or clear of the frame's rules."""
    if mode == "full":
        return lay.safe_box
    rules = FRAME_RULES * lay.kp
    return (lay.frame[0] + rules, lay.frame[1] + rules, lay.frame[2] - rules,
            lay.mid_y - LOZENGE[1] * lay.kp - DIVIDER_CLEAR * lay.kp)


def _fractions(box: Box, area: Box) -> Box:
    w, h = area[2] - area[0], area[3] - area[1]
    return ((box[0] - area[0]) / w, (box[1] - area[1]) / h, (box[2] - area[0]) / w, (box[3] - area[1]) / h)


def plate_box_mm(lay: FaceLayout, card: Card, side: str) -> Box:
    """The upper index plate of a `full` card, wholly inside the safe zone: top-left ("left") or
    top-right ("right"); its partner is the same turned about the card's centre."""
    safe, pad = lay.safe, PLATE_PAD * lay.ki
    x0, y0 = safe, safe
    x1 = safe + 2 * pad + lay.index_max_w
    y1 = index_bottom_mm(lay, card, safe + pad) + pad
    if side == "right":
        return (lay.width - x1, y0, lay.width - x0, y1)
    return (x0, y0, x1, y1)


#: Caption places, first choice first: on a mirrored card above the divider, on the divider
#: (upright, once), at the head of the frame; on a full card at the foot, or at the head.
CAPTION_PLACES = {"mirrored": ("half", "divider", "top"), "full": ("foot", "head")}
#: A caption's capitals (mm, reference card; they scale with the lettering).
CAPTION_CAP = 2.0
#: A caption's plate keeps at least 1.5 mm from the index plates, the frame's rules and the
#: divider's lozenge (the plate touching a line reads as a mistake in print); 0.2 mm more is
#: kept for the rounding of the plate's edges to whole pixels (one at 150 DPI).
CAPTION_CLEAR = 1.7
#: The smallest capitals (mm) a caption is set in: about 6 pt type, the least that reads at arm's
#: length. A caption that would need smaller ones is warned about.
CAPTION_MIN_CAP = 1.5
#: How far a caption is squeezed sideways before it is set smaller or on two lines.
CAPTION_SQUEEZE = 0.9
#: The baseline-to-baseline distance of a two-line caption, in capital heights.
CAPTION_LEADING = 1.5
#: The plate's padding either side of the words (mm, reference card).
CAPTION_PAD = 1.6
#: How far inside the frame's edge its gold rule ends (reference card): drawn inward from 1.0 mm, 0.3 mm wide.
GOLD_RULE_INSIDE = 1.3


@dataclass(frozen=True)
class CaptionSet:
    """How a caption is set to fit its room: one or two lines, capitals `cap_mm` tall, squeezed
    sideways to `squeeze` of their width; the plate `width_mm` x `height_mm`. `legible` is False
    when even two lines at CAPTION_MIN_CAP had to be squeezed further than CAPTION_SQUEEZE."""

    lines: tuple[str, ...]
    cap_mm: float
    squeeze: float
    width_mm: float
    height_mm: float
    legible: bool


def caption_room_mm(design: Design, mode: str) -> float:
    """The widest a caption's plate may be on a card of this mode, CAPTION_CLEAR from what is
    beside it: the index plates of a full card, the frame's gold rules of a mirrored one."""
    lay = layout(design)
    if mode == "full":
        plate_right = lay.safe + 2 * PLATE_PAD * lay.ki + lay.index_max_w
        return lay.width - 2 * (plate_right + CAPTION_CLEAR)
    return lay.frame_w - 2 * (GOLD_RULE_INSIDE * lay.kp + CAPTION_CLEAR)


def _two_lines(text: str) -> list[tuple[str, str]]:
    """The ways to break a caption into two lines: at a space, or after a hyphen."""
    out = []
    for i, ch in enumerate(text):
        if ch == " " and text[:i].strip() and text[i + 1:].strip():
            out.append((text[:i].rstrip(), text[i + 1:].lstrip()))
        elif ch == "-" and 0 < i < len(text) - 1 and text[i + 1] != " " and text[i - 1] != " ":
            out.append((text[:i + 1], text[i + 1:]))
    return out


#: Captions set in this process, by card format, caption font, text and room.
_captions: dict[tuple[object, str, str, float], CaptionSet] = {}


def set_caption(design: Design, text: str, room_mm: float) -> CaptionSet:
    """The caption set to fit a plate at most `room_mm` wide: on one line at its size, squeezed a
    little (to CAPTION_SQUEEZE) or a little smaller (nine tenths); else on two lines, from its size
    down to CAPTION_MIN_CAP; else as small and squeezed as it must be, and not `legible`."""
    key = (design.card, str(font_file(design, "caption")), text, room_mm)
    if key not in _captions:
        if len(_captions) > 512:
            _captions.clear()
        _captions[key] = _set_caption(design, text, room_mm)
    return _captions[key]


def _set_caption(design: Design, text: str, room_mm: float) -> CaptionSet:
    lay = layout(design)
    k = design.card.dpi / 25.4
    pad = round(CAPTION_PAD * lay.ki * k) / k
    avail = room_mm - 2 * pad
    cap0 = CAPTION_CAP * lay.ki

    widths: dict[tuple[str, float], float] = {}

    def width(line: str, cap: float) -> float:
        if (line, cap) not in widths:
            widths[(line, cap)] = text_mask(design, line, "caption", cap * k, 0.06).width / k
        return widths[(line, cap)]

    def made(lines: tuple[str, ...], cap: float, legible: bool = True) -> CaptionSet:
        natural = max(width(line, cap) for line in lines)
        squeeze = min(1.0, avail / natural)
        one = text_mask(design, lines[0], "caption", cap * k, 0.06).height / k
        height = one + (len(lines) - 1) * CAPTION_LEADING * cap
        return CaptionSet(lines, cap, squeeze, natural * squeeze + 2 * pad, height, legible)

    def fits(lines: tuple[str, ...], cap: float) -> bool:
        return max(width(line, cap) for line in lines) * CAPTION_SQUEEZE <= avail

    splits = _two_lines(text)

    def tries() -> Iterator[tuple[tuple[str, ...], float]]:
        yield (text,), cap0
        yield (text,), 0.9 * cap0
        if splits:
            # the break that balances the lines best at full size, then at each smaller size
            best = min(splits, key=lambda pair: max(width(pair[0], cap0), width(pair[1], cap0)))
            for step in range(max(0, math.floor((cap0 - CAPTION_MIN_CAP) / 0.1 + 1e-9)) + 1):
                yield best, round(cap0 - 0.1 * step, 6)

    for lines, cap in tries():
        if fits(lines, cap):
            return made(lines, cap)
    smallest = min(CAPTION_MIN_CAP, cap0)
    lines = min(([(text,)] + [pair for pair in splits]), key=lambda ls: max(width(line, smallest) for line in ls))
    return made(tuple(lines), smallest, legible=False)


def caption_set(design: Design, text: str, place: str) -> CaptionSet:
    """The caption set for one of CAPTION_PLACES (a full card's places are its foot and its head)."""
    return set_caption(design, text, round(caption_room_mm(design, "full" if place in ("foot", "head") else "mirrored"), 6))


def caption_problem(design: Design, text: str, place: str) -> str | None:
    """What to say when a caption cannot be set legibly in its room, else None."""
    caption = caption_set(design, text, place)
    if caption.legible:
        return None
    if len(caption.lines) == 1:
        return (f"the caption '{text}' is too long for the card and has no space to break it at: even in "
                f"{CAPTION_MIN_CAP:g} mm capitals (the least that reads well) it must be squeezed to "
                f"{caption.squeeze:.0%} of its width; shorten text, or put a space in it")
    return (f"the caption '{text}' is too long for the card: even on two lines in {CAPTION_MIN_CAP:g} mm capitals "
            f"(the least that reads well) it must be squeezed to {caption.squeeze:.0%} of its width; shorten text")


def caption_box_mm(design: Design, text: str, place: str) -> Box:
    """Where a caption plate sits, in card mm, at one of CAPTION_PLACES: above the divider, its
    lozenge CAPTION_CLEAR below; on the divider; under the frame's top rule; at a full card's foot
    or head, between the index plates."""
    caption = caption_set(design, text, place)
    w, h = caption.width_mm, caption.height_mm
    lay = layout(design)
    top = {
        "half": lay.mid_y - LOZENGE[1] * lay.kp - CAPTION_CLEAR - h,
        "divider": lay.mid_y - h / 2,
        "top": lay.frame[1] + GOLD_RULE_INSIDE * lay.kp + CAPTION_CLEAR,
        "foot": lay.height - lay.safe - 1.1 * lay.ki - h,
        "head": lay.safe + 0.6 * lay.ki,
    }[place]
    return (lay.mid_x - w / 2, top, lay.mid_x + w / 2, top + h)


def _advice(art: Art, faces: tuple[FaceBox, ...], photo_px: tuple[int, int], area: Box) -> str:
    """What to change: a focus on the faces when one window can hold them all, a lower zoom, or the
    whole photo."""
    parts = []
    aw, ah = area[2] - area[0], area[3] - area[1]
    scale = max(aw / photo_px[0], ah / photo_px[1])
    window = (aw / scale / photo_px[0], ah / scale / photo_px[1])  # the zoom-1 window, in photo fractions
    better = focus_on_faces(faces, window, art.focus)
    if better is not None:
        parts.append(f"focus = [{better[0]:.2f}, {better[1]:.2f}] (on the faces)")
    if art.zoom is not None and art.zoom > 1.0:
        parts.append(f"a lower zoom (now {art.zoom:g})")
    if art.fit == "cover":
        parts.append('fit = "contain" (the whole photo)')
    if not parts:
        parts.append("a smaller zoom or another photo")
    return "set " + ", or ".join(parts)


def _eye_line(lay: FaceLayout, art: Art, area: Box) -> float:
    """Where the eyes go, as a share of the photo area's height: a third of the way down the card."""
    return (lay.height / 3 - area[1]) / (area[3] - area[1]) if art.mode == "full" else 1 / 3


def _cut_fractions(lay: FaceLayout, art: Art, area: Box) -> Box:
    """Where the photo area is cut or framed, as fractions of it: the trim of a `full` card (its
    bleed is cut off), the whole half of a `mirrored` one."""
    return _fractions((0.0, 0.0, lay.width, lay.height), area) if art.mode == "full" else (0.0, 0.0, 1.0, 1.0)


def _keeps_everyone(design: Design, mode: str, photo_px: tuple[int, int], faces: tuple[FaceBox, ...]) -> bool:
    """Whether the automatic framing keeps every face whole on a card of this mode."""
    area = photo_area_mm(design, mode)
    keep = _fractions(_keep_mm(layout(design), mode), area)
    return auto_zoom(photo_px, (area[2] - area[0], area[3] - area[1]), faces, keep, AUTO_FACE_SHARE[mode]).left_out == 0


def _left_out_advice(design: Design, art: Art, photo_px: tuple[int, int], faces: tuple[FaceBox, ...]) -> str:
    """What to set when people are left out of a card's photo: no zoom or focus when the automatic
    framing would keep them all; the whole photo; the other layout when it holds them all."""
    parts = []
    if (art.zoom is not None or art.focus is not None) and _keeps_everyone(design, art.mode, photo_px, faces):
        parts.append("no zoom or focus (the build then frames everyone)")
    parts.append('fit = "contain" to show the whole photo (crop the photo round the people first, so they show larger)')
    other = "full" if art.mode == "mirrored" else "mirrored"
    if _keeps_everyone(design, other, photo_px, faces):
        parts.append(f'mode = "{other}" ({"a full card" if other == "full" else "the half-card"} holds them all)')
    return "set " + ", or ".join(parts)


def plan_photo(design: Design, card: Card, art: Art, photo_px: tuple[int, int], faces: tuple[FaceBox, ...]) -> CropPlan:
    """How a card's photo is cropped and what goes round it: a function of the deck, the card, the
    photo's size and the faces found in it, and for a photo the build frames with no face in it,
    where its subject is (photos.subject_detail, measured once per file: every caller, the build
    and the page's crop editor alike, frames it the same). Problems are warning texts naming card
    and photo."""
    assert art.photo is not None
    area = photo_area_mm(design, art.mode)
    aw, ah = area[2] - area[0], area[3] - area[1]
    lay = layout(design)
    keep = _keep_mm(lay, art.mode)
    keep_frac = _fractions(keep, area)
    trimmed = _cut_fractions(lay, art, area)  # the part of the area left after the cut
    check_crop(design, card, art)
    code, ref = card.code, art.photo
    where = f"{ref.config}: {ref.key}: {ref.shown}: on {code}"
    problems: list[str] = []
    framed = art.focus is None and art.fit == "cover"  # the build places the crop itself
    detail = subject_detail(art.photo) if framed and not faces else None  # no face: its subject (a pet, a cup)
    zoom, auto = art.zoom or 1.0, framed and art.zoom is None and bool(faces)
    left_out = 0
    if auto:  # a group or a distant portrait: close in on the people
        chosen = auto_zoom(photo_px, (aw, ah), faces, keep_frac, AUTO_FACE_SHARE[art.mode], eye_line=_eye_line(lay, art, area),
                           head_bound=_fractions(_head_bound_mm(lay), area) if art.mode == "full" else None)
        zoom, left_out = chosen.zoom, chosen.left_out
        if chosen.short:
            problems.append(f"{where} the faces are small in this photo, and closer than zoom {zoom:.1f} "
                            f"(it wanted {chosen.wanted:.1f}) would print it below {AUTO_ZOOM_MIN_PPI} ppi; "
                            f"use a larger copy of the photo, or set zoom in [cards.{code}] to go closer anyway")
    elif detail is not None and art.zoom is None:
        zoom = subject_zoom(detail, photo_px, (aw, ah), trimmed)  # below 1: a pet's eyes whole
        auto = zoom != 1.0
    choice = ""
    if art.fit == "cover" and auto and art.mode == "mirrored" and left_out > 0:
        # a group too wide for the half-card even shown a little smaller: the whole photo, inside the
        # frame's kept part, on a mat of its edge colours, rather than some of the people cut away
        window = contain_window(photo_px, (aw, ah), keep_frac)
        zoom, auto, choice = 1.0, False, "contain"
    elif art.fit == "cover":
        window = plan_window(photo_px, (aw, ah), faces, art.focus, zoom, _eye_line(lay, art, area), keep_frac, detail, trimmed)
        if auto and zoom < 1.0:
            crop = plan_window(photo_px, (aw, ah), faces, None, 1.0, _eye_line(lay, art, area), keep_frac, detail, trimmed)
            if faces and _clear_at(design, card, art, photo_px, faces, crop, area, keep):
                zoom, window, auto, choice = 1.0, crop, False, "crop"
            else:
                choice = "mat"
    else:
        inner = keep_frac
        if art.mode == "full":  # the whole photo between the plates' rows
            top = (plate_box_mm(lay, card, "left")[3] + 1.0 * lay.ki - area[1]) / ah
            inner = (keep_frac[0], top, keep_frac[2], 1 - top)
        window = contain_window(photo_px, (aw, ah), inner, zoom, art.focus)
    faces_mm = tuple(
        (b[0] + area[0], b[1] + area[1], b[2] + area[0], b[3] + area[1])
        for b in (to_area(f.scaled(*photo_px), window, (aw, ah)) for f in faces)
    )
    advice = _advice(art, faces, photo_px, area) if faces else ""
    shown = (0.0, 0.0, lay.width, lay.height) if art.mode == "full" else area
    edge = "the trim" if art.mode == "full" else "the frame"
    cut = [f for f in faces_mm if not box_inside(f, shown, FACE_SLACK_MM)]
    missing = people_left_out(faces_mm, shown, FACE_SLACK_MM) if art.fit == "cover" else 0
    if missing:
        problems.append(f"{where} {left_out_words(missing, len(faces))} (they stand too far apart for "
                        f"{'a full card' if art.mode == 'full' else 'the half-card'}); in [cards.{code}] "
                        f"{_left_out_advice(design, art, photo_px, faces)}")
    elif cut:
        problems.append(f"{where} a face is cut off by {edge}; {advice} in [cards.{code}]")
    elif art.mode == "full" and any(not box_inside(f, keep, FACE_SLACK_MM) for f in faces_mm):
        problems.append(f"{where} a face reaches into the {lay.safe:g} mm safe zone, where the cut may wander; "
                        f"{advice} in [cards.{code}]")
    elif art.mode == "mirrored" and any(chin_box(f)[3] > divider_top_mm(lay, f) for f in faces_mm):
        problems.append(f"{where} the divider crosses a chin; {advice} in [cards.{code}]")
    elif art.fit == "cover" and faces:
        head = _head_problem(design, card, art, photo_px, faces, faces_mm, keep, zoom)
        if head:
            problems.append(f"{where} {head} in [cards.{code}]")
    # index plates: the corner free of faces
    plates = "left"
    if art.mode == "full":
        def clear(side: str) -> bool:
            plate = plate_box_mm(lay, card, side)
            return not any(boxes_overlap(f, plate) or boxes_overlap(f, lay.turned(plate)) for f in faces_mm)

        plates = next((side for side in ("left", "right") if clear(side)), "left")
        if not clear(plates):
            problems.append(f"{where} a face is under an index plate in both corners; {advice} in [cards.{code}]")
    # the caption: the first place free of faces
    caption = ""
    if art.text:
        places = CAPTION_PLACES[art.mode]
        visible = faces_mm + (tuple(lay.turned(f) for f in faces_mm) if art.mode == "mirrored" else ())

        def free(place: str) -> bool:
            box = caption_box_mm(design, art.text or "", place)
            return not any(boxes_overlap(f, box) for f in visible)

        caption = next((p for p in places if free(p)), places[0])
        if not free(caption):
            problems.append(f"{where} the caption covers a face wherever it goes; {advice} in [cards.{code}]")
        problem = caption_problem(design, art.text, caption)
        if problem:
            problems.append(f"{where} {problem} in [cards.{code}]")
    mat = (_mat_mm(photo_px, window, area) if art.fit == "cover" and (zoom < 1.0 or choice == "contain")
           else (0.0, 0.0, 0.0, 0.0))
    note = f"{where} {_choice_words(design, card, art, choice, zoom, mat, bool(faces), missing == 0)}" if choice else ""
    return CropPlan(photo_px, faces, window, area, faces_mm, caption, plates, tuple(problems), zoom, auto, choice, mat, note)


def _mat_mm(photo_px: tuple[int, int], window: Box, area: Box) -> Box:
    """How wide the mat is on each side of the photo area (mm) when the window reaches past the photo."""
    aw, ah = area[2] - area[0], area[3] - area[1]
    x0, y0, x1, y1 = to_area((0.0, 0.0, float(photo_px[0]), float(photo_px[1])), window, (aw, ah))
    return (max(0.0, x0), max(0.0, y0), max(0.0, aw - x1), max(0.0, ah - y1))


def _clear_at(design: Design, card: Card, art: Art, photo_px: tuple[int, int], faces: tuple[FaceBox, ...],
              window: Box, area: Box, keep: Box) -> bool:
    """Whether a zoom-1 `window` keeps every face whole and clear (of the safe zone on a `full` card,
    the divider on a `mirrored` one) and every head clear of the trim or frame (`_head_problem`):
    then that crop is chosen over a mat."""
    aw, ah = area[2] - area[0], area[3] - area[1]
    lay = layout(design)
    placed = tuple((b[0] + area[0], b[1] + area[1], b[2] + area[0], b[3] + area[1])
                   for b in (to_area(f.scaled(*photo_px), window, (aw, ah)) for f in faces))
    if art.mode == "full":
        if not all(box_inside(f, keep, FACE_SLACK_MM) for f in placed):
            return False
    elif not all(box_inside(f, area, FACE_SLACK_MM) and chin_box(f)[3] <= divider_top_mm(lay, f) for f in placed):
        return False
    return _head_problem(design, card, art, photo_px, faces, placed, keep, 1.0) is None


def zoom_key(design: Design, card: Card) -> str:
    """The deck.toml key that sets a card's zoom: its own table's, or the jokers' shared one."""
    own = design.faces.cards.get(card.code)
    if card.is_joker and (own is None or own.photo is None):
        return "faces.joker_zoom"  # the jokers' shared photo (a [cards.JK1] zoom would win over it too)
    return f"cards.{card.code}.zoom"


def _choice_words(design: Design, card: Card, art: Art, choice: str, zoom: float, mat: Box, faces: bool,
                  everyone: bool = True) -> str:
    """The one line saying what the build chose for a photo that cannot fill its place at zoom 1
    with every head (or a pet's eyes) whole, and the key that overrides it."""
    kept = ("every head" if everyone else "the head of each person it keeps") if faces else "the subject"
    key = zoom_key(design, card)
    names = ("left", "top", "right", "bottom")
    sides = ", ".join(f"{names[i]} {mat[i]:.1f} mm" for i in range(4) if mat[i] >= 0.05) or "under 0.1 mm"
    if choice == "contain":
        return (f"the people stand too far apart for the half-card, even shown a little smaller: the whole photo "
                f"is shown, on a mat of its own edge colours ({sides}), so that no one is left out; set "
                f"{'faces.joker_focus' if key == 'faces.joker_zoom' else key[:-len('zoom')] + 'focus'} to crop on "
                "some of them instead")
    if choice == "crop":
        inside = "the safe zone" if art.mode == "full" else "the frame's rules"
        return (f"the automatic framing would show the photo smaller to keep {kept} clear of {inside}; "
                f"a crop at zoom 1 keeps {kept} clear of the {'trim' if art.mode == 'full' else 'frame'} "
                f"and is used instead (set {key} below 1 for the smaller photo on a mat)")
    return (f"the photo is shown at zoom {zoom:.2f} on a mat of its own edge colours ({sides}) "
            f"to keep {kept} whole; set {key} = 1 to crop it instead, or fit = \"contain\" for the whole photo")


def _head_bound_mm(lay: FaceLayout) -> Box:
    """Where a whole head may reach on a `full` card without `_head_problem` warning: HEAD_CLEAR of
    the safe margin inside the trim (a `mirrored` card's bound is its kept part's top already)."""
    clear = HEAD_CLEAR * lay.safe
    return (clear, clear, lay.width - clear, lay.height - clear)


def _head_problem(design: Design, card: Card, art: Art, photo_px: tuple[int, int], faces: tuple[FaceBox, ...],
                  faces_mm: tuple[Box, ...], keep: Box, zoom: float) -> str | None:
    """What cuts the whole head round a face (photos.head_box: the hair above the detector's box,
    the ears, the chin), with what to set; None when every head is clear. On a `full` card a head
    must stay HEAD_CLEAR of the safe margin inside the trim, where a cut a little off would take its
    hair; on a `mirrored` one its crown below the frame's top rule (the frame is drawn, not cut: hair
    at its sides reads as a portrait's crop; the chin is the divider's business). A head larger than
    that space (a close-up) is left alone: cut hair there reads as a close-up."""
    lay = layout(design)
    if art.mode == "full":
        bound = _head_bound_mm(lay)
        room = (bound[2] - bound[0], bound[3] - bound[1])
    else:
        bound = (-math.inf, keep[1], math.inf, math.inf)
        room = (keep[2] - keep[0], keep[3] - keep[1])
    worst: tuple[float, int, Box] | None = None
    for face_mm in faces_mm:
        head = head_box(face_mm)
        if head[2] - head[0] > room[0] or head[3] - head[1] > room[1]:
            continue  # a close-up: no framing holds this head
        over = max((bound[0] - head[0], 0), (bound[1] - head[1], 1), (head[2] - bound[2], 2), (head[3] - bound[3], 3))
        slack = FACE_SLACK_MM + HEAD_SLACK * (face_mm[3] - face_mm[1])  # the head box is an estimate
        if over[0] > slack and (worst is None or over[0] > worst[0]):
            worst = (over[0], over[1], head)
    if worst is None:
        return None
    _, side, head = worst
    part = {0: "the side of a head (hair or an ear)", 1: "the top of a head (the hair above the face)",
            2: "the side of a head (hair or an ear)", 3: "a chin"}[side]
    if art.mode == "full":
        gap = (head[0], head[1], lay.width - head[2], lay.height - head[3])[side]
        what = (f"{part} is cut off by the trim" if gap < FACE_SLACK_MM else
                f"{part} comes within {gap:.1f} mm of the trim, where a cut a little off takes it")
    else:
        what = f"{part} is cut off by the frame"
    pw, ph = photo_px
    if not all(head_in_photo(head_box(f.scaled(pw, ph)), photo_px) for f in faces):
        return (f"{what}: the photo leaves no room round the head; use a photo with more room round the "
                f'head, or set fit = "contain" (the whole photo)')
    if art.zoom is None and art.focus is None:
        why = ("the people stand too far apart for the card to hold their whole heads" if len(faces) > 1 else
               f"the photo leaves too little room round the head even shown at zoom {zoom:.2f}")
        return f'{what}: {why}; use a photo with more room round the head, or set fit = "contain" (the whole photo)'
    hands_off = replace(art, zoom=None, focus=None)
    unset = plan_photo(design, card, hands_off, photo_px, faces)
    parts = []
    if _head_problem(design, card, hands_off, photo_px, faces, unset.faces_mm, keep, unset.zoom) is None:
        parts.append("no zoom or focus (the build then keeps the head clear)")
    if art.zoom is not None and art.zoom > AUTO_ZOOM_FLOOR:
        parts.append(f"a lower zoom (now {art.zoom:g})")
    parts.append('fit = "contain" (the whole photo)')
    return f"{what}; set " + ", or ".join(parts)


def divider_top_mm(lay: FaceLayout, face: Box) -> float:
    """Where the divider of a mirrored card begins above a face's box: the top of its lozenge where
    the face is over the lozenge, else the top of its bar, less the clearance kept for a chin."""
    s = lay.kp
    over_lozenge = face[0] < lay.mid_x + LOZENGE[0] * s and face[2] > lay.mid_x - LOZENGE[0] * s
    return lay.mid_y - (LOZENGE[1] if over_lozenge else DIVIDER_BAR) * s - DIVIDER_CLEAR * s


def check_crop(design: Design, card: Card, art: Art) -> None:
    """A focus with `fit = "contain"` at zoom 1 cannot mean anything (the whole photo shows): a
    ConfigError naming the focus key, rather than a focus silently ignored."""
    if art.photo is None or art.fit == "cover" or art.focus is None or (art.zoom or 1.0) > 1.0:
        return
    own = design.faces.cards.get(card.code)
    key = f"cards.{card.code}.focus" if own is not None and own.focus is not None else "faces.joker_focus"
    raise ConfigError(design.source, key, f'a focus has no effect with fit = "{art.fit}" at zoom 1, where the '
                      "whole photo shows; set a zoom above 1 to close in on the focus point, or "
                      'fit = "cover" to crop round it')


def plan_card(design: Design, card: Card, art: Art | None = None) -> CropPlan | None:
    """The crop plan of a card with a photo (the faces found once per photo file), else None."""
    art = art or card_art(design, card)
    if art.photo is None:
        return None
    photo_px, faces = detect_faces(art.photo)
    return plan_photo(design, card, art, photo_px, faces)


def _window_for(plan: CropPlan, photo: Image.Image) -> Box:
    """The plan's window in the pixels of the photo as decoded (a JPEG may be decoded reduced)."""
    sx, sy = photo.width / plan.photo_px[0], photo.height / plan.photo_px[1]
    w = plan.window
    return (w[0] * sx, w[1] * sy, w[2] * sx, w[3] * sy)


def _photo_in_area(face: Face, art: Art, plan: CropPlan, area_px: tuple[int, int]) -> Image.Image:
    assert art.photo is not None
    photo = open_photo(art.photo, draft_size=area_px)
    # a blurred copy of the photo round it with fit = "contain"; in the band a cover photo leaves when it
    # is shown a little smaller than its place (the automatic framing keeping everyone whole, or a zoom
    # below 1 set by hand), a mat of its edge colours it fades into; "contain-plain" keeps the card's colour
    backdrop: str | RGB = ("blur" if art.fit == "contain" else
                           "mat" if art.fit == "cover" and (plan.zoom < 1.0 or plan.choice == "contain") else face.bg)
    return render_window(photo, area_px, _window_for(plan, photo), backdrop, face.design.card.dpi / 25.4)


def draw_mirrored(face: Face, art: Art, plan: CropPlan) -> None:
    """The photo in the upper half of the frame, the same photo turned in the lower half; the
    caption above the divider, on it, or at the head of the frame, wherever no face is."""
    l, t, r, b = mirrored_area_px(face.design)
    face.image.paste(_photo_in_area(face, art, plan, (r - l, b - t)), (l, t))
    on_divider = bool(art.text) and plan.caption == "divider"
    draw_frame(face, None, divider=not on_divider)
    if on_divider:
        draw_divider(face, with_lozenge=False)
    if art.text and plan.caption != "divider":
        caption_plate(face, art.text, plan.caption)
    draw_index(face)
    face.symmetrise()
    if art.text and plan.caption == "divider":
        caption_plate(face, art.text, "divider")


def draw_full(face: Face, art: Art, plan: CropPlan) -> None:
    """One photo over the whole face, bleed included, the indices on opaque plates inside the safe
    zone, in the pair of corners where no face is."""
    lay = face.lay
    face.image = _photo_in_area(face, art, plan, face.size)
    x0, y0, x1, y1 = plate_box_mm(lay, face.card, plan.plates)
    radius, pad = plate_radius(lay), PLATE_PAD * lay.ki
    if face.vectors is not None:  # for a PDF: the plates, their rules and indices as shapes, then turned
        first = len(face.vectors)
        face.shapes(face.bg, (x0, y0, x1, y1), Rect(x0, y0, x1, y1, radius_mm=radius))
        face.shapes(face.ink, (x0, y0, x1, y1), Rect(x0, y0, x1, y1, PLATE_RULE * lay.ki, radius_mm=radius))
        draw_index(face, x0 + pad + lay.index_max_w / 2, y0 + pad)
        face.vectors.extend(shape.turned_copy(lay.width, lay.height) for shape in face.vectors[first:])
        if art.text:
            caption_plate(face, art.text, plan.caption)
        return
    plate = Face(face.design, face.card)
    plate.image = Image.new("RGB", face.size, face.bg)
    draw_index(plate, x0 + pad + lay.index_max_w / 2, y0 + pad)
    tile_box = (round(face.x(x0)), round(face.y(y0)), round(face.x(x1)), round(face.y(y1)))
    tile = plate.image.crop(tile_box).convert("RGBA")
    ss = SUPERSAMPLE
    radius = face.px(radius) * ss
    shape = Image.new("L", (tile.width * ss, tile.height * ss), 0)
    ImageDraw.Draw(shape).rounded_rectangle((0, 0, shape.width - 1, shape.height - 1), radius=radius, fill=255)
    tile.putalpha(shape.reduce(ss))
    # a thin ink rule round the plate
    rule = Image.new("L", shape.size, 0)
    ImageDraw.Draw(rule).rounded_rectangle(
        (0, 0, shape.width - 1, shape.height - 1), radius=radius, outline=255, width=max(1, round(face.px(PLATE_RULE * lay.ki) * ss))
    )
    ink_tile = Image.new("RGBA", tile.size, face.ink + (255,))
    ink_tile.putalpha(rule.reduce(ss))
    tile = Image.alpha_composite(tile, ink_tile)
    paste_pair(face, tile, tile_box[0], tile_box[1])
    if art.text:
        caption_plate(face, art.text, plan.caption)


def caption_plate(face: Face, text: str, place: str) -> None:
    """A caption on a pale plate, legible over any photo, at one of CAPTION_PLACES: one or two
    lines, set by `caption_set` to keep CAPTION_CLEAR from the index plates and the frame."""
    caption = caption_set(face.design, text, place)
    x0, y0, x1, y1 = caption_box_mm(face.design, text, place)
    radius = min(y1 - y0, 2.0 * caption.cap_mm) / 2
    if face.vectors is not None and can_embed(font_file(face.design, "caption")):
        # for a PDF: an opaque plate (PDF/X-1a allows no transparency)
        face.shapes(face.bg, (x0, y0, x1, y1), Rect(x0, y0, x1, y1, radius_mm=radius))
    else:
        left, top = round(face.x(x0)), round(face.y(y0))
        w, h = round(face.px(x1 - x0)), round(face.px(y1 - y0))
        ss = SUPERSAMPLE
        big = Image.new("L", (w * ss, h * ss), 0)
        ImageDraw.Draw(big).rounded_rectangle((0, 0, w * ss - 1, h * ss - 1), radius=face.px(radius) * ss, fill=235)
        face.image.paste(face.bg, (left, top, left + w, top + h), big.reduce(ss))
    caption_words(face, caption, y0)


def caption_words(face: Face, caption: CaptionSet, top_mm: float) -> None:
    """A caption's lines, centred across the card from `top_mm` (its plate's top) down: in the font
    for a PDF, else painted."""
    cap = caption.cap_mm
    font = font_file(face.design, "caption")
    step = CAPTION_LEADING * cap
    top = round(face.y(top_mm))
    for i, line in enumerate(caption.lines):
        if face.vectors is not None and can_embed(font):
            pad = round(face.px(cap) * 0.25) / face.k
            face.vectors.append(TextShape(typographic_quotes(line), font, _cap_ratio(str(font)), cap, face.lay.mid_x,
                                          top_mm + pad + i * step, face.ink, caption.squeeze, 0.06))
            continue
        mask = text_mask(face.design, line, "caption", face.px(cap), 0.06)
        if caption.squeeze < 1.0:
            mask = mask.resize((max(1, round(mask.width * caption.squeeze)), mask.height), Image.Resampling.LANCZOS)
        x = round(face.x(face.lay.mid_x) - mask.width / 2)
        y = top + round(face.px(i * step))
        face.image.paste(face.ink, (x, y, x + mask.width, y + mask.height), mask)


# --------------------------------------------------------------------------- the crop review

REVIEW_TILE_H = 300
REVIEW_MAX_W = 1900
REVIEW_TILE_MIN_W = 470


def review_groups(design: Design, plans: dict[str, CropPlan]) -> list[tuple[list[str], Art, CropPlan]]:
    """The tiles of the crop review: one per photo and crop, with the codes of the cards showing it
    (both jokers share one photo and one crop: one tile)."""
    groups: dict[tuple[Path, Box, str, str], tuple[list[str], Art, CropPlan]] = {}
    cards = {c.code: c for c in design.profile.unique_cards()}
    for code, plan in plans.items():
        art = card_art(design, cards[code])
        assert art.photo is not None
        key = (art.photo.path, plan.window, art.mode, art.fit)
        groups.setdefault(key, ([], art, plan))[0].append(code)
    return list(groups.values())


@dataclass(frozen=True)
class ReviewTile:
    """One tile of the crop review, and where in it the card is shown as it prints (`card_at`,
    the top-left of the trimmed card reduced `reduced` times), for the tests to hold it to the
    written card."""

    image: Image.Image
    codes: tuple[str, ...]
    card_at: tuple[int, int]
    reduced: int
    #: The line under it saying what the build chose (a mat, or a crop over one); "" when none.
    choice: str = ""


def review_card(design: Design, card: Card, plan: CropPlan, cards_dir: Path | None = None) -> tuple[Image.Image, int]:
    """The card as it prints, trimmed, reduced a whole number of times (Pillow's box reduction) to
    fit the review's tile height, and that number: from the PNG the build wrote in `cards_dir`
    when there is one, else drawn as the build draws it."""
    written = Path(cards_dir) / f"{card.code}.png" if cards_dir is not None else None
    if written is not None and written.is_file():
        with Image.open(written) as im:
            image = im.convert("RGB")
    else:
        image = render_face(design, card, plan).convert("RGB")
    b = round(design.card.box().bleed_px)
    trimmed = image.crop((b, b, image.width - b, image.height - b))
    factor = max(1, -(-trimmed.height // REVIEW_TILE_H))
    return (trimmed.reduce(factor) if factor > 1 else trimmed), factor


def _choice_label(design: Design, card: Card, plan: CropPlan) -> str:
    """The review's line for what the build chose where the photo could not fill its place at zoom 1."""
    if plan.choice == "crop":
        return "a crop at zoom 1 keeps every head clear (chosen over a mat)"
    if plan.choice == "contain":
        sides = ", ".join(f"{n} {v:.1f} mm" for n, v in zip(("left", "top", "right", "bottom"), plan.mat_mm) if v >= 0.05)
        return f"the whole photo, everyone in it, on a mat of its edge colours: {sides}"
    if plan.choice == "mat" or plan.zoom < 1.0:
        names = ("left", "top", "right", "bottom")
        sides = ", ".join(f"{names[i]} {plan.mat_mm[i]:.1f} mm" for i in range(4) if plan.mat_mm[i] >= 0.05)
        how = f"; {zoom_key(design, card)} = 1 crops instead" if plan.choice == "mat" else ""
        return f"mat of the photo's edge colours: {sides or 'under 0.1 mm'}{how}"
    return ""


def _dashed(draw: ImageDraw.ImageDraw, box: Box, colour: RGB, dash: int = 5,
            sides: tuple[bool, bool, bool, bool] = (True, True, True, True)) -> None:
    """A dashed rectangle (pixels), or those of its `sides` (left, top, right, bottom) asked for."""
    x0, y0, x1, y1 = box
    lines = ((y0, y1, x0, False), (x0, x1, y0, True), (y0, y1, x1, False), (x0, x1, y1, True))
    for a, b, fixed, across in (line for line, wanted in zip(lines, sides) if wanted):
        t = a
        while t < b:
            end = min(b, t + dash)
            draw.line((t, fixed, end, fixed) if across else (fixed, t, fixed, end), fill=colour, width=1)
            t += 2 * dash


def review_tiles(design: Design, plans: dict[str, CropPlan], cards_dir: Path | None = None) -> list[ReviewTile]:
    """The crop review's tiles: one per photo placed (cards sharing a photo and its crop share a
    tile). Each shows the photo, dimmed outside the part the card keeps, that part outlined in green
    (the trim in white on `full` cards), the faces found in yellow (red when a warning names them);
    beside it the first card showing it as it prints (trimmed, mat and all: the written card,
    reduced); and that card again with the whole heads (yellow, red when warned about), the 4 mm
    safe zone (cyan, dashed) and where the photo ends and its mat begins (magenta, dashed). Under
    them the card codes, the file, the crop and the choice made."""
    groups = review_groups(design, plans)
    font = load_font(None, "caption", 22)
    small = load_font(None, "text", 17)
    cards = {c.code: c for c in design.profile.unique_cards()}
    lay = layout(design)
    tiles = []
    for codes, art, plan in groups:
        assert art.photo is not None
        photo = small_copy(art.photo, REVIEW_TILE_H)
        k = REVIEW_TILE_H / photo.height
        thumb = photo.resize((max(1, round(photo.width * k)), REVIEW_TILE_H), Image.Resampling.LANCZOS)
        s = thumb.width / plan.photo_px[0]
        win: Box = (plan.window[0] * s, plan.window[1] * s, plan.window[2] * s, plan.window[3] * s)
        pad, gap = 40, 24
        first = cards[codes[0]]
        shown, factor = review_card(design, first, plan, cards_dir)
        label = " ".join(codes)
        detail = f"{art.photo.path.name} · {art.mode} · {art.fit}"
        if plan.zoom != 1.0:
            detail += f" · zoom {plan.zoom:.3g}" + (" (auto)" if plan.auto else "")
        detail += f" · {len(plan.faces)} face{'s' if len(plan.faces) != 1 else ''}"
        if art.focus is not None:
            detail += f" · focus {art.focus[0]:g}, {art.focus[1]:g}"
        choice = _choice_label(design, first, plan)
        words = max(small.getlength(detail), small.getlength(choice) if choice else 0.0)
        pictures = thumb.width + 2 * gap + 2 * shown.width
        width = max(pictures + 2 * pad, REVIEW_TILE_MIN_W, round(words) + 2 * pad)  # as wide as its words
        canvas = Image.new("RGB", (width, REVIEW_TILE_H + 2 * pad + 84), (60, 60, 64))
        # the photo, dimmed outside the kept area
        dim = Image.blend(thumb, Image.new("RGB", thumb.size, (0, 0, 0)), 0.55)
        canvas.paste(dim, (pad, pad))
        cx0, cy0 = max(0, round(win[0])), max(0, round(win[1]))
        cx1, cy1 = min(thumb.width, round(win[2])), min(thumb.height, round(win[3]))
        if cx1 > cx0 and cy1 > cy0:
            canvas.paste(thumb.crop((cx0, cy0, cx1, cy1)), (pad + cx0, pad + cy0))
        draw = ImageDraw.Draw(canvas)
        offset = (pad, pad)

        def rect(box: Box, colour: RGB, width: int = 3) -> None:
            draw.rectangle((offset[0] + box[0], offset[1] + box[1], offset[0] + box[2], offset[1] + box[3]),
                           outline=colour, width=width)

        def clipped(box: Box) -> Box | None:
            """The part of a box on the photo; None when it holds the whole photo (fit = contain)."""
            c = (max(0.0, box[0]), max(0.0, box[1]), min(float(thumb.width), box[2]), min(float(thumb.height), box[3]))
            return None if c == (0.0, 0.0, float(thumb.width), float(thumb.height)) and box != c else c

        kept = clipped(win)
        rect(kept if kept is not None else (0.0, 0.0, float(thumb.width), float(thumb.height)), (60, 220, 90))
        if art.mode == "full" and kept is not None:
            area = plan.area_mm
            ax, ay = (win[2] - win[0]) / (area[2] - area[0]), (win[3] - win[1]) / (area[3] - area[1])
            trim = clipped((win[0] - area[0] * ax, win[1] - area[1] * ay,
                            win[0] + (design.card.width_mm - area[0]) * ax,
                            win[1] + (design.card.height_mm - area[1]) * ay))
            if trim is not None:
                rect(trim, (255, 255, 255), 1)
        for f in plan.faces:
            rect(f.scaled(thumb.width, thumb.height), (235, 60, 50) if plan.problems else (250, 210, 40), 2)
        # the card as it prints, then the same with what the framing kept clear
        card_at = (pad + thumb.width + gap, pad + (REVIEW_TILE_H - shown.height) // 2)
        canvas.paste(shown, card_at)
        marked_at = (card_at[0] + shown.width + gap, card_at[1])
        canvas.paste(shown, marked_at)
        kx, ky = shown.width / lay.width, shown.height / lay.height

        def on_card(box: Box) -> Box | None:
            """A box in card mm on the marked copy, within the trimmed card (the bleed is cut off);
            None when none of it is on the card."""
            x0, y0 = max(0.0, box[0]), max(0.0, box[1])
            x1, y1 = min(lay.width, box[2]), min(lay.height, box[3])
            if x1 <= x0 or y1 <= y0:
                return None
            return (marked_at[0] + x0 * kx, marked_at[1] + y0 * ky,
                    marked_at[0] + x1 * kx - 1, marked_at[1] + y1 * ky - 1)

        every = (True, True, True, True)
        marks: list[tuple[Box | None, RGB, tuple[bool, bool, bool, bool] | None]] = [
            (on_card(lay.safe_box), (80, 220, 240), every)]
        if art.fit == "cover" and max(plan.mat_mm) > 0:  # where the photo ends and its mat begins
            area, mat = plan.area_mm, plan.mat_mm
            photo_mm = (area[0] + mat[0], area[1] + mat[1], area[2] - mat[2], area[3] - mat[3])
            sides = (mat[0] >= 0.05, mat[1] >= 0.05, mat[2] >= 0.05, mat[3] >= 0.05)
            marks.append((on_card(photo_mm), (240, 80, 220), sides))
            if art.mode == "mirrored":
                marks.append((on_card(lay.turned(photo_mm)), (240, 80, 220), (sides[2], sides[3], sides[0], sides[1])))
        heads = [head_box(f) for f in plan.faces_mm]
        if art.mode == "mirrored":
            heads += [lay.turned(h) for h in heads]
        marks += [(on_card(h), (235, 60, 50) if plan.problems else (250, 210, 40), None) for h in heads]
        for box, colour, dashed in marks:
            if box is not None and dashed is not None:
                _dashed(draw, box, colour, sides=dashed)
            elif box is not None:
                draw.rectangle(box, outline=colour, width=2)
        draw.text((pad, pad + REVIEW_TILE_H + 10), label, font=font, fill=(255, 255, 255))
        if plan.problems:
            draw.text((pad + draw.textlength(label, font=font) + 14, pad + REVIEW_TILE_H + 10), "see the warnings",
                      font=font, fill=(255, 110, 100))
        draw.text((pad, pad + REVIEW_TILE_H + 38), detail, font=small, fill=(200, 200, 205))
        if choice:
            draw.text((pad, pad + REVIEW_TILE_H + 62), choice, font=small, fill=(240, 150, 230))
        tiles.append(ReviewTile(canvas, tuple(codes), card_at, factor, choice))
    return tiles


def crop_review(design: Design, plans: dict[str, CropPlan], cards_dir: Path | None = None) -> Image.Image | None:
    """The crop review: its tiles (`review_tiles`) in rows, or None when no card shows a photo."""
    tiles = [t.image for t in review_tiles(design, plans, cards_dir)]
    if not tiles:
        return None
    # rows of tiles, no wider than REVIEW_MAX_W unless one tile is
    rows: list[list[Image.Image]] = [[]]
    for tile in tiles:
        if rows[-1] and sum(t.width for t in rows[-1]) + tile.width > REVIEW_MAX_W:
            rows.append([])
        rows[-1].append(tile)
    width = max(sum(t.width for t in row) for row in rows)
    height = sum(max(t.height for t in row) for row in rows)
    sheet = Image.new("RGB", (width, height), (60, 60, 64))
    y = 0
    for row in rows:
        x = 0
        for tile in row:
            sheet.paste(tile, (x, y))
            x += tile.width
        y += max(t.height for t in row)
    return sheet


def review_path(out_dir: Path) -> Path:
    """Where the crop review goes: output/preview/crops.png."""
    return Path(out_dir) / "preview" / "crops.png"


def write_crop_review(design: Design, plans: dict[str, CropPlan], out_dir: Path) -> Path | None:
    """Write the crop review when the deck places photos; remove an old one when it no longer does."""
    target = review_path(out_dir)
    sheet = crop_review(design, plans, Path(out_dir) / "cards")
    if sheet is None:
        target.unlink(missing_ok=True)
        return None
    target.parent.mkdir(parents=True, exist_ok=True)
    return save_png(sheet, target, 72)


def plan_crops(design: Design) -> dict[str, CropPlan]:
    """The crop plan of every card that carries a photo, by card code."""
    plans = {}
    for card in design.profile.unique_cards():
        plan = plan_card(design, card)
        if plan is not None:
            plans[card.code] = plan
    return plans


# --------------------------------------------------------------------------- one face, every face


def render_face(design: Design, card: Card, plan: CropPlan | None = None,
                vectors: list[VectorShape] | None = None) -> Image.Image:
    """The face of one card as an RGB image of the full size with bleed. A card with a photo
    follows `plan` (made here, faces found, when not given). With `vectors` (a list), the suit
    symbols and words are recorded there in mm and left out of the image (the PDF draws them)."""
    face = Face(design, card)
    face.vectors = vectors
    art = card_art(design, card)
    if art.photo is not None:
        plan = plan or plan_card(design, card, art)
        assert plan is not None
        (draw_full if art.mode == "full" else draw_mirrored)(face, art, plan)
    elif card.is_joker:
        draw_builtin_joker(face, art)
    elif card.rank is not None and card.rank.is_court:
        draw_builtin_court(face, art)
    else:
        draw_pip_card(face, art)
    return face.image


def check_faces(design: Design) -> list[str]:
    """What can be checked cheaply before any drawing: the font, card overrides that name a card
    the deck lacks, and every photo's header (missing, not an image, too large). Returns the
    warnings for photos with too few pixels. (A photo damaged further in is found while drawing,
    which still happens before any face is put in place.)"""
    check_deck_font(design)
    cards = design.profile.unique_cards()
    codes = {c.code for c in cards}
    for code in design.faces.cards:
        if code not in codes:
            jokers = sorted(c for c in codes if c.startswith("JK"))
            which = ("" if not code.startswith("JK") else f"; its jokers are {' and '.join(jokers)}" if jokers
                     else "; it has no jokers")
            raise ConfigError(design.source, f"cards.{code}", f"the '{design.profile.name}' deck has no card {code}{which}")
    messages: list[str] = [m for m in (ace_name_warning(design),) if m]
    seen: set[tuple[Path, str, tuple[int, int]]] = set()
    for card in cards:
        art = card_art(design, card)
        if art.photo is None:
            drawn = card.is_joker or (card.rank is not None and card.rank.is_court)
            problem = caption_problem(design, art.text, "half") if art.text and drawn else None
            if problem:  # a drawn court's caption
                messages.append(f"{design.source}: cards.{card.code}.text: {problem} in [cards.{card.code}]")
            continue
        check_crop(design, card, art)
        need = photo_area_size(design, art.mode)
        if (art.photo.path, art.photo.key, need) in seen:
            continue
        seen.add((art.photo.path, art.photo.key, need))
        msg = resolution_warning(art.photo, photo_size(art.photo), need, design.card.dpi)
        if msg:
            messages.append(msg)
    return messages


def _render_and_save(design: Design, card: Card, target: Path, plan: CropPlan | None) -> tuple[str, Path]:
    save_png(render_face(design, card, plan), target, design.card.dpi)
    return card.code, target


def build_faces(
    design: Design,
    out_dir: Path,
    advance: Callable[[str], None] | None = None,
    jobs: int | None = None,
    codes: set[str] | None = None,
    review: bool = True,
) -> dict[str, Path]:
    """Write out_dir/cards/<code>.png for every distinct card of the deck; returns code -> path.
    `codes` draws only those cards (an incremental build: the others are current) and returns
    their paths; `review=False` leaves the crop review as it is.

    The photos' faces are found first and every crop planned, so that each problem (a face cut
    by the trim, under a plate) is warned about once, and out_dir/preview/crops.png shows each
    photo with what its card keeps. Faces are drawn on all cores into a staging folder and moved
    into place only when every one has succeeded, so a bad photo or font leaves the previous
    faces untouched. Warns (PhotoWarning) about photos with too few pixels. The files are the
    same bytes whatever the number of processes.
    """
    for message in check_faces(design):
        warnings.warn(message, PhotoWarning, stacklevel=2)
    for message in face_colour_problems(design):  # suits a colour-blind player may mix up
        warnings.warn(message, ColourVisionWarning, stacklevel=2)
    every = design.profile.unique_cards()
    cards = [c for c in every if codes is None or c.code in codes]
    jobs = jobs or os.cpu_count() or 1
    pool = None
    if jobs > 1 and len(cards) >= 4:
        pool = worker_pool(min(jobs, len(cards)))  # its workers die with this process
    folder = Path(out_dir) / "cards"
    staging: Path | None = None
    try:
        if pool is not None:  # the faces of each photo, found on every core at once
            refs = list(dict.fromkeys(a.photo for a in (card_art(design, c) for c in cards) if a.photo is not None))
            for ref, (found, small) in zip(refs, pool.map(detect_faces_with_copy, refs)):
                remember_faces(ref, found, small)
        if review:
            plans = plan_crops(design)
        else:  # only the cards drawn now need their crops planned
            plans = {c.code: p for c in cards if (p := plan_card(design, c)) is not None}
        for code, plan in plans.items():
            if code not in {c.code for c in cards}:
                continue  # a current card's problems were said when it was drawn
            for problem in plan.problems + ((plan.note,) if plan.note else ()):
                warnings.warn(problem, PhotoWarning, stacklevel=2)
        folder.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".faces-", dir=folder))
        staged = {card.code: staging / f"{card.code}.png" for card in cards}
        if pool is None:
            for card in cards:
                _render_and_save(design, card, staged[card.code], plans.get(card.code))
                if advance:
                    advance(card.code)
        else:
            # the photo cards first: they take longest, so the workers finish together
            order = sorted(cards, key=lambda c: c.code not in plans)
            futures = [pool.submit(_render_and_save, design, card, staged[card.code], plans.get(card.code)) for card in order]
            for future in as_completed(futures):
                code, _ = future.result()
                if advance:
                    advance(code)
        targets = {card.code: folder / f"{card.code}.png" for card in every}
        for code, path in staged.items():
            os.replace(path, targets[code])
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
    remove_stale_faces(folder, set(targets))
    if review:
        write_crop_review(design, plans, out_dir)
    return {card.code: targets[card.code] for card in cards}


def remove_stale_faces(folder: Path, codes: set[str]) -> list[Path]:
    """Delete face images left by an earlier build of another profile (a 2C.png after switching to
    euchre), so the folder holds exactly this deck's faces. Only files named like a card go."""

    removed = []
    for path in sorted(folder.glob("*.png")):
        try:
            card = parse_card(path.stem)
        except CardError:
            continue
        if card.code == path.stem and path.stem not in codes:
            path.unlink()
            removed.append(path)
    return removed
