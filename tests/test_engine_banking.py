"""Faro and banker and broker: the settlement between the bank and each player, stake by stake."""

from __future__ import annotations

import pytest

from deckgen.engine.banking import BANKER_AND_BROKER, FARO, FaroRules, faro_turn, hookey
from deckgen.engine.base import ExampleError
from deckgen.engine.registry import get_game

BETS = {"Ann": {9: 10, "copper 5": 10, "high": 5}, "Bob": {5: 20, "K": 10}, "Cy": {"copper 9": 6}}


def faro(loser="5♠", winner="9♥", bets=None, rules=None) -> dict:
    return FARO.run({"loser": loser, "winner": winner, "bets": bets or BETS}, rules or {})


def test_registered():
    assert get_game("faro") is FARO and get_game("banker-and-broker") is BANKER_AND_BROKER


def test_faro_loser_winner_copper_and_high_card():
    assert faro() == {"split": False, "payouts": {"Ann": 25, "Bob": -20, "Cy": -6}, "bank": 1}
    # the other way round: the nine loses, the five wins; high card loses
    assert faro("9♣", "5♦")["payouts"] == {"Ann": -10 - 10 - 5, "Bob": 20, "Cy": 6}
    # aces rank high for the high card stake; stakes on other ranks stand
    assert faro("K♣", "A♦", {"Ann": {"high": 4, "copper high": 3, 8: 10}})["payouts"] == {"Ann": 1}


def test_faro_split_costs_half_coppered_or_not_and_high_card_stands():
    result = faro("7♠", "7♦", {"Ann": {7: 10, "high": 5}, "Bob": {"copper 7": 5, "Q": 2}})
    assert result == {"split": True, "payouts": {"Ann": -5, "Bob": -2.5}, "bank": 7.5}
    assert faro("7♠", "7♦", {"Ann": {7: 10}}, rules={"split_share": 100})["payouts"] == {"Ann": -10}
    assert faro_turn({"loser": "7♠", "winner": "7♦", "bets": {"Ann": {7: 10}}}, FaroRules(split_share=0))["bank"] == 0


def test_faro_explain_summary_and_record():
    inputs = {"loser": "7♠", "winner": "7♦", "bets": {"Ann": {7: 10, "high": 5}, "Bob": {"Q": 2}}}
    assert FARO.explain(inputs, FARO.defaults) == ["Banker's card 7♠, players' card 7♦: a split", "Ann: -5", "Bob: 0",
                                                   "The bank: +5"]
    assert FARO.summary(inputs, FARO.defaults) == [
        "7♠ loses and 7♦ wins: a split, and the bank takes its share of the stakes on that rank.",
        "Ann loses 5; Bob's stakes stand; the bank wins 5."]
    (record,) = FARO.records(inputs, FARO.defaults)
    assert record.rows == (("Ann", "10 on 7, 5 on high card", "-5"), ("Bob", "2 on Q", "0"))


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"winner": "5♠"}, "winner: 5♠ is the loser too"),
        ({"loser": "Jk"}, "loser: the game is played without jokers"),
        ({"loser": "1x"}, "loser: '1x' is not a card"),
        ({"bets": {"Ann": {"copper 1": 5}}}, r"bets.Ann: 'copper 1' is not a stake: expected a rank"),
        ({"bets": {"Ann": {"9": 0}}}, r"bets.Ann.9: expected a whole number of chips \(1 or more\), got 0"),
        ({"bets": {"Ann": 10}}, "bets.Ann: expected the ranks staked on"),
        ({"bets": []}, "bets: expected each player's stakes"),
    ],
)
def test_faro_bad_inputs(inputs, message):
    with pytest.raises(ExampleError, match=message):
        FARO.run({"loser": "5♠", "winner": "9♥", "bets": BETS} | inputs)


# ----------------------------------------------------------------------------- banker and broker

def broker(banker="9♣", bets=None, dealer="Dee") -> dict:
    bets = bets or {"Ann": {"K♥": 10, "9♠": 5}, "Bob": {"4♦": 20}, "Cy": {"A♠": 5}}
    return BANKER_AND_BROKER.run({"dealer": dealer, "banker": banker, "bets": bets})


def test_broker_higher_wins_equal_or_lower_loses_and_an_ace_takes_the_bank():
    assert broker() == {"payouts": {"Ann": 5, "Bob": -20, "Cy": 5}, "banker_wins": 10, "next_banker": "Cy"}
    kept = broker("A♣", {"Ann": {"A♥": 10}, "Bob": {"4♦": 20}})
    assert kept == {"payouts": {"Ann": -10, "Bob": -20}, "banker_wins": 30, "next_banker": "Dee"}
    cut = broker("2♣", {"Ann": {"A♥": 10}, "Bob": {"A♦": 20, "3♠": 5}})
    assert cut == {"payouts": {"Ann": 10, "Bob": 25}, "banker_wins": -35, "next_banker": ""}
    assert broker("5♣", {"Ann": {"6♥": 3}})["next_banker"] == "Dee"
    assert hookey({"banker": "5♣", "bets": {"Ann": {"6♥": 3}}})["next_banker"] == "Banker"


def test_broker_two_players_on_one_pile():
    assert broker("8♣", {"Ann": {"Q♥": 10}, "Bob": {"Q♥": 4}})["payouts"] == {"Ann": 10, "Bob": 4}


def test_broker_words():
    inputs = {"dealer": "Dee", "banker": "2♣", "bets": {"Ann": {"A♥": 10}, "Bob": {"A♦": 20}}}
    assert BANKER_AND_BROKER.summary(inputs, {}) == [
        "Dee's pile shows 2♣: Ann wins 10; Bob wins 20; Dee pays 30.",
        "Ann and Bob staked on aces and cut for the bank.",
    ]
    assert BANKER_AND_BROKER.explain(inputs, {})[-1] == "Next banker: the players with aces cut for it"
    (record,) = BANKER_AND_BROKER.records(inputs, {})
    assert record.rows == (("Ann", "10 on the A♥ pile", "+10"), ("Bob", "20 on the A♦ pile", "+20"))


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"banker": "9♣", "bets": {"Ann": {"9♣": 5}}}, "bets: card 9♣ is dealt 2 times"),
        ({"banker": "9♣", "bets": {"Dee": {"9♠": 5}}}, "bets: Dee is the banker and stakes on no pile"),
        ({"banker": "9♣", "bets": {"Ann": {"9x": 5}}}, "bets.Ann: '9x' is not a card"),
        ({"banker": "9♣", "bets": {"Ann": {"9♠": -5}}}, "bets.Ann.9♠: expected a whole number of chips"),
        ({"banker": "Jk", "bets": {"Ann": {"9♠": 5}}}, "banker: the game is played without jokers"),
    ],
)
def test_broker_bad_inputs(inputs, message):
    with pytest.raises(ExampleError, match=message):
        BANKER_AND_BROKER.run({"dealer": "Dee"} | inputs)
