"""Comet: pips left in the loser's hand, the lower hand when both are stopped, and the comet's doublings."""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError, result_problems
from deckgen.engine.registry import get_game

COMET = get_game("comet")
assert COMET is not None


def test_going_out_scores_the_pips_left_courts_ten():
    result = COMET.run({"left": {"Ann": "", "Bob": "K♠ Q♣ J♠ 10♣ 2♠"}})
    assert (result["winner"], result["counts"], result["multiplier"], result["score"]) == (
        "Ann", {"Ann": 0, "Bob": 42}, 1, 42)
    assert result_problems(COMET, result) == []


@pytest.mark.parametrize(
    ("left", "out_with", "multiplier", "score"),
    [
        ({"Ann": "", "Bob": "K♠ 7♣ 9♥"}, "", 2, 52),  # the comet left in the loser's hand
        ({"Ann": "", "Bob": "K♠ 7♣"}, "comet", 2, 34),
        ({"Ann": "", "Bob": "K♠ 7♣"}, "Comet as nine", 4, 68),
        ({"Ann": "5♠ 3♣", "Bob": "K♠ 7♣ 9♦"}, "", 2, 2 * (26 - 8)),  # both stopped, the loser holds it
    ],
)
def test_the_comet_doubles_and_quadruples(left, out_with, multiplier, score):
    result = COMET.run({"left": left, "out_with": out_with})
    assert (result["multiplier"], result["score"]) == (multiplier, score)


def test_both_stopped_the_lower_hand_wins_the_difference_and_equal_hands_score_nothing():
    assert COMET.run({"left": {"Ann": "5♠ 3♣", "Bob": "K♠ 7♣"}})["score"] == 9
    level = COMET.run({"left": {"Ann": "5♠ 5♣", "Bob": "10♠"}})
    assert (level["winner"], level["score"], level["multiplier"]) == ("", 0, 1)


def test_the_largest_score_is_a_full_hand_of_courts_and_tens_with_the_comet():
    ann = "K♥ K♥ K♦ K♦ Q♥ Q♥ Q♦ Q♦ J♥ J♥ J♦ J♦ 10♥ 10♥ 10♦ 10♦ 9♦ 9♠"
    result = COMET.run({"pack": "red", "left": {"Ann": ann, "Bob": ""}})
    assert (result["counts"]["Ann"], result["score"]) == (178, 356)


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"left": {"Ann": ""}}, "left: expected the cards left in both players' hands"),
        ({"left": {"Ann": "", "Bob": ""}}, "only one player can play out the hand first"),
        ({"left": {"Ann": "", "Bob": "A♠"}}, "A♠ is not in the comet pack"),
        ({"left": {"Ann": "", "Bob": "K♥"}}, "K♥ is not in the black comet pack"),
        ({"left": {"Ann": "9♥", "Bob": "9♦"}}, "the pack has one comet"),
        ({"left": {"Ann": "", "Bob": "K♠ K♠ K♠"}}, "K♠ is held 3 times"),
        ({"left": {"Ann": "", "Bob": "K♠ 9♥"}, "out_with": "comet"}, "while the loser holds it"),
        ({"left": {"Ann": "2♠", "Bob": "K♠"}, "out_with": "comet"}, "nobody went out"),
        ({"left": {"Ann": "", "Bob": "K♠"}, "out_with": "joker"}, "out_with: expected comet"),
        ({"left": {"Ann": "", "Bob": "K♠"}, "pack": "green"}, "pack: expected black or red"),
    ],
)
def test_bad_inputs(inputs, message):
    with pytest.raises(ExampleError, match=message):
        COMET.run(inputs)


def test_explain():
    assert COMET.explain({"left": {"Ann": "", "Bob": "K♠ 7♣ 9♥"}}, {}) == [
        "counts: Ann 0, Bob 26", "Ann wins and scores 26 x2 (the comet is left in the loser's hand) = 52"]


def test_check_reports_a_wrong_claim(tmp_path):
    page = tmp_path / "c.md"
    page.write_text("```deckgen\ngame: comet\nleft: {Ann: '', Bob: K♠}\nexpect:\n  score: 20\n```\n", encoding="utf-8")
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:5: comet: score: expected 20, got 10"]
