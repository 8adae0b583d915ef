"""Cucumber: the taker of a trick, the last trick's penalty and refunds, cucumbers and knock-outs."""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError
from deckgen.engine.cucumber import CUCUMBER

SCORES = {"Ann": 3, "Bob": 8, "Cy": 12, "Dee": 5}


def test_highest_card_takes_and_pays_its_value():
    r = CUCUMBER.run({"trick": {"Ann": "9♠", "Bob": "K♥", "Cy": "4♦"}})
    assert (r["taker"], r["penalty"], r["changes"]) == ("Bob", 13, {"Ann": 0, "Bob": 13, "Cy": 0})


@pytest.mark.parametrize(("card", "value"), [("A♣", 14), ("K♣", 13), ("Q♣", 12), ("J♣", 11), ("10♣", 10), ("2♣", 2)])
def test_card_values(card, value):
    assert CUCUMBER.run({"trick": {"Ann": "2♥" if card != "2♣" else "2♥", "Bob": card}})["penalty"] == value


def test_tie_last_played_takes_others_take_off_but_not_below_zero():
    r = CUCUMBER.run({"trick": {"Ann": "Q♠", "Bob": "Q♥", "Cy": "Q♦", "Dee": "4♣"}, "scores": SCORES})
    assert r["taker"] == "Cy"
    assert r["changes"] == {"Ann": -3, "Bob": -8, "Cy": 12, "Dee": 0}
    assert r["totals"] == {"Ann": 0, "Bob": 0, "Cy": 5, "Dee": 5}  # Cy reaches 24: cucumber, reset to 5
    assert r["cucumbers"] == ["Cy"]


def test_going_over_the_limit_resets_to_the_next_highest_active_score():
    r = CUCUMBER.run({"trick": {"Ann": "2♠", "Bob": "5♥", "Cy": "J♦", "Dee": "4♣"}, "scores": SCORES})
    assert r["totals"] == {"Ann": 3, "Bob": 8, "Cy": 8, "Dee": 5}
    assert r["cucumbers"] == ["Cy"] and r["eliminated"] == []
    # exactly 21 is not over
    r = CUCUMBER.run({"trick": {"Ann": "2♠", "Cy": "J♦"}, "scores": {"Ann": 3, "Cy": 10}})
    assert r["totals"] == {"Ann": 3, "Cy": 21} and r["cucumbers"] == []


def test_a_second_cucumber_knocks_out_and_the_last_player_wins():
    r = CUCUMBER.run({"trick": {"Ann": "2♠", "Cy": "J♦"}, "scores": {"Ann": 3, "Cy": 14}, "cucumbers": ["Cy"]})
    assert r["eliminated"] == ["Cy"]
    assert r["totals"] == {"Ann": 3}
    assert r["winner"] == "Ann"


def test_limit_is_a_house_rule():
    r = CUCUMBER.run({"trick": {"Ann": "2♠", "Cy": "J♦"}, "scores": {"Ann": 3, "Cy": 10}}, {"limit": 30})
    assert r["totals"] == {"Ann": 3, "Cy": 21} and r["cucumbers"] == []


def test_only_the_final_trick_scores():
    r = CUCUMBER.run({"trick": {"Ann": "A♠", "Cy": "J♦"}, "final": False, "scores": {"Ann": 20, "Cy": 1}})
    assert (r["taker"], r["penalty"], r["totals"]) == ("Ann", 0, {"Ann": 20, "Cy": 1})


def test_rule_of_play_head_the_trick_or_play_lowest():
    hands = {"Ann": "9♠ 2♣", "Bob": "5♥ K♣", "Cy": "3♦ 4♦", "Dee": "9♦ 3♣"}
    trick = {"Ann": "9♠", "Bob": "5♥", "Cy": "4♦", "Dee": "9♦"}
    r = CUCUMBER.run({"trick": trick, "hands": hands, "final": False})
    # Bob could have headed with K♣; Cy could not head and had to play the 3♦; Dee's equal 9 heads the trick
    assert r["illegal"] == ["Bob", "Cy"]
    assert r["taker"] == "Dee"
    strict = CUCUMBER.run({"trick": trick, "hands": hands, "final": False}, {"may_match": False})
    assert strict["illegal"] == ["Bob", "Cy", "Dee"]


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"trick": {"Ann": "9♠"}}, "trick: expected the cards in play order"),
        ({"trick": {"Ann": "9♠", "Bob": "9♠"}}, "card 9♠ is dealt 2 times"),
        ({"trick": {"Ann": "9♠ 8♠", "Bob": "2♥"}}, "trick: Ann must play exactly one card"),
        ({"trick": {"Ann": "9♠", "Bob": "2♥"}, "hands": {"Ann": "8♠"}}, "hands: Ann plays 9♠ but does not hold it"),
        ({"trick": {"Ann": "9♠", "Bob": "2♥"}, "hands": {"Ann": "9♠", "Bob": "2♥ 9♠"}}, "hands: card 9♠ is dealt 2 times"),
        ({"trick": {"Ann": "9♠", "Bob": "2♥"}, "scores": {"Ann": -1}}, "scores: Ann's score must be a whole number of 0"),
        ({"trick": {"Ann": "9♠", "Bob": "2♥"}, "final": "yes"}, "final: expected true or false"),
    ],
)
def test_bad_inputs(inputs, message):
    with pytest.raises(ExampleError, match=message):
        CUCUMBER.run(inputs)


def test_explain():
    lines = CUCUMBER.explain({"trick": {"Ann": "Q♠", "Bob": "Q♥"}, "scores": {"Ann": 5, "Bob": 15}}, CUCUMBER.defaults)
    assert lines == ["Bob takes the last trick and adds 12", "Ann played the same rank and takes off 5",
                     "Bob goes over 21 and draws a cucumber"]


def test_check_reports_a_wrong_cucumber_claim(tmp_path):
    page = tmp_path / "cucumber.md"
    page.write_text(
        "```deckgen\ngame: cucumber\ntrick: {Ann: Q♠, Bob: Q♥}\nexpect:\n  taker: Ann\n```\n", encoding="utf-8"
    )
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:5: cucumber: taker: expected Ann, got Bob"]
