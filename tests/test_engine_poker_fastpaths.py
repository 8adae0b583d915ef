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


def _key5_by_groups(ranks, suited):
    """key5 the plain way (the form it had before its path for five different ranks): group, then
    test each category from the top."""
    from collections import Counter

    from deckgen.engine import poker_rank as pr

    groups = sorted(((n, r) for r, n in Counter(ranks).items()), reverse=True)
    shape, order = [c for c, _ in groups], [r for _, r in groups]
    top = 0
    if len(ranks) == 5 and len(set(ranks)) == 5:
        desc = sorted(ranks, reverse=True)
        top = desc[0] if desc[0] - desc[4] == 4 else 5 if desc == [14, 5, 4, 3, 2] else 0
    if shape[0] == 5:
        return (pr.FIVE_KIND, order[0])
    if top and suited:
        return (pr.STRAIGHT_FLUSH, top)
    if shape[0] == 4:
        return (pr.QUADS, *order)
    if shape[:2] == [3, 2]:
        return (pr.FULL_HOUSE, *order)
    if suited and len(ranks) == 5:
        return (pr.FLUSH, *order)
    if top:
        return (pr.STRAIGHT, top)
    if shape[0] == 3:
        return (pr.TRIPS, *order)
    if shape[:2] == [2, 2]:
        return (pr.TWO_PAIR, *order)
    return (pr.ONE_PAIR if shape[0] == 2 else pr.HIGH_CARD, *order)


def test_key5_agrees_with_grouping_for_every_rank_pattern_of_one_to_five_cards():
    """Every multiset of one to five ranks (five of a kind included, as wild cards make it), in
    two orders, suited or not: 8,567 patterns, each ranked the same as by plain grouping."""
    from itertools import combinations_with_replacement

    from deckgen.engine.poker_rank import key5

    checked = 0
    for size in range(1, 6):
        for ranks in combinations_with_replacement(range(14, 1, -1), size):
            for written in (list(ranks), list(reversed(ranks))):
                for suited in (False, True):
                    assert key5(written, suited) == _key5_by_groups(written, suited), (written, suited)
                    checked += 1
    assert checked == 4 * sum(len(list(combinations_with_replacement(range(13), n))) for n in range(1, 6))


def test_key_low_agrees_with_grouping_for_every_rank_pattern_of_one_to_five_cards():
    """Ace-to-five low keys: a hand without a pair takes a path of its own; every pattern of one
    to five ranks, in two orders, is keyed as by plain grouping (the ace counted as one)."""
    from collections import Counter
    from itertools import combinations_with_replacement

    from deckgen.engine.poker_rank import key_low

    def by_groups(ranks):
        low = [1 if r == 14 else r for r in ranks]
        groups = sorted(((n, r) for r, n in Counter(low).items()), reverse=True)
        shape = [c for c, _ in groups] + [0]
        cat = shape[0] + 1 if shape[0] >= 4 else 4 if shape[:2] == [3, 2] else 3 if shape[0] == 3 else 2 if shape[:2] == [2, 2] else shape[0] - 1
        return tuple(-x for x in (cat, *(r for _, r in groups)))

    for size in range(1, 6):
        for ranks in combinations_with_replacement(range(14, 1, -1), size):
            for written in (list(ranks), list(reversed(ranks))):
                assert key_low(written) == by_groups(written), written
    assert key_low([14, 2, 3, 4, 5]) == (0, -5, -4, -3, -2, -1)  # the wheel: the best low


@pytest.mark.parametrize("variant, n_hole, n_board", [("omaha-hilo", 4, 5), ("omaha-hilo", 4, 3), ("omaha-5-hilo", 5, 5), ("omaha-6-hilo", 6, 4)])
def test_a_low_skipped_as_impossible_is_one_the_search_would_not_have_qualified(variant, n_hole, n_board, monkeypatch):
    """`_low_possible` only skips work: the low found (or None) is the same as with every
    candidate searched, whatever the qualifier."""
    deal = random.Random(variant + str(n_board))
    deals = [deal.sample(DECK, n_hole + n_board) for _ in range(150)]
    rules = [{"low_qualifier": q} for q in (6, 7, 8, 9, 13)]

    def lows():
        return [
            poker_engine.evaluate_low(cards[:n_hole], board=cards[n_hole:], variant=variant, rules=rule)
            for cards in deals
            for rule in rules
        ]

    v = poker_engine.get_variant(variant)
    skipped = sum(not poker_engine._low_possible(v, c[:n_hole], c[n_hole:], r["low_qualifier"]) for c in deals for r in rules)
    quick = lows()
    monkeypatch.setattr(poker_engine, "_low_possible", lambda *args: True)
    searched = lows()
    assert quick == searched
    assert 0 < skipped <= sum(low is None for low in searched)  # only deals without a qualifying low are skipped
    assert any(low is not None for low in searched)


def test_a_hand_laid_down_later_is_the_same_hand():
    """A showdown's hands put their cards in order only when the cards are read; the hand is then
    the one an eager ranking gives, compares and hashes as it, survives pickling, and is immutable."""
    from deckgen.engine.poker_rank import PokerHand, display_order, evaluate_high

    from deckgen.cards import parse_cards

    cards = parse_cards("5♠ A♥ 5♦ 2♣ 5♣")
    eager = evaluate_high(cards)
    calls = []

    def lay_down():
        calls.append(1)
        return display_order(cards, eager.key)

    lazy = PokerHand.laid_down_later(eager.category, eager.name, eager.key, lay_down)
    assert calls == []
    assert lazy == eager and hash(lazy) == hash(eager) and repr(lazy) == repr(eager)
    assert [str(c) for c in lazy.cards] == ["5♠", "5♦", "5♣", "A♥", "2♣"]
    assert calls == [1]  # worked out once
    lazy.cards
    assert calls == [1]
    import pickle

    assert pickle.loads(pickle.dumps(lazy)) == eager
    with pytest.raises(AttributeError, match="cannot be changed"):
        lazy.name = "x"  # type: ignore[misc]
    shown = poker_engine.compute({"hands": {"Ann": "5♠ 5♥ 5♦ 3♣ 2♠", "Bob": "K♠ K♥ 9♦ 9♣ 4♠"}}, {})
    assert shown["winners"] == ["Ann"] and [str(c) for c in shown["best"]] == ["5♠", "5♥", "5♦", "3♣", "2♠"]
