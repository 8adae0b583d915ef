"""The booklet's fonts, sizes, colours and paragraph styles, and plain text as ReportLab markup.

One text family, DejaVu Sans Condensed (the faces' own sans, narrowed for a pocket
page), sets everything: running text, headings, tables, the suit symbols and the
rating dots, so no glyph falls back to another face. It is used in three sizes plus
two for headings (see `SIZES`). Every font is a shipped TrueType file, embedded.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

# ----------------------------------------------------------------------------- fonts and sizes

#: The one text family, and its bold.
BODY = "DejaVuSansCondensed"
HEAD = BODY
#: The face for a glyph the text face lacks (none of the booklet's own text needs it).
SYMBOL = "DejaVuSans"
_FONT_FILES = {
    "DejaVuSansCondensed": "DejaVuSansCondensed.ttf",
    "DejaVuSansCondensed-Bold": "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSansCondensed-Oblique": "DejaVuSansCondensed-Oblique.ttf",
    "DejaVuSansCondensed-BoldOblique": "DejaVuSansCondensed-BoldOblique.ttf",
    "DejaVuSans": "DejaVuSans.ttf",
    "DejaVuSans-Bold": "DejaVuSans-Bold.ttf",
}

#: Running text (and the contents and the cover's dedication): 8 pt, the least issue 31 allows for body
#: text, on 9.9 pt leading. DejaVu Sans Condensed has a large x-height (about 0.55 em), so 8 pt reads
#: like 9 pt of a book face at a pocket page's arm's length.
TEXT_SIZE = 8.0
#: Worked-example boxes, tables, notes, the facts under a chapter title, running heads.
SMALL_SIZE = 7.5
#: Card names under card pictures, folios.
TINY_SIZE = 6.5
#: Chapter titles (and the cover's title).
H1_SIZE = 14.0
#: Section headings (and the deck's name on the cover).
H2_SIZE = 10.5
#: Every size the booklet sets text in: three for text, two for headings.
SIZES = (H1_SIZE, H2_SIZE, TEXT_SIZE, SMALL_SIZE, TINY_SIZE)

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
        (BODY, BODY, BODY + "-Bold", BODY + "-Oblique", BODY + "-BoldOblique"),
        (SYMBOL, "DejaVuSans", "DejaVuSans-Bold", "DejaVuSans", "DejaVuSans-Bold"),
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


def make_styles(palette: Palette, width: float, height: float = 0.0) -> Styles:
    """Styles for a text column `width` points wide, in the booklet's one family and few sizes."""
    register_fonts()
    ink = colors.HexColor(palette.ink)
    accent = colors.HexColor(palette.accent)
    body = ParagraphStyle(
        "body",
        fontName=BODY,
        fontSize=TEXT_SIZE,
        leading=TEXT_SIZE * 1.2,
        textColor=ink,
        spaceAfter=TEXT_SIZE * 0.45,
        bulletFontName=BODY,
        bulletFontSize=TEXT_SIZE,
        allowWidows=0,
        allowOrphans=0,
    )
    small = ParagraphStyle("small", parent=body, fontSize=SMALL_SIZE, leading=SMALL_SIZE * 1.25, spaceAfter=1)
    return Styles(
        palette=palette,
        body=body,
        small=small,
        h1=ParagraphStyle(
            "h1", parent=body, fontName=HEAD + "-Bold", fontSize=H1_SIZE, leading=H1_SIZE * 1.2, textColor=accent,
            spaceAfter=2,
        ),
        h2=ParagraphStyle(
            "h2", parent=body, fontName=HEAD + "-Bold", fontSize=H2_SIZE, leading=H2_SIZE * 1.24, textColor=accent,
            spaceBefore=5, spaceAfter=2.5, keepWithNext=1,
        ),
        h3=ParagraphStyle(
            "h3", parent=body, fontName=BODY + "-Bold", spaceBefore=3, spaceAfter=1.5, keepWithNext=1,
        ),
        meta=ParagraphStyle("meta", parent=small, textColor=colors.HexColor(palette.rule), spaceAfter=6),
        cell=ParagraphStyle("cell", parent=small, leading=SMALL_SIZE * 1.2, spaceAfter=0),
        cell_head=ParagraphStyle(
            "cell_head", parent=small, fontName=BODY + "-Bold", leading=SMALL_SIZE * 1.2, spaceAfter=0,
            textColor=colors.white,
        ),
        box_title=ParagraphStyle(
            "box_title", parent=small, fontName=HEAD + "-Bold", leading=SMALL_SIZE * 1.3, textColor=accent, spaceAfter=0,
        ),
        code=ParagraphStyle("code", parent=small, leading=SMALL_SIZE * 1.25),
        caption=ParagraphStyle(
            "caption", parent=small, fontName=BODY + "-Oblique", alignment=TA_LEFT, spaceBefore=1, spaceAfter=4
        ),
        width=width,
        height=height,
    )


