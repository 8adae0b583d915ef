"""Seconds to count every cribbage hand-and-starter deal (12,994,800 of them), as hand and as crib.

Run from the repository root:  python3 bench/bench_cribbage.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deckgen.engine.cribbage import score_distribution  # noqa: E402


def main() -> None:
    for crib in (False, True):
        start = time.perf_counter()
        dist = score_distribution(crib=crib)
        seconds = time.perf_counter() - start
        what = "crib" if crib else "hand"
        deals = sum(dist.values())
        print(
            f"{what}: {deals:,} deals in {seconds:.2f} s ({deals / seconds:,.0f} deals/s); "
            f"max {max(s for s, n in dist.items() if n)} ({dist[29]} ways), zero {dist[0]:,} ways"
        )


if __name__ == "__main__":
    main()
