"""The warm booklet as a person meets it (issue 15): whole `deckgen booklet` processes, start-up included.

A deck whose booklet holds poker, gin rummy and bridge is built once (card pictures and frequency
tables cached), then `deckgen booklet` is run again --runs times, each time with a house rule
changed (the gin bonus 25, then 30, then 25...): the booklet is remade every time (its sources
are read, every example checked under the house rule, the PDFs laid out and written; a booklet
whose sources did not change is not laid out again, which would time nothing); only the card
pictures and tables come from the cache. Median wall and CPU time, with the load. Target: 2.5 s.
The booklet's bytes are checked to be the same in every run with the same rule.

`--all-games`: the booklet of every shipped game instead, each run cold (a new output folder:
every card picture drawn, nothing laid out before; the frequency tables ship counted). Target: 8 s.

    PYTHONPATH=$PWD /work/venv/bin/python bench/bench_booklet_process.py [--runs 5] [--all-games] [--no-bytecode]
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
[house_rules.gin-rummy]
gin_bonus = {bonus}
"""
#: The two house rules the runs alternate between.
BONUSES = (25, 30)
TARGET_S = 2.5
ALL_GAMES_TARGET_S = 8.0


def _digest(folder: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(folder.glob("*.pdf")):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def all_games_cold(runs: int, env: dict[str, str]) -> None:
    """The booklet of every shipped game, each run into a new output folder."""
    import shutil

    from deckgen.resources import data_dir

    games = sorted(p.stem for p in data_dir("rules").glob("*.md"))
    with tempfile.TemporaryDirectory(prefix="bench-booklet-all-") as tmp:
        deck = Path(tmp)
        (deck / "deck.toml").write_text(f'name = "Bench Deck"\n[booklet]\ngames = {games!r}\n'.replace("'", '"'),
                                        encoding="utf-8")
        timed = []
        for _ in range(runs):
            shutil.rmtree(deck / "output", ignore_errors=True)
            timed.append(deckgen(deck, env, "booklet", "--out", str(deck / "output")))
        report(f"all {len(games)} games, cold", ALL_GAMES_TARGET_S, timed)


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all-games", action="store_true", help="every shipped game, cold")
    args, runs, env = options(parser.description or "", "deckgen booklet", parser)
    if args.all_games:
        all_games_cold(runs, env)
        return
    with tempfile.TemporaryDirectory(prefix="bench-booklet-") as tmp:
        deck = Path(tmp)
        out = deck / "output"
        first = {}
        for bonus in BONUSES:  # cold: pictures and tables into the cache, and each rule's bytes
            (deck / "deck.toml").write_text(DECK.format(bonus=bonus), encoding="utf-8")
            deckgen(deck, env, "booklet", "--out", str(out))
            first[bonus] = _digest(out / "booklet")
        timed = []
        for i in range(runs):
            bonus = BONUSES[i % 2]
            (deck / "deck.toml").write_text(DECK.format(bonus=bonus), encoding="utf-8")
            timed.append(deckgen(deck, env, "booklet", "--out", str(out)))
            if _digest(out / "booklet") != first[bonus]:
                raise SystemExit(f"the booklet's bytes changed between two runs with gin bonus {bonus}")
        report("warm booklet", TARGET_S, timed)
        print("booklet PDFs sha256 (all three): " + ", ".join(f"bonus {b} {d[:16]}" for b, d in first.items()))


if __name__ == "__main__":
    main()
