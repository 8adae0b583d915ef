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


# The laws of auction bridge (as printed in Foster's Complete Hoyle; playingcardgames.net,
# "Scoring", laws 7 and 8): "Slam is made when seven by cards is scored by either side ...";
# "Little slam is made when six by cards is similarly scored". The slam goes to the side that takes
# the tricks, declarer or defender, bid or not.


def test_defenders_who_take_twelve_tricks_score_the_small_slam():
    # the issue's case: 1♥ with one trick, six undertricks and now the defenders' small slam
    r = SPEC.run({"contract": "1♥", "tricks": 1})
    assert (r["made"], r["above"], r["defenders"]) == (False, 0, 6 * 50 + 50)
    r = SPEC.run({"contract": "1♥", "tricks": 0})
    assert r["defenders"] == 7 * 50 + 100  # all thirteen: the grand slam
    assert SPEC.summary is not None
    assert SPEC.summary({"contract": "1♥", "tricks": 1}, SPEC.resolve_rules()) == [
        "1♥ goes 6 down: the defenders score 300 above the line.",
        "Above the line the defenders also add 50 for the small slam.",
    ]


def test_a_declarer_who_takes_twelve_tricks_in_a_failed_grand_slam_scores_the_small_slam():
    r = SPEC.run({"contract": "7♠", "tricks": 12})
    assert (r["made"], r["above"], r["defenders"]) == (False, 50, 50)


def test_house_rule_slams_for_the_contract_only():
    # the other reading (contract bridge's): only a declarer who makes the contract scores a slam
    rules = {"slams": "contract"}
    assert SPEC.run({"contract": "1♥", "tricks": 1}, rules)["defenders"] == 300
    assert SPEC.run({"contract": "7♠", "tricks": 12}, rules)["above"] == 0
    assert SPEC.run({"contract": "1NT", "tricks": 12}, rules)["above"] == 50


# Chicane, in the older laws (the same source, law 9): "Chicane (one hand void of trumps) is equal
# in value to simple honors ... Double chicane (both hands void of trumps) is equal in value to four
# honors"; the Whist Club of New York's code of November 1913 dropped it (Milton C. Work, Auction
# Developments, 1913: "Elimination of Chicane"), so it is a house rule, off by default.


def test_chicane_is_a_house_rule_worth_simple_honours():
    assert SPEC.run({"contract": "2♠", "tricks": 8, "chicane": "defenders"})["chicane"] == 0
    on = {"chicane": True}
    r = SPEC.run({"contract": "2♠", "tricks": 8, "chicane": "defenders"}, on)
    assert (r["chicane"], r["defenders"], r["above"]) == (30, 30, 0)
    r = SPEC.run({"contract": "2♠", "tricks": 8, "chicane": "declarer double"}, on)
    assert (r["chicane"], r["above"]) == (40, 40)
    with pytest.raises(ExampleError, match="no chicane at no trumps"):
        SPEC.run({"contract": "2NT", "tricks": 8, "chicane": "declarer"}, on)
    with pytest.raises(ExampleError, match="chicane: expected the side"):
        SPEC.run({"contract": "2♠", "tricks": 8, "chicane": "Ann"}, on)
