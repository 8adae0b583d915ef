"""Examples per second that `deckgen check` verifies, after start-up: 1,000 poker, gin and bridge
examples in one Markdown file, checked in-process.

The examples are the shipped ones made distinct (no cache of the engine's sees one twice): each
is dealt again with its suits swapped (any of the 24 orders for poker and gin; for bridge only
those that keep the majors and the minors apart, as its scores depend on that), and with the
players renamed, which leaves every claim true. Before each run every cache in deckgen is
emptied and the shipped blocks are checked (start-up: the modules and the engine's tables), so
no run is helped by the one before. `--repeat` times the 34 shipped blocks repeated as they are,
with the caches kept (the older figure, which the caches flatter).

Target (issue 15): at least 4,000 examples per second.

    python3 bench/bench_check.py [--examples 1000] [--runs 5]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deckgen.booklet.chapter import parse_chapter  # noqa: E402
from deckgen.booklet.check import check_paths  # noqa: E402
from deckgen.booklet.sources import load_source  # noqa: E402
from deckgen.resources import data_dir  # noqa: E402

TARGET = 4000


def shipped_blocks(games: list[str]) -> list[str]:
    """The shipped examples of these games, as rendered for the usual rules, without their `rules:` pins."""
    blocks = []
    for game in games:
        chapter = parse_chapter(load_source(data_dir("rules") / f"{game}.md"))
        for block in chapter.examples:
            if block.data is not None and block.game in ("poker", "gin-rummy", "bridge"):
                blocks.append(block.text)
    return blocks


SUITS = "♠♥♦♣"
#: Other names for the players of poker and gin examples (bridge seats keep theirs).
RENAMED = ({}, {"Ann": "Kim", "Bob": "Lee", "Cy": "Max", "Di": "Sue", "Ed": "Tom", "Flo": "Viv"},
           {"Ann": "Uma", "Bob": "Raj", "Cy": "Oli", "Di": "Pia", "Ed": "Ned", "Flo": "Zoe"})


def distinct_blocks(blocks: list[str], count: int) -> list[str]:
    """`count` different blocks, each a shipped one with its suits swapped and its players renamed."""
    import itertools
    import re

    variants = []
    for order in itertools.permutations(SUITS):
        swap = dict(zip(SUITS, order))
        keeps_majors = {swap["♠"], swap["♥"]} == {"♠", "♥"}
        for names in RENAMED:
            if not names and "".join(order) == SUITS:
                continue  # the shipped blocks themselves: they warm the engine up
            for block in blocks:
                bridge = block.startswith("game: bridge")
                if bridge and (not keeps_majors or names):
                    continue
                text = "".join(swap.get(ch, ch) for ch in block)
                if names:
                    text = re.sub(r"\b(" + "|".join(names) + r")\b", lambda m: names[m.group(1)], text)
                variants.append(text)
    unique = list(dict.fromkeys(variants))
    if len(unique) < count:
        raise SystemExit(f"only {len(unique)} distinct examples can be made, not {count}")
    step = len(unique) / count  # spread over the games and the suit orders
    return [unique[int(i * step)] for i in range(count)]


def _forget_caches() -> None:
    """Empty every functools cache in deckgen's modules (the shipped blocks fill the tables again)."""
    import gc

    for obj in gc.get_objects():
        if callable(obj) and hasattr(obj, "cache_clear") and getattr(obj, "__module__", "").startswith("deckgen"):
            obj.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--repeat", action="store_true", help="the shipped blocks repeated as they are")
    args = parser.parse_args()
    blocks = shipped_blocks(["poker", "gin-rummy", "bridge"])
    chosen = [blocks[i % len(blocks)] for i in range(args.examples)] if args.repeat else distinct_blocks(blocks, args.examples)
    text = "".join(f"```deckgen\n{block}```\n\n" for block in chosen)
    with tempfile.TemporaryDirectory() as tmp:
        path, warm = Path(tmp) / "examples.md", Path(tmp) / "warm.md"
        path.write_text(text, encoding="utf-8")
        warm.write_text("".join(f"```deckgen\n{block}```\n\n" for block in blocks), encoding="utf-8")
        times, cpu = [], []
        for _ in range(args.runs):
            if not args.repeat:
                _forget_caches()  # nothing the last run computed is remembered
            check_paths([warm])  # start-up: the engine's modules and tables, from the shipped blocks
            start, start_cpu = time.perf_counter(), time.process_time()
            results = check_paths([path])
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
    failed = sum(not r.ok for r in results)
    rate = args.examples / statistics.median(times)
    print(f"check: {args.examples} examples ({len(set(chosen))} distinct), {failed} failed")
    print(f"median of {args.runs}: {statistics.median(times):.3f} s = {rate:,.0f} examples/s "
          f"(target {TARGET:,}) {'ok' if rate >= TARGET else 'SLOW'}")
    print(f"CPU time (the same work on an idle core): {statistics.median(cpu):.3f} s = "
          f"{args.examples / statistics.median(cpu):,.0f} examples/s")


if __name__ == "__main__":
    main()
