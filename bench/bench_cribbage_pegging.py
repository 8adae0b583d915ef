"""Plays pegged per second: random four-card hands, every legal play order of each, pegged card by card.

Run from the repository root:  python3 bench/bench_cribbage_pegging.py
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deckgen.cards import Card, Rank, Suit  # noqa: E402
from deckgen.engine.cribbage_play import peg_play  # noqa: E402

DECK = [Card(Rank(r), s) for r in range(2, 15) for s in Suit]


def _value(card: Card) -> int:
    return min(1 if card.rank == Rank.ACE else int(card.rank), 10)


def _orders(hands: dict[str, list[Card]]) -> list[list[Card]]:
    """Legal play orders (each player plays when able), found by trying each card in turn."""
    names = list(hands)
    out: list[list[Card]] = []

    def walk(left: dict[str, list[Card]], count: int, mover: int, laid: list[Card], passed: int) -> None:
        if not any(left.values()):
            out.append(laid)
            return
        name = names[mover]
        playable = [c for c in left[name] if count + _value(c) <= 31]
        nxt = (mover + 1) % len(names)
        if playable:
            for c in playable:
                new = dict(left)
                new[name] = [x for x in left[name] if x != c]
                total = count + _value(c)
                walk(new, 0 if total == 31 else total, nxt, laid + [c], 0)
            return
        if passed + 1 < len(names):
            walk(left, count, nxt, laid, passed + 1)
        else:
            walk(left, 0, nxt, laid, 0)

    walk(hands, 0, 0, [], 0)
    return out


def main() -> None:
    rng = random.Random(121)
    deals = []
    for _ in range(200):
        cards = rng.sample(DECK, 8)
        hands = {"Ann": cards[:4], "Bob": cards[4:]}
        deals.append((hands, _orders(hands)))
    plays = sum(len(orders) for _, orders in deals)
    start = time.perf_counter()
    points = 0
    for hands, orders in deals:
        for order in orders:
            points += sum(p.points for p in peg_play(hands, order))
    seconds = time.perf_counter() - start
    print(
        f"cribbage pegging: {plays:,} complete plays of two four-card hands ({plays * 8:,} cards) "
        f"in {seconds:.2f} s = {plays / seconds:,.0f} plays/s, {plays * 8 / seconds:,.0f} cards/s "
        f"(mean {points / plays:.2f} points a play)"
    )


if __name__ == "__main__":
    main()
