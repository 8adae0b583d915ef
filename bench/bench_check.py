"""Examples per second that `deckgen check` verifies, after start-up: 1,000 poker, gin and bridge
examples (the shipped ones, repeated) in one Markdown file, checked in-process.

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    blocks = shipped_blocks(["poker", "gin-rummy", "bridge"])
    text = "".join(f"```deckgen\n{blocks[i % len(blocks)]}```\n\n" for i in range(args.examples))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "examples.md"
        path.write_text(text, encoding="utf-8")
        check_paths([path])  # start-up: the engine's modules, the poker tables
        times, cpu = [], []
        for _ in range(args.runs):
            start, start_cpu = time.perf_counter(), time.process_time()
            results = check_paths([path])
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
    failed = sum(not r.ok for r in results)
    rate = args.examples / statistics.median(times)
    print(f"check: {args.examples} examples ({len(blocks)} distinct), {failed} failed")
    print(f"median of {args.runs}: {statistics.median(times):.3f} s = {rate:,.0f} examples/s "
          f"(target {TARGET:,}) {'ok' if rate >= TARGET else 'SLOW'}")
    print(f"CPU time (the same work on an idle core): {statistics.median(cpu):.3f} s = "
          f"{args.examples / statistics.median(cpu):,.0f} examples/s")


if __name__ == "__main__":
    main()
