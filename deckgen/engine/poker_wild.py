"""Wild cards: which cards are wild, and the best hand they can make.

A wild card stands for any card the hand does not already hold, so it can
complete a flush with the highest missing rank; only five of a kind needs a
fifth card of a rank. The best choice is found by trying every assignment of
ranks to the wild cards (suits matter only for flushes, tried separately),
which is exact and, with caching by rank pattern, quick enough for showdowns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, repeat
from typing import Any

from deckgen.cards import Card, Rank, Suit, parse_card, parse_rank
from deckgen.engine import poker_rank as pr
from deckgen.engine.base import ExampleError
from deckgen.engine.poker_wild_high import best_high_key
from deckgen.errors import CardError

__all__ = [
    "Candidates",
    "FIVE_CARD_KINDS",
    "FiveCardTable",
    "ONE_EYED_JACKS",
    "SUITLESS",
    "WildSpec",
    "best_key",
    "best_key_by_trying",
    "best_subset",
    "five_card_table",
    "key_function",
    "parse_wild",
    "subset_key",
    "wild_flags",
]

ONE_EYED_JACKS = (Card(Rank.JACK, Suit.SPADES), Card(Rank.JACK, Suit.HEARTS))


@dataclass(frozen=True)
class WildSpec:
    """Wild ranks, particular wild cards, jokers, and Kings-and-Low-Man's 'lowest'."""

    ranks: frozenset[int] = frozenset()
    cards: frozenset[Card] = frozenset()
    jokers: bool = False
    lowest: bool = False

    def __bool__(self) -> bool:
        return bool(self.ranks or self.cards or self.jokers or self.lowest)

    def describe(self) -> str:
        parts = [Rank(r).plural for r in sorted(self.ranks, reverse=True)]
        parts += [str(c) for c in sorted(self.cards, key=lambda c: c.sort_key)]
        if self.jokers:
            parts.append("jokers")
        if self.lowest:
            parts.append("each hand's lowest card")
        return ", ".join(parts)


_NOTHING_WILD = WildSpec()  # most examples: made once (a WildSpec never changes)


def parse_wild(value: Any, field: str = "wild") -> WildSpec:
    """Read `wild:` from a block or the CLI: ranks (2, A), cards (J♠), jokers (Jk), `lowest`,
    `one-eyed jacks`; a list or one string separated by spaces or commas."""
    if value is None or value == "" or value == []:
        return _NOTHING_WILD
    if isinstance(value, (str, int)):
        text = str(value).replace("one-eyed jacks", "one-eyed-jacks").replace("one eyed jacks", "one-eyed-jacks")
        items: list[Any] = [t for t in text.replace(",", " ").split() if t]
    elif isinstance(value, (list, tuple)):
        items = list(value)
    else:
        raise ExampleError(f"{field}: expected a list of ranks or cards, e.g. [2] or [A, 2, J♠, J♥]", field)
    ranks: set[int] = set()
    cards: set[Card] = set()
    jokers = lowest = False
    for item in items:
        token = str(item).strip()
        low = token.lower()
        if low == "lowest":
            lowest = True
            continue
        if low in ("one-eyed-jacks", "one-eyed jacks", "one eyed jacks"):
            cards.update(ONE_EYED_JACKS)
            continue
        try:
            ranks.add(int(parse_rank(token)))
            continue
        except CardError:
            pass
        try:
            card = parse_card(token)
        except CardError:
            raise ExampleError(
                f"{field}: '{token}' is not a wild rank or card: expected a rank (2, A), a card (J♠), "
                f"Jk for jokers, or lowest",
                field,
            ) from None
        if card.is_joker:
            jokers = True
        else:
            cards.add(card)
    return WildSpec(frozenset(ranks), frozenset(cards), jokers, lowest)


def wild_flags(cards: Sequence[Card], spec: WildSpec) -> list[bool]:
    """Which of a player's cards are wild. With `lowest`, every card of the lowest natural rank
    among them (the ace high) is wild too; a joker in a game without wild jokers is an error."""
    if not spec:  # nothing is wild: only a joker needs a look
        for c in cards:
            if c.rank is None:
                raise ExampleError(f"card {c} is a joker, but jokers are not wild in this example (add Jk to wild)")
        return [False] * len(cards)
    flags = []
    for c in cards:
        if c.is_joker:
            if not spec.jokers:
                raise ExampleError(f"card {c} is a joker, but jokers are not wild in this example (add Jk to wild)")
            flags.append(True)
        else:
            flags.append(int(c.rank) in spec.ranks or c in spec.cards)  # type: ignore[arg-type]
    if spec.lowest:
        natural = [int(c.rank) for c, f in zip(cards, flags) if not f]  # type: ignore[arg-type]
        if natural:
            low = min(natural)
            flags = [f or int(c.rank) == low for c, f in zip(cards, flags)]  # type: ignore[arg-type]
    return flags


