"""Card pictures: the hands of a worked example, and the fan of the deck's own cards on the cover."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.lib import colors
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable

from deckgen.booklet.styles import BODY, SYMBOL, Styles, text_width
from deckgen.cards import Card
from deckgen.errors import UserError
from deckgen.units import CARD_HEIGHT_MM, CARD_WIDTH_MM, mm_to_pt

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
