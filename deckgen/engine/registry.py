"""The games the engine knows, found by looking at the modules of `deckgen.engine`.

Each engine module that defines a module-level `GAMES` (a sequence of
`GameSpec`) contributes them; nothing else needs editing to add a game.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import deckgen.engine as engine_pkg
from deckgen.engine.base import GameSpec


@cache
def all_games() -> dict[str, GameSpec]:
    games: dict[str, GameSpec] = {}
    for info in sorted(pkgutil.iter_modules(engine_pkg.__path__), key=lambda i: i.name):
        if info.name in ("base", "registry"):
            continue
        module = importlib.import_module(f"deckgen.engine.{info.name}")
        for spec in getattr(module, "GAMES", ()):
            if spec.name in games:
                raise RuntimeError(f"game {spec.name!r} defined twice")
            games[spec.name] = spec
    return dict(sorted(games.items()))


def get_game(name: str) -> GameSpec | None:
    return all_games().get(str(name).strip().lower())
