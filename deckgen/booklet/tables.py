"""Computed tables for the booklet: every number comes from the rules engine, none is typed.

A rules source asks for a table with a ```` ```deckgen-table ```` block
(`table: bridge-undertricks`), or the booklet adds its games' default tables to
the Scoring section. Which game makes a table, and how, is the engine's business
(`GameSpec.tables`, found through the registry); this module only routes a
request to it with the chapter's house rules, remembers slow counts on disk, and
makes the one table that belongs to no game: the chapter's house rules.
`deckgen.booklet.markdown` draws the resulting `Table`.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from deckgen.engine.base import ExampleError, GameSpec, show_value
from deckgen.engine.registry import all_tables, get_table
from deckgen.engine.table import Memo, Table, TableDef
from deckgen.errors import UserError, unknown_choice

__all__ = [
    "HOUSE_RULES",
    "ComputedTable",
    "TableCache",
    "TableMaker",
    "default_table_requests",
    "engine_digest",
    "house_rules_table",
    "table_claim_problems",
    "own_rules",
    "show_value",
]

#: The table of a chapter's house rules: made here, from the chapter's games, for any game.
HOUSE_RULES = "house-rules"

#: The older name of `Table`, kept for the booklet's modules.
ComputedTable = Table


def engine_digest(pattern: str = "*.py") -> str:
    """A digest of the engine's modules, so a changed engine never reuses numbers an older one counted."""
    import deckgen.engine as engine_pkg

    h = hashlib.sha256()
    for folder in engine_pkg.__path__:
        for path in sorted(Path(folder).glob(pattern)):
            h.update(path.name.encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


#: The slow default counts, counted once and shipped (see bench/precompute_tables.py).
PRECOMPUTED = Path(__file__).resolve().parent.parent / "assets" / "tables" / "precomputed.json"


def precomputed_key(key: str, args: Mapping[str, Any]) -> str:
    """How a count is named in the shipped file: its table key and its arguments."""
    return f"{key} {json.dumps(args, sort_keys=True, ensure_ascii=False)}"


@cache
def _shipped() -> dict[str, dict[str, int]]:
    try:
        data = json.loads(PRECOMPUTED.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): {str(a): int(b) for a, b in v.items()} for k, v in data.items()} if isinstance(data, dict) else {}


class _Missing(Exception):
    """A count the cache does not hold yet (see `TableCache.holds`)."""


def request_problem(request: Mapping[str, Any], rules: Mapping[str, Any], specs: Sequence[GameSpec] = ()) -> str | None:
    """What is wrong with a ```deckgen-table block's request (an unknown table or key, a value its
    table refuses, as `TableMaker` says it), found without counting anything slow; None when it is
    fine. `deckgen check` reports it at the block's line, as the booklet would."""

    def probe(key: str, args: Mapping[str, Any], compute: Callable[[], Mapping[str, int]]) -> Mapping[str, int]:
        found = _shipped().get(precomputed_key(key, args))
        if found is None:
            raise _Missing
        return found

    try:
        TableMaker(rules=rules, cache=probe, specs=specs)(request)
    except _Missing:
        return None  # every value read and accepted up to the count itself
    except UserError as exc:
        return str(exc)
    return None


