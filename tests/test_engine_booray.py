"""Boo-ray (bourré): the pot to the most tricks, a tie leaving it, a bourré matching it, and the majority rule."""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError, result_problems
from deckgen.engine.registry import get_game

BOORAY = get_game("boo-ray")  # the registry finds the module
assert BOORAY is not None


def test_most_tricks_take_the_pot_and_a_player_without_a_trick_matches_it():
    result = BOORAY.run({"pot": 5, "tricks": {"Ann": 3, "Bob": 2, "Cy": 0}, "passed": ["Dee"]})
    assert result["winner"] == "Ann"
    assert result["bourre"] == ["Cy"]
    assert result["payouts"] == {"Ann": 5, "Bob": 0, "Cy": -5, "Dee": 0}
    assert result["next_pot"] == 5


def test_a_tie_for_the_most_leaves_the_pot_standing_with_the_matches_on_it():
    result = BOORAY.run({"pot": 6, "tricks": {"Ann": 2, "Bob": 2, "Cy": 1, "Dee": 0}})
    assert result["winner"] == ""
    assert result["leaders"] == ["Ann", "Bob"]
    assert result["payouts"] == {"Ann": 0, "Bob": 0, "Cy": 0, "Dee": -6}
    assert result["next_pot"] == 12


def test_five_tricks_against_seven_bourres_is_the_largest_settlement():
    tricks = {"Ann": 5, **{n: 0 for n in ("Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")}}
    result = BOORAY.run({"pot": 8, "tricks": tricks})
    assert result["payouts"]["Ann"] == 8
    assert sum(result["payouts"].values()) == 8 - 7 * 8
    assert result["next_pot"] == 56


@pytest.mark.parametrize(("pot_to", "winner", "next_pot"), [("most", "Ann", 0), ("majority", "", 4)])
def test_the_majority_rule_leaves_a_two_trick_lead_unpaid(pot_to, winner, next_pot):
    result = BOORAY.run({"pot": 4, "tricks": {"Ann": 2, "Bob": 1, "Cy": 1, "Dee": 1}}, {"pot_to": pot_to})
    assert (result["winner"], result["next_pot"]) == (winner, next_pot)
    assert result["bourre"] == []


def test_three_tricks_win_under_either_rule():
    for pot_to in ("most", "majority"):
        assert BOORAY.run({"pot": 3, "tricks": {"Ann": 3, "Bob": 1, "Cy": 1}}, {"pot_to": pot_to})["winner"] == "Ann"


def test_a_pot_of_nothing_pays_nothing():
    result = BOORAY.run({"pot": 0, "tricks": {"Ann": 4, "Bob": 1, "Cy": 0}})
    assert result["payouts"] == {"Ann": 0, "Bob": 0, "Cy": 0}
    assert result["next_pot"] == 0


def test_results_speak_the_shared_vocabulary():
    result = BOORAY.run({"pot": 6, "tricks": {"Ann": 2, "Bob": 2, "Cy": 1}, "passed": ["Dee"]})
    assert result_problems(BOORAY, result) == []


@pytest.mark.parametrize(
    ("inputs", "rules", "message"),
    [
        ({"tricks": {"Ann": 5, "Bob": 0}}, {}, "boo-ray needs the field 'pot'"),
        ({"pot": -1, "tricks": {"Ann": 5, "Bob": 0}}, {}, "pot: expected"),
        ({"pot": 3, "tricks": {"Ann": 3, "Bob": 1}}, {}, "tricks: the players took 4 tricks in all; a hand has 5"),
        ({"pot": 3, "tricks": {"Ann": 6, "Bob": -1}}, {}, "tricks.Bob: expected a number of tricks"),
        ({"pot": 3, "tricks": {"Ann": 5}}, {}, "at least two players"),
        ({"pot": 3, "tricks": {"Ann": 5, "Bob": 0}, "passed": ["Bob"]}, {}, "passed: 'Bob' passed"),
        ({"pot": 3, "tricks": {"Ann": 5}, "passed": [f"P{i}" for i in range(8)]}, {}, "for 2 to 8 players, got 9"),
        ({"pot": 3, "tricks": "Ann 5"}, {}, "tricks: expected the tricks each player"),
        ({"pot": 3, "tricks": {"Ann": 5, "Bob": 0}}, {"pot_to": "half"}, "rules.pot_to: unknown value 'half'"),
    ],
)
def test_bad_inputs(inputs, rules, message):
    with pytest.raises(ExampleError, match=message):
        BOORAY.run(inputs, rules)


def test_explain_and_summary():
    inputs = {"pot": 6, "tricks": {"Ann": 2, "Bob": 2, "Cy": 1, "Dee": 0}}
    assert BOORAY.explain(inputs, BOORAY.defaults) == [
        "tricks: Ann 2, Bob 2, Cy 1, Dee 0",
        "nobody takes the pot (Ann and Bob with 2): the 6 stay for the next hand",
        "Dee took no trick (bourré) and puts 6 into the next pot",
        "next pot before the antes: 12",
    ]
    assert BOORAY.summary(inputs, BOORAY.defaults)[0].startswith("Nobody takes the pot: Ann and Bob tie with 2")


def test_check_reports_a_wrong_boo_ray_claim(tmp_path):
    page = tmp_path / "b.md"
    page.write_text("```deckgen\ngame: boo-ray\npot: 5\ntricks: {Ann: 2, Bob: 2, Cy: 1}\nexpect:\n  winner: Ann\n```\n",
                    encoding="utf-8")
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:6: boo-ray: winner: expected Ann, got nobody"]
