"""Reference cards: a card of the deck's size and style carrying short tables of words and figures.

The figures are worked out elsewhere (`deckgen.reference` asks the rules engine); this module
knows no game. It lays a `CardText` (a title, a line under it, sections of rows, a closing note)
out inside the card's safe margin, on the faces' paper with a frame in their accent colour and
rounded like the card, in the deck's lettering for the title and the booklet's family for the
rows. The type size is the largest that fits every row's width and the whole height; a card
whose text would be smaller than `MIN_TEXT_MM` cannot be printed legibly and is refused with
the card's name, rather than cut off or overlapped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from deckgen.colour import readable_on
from deckgen.design import Design
from deckgen.errors import UserError
from deckgen.fileio import save_png
from deckgen.units import mm_to_pt, px_per_mm
from deckgen.render.facevector import can_embed
from deckgen.render.vectorshapes import TextShape, VectorFace
from deckgen.render.fonts import font_file, load_font
from deckgen.colour import rgb

__all__ = ["MIN_TEXT_MM", "CardText", "Layout", "Section", "layout_card", "reference_file", "render_reference", "vector_reference",
           "write_reference"]

#: The smallest cap-to-descender size (the font's em, in mm) a reference card is printed at: about 5.5 pt.
MIN_TEXT_MM = 1.9
#: The body font: the booklet's family, which has every glyph the tables use (suit signs, dashes).
BODY_FONT = "DejaVuSansCondensed.ttf"
BODY_BOLD = "DejaVuSansCondensed-Bold.ttf"


@dataclass(frozen=True)
class Section:
    """One table of a card: its heading (may be empty), its rows of cells, and each column's side."""

    heading: str
    rows: tuple[tuple[str, ...], ...]
    align: tuple[str, ...] = ()  # "left" or "right" per column; by default the first left, the rest right
    header: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardText:
    """What a reference card says: `name` (its file: ref-<name>.png), a title, a line under it, sections, a note."""

    name: str
    title: str
    subtitle: str
    sections: tuple[Section, ...]
    note: str = ""


@dataclass(frozen=True)
class Placed:
    """One piece of text at its place: left x and top y in pixels, the font's file and size, bold or not."""

    text: str
    x: float
    y: float
    font: str
    size_px: int
    colour: str  # "ink", "accent" or "muted"
    box: tuple[float, float, float, float]  # its ink's extent (left, top, right, bottom)


@dataclass(frozen=True)
class Layout:
    """A card's text laid out: every piece with its extent, the safe area they must keep to, the em in mm."""

    pieces: tuple[Placed, ...]
    area: tuple[float, float, float, float]
    em_mm: float
    rules: tuple[tuple[float, float, float], ...]  # (y, x0, x1): thin lines under the headings


def reference_file(name: str) -> str:
    """The PNG a reference card is written to in out/cards ('ref-poker-ranking.png'): never a card code."""
    return f"ref-{name}.png"


def _columns(section: Section) -> int:
    return max([len(r) for r in section.rows] + [len(section.header)])


def _align(section: Section, i: int) -> str:
    if section.align and i < len(section.align):
        return section.align[i]
    return "left" if i == 0 else "right"


