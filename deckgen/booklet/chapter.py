"""A rules chapter parsed once: the model that `deckgen check`, the PDF writer and the tables read.

A source is rendered with the house rules (a sandboxed Jinja2 template), then
parsed by markdown-it-py into one syntax tree. Each ```deckgen fence is bound to
its example by identity, not by counting: before rendering, every example fence
of the source gets its own source line written into its info string
(```` ```deckgen line=42 ````), so an example inside `{% if %}`, or one that a
loop writes twice, still knows the line it came from. The tree, the examples (with
their source lines) and the tables the chapter asks for are kept together; nothing
downstream parses the Markdown again.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import yaml
from markdown_it.token import Token
from markdown_it.tree import SyntaxTreeNode

from deckgen.booklet.claims import Claim, claims_in, tag_claims, untagged
from deckgen.booklet.examples import INFO_STRING, ExampleBlock, parse_block
from deckgen.booklet.mdparse import info_word, parse_markdown
from deckgen.booklet.sources import HouseRules, RulesSource, active_rules, render_source
from deckgen.limits import safe_yaml

TABLE_INFO = "deckgen-table"
#: The word a fence's info string carries to name the source line it was written on.
LINE_TAG = "line="

_FENCE_OPEN = re.compile(r"^(?P<lead>(?:[ \t]*>)*[ \t]*(?:[-*+][ \t]+|\d+[.)][ \t]+)?[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")


@dataclass(frozen=True)
class TableRequest:
    """A computed table the chapter prints: a ```deckgen-table block, or one of the game's defaults."""

    spec: Mapping[str, Any]
    #: Source line of the block (0 for a default table the chapter did not place).
    line: int = 0
    #: Why the block could not be read, if it could not (reported when the chapter is drawn).
    error: str | None = None
    #: File line of each key and of each row an `expect:` claims ("expect.Five of a kind").
    key_lines: Mapping[str, int] = field(default_factory=dict)
    #: The prose's claims about the table's cells (`[672]{=table.Five of a kind.Ways}`), in order.
    claims: list[Claim] = field(default_factory=list)

    def line_of(self, key: str | None) -> int:
        """The line of a key (`expect.Full house`), or of the fence when unknown."""
        return self.key_lines.get(key, self.line) if key is not None else self.line


@dataclass
class Chapter:
    """One rules source, rendered with the house rules and parsed once."""

    source: RulesSource
    #: The body with the house rules filled in.
    markdown: str
    #: markdown-it-py's tokens of `markdown` (CommonMark with tables); `tree` is made from them.
    tokens: list[Token]
    #: The worked examples, in the order they appear, each with its source lines.
    examples: list[ExampleBlock]
    #: The tables the chapter places itself, in order.
    tables: list[TableRequest]
    #: The game's default tables when the chapter places none (printed at the end of its Scoring section).
    default_tables: list[TableRequest] = field(default_factory=list)
    #: The active value of every house-rule parameter of the chapter's games.
    rules: dict[str, Any] = field(default_factory=dict)
    #: The name house rules are looked up under (`[house_rules.<name>]`), for a rules source.
    rules_name: str | None = None
    _examples_by_token: dict[int, ExampleBlock] = field(default_factory=dict, repr=False)
    _tables_by_token: dict[int, TableRequest] = field(default_factory=dict, repr=False)
    _tree: SyntaxTreeNode | None = field(default=None, repr=False)

    @property
    def tree(self) -> SyntaxTreeNode:
        """markdown-it-py's syntax tree of `markdown`, made from `tokens` when first asked for: the
        booklet walks it, `deckgen check` never does (its nodes point at their parents, so a tree
        nobody holds waits for Python's cycle collector)."""
        if self._tree is None:
            self._tree = SyntaxTreeNode(self.tokens)
        return self._tree

    def example_at(self, node: SyntaxTreeNode) -> ExampleBlock | None:
        """The example a ```deckgen fence node of `tree` holds (by its token's identity)."""
        return self._examples_by_token.get(id(node.token)) if node.token is not None else None

    def table_at(self, node: SyntaxTreeNode) -> TableRequest | None:
        """The table a ```deckgen-table fence node of `tree` asks for (by its token's identity)."""
        return self._tables_by_token.get(id(node.token)) if node.token is not None else None

    @property
    def all_tables(self) -> list[TableRequest]:
        return self.tables + self.default_tables

    def default_tables_index(self) -> int | None:
        """Where the default tables go among the tree's top-level blocks: before the heading that
        follows `## Scoring`; None when the chapter has no Scoring section (they go at its end,
        under a heading of their own)."""
        children = self.tree.children
        start = next((i for i, n in enumerate(children) if _is_h2(n) and _heading_text(n).startswith("Scoring")), None)
        if start is None:
            return None
        return next((i for i in range(start + 1, len(children)) if _is_h2(children[i])), len(children))


def _is_h2(node: SyntaxTreeNode) -> bool:
    return node.type == "heading" and node.tag == "h2"


def _heading_text(node: SyntaxTreeNode) -> str:
    return "".join(c.content for c in node.children[0].children if c.type == "text") if node.children else ""


def tag_example_fences(body: str, first_line: int) -> str:
    """`body` with each ```deckgen fence opening tagged with its file line (`line=42`).

    Fences are followed line by line (a fence inside another fence is content, not
    an example), so the tags name the lines of the source as its author wrote it.
    """
    lines = body.split("\n")
    open_fence: str | None = None
    for i, text in enumerate(lines):
        match = _FENCE_OPEN.match(text)
        if open_fence is not None:
            if match and match["fence"][0] == open_fence[0] and len(match["fence"]) >= len(open_fence) and not match["info"].strip():
                open_fence = None
            continue
        if match is None:
            continue
        open_fence = match["fence"]
        words = match["info"].strip().split(" ")
        if words and words[0].lower() == INFO_STRING:
            lines[i] = f"{text.rstrip()} {LINE_TAG}{first_line + i}"
    return "\n".join(lines)


def _source_line(node: Token, rendered_first_line: int) -> tuple[int, int]:
    """(the fence's line in the source file, its line in the rendered text counted the same way)."""
    rendered = (node.map[0] if node.map else 0) + rendered_first_line
    for word in (node.info or "").split()[1:]:
        if word.startswith(LINE_TAG) and word[len(LINE_TAG) :].isdigit():
            return int(word[len(LINE_TAG) :]), rendered
    return rendered, rendered


def parse_chapter(
    source: RulesSource,
    house_rules: HouseRules | None = None,
    template: bool | None = None,
    rules: Mapping[str, Any] | None = None,
    default_tables: Sequence[Mapping[str, Any]] = (),
) -> Chapter:
    """Render `source` with the house rules and parse it once.

    `template`: render a source without front matter too (a deck's own chapter is a
    template like the shipped ones); `rules`: the variables such a chapter sees when
    it names no game itself. `default_tables`: the game's standard tables, used when
    the chapter places none of its own.
    """
    render = source.is_template if template is None else template
    file = str(source.path)
    first = source.body_line
    body = tag_claims(tag_example_fences(source.body, first) if render else source.body, first)
    markdown = render_source(source, house_rules, body=body, force=render, rules=rules) if render else body
    tokens = parse_markdown(markdown)
    chapter = Chapter(
        source=source,
        markdown=markdown,
        tokens=tokens,
        examples=[],
        tables=[],
        rules=(active_rules(source, house_rules) if source.is_template else {}) | dict(rules or {}),
        rules_name=source.name if source.is_template else None,
    )
    binder = _ClaimBinder(file)
    paragraph: tuple[int, str] | None = None  # the paragraph just read, while nothing else follows it
    for i, node in enumerate(tokens):  # block tokens come in document order, those inside lists and quotes too
        if node.type == "heading_open":
            binder.section()
        elif node.type == "inline":
            claims = claims_in(node)
            binder.claims(claims)
            if i and tokens[i - 1].type == "paragraph_open":
                paragraph = (_line_of(node, first), _words_around(node, claims))
                continue
        elif node.type == "code_block":
            node.content = untagged(node.content)
        if node.type == "paragraph_close":
            continue
        caption, paragraph = paragraph, None
        if node.type != "fence":
            continue
        kind = info_word(node)
        if kind == INFO_STRING:
            line, rendered = _source_line(node, first)
            block = parse_block(node.content, file, rendered)
            if line != rendered:
                block.move(line - rendered)
            binder.example(block)
            block.caption = caption
            chapter.examples.append(block)
            chapter._examples_by_token[id(node)] = block
        elif kind == TABLE_INFO:
            line = (node.map[0] if node.map else 0) + first
            request = _table_request(node.content, line)
            binder.table(request)
            chapter.tables.append(request)
            chapter._tables_by_token[id(node)] = request
    chapter.examples += binder.end()
    if not chapter.tables:
        chapter.default_tables = [TableRequest(dict(spec)) for spec in default_tables]
    return chapter


def _line_of(inline: Token, first: int) -> int:
    """A paragraph's first line in the file (rendering keeps the lines where they are)."""
    return (inline.map[0] if inline.map else 0) + first


def _words_around(inline: Token, claims: list[Claim]) -> str:
    """A paragraph's text with its claims' words left out (what it says that nothing checks)."""
    claimed = {id(c.token) for c in claims}
    return "".join(
        " … " if id(c) in claimed else (" " if c.type in ("softbreak", "hardbreak") else c.content)
        for c in inline.children or []
        if c.type in ("text", "softbreak", "hardbreak", "code_inline")
    )


#: The quantity a claim of the prose names to state a cell of a computed table:
#: `[672]{=table.Five of a kind.Ways}` (the row by its first cell, then the column's heading).
TABLE_CLAIM = "table"


class _ClaimBinder:
    """Gives each claim of the prose to its example: the nearest one after it in its section, else
    the nearest one before it; a claim of a table's cell (`{=table.<row>.<column>}`) goes the same
    way to the nearest ```deckgen-table block. A claim with nothing in its section to check it
    against is a block that failed."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.waiting: list[Claim] = []
        self.waiting_tables: list[Claim] = []
        self.last: ExampleBlock | None = None
        self.last_table: TableRequest | None = None
        self.unbound: list[ExampleBlock] = []

    def claims(self, claims: list[Claim]) -> None:
        self.waiting += [c for c in claims if c.quantity != TABLE_CLAIM or c.error is not None]
        self.waiting_tables += [c for c in claims if c.quantity == TABLE_CLAIM and c.error is None]

    def example(self, block: ExampleBlock) -> None:
        block.claims += self.waiting
        self.waiting = []
        self.last = block

    def table(self, request: TableRequest) -> None:
        request.claims.extend(self.waiting_tables)
        self.waiting_tables = []
        self.last_table = request

    def section(self) -> None:
        if self.waiting:
            if self.last is not None:
                self.last.claims += self.waiting
            else:
                for claim in self.waiting:
                    message = claim.error or (
                        f"'[{claim.text}]{{={claim.key}}}' claims a fact, but its section has no worked example to check it against"
                    )
                    self.unbound.append(ExampleBlock(self.file, claim.line, "", error=message))
        if self.waiting_tables:
            if self.last_table is not None:
                self.last_table.claims.extend(self.waiting_tables)
            else:
                for claim in self.waiting_tables:
                    message = f"'[{claim.text}]{{={claim.key}}}' claims a table's cell, but its section has no deckgen-table block"
                    self.unbound.append(ExampleBlock(self.file, claim.line, "", error=message))
        self.waiting = []
        self.waiting_tables = []
        self.last = None
        self.last_table = None

    def end(self) -> list[ExampleBlock]:
        self.section()
        return self.unbound


def _table_request(text: str, line: int) -> TableRequest:
    try:
        spec = safe_yaml(text)  # libyaml's loader, with aliases and deep nesting refused
    except yaml.YAMLError as exc:
        return TableRequest({}, line, f"deckgen-table block is not YAML ({getattr(exc, 'problem', None) or exc})")
    if not isinstance(spec, dict) or "table" not in spec:
        return TableRequest({}, line, "a deckgen-table block needs 'table: <name>'")
    lines = parse_block(text, "", line).key_lines if "expect" in spec else {}  # where each claimed row is
    return TableRequest(spec, line, key_lines=lines)
