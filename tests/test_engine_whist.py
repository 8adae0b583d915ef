"""Whist: tricks over six, honours where they count (and where the laws bar them), game, and the rubber.

Sources (named in rules/whist.md): webcasty.com's American whist (a point a trick over six, game 7,
a game worth 7 less the losers' score, no honours); the laws of short whist (honours 4 and 2, none at
four, tricks before honours, treble/double/single and 2 for the rubber, the losers' game deducted).
"""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError
from deckgen.engine.whist import WHIST
from deckgen.resources import data_dir

ENGLISH = {"honours": "counted", "game_points": 5}


def run(inputs, rules=None):
    return WHIST.run(inputs, rules or {})


def test_american_whist_scores_tricks_over_six_only():
    r = run({"tricks": {"We": 9, "They": 4}, "trumps": "s", "honours": {"We": "A♠ K♠ Q♠ J♠", "They": ""}})
    assert r["odd_tricks"] == {"We": 3, "They": 0}
    assert r["honours_points"] == {"We": 0, "They": 0} and r["points"] == {"We": 3, "They": 0}
    assert r["game"] == ""


def test_a_six_seven_split_scores_one_and_a_grand_slam_is_a_game_from_love():
    assert run({"tricks": {"We": 6, "They": 7}})["points"] == {"We": 0, "They": 1}
    slam = run({"tricks": {"We": 13, "They": 0}})
    assert slam["points"]["We"] == 7 and slam["game"] == "We"


@pytest.mark.parametrize("held, points", [(4, 4), (3, 2), (2, 0)])
def test_honours_four_score_four_three_score_two_two_each_nothing(held, points):
    cards = ["A♥", "K♥", "Q♥", "J♥"]
    honours = {"We": " ".join(cards[:held]), "They": " ".join(cards[held:])}
    r = run({"tricks": {"We": 6, "They": 7}, "trumps": "h", "honours": honours}, ENGLISH)
    assert r["honours_points"]["We"] == points
    assert r["honours_points"]["They"] == (2 if held == 1 else 0)


def test_no_honours_for_a_side_one_short_of_game():
    deal = {"tricks": {"We": 7, "They": 6}, "trumps": "h", "honours": {"We": "", "They": "A♥ K♥ Q♥ J♥"}}
    assert run({**deal, "scores": {"They": 4}}, ENGLISH)["honours_points"]["They"] == 0
    assert run({**deal, "scores": {"They": 3}}, ENGLISH)["honours_points"]["They"] == 4
    long_whist = {"honours": "counted", "game_points": 10}
    assert run({**deal, "scores": {"They": 9}}, long_whist)["honours_points"]["They"] == 0
    assert run({**deal, "scores": {"They": 8}}, long_whist)["totals"]["They"] == 12


def test_tricks_score_first_so_a_game_won_on_tricks_stops_the_other_sides_honours():
    deal = {"tricks": {"We": 8, "They": 5}, "trumps": "d", "honours": {"We": "", "They": "A♦ K♦ Q♦ J♦"}}
    r = run({**deal, "scores": {"We": 3, "They": 1}}, ENGLISH)
    assert r["game"] == "We" and r["honours_points"]["They"] == 0
    short_of_game = run({**deal, "scores": {"We": 2, "They": 1}}, ENGLISH)
    assert short_of_game["honours_points"]["They"] == 4 and short_of_game["game"] == "They"


def test_honours_may_or_may_not_complete_a_game():
    deal = {"tricks": {"We": 9, "They": 4}, "trumps": "s", "honours": {"We": "A♠ K♠ Q♠", "They": "J♠"}, "scores": {"We": 2}}
    assert run(deal, {"honours": "counted"})["game"] == "We"
    barred = run(deal, {"honours": "counted", "honours_to_game": False})
    assert barred["honours_points"]["We"] == 0 and barred["totals"]["We"] == 5 and barred["game"] == ""


