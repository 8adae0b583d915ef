"""Seconds to build the rules booklet with the three core games, from a cold cache and a warm one.

Targets: 10 s cold (nothing cached: poker frequencies computed, card pictures rendered),
3 s warm (a second build into the same output folder, its kept layout removed first: a booklet
whose inputs did not change is not laid out again, which would time nothing). Run from the checkout:

    python3 bench/bench_booklet.py [--games poker,gin-rummy,bridge] [--runs 2]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deckgen.booklet.build import LAYOUT_FILE, build_booklet  # noqa: E402
from deckgen.config import demo_config  # noqa: E402
from deckgen.resolve import resolve_design  # noqa: E402

COLD_TARGET_S = 10.0
WARM_TARGET_S = 3.0


def timed_build(games: list[str], out: Path) -> float:
    deck = resolve_design(demo_config(overrides={"booklet": {"games": games}}))
    start = time.perf_counter()
    build_booklet(deck, out)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="poker,gin-rummy,bridge")
    parser.add_argument("--runs", type=int, default=2, help="warm builds to time after the cold one")
    args = parser.parse_args()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "output"
        cold = timed_build(games, out)
        warm = []
        for _ in range(max(args.runs, 1)):
            (out / ".cache" / "booklet" / LAYOUT_FILE).unlink()  # laid out again; pictures and tables kept
            warm.append(timed_build(games, out))
        pages = len(__import__("pypdf").PdfReader(str(out / "booklet" / "rules-pocket.pdf")).pages)
    best_warm = min(warm)
    print(f"booklet: {', '.join(games)} ({pages} pages + A4 and Letter impositions)")
    print(f"cold cache: {cold:6.2f} s   (target {COLD_TARGET_S:.0f} s) {'ok' if cold <= COLD_TARGET_S else 'SLOW'}")
    print(
        f"warm cache: {best_warm:6.2f} s   (target {WARM_TARGET_S:.0f} s) {'ok' if best_warm <= WARM_TARGET_S else 'SLOW'}"
        f"   runs: {', '.join(f'{w:.2f}' for w in warm)}"
    )


if __name__ == "__main__":
    main()