def _try(design: Design, card: CardText, em_px: float) -> Layout | None:
    """The layout at a body size of `em_px`, or None when something does not fit across or down."""
    box = design.card.box()
    left, top, right, bottom = box.trim_rect()
    inset = box.px(design.card.safe_mm)
    area = (left + inset, top + inset, right - inset, bottom - inset)
    width = area[2] - area[0]
    body = load_font(design, BODY_FONT, em_px)
    bold = load_font(design, BODY_BOLD, em_px)
    title_font = load_font(design, "title", em_px * 1.45)
    small = load_font(design, BODY_FONT, em_px * 0.85)
    pieces: list[Placed] = []
    rules: list[tuple[float, float, float]] = []
    line = em_px * 1.22
    gap = em_px * 0.5

    def ink_box(text: str, font: ImageFont.FreeTypeFont, x: float, y: float) -> tuple[float, float, float, float]:
        l, t, r, b = font.getbbox(text)
        return (x + l, y + t, x + r, y + b)

    def place(text: str, font: ImageFont.FreeTypeFont, file: str, x: float, y: float, colour: str) -> None:
        pieces.append(Placed(text, x, y, file, int(round(font.size)), colour, ink_box(text, font, x, y)))

    def centred(text: str, font: ImageFont.FreeTypeFont, file: str, y: float, colour: str) -> bool:
        w = font.getlength(text)
        if w > width:
            return False
        place(text, font, file, area[0] + (width - w) / 2, y, colour)
        return True

    title_file = "title"  # the deck's own font when it has one (fonts.DECK_FONT_ROLES)
    y = area[1]
    if not centred(card.title, title_font, title_file, y, "accent"):
        return None
    y += title_font.size * 1.25
    if card.subtitle:
        for text in _wrap(card.subtitle, small, width):
            if not centred(text, small, BODY_FONT, y, "muted"):
                return None
            y += small.size * 1.2
    y += gap * 0.6
    for section in card.sections:
        if section.heading:
            if not centred(section.heading, bold, BODY_BOLD, y, "accent"):
                return None
            y += line
            rules.append((y - em_px * 0.12, area[0], area[2]))
            y += em_px * 0.12
        n = _columns(section)
        rows = ([section.header] if section.header else []) + list(section.rows)
        widths = [max((body.getlength(r[i]) if i < len(r) else 0.0) for r in rows) for i in range(n)]
        spare = width - sum(widths)
        if spare < em_px * 0.6 * (n - 1):
            return None
        # the first column takes what is left; the number columns sit at the right, evenly spaced
        step = em_px * 1.0 if n > 1 else 0.0
        rights: list[float] = []
        x_right = area[2]
        for i in reversed(range(1, n)):
            rights.insert(0, x_right)
            x_right -= widths[i] + step
        if widths[0] > x_right - area[0] + 1e-6 and n > 1:
            return None
        for j, row in enumerate(rows):
            heading_row = bool(section.header) and j == 0
            font, file = (bold, BODY_BOLD) if heading_row else (body, BODY_FONT)
            colour = "muted" if heading_row else "ink"
            for i, cell in enumerate(row):
                if not cell:
                    continue
                w = font.getlength(cell)
                if i == 0:
                    x = area[0]
                elif _align(section, i) == "left":
                    x = rights[i - 1] - widths[i]
                else:
                    x = rights[i - 1] - w
                place(cell, font, file, x, y, colour)
            y += line
        y += gap
    if card.note:
        for text in _wrap(card.note, small, width):
            place(text, small, BODY_FONT, area[0], y, "muted")
            y += small.size * 1.2
    slack = max(1.5, em_px * 0.1)  # a glyph's side bearing may reach a hair past where its advance starts
    if y - (line - em_px) > area[3] or any(p.box[3] > area[3] or p.box[2] > area[2] + slack or p.box[0] < area[0] - slack
                                           for p in pieces):
        return None
    return Layout(tuple(pieces), area, em_px / box.px(1.0), tuple(rules))


