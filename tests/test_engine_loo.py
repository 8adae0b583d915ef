"""Three-card loo: the pool shared by the tricks, the loos, unlimited and mixed loo."""

from __future__ import annotations

import pytest

from deckgen.engine.base import ExampleError
from deckgen.engine.loo import LooRules, settle, shares
from deckgen.engine.registry import get_game

GAME = get_game("three-card-loo")
FIVE = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def deal(rules: dict | None = None, **inputs: object) -> dict:
    given = {"players": FIVE, "dealer": "Eve", "standing": ["Ann", "Bob", "Dee"], "tricks": ["Ann", "Bob", "Ann"],
             **inputs}
    return GAME.run(given, rules or {})


def test_each_trick_takes_a_third_and_a_player_without_a_trick_is_looed() -> None:
    assert deal() == {"pool": 3, "shares": {"Ann": 2, "Bob": 1, "Cy": 0, "Dee": 0, "Eve": 0}, "looed": ["Dee"],
                      "loo": 6, "net": {"Ann": 2, "Bob": 1, "Cy": 0, "Dee": -6, "Eve": -3}, "carried": 6}


def test_the_loos_and_the_next_dealers_stake_make_the_next_pool() -> None:
    sweep = deal(dealer="Ann", carried=6, standing=["Bob", "Cy", "Eve", "Ann"], tricks=["Cy", "Cy", "Cy"])
    assert (sweep["pool"], sweep["shares"]["Cy"], sweep["carried"]) == (9, 9, 18)
    assert sweep["net"] == {"Ann": -9, "Bob": -6, "Cy": 9, "Dee": 0, "Eve": -6}
    following = deal(dealer="Bob", carried=sweep["carried"], standing=["Ann", "Cy"], tricks=["Ann", "Cy", "Cy"])
    assert (following["pool"], following["shares"]["Ann"], following["shares"]["Cy"]) == (21, 7, 14)
    assert (following["looed"], following["carried"], following["loo"]) == ([], 0, 0)


def test_unlimited_loo_costs_the_pool_and_mixed_loo_caps_it() -> None:
    sweep = {"dealer": "Ann", "carried": 6, "standing": ["Bob", "Cy", "Eve", "Ann"], "tricks": ["Cy", "Cy", "Cy"]}
    assert (deal({"looing": "unlimited"}, **sweep)["loo"], deal({"looing": "unlimited"}, **sweep)["carried"]) == (9, 27)
    assert deal({"looing": "unlimited", "loo_limit": 7}, **sweep)["carried"] == 21
    assert deal({"looing": "unlimited", "loo_limit": 20}, **sweep)["loo"] == 9  # under the cap: the pool
    assert deal({"loo_stake": 4}, **sweep)["carried"] == 12
    assert deal({"loo_limit": 2}, **sweep)["loo"] == 6  # the cap is unlimited loo's only


def test_a_lone_player_takes_the_pool_and_who_throws_up_pays_nothing() -> None:
    alone = deal(dealer="Dee", carried=9, standing=["Dee"], tricks=None)
    assert (alone["pool"], alone["looed"], alone["net"]) == (12, [], {"Ann": 0, "Bob": 0, "Cy": 0, "Dee": 9, "Eve": 0})
    assert deal(standing=["Bob"], tricks=["Bob", "Bob", "Bob"])["net"]["Bob"] == 3


def test_odd_counters_go_to_the_first_and_second_tricks() -> None:
    assert shares(4, ["Ann", "Bob", "Cy"]) == {"Ann": 2, "Bob": 1, "Cy": 1}
    assert shares(5, ["Ann", "Bob", "Cy"]) == {"Ann": 2, "Bob": 2, "Cy": 1}
    assert shares(5, ["Cy", "Ann", "Cy"]) == {"Cy": 3, "Ann": 2}
    assert settle({"players": ["Ann", "Bob", "Cy"], "dealer": "Cy", "tricks": ["Ann", "Bob", "Cy"]},
                  LooRules(deal_stake=4))["net"] == {"Ann": 2, "Bob": 1, "Cy": -3}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": ["Ann"]}, "players: expected the names of everyone at the table"),
        ({"dealer": "Zed"}, "dealer: 'Zed' is not one of the players"),
        ({"standing": ["Ann", "Zed"]}, "standing: 'Zed' is not one of Ann, Bob, Cy, Dee and Eve"),
        ({"standing": ["Ann", "Ann"]}, "standing: a player is named twice"),
        ({"standing": []}, "standing: nobody stood"),
        ({"tricks": ["Ann", "Bob"]}, "tricks: expected the winners of the 3 tricks, in order, got 2"),
        ({"tricks": ["Ann", "Bob", "Cy"]}, "tricks: 'Cy' is not one of Ann, Bob and Dee"),
        ({"tricks": None}, "tricks: the winners of the three tricks are needed"),
        ({"standing": ["Ann"], "tricks": ["Bob"]}, "tricks: Ann stood alone and takes the pool without play"),
        ({"carried": -3}, "carried: expected the loos paid into the pool"),
    ],
)
def test_errors_name_the_field(change: dict, message: str) -> None:
    given = {k: v for k, v in change.items() if v is not None}
    dropped = [k for k, v in change.items() if v is None]
    base = {"players": FIVE, "dealer": "Eve", "standing": ["Ann", "Bob", "Dee"], "tricks": ["Ann", "Bob", "Ann"]}
    inputs = {k: v for k, v in {**base, **given}.items() if k not in dropped}
    with pytest.raises(ExampleError, match=message):
        GAME.run(inputs, {})


def test_summary_and_table() -> None:
    rules = GAME.resolve_rules()
    assert GAME.summary({"players": FIVE, "dealer": "Eve", "standing": ["Ann", "Bob", "Dee"],
                         "tricks": ["Ann", "Bob", "Ann"]}, rules) == [
        "The pool of 3 goes by the tricks: Ann 2 and Bob 1.",
        "Dee took no trick and is looed, paying 6 into the next pool."]
    assert GAME.summary({"players": FIVE, "dealer": "Dee", "carried": 9, "standing": ["Dee"]}, rules) == [
        "Dee is the only player standing and takes the pool of 12 without play."]
    table = GAME.table("three-card-loo-stakes").build(GAME.resolve_rules({"looing": "unlimited", "loo_limit": 30}), {},
                                                      lambda k, r, w: w())
    assert table.rows[2] == ("A loo (stood, no trick)", "what the pool held, 30 at most")
