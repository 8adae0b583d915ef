"""Auction pitch with the joker and Shasta Sam: the points, the bid, and who goes out first."""

from __future__ import annotations

import pytest

from deckgen.engine.allfours import AUCTION_PITCH, AuctionPitchRules, auction_pitch
from deckgen.engine.base import ExampleError
from deckgen.engine.registry import get_game

# Spades trump. Ann: A♠ J♠ and 18 for game; Bob: 2♠ (captured), the joker and 12; Cy: K♠ and 3.
HAND = {"Ann": "A♠ J♠ 10♥ K♦ 4♠", "Bob": "2♠ Jk Q♥ 10♦ 3♣", "Cy": "K♠ 9♥ 5♣ 6♣"}


def pitch(won=None, bid=2, bidder="Ann", low_from="Cy", rules=None, **more) -> dict:
    inputs = {"trump": "♠", "bidder": bidder, "bid": bid, "won": won or HAND, **more}
    if low_from is not None:
        inputs["low_from"] = low_from
    return AUCTION_PITCH.run(inputs, rules or {})


def test_registered():
    assert get_game("auction-pitch") is AUCTION_PITCH


def test_five_points_low_to_the_player_dealt_it():
    assert pitch() == {
        "high": "Ann", "low": "Cy", "jack": "Ann", "joker": "Bob", "game": "Ann",
        "game_points": {"Ann": 18, "Bob": 12, "Cy": 3},
        "points": {"Ann": 3, "Bob": 1, "Cy": 1},
        "made": True,
        "score": {"Ann": 3, "Bob": 1, "Cy": 1},
        "totals": {"Ann": 3, "Bob": 1, "Cy": 1},
        "winner": "",
    }


def test_low_to_its_taker_is_a_house_rule():
    result = pitch(rules={"low_point": "captured"})
    assert (result["low"], result["score"]) == ("Bob", {"Ann": 3, "Bob": 2, "Cy": 0})
    with pytest.raises(ExampleError, match=r"^low_from: needed, one of the sides under won \(Ann, Bob, Cy\)$"):
        pitch(low_from=None)
    assert pitch(low_from=None, rules={"low_point": "captured"})["low"] == "Bob"


def test_the_joker_is_never_low_or_high():
    won = {"Ann": "A♣ Jk", "Bob": "3♠ 10♥", "Cy": "5♠ K♣"}
    result = pitch(won, bid=1, low_from="Bob", rules={"low_point": "captured"})
    assert (result["high"], result["low"], result["joker"]) == ("Cy", "Bob", "Ann")
    assert result["jack"] == ""
    # the joker alone of the trumps (it was led, so spades are trumps): no high, no low
    alone = pitch({"Ann": "Jk A♥", "Bob": "10♥ K♣"}, bid=1, low_from=None)
    assert (alone["high"], alone["low"], alone["joker"], alone["game"]) == ("", "", "Ann", "Bob")


def test_a_tie_for_game_scores_nobody_and_the_pitcher_is_set_back():
    won = {"Ann": "A♠ J♠ 10♥ 4♠ 7♦", "Bob": "2♠ Jk 10♦ K♦ Q♥", "Cy": "9♥ 5♣ 8♣"}
    result = pitch(won, bid=3, low_from="Bob")
    assert result["game_points"] == {"Ann": 15, "Bob": 15, "Cy": 0}
    assert (result["game"], result["made"], result["score"]) == ("", False, {"Ann": -3, "Bob": 2, "Cy": 0})


def test_largest_and_smallest_scores():
    everything = pitch({"Ann": "A♠ J♠ 2♠ Jk 10♥ K♦ 10♦", "Bob": "Q♥ 3♣", "Cy": "9♥ 5♣"}, bid=4, low_from="Ann")
    assert everything["score"] == {"Ann": 5, "Bob": 0, "Cy": 0}
    short = pitch({"Ann": "A♠ J♠ 2♠ 10♥ K♦", "Bob": "Jk Q♥ 10♦ 3♣", "Cy": "9♥ 5♣"}, bid=4, low_from="Bob")
    assert (short["made"], short["score"]) == (False, {"Ann": -4, "Bob": 2, "Cy": 0})


