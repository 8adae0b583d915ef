"""Worked-example boxes: a title, the cards, and the outcome in a sentence or two.

A box is what a player reads: the example's own title (the sentence that introduces
it), its hands as card pictures (a bridge deal as a compass diagram), any other facts
of the deal, and the engine's account of the outcome under the booklet's house rules.
The words sit beside narrow cards while the outcome takes two lines there; a longer one
runs under the cards at the box's full width. Numbers of four digits and more are set
with thousands separators (1,430), as a rulebook prints them.
Every hand of small cards has each card's name under it: a reader reads the names, not the
cards' millimetre-high indices. It stays whole: a box that does not fit where it falls moves to
the next page (set shorter first when that lets it fit a page that would otherwise be left half empty),
and only one taller than a page goes over, between its rows, its title repeated.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from deckgen.booklet.pictures import CardImages, CompassDiagram, Hand, HandsStrip, compass_hands, in_deck_letters, index_of
from deckgen.booklet.rl import box_height, replace_kept
from deckgen.booklet.styles import BODY, FONT_COMMAND, SMALL_SIZE, Styles, grouped, markup, text_width
from deckgen.engine.base import Record
from deckgen.units import mm_to_pt

#: Room inside a box's frame, left and right (points).
BOX_PADDING = 4.0
#: Room above a box and below it.
SPACE_ABOVE = 2.0
SPACE_BELOW = 6.0
#: A box taller than this share of a page with the cards' names under its hands and their labels above
#: is set with its lines of cards shorter (`_compact`) when that makes it shorter, so that it still fits
#: on a page with its heading.
BESIDE_NAMES_PAGE_SHARE = 0.8
#: Hands no wider than this share of the box have the words beside them rather than below.
BESIDE_SHARE = 0.55
#: An outcome beside the cards runs to at most this many lines; one longer goes under the cards, at the
#: box's full width, when it takes fewer lines there (the facts, short, stay beside the cards).
BESIDE_LINES = 2


@dataclass(frozen=True)
class ExampleView:
    """What one worked-example box shows: already computed, already worded."""

    #: The hands, each a label and its cards (in groups when the engine arranges them).
    hands: list[Hand]
    #: The outcome in plain sentences, from the engine under the booklet's house rules.
    sentences: list[str]
    #: The house rules this example plays differently from the table, worded ("knock limit 10"), if any.
    rules_note: str = ""
    #: Other facts of the deal worth showing (contract, vulnerability ...), worded; a fact whose name is
    #: empty is a phrase standing alone ("Not vulnerable").
    facts: list[tuple[str, str]] = field(default_factory=list)
    #: The title when the text gives the example no sentence of its own.
    title: str = "Example"
    #: Records the inputs hold (betting rounds, a rubber's deals), each drawn as a small table.
    records: list[Record] = field(default_factory=list)


def example_box(view: ExampleView, styles: Styles, images: CardImages, intro: str = "") -> Table:
    """The framed box: title (the sentence introducing the example, already marked up), the
    cards with their names under them (see `pictures.HandsStrip`), the facts and the outcome,
    all in one size of text. A box that the row of names under each line of cards would make taller
    than `BESIDE_NAMES_PAGE_SHARE` of a page has them beside the cards instead, when that is shorter."""
    box = _example_box(view, styles, images, intro)
    if styles.height and _has_names(box) and measured(box, styles.width) + SPACE_ABOVE > BESIDE_NAMES_PAGE_SHARE * styles.height:
        return min([box, *_compact(view, styles, images, intro)], key=lambda b: measured(b, styles.width))
    return box


def measured(box: Table, width: float) -> float:
    """How tall a box sets at `width`, measured once: a box never changes once made, and the page
    flow asks its height again and again (ReportLab sets every cell of it again for each asking)."""
    heights: dict[float, float] = box.heights
    if width not in heights:
        heights[width] = box_height(box, width)
    return heights[width]


def _compact(view: ExampleView, styles: Styles, images: CardImages, intro: str, tight: bool = False) -> list[Table]:
    """The box with its hands' lines made shorter, the names kept: the names beside each fan, or
    each hand's label set before its names under the fan instead of on a line above it, or the
    lines of cards set closer (less room above them, between them and over the labels)."""
    return [
        _example_box(view, styles, images, intro, tight=tight, names_beside=True),
        _example_box(view, styles, images, intro, tight=tight, labels_inline=True),
        _example_box(view, styles, images, intro, tight=tight, close=True),
    ]


def _has_names(box: Table) -> bool:
    """Whether a box's hands have the cards' names under them."""
    return bool(getattr(box, "names", False))


def _example_box(
    view: ExampleView, styles: Styles, images: CardImages, intro: str, tight: bool = False,
    names_beside: bool = False, labels_inline: bool = False, close: bool = False,
) -> Table:
    """The box; `tight`: every word that fits beside narrow cards stays there, however many lines
    the outcome runs to (the shortest box); `names_beside`: the cards' names beside each fan."""
    pal = styles.palette
    text = styles.cell
    rows: list[list[Any]] = []
    kinds: list[str] = []
    title = intro or f'<font name="{BODY}-Bold" color="{pal.accent}">{markup(view.title, styles)}</font>'
    if view.rules_note:
        title += f'<font name="{BODY}-Oblique">  (in this example: {markup(grouped(view.rules_note, figures=True), styles)})</font>'
    rows.append([Paragraph(title, styles.box_title if not intro else text)])
    kinds.append("title")
    words: list[Flowable] = []
    index = index_of(images)  # cards the box's words name (Wild A, 2, J♠; Q♠ K♦) as its pictures print them
    if view.facts:
        # a visible gap between two facts (spaces alone collapse); a fact without a name is a yes/no
        # input's phrase ("Not vulnerable"), set in bold as the names are
        facts = "&nbsp;&nbsp; ".join(
            f"<b>{markup(k, styles)}</b> {markup(grouped(in_deck_letters(v, index), figures=True), styles)}" if k
            else f"<b>{markup(in_deck_letters(v, index), styles)}</b>"
            for k, v in view.facts
        )
        words.append(Paragraph(facts, text))
    words.extend(record_table(record, styles) for record in view.records)
    outcome = None
    if view.sentences:
        outcome = Paragraph(" ".join(markup(grouped(in_deck_letters(s, index), figures=True), styles)
                                     for s in view.sentences), text)
        words.append(outcome)
    inner = styles.width
    beside = False
    under: list[Flowable] = words  # the words set under the cards, at the box's full width
    named = False
    if any(h.cards for h in view.hands):
        compass = compass_hands(view.hands)
        picture: Flowable = (CompassDiagram(compass, styles, index_of(images)) if compass
                             else HandsStrip(view.hands, images, styles, names_beside, labels_inline, close))
        left = picture.natural_width() + 2 * BOX_PADDING + mm_to_pt(2) if isinstance(picture, HandsStrip) else inner
        named = isinstance(picture, HandsStrip)
        column = inner - left - 2 * BOX_PADDING
        narrow = isinstance(picture, HandsStrip) and picture.natural_width() <= BESIDE_SHARE * (inner - 2 * BOX_PADDING)
        all_beside = narrow and bool(words) and _words_height(words, column) <= _height(picture, left)
        # the facts alone beside the cards when the outcome would run longer than the cards there
        facts_beside = (
            narrow and not all_beside and outcome is not None and len(words) > 1
            and _words_height([w for w in words if w is not outcome], column) <= _height(picture, left)
        )
        if all_beside or facts_beside:
            # narrow hands and few words: the words go beside the cards, and the box is as short as its
            # cards (words that would run longer than the cards go under them, at the full width); an
            # outcome that would run to more lines there than under the cards goes under them
            beside_words = words
            if facts_beside or (
                not tight
                and outcome is not None
                and _lines(outcome, column) > max(BESIDE_LINES, _lines(outcome, inner - 2 * BOX_PADDING))
            ):
                beside_words = [w for w in words if w is not outcome]
            row: list[Any] = [picture, beside_words or ""]
            rows.append(row)
            kinds.append("hands")
            beside = True
            under = [w for w in words if w not in beside_words]
        else:
            rows.append([picture])
            kinds.append("hands")
    for flow in under:
        rows.append([flow])
        kinds.append("facts" if flow is words[0] and view.facts else "outcome")
    if beside:
        rows = [r if len(r) == 2 else [r[0], ""] for r in rows]
        table = Table(rows, colWidths=[left, inner - left], hAlign="LEFT", splitByRow=1, repeatRows=1)
    else:
        table = Table(rows, colWidths=[inner], hAlign="LEFT", splitByRow=1, repeatRows=1)
    commands: list[tuple[Any, ...]] = [
        ("SPAN", (0, 0), (-1, 0)),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), BOX_PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), BOX_PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(pal.accent_light)),
        ("BOX", (0, 0), (-1, -1), 0.6, colors.HexColor(pal.accent)),
        ("LINEBELOW", (0, 0), (-1, 0), 0.4, colors.HexColor(pal.rule)),
        ("TOPPADDING", (0, 0), (-1, 0), 2.2),
        ("BOTTOMPADDING", (0, 0), (-1, 0), 2.0),
        ("BOTTOMPADDING", (0, -1), (-1, -1), 2.5),
    ]
    for i, kind in enumerate(kinds):
        if kind == "hands":
            above = 1.5 if close else 3
            commands.append(("TOPPADDING", (0, i), (-1, i), above))
            if beside:  # the words level with the cards' tops
                commands.append(("TOPPADDING", (1, i), (1, i), above + getattr(picture, "label_row", SMALL_SIZE * 1.35)))
        elif beside:
            commands.append(("SPAN", (0, i), (-1, i)))  # words under the cards run the box's full width
    table.setStyle(TableStyle(commands + [FONT_COMMAND]))
    table.kinds = kinds  # what each row holds (for tests and measurements)
    table.names = named  # whether the cards are named under (or beside) the hands
    table.compact = named and (picture.beside or picture.labels_inline or close)
    table.outcome = outcome  # the outcome's paragraph (bench/measure_booklet.py counts its lines)
    table.heights = {}  # its height at each width it was measured at (`measured`)
    return table


