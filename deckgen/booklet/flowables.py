"""Markdown to ReportLab Platypus flowables: how a rules chapter looks on the pocket page.

The rules sources are CommonMark with tables. This module walks markdown-it-py's
syntax tree and turns each block into flowables in the booklet's own styles. Two
kinds of fenced block are special: ```` ```deckgen ```` (a worked example, drawn
as a box with the hands as card pictures, the engine's account and the claim)
and ```` ```deckgen-table ```` (a table computed by `deckgen.booklet.tables`).
The pictures and the computed data arrive from outside as plain values, so this
module does no checking and reads no files itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any
from xml.sax.saxutils import escape

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from deckgen.booklet.tables import ComputedTable
from deckgen.cards import Card
from deckgen.errors import UserError
from deckgen.units import CARD_HEIGHT_MM, CARD_WIDTH_MM, mm_to_pt

# ----------------------------------------------------------------------------- fonts

BODY = "Carlito"
HEAD = "DejaVuSansCondensed"
SYMBOL = "DejaVuSans"
_FONT_FILES = {
    "Carlito": "Carlito-Regular.ttf",
    "Carlito-Bold": "Carlito-Bold.ttf",
    "Carlito-Italic": "Carlito-Italic.ttf",
    "Carlito-BoldItalic": "Carlito-BoldItalic.ttf",
    "DejaVuSans": "DejaVuSans.ttf",
    "DejaVuSans-Bold": "DejaVuSans-Bold.ttf",
    "DejaVuSansCondensed": "DejaVuSansCondensed.ttf",
    "DejaVuSansCondensed-Bold": "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSerifCondensed-Italic": "DejaVuSerifCondensed-Italic.ttf",
}


#: Every table names its cell font: ReportLab's default would pull in an unembedded Helvetica.
FONT_COMMAND = ("FONTNAME", (0, 0), (-1, -1), BODY)


@cache
def register_fonts() -> None:
    """Register the shipped TrueType fonts once, so every glyph is embedded (never a standard-14 font)."""
    from reportlab.lib.fonts import addMapping

    from deckgen.resources import font_path

    for name, filename in _FONT_FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(font_path(filename))))
    for family, normal, bold, italic, bold_italic in (
        (BODY, "Carlito", "Carlito-Bold", "Carlito-Italic", "Carlito-BoldItalic"),
        (SYMBOL, "DejaVuSans", "DejaVuSans-Bold", "DejaVuSans", "DejaVuSans-Bold"),
        (HEAD, "DejaVuSansCondensed", "DejaVuSansCondensed-Bold", "DejaVuSansCondensed", "DejaVuSansCondensed-Bold"),
    ):
        addMapping(family, 0, 0, normal)
        addMapping(family, 1, 0, bold)
        addMapping(family, 0, 1, italic)
        addMapping(family, 1, 1, bold_italic)


@cache
def _has_glyph(font: str, char: str) -> bool:
    register_fonts()
    face = pdfmetrics.getFont(font).face
    return ord(char) in face.charToGlyph


# ----------------------------------------------------------------------------- styles


@dataclass(frozen=True)
class Palette:
    """The few colours the booklet uses, from the deck's theme and inks."""

    ink: str = "#1c1c24"
    red: str = "#c8102e"
    accent: str = "#1b2a4a"
    accent_light: str = "#e9edf5"
    rule: str = "#9aa3b5"


@dataclass(frozen=True)
class Styles:
    """Every paragraph style of the booklet, all in the shipped fonts."""

    palette: Palette
    body: ParagraphStyle
    small: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    h3: ParagraphStyle
    meta: ParagraphStyle
    cell: ParagraphStyle
    cell_head: ParagraphStyle
    box_title: ParagraphStyle
    code: ParagraphStyle
    caption: ParagraphStyle

    #: Width and height of the text column in points (set by the page layout).
    width: float = 0.0
    height: float = 0.0


def make_styles(palette: Palette, width: float, height: float = 0.0, body_size: float = 9.5) -> Styles:
    """Styles for a text column `width` points wide; 9.5 pt Carlito reads well at pocket size."""
    register_fonts()
    ink = colors.HexColor(palette.ink)
    accent = colors.HexColor(palette.accent)
    lead = body_size * 1.22
    body = ParagraphStyle(
        "body",
        fontName=BODY,
        fontSize=body_size,
        leading=lead,
        textColor=ink,
        spaceAfter=body_size * 0.45,
        bulletFontName=BODY,
        bulletFontSize=body_size,
        allowWidows=0,
        allowOrphans=0,
    )
    small = ParagraphStyle("small", parent=body, fontSize=body_size - 1.2, leading=(body_size - 1.2) * 1.2, spaceAfter=1)
    return Styles(
        palette=palette,
        body=body,
        small=small,
        h1=ParagraphStyle(
            "h1", parent=body, fontName=HEAD + "-Bold", fontSize=15, leading=18, textColor=accent, spaceAfter=2
        ),
        h2=ParagraphStyle(
            "h2",
            parent=body,
            fontName=HEAD + "-Bold",
            fontSize=10.5,
            leading=13,
            textColor=accent,
            spaceBefore=5,
            spaceAfter=2.5,
            keepWithNext=1,
        ),
        h3=ParagraphStyle(
            "h3", parent=body, fontName=BODY + "-Bold", fontSize=body_size + 0.5, leading=lead, spaceBefore=3,
            spaceAfter=1.5, keepWithNext=1,
        ),
        meta=ParagraphStyle("meta", parent=small, textColor=colors.HexColor(palette.rule), spaceAfter=6),
        cell=ParagraphStyle("cell", parent=body, fontSize=body_size - 1, leading=(body_size - 1) * 1.15, spaceAfter=0),
        cell_head=ParagraphStyle(
            "cell_head", parent=body, fontName=BODY + "-Bold", fontSize=body_size - 1, leading=(body_size - 1) * 1.15,
            spaceAfter=0, textColor=colors.white,
        ),
        box_title=ParagraphStyle(
            "box_title", parent=body, fontName=HEAD + "-Bold", fontSize=body_size - 1, leading=body_size * 1.22,
            textColor=accent, spaceAfter=0,
        ),
        code=ParagraphStyle(
            "code", parent=body, fontName=HEAD, fontSize=body_size - 1.5, leading=(body_size - 1.5) * 1.25
        ),
        caption=ParagraphStyle(
            "caption", parent=small, fontName=BODY + "-Italic", alignment=TA_LEFT, spaceBefore=1, spaceAfter=4
        ),
        width=width,
        height=height,
    )


# ----------------------------------------------------------------------------- inline text

_SUITS = {"♠": False, "♣": False, "♥": True, "♦": True}