KeyFn = Callable[[Sequence[int], bool], tuple[int, ...]]


@lru_cache(maxsize=200_000)
def best_key(kind: str, naturals: tuple[int, ...], suited: bool, wilds: int, size: int) -> tuple[int, ...]:
    """The best key for natural ranks plus `wilds` wild cards, the hand having `size` cards.

    `suited` says the naturals share one suit (and no rank), so the wild cards
    may join that suit. `kind` picks the ranking: see `key_function`.
    """
    if kind == "high" and wilds:  # worked out directly: the same key as trying each rank (a slow test shows it)
        return best_high_key(naturals, suited, wilds, size)
    return best_key_by_trying(kind, naturals, suited, wilds, size)


def best_key_by_trying(kind: str, naturals: tuple[int, ...], suited: bool, wilds: int, size: int) -> tuple[int, ...]:
    """`best_key` found by trying every rank for every wild card (and, for a one-suit hand, every
    set of missing ranks): exact for any ranking, and what the direct ways are checked against."""
    keyfn = key_function(kind)
    complete = len(naturals) + wilds == size
    if wilds == 0:
        return keyfn(naturals, suited and complete)
    best: tuple[int, ...] | None = None
    for extra in combinations_with_replacement(range(14, 1, -1), wilds):
        key = keyfn(naturals + extra, False)
        if best is None or key > best:
            best = key
    if suited and complete and kind not in SUITLESS:
        free = [r for r in range(14, 1, -1) if r not in naturals]
        for extra in combinations(free, wilds):
            key = keyfn(naturals + extra, True)
            if key > best:  # type: ignore[operator]
                best = key
    assert best is not None
    return best


@lru_cache(maxsize=64)  # asked for each hand the engine has not met: each ranking's function is made once
def key_function(kind: str) -> KeyFn:
    """The ranking a kind names: `high`, `three-card`, `low`, or `brag:<threes on top 0|1>:<A-2-3 place>`."""
    if kind == "high":
        return pr.key5
    if kind == "three-card":
        return pr.key3
    if kind == "low":
        return lambda ranks, suited: pr.key_low(ranks)
    if kind.startswith("brag:"):
        _, threes, a23 = kind.split(":")
        return lambda ranks, suited: pr.key_brag(ranks, suited, threes_top=threes == "1", a23=a23)
    raise ValueError(f"unknown ranking {kind!r}")


SUITLESS = frozenset({"low"})


def subset_key(kind: str, cards: Sequence[Card], flags: Sequence[bool], size: int) -> tuple[int, ...]:
    """Key of one chosen set of cards, wild cards resolved for the best result."""
    found = best_subset(kind, [tuple(range(len(cards)))], cards, flags, size)
    assert found is not None
    return found[0]


_SUIT_BIT = {suit: 1 << n for n, suit in enumerate(Suit)}
#: Each natural card as (rank, suit bit): looked up by the card (whose hash is a stored number),
#: not worked out through the enums for every card of every hand.
_RANK_AND_BIT = {parse_card(f"{rank.label}{suit.letter}"): (int(rank), bit) for rank in Rank for suit, bit in _SUIT_BIT.items()}
#: A prime for each rank: the product over a set of cards names its ranks (a multiset) as one number.
_PRIMES = (0, 0, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)


class Candidates(tuple):  # type: ignore[type-arg]
    """Index sets for `best_subset`, hashed once (they are part of the key that remembers a hand's
    best choice: hashing up to 150 small tuples for every hand cost more than the look-up saved).
    Made by `joined`, each set is a first part followed by a second (Omaha: two hole cards, then
    three from the board), and a hand without wild cards is then reduced part by part."""

    parts: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None
    _hash: int

    def __new__(cls, items: Iterable[tuple[int, ...]]) -> Candidates:
        made = super().__new__(cls, items)
        made._hash = tuple.__hash__(made)
        made.parts = None
        return made

    @classmethod
    def joined(cls, firsts: tuple[tuple[int, ...], ...], seconds: tuple[tuple[int, ...], ...]) -> Candidates:
        """Every first set followed by every second set, firsts outermost."""
        made = cls(f + s for f in firsts for s in seconds)
        made.parts = (firsts, seconds)
        return made

    def __hash__(self) -> int:
        return self._hash