class TableCache:
    """Counts that take the engine seconds (poker frequencies, cribbage score distributions),
    kept as JSON under `folder`, keyed by their arguments and the engine's source.

    It is the `memo` the engine's table builders are given. `folder` None keeps nothing.
    """

    def __init__(self, folder: Path | None) -> None:
        self.folder = Path(folder) if folder else None
        self.hits = 0
        self.misses = 0
        self._digest = ""

    def _path(self, key: str, args: Mapping[str, Any]) -> Path | None:
        if self.folder is None:
            return None
        return self.folder / f"{key}-{hashlib.sha256(self._inputs(key, args).encode()).hexdigest()[:20]}.json"

    def _inputs(self, key: str, args: Mapping[str, Any]) -> str:
        """What a count is computed from, as text: its checksum covers this and the numbers."""
        if not self._digest:
            self._digest = engine_digest()
        return json.dumps({"args": args, "engine": self._digest}, sort_keys=True, ensure_ascii=False)

    def _read(self, path: Path | None, key: str, args: Mapping[str, Any]) -> dict[str, int] | None:
        from deckgen.fileio import read_cached

        kept = read_cached(path, key + "\0" + self._inputs(key, args)) if path is not None else None
        if kept is None:
            return None  # missing, edited by hand or damaged: counted again
        try:
            data = json.loads(kept.decode("utf-8"))
            return {str(k): int(v) for k, v in data.items()}
        except (ValueError, TypeError, AttributeError):
            return None  # a damaged cache file is recomputed and replaced

    def __call__(self, key: str, args: Mapping[str, Any], compute: Callable[[], Mapping[str, int]]) -> dict[str, int]:
        """The cached result of `compute()`, or compute it now and keep it."""
        from deckgen.fileio import write_cached

        path = self._path(key, args)
        found = self._read(path, key, args)
        if found is None:
            found = _shipped().get(precomputed_key(key, args))  # the default tables come counted
        if found is not None:
            self.hits += 1
            return dict(found)
        self.misses += 1
        result = {str(k): int(v) for k, v in dict(compute()).items()}
        if path is not None:
            data = json.dumps(result, sort_keys=True, ensure_ascii=False).encode()
            write_cached(path, data, key + "\0" + self._inputs(key, args))
        return result

    def holds(self, table: TableDef, rules: Mapping[str, Any], options: Mapping[str, Any]) -> bool:
        """Whether building `table` needs no count that is not cached yet."""

        def probe(key: str, args: Mapping[str, Any], compute: Callable[[], Mapping[str, int]]) -> Mapping[str, int]:
            found = self._read(self._path(key, args), key, args) or _shipped().get(precomputed_key(key, args))
            if found is None:
                raise _Missing
            return found

        try:
            table.build(rules, options, probe)
        except _Missing:
            return False
        except (ExampleError, ValueError, TypeError):
            return True  # a wrong request: reported when the chapter is drawn
        return True


def own_rules(spec: GameSpec, rules: Mapping[str, Any]) -> dict[str, Any]:
    """The game's resolved rules from a chapter's rules (which may cover several games)."""
    return spec.resolve_rules({k: v for k, v in rules.items() if k in spec.defaults})


def house_rules_table(
    specs: Sequence[GameSpec], active: Mapping[str, Any], title: str = "The scoring values at your table"
) -> Table:
    """Each house-rule parameter of the games: your value, the usual one, and what it changes."""
    rows = []
    seen: set[str] = set()
    changed = 0
    for spec in specs:
        for p in spec.parameters:
            if p.name in seen:
                continue
            seen.add(p.name)
            value = active.get(p.name, p.default)
            changed += value != p.default
            mark = " *" if value != p.default else ""
            rows.append((p.label, p.show(value) + mark, p.show(p.default), p.description))
    note = f"* {changed} house rule(s) differ from the usual value." if changed else ""
    return Table(
        title=title,
        header=("House rule", "Yours", "Usual", "What it changes"),
        rows=tuple(rows),
        align=("left", "right", "right", "left"),
        note=note,
    )


def table_names() -> list[str]:
    """Every name a ```deckgen-table block may ask for."""
    return list(all_tables()) + [HOUSE_RULES]


@dataclass
class TableMaker:
    """Builds the table a ```deckgen-table block asks for, with one chapter's active rules.

    `cache` remembers slow counts between builds; `specs` are the chapter's games
    (for the house-rules table).
    """

    rules: Mapping[str, Any]
    cache: Memo
    specs: Sequence[GameSpec] = ()

    def __call__(self, request: Mapping[str, Any]) -> Table:
        name = str(request.get("table", ""))
        if name == HOUSE_RULES:
            return house_rules_table(self.specs, self.rules)
        found = get_table(name)
        if found is None:
            raise UserError(f"table: {unknown_choice('computed table', name, table_names())}")
        spec, table = found
        options = {k: v for k, v in request.items() if k not in ("table", CLAIMS)}
        unknown = [k for k in options if k not in table.options]
        if unknown:
            expected = ", ".join(table.options) or "no other keys"
            raise UserError(f"table {name}: unknown key '{unknown[0]}' (expected: {expected})")
        try:
            return table.build(own_rules(spec, self.rules), options, self.cache)
        except ExampleError as exc:
            raise UserError(f"table {name}: {exc}") from None
        except ValueError as exc:  # a value its builder does not take, said in its own words: one line, no crash
            given = ", ".join(f"{k}: {show_value(v)}" for k, v in options.items()) or "no options"
            raise UserError(f"table {name}: cannot be made with {given} ({exc})") from None


