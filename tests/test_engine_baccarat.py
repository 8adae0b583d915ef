"""Baccarat: points, naturals, the punto banco tableau cell by cell, chemin de fer's fixed plays, and the money.

Sources (named in rules/baccarat.md): the punto banco tableau and 1:1 / 5 % commission as a casino's
published rules give them (Scribd) and baccara.casinos-guides.com; the tie at 8 to 1 (Canadian Casino
Service); chemin de fer's punter (draw 0-4, free on 5, stand 6-7) and banker (draw 0-2, stand on 7) from
the Casino Campione and Casino Sanremo pages.
"""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.cards import parse_card, parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.baccarat import BACCARAT, bank_draws, explain, point, records, summary
from deckgen.resources import data_dir

#: The tableau as the Scribd casino rules print it: the bank's point (7 down to 0), then for the
#: player's third card worth 0 to 9, H (draw) or S (stand).
PRINTED = {
    7: "SSSSSSSSSS",
    6: "SSSSSSHHSS",
    5: "SSSSHHHHSS",
    4: "SSHHHHHHSS",
    3: "HHHHHHHHSH",
    2: "HHHHHHHHHH",
    1: "HHHHHHHHHH",
    0: "HHHHHHHHHH",
}
CARD_OF = {0: "K♠", 1: "A♠", 2: "2♠", 3: "3♠", 4: "4♠", 5: "5♠", 6: "6♠", 7: "7♠", 8: "8♠", 9: "9♠"}


def run(inputs, rules=None):
    return BACCARAT.run(inputs, rules or {})


def test_points_are_the_last_digit_with_tens_and_courts_nothing():
    assert point(parse_cards("7♠ 8♥")) == 5
    assert point(parse_cards("K♠ Q♥")) == 0
    assert point(parse_cards("A♠ 8♥")) == 9
    assert point(parse_cards("5♠ 5♥ 10♦")) == 0


@pytest.mark.parametrize("bank", sorted(PRINTED))
def test_the_tableau_matches_the_printed_chart_cell_by_cell(bank):
    got = "".join("H" if bank_draws(bank, parse_card(CARD_OF[v])) else "S" for v in range(10))
    assert got == PRINTED[bank]
    assert bank_draws(bank, None) is (bank <= 5)


def test_a_coup_pays_the_player_side_even_and_the_bank_side_less_commission():
    r = run({"player": "2♠ K♥ 8♦", "banker": "K♣ 3♠", "bets": {"Ann": {"banker": 20}, "Bob": {"player": 10}}})
    assert (r["player_point"], r["banker_point"]) == (0, 3) and r["winner"] == "banker"
    assert r["payouts"] == {"Ann": 19, "Bob": -10} and r["house"] == -9
    assert run({"player": "2♠ K♥ 8♦", "banker": "K♣ 3♠", "bets": {"Ann": {"banker": 10}}})["payouts"] == {"Ann": 9.5}


def test_a_house_rule_commission_changes_the_payment():
    coup = {"player": "2♠ K♥ 8♦", "banker": "K♣ 3♠", "bets": {"Ann": {"banker": 20}}}
    assert run(coup, {"commission": 0})["payouts"] == {"Ann": 20}


def test_a_tie_pays_eight_to_one_and_side_bets_stand_off():
    r = run({"player": "6♠ K♥", "banker": "2♣ 4♦", "bets": {"Ann": {"banker": 20}, "Bob": {"tie": 5, "player": 5}}})
    assert r["tie"] and r["winner"] == ""
    assert r["payouts"] == {"Ann": 0, "Bob": 40} and r["house"] == -40
    assert run({"player": "6♠ K♥", "banker": "2♣ 4♦", "bets": {"Bob": {"tie": 5}}}, {"tie_pays": 9})["payouts"] == {"Bob": 45}


def test_naturals_stop_all_drawing():
    r = run({"player": "9♠ K♥", "banker": "4♣ 4♠"})
    assert r["naturals"] == ["player", "banker"] and r["winner"] == "player"
    with pytest.raises(ExampleError, match="natural 8"):
        run({"player": "2♠ 2♥ 5♦", "banker": "4♣ 4♠"})


