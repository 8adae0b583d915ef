"""Pitch: high, low, jack and game; bids made, set back and smudge; house rules; the win at 21."""

from __future__ import annotations

import pytest

from deckgen.engine.base import ExampleError
from deckgen.engine.pitch import SPEC
from deckgen.engine.registry import get_game

# Spades trump. Us: A♠ J♠ 3♠ and 18 for game (A 4, K 3, J 1, 10 10); Them: 2♠ 9♠ and 18 (10 10, Q 2, K 3, Q 2, J 1).
US = "A♠ 3♠ 9♥ 4♥ K♦ 2♦ J♠ 5♣ 10♦ 6♦ 8♣ 7♣"
THEM = "2♠ 9♠ 10♥ Q♥ 3♣ 4♣ K♣ 5♥ Q♦ 7♦ J♥ 8♦"


def run(won: dict, bid=3, bidder="Us", trump="♠", rules=None, **more) -> dict:
    return SPEC.run({"trump": trump, "bidder": bidder, "bid": bid, "won": won, **more}, rules or {})


def test_registered():
    assert get_game("pitch") is SPEC


def test_tied_game_scores_nobody_and_the_pitcher_is_set_back():
    assert run({"Us": US, "Them": THEM}) == {
        "high": "Us",
        "low": "Them",
        "jack": "Us",
        "game": "",
        "game_points": {"Us": 18, "Them": 18},
        "points": {"Us": 2, "Them": 1},
        "made": False,
        "score": {"Us": -3, "Them": 1},
        "totals": {"Us": -3, "Them": 1},
        "winner": "",
    }


def test_game_tie_house_rules():
    bidder = run({"Us": US, "Them": THEM}, rules={"game_tie": "bidder"})
    assert (bidder["game"], bidder["made"], bidder["score"]) == ("Us", True, {"Us": 3, "Them": 1})
    defenders = run({"Us": US, "Them": THEM}, rules={"game_tie": "defenders"})
    assert (defenders["game"], defenders["score"]) == ("Them", {"Us": -3, "Them": 2})


def test_making_more_than_the_bid_scores_every_point():
    won = {"Us": US.replace("9♥", "10♥"), "Them": THEM.replace("10♥", "9♥")}
    result = run(won, bid=2)
    assert result["game_points"] == {"Us": 28, "Them": 8}
    assert (result["made"], result["score"]) == (True, {"Us": 3, "Them": 1})


def test_jack_not_dealt_scores_nobody_and_four_cannot_be_made():
    won = {"Us": "A♠ K♠ 3♠ 10♥ 10♦ 4♦ 5♦ 6♦", "Them": "2♠ 4♠ 5♥ 6♥ 7♥ 8♥ 9♥ Q♥"}
    result = run(won, bid=4)
    assert result["jack"] == ""
    assert result["low"] == "Them"
    won["Us"] += " 2♠"
    won["Them"] = won["Them"].replace("2♠ ", "")
    result = run(won, bid=4)
    assert result["points"] == {"Us": 3, "Them": 0}
    assert (result["made"], result["score"]) == (False, {"Us": -4, "Them": 0})


def test_smudge_made_and_set():
    everything = {"Us": US + " " + THEM, "Them": ""}
    made = run(everything, bid="smudge")
    assert made["points"] == {"Us": 4, "Them": 0}
    assert (made["made"], made["score"]) == (True, {"Us": 5, "Them": 0})
    assert run(everything, bid=5)["score"] == {"Us": 5, "Them": 0}
    assert run(everything, bid="smudge", rules={"smudge_value": 6})["score"] == {"Us": 6, "Them": 0}
    assert run(everything, bid="smudge", before={"Us": 3})["winner"] == ""
    outright = {"trump": "♠", "bidder": "Us", "bid": "smudge", "won": everything, "before": {"Us": 3}}
    rules = SPEC.resolve_rules({"smudge_wins_game": True})
    assert SPEC.run(outright, rules)["winner"] == "Us"
    assert SPEC.explain(outright, rules)[-1] == "Us makes a smudge and wins"
    one_trick = {"Us": US + " 2♠ 9♠ 10♥ Q♥ K♣ Q♦ 7♦ J♥", "Them": "3♣ 4♣ 5♥ 8♦"}
    set_back = run(one_trick, bid="smudge")
    assert set_back["points"] == {"Us": 4, "Them": 0}
    assert (set_back["made"], set_back["score"]) == (False, {"Us": -5, "Them": 0})


