"""Markdown to ReportLab Platypus flowables: a parsed rules chapter as it looks on the pocket page.

This module walks a chapter's markdown-it-py syntax tree (parsed once, see
`deckgen.booklet.chapter`) and turns each block into flowables in the booklet's own
styles. Two kinds of fenced block are special: ```` ```deckgen ```` (a worked
example, drawn as a box, its view found by the fence node's identity) and
```` ```deckgen-table ```` (a table computed by `deckgen.booklet.tables`). The
pictures and the computed data arrive from outside as plain values, so this module
does no checking and reads no files itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml
from markdown_it.tree import SyntaxTreeNode
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
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

from deckgen.booklet.boxes import ExampleGroup, ExampleView
from deckgen.booklet.chapter import TABLE_INFO, Chapter, TableRequest
from deckgen.booklet.examples import INFO_STRING, ExampleBlock
from deckgen.booklet.mdparse import info_word
from deckgen.booklet.pageflow import Heading, TableFlow, keep_headings_with_boxes, table_guard
from deckgen.booklet.pictures import CardImages, CardStrip
from deckgen.booklet.sources import find_parameter, in_sentence
from deckgen.booklet.rl import box_height
from deckgen.booklet.sidebyside import Fits, SharedTable, share
from deckgen.booklet.styles import (
    BODY, FONT_COMMAND, HEAD, Styles, figures_column, grouped, markup, text_width, typographic,
)
from deckgen.cards import CardError, parse_cards
from deckgen.booklet.tables import CLAIMS, ComputedTable, cell_claim_problem, table_claim_problems
from deckgen.errors import UserError
from deckgen.units import mm_to_pt

def inline_markup(node: SyntaxTreeNode, styles: Styles, font: str = BODY, figures: bool = False) -> str:
    """An inline node's children (text, strong, em, code, links, breaks) as paragraph markup;
    `figures` for a table column of counts (`figures_column`), whose every long number is grouped."""
    parts: list[str] = []
    for child in node.children:
        kind = child.type
        if kind == "text":
            # the rules' prose sets long numbers as the example boxes do ("game 5,000"), never a year
            parts.append(markup(grouped(typographic(child.content), figures), styles, font))
        elif kind == "strong":
            parts.append(f"<b>{inline_markup(child, styles, font, figures)}</b>")
        elif kind == "em":
            parts.append(f"<i>{inline_markup(child, styles, font, figures)}</i>")
        elif kind == "code_inline":
            named = re.match(r"^\s*([\w-]+)\s*(?:[:=]\s*(.+?))?\s*$", child.content)
            key, value = (named.group(1), named.group(2) or "") if named else (child.content, "")
            param = find_parameter(key)
            if param is not None:
                # a house rule named by its key reads as its label: `knock_limit` is "knock limit",
                # `game_points: 61` is "game points 61" (a rulebook's words, never "set to"), and a yes/no
                # one as the engine's phrase for its value: `sweeps_count: false` is "no points for sweeps"
                said = param.phrase(_value(value)) if value else None
                words = said or in_sentence(str(param.label))
                if value and said is None:
                    words += f" {param.show(_value(value))}"
                parts.append(f"<i>{markup(words, styles, font)}</i>")
            else:
                parts.append(f'<font color="{styles.palette.accent}">{markup(child.content, styles, HEAD, prose=False)}</font>')
        elif kind == "softbreak":
            parts.append(" ")
        elif kind == "hardbreak":
            parts.append("<br/>")
        elif kind == "link":
            parts.append(inline_markup(child, styles, font, figures))
        elif kind == "image":
            parts.append(markup(str(child.attrs.get("alt", "") or ""), styles, font))
        elif kind in ("html_inline",):
            continue
        else:
            parts.append(inline_markup(child, styles, font, figures) if child.children else markup(child.content, styles, font))
    return "".join(parts)


def _value(text: str) -> Any:
    """A value written in prose after a house rule's key (`false`, `61`, `anywhere`), read as YAML reads it."""
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError:
        return text