@pytest.mark.parametrize(
    "player, banker, field, words",
    [
        ("2♠ 3♥", "K♣ 7♠", "player", "draws on 5"),
        ("3♠ 3♥ 2♦", "K♣ 7♠", "player", "stands on 6"),
        ("2♠ 2♥ 8♦", "K♣ 3♠ 4♥", "banker", "stands on 3"),
        ("2♠ 2♥ 7♦", "K♣ 6♠", "banker", "draws on 6"),
        ("3♠ 3♥", "K♣ 5♠", "banker", "draws on 5 when the player stands"),
    ],
)
def test_punto_banco_hands_that_break_the_tableau_are_errors(player, banker, field, words):
    with pytest.raises(ExampleError) as err:
        run({"player": player, "banker": banker})
    assert err.value.field == field and words in str(err.value)


def test_chemin_de_fer_leaves_the_punter_free_on_five_and_the_banker_on_three_to_six():
    stood = run({"variant": "chemin-de-fer", "player": "7♠ 8♥", "banker": "K♣ 3♠ 5♥", "stake": 100})
    assert stood["banker_wins"] == 100 and stood["winner"] == "banker"
    drew = run({"variant": "chemin-de-fer", "player": "7♠ 8♥ 4♦", "banker": "K♣ 3♠", "stake": 100})
    assert drew["banker_wins"] == -100
    tie = run({"variant": "chemin-de-fer", "player": "3♠ 2♥ 2♦", "banker": "5♣ 2♠", "stake": 100})
    assert tie["tie"] and tie["banker_wins"] == 0


@pytest.mark.parametrize(
    "player, banker, words",
    [
        ("2♠ 2♥", "K♣ 7♠", "must draw on 4"),
        ("3♠ 3♥ 2♦", "K♣ 7♠", "stands on 6"),
        ("3♠ 3♥", "K♣ 2♠", "must draw on 2"),
        ("2♠ 2♥ 3♦", "K♣ 7♠ 2♣", "stands on 7"),
    ],
)
def test_chemin_de_fer_fixed_plays_are_checked(player, banker, words):
    with pytest.raises(ExampleError, match=words):
        run({"variant": "chemin-de-fer", "player": player, "banker": banker, "stake": 10})


@pytest.mark.parametrize(
    "inputs, field",
    [
        ({"player": "9♠", "banker": "4♣ 4♠"}, "player"),
        ({"player": "9♠ K♥", "banker": "4♣ 4♠", "variant": "dragon-tiger"}, "variant"),
        ({"player": "9♠ K♥", "banker": "9♠ 4♠"}, "packs"),
        ({"player": "9♠ K♥", "banker": "4♣ 4♠", "bets": {"Ann": {"dragon": 5}}}, "bets"),
        ({"player": "9♠ K♥", "banker": "4♣ 4♠", "bets": {"Ann": {"tie": 0}}}, "bets"),
        ({"player": "9♠ K♥", "banker": "4♣ 4♠", "stake": 10}, "stake"),
        ({"variant": "chemin-de-fer", "player": "9♠ K♥", "banker": "4♣ 4♠", "bets": {"Ann": {"tie": 5}}}, "bets"),
        ({"player": "9♠ Jk", "banker": "4♣ 4♠"}, "player"),
    ],
)
def test_bad_inputs_are_errors_naming_the_field(inputs, field):
    with pytest.raises(ExampleError) as err:
        run(inputs)
    assert err.value.field == field


def test_money_that_the_example_does_not_give_is_not_worked_out():
    r = run({"player": "9♠ K♥", "banker": "4♣ 4♠"})
    assert "payouts" not in r and "house" not in r and "banker_wins" not in r
    chemin = run({"variant": "chemin-de-fer", "player": "9♠ K♥", "banker": "4♣ 4♠"})
    assert "banker_wins" not in chemin and "payouts" not in chemin


def test_a_shoe_allows_repeated_cards():
    assert run({"player": "9♠ K♥", "banker": "9♠ 4♠", "packs": 6})["winner"] == "player"


def test_summary_says_the_points_and_the_money():
    said = BACCARAT.summary({"player": "6♠ K♥", "banker": "2♣ 4♦", "bets": {"Ann": {"banker": 20}, "Bob": {"tie": 5}}},
                            BACCARAT.defaults)
    assert said == ["A tie at 6.", "Ann's bet stands off; Bob wins 40."]


