"""The pocket booklet PDF: cover, contents, one chapter per game, all at a size that fits the tin.

Pages are 130 x 92 mm (landscape) so a booklet folded from them slides into the
141 x 100 mm tin beside the deck. Every font is one of the shipped TrueType
files, embedded; the document is built with ReportLab's `invariant` flag and
pdfdate's date (2000-01-01, or SOURCE_DATE_EPOCH) so the same booklet always
gives the same bytes. Headings become PDF bookmarks, and chapter titles with
their sections fill the contents pages with their page numbers.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pikepdf
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import Flowable, Frame, KeepTogether, NextPageTemplate, PageBreak, Paragraph, Spacer
from reportlab.platypus.doctemplate import BaseDocTemplate, PageTemplate

from deckgen.booklet.pageflow import Heading, float_into_room
from deckgen.booklet.pictures import CardFan
from deckgen.booklet.rl import box_height, build_then_finish, frame_room, kept
from deckgen.booklet.styles import (
    BODY,
    H1_SIZE,
    H2_SIZE,
    HEAD,
    SMALL_SIZE,
    TEXT_SIZE,
    Palette,
    Styles,
    make_styles,
    markup,
    register_fonts,
    typographic,
)
from deckgen.errors import UserError
from deckgen.fileio import write_bytes_atomic
from deckgen.render.pdfcanvas import PRODUCER, Placement, attach_images, image_from_png_bytes, save_pdf
from deckgen.render.pdfdate import PdfDate, pdf_date, set_canvas_date
from deckgen.limits import MAX_BOOKLET_PAGES
from deckgen.units import POCKET_MAX_MM, mm_to_pt


CONTENTS_KEY = "contents-page"


@dataclass(frozen=True)
class PageLayout:
    """The pocket page and its margins, in millimetres."""

    width_mm: float = 130.0
    height_mm: float = 92.0
    #: Margins for a pocket page held in the hand, not a book's: 6 mm at the sides and foot, 7.5 mm at
    #: the head, under the running head (5.6 mm from the top) with its rule; the folio sits 3.8 mm up.
    side_mm: float = 6.0
    top_mm: float = 7.5
    bottom_mm: float = 6.0
    #: The cover's colour runs this far past the trim on every side, so a cut a little off still
    #: leaves no white edge; the PDF's TrimBox is the page, its MediaBox and BleedBox the page and bleed.
    bleed_mm: float = 3.0

    def __post_init__(self) -> None:
        long_side, short_side = max(self.width_mm, self.height_mm), min(self.width_mm, self.height_mm)
        if long_side > POCKET_MAX_MM[0] or short_side > POCKET_MAX_MM[1]:
            raise ValueError(f"a pocket page may be at most {POCKET_MAX_MM[0]} x {POCKET_MAX_MM[1]} mm")

    @property
    def size(self) -> tuple[float, float]:
        return (mm_to_pt(self.width_mm), mm_to_pt(self.height_mm))

    @property
    def bleed(self) -> float:
        return mm_to_pt(self.bleed_mm)

    @property
    def media_size(self) -> tuple[float, float]:
        """The page with its bleed on every side."""
        w, h = self.size
        return (w + 2 * self.bleed, h + 2 * self.bleed)

    @property
    def text_width(self) -> float:
        return mm_to_pt(self.width_mm - 2 * self.side_mm)

    @property
    def text_height(self) -> float:
        return mm_to_pt(self.height_mm - self.top_mm - self.bottom_mm)


@dataclass(frozen=True)
class Cover:
    """What the cover and the back page say, and in which colours and fonts."""

    deck_name: str
    title: str
    dedication: str = ""
    games: Sequence[str] = ()
    author: str = "deckgen"
    background: str = "#a61e2a"
    text: str = "#fdfbf7"
    accent: str = "#f6e7c8"
    title_font: str = "DejaVuSerif-Bold.ttf"
    body_font: str = "DejaVuSerif-Italic.ttf"
    colophon: str = ""
    #: Pictures of a few of the deck's own cards, shown in a fan on the cover.
    fan: Sequence[Any] = ()


@dataclass
class PdfChapter:
    """One game (or the group's own rules): its flowables, which start with its `Heading`."""

    title: str
    flowables: list[Flowable] = field(default_factory=list)


def _font_name(filename: str) -> str:
    """Register a shipped TTF by its file name (cover fonts come from the theme) and return its name."""
    from deckgen.resources import font_path

    name = Path(filename).stem
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(font_path(filename))))
    return name