def test_the_pitcher_counts_first_then_the_points_in_order():
    before = {"Ann": 8, "Bob": 9, "Cy": 5}
    made = pitch(bid=2, low_from="Bob", before=before)
    assert (made["totals"], made["winner"]) == ({"Ann": 11, "Bob": 11, "Cy": 5}, "Ann")
    set_back = pitch(bid=4, low_from="Bob", before=before)
    assert (set_back["totals"], set_back["winner"]) == ({"Ann": 4, "Bob": 11, "Cy": 5}, "Bob")
    # Bob needs two; Cy one: Cy's low (counted before the joker) puts Cy out first
    order = pitch(bid=4, low_from="Cy", before={"Ann": 0, "Bob": 8, "Cy": 9})
    assert (order["low"], order["joker"], order["winner"]) == ("Cy", "Bob", "Cy")
    assert pitch(bid=2, low_from="Bob", before=before, rules={"target": 12})["winner"] == ""


def test_without_the_joker_four_points_and_no_joker_allowed():
    won = {"Ann": "A♠ J♠ 10♥ K♦ 4♠", "Bob": "2♠ Q♥ 10♦ 3♣", "Cy": "K♠ 9♥ 5♣ 6♣"}
    result = pitch(won, bid=4, low_from="Bob", rules={"joker": False, "target": 7})
    assert "joker" not in result
    assert result["points"] == {"Ann": 3, "Bob": 1, "Cy": 0}
    with pytest.raises(ExampleError, match="won.Bob: a joker, but this game is played without one"):
        pitch(rules={"joker": False})
    with pytest.raises(ExampleError, match=r"bid: '5' is not a bid: expected 1, 2, 3 or 4"):
        pitch(won, bid=5, rules={"joker": False})
    with pytest.raises(ExampleError, match=r"rules.bids: expected a list of numbered bids from 1 to 4"):
        pitch(won, rules={"joker": False, "bids": [2, 3, 4, 5]})
    assert pitch(bid=5, rules={"bids": [2, 3, 4, 5]})["made"] is False


def test_typed_rules_are_read():
    assert auction_pitch({"trump": "♠", "bidder": "Ann", "bid": 2, "low_from": "Cy", "won": HAND},
                         AuctionPitchRules(low_point="captured"))["low"] == "Bob"


def test_explain_and_summary():
    inputs = {"trump": "♠", "bidder": "Ann", "bid": 2, "low_from": "Bob", "won": HAND, "before": {"Ann": 8, "Bob": 9}}
    assert AUCTION_PITCH.explain(inputs, AUCTION_PITCH.defaults) == [
        "High: Ann", "Low: Bob", "Jack: Ann", "Joker: Bob", "Game: Ann (Ann 18 v Bob 12 v Cy 3)",
        "Ann bid 2, made: Ann +3, Bob +2, Cy +0", "Ann reaches 10 first and wins",
    ]
    assert AUCTION_PITCH.summary(inputs, AUCTION_PITCH.defaults) == [
        "High, jack and game to Ann; low and joker to Bob; no point to Cy.",
        "Ann's bid of 2 is made; the game goes to Ann, first to reach 10 with 11.",
    ]


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"bidder": "Dee"}, r"bidder: 'Dee' is not one of the sides under won \(Ann, Bob, Cy\)"),
        ({"trump": "x"}, "trump: 'x' is not a suit"),
        ({"bid": "smudge"}, "bid: 'smudge' is not a bid: expected 1, 2, 3 or 4"),
        ({"won": {"Ann": "A♠ Jk", "Bob": "Jk 2♠"}}, "won: the pack has one joker"),
        ({"won": {"Ann": "K♥", "Bob": "Q♥"}}, "won: no spades were taken"),
        ({"won": {"Ann": "A♠ 2♠", "Bob": "A♠"}}, "card A♠ is dealt 2 times"),
        ({"low_from": "Dee"}, r"low_from: 'Dee' is not one of the sides"),
        ({"before": {"Ann": "lots"}}, "before: expected whole-number scores"),
    ],
)
def test_bad_inputs(inputs, message):
    base = {"trump": "♠", "bidder": "Ann", "bid": 2, "low_from": "Ann", "won": HAND}
    with pytest.raises(ExampleError, match=message):
        AUCTION_PITCH.run(base | inputs)


def test_bad_house_rules():
    with pytest.raises(ExampleError, match="^rules.low_point: unknown value 'held': expected one of dealt, captured$"):
        pitch(rules={"low_point": "held"})
    with pytest.raises(ExampleError, match=r"rules.bids: expected a list of numbered bids from 1 to 5"):
        pitch(rules={"bids": [1, 6]})