def plain_text(node: SyntaxTreeNode) -> str:
    """The text of an inline node without any markup (for bookmarks and the contents page)."""
    if node.type in ("text", "code_inline"):
        return node.content
    if node.type in ("softbreak", "hardbreak"):
        return " "
    return "".join(plain_text(c) for c in node.children)


def _is_caption(node: SyntaxTreeNode) -> bool:
    """A paragraph that is nothing but bold text ("**Trick points**"), or one that ends with a colon."""
    if node.type != "paragraph" or not node.children:
        return False
    kinds = [c.type for c in node.children[0].children if not (c.type == "text" and not c.content.strip())]
    return kinds == ["strong"] or plain_text(node.children[0]).rstrip().endswith(":")


def _is_example(node: Any) -> bool:
    """A ```deckgen fence, recognised exactly as `deckgen.booklet.chapter` finds them."""
    return isinstance(node, SyntaxTreeNode) and node.type == "fence" and info_word(node) == INFO_STRING


#: Room a section heading asks for at the foot of a page before `pageflow` refines it (mm).
SECTION_ROOM_MM = 22.0
SUBSECTION_ROOM_MM = 16.0

#: Stands in the list of blocks for the heading of default tables in a chapter without a Scoring section.
_TABLES_HEADING = "Tables"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "section"


# ----------------------------------------------------------------------------- tables


#: A column whose text needs no more than this share of the table's width stands on one line when the
#: table must wrap: only the longer columns wrap.
SHORT_COLUMN_SHARE = 0.3


def _col_widths(cells: Sequence[Sequence[str]], styles: Styles, total: float) -> list[float]:
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
    shared = _shared(base, natural, total)
    # or first give a short column (a label, a number) what it needs to stand on one line, when that
    # makes the table shorter: a label broken over two lines adds a line to its row
    widest = max(range(n), key=lambda j: natural[j])
    short = [natural[j] if j != widest and natural[j] <= SHORT_COLUMN_SHARE * total else b for j, b in enumerate(base)]
    if short == base or sum(short) > total:
        return shared
    one_line = _shared(short, natural, total)
    return one_line if _lines(cells, one_line, size) < _lines(cells, shared, size) else shared


def _shared(base: list[float], natural: list[float], total: float) -> list[float]:
    """Each column's `base` width, and what is left of `total` shared in proportion to the rest of its text."""
    spare = max(total - sum(base), 0.0)
    extra = [max(w - b, 0.0) for w, b in zip(natural, base)]
    share = spare / sum(extra) if sum(extra) else 0.0
    return [b + e * min(share, 1.0) for b, e in zip(base, extra)]


def _lines(cells: Sequence[Sequence[str]], widths: Sequence[float], size: float) -> int:
    """How many lines a table's rows take with these column widths (each row as many as its tallest cell)."""
    from reportlab.lib.utils import simpleSplit

    total = 0
    for i, row in enumerate(cells):
        font = BODY + "-Bold" if i == 0 else BODY
        total += max((len(simpleSplit(text, font, size, w - 7)) or 1 for text, w in zip(row, widths)), default=1)
    return total