class BookletTooLong(UserError):
    """The layout passed MAX_BOOKLET_PAGES. Its words are fixed: ReportLab prefixes the arguments
    of errors raised while it lays out a page, and a person should not read that."""

    def __init__(self, limit: int) -> None:
        super().__init__(limit)
        self.limit = limit

    def __str__(self) -> str:
        return (f"the booklet would have more than {self.limit} pages; shorten [booklet] extra_rules "
                "or choose fewer games")


class BookletTemplate(BaseDocTemplate):
    """Cover, contents and body pages; turns `Heading`s into bookmarks and records the page of each
    (`heading_pages`), from which `lay_out_pocket` draws the contents lines."""

    def __init__(self, filename: str | io.BytesIO, layout: PageLayout, cover: Cover, palette: Palette, date: PdfDate,
                 **kw: Any) -> None:
        self.layout = layout
        self.cover = cover
        self.palette = palette
        self.chapter_title = ""
        #: The page each heading was placed on, by its key: the contents' page numbers.
        self.heading_pages: dict[str, int] = {}
        #: The file's date, the booklet build's (see `lay_out_pocket`).
        self.pdf_date = date
        super().__init__(
            filename,
            pagesize=layout.media_size,
            leftMargin=layout.bleed + mm_to_pt(layout.side_mm),
            rightMargin=layout.bleed + mm_to_pt(layout.side_mm),
            topMargin=layout.bleed + mm_to_pt(layout.top_mm),
            bottomMargin=layout.bleed + mm_to_pt(layout.bottom_mm),
            title=cover.title,
            author=cover.author,
            subject=f"Rules of {', '.join(cover.games)}" if cover.games else "Rules",
            creator="deckgen",
            producer=PRODUCER,
            keywords="card games, rules, house rules",
            invariant=1,
            initialFontName=BODY,
            initialFontSize=9,
            **kw,
        )
        w, h = layout.size
        body = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body", leftPadding=0,
                     rightPadding=0, topPadding=0, bottomPadding=0)
        pad = mm_to_pt(9)
        b = layout.bleed
        cover_frame = Frame(b + pad, b + pad, w - 2 * pad, h - 2 * pad, id="cover", leftPadding=0, rightPadding=0,
                            topPadding=0, bottomPadding=0)
        self.addPageTemplates(
            [
                PageTemplate("cover", [cover_frame], onPage=self._draw_cover_ground),
                PageTemplate("contents", [body], onPageEnd=self._draw_folio),
                PageTemplate("body", [body], onPageEnd=self._draw_page_furniture),
                PageTemplate("back", [cover_frame], onPage=self._draw_cover_ground),
            ]
        )

    # -- page furniture

    def _boxes(self, canvas: Any) -> None:
        """The page's TrimBox (where it is cut) and BleedBox (the page with its bleed)."""
        b = self.layout.bleed
        w, h = self.layout.size
        canvas.setTrimBox((b, b, b + w, b + h))
        canvas.setBleedBox((0, 0, w + 2 * b, h + 2 * b))

    def _draw_cover_ground(self, canvas: Any, doc: Any) -> None:
        w, h = self.layout.size
        c = self.cover
        self._boxes(canvas)
        canvas.saveState()
        canvas.setFillColor(colors.HexColor(c.background))
        mw, mh = self.layout.media_size
        canvas.rect(0, 0, mw, mh, stroke=0, fill=1)  # into the bleed
        canvas.translate(self.layout.bleed, self.layout.bleed)
        inset = mm_to_pt(4)
        canvas.setStrokeColor(colors.HexColor(c.accent))
        canvas.setLineWidth(0.8)
        canvas.rect(inset, inset, w - 2 * inset, h - 2 * inset, stroke=1, fill=0)
        canvas.setLineWidth(0.3)
        canvas.rect(inset + 2.5, inset + 2.5, w - 2 * inset - 5, h - 2 * inset - 5, stroke=1, fill=0)
        # a suit in each corner, drawn in the accent colour
        canvas.setFont(BODY, TEXT_SIZE)
        canvas.setFillColor(colors.HexColor(c.accent))
        corner = mm_to_pt(7.2)
        for (x, y), suit in zip(
            ((corner, h - corner - 3), (w - corner, h - corner - 3), (corner, corner - 3), (w - corner, corner - 3)),
            "♠♥♦♣",
        ):
            canvas.drawCentredString(x, y, suit)
        canvas.restoreState()

    def _draw_folio(self, canvas: Any, doc: Any) -> None:
        w, _ = self.layout.size
        self._boxes(canvas)
        canvas.saveState()
        canvas.translate(self.layout.bleed, self.layout.bleed)
        canvas.setFont(BODY, SMALL_SIZE)
        canvas.setFillColor(colors.HexColor(self.palette.rule))
        canvas.drawCentredString(w / 2, mm_to_pt(3.8), str(doc.page))
        canvas.restoreState()

    def _draw_page_furniture(self, canvas: Any, doc: Any) -> None:
        w, h = self.layout.size
        self._draw_folio(canvas, doc)
        canvas.saveState()
        canvas.translate(self.layout.bleed, self.layout.bleed)
        left = mm_to_pt(self.layout.side_mm)
        y = h - mm_to_pt(5.6)
        canvas.setFont(BODY, SMALL_SIZE)
        canvas.setFillColor(colors.HexColor(self.palette.rule))
        canvas.drawString(left, y, self.chapter_title)
        canvas.drawRightString(w - left, y, self.cover.deck_name)
        canvas.setStrokeColor(colors.HexColor(self.palette.rule))
        canvas.setLineWidth(0.3)
        canvas.line(left, y - 2.2, w - left, y - 2.2)
        canvas.restoreState()

    def handle_pageBegin(self) -> None:
        """Each new page; past MAX_BOOKLET_PAGES the layout stops (a chapter of runaway length)."""
        super().handle_pageBegin()
        if self.page > MAX_BOOKLET_PAGES:
            raise BookletTooLong(MAX_BOOKLET_PAGES)

    # -- bookmarks and contents

    def afterFlowable(self, flowable: Flowable) -> None:
        if not isinstance(flowable, Heading):
            return
        canvas = self.canv
        canvas.bookmarkPage(flowable.outline_key)
        canvas.addOutlineEntry(flowable.outline_title, flowable.outline_key, flowable.outline_level, closed=True)
        if flowable.outline_level == 0:
            self.chapter_title = flowable.outline_title
        self.heading_pages[flowable.outline_key] = self.page

    def filterFlowables(self, flowables: list[Flowable]) -> None:
        """A box that must wait for the next page lets what follows it fill the room it leaves."""
        frame = getattr(self, "frame", None)
        if flowables and frame is not None and getattr(frame, "id", "") == "body":
            float_into_room(flowables, frame_room(frame), self.height, self.width)

    def beforeDocument(self) -> None:
        # each pass of the two-pass build starts without a running head
        self.chapter_title = ""
        set_canvas_date(self.canv, self.pdf_date)


