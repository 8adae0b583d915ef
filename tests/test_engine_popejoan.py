"""Pope Joan: the dressed board, compartments taken by the turn-up and by play, Matrimony and Intrigue
for one player's pair, Game and the cards left, counters carried over, and the two house rules."""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError, result_problems
from deckgen.engine.registry import get_game

POPE = get_game("pope-joan")
assert POPE is not None

THREE = {"players": ["Ann", "Bob", "Cy"], "dealer": "Ann", "turn_up": "5♥", "out": "Bob",
         "played": {"9♦": "Cy", "K♥": "Bob", "Q♥": "Bob"}, "left": {"Ann": 3, "Cy": 2}}
FOUR = ["Ann", "Bob", "Cy", "Dee"]


def test_a_deal_with_pope_matrimony_and_game():
    result = POPE.run(THREE)
    assert result["dressing"] == {"Ann": 15, "Bob": 0, "Cy": 0}
    assert result["compartments"] == {"pope": "Cy", "matrimony": "Bob", "king": "Bob", "queen": "Bob", "game": "Bob"}
    assert result["taken"] == {"Ann": 0, "Bob": 5, "Cy": 6}
    assert result["cards"] == {"Ann": -3, "Bob": 5, "Cy": -2}
    assert result["net"] == {"Ann": -18, "Bob": 10, "Cy": 4}
    assert result["carried"] == {"intrigue": 2, "ace": 1, "knave": 1}
    assert sum(result["net"].values()) + sum(result["carried"].values()) == 0


def test_a_pair_split_between_two_players_takes_no_matrimony():
    result = POPE.run(dict(THREE, played={"K♥": "Bob", "Q♥": "Cy"}))
    assert "matrimony" not in result["compartments"]
    assert result["carried"]["matrimony"] == 2


def test_the_turn_up_honour_goes_to_the_dealer_and_carried_counters_grow():
    inputs = {"players": FOUR, "dealer": "Bob", "turn_up": "K♠", "out": "Ann",
              "played": {"9♦": "Ann", "Q♠": "Cy", "J♠": "Cy", "A♠": "Dee"},
              "left": {"Bob": 3, "Cy": 1, "Dee": 5}, "layout": {"pope": 6, "ace": 1}}
    result = POPE.run(inputs)
    assert result["compartments"]["king"] == "Bob"
    assert result["taken"] == {"Ann": 13, "Bob": 1, "Cy": 4, "Dee": 2}
    assert result["net"] == {"Ann": 22, "Bob": -17, "Cy": 3, "Dee": -3}
    assert result["carried"] == {"matrimony": 2}


def test_a_turned_up_pope_under_either_rule():
    inputs = {"players": FOUR, "dealer": "Dee", "turn_up": "9♦", "out": "Ann", "left": {"Bob": 2, "Cy": 1, "Dee": 4}}
    assert POPE.run(inputs)["net"] == {"Ann": 8, "Bob": -2, "Cy": -1, "Dee": -13}
    ended = POPE.run({"players": FOUR, "dealer": "Dee", "turn_up": "9♦"}, {"pope_turned": "game"})
    assert ended["compartments"] == {"pope": "Dee", "game": "Dee"}
    assert ended["cards"] == {"Ann": -10, "Bob": -10, "Cy": -10, "Dee": 30}
    assert (ended["winner"], ended["net"]["Dee"]) == ("Dee", 22)


def test_every_player_dressing_two_a_compartment():
    result = POPE.run(THREE, {"dressing": "each"})
    assert result["dressing"] == {"Ann": 16, "Bob": 16, "Cy": 16}
    assert result["taken"] == {"Ann": 0, "Bob": 24, "Cy": 6}
    assert result["carried"] == {"intrigue": 6, "ace": 6, "knave": 6}


def test_results_speak_the_shared_vocabulary():
    assert result_problems(POPE, POPE.run(THREE)) == []


@pytest.mark.parametrize(
    ("change", "rules", "message"),
    [
        ({"players": ["Ann", "Bob"]}, {}, "players: expected 3 to 8 different players"),
        ({"turn_up": "8♦"}, {}, "turn_up: 8♦ is not in the Pope Joan pack"),
        ({"played": {"2♥": "Ann"}}, {}, "played.2♥: 2♥ takes no compartment with hearts trumps"),
        ({"played": {"9♦": "Zed"}}, {}, "played.9♦: 'Zed' is not one of the players"),
        ({"turn_up": "K♥"}, {}, "played.K♥: K♥ is the turn-up, which is not played"),
        ({"out": "Ann"}, {}, "left.Ann: Ann went out and has no cards left"),
        ({"left": {"Ann": 14}}, {}, "left.Ann: 14 cards left, but with 3 players a hand has at most 13"),
        ({"layout": {"jackpot": 3}}, {}, "layout: expected counters left from earlier deals"),
        ({"turn_up": "9♦", "played": {}}, {"pope_turned": "game"}, "turn_up: the Pope turned up ends the deal"),
    ],
)
def test_bad_inputs(change, rules, message):
    with pytest.raises(ExampleError, match=message):
        POPE.run({**THREE, **change}, rules)


def test_explain_and_summary():
    assert POPE.explain(THREE, POPE.defaults)[:2] == ["the board is dressed: Ann 15", "Cy takes Pope"]
    assert POPE.summary(THREE, POPE.defaults) == [
        "Bob takes Game and 5 for cards; Cy Pope, Bob Matrimony, Bob King and Bob Queen.",
        "Net: Ann -18, Bob +10, Cy +4.",
    ]


def test_check_reports_a_wrong_claim(tmp_path):
    page = tmp_path / "p.md"
    page.write_text("```deckgen\ngame: pope-joan\nplayers: [Ann, Bob, Cy]\ndealer: Ann\nturn_up: 5♥\nout: Bob\n"
                    "left: {Ann: 3, Cy: 2}\nexpect:\n  winner: Cy\n```\n", encoding="utf-8")
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:9: pope-joan: winner: expected Cy, got Bob"]
