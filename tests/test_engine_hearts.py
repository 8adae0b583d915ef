"""Hearts: black widow and spot counts, shooting the moon both ways, the game's end and ties, and bad deals.

Sources (named in rules/hearts.md): thebearknowsbest.com hearts rules (heart 1, queen of spades 13,
the moon charging each other player 26, game 100), letsplayhearts.com (subtracting 26 instead),
eliters.com (spot hearts: each number heart at its face value); J 11 to A 14 (104 a deal) counted on by
rank, as a hearts program's rules text does (no published law found for the courts: rules/hearts.md says so).
"""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError
from deckgen.engine.hearts import HEARTS, deal_points
from deckgen.resources import data_dir

ALL_HEARTS = "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥"


def run(taken, rules=None, **extra):
    return HEARTS.run({"taken": taken, **extra}, rules or {})


def test_black_widow_counts_hearts_one_and_the_queen_thirteen():
    r = run({"Ann": "Q♠ 2♥ 5♥ K♠ A♣", "Bob": "A♥ K♥ Q♥ J♥ 10♥", "Cy": "9♥ 8♥ 7♥ 6♥", "Dee": "4♥ 3♥"})
    assert r["points"] == {"Ann": 15, "Bob": 5, "Cy": 4, "Dee": 2}
    assert sum(r["points"].values()) == 26 == deal_points("black-widow", HEARTS.defaults)
    assert r["moon"] == "" and r["game_over"] is False and r["winners"] == []


def test_spot_hearts_counts_each_heart_at_its_rank_and_ignores_the_queen_of_spades():
    r = run({"Ann": "A♥ K♥ Q♥", "Bob": "J♥ 10♥ 9♥ 8♥", "Cy": "7♥ 6♥ 5♥ 4♥ 3♥ 2♥ Q♠"}, variant="spot")
    assert r["points"] == {"Ann": 39, "Bob": 38, "Cy": 27}
    assert sum(r["points"].values()) == 104


def test_a_player_with_no_penalty_cards_scores_nothing():
    r = run({"Ann": "", "Bob": ALL_HEARTS, "Cy": "Q♠"})
    assert r["points"]["Ann"] == 0 and r["moon"] == ""  # Bob lacks the queen: no moon


def test_the_moon_charges_everyone_else_the_whole_deal_by_default():
    r = run({"Ann": "2♣", "Bob": "Q♠ " + ALL_HEARTS, "Cy": "", "Dee": ""})
    assert r["moon"] == "Bob"
    assert r["counts"]["Bob"] == 26
    assert r["points"] == {"Ann": 26, "Bob": 0, "Cy": 26, "Dee": 26}


def test_the_moon_subtracts_from_the_shooter_under_the_house_rule():
    r = run({"Ann": "2♣", "Bob": "Q♠ " + ALL_HEARTS, "Cy": ""}, {"moon": "subtract"}, scores={"Bob": 10})
    assert r["points"] == {"Ann": 0, "Bob": -26, "Cy": 0}
    assert r["totals"]["Bob"] == -16  # a total may go below zero


def test_the_moon_at_spot_hearts_is_the_whole_104():
    r = run({"Ann": "", "Bob": ALL_HEARTS}, variant="spot")
    assert r["moon"] == "Bob" and r["points"] == {"Ann": 104, "Bob": 0}


def test_without_the_black_widow_the_hearts_alone_make_the_moon():
    r = run({"Ann": "Q♠", "Bob": ALL_HEARTS}, {"queen_of_spades": 0})
    assert r["moon"] == "Bob" and r["points"] == {"Ann": 13, "Bob": 0}


def test_a_house_rule_changes_who_wins():
    deal = {"Ann": "2♣", "Bob": "Q♠ " + ALL_HEARTS, "Cy": "", "Dee": ""}
    scores = {"Ann": 80, "Bob": 85, "Cy": 60, "Dee": 50}
    usual = run(deal, scores=scores)
    assert usual["game_over"] and usual["winners"] == ["Dee"]
    assert run(deal, {"moon": "subtract"}, scores=scores)["game_over"] is False
    assert run(deal, {"game_points": 150}, scores=scores)["winners"] == []


def test_exactly_the_game_total_ends_the_game_and_ties_share_the_win():
    r = run({"Ann": "Q♠ 2♥ 3♥ 4♥ 5♥ 6♥", "Bob": "7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥", "Cy": "", "Dee": "2♣"},
            scores={"Ann": 82, "Bob": 50, "Cy": 58, "Dee": 58})
    assert r["totals"] == {"Ann": 100, "Bob": 58, "Cy": 58, "Dee": 58}
    assert r["game_over"] and sorted(r["winners"]) == ["Bob", "Cy", "Dee"]
    just_under = run({"Ann": "Q♠ 2♥ 3♥ 4♥ 5♥ 6♥", "Bob": "7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"}, scores={"Ann": 81})
    assert just_under["totals"]["Ann"] == 99 and not just_under["game_over"]


@pytest.mark.parametrize(
    "inputs, field, words",
    [
        ({"taken": {"Ann": "Q♠ 2♥", "Bob": "3♥"}}, "taken", "not listed"),
        ({"taken": {"Ann": "Q♠ 2♥ 2♥", "Bob": ALL_HEARTS}}, "taken", "2♥"),
        ({"taken": {"Ann": "Jk " + ALL_HEARTS, "Bob": "Q♠"}}, "taken", "jokers"),
        ({"taken": {"Ann": "Q♠ " + ALL_HEARTS}}, "taken", "two players"),
        ({"taken": {"Ann": "Q♠", "Bob": ALL_HEARTS}, "variant": "omnibus"}, "variant", "black-widow, spot"),
        ({"taken": {"Ann": "Q♠", "Bob": ALL_HEARTS}, "scores": {"Zed": 4}}, "scores", "Zed"),
        ({"taken": "Q♠"}, "taken", "mapping"),
    ],
)
def test_a_deal_that_cannot_happen_is_an_error_naming_the_field(inputs, field, words):
    with pytest.raises(ExampleError) as err:
        HEARTS.run(inputs, {})
    assert err.value.field == field and words in str(err.value)


def test_bad_house_rules_are_refused():
    deal = {"taken": {"Ann": "Q♠", "Bob": ALL_HEARTS}}
    for bad in ({"moon": "double"}, {"queen_of_spades": -1}, {"game_points": 0}):
        with pytest.raises(ExampleError):
            HEARTS.run(deal, bad)


def test_summary_says_the_moon_and_the_shared_win():
    inputs = {"taken": {"Ann": "Q♠", "Bob": "A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥", "Cy": "7♥ 6♥ 5♥ 4♥ 3♥ 2♥", "Dee": ""},
              "scores": {"Ann": 90, "Bob": 70, "Cy": 60, "Dee": 66}}
    said = " ".join(HEARTS.summary(inputs, HEARTS.defaults))
    assert "Cy and Dee share the win" in said
    moon = {"taken": {"Ann": "", "Bob": "Q♠ " + ALL_HEARTS}}
    assert "shoots the moon" in " ".join(HEARTS.summary(moon, HEARTS.defaults))


def test_the_shipped_examples_pass():
    results = check_paths([data_dir("rules") / "hearts.md"])
    assert len(results) >= 6 and all(not r.failures for r in results)


def test_a_game_already_over_before_the_deal_is_an_error():
    with pytest.raises(ExampleError) as err:
        run({"Ann": "Q♠", "Bob": ALL_HEARTS}, {"game_points": 50}, scores={"Ann": 50})
    assert err.value.field == "scores" and "already ended" in str(err.value)
