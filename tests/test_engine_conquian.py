"""Conquian: a counter a deal, the tableau's pool growing until a deal is won, and a pool left standing."""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError, result_problems
from deckgen.engine.registry import get_game

CQ = get_game("conquian")
assert CQ is not None


def test_the_loser_of_a_deal_pays_one_counter():
    result = CQ.run({"players": ["Ann", "Bob"], "deals": ["Ann"]})
    assert (result["net"], result["won"], result["pool"], result["last_winner"]) == (
        {"Ann": 1, "Bob": -1}, {"Ann": 1, "Bob": 0}, 0, "Ann")


def test_a_tableau_pool_grows_until_a_deal_is_won():
    for ties in range(5):
        result = CQ.run({"deals": ["tableau"] * ties + ["Bob"]})
        assert result["net"] == {"Ann": -1 - ties, "Bob": 1 + ties}
        assert result["pool"] == 0


def test_a_closing_tableau_leaves_the_pool_standing_and_nobody_the_last_winner():
    result = CQ.run({"deals": ["Ann", "Tableau", "tableau"]})
    assert (result["pool"], result["last_winner"]) == (4, "")
    assert result["net"] == {"Ann": -1, "Bob": -3}
    assert sum(result["net"].values()) + result["pool"] == 0
    assert result_problems(CQ, result) == []


def test_an_evening_of_deals():
    result = CQ.run({"deals": ["Bob", "Ann", "tableau", "Bob", "Ann"]})
    assert (result["won"], result["net"]) == ({"Ann": 2, "Bob": 2}, {"Ann": -1, "Bob": 1})


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"deals": []}, "deals: expected the winner of each deal"),
        ({"deals": ["Ann", "Cy"]}, "deals.2: 'Cy' is neither a player"),
        ({"players": ["Ann"], "deals": ["Ann"]}, "players: expected the two players"),
        ({"players": ["Ann", "Ann"], "deals": ["Ann"]}, "players: expected the two players"),
    ],
)
def test_bad_inputs(inputs, message):
    with pytest.raises(ExampleError, match=message):
        CQ.run(inputs)


def test_explain_and_summary():
    inputs = {"deals": ["Ann", "tableau"]}
    assert CQ.explain(inputs, {}) == ["2 deals: Ann, tableau", "deals won: Ann 1, Bob 0", "counters: Ann +0, Bob -2",
                                      "2 counters in the pool wait for the next deal's winner"]
    assert CQ.summary(inputs, {}) == ["After the deals: Ann +0, Bob -2. The pool of 2 goes to the winner of the next deal."]


def test_check_reports_a_wrong_claim(tmp_path):
    page = tmp_path / "c.md"
    page.write_text("```deckgen\ngame: conquian\ndeals: [tableau, Ann]\nexpect:\n  net: {Ann: 1}\n```\n", encoding="utf-8")
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:5: conquian: net: expected {{Ann: 1}}, got {{Ann: 2}}"]
