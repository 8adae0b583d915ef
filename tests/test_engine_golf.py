"""Four-card golf: every scoring rule of the square, with exact points."""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError
from deckgen.engine.golf import GOLF


def score(layout, **rules):
    return GOLF.run({"layout": layout}, rules)["score"]


@pytest.mark.parametrize(
    ("layout", "points"),
    [
        ("A♠ 2♥ 3♦ 4♣", 10),  # ace 1, numbers at face value
        ("10♠ 9♥ 7♦ 6♣", 32),
        ("J♠ Q♥ 5♦ 4♣", 29),  # jack and queen 10
        ("K♠ K♥ 5♦ 4♣", 9),  # kings 0 (and a row pair does not cancel)
        ("7♠ 4♥ 7♦ 9♣", 13),  # the 7s share column 1: they cancel
        ("7♠ 7♥ 4♦ 9♣", 27),  # the 7s share the top row: they count
        ("3♠ 3♥ 3♦ K♣", -3),  # the seed's own example: three of a kind is minus its value
        ("Q♠ Q♥ Q♦ 5♣", -5),  # -10 for the queens, +5 for the odd card
        ("9♠ 9♥ 9♦ 9♣", 0),  # four of a kind: both columns pair
        ("8♠ 5♥ 8♦ 5♣", 0),  # two column pairs
    ],
)
def test_square_scores(layout, points):
    assert score(layout) == points


def test_pairs_anywhere_house_rule():
    assert score("7♠ 7♥ 4♦ 9♣", pair_scope="anywhere") == 13
    assert score("8♠ 8♥ 5♦ 5♣", pair_scope="anywhere") == 0
    assert score("8♠ 8♥ 5♦ 5♣") == 26


def test_three_of_a_kind_plus_house_rule():
    assert score("3♠ 3♥ 3♦ K♣", triple_minus=False) == 3


def test_card_values_are_parameters():
    assert score("K♠ J♥ 5♦ 4♣", king_points=-2, court_points=12) == 19


def test_several_players_totals_leaders_tie_and_pot():
    result = GOLF.run(
        {"layouts": {"Ann": "5♠ 9♥ 5♦ 9♣", "Bob": "K♠ A♥ K♦ 2♣", "Cy": "J♠ Q♣ 4♦ 6♥"}, "totals": {"Ann": 4, "Bob": 1}}
    )
    assert result["scores"] == {"Ann": 0, "Bob": 3, "Cy": 30}
    assert result["totals"] == {"Ann": 4, "Bob": 4, "Cy": 30}
    assert result["leaders"] == ["Ann", "Bob"]
    assert result["tie"] is True
    assert result["pot"] == 300
    assert "score" not in result  # a quantity the example does not work out is left out of the results


@pytest.mark.parametrize(
    ("inputs", "rules", "message"),
    [
        ({"layout": "A♠ 2♥ 3♦"}, {}, "layout: a golf square has 4 cards, got 3"),
        ({"layout": "A♠ 2♥ 3♦ Jk"}, {}, "layout: golf is played without jokers"),
        ({"layout": "A♠ 2♥ 3♦ 1♣"}, {}, "'1♣' is not a card"),
        ({"layouts": {"A": "A♠ 2♥ 3♦ 4♣", "B": "A♠ 5♥ 6♦ 7♣"}}, {}, "card A♠ is dealt 2 times"),
        ({"layout": "A♠ 2♥ 3♦ 4♣"}, {"pair_scope": "row"}, "rules.pair_scope: unknown value 'row': expected one of column, anywhere"),
        ({"layout": "A♠ 2♥ 3♦ 4♣", "totals": {"Zed": 3}}, {}, "totals: 'Zed' has no layout"),
        ({}, {}, "golf needs the field 'layout' or 'layouts'"),
    ],
)
def test_bad_inputs_name_the_field(inputs, rules, message):
    with pytest.raises(ExampleError, match=message.replace("(", r"\(")):
        GOLF.run(inputs, rules)


def test_explain_reads_like_a_scorecard():
    lines = GOLF.explain({"layouts": {"Ann": "5♠ 9♥ 5♦ 9♣", "Bob": "K♠ A♥ K♦ 2♣"}}, GOLF.defaults)
    assert lines == ["Ann: 5♠ 9♥ 5♦ 9♣ scores 0", "Bob: K♠ A♥ K♦ 2♣ scores 3", "Lowest total: Ann (0)"]


def test_check_reports_a_wrong_golf_claim_with_file_and_line(tmp_path):
    page = tmp_path / "golf.md"
    page.write_text("```deckgen\ngame: golf\nlayout: 3♠ 3♥ 3♦ K♣\nexpect:\n  score: 9\n```\n", encoding="utf-8")
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:5: golf: score: expected 9, got -3"]
