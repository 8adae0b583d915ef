"""Seven-card deuces wild: the exact category counts over all 133,784,560 hands.

Target (issue 15): at most 30 s. The machine is shared, so the load average and the CPU
time (what the same work takes on an idle core) are printed with the wall time.

    python3 bench/bench_wild7.py [--wild 2] [--runs 1]
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

TARGET = 30.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wild", nargs="+", default=["2"], help="wild ranks or cards, e.g. 2, or Jk, or J♠ J♥")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for _ in range(args.runs):
        pf.hand_frequencies.cache_clear()
        start, start_cpu = time.perf_counter(), time.process_time()
        counts = pf.hand_frequencies(7, wild=tuple(args.wild))
        wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
        total = sum(counts.values())
        print(f"7 cards, {' '.join(args.wild)} wild: {total:,} hands in {wall:.2f} s "
              f"(CPU {cpu:.2f} s; target {TARGET:.0f} s) {'ok' if wall <= TARGET else 'SLOW'}")
    for name, n in counts.items():
        print(f"  {name:16} {n:>12,}")
    jokers = pf.wild_tokens(args.wild)[1]
    print(f"sum = C({52 + jokers}, 7): {total == comb(52 + jokers, 7)}")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
