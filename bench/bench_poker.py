"""Poker evaluation speed, side by side with treys, eval7 and phevaluator, in one run.

Per call: evaluating one pre-encoded hand (each library's own integer or card
objects, built before timing), five and seven cards. Batch: numpy over an
(N, 7) array, and the exhaustive count of all 133,784,560 seven-card hands.

Run from the repository root:  python3 bench/bench_poker.py [--hands N] [--skip-exhaustive]
The machine is shared: the load average is printed with the figures.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from deckgen.engine import poker_fast as pf  # noqa: E402

from deckgen.engine import poker_counts  # noqa: E402

RANKS = "23456789TJQKA"
SUITS = "shdc"  # card_index order: spades, hearts, diamonds, clubs


def token(i: int) -> str:
    return RANKS[i // 4] + SUITS[i % 4]


def rate(fn: Callable[[], None], n: int) -> float:
    """Hands per second of the best of three runs of `fn` (which evaluates n hands)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return n / best


def ours(hands: Sequence[Sequence[int]]) -> Callable[[], None]:
    ev = pf.make_evaluator()
    codes = pf.card_codes()
    packed = [sum(codes[i] for i in h) for h in hands]

    def go() -> None:
        for h in packed:
            ev(h)

    return go


def treys_fn(hands: Sequence[Sequence[int]]) -> Callable[[], None] | None:
    try:
        from treys import Card, Evaluator
    except ImportError:
        return None
    evaluator = Evaluator()
    enc = [[Card.new(token(i)) for i in h] for h in hands]
    split = [(h[:2], h[2:]) for h in enc]

    def go() -> None:
        for hole, board in split:
            evaluator.evaluate(hole, board)

    return go


def eval7_fn(hands: Sequence[Sequence[int]]) -> Callable[[], None] | None:
    try:
        import eval7
    except ImportError:
        return None
    enc = [[eval7.Card(token(i)) for i in h] for h in hands]
    evaluate = eval7.evaluate

    def go() -> None:
        for h in enc:
            evaluate(h)

    return go


def phe_fn(hands: Sequence[Sequence[int]]) -> Callable[[], None] | None:
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        return None
    # phevaluator's card id: 4 * rank + suit, twos first, suits c d h s
    order = {"c": 0, "d": 1, "h": 2, "s": 3}
    enc = [[4 * (i // 4) + order[SUITS[i % 4]] for i in h] for h in hands]

    def go() -> None:
        for h in enc:
            evaluate_cards(*h)

    return go


def agree(hands: Sequence[Sequence[int]]) -> bool:
    """Our classes order the hands as eval7 does (a spot check that we time the same thing)."""
    try:
        import eval7
    except ImportError:
        return True
    ev = pf.make_evaluator()
    codes = pf.card_codes()
    ours_ = [ev(sum(codes[i] for i in h)) for h in hands[:2000]]
    theirs = [eval7.evaluate([eval7.Card(token(i)) for i in h]) for h in hands[:2000]]
    return all((a < b) == (c < d) for a, b, c, d in zip(ours_, ours_[1:], theirs, theirs[1:]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands per per-call run (default 200,000)")
    parser.add_argument("--skip-exhaustive", action="store_true", help="skip the 133,784,560-hand count")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    start = time.perf_counter()
    pf._tables()
    pf._np_tables()
    print(f"tables built in {time.perf_counter() - start:.2f} s (once per process)")
    rng = random.Random(2024)
    deck = list(range(52))
    for n in (5, 7):
        hands = [rng.sample(deck, n) for _ in range(args.hands)]
        mine = rate(ours(hands), len(hands))
        print(f"\nper call, {n} cards ({len(hands):,} hands): deckgen {mine:,.0f} hands/s")
        for name, maker in (("treys", treys_fn), ("eval7", eval7_fn), ("phevaluator", phe_fn)):
            small = hands[: max(1, len(hands) // 4)]
            fn = maker(small)
            if fn is None:
                print(f"  {name}: not installed")
                continue
            theirs = rate(fn, len(small))
            print(f"  {name:12s} {theirs:12,.0f} hands/s   deckgen / {name} = {mine / theirs:.2f}")
        print(f"  same order as eval7 on a sample: {agree(hands)}")
    batch = np.array([rng.sample(deck, 7) for _ in range(1_000_000)], dtype=np.uint8)
    batch_rate = rate(lambda: pf.evaluate_batch(batch), len(batch))
    print(f"\nbatch, 7 cards, numpy over a (1,000,000, 7) uint8 array: {batch_rate:,.0f} hands/s")
    if not args.skip_exhaustive:
        start = time.perf_counter()
        table = poker_counts.hand_frequencies.__wrapped__(7)  # bypass the cache: time the real work
        seconds = time.perf_counter() - start
        total = sum(table.values())
        print(f"exhaustive, all {total:,} seven-card hands: {seconds:.2f} s ({total / seconds:,.0f} hands/s)")
        for cat, count in table.items():
            print(f"  {cat:16s} {count:>12,}")
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
