"""The one Markdown parser of deckgen: markdown-it-py, CommonMark with tables.

Line ends are made plain and NUL characters replaced here with `str.replace`, before
markdown-it sees the text, with the very result of its own `normalize` rule (which is
switched off): that rule rewrites every line end through a regular expression, a
sixth of the parse of a file of worked examples.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token
from markdown_it.tree import SyntaxTreeNode

__all__ = ["info_word", "parse_markdown"]

_parser = MarkdownIt("commonmark").enable("table").disable("normalize")


def parse_markdown(text: str) -> list[Token]:
    """markdown-it's block and inline tokens of `text` (CR LF and CR read as LF, NUL as U+FFFD)."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\0" in text:
        text = text.replace("\0", "\ufffd")
    return _parser.parse(text)


def info_word(node: SyntaxTreeNode | Token) -> str:
    """A fence's kind: the first word of its info string, lower case."""
    return (node.info or "").strip().split(" ")[0].lower()
