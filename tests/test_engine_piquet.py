"""Piquet: the combinations and who scores them, repique and pique in the order they are reckoned,
the play, the cards and capot, the house rules, and the partie of rubicon piquet."""

from __future__ import annotations

import pytest

from deckgen.cards import Rank, parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.piquet import best_point, best_sequence, best_set, sequence_value, sequences, sets
from deckgen.engine.registry import get_game

PIQUET = get_game("piquet")
PARTIE = get_game("piquet-partie")

# Ann: sixième major in spades, four aces, three kings; Bob: hearts Q to 7, trios of queens, jacks, tens.
REPIQUE = {"Ann": "A♠ K♠ Q♠ J♠ 10♠ 9♠ A♥ A♦ A♣ K♥ K♦ 7♣", "Bob": "Q♥ J♥ 10♥ 9♥ 8♥ 7♥ Q♦ J♦ 10♦ Q♣ J♣ 10♣"}
# Ann: a quint major, a tierce in clubs, three aces (26); Bob beaten in everything.
PIQUE = {"Ann": "A♠ K♠ Q♠ J♠ 10♠ A♥ A♦ 7♥ 8♦ 9♣ 8♣ 7♣", "Bob": "K♥ Q♥ J♥ 10♥ K♦ Q♦ J♦ 10♦ K♣ Q♣ J♣ 9♠"}


def deal(hands: dict, rules: dict | None = None, **more) -> dict:
    return PIQUET.run({"elder": "Ann", "younger": "Bob", "hands": hands, **more}, rules or {})


def test_the_point_is_the_longest_suit_then_the_pips() -> None:
    assert best_point(parse_cards("A♠ K♠ 9♠ 7♠ A♥ Q♥ J♥ 10♥")) == (4, 41)  # hearts 41 beat spades 37
    assert best_point(parse_cards("7♠ 8♠ 9♠ 10♠ 7♥ 8♥ 9♥ 10♥ A♦ K♦ 7♣ 8♣")) == (4, 34)
    assert best_point(parse_cards("7♠ 8♠ 9♠ 10♠ 7♥")) > best_point(parse_cards("A♥ K♥ Q♥"))  # length first


def test_sequences_sets_and_their_values() -> None:
    hand = parse_cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ Q♥ J♥ 10♥ 7♦")
    assert sequences(hand) == [(8, Rank.ACE), (3, Rank.QUEEN)]
    assert best_sequence(hand) == (8, 14)
    assert [sequence_value(n) for n in (3, 4, 5, 8)] == [3, 4, 15, 18]
    assert best_sequence(parse_cards("A♠ K♠ 10♠ 9♠")) == (0, 0)  # two in a row is no sequence
    assert sets(parse_cards("A♠ A♥ A♦ A♣ 10♠ 10♥ 10♦ 9♠ 9♥ 9♦")) == [(4, Rank.ACE), (3, Rank.TEN)]  # nines never
    assert best_set(parse_cards("K♠ K♥ K♦ A♠ A♥ A♦")) == (3, 14)


def test_only_the_better_hand_scores_a_kind_and_then_all_of_it() -> None:
    result = deal(REPIQUE)
    assert (result["point"], result["sequence"], result["sets"]) == ("Ann", "Ann", "Ann")
    # point 6, sixième 16, quatorze of aces 14, trio of kings 3; Bob's trios score nothing
    assert result["declared"] == {"Ann": 39, "Bob": 0}
    assert result["repique"] == "Ann"
    # without tricks the play is not worked out: the results leave out the points and the pique
    assert "points" not in result and "pique" not in result and "cards" not in result


def test_equal_is_no_score_and_does_not_stop_younger_repique() -> None:
    hands = {"Ann": "A♠ K♠ 9♠ A♥ K♥ 8♥ A♦ K♦ 7♦ 9♣ 8♣ 7♣", "Bob": "Q♠ J♠ 10♠ Q♥ J♥ 10♥ Q♦ J♦ 10♦ Q♣ J♣ 10♣"}
    result = deal(hands)
    assert (result["point"], result["declared"], result["repique"]) == ("", {"Ann": 0, "Bob": 54}, "Bob")
    hands["Ann"] = "A♠ K♠ 9♠ 8♠ A♥ K♥ 8♥ A♦ K♦ 9♣ 8♣ 7♣"  # a point of four: Ann scores first
    result = deal(hands)
    assert (result["declared"], result["repique"]) == ({"Ann": 4, "Bob": 54}, "")


