"""Canasta: card values against the published table, melds, bonuses, red threes and the score sheet."""

from __future__ import annotations

import pytest

from deckgen.cards import Card, Rank, Suit, joker, parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.canasta import SHEET_SPEC, SPEC, card_value, check_meld, minimum_first_meld
from deckgen.engine.registry import get_game

#: The published canasta card values (red threes are bonuses, never counted as cards).
PUBLISHED = {"Jk": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
             "7": 5, "6": 5, "5": 5, "4": 5, "black 3": 5}


def test_registered():
    assert get_game("canasta") is SPEC and get_game("canasta-sheet") is SHEET_SPEC


def test_every_card_against_the_published_table():
    assert card_value(joker()) == PUBLISHED["Jk"]
    for suit in Suit:
        for rank in Rank:
            card = Card(rank, suit)
            if rank == Rank.THREE and card.is_red:
                with pytest.raises(ExampleError, match="red three"):
                    card_value(card)
                continue
            label = "black 3" if rank == Rank.THREE else rank.label
            assert card_value(card) == PUBLISHED[label], card


@pytest.mark.parametrize(
    "meld, kind",
    [("K♠ K♥ K♦", "meld"), ("9♠ 9♥ 9♦ 9♣ 9♠ 9♥ 9♦", "natural canasta"), ("9♠ 9♥ 2♦ Jk 9♣ 9♠ 9♥", "mixed canasta")],
)
def test_meld_kinds(meld, kind):
    assert check_meld(parse_cards(meld), SPEC.defaults, False) == kind


@pytest.mark.parametrize(
    "meld, message",
    [("K♠ 2♥ Jk", "two natural"), ("K♠ K♥ 2♦ 2♣ Jk 2♠", "at most 3"), ("3♠ 3♣ 3♠", "black threes"), ("K♠ Q♠ J♠", "not a meld")],
)
def test_illegal_melds(meld, message):
    with pytest.raises(ExampleError, match=message):
        check_meld(parse_cards(meld), SPEC.defaults, False)


def test_red_threes_and_going_out_rules():
    four = {"We": {"melds": ["K♠ K♥ K♦"], "red_threes": 4}, "They": {"hands": "5♠"}}
    assert SPEC.run({"sides": four})["bonuses"] == {"We": 800, "They": 0}
    unmelded = {"We": {"red_threes": 1, "hands": "4♠"}, "They": {"melds": ["Q♠ Q♥ Q♦"]}}
    assert SPEC.run({"sides": unmelded})["points"] == {"We": -105, "They": 30}
    with pytest.raises(ExampleError, match="needs a canasta"):
        SPEC.run({"sides": {"We": {"melds": ["K♠ K♥ K♦"], "out": True}, "They": {}}})


def test_first_meld_thresholds():
    assert [minimum_first_meld(s) for s in (-5, 0, 1495, 1500, 2995, 3000)] == [15, 50, 50, 90, 90, 120]


def test_sheet_and_game_end():
    r = SHEET_SPEC.run({"deals": [{"We": 2600, "They": 1000}, {"We": 2450, "They": 3000}]})
    assert r["running"] == {"We": [2600, 5050], "They": [1000, 4000]}
    assert r["winner"] == "We" and r["first_meld"] == {"We": 120, "They": 120}