def record_table(record: Record, styles: Styles) -> Table:
    """A record as a small ruled table in the box's text size: the header in bold, numbers right,
    the columns as wide as their words need and the widest wrapping when the box is too narrow."""
    pal = styles.palette
    text = styles.cell
    align = list(record.align) + ["left"] * (len(record.header) - len(record.align))
    cell_styles = [ParagraphStyle(f"rec{j}", parent=text, alignment=TA_RIGHT if a == "right" else TA_LEFT) for j, a in enumerate(align)]
    data: list[list[Any]] = [
        [Paragraph(f"<b>{markup(h, styles)}</b>", cell_styles[j]) for j, h in enumerate(record.header)]
    ]
    for row in record.rows:
        data.append([Paragraph(markup(grouped(c, figures=True), styles), cell_styles[j]) for j, c in enumerate(row)])
    pad = 2.5
    widths = [  # the longest word of each column (the header's in bold): no word is ever broken
        max(
            max((text_width(w, text.fontSize, BODY + ("-Bold" if i == 0 else "")) for w in str(c).split()), default=0.0)
            for i, c in enumerate(column)
        ) + 2 * pad + 0.5
        for column in zip(record.header, *record.rows)
    ]
    natural = [max(text_width(str(c), text.fontSize, BODY + ("-Bold" if i == 0 else "")) for i, c in enumerate(column)) + 2 * pad + 0.5
               for column in zip(record.header, *record.rows)]
    room = styles.width - 2 * BOX_PADDING
    if sum(natural) <= room:
        widths = natural
    else:  # every column its longest word, the rest of the room shared by what each still needs
        spare = max(room - sum(widths), 0.0)
        need = [n - w for n, w in zip(natural, widths)]
        widths = [w + spare * d / sum(need) if sum(need) else w for w, d in zip(widths, need)]
    table = Table(data, colWidths=widths, hAlign="LEFT", repeatRows=1)
    table.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), pad),
        ("RIGHTPADDING", (0, 0), (-1, -1), pad),
        ("TOPPADDING", (0, 0), (-1, -1), 0.8),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
        ("LINEBELOW", (0, 0), (-1, 0), 0.4, colors.HexColor(pal.accent)),
        ("LINEBELOW", (0, -1), (-1, -1), 0.4, colors.HexColor(pal.rule)),
        FONT_COMMAND,
    ]))
    return table