def grid_table(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    styles: Styles,
    align: Sequence[str] = (),
    header_markup: list[str] | None = None,
    row_markup: Sequence[Sequence[Any]] | None = None,
    groups: Sequence[tuple[str, int]] = (),
) -> Table:
    """A table in the booklet's style: a coloured header row, light stripes, numbers right-aligned.

    `groups`: heads over runs of columns after the first (each head and how many columns it spans),
    in a header row of their own above the columns' heads (tables side by side, see `sidebyside`)."""
    pal = styles.palette
    head_cells = header_markup or [markup(h, styles, red_suits=False) for h in header]
    body_cells: Sequence[Sequence[Any]] = row_markup or [[markup(typographic(c), styles) for c in r] for r in rows]
    n = len(header)
    align = list(align) + ["left"] * (n - len(align))
    ta = {"left": TA_LEFT, "right": TA_RIGHT, "center": TA_CENTER}
    head_styles = [ParagraphStyle(f"th{j}", parent=styles.cell_head, alignment=ta[align[j]]) for j in range(n)]
    cell_styles = [ParagraphStyle(f"td{j}", parent=styles.cell, alignment=ta[align[j]]) for j in range(n)]
    data: list[list[Any]] = [[Paragraph(c, head_styles[j]) for j, c in enumerate(head_cells)]]
    group_style = ParagraphStyle("tg", parent=styles.cell_head, alignment=TA_CENTER)
    starts: list[int] = []
    if groups:
        row: list[Any] = [""]
        for head, span in groups:
            starts.append(len(row))
            row += [Paragraph(markup(head, styles, red_suits=False), group_style)] + [""] * (span - 1)
        data.insert(0, row + [""] * (n - len(row)))
    heads = len(data)
    for r in body_cells:
        r = list(r) + [""] * (n - len(r))
        data.append([c if isinstance(c, Flowable) else Paragraph(c, cell_styles[j]) for j, c in enumerate(r[:n])])
    texts = [[re.sub(r"<[^>]+>", "", c) if isinstance(c, str) else "" for c in r] for r in body_cells]
    widths = _col_widths([list(header)] + texts, styles, styles.width)
    pad = 3.0
    if groups:
        # tables side by side fit with every cell on one line (`fits_unwrapped`), their columns a little
        # closer: the heads on one line too where that fits, else wrapped between their words
        pad = SIDE_BY_SIDE_PAD
        for whole in (True, False):
            needs = _unwrapped_widths(header, texts, styles, whole)
            if sum(needs) <= styles.width:
                widths = needs
                break
    for j in range(n):
        drawn = [r[j].width for r in body_cells if j < len(r) and isinstance(r[j], Flowable)]
        if drawn and widths[j] < max(drawn) + 7:
            # a column of card pictures takes the room the table leaves free on the page first,
            # then what it still needs from the widest other column
            need = max(drawn) + 7 - widths[j]
            free = min(need, max(styles.width - sum(widths), 0.0))
            widths[j] += need
            widest = max((k for k in range(n) if k != j), key=lambda k: widths[k])
            widths[widest] = max(widths[widest] - (need - free), 20.0)
    table = Table(data, colWidths=widths, hAlign="LEFT", repeatRows=heads)
    commands: list[tuple[Any, ...]] = [
        ("BACKGROUND", (0, 0), (-1, heads - 1), colors.HexColor(pal.accent)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), pad),
        ("RIGHTPADDING", (0, 0), (-1, -1), pad),
        ("TOPPADDING", (0, 0), (-1, -1), 1.0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.4),
        ("LINEBELOW", (0, -1), (-1, -1), 0.5, colors.HexColor(pal.accent)),
    ]
    for i in range(heads + 1, len(data), 2):
        commands.append(("BACKGROUND", (0, i), (-1, i), colors.HexColor(pal.accent_light)))
    for (_, span), start in zip(groups, starts):
        commands.append(("SPAN", (start, 0), (start + span - 1, 0)))
        commands.append(("LINEBEFORE", (start, 0), (start, heads - 1), 0.8, colors.white))
        commands.append(("LINEBEFORE", (start, heads), (start, -1), 0.4, colors.HexColor(pal.accent)))
    table.setStyle(TableStyle(commands + [FONT_COMMAND]))
    return table


#: The padding each side of a cell in tables side by side (3 pt in others).
SIDE_BY_SIDE_PAD = 2.0


def _unwrapped_widths(header: Sequence[str], rows: Sequence[Sequence[str]], styles: Styles, whole_heads: bool = False) -> list[float]:
    """Each column's width in tables side by side: its cells on one line, its head on one line too
    (`whole_heads`) or wrapped between its words."""
    size = styles.cell.fontSize
    out = []
    for j, head in enumerate(header):
        words = [head] if whole_heads else head.split()
        need = max((text_width(w, size, BODY + "-Bold") for w in words), default=0.0)
        cells = max((text_width(typographic(r[j]), size, BODY) for r in rows if j < len(r)), default=0.0)
        out.append(max(need, cells) + 2 * SIDE_BY_SIDE_PAD + 1)
    return out


def fits_unwrapped(styles: Styles) -> Fits:
    """Whether a table of these heads and rows fits the text column with every cell of its rows on one
    line (a head may wrap between its words)."""
    return lambda header, rows: sum(_unwrapped_widths(header, rows, styles)) <= styles.width


