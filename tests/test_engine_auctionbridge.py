"""Auction bridge: every odd trick below the line, doubling, slams, honours, undertricks."""

from __future__ import annotations

import pytest

from deckgen.engine.auctionbridge import SPEC, honour_points
from deckgen.engine.base import ExampleError
from deckgen.engine.registry import get_game


def test_registered():
    assert get_game("auction-bridge") is SPEC


@pytest.mark.parametrize(
    "contract, tricks, below, above, defenders",
    [
        ("1♣", 7, 6, 0, 0),
        ("1♣", 13, 42, 100, 0),  # a grand slam counts though only one was bid
        ("2♦", 8, 14, 0, 0),
        ("4♥", 10, 32, 0, 0),
        ("1NT", 12, 60, 50, 0),
        ("3♠XX", 9, 108, 100, 0),
        ("3♠X", 10, 72, 100, 0),
        ("4♠", 8, 0, 0, 100),
        ("4♠X", 7, 0, 0, 300),
        ("4♠XX", 9, 0, 0, 200),
    ],
)
def test_deals(contract, tricks, below, above, defenders):
    r = SPEC.run({"contract": contract, "tricks": tricks})
    assert (r["below"], r["above"], r["defenders"]) == (below, above, defenders)


@pytest.mark.parametrize(
    "holding, no_trumps, points",
    [("3", False, 30), ("2+1", False, 30), ("2+2", False, 40), ("4", False, 80), ("4+1", False, 90),
     ("5", False, 100), ("3+2", False, 50), ("3", True, 30), ("2+2", True, 40), ("4", True, 100), ("2", False, 0)],
)
def test_honours(holding, no_trumps, points):
    assert honour_points(holding, no_trumps) == points


def test_game_counts_points_already_below():
    assert SPEC.run({"contract": "1♦", "tricks": 8, "below_before": 16})["game"] is True
    assert SPEC.run({"contract": "1♦", "tricks": 8, "below_before": 15})["game"] is False


def test_bad_honours():
    with pytest.raises(ExampleError, match="more honours"):
        honour_points("4+1", True)
