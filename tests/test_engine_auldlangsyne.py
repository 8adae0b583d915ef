"""Auld Lang Syne: a deal played out four cards at a time, regardless of suit or in suit, with or without
building during a deal; the smallest result, a deal that comes out, and the inputs it refuses."""

import random

import pytest

from deckgen.booklet.check import check_paths
from deckgen.cards import Card, Rank, Suit, format_cards
from deckgen.engine.base import ExampleError, result_problems
from deckgen.engine.registry import get_game

ALS = get_game("auld-lang-syne")
assert ALS is not None

STOCK = [Card(r, s) for s in Suit for r in Rank if r != Rank.ACE]
COMES_OUT = ("2♠ 3♣ J♣ 5♣ 9♣ 2♥ 10♣ 4♥ Q♥ 2♣ 5♥ K♥ 6♦ K♠ 3♠ 5♦ Q♣ Q♠ 4♠ K♦ 10♦ 8♦ 3♥ Q♦ "
             "4♣ 8♠ 9♠ 7♦ 9♥ J♦ 8♣ 2♦ 7♥ 6♠ 7♣ 3♦ 10♠ 6♥ 6♣ J♥ 5♠ J♠ 7♠ 4♦ 10♥ 9♦ 8♥ K♣")


def test_a_deal_by_ranks_comes_out_whatever_the_rules():
    by_rank = format_cards(sorted(STOCK, key=lambda c: (int(c.rank), c.suit.value)))
    for rules in ({}, {"build": "suit"}, {"pause": True}):
        result = ALS.run({"dealt": by_rank}, rules)
        assert (result["home"], result["won"], result["tops"], result["piles"]) == (52, True, ["K"] * 4, 0)


def test_a_shuffled_deal_that_comes_out_only_when_built_after_each_deal():
    assert ALS.run({"dealt": COMES_OUT})["won"] is True
    assert ALS.run({"dealt": COMES_OUT}, {"pause": True})["home"] == 44
    assert ALS.run({"dealt": COMES_OUT}, {"build": "suit"})["home"] == 16


def test_building_regardless_of_suit_uses_the_first_foundation_that_fits():
    result = ALS.run({"dealt": "2♠ 2♥ 2♦ 2♣ 3♠ K♥ 4♦ 3♣"})
    assert (result["home"], result["tops"], result["piles"]) == (11, ["4", "3", "2", "2"], 1)
    in_suit = ALS.run({"dealt": "2♠ 2♥ 2♦ 2♣ 3♠ K♥ 4♦ 3♣"}, {"build": "suit"})
    assert (in_suit["home"], in_suit["tops"]) == (10, ["3", "2", "2", "3"])


def test_a_card_covered_in_the_same_deal_waits_unless_the_table_pauses():
    # the 3♥ waits on pile 2; the next deal's 2♠ lands on pile 1 and goes home, and only a table that
    # builds as cards land plays the 3♥ before the Q♥ covers it
    dealt = "K♠ 3♥ K♦ K♣ 2♠ Q♥ Q♦ Q♣"
    assert ALS.run({"dealt": dealt})["home"] == 5
    assert ALS.run({"dealt": dealt}, {"pause": True})["home"] == 6


def test_every_two_goes_home_so_no_full_deal_scores_under_eight():
    rnd = random.Random(37)
    for _ in range(200):
        cards = STOCK[:]
        rnd.shuffle(cards)
        result = ALS.run({"dealt": format_cards(cards)})
        assert 8 <= result["home"] <= 52
        assert result["home"] + result["piles"] == 52


def test_an_empty_deal_has_the_four_aces_home():
    result = ALS.run({"dealt": ""})
    assert (result["home"], result["won"], result["tops"]) == (4, False, ["A"] * 4)
    assert result_problems(ALS, result) == []


@pytest.mark.parametrize(
    ("dealt", "message"),
    [
        ("2♠ 3♠ 4♠", "dealt: 3 cards; the stock of 48 is dealt 4 at a time"),
        ("A♠ 2♠ 3♠ 4♠", "dealt: A♠ is not dealt: the aces start the foundations"),
        ("2♠ 2♠ 3♠ 4♠", "dealt: 2♠ is dealt twice"),
        ("Jk 2♠ 3♠ 4♠", "jokers are left out"),
        ("Zz 2♠ 3♠ 4♠", "Zz"),
    ],
)
def test_bad_deals(dealt, message):
    with pytest.raises(ExampleError, match=message):
        ALS.run({"dealt": dealt})


def test_explain_and_summary():
    assert ALS.explain({"dealt": COMES_OUT}, ALS.defaults) == [
        "48 cards dealt in 12 rounds of four", "foundations reach K, K, K, K: 52 cards home", "the patience comes out"]
    assert ALS.summary({"dealt": "2♠ 2♥ 2♦ 2♣ 3♠ K♥ 4♦ 3♣"}, ALS.defaults) == [
        "11 cards reach the foundations (4, 3, 2, 2); 1 stay on the piles."]


def test_check_reports_a_wrong_claim(tmp_path):
    page = tmp_path / "a.md"
    page.write_text("```deckgen\ngame: auld-lang-syne\ndealt: 2♠ 2♥ 2♦ 2♣\nexpect:\n  home: 9\n```\n", encoding="utf-8")
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:5: auld-lang-syne: home: expected 9, got 8"]
