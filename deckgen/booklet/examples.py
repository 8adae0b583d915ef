"""Finding ```deckgen worked-example blocks in Markdown, with the line of every key.

Blocks are found with markdown-it-py (so a fence inside a list or a quote counts
and a fence inside another code block does not) and read with YAML's safe
loader; the line of each top-level and `expect` key is kept so a failure can
point at the very claim that is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import yaml

from deckgen.booklet.claims import Claim
from deckgen.booklet.mdparse import info_word, parse_markdown
from deckgen.limits import YamlLoader, plain_data

INFO_STRING = "deckgen"


@dataclass
class ExampleBlock:
    file: str
    #: 1-based line a failure of the whole block points at (the fence, or a YAML error's line).
    line: int
    text: str
    data: dict[str, Any] | None = None
    #: Why the block could not be read, if it could not.
    error: str | None = None
    #: 1-based file line of each key: "game", "hand", "expect.winners" ...
    key_lines: dict[str, int] = field(default_factory=dict)
    #: 1-based line of the opening fence (0: same as `line` when made).
    fence: int = 0
    #: The claims the prose makes about this example (`[full house]{=categories.Ann}`), in order.
    claims: list[Claim] = field(default_factory=list)
    #: The sentence that introduces the example (the paragraph just before its fence), with its
    #: claims' words left out, and its file line; None when no paragraph comes just before it.
    caption: tuple[int, str] | None = None

    def __post_init__(self) -> None:
        self.fence = self.fence or self.line

    def move(self, shift: int) -> None:
        """Shift every line number (a block found in rendered text, mapped back to its source)."""
        self.line += shift
        self.fence += shift
        self.key_lines = {k: v + shift for k, v in self.key_lines.items()}

    @property
    def game(self) -> str | None:
        if self.data is None:
            return None
        value = self.data.get("game")
        return str(value) if value is not None else None

    def line_of(self, key: str | None) -> int:
        """The line of a key (`expect.points`, `hand`), or of the fence when unknown."""
        if key is None:
            return self.line
        return self.key_lines.get(key, self.key_lines.get(key.split(".")[0], self.line))


#: libyaml's loader when the C extension is built (8x faster on these blocks), else PyYAML's own;
#: both report the same marks, so line numbers do not depend on which one runs.
_Loader: Any = YamlLoader


def _key_lines(node: yaml.Node, first_line: int) -> dict[str, int]:
    """Map top-level keys and their direct children to file lines, from YAML's node marks."""
    lines: dict[str, int] = {}
    if not isinstance(node, yaml.MappingNode):
        return lines
    for key_node, value_node in node.value:
        key = str(key_node.value)
        lines[key] = first_line + key_node.start_mark.line
        if isinstance(value_node, yaml.MappingNode):
            for sub_key, _ in value_node.value:
                lines[f"{key}.{sub_key.value}"] = first_line + sub_key.start_mark.line
    return lines


def parse_block(text: str, file: str, line: int) -> ExampleBlock:
    """Read one block body once (node tree for the key lines, then the data from the same tree);
    a YAML or shape problem is kept as `error`, never raised."""
    block = ExampleBlock(file=file, line=line, text=text)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        data = plain_data(loader, node)  # no aliases, no deep nesting, no .nan: bounded as it is built
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        if mark is not None:
            block.line = line + 1 + mark.line
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        block.error = f"the block is not valid YAML: {problem}"
        return block
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        block.error = "the block must be a YAML mapping with `game:` and `expect:`"
        return block
    block.data = data
    block.key_lines = _key_lines(node, line + 1)
    return block


def find_blocks(markdown: str, file: str = "<text>", line_offset: int = 0) -> list[ExampleBlock]:
    """Every ```deckgen block of a Markdown text; `line_offset` is added to each line number."""
    blocks = []
    for token in parse_markdown(markdown):
        if token.type != "fence" or info_word(token) != INFO_STRING:
            continue
        fence_line = (token.map[0] if token.map else 0) + 1 + line_offset
        blocks.append(parse_block(token.content, file, fence_line))
    return blocks
