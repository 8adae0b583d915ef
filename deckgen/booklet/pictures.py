"""Card pictures: the hands of a worked example, a strip of cards in a table, a bridge deal
as a compass diagram, and the fan of the deck's own cards on the cover.

The cards of a worked example are not the deck's faces made small but a design made for their size
(`draw_small_card`), as the small cards printed in rule books: in vectors, in the deck's paper and
inks (`CardLook`), a large rank in the deck's letters with its suit's sign under it, in the strip of
the card a fan leaves showing. Every one has one width (`EXAMPLE_CARD_WIDTH_MM`) and the deck's own
proportions and corners (`CardShape`, from its card format); a hand that the engine arranges into
groups (gin's melds and deadwood) is drawn group by group. The cover's fan shows the deck's own faces.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib import colors
from reportlab.lib.utils import ImageReader
from reportlab.platypus import Flowable

from deckgen.booklet.styles import BODY, SMALL_SIZE, SYMBOL, Palette, Styles, _has_glyph, text_width
from deckgen.cards import Card, Rank
from deckgen.design import IndexDesign, Ink
from deckgen.errors import UserError
from deckgen.render.pdfcanvas import Placement, draw_image_here
from deckgen.render.shapes import draw_suit_reportlab, suit_aspect
from deckgen.units import CARD_CORNER_RADIUS_MM, CARD_HEIGHT_MM, CARD_WIDTH_MM, mm_to_pt

#: Supplies the picture of one card (the deck's own face, drawn at the size it is printed: the cover's fan);
#: an example's cards read only its `look` (`look_of`) and draw themselves.
CardImages = Callable[[Card], ImageReader]


@dataclass(frozen=True)
class CardShape:
    """The proportions of the deck's cards: a card picture has the card's aspect and corners at any size."""

    width_mm: float = CARD_WIDTH_MM
    height_mm: float = CARD_HEIGHT_MM
    corner_mm: float = CARD_CORNER_RADIUS_MM

    def height_for(self, width: float) -> float:
        return width * self.height_mm / self.width_mm

    def width_for(self, height: float) -> float:
        return height * self.width_mm / self.height_mm

    @property
    def corner_share(self) -> float:
        """The corner radius per unit of width."""
        return self.corner_mm / self.width_mm


class CardPicture(ImageReader):
    """One card's picture, its PNG file, that knows its card's shape (for its corners wherever it is drawn).

    With a `key` (the card and the picture's size, never its pixels), the picture is not stored by
    ReportLab: the page only names it, `pages` records where, and `booklet.pdf.save_pocket` attaches
    the PNG afterwards, embedded as it is. So a booklet laid out once can take new pictures of the
    same cards (a photo replaced) without being laid out again. Its pixels are never decoded here:
    the layout needs only its size (from the PNG's header), the PDF only its compressed rows."""

    def __init__(self, png: bytes, shape: CardShape, key: str | None = None) -> None:
        super().__init__(io.BytesIO(png))
        self.shape = shape
        self.key = key
        self.png = png
        #: The pages (counted from 1) that draw this picture.
        self.pages: set[int] = set()


def shape_of(source: object) -> CardShape:
    """The card shape a picture, or a source of pictures, was made for; the 59 x 91 card when it does not say."""
    shape = getattr(source, "shape", None)
    return shape if isinstance(shape, CardShape) else CardShape()


#: The width of every card picture in a worked example: its index reads at arm's length.
EXAMPLE_CARD_WIDTH_MM = 11.5
#: Its height, in the card's own proportions.
EXAMPLE_CARD_HEIGHT_MM = EXAMPLE_CARD_WIDTH_MM * CARD_HEIGHT_MM / CARD_WIDTH_MM
#: The share of an example's card shown: its top, with the rank over the suit in the corner (and on the
#: last card of a fan its centre sign); the names under the fan say every card too.
SHOWN_SHARE = 0.5
#: How far each card of a fan lies from the one before: the width of its index corner that shows.
FAN_STEP_MM = 3.4
#: The extra room between two groups of one hand (a meld and the next, the melds and the deadwood).
GROUP_GAP_MM = 1.8
#: The room between two hands on one line.
HAND_GAP_MM = 5.0
#: The room between two lines of hands.
LINE_GAP_MM = 1.2
#: ... and in a box set close (its lines of cards nearer each other, their labels' row lower).
CLOSE_LINE_GAP_MM = 0.4
#: The card pictures in a table's strip (the poker ranking): smaller, as a row of a table.
STRIP_CARD_WIDTH_MM = 7.0
STRIP_STEP_MM = 2.6
#: The room between a strip and the cards' names beside it.
STRIP_NAMES_GAP_MM = 2.0


@dataclass(frozen=True)
class Hand:
    """One labelled hand of an example, in groups (one group when the engine does not arrange it)."""

    label: str
    groups: tuple[tuple[Card, ...], ...]

    @property
    def cards(self) -> list[Card]:
        return [c for g in self.groups for c in g]


def fan_width(groups: Sequence[Sequence[Card]], card_w: float, step: float, gap: float) -> float:
    """How wide a hand sets: its first card whole, each next one a step on, a gap between groups."""
    n = sum(len(g) for g in groups)
    return card_w + step * (n - 1) + gap * (len([g for g in groups if g]) - 1) if n else 0.0


def place_picture(canvas: Any, image: ImageReader, x: float, y: float, w: float, h: float) -> None:
    """A picture in the box (x, y, w, h): named on the page when it is a keyed CardPicture (its image
    is attached after the layout), else stored by ReportLab."""
    key = getattr(image, "key", None)
    if key is None:
        canvas.drawImage(image, x, y, w, h)
        return
    draw_image_here(canvas, Placement(key, (w, 0.0, 0.0, h, x, y)))
    image.pages.add(canvas.getPageNumber())


#: The inks of a source that names none: deck.toml's defaults ([colours]).
DEFAULT_INK = Ink(red="#c8102e", black="#16161d", four_colour=False, clubs="#008f69", diamonds="#1f5fbf",
                  paper="#fffdf8", accent="#c9a227")
#: The edge of a small card: fine and grey, so cards on a white page stand apart.
EDGE_COLOUR = "#7d7d88"
EDGE_WIDTH = 0.35
#: A small card's index, in shares of the card's width: the rank's capital height (3.1 mm on an 11.5 mm
#: card), the suit's height under it, the room above the rank and between rank and suit, and the room
#: left of the index column and before the next card of a fan.
RANK_CAP_SHARE = 0.27
INDEX_SUIT_SHARE = 0.2
INDEX_TOP_SHARE = 0.05
INDEX_GAP_SHARE = 0.03
INDEX_LEFT_SHARE = 0.035
INDEX_RIGHT_SHARE = 0.02
#: The index column's width when the card is not fanned: as an example's fan shows it (3.4 of 11.5 mm).
INDEX_COLUMN_SHARE = 0.3
#: The centre sign of a card shown whole (the last of a fan), in shares of the card's width.
CENTRE_SUIT_SHARE = 0.4
#: The capital height of the rank's face, per unit of its size (DejaVu Sans Condensed Bold), and how
#: far its deepest capital (the J; the Q's tail) reaches under the line: the suit's sign goes below it,
#: at one height on every card of a fan.
RANK_CAP_RATIO = 0.73
RANK_DESCENT_RATIO = 0.22
#: A rank of two characters (10) is set this much closer, per unit of its size, then narrowed down to
#: this share of its width at most before it is set smaller, to fit the index column.
TIGHT_SPACING = -0.06
NARROWEST = 0.56
RANK_FONT = BODY + "-Bold"


@dataclass(frozen=True)
class CardLook:
    """How the booklet draws the deck's cards small: its paper and suit inks (two or four colours), the
    letters its index prints (a German deck's B D K) and its cards' proportions and corners."""

    ink: Ink = DEFAULT_INK
    index: IndexDesign = IndexDesign()
    shape: CardShape = CardShape()


def look_of(source: object) -> CardLook:
    """The look a source of card pictures gives its deck's cards (`look`); else the default inks with the
    source's index and shape."""
    look = getattr(source, "look", None)
    return look if isinstance(look, CardLook) else CardLook(index=index_of(source), shape=shape_of(source))


def _star(canvas: Any, cx: float, cy: float, height: float) -> None:
    """A five-pointed star (a joker's sign) centred on (cx, cy), `height` tall, in the current fill."""
    import math

    outer = height / (1 + math.cos(math.pi / 5))  # from the top point to the foot of the two lower ones
    inner = outer * 0.4
    centre_y = cy - height / 2 + outer * math.cos(math.pi / 5)
    path = canvas.beginPath()
    for i in range(10):
        r = outer if i % 2 == 0 else inner
        angle = math.pi / 2 + i * math.pi / 5
        point = (cx + r * math.cos(angle), centre_y + r * math.sin(angle))
        path.moveTo(*point) if i == 0 else path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _rank(canvas: Any, text: str, cx: float, top: float, cap: float, room: float, colour: str) -> float:
    """A rank's letters, their capitals `cap` tall under `top`, centred on `cx` in `room` points of width
    (set closer, narrowed, then smaller, as it needs); returns how far under `top` its letters reach
    (capitals and the J's descent: the whole height a size `cap` takes, the same for every rank)."""
    size = cap / RANK_CAP_RATIO
    spacing = TIGHT_SPACING * size if len(text) > 1 else 0.0
    width = text_width(text, size, RANK_FONT) + spacing * (len(text) - 1)
    narrow = min(1.0, room / width) if width > 0 else 1.0
    if narrow < NARROWEST:  # narrowed as far as it reads well: smaller too
        size *= narrow / NARROWEST
        width *= narrow / NARROWEST
        narrow = NARROWEST
    canvas.saveState()
    canvas.setFillColor(colors.HexColor(colour))
    canvas.translate(cx - width * narrow / 2, top - size * RANK_CAP_RATIO)
    canvas.scale(narrow, 1.0)
    text_object = canvas.beginText(0, 0)
    text_object.setFont(RANK_FONT, size)
    text_object.setCharSpace(spacing)
    text_object.textOut(text)
    canvas.drawText(text_object)
    canvas.restoreState()
    return cap * (RANK_CAP_RATIO + RANK_DESCENT_RATIO) / RANK_CAP_RATIO


def name_colour(card: Card, look: CardLook, palette: Palette) -> str:
    """The colour of a card's name beside its picture: its suit's ink on a four-colour deck (as the card
    shows it), else the booklet's red or black."""
    if look.ink.four_colour:
        return look.ink.card(card)
    return palette.red if card.is_red else palette.ink


def draw_small_card(canvas: Any, card: Card, x: float, y: float, w: float, h: float, look: CardLook,
                    shown: float | None = None, column: float | None = None, whole: bool = True) -> None:
    """One card drawn for its size, as the small cards of a printed rule book: a rounded card in the
    deck's paper with a fine edge, its rank large in the top left corner in the deck's letters with its
    suit's sign under it, in the deck's inks, all in vectors.

    `shown`: only the card's top this tall shows, standing on `y` (as a card held in a hand), cut off
    level; `column`: the width of its index column (how much of its left edge a fan shows: the step);
    `whole`: nothing lies on it (the last of a fan): a large sign of its suit shows in what shows of its
    centre (a court its letter, a joker a star)."""
    shown = h if shown is None else min(shown, h)
    column = w * INDEX_COLUMN_SHARE if column is None else min(column, w)
    canvas.saveState()
    if shown < h:
        clip = canvas.beginPath()
        clip.rect(x - 1, y, w + 2, shown + 1)
        canvas.clipPath(clip, stroke=0, fill=0)
    foot = y - (h - shown)
    canvas.setFillColor(colors.HexColor(look.ink.paper))
    canvas.setStrokeColor(colors.HexColor(EDGE_COLOUR))
    canvas.setLineWidth(EDGE_WIDTH)
    canvas.roundRect(x, foot, w, h, w * look.shape.corner_share, stroke=1, fill=1)
    colour = look.ink.card(card)
    left, right = x + w * INDEX_LEFT_SHARE, x + column - w * INDEX_RIGHT_SHARE
    cx, room = (left + right) / 2, right - left
    top = y + shown - w * INDEX_TOP_SHARE
    cap = w * RANK_CAP_SHARE
    big = min(w * CENTRE_SUIT_SHARE, shown * 0.6)
    centre_x, centre_y = (x + (column + w) / 2 if column < w * 0.6 else x + w / 2), y + shown / 2
    canvas.setFillColor(colors.HexColor(colour))
    if card.is_joker or card.rank is None or card.suit is None:
        _star(canvas, cx, top - cap / 2, min(cap, room * 1.05))
        if whole:
            _star(canvas, centre_x, centre_y, big)
    else:
        drawn = _rank(canvas, look.index.label(card.rank), cx, top, cap, room, colour)
        suit_h = min(w * INDEX_SUIT_SHARE, room / suit_aspect(card.suit))
        draw_suit_reportlab(canvas, card.suit, cx, top - drawn - w * INDEX_GAP_SHARE - suit_h / 2, suit_h, colour)
        if whole and card.rank.is_court:
            _rank(canvas, look.index.label(card.rank), centre_x, centre_y + big / 2, big, (w - column) * 0.8, colour)
        elif whole:
            draw_suit_reportlab(canvas, card.suit, centre_x, centre_y, big, colour)
    canvas.restoreState()
    if shown < h:  # the cut, level
        canvas.saveState()
        canvas.setStrokeColor(colors.HexColor(EDGE_COLOUR))
        canvas.setLineWidth(EDGE_WIDTH)
        canvas.line(x, y, x + w, y)
        canvas.restoreState()


#: The room between the names of two cards under a hand, and between two groups' names (points).
NAME_SPACE = 2.4
NAME_GROUP_SPACE = 6.0
#: Names under a fan that would be wider than it close up to this room between two cards' names
#: (so a long hand's names do not push the hand beside it onto a line of its own).
NAME_SPACE_CLOSE = 1.2


def index_of(source: object) -> IndexDesign:
    """The index a source of pictures draws its cards with (the deck's letters); English's when it does not say."""
    index = getattr(source, "index", None)
    return index if isinstance(index, IndexDesign) else IndexDesign()


def card_name(card: Card, index: IndexDesign | None = None) -> str:
    """A card as the text under its picture says it, in the letters its index prints: 10♥, Q♠ (a
    German deck's D♠), Jk."""
    return (index or IndexDesign()).card_name(card)


#: A card named in an example's words: its rank as deckgen writes it, then its suit's sign (Q♠, 10♥).
_CARD_IN_WORDS = re.compile(r"(?<![\w])(10|[2-9AKQJ])([♠♥♦♣])")
_RANKS = {rank.label: rank for rank in Rank}


def in_deck_letters(text: str, index: IndexDesign) -> str:
    """The cards an example's words name (Q♠ K♦) in the letters the deck's pictures print (a German
    deck's D♠ K♦); the words themselves stay English."""
    return _CARD_IN_WORDS.sub(lambda m: index.label(_RANKS[m.group(1)]) + m.group(2), text)


def name_widths(cards: Sequence[tuple[Card, float]], size: float, index: IndexDesign | None = None) -> list[float]:
    """How wide each card's name sets."""
    return [text_width(card_name(card, index), size) for card, _ in cards]


def names_width(cards: Sequence[tuple[Card, float]], size: float, step: float, space: float = NAME_SPACE,
                widths: Sequence[float] | None = None, index: IndexDesign | None = None) -> float:
    """How wide the names of a piece of a hand set, `space` apart, groups (where the fan leaves a gap)
    spaced wider. `widths`: each name's, when they are measured already (`name_widths`)."""
    if widths is None:
        widths = name_widths(cards, size, index)
    width = 0.0
    for i, (card, dx) in enumerate(cards):
        if i:
            width += NAME_GROUP_SPACE if dx - cards[i - 1][1] > step + 0.01 else space
        width += widths[i]
    return width


def draw_text(canvas: object, x: float, y: float, text: str, font: str, size: float) -> float:
    """Text at (x, y) with any glyph the face lacks set in the symbol face; returns the width drawn."""
    start = x
    runs: list[tuple[str, str]] = []  # (face, text): each run drawn in one go, so its text reads whole
    for ch in text:
        face = font if _has_glyph(font, ch) else SYMBOL
        if runs and runs[-1][0] == face:
            runs[-1] = (face, runs[-1][1] + ch)
        else:
            runs.append((face, ch))
    for face, run in runs:
        canvas.setFont(face, size)  # type: ignore[attr-defined]
        canvas.drawString(x, y, run)  # type: ignore[attr-defined]
        x += text_width(run, size, font)
    return x - start


#: A laid-out piece of a hand: (x, label, [(card, x of the card)]).
_Piece = tuple[float, str, list[tuple[Card, float]]]


class HandsStrip(Flowable):
    """The hands of an example side by side, each under its label, its cards fanned group by
    group; a line that is full wraps, and a hand too long for the line goes on on the next.

    Each card shows its rank about 3 mm tall with its suit under it (`draw_small_card`), and its name
    is printed with its fan too, for a reader who scans the line of words."""

    def __init__(
        self, hands: Sequence[Hand], images: CardImages, styles: Styles, beside: bool = False, labels_inline: bool = False,
        close: bool = False,
    ) -> None:
        super().__init__()
        self.hands = [h for h in hands if h.cards]
        #: The names beside each fan (a line of cards shorter by the names' row, for a tall box)
        #: rather than under it.
        self.beside = beside
        #: Each hand's label at the start of the names under its fan, not on a line above it (a line
        #: of cards shorter by the labels' row, for a tall box).
        self.labels_inline = labels_inline and not beside
        self.images = images
        self.styles = styles
        self.look = look_of(images)  # the deck's paper, inks, letters and card shape
        self.shape = self.look.shape
        self.index = self.look.index  # the cards' names in the letters the pictures print
        self.card_w = mm_to_pt(EXAMPLE_CARD_WIDTH_MM)
        #: the whole card's height, and the height of it shown: its top, cut level under the fan
        self.full_h = mm_to_pt(self.shape.height_for(EXAMPLE_CARD_WIDTH_MM))
        self.card_h = self.full_h * SHOWN_SHARE
        self.step = mm_to_pt(FAN_STEP_MM)
        self.gap = mm_to_pt(GROUP_GAP_MM)
        self.label_size = SMALL_SIZE
        self.label_row = 0.0 if self.labels_inline else SMALL_SIZE * (1.2 if close else 1.35)
        self.line_gap = mm_to_pt(CLOSE_LINE_GAP_MM if close else LINE_GAP_MM)
        self.name_size = SMALL_SIZE
        self.name_row = 0.0 if self.beside else SMALL_SIZE * 1.3
        self._lines: list[list[_Piece]] = []

    @property
    def card_widths(self) -> list[float]:
        """The printed width of each card picture, in millimetres (one value: every card is the same)."""
        return [self.card_w * 25.4 / 72] * sum(len(h.cards) for h in self.hands)

    def natural_width(self) -> float:
        """The width of all the hands on one line, side by side."""
        widths = [self._whole_width(h) for h in self.hands]
        return sum(widths) + mm_to_pt(HAND_GAP_MM) * (len(widths) - 1)

    def _pieces(self, hand: Hand, room: float) -> list[tuple[str, list[tuple[Card, float]], float]]:
        """A hand cut into pieces no wider than `room` (between groups where it can, else between cards)."""
        pieces: list[tuple[str, list[tuple[Card, float]], float]] = []
        current: list[tuple[Card, float]] = []
        x = 0.0
        label = hand.label

        def width(cards: list[tuple[Card, float]]) -> float:
            return self._piece_width(cards, label)

        for g, group in enumerate(hand.groups):
            for i, card in enumerate(group):
                if current and width(current + [(card, x)]) > room:
                    pieces.append((label, current, width(current)))
                    label, current, x = "", [], 0.0
                current.append((card, x))
                x += self.step
            x += self.gap
        if current:
            pieces.append((label, current, width(current)))
        return pieces

    def _piece_width(self, cards: list[tuple[Card, float]], label: str = "") -> float:
        """The width of a piece of a hand: its fan and the names under it (after its label, when the
        labels are set there), or beside it."""
        fan = cards[-1][1] + self.card_w
        widths = name_widths(cards, self.name_size, self.index)
        named = names_width(cards, self.name_size, self.step, self._name_space(cards, widths), widths)
        if self.labels_inline and label:
            named += text_width(label, self.label_size, BODY + "-Bold") + NAME_GROUP_SPACE
        return fan + mm_to_pt(STRIP_NAMES_GAP_MM) + named if self.beside else max(fan, named)

    def _name_space(self, cards: list[tuple[Card, float]], widths: Sequence[float] | None = None) -> float:
        """The room between two names under a fan: the usual, or less (down to `NAME_SPACE_CLOSE`) where
        the names would be wider than the fan. `widths`: each name's, when measured already."""
        if self.beside or len(cards) < 2:
            return NAME_SPACE
        fan = cards[-1][1] + self.card_w
        wide = names_width(cards, self.name_size, self.step, widths=widths)
        if wide <= fan:
            return NAME_SPACE
        gaps = sum(1 for i in range(1, len(cards)) if cards[i][1] - cards[i - 1][1] <= self.step + 0.01)
        if not gaps:
            return NAME_SPACE
        return max(NAME_SPACE_CLOSE, NAME_SPACE - (wide - fan) / gaps)

    def _whole_width(self, hand: Hand) -> float:
        """A hand's width on one line: its fan with the names under or beside it, or its label,
        whichever is widest."""
        placed: list[tuple[Card, float]] = []
        x = 0.0
        for group in hand.groups:
            for card in group:
                placed.append((card, x))
                x += self.step
            x += self.gap
        return max(self._piece_width(placed, hand.label), text_width(hand.label, self.label_size, BODY + "-Bold"))

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        if avail_width < self.card_w:
            raise UserError("the booklet page is too narrow for a card picture")
        lines: list[list[_Piece]] = [[]]
        x = 0.0
        for hand in self.hands:
            whole = self._whole_width(hand)
            if lines[-1] and x + whole > avail_width:
                lines.append([])
                x = 0.0
            for label, cards, width in self._pieces(hand, avail_width - x if not lines[-1] or x + whole <= avail_width else avail_width):
                if lines[-1] and x + width > avail_width + 0.01:
                    lines.append([])
                    x = 0.0
                lines[-1].append((x, label, cards))
                x += max(width, text_width(label, self.label_size, BODY + "-Bold")) + mm_to_pt(HAND_GAP_MM)
        self._lines = [line for line in lines if line]
        self.width = avail_width
        self.height = len(self._lines) * self.line_height + self.line_gap * (len(self._lines) - 1)
        return self.width, self.height

    @property
    def line_height(self) -> float:
        """One line of hands: the labels, the cards, and the cards' names under them."""
        return self.label_row + self.card_h + self.name_row

    def draw(self) -> None:
        canvas = self.canv
        pal = self.styles.palette
        top = self.height
        for line in self._lines:
            y = top - self.label_row - self.card_h
            for x, label, cards in line:
                if label and not self.labels_inline:
                    canvas.setFont(BODY + "-Bold", self.label_size)
                    canvas.setFillColor(colors.HexColor(pal.ink))
                    canvas.drawString(x, top - self.label_size, label)
                for i, (card, dx) in enumerate(cards):
                    # the index in what the next card leaves of it; the last card whole, with its centre sign
                    column = cards[i + 1][1] - dx if i + 1 < len(cards) else self.step
                    draw_small_card(canvas, card, x + dx, y, self.card_w, self.full_h, self.look, self.card_h, column,
                                    whole=i + 1 == len(cards))
                # each card's name under the fan (or beside it), so a ♣ is never taken for a ♠ in a small index
                nx, ny = x, y - self.name_size - 1.2
                if self.beside and cards:
                    nx, ny = x + cards[-1][1] + self.card_w + mm_to_pt(STRIP_NAMES_GAP_MM), y + (self.card_h - self.name_size) / 2 + 1
                if self.labels_inline and label:
                    canvas.setFillColor(colors.HexColor(pal.ink))
                    nx += draw_text(canvas, nx, ny, label, BODY + "-Bold", self.label_size) + NAME_GROUP_SPACE
                space = self._name_space(cards)
                for i, (card, dx) in enumerate(cards):
                    if i:
                        nx += NAME_GROUP_SPACE if dx - cards[i - 1][1] > self.step + 0.01 else space
                    canvas.setFillColor(colors.HexColor(name_colour(card, self.look, pal)))
                    nx += draw_text(canvas, nx, ny, card_name(card, self.index), BODY, self.name_size)
            top -= self.line_height + self.line_gap


class CardStrip(Flowable):
    """A short row of small cards, fanned: the example hand in a table's row (ranks about 2 mm tall);
    with `styles`, the cards' names beside it."""

    def __init__(self, cards: Sequence[Card], images: CardImages, styles: Styles | None = None) -> None:
        super().__init__()
        self.cards = list(cards)
        self.images = images
        self.styles = styles
        self.look = look_of(images)  # the deck's paper, inks, letters and card shape
        self.shape = self.look.shape
        self.index = self.look.index  # the cards' names in the letters the pictures print
        self.card_w = mm_to_pt(STRIP_CARD_WIDTH_MM)
        self.full_h = self.shape.height_for(self.card_w)
        self.card_h = self.full_h * SHOWN_SHARE  # the cards' tops, as in an example's fans
        self.step = mm_to_pt(STRIP_STEP_MM)
        self.fan_w = fan_width([self.cards], self.card_w, self.step, 0.0)
        self.name_size = SMALL_SIZE
        placed = [(c, i * self.step) for i, c in enumerate(self.cards)]
        self.names_w = names_width(placed, self.name_size, self.step, index=self.index) if styles is not None else 0.0
        self.width = self.fan_w + (mm_to_pt(STRIP_NAMES_GAP_MM) + self.names_w if styles is not None else 0.0)
        self.height = self.card_h

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        for i, card in enumerate(self.cards):
            last = i + 1 == len(self.cards)
            draw_small_card(self.canv, card, i * self.step, 0, self.card_w, self.full_h, self.look, self.card_h,
                            self.step, whole=last)
        if self.styles is None:
            return
        pal = self.styles.palette
        x = self.fan_w + mm_to_pt(STRIP_NAMES_GAP_MM)
        y = (self.card_h - self.name_size) / 2 + 1
        for i, card in enumerate(self.cards):
            if i:
                x += NAME_SPACE
            self.canv.setFillColor(colors.HexColor(name_colour(card, self.look, pal)))
            x += draw_text(self.canv, x, y, card_name(card, self.index), BODY, self.name_size)


#: Compass points a deal's hands may be named by, in the order of the diagram.
COMPASS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def compass_hands(hands: Sequence[Hand]) -> dict[str, Hand] | None:
    """The hands by compass point when an example deals exactly North, East, South and West."""
    by_point: dict[str, Hand] = {}
    for hand in hands:
        name = hand.label.strip()
        point = next((k for k, v in COMPASS.items() if name.upper() == k or name.lower() == v.lower()), None)
        if point is None or point in by_point:
            return None
        by_point[point] = hand
    return by_point if len(by_point) == 4 else None


class CompassDiagram(Flowable):
    """A bridge deal as players print it: each hand as four lines of suits round a compass square,
    North at the top, South at the foot, West and East either side."""

    def __init__(self, hands: dict[str, Hand], styles: Styles, index: IndexDesign | None = None) -> None:
        super().__init__()
        self.hands = hands
        self.styles = styles
        self.index = index or IndexDesign()  # the ranks in the deck's letters
        self.size = SMALL_SIZE
        self.lead = SMALL_SIZE * 1.2
        self.square = 4 * self.lead

    @staticmethod
    def suit_lines(hand: Hand, index: IndexDesign | None = None) -> list[tuple[str, str]]:
        """(suit symbol, ranks high to low) for spades, hearts, diamonds, clubs, in the deck's letters; a void is a dash."""
        index = index or IndexDesign()
        out = []
        for symbol in "♠♥♦♣":
            cards = sorted((c for c in hand.cards if not c.is_joker and c.suit is not None and c.suit.symbol == symbol),
                           key=lambda c: -int(c.rank))  # type: ignore[arg-type]
            out.append((symbol, " ".join(index.label(c.rank) for c in cards) if cards else "–"))  # type: ignore[arg-type]
        return out

    def _hand_width(self, hand: Hand) -> float:
        return max(text_width(f"{s} {r}", self.size) for s, r in self.suit_lines(hand, self.index))

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        self.height = 3 * self.square + 2 * 3
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        st = self.styles
        side = max(self._hand_width(h) for h in self.hands.values())
        cx = self.width / 2
        square = self.square
        middle_y = self.square + 3
        # the compass square with the four points
        canvas.saveState()
        canvas.setStrokeColor(colors.HexColor(st.palette.rule))
        canvas.setLineWidth(0.5)
        canvas.rect(cx - square / 2, middle_y, square, square, stroke=1, fill=0)
        canvas.setFont(BODY + "-Bold", self.size)
        canvas.setFillColor(colors.HexColor(st.palette.accent))
        canvas.drawCentredString(cx, middle_y + square - self.size - 1, "N")
        canvas.drawCentredString(cx, middle_y + 2, "S")
        canvas.drawString(cx - square / 2 + 2, middle_y + square / 2 - self.size / 3, "W")
        canvas.drawRightString(cx + square / 2 - 2, middle_y + square / 2 - self.size / 3, "E")
        canvas.restoreState()
        places = {
            "N": (cx - square / 2, 2 * (square + 3)),
            "S": (cx - square / 2, 0.0),
            "W": (cx - square / 2 - 6 - side, middle_y),
            "E": (cx + square / 2 + 6, middle_y),
        }
        for point, hand in self.hands.items():
            x, y = places[point]
            top = y + square - self.size
            for i, (symbol, ranks) in enumerate(self.suit_lines(hand, self.index)):
                canvas.setFont(BODY, self.size)
                red = symbol in "♥♦"
                canvas.setFillColor(colors.HexColor(st.palette.red if red else st.palette.ink))
                canvas.drawString(x, top - i * self.lead, symbol)
                canvas.setFillColor(colors.HexColor(st.palette.ink))
                canvas.drawString(x + text_width(symbol + " ", self.size), top - i * self.lead, ranks)


class CardFan(Flowable):
    """A few of the deck's own cards held in a fan, for the cover: the booklet belongs to this deck
    (in its cards' shape: that of the first picture)."""

    def __init__(self, images: Sequence[ImageReader], height: float, spread_deg: float = 11.0) -> None:
        super().__init__()
        self.images = list(images)
        self.shape = shape_of(self.images[0] if self.images else None)
        self.card_h = height * 0.84
        self.card_w = self.shape.width_for(self.card_h)
        self.spread = spread_deg
        self.height = height
        self.width = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        n = len(self.images)
        radius = self.card_w * self.shape.corner_mm / self.shape.width_mm
        pivot_x, pivot_y = self.width / 2, -self.card_h * 0.6
        for i, image in enumerate(self.images):
            angle = (i - (n - 1) / 2) * self.spread
            canvas.saveState()
            canvas.translate(pivot_x, pivot_y)
            canvas.rotate(-angle)
            x, y = -self.card_w / 2, self.card_h * 0.6 + 1
            path = canvas.beginPath()
            path.roundRect(x, y, self.card_w, self.card_h, radius)
            canvas.setFillColor(colors.white)
            canvas.drawPath(path, stroke=0, fill=1)
            canvas.clipPath(path, stroke=0, fill=0)
            place_picture(canvas, image, x, y, self.card_w, self.card_h)
            canvas.restoreState()
            canvas.saveState()
            canvas.translate(pivot_x, pivot_y)
            canvas.rotate(-angle)
            canvas.setStrokeColor(colors.HexColor("#5a5a64"))
            canvas.setLineWidth(0.4)
            canvas.roundRect(x, y, self.card_w, self.card_h, radius, stroke=1, fill=0)
            canvas.restoreState()