# ----------------------------------------------------------------------------- Shasta Sam

from deckgen.engine.allfours import SHASTA_SAM  # noqa: E402

TIE = {"Ann": "A♥ K♥ Q♥ J♥ 10♥ A♠ K♠ Q♠ J♠ 10♠", "Bob": "2♥ A♦ K♦ Q♦ J♦ 10♦ A♣ K♣ Q♣ J♣ 10♣"}


def sam(won, trump="♥", rules=None, **more) -> dict:
    return SHASTA_SAM.run({"trump": trump, "won": won, **more}, rules or {})


def test_shasta_sam_registered_and_every_point_to_its_taker():
    assert get_game("shasta-sam") is SHASTA_SAM
    won = {"Ann": "A♥ J♥ 7♥ A♠ K♠ Q♠ J♠ 10♠ A♦ K♦ 9♣", "Bob": "2♥ K♥ Q♥ 10♥ Q♦ J♦ 10♦ A♣ K♣ Q♣ J♣ 10♣"}
    assert sam(won, elder="Bob") == {
        "high": "Ann", "low": "Bob", "jack": "Ann", "game": "Bob",
        "game_points": {"Ann": 32, "Bob": 48}, "points": {"Ann": 2, "Bob": 2}, "totals": {"Ann": 2, "Bob": 2},
        "winner": "",
    }


def test_shasta_sam_tie_for_game_to_the_elder_hand_or_nobody():
    assert sam(TIE, elder="Ann")["game"] == "Ann"
    assert sam(TIE, elder="Bob")["points"] == {"Ann": 2, "Bob": 2}
    nobody = sam(TIE, elder="Bob", rules={"game_tie": "none"})
    assert (nobody["game"], nobody["totals"]) == ("", {"Ann": 2, "Bob": 1})
    with pytest.raises(ExampleError, match=r"^elder: needed, one of the sides under won \(Ann, Bob\)$"):
        sam(TIE)
    assert SHASTA_SAM.summary({"trump": "♥", "won": TIE, "elder": "Bob"}, SHASTA_SAM.defaults)[0] == (
        "Ann takes high and jack; Bob takes low and game; game is tied at 40 and goes to Bob, the elder hand.")


def test_shasta_sam_all_four_and_going_out_in_order():
    every = {"Ann": "A♠ 2♠ J♠ K♠ Q♠ 10♠ A♥ K♥ Q♥ J♥ 10♥ A♦ K♦ Q♦ J♦ 10♦ A♣ K♣ Q♣ J♣ 10♣", "Bob": ""}
    assert sam(every, trump="♠")["points"] == {"Ann": 4, "Bob": 0}
    won = {"Ann": "2♥ J♥ K♥ Q♥ 10♥ A♠ K♠ Q♠ J♠ 10♠ A♦ K♦ Q♦", "Bob": "A♥ J♦ 10♦ A♣ K♣ Q♣ J♣ 10♣"}
    out = sam(won, before={"Ann": 6, "Bob": 6})
    assert (out["totals"], out["winner"]) == ({"Ann": 9, "Bob": 7}, "Bob")  # high is counted first
    assert sam(won, before={"Ann": 6, "Bob": 5})["winner"] == "Ann"
    assert sam(won, before={"Ann": 6, "Bob": 6}, rules={"target": 10})["winner"] == ""
    assert SHASTA_SAM.explain({"trump": "♥", "won": won, "before": {"Ann": 6, "Bob": 6}}, SHASTA_SAM.defaults)[-1] == (
        "Bob reaches 7 first and wins")


@pytest.mark.parametrize(
    ("won", "message"),
    [
        ({"Ann": "A♥ K♥", "Bob": "2♥"}, r"won: the whole pack is played, so every ace, king, queen, jack and ten, and the 2♥, "
                                        r"is in someone's tricks; A♠ is not"),
        ({"Ann": TIE["Ann"], "Bob": TIE["Bob"].replace("2♥", "3♥")}, "2♥ is not"),
        ({"Ann": TIE["Ann"] + " Jk", "Bob": TIE["Bob"]}, "won.Ann: a joker, but this game is played without one"),
        ({"Ann": TIE["Ann"], "Bob": TIE["Bob"], "Cy": ""}, "won: expected a mapping of the 2 players"),
    ],
)
def test_shasta_sam_bad_inputs(won, message):
    with pytest.raises(ExampleError, match=message):
        sam(won, elder="Ann")