def markup(text: str, styles: Styles, font: str = BODY, red_suits: bool = True) -> str:
    """Plain text as ReportLab paragraph markup: escaped, suits in the symbol font (red ones red,
    unless the text sits on a coloured ground), and any glyph the body font lacks set in DejaVu Sans."""
    out: list[str] = []
    for run in re.split(r"([♠♣♥♦]+)", text):
        if not run:
            continue
        if run[0] in _SUITS:
            for ch in run:
                colour = f' color="{styles.palette.red}"' if _SUITS[ch] and red_suits else ""
                # DejaVu's suits stand taller than Carlito's letters: a point smaller they sit level
                out.append(f'<font name="{SYMBOL}" size="-1"{colour}>{ch}</font>')
            continue
        buf: list[str] = []
        for ch in run:
            if ch in "\n\t" or _has_glyph(font, ch):
                buf.append(escape(ch))
            else:
                buf.append(f'<font name="{SYMBOL}">{escape(ch)}</font>')
        out.append("".join(buf))
    return "".join(out)


def inline_markup(node: SyntaxTreeNode, styles: Styles, font: str = BODY) -> str:
    """An inline node's children (text, strong, em, code, links, breaks) as paragraph markup."""
    parts: list[str] = []
    for child in node.children:
        kind = child.type
        if kind == "text":
            parts.append(markup(child.content, styles, font))
        elif kind == "strong":
            parts.append(f"<b>{inline_markup(child, styles, font)}</b>")
        elif kind == "em":
            parts.append(f"<i>{inline_markup(child, styles, font)}</i>")
        elif kind == "code_inline":
            parts.append(f'<font name="{HEAD}" color="{styles.palette.accent}">{markup(child.content, styles, HEAD)}</font>')
        elif kind == "softbreak":
            parts.append(" ")
        elif kind == "hardbreak":
            parts.append("<br/>")
        elif kind == "link":
            parts.append(inline_markup(child, styles, font))
        elif kind == "image":
            parts.append(markup(child.attrs.get("alt", "") or "", styles, font))
        elif kind in ("html_inline",):
            continue
        else:
            parts.append(inline_markup(child, styles, font) if child.children else markup(child.content, styles, font))
    return "".join(parts)


def plain_text(node: SyntaxTreeNode) -> str:
    """The text of an inline node without any markup (for bookmarks and the contents page)."""
    if node.type in ("text", "code_inline"):
        return node.content
    if node.type in ("softbreak", "hardbreak"):
        return " "
    return "".join(plain_text(c) for c in node.children)


# ----------------------------------------------------------------------------- headings


class Heading(Paragraph):
    """A heading that the page template turns into a bookmark (and, at level 0, a contents line)."""

    def __init__(self, text: str, style: ParagraphStyle, title: str, level: int, key: str) -> None:
        super().__init__(text, style)
        self.outline_title = title
        self.outline_level = level
        self.outline_key = key


class TableFlow(KeepTogether):
    """A table with its title and note. A short one stays whole and moves to the next page when it
    must; a long one may split between its rows (the header row is repeated), so that it does not
    leave most of a page empty. `first_part` is the height it needs at the foot of a page."""

    def __init__(self, content: list[Flowable], styles: Styles) -> None:
        super().__init__(content)
        self.styles = styles
        self.whole = sum(box_height(f, styles.width) for f in content)
        self.splittable = bool(styles.height) and self.whole > 0.4 * styles.height
        first = 0.0
        for f in content:
            if isinstance(f, Table):
                rows = getattr(f, "_rowHeights", None) or []
                first += sum(rows[: min(len(rows), 5)])  # the header and four rows
                break
            first += box_height(f, styles.width)
        self.first_part = first if self.splittable else self.whole

    def split(self, aW: float, aH: float) -> list[Flowable]:
        body = list(self._content)
        while body and isinstance(body[-1], Spacer):
            body.pop()  # the space after a table is not needed at the foot of a page
        if self.whole > aH and body != list(self._content) and sum(box_height(f, aW) for f in body) <= aH:
            return body
        if not self.splittable or self.whole <= aH:
            return super().split(aW, aH)
        if aH < self.first_part or (self.whole <= self.styles.height and self._rows_left(aW, aH) < 3):
            # too little room for its start, or only a row or two would go over: the table moves on whole
            from reportlab.platypus.doctemplate import FrameBreak

            return [FrameBreak()] + list(self._content)
        return list(self._content)


    def _rows_left(self, aW: float, aH: float) -> int:
        """How many of the table's rows would go over to the next page if it split in `aH`."""
        room = aH
        for f in self._content:
            if isinstance(f, Table):
                rows = list(getattr(f, "_rowHeights", None) or [])
                fit = 0
                for h in rows:
                    if h > room:
                        break
                    room -= h
                    fit += 1
                return len(rows) - fit
            room -= box_height(f, aW)
        return 0


def _lead_height(flow: Flowable, styles: Styles) -> float:
    """What must fit under a heading for it not to stand alone: a box or short table whole, a
    paragraph of up to three lines whole (it cannot split, leaving neither one line behind nor one
    alone over the page), the first two lines of a longer paragraph or of a list."""
    if isinstance(flow, TableFlow):
        return flow.first_part
    height = box_height(flow, styles.width)
    if isinstance(flow, (KeepTogether, Table)):
        return height
    two_lines = 2 * styles.body.leading + styles.body.spaceAfter
    if isinstance(flow, Paragraph) and height <= 3 * flow.style.leading + 0.5:
        return height + flow.style.spaceAfter
    return min(height, two_lines)


