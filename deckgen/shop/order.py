"""One customer's order: a folder holding a deck.toml (and its photos), built with `deckgen.build`.

A batch and a queue worker both build an order through `build_order`, which never raises for a
mistake in the order: everything that can go wrong with a customer's folder ends as the one line
`deckgen build` would print, in the result. The result is plain JSON-able data, so it crosses a
process pipe, a report file or a Redis queue as it is.
"""

from __future__ import annotations

import os
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError, is_out_of_memory

__all__ = ["OrderResult", "build_order", "order_problem"]

_NO_MEMORY = "this order needs more memory than the batch allows an order (--memory-mb); make its photos smaller"

#: What an order's row says of it.
BUILT, UP_TO_DATE, FAILED, TIMED_OUT, STOPPED = "built", "up to date", "failed", "timed out", "stopped"


@dataclass
class OrderResult:
    """An order's row of the report."""

    order: str
    status: str
    seconds: float = 0.0
    error: str | None = None
    files: list[str] = field(default_factory=list)  # written this time, relative to the order's output folder
    warnings: list[str] = field(default_factory=list)
    out: str = ""

    @property
    def ok(self) -> bool:
        return self.status in (BUILT, UP_TO_DATE)

    @property
    def preflight(self) -> str:
        """The build's own checks, in a word for the table: ok, or how many warnings it gave."""
        if not self.ok:
            return "-"
        return "ok" if not self.warnings else f"{len(self.warnings)} warning{'s' if len(self.warnings) > 1 else ''}"

    def as_dict(self) -> dict[str, Any]:
        return asdict(self) | {"preflight": self.preflight}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> OrderResult:
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


def order_problem(folder: Path) -> str | None:
    """Why `folder` is not an order deckgen can build (None when it is one): the batch's row for it."""
    if folder.is_symlink():
        return "is a link; an order is a folder of its own, not a link to one"
    if not folder.is_dir():
        return "is a file, not an order folder"
    config = folder / "deck.toml"
    if not config.is_file() and not config.is_symlink():
        return "no deck.toml in it; an order is a folder holding its deck.toml and photos"
    return None


def build_order(folder: Path, out: Path | None = None, *, shop: str | None = None, force: bool = False,
                cores: int | None = None) -> OrderResult:
    """Build the order in `folder` into `out` (default: its own output/, which may not be a link or lead
    outside it; a folder the shop names is taken as named). Incremental: an order whose inputs did
    not change is up to date in a moment. `shop` overrides the deck's print-shop preset; `cores` is how
    many processes the order's build may keep busy (deckgen.build's: None is every core, 1 this process
    alone; the files are the same whatever it is). A mistake in the order is the result's `error`, one
    line, as `deckgen build` says it; deckgen's bugs are said so."""
    from deckgen.config import load_config
    from deckgen.paths import check_output
    from deckgen.pipeline import Failed, Finished, Warned, build
    from deckgen.resolve import resolve_design

    started = time.monotonic()
    folder = Path(folder).absolute()
    out = None if out is None else Path(out).absolute()
    result = OrderResult(folder.name, FAILED, out=str(out or folder / "output"))
    problem = order_problem(folder)
    if problem is not None:
        result.error = problem
        return result
    here = Path.cwd()
    try:
        os.chdir(folder)  # messages name the order's files as `deckgen build` run in it does
        overrides: dict[str, Any] = {"print": {"shop": shop}} if shop else {}
        deck = load_config(Path("deck.toml"), overrides)
        target = check_output(Path("output"), False, deck.base_dir) if out is None else out
        for event in build(resolve_design(deck), target, force=force, cores=cores):
            if isinstance(event, Warned):
                result.warnings.append(event.message)
            elif isinstance(event, Failed):
                result.error = " ".join(event.error.lines())
            elif isinstance(event, Finished):
                result.status = UP_TO_DATE if event.nothing_to_do else BUILT
                result.files = sorted(str(Path(p).relative_to(target)) if Path(p).is_relative_to(target) else str(p)
                                      for paths in event.written.values() for p in paths)
    except DeckgenError as exc:
        result.error = " ".join(exc.lines())
    except Exception as exc:  # deckgen's own bug: one line, as the CLI says it; the batch goes on
        if is_out_of_memory(exc):
            result.error = _NO_MEMORY
            return result
        first = (str(exc).strip().splitlines() or [""])[0]
        result.error = f"deckgen failed unexpectedly ({type(exc).__name__}: {first}); this is a bug in deckgen, not in the order"
    finally:
        os.chdir(here)
        result.seconds = round(time.monotonic() - started, 2)
    return result
