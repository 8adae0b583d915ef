"""The booklet's contents (chapters and their sections, page numbers in one column) and a lead-in
that keeps with what it introduces."""

from __future__ import annotations

import io
from typing import Any

from pypdf import PdfReader
from reportlab.platypus import PageBreak, Paragraph

from deckgen.booklet.pageflow import Heading, float_into_room
from deckgen.booklet.pdf import (
    CONTENTS_COLUMNS,
    MAX_CONTENTS_PAGES,
    ContentsEntry,
    Cover,
    PdfChapter,
    contents_room,
    draw_contents,
    lay_out_pocket,
    paginate_contents,
    plan_contents,
)
from deckgen.booklet.styles import Palette, Styles


def _chapters(styles: Styles) -> list[PdfChapter]:
    """Two small chapters: Alpha (Setup on its first page, Scoring on the next), Beta (Play)."""
    text = Paragraph("A few words of the rules.", styles.body)
    alpha = [
        Heading("Alpha", styles.h1, "Alpha", 0, "c1"),
        Heading("Setup", styles.h2, "Setup", 1, "c1-setup"),
        text,
        PageBreak(),
        Heading("Scoring", styles.h2, "Scoring", 1, "c1-scoring"),
        Paragraph("Points.", styles.body),
    ]
    beta = [Heading("Beta", styles.h1, "Beta", 0, "c2"), Heading("Play", styles.h2, "Play", 1, "c2-play"),
            Paragraph("Turns.", styles.body)]
    return [PdfChapter("Alpha", alpha), PdfChapter("Beta", beta)]


def test_contents_list_chapters_and_their_sections_with_their_pages() -> None:
    pdf, pages = lay_out_pocket(Cover(deck_name="Test deck", title="Rules"), _chapters, Palette())
    reader = PdfReader(io.BytesIO(pdf))
    assert pages == len(reader.pages) == 6  # cover, contents, Alpha (two pages), Beta, back
    text = " ".join(reader.pages[1].extract_text().split())
    assert " ".join(text.replace(" .", "").split()) == "Contents Alpha 3 Setup 3 Scoring 4 Beta 5 Play 5 2"
    assert "Alpha . . ." in text and "Play . . ." in text  # each title with its dot leaders
    # the bookmarks: the chapters, each with its sections under it
    outline = reader.outline
    assert [i.title for i in outline if not isinstance(i, list)] == ["Contents", "Alpha", "Beta"]
    assert [[c.title for c in i] for i in outline if isinstance(i, list)] == [["Setup", "Scoring"], ["Play"]]


class _Recorder:
    """A canvas that records where text is drawn."""

    def __init__(self) -> None:
        self.right: list[tuple[float, str]] = []
        self.left: list[tuple[float, str]] = []

    def drawRightString(self, x: float, y: float, text: str) -> None:
        self.right.append((x, text))

    def drawString(self, x: float, y: float, text: str) -> None:
        self.left.append((x, text))

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


def test_page_numbers_stand_in_one_column_and_every_leader_ends_at_one_place() -> None:
    entries = [ContentsEntry("Poker", 0, 4), ContentsEntry("Object", 1, 4, leading=11.25),
               ContentsEntry("Variants and house rules", 1, 24, leading=11.25), ContentsEntry("Bridge", 0, 112)]
    canvas = _Recorder()
    draw_contents(canvas, entries, 300.0, 60.0, Palette())
    numbers = [(x, t) for x, t in canvas.right if not t.strip(" .") == ""]
    leaders = [x for x, t in canvas.right if t.strip(" .") == ""]
    assert numbers == [(300.0, "4"), (300.0, "4"), (300.0, "24"), (300.0, "112")]
    assert len(leaders) == 4 and len(set(leaders)) == 1 and leaders[0] < 300.0 - 12
    # sections indented under their chapter
    assert [(x > 0, t) for x, t in canvas.left] == [(False, "Poker"), (True, "Object"), (True, "Variants and house rules"),
                                                   (False, "Bridge")]


