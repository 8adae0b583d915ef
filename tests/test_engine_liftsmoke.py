"""Lift smoke: the cards each player holds as the tricks go, who drops out, and the last with cards taking the pot."""

import itertools
import random

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError, result_problems
from deckgen.engine.registry import get_game

LIFT = get_game("lift-smoke")
assert LIFT is not None
FOUR = ["Ann", "Bob", "Cy", "Dee"]


def test_the_last_with_cards_takes_the_pot():
    result = LIFT.run({"players": FOUR, "tricks": ["Ann", "Bob", "Ann", "Bob", "Ann", "Ann"]})
    assert result["dropped"] == ["Cy", "Dee", "Bob"]
    assert result["cards"] == {"Ann": 2, "Bob": 0, "Cy": 0, "Dee": 0}
    assert (result["winner"], result["still_in"], result["stock"]) == ("Ann", ["Ann"], 30)
    assert result["payouts"] == {"Ann": 3, "Bob": -1, "Cy": -1, "Dee": -1}


def test_one_player_taking_every_trick_ends_the_deal_soonest():
    for n in (4, 5, 6):
        players = [f"P{i}" for i in range(n)]
        result = LIFT.run({"players": players, "tricks": ["P0"] * n, "ante": 2})
        assert result["winner"] == "P0"
        assert result["cards"]["P0"] == n
        assert result["stock"] == 52 - n * n - n
        assert result["payouts"]["P0"] == 2 * (n - 1)


def test_a_deal_still_going_has_no_winner_and_pays_nothing():
    result = LIFT.run({"players": FOUR, "tricks": ["Ann", "Bob", "Cy"]})
    assert (result["winner"], result["still_in"]) == ("", FOUR)
    assert result["payouts"] == {p: 0 for p in FOUR}
    assert result_problems(LIFT, result) == []


def test_every_deal_ends_with_one_survivor_before_the_stock_runs_out():
    rnd = random.Random(37)
    for n, _ in itertools.product((4, 5, 6), range(100)):
        players = [f"P{i}" for i in range(n)]
        tricks: list[str] = []
        while True:
            result = LIFT.run({"players": players, "tricks": tricks})
            if result["winner"]:
                break
            tricks.append(rnd.choice(result["still_in"]))
        assert result["still_in"] == [result["winner"]]
        assert result["stock"] > 0
        assert sum(result["payouts"].values()) == 0


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"players": ["Ann", "Bob", "Cy"], "tricks": []}, "players: expected 4 to 6 different players"),
        ({"players": FOUR, "tricks": ["Zed"]}, "tricks.1: 'Zed' is not one of the players"),
        ({"players": FOUR, "tricks": ["Ann"] * 4 + ["Bob"]}, "tricks.5: the deal is over before trick 5"),
        ({"players": FOUR, "tricks": ["Ann", "Bob", "Ann", "Bob", "Cy"]}, "tricks.5: 'Cy' has no cards left"),
        ({"players": FOUR, "tricks": "Ann"}, "tricks: expected the winner of each trick"),
        ({"players": FOUR, "tricks": [], "ante": -2}, "ante: expected the chips"),
    ],
)
def test_bad_inputs(inputs, message):
    with pytest.raises(ExampleError, match=message):
        LIFT.run(inputs)


def test_explain():
    assert LIFT.explain({"players": FOUR, "tricks": ["Ann"] * 4}, LIFT.defaults) == [
        "4 cards each, 36 in the stock; 4 tricks played",
        "out of cards, in order: Bob, Cy, Dee",
        "cards left: Ann 4, Bob 0, Cy 0, Dee 0",
        "Ann takes the pot",
    ]


def test_check_reports_a_wrong_claim(tmp_path):
    page = tmp_path / "l.md"
    page.write_text("```deckgen\ngame: lift-smoke\nplayers: [Ann, Bob, Cy, Dee]\ntricks: [Bob, Bob, Bob, Bob]\n"
                    "expect:\n  winner: Ann\n```\n", encoding="utf-8")
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:6: lift-smoke: winner: expected Ann, got Bob"]