def test_the_shipped_examples_pass():
    results = check_paths([data_dir("rules") / "baccarat.md"])
    assert len(results) >= 7 and all(not r.failures for r in results)


# ----------------------------------------------------------------------------- baccarat banque

BANQUE = {"variant": "banque", "banker": "K♣ 6♠", "right": "2♠ 3♥ 3♣", "left": "2♣ 3♦ 10♠"}


def test_banque_each_tableau_against_the_banker_and_the_stakes_across_both():
    r = run(BANQUE | {"bets": {"Ann": {"right": 20}, "Bob": {"left": 10}, "Cy": {"both": 10}}})
    assert (r["banker_point"], r["right_point"], r["left_point"]) == (6, 8, 5)
    assert (r["right_result"], r["left_result"]) == ("win", "lose")
    assert r["payouts"] == {"Ann": 20, "Bob": -10, "Cy": 0}  # across a win and a loss the stake stands
    assert r["banker_wins"] == -10
    for gone in ("player_point", "winner", "tie", "house"):
        assert gone not in r


@pytest.mark.parametrize(
    ("right", "left", "both"),
    [
        ("2♠ 3♥ 3♣", "4♣ 2♦", 10),   # 8 and 6 against 6: a win and a tie, half won
        ("4♠ 2♥", "2♣ 3♦ 10♠", -10),   # a tie and a loss: half lost
        ("2♠ 3♥ 3♣", "4♣ A♦ 3♠", 20),  # both win
        ("3♠ 2♥ K♦", "2♣ 3♦ 10♠", -20),  # both lose
        ("4♠ 2♥", "4♣ 2♦", 0),          # both tie: the stake stands
    ],
)
def test_banque_a_stake_across_both_tableaux(right, left, both):
    r = run(BANQUE | {"right": right, "left": left, "bets": {"Ann": {"both": 20}}})
    assert r["payouts"] == {"Ann": both}


def test_banque_naturals_and_the_punters_draws_are_checked_not_the_bankers():
    natural = run({"variant": "banque", "banker": "K♣ 9♠", "right": "9♦ K♥", "left": "5♣ 2♦"})
    assert (natural["naturals"], natural["right_result"], natural["left_result"]) == (["banker", "right"], "tie", "lose")
    # the banker may draw or stand as he judges: 6 drawing, 3 standing are both his choice
    assert run(BANQUE | {"banker": "K♣ 6♠ A♥"})["banker_point"] == 7
    assert run(BANQUE | {"banker": "K♣ 3♠"})["banker_point"] == 3


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"right": "2♠ 2♥"}, "right", "the punter must draw on 4"),
        ({"left": "4♥ 2♦ 10♠"}, "left", "the punter stands on 6"),
        ({"banker": "K♣ 8♠", "left": "2♣ 3♦ 10♠"}, "right", "a natural was dealt \\(the banker\\)"),
        ({"banker": "K♣ 8♠ 2♦"}, "banker", "a natural 8 was dealt"),
        ({"player": "9♠ K♥"}, "player", "baccarat banque has two tableaux"),
        ({"bets": {"Ann": {"player": 5}}}, "bets", "expected one of right, left, both"),
        ({"variant": "punto-banco", "player": "9♠ K♥"}, "right", "the two tableaux belong to baccarat banque"),
    ],
)
def test_banque_bad_inputs(change, field, words):
    with pytest.raises(ExampleError, match=words) as err:
        run(BANQUE | change)
    assert err.value.field == field


def test_banque_words():
    inputs = BANQUE | {"bets": {"Ann": {"right": 20}, "Cy": {"both": 10}}}
    assert summary(inputs, {}) == [
        "The banker has 6: the right tableau's 8 beats the banker, the left's 5 loses to him.",
        "Ann wins 20; Cy's stakes stand; the banker pays 20.",
    ]
    assert explain(inputs, {})[-1] == "The banker: -20"
    (record,) = records(inputs, {})
    assert record.rows == (("Ann", "20 on the right tableau", "+20"), ("Cy", "10 on both tableaux", "0"))
