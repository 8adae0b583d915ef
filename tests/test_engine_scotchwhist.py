"""Scotch Whist: the jack of trumps on top, trick winners, honours and card points."""

from __future__ import annotations

import pytest

from deckgen.cards import Suit, parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.registry import get_game
from deckgen.engine.scotchwhist import HONOURS, SPEC, trick_winner


def test_registered():
    assert get_game("scotch-whist") is SPEC


def test_honours_add_up_to_thirty():
    assert sum(HONOURS.values()) == 30


@pytest.mark.parametrize(
    "trick, trumps, winner",
    [
        ("A♥ K♥ J♥ 6♣", Suit.HEARTS, 2),
        ("A♠ J♠ K♠ Q♠", Suit.HEARTS, 0),  # a plain jack is below the ace
        ("A♠ 6♥ K♠ Q♠", Suit.HEARTS, 1),  # the smallest trump beats the suit led
        ("9♣ A♦ 10♣ 7♣", Suit.HEARTS, 2),  # an off-suit ace never wins
    ],
)
def test_trick_winners(trick, trumps, winner):
    assert trick_winner(parse_cards(trick), trumps) == winner


def test_all_cards_to_one_side():
    r = SPEC.run({"trumps": "s", "honours": {"We": "J♠ A♠ K♠ Q♠ 10♠", "They": ""}, "cards": {"We": 36, "They": 0}})
    assert r["points"] == {"We": 30 + 18, "They": 0}


def test_bad_inputs():
    with pytest.raises(ExampleError, match="36-card pack"):
        SPEC.run({"trumps": "s", "trick": "5♠ 6♠"})
    with pytest.raises(ExampleError, match="all 36 cards"):
        SPEC.run({"trumps": "s", "honours": {"We": "", "They": ""}, "cards": {"We": 18, "They": 17}})

def test_honours_may_list_every_card_a_side_took():
    # Issue 36: a non-trump card under `honours` was refused ("list only trump honours"), so a side's
    # tricks could not be written as they were taken; now only the trump honours among them score
    # (Scotch whist scores "the trump honours it captures": J 11, A 4, K 3, Q 2, 10 10).
    r = SPEC.run({"trumps": "s", "honours": {"We": "J♥ A♠ 7♠ K♦", "They": "10♠"}, "cards": {"We": 18, "They": 18}})
    assert r["points"] == {"We": 4, "They": 10}