def _keep_headings_with_boxes(flows: list[Flowable], styles: Styles) -> list[Flowable]:
    """A heading (one, or several in a row) is never left alone at the foot of a page: one
    CondPageBreak before the run asks for room for the headings and the start of what follows
    (a worked example or a short table whole, the first lines of text). When a heading and its
    example box are together taller than a page, the box's card pictures are drawn smaller."""
    import io

    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus.flowables import _listWrapOn

    scratch = Canvas(io.BytesIO())  # only for measuring

    def height(flowables: list[Flowable]) -> float:
        return float(_listWrapOn([f for f in flowables if not isinstance(f, Spacer)], styles.width, scratch)[1])

    flows = [f for f in flows]
    out: list[Flowable] = []
    i = 0
    while i < len(flows):
        flow = flows[i]
        if not isinstance(flow, Heading):
            out.append(flow)
            i += 1
            continue
        # a run of headings with the CondPageBreaks each brings, then what they introduce
        while out and isinstance(out[-1], CondPageBreak):
            out.pop()  # the first heading's own guard: the one below replaces it
        j = i
        heads: list[Flowable] = []
        tail_need = 0.0  # a caption's own CondPageBreak after the last heading
        while j < len(flows) and isinstance(flows[j], (Heading, CondPageBreak)):
            if isinstance(flows[j], Heading):
                heads.append(flows[j])
                tail_need = 0.0
            else:
                tail_need = max(tail_need, float(flows[j].height))
            j += 1
        # the headings keep with what follows through the CondPageBreak below, not through
        # keepWithNext (which would move a heading and a whole long paragraph to the next page)
        for h in heads:
            h.keepWithNext = 0
        # a short paragraph between the headings and an example travels with them
        if (
            j + 1 < len(flows)
            and type(flows[j]) is Paragraph
            and isinstance(flows[j + 1], ExampleGroup)
            and flows[j].wrapOn(scratch, styles.width, 1e6)[1] < 6 * styles.body.leading
        ):
            heads.append(flows[j])
            j += 1
        texts = [f for f in heads if isinstance(f, Paragraph)]
        heads_h = sum(
            f.wrapOn(scratch, styles.width, 1e6)[1] + f.style.spaceBefore + f.style.spaceAfter for f in texts
        ) + 4
        following = flows[j] if j < len(flows) else None
        needed = heads_h
        if isinstance(following, ExampleGroup):
            tries = [(s, following.compact) for s in (following.scale, 0.92, 0.85, 0.78, 0.7, 0.62)]
            tries += [(s, True) for s in (following.scale, 0.78, 0.62, 0.55)]  # then its words a size smaller
            for scale, compact in tries:
                group = following.smaller(scale, compact) if (scale, compact) != (following.scale, following.compact) else following
                needed = heads_h + height(group._content) + 8  # the box's own spacing, and a little slack
                if not styles.height or needed < styles.height:
                    flows[j] = group
                    # the heading stays on this page if the box fits below it with smaller cards
                    # (ExampleGroup.split draws them so); the box's trailing space is not needed
                    if group.shrunk():
                        needed = heads_h + group.shrunk()[-1].height_now(styles.width) - 6 + 1
                    # or it starts below the heading and goes over between its cards and account
                    split = group.split_need(styles.width)
                    if split:
                        # (heads_h has 4 points to spare; the cut is measured exactly: a quarter will do)
                        needed = min(needed, heads_h - 3.75 + split)
                    break
            else:
                # heading and box never share one page: the heading starts a page and the box
                # follows it straight away, going over to the next page (its title row repeated)
                room = styles.height - heads_h - 8
                flows[j] = following.smaller(following.scale, True, room)
                flows[j]._maxHeight = room
                needed = styles.height - 1
        elif tail_need:
            needed = heads_h + tail_need
        elif following is not None:
            needed = heads_h + _lead_height(following, styles)
            after = flows[j + 1] if j + 1 < len(flows) else None
            if (
                type(following) is Paragraph
                and isinstance(after, (TableFlow, KeepTogether))
                and box_height(following, styles.width) < 3 * styles.body.leading
                and (
                    box_height(following, styles.width) < 1.5 * styles.body.leading
                    or re.sub(r"<[^>]*>", "", following.text).rstrip().endswith(":")
                )
            ):
                # a line, or two that lead into it, go where the table or box goes (two lines
                # complete in themselves may stay under their heading while the table goes on)
                needed = heads_h + box_height(following, styles.width) + following.style.spaceAfter
                needed += _lead_height(after, styles)
        if styles.height:
            needed = min(needed, styles.height - 1)
        out.append(CondPageBreak(needed))
        out.extend(heads)
        i = j
    return out


def _info(node: SyntaxTreeNode) -> str:
    return (node.info or "").strip().split(" ")[0].lower()


def _is_caption(node: SyntaxTreeNode) -> bool:
    """A paragraph that is nothing but bold text ("**Trick points**"), or one that ends with a colon."""
    if node.type != "paragraph" or not node.children:
        return False
    kinds = [c.type for c in node.children[0].children if not (c.type == "text" and not c.content.strip())]
    return kinds == ["strong"] or plain_text(node.children[0]).rstrip().endswith(":")


def _is_example(node: SyntaxTreeNode) -> bool:
    """A ```deckgen fence, recognised exactly as `deckgen.booklet.examples` finds them."""
    return node.type == "fence" and _info(node) == "deckgen"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


# ----------------------------------------------------------------------------- card pictures

#: Supplies the picture of one card (the deck's own face, already scaled down).
CardImages = Callable[[Card], ImageReader]


