"""Farmer: counts to 16, the tie-break order for the farm, and every payment of a deal."""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError
from deckgen.engine.farmer import FARMER


def run(hands, farmer="Cy", **extra):
    rules = extra.pop("rules", {})
    return FARMER.run({"hands": hands, "farmer": farmer, **extra}, rules)


def test_counts_ace_one_courts_ten():
    r = run({"Ann": "A♠ K♥ 5♦", "Bob": "Q♣ J♦", "Cy": "9♠ 7♣"})
    assert r["counts"] == {"Ann": 16, "Bob": 20, "Cy": 16}
    assert r["busted"] == ["Bob"]


def test_a_single_sixteen_takes_the_farm():
    r = run({"Ann": "10♠ 4♥", "Bob": "9♣ 7♦", "Cy": "5♠ A♥ 3♦"}, farm=5)
    assert r["farm_winner"] == "Bob"
    assert r["net"] == {"Ann": -1, "Bob": 7, "Cy": -1}  # farm 5 plus three antes
    assert r["farm"] == 0 and r["next_farmer"] == "Bob"


def test_tie_six_of_hearts_first():
    r = run({"Ann": "K♠ 6♥", "Bob": "9♣ 7♦", "Cy": "5♠ A♥ K♦"})
    assert r["farm_winner"] == "Ann"


def test_tie_fewest_cards_second():
    r = run({"Ann": "K♠ 4♥ 2♦", "Bob": "9♣ 7♦", "Cy": "5♠ A♥ K♦"})
    assert r["farm_winner"] == "Bob"


def test_tie_the_farmer_third():
    r = run({"Ann": "K♠ 4♥ 2♦", "Bob": "9♣ 7♦", "Cy": "10♠ 5♥ A♦", "Dee": "9♥ 7♠"}, farmer="Dee")
    assert r["farm_winner"] == "Dee"


def test_tie_first_to_the_farmers_left_last():
    # seats Ann, Bob, Cy, Dee clockwise; the farmer Cy; first to the left is Dee, then Ann, then Bob
    hands = {"Ann": "10♠ 3♥ 3♦", "Bob": "9♣ 4♦ 3♣", "Cy": "2♠ 3♠ 4♠", "Dee": "J♣ 5♥ A♣"}
    assert run(hands)["farm_winner"] == "Dee"
    hands["Dee"] = "J♣ 4♥"
    assert run(hands)["farm_winner"] == "Ann"
    hands["Ann"] = "10♠ 3♥"
    assert run(hands)["farm_winner"] == "Bob"


def test_no_sixteen_lower_hands_pay_the_closest_and_busts_pay_the_farmer():
    hands = {"Ann": "10♠ 5♥", "Bob": "9♣ 5♦", "Cy": "7♠ 2♥ 3♦", "Dee": "Q♣ 9♥", "Eve": "2♣ 3♣"}
    r = run(hands, farm=3)
    assert r["farm_winner"] == "" and r["closest"] == ["Ann"]
    # Ann collects from Bob, Cy and Eve; Dee is bust and pays the farmer Cy; everyone anted 1
    assert r["net"] == {"Ann": 2, "Bob": -2, "Cy": -1, "Dee": -2, "Eve": -2}
    assert r["farm"] == 8 and r["next_farmer"] == "Cy"


def test_tied_closest_split_the_side_pot_and_the_remainder_joins_the_farm():
    hands = {"Ann": "10♠ 5♥", "Bob": "9♣ 5♦", "Cy": "7♠ 2♥ 3♦", "Dee": "Q♣ 9♥", "Eve": "2♣ 3♣", "Fay": "K♦ 5♠"}
    r = run(hands, rules={"ante": 2})
    assert r["closest"] == ["Ann", "Fay"]
    # Bob, Cy and Eve pay 2 each: 6 split 3 and 3
    # Dee is bust and pays 2 to the farmer Cy, who also pays 2 to the closest
    assert r["net"] == {"Ann": 1, "Bob": -4, "Cy": -2, "Dee": -4, "Eve": -4, "Fay": 1}
    assert r["farm"] == 12
    r = run({"Ann": "10♠ 5♥", "Bob": "9♣ 5♦", "Cy": "K♦ 5♠"})
    # one payer (Bob) for two closest: 1 chip cannot be split, it joins the farm
    assert r["net"] == {"Ann": -1, "Bob": -2, "Cy": -1} and r["farm"] == 4


def test_a_bust_farmer_pays_nobody():
    r = run({"Ann": "10♠ 5♥", "Bob": "9♣ 5♦", "Cy": "K♦ Q♠"})
    assert r["busted"] == ["Cy"] and r["closest"] == ["Ann"]
    assert r["net"] == {"Ann": 0, "Bob": -2, "Cy": -1}  # Cy loses only the ante
    assert r["farm"] == 3


def test_target_is_a_house_rule():
    assert run({"Ann": "10♠ 5♥", "Bob": "9♣ 5♦"}, "Ann", rules={"target": 15})["farm_winner"] == "Ann"


@pytest.mark.parametrize(
    ("hands", "farmer", "message"),
    [
        ({"Ann": "8♠ 5♥", "Bob": "9♣ 5♦"}, "Ann", "hands: Ann's 8♠ is not in the farmer deck"),
        ({"Ann": "6♠ 5♥", "Bob": "9♣ 5♦"}, "Ann", "hands: Ann's 6♠ is not in the farmer deck"),
        ({"Ann": "10♠", "Bob": "9♣ 5♦"}, "Ann", "hands: Ann has 1 card"),
        ({"Ann": "10♠ 5♥", "Bob": "9♣ 5♦"}, "Zed", "farmer: unknown player 'Zed': expected one of Ann, Bob"),
        ({"Ann": "10♠ 5♥", "Bob": "10♠ 5♦"}, "Ann", "card 10♠ is dealt 2 times"),
        ({"Ann": "10♠ 5♥"}, "Ann", "hands: expected"),
    ],
)
def test_bad_inputs(hands, farmer, message):
    with pytest.raises(ExampleError, match=message):
        run(hands, farmer)


def test_explain():
    lines = FARMER.explain({"hands": {"Ann": "10♠ 6♥", "Bob": "Q♣ 9♥"}, "farmer": "Bob"}, FARMER.defaults)
    assert lines == ["Ann: 10♠ 6♥ = 16", "Bob (farmer): Q♣ 9♥ = 19 bust", "Ann takes the farm"]


def test_check_reports_a_wrong_farmer_claim(tmp_path):
    page = tmp_path / "farmer.md"
    page.write_text(
        "```deckgen\ngame: farmer\nfarmer: Bob\nhands:\n  Ann: K♠ 6♥\n  Bob: 9♣ 7♦\nexpect:\n  farm_winner: Bob\n```\n",
        encoding="utf-8",
    )
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:8: farmer: farm_winner: expected Bob, got Ann"]