#: A chapter's line in the contents, with room above it; a section's line, smaller, under its chapter;
#: a chapter's line in contents of chapters only.
CHAPTER_LEADING = TEXT_SIZE * 1.75
CHAPTER_ONLY_LEADING = TEXT_SIZE * 1.6
SECTION_LEADING = SMALL_SIZE * 1.5
SECTION_INDENT = mm_to_pt(4)
#: The contents list each chapter's sections (its level-2 headings) when the whole fits in this many
#: pages; a longer booklet (the all-games one) lists its chapters only.
MAX_CONTENTS_PAGES = 6
#: Room between a title and its leader dots, and between the dots and the page numbers' column.
LEADER_GAP = 4.0
#: A contents longer than a page is set in this many columns, this far apart.
CONTENTS_COLUMNS = 2
CONTENTS_GUTTER = mm_to_pt(6)


@dataclass(frozen=True)
class ContentsEntry:
    """One line of the contents: a chapter (level 0) or one of its sections (level 1)."""

    title: str
    level: int
    page: int = 0
    key: str = ""
    #: The height of its line.
    leading: float = CHAPTER_LEADING


class ContentsPage(Flowable):
    """The room for one page of the contents. Its lines are a PDF form drawn once the layout has
    placed every chapter, so the booklet is laid out in one pass (not two, as ReportLab's own
    table of contents needs)."""

    def __init__(self, index: int, height: float) -> None:
        super().__init__()
        self.form = f"contents{index}"
        self.height = height
        self.width = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        return avail_width, min(self.height, avail_height)

    def draw(self) -> None:
        self.canv.doForm(self.form)


