"""Poker additions: five- and six-card Omaha, blinds in the betting."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from deckgen.cards import Card, Rank, Suit
from deckgen.engine.base import ExampleError
from deckgen.engine.betting import BETTING, blind_seats
from deckgen.engine.poker import evaluate
from deckgen.engine.poker_rank import evaluate_high

DECK = [Card(Rank(r), s) for r in range(2, 15) for s in Suit]


@pytest.mark.parametrize("variant, n", [("omaha-5", 5), ("omaha-6", 6)])
def test_big_omaha_is_the_best_two_plus_three(variant, n):
    rng = random.Random(n)
    for _ in range(150):
        cards = rng.sample(DECK, n + 5)
        hole, board = cards[:n], cards[n:]
        best = max(evaluate_high(list(h) + list(b)).key for h in combinations(hole, 2) for b in combinations(board, 3))
        assert evaluate(hole, variant, board).key == best


def test_big_omaha_deals_its_own_number():
    with pytest.raises(ExampleError, match="deals 5 cards"):
        evaluate("A♠ K♠ Q♠ J♠", "omaha-5", "2♥ 3♥ 4♥")


def test_blind_seats():
    assert blind_seats(["A", "B", "C"]) == ("A", "B")
    assert blind_seats(["A", "B"]) == ("B", "A")  # heads up: the dealer (B) posts the small blind


def _bet(players, rounds, **rules):
    return BETTING.run({"players": players, "ante": 0, "blinds": [5, 10], "rounds": rounds},
                       {"small_bet": 10, "big_bet": 20, "big_from": 3, **rules})


def test_blinds_are_live_and_the_big_blind_has_its_option():
    r = _bet(["Sam", "Bea", "Cy"], [["Cy call", "Sam call", "Bea raise 10", "Cy call", "Sam call"]])
    assert r["contributions"] == {"Sam": 20, "Bea": 20, "Cy": 20} and r["illegal"] == []
    r = _bet(["Sam", "Bea", "Cy"], [["Cy call", "Sam call"]])
    assert r["problems"] == ["round 1: the round ends before Bea acts"]


def test_first_to_act_is_left_of_the_big_blind():
    r = _bet(["Sam", "Bea", "Cy"], [["Sam call", "Bea check", "Cy call"]])
    assert "round 1: Sam call" in r["illegal"]


def test_the_big_blind_counts_as_the_opening_bet_for_the_raise_cap():
    r = _bet(["Sam", "Bea", "Cy"], [["Cy raise 10", "Sam raise 10", "Bea raise 10", "Cy raise 10"]], max_raises=3)
    assert r["illegal"] == ["round 1: Cy raise 10"]


def test_bad_blinds():
    with pytest.raises(ExampleError, match="blinds"):
        BETTING.run({"players": ["A", "B"], "blinds": [10, 5], "rounds": [["A call"]]})
