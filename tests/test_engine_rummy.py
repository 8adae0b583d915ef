"""Rummy settlement: card counts, the two payment rates, the deal size and the 'rummy' multiplier."""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError
from deckgen.engine.rummy import RUMMY

HANDS = {"Bob": "K♠ Q♥ 7♦ A♣", "Cy": "9♣ 9♦ 2♥", "Dee": ""}


def test_counts_courts_ten_aces_one_pips_face_value():
    result = RUMMY.run({"winner": "Ann", "hands": HANDS})
    assert result["points"] == {"Ann": 0, "Bob": 28, "Cy": 20, "Dee": 0}  # the winner listed with 0
    assert result["payments"] == {"Ann": 0, "Bob": 28, "Cy": 20, "Dee": 0}
    assert result["winner_receives"] == 48
    assert result["cards_each"] == 7


def test_one_unit_per_ten_points_rounds_up():
    result = RUMMY.run({"winner": "Ann", "hands": HANDS}, {"rate": "ten"})
    assert result["payments"] == {"Ann": 0, "Bob": 3, "Cy": 2, "Dee": 0}
    assert result["winner_receives"] == 5


def test_going_rummy_multiplies_when_the_house_says_so():
    inputs = {"winner": "Ann", "hands": HANDS, "went_rummy": True}
    assert RUMMY.run(inputs)["winner_receives"] == 48
    assert RUMMY.run(inputs, {"rummy_multiplier": 2})["winner_receives"] == 96


@pytest.mark.parametrize(("losers", "dealt"), [(1, 10), (2, 7), (3, 7), (4, 6), (5, 6)])
def test_cards_dealt_by_number_of_players(losers, dealt):
    hands = {f"P{i}": "" for i in range(losers)}
    assert RUMMY.run({"winner": "W", "hands": hands})["cards_each"] == dealt


@pytest.mark.parametrize(
    ("inputs", "rules", "message"),
    [
        ({"hands": HANDS}, {}, "rummy needs the field 'winner'"),
        ({"winner": "Bob", "hands": HANDS}, {}, "hands: 'Bob' went out and holds no cards"),
        ({"winner": "W", "hands": {f"P{i}": "" for i in range(6)}}, {}, "hands: rummy is for 2 to 6 players, got 7"),
        ({"winner": "W", "hands": {"A": "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠", "B": ""}}, {}, "hands: A holds 8 cards, more than the 7"),
        ({"winner": "W", "hands": {"A": "Jk"}}, {}, "hands: rummy is played without jokers"),
        ({"winner": "W", "hands": HANDS}, {"rate": "dollar"}, "rules.rate: unknown value 'dollar': expected one of point, ten"),
        ({"winner": "W", "hands": HANDS, "went_rummy": "yes"}, {}, "went_rummy: expected true or false, got 'yes'"),
    ],
)
def test_bad_inputs(inputs, rules, message):
    with pytest.raises(ExampleError, match=message):
        RUMMY.run(inputs, rules)


def test_explain():
    lines = RUMMY.explain({"winner": "Ann", "hands": {"Bob": "K♠ 3♥", "Cy": ""}}, RUMMY.defaults)
    assert lines == ["Bob: K♠ 3♥ = 13 points, pays 13", "Cy: no cards = 0 points, pays 0", "Ann went out and collects 13"]


def test_check_reports_a_wrong_rummy_claim(tmp_path):
    page = tmp_path / "rummy.md"
    page.write_text(
        "```deckgen\ngame: rummy\nwinner: Ann\nhands:\n  Bob: K♠ A♣\nexpect:\n  winner_receives: 21\n```\n", encoding="utf-8"
    )
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:7: rummy: winner_receives: expected 21, got 11"]
