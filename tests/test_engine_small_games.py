"""Casino, Crazy Eights and Old Maid: each scoring rule with exact figures, and bad inputs named."""

from __future__ import annotations

import pytest

from deckgen.cards import parse_cards
from deckgen.engine import casino, crazyeights, oldmaid
from deckgen.engine.base import ExampleError
from deckgen.engine.registry import get_game


def test_registered():
    assert get_game("casino") is casino.SPEC
    assert get_game("crazy-eights") is crazyeights.SPEC
    assert get_game("old-maid") is oldmaid.SPEC


def test_casino_eleven_points_in_a_deal_without_sweeps():
    deck = parse_cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♥ 10♦ A♦ A♣")
    r = casino.SPEC.run({"captures": {"Ann": deck[:10], "Bob": deck[10:]}})
    assert r["points"] == {"Ann": 3 + 1 + 1 + 1, "Bob": 2 + 3}  # Ann: cards, spades, little casino, A♠
    assert sum(r["points"].values()) == 11
    assert r["cards"] == {"Ann": 10, "Bob": 7}


def test_casino_ties_score_nothing_and_sweeps_are_a_house_rule():
    inputs = {"captures": {"Ann": "10♦", "Bob": "2♠"}, "cards": {"Ann": 26, "Bob": 26},
              "spades": {"Ann": 6, "Bob": 6}, "sweeps": {"Ann": 2}}
    assert casino.SPEC.run(inputs)["points"] == {"Ann": 4, "Bob": 1}
    assert casino.SPEC.run(inputs, {"sweeps_count": False})["points"] == {"Ann": 2, "Bob": 1}


def test_casino_counts_must_cover_the_listed_cards():
    with pytest.raises(ExampleError, match="fewer than the cards listed"):
        casino.SPEC.run({"captures": {"Ann": "A♠ A♥", "Bob": ""}, "cards": {"Ann": 1, "Bob": 0}})
    with pytest.raises(ExampleError, match="more cards or spades"):
        casino.SPEC.run({"captures": {"Ann": "", "Bob": ""}, "cards": {"Ann": 30, "Bob": 30}})


def test_crazy_eights_playable_and_points():
    r = crazyeights.SPEC.run({"top": "8♠", "suit": "h", "hand": "8♦ 5♥ K♠ 2♣"})
    assert [str(c) for c in r["playable"]] == ["8♦", "5♥"]
    r = crazyeights.SPEC.run({"winner": "Ann", "hands": {"Bob": "8♣ K♦ 3♥", "Cy": "A♠ 10♥"}, "scores": {"Ann": 70}})
    assert r["points"] == 74 and r["totals"] == {"Ann": 144, "Bob": 0, "Cy": 0} and r["winner"] == "Ann"
    assert crazyeights.SPEC.run({"winner": "Ann", "hands": {"Bob": "8♣"}}, {"eight_points": 20})["points"] == 20


def test_crazy_eights_suit_only_on_an_eight():
    with pytest.raises(ExampleError, match="only when the top card is an eight"):
        crazyeights.SPEC.run({"top": "7♠", "suit": "h", "hand": "5♥"})


def test_old_maid_pairs_by_rank_and_by_colour():
    r = oldmaid.SPEC.run({"hands": {"Ann": "Q♥ Q♦ Q♠ 7♠ 7♥"}})
    assert r["pairs"] == {"Ann": 2} and r["kept"] == {"Ann": "Q♠"} and r["old_maid"] == "Ann"
    r = oldmaid.SPEC.run({"hands": {"Ann": "Q♥ Q♦ Q♠ 7♠ 7♥"}}, {"match": "colour"})
    assert r["pairs"] == {"Ann": 1} and r["kept"] == {"Ann": "Q♠ 7♠ 7♥"} and r["old_maid"] == ""


def test_old_maid_removed_card_cannot_be_dealt():
    with pytest.raises(ExampleError, match="taken out"):
        oldmaid.SPEC.run({"hands": {"Ann": "Q♣ 2♠"}})


def test_casino_counting_out_is_a_house_rule():
    # Issue 36: when both players pass the game total in one deal, the usual rule (and the engine's)
    # gives the game to the higher total; counting out, the points are counted in the order of the
    # scoring table with the sweeps last (Wikipedia, "Casino (card game)": "Points for sweeps are
    # awarded after the base 11 points, in the event that two players reach 21 in the same round"),
    # and the first to reach the total wins.
    from deckgen.engine.casino import SPEC as CASINO

    deal = {"captures": {"Ann": "10♦ 2♠ A♥", "Bob": "A♠ A♦ A♣"}, "cards": {"Ann": 22, "Bob": 30},
            "spades": {"Ann": 8, "Bob": 5}, "sweeps": {"Bob": 2}, "scores": {"Ann": 19, "Bob": 16}}
    assert CASINO.run(deal)["totals"] == {"Ann": 24, "Bob": 24}
    assert CASINO.run(deal)["winner"] == ""  # level: nobody alone at the top
    # counted out: Bob's most cards (19), Ann's most spades (20), Ann's big casino (22): Ann is out first
    assert CASINO.run(deal, {"count_out": True})["winner"] == "Ann"
    ahead = dict(deal, scores={"Ann": 19, "Bob": 18})  # Bob 26, Ann 24: the higher total is Bob...
    assert CASINO.run(ahead)["winner"] == "Bob"
    assert CASINO.run(ahead, {"count_out": True})["winner"] == "Bob"  # ...and he counts out first with most cards (21)


def test_a_blocked_crazy_eights_hand_scores_the_lowest_count():
    # Issue 36: a blocked hand (the stock gone, nobody able to play) could not be written. The rule
    # (Board Game Arena's Crazy Eights help, after Wikipedia): "If the players run out of cards in
    # the deck, the player with the lowest point score in their hand scores the difference between
    # that hand and each opponent's hand."
    from deckgen.engine.crazyeights import SPEC as EIGHTS

    hands = {"Ann": "3♠ 4♥", "Bob": "K♣ 9♦", "Cy": "8♠"}  # counts 7, 19, 50
    r = EIGHTS.run({"hands": hands, "blocked": True, "scores": {"Ann": 90}})
    assert (r["scorer"], r["points"]) == ("Ann", (19 - 7) + (50 - 7))
    assert r["totals"] == {"Ann": 145, "Bob": 0, "Cy": 0} and r["winner"] == "Ann"
    tie = EIGHTS.run({"hands": {"Ann": "3♠ 4♥", "Bob": "7♣", "Cy": "8♠"}, "blocked": True})
    assert (tie["scorer"], tie["points"], tie["winner"]) == ("", 0, "")
    assert EIGHTS.run({"winner": "Ann", "hands": {"Bob": "K♣"}})["scorer"] == "Ann"