class HandsStrip(Flowable):
    """The hands of an example side by side: each a label, its cards fanned (index corners showing),
    and each card's name printed under it so it reads at pocket size. Wraps to a new line when full."""

    def __init__(
        self, hands: Sequence[tuple[str, Sequence[Card]]], images: CardImages, styles: Styles, height_mm: float
    ) -> None:
        super().__init__()
        self.hands = [(label, list(cards)) for label, cards in hands if cards]
        self.images = images
        self.styles = styles
        self.card_h = mm_to_pt(height_mm)
        self.card_w = self.card_h * CARD_WIDTH_MM / CARD_HEIGHT_MM
        self.label_size = styles.cell.fontSize - 0.5
        self.name_size = styles.cell.fontSize - 0.5
        self.gap = mm_to_pt(1.0)
        self.group_gap = mm_to_pt(5.0)
        self.line_h = self.label_size * 1.35 + self.card_h + self.name_size * 1.5
        self._lines: list[tuple[float, list[tuple[float, str, list[Card], float, bool]]]] = []
        self.line_gap = 0.0

    def _group_width(self, n: int, step: float) -> float:
        return self.card_w + step * (n - 1) if n else 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        full_step = self.card_w + self.gap
        # the narrowest step that still shows a card's name under its visible strip
        min_step = max(self.card_w * 0.42, text_width("10♥", self.name_size, BODY + "-Bold") + 2)
        side_label = mm_to_pt(15)
        lines: list[tuple[float, list[tuple[float, str, list[Card], float, bool]]]] = []
        current: list[tuple[float, str, list[Card], float, bool]] = []
        x = 0.0
        label_row = self.label_size * 1.35
        names_row = self.name_size * 1.4
        for label, cards in self.hands:
            n = len(cards)
            label_w = text_width(label, self.label_size, BODY + "-Bold")
            long_hand = n > 6
            room = avail_width - (side_label if long_hand else 0.0)
            step = full_step
            if self._group_width(n, step) > room:
                step = (room - self.card_w) / max(n - 1, 1)
                if step < min_step:
                    raise UserError(
                        f"a hand of {n} cards is too long to draw across the booklet page "
                        f"(at most {int((room - self.card_w) / min_step) + 1} cards)"
                    )
            if long_hand:
                # a long hand gets a line of its own, its label beside it rather than above
                if current:
                    lines.append((label_row + self.card_h + names_row, current))
                    current, x = [], 0.0
                lines.append((self.card_h + names_row, [(side_label, label, cards, step, True)]))
                continue
            width = max(self._group_width(n, step), label_w)
            if current and x + width > avail_width:
                lines.append((label_row + self.card_h + names_row, current))
                current, x = [], 0.0
            current.append((x, label, cards, step, False))
            x += width + self.group_gap
        if current:
            lines.append((label_row + self.card_h + names_row, current))
        self._lines = lines
        self.line_gap = mm_to_pt(1.2)
        self.width = avail_width
        self.height = sum(h for h, _ in lines) + self.line_gap * (len(lines) - 1)
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        st = self.styles
        radius = self.card_w * 5.0 / CARD_WIDTH_MM
        top = self.height
        for line_h, groups in self._lines:
            for x, label, cards, step, beside in groups:
                canvas.setFont(BODY + "-Bold", self.label_size)
                canvas.setFillColor(colors.HexColor(st.palette.ink))
                if beside:
                    y = top - self.card_h
                    canvas.drawString(0, y + self.card_h / 2 - self.label_size / 3, label)
                else:
                    canvas.drawString(x, top - self.label_size, label)
                    y = top - self.label_size * 1.35 - self.card_h
                for i, card in enumerate(cards):
                    cx = x + i * step
                    canvas.saveState()
                    path = canvas.beginPath()
                    path.roundRect(cx, y, self.card_w, self.card_h, radius)
                    canvas.clipPath(path, stroke=0, fill=0)
                    canvas.drawImage(self.images(card), cx, y, self.card_w, self.card_h)
                    canvas.restoreState()
                    canvas.saveState()
                    canvas.setStrokeColor(colors.HexColor("#7d7d88"))
                    canvas.setLineWidth(0.4)
                    canvas.roundRect(cx, y, self.card_w, self.card_h, radius, stroke=1, fill=0)
                    canvas.restoreState()
                    # the card's name under the part of it that shows
                    visible = min(step, self.card_w) if i < len(cards) - 1 else self.card_w
                    self._draw_name(card, cx + visible / 2, y - self.name_size * 1.2)
            top -= line_h + self.line_gap

    def _draw_name(self, card: Card, centre: float, baseline: float) -> None:
        canvas = self.canv
        st = self.styles
        rank = "Jk" if card.is_joker else card.rank.label  # type: ignore[union-attr]
        suit = "" if card.is_joker else card.suit.symbol  # type: ignore[union-attr]
        w_rank = text_width(rank, self.name_size, BODY + "-Bold")
        w_suit = pdfmetrics.stringWidth(suit, SYMBOL, self.name_size) if suit else 0
        x = centre - (w_rank + w_suit) / 2
        colour = colors.HexColor(st.palette.red if card.is_red else st.palette.ink)
        canvas.setFillColor(colour)
        canvas.setFont(BODY + "-Bold", self.name_size)
        canvas.drawString(x, baseline, rank)
        if suit:
            canvas.setFont(SYMBOL, self.name_size)
            canvas.drawString(x + w_rank, baseline, suit)


class CardFan(Flowable):
    """A few of the deck's own cards held in a fan, for the cover: the booklet belongs to this deck."""

    def __init__(self, images: Sequence[ImageReader], height: float, spread_deg: float = 11.0) -> None:
        super().__init__()
        self.images = list(images)
        self.card_h = height * 0.84
        self.card_w = self.card_h * CARD_WIDTH_MM / CARD_HEIGHT_MM
        self.spread = spread_deg
        self.height = height
        self.width = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        n = len(self.images)
        radius = self.card_w * 5.0 / CARD_WIDTH_MM
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
            canvas.drawImage(image, x, y, self.card_w, self.card_h)
            canvas.restoreState()
            canvas.saveState()
            canvas.translate(pivot_x, pivot_y)
            canvas.rotate(-angle)
            canvas.setStrokeColor(colors.HexColor("#5a5a64"))
            canvas.setLineWidth(0.4)
            canvas.roundRect(x, y, self.card_w, self.card_h, radius, stroke=1, fill=0)
            canvas.restoreState()


# ----------------------------------------------------------------------------- example boxes


@dataclass(frozen=True)
class ExampleView:
    """What one worked-example box shows: already checked, already worded."""

    #: (label, cards) for each hand, in the order the example gives them.
    hands: list[tuple[str, list[Card]]]
    #: The engine's own account of the result, one line each.
    account: list[str]
    #: (quantity, claimed value) as a person reads them, all confirmed by the engine.
    claims: list[tuple[str, str]]
    #: The house rules this example changes, worded ("gin bonus 20"), if any.
    rules_note: str = ""
    #: Other inputs worth showing (contract, vulnerability ...), worded.
    facts: list[tuple[str, str]] = field(default_factory=list)
    title: str = "Worked example"


def example_box(
    view: ExampleView,
    styles: Styles,
    images: CardImages,
    card_height_mm: float = 19.0,
    intro: str = "",
    long_hand_mm: float = 13.0,
    compact: bool = False,
    part: str = "whole",
) -> Table:
    """A framed box: title (with the sentence that introduces it, already marked up), the hands as
    card pictures, the engine's account, then the claim. `compact` sets the account and claim a
    size smaller, for the few examples that would not fit a page otherwise. `part` "cards" is the
    box down to its cards, "upper" down to its account (without the claim), "rest" the account and
    claim under a short title, for a box that goes over to the next page between them."""
    pal = styles.palette
    cell = styles.cell
    if compact:
        cell = ParagraphStyle("cell_compact", parent=cell, fontSize=cell.fontSize - 0.8, leading=(cell.fontSize - 0.8) * 1.12)
    pad = 4.0
    inner = styles.width - 2 * pad
    rows: list[list[Any]] = []
    kinds: list[str] = []
    lead = f'<font name="{HEAD}-Bold" color="{pal.accent}">'

    title = markup(view.title, styles, HEAD)
    if part == "rest":
        title += f'<font name="{BODY}-Italic" color="{pal.ink}" size="{styles.body.fontSize}">  continued</font>'
        intro = ""
    if intro:
        title += f'<font name="{BODY}" color="{pal.ink}" size="{styles.body.fontSize}">  {intro}</font>'
    if view.rules_note and part != "rest":
        title += f'<font name="{BODY}-Italic" color="{pal.ink}">   (this example plays {markup(view.rules_note, styles)})</font>'
    rows.append([Paragraph(title, styles.box_title)])
    kinds.append("title")
    if view.facts and part != "rest":
        text = "   ".join(f"<b>{markup(k, styles)}</b> {markup(v, styles)}" for k, v in view.facts)
        rows.append([Paragraph(text, styles.cell)])
        kinds.append("facts")
    if any(cards for _, cards in view.hands) and part != "rest":
        # long hands (gin's two tens) get smaller pictures so the whole box fits on one page
        if sum(len(cards) for _, cards in view.hands) > 9:
            card_height_mm = min(card_height_mm, long_hand_mm)
        rows.append([HandsStrip(view.hands, images, styles, card_height_mm)])
        kinds.append("hands")
    if part == "cards":
        return _box_table(rows, kinds, styles)
    if view.account:
        text = "<br/>".join(markup(line, styles) for line in view.account)
        rows.append([Paragraph(f"{lead}Engine</font>  " + text, cell)])
        kinds.append("account")
    if part == "upper":
        return _box_table(rows, kinds, styles)
    claim = " · ".join(f"{markup(q, styles)} <b>{markup(v, styles)}</b>" for q, v in view.claims)
    claim_par = Paragraph(f"{lead}Claim</font>  {claim}  " + f'<font name="{SYMBOL}" color="#1a7f37">✓ checked</font>', cell)
    if compact and kinds[-1] == "account":
        # a box too tall for one page goes over between the cards and the engine's account, which
        # stays with the claim it supports (the title row is repeated above them)
        account = rows.pop()[0]
        kinds.pop()
        rows.append([[account, Spacer(1, 2.5), claim_par]])
        kinds.append("account and claim")
    else:
        rows.append([claim_par])
        kinds.append("claim")
    return _box_table(rows, kinds, styles)


