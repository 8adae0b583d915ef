"""Seven- and nine-card brag: best-first hands, round winners, the scoop and the growing pot."""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError
from deckgen.engine.brag import BRAG_HANDS

SEVEN = {"Ann": ["A♥ 2♥ 3♣", "A♠ K♦ Q♣"], "Bob": ["9♠ 9♦ 4♣", "J♠ 8♦ 5♣"]}


def test_winning_both_rounds_scoops_the_pot():
    r = BRAG_HANDS.run({"players": SEVEN, "pot": 6})
    assert (r["cards_each"], r["round_winners"], r["scoop"], r["next_pot"]) == (7, ["Ann", "Ann"], "Ann", 0)
    assert r["names"] == {"Ann": ["Run, ace-two-three", "Run, ace high"], "Bob": ["Pair of nines", "High card, jack"]}


def test_split_rounds_leave_the_pot_and_everyone_adds_a_stake():
    players = {"Ann": SEVEN["Ann"], "Bob": ["3♠ 3♦ 3♥", "J♠ 8♦ 5♣"]}
    r = BRAG_HANDS.run({"players": players})
    assert (r["round_winners"], r["scoop"], r["next_pot"]) == (["Bob", "Ann"], "", 4)
    assert BRAG_HANDS.run({"players": players, "pot": 10}, {"stake": 5})["next_pot"] == 20


def test_a_tied_round_has_no_winner():
    players = {"Ann": ["A♥ K♥ 2♣", "7♠ 5♦ 3♣"], "Bob": ["A♠ K♦ 2♦", "6♠ 5♣ 3♦"]}
    r = BRAG_HANDS.run({"players": players})
    assert r["round_winners"] == ["", "Ann"] and r["scoop"] == ""


def test_nine_card_brag_needs_all_three_rounds():
    players = {"Ann": ["J♠ Q♠ K♠", "7♥ 7♦ 2♣", "A♦ 9♣ 4♥"], "Bob": ["5♣ 6♦ 7♠", "10♦ 10♣ 3♥", "K♣ 8♥ 6♥"]}
    r = BRAG_HANDS.run({"players": players})
    assert (r["cards_each"], r["round_winners"], r["scoop"], r["next_pot"]) == (9, ["Ann", "Bob", "Ann"], "", 4)


def test_house_rules_reach_the_poker_engines_ranking():
    # with A-2-3 low, A-K-Q must be shown first
    players = {"Ann": ["A♠ K♦ Q♣", "A♥ 2♥ 3♣"], "Bob": ["9♠ 9♦ 4♣", "J♠ 8♦ 5♣"]}
    assert BRAG_HANDS.run({"players": players}, {"brag_a23": "low"})["names"]["Ann"] == ["Run, ace high", "Run, ace-two-three"]
    with pytest.raises(ExampleError, match=r"players: Ann's hands must be shown best first, but hand 2 \(A♥ 2♥ 3♣\)"):
        BRAG_HANDS.run({"players": players})
    # threes on top, or not
    players = {"Ann": ["3♠ 3♦ 3♥", "J♠ 8♦ 5♣"], "Bob": ["A♠ A♦ A♥", "Q♠ 8♣ 5♦"]}
    assert BRAG_HANDS.run({"players": players})["round_winners"] == ["Ann", "Bob"]
    assert BRAG_HANDS.run({"players": players}, {"brag_threes_top": False})["round_winners"] == ["Bob", "Bob"]


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ({"Ann": SEVEN["Ann"]}, "players: expected"),
        ({"Ann": ["A♥ 2♥ 3♣"], "Bob": SEVEN["Bob"]}, "players: Ann needs a list of 2 hands"),
        ({"Ann": ["A♥ 2♥", "A♠ K♦ Q♣"], "Bob": SEVEN["Bob"]}, "players: each of Ann's hands must be 3 cards"),
        ({"Ann": SEVEN["Ann"], "Bob": ["9♠ 9♦ 4♣", "J♠ 8♦ 5♣", "2♠ 3♠ 7♦"]}, "players: everyone makes the same number"),
        ({"Ann": SEVEN["Ann"], "Bob": ["9♠ 9♦ 4♣", "A♠ 8♦ 5♣"]}, "card A♠ is dealt 2 times"),
    ],
)
def test_bad_inputs(players, message):
    with pytest.raises(ExampleError, match=message):
        BRAG_HANDS.run({"players": players})


def test_bad_a23_rule():
    with pytest.raises(ExampleError, match="^rules.brag_a23: unknown value 'middle': expected one of top, second, low$"):
        BRAG_HANDS.run({"players": SEVEN}, {"brag_a23": "middle"})


def test_explain():
    assert BRAG_HANDS.explain({"players": SEVEN}, BRAG_HANDS.defaults) == [
        "Hand 1: Ann wins", "Hand 2: Ann wins", "Ann takes the pot"
    ]


def test_check_reports_a_wrong_brag_claim(tmp_path):
    page = tmp_path / "brag.md"
    page.write_text(
        "```deckgen\ngame: brag-hands\nplayers:\n  Ann: [A♥ 2♥ 3♣, A♠ K♦ Q♣]\n  Bob: [3♠ 3♦ 3♥, J♠ 8♦ 5♣]\n"
        "expect:\n  scoop: Ann\n```\n",
        encoding="utf-8",
    )
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:7: brag-hands: scoop: expected Ann, got nobody"]
