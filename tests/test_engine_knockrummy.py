"""Knock rummy: the lowest count wins the differences, the rummy bonus, a tie with the knocker, the beaten
knocker's penalty (to the lowest, or to each player below), and a split between tied players."""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError, result_problems
from deckgen.engine.registry import get_game

KNOCK = get_game("knock-rummy")
assert KNOCK is not None

THREE = {"Ann": "A♠ 2♠ 3♠ 7♥ 7♦ 7♣ 4♦", "Bob": "K♠ K♥ 9♣ 9♦ 8♠ 2♥ 3♣", "Cy": "5♠ 6♠ 7♠ Q♦ Q♣ J♥ 10♥"}
FOUR = {
    "Ann": "A♥ 2♥ 3♥ 9♠ 9♣ 9♦ 5♦",
    "Bob": "4♠ 5♠ 6♠ 8♥ 8♦ 8♣ 9♥",
    "Cy": "10♣ J♣ Q♣ K♦ K♥ K♣ 3♦",
    "Dee": "J♠ 7♦ 7♣ 2♦ 3♠ A♦ 6♥",
}


def test_the_knocker_lowest_collects_the_differences():
    result = KNOCK.run({"knocker": "Ann", "hands": THREE})
    assert result["counts"] == {"Ann": 4, "Bob": 51, "Cy": 40}
    assert result["scores"] == {"Ann": 83, "Bob": -47, "Cy": -36}
    assert (result["winner"], result["penalty"], result["went_rummy"], result["cards_each"]) == ("Ann", 0, False, 7)


def test_going_rummy_adds_the_bonus_from_each_player():
    hands = dict(THREE, Ann="A♠ 2♠ 3♠ 7♥ 7♦ 7♣ 7♠", Cy="4♥ 5♥ 6♥ Q♦ Q♣ J♥ 10♥")
    assert KNOCK.run({"knocker": "Ann", "hands": hands})["scores"] == {"Ann": 141, "Bob": -76, "Cy": -65}
    assert KNOCK.run({"knocker": "Ann", "hands": hands}, {"rummy_bonus": 0})["scores"]["Ann"] == 91


def test_a_beaten_knocker_pays_the_penalty_to_the_lowest():
    result = KNOCK.run({"knocker": "Bob", "hands": FOUR})
    assert result["counts"] == {"Ann": 5, "Bob": 9, "Cy": 3, "Dee": 36}
    assert result["scores"] == {"Ann": -2, "Bob": -16, "Cy": 51, "Dee": -33}
    assert result["penalty"] == 10
    assert KNOCK.run({"knocker": "Bob", "hands": FOUR}, {"knock_penalty": 20})["scores"]["Bob"] == -26


def test_the_penalty_to_each_player_below_the_knocker():
    result = KNOCK.run({"knocker": "Bob", "hands": FOUR}, {"penalty_to": "each"})
    assert result["scores"] == {"Ann": 8, "Bob": -26, "Cy": 51, "Dee": -33}
    assert result["penalty"] == 20
    assert sum(result["scores"].values()) == 0


def test_a_player_tying_the_knocker_wins_instead_and_the_knocker_pays_no_penalty():
    hands = {"Ann": "A♠ 2♠ 3♠ 6♥ 6♦ 6♣ 10♥ J♥ Q♥ 7♦", "Bob": "8♠ 9♠ 10♠ Q♣ Q♦ Q♠ 4♦ 4♣ 4♥ 7♣"}
    result = KNOCK.run({"knocker": "Ann", "hands": hands})
    assert (result["winner"], result["penalty"], result["scores"]) == ("Bob", 0, {"Ann": 0, "Bob": 0})


def test_players_tied_below_the_knocker_split_and_an_odd_amount_is_shared_in_halves():
    hands = {"Ann": "A♠ 2♠ 3♠ 7♥ 7♦ 7♣ 8♦", "Bob": "K♠ K♥ K♦ 9♣ 10♣ J♣ 4♦", "Cy": "Q♠ Q♥ Q♦ 3♥ 4♥ 5♥ 4♠"}
    result = KNOCK.run({"knocker": "Ann", "hands": hands})
    assert (result["winner"], result["winners"]) == ("", ["Bob", "Cy"])
    assert result["scores"] == {"Ann": -14, "Bob": 7, "Cy": 7}
    odd = KNOCK.run({"knocker": "Ann", "hands": hands}, {"knock_penalty": 11})["scores"]
    assert odd == {"Ann": -15, "Bob": 7.5, "Cy": 7.5}


def test_results_speak_the_shared_vocabulary():
    assert result_problems(KNOCK, KNOCK.run({"knocker": "Bob", "hands": FOUR})) == []


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"knocker": "Zed", "hands": THREE}, "knocker: 'Zed' is not one of the players"),
        ({"knocker": "Ann", "hands": dict(THREE, Cy="5♠ 6♠")}, "hands.Cy: 2 cards; each of 3 players holds 7"),
        ({"knocker": "Ann", "hands": dict(THREE, Cy="5♠ 6♠ 7♠ Q♦ Q♣ J♥ A♠")}, "A♠"),
        ({"knocker": "Ann", "hands": dict(THREE, Cy="5♠ 6♠ 7♠ Q♦ Q♣ J♥ Jk")}, "without jokers"),
        ({"knocker": "A", "hands": {f"P{i}": "" for i in range(7)} | {"A": ""}}, "for 2 to 6 players, got 8"),
        ({"knocker": "Ann", "hands": "Ann"}, "hands: expected each player's cards"),
    ],
)
def test_bad_inputs(inputs, message):
    with pytest.raises(ExampleError, match=message):
        KNOCK.run(inputs)


def test_explain():
    assert KNOCK.explain({"knocker": "Ann", "hands": THREE}, KNOCK.defaults) == [
        "Ann (knocks): A♠ 2♠ 3♠; 7♥ 7♦ 7♣; unmatched 4♦ = 4",
        "Bob: no meld; unmatched K♠ K♥ 9♣ 9♦ 8♠ 2♥ 3♣ = 51",
        "Cy: 5♠ 6♠ 7♠; unmatched Q♦ Q♣ J♥ 10♥ = 40",
        "Ann has the lowest count",
        "scores: Ann +83, Bob -47, Cy -36",
    ]


def test_check_reports_a_wrong_knock_rummy_claim(tmp_path):
    page = tmp_path / "k.md"
    page.write_text("```deckgen\ngame: knock-rummy\nknocker: Bob\nhands:\n"
                    + "".join(f"  {n}: {c}\n" for n, c in FOUR.items()) + "expect:\n  winner: Bob\n```\n", encoding="utf-8")
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:10: knock-rummy: winner: expected Bob, got Cy"]
