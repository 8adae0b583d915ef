"""deckgen: a print-and-play deck designer with a verified rules booklet.

`deckgen.build(design, out)` builds a deck and yields what happens (deckgen.pipeline.events);
`deckgen.load_design("mydeck/deck.toml")` reads and resolves a deck.toml into the design it takes.
"""

from __future__ import annotations

import importlib
from typing import Any

__version__ = "0.1.0"

__all__ = ["__version__", "build", "load_design"]

#: Names loaded when first asked for, by the module that holds each.
_LAZY = {"build": "deckgen.pipeline", "load_design": "deckgen.resolve"}


def __getattr__(name: str) -> Any:
    """`build` and `load_design` are loaded when first asked for: `import deckgen` stays light (the
    command line reads the version before it knows what it will run), and a type check of one part of
    the package (the engine's, strict) does not take in the whole of it through this file."""
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'deckgen' has no attribute {name!r}")
