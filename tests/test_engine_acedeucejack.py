"""Ace-Deuce-Jack: who wins a round, the payouts, and the exact odds of the game."""

from fractions import Fraction

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.acedeucejack import ACE_DEUCE_JACK, house_edge, player_win_chance
from deckgen.engine.base import ExampleError


def test_no_ace_deuce_or_jack_pays_every_player_even_money():
    r = ACE_DEUCE_JACK.run({"cards": "5♠ K♦ 9♥", "bets": {"Ann": 3, "Bob": 5}})
    assert (r["banker_wins"], r["payouts"], r["banker_net"]) == (False, {"Ann": 3, "Bob": 5}, -8)


@pytest.mark.parametrize("card", ["A♣", "2♦", "J♥"])
def test_any_ace_deuce_or_jack_takes_every_bet(card):
    r = ACE_DEUCE_JACK.run({"cards": f"5♠ {card} 9♥", "bets": {"Ann": 3, "Bob": 5}})
    assert (r["banker_wins"], r["payouts"], r["banker_net"]) == (True, {"Ann": -3, "Bob": -5}, 8)


def test_the_odds_are_exact():
    assert player_win_chance(ACE_DEUCE_JACK.defaults) == Fraction(494, 1105)  # C(40,3)/C(52,3)
    assert house_edge(ACE_DEUCE_JACK.defaults) == Fraction(117, 1105)  # "a shade over 10%"
    r = ACE_DEUCE_JACK.run({})
    assert (r["player_win_chance"], r["house_edge"]) == ("44.71%", "10.59%")


def test_banker_ranks_are_a_house_rule():
    r = ACE_DEUCE_JACK.run({"cards": "5♠ J♦ 9♥", "bets": {"Ann": 4}}, {"banker_ranks": ["A", "2"]})
    assert r["banker_wins"] is False and r["payouts"] == {"Ann": 4}
    assert r["player_win_chance"] == "59.93%" and r["house_edge"] == "-19.86%"


@pytest.mark.parametrize(
    ("inputs", "rules", "message"),
    [
        ({"cards": "5♠ K♦", "bets": {"Ann": 1}}, {}, "cards: expected the 3 cards shown by the banker, got 2"),
        ({"cards": "5♠ K♦ 5♠"}, {}, "card 5♠ is dealt 2 times"),
        ({"cards": "5♠ K♦ 9♥", "bets": {"Ann": 0}}, {}, "bets: Ann's bet must be a whole number of chips, 1 or more"),
        ({"cards": "5♠ K♦ 9♥"}, {"banker_ranks": ["A", "X"]}, "rules.banker_ranks: 'X' is not a rank"),
    ],
)
def test_bad_inputs(inputs, rules, message):
    with pytest.raises(ExampleError, match=message):
        ACE_DEUCE_JACK.run(inputs, rules)


def test_explain():
    lines = ACE_DEUCE_JACK.explain({"cards": "5♠ J♦ 9♥", "bets": {"Ann": 2}}, ACE_DEUCE_JACK.defaults)
    assert lines == ["5♠ J♦ 9♥: the banker takes every bet", "The banker's result: +2",
                     "A player wins 44.71% of rounds; the banker's edge is 10.59%"]


def test_check_reports_a_wrong_ace_deuce_jack_claim(tmp_path):
    page = tmp_path / "adj.md"
    page.write_text(
        "```deckgen\ngame: ace-deuce-jack\ncards: 5♠ J♦ 9♥\nexpect:\n  banker_wins: false\n```\n", encoding="utf-8"
    )
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:5: ace-deuce-jack: banker_wins: expected false, got true"]
