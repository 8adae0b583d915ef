"""The bug, High Spade in the Hole, Two-Card Guts with a bump and who bets first in stud."""

from __future__ import annotations

import random

import pytest

from deckgen.cards import Card, Rank, Suit, joker, parse_cards
from deckgen.engine import poker_rank as pr
from deckgen.engine.base import ExampleError
from deckgen.engine.poker_home import BUG, GUTS, HIGH_SPADE, STUD_FIRST, bug_key5
from deckgen.engine.registry import get_game

DECK = [Card(Rank(r), s) for r in range(2, 15) for s in Suit]


def test_registered():
    for spec in (BUG, HIGH_SPADE, GUTS, STUD_FIRST):
        assert get_game(spec.name) is spec


@pytest.mark.parametrize(
    "hand, name",
    [
        ("Jk A♠ A♥ A♦ A♣", "Five of a kind, aces"),
        ("Jk A♥ K♥ Q♥ J♥", "Royal flush"),
        ("Jk 2♠ 3♥ 4♦ 5♣", "Straight, six high"),
        ("Jk K♠ K♥ 7♦ 2♣", "One pair, kings"),
        ("Jk 7♠ 7♥ 7♦ 2♣", "Three of a kind, sevens"),
        ("Jk K♠ K♥ Q♦ Q♣", "Two pair, kings and queens"),
        ("Jk 4♥ 9♥ J♥ 2♥", "Flush, ace high"),
        ("Jk A♥ 9♥ J♥ 2♥", "Flush, ace high"),
    ],
)
def test_bug_hands(hand, name):
    assert BUG.run({"hand": hand})["name"] == name


def test_bug_in_a_flush_with_its_ace_is_the_king():
    assert bug_key5(parse_cards("Jk A♥ 9♥ J♥ 2♥")) == (pr.FLUSH, 14, 13, 11, 9, 2)


def test_bug_never_beats_a_fully_wild_joker_and_never_loses_to_an_ace():
    """Against two bounds: the joker as any card at all, and the joker as an ace of each suit."""
    rng = random.Random(5)
    for _ in range(2000):
        four = rng.sample(DECK, 4)
        ranks = [int(c.rank) for c in four]
        key = bug_key5(four + [joker()])
        anything = max(pr.key5(ranks + [int(c.rank)], len({x.suit for x in four + [c]}) == 1) for c in DECK)
        as_ace = max(pr.key5(ranks + [14], len({x.suit for x in four}) == 1 and four[0].suit == s) for s in Suit)
        assert as_ace <= key <= anything
        if key > as_ace:
            assert key[0] in (pr.STRAIGHT, pr.FLUSH, pr.STRAIGHT_FLUSH)


def _spade(down: dict, up: dict, pot: int = 100) -> dict:
    return HIGH_SPADE.run({"down": down, "up": up, "pot": pot})


def test_high_spade_splits_and_the_odd_chip_goes_high():
    r = _spade({"A": "K♠ 2♥ 9♣", "B": "A♠ 3♦ 4♦"}, {"A": "K♥ K♦ 7♣ 2♣", "B": "8♦ 9♦ J♦ 5♥"}, 101)
    assert r["payouts"] == {"A": 51, "B": 50}


def test_high_spade_to_one_player_and_with_no_spade_down():
    r = _spade({"A": "A♠ K♥ 9♣", "B": "Q♦ 3♦ 4♦"}, {"A": "A♥ A♦ 7♣ 2♣", "B": "8♣ 9♥ J♥ 5♥"})
    assert r["payouts"] == {"A": 100, "B": 0}  # every player listed, 0 for nothing (the shared vocabulary)
    r = _spade({"A": "A♣ K♥ 9♣", "B": "Q♦ 3♦ 4♦"}, {"A": "A♥ A♦ 7♣ 2♣", "B": "8♣ 9♥ J♦ 5♠"})
    assert r["spade_winner"] == "" and r["payouts"] == {"A": 100, "B": 0}


def test_guts_one_tie_all_tie_and_the_blind_hand():
    tie = GUTS.run({"hands": {"A": "K♠ K♥ 5♦", "B": "K♦ K♣ 5♠"}, "blind": "2♠ 4♥ 9♦", "pot": 100})
    assert tie["winner"] == "" and tie["pays"] == {"A": 100, "B": 100} and tie["next_pot"] == 300
    blind = GUTS.run({"hands": {"A": "K♠ Q♥ 5♦"}, "blind": "A♠ A♥ 9♦", "pot": 100})
    assert blind["winner"] == "" and blind["next_pot"] == 200
    no_wild = GUTS.run({"hands": {"A": "K♠ K♥ 5♦", "B": "3♣ 7♦ 7♣"}, "blind": "2♠ 4♥ 9♦"}, {"wild": "none"})
    assert no_wild["winner"] == "A"


def test_stud_first_to_bet():
    assert STUD_FIRST.run({"showing": {"A": "K♠ Q♠ J♠", "B": "2♥ 2♣ 5♦"}})["first"] == "B"  # no straights or flushes
    assert STUD_FIRST.run({"showing": {"A": "K♠ 7♦", "B": "K♥ 7♣"}})["first"] == "A"  # tie: first clockwise
    low = STUD_FIRST.run({"showing": {"A": "2♠", "B": "2♣", "C": "K♦"}}, {"first_round": "low"})
    assert low["first"] == "B"
    later = STUD_FIRST.run({"showing": {"A": "2♠ 9♦", "B": "2♣ 3♥"}}, {"first_round": "low"})
    assert later["first"] == "A"


def test_one_bug_only():
    with pytest.raises(ExampleError, match="one bug"):
        BUG.run({"hands": {"A": "Jk1 2♠ 3♠ 4♠ 5♠", "B": "Jk2 2♥ 3♥ 4♥ 5♥"}})
    assert parse_cards("Jk")[0].is_joker
