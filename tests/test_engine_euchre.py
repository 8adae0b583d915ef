"""Euchre: the points of each outcome of a hand, the lone hand, the house rules and the game."""

from __future__ import annotations

import pytest

from deckgen.engine.base import ExampleError
from deckgen.engine.registry import get_game

EUCHRE = get_game("euchre")


def hand(tricks: int, rules: dict | None = None, makers: str = "Us", **more) -> dict:
    return EUCHRE.run({"sides": ["Us", "Them"], "makers": makers, "tricks": tricks, **more}, rules or {})


@pytest.mark.parametrize(
    ("tricks", "alone", "outcome", "scorer", "points"),
    [
        (0, False, "euchred", "Them", 2),
        (2, False, "euchred", "Them", 2),
        (3, False, "made", "Us", 1),
        (4, False, "made", "Us", 1),
        (5, False, "march", "Us", 2),
        (0, True, "euchred", "Them", 2),
        (3, True, "made", "Us", 1),
        (4, True, "made", "Us", 1),
        (5, True, "lone march", "Us", 4),
    ],
)
def test_every_outcome_of_a_hand(tricks: int, alone: bool, outcome: str, scorer: str, points: int) -> None:
    result = hand(tricks, alone=alone)
    assert (result["outcome"], result["scorer"]) == (outcome, scorer)
    other = "Them" if scorer == "Us" else "Us"
    assert result["points"] == {scorer: points, other: 0}  # only one side scores, and both are listed


def test_house_rules_change_the_points() -> None:
    assert hand(1, {"lone_euchre": 4}, alone=True)["points"]["Them"] == 4
    assert hand(1, {"lone_euchre": 4})["points"]["Them"] == 2  # with a partner: the euchre value
    assert hand(5, {"march": 3})["points"]["Us"] == 3
    assert hand(5, {"lone_march": 5}, alone=True)["points"]["Us"] == 5


def test_the_game_is_reached_exactly_and_only_by_the_side_that_scores() -> None:
    assert hand(3, before={"Us": 9, "Them": 9})["winner"] == "Us"
    assert hand(3, before={"Us": 8, "Them": 9})["winner"] == ""
    euchred = hand(1, before={"Us": 9, "Them": 7})
    assert (euchred["totals"], euchred["winner"]) == ({"Us": 9, "Them": 9}, "")
    assert hand(3, {"target": 5}, before={"Us": 4})["winner"] == "Us"


def test_sides_default_to_us_and_them() -> None:
    result = EUCHRE.run({"makers": "Them", "tricks": 5}, {})
    assert result["totals"] == {"Us": 0, "Them": 2}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"tricks": 6}, "tricks: expected the makers' tricks, 0 to 5, got 6"),
        ({"tricks": "three"}, "tricks: expected the makers' tricks"),
        ({"makers": "We"}, "makers: 'We' is not one of the sides"),
        ({"sides": ["Us"]}, "sides: expected the two partnerships"),
        ({"alone": "yes"}, "alone: expected true or false"),
        ({"before": {"Us": "nine"}}, "before: expected whole-number scores"),
    ],
)
def test_errors_name_the_field(change: dict, message: str) -> None:
    inputs = {"sides": ["Us", "Them"], "makers": "Us", "tricks": 3, **change}
    with pytest.raises(ExampleError, match=message):
        EUCHRE.run(inputs, {})


def test_summary_says_the_hand_and_the_score() -> None:
    rules = EUCHRE.resolve_rules()
    assert EUCHRE.summary({"makers": "Us", "tricks": 5, "alone": True}, rules) == [
        "Us take all five tricks alone and score 4.", "Score: Us 4, Them 0."]
    assert EUCHRE.summary({"makers": "Us", "tricks": 2, "before": {"Them": 8}}, rules) == [
        "Us take only 2 and are euchred: Them score 2.", "Them reach 10 and win the game."]


AUCTION = get_game("auction-euchre")


@pytest.mark.parametrize(
    ("bid", "tricks", "made", "points"),
    [(3, 3, True, {"Us": 3, "Them": 0}), (3, 5, True, {"Us": 3, "Them": 0}), (5, 4, False, {"Us": 0, "Them": 5}),
     (1, 0, False, {"Us": 0, "Them": 1}), (5, 5, True, {"Us": 5, "Them": 0})],
)
def test_auction_euchre_scores_the_bid_and_never_more(bid: int, tricks: int, made: bool, points: dict) -> None:
    result = AUCTION.run({"bidders": "Us", "bid": bid, "tricks": tricks}, {})
    assert (result["made"], result["points"]) == (made, points)


def test_auction_euchre_game_is_15_or_the_house_rule() -> None:
    assert AUCTION.run({"bidders": "Us", "bid": 3, "tricks": 3, "before": {"Us": 12}}, {})["winner"] == "Us"
    assert AUCTION.run({"bidders": "Us", "bid": 3, "tricks": 3, "before": {"Us": 11}}, {})["winner"] == ""
    assert AUCTION.run({"bidders": "Us", "bid": 2, "tricks": 3, "before": {"Us": 8}}, {"auction_target": 10})["winner"] == "Us"
    with pytest.raises(ExampleError, match="bid: expected the tricks bid, 1 to 5, got 6"):
        AUCTION.run({"bidders": "Us", "bid": 6, "tricks": 3}, {})
    with pytest.raises(ExampleError, match="bidders: 'Dee' is not one of the sides"):
        AUCTION.run({"bidders": "Dee", "bid": 3, "tricks": 3}, {})
