"""Count the booklet's slow default tables (poker frequencies, cribbage score spread) once and write
them to deckgen/assets/tables/precomputed.json, so a first booklet build need not count them.

    python3 bench/precompute_tables.py

tests/test_booklet_precomputed.py (slow) recounts every entry with the engine and compares.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deckgen.booklet import tables  # noqa: E402
from deckgen.booklet.tables import PRECOMPUTED, TableCache, precomputed_key  # noqa: E402


def main() -> None:
    from deckgen.booklet.build import build_booklet
    from deckgen.config import demo_config
    from deckgen.resolve import resolve_design

    recorded: dict[str, dict[str, int]] = {}
    original = TableCache.__call__

    def record(self, key, args, compute):  # type: ignore[no-untyped-def]
        result = original(self, key, args, compute)
        recorded[precomputed_key(key, args)] = result
        return result

    TableCache.__call__ = record  # type: ignore[method-assign]
    tables._shipped.cache_clear()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        PRECOMPUTED.parent.mkdir(parents=True, exist_ok=True)
        if PRECOMPUTED.exists():
            PRECOMPUTED.unlink()
        deck = resolve_design(demo_config(overrides={"booklet": {"games": ["poker", "cribbage"]}}))
        build_booklet(deck, Path(tmp), imposed=())
    PRECOMPUTED.write_text(json.dumps(dict(sorted(recorded.items())), indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{len(recorded)} tables counted in {time.perf_counter() - start:.1f} s -> {PRECOMPUTED}")


if __name__ == "__main__":
    main()
