"""Exact category counts of seven-card hands with wild cards, in numpy batches.

A hand of seven holds w wild cards and 7 - w natural ones. Every wild card is
worth playing (it can copy any card it replaces), so the best five use
min(w, 5) wild cards, and the best category follows from the naturals alone:

- from their rank counts (the largest c1, the next c2, and how many ranks of
  the best straight window they cover): five or four of a kind when c1 + w
  reaches 5 or 4, a full house when the trips and the pair miss at most w
  cards, a straight when the window misses at most w ranks, and so on;
- from each suit's rank set: a flush when the suit holds at least 5 - w
  naturals, a straight flush when one window of that suit does.

So the natural hands of each size 7 - w are enumerated once (the summed rank
hash and suit fields of `poker_fast`, no hand listed card by card), each is
looked up in a table by its rank pattern and, for the few that can flush, by
its suit rank sets, and the count is multiplied by the C(wild cards, w) ways
to add the wild ones. With `lowest` (Kings and Low Man) the cards of the
naturals' lowest rank leave their suits and count as wild ones. Seven-card
deuces wild (133,784,560 hands) takes about 1 s of CPU.

Low hole card wild (seven-card stud) is counted over deals, not hands: the wild
rank is the lowest of the three hole cards, so each seven cards count once per
choice of hole cards (35). `low_hole_wild_counts` counts, for each rank r and
number of cards of rank r held, the natural hands by category and by how many
of their cards rank above r, which fixes how many of the 35 choices make r the
lowest hole rank (`hole_weight`). All 4,682,459,600 deals take about 3 s.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is loaded by the functions that count with it: importing it costs 0.1 s
    import numpy as np

from deckgen.engine import poker_fast as pf
from deckgen.engine import poker_rank as pr

__all__ = [
    "LOW_HOLE",
    "category_from_counts",
    "category_of_hand",
    "hole_weight",
    "low_hole_category",
    "low_hole_wild_counts",
    "natural_categories",
    "seven_card_wild_counts",
]

HAND = 7
#: Straight windows as 13-bit rank sets (bit 0 = deuce .. bit 12 = ace); the wheel last.
WINDOWS = tuple(0b11111 << low for low in range(9)) + (0b1000000001111,)


def category_from_counts(counts: Sequence[int], wilds: int) -> int:
    """The best category (poker_rank numbering, five of a kind = 9) that natural cards with
    these rank counts (deuce first) make with `wilds` wild cards, flushes left out."""
    c1, c2 = sorted(counts, reverse=True)[:2] if len(counts) > 1 else (max(counts, default=0), 0)
    held = sum(1 << r for r, n in enumerate(counts) if n)
    cover = max(bin(held & w).count("1") for w in WINDOWS)
    if c1 + wilds >= 5:
        return pr.FIVE_KIND
    if c1 + wilds >= 4:
        return pr.QUADS
    if max(0, 3 - c1) + max(0, 2 - c2) <= wilds:
        return pr.FULL_HOUSE
    if cover + wilds >= 5:
        return pr.STRAIGHT
    if c1 + wilds >= 3:
        return pr.TRIPS
    if max(0, 2 - c1) + max(0, 2 - c2) <= wilds:
        return pr.TWO_PAIR
    if c1 + wilds >= 2:
        return pr.ONE_PAIR
    return pr.HIGH_CARD


@cache
def _rank_table(naturals: int, lowest: bool) -> tuple[np.ndarray, np.ndarray]:
    """By the rank hash of `naturals` natural cards (7 - naturals wild): the category, flushes
    left out, and the rank (0 = deuce) of the cards `lowest` makes wild too (-1: none)."""
    import numpy as np
    patterns = pf.count_patterns(naturals)
    hashes = [sum(c * k for c, k in zip(p, pf.HASH_KEYS) if c) for p in patterns]
    table = np.zeros(max(hashes) + 1, dtype=np.int8)
    low = np.full(max(hashes) + 1, -1, dtype=np.int8)
    for h, p in zip(hashes, patterns):
        wilds = HAND - naturals
        if lowest and naturals:
            r0 = next(r for r, n in enumerate(p) if n)
            low[h], wilds = r0, wilds + p[r0]
            p = p[:r0] + (0,) + p[r0 + 1 :]
        table[h] = category_from_counts(p, wilds)
    return table, low


@cache
def _suit_cover() -> np.ndarray:
    """For each 13-bit rank set of one suit: (cards held, most ranks of one straight window held)."""
    import numpy as np
    held = np.array([bin(m).count("1") for m in range(8192)], dtype=np.int8)
    cover = np.zeros(8192, dtype=np.int8)
    for w in WINDOWS:
        inside = np.array([bin(m & w).count("1") for m in range(8192)], dtype=np.int8)
        cover = np.maximum(cover, inside)
    return np.stack([held, cover])


def _flush_categories(masks: np.ndarray, wilds: int | np.ndarray) -> np.ndarray:
    """Best of straight flush / flush / nothing (-1) over the four suits of packed 52-bit masks."""
    import numpy as np
    held, cover = _suit_cover()
    best = np.full(len(masks), -1, dtype=np.int8)
    for suit in range(4):
        m = ((masks >> (13 * suit)) & 8191).astype(np.intp)
        best = np.maximum(best, np.where(held[m] + wilds >= 5, pr.FLUSH, -1).astype(np.int8))
        best = np.maximum(best, np.where(cover[m] + wilds >= 5, pr.STRAIGHT_FLUSH, -1).astype(np.int8))
    return best


def natural_categories(
    rk: np.ndarray, sc: np.ndarray, mask: np.ndarray, naturals: int, lowest: bool = False
) -> np.ndarray:
    """Best category of each hand of `naturals` natural cards plus 7 - naturals wild ones, from the
    summed fields of `poker_fast` (rank hash, suit counts 4 bits a suit, 52-bit suit rank sets).
    `lowest`: every card of the hand's lowest natural rank is wild too (Kings and Low Man)."""
    import numpy as np
    wilds: int | np.ndarray = HAND - naturals
    table, low = _rank_table(naturals, lowest)
    cat = table[rk]
    most = np.zeros(len(sc), dtype=np.int64)
    for suit in range(4):
        most = np.maximum(most, (sc >> (4 * suit)) & 15)
    if lowest:
        # the lowest rank's cards leave the suits and join the wild ones (a superset of the flush candidates)
        r0 = low[rk].astype(np.int64)
        held = np.zeros(len(rk), dtype=np.int64)
        for suit in range(4):
            held += (mask >> (13 * suit + np.maximum(r0, 0))) & 1
        hit = np.flatnonzero((r0 >= 0) & (most + HAND - naturals + held >= 5))
        if hit.size:
            bits = sum(np.left_shift(np.int64(1), 13 * suit + r0[hit]) for suit in range(4))
            cat[hit] = np.maximum(cat[hit], _flush_categories(mask[hit] & ~bits, HAND - naturals + held[hit]))
        return np.asarray(cat)
    hit = np.flatnonzero(most + wilds >= 5)
    if hit.size:
        cat[hit] = np.maximum(cat[hit], _flush_categories(mask[hit], wilds))
    return np.asarray(cat)


