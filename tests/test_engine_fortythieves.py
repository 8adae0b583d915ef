"""Forty Thieves: foundations up in suit, two of each suit; piles down in suit; spaces; the count of cards
home and Aisleriot's points."""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError, result_problems
from deckgen.engine.registry import get_game

FT = get_game("forty-thieves")
assert FT is not None


def test_aces_start_foundations_two_a_suit():
    result = FT.run({"moves": ["A♥ home", "2♥ home", "2♥ home", "A♥ home", "2♥ home"]})
    assert result["legal"] == [True, True, False, True, True]
    assert (result["home"], result["points"]) == (4, 20)


def test_a_third_foundation_of_a_suit_is_refused():
    result = FT.run({"foundations": "3♠ 7♠", "moves": ["A♠ home"]})
    assert result["legal"] == [False]
    assert FT.explain({"foundations": "3♠ 7♠", "moves": ["A♠ home"]}, {})[0] == (
        "Not allowed: A♠ home (both spades foundations are started)")


def test_piles_build_down_in_suit_one_rank_at_a_time():
    moves = ["8♣ on 9♣", "8♥ on 9♣", "7♣ on 9♣", "10♣ on 9♣", "K♦ to space", "A♠ on 2♠"]
    assert FT.run({"moves": moves})["legal"] == [True, False, False, False, True, True]


def test_a_card_goes_on_whichever_foundation_of_its_suit_it_follows():
    result = FT.run({"foundations": "5♦ 9♦", "moves": ["6♦ home", "10♦ home", "6♦ home", "7♦ home"]})
    assert result["legal"] == [True, True, False, True]
    assert (result["home"], result["points"]) == (17, 85)


def test_the_last_king_brings_it_out_at_a_thousand_points():
    result = FT.run({"foundations": "K♠ K♠ K♥ K♥ K♦ K♦ K♣ Q♣", "moves": ["K♣ home"]})
    assert (result["home"], result["won"], result["points"]) == (104, True, 1000)
    assert result_problems(FT, result) == []


def test_a_finished_foundation_takes_nothing_more():
    assert FT.run({"foundations": "K♠", "moves": ["A♠ home", "K♠ home"]})["legal"] == [True, False]


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"foundations": "2♠ 3♠ 4♠"}, "foundations: 2♠ 3♠ 4♠: each suit has 2 foundations"),
        ({"foundations": "A♠ A♠ A♥ A♥ A♦ A♦ A♣ A♣ 2♠"}, "foundations: 9 tops; there are 8 foundations"),
        ({"foundations": "Jk"}, "without jokers"),
        ({"moves": ["8♣ over 9♣"]}, "is not a move"),
        ({"moves": "A♠ home"}, "moves: expected a list of moves"),
    ],
)
def test_bad_inputs(inputs, message):
    with pytest.raises(ExampleError, match=message):
        FT.run(inputs)


def test_summary():
    assert FT.summary({"foundations": "A♣", "moves": ["2♣ home", "9♥ on 9♥"]}, {}) == [
        "2♣ home is allowed; 9♥ on 9♥ is not (9♥ is not one rank below 9♥).",
        "2 of the 104 cards are home (10 points).",
    ]


def test_check_reports_a_wrong_claim(tmp_path):
    page = tmp_path / "f.md"
    page.write_text("```deckgen\ngame: forty-thieves\nmoves: [A♣ home]\nexpect:\n  points: 10\n```\n", encoding="utf-8")
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:5: forty-thieves: points: expected 10, got 5"]