def test_a_long_booklet_lists_its_chapters_only(tmp_path: Any) -> None:
    from deckgen.booklet.pdf import PageLayout
    from deckgen.booklet.styles import make_styles, register_fonts

    register_fonts()
    layout = PageLayout()
    styles = make_styles(Palette(), layout.text_width, layout.text_height)

    def chapters(n: int, sections: int) -> list[PdfChapter]:
        return [PdfChapter(f"Game {i}", [Heading(f"Game {i}", styles.h1, f"Game {i}", 0, f"c{i}")]
                           + [Heading(f"Part {j}", styles.h2, f"Part {j}", 1, f"c{i}-{j}") for j in range(sections)])
                for i in range(n)]

    pages = plan_contents(chapters(1, 9), layout, styles)
    assert len(pages) == 1 and len(pages[0]) == 1  # a contents that fits one page in one column stays one
    pages = plan_contents(chapters(3, 9), layout, styles)
    columns = [column for page in pages for column in page]
    entries = [e for column in columns for e in column]
    assert {e.level for e in entries} == {0, 1} and len(entries) == 30
    # thirty lines need two pages in one column: in two columns they take one page
    assert len(pages) == 1 and len(pages[0]) == CONTENTS_COLUMNS == 2
    # a chapter's line is never the last of a column when its sections follow in the next
    for column, following in zip(columns, columns[1:]):
        assert column[-1].level == 1 or following[0].level == 0
    pages = plan_contents(chapters(28, 9), layout, styles)
    assert {e.level for page in pages for column in page for e in column} == {0}
    assert sum(len(column) for page in pages for column in page) == 28 and len(pages) == 1
    first, more = contents_room(layout, styles)
    assert len(paginate_contents([ContentsEntry("x", 1, leading=11.25)] * 280, first, more, 2)) > 2 * MAX_CONTENTS_PAGES


def test_a_contents_in_two_columns_puts_each_line_in_its_column_with_its_page() -> None:
    """Three chapters of nine sections: one contents page, its second column starting a third of the
    way across the page or more, and every title with its own page number on its line."""
    from deckgen.booklet.pdf import PageLayout

    def chapters(styles: Styles) -> list[PdfChapter]:
        out = []
        for i in range(3):
            flows: list[Any] = [Heading(f"Game {i}", styles.h1, f"Game {i}", 0, f"c{i}")]
            for j in range(9):
                flows += [Heading(f"Part {i}{j}", styles.h2, f"Part {i}{j}", 1, f"c{i}-{j}"), Paragraph("Words.", styles.body)]
            out.append(PdfChapter(f"Game {i}", flows + [PageBreak()]))
        return out

    pdf, pages = lay_out_pocket(Cover(deck_name="Test deck", title="Rules"), chapters, Palette())
    reader = PdfReader(io.BytesIO(pdf))
    where: dict[str, int] = {}

    def walk(items: Any) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item)
            else:
                where[item.title] = reader.get_destination_page_number(item) + 1

    walk(reader.outline)
    assert where["Game 0"] == 3  # one page of contents
    words: list[tuple[float, float, str]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: Any) -> None:
        if text.strip() and "\n" not in text.strip():  # pypdf 4 also hands over the whole form's text at once
            words.append((tm[4] * cm[0] + cm[4], round(tm[5] * cm[3] + cm[5], 1), text.strip()))

    reader.pages[1].extract_text(visitor_text=visit)
    half = PageLayout().text_width / 2  # the contents are a form drawn at the text column's left edge
    right = [t for x, _, t in words if x > half and t.strip(" .") and t.startswith(("Part", "Game"))]
    left = [t for x, _, t in words if x <= half and t.strip(" .") and t.startswith(("Part", "Game"))]
    assert left and right and left[0] == "Game 0" and set(left).isdisjoint(right)
    assert len(left) + len(right) == 30
    by_line: dict[tuple[bool, float], list[str]] = {}
    for x, y, t in words:
        if t.strip(" ."):
            by_line.setdefault((x > half, y), []).append(t)
    for line in by_line.values():
        title = next((t for t in line if t.startswith(("Part", "Game"))), None)
        if title is not None:
            assert int(line[-1]) == where[title], line


def test_a_lead_in_ending_in_a_colon_never_goes_ahead_without_what_it_introduces() -> None:
    from reportlab.lib.utils import ImageReader

    from deckgen.booklet.boxes import ExampleGroup, ExampleView
    from deckgen.booklet.pictures import Hand
    from deckgen.booklet.rl import box_height
    from deckgen.cards import parse_cards
    from deckgen.booklet.pdf import PageLayout
    from deckgen.booklet.styles import make_styles, register_fonts

    register_fonts()
    layout = PageLayout()
    styles = make_styles(Palette(), layout.text_width, layout.text_height)
    view = ExampleView(hands=[Hand(n, (tuple(parse_cards(c)),)) for n, c in
                              {"Ann": "3♠ 3♥ 3♦ 4♣ 5♣", "Bob": "A♠ A♥ A♦ 9♣ 8♣", "Cy": "K♠ K♥ K♦ 2♣ 7♣",
                               "Dee": "Q♠ Q♥ Q♦ J♣ 10♣"}.items()],
                       sentences=[f"Sentence {i} of the outcome, which runs on." for i in range(12)])
    box = ExampleGroup(view, styles, lambda card: ImageReader(""))
    need = box.height_now(styles.width)
    room = need - 30  # the box waits for the next page, leaving more than half of this one
    assert room > styles.height / 2
    lead = Paragraph("The table below counts them:", styles.body)
    tall = ExampleGroup(view, styles, lambda card: ImageReader(""))  # what the lead-in introduces: too tall here
    plain = Paragraph("A sentence complete in itself.", styles.body)
    assert box_height(lead, styles.width) + box_height(plain, styles.width) < room < tall.height_now(styles.width) + 20
    flows = [box, lead, tall]
    assert not float_into_room(flows, room, styles.height, styles.width)
    assert flows == [box, lead, tall]  # the lead-in waits with the box, and stays on the page of its table
    flows = [box, plain, tall]
    assert float_into_room(flows, room, styles.height, styles.width) and flows == [plain, box, tall]


