"""`best_high_key` gives exactly the key the enumeration of wild-card ranks finds."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import pytest

from deckgen.engine import poker_rank as pr
from deckgen.engine.poker_wild import best_key_by_trying
from deckgen.engine.poker_wild_high import best_high_key

Case = tuple[tuple[int, ...], bool, int, int]


def _enumerated(naturals: tuple[int, ...], suited: bool, wilds: int, size: int) -> tuple[int, ...]:
    """The enumeration itself (best_key now takes the direct way for high hands)."""
    return best_key_by_trying("high", naturals, suited, wilds, size)


def every_case() -> list[Case]:
    """Every rank multiset (no rank more than four times, high to low) with 0-5 wild cards in a hand
    of 1-5 cards, complete or not; suited both ways when it can be (no rank twice, hand complete)."""
    cases: list[Case] = []
    for size in range(1, 6):
        for wilds in range(6):
            for count in range(size - wilds + 1):
                if count + wilds == 0:
                    continue
                for naturals in combinations_with_replacement(range(14, 1, -1), count):
                    counts = Counter(naturals).values()
                    if counts and max(counts) > 4:
                        continue
                    cases.append((naturals, False, wilds, size))
                    if count + wilds == size and len(counts) == count:
                        cases.append((naturals, True, wilds, size))
    return cases


def test_every_case_is_counted() -> None:
    cases = every_case()
    assert len(cases) == 19_442
    assert len(set(cases)) == len(cases)
    assert sum(1 for c in cases if c[2] == 3) == 212
    assert sum(1 for c in cases if c[2] == 4) == 29
    assert sum(1 for c in cases if c[1]) == 3_957


@pytest.mark.slow
def test_every_case_matches_the_enumeration() -> None:
    mismatches = [(case, _enumerated(*case), best_high_key(*case)) for case in every_case()]
    mismatches = [m for m in mismatches if m[1] != m[2]]
    assert mismatches == []


def test_a_sample_matches_the_enumeration() -> None:
    """Every 50th case, and complete five-card hands with four or five wild cards (the enumeration's
    slowest) around an ace, a ten, a five and a deuce: 400 cases, every size and number of wild cards."""
    cases = every_case()
    slowest = [c for c in cases if c[2] >= 4 and c[3] == 5 and c[0] in ((), (14,), (10,), (5,), (2,))]
    sample = cases[::50] + slowest
    assert len(sample) == 400
    assert {c[2] for c in sample} == {0, 1, 2, 3, 4, 5} and {c[3] for c in sample} == {1, 2, 3, 4, 5}
    assert sum(1 for c in sample if c[1] and c[2]) == 41
    for case in sample:
        assert best_high_key(*case) == _enumerated(*case), case


CORNERS: list[tuple[Case, tuple[int, ...]]] = [
    # every card wild: the most aces the hand can hold
    (((), False, 5, 5), (pr.FIVE_KIND, 14)),
    (((), True, 5, 5), (pr.FIVE_KIND, 14)),
    (((), False, 4, 4), (pr.QUADS, 14)),
    (((), False, 4, 5), (pr.QUADS, 14)),
    (((), False, 3, 3), (pr.TRIPS, 14)),
    (((), False, 2, 2), (pr.ONE_PAIR, 14)),
    (((), False, 1, 1), (pr.HIGH_CARD, 14)),
    # five aces, and five of a lower rank
    (((14, 14, 14, 14), False, 1, 5), (pr.FIVE_KIND, 14)),
    (((14,), True, 4, 5), (pr.FIVE_KIND, 14)),
    (((6, 6), False, 3, 5), (pr.FIVE_KIND, 6)),
    # straight flushes: the wheel, and a window above it
    (((14, 3, 2), True, 2, 5), (pr.STRAIGHT_FLUSH, 5)),
    (((14, 5, 4, 2), True, 1, 5), (pr.STRAIGHT_FLUSH, 5)),
    (((5, 3), True, 3, 5), (pr.STRAIGHT_FLUSH, 7)),
    (((13, 10), True, 3, 5), (pr.STRAIGHT_FLUSH, 14)),
    # off suit: a straight, or trips when no straight can be made
    (((14, 3, 2), False, 2, 5), (pr.STRAIGHT, 5)),
    (((14, 9, 2), False, 2, 5), (pr.TRIPS, 14, 9, 2)),
    (((14, 5, 4, 2), False, 1, 5), (pr.STRAIGHT, 5)),
    (((9, 8, 7, 5), False, 1, 5), (pr.STRAIGHT, 9)),
    # a wild card completing a flush (the highest rank missing) rather than pairing
    (((13, 9, 7, 4), True, 1, 5), (pr.FLUSH, 14, 13, 9, 7, 4)),
    (((14, 9, 7, 4), True, 1, 5), (pr.FLUSH, 14, 13, 9, 7, 4)),
    (((14, 13, 7, 4), True, 1, 5), (pr.FLUSH, 14, 13, 12, 7, 4)),
    (((13, 9, 7, 4), False, 1, 5), (pr.ONE_PAIR, 13, 9, 7, 4)),
    # quads and full houses: the wild cards join the biggest, highest group
    (((9, 9, 14), False, 2, 5), (pr.QUADS, 9, 14)),
    (((13, 13, 12, 12), False, 1, 5), (pr.FULL_HOUSE, 13, 12)),
    (((13, 13, 4, 2), False, 1, 5), (pr.TRIPS, 13, 4, 2)),
    # hands of three and four cards: no straight or flush, a missing kicker lowest
    (((9, 8, 7), False, 1, 4), (pr.ONE_PAIR, 9, 8, 7)),
    (((9, 8), False, 1, 4), (pr.ONE_PAIR, 9, 8)),
    (((14,), False, 2, 3), (pr.TRIPS, 14)),
    (((12, 11), False, 1, 3), (pr.ONE_PAIR, 12, 11)),
    (((12, 11), True, 1, 3), (pr.ONE_PAIR, 12, 11)),
    (((5, 5), False, 2, 4), (pr.QUADS, 5)),
    (((13,), False, 1, 4), (pr.ONE_PAIR, 13)),
    # no wild card: the natural key, a flush only when suited and complete
    (((12, 9, 7, 4, 2), True, 0, 5), (pr.FLUSH, 12, 9, 7, 4, 2)),
    (((12, 9, 7, 4), True, 0, 5), (pr.HIGH_CARD, 12, 9, 7, 4)),
]


@pytest.mark.parametrize(("case", "expected"), CORNERS, ids=[str(c) for c, _ in CORNERS])
def test_corner_cases(case: Case, expected: tuple[int, ...]) -> None:
    assert best_high_key(*case) == expected
    assert _enumerated(*case) == expected


def test_more_than_five_cards_is_refused_like_the_enumeration() -> None:
    with pytest.raises(ValueError, match="one to five cards, not 6"):
        best_high_key((9, 8), False, 4, 6)
    with pytest.raises(ValueError, match="one to five cards, not 6"):
        _enumerated((9, 8), False, 4, 6)