def _box_table(rows: list[list[Any]], kinds: list[str], styles: Styles) -> Table:
    """The rows of a worked-example box in its frame, `kinds` naming what each row holds."""
    pal = styles.palette
    pad = 4.0
    inner = styles.width - 2 * pad
    table = Table(rows, colWidths=[inner + 2 * pad], hAlign="LEFT", splitByRow=1, repeatRows=1)
    commands: list[tuple[Any, ...]] = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), pad),
        ("RIGHTPADDING", (0, 0), (-1, -1), pad),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(pal.accent_light)),
        ("BOX", (0, 0), (-1, -1), 0.6, colors.HexColor(pal.accent)),
        ("LINEBELOW", (0, 0), (-1, 0), 0.4, colors.HexColor(pal.rule)),
        ("TOPPADDING", (0, 0), (-1, 0), 2.2),
        ("BOTTOMPADDING", (0, 0), (-1, 0), 2.0),
    ]
    for i, kind in enumerate(kinds):
        if kind == "hands":
            commands.append(("TOPPADDING", (0, i), (-1, i), 3))
        if kind == "account and claim":
            commands.append(("BOTTOMPADDING", (0, i), (-1, i), 2.5))
        if kind == "claim":
            commands.append(("LINEABOVE", (0, i), (-1, i), 0.4, colors.HexColor(pal.rule)))
            commands.append(("BOTTOMPADDING", (0, i), (-1, i), 2.5))
    table.setStyle(TableStyle(commands + [FONT_COMMAND]))
    table.kinds = kinds  # what each row holds, for `ExampleGroup` to split between cards and account
    return table


#: The share of the text column that must be left for a worked-example box to start at the foot of
#: a page and go over to the next one between its cards and its account.
SPLIT_ROOM = 0.4
#: How narrow a card picture may be drawn so that a box starts at the foot of a page (in mm).
SPLIT_CARD_MM = 11.0


