"""The quick ways a hand without wild cards is ranked (rank primes and suit bits, Omaha's hole and
board parts) choose the same key and the same cards as trying each candidate in turn."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from deckgen.cards import PROFILES
from deckgen.engine import poker as poker_engine
from deckgen.engine.poker_wild import Candidates, best_key, best_subset

DECK = list(PROFILES["standard-52"].cards)


def _one_by_one(kind, candidates, cards, size):
    """The best key and the first candidate reaching it, each candidate sorted and looked up alone."""
    best, best_idx = None, ()
    for idx in candidates:
        ranks = sorted((int(cards[i].rank) for i in idx), reverse=True)
        suited = len(idx) == size and len(set(ranks)) == len(ranks) and len({cards[i].suit for i in idx}) == 1
        key = best_key(kind, tuple(ranks), suited, 0, size)
        if best is None or key > best:
            best, best_idx = key, idx
    return best, best_idx


@pytest.mark.parametrize(
    "variant, n_hole, n_board, kinds",
    [
        ("high", 7, 0, ("high", "low")),
        ("holdem", 2, 5, ("high",)),
        ("omaha-hilo", 4, 5, ("high", "low")),
        ("omaha-6-hilo", 6, 5, ("high", "low")),
        ("three-card", 3, 0, ("three-card", "brag:1:top")),
    ],
)
def test_natural_hands_rank_as_one_candidate_at_a_time(variant, n_hole, n_board, kinds):
    candidates = poker_engine._candidates(poker_engine.get_variant(variant), n_hole, n_board)
    size = len(candidates[0])
    deal = random.Random(f"{variant}")
    for _ in range(60):
        cards = deal.sample(DECK, n_hole + n_board)
        for kind in kinds:
            expected = _one_by_one(kind, candidates, cards, size)
            assert best_subset(kind, candidates, cards, [False] * len(cards), size) == expected
            assert best_subset(kind, tuple(candidates), cards, [False] * len(cards), size) == expected


def test_joined_candidates_are_the_sets_in_order_and_hash_as_a_tuple():
    firsts, seconds = ((0, 1), (0, 2), (1, 2)), ((3, 4), (3, 5))
    joined = Candidates.joined(firsts, seconds)
    plain = tuple(f + s for f in firsts for s in seconds)
    assert joined == plain and hash(joined) == hash(plain)
    assert joined.parts == (firsts, seconds) and Candidates(plain).parts is None
    assert tuple(Candidates(combinations(range(4), 2))) == tuple(combinations(range(4), 2))
