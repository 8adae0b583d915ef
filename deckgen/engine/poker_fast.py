"""Fast high-hand evaluation by table lookup, one hand at a time or in numpy batches.

Every five-card high hand falls into one of 7,462 classes (1 = 7-5-4-3-2
offsuit, the worst; 7,462 = a royal flush). Without a flush, a hand's class
depends only on how many cards of each rank it holds; with a flush, only on
which ranks of the flush suit it holds. So two tables answer everything:

- non-flush: rank counts (as a base-5 number, or a perfect-hash sum for numpy)
  -> the class of the best five cards;
- flush: the 13-bit set of ranks in the flush suit -> the class of its best
  five (straight flush or flush).

With seven cards a flush excludes quads and full houses (they need four and
three suits), so the flush table alone decides a hand that has five of a suit.

The per-call code packs a hand into one integer (the sum of its cards' codes):
bits 0-51 hold a 13-bit rank set per suit, bits 52-63 a 3-bit count per suit,
bits 64 and up the base-5 rank counts. The tables are built on first use and
cached; building them takes about a second.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # numpy is loaded by the functions that count with it: importing it costs 0.1 s
    import numpy as np

from deckgen.cards import Card, Rank, Suit
from deckgen.engine import poker_rank as pr
from deckgen.engine.poker_wild import best_key, parse_wild

__all__ = [
    "HASH_KEYS",
    "N_CLASSES",
    "STRAIGHT_MASKS",
    "SUIT_INDEX",
    "best_key_from_counts",
    "best_key_from_suit_mask",
    "card_codes",
    "card_index",
    "category_of_class",
    "class_categories",
    "class_counts",
    "class_keys",
    "class_of_key",
    "count_patterns",
    "encode",
    "evaluate_batch",
    "evaluate_class",
    "evaluate_code",
    "index_card",
    "make_evaluator",
    "pattern_classes",
    "wild_frequencies",
    "wild_tokens",
]

SUIT_INDEX = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
#: Rank constants whose sums are distinct for every rank pattern of 5, 6 or 7 cards
#: (at most four of a rank). Used by the numpy path as a perfect hash.
HASH_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
N_CLASSES = 7462


def card_index(card: Card) -> int:
    """0..51: four cards per rank, twos first (index = 4 * (rank - 2) + suit)."""
    if card.is_joker:
        raise ValueError("the fast evaluator has no jokers")
    assert card.rank is not None and card.suit is not None
    return 4 * (int(card.rank) - 2) + SUIT_INDEX[card.suit]


def index_card(index: int) -> Card:
    return Card(Rank(index // 4 + 2), list(SUIT_INDEX)[index % 4])


# ------------------------------------------------------------------ building the classes


def best_key_from_counts(counts: Sequence[int]) -> tuple[int, ...]:
    """The best five-card key from rank counts (index 0 = twos), ignoring suits (no flush)."""
    ranks_desc = [r + 2 for r in range(12, -1, -1) if counts[r]]
    by_count: dict[int, list[int]] = {4: [], 3: [], 2: [], 1: []}
    for r in ranks_desc:
        by_count[counts[r - 2]].append(r)
    if by_count[4]:
        q = by_count[4][0]
        kick = next((r for r in ranks_desc if r != q), None)
        return (pr.QUADS, q) if kick is None else (pr.QUADS, q, kick)
    if by_count[3] and len(by_count[3]) + len(by_count[2]) >= 2:
        t = by_count[3][0]
        p = max([r for r in by_count[3][1:]] + by_count[2])
        return (pr.FULL_HOUSE, t, p)
    top = _straight_top(ranks_desc)
    if top:
        return (pr.STRAIGHT, top)
    if by_count[3]:
        t = by_count[3][0]
        return (pr.TRIPS, t, *[r for r in ranks_desc if r != t][:2])
    if len(by_count[2]) >= 2:
        a, b = by_count[2][:2]
        return (pr.TWO_PAIR, a, b, *[r for r in ranks_desc if r not in (a, b)][:1])
    if by_count[2]:
        p = by_count[2][0]
        return (pr.ONE_PAIR, p, *[r for r in ranks_desc if r != p][:3])
    return (pr.HIGH_CARD, *ranks_desc[:5])


#: Rank-set bit masks (bit r-2 for rank r) of the ten straights, best first.
STRAIGHT_MASKS = tuple((top, 0b11111 << (top - 6)) for top in range(14, 5, -1)) + ((5, 0b1000000001111),)


def _straight_top(ranks_desc: Sequence[int]) -> int:
    mask = 0
    for r in ranks_desc:
        mask |= 1 << (r - 2)
    for top, sm in STRAIGHT_MASKS:
        if mask & sm == sm:
            return top
    return 0


def best_key_from_suit_mask(mask: int) -> tuple[int, ...]:
    """The best five-card key from five or more ranks of one suit (bit r-2 set for rank r)."""
    ranks_desc = [r + 2 for r in range(12, -1, -1) if mask >> r & 1]
    top = _straight_top(ranks_desc)
    return (pr.STRAIGHT_FLUSH, top) if top else (pr.FLUSH, *ranks_desc[:5])


@cache
def class_keys() -> tuple[tuple[int, ...], ...]:
    """All 7,462 distinct five-card keys, worst first; class = position + 1."""
    keys = {pr.key5(ranks) for ranks in _rank_patterns(5)}
    keys |= {pr.key5(ranks, True) for ranks in combinations(range(14, 1, -1), 5)}
    return tuple(sorted(keys))


def _rank_patterns(n: int) -> Iterable[tuple[int, ...]]:
    """Every multiset of n ranks with at most four of a rank, high ranks first."""
    for counts in count_patterns(n):
        yield tuple(r + 2 for r in range(12, -1, -1) for _ in range(counts[r]))


@cache
def count_patterns(n: int) -> tuple[tuple[int, ...], ...]:
    """Every way to hold n cards as counts per rank (index 0 = twos), at most four of a rank."""
    out: list[tuple[int, ...]] = []

    def walk(i: int, left: int, acc: list[int]) -> None:
        if i == 13:
            if left == 0:
                out.append(tuple(acc))
            return
        for c in range(max(0, left - 4 * (12 - i)), min(4, left) + 1):
            acc.append(c)
            walk(i + 1, left - c, acc)
            acc.pop()

    walk(0, n, [])
    return tuple(out)


@cache
def pattern_classes(n: int) -> tuple[int, ...]:
    """The class of the best five cards of each `count_patterns(n)` entry, without a flush."""
    ck = class_of_key()
    return tuple(ck[best_key_from_counts(counts)] for counts in count_patterns(n))


@cache
def class_of_key() -> dict[tuple[int, ...], int]:
    return {k: i + 1 for i, k in enumerate(class_keys())}


@cache
def class_categories() -> np.ndarray:
    """Category number (0 high card .. 8 straight flush) of every class; index 0 unused."""
    import numpy as np
    cats = np.zeros(N_CLASSES + 1, dtype=np.int8)
    for i, k in enumerate(class_keys()):
        cats[i + 1] = k[0]
    return cats


def category_of_class(cls: int) -> str:
    """'full house' for a class number 1..7462."""
    return pr.CATEGORY_NAMES[int(class_categories()[cls])]


@cache
def _tables() -> tuple[list[int], dict[int, int], list[int]]:
    """(flush suit shift by suit-count field, class by base-5 rank counts, class by suit rank set)."""
    ck = class_of_key()
    flush_suit = [-1] * 4096
    for field in range(4096):
        counts = [(field >> (3 * s)) & 7 for s in range(4)]
        for s, n in enumerate(counts):
            if n >= 5:
                flush_suit[field] = 13 * s
    flush = [0] * 8192
    for mask in range(8192):
        if bin(mask).count("1") >= 5:
            flush[mask] = ck[best_key_from_suit_mask(mask)]
    by_counts: dict[int, int] = {}
    powers = [5**i for i in range(13)]
    for n in (5, 6, 7):
        for pattern, cls in zip(count_patterns(n), pattern_classes(n)):
            by_counts[sum(c * p for c, p in zip(pattern, powers) if c)] = cls
    return flush_suit, by_counts, flush


@cache
def card_codes() -> tuple[int, ...]:
    """The per-card code whose sum over a hand is the packed hand (see module docstring)."""
    codes = []
    for i in range(52):
        r, s = divmod(i, 4)
        codes.append((5**r << 64) | (1 << (52 + 3 * s)) | (1 << (13 * s + r)))
    return tuple(codes)


def encode(cards: Iterable[Card]) -> int:
    """Pack five to seven distinct cards into one integer for `evaluate_code`."""
    codes = card_codes()
    return sum(codes[card_index(c)] for c in cards)


def make_evaluator() -> Any:
    """A closure over the tables: `f(code) -> class` (1..7462, higher is better) for a packed hand
    of five, six or seven cards. Binding the tables as defaults keeps each call to a few lookups."""
    flush_suit, by_counts, flush = _tables()

    def evaluate_code(h: int, _fs: list[int] = flush_suit, _nf: dict[int, int] = by_counts, _fl: list[int] = flush) -> int:
        f = _fs[(h >> 52) & 4095]
        if f < 0:
            return _nf[h >> 64]
        return _fl[(h >> f) & 8191]

    return evaluate_code


def evaluate_code(h: int) -> int:
    """The class (1..7462) of a packed hand; see `make_evaluator` for the fastest loop."""
    return int(_evaluator()(h))


@cache
def _evaluator() -> Any:
    return make_evaluator()


def evaluate_class(cards: Sequence[Card]) -> int:
    """The class (1..7462) of the best five of five to seven natural cards."""
    return evaluate_code(encode(cards))


# ------------------------------------------------------------------ numpy batches


@cache
def _np_tables() -> dict[str, np.ndarray]:
    import numpy as np
    flush_suit, _, flush = _tables()
    ck = class_of_key()
    idx = np.arange(52)
    r, s = idx // 4, idx % 4
    hk = np.array(HASH_KEYS, dtype=np.int64)
    out: dict[str, np.ndarray] = {
        "rk": hk[r].astype(np.int32),
        "sc": (1 << (4 * s)).astype(np.int32),
        "mask": np.left_shift(np.int64(1), (13 * s + r).astype(np.int64)).astype(np.int64),
        "flush": np.array(flush, dtype=np.int16),
    }
    out["rk_sc"] = out["rk"].astype(np.int64) | (out["sc"].astype(np.int64) << 32)
    # suit-count field with 4 bits a suit -> shift of the flush suit, or -1
    fs = np.full(1 << 16, -1, dtype=np.int8)
    fields = np.arange(1 << 16)
    for suit in range(4):
        fs[((fields >> (4 * suit)) & 15) >= 5] = 13 * suit
    out["flush_suit"] = fs
    for n in (5, 6, 7):
        entries = [
            (sum(c * k for c, k in zip(counts, HASH_KEYS) if c), cls)
            for counts, cls in zip(count_patterns(n), pattern_classes(n))
        ]
        table = np.zeros(max(h for h, _ in entries) + 1, dtype=np.int16)
        for h, c in entries:
            table[h] = c
        out[f"ranks{n}"] = table
    return out


def _classes(rk: np.ndarray, sc: np.ndarray, mask: np.ndarray, n: int) -> np.ndarray:
    import numpy as np
    t = _np_tables()
    cls = t[f"ranks{n}"][rk]
    shift = t["flush_suit"][sc]
    hit = np.nonzero(shift >= 0)
    if hit[0].size:
        cls[hit] = t["flush"][(mask[hit] >> shift[hit].astype(np.int64)) & 8191]
    return np.asarray(cls)


def evaluate_batch(hands: np.ndarray) -> np.ndarray:
    """Classes (1..7462) of many hands at once: `hands` is an (N, 5) or (N, 7) array of card
    indices (see `card_index`)."""
    import numpy as np
    hands = np.asarray(hands)
    if hands.ndim != 2 or hands.shape[1] not in (5, 7):
        raise ValueError("evaluate_batch takes an (N, 5) or (N, 7) array of card indices")
    out = np.empty(len(hands), dtype=np.int16)
    step = 1 << 15  # rows per chunk: the working arrays stay in the processor's cache
    for start in range(0, len(hands), step):
        out[start : start + step] = _batch_chunk(hands[start : start + step])
    return out


def _batch_chunk(hands: np.ndarray) -> np.ndarray:
    import numpy as np
    t = _np_tables()
    cols = [hands[:, j] for j in range(hands.shape[1])]
    both = t["rk_sc"][cols[0]]
    for col in cols[1:]:
        both += t["rk_sc"][col]
    rk = (both & 0xFFFFFFFF).astype(np.intp)
    sc = (both >> 32).astype(np.intp)
    cls = t[f"ranks{hands.shape[1]}"][rk]
    shift = t["flush_suit"][sc]
    hit = np.flatnonzero(shift >= 0)
    if hit.size:
        mask = sum(t["mask"][col[hit]] for col in cols)
        cls[hit] = t["flush"][(mask >> shift[hit].astype(np.int64)) & 8191]
    return np.asarray(cls)


def _combo_sums(values: Sequence[np.ndarray], k: int) -> tuple[list[np.ndarray], np.ndarray]:
    """Sums of `values` (one array per packed field, 52 entries each) over every k-card
    combination of the deck in lexicographic order, and where the combinations whose first
    card is >= c begin (start[c]); built k = 1..k without listing the combinations."""
    import numpy as np
    sums = [v.copy() for v in values]
    for j in range(2, k + 1):
        # combinations of j cards: first card f, then a (j-1)-combination of cards > f
        prev_start = np.array([sum(comb(51 - g, j - 2) for g in range(f)) for f in range(53)])
        parts: list[list[np.ndarray]] = [[] for _ in values]
        for f in range(52 - j + 1):
            lo = prev_start[f + 1]
            for p, (v, s) in enumerate(zip(values, sums)):
                parts[p].append(v[f] + s[lo:])
        sums = [np.concatenate(p) for p in parts]
    start = np.array([sum(comb(51 - g, k - 1) for g in range(f)) for f in range(53)])
    return sums, start


def class_counts(cards_per_hand: int) -> np.ndarray:
    """How many of all C(52, n) hands (n = 5, 6 or 7) fall in each class (index = class)."""
    import numpy as np
    t = _np_tables()
    counts = np.zeros(N_CLASSES + 1, dtype=np.int64)
    (rk5, sc5, m5), start5 = _combo_sums((t["rk"], t["sc"], t["mask"]), 5)
    if cards_per_hand == 5:
        return np.bincount(_classes(rk5, sc5, m5, 5), minlength=N_CLASSES + 1).astype(np.int64)
    rk, sc, mk = t["rk"], t["sc"], t["mask"]
    if cards_per_hand == 6:
        # each six-card hand once: its lowest card b, then five cards above b
        for b in range(47):
            lo = start5[b + 1]
            counts += np.bincount(_classes(rk[b] + rk5[lo:], sc[b] + sc5[lo:], mk[b] + m5[lo:], 6), minlength=N_CLASSES + 1)
        return counts
    if cards_per_hand != 7:
        raise ValueError("class counts exist for 5, 6 or 7 cards")
    for b in range(1, 47):
        lo = start5[b + 1]
        a = np.arange(b)
        rk_ab = (rk[a] + rk[b])[:, None]
        sc_ab = (sc[a] + sc[b])[:, None]
        m_ab = (mk[a] + mk[b])[:, None]
        # chunk over a to keep memory modest
        step = max(1, 500_000 // max(1, len(rk5) - lo))
        for i in range(0, b, step):
            cls = _classes(
                (rk_ab[i : i + step] + rk5[None, lo:]).ravel(),
                (sc_ab[i : i + step] + sc5[None, lo:]).ravel(),
                (m_ab[i : i + step] + m5[None, lo:]).ravel(),
                7,
            )
            counts += np.bincount(cls, minlength=N_CLASSES + 1)
    return counts


# ------------------------------------------------------------------ frequency tables


def wild_tokens(wild: Iterable[Any]) -> tuple[list[str], int]:
    """The wild cards as `wild:` tokens, and how many distinct jokers they name (each adds a card)."""
    tokens, jokers = [], set()
    for w in wild:
        if isinstance(w, Rank):
            tokens.append(w.label)
        elif isinstance(w, Card):
            if w.is_joker:
                jokers.add(w.joker or 1)
            tokens.append(str(w))
        else:
            text = str(w)
            if text.strip().lower().startswith(("jk", "joker")):
                jokers.add(int(text.strip()[-1]) if text.strip()[-1].isdigit() else 1)
            tokens.append(text)
    return tokens, len(jokers)


def wild_frequencies(deck: Sequence[Card], wild: Sequence[str]) -> dict[str, int]:
    """Category counts over every five-card hand from `deck` (distinct cards, jokers allowed)
    with `wild` (tokens as in a block's `wild:`), counted by rank pattern, not hand by hand:
    a hand's best result depends only on its natural ranks, its number of wild cards and
    whether its naturals share a suit."""
    spec = parse_wild(list(wild))
    avail: list[list[int]] = [[] for _ in range(13)]  # natural suits of each rank
    n_fixed = 0
    for card in deck:
        if card.is_joker:
            if not spec.jokers:
                raise ValueError("a deck with jokers needs Jk among the wild cards")
            n_fixed += 1
        elif int(card.rank) in spec.ranks or card in spec.cards:  # type: ignore[arg-type]
            n_fixed += 1
        else:
            avail[int(card.rank) - 2].append(SUIT_INDEX[card.suit])  # type: ignore[arg-type,index]
    totals = [0] * 10
    for w in range(6):
        k = 5 - w
        ways_w = comb(n_fixed, w)
        if ways_w == 0:
            continue
        ranks_ok = [r for r in range(2, 15) if avail[r - 2]]
        for ranks in combinations_with_replacement(ranks_ok, k):
            counts = {r: ranks.count(r) for r in set(ranks)}
            if any(n > len(avail[r - 2]) for r, n in counts.items()):
                continue
            free = set()
            if spec.lowest and ranks:
                free = {min(ranks)}
            keep = tuple(sorted((r for r in ranks if r not in free), reverse=True))
            n_wild = w + (k - len(keep))
            free_ways = 1
            for r in free:
                free_ways *= comb(len(avail[r - 2]), counts[r])
            total = free_ways
            for r in set(keep):
                total *= comb(len(avail[r - 2]), counts[r])
            suited = 0
            if len(set(keep)) == len(keep):
                for s in range(4):
                    if all(s in avail[r - 2] for r in keep):
                        suited += free_ways
            if not keep:
                suited = 0
            if suited:
                totals[best_key("high", keep, True, n_wild, 5)[0]] += suited * ways_w
            if total - suited:
                totals[best_key("high", keep, False, n_wild, 5)[0]] += (total - suited) * ways_w
    return {pr.CATEGORY_NAMES[c]: totals[c] for c in range(9, -1, -1)}