# ----------------------------------------------------------------------------- inline text

_SUITS = {"♠": False, "♣": False, "♥": True, "♦": True}


def typographic(text: str) -> str:
    r"""Prose with a typesetter's punctuation: curly quotes and apostrophes, en dashes in ranges
    (`1-4` -> `1–4`, `A-K-Q` stays: a run of cards is not a range), spaced hyphens as en dashes,
    and a minus sign before a negative number (a hyphen there reads as a dash in small print).

    >>> typographic('he said "go", it\'s 2-10 - done')
    'he said “go”, it’s 2–10 – done'
    >>> typographic('Bob ends on -16 (was -1.5)')
    'Bob ends on −16 (was −1.5)'
    """
    text = re.sub(r"(?<![\w-])(\d+)-(\d+)(?![\w-])", "\\1\u2013\\2", text)
    text = re.sub(r"(?<![\w\-\u2013.])-(?=\d)", "\u2212", text)
    text = re.sub(r"(?<=\s)-(?=\s)", "\u2013", text)
    text = re.sub(r"(^|[\s(\[{\u2013])\"", "\\1\u201c", text)
    text = text.replace('"', "\u201d")
    text = re.sub(r"(^|[\s(\[{\u2013])'", "\\1\u2018", text)
    return text.replace("'", "\u2019")


#: A number of four digits or more standing alone: not part of a word or a code (FOGRA39), not a decimal,
#: not a number already grouped, not one of numbers joined by hyphens or slashes (a date); a minus sign
#: before it or an en dash of a range (1,000–2,000) is no join.
_LONG_NUMBER = re.compile(r"(?<![\w.,/])(?<!\d-)(\d{4,})(?![\w/]|[.,]\d|-\d)")
#: A year, which a rulebook never groups: four digits after a word that introduces one ("in 1987",
#: "Before 1987", "since 2019"). A decade ("the 1920s") is never taken for a number.
_YEAR = re.compile(r"\b(?:in|before|since|until|till|after|from|by|circa|c\.)\s+(\d{4})\b", re.IGNORECASE)
#: Every number in a text, with its sign (a minus, a hyphen or a plus not inside a word) and grouping.
_ANY_NUMBER = re.compile(r"(?<![\w.,])([-\u2212+](?<![\w][-\u2212+]))?(\d{1,3}(?:,\d{3})+|\d+)(?![\w]|[.,]\d)")
#: What may stand before a four-digit figure that is a score, not a year ("game 1500", "a total of
#: 1500", "the pot holds 1300", "play to 1500").
_SCORE_BEFORE = re.compile(
    r"\b(?:game|grand|slam|pot|holds?|scores?|scored|scoring|totals?|target|bonus|bonuses|penalty|worth|"
    r"reach(?:es|ed)?|needs?|needed|past|below|above|over|under|beyond|exceeds?|plus|minus|ante|bet|"
    r"raise|limit|(?:play(?:s|ed)?|race|first|goes|up)\s+to|(?:score|total|target)\s+of)\s+$",
    re.IGNORECASE,
)
#: What may follow a four-digit figure that is a count ("1500 points", "1200 chips", "1781 : 1").
_UNIT_AFTER = re.compile(
    r"\s*(?:(?:points?|pts|chips?|counters?|tokens?|coins?|cards?|tricks?|IMPs?|deals?|hands?|games?|"
    r"rounds?|dollars?|pence|cents?)\b|%|:\s*1\b)",
    re.IGNORECASE,
)
#: Two figures of one range or pair ("1000–2500", "1000 / 1500", "900 to 1090"): one a count, both are.
_RANGE_JOIN = re.compile(r"^\s*(?:[-\u2013/]|to)\s*$")
#: Two figures of a list ("5000, 1500 and 1200", "-170; 1430"): a large or signed count before makes the
#: next one a count (a small one does not: "In 1998, 12 players" must not make 12 a year, nor the reverse).
_LIST_JOIN = re.compile(r"^\s*(?:[,;]|and|or|,\s*and|,\s*or)\s*$")


