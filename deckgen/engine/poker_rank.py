"""How poker hands rank: categories, comparison keys and the names players say.

Everything here works on ranks as integers (2..14, ace high) and a "suited"
flag, so the same functions serve natural hands, hands with wild cards (whose
ranks are chosen by `poker_wild`) and the lookup tables of `poker_fast`.

A key is a tuple whose first item is the category number; tuples compare
lexicographically, so a longer key beats a shorter one with the same start.
That is exactly the house rule for incomplete hands in the seed source: a
kicker that is present beats a missing one (8-8-6-2 beats 8-8-6).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from deckgen.cards import Card, Rank

__all__ = [
    "A23_PLACES",
    "ACE",
    "BRAG_NAMES",
    "CATEGORY_NAMES",
    "PokerHand",
    "THREE_CARD_NAMES",
    "WHEEL",
    "display_order",
    "evaluate_high",
    "key3",
    "key5",
    "key_brag",
    "key_low",
    "low_category",
    "low_ranks",
    "name3",
    "name5",
    "name_brag",
    "name_low",
    "rank_word",
    "straight_top",
    "three_run_top",
]

# ------------------------------------------------------------------ five-card ranking

HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, FIVE_KIND = range(10)

#: Category names, exactly as the worked-example contract spells them.
CATEGORY_NAMES: tuple[str, ...] = (
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "five of a kind",
)

#: Three-card poker (and guts): a straight beats a flush, trips beat a straight.
THREE_CARD_NAMES: tuple[str, ...] = (
    "high card",
    "pair",
    "flush",
    "straight",
    "three of a kind",
    "straight flush",
)
T3_HIGH, T3_PAIR, T3_FLUSH, T3_STRAIGHT, T3_TRIPS, T3_STRAIGHT_FLUSH = range(6)

#: Brag: a run beats a flush, a prial (three of a kind) beats everything.
BRAG_NAMES: tuple[str, ...] = ("high card", "pair", "flush", "run", "running flush", "prial")
B_HIGH, B_PAIR, B_FLUSH, B_RUN, B_RUNNING_FLUSH, B_PRIAL = range(6)

ACE = 14
WHEEL = (14, 5, 4, 3, 2)


def rank_word(rank: int, plural: bool = False) -> str:
    """'nine' / 'nines' for 9; the ace counted low (1) is still an ace."""
    words = _RANK_WORDS.get(rank)
    if words is None:  # not a rank: Rank() says so
        r = Rank(rank)
        return r.plural if plural else r.singular
    return words[1] if plural else words[0]


_RANK_WORDS = {int(r): (r.singular, r.plural) for r in Rank}
_RANK_WORDS[1] = _RANK_WORDS[14]


def straight_top(ranks: Sequence[int]) -> int:
    """The top card of five distinct ranks in sequence (5 for the wheel), or 0 when not a straight.

    The ace plays high or low but never both, so Q-K-A-2-3 is no straight.
    """
    if len(ranks) != 5 or len(set(ranks)) != 5:
        return 0
    return _top_of_five(sorted(ranks, reverse=True))


def _top_of_five(ordered: Sequence[int]) -> int:
    """`straight_top` of five different ranks already sorted high to low."""
    if ordered[0] - ordered[4] == 4:
        return ordered[0]
    if tuple(ordered) == WHEEL:
        return 5
    return 0


def _groups(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """(count, rank) pairs, the biggest group first, higher rank first among equals."""
    return sorted([(ranks.count(r), r) for r in set(ranks)], reverse=True)  # at most 7 ranks: no Counter


def key5(ranks: Sequence[int], suited: bool = False) -> tuple[int, ...]:
    """The comparison key of a high hand of one to five cards (suited: all one suit, five cards).

    Straights and flushes need five cards; with fewer, only pairs, trips, quads
    and two pair exist, and kickers compare in order with a missing one lowest.
    Every hand the engine meets for the first time comes here (and a wild card tries
    each rank), so five different ranks take a path of their own, without grouping.
    """
    n = len(ranks)
    if not 1 <= n <= 5:
        raise ValueError(f"a poker hand has one to five cards, not {n}")
    if len(set(ranks)) == n:  # no two of a rank: a straight, a flush or high cards
        order = sorted(ranks, reverse=True)
        top = _top_of_five(order) if n == 5 else 0
        if top:
            return (STRAIGHT_FLUSH, top) if suited else (STRAIGHT, top)
        return (FLUSH if suited and n == 5 else HIGH_CARD, *order)
    groups = _groups(ranks)
    first, second = groups[0][0], groups[1][0] if len(groups) > 1 else 0
    order = [r for _, r in groups]
    if first == 5:
        return (FIVE_KIND, order[0])
    if first == 4:
        return (QUADS, *order)
    if first == 3 and second == 2:
        return (FULL_HOUSE, *order)
    if suited and n == 5:
        return (FLUSH, *order)
    if first == 3:
        return (TRIPS, *order)
    return (TWO_PAIR, *order) if second == 2 else (ONE_PAIR, *order)


def name5(key: Sequence[int]) -> str:
    """What a player says for a high hand: 'Full house, nines full of fours'."""
    cat, r = key[0], key[1:]
    if cat == FIVE_KIND:
        return f"Five of a kind, {rank_word(r[0], True)}"
    if cat == STRAIGHT_FLUSH:
        return "Royal flush" if r[0] == ACE else f"Straight flush, {rank_word(r[0])} high"
    if cat == QUADS:
        return f"Four of a kind, {rank_word(r[0], True)}"
    if cat == FULL_HOUSE:
        return f"Full house, {rank_word(r[0], True)} full of {rank_word(r[1], True)}"
    if cat == FLUSH:
        return f"Flush, {rank_word(r[0])} high"
    if cat == STRAIGHT:
        return f"Straight, {rank_word(r[0])} high"
    if cat == TRIPS:
        return f"Three of a kind, {rank_word(r[0], True)}"
    if cat == TWO_PAIR:
        return f"Two pair, {rank_word(r[0], True)} and {rank_word(r[1], True)}"
    if cat == ONE_PAIR:
        return f"One pair, {rank_word(r[0], True)}"
    return f"High card, {rank_word(r[0])}"


# ------------------------------------------------------------------ three-card ranking


def three_run_top(ranks: Sequence[int], a23: str = "low") -> int:
    """Twice the top card of a three-card run, or 0 (doubled so A-2-3 can sit between two runs).

    `a23` places A-2-3: 'low' (three high, as in three-card poker), 'top'
    (above A-K-Q, the traditional brag rule) or 'second' (just below A-K-Q).
    """
    if len(ranks) != 3 or len(set(ranks)) != 3:
        return 0
    ordered = sorted(ranks, reverse=True)
    if ordered[0] - ordered[2] == 2:
        return 2 * ordered[0]
    if tuple(ordered) == (14, 3, 2):
        return A23_PLACES[a23]
    return 0


#: Where A-2-3 sits on the doubled scale of `three_run_top` (A-K-Q is 28, K-Q-J 26, 2-3-4 8).
A23_PLACES = {"low": 6, "second": 27, "top": 29}


def _run_word(value: int) -> str:
    if value in A23_PLACES.values():
        return "ace-two-three"
    return f"{rank_word(value // 2)} high"


def key3(ranks: Sequence[int], suited: bool = False) -> tuple[int, ...]:
    """Three-card poker: straight flush, trips, straight, flush, pair, high card; A-2-3 is three high."""
    if len(ranks) != 3:
        raise ValueError(f"a three-card hand has three cards, not {len(ranks)}")
    groups = _groups(ranks)
    order = tuple(r for _, r in groups)
    top = three_run_top(ranks, "low")
    if top and suited:
        return (T3_STRAIGHT_FLUSH, top)
    if groups[0][0] == 3:
        return (T3_TRIPS, order[0])
    if top:
        return (T3_STRAIGHT, top)
    if suited:
        return (T3_FLUSH, *order)
    if groups[0][0] == 2:
        return (T3_PAIR, *order)
    return (T3_HIGH, *order)


def name3(key: Sequence[int]) -> str:
    cat, r = key[0], key[1:]
    if cat == T3_STRAIGHT_FLUSH:
        return f"Straight flush, {rank_word(r[0] // 2)} high"
    if cat == T3_TRIPS:
        return f"Three of a kind, {rank_word(r[0], True)}"
    if cat == T3_STRAIGHT:
        return f"Straight, {rank_word(r[0] // 2)} high"
    if cat == T3_FLUSH:
        return f"Flush, {rank_word(r[0])} high"
    if cat == T3_PAIR:
        return f"Pair of {rank_word(r[0], True)}"
    return f"High card, {rank_word(r[0])}"


def key_brag(ranks: Sequence[int], suited: bool = False, *, threes_top: bool = True, a23: str = "top") -> tuple[int, ...]:
    """Brag: prial (three threes on top when `threes_top`), running flush, run, flush, pair, high card."""
    if len(ranks) != 3:
        raise ValueError(f"a brag hand has three cards, not {len(ranks)}")
    groups = _groups(ranks)
    order = tuple(r for _, r in groups)
    if groups[0][0] == 3:
        return (B_PRIAL, 15 if (threes_top and order[0] == 3) else order[0])
    top = three_run_top(ranks, a23)
    if top and suited:
        return (B_RUNNING_FLUSH, top)
    if top:
        return (B_RUN, top)
    if suited:
        return (B_FLUSH, *order)
    if groups[0][0] == 2:
        return (B_PAIR, *order)
    return (B_HIGH, *order)


def name_brag(key: Sequence[int]) -> str:
    cat, r = key[0], key[1:]
    if cat == B_PRIAL:
        return f"Prial of {rank_word(3 if r[0] == 15 else r[0], True)}"
    if cat in (B_RUNNING_FLUSH, B_RUN):
        word = "Running flush" if cat == B_RUNNING_FLUSH else "Run"
        return f"{word}, {_run_word(r[0])}"
    if cat == B_FLUSH:
        return f"Flush, {rank_word(r[0])} high"
    if cat == B_PAIR:
        return f"Pair of {rank_word(r[0], True)}"
    return f"High card, {rank_word(r[0])}"


# ------------------------------------------------------------------ ace-to-five low


def low_ranks(ranks: Sequence[int]) -> tuple[int, ...]:
    """Ranks with the ace counted as one, for ace-to-five low."""
    return tuple(1 if r == ACE else r for r in ranks)


def key_low(ranks: Sequence[int]) -> tuple[int, ...]:
    """Ace-to-five lowball: straights and flushes do not count, the ace is low;
    the key is higher for the better (lower) hand, so 5-4-3-2-A is the best.
    A hand without a pair (most low hands) is keyed without grouping its ranks."""
    low = low_ranks(ranks)
    if len(set(low)) == len(low):  # no pair: category 0, then the ranks high to low
        return (0, *[-r for r in sorted(low, reverse=True)])
    groups = _groups(low)
    first, second = groups[0][0], groups[1][0] if len(groups) > 1 else 0
    if first >= 4:
        cat = first + 1
    elif first == 3:
        cat = 4 if second == 2 else 3
    else:
        cat = 2 if second == 2 else first - 1
    return (-cat, *[-r for _, r in groups])


def name_low(key: Sequence[int]) -> str:
    """'Seven-five low', or the pair a low hand is stuck with."""
    cat, r = -key[0], [-x for x in key[1:]]
    if cat == 0:
        if r[:5] == [5, 4, 3, 2, 1]:
            return "Five-four low (the wheel)"
        return f"{rank_word(r[0]).capitalize()}-{rank_word(r[1])} low"
    hi_cat = {1: ONE_PAIR, 2: TWO_PAIR, 3: TRIPS, 4: FULL_HOUSE, 5: QUADS, 6: FIVE_KIND}[cat]
    return name5((hi_cat, *r)).replace("High card", "Low")


def low_category(key: Sequence[int]) -> str:
    cat = -key[0]
    return ("high card", "one pair", "two pair", "three of a kind", "full house", "four of a kind", "five of a kind")[cat]


# ------------------------------------------------------------------ the result


class PokerHand:
    """A ranked hand: `key` orders hands of the same ranking (higher is better); `cards` are the
    cards used, in the order a player lays them down.

    Immutable, and equal to another hand of the same category, name, cards and key. The order of
    the cards may be worked out only when `cards` is first read (`laid_down_later`): a showdown
    ranks every hand, but most of the time only the winner's cards are shown.
    """

    __slots__ = ("category", "name", "key", "_cards", "_lay_down")

    category: str
    name: str
    key: tuple[int, ...]
    _cards: tuple[Card, ...] | None
    _lay_down: Callable[[], tuple[Card, ...]] | None

    def __init__(self, category: str, name: str, cards: Sequence[Card], key: tuple[int, ...]) -> None:
        self._fill(category, name, key, tuple(cards), None)

    @classmethod
    def laid_down_later(
        cls, category: str, name: str, key: tuple[int, ...], lay_down: Callable[[], tuple[Card, ...]]
    ) -> PokerHand:
        """A hand whose cards are `lay_down()`, called once, when they are first read."""
        hand = cls.__new__(cls)
        hand._fill(category, name, key, None, lay_down)
        return hand

    def _fill(self, category: str, name: str, key: tuple[int, ...], cards: tuple[Card, ...] | None,
              lay_down: Callable[[], tuple[Card, ...]] | None) -> None:
        """Set every field once (the hand refuses `setattr` afterwards)."""
        _set = object.__setattr__
        _set(self, "category", category)
        _set(self, "name", name)
        _set(self, "key", key)
        _set(self, "_cards", cards)
        _set(self, "_lay_down", lay_down)

    @property
    def cards(self) -> tuple[Card, ...]:
        cards = self._cards
        if cards is None:
            assert self._lay_down is not None
            cards = self._lay_down()
            object.__setattr__(self, "_cards", cards)
            object.__setattr__(self, "_lay_down", None)
        return cards

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a PokerHand cannot be changed (tried to set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a PokerHand cannot be changed (tried to delete {name!r})")

    def _fields(self) -> tuple[str, str, tuple[Card, ...], tuple[int, ...]]:
        return (self.category, self.name, self.cards, self.key)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __reduce__(self) -> tuple[type[PokerHand], tuple[str, str, tuple[Card, ...], tuple[int, ...]]]:
        return (PokerHand, self._fields())

    def __repr__(self) -> str:
        return f"PokerHand(category={self.category!r}, name={self.name!r}, cards={self.cards!r}, key={self.key!r})"

    def __lt__(self, other: PokerHand) -> bool:
        return self.key < other.key

    def __str__(self) -> str:
        return f"{self.name} ({' '.join(str(c) for c in self.cards)})"


def display_order(cards: Sequence[Card], key: Sequence[int], *, ace_low: bool = False) -> tuple[Card, ...]:
    """The used cards in the order a player lays them down: the biggest group first, then kickers;
    a wheel with its ace last."""
    ranks = [int(c.rank) for c in cards]  # type: ignore[arg-type]
    values = low_ranks(ranks) if ace_low else ranks
    wheel = sorted(values) == [2, 3, 4, 5, 14] if len(cards) == 5 else False
    if wheel and not ace_low and key and key[0] in (STRAIGHT, STRAIGHT_FLUSH) and key[1] == 5:
        return tuple(sorted(cards, key=lambda c: (1 if c.rank == Rank.ACE else int(c.rank or 0), c.sort_key), reverse=True))
    # sorted as (group size, rank, suit) tuples; the position last keeps equal cards in their order
    order = sorted([(-ranks.count(r), -v, c.sort_key, i) for i, (r, v, c) in enumerate(zip(ranks, values, cards))])
    return tuple([cards[o[3]] for o in order])


def evaluate_high(cards: Sequence[Card]) -> PokerHand:
    """Rank one to five natural cards as a high poker hand (no wild cards, no choice of cards).

    Incomplete hands rank as the seed's house rules say: no straights or
    flushes below five cards, and a present kicker beats a missing one. Used
    for open-face Chinese rows (3-card top: trips > pair > high card) and as
    the core of every high variant.
    """
    cards = tuple(cards)
    if not 1 <= len(cards) <= 5 or any(c.is_joker for c in cards):
        raise ValueError("evaluate_high takes one to five cards without jokers")
    ranks = [int(c.rank) for c in cards]  # type: ignore[arg-type]
    suited = len(cards) == 5 and len({c.suit for c in cards}) == 1
    key = key5(ranks, suited)
    return PokerHand(CATEGORY_NAMES[key[0]], name5(key), display_order(cards, key), key)
