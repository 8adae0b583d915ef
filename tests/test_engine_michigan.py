"""Michigan: the antes, the boodle chips to whoever plays the card, chips staying on an unplayed boodle,
and one chip a card left to the player who goes out."""

import pytest

from deckgen.booklet.check import check_paths
from deckgen.engine.base import ExampleError, result_problems
from deckgen.engine.registry import get_game

MICHIGAN = get_game("michigan")
assert MICHIGAN is not None

FOUR = ["Ann", "Bob", "Cy", "Dee"]
HAND = {"players": FOUR, "dealer": "Dee", "out": "Bob", "played": {"A♥": "Ann", "K♣": "Ann", "J♠": "Cy"},
        "left": {"Ann": 3, "Cy": 1, "Dee": 5}}


def test_a_hand_with_three_boodles_played_and_one_left():
    result = MICHIGAN.run(HAND)
    assert result["antes"] == {"Ann": 4, "Bob": 4, "Cy": 4, "Dee": 8}
    assert result["boodle"] == {"Ann": 10, "Bob": 0, "Cy": 5, "Dee": 0}
    assert result["cards"] == {"Ann": -3, "Bob": 9, "Cy": -1, "Dee": -5}
    assert result["net"] == {"Ann": 3, "Bob": 5, "Cy": 0, "Dee": -13}
    assert result["carried"] == {"Q♦": 5}
    assert result["winner"] == "Bob"


def test_the_chips_on_the_table_and_in_the_players_hands_add_up():
    result = MICHIGAN.run(HAND)
    assert sum(result["net"].values()) + sum(result["carried"].values()) == 0


def test_chips_left_from_an_earlier_hand_go_to_whoever_plays_the_card():
    inputs = {"players": FOUR, "dealer": "Ann", "out": "Dee", "played": {"Q♦": "Cy"},
              "left": {"Ann": 4, "Bob": 2, "Cy": 6}, "layout": {"Q♦": 5}}
    result = MICHIGAN.run(inputs)
    assert result["boodle"]["Cy"] == 10
    assert result["net"] == {"Ann": -12, "Bob": -6, "Cy": 0, "Dee": 8}
    assert result["carried"] == {"A♥": 5, "K♣": 5, "J♠": 5}


def test_every_boodle_played_leaves_the_layout_empty():
    inputs = {"players": ["Ann", "Bob", "Cy"], "dealer": "Ann", "out": "Cy",
              "played": {"A♥": "Bob", "K♣": "Bob", "Q♦": "Cy", "J♠": "Ann"}, "left": {"Ann": 1, "Bob": 12}}
    result = MICHIGAN.run(inputs)
    assert result["carried"] == {}
    assert result["net"] == {"Ann": -5, "Bob": -8, "Cy": 13}


def test_house_rules_change_the_antes_and_the_card_price():
    assert MICHIGAN.run(HAND, {"boodle_ante": 2, "dealer_ante": 4})["net"] == {"Ann": 9, "Bob": 1, "Cy": 1, "Dee": -21}
    assert MICHIGAN.run(HAND, {"per_card": 2})["cards"]["Bob"] == 18


def test_results_speak_the_shared_vocabulary():
    assert result_problems(MICHIGAN, MICHIGAN.run(HAND)) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": ["Ann", "Bob"]}, "players: expected 3 to 8 different players"),
        ({"players": ["Ann", "Ann", "Bob"]}, "players: expected 3 to 8 different players"),
        ({"dealer": "Zed"}, "dealer: 'Zed' is not one of the players"),
        ({"out": "Ann"}, "left.Ann: Ann went out and has no cards left"),
        ({"played": {"2♥": "Ann"}}, "played.2♥: 2♥ is not a boodle card"),
        ({"played": {"A♥": "Zed"}}, "played.A♥: 'Zed' is not one of the players"),
        ({"layout": {"K♣": -1}}, "layout.K♣: expected a whole number"),
        ({"left": {"Ann": 12}}, "left.Ann: 12 cards left, but with 4 players a hand has at most 11"),
        ({"left": {"Zed": 1}}, "left: expected the cards left"),
    ],
)
def test_bad_inputs(change, message):
    with pytest.raises(ExampleError, match=message):
        MICHIGAN.run({**HAND, **change})


def test_explain():
    assert MICHIGAN.explain(HAND, MICHIGAN.defaults) == [
        "antes: Ann 4, Bob 4, Cy 4, Dee 8 (dealer)",
        "Ann plays A♥ and takes its chips",
        "Ann plays K♣ and takes its chips",
        "Cy plays J♠ and takes its chips",
        "Ann takes 10 from the layout",
        "Cy takes 5 from the layout",
        "Bob goes out and collects 9 for 9 cards left",
        "net: Ann +3, Bob +5, Cy +0, Dee -13",
        "left on the layout: Q♦ 5",
    ]


def test_check_reports_a_wrong_michigan_claim(tmp_path):
    page = tmp_path / "m.md"
    page.write_text("```deckgen\ngame: michigan\nplayers: [Ann, Bob, Cy]\ndealer: Ann\nout: Bob\nleft: {Ann: 2}\n"
                    "expect:\n  net: {Bob: 2}\n```\n", encoding="utf-8")
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:8: michigan: net: expected {{Bob: 2}}, got {{Bob: -2}}"]