#: The key of a ```deckgen-table block that holds its claims: `expect: {<row>: {<column>: <value>}}`.
CLAIMS = "expect"

_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}\b)")


def _cell(value: Any) -> str:
    """A cell or a claimed value as compared: case and spaces folded, thousands commas gone
    (`2,598,960` and 2598960 are one number; `3,866 : 1` and `3866:1` one odds)."""
    text = value if isinstance(value, str) else ("yes" if value is True else "no" if value is False else str(value))
    return "".join(_THOUSANDS.sub("", text).split()).casefold()


def _same_cell(claimed: Any, cell: str) -> bool:
    a, b = _cell(claimed), _cell(cell)
    if a == b:
        return True
    try:
        return abs(float(a.rstrip("%")) - float(b.rstrip("%"))) < 1e-9 and a.endswith("%") == b.endswith("%")
    except ValueError:
        return False


def table_claim_problems(table: Table, claims: Any) -> list[tuple[str, str]]:
    """What a ```deckgen-table block's `expect:` claims that the computed `table` does not hold,
    as (key, message) pairs: `expect.<row>` with `<row>.<column>: expected X, got Y`. A row is
    named by its first cell, a column by its heading (any case); a claimed row is either a mapping
    of columns to values or the list of its other cells in order. Numbers compare as numbers
    (`672` holds for `672`, `2,598,960` for 2598960). Nothing claimed that the table holds: []."""
    if not isinstance(claims, Mapping) or not claims:
        return [(CLAIMS, "expect: expected rows of the table, e.g. {Full house: {Ways: 3744}}")]
    rows = {_cell(row[0]): row for row in table.rows if row}
    heads = {_cell(h): i for i, h in enumerate(table.header)}
    problems: list[tuple[str, str]] = []
    for label, claimed in claims.items():
        key = f"{CLAIMS}.{label}"
        row = rows.get(_cell(label))
        if row is None:
            known = ", ".join(r[0] for r in table.rows if r)
            problems.append((key, f"the table has no row '{label}' (its rows: {known})"))
            continue
        if isinstance(claimed, list):
            if len(claimed) != len(row) - 1:
                problems.append((key, f"{row[0]}: expected the row's {len(row) - 1} other cells "
                                      f"({', '.join(table.header[1:])}), got {len(claimed)}"))
                continue
            claimed = dict(zip(table.header[1:], claimed))
        if not isinstance(claimed, Mapping) or not claimed:
            problems.append((key, f"{row[0]}: expected the cells claimed by column, e.g. {{{table.header[-1]}: ...}}"))
            continue
        for column, value in claimed.items():
            index = heads.get(_cell(column))
            if index is None:
                problems.append((key, f"{row[0]}: the table has no column '{column}' (its columns: {', '.join(table.header)})"))
            elif not _same_cell(value, row[index]):
                problems.append((key, f"{row[0]}.{table.header[index]}: expected {value}, got {row[index]}"))
    return problems


def cell_claim_problem(table: Table, entry: str, words: str) -> str | None:
    """What is wrong with a claim of the prose about one cell, `entry` being `<row>.<column>` (the
    row by its first cell, the column by its heading) and `words` what the sentence says; None
    when the cell holds it."""
    row_name, dot, column = entry.rpartition(".")
    if not dot:
        return f"expected a row and a column, e.g. {{=table.{table.rows[0][0] if table.rows else 'Flush'}.{table.header[-1]}}}"
    claimed: dict[str, Any] = {row_name: {column: words}}
    problems = table_claim_problems(table, claimed)
    return problems[0][1] if problems else None


def default_table_requests(specs: Sequence[GameSpec]) -> list[dict[str, Any]]:
    """The tables a chapter on these games gets in its Scoring section unless it places its own."""
    requests: list[dict[str, Any]] = []
    for spec in specs:
        for request in spec.default_tables:
            if dict(request) not in requests:
                requests.append(dict(request))
    return requests