class ExampleGroup(KeepTogether):
    """A worked-example box kept on one page; it can redraw itself with smaller card pictures
    so that the heading above it fits on the same page."""

    def __init__(
        self,
        view: ExampleView,
        styles: Styles,
        images: CardImages,
        intro: str = "",
        scale: float = 1.0,
        compact: bool = False,
        room: float = 0.0,
    ) -> None:
        """`room`: the height its first page offers when the box must go over two pages (below a
        heading, less than a whole page)."""
        self.view, self.styles, self.images, self.intro, self.compact = view, styles, images, intro, compact
        room = room or styles.height
        # a box taller than a page (many players, long hands) draws its cards smaller until it fits
        for self.scale in sorted({scale} | {s for s in (0.9, 0.8, 0.7, 0.6) if s < scale}, reverse=True):
            box = example_box(view, styles, images, 19.0 * self.scale, intro, 13.0 * self.scale, compact=compact)
            if not styles.height or box_height(box, styles.width) <= styles.height - 12:
                break
        else:
            if styles.height:
                # still too tall: a size smaller for its words, and the box goes over two pages
                # between its cards and the engine's account, its title row repeated on the second;
                # as it is split anyway, its cards are drawn as large as each part allows
                self.compact = True
                for self.scale in sorted({scale} | {s for s in (0.9, 0.8, 0.7, 0.6) if s < scale}, reverse=True):
                    box = example_box(view, styles, images, 19.0 * self.scale, intro, 13.0 * self.scale, compact=True)
                    box_height(box, styles.width)
                    heights = list(box._rowHeights)
                    if heights[0] + heights[-1] <= styles.height - 12 and sum(heights[:-1]) <= room - 12:
                        break
        super().__init__([Spacer(1, 2), box, Spacer(1, 6)])

    def smaller(self, scale: float, compact: bool = False, room: float = 0.0) -> ExampleGroup:
        return ExampleGroup(
            self.view, self.styles, self.images, self.intro, min(scale, self.scale), compact or self.compact, room
        )

    def split(self, aW: float, aH: float) -> list[Flowable]:
        """Near the foot of a page (or below its heading), a box that almost fits draws its cards a
        little smaller (never below 13 mm tall, or 11 mm in a long hand) rather than leave the
        space empty."""
        if getattr(self, "_wrapInfo", None) != (aW, aH):
            self.wrap(aW, aH)
        if self._H > aH and isinstance(self._content[-1], Spacer):
            # the space after the box is not needed at the foot of a page
            body = list(self._content[:-1])
            if sum(box_height(f, aW) for f in body) <= aH:
                return body
        if self._H > aH:
            for group in self.shrunk():
                body = list(group._content[:-1])  # without the space after it, at the foot of a page
                if sum(box_height(f, aW) for f in body) <= aH:
                    return body  # it fits: placed as it is, not kept together again
            parts = self.split_at_cards(aW, aH)
            if parts:
                return parts
        return super().split(aW, aH)

    def cards_part(self, width: float) -> float:
        """The height of the box down to the foot of its cards (with the space above it), or 0 for
        a box that cannot go over between its cards and its account."""
        box = self._content[1]
        kinds = getattr(box, "kinds", [])
        if "hands" not in kinds or kinds[-1] == "hands":
            return 0.0
        return box_height(self._content[0], width) + box_height(self._parts()[0], width)

    def split_at_cards(self, aW: float, aH: float) -> list[Flowable]:
        """A box that does not fit whole where at least 40 % of the page is left goes over between
        its cards and the engine's account (the title row repeated over the account), rather than
        leave the space empty."""
        if not self.styles.height or aH < SPLIT_ROOM * self.styles.height:
            return []
        for group in self._split_candidates(aW):
            if group.cards_part(aW) <= aH:
                first, rest = group._parts()
                return [group._content[0], first, KeepTogether([rest, group._content[-1]])]
        # a box of words alone (bridge scores, a betting round) goes over inside its account
        for first, rest in self._account_splits():
            if box_height(self._content[0], aW) + box_height(first, aW) <= aH:
                return [self._content[0], first, KeepTogether([rest, self._content[-1]])]
        return []

    def _account_splits(self) -> list[tuple[Table, Table]]:
        """For a box without cards: its upper part with all but the last k lines of the account,
        and the rest under a short title, longest upper part first; at least two lines on each
        side."""
        if getattr(self, "_account_made", None) is None:
            self._account_made: list[tuple[Table, Table]] = []
            lines = list(self.view.account)
            if self.styles.height and not any(cards for _, cards in self.view.hands) and len(lines) >= 4:
                args = (self.styles, self.images, 19.0 * self.scale, self.intro, 13.0 * self.scale)
                for k in range(len(lines) - 2, 1, -1):
                    self._account_made.append((
                        example_box(replace(self.view, account=lines[:k]), *args, compact=self.compact, part="upper"),
                        example_box(replace(self.view, account=lines[k:]), *args, compact=self.compact, part="rest"),
                    ))
        return self._account_made

    def _parts(self) -> tuple[Table, Table]:
        """The box down to its cards, and its account and claim under a short title."""
        if getattr(self, "_parts_made", None) is None:
            args = (self.view, self.styles, self.images, 19.0 * self.scale, self.intro, 13.0 * self.scale)
            self._parts_made = (
                example_box(*args, compact=self.compact, part="cards"),
                example_box(*args, compact=self.compact, part="rest"),
            )
        return self._parts_made

    def _split_candidates(self, width: float) -> list[ExampleGroup]:
        """The box as it is, then with its cards a little smaller but never under `SPLIT_CARD_MM`
        wide, for going over between its cards and its account."""
        if not self.cards_part(width):
            return []
        if getattr(self, "_candidates", None) is None:
            self._candidates = [self]
            for factor in (0.95, 0.9):
                group = self.smaller(self.scale * factor)
                box = group._parts()[0]
                strip = box._cellvalues[box.kinds.index("hands")][0]
                strip = strip[0] if isinstance(strip, (list, tuple)) else strip
                if strip.card_w < mm_to_pt(SPLIT_CARD_MM) - 1e-6:
                    break
                self._candidates.append(group)
        return self._candidates

    def split_need(self, width: float) -> float:
        """The least room at the foot of a page in which the box starts (going over at its cards):
        0 when it cannot go over."""
        firsts = [g.cards_part(width) for g in self._split_candidates(width)]
        splits = self._account_splits()
        if splits:
            firsts.append(box_height(self._content[0], width) + box_height(splits[-1][0], width))
        if not firsts or not self.styles.height:
            return 0.0
        return max(min(firsts), SPLIT_ROOM * self.styles.height)

    def shrunk(self) -> list[ExampleGroup]:
        """The same box with its cards a little smaller, step by step, down to 13 mm (11 mm in a
        long hand); none for a box that goes over two pages anyway."""
        if getattr(self, "_shrunk", None) is None:
            self._shrunk: list[ExampleGroup] = []
            if self.styles.height and not self.compact and any(cards for _, cards in self.view.hands):
                long_hand = sum(len(cards) for _, cards in self.view.hands) > 9
                smallest = 11.0 / 13.0 if long_hand else 13.0 / 19.0
                for factor in (0.9, 0.8, 0.7):
                    if self.scale * factor < smallest - 1e-9:
                        break
                    self._shrunk.append(self.smaller(self.scale * factor))
        return self._shrunk

    def height_now(self, width: float) -> float:
        """The box's height with its spacing, as it would be placed."""
        return sum(box_height(f, width) for f in self._content)


def box_height(flowable: Flowable, width: float) -> float:
    """How tall a flowable sets at `width` (measured on a scratch canvas, nothing is drawn)."""
    import io

    from reportlab.pdfgen.canvas import Canvas

    if isinstance(flowable, KeepTogether):
        # a KeepTogether answers wrap with a huge height to make the frame ask it to split
        return sum(box_height(f, width) for f in flowable._content)
    _, height = flowable.wrapOn(Canvas(io.BytesIO()), width, 1e6)
    return float(height)


# ----------------------------------------------------------------------------- tables


def text_width(text: str, size: float, font: str = BODY) -> float:
    """How wide `text` sets, counting the glyphs that fall back to the symbol font (suits) in it."""
    register_fonts()
    width = 0.0
    for ch in text:
        face = font if ch not in _SUITS and _has_glyph(font, ch) else SYMBOL
        width += pdfmetrics.stringWidth(ch, face, size)
    return width


def _col_widths(cells: list[list[str]], styles: Styles, total: float) -> list[float]:
    """Column widths from the text each column holds, scaled to fit `total` points."""
    size = styles.cell.fontSize
    n = max(len(r) for r in cells)
    natural = [0.0] * n
    longest = [0.0] * n
    for i, row in enumerate(cells):
        font = BODY + "-Bold" if i == 0 else BODY
        for j, text in enumerate(row):
            words = max((text_width(w, size, font) for w in text.split()), default=0.0)
            longest[j] = max(longest[j], words + 7)
            natural[j] = max(natural[j], text_width(text, size, font) + 7)
    if sum(natural) <= total:
        return natural
    # give every column its longest word, then share what is left in proportion to the rest of its text
    base = [min(l, total / n) for l in longest]
    spare = max(total - sum(base), 0.0)
    extra = [max(w - b, 0.0) for w, b in zip(natural, base)]
    share = spare / sum(extra) if sum(extra) else 0.0
    return [b + e * min(share, 1.0) for b, e in zip(base, extra)]