def _height(flow: Flowable, width: float) -> float:
    return float(flow.wrap(width, 1e6)[1])


def _lines(para: Paragraph, width: float) -> int:
    """How many lines a paragraph sets in at `width`."""
    para.wrap(width, 1e6)
    return len(para.blPara.lines)


def _words_height(words: list[Flowable], width: float) -> float:
    """The height the facts and outcome take in a column `width` wide (with the cell's padding)."""
    return sum(_height(w, width) for w in words) + SMALL_SIZE * 1.35 + 3


class ExampleGroup(KeepTogether):
    """A worked-example box with its space above and below, kept on one page: one that does not
    fit where it falls moves whole to the next page; one taller than a page goes over between its
    rows (ReportLab's KeepTogether does both)."""

    def __init__(self, view: ExampleView, styles: Styles, images: CardImages, intro: str = "") -> None:
        self.view, self.styles, self.images, self.intro = view, styles, images, intro
        self.box = example_box(view, styles, images, intro)
        super().__init__([Spacer(1, SPACE_ABOVE), self.box, Spacer(1, SPACE_BELOW)])

    def height_now(self, width: float) -> float:
        """The box's height with its spacing, as it would be placed."""
        return SPACE_ABOVE + measured(self.box, width) + SPACE_BELOW

    def _shorter(self) -> list[Table]:
        """The box set shorter: its words all beside narrow cards, then also its lines of cards shorter
        (`_compact`), never without the cards' names: at the size they are shown a card's own index is
        too small to read. Made once, when first asked for."""
        if getattr(self, "_forms", None) is None:
            v, st, im, intro = self.view, self.styles, self.images, self.intro
            self._forms = [_example_box(v, st, im, intro, tight=True)]
            if _has_names(self.box):
                # then the lines of cards shorter, the shortest first
                compact = _compact(v, st, im, intro, tight=True)
                self._forms += sorted(compact, key=lambda b: measured(b, st.width))
        return self._forms

    def shortest(self, width: float) -> float:
        """How tall the box sets at its shortest."""
        return min(measured(b, width) for b in [self.box, *self._shorter()])

    def shorten_to(self, width: float, height: float) -> bool:
        """Set the box in its first shorter form no taller than `height`, for a page that moving it on
        would leave more than half empty; whether one is."""
        for form in self._shorter():
            if measured(form, width) <= height:
                self.box = form
                replace_kept(self, 1, form)
                return True
        return False

    def fits_at_foot(self, width: float, room: float) -> bool:
        """Whether the box fits `room` at the foot of a page, where the space below it is not needed."""
        return self.height_now(width) - SPACE_BELOW <= room

    def split(self, aW: float, aH: float) -> list[Flowable]:
        """At the foot of a page the space below the box is not needed: a box that fits without it stays."""
        if self.height_now(aW) > aH and self.fits_at_foot(aW, aH):
            return [Spacer(1, SPACE_ABOVE), self.box]
        parts: list[Flowable] = super().split(aW, aH)
        return parts