def test_low_to_the_side_dealt_it_is_a_house_rule():
    assert run({"Us": US, "Them": THEM}, rules={"low_point": "dealt"}, low_from="Us")["low"] == "Us"
    with pytest.raises(ExampleError, match="low_from: needed"):
        run({"Us": US, "Them": THEM}, rules={"low_point": "dealt"})


def test_game_values_are_a_house_rule():
    result = run({"Us": US, "Them": THEM}, rules={"game_values": {10: 10, "A": 4, "K": 3, "Q": 2, "J": 1, 9: 1}})
    assert result["game_points"] == {"Us": 19, "Them": 19}
    result = run({"Us": US, "Them": THEM}, rules={"game_values": {"A": 4, "K": 3, "Q": 2, "J": 1}})
    assert (result["game_points"], result["game"]) == ({"Us": 8, "Them": 8}, "")


def test_only_the_pitcher_goes_out_at_the_target():
    won = {"Us": US, "Them": THEM}
    result = run(won, bid=2, before={"Us": 19, "Them": 20})
    assert (result["totals"], result["winner"]) == ({"Us": 21, "Them": 21}, "Us")
    result = run(won, bid=3, before={"Us": 19, "Them": 20})
    assert (result["totals"], result["winner"]) == ({"Us": 16, "Them": 21}, "")
    assert run(won, bid=2, before={"Us": 19}, rules={"target": 25})["winner"] == ""


def test_cutthroat_three_players():
    won = {"Ann": "A♠ 2♠ K♥ Q♥", "Bob": "J♠ 10♥ 3♥ 4♥", "Cy": "5♠ 10♣ 3♣ 4♣"}
    result = run(won, bid=2, bidder="Ann")
    assert result["game_points"] == {"Ann": 9, "Bob": 11, "Cy": 10}
    assert result["points"] == {"Ann": 2, "Bob": 2, "Cy": 0}
    assert result["score"] == {"Ann": 2, "Bob": 2, "Cy": 0}


def test_explain():
    assert SPEC.explain({"trump": "♠", "bidder": "Us", "bid": 3, "won": {"Us": US, "Them": THEM}}, SPEC.defaults) == [
        "High A♠: Us",
        "Low 2♠: Them",
        "Jack J♠: Us",
        "Game (Us 18 v Them 18): tied, nobody",
        "Us bid 3, set back: Us -3, Them +1",
    ]


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"bidder": "We"}, r"bidder: 'We' is not one of the sides under won \(Us, Them\)"),
        ({"trump": "x"}, "trump: 'x' is not a suit"),
        ({"bid": 1}, "bid: '1' is not a bid: expected 2, 3, 4 or smudge"),
        ({"won": {"Us": US + " 2♠", "Them": THEM}}, "card 2♠ is dealt 2 times"),
        ({"won": {"Us": "K♥", "Them": "Q♥"}}, "won: no spades were taken"),
        ({"won": {"Us": US}}, "won: expected a mapping of each side"),
        ({"won": {"Us": US, "Them": THEM + " Zz"}}, "won.Them: 'Zz' is not a card"),
        ({"before": {"Us": "lots"}}, "before: expected whole-number scores"),
    ],
)
def test_bad_inputs(inputs, message):
    base = {"trump": "♠", "bidder": "Us", "bid": 3, "won": {"Us": US, "Them": THEM}}
    with pytest.raises(ExampleError, match=message):
        SPEC.run(base | inputs)


def test_bad_house_rule():
    with pytest.raises(ExampleError, match="^rules.low_point: unknown value 'held': expected one of captured, dealt$"):
        run({"Us": US, "Them": THEM}, rules={"low_point": "held"})


def test_deckgen_check_gives_file_and_line_of_a_wrong_claim(tmp_path):
    from deckgen.booklet.check import check_paths

    page = tmp_path / "wrong.md"
    page.write_text(
        f"# Wrong\n\n```deckgen\ngame: pitch\ntrump: ♠\nbidder: Us\nbid: 3\nwon:\n  Us: {US}\n  Them: {THEM}\n"
        "expect:\n  made: true\n```\n",
        encoding="utf-8",
    )
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:12: pitch: made: expected true, got false"]


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ({"bids": [2, "three"]}, r"rules.bids: expected a list of numbered bids"),
        ({"smudge_value": "five"}, r"rules.smudge_value: expected a whole number, got 'five'"),
        ({"game_values": {"Z": 3}}, r"rules.game_values: 'Z' is not a rank"),
    ],
)
def test_bad_house_rule_values(rules, message):
    with pytest.raises(ExampleError, match=message):
        run({"Us": US + " " + THEM, "Them": ""}, bid="smudge", rules=rules)
