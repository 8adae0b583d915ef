"""Five Hundred Rum: card and meld values against the published table, lay-offs, and bad melds."""

from __future__ import annotations

import pytest

from deckgen.cards import Card, Rank, Suit, parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.fivehundredrum import SPEC, card_value, meld_value
from deckgen.engine.registry import get_game

#: The published 500 Rum values: ace 15 (1 in A-2-3), ten to king 10, two to nine face value.
PUBLISHED = {"A": 15, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 9, "8": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3, "2": 2}


def test_registered():
    assert get_game("five-hundred-rum") is SPEC


def test_every_card_against_the_published_table():
    for suit in Suit:
        for rank in Rank:
            assert card_value(Card(rank, suit), SPEC.defaults) == PUBLISHED[rank.label]
    assert card_value(Card(Rank.ACE, Suit.SPADES), SPEC.defaults, low=True) == 1


@pytest.mark.parametrize(
    "meld, value",
    [("A♠ 2♠ 3♠", 6), ("Q♠ K♠ A♠", 35), ("A♠ A♥ A♦", 45), ("9♣ 10♣ J♣ Q♣", 39), ("5♦ 5♣ 5♥ 5♠", 20)],
)
def test_meld_values(meld, value):
    assert meld_value(parse_cards(meld), SPEC.defaults) == value


@pytest.mark.parametrize("meld", ["K♠ A♠ 2♠", "5♠ 6♥ 7♠", "5♠ 5♥", "5♠ 7♠ 8♠"])
def test_illegal_melds(meld):
    with pytest.raises(ExampleError, match="not a set or a run"):
        meld_value(parse_cards(meld), SPEC.defaults)


def test_lay_off_counts_to_the_player_who_lays_it_and_takes_the_run_context():
    r = SPEC.run({"melds": {"Ann": ["2♥ 3♥ 4♥"]}, "laid_off": {"Bob": ["A♥ onto 2♥ 3♥ 4♥"]}, "hands": {"Ann": "", "Bob": ""}})
    assert r["melded"] == {"Ann": 9, "Bob": 1}
    r = SPEC.run({"melds": {"Ann": ["J♥ Q♥ K♥"]}, "laid_off": {"Bob": ["A♥ onto J♥ Q♥ K♥"]}})
    assert r["melded"] == {"Ann": 30, "Bob": 15}
    with pytest.raises(ExampleError, match="laid_off"):
        SPEC.run({"laid_off": {"Bob": ["9♥ onto 2♥ 3♥ 4♥"]}})


def test_all_aces_fifteen_house_rule():
    r = SPEC.run({"melds": {"Ann": ["A♠ 2♠ 3♠"]}}, {"low_ace_points": 15})
    assert r["melded"] == {"Ann": 20}


def test_an_ace_in_hand_may_be_priced_apart_from_a_melded_one():
    # Issue 36: an ace could not cost one thing in hand and another in a meld. The published count
    # (pagat.com, "500 Rummy": ace 15, 1 only when melded with the 2 and 3) charges 15 in hand; some
    # tables charge only 1 (adda52, "Ace in rummy: high or low": "else it will be given a score of
    # one"): house rule ace_in_hand.
    deal = {"melds": {"Ann": ["A♠ K♠ Q♠"]}, "hands": {"Ann": "", "Bob": "A♥ 9♣"}}
    assert SPEC.run(deal)["in_hand"] == {"Ann": 0, "Bob": 24}
    low = SPEC.run(deal, {"ace_in_hand": "low"})
    assert low["in_hand"] == {"Ann": 0, "Bob": 10} and low["melded"] == {"Ann": 35, "Bob": 0}