def test_american_rubber_games_worth_seven_less_the_losers_score():
    r = run({"games": [{"We": 7, "They": 3}, {"We": 4, "They": 7}, {"We": 8, "They": 0}]})
    assert r["game_values"] == [4, 3, 7]
    assert r["rubber_winner"] == "We" and r["rubber_points"] == 8


def test_laws_rubber_treble_double_single_and_two_for_the_rubber():
    rules = {**ENGLISH, "game_value": "laws"}
    r = run({"games": [{"We": 5, "They": 0}, {"We": 2, "They": 5}, {"We": 5, "They": 3}]}, rules)
    assert r["game_values"] == [3, 2, 1]
    assert r["rubber_points"] == 3 + 1 + 2 - 2  # the losers' game is taken off
    assert run({"games": [{"We": 0, "They": 5}, {"We": 4, "They": 6}]}, rules)["rubber_points"] == 3 + 1 + 2


def test_an_unfinished_rubber_has_no_winner():
    r = run({"games": [{"We": 7, "They": 3}]})
    assert r["rubber_winner"] == "" and r["rubber_points"] == 0 and r["game_values"] == [4]


@pytest.mark.parametrize(
    "inputs, rules, field, words",
    [
        ({"tricks": {"We": 7, "They": 7}}, {}, "tricks", "13"),
        ({"tricks": {"We": 13}}, {}, "tricks", "two sides"),
        ({"tricks": {"We": 7, "They": 6}, "scores": {"We": 7}}, {}, "scores", "already won"),
        ({"tricks": {"We": 7, "They": 6}}, ENGLISH, "honours", "say who was dealt"),
        ({"tricks": {"We": 7, "They": 6}, "trumps": "h", "honours": {"We": "A♥ K♥", "They": "Q♥"}}, ENGLISH, "honours", "3 listed"),
        ({"tricks": {"We": 7, "They": 6}, "trumps": "h", "honours": {"We": "A♥ K♥ 10♥", "They": "Q♥"}}, ENGLISH, "honours", "10♥"),
        ({"tricks": {"We": 7, "They": 6}, "trumps": "x", "honours": {"We": "A♥"}}, ENGLISH, "trumps", "suit"),
        ({"games": [{"We": 7, "They": 7}]}, {}, "games", "exactly one side"),
        ({"games": [{"We": 7, "They": 1}, {"We": 7, "They": 2}, {"We": 1, "They": 7}]}, {}, "games", "already won"),
        ({"games": [{"We": 5, "They": 1}]}, {"game_value": "laws"}, "rules.game_value", "game of 5"),
        ({}, {}, "tricks", "needs"),
    ],
)
def test_impossible_deals_and_rubbers_are_errors_naming_the_field(inputs, rules, field, words):
    with pytest.raises(ExampleError) as err:
        run(inputs, rules)
    assert err.value.field == field and words in str(err.value)


def test_summary_says_tricks_honours_and_the_rubber():
    deal = {"tricks": {"We": 9, "They": 4}, "trumps": "s", "honours": {"We": "A♠ K♠ Q♠", "They": "J♠"}, "scores": {"We": 2}}
    said = WHIST.summary(deal, WHIST.resolve_rules({"honours": "counted"}))
    assert said == ["We score 3 for tricks and 2 for honours.", "We reach 7 and win the game."]
    rubber = {"games": [{"We": 7, "They": 3}, {"We": 8, "They": 0}]}
    assert "We win the rubber, 11 points net" in " ".join(WHIST.summary(rubber, WHIST.defaults))


def test_the_shipped_examples_pass():
    results = check_paths([data_dir("rules") / "whist.md"])
    assert len(results) >= 7 and all(not r.failures for r in results)


def test_what_the_example_does_not_give_is_not_worked_out():
    deal = run({"tricks": {"We": 7, "They": 6}})
    assert "game_values" not in deal and "rubber_winner" not in deal and "rubber_points" not in deal
    rubber = run({"games": [{"We": 7, "They": 3}]})
    assert "points" not in rubber and "game" not in rubber