def test_carte_blanche_counts_first() -> None:
    assert deal(REPIQUE, blank=["Bob"])["declared"] == {"Ann": 39, "Bob": 10}
    assert deal(REPIQUE, blank=["Bob"])["repique"] == ""
    assert deal(REPIQUE, blank="Ann")["declared"]["Ann"] == 49
    assert deal(REPIQUE, {"carte_blanche": 20}, blank=["Bob"])["declared"]["Bob"] == 20


def test_play_leads_captures_last_and_the_cards() -> None:
    # Ann leads seven winners, then Bob takes the rest: Ann 8 leads; Bob 1 capture, 4 leads, 1 last
    tricks = ["Ann"] * 7 + ["Bob"] * 5
    result = deal(PIQUE, tricks=tricks)
    assert result["play"] == {"Ann": 8, "Bob": 6}
    assert (result["cards"], result["capot"]) == ("Ann", "")
    assert result["pique"] == "Ann"  # 26 + her fourth lead = 30 before Bob scores
    assert result["points"] == {"Ann": 26 + 30 + 8 + 10, "Bob": 6}
    divided = deal(PIQUE, tricks=["Ann"] * 6 + ["Bob"] * 6)
    assert (divided["cards"], divided["play"]) == ("", {"Ann": 7, "Bob": 7})
    assert divided["points"] == {"Ann": 26 + 30 + 7, "Bob": 7}


def test_pique_needs_thirty_before_younger_scores() -> None:
    # Bob captures the second trick: he has scored before Ann's 30, no pique
    result = deal(PIQUE, tricks=["Ann", "Bob", "Ann", "Ann", "Ann", "Ann", "Ann", "Ann", "Bob", "Bob", "Bob", "Bob"])
    assert result["pique"] == ""
    # a repique is never also a pique
    assert deal(REPIQUE, tricks=["Ann"] * 12)["pique"] == ""


def test_capot_is_the_largest_deal() -> None:
    hands = dict(REPIQUE, Ann="A♠ K♠ Q♠ J♠ 10♠ 9♠ A♥ A♦ A♣ K♥ K♦ K♣")
    result = deal(hands, tricks=["Ann"] * 12)
    assert (result["capot"], result["cards"], result["play"]) == ("Ann", "Ann", {"Ann": 13, "Bob": 0})
    assert result["points"] == {"Ann": 50 + 60 + 13 + 40, "Bob": 0}
    assert deal(hands, {"capot": 30, "repique": 90}, tricks=["Ann"] * 12)["points"]["Ann"] == 50 + 90 + 13 + 30


def test_the_old_laws_count_only_leads_of_a_ten_or_higher() -> None:
    tricks = ["Ann"] * 7 + ["Bob"] * 5
    assert deal(PIQUE, {"leads": "ten-up"}, tricks=tricks, low_leads=[8])["play"] == {"Ann": 7, "Bob": 6}
    assert deal(PIQUE, tricks=tricks, low_leads=[8])["play"] == {"Ann": 8, "Bob": 6}  # read only under the rule
    # the first four leads low: Ann's 30 comes too late, Bob has captured first
    late = deal(PIQUE, {"leads": "ten-up"}, tricks=["Ann"] * 4 + ["Bob"] * 8, low_leads=[1, 2, 3, 4])
    assert late["pique"] == ""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"younger": "Ann"}, "younger: expected the other player, not elder hand 'Ann' again"),
        ({"hands": {"Ann": REPIQUE["Ann"]}}, "hands: expected the twelve cards of Ann and Bob"),
        ({"hands": dict(REPIQUE, Bob="Q♥ J♥ 10♥ 9♥ 8♥ 7♥ Q♦ J♦ 10♦ Q♣ J♣ 6♣")}, "hands.Bob: '6♣' is not in a piquet pack"),
        ({"hands": dict(REPIQUE, Bob="Q♥ J♥ 10♥ 9♥ 8♥ 7♥ Q♦ J♦ 10♦ Q♣ J♣ A♠")}, "hands.Bob: A♠ is held twice"),
        ({"hands": dict(REPIQUE, Bob="Q♥ J♥")}, "hands.Bob: expected 12 cards, got 2"),
        ({"hands": dict(REPIQUE, Bob="Q♥ J♥ 1♥")}, "hands.Bob: '1♥' is not a card"),
        ({"tricks": ["Ann"] * 11}, "tricks: expected the winner of each of the twelve tricks"),
        ({"tricks": ["Ann"] * 11 + ["Cy"]}, "tricks: expected the winner"),
        ({"blank": ["Cy"]}, "blank: expected the players dealt a carte blanche"),
    ],
)
def test_errors_name_the_field(change: dict, message: str) -> None:
    inputs = {"elder": "Ann", "younger": "Bob", "hands": REPIQUE, **change}
    with pytest.raises(ExampleError, match=message):
        PIQUET.run(inputs, {})


