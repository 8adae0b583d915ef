"""Computed tables of the same rows that follow each other print side by side, as one table with a
head over each: two poker tables of chances take the room of one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reportlab.lib.utils import ImageReader
from reportlab.platypus import Paragraph, Table

from deckgen.booklet.chapter import parse_chapter
from deckgen.booklet.markdown import Converter, fits_unwrapped
from deckgen.booklet.pageflow import TableFlow
from deckgen.booklet.rl import cell, kept
from deckgen.booklet.sidebyside import NO_ROW, share
from deckgen.booklet.sources import RulesSource
from deckgen.booklet.tables import TableCache, TableMaker
from deckgen.engine.registry import get_game
from deckgen.engine.table import Table as TextTable

from test_booklet_tables import _layout_styles  # tests/ is on sys.path, as pytest puts it


def _table(title: str, rows: list[tuple[str, ...]], header: tuple[str, ...] = ("Hand", "Ways", "Chance"), note: str = "") -> TextTable:
    return TextTable(title=title, header=header, rows=tuple(rows), align=("left", "right", "right"), note=note)


def test_two_tables_of_the_same_rows_share_the_row_names_and_keep_each_head() -> None:
    five = _table("5-card hands: how often each category is the best five",
                  [("Flush", "5,108", "0.20 %"), ("Straight", "10,200", "0.39 %"), ("Pair", "1,098,240", "42 %")],
                  note="Counted over all 2,598,960 possible 5-card hands.")
    wild = _table("Deuces wild: how often each category is the best five",
                  [("Five of a kind", "672", "0.03 %"), ("Flush", "13,204", "0.5 %"), ("Straight", "66,236", "2.5 %"),
                   ("Pair", "1,000,000", "40 %")],
                  header=("Hand", "Deals", "Chance"), note="Counted over all deals.")
    shared = share([five, wild], lambda header, rows: True)
    assert shared is not None
    assert shared.title == "How often each category is the best five"
    assert shared.groups == (("5-card hands", 2), ("Deuces wild", 2))
    assert shared.header == ("Hand", "Ways", "Chance", "Deals", "Chance")
    # a row of one table only stands in its place, the other's cells marked as missing
    assert shared.rows == (
        ("Five of a kind", NO_ROW, NO_ROW, "672", "0.03 %"),
        ("Flush", "5,108", "0.20 %", "13,204", "0.5 %"),
        ("Straight", "10,200", "0.39 %", "66,236", "2.5 %"),
        ("Pair", "1,098,240", "42 %", "1,000,000", "40 %"),
    )
    assert shared.align == ("left", "right", "right", "right", "right")
    assert shared.note == "Counted over all 2,598,960 possible 5-card hands. Counted over all deals."


def test_tables_that_say_different_things_or_do_not_fit_stay_apart() -> None:
    five = _table("5-card hands: how often each category is the best five", [("Flush", "1", "1 %")])
    other = _table("Deuces wild: what each hand scores", [("Flush", "1", "1 %")])
    untitled = _table("Chances", [("Flush", "1", "1 %")])
    other_rows = _table("Lowball: how often each category is the best five", [("Wheel", "1", "1 %"), ("Six low", "2", "2 %")])
    assert share([five, other], lambda h, r: True) is None
    assert share([five, untitled], lambda h, r: True) is None
    assert share([five, other_rows], lambda h, r: True) is None
    assert share([five, five], lambda h, r: False) is None
    assert share([five], lambda h, r: True) is None


def _flows(text: str) -> list[Any]:
    styles = _layout_styles()
    chapter = parse_chapter(RulesSource(Path("rules/x.md"), {}, text))
    maker = TableMaker(rules=get_game("poker").defaults, cache=TableCache(None), specs=[get_game("poker")])
    return Converter(styles, lambda card: ImageReader(""), chapter, lambda block: None, table_for=maker).convert()


FIVE = "```deckgen-table\ntable: poker-frequencies\ncards: 5\n```\n"
KINGS = "```deckgen-table\ntable: poker-frequencies\ncards: 5\nwild: [K]\ntitle: \"Kings wild: how often each category is the best five\"\n```\n"


def test_two_poker_tables_in_a_row_print_as_one_with_a_head_over_each() -> None:
    flows = _flows(f"# Poker\n\nThe chances:\n\n{FIVE}\n{KINGS}\nAfter them.\n")
    tables = [f for f in flows if isinstance(f, TableFlow)]
    assert len(tables) == 1
    parts = kept(tables[0])
    title = next(p for p in parts if isinstance(p, Paragraph))
    assert "How often each category is the best five" in title.text
    grid = next(p for p in parts if isinstance(p, Table))
    heads = [str(getattr(cell(grid, 0, j), "text", "")) for j in range(len(grid._cellvalues[0]))]
    assert heads[1] == "5-card hands" and "Kings wild" in heads
    assert grid.repeatRows == 2  # both head rows again on the next page when it splits
    names = [str(cell(grid, i).text) for i in range(2, len(grid._cellvalues))]
    assert names[0] == "Five of a kind" and "High card" in names and len(names) == len(set(names))
    five_of_a_kind = [str(cell(grid, 2, j).text) for j in range(len(grid._cellvalues[2]))]
    assert five_of_a_kind[1:4] == [NO_ROW] * 3  # no five of a kind without wild cards
    # every cell of its rows on one line: the table fits the column as it is
    styles = _layout_styles()
    assert sum(grid._colWidths) <= styles.width + 0.01


def test_a_paragraph_between_two_tables_keeps_them_apart() -> None:
    flows = _flows(f"# Poker\n\n{FIVE}\nWith kings wild:\n\n{KINGS}")
    assert len([f for f in flows if isinstance(f, TableFlow)]) == 2


def test_the_fit_counts_every_cell_on_one_line() -> None:
    styles = _layout_styles()
    fits = fits_unwrapped(styles)
    assert fits(("Hand", "Ways"), [("Flush", "5,108")])
    assert not fits(("Hand", "Ways"), [("Flush " * 40, "5,108")])