def _may_be_year(sign: str | None, digits: str) -> bool:
    """Whether a figure may be a year, which a rulebook never groups: four digits from 1000 to 2099,
    with no sign and no thousands separator (`sign` and `digits` as `_ANY_NUMBER` reads them)."""
    return not sign and len(digits) == 4 and 1000 <= int(digits) <= 2099


def _counts(text: str, years: set[int]) -> set[int]:
    """Where the four-digit figures from 1000 to 2099 that the context makes counts, not years,
    start: signed (−1430, +1430), followed by a unit (1500 points), after a score word (game 1500),
    or joined as a range, pair or list to a figure that is a count (900–1090, grand 1000 / 1500).
    `years`: where the figures a word introduces as years start (`_YEAR`), never counts."""
    numbers = list(_ANY_NUMBER.finditer(text))
    count: list[bool | None] = []  # True a count, False a year, None not known yet
    for m in numbers:
        if m.start(2) in years:
            count.append(False)
        elif not _may_be_year(m.group(1), m.group(2)):
            count.append(True)
        elif _UNIT_AFTER.match(text, m.end()) or _SCORE_BEFORE.search(text[max(0, m.start() - 24):m.start()]):
            count.append(True)
        else:
            count.append(None)
    changed = True
    while changed:  # a count spreads along ranges both ways, and forward along a list from a large or signed count
        changed = False
        for i in range(len(numbers) - 1):
            a, b = numbers[i], numbers[i + 1]
            between = text[a.end():b.start()]
            if _RANGE_JOIN.match(between):
                for x, y in ((i, i + 1), (i + 1, i)):
                    if count[x] and count[y] is None:
                        count[y], changed = True, True
            elif _LIST_JOIN.match(between) and count[i] and count[i + 1] is None and (a.group(1) or len(a.group(2)) >= 4):
                count[i + 1], changed = True, True
    return {m.start(2) for m, c in zip(numbers, count) if c}


#: A table cell of figures only: numbers, signs, ranges, ratios, per cents ("1,500", "−30", "900–1090", "3.2 : 1").
_FIGURES_CELL = re.compile(r"[\s\d,.:%/+\-\u2212\u2013]*\d[\s\d,.:%/+\-\u2212\u2013]*")


def figures_column(cells: Sequence[str]) -> bool:
    """Whether a table's column is one of counts, so that its four-digit figures are grouped as
    `grouped(figures=True)` does: every cell holds figures only and one of them at least cannot be a
    year (under 1000 or over 2099, signed, or grouped already). A column of years (2019, 2020) is not.

    >>> figures_column(["500", "1500", "2500"]), figures_column(["2019", "2020"]), figures_column(["1500", "x"])
    (True, False, False)
    """
    filled = [c for c in cells if c.strip()]
    if not filled or not all(_FIGURES_CELL.fullmatch(c) for c in filled):
        return False
    return any(not _may_be_year(m.group(1), m.group(2)) for c in filled for m in _ANY_NUMBER.finditer(c))


