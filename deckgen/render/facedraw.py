"""Drawing a face: the layout's constants, the suit inks, the `Face` a card is drawn on (text, suit
signs, shapes, the half turn that makes a face double-ended), and what every face is made of: the
index, the pips, the ace of spades with the deck's name, the frame and divider, the drawn courts
and jokers.

Layout is in millimetres from the trim's top-left corner and turned into pixels only when drawing.
Most of a face is double-ended: the upper half (indices, paired pips, the court panel, a mirrored
photo) is drawn, and the lower half is made from it by a 180° turn (`symmetrise`), so the two ends
match to the pixel. What is not paired (the centre pip of a 5, the upright middle pips of a 6,
the ace) is drawn afterwards, upright.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from deckgen.cards import Card, Rank, Suit
from deckgen.colour import rgb
from deckgen.design import Design, FaceArt
from deckgen.render.courts import DIVIDER_BAR, LOZENGE, LOZENGE_INNER
from deckgen.render.facelayout import FaceLayout
from deckgen.render.faceshapes import (
    Ellipse,
    Lines,
    Polygon,
    Rect,
    Ring,
    Shape,
    as_paths,
)
from deckgen.render.indexlabels import (  # the index's letters and geometry (re-exported here)
    INDEX_SQUEEZE, JOKER_INDEX_CAP, JOKER_INDEX_STEP, NUMBER_CAP, face_layout, index_bottom_mm, joker_scale, label_of,
    tracking,
)
from deckgen.render.facevector import can_embed
from deckgen.render.fonts import font_file, load_font
from deckgen.render.shapes import SUPERSAMPLE, draw_suit_pil
from deckgen.render.vectorshapes import SuitShape, TextShape, VectorShape
from deckgen.units import px_per_mm

__all__ = [
    "ACE_NAME_LEADING",
    "ACE_NAME_MIN_CAP_MM",
    "ACE_NAME_WRAP_AT",
    "INDEX_SQUEEZE",
    "JOKER_INDEX_CAP",
    "JOKER_INDEX_STEP",
    "PIP_LAYOUTS",
    "PLATE_PAD",
    "RGB",
    "SQUEEZE_LIMIT",
    "Art",
    "Face",
    "ace_name_lines",
    "ace_name_warning",
    "ace_name_widths",
    "card_art",
    "card_ink",
    "draw_ace_of_spades",
    "draw_divider",
    "draw_frame",
    "draw_index",
    "draw_pip_card",
    "index_bottom_mm",
    "is_point_symmetric",
    "layout",
    "paste_pair",
    "split_layout",
    "star",
    "suit_ink",
    "symmetrise",
    "text_mask",
    "typographic_quotes",
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

def _mix(a: RGB, b: RGB, t: float) -> RGB:
    """`t` of the way from a to b."""
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))  # type: ignore[return-value]

def suit_ink(design: Design, suit: Suit | None) -> RGB:
    """The ink of a suit: red and black, or green clubs and blue diamonds with `four_colour`."""
    return rgb(design.faces.ink.suit(suit))

def card_ink(design: Design, card: Card) -> RGB:
    """The ink of a card; the second joker is printed in red, the first in black."""
    return rgb(design.faces.ink.card(card))


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
        self.k = px_per_mm(design.card.dpi)
        self.bleed = self.box.bleed_px
        self.bg = rgb(design.faces.ink.paper)
        self.accent = rgb(design.faces.ink.accent)
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


def draw_index(face: Face, x_mm: float | None = None, top_mm: float | None = None) -> None:
    """Rank over suit in the top-left corner (the lower one comes from the turn), in the deck's
    letters (render/indexlabels.py), and a numeric index's number under the sign; a joker's word
    down the column over a star. A 10 is set tight, its digits nearly touching, as on printed
    cards. By default in the layout's index column."""
    card, lay = face.card, face.lay
    x_mm = lay.index_x if x_mm is None else x_mm
    top_mm = lay.index_top if top_mm is None else top_mm
    if card.is_joker:
        top, k = top_mm, joker_scale(lay, top_mm)
        for letter in lay.index.joker:
            face.text(letter, "index", JOKER_INDEX_CAP * k, x_mm, top, face.ink, max_w_mm=lay.index_max_w)
            top += JOKER_INDEX_STEP * k
        star(face, x_mm, top + 1.3 * k, 1.35 * k, face.accent)
        return
    assert card.rank is not None and card.suit is not None
    label = label_of(lay.index, card)
    ink_bottom = face.text(label, "index", lay.index_rank_cap, x_mm, top_mm, face.ink, max_w_mm=lay.index_max_w,
                           tracking=tracking(label), squeeze=INDEX_SQUEEZE)
    suit_y = max(top_mm + lay.index_rank_cap + lay.index_gap, ink_bottom + 0.5 * lay.kix) + lay.index_suit_h / 2
    face.suit(card.suit, x_mm, suit_y, lay.index_suit_h, face.ink)
    number = lay.index.number(card.rank)
    if number is not None:
        face.text(number, "index", NUMBER_CAP * lay.index_rank_cap, x_mm,
                  suit_y + lay.index_suit_h / 2 + lay.index_gap, face.ink, max_w_mm=lay.index_max_w,
                  tracking=tracking(number), squeeze=INDEX_SQUEEZE)


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


# --------------------------------------------------------------------------- photo cards


#: Padding round the index on a `full` card's plate (on the reference card; it scales with the
#: lettering). The plate's corner is concentric with the card's, so its outer edge follows the
#: cut at the safe line (at least 0.8 mm round where the card's corner is smaller than the margin).
PLATE_PAD = 0.7


def layout(design: Design) -> FaceLayout:
    """The face layout of the design's card format, with its index (render/indexlabels.py)."""
    return face_layout(design)
