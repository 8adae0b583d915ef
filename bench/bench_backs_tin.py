"""Time the backs and the tin lid: one render per theme at 300 DPI (backs) and 150 DPI (lid).

Run: python3 bench/bench_backs_tin.py
"""

from __future__ import annotations

import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deckgen.config import demo_config  # noqa: E402
from deckgen.resolve import resolve_design  # noqa: E402
from deckgen.render.backs import render_back  # noqa: E402
from deckgen.themes import theme_names  # noqa: E402
from deckgen.render.tin import render_lid  # noqa: E402


def best_of(n: int, fn) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    warnings.simplefilter("ignore")
    print(f"{'theme':<12} {'back 300dpi':>12} {'back 600dpi':>12} {'lid 150dpi':>11}")
    for theme in theme_names():
        back = best_of(3, lambda: render_back(resolve_design(demo_config(overrides={"theme": theme}))))
        back600 = best_of(1, lambda: render_back(resolve_design(demo_config(overrides={"theme": theme, "dpi": 600}))))
        lid = best_of(3, lambda: render_lid(resolve_design(demo_config(overrides={"theme": theme}))))
        print(f"{theme:<12} {back * 1000:>10.0f}ms {back600 * 1000:>10.0f}ms {lid * 1000:>9.0f}ms")


if __name__ == "__main__":
    main()
