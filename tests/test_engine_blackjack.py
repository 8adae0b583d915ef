"""Blackjack: soft and hard totals, the dealer's drawing rule (soft 17 both ways), and every settlement
of a round: naturals at 3:2 and 6:5, pushes, doubles, splits, insurance, busts on both sides.

Sources (named in rules/blackjack.md): the Paiute Palace and Elexus casino rules (3:2, push, double for
one card, split aces one card, no blackjack after a split, insurance up to half the bet paying 2:1,
dealer stands on all 17s or draws to soft 17), blackjack.ca (soft and hard hands), the Las Vegas
Advisor (6:5 naturals).
"""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.cards import parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.blackjack import BLACKJACK, dealer_must_draw, hand_value
from deckgen.resources import data_dir


def round_(dealer, players, rules=None, **extra):
    return BLACKJACK.run({"dealer": dealer, "players": players, **extra}, rules or {})


@pytest.mark.parametrize(
    "cards, total, soft",
    [
        ("A♠ 6♥", 17, True),
        ("A♠ 6♥ 10♦", 17, False),
        ("A♠ A♥", 12, True),
        ("A♠ A♥ A♦ A♣ 7♠", 21, True),
        ("K♠ Q♥", 20, False),
        ("K♠ Q♥ 2♦", 22, False),
        ("2♠ 3♥", 5, False),
    ],
)
def test_totals_count_an_ace_as_eleven_when_it_fits(cards, total, soft):
    assert hand_value(parse_cards(cards)) == (total, soft)
    r = BLACKJACK.run({"hand": cards}, {})
    assert (r["total"], r["soft"]) == (total, soft)


def test_a_natural_is_two_cards_making_21():
    assert BLACKJACK.run({"hand": "A♠ J♥"}, {})["natural"] is True
    assert BLACKJACK.run({"hand": "7♠ 7♥ 7♦"}, {})["natural"] is False


def test_the_dealer_stands_on_soft_17_unless_the_house_rule_says_hit():
    assert not dealer_must_draw(parse_cards("A♠ 6♥"), {"soft_17": "stand"})
    assert dealer_must_draw(parse_cards("A♠ 6♥"), {"soft_17": "hit"})
    assert not dealer_must_draw(parse_cards("10♠ 7♥"), {"soft_17": "hit"})
    ann = {"Ann": {"bet": 10, "cards": "10♦ 8♣"}}
    assert round_("A♠ 6♥", ann)["settlement"] == {"Ann": 10}
    assert round_("A♠ 6♥ 4♦", ann, {"soft_17": "hit"})["settlement"] == {"Ann": -10}
    with pytest.raises(ExampleError, match="must draw on soft 17"):
        round_("A♠ 6♥", ann, {"soft_17": "hit"})
    with pytest.raises(ExampleError, match="stands on soft 17"):
        round_("A♠ 6♥ 4♦", ann)


def test_a_full_round_settles_every_player_and_the_bank():
    r = round_("A♠ 5♥ 10♦ 3♣", {
        "Ann": {"bet": 10, "cards": "A♦ K♣"},
        "Bob": {"bet": 10, "cards": "5♣ 6♦ 9♥", "double": True},
        "Cy": {"bet": 10, "split": ["8♠ 3♦ K♠", "8♥ 10♣"], "insurance": 5},
        "Dee": {"bet": 5, "cards": "10♠ 9♣"},
    })
    assert r["dealer_total"] == 19 and r["dealer_outcome"] == "stands"
    assert r["totals"] == {"Ann": 21, "Bob": 20, "Cy": [21, 18], "Dee": 19}
    assert r["results"] == {"Ann": "blackjack", "Bob": "win", "Cy": ["win", "lose"], "Dee": "push"}
    assert r["settlement"] == {"Ann": 15, "Bob": 20, "Cy": -5, "Dee": 0}  # a push is listed as 0
    assert r["bank"] == -30


@pytest.mark.parametrize("bet, pays, won", [(10, "3:2", 15), (5, "3:2", 7.5), (10, "6:5", 12), (5, "6:5", 6)])
def test_naturals_pay_three_to_two_or_six_to_five(bet, pays, won):
    r = round_("10♣ 7♠", {"Ann": {"bet": bet, "cards": "A♦ K♣"}}, {"blackjack_pays": pays})
    assert r["settlement"]["Ann"] == won and r["bank"] == -won


def test_a_bust_loses_even_when_the_dealer_busts_later():
    r = round_("10♥ 6♣ 9♦", {"Ann": {"bet": 10, "cards": "10♠ 2♦"}, "Bob": {"bet": 10, "cards": "9♠ 5♦ K♦"}})
    assert r["dealer_outcome"] == "bust"
    assert r["results"] == {"Ann": "win", "Bob": "bust"} and r["bank"] == 0


def test_split_aces_take_one_card_and_ace_ten_after_a_split_is_not_a_blackjack():
    r = round_("10♥ 6♣ 5♦", {"Cy": {"bet": 10, "split": ["A♣ K♣", "A♥ 7♠"]}})
    assert r["results"]["Cy"] == ["push", "lose"] and r["settlement"]["Cy"] == -10  # 21 against 21
    with pytest.raises(ExampleError, match="one card each"):
        round_("10♥ 7♣", {"Cy": {"bet": 10, "split": ["A♣ 2♣ 3♦", "A♥ 7♠"]}})