def heading_entries(chapters: Sequence[PdfChapter], depth: int = 1) -> list[ContentsEntry]:
    """The contents' entries the chapters' headings will make, in order, before any is placed: each
    chapter's title and (with `depth` 1) its sections, whose pages `heading_pages` gives."""
    entries: list[ContentsEntry] = []

    def walk(flows: Sequence[Flowable]) -> None:
        for flow in flows:
            if isinstance(flow, Heading):
                if flow.outline_level <= depth and flow.outline_key != CONTENTS_KEY:
                    level = flow.outline_level
                    leading = SECTION_LEADING if level else CHAPTER_LEADING if depth else CHAPTER_ONLY_LEADING
                    entries.append(ContentsEntry(flow.outline_title, level, key=flow.outline_key, leading=leading))
            elif isinstance(flow, KeepTogether):
                walk(kept(flow))

    for chapter in chapters:
        walk(chapter.flowables)
    return entries


def contents_room(layout: PageLayout, styles: Styles) -> tuple[float, float]:
    """The height for contents lines on the first contents page (under its title) and on each next one."""
    title = styles.h1.leading + styles.h1.spaceAfter + 6
    return layout.text_height - title, layout.text_height


def paginate_contents(entries: Sequence[ContentsEntry], first: float, more: float, columns: int = 1) -> list[list[ContentsEntry]]:
    """The entries of each contents column: as many as fit its room (`first` for the columns of the
    first page, under its title; `more` after), a chapter's line never the last of a column when its
    sections follow in the next (one empty column when there are none)."""
    runs: list[list[ContentsEntry]] = []
    at = 0
    while at < len(entries):
        room = first if len(runs) < columns else more
        used, n = 0.0, 0
        while at + n < len(entries) and used + entries[at + n].leading <= room:
            used += entries[at + n].leading
            n += 1
        if 1 < n and at + n < len(entries) and entries[at + n - 1].level == 0 and entries[at + n].level > 0:
            n -= 1  # the chapter starts the next column, with its sections
        n = max(n, 1)
        runs.append(list(entries[at : at + n]))
        at += n
    return runs or [[]]


def _pages_of(runs: list[list[ContentsEntry]], columns: int) -> list[list[list[ContentsEntry]]]:
    return [runs[i : i + columns] for i in range(0, len(runs), columns)]


