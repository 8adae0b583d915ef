"""Computed tables printed side by side: two tables of the same rows as one table, a head over each.

Two tables that follow each other with nothing between them and count the same things (a poker
table of each hand's chances with five cards and with seven) read best as one: the row names once,
the figures of each table under its own head. That takes the room of one table, not two. Tables
share only when their titles say what each is before a colon and the same thing after it
("Deuces wild, seven cards: how often each category is the best five"), their first columns name
the same rows, and the whole fits the column.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from deckgen.booklet.tables import ComputedTable

__all__ = ["SharedTable", "share"]

#: The share of all row names that both tables must have (a wild-card table adds "Five of a kind").
LEAST_COMMON_ROWS = 0.75
#: Printed for a row that one of the tables does not have.
NO_ROW = "–"

#: Whether a table of these column heads and rows fits the text column without wrapping a figure.
Fits = Callable[[Sequence[str], Sequence[Sequence[str]]], bool]


@dataclass(frozen=True)
class SharedTable:
    """Tables as one: the title they share, each one's head (what its own title says before the colon)
    over its columns, the row names once, and their notes."""

    title: str
    #: Each table's head and how many columns it spans (after the column of row names).
    groups: tuple[tuple[str, int], ...]
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    align: tuple[str, ...]
    note: str


def _title_parts(title: str) -> tuple[str, str]:
    """ "Deuces wild, seven cards: how often ..." as ("Deuces wild, seven cards", "how often ...")."""
    head, colon, tail = title.partition(": ")
    return (head.strip(), tail.strip()) if colon and head.strip() and tail.strip() else ("", "")


def share(tables: Sequence[ComputedTable], fits: Fits) -> SharedTable | None:
    """The tables as one, or None when they do not share (see the module's note). `fits(header, rows)`
    says whether a table of these cells fits the column without wrapping a figure."""
    if len(tables) < 2:
        return None
    parts = [_title_parts(t.title) for t in tables]
    if any(not head for head, _ in parts) or len({tail.lower() for _, tail in parts}) != 1:
        return None
    if len({t.header[0] for t in tables}) != 1 or any(len(t.header) < 2 for t in tables):
        return None
    names: list[str] = []
    for table in tables:
        at = 0
        for row in table.rows:
            if row[0] in names:
                at = names.index(row[0]) + 1
            else:
                names.insert(at, row[0])  # a row of this table only, in its place among the others'
                at += 1
    common = set.intersection(*({r[0] for r in t.rows} for t in tables))
    if len(common) < LEAST_COMMON_ROWS * len(names):
        return None
    by_name = [{r[0]: r[1:] for r in t.rows} for t in tables]
    rows = tuple(
        (name, *(cell for table, cells in zip(tables, by_name) for cell in cells.get(name, (NO_ROW,) * (len(table.header) - 1))))
        for name in names
    )
    header = (tables[0].header[0], *(h for t in tables for h in t.header[1:]))
    aligns = [t.align or ("left",) * len(t.header) for t in tables]
    align = (aligns[0][0], *(a for each in aligns for a in each[1:]))
    if not fits(header, rows):
        return None
    title = parts[0][1][:1].upper() + parts[0][1][1:]
    notes = list(dict.fromkeys(t.note.strip() for t in tables if t.note.strip()))
    return SharedTable(
        title=title,
        groups=tuple((head, len(t.header) - 1) for (head, _), t in zip(parts, tables)),
        header=header,
        rows=rows,
        align=align,
        note=" ".join(notes),
    )