def _pages_of(text: str, count_fillers: int) -> list[str]:
    """The body pages' text of a one-chapter booklet: `count_fillers` paragraphs, then a lead-in ending
    in a colon and the table it introduces."""
    from pathlib import Path

    from reportlab.lib.utils import ImageReader

    from deckgen.booklet.chapter import parse_chapter
    from deckgen.booklet.markdown import Converter
    from deckgen.booklet.sources import RulesSource

    filler = "A paragraph of the rules that runs on for a while, long enough to take two lines of the page here."
    body = "\n\n".join([filler] * count_fillers) + "\n\n" + text

    def chapters(styles: Styles) -> list[PdfChapter]:
        chapter = parse_chapter(RulesSource(Path("rules/x.md"), {}, "# Game\n\n## Play\n\n" + body))
        flows = Converter(styles, lambda card: ImageReader(""), chapter, lambda b: None).convert()
        return [PdfChapter("Game", [Heading("Game", styles.h1, "Game", 0, "c1"), *flows])]

    pdf, _ = lay_out_pocket(Cover(deck_name="Test deck", title="Rules"), chapters, Palette())
    return [" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(pdf)).pages[2:-1]]


def test_a_lead_in_ending_in_a_colon_shares_its_page_with_the_start_of_its_table() -> None:
    table = "The points each card scores:\n\n| Card | Points |\n|---|---|\n" + "".join(
        f"| Card {i} | {i} |\n" for i in range(6))
    feet = 0
    for fillers in range(8, 17):
        pages = _pages_of(table, fillers)
        (lead,) = [i for i, p in enumerate(pages) if "each card scores:" in p]
        assert "Card Points Card 0 0" in pages[lead], (fillers, pages[lead])
        # the lead-in was the last thing that fitted its page: without the rule it would stand there alone
        feet += lead > 0 and pages[lead].index("each card scores:") < 20
    assert feet  # in some of these the lead-in went on to the next page with its table


def test_a_lead_in_before_a_default_table_asks_for_room_for_the_table_too() -> None:
    from pathlib import Path

    from reportlab.lib.utils import ImageReader

    from deckgen.booklet.chapter import parse_chapter
    from deckgen.booklet.markdown import Converter
    from deckgen.booklet.pageflow import TableFlow, TableGuard
    from deckgen.booklet.pdf import PageLayout
    from deckgen.booklet.sources import RulesSource
    from deckgen.booklet.styles import make_styles, register_fonts
    from deckgen.booklet.tables import TableCache, TableMaker, default_table_requests
    from deckgen.engine.registry import get_game

    register_fonts()
    layout = PageLayout()
    styles = make_styles(Palette(), layout.text_width, layout.text_height)
    text = "# Bridge\n\n## Scoring\n\nHow it scores.\n\nThe contract scores these points:\n\n## Worked examples\n\ny\n"
    chapter = parse_chapter(RulesSource(Path("rules/bridge.md"), {}, text),
                            default_tables=default_table_requests([get_game("bridge")]))
    maker = TableMaker(rules=get_game("bridge").defaults, cache=TableCache(None))
    flows = Converter(styles, lambda card: ImageReader(""), chapter, lambda b: None, table_for=maker).convert()
    lead = next(i for i, f in enumerate(flows) if isinstance(f, Paragraph) and "these points:" in f.text)
    guard, table = flows[lead - 1], flows[lead + 1]
    assert isinstance(guard, TableGuard) and isinstance(table, TableFlow) and guard.table is table
    assert guard.height >= box_height_of(flows[lead], styles) + table.first_part


def box_height_of(flow: Any, styles: Styles) -> float:
    from deckgen.booklet.rl import box_height

    return box_height(flow, styles.width)
