"""Sixty-six: the card values, marriages void without a trick, the last trick, the game points at the
33 boundary and for schwarz, the game of 7 (or 10), and the one-line errors."""

from __future__ import annotations

import pytest

from deckgen.cards import parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.registry import get_game
from deckgen.engine.sixtysix import card_points

SIXTY_SIX = get_game("sixty-six")
ANN = "A♠ 10♠ A♦ 10♦ K♣ 9♠"  # 46


def out(taken: dict, rules: dict | None = None, **more) -> dict:
    return SIXTY_SIX.run({"players": ["Ann", "Bob"], "trump": "♥", "out": "Ann", "taken": taken, **more}, rules or {})


def test_the_pack_counts_120() -> None:
    assert card_points(parse_cards("A♠ 10♠ K♠ Q♠ J♠ 9♠")) == 30
    every = " ".join(f"{r}{s}" for r in ("A", "10", "K", "Q", "J", "9") for s in "♠♥♦♣")
    assert card_points(parse_cards(every)) == 120


@pytest.mark.parametrize(
    ("bob", "bob_points", "outcome", "won"),
    [
        ("A♣ 10♣ K♠ K♦ J♠ J♦", 33, "simple", 1),
        ("A♣ 10♣ K♠ K♦ Q♠ 9♦", 32, "schneider", 2),
        ("K♠ 9♦", 4, "schneider", 2),
        ("9♦ 9♣", 0, "schneider", 2),  # a trick with nothing in it still saves schwarz
        ("", 0, "schwarz", 3),
    ],
)
def test_game_points_by_the_other_players_points_and_tricks(bob: str, bob_points: int, outcome: str, won: int) -> None:
    result = out({"Ann": ANN, "Bob": bob}, marriages={"Ann": ["♣"]})
    assert result["points"] == {"Ann": 66, "Bob": bob_points}
    assert (result["outcome"], result["game_points"]) == (outcome, {"Ann": won, "Bob": 0})


def test_marriages_count_20_or_40_and_only_with_a_trick() -> None:
    assert out({"Ann": ANN}, marriages={"Ann": ["♥"]})["points"]["Ann"] == 86
    assert out({"Ann": ANN}, marriages={"Ann": ["♣", "♠"]})["points"]["Ann"] == 86
    result = out({"Ann": ANN}, marriages={"Ann": "♥", "Bob": ["♦"]})
    assert result["points"] == {"Ann": 86, "Bob": 0}  # Bob's marriage is void: no trick
    assert out({"Ann": ANN, "Bob": "9♣ 9♦"}, marriages={"Ann": "♥", "Bob": ["♦"]})["points"]["Bob"] == 20
    assert out({"Ann": ANN}, {"royal_marriage": 50}, marriages={"Ann": ["♥"]})["points"]["Ann"] == 96


def test_the_last_trick_adds_ten_when_all_are_played() -> None:
    taken = {"Ann": "A♠ 10♠ A♥ 10♥ K♠ K♥ Q♠ Q♥ 9♠ 9♥ 9♦ 9♣", "Bob": "A♦ 10♦ A♣ 10♣ K♦ K♣ Q♦ Q♣ J♠ J♥ J♦ J♣"}
    result = out(taken, last_trick="Ann")
    assert result["points"] == {"Ann": 66, "Bob": 64}
    with pytest.raises(ExampleError, match="out: Ann has 56, under 66"):
        out(taken, last_trick="Bob")
    with pytest.raises(ExampleError, match="last_trick: the last trick counts only when all twelve tricks are played"):
        out({"Ann": ANN}, last_trick="Ann", marriages={"Ann": ["♣"]})


def test_the_game_is_7_or_the_house_rule() -> None:
    taken = {"Ann": ANN, "Bob": "K♠ 9♦"}
    assert out(taken, marriages={"Ann": ["♣"]}, before={"Ann": 5})["winner"] == "Ann"
    assert out(taken, marriages={"Ann": ["♣"]}, before={"Ann": 4})["winner"] == ""
    result = out(taken, {"target": 10}, marriages={"Ann": ["♣"]}, before={"Ann": 5, "Bob": 9})
    assert (result["totals"], result["winner"]) == ({"Ann": 7, "Bob": 9}, "")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"out": "Cy"}, "out: 'Cy' is not one of the players"),
        ({"trump": "x"}, "trump: "),
        ({"taken": {"Ann": "A♠ 8♠"}}, "taken.Ann: '8♠' is not in a sixty-six pack"),
        ({"taken": {"Ann": "A♠ 10♠ A♦", "Bob": "K♠ 9♦"}}, "taken.Ann: 3 cards is not a number of tricks"),
        ({"taken": {"Ann": ANN, "Bob": "A♠ 9♦"}}, "taken.Bob: A♠ is taken twice"),
        ({"marriages": {"Ann": ["♣"], "Bob": ["♣"]}}, "marriages.Bob: the marriage in clubs is declared twice"),
        ({"marriages": {"Ann": ["X"]}}, "marriages.Ann: "),
        ({"marriages": {}}, "out: Ann has 46, under 66"),
        ({"before": {"Ann": "five"}}, "before: expected whole-number game points"),
        ({"players": ["Ann"]}, "players: expected the two players"),
    ],
)
def test_errors_name_the_field(change: dict, message: str) -> None:
    inputs = {"players": ["Ann", "Bob"], "trump": "♥", "out": "Ann", "taken": {"Ann": ANN}, "marriages": {"Ann": ["♣"]},
              **change}
    with pytest.raises(ExampleError, match=message):
        SIXTY_SIX.run(inputs, {})


def test_summary_says_the_hand_and_the_game() -> None:
    rules = SIXTY_SIX.resolve_rules()
    inputs = {"trump": "♥", "out": "Ann", "taken": {"Ann": ANN}, "marriages": {"Ann": ["♣"]}, "before": {"Ann": 4}}
    assert SIXTY_SIX.summary(inputs, rules) == [
        "Ann goes out with 66; Bob has taken no trick, schwarz: 3 game points.", "Ann reaches 7 game points and wins."]