def test_bad_low_leads_are_refused_under_the_old_rule() -> None:
    with pytest.raises(ExampleError, match=r"low_leads: expected the numbers \(1 to 12\)"):
        deal(PIQUE, {"leads": "ten-up"}, tricks=["Ann"] * 12, low_leads=[13])
    with pytest.raises(ExampleError, match="leads"):
        deal(PIQUE, {"leads": "nines"})


def partie(totals: tuple[int, int], rules: dict | None = None, deals: int = 6) -> dict:
    """A partie whose deals add up to `totals`: all in the first deal, nothing in the others."""
    rows = [{"Ann": totals[0], "Bob": totals[1]}] + [{"Ann": 0, "Bob": 0}] * (deals - 1)
    return PARTIE.run({"players": ["Ann", "Bob"], "deals": rows}, rules or {})


@pytest.mark.parametrize(
    ("totals", "winner", "rubiconed", "won"),
    [
        ((160, 120), "Ann", False, 140),
        ((130, 100), "Ann", False, 130),  # exactly 100 has crossed the rubicon
        ((129, 99), "Ann", True, 328),
        ((60, 45), "Ann", True, 205),  # both short: still both totals
        ((99, 180), "Bob", True, 379),
        ((120, 120), "", False, 0),  # equal: nobody wins
        ((0, 0), "", False, 0),
    ],
)
def test_the_partie(totals: tuple[int, int], winner: str, rubiconed: bool, won: int) -> None:
    result = partie(totals)
    assert (result["winner"], result["rubiconed"], result["won"]) == (winner, rubiconed, won)
    assert result["totals"] == {"Ann": totals[0], "Bob": totals[1]}


def test_partie_house_rules_and_errors() -> None:
    assert partie((129, 99), {"rubicon": 90})["won"] == 100 + 30
    assert partie((129, 99), {"game_bonus": 0})["won"] == 228
    assert partie((50, 20), {"deals": 4}, deals=4)["won"] == 170
    with pytest.raises(ExampleError, match="deals: expected the scores of each of the 6 deals"):
        partie((50, 20), deals=5)
    with pytest.raises(ExampleError, match=r"deals\.2: expected whole-number scores of Ann and Bob"):
        PARTIE.run({"players": ["Ann", "Bob"], "deals": [{"Ann": 1}, {"Ann": "x"}] + [{}] * 4}, {})
    with pytest.raises(ExampleError, match="players: expected the two players"):
        PARTIE.run({"players": ["Ann"], "deals": [{}] * 6}, {})


def test_summaries_say_the_deal_and_the_partie() -> None:
    rules = PIQUET.resolve_rules()
    assert PIQUET.summary({"elder": "Ann", "younger": "Bob", "hands": PIQUE, "tricks": ["Ann"] * 7 + ["Bob"] * 5},
                          rules) == [
        "Ann scores the point, the sequence and the sets: combinations Ann 26, Bob 0.",
        "Ann adds 30 for pique; Ann wins the cards; the deal scores Ann 74, Bob 6."]
    rows = [{"Ann": 60, "Bob": 60}] + [{}] * 5
    assert PARTIE.summary({"players": ["Ann", "Bob"], "deals": rows}, PARTIE.resolve_rules()) == [
        "After the deals: Ann 60, Bob 60.", "The totals are equal: nobody wins the partie."]
