"""The best five-card high key with wild cards, worked out directly.

`poker_wild.best_key` tries every assignment of ranks to the wild cards: 455
key computations for three wild cards, 1,820 for four. For high poker the
best choice is known without trying them, family by family:

- pairs, trips, full houses, quads and five of a kind (and high card): every
  wild card joins the biggest group of natural ranks, the highest such group
  when several are as big (aces when there is no natural card). That makes
  the biggest group any choice can make, and no other group of that size is
  higher, so no choice beats it in these categories;
- straights (five cards, no natural rank twice): the wild cards fill the
  highest five-rank window holding every natural rank, the wheel included;
- for a one-suit complete hand, the same window gives a straight flush, and
  when there is none the wild cards take the highest ranks not held (a flush).

The best key is the highest of these. tests/test_poker_wild_high.py checks it
against the enumeration for every rank pattern.
"""

from __future__ import annotations

from collections.abc import Sequence

from deckgen.engine import poker_rank as pr

__all__ = ["best_high_key"]

_WHEEL = frozenset(pr.WHEEL)


def best_high_key(naturals: Sequence[int], suited: bool, wilds: int, size: int) -> tuple[int, ...]:
    """The best `poker_rank.key5` key of natural ranks (2..14) plus `wilds` wild cards.

    Same arguments and answer as `poker_wild.best_key("high", ...)`: the hand holds
    `size` cards when complete; `suited` says the naturals share one suit and no rank,
    so in a complete hand the wild cards may join that suit.
    """
    complete = len(naturals) + wilds == size
    if wilds == 0:
        return pr.key5(naturals, suited and complete)
    if naturals:
        counts: dict[int, int] = {}
        for rank in naturals:
            counts[rank] = counts.get(rank, 0) + 1
        top = max(counts, key=lambda r: (counts[r], r))  # the biggest group, the highest among equals
    else:
        counts = {}
        top = pr.ACE
    best = pr.key5([*naturals, *([top] * wilds)])  # raises ValueError for a hand of more than five cards
    if len(naturals) + wilds != 5 or len(counts) != len(naturals) or best[0] >= pr.STRAIGHT_FLUSH:
        return best  # no straight or flush to make, or five of a kind already
    straight = _straight_top(naturals)
    if suited and complete:
        if straight:
            return (pr.STRAIGHT_FLUSH, straight)
        free = [r for r in range(pr.ACE, 1, -1) if r not in counts][:wilds]
        flush = (pr.FLUSH, *sorted([*naturals, *free], reverse=True))
        return max(best, flush)
    if straight:
        return max(best, (pr.STRAIGHT, straight))
    return best


def _straight_top(naturals: Sequence[int]) -> int:
    """The top of the highest straight holding these distinct ranks (5 for the wheel), or 0."""
    if not naturals:
        return pr.ACE
    low, high = min(naturals), max(naturals)
    if high - low <= 4:
        return min(pr.ACE, low + 4)
    if _WHEEL.issuperset(naturals):
        return 5
    return 0