def _wrap(text: str, font: ImageFont.FreeTypeFont, width: float) -> list[str]:
    """Words in lines no wider than `width` (a word wider than that stands alone and fails the fit)."""
    lines: list[str] = []
    for word in text.split():
        if lines and font.getlength(lines[-1] + " " + word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def layout_card(design: Design, card: CardText) -> Layout:
    """The card's text at the largest body size that fits (at most 3.2 mm to the em), or a UserError
    naming the card when even MIN_TEXT_MM does not."""
    box = design.card.box()
    low, high = box.px(MIN_TEXT_MM), box.px(3.2)
    best = _try(design, card, low)
    if best is None:
        raise UserError(f"{design.source}: reference.cards: '{card.name}' does not fit on a {design.card.width_mm:g} x "
                        f"{design.card.height_mm:g} mm card at a legible size (text of {MIN_TEXT_MM} mm); "
                        "leave it out of [reference] cards or choose a larger card format")
    while high - low > 0.5:  # the largest size that fits, to half a pixel
        mid = (low + high) / 2
        found = _try(design, card, mid)
        if found is None:
            high = mid
        else:
            low, best = mid, found
    return best


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def _colours(design: Design) -> dict[str, tuple[int, int, int]]:
    ink = design.faces.ink
    paper, black = rgb(ink.paper), rgb(ink.black)
    # words in the accent colour are darkened until they read on the paper (4.5 : 1, as the booklet's)
    return {"ink": black, "accent": rgb(readable_on(ink.accent, ink.paper, 4.5)), "muted": _mix(black, paper, 0.35)}


def render_reference(design: Design, card: CardText, words: bool = True) -> Image.Image:
    """The card as an RGB image of the full size with bleed: the paper through the bleed, a frame
    in the accent colour rounded like the card, and the text (left out when not `words`)."""
    layout = layout_card(design, card)
    box = design.card.box()
    ink = design.faces.ink
    paper, accent = rgb(ink.paper), rgb(ink.accent)
    colours = _colours(design)
    image = Image.new("RGB", box.size, paper)
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = box.trim_rect()
    frame = box.px(min(design.card.safe_mm, 3.0) * 0.5)
    radius = max(0.0, box.px(design.card.corner_radius_mm) - frame)
    draw.rounded_rectangle((left + frame, top + frame, right - frame, bottom - frame), radius=radius,
                           outline=accent, width=max(1, round(box.px(0.35))))
    for y, x0, x1 in layout.rules:
        draw.line((x0, y, x1, y), fill=_mix(accent, paper, 0.4), width=max(1, round(box.px(0.15))))
    for piece in layout.pieces if words else ():
        font = load_font(design, piece.font, piece.size_px)
        draw.text((piece.x, piece.y), piece.text, font=font, fill=colours[piece.colour])
    return image


def vector_reference(design: Design, card: CardText) -> VectorFace | None:
    """The card for a PDF: its paper and frame as a picture, its words as text shapes placed where
    Pillow sets them in the PNG (same font, size and width), so the print files carry real type and
    a press prints small black words in black ink alone. None when a font cannot be embedded (the
    card is then placed as its PNG)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth  # late: only a PDF needs ReportLab

    from deckgen.render.backvector import cap_ratio
    from deckgen.render.pdfcanvas import register_font_file

    layout = layout_card(design, card)
    files = {piece.font: font_file(design, piece.font) for piece in layout.pieces}
    if not all(can_embed(path) for path in files.values()):
        return None
    box = design.card.box()
    ppm = px_per_mm(box.dpi)
    trim_left, trim_top = box.trim_rect()[:2]
    colours = _colours(design)
    shapes: list[TextShape] = []
    for piece in layout.pieces:
        path = files[piece.font]
        font = load_font(design, piece.font, piece.size_px)
        width_px = font.getlength(piece.text)
        size_mm = font.size / ppm
        cap_mm = cap_ratio(str(path)) * size_mm
        baseline_mm = (piece.y + font.getmetrics()[0] - trim_top) / ppm  # Pillow's default anchor: the ascender
        drawn_mm = stringWidth(piece.text, register_font_file(path), mm_to_pt(size_mm)) / mm_to_pt(1.0)
        squeeze = (width_px / ppm) / drawn_mm if drawn_mm > 0 else 1.0  # Pillow's kerning, ReportLab's advances
        shapes.append(TextShape(piece.text, path, cap_ratio(str(path)), cap_mm, (piece.x + width_px / 2 - trim_left) / ppm,
                                baseline_mm - cap_mm, colours[piece.colour], squeeze))
    return VectorFace(render_reference(design, card, words=False), tuple(shapes))


def write_reference(design: Design, cards: Sequence[CardText], folder: Path) -> list[Path]:
    """Each card drawn first (a card that does not fit stops before any file is written), then saved
    as folder/ref-<name>.png at the deck's DPI; reference PNGs of cards no longer asked for are deleted."""
    images = [(card, render_reference(design, card)) for card in cards]
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = [save_png(image, folder / reference_file(card.name), design.card.dpi) for card, image in images]
    keep = {p.name for p in written}
    for stale in sorted(folder.glob("ref-*.png")):
        if stale.name not in keep:
            stale.unlink()
    return written
