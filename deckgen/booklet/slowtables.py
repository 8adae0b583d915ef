"""The slow tables (counts that take seconds) a booklet prints, counted ahead in a worker process."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from deckgen.booklet.chapter import Chapter
from deckgen.booklet.tables import TableCache, own_rules
from deckgen.engine.base import ExampleError
from deckgen.engine.registry import get_table

__all__ = ["SlowTable", "count_in_background", "slow_tables_needed"]

#: A slow table to count ahead: (table name, the owning game's rules, the request's options).
SlowTable = tuple[str, dict[str, Any], dict[str, Any]]


def slow_tables_needed(chapters: Sequence[Chapter]) -> list[SlowTable]:
    """The slow tables (whose counts take seconds) the chapters will print, with their games' rules:
    the chapters' own blocks, or their games' default tables."""
    needed: list[SlowTable] = []
    for chapter in chapters:
        for request in chapter.all_tables:
            found = get_table(str(request.spec.get("table", "")))
            if request.error or found is None or not found[1].slow:
                continue
            spec, table = found
            try:
                rules = own_rules(spec, chapter.rules)
            except ExampleError:
                continue  # reported with its line when the chapter is drawn
            needed.append((table.name, rules, {k: v for k, v in request.spec.items() if k != "table"}))
    return needed


def _count_tables(folder: str, needed: list[SlowTable], parent: int | None = None) -> None:
    """In a worker process: build each slow table once, which leaves its counts in the cache. It dies
    with its `parent` and holds none of its locks (deckgen.forked.child_start)."""
    if parent is not None:
        from deckgen.forked import child_start

        child_start(parent)
    cache = TableCache(Path(folder))
    for name, rules, options in needed:
        found = get_table(name)
        if found is None:
            continue
        try:
            found[1].build(rules, options, cache)
        except (ExampleError, ValueError, TypeError):
            continue  # a wrong request is reported with its line when the chapter is drawn


def count_in_background(cache: TableCache, needed: list[SlowTable]) -> Any:
    """Start a worker process counting the slow tables that are not cached yet; None when all are.

    The worker only fills the cache: if it fails, the tables are counted when they are drawn.
    It is a daemon, so a build stopped by a wrong example does not wait for it.
    """
    missing: list[SlowTable] = []
    for name, rules, options in needed:
        found = get_table(name)
        if found is not None and (name, rules, options) not in missing and not cache.holds(found[1], rules, options):
            missing.append((name, rules, options))
    if not missing or cache.folder is None:
        return None
    try:
        worker = multiprocessing.Process(target=_count_tables, args=(str(cache.folder), missing, os.getpid()), daemon=True)
        worker.start()
    except (OSError, RuntimeError, ValueError):
        return None
    return worker