def best_subset(
    kind: str, candidates: Iterable[tuple[int, ...]], cards: Sequence[Card], flags: Sequence[bool], size: int
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The best key over candidate index sets, and the first index set reaching it.

    Each card is reduced once to its rank (0 for a wild card) and a suit bit; the answer
    depends on nothing else, so it is cached by those (a showdown told twice, once for the
    values and once in words, or checked by the preflight and again by the booklet, is
    solved once).
    """
    pairs = [(0, 0) if f else _RANK_AND_BIT[c] for c, f in zip(cards, flags)]
    ranks = tuple([r for r, _ in pairs])
    bits = tuple([b for _, b in pairs])
    shapes = candidates if isinstance(candidates, tuple) else tuple(candidates)  # poker's come hashed once
    return _best_over(kind, shapes, ranks, bits, size)


@lru_cache(maxsize=20_000)
def _best_over(
    kind: str, candidates: tuple[tuple[int, ...], ...], ranks: tuple[int, ...], bits: tuple[int, ...], size: int
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """`best_subset` over cards given as ranks (0 = wild) and suit bits: a candidate costs a
    sort of at most five ranks and one cached `best_key` look-up."""
    if 0 not in ranks:
        return _best_natural(kind, candidates, ranks, bits, size)
    best: tuple[int, ...] | None = None
    best_idx: tuple[int, ...] = ()
    for idx in candidates:
        naturals = [ranks[i] for i in idx if ranks[i]]
        naturals.sort(reverse=True)
        suited = False
        if len(idx) == size and len(set(naturals)) == len(naturals):
            mask = 0
            for i in idx:
                mask |= bits[i]
            suited = mask & (mask - 1) == 0
        key = best_key(kind, tuple(naturals), suited, len(idx) - len(naturals), size)
        if best is None or key > best:
            best, best_idx = key, idx
    return None if best is None else (best, best_idx)


def _best_natural(
    kind: str, candidates: tuple[tuple[int, ...], ...], ranks: tuple[int, ...], bits: tuple[int, ...], size: int
) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """`_best_over` when no card is wild (the usual showdown): each candidate is reduced to the
    product of its ranks' primes (which names its ranks) and the OR of its suit bits, in list
    comprehensions with no list, sort or set made for a candidate; the key is looked up by those.
    Same keys as the general loop, and the first candidate reaching the best, as there."""
    if not candidates:
        return None
    primes = [_PRIMES[r] for r in ranks]
    if len(candidates) == 1:  # one hand of its own (draw, stud's five, a hand asked alone)
        return _natural_one(kind, candidates[0], primes, ranks, bits, size), candidates[0]
    parts = candidates.parts if type(candidates) is Candidates else None
    # A candidate of one suit needs `size` cards of a suit among all the cards: most hands have none,
    # and then no candidate's suits are looked at. (The suit bits are 1, 2, 4 and 8.)
    flush_possible = max(bits.count(1), bits.count(2), bits.count(4), bits.count(8)) >= size
    if parts is not None:  # first part x second part, in the order the candidates were joined
        (products1, masks1, width1), (products2, masks2, width2) = (
            _reduced(sets, primes, bits, flush_possible) for sets in parts
        )
        products = [p1 * p2 for p1 in products1 for p2 in products2]
        masks = [m1 | m2 for m1 in masks1 for m2 in masks2] if flush_possible else []
        all_five = width1 > 0 and width2 > 0 and width1 + width2 == 5  # every candidate has five cards
    else:
        products, masks, width = _reduced(candidates, primes, bits, flush_possible)
        all_five = width == 5
    suited = [m & (m - 1) == 0 for m in masks] if flush_possible else []  # one suit; a flush also needs every card and no rank twice
    if True in suited:
        suited = [
            flag and len(idx) == size and len({ranks[i] for i in idx}) == len(idx) for flag, idx in zip(suited, candidates)
        ]
    if all_five and size == 5 and kind in FIVE_CARD_KINDS:  # every key is in a table made once
        table = five_card_table(kind)
        if True in suited:
            plain, flush = table.plain, table.flush
            strengths = [flush[p] if s else plain[p] for p, s in zip(products, suited)]
        else:
            strengths = list(map(table.plain.__getitem__, products))
        best = max(strengths)  # numbers compare quicker than the keys they stand for
        return table.keys[best], candidates[strengths.index(best)]
    keys = list(map(_natural_key, repeat(kind), products, suited or repeat(False), repeat(size)))
    best_key_found = max(keys)
    return best_key_found, candidates[keys.index(best_key_found)]


def _natural_one(
    kind: str, idx: tuple[int, ...], primes: list[int], ranks: tuple[int, ...], bits: tuple[int, ...], size: int
) -> tuple[int, ...]:
    """The key of one candidate with no wild card: `_best_natural`'s answer without its lists."""
    product, mask = _product_and_mask(idx, primes, bits)
    suited = mask & (mask - 1) == 0 and len(idx) == size and len({ranks[i] for i in idx}) == len(idx)
    if len(idx) == 5 and size == 5 and kind in FIVE_CARD_KINDS:
        table = five_card_table(kind)
        return table.keys[(table.flush if suited else table.plain)[product]]
    return _natural_key(kind, product, suited, size)


#: The rankings whose five-card keys `five_card_table` holds.
FIVE_CARD_KINDS = frozenset({"high", "low"})


@dataclass(frozen=True)
class FiveCardTable:
    """Every five-card hand of a ranking as a strength (0 the worst; a larger strength is a better
    key, an equal one the same key), by the product of its ranks' primes: `plain` for hands of
    mixed suits, `flush` for hands of one suit (no rank twice); `keys[strength]` is the key."""

    plain: dict[int, int]
    flush: dict[int, int]
    keys: tuple[tuple[int, ...], ...]


@lru_cache(maxsize=None)
def five_card_table(kind: str) -> FiveCardTable:
    """The five-card table of a ranking, made in full the first time a five-card hand of it is
    solved (about 25 ms for 6,188 rank sets): a showdown of Omaha looks up 60 to 150 candidate
    hands, a dictionary look-up by a number is the cheapest way, and the best of 150 numbers is
    found in half the time of the best of 150 keys."""
    keyfn = key_function(kind)
    plain = {_rank_product(ranks): keyfn(ranks, False) for ranks in combinations_with_replacement(range(14, 1, -1), 5)}
    flush = plain if kind in SUITLESS else {_rank_product(ranks): keyfn(ranks, True) for ranks in combinations(range(14, 1, -1), 5)}
    keys = tuple(sorted({*plain.values(), *flush.values()}))
    strength = {key: n for n, key in enumerate(keys)}
    plain_strength = {product: strength[key] for product, key in plain.items()}
    flush_strength = plain_strength if flush is plain else {product: strength[key] for product, key in flush.items()}
    return FiveCardTable(plain_strength, flush_strength, keys)


def _rank_product(ranks: Iterable[int]) -> int:
    product = 1
    for rank in ranks:
        product *= _PRIMES[rank]
    return product


def _reduced(
    sets: tuple[tuple[int, ...], ...], primes: list[int], bits: tuple[int, ...], with_masks: bool = True
) -> tuple[list[int], list[int], int]:
    """Each index set's product of primes and (`with_masks`) OR of suit bits, as two lists, and the
    width every set has (0 when they differ). Sets of five, three or two (hold'em's hands, Omaha's
    board and hole parts) are reduced in one comprehension each, not a call for every set."""
    width = len(sets[0]) if sets else 0
    try:  # a set of another width fails to unpack: the general way below takes it
        if width == 5:
            return (
                [primes[a] * primes[b] * primes[c] * primes[d] * primes[e] for a, b, c, d, e in sets],
                [bits[a] | bits[b] | bits[c] | bits[d] | bits[e] for a, b, c, d, e in sets] if with_masks else [],
                5,
            )
        if width == 3:
            return (
                [primes[a] * primes[b] * primes[c] for a, b, c in sets],
                [bits[a] | bits[b] | bits[c] for a, b, c in sets] if with_masks else [],
                3,
            )
        if width == 2:
            return [primes[a] * primes[b] for a, b in sets], [bits[a] | bits[b] for a, b in sets] if with_masks else [], 2
    except ValueError:
        pass
    reduced = [_product_and_mask(indices, primes, bits) for indices in sets]
    shared = width if all(len(indices) == width for indices in sets) else 0
    return [product for product, _ in reduced], [mask for _, mask in reduced], shared


def _product_and_mask(indices: tuple[int, ...], primes: list[int], bits: tuple[int, ...]) -> tuple[int, int]:
    product, mask = 1, 0
    for i in indices:
        product *= primes[i]
        mask |= bits[i]
    return product, mask


@lru_cache(maxsize=50_000)
def _natural_key(kind: str, product: int, suited: bool, size: int) -> tuple[int, ...]:
    """`best_key` of the natural ranks whose primes multiply to `product` (no wild card)."""
    naturals = []
    for rank in range(14, 1, -1):
        prime = _PRIMES[rank]
        while product % prime == 0:
            naturals.append(rank)
            product //= prime
        if product == 1:
            break
    # not through `best_key`: its cache would only hold the same key again
    return best_key_by_trying(kind, tuple(naturals), suited, 0, size)