def grid_table(
    header: list[str],
    rows: list[list[str]],
    styles: Styles,
    align: Sequence[str] = (),
    header_markup: list[str] | None = None,
    row_markup: list[list[str]] | None = None,
) -> Table:
    """A table in the booklet's style: a coloured header row, light stripes, numbers right-aligned."""
    pal = styles.palette
    head_cells = header_markup or [markup(h, styles, red_suits=False) for h in header]
    body_cells = row_markup or [[markup(c, styles) for c in r] for r in rows]
    n = len(header)
    align = list(align) + ["left"] * (n - len(align))
    ta = {"left": TA_LEFT, "right": TA_RIGHT, "center": TA_CENTER}
    head_styles = [ParagraphStyle(f"th{j}", parent=styles.cell_head, alignment=ta[align[j]]) for j in range(n)]
    cell_styles = [ParagraphStyle(f"td{j}", parent=styles.cell, alignment=ta[align[j]]) for j in range(n)]
    data = [[Paragraph(c, head_styles[j]) for j, c in enumerate(head_cells)]]
    for r in body_cells:
        r = list(r) + [""] * (n - len(r))
        data.append([Paragraph(c, cell_styles[j]) for j, c in enumerate(r[:n])])
    widths = _col_widths([header] + [[re.sub(r"<[^>]+>", "", c) for c in r] for r in body_cells], styles, styles.width)
    table = Table(data, colWidths=widths, hAlign="LEFT", repeatRows=1)
    commands: list[tuple[Any, ...]] = [
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(pal.accent)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 1.4),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.8),
        ("LINEBELOW", (0, -1), (-1, -1), 0.5, colors.HexColor(pal.accent)),
    ]
    for i in range(2, len(data), 2):
        commands.append(("BACKGROUND", (0, i), (-1, i), colors.HexColor(pal.accent_light)))
    table.setStyle(TableStyle(commands + [FONT_COMMAND]))
    return table


def computed_table(table: ComputedTable, styles: Styles) -> list[Flowable]:
    """A table from `deckgen.booklet.tables`, with its title and note."""
    out: list[Flowable] = []
    if table.title:
        out.append(Paragraph(f"<b>{markup(table.title, styles)}</b>", ParagraphStyle("tt", parent=styles.small, spaceBefore=2, spaceAfter=2)))
    out.append(grid_table(table.header, table.rows, styles, table.align))
    if table.note:
        out.append(Paragraph(markup(table.note, styles), styles.caption))
    else:
        out.append(Spacer(1, 5))
    return out


# ----------------------------------------------------------------------------- the converter


