"""Best high key with wild cards: the direct computation against the enumeration of assignments.

For 1 to 5 wild cards in a complete five-card hand, every natural rank pattern (suited and
not where it can be) is solved once by `poker_wild.best_key_by_trying` (every rank
tried for every wild card) and by `poker_wild_high.best_high_key`; the mean time per pattern
of each is printed, best of three runs. The machine is shared: the load average is printed.

    python3 bench/bench_wild_key.py [--wilds 3 4] [--runs 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from itertools import combinations_with_replacement
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deckgen.engine.poker_wild import best_key_by_trying  # noqa: E402
from deckgen.engine.poker_wild_high import best_high_key  # noqa: E402

Pattern = tuple[tuple[int, ...], bool, int, int]


def patterns(wilds: int) -> list[Pattern]:
    """Every rank multiset of 5 - wilds natural cards, suited too when no rank repeats."""
    found: list[Pattern] = []
    for naturals in combinations_with_replacement(range(14, 1, -1), 5 - wilds):
        counts = Counter(naturals)
        if counts and max(counts.values()) > 4:
            continue
        found.append((naturals, False, wilds, 5))
        if len(counts) == len(naturals):
            found.append((naturals, True, wilds, 5))
    return found


def mean_seconds(solve: Callable[[tuple[int, ...], bool, int, int], object], cases: list[Pattern], runs: int) -> float:
    """Mean time per pattern, best of `runs` passes over all of them."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        for case in cases:
            solve(*case)
        best = min(best, time.perf_counter() - start)
    return best / len(cases)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wilds", type=int, nargs="+", default=[1, 2, 3, 4, 5])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    enumerate_all = best_key_by_trying
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"{'wild':>4} {'patterns':>8} {'enumeration':>12} {'direct':>9} {'speed-up':>9}")
    for wilds in args.wilds:
        cases = patterns(wilds)
        slow = mean_seconds(lambda n, s, w, z: enumerate_all("high", n, s, w, z), cases, args.runs)
        fast = mean_seconds(best_high_key, cases, args.runs)
        print(f"{wilds:>4} {len(cases):>8} {slow * 1e3:>9.3f} ms {fast * 1e6:>6.2f} µs {slow / fast:>8.0f}x")


if __name__ == "__main__":
    main()