def grouped(text: str, figures: bool = False) -> str:
    """Numbers with thousands separators, as a rulebook sets them (5,000 and −1,430): in the rules'
    prose, headings and tables and in every worked example's facts and outcome. Left as written: a year
    (in 1987, Before 1987, the 1920s), a number inside a word or code (FOGRA39), a decimal (4.77), a
    number already grouped (12,994,800), numbers joined by hyphens or slashes (2026-11-23, 8-8-6-2), and
    anything under 1,000 (a card, "500 rum").

    In prose (a chapter the user may have written: "Our 2019 rules") a figure from 1000 to 2099 is a
    year unless its context makes it a count (see `_counts`); five digits or more are always grouped.
    `figures` is for text the engine wrote from an example's figures (a box's facts and outcome), where
    every number is a count.

    >>> grouped("Boards 420, -170; 1430, -1430; pot 1300: P1 125")
    'Boards 420, -170; 1,430, -1,430; pot 1,300: P1 125'
    >>> grouped("Laws of the 1920s, changed in 1987; 2.5 and 12,000 stay; 1098240")
    'Laws of the 1920s, changed in 1987; 2.5 and 12,000 stay; 1,098,240'
    >>> grouped("Before 1987 a grand slam scored 1000 / 1500; game 5000; 500 rum; 2026-11-23; 1000–2500")
    'Before 1987 a grand slam scored 1,000 / 1,500; game 5,000; 500 rum; 2026-11-23; 1,000–2,500'
    >>> grouped("Our 2019 rules: since 1998, we play to 1500 (1200 points in 2020); 10000")
    'Our 2019 rules: since 1998, we play to 1,500 (1,200 points in 2020); 10,000'
    >>> grouped("We 520, They 1210", figures=True)
    'We 520, They 1,210'
    """
    years = {m.start(1) for m in _YEAR.finditer(text)}
    counts = None if figures else _counts(text, years)

    def group(match: re.Match[str]) -> str:
        digits = match.group(1)
        if match.start(1) in years:
            return digits
        if counts is not None and _may_be_year(None, digits) and match.start(1) not in counts:
            return digits  # a figure that may be a year ("Our 2019 rules") is a count only in context
        return f"{int(digits):,}"

    return _LONG_NUMBER.sub(group, text)


#: The characters paragraph markup must have escaped, escaped (xml.sax.saxutils.escape's three, without
#: the web modules that importing it loads).
_ESCAPED = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}


def markup(text: str, styles: Styles, font: str = BODY, red_suits: bool = True, prose: bool = True) -> str:
    """Plain text as ReportLab paragraph markup: escaped, with a typesetter's quotes and dashes
    (`prose`; not in code), red suits red (unless the text sits on a coloured ground), and a glyph
    the text face lacks set in DejaVu Sans."""
    if prose:
        text = typographic(text)
    out: list[str] = []
    for run in re.split(r"([♥♦]+)", text):
        if not run:
            continue
        if run[0] in "♥♦":
            out.append(f'<font color="{styles.palette.red}">{run}</font>' if red_suits else run)
            continue
        buf: list[str] = []
        for ch in run:
            if ch in "\n\t" or _has_glyph(font, ch):
                buf.append(_ESCAPED.get(ch, ch))
            else:
                buf.append(f'<font name="{SYMBOL}">{_ESCAPED.get(ch, ch)}</font>')
        out.append("".join(buf))
    return "".join(out)


@lru_cache(maxsize=16_384)
def text_width(text: str, size: float, font: str = BODY) -> float:
    """How wide `text` sets, counting any glyph that falls back to the symbol face (kept: the same card
    names and labels are measured again and again while hands are fitted to lines; bounded, as table
    cells' words are measured too and the server builds booklet after booklet in one process)."""
    register_fonts()
    width = 0.0
    for ch in text:
        face = font if _has_glyph(font, ch) else SYMBOL
        width += pdfmetrics.stringWidth(ch, face, size)
    return width
