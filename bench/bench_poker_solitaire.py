"""Poker Solitaire grids scored per second (ten five-card hands each), on both tables.

Run from the repository root:  python3 bench/bench_poker_solitaire.py
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deckgen.cards import Card, Rank, Suit  # noqa: E402
from deckgen.engine.poker_solitaire import TABLES, grid_score  # noqa: E402

DECK = [Card(Rank(r), s) for r in range(2, 15) for s in Suit]


def main() -> None:
    rng = random.Random(200)
    grids = [rng.sample(DECK, 25) for _ in range(20_000)]
    for name, table in TABLES.items():
        start = time.perf_counter()
        total = sum(grid_score(g, table) for g in grids)
        seconds = time.perf_counter() - start
        print(
            f"poker solitaire ({name}): {len(grids):,} random grids in {seconds:.2f} s = "
            f"{len(grids) / seconds:,.0f} grids/s ({10 * len(grids) / seconds:,.0f} hands/s); "
            f"mean score {total / len(grids):.1f}"
        )


if __name__ == "__main__":
    main()