def shared_table(table: SharedTable, styles: Styles) -> list[Flowable]:
    """Tables side by side (see `sidebyside`) with their shared title and their notes."""
    out: list[Flowable] = [
        Paragraph(f"<b>{markup(table.title, styles)}</b>", ParagraphStyle("tt", parent=styles.small, spaceBefore=2, spaceAfter=2)),
        grid_table(table.header, table.rows, styles, table.align, groups=table.groups),
    ]
    out.append(Paragraph(markup(typographic(table.note), styles), styles.caption) if table.note else Spacer(1, 5))
    return out


def computed_table(table: ComputedTable, styles: Styles) -> list[Flowable]:
    """A table from `deckgen.booklet.tables`, with its title and note."""
    out: list[Flowable] = []
    if table.title:
        out.append(Paragraph(f"<b>{markup(table.title, styles)}</b>", ParagraphStyle("tt", parent=styles.small, spaceBefore=2, spaceAfter=2)))
    out.append(grid_table(table.header, table.rows, styles, table.align))
    if table.note:
        out.append(Paragraph(markup(typographic(table.note), styles), styles.caption))
    else:
        out.append(Spacer(1, 5))
    return out


# ----------------------------------------------------------------------------- the converter


@dataclass
class Converter:
    """Turns one parsed chapter into flowables.

    `example_view(block)` gives the box of a worked example (None: the example is left
    out of this booklet, with the sentence that introduces it); `table_for(spec)` returns
    the computed table a ```deckgen-table block (or a default table) names.
    """

    styles: Styles
    images: CardImages
    chapter: Chapter
    example_view: Callable[[ExampleBlock], ExampleView | None]
    table_for: Callable[[Mapping[str, Any]], ComputedTable] | None = None
    #: Prefix for bookmark keys, unique per chapter.
    key_prefix: str = "ch"
    #: Whether a table's `expect:` rows are checked (the deck maker's chapter, or a shipped one under
    #: the usual rules): a wrong one stops the booklet at its file:line, as a wrong example does.
    table_claims: bool = True
    _keys: set[str] = field(default_factory=set)
    _last_heading: str = ""

    @property
    def source_name(self) -> str:
        return str(self.chapter.source.path)

    def convert(self) -> list[Flowable]:
        """All the flowables of the chapter, its default tables at the end of its Scoring section."""
        nodes: list[Any] = list(self.chapter.tree.children)
        defaults: list[Any] = list(self.chapter.default_tables)
        if defaults:
            at = self.chapter.default_tables_index()
            if at is None:
                nodes += [_TABLES_HEADING, *defaults]
            else:
                nodes[at:at] = defaults
        return keep_headings_with_boxes(list(self._blocks(nodes, self.styles.body)), self.styles)

    # -- blocks

    def _blocks(self, nodes: Sequence[Any], style: ParagraphStyle) -> Iterator[Flowable]:
        nodes = list(nodes)
        i = 0
        while i < len(nodes):
            node = nodes[i]
            following = nodes[i + 1] if i + 1 < len(nodes) else None
            run = self._table_run(nodes, i)
            if run:
                yield from self._tables(run)
                i += len(run)
                continue
            if node is _TABLES_HEADING:
                yield CondPageBreak(mm_to_pt(SECTION_ROOM_MM))
                yield Heading(markup(_TABLES_HEADING, self.styles, HEAD), self.styles.h2, "Tables", 1, self._key("Tables"))
                i += 1
                continue
            if node.type == "paragraph" and following is not None and _is_example(following):
                # the sentence that introduces an example becomes the box's caption
                # (and is left out with it when the example cannot happen under these house rules)
                intro = inline_markup(node.children[0], self.styles)
                yield from self._example(following, intro)
                i += 2
                continue
            if _is_example(node):
                yield from self._example(node)
            elif _is_caption(node) and (
                self._request(following) is not None
                or (isinstance(following, SyntaxTreeNode) and following.type in ("table", "paragraph", "bullet_list", "ordered_list", "fence"))
            ):
                # a caption (a bold line, or a sentence ending in a colon) starts a page only
                # with the start of what it introduces: a table whole (written out, or computed:
                # a ```deckgen-table block or a default table), a list's first lines
                caption = list(self._block(node, style))
                run = self._table_run(nodes, i + 1)
                rest = list(self._tables(run)) if run else list(self._block(following, style)) if isinstance(following, SyntaxTreeNode) else []
                i += max(len(run) - 1, 0)
                head = sum(box_height(f, self.styles.width) for f in caption)
                body = sum(box_height(f, self.styles.width) for f in rest)
                if rest and isinstance(rest[0], TableFlow):
                    body = rest[0].first_part  # a table, written out or computed (a ```deckgen-table block)
                elif isinstance(following, SyntaxTreeNode) and following.type != "table":
                    body = min(body, 3 * style.leading)
                yield table_guard(head + body + style.spaceAfter + 2, head + style.spaceAfter, rest[0] if rest else None)
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
            yield from self._example(node)
        elif kind == "fence" and info_word(node) == TABLE_INFO:
            request = self.chapter.table_at(node)
            if request is not None:
                yield from self._computed(request)
        elif kind in ("fence", "code_block"):
            lines = node.content.rstrip("\n").split("\n")
            yield Paragraph("<br/>".join(markup(l, st, HEAD, prose=False).replace("  ", "&nbsp; ") for l in lines), st.code)
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
            yield CondPageBreak(mm_to_pt(SECTION_ROOM_MM))
            yield Heading(inline_markup(inline, st, HEAD), st.h2, title, 1, self._key(title))
        else:
            yield CondPageBreak(mm_to_pt(SUBSECTION_ROOM_MM))
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
        inner_style = ParagraphStyle("q", parent=st.body, spaceAfter=2)
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
        row_markup: list[list[Any]] = []
        align: list[str] = []
        lines = [(section.type == "thead", tr, [plain_text(cell.children[0]) if cell.children else "" for cell in tr.children])
                 for section in node.children for tr in section.children]
        body = [texts for head, _, texts in lines if not head]
        # a column of counts groups its four-digit figures (1,500); a column of years does not
        counts = [figures_column([row[i] for row in body if i < len(row)]) for i in range(max(map(len, body), default=0))]
        for head, tr, texts in lines:
            marks = [inline_markup(cell.children[0], st, figures=not head and i < len(counts) and counts[i])
                     if cell.children else "" for i, cell in enumerate(tr.children)]
            if head:
                header, header_markup = texts, marks
                for cell in tr.children:
                    style = str(cell.attrs.get("style", ""))
                    align.append("right" if "right" in style else "center" if "center" in style else "left")
            else:
                rows.append(texts)
                # a cell holding nothing but a hand (the ranking table's examples) shows the cards
                row_markup.append([self._strip(t) or m for t, m in zip(texts, marks)])
        return TableFlow([grid_table(header, rows, st, align, header_markup, row_markup), Spacer(1, 5)], st)

    def _strip(self, text: str) -> CardStrip | None:
        """A strip of card pictures for a table cell that is only a hand of three cards or more."""
        if not re.fullmatch(r"\s*(\S{2,3}\s+){2,}\S{2,3}\s*", text):
            return None
        try:
            cards = parse_cards(text)
        except CardError:
            return None
        return CardStrip(cards, self.images, self.styles) if len(cards) >= 3 else None

    def _example(self, node: SyntaxTreeNode, intro: str = "") -> Iterator[Flowable]:
        block = self.chapter.example_at(node)
        if block is None:
            raise UserError(f"{self.source_name}: a worked example in the text was not read")
        view = self.example_view(block)
        if view is not None:
            yield ExampleGroup(view, self.styles, self.images, intro)

    def _computed(self, request: TableRequest) -> Iterator[Flowable]:
        yield TableFlow(computed_table(self._checked_table(request), self.styles), self.styles)

    def _request(self, node: Any) -> TableRequest | None:
        """The computed table a node asks for: a default table, or a ```deckgen-table block."""
        if isinstance(node, TableRequest):
            return node
        if isinstance(node, SyntaxTreeNode) and node.type == "fence" and info_word(node) == TABLE_INFO:
            return self.chapter.table_at(node)
        return None

    def _table_run(self, nodes: Sequence[Any], at: int) -> list[TableRequest]:
        """The computed tables that follow each other from `at` with nothing between them."""
        run: list[TableRequest] = []
        while at + len(run) < len(nodes):
            request = self._request(nodes[at + len(run)])
            if request is None:
                break
            run.append(request)
        return run

    def _tables(self, run: Sequence[TableRequest]) -> Iterator[Flowable]:
        """Computed tables in a row: two by two side by side where they share (see `sidebyside`)."""
        tables = [self._checked_table(r) for r in run]
        fits = fits_unwrapped(self.styles)
        i = 0
        while i < len(tables):
            shared = share(tables[i : i + 2], fits)
            if shared is not None:
                yield TableFlow(shared_table(shared, self.styles), self.styles)
                i += 2
            else:
                yield TableFlow(computed_table(tables[i], self.styles), self.styles)
                i += 1

    def _checked_table(self, request: TableRequest) -> ComputedTable:
        """The table a request asks for, its claims checked (a wrong one stops the booklet at its line)."""
        where = f"{self.source_name}:{request.line}" if request.line else self.source_name
        if request.error is not None:
            raise UserError(f"{where}: {request.error}")
        if self.table_for is None:
            raise UserError(f"{where}: computed tables are not available here")
        try:
            table = self.table_for(request.spec)
        except UserError as exc:
            raise UserError(f"{where}: {exc}") from None
        if self.table_claims and CLAIMS in request.spec:
            for key, message in table_claim_problems(table, request.spec[CLAIMS]):
                raise UserError(f"{self.source_name}:{request.line_of(key)}: {request.spec.get('table')}: {message}")
        for claim in request.claims if self.table_claims else ():
            problem = cell_claim_problem(table, claim.entry or "", claim.text)
            if problem is not None:
                raise UserError(f"{self.source_name}:{claim.line}: {request.spec.get('table')}: [{claim.text}]{{={claim.key}}}: {problem}")
        return table


