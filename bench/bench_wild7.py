"""Seven-card wild-card frequencies: deuces wild over all 133,784,560 hands, and low hole card
wild over all 4,682,459,600 seven-card stud deals (three hole cards, four up), counted exactly.

Target (issue 15): at most 30 s each. The machine is shared, so the load average and the CPU
time (what the same work takes on an idle core) are printed with the wall time.

    python3 bench/bench_wild7.py [--wild 2] [--wild low-hole] [--runs 1]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from math import comb
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deckgen.engine import poker_fast as pf  # noqa: E402

from deckgen.engine import poker_counts  # noqa: E402
from deckgen.engine.poker_wild_counts import LOW_HOLE, low_hole_wild_counts  # noqa: E402

TARGET = 30.0


def _count(wild: list[str]) -> tuple[dict[str, int], int, str]:
    """The counts, how many there must be, and what was counted."""
    if wild == [LOW_HOLE]:
        return low_hole_wild_counts(), comb(52, 3) * comb(49, 4), "C(52, 3) * C(49, 4) = 35 * C(52, 7) deals"
    poker_counts.hand_frequencies.cache_clear()
    jokers = pf.wild_tokens(wild)[1]
    return poker_counts.hand_frequencies(7, wild=tuple(wild)), comb(52 + jokers, 7), f"C({52 + jokers}, 7) hands"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--wild", nargs="+", action="append", help="wild ranks or cards (2, or Jk, or J♠ J♥), or low-hole; repeat for several games"
    )
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    games = args.wild or [["2"], [LOW_HOLE]]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for wild in games:
        for _ in range(args.runs):
            start, start_cpu = time.perf_counter(), time.process_time()
            counts, expected, what = _count(wild)
            wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
            total = sum(counts.values())
            print(f"7 cards, {' '.join(wild)} wild: {total:,} in {wall:.2f} s "
                  f"(CPU {cpu:.2f} s; target {TARGET:.0f} s) {'ok' if wall <= TARGET else 'SLOW'}")
        for name, n in counts.items():
            print(f"  {name:16} {n:>14,}  {100 * n / total:8.4f} %")
        print(f"sum = {what}: {total == expected}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