@dataclass
class Converter:
    """Turns one chapter's Markdown into flowables.

    `examples` are the chapter's worked examples in the order their blocks appear;
    `table_for(spec)` returns the computed table a ```deckgen-table block names.
    """

    styles: Styles
    images: CardImages
    examples: Sequence[ExampleView] = ()
    table_for: Callable[[dict[str, Any]], ComputedTable] | None = None
    #: Prefix for bookmark keys, unique per chapter.
    key_prefix: str = "ch"
    #: Where the source came from, for error messages.
    source_name: str = "rules"
    _example_index: int = 0
    _keys: set[str] = field(default_factory=set)
    _last_heading: str = ""

    def convert(self, text: str) -> list[Flowable]:
        """All the flowables of `text`; every ```deckgen block must have its ExampleView."""
        md = MarkdownIt("commonmark").enable("table")
        tree = SyntaxTreeNode(md.parse(text))
        out = _keep_headings_with_boxes(list(self._blocks(tree.children, self.styles.body)), self.styles)
        if self._example_index != len(self.examples):
            raise UserError(
                f"{self.source_name}: {len(self.examples)} worked example(s) were checked "
                f"but {self._example_index} were found in the text"
            )
        return out

    # -- blocks

    def _blocks(self, nodes: Sequence[SyntaxTreeNode], style: ParagraphStyle) -> Iterator[Flowable]:
        nodes = list(nodes)
        i = 0
        while i < len(nodes):
            node = nodes[i]
            following = nodes[i + 1] if i + 1 < len(nodes) else None
            if node.type == "paragraph" and following is not None and _is_example(following):
                # the sentence that introduces an example stays on the page with its box
                # the sentence that introduces an example becomes the box's caption
                intro = inline_markup(node.children[0], self.styles)
                yield self._example(intro)
                i += 2
                continue
            if _is_example(node):
                yield self._example()
            elif _is_caption(node) and following is not None and following.type in ("table", "paragraph", "bullet_list", "ordered_list", "fence"):
                # a caption (a bold line, or a sentence ending in a colon) starts a page only
                # with the start of what it introduces: a table whole, a list's first lines
                caption = list(self._block(node, style))
                rest = list(self._block(following, style))
                head = sum(box_height(f, self.styles.width) for f in caption)
                body = sum(box_height(f, self.styles.width) for f in rest)
                if following.type != "table":
                    body = min(body, 3 * style.leading)
                elif rest and isinstance(rest[0], TableFlow):
                    body = rest[0].first_part
                yield CondPageBreak(head + body + style.spaceAfter + 2)
                yield from caption
                yield from rest
                i += 1
            else:
                yield from self._block(node, style)
            if node.type != "heading":
                self._last_heading = ""
            i += 1

    def _block(self, node: SyntaxTreeNode, style: ParagraphStyle) -> Iterator[Flowable]:
        kind = node.type
        st = self.styles
        if kind == "heading":
            yield from self._heading(node)
        elif kind == "paragraph":
            yield Paragraph(inline_markup(node.children[0], st), style)
        elif kind in ("bullet_list", "ordered_list"):
            yield self._list(node, style)
        elif kind == "blockquote":
            yield self._quote(node)
        elif kind == "table":
            yield self._table(node)
        elif _is_example(node):
            yield self._example()
        elif kind == "fence" and _info(node) == "deckgen-table":
            yield from self._computed(node)
        elif kind in ("fence", "code_block"):
            lines = node.content.rstrip("\n").split("\n")
            yield Paragraph("<br/>".join(markup(l, st, HEAD).replace("  ", "&nbsp; ") for l in lines), st.code)
        elif kind == "hr":
            yield Spacer(1, 4)
        elif kind == "html_block":
            if "pagebreak" in node.content:
                yield PageBreak()

    def _key(self, title: str) -> str:
        base = f"{self.key_prefix}-{_slug(title)}"
        key, n = base, 2
        while key in self._keys:
            key, n = f"{base}-{n}", n + 1
        self._keys.add(key)
        return key

    def _heading(self, node: SyntaxTreeNode) -> Iterator[Flowable]:
        level = int(node.tag[1])
        inline = node.children[0]
        title = plain_text(inline).strip()
        st = self.styles
        self._last_heading = title
        if level == 1:
            # the chapter title is drawn by the chapter header (see `chapter_header`)
            return
        if level == 2:
            yield CondPageBreak(mm_to_pt(22))
            yield Heading(inline_markup(inline, st, HEAD), st.h2, title, 1, self._key(title))
        else:
            yield CondPageBreak(mm_to_pt(16))
            yield Heading(inline_markup(inline, st), st.h3, title, 2, self._key(title))

    def _list(self, node: SyntaxTreeNode, style: ParagraphStyle) -> Flowable:
        st = self.styles
        ordered = node.type == "ordered_list"
        items: list[ListItem] = []
        for item in node.children:
            flows = list(self._blocks(item.children, ParagraphStyle("li", parent=style, spaceAfter=1.2)))
            items.append(ListItem(flows if len(flows) != 1 else flows[0]))
        start = int(node.attrs.get("start", 1)) if ordered else None
        kwargs: dict[str, Any] = dict(
            bulletFontName=BODY,
            bulletFontSize=style.fontSize,
            leftIndent=style.fontSize * 1.35,
            bulletOffsetY=0,
            spaceAfter=style.spaceAfter,
        )
        if ordered:
            return ListFlowable(items, bulletType="1", start=start, bulletFormat="%s.", **kwargs)
        return ListFlowable(
            items, bulletType="bullet", start="•", bulletColor=colors.HexColor(st.palette.accent), **kwargs
        )

    def _quote(self, node: SyntaxTreeNode) -> Flowable:
        st = self.styles
        pal = st.palette
        first = node.children[0] if node.children else None
        quick = bool(
            first is not None
            and first.type == "paragraph"
            and plain_text(first.children[0]).strip().lower().startswith("quick reference")
        )
        inner_style = ParagraphStyle("q", parent=st.body, fontSize=st.body.fontSize - 0.5, leading=(st.body.fontSize - 0.5) * 1.2, spaceAfter=2)
        flows: list[Flowable] = []
        children = list(node.children)
        titled = quick and not self._last_heading.lower().startswith("quick reference")
        if quick and first is not None:
            rest = inline_markup(first.children[0], st)
            rest = re.sub(r"^\s*<b>\s*Quick reference\s*</b>\s*:?\s*", "", rest, flags=re.IGNORECASE)
            if titled:
                flows.append(Paragraph("Quick reference", ParagraphStyle("qh", parent=st.box_title, textColor=colors.white)))
            else:
                flows.append(Spacer(1, 1.5))
            if rest.strip():
                flows.append(Paragraph(rest, inner_style))
            children = children[1:]
        flows.extend(self._blocks(children, inner_style))
        table = Table([[f] for f in flows], colWidths=[st.width - 2], hAlign="LEFT")
        commands: list[tuple[Any, ...]] = [
            ("LEFTPADDING", (0, 0), (-1, -1), 6),
            ("RIGHTPADDING", (0, 0), (-1, -1), 5),
            ("TOPPADDING", (0, 0), (-1, -1), 1),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
            ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(pal.accent_light)),
        ]
        if titled:
            commands += [
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(pal.accent)),
                ("TOPPADDING", (0, 0), (-1, 0), 2.5),
                ("BOTTOMPADDING", (0, 0), (-1, 0), 2.5),
            ]
        if quick:
            commands += [
                ("BOX", (0, 0), (-1, -1), 0.8, colors.HexColor(pal.accent)),
                ("BOTTOMPADDING", (0, -1), (-1, -1), 4),
            ]
        else:
            commands += [("LINEBEFORE", (0, 0), (0, -1), 2, colors.HexColor(pal.accent))]
        table.setStyle(TableStyle(commands + [FONT_COMMAND]))
        return KeepTogether([Spacer(1, 2), table, Spacer(1, 5)]) if quick else table

    def _table(self, node: SyntaxTreeNode) -> Flowable:
        st = self.styles
        header: list[str] = []
        header_markup: list[str] = []
        rows: list[list[str]] = []
        row_markup: list[list[str]] = []
        align: list[str] = []
        for section in node.children:
            for tr in section.children:
                texts = [plain_text(cell.children[0]) if cell.children else "" for cell in tr.children]
                marks = [inline_markup(cell.children[0], st) if cell.children else "" for cell in tr.children]
                if section.type == "thead":
                    header, header_markup = texts, marks
                    for cell in tr.children:
                        style = str(cell.attrs.get("style", ""))
                        align.append("right" if "right" in style else "center" if "center" in style else "left")
                else:
                    rows.append(texts)
                    row_markup.append(marks)
        return TableFlow([grid_table(header, rows, st, align, header_markup, row_markup), Spacer(1, 5)], st)

    def _example(self, intro: str = "") -> ExampleGroup:
        if self._example_index >= len(self.examples):
            raise UserError(f"{self.source_name}: a worked example in the text was not checked")
        view = self.examples[self._example_index]
        self._example_index += 1
        return ExampleGroup(view, self.styles, self.images, intro)

    def _computed(self, node: SyntaxTreeNode) -> Iterator[Flowable]:
        import yaml

        line = (node.map[0] + 1) if node.map else 0
        try:
            spec = yaml.safe_load(node.content)
        except yaml.YAMLError as exc:
            raise UserError(f"{self.source_name}:{line}: deckgen-table block is not YAML ({exc})") from None
        if not isinstance(spec, dict) or "table" not in spec:
            raise UserError(f"{self.source_name}:{line}: a deckgen-table block needs 'table: <name>'")
        if self.table_for is None:
            raise UserError(f"{self.source_name}:{line}: computed tables are not available here")
        try:
            table = self.table_for(spec)
        except UserError as exc:
            raise UserError(f"{self.source_name}:{line}: {exc}") from None
        yield TableFlow(computed_table(table, self.styles), self.styles)


# ----------------------------------------------------------------------------- chapter header


def rating_dots(value: int) -> str:
    """A rating out of five as filled and open dots: ●●●○○."""
    value = max(0, min(5, int(value)))
    return "●" * value + "○" * (5 - value)


def chapter_header(
    title: str, facts: Sequence[tuple[str, str]], styles: Styles, key: str, house_rules: str = ""
) -> list[Flowable]:
    """The opening of a game's chapter: its title (a bookmark and a contents line), a line of facts,
    and the house rules this booklet plays that differ from the usual ones."""
    st = styles
    out: list[Flowable] = [Heading(markup(title, st, HEAD), st.h1, title, 0, key)]
    if facts:
        line = "   ".join(
            f'<font color="{st.palette.accent}">{markup(k, st)}</font> {markup(v, st)}' for k, v in facts
        )
        out.append(Paragraph(line, ParagraphStyle("facts", parent=st.small, spaceAfter=2 if house_rules else 6)))
    if house_rules:
        out.append(
            Paragraph(
                f'<font color="{st.palette.accent}">House rules</font> {markup(house_rules, st)}',
                ParagraphStyle("house", parent=st.small, spaceAfter=6),
            )
        )
    return out