# ----------------------------------------------------------------------------- chapter header


def rating_dots(value: int) -> str:
    """A rating out of five as filled and open dots: ●●●○○."""
    value = max(0, min(5, int(value)))
    return "●" * value + "○" * (5 - value)


def chapter_header(
    title: str, facts: Sequence[tuple[str, str]], styles: Styles, key: str, house_rules: str = "", deck: str = ""
) -> list[Flowable]:
    """The opening of a game's chapter: its title (a bookmark and a contents line), a line of facts,
    the house rules this booklet plays that differ from the usual ones, and what the deck lacks
    for the game (`deck`: more cards, or a look of its courts the rules rely on)."""
    st = styles
    out: list[Flowable] = [Heading(markup(title, st, HEAD), st.h1, title, 0, key)]
    # who plays with what on one line, the ratings on a line of their own (a rating never wraps
    # away from its dots)
    ratings = [(k, v) for k, v in facts if v and set(v) <= {"●", "○"}]
    lines = [[f for f in facts if f not in ratings], ratings]
    lines = [line for line in lines if line]
    for i, group in enumerate(lines):
        line = "&nbsp;&nbsp; ".join(  # a visible gap between two facts (spaces alone collapse)
            f'<font color="{st.palette.accent}">{markup(k, st)}</font> {markup(v, st)}' for k, v in group
        )
        last = i == len(lines) - 1
        out.append(Paragraph(line, ParagraphStyle("facts", parent=st.small, spaceAfter=(2 if house_rules or deck else 6) if last else 0)))
    if house_rules:
        out.append(
            Paragraph(
                f'<font color="{st.palette.accent}">House rules</font> {markup(house_rules, st)}',
                ParagraphStyle("house", parent=st.small, spaceAfter=2 if deck else 6),
            )
        )
    if deck:
        out.append(
            Paragraph(
                f'<font color="{st.palette.accent}">Cards</font> {markup(deck, st)}',
                ParagraphStyle("deck", parent=st.small, spaceAfter=6),
            )
        )
    return out