def plan_contents(chapters: Sequence[PdfChapter], layout: PageLayout, styles: Styles) -> list[list[list[ContentsEntry]]]:
    """The entries the contents will list, page by page and column by column: chapters and their
    sections when the whole fits `MAX_CONTENTS_PAGES` pages, else chapters only; in one column when
    that fits one page, else in `CONTENTS_COLUMNS` (a page of contents, not two half-empty ones)."""
    first, more = contents_room(layout, styles)
    for depth in (1, 0):
        entries = heading_entries(chapters, depth=depth)
        runs = paginate_contents(entries, first, more)
        if len(runs) == 1:
            return [runs]
        pages = _pages_of(paginate_contents(entries, first, more, CONTENTS_COLUMNS), CONTENTS_COLUMNS)
        if len(pages) <= MAX_CONTENTS_PAGES or depth == 0:
            return pages
    raise AssertionError("unreachable")  # depth 0 always returns


def contents_column_width(layout: PageLayout, columns: int) -> float:
    """The width of one column of a contents page set in `columns` columns."""
    return (layout.text_width - (columns - 1) * CONTENTS_GUTTER) / columns


def contents_height(entries: Sequence[ContentsEntry]) -> float:
    """The height a run of contents lines takes."""
    return sum(e.leading for e in entries)


def _fitted(title: str, font: str, size: float, room: float) -> str:
    """A title cut with an ellipsis when it is wider than `room` (a very long section heading)."""
    if pdfmetrics.stringWidth(title, font, size) <= room:
        return title
    while title and pdfmetrics.stringWidth(title + "…", font, size) > room:
        title = title[:-1]
    return title.rstrip() + "…"


def number_column_width(entries: Iterable[ContentsEntry]) -> float:
    """The width of the page numbers' column: the widest number, measured in a chapter line's bold type
    (a section's smaller numbers fit in it too)."""
    return max((pdfmetrics.stringWidth(str(e.page), BODY + "-Bold", TEXT_SIZE) for e in entries), default=0.0)


