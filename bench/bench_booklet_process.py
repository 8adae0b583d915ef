"""The warm booklet as a person meets it (issue 15): whole `deckgen booklet` processes, start-up included.

A deck whose booklet holds poker, gin rummy and bridge is built once (card pictures and frequency
tables cached), then `deckgen booklet` is run again --runs times; `deckgen booklet` remakes the
booklet every time (its sources are read, every example checked, the PDFs laid out and written),
only the card pictures and tables come from the cache. Median wall and CPU time, with the load.
Target: 2.5 s. The booklet's bytes are checked to be the same in every run.

    PYTHONPATH=$PWD /work/venv/bin/python bench/bench_booklet_process.py [--runs 5] [--no-bytecode]
"""

from __future__ import annotations

import hashlib
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wholeprocess import deckgen, options, report  # noqa: E402

DECK = """name = "Bench Deck"
[booklet]
games = ["poker", "gin-rummy", "bridge"]
"""
TARGET_S = 2.5


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(folder.glob("*.pdf")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def main() -> None:
    _, runs, env = options(__doc__.splitlines()[0], "deckgen booklet (poker, gin rummy, bridge)")
    with tempfile.TemporaryDirectory(prefix="bench-booklet-") as tmp:
        deck = Path(tmp)
        (deck / "deck.toml").write_text(DECK, encoding="utf-8")
        out = deck / "output"
        deckgen(deck, env, "booklet", "--out", str(out))  # cold: pictures and tables into the cache
        first = _digest(out / "booklet")
        timed = []
        for _ in range(runs):
            timed.append(deckgen(deck, env, "booklet", "--out", str(out)))
            if _digest(out / "booklet") != first:
                raise SystemExit("the booklet's bytes changed between two runs")
        report("warm booklet", TARGET_S, timed)
        print(f"booklet PDFs sha256 (all three): {first[:16]}")


if __name__ == "__main__":
    main()
