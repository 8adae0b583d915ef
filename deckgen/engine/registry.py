"""The games the engine knows, found by looking at the modules of `deckgen.engine`.

Each engine module that defines a module-level `GAMES` (a sequence of
`GameSpec`) contributes them, with their parameters and tables; nothing else
needs editing to add a game. A folder added to `deckgen.engine.__path__` is
scanned too (call `all_games.cache_clear()` after adding one).

>>> get_game("gin-rummy").title
'Gin rummy: one hand'
>>> spec, table = get_table("bridge-undertricks")
>>> spec.name
'bridge'
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import deckgen.engine as engine_pkg
from deckgen.engine.base import GameSpec
from deckgen.engine.table import TableDef

__all__ = ["all_games", "all_tables", "get_game", "get_table"]

#: Modules of the package that hold no game.
_NOT_GAMES = ("base", "registry", "table")


@cache
def all_games() -> dict[str, GameSpec]:
    """Every game by name, in name order."""
    games: dict[str, GameSpec] = {}
    for info in sorted(pkgutil.iter_modules(engine_pkg.__path__), key=lambda i: i.name):
        if info.name in _NOT_GAMES:
            continue
        module = importlib.import_module(f"deckgen.engine.{info.name}")
        for spec in getattr(module, "GAMES", ()):
            if spec.name in games:
                raise RuntimeError(f"game {spec.name!r} defined twice")
            games[spec.name] = spec
    return dict(sorted(games.items()))


def get_game(name: str) -> GameSpec | None:
    """The game called `name` (any case, spaces around ignored), or None."""
    return all_games().get(str(name).strip().lower())


def all_tables() -> dict[str, tuple[GameSpec, TableDef]]:
    """Every table any game makes, by its name, with the game that makes it."""
    tables: dict[str, tuple[GameSpec, TableDef]] = {}
    for spec in all_games().values():
        for table in spec.tables:
            if table.name in tables:
                raise RuntimeError(f"table {table.name!r} defined by both {tables[table.name][0].name} and {spec.name}")
            tables[table.name] = (spec, table)
    return tables


def get_table(name: str) -> tuple[GameSpec, TableDef] | None:
    """The table called `name` and the game that makes it, or None."""
    return all_tables().get(str(name).strip().lower())
