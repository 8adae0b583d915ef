"""deckgen: a print-and-play deck designer with a verified rules booklet.

`deckgen.build(design, out)` builds a deck and yields what happens (deckgen.pipeline.events);
`deckgen.load_design("mydeck/deck.toml")` reads and resolves a deck.toml into the design it takes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from deckgen.pipeline import build
    from deckgen.resolve import load_design

__all__ = ["__version__", "build", "load_design"]


def __getattr__(name: str) -> Any:
    """`build` and `load_design` are loaded when first asked for: `import deckgen` stays light (the
    command line reads the version before it knows what it will run)."""
    if name == "build":
        from deckgen.pipeline import build

        return build
    if name == "load_design":
        from deckgen.resolve import load_design

        return load_design
    raise AttributeError(f"module 'deckgen' has no attribute {name!r}")