def test_doubling_after_a_split_wins_four_times_the_bet_unless_the_house_forbids_it():
    players = {"Ann": {"bet": 25, "split": ["5♠ 6♥ K♣", "5♦ 5♣ J♦"], "double": [True, True]}}
    assert round_("10♣ 7♠", players)["settlement"] == {"Ann": 100}
    with pytest.raises(ExampleError, match="no doubling after a split"):
        round_("10♣ 7♠", players, {"double_after_split": False})


def test_insurance_pays_two_to_one_against_a_dealer_blackjack_and_is_lost_otherwise():
    hand = {"Ann": {"bet": 10, "cards": "10♣ 10♦", "insurance": 5}}
    assert round_("A♠ K♥", hand)["settlement"] == {"Ann": 0}
    assert round_("A♠ 7♥", hand)["settlement"] == {"Ann": 5}  # 20 beats 18, insurance lost


def test_a_dealer_blackjack_pushes_a_player_blackjack_and_beats_any_other_21():
    r = round_("A♠ K♥", {"Ann": {"bet": 10, "cards": "A♦ Q♣"}, "Bob": {"bet": 10, "cards": "7♠ 7♥ 7♦"}})
    assert r["results"] == {"Ann": "push", "Bob": "lose"} and r["dealer_outcome"] == "blackjack"


def test_the_dealer_need_not_draw_when_every_hand_is_settled():
    r = round_("10♥ 5♣", {"Ann": {"bet": 10, "cards": "10♠ 6♦ 9♣"}, "Bob": {"bet": 10, "cards": "A♦ K♣"}})
    assert r["settlement"] == {"Ann": -10, "Bob": 15}


def test_a_shoe_of_several_packs_allows_repeated_cards():
    players = {"Ann": {"bet": 10, "cards": "K♣ K♣"}}
    with pytest.raises(ExampleError) as err:
        round_("10♣ 7♠", players)
    assert err.value.field == "packs"
    assert round_("10♣ 7♠", players, packs=6)["results"] == {"Ann": "win"}


@pytest.mark.parametrize(
    "dealer, player, words",
    [
        ("10♣ 7♠", {"bet": 10, "cards": "5♣ 6♦ 9♥ 2♠", "double": True}, "exactly one more card"),
        ("10♣ 7♠", {"bet": 10, "cards": "K♦ Q♦ 2♠ 3♠"}, "already bust"),
        ("10♣ 7♠", {"bet": 10, "split": ["8♠ 3♦", "9♥ 10♣"]}, "only a pair"),
        ("10♣ 7♠", {"bet": 10, "cards": "10♦ 8♣", "insurance": 5}, "up card) is an ace"),
        ("A♣ 7♠", {"bet": 10, "cards": "10♦ 8♣", "insurance": 6}, "half the bet"),
        ("A♣ K♠", {"bet": 10, "cards": "5♣ 6♦ 9♥", "double": True}, "before anyone doubles"),
        ("10♣ 7♠", {"bet": 0, "cards": "10♦ 8♣"}, "1 or more"),
        ("10♣ 7♠", {"bet": 10, "cards": "10♦"}, "two cards"),
        ("10♣ 7♠", {"bet": 10, "cards": "10♦ 8♣", "surrender": True}, "unknown key 'surrender'"),
        ("10♣", {"bet": 10, "cards": "10♦ 8♣"}, "up card first"),
        ("10♣ 7♠", {"bet": 10, "cards": "10♦ Jk"}, "jokers"),
    ],
)
def test_a_round_that_cannot_happen_is_an_error(dealer, player, words):
    with pytest.raises(ExampleError, match=words.replace("(", r"\(").replace(")", r"\)")):
        round_(dealer, {"Ann": player})


def test_summary_and_records_say_who_wins_what():
    inputs = {"dealer": "A♠ K♥", "players": {"Ann": {"bet": 10, "cards": "10♣ 10♦", "insurance": 5},
                                            "Cy": {"bet": 10, "cards": "9♠ 9♥"}}}
    said = BLACKJACK.summary(inputs, BLACKJACK.defaults)
    assert said == ["The dealer has blackjack.", "Ann neither wins nor loses and Cy loses 10; the bank wins 10."]
    (record,) = BLACKJACK.records(inputs, BLACKJACK.defaults)
    assert record.rows[0] == ("Ann", "10", "10♣ 10♦", "", "lose; insurance 5 paid", "0")


def test_the_shipped_examples_pass():
    results = check_paths([data_dir("rules") / "blackjack.md"])
    assert len(results) >= 9 and all(not r.failures for r in results)


def test_what_the_example_does_not_give_is_not_worked_out():
    hand = BLACKJACK.run({"hand": "A♠ 6♥"}, {})
    assert "settlement" not in hand and "bank" not in hand and "dealer_outcome" not in hand
    table = round_("10♣ 7♠", {"Ann": {"bet": 10, "cards": "10♦ 8♣"}})
    assert "total" not in table and "soft" not in table


def test_every_shipped_result_lists_the_same_players_in_each_mapping():
    for result in check_paths([data_dir("rules") / "blackjack.md"]):
        computed = BLACKJACK.run(result.inputs, result.rules)
        keys = {frozenset(v) for k, v in computed.items() if isinstance(v, dict) and v}
        assert len(keys) <= 1, computed
