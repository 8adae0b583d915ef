"""Tables of numbers the engine works out for a game, as plain data the booklet can set.

A game names its tables in its `GameSpec` (`tables=`); each is a `TableDef`
whose `build(rules, options, memo)` returns a `Table` of plain text cells: every
number in it comes from the engine with the house rules in force, none is typed.
Counts that take seconds (every poker hand, every cribbage deal) go through
`memo`, which the booklet backs with a cache on disk; `no_memo` just counts.

>>> t = Table("Points", ("Card", "Counts"), (("Ace", "1"), ("King", "10")), ("left", "right"))
>>> t.rows[1]
('King', '10')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Memo", "Table", "TableDef", "no_memo", "number"]

#: Remember a slow count: `memo(key, args, compute)` returns `compute()`, or what an
#: earlier call with the same key and args returned. Counts are {label: how many}.
Memo = Callable[[str, Mapping[str, Any], Callable[[], Mapping[str, int]]], Mapping[str, int]]


def no_memo(key: str, args: Mapping[str, Any], compute: Callable[[], Mapping[str, int]]) -> Mapping[str, int]:
    """A memo that keeps nothing: every count is made afresh.

    >>> no_memo("squares", {}, lambda: {"4": 16})
    {'4': 16}
    """
    return compute()


def number(n: float) -> str:
    """A number the way the booklet prints it, with thousands separators.

    >>> number(1098240), number(2.5), number(4.0)
    ('1,098,240', '2.50', '4')
    """
    if isinstance(n, float) and not n.is_integer():
        return f"{n:,.2f}"
    return f"{int(n):,}"


def _strings(cells: Any) -> tuple[str, ...]:
    return tuple(str(c) for c in cells)


@dataclass(frozen=True)
class Table:
    """A table as text: a title, the column heads, the rows, how each column aligns, a note under it.

    `align` holds one of left, right or center per column (empty: all left).
    Lists given for the cells are kept as tuples, so a table is a value.
    """

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    align: tuple[str, ...] = ()
    note: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "header", _strings(self.header))
        object.__setattr__(self, "rows", tuple(_strings(r) for r in self.rows))
        object.__setattr__(self, "align", _strings(self.align))
        for row in self.rows:
            if len(row) != len(self.header):
                raise ValueError(f"table '{self.title}': a row has {len(row)} cells for {len(self.header)} columns")
        if self.align and len(self.align) != len(self.header):
            raise ValueError(f"table '{self.title}': {len(self.align)} alignments for {len(self.header)} columns")


#: build(rules, options, memo): `rules` are the owning game's resolved house rules,
#: `options` the other keys of the table request (`cards: 7`), `memo` remembers slow counts.
TableBuilder = Callable[[Mapping[str, Any], Mapping[str, Any], Memo], Table]


@dataclass(frozen=True)
class TableDef:
    """One table a game can make: its name in rules files, what it shows, and how to build it.

    `options` are the extra keys a ```` ```deckgen-table ```` block may give, each with
    what it means; `slow` marks a table whose counts take seconds (the booklet works
    them out in the background while it checks the examples).
    """

    name: str
    description: str
    build: TableBuilder
    options: Mapping[str, str] = field(default_factory=dict)
    slow: bool = False
