"""Speed of the gin rummy melding search: random 10- and 11-card hands per second.

Run from the repository root: `python3 bench/bench_gin.py [--hands N]`. The
hands come from a fixed seed, so runs on one machine are comparable. The
figure printed is wall-clock hands per second for `deckgen.engine.gin.deadwood`
(the exact smallest deadwood), plus the same for a full knock scored with
lay-offs (`score_hand`).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from deckgen.cards import PROFILES, Card, Rank, Suit  # noqa: E402
from deckgen.engine.base import ExampleError  # noqa: E402
from deckgen.engine.gin import GIN_RUMMY, deadwood, score_hand  # noqa: E402


def _meld_rich_hand(rng: random.Random, deck: list[Card]) -> list[Card]:
    """Ten cards: three random melds (sets or runs of 3-4) where they fit, the rest low cards."""
    hand: list[Card] = []
    for _ in range(3):
        if rng.random() < 0.5:
            rank = rng.choice(list(Rank))
            meld = [Card(rank, s) for s in rng.sample(list(Suit), 3)]
        else:
            suit = rng.choice(list(Suit))
            start = rng.randint(1, 10)
            length = rng.choice((3, 4))
            meld = [Card(Rank.ACE if v == 1 else Rank(v), suit) for v in range(start, min(start + length, 14))]
        if len(hand) + len(meld) <= 10 and not set(meld) & set(hand):
            hand.extend(meld)
    low = [c for c in deck if c not in hand and c.rank is not None and (c.rank <= 5 or c.rank == Rank.ACE)]
    return hand + rng.sample(low, 10 - len(hand))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20000, help="hands per size (default 20000)")
    args = parser.parse_args()
    deck = list(PROFILES["standard-52"].cards)
    rng = random.Random(2026)
    for size in (10, 11):
        hands = [rng.sample(deck, size) for _ in range(args.hands)]
        start = time.perf_counter()
        total = sum(deadwood(h) for h in hands)
        seconds = time.perf_counter() - start
        print(
            f"gin deadwood, {size}-card hands: {args.hands / seconds:,.0f} hands/s "
            f"({args.hands} hands in {seconds:.2f} s; mean deadwood {total / args.hands:.1f})"
        )
    # Whole knocks: build knocking hands from three random melds and low cards, then score with lay-offs.
    knocks = []
    while len(knocks) < 2000:
        hand = _meld_rich_hand(rng, deck)
        if deadwood(hand) <= 10:
            rest = [c for c in deck if c not in hand]
            knocks.append((hand, rng.sample(rest, 10)))
    start = time.perf_counter()
    for knocker, defender in knocks:
        try:
            score_hand(knocker, defender, GIN_RUMMY.defaults)
        except ExampleError:
            raise SystemExit("a legal knock was refused") from None
    seconds = time.perf_counter() - start
    print(f"gin knock scored with lay-offs: {len(knocks) / seconds:,.0f} hands/s ({len(knocks)} knocks)")


if __name__ == "__main__":
    main()
