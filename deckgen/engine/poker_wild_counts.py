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
deuces wild (133,784,560 hands) takes about 1.3 s of CPU.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import comb

import numpy as np

from deckgen.engine import poker_fast as pf
from deckgen.engine import poker_rank as pr

__all__ = ["category_from_counts", "category_of_hand", "natural_categories", "seven_card_wild_counts"]

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
    held = np.array([bin(m).count("1") for m in range(8192)], dtype=np.int8)
    cover = np.zeros(8192, dtype=np.int8)
    for w in WINDOWS:
        inside = np.array([bin(m & w).count("1") for m in range(8192)], dtype=np.int8)
        cover = np.maximum(cover, inside)
    return np.stack([held, cover])


def _flush_categories(masks: np.ndarray, wilds: int | np.ndarray) -> np.ndarray:
    """Best of straight flush / flush / nothing (-1) over the four suits of packed 52-bit masks."""
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


def _count_naturals(cards: Sequence[int], k: int, lowest: bool) -> np.ndarray:
    """Category counts over every k-card hand of the natural `cards` (k = 0..7), 7 - k wild."""
    counts = np.zeros(10, dtype=np.int64)
    n = len(cards)
    if k > n:
        return counts
    if k == 0:
        counts[category_from_counts([0] * 13, HAND)] = 1
        return counts
    rk, sc, mk = _fields(cards)
    if k <= 5:
        (r, s, m), _ = _combos((rk, sc, mk), k)
        return np.bincount(natural_categories(r, s, m, k, lowest), minlength=10).astype(np.int64)
    (r5, s5, m5), start5 = _combos((rk, sc, mk), 5)
    # the first k - 5 cards (one, or a pair) in front of a five-card tail of later cards
    heads = [(b,) for b in range(n)] if k == 6 else [(a, b) for b in range(n) for a in range(b)]
    by_last: dict[int, list[tuple[int, ...]]] = {}
    for h in heads:
        by_last.setdefault(h[-1], []).append(h)
    for last, group in by_last.items():
        lo = start5[last + 1]
        if lo >= len(r5):
            continue
        hr = np.array([sum(rk[i] for i in h) for h in group])[:, None]
        hs = np.array([sum(sc[i] for i in h) for h in group])[:, None]
        hm = np.array([sum(int(mk[i]) for i in h) for h in group], dtype=np.int64)[:, None]
        step = max(1, 500_000 // (len(r5) - lo))
        for i in range(0, len(group), step):
            cat = natural_categories(
                (hr[i : i + step] + r5[None, lo:]).ravel(),
                (hs[i : i + step] + s5[None, lo:]).ravel(),
                (hm[i : i + step] + m5[None, lo:]).ravel(),
                k,
                lowest,
            )
            counts += np.bincount(cat, minlength=10)
    return counts


def seven_card_wild_counts(naturals: Sequence[int], n_wild: int, lowest: bool = False) -> dict[str, int]:
    """Category counts over every seven-card hand from `naturals` (card indices, see
    `poker_fast.card_index`) and `n_wild` wild cards, best category first; `lowest`: each
    hand's cards of its lowest natural rank are wild too."""
    naturals = sorted(naturals)
    totals = np.zeros(10, dtype=np.int64)
    for w in range(min(n_wild, HAND) + 1):
        totals += comb(n_wild, w) * _count_naturals(naturals, HAND - w, lowest)
    return {pr.CATEGORY_NAMES[c]: int(totals[c]) for c in range(9, -1, -1)}
