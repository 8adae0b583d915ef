"""Spoil five: the stakes, the pool taken with three tricks, a spoil carried on, jinking."""

from __future__ import annotations

import pytest

from deckgen.engine.base import ExampleError
from deckgen.engine.registry import get_game
from deckgen.engine.spoilfive import SpoilFiveRules, settle

GAME = get_game("spoil-five")
FIVE = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def deal(rules: dict | None = None, **inputs: object) -> dict:
    given = {"players": FIVE, "dealer": "Eve", "tricks": {"Ann": 3, "Bob": 1, "Dee": 1}, **inputs}
    return GAME.run(given, rules or {})


def test_three_tricks_take_a_new_pool_of_every_stake_and_the_dealers_extra() -> None:
    assert deal() == {"paid": {"Ann": 2, "Bob": 2, "Cy": 2, "Dee": 2, "Eve": 3}, "pool": 11, "winner": "Ann",
                      "outcome": "won", "net": {"Ann": 9, "Bob": -2, "Cy": -2, "Dee": -2, "Eve": -3}, "carried": 0}
    assert deal(tricks={"Ann": 4, "Bob": 1})["winner"] == "Ann"  # four tricks take the same pool


def test_a_spoilt_pool_is_carried_and_the_next_deal_adds_the_smaller_stake() -> None:
    spoilt = deal(tricks={"Ann": 2, "Bob": 2, "Cy": 1})
    assert (spoilt["winner"], spoilt["outcome"], spoilt["carried"]) == ("", "spoilt", 11)
    assert sum(spoilt["net"].values()) == -11  # the stakes wait in the pool
    following = deal(dealer="Ann", carried=11, tricks={"Bob": 3, "Cy": 2})
    assert following["paid"] == {"Ann": 2, "Bob": 1, "Cy": 1, "Dee": 1, "Eve": 1}
    assert (following["pool"], following["net"]["Bob"], following["carried"]) == (17, 16, 0)
    # one trick each and two spare: spoilt again, the pool grows
    again = deal(dealer="Bob", carried=17, tricks={"Ann": 1, "Bob": 1, "Cy": 1, "Dee": 1, "Eve": 1})
    assert (again["outcome"], again["carried"]) == ("spoilt", 23)


def test_two_players_never_spoil_and_ten_is_the_most() -> None:
    two = GAME.run({"players": ["Ann", "Bob"], "dealer": "Bob", "tricks": {"Ann": 2, "Bob": 3}}, {})
    assert (two["pool"], two["net"]) == (5, {"Ann": -2, "Bob": 2})
    ten = [f"P{i}" for i in range(10)]
    big = GAME.run({"players": ten, "dealer": "P9", "tricks": {"P0": 3, "P1": 2}}, {})
    assert (big["pool"], big["net"]["P0"]) == (21, 19)


def test_jinking_is_a_house_rule_that_pays_all_five_and_punishes_a_failure() -> None:
    jink = deal({"jinking": True}, jinked="Cy", tricks={"Cy": 5})
    assert (jink["outcome"], jink["winner"]) == ("jink", "Cy")
    assert jink["net"] == {"Ann": -4, "Bob": -4, "Cy": 17, "Dee": -4, "Eve": -5}
    assert sum(jink["net"].values()) == 0
    failed = deal({"jinking": True}, jinked="Cy", tricks={"Cy": 4, "Dee": 1})
    assert (failed["outcome"], failed["winner"], failed["carried"]) == ("failed jink", "", 11)
    plain = deal(tricks={"Cy": 5})  # no jinking at this table: all five take the pool, no more
    assert (plain["outcome"], plain["net"]["Cy"]) == ("won", 9)
    # a table that jinks pays all five tricks whether or not the jink was named
    assert deal({"jinking": True}, tricks={"Cy": 5})["net"]["Cy"] == 17


def test_the_stakes_are_house_rules() -> None:
    rules = {"stake": 3, "spoil_stake": 2, "dealer_stake": 0}
    assert deal(rules)["pool"] == 15
    assert deal(rules, carried=15, tricks={"Ann": 2, "Bob": 2, "Cy": 1})["carried"] == 25
    assert settle({"players": ["Ann", "Bob"], "dealer": "Ann", "tricks": {"Ann": 3, "Bob": 2}},
                  SpoilFiveRules(stake=5))["net"] == {"Ann": 5, "Bob": -5}
    with pytest.raises(ExampleError, match="rules.stake: expected a whole number of counters of at least 1, got 0"):
        deal({"stake": 0})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": ["Ann"]}, "players: expected the names of the 2 to 10 players"),
        ({"players": ["Ann", "Ann"]}, "players: expected the names"),
        ({"dealer": "Zed"}, "dealer: 'Zed' is not one of the players"),
        ({"tricks": {"Ann": 3, "Bob": 1}}, "tricks: the players' tricks add up to 4, expected the 5 of a deal"),
        ({"tricks": {"Ann": 6}}, "tricks.Ann: expected 0 to 5 tricks, got 6"),
        ({"tricks": {"Zed": 5}}, "tricks: expected the tricks each player took"),
        ({"carried": -1}, "carried: expected the counters left in the pool"),
        ({"jinked": "Ann"}, "jinked: this table does not jink"),
    ],
)
def test_errors_name_the_field(change: dict, message: str) -> None:
    with pytest.raises(ExampleError, match=message):
        deal(**change)


def test_a_jink_needs_three_tricks_first() -> None:
    with pytest.raises(ExampleError, match="jinked: Bob took 1 tricks; a player jinks after winning three"):
        deal({"jinking": True}, jinked="Bob")


def test_summary_and_table_say_the_pool() -> None:
    rules = GAME.resolve_rules()
    given = {"players": FIVE, "dealer": "Eve", "tricks": {"Ann": 2, "Bob": 2, "Cy": 1}}
    assert GAME.summary(given, rules) == ["The stakes make a pool of 11.",
                                          "Nobody takes three tricks: the deal is spoilt and the 11 stay for the next."]
    table = GAME.table("spoil-five-stakes").build(GAME.resolve_rules({"jinking": True}), {}, lambda k, r, w: w())
    assert table.rows == (("A new pool", "2", "3"), ("After a spoil", "1", "2"))
    assert "All five, after a jink: the pool and 2 from each other player." in table.note