def _fields(cards: Sequence[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    import numpy as np
    t = pf._np_tables()
    idx = np.asarray(cards, dtype=np.intp)
    return t["rk"][idx].astype(np.int64), t["sc"][idx].astype(np.int64), t["mask"][idx]


def category_of_hand(naturals: Sequence[int], lowest: bool = False) -> int:
    """The category one seven-card hand makes: its natural cards (indices), the rest wild; the
    same lookup as the counts, one hand at a time (for checking them against the engine)."""
    if not naturals:
        return category_from_counts([0] * 13, HAND)
    rk, sc, mk = (f.sum(keepdims=True) for f in _fields(naturals))
    return int(natural_categories(rk, sc, mk, len(naturals), lowest)[0])


def _combos(values: Sequence[np.ndarray], k: int) -> tuple[list[np.ndarray], np.ndarray]:
    """Sums of `values` over every k-combination of their n entries in lexicographic order
    (k >= 1), and start[f]: where the combinations whose first entry is >= f begin."""
    import numpy as np
    n = len(values[0])
    sums = [v.copy() for v in values]
    for j in range(2, k + 1):
        prev_start = np.array([sum(comb(n - 1 - g, j - 2) for g in range(f)) for f in range(n + 1)])
        parts: list[list[np.ndarray]] = [[] for _ in values]
        for f in range(n - j + 1):
            for p, (v, s) in enumerate(zip(values, sums)):
                parts[p].append(v[f] + s[prev_start[f + 1] :])
        sums = [np.concatenate(p) if p else v[:0] for p, v in zip(parts, values)]
    start = np.array([sum(comb(n - 1 - g, k - 1) for g in range(f)) for f in range(n + 1)])
    return sums, start


def _count_naturals(cards: Sequence[int], k: int, lowest: bool, tags: Sequence[int] | None = None) -> np.ndarray:
    """Category counts over every k-card hand of the natural `cards` (k = 0..7), 7 - k wild.
    With `tags` (a small number per card): counts by category and by the hand's sum of tags,
    as a (10, k + 1) array (the sum of 0/1 tags over k cards is 0..k)."""
    import numpy as np
    buckets = k + 1 if tags is not None else 1
    counts = np.zeros(10 * buckets, dtype=np.int64)
    n = len(cards)
    if k > n:
        return counts.reshape(10, buckets) if tags is not None else counts
    if k == 0:
        counts[category_from_counts([0] * 13, HAND) * buckets] = 1
        return counts.reshape(10, buckets) if tags is not None else counts
    fields = list(_fields(cards))
    if tags is not None:
        fields.append(np.asarray(tags, dtype=np.int64))

    def tally(sums: Sequence[np.ndarray]) -> np.ndarray:
        cat = natural_categories(sums[0], sums[1], sums[2], k, lowest).astype(np.int64)
        key = cat * buckets + sums[3] if tags is not None else cat
        return np.bincount(key, minlength=10 * buckets).astype(np.int64)

    if k <= 5:
        sums, _ = _combos(fields, k)
        counts += tally(sums)
    else:
        tails, start5 = _combos(fields, 5)
        # the first k - 5 cards (one, or a pair) in front of a five-card tail of later cards
        heads = [(b,) for b in range(n)] if k == 6 else [(a, b) for b in range(n) for a in range(b)]
        by_last: dict[int, list[tuple[int, ...]]] = {}
        for h in heads:
            by_last.setdefault(h[-1], []).append(h)
        for last, group in by_last.items():
            lo = start5[last + 1]
            if lo >= len(tails[0]):
                continue
            head = [np.array([sum(int(f[i]) for i in h) for h in group], dtype=np.int64)[:, None] for f in fields]
            step = max(1, 500_000 // (len(tails[0]) - lo))
            for i in range(0, len(group), step):
                counts += tally([(hf[i : i + step] + tf[None, lo:]).ravel() for hf, tf in zip(head, tails)])
    return counts.reshape(10, buckets) if tags is not None else counts


def seven_card_wild_counts(naturals: Sequence[int], n_wild: int, lowest: bool = False) -> dict[str, int]:
    """Category counts over every seven-card hand from `naturals` (card indices, see
    `poker_fast.card_index`) and `n_wild` wild cards, best category first; `lowest`: each
    hand's cards of its lowest natural rank are wild too."""
    import numpy as np
    naturals = sorted(naturals)
    totals = np.zeros(10, dtype=np.int64)
    for w in range(min(n_wild, HAND) + 1):
        totals += comb(n_wild, w) * _count_naturals(naturals, HAND - w, lowest)
    return {pr.CATEGORY_NAMES[c]: int(totals[c]) for c in range(9, -1, -1)}


# ------------------------------------------------------------------ low hole card wild

#: The `wild:` word of a frequency table for low-hole-card wild (seven-card stud).
LOW_HOLE = "low-hole"
#: Cards a seven-card stud player gets face down: two first, and the seventh.
HOLE = 3


def hole_weight(of_rank: int, above: int) -> int:
    """In how many ways a hand's three hole cards have rank r as their lowest, the hand holding
    `of_rank` cards of rank r and `above` cards ranked higher (the ace highest): every three of
    those cards, less the threes with no card of rank r."""
    return comb(of_rank + above, HOLE) - comb(above, HOLE)


def low_hole_category(hole: Sequence[int], up: Sequence[int]) -> int:
    """The category of one deal (card indices, see `poker_fast.card_index`): every card of the
    hole cards' lowest rank is wild, the ace lowest only when all three are aces."""
    low = min(c // 4 for c in hole)
    return category_of_hand([c for c in (*hole, *up) if c // 4 != low])


def low_hole_wild_counts(deck: Sequence[int] = range(52)) -> dict[str, int]:
    """Category counts over every deal of three hole cards and four up cards from `deck` (card
    indices; the whole pack by default: C(52, 3) * C(49, 4) = 35 * C(52, 7) deals), best first.

    Each seven cards are dealt in C(7, 3) = 35 ways, and the wild rank r is the lowest of the
    three hole cards. So for each rank r and each number w of cards of rank r in the hand, the
    hands of 7 - w natural cards from the other ranks are counted by category and by how many
    of them rank above r, and weighted by `hole_weight(w, above)`: the deals that make r wild.
    """
    import numpy as np
    deck = sorted(deck)
    totals = np.zeros(10, dtype=np.int64)
    for r in sorted({c // 4 for c in deck}):
        others = [c for c in deck if c // 4 != r]
        above = [int(c // 4 > r) for c in others]
        of_rank = sum(1 for c in deck if c // 4 == r)
        for w in range(1, min(of_rank, HAND) + 1):
            k = HAND - w
            by_above = _count_naturals(others, k, False, above)
            weights = np.array([hole_weight(w, g) for g in range(k + 1)], dtype=np.int64)
            totals += comb(of_rank, w) * (by_above @ weights)
    return {pr.CATEGORY_NAMES[c]: int(totals[c]) for c in range(9, -1, -1)}