def draw_contents(
    canvas: Any, entries: Sequence[ContentsEntry], width: float, height: float, palette: Palette,
    number_width: float | None = None,
) -> None:
    """Contents lines from the top of a form `height` tall: a chapter's title, its sections indented
    under it in smaller type, dot leaders, and the page numbers right-aligned in one column. Every
    leader ends at one place before that column (`number_width` wide, the widest number of the
    whole contents; by default of these entries), and its dots stand in the same places on every line."""
    ink, rule = colors.HexColor(palette.ink), colors.HexColor(palette.rule)
    numbers = number_width if number_width is not None else number_column_width(entries)
    end = width - numbers - LEADER_GAP
    dot = pdfmetrics.stringWidth(" .", BODY, TEXT_SIZE)
    y = height
    for entry in entries:
        y -= entry.leading
        section = entry.level > 0
        font, size = (BODY, SMALL_SIZE) if section else (BODY + "-Bold", TEXT_SIZE)
        x = SECTION_INDENT if section else 0.0
        title = _fitted(entry.title, font, size, end - x - LEADER_GAP - dot)
        baseline = y + (entry.leading - size) / 2 if section else y + SMALL_SIZE * 0.35
        canvas.setFillColor(ink)
        canvas.setFont(font, size)
        canvas.drawString(x, baseline, title)
        start = x + pdfmetrics.stringWidth(title, font, size) + LEADER_GAP
        if end - start >= dot:
            canvas.setFillColor(rule)
            canvas.setFont(BODY, TEXT_SIZE)
            canvas.drawRightString(end, baseline, " ." * int((end - start) // dot))
        canvas.setFillColor(ink)
        canvas.setFont(font, size)
        canvas.drawRightString(width, baseline, str(entry.page))


def cover_story(cover: Cover, styles: Styles, layout: PageLayout = PageLayout()) -> list[Flowable]:
    """The cover page's text: booklet title, deck name, dedication, the games inside."""
    title_font = _font_name(cover.title_font)
    body_font = _font_name(cover.body_font)
    text = colors.HexColor(cover.text)
    accent = colors.HexColor(cover.accent)
    big = ParagraphStyle(
        "cover_title", fontName=title_font, fontSize=H1_SIZE, leading=H1_SIZE * 1.25, alignment=TA_CENTER, textColor=text
    )
    name = ParagraphStyle("cover_deck", parent=big, fontName=body_font, fontSize=H2_SIZE, leading=H2_SIZE * 1.3, textColor=accent)
    dedication = ParagraphStyle("cover_ded", parent=name, fontSize=TEXT_SIZE, leading=TEXT_SIZE * 1.35, textColor=text)
    games = ParagraphStyle("cover_games", parent=name, fontName=BODY, fontSize=SMALL_SIZE, leading=SMALL_SIZE * 1.35, textColor=accent)
    out: list[Flowable] = [
        Spacer(1, mm_to_pt(8 if not cover.fan else 3)),
        Paragraph(markup(cover.title, styles, title_font), big),
        Spacer(1, mm_to_pt(2)),
        Paragraph(markup(cover.deck_name, styles, body_font), name),
    ]
    if cover.dedication:
        out += [Spacer(1, mm_to_pt(5)), Paragraph(markup(typographic(cover.dedication), styles, body_font), dedication)]
    if cover.games:
        out += [Spacer(1, mm_to_pt(5)), Paragraph(markup(" · ".join(cover.games), styles), games)]
    # the deck's own cards in a fan under the words, as large as the room left allows
    pad = mm_to_pt(9)
    room = layout.size[1] - 2 * pad - sum(box_height(f, layout.size[0] - 2 * pad) for f in out) - mm_to_pt(4)
    if cover.fan and room >= mm_to_pt(16):
        out += [Spacer(1, mm_to_pt(3)), CardFan(cover.fan, min(room - mm_to_pt(3), mm_to_pt(30)))]
    else:
        suits = ParagraphStyle("cover_suits", parent=games, fontSize=H1_SIZE, leading=H1_SIZE * 1.3)
        out += [Spacer(1, mm_to_pt(6)), Paragraph("♠  ♥  ♦  ♣", suits)]
    return out


def back_story(cover: Cover, styles: Styles) -> list[Flowable]:
    """The last page: a short colophon on the cover colours."""
    style = ParagraphStyle(
        "colophon", fontName=BODY, fontSize=TEXT_SIZE, leading=TEXT_SIZE * 1.35, alignment=TA_CENTER, textColor=colors.HexColor(cover.text)
    )
    paragraphs = [Paragraph(markup(part, styles), style) for part in cover.colophon.split("\n\n") if part.strip()]
    out: list[Flowable] = [Spacer(1, mm_to_pt(18))]
    for paragraph in paragraphs:
        out += [paragraph, Spacer(1, mm_to_pt(3))]
    return out


def build_pocket_pdf(
    target: Path,
    cover: Cover,
    make_chapters: Callable[[Styles], Sequence[PdfChapter]],
    palette: Palette,
    layout: PageLayout = PageLayout(),
    pictures: Sequence[Any] = (),
    date: PdfDate | None = None,
) -> int:
    """Write the pocket booklet to `target` (atomically) and return its page count.

    `make_chapters(styles)` builds the chapters' flowables in the booklet's styles; `pictures` are
    the keyed CardPictures they may draw (see `save_pocket`); `date` as for `lay_out_pocket`."""
    vector, pages = lay_out_pocket(cover, make_chapters, palette, layout, date)
    save_pocket(vector, pictures, target)
    return pages


def lay_out_pocket(
    cover: Cover,
    make_chapters: Callable[[Styles], Sequence[PdfChapter]],
    palette: Palette,
    layout: PageLayout = PageLayout(),
    date: PdfDate | None = None,
) -> tuple[bytes, int]:
    """The booklet laid out: its PDF without the keyed card pictures (their pages only name them),
    and its page count. The slow part of a booklet, and the same for any pixels of its pictures.

    `date`: the build's, which its imposed versions carry too; by default read here, first (a bad
    SOURCE_DATE_EPOCH stops the layout before a measuring canvas has ReportLab read it)."""
    date = pdf_date(date)
    register_fonts()
    styles = make_styles(palette, layout.text_width, layout.text_height)
    contents_title = ParagraphStyle("contents_title", parent=styles.h1, spaceAfter=6)
    story: list[Flowable] = [NextPageTemplate("contents")]
    story += cover_story(cover, styles, layout)
    story += [PageBreak()]
    story += [Heading(markup("Contents", styles, HEAD), contents_title, "Contents", 0, CONTENTS_KEY)]
    chapters = list(make_chapters(styles))
    # the contents' pages are laid out before the chapters know theirs: their lines are counted first
    planned = plan_contents(chapters, layout, styles)
    contents = [ContentsPage(i, max(contents_height(column) for column in plan)) for i, plan in enumerate(planned)]
    for i, page in enumerate(contents):
        story += ([PageBreak()] if i else []) + [page]
    story.append(NextPageTemplate("body"))
    for chapter in chapters:
        story.append(PageBreak())
        story.extend(chapter.flowables)
    story += [NextPageTemplate("back"), PageBreak()]
    story += back_story(cover, styles)
    buffer = io.BytesIO()
    with _binary_images():
        doc = BookletTemplate(buffer, layout, cover, palette, date)
        try:
            canvas = build_then_finish(doc, story)
        except BookletTooLong:
            raise BookletTooLong(MAX_BOOKLET_PAGES) from None  # ReportLab's copy carries its own prefix
        # the contents, now that every chapter has its page: one form per contents page
        placed = [[[replace(e, page=doc.heading_pages.get(e.key, 0)) for e in column] for column in plan] for plan in planned]
        numbers = number_column_width(e for plan in placed for column in plan for e in column)
        width = contents_column_width(layout, max(len(plan) for plan in placed))
        for form, plan in zip(contents, placed):
            canvas.beginForm(form.form, lowerx=0, lowery=0, upperx=layout.text_width, uppery=form.height)
            for k, column in enumerate(plan):
                canvas.saveState()
                canvas.translate(k * (width + CONTENTS_GUTTER), 0)
                draw_contents(canvas, column, width, form.height, palette, numbers)
                canvas.restoreState()
            canvas.endForm()
        canvas.save()
    return buffer.getvalue(), int(doc.page)


def save_pocket(vector: bytes, pictures: Sequence[Any], target: Path) -> Path:
    """Attach each keyed picture (a CardPicture with its `key`, `pages` and `png`) to the pages that
    name it, each image stored once, and save the booklet deterministically and atomically."""
    placed = [p for p in pictures if getattr(p, "key", None) and p.pages]
    if not placed:  # nothing to attach: the laid-out file is the booklet
        return write_bytes_atomic(Path(target), vector)
    images = {p.key: image_from_png_bytes(p.png) for p in placed}
    pdf = pikepdf.open(io.BytesIO(vector))
    pages: list[list[Placement]] = [[] for _ in pdf.pages]
    for p in placed:
        for n in sorted(p.pages):
            pages[n - 1].append(Placement(p.key, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), inline=True))
    attach_images(pdf, images, pages)
    return save_pdf(pdf, Path(target), str(pdf.pdf_version))


@contextmanager
def _binary_images() -> Iterator[None]:
    """Store images as plain Flate streams, not also ASCII85 text: a third smaller and much faster.

    ReportLab reads this switch from its global config when it writes an image; it is put back after.
    """
    from reportlab import rl_config

    before = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = before
