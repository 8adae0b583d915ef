"""Worked-example boxes: a framed box with the example's title, its hands as card pictures and its account."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer, Table, TableStyle

from deckgen.booklet.pictures import CardImages, HandsStrip
from deckgen.booklet.rl import box_height, cell, kept, row_heights
from deckgen.booklet.styles import BODY, FONT_COMMAND, HEAD, SYMBOL, Styles, markup
from deckgen.cards import Card
from deckgen.units import mm_to_pt


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
                    heights = row_heights(box)
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
        whole = self.height_now(aW)
        if whole > aH and isinstance(kept(self)[-1], Spacer):
            # the space after the box is not needed at the foot of a page
            body = list(kept(self)[:-1])
            if sum(box_height(f, aW) for f in body) <= aH:
                return body
        if whole > aH:
            for group in self.shrunk():
                body = list(kept(group)[:-1])  # without the space after it, at the foot of a page
                if sum(box_height(f, aW) for f in body) <= aH:
                    return body  # it fits: placed as it is, not kept together again
            parts = self.split_at_cards(aW, aH)
            if parts:
                return parts
        return super().split(aW, aH)

    def cards_part(self, width: float) -> float:
        """The height of the box down to the foot of its cards (with the space above it), or 0 for
        a box that cannot go over between its cards and its account."""
        box = kept(self)[1]
        kinds = getattr(box, "kinds", [])
        if "hands" not in kinds or kinds[-1] == "hands":
            return 0.0
        return box_height(kept(self)[0], width) + box_height(self._parts()[0], width)

    def split_at_cards(self, aW: float, aH: float) -> list[Flowable]:
        """A box that does not fit whole where at least 40 % of the page is left goes over between
        its cards and the engine's account (the title row repeated over the account), rather than
        leave the space empty."""
        if not self.styles.height or aH < SPLIT_ROOM * self.styles.height:
            return []
        for group in self._split_candidates(aW):
            if group.cards_part(aW) <= aH:
                first, rest = group._parts()
                return [kept(group)[0], first, KeepTogether([rest, kept(group)[-1]])]
        # a box of words alone (bridge scores, a betting round) goes over inside its account
        for first, rest in self._account_splits():
            if box_height(kept(self)[0], aW) + box_height(first, aW) <= aH:
                return [kept(self)[0], first, KeepTogether([rest, kept(self)[-1]])]
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
                strip = cell(box, box.kinds.index("hands"))
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
            firsts.append(box_height(kept(self)[0], width) + box_height(splits[-1][0], width))
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
        return sum(box_height(f, width) for f in kept(self))
