"""The booklet's fonts, colours and paragraph styles, and plain text as ReportLab markup.

One text family (Carlito, metric-compatible with the faces' sans) for all running text,
DejaVu Sans Condensed for headings and DejaVu Sans for the suit symbols and any glyph
the text face lacks. Every font is a shipped TrueType file, embedded in the PDF.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

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



def text_width(text: str, size: float, font: str = BODY) -> float:
    """How wide `text` sets, counting the glyphs that fall back to the symbol font (suits) in it."""
    register_fonts()
    width = 0.0
    for ch in text:
        face = font if ch not in _SUITS and _has_glyph(font, ch) else SYMBOL
        width += pdfmetrics.stringWidth(ch, face, size)
    return width
