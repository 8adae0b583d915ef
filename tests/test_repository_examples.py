"""Every worked example shipped with deckgen is right, and every rules source is well formed."""

import re
from pathlib import Path

import pytest
import yaml
from markdown_it import MarkdownIt

from deckgen.booklet.check import check_paths
from deckgen.booklet.examples import find_blocks
from deckgen.booklet.sources import load_source, render_source
from deckgen.resources import data_dir

REPO = Path(__file__).resolve().parent.parent
RULES = sorted(data_dir("rules").glob("*.md"))
SECTIONS_IN_ORDER = ["Object", "Players and cards", "The deal", "Play", "Scoring", "Worked examples"]


def test_every_example_in_rules_docs_and_readme_passes():
    paths = [data_dir("rules"), REPO / "docs", REPO / "README.md"]
    results = check_paths([p for p in paths if p.exists()])
    failures = [str(f) for r in results for f in r.failures]
    assert failures == []
    assert len(results) >= 3 * len(RULES)


@pytest.mark.parametrize("path", RULES, ids=lambda p: p.stem)
def test_rules_source_front_matter(path):
    source = load_source(path)
    meta = source.meta
    for key in ("name", "title", "players", "deck", "ratings", "engine"):
        assert key in meta, f"{path.name}: front matter lacks '{key}'"
    assert meta["name"] == path.stem
    assert set(meta["ratings"]) == {"luck", "brains", "fun"}
    assert all(1 <= int(v) <= 5 for v in meta["ratings"].values())
    # house-rule parameters are the engine's alone: declared once, with their labels, in engine/<game>.py
    assert "parameters" not in meta
    source.engine_games  # every engine game it names exists


@pytest.mark.parametrize("path", [p for p in RULES if load_source(p).meta.get("engine")], ids=lambda p: p.stem)
def test_rules_source_has_three_examples(path):
    source = load_source(path)
    assert len(find_blocks(source.body)) >= 3


# ----------------------------------------------------------------------------- honest tables

_MD = MarkdownIt("commonmark").enable("table")


def _rendered(stem: str) -> str:
    """A shipped rules source with the usual house rules filled in, as the booklet reads it."""
    return render_source(load_source(data_dir("rules") / f"{stem}.md"))


def _sections(markdown: str) -> dict[str, str]:
    """The text under each `##` heading, by heading."""
    out: dict[str, str] = {}
    title = ""
    for line in markdown.splitlines(keepends=True):
        match = re.match(r"^##\s+(.+?)\s*$", line)
        if match:
            title = match.group(1)
            out[title] = ""
        elif title:
            out[title] += line
    return out


def _markdown_tables(markdown: str) -> list[list[list[str]]]:
    """Every Markdown table as rows of cell texts, the header row first."""
    tables: list[list[list[str]]] = []
    rows: list[list[str]] = []
    row: list[str] | None = None
    for token in _MD.parse(markdown):
        if token.type == "table_open":
            rows = []
        elif token.type == "tr_open":
            row = []
        elif token.type == "inline" and row is not None:
            row.append(token.content.strip())
        elif token.type == "tr_close":
            rows.append(row or [])
            row = None
        elif token.type == "table_close":
            tables.append(rows)
    return tables


def _computed_specs(markdown: str) -> list[dict]:
    return [
        yaml.safe_load(t.content)
        for t in _MD.parse(markdown)
        if t.type == "fence" and t.info.strip().split(" ")[0] == "deckgen-table"
    ]


@pytest.mark.parametrize("stem", ["gin-rummy", "bridge"])
def test_gin_and_bridge_carry_six_worked_examples_in_their_scoring_sections(stem):
    sections = _sections(_rendered(stem))
    scoring = sections["Scoring"] + sections["Worked examples"]
    assert len(find_blocks(scoring)) >= 6
    assert len(find_blocks(sections["Worked examples"])) >= 6


#: The computed tables each source must place itself (spec keys as written in the block).
COMPUTED_TABLES = {
    "bridge": [
        {"table": "bridge-contract-points"},
        {"table": "bridge-bonuses"},
        {"table": "bridge-undertricks"},
        {"table": "bridge-imps"},
    ],
    "poker": [
        {"table": "poker-frequencies", "cards": 5},
        {"table": "poker-frequencies", "cards": 7},
        {"table": "poker-frequencies", "cards": 5, "wild": ["A", "2", "J♠", "J♥"]},
        {"table": "poker-frequencies", "cards": 5, "wild": ["K", "lowest"]},
        {"table": "poker-frequencies", "cards": 7, "wild": ["2"]},
        {"table": "poker-frequencies", "cards": 7, "wild": ["Jk"]},
        {"table": "poker-frequencies", "cards": 7, "wild": ["J♠", "J♥"]},
        {"table": "poker-frequencies", "cards": 7, "wild": ["low-hole"]},
    ],
    "open-face-chinese-poker": [{"table": "ofc-royalties"}, {"table": "ofc-top-royalties"}],
}


@pytest.mark.parametrize("stem", sorted(COMPUTED_TABLES))
def test_engine_numbers_are_computed_tables_never_typed(stem):
    markdown = _rendered(stem)
    placed = [
        {k: ([str(w) for w in v] if k == "wild" else v) for k, v in spec.items() if k != "title"}
        for spec in _computed_specs(markdown)
    ]
    assert placed == COMPUTED_TABLES[stem]
    # no Markdown table in these sources holds a bare number: those all come from the engine
    typed = [cell for table in _markdown_tables(markdown) for row in table[1:] for cell in row]
    assert [c for c in typed if re.fullmatch(r"[+−-]?\d[\d,]*(\.\d+)?( ?%)?", c)] == []


#: Words in a table's header row that mark numbers only the engine works out.
ENGINE_HEADERS = re.compile(
    r"\b(IMPs?|odds|chance|ways|frequenc\w*|probabilit\w*|not vul\w*|royalt\w*|undertricks?|overtricks?)\b",
    re.IGNORECASE,
)


@pytest.mark.parametrize("path", RULES, ids=lambda p: p.stem)
def test_no_rules_source_types_a_table_the_engine_computes(path):
    markdown = render_source(load_source(path))
    headers = [" | ".join(table[0]) for table in _markdown_tables(markdown) if table]
    assert [h for h in headers if ENGINE_HEADERS.search(h)] == []
    # the five-card royalty schedule and the count of all poker hands are never typed either
    assert [h for h in headers if h.split(" | ")[1:] == ["Top", "Middle", "Bottom"]] == []
    assert "2,598,960" not in markdown


def test_the_old_typed_tables_would_have_failed():
    """The checks above catch the tables they replaced."""
    typed_imps = "| Difference | IMPs |\n| --- | --- |\n| 0-10 | 0 |\n"
    typed_royalties = "| Hand | Top | Middle | Bottom |\n| --- | --- | --- | --- |\n| Flush | - | 8 | 4 |\n"
    (imps,) = _markdown_tables(typed_imps)
    (royalties,) = _markdown_tables(typed_royalties)
    assert ENGINE_HEADERS.search(" | ".join(imps[0]))
    assert royalties[0][1:] == ["Top", "Middle", "Bottom"] and royalties[1] == ["Flush", "-", "8", "4"]
    numbers = [c for c in royalties[1] if re.fullmatch(r"[+−-]?\d[\d,]*(\.\d+)?( ?%)?", c)]
    assert numbers == ["8", "4"]
