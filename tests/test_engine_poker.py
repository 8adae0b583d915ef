"""Poker: rankings, variants, wild cards, showdowns, exact frequency tables."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from deckgen.cards import Card, Rank, Suit, parse_cards
from deckgen.engine import poker_fast as pf
from deckgen.engine.base import ExampleError
from deckgen.engine.poker import POKER, compare, evaluate, evaluate_high, evaluate_low, hand_frequencies, split_pot
from deckgen.engine.poker_rank import key3

FIVE = {
    "straight flush": 40,
    "four of a kind": 624,
    "full house": 3744,
    "flush": 5108,
    "straight": 10200,
    "three of a kind": 54912,
    "two pair": 123552,
    "one pair": 1098240,
    "high card": 1302540,
}
SEVEN = {
    "straight flush": 41584,
    "four of a kind": 224848,
    "full house": 3473184,
    "flush": 4047644,
    "straight": 6180020,
    "three of a kind": 6461620,
    "two pair": 31433400,
    "one pair": 58627800,
    "high card": 23294460,
}


def run(**inputs):
    rules = inputs.pop("rules", None)
    return POKER.run(inputs, rules)


# ------------------------------------------------------------------ categories and names


@pytest.mark.parametrize(
    "cards, category, name",
    [
        ("A♠ K♠ Q♠ J♠ 10♠", "straight flush", "Royal flush"),
        ("5♥ 4♥ 3♥ 2♥ A♥", "straight flush", "Straight flush, five high"),
        ("Q♣ Q♦ Q♥ Q♠ 2♣", "four of a kind", "Four of a kind, queens"),
        ("9♣ 9♦ 9♥ 4♠ 4♣", "full house", "Full house, nines full of fours"),
        ("K♦ J♦ 9♦ 3♦ 2♦", "flush", "Flush, king high"),
        ("A♠ 2♥ 3♦ 4♣ 5♠", "straight", "Straight, five high"),
        ("7♠ 7♥ 7♦ K♣ 2♠", "three of a kind", "Three of a kind, sevens"),
        ("J♠ J♥ 2♦ 2♣ 9♠", "two pair", "Two pair, jacks and twos"),
        ("A♠ A♥ 9♦ 5♣ 3♠", "one pair", "One pair, aces"),
        ("A♦ J♣ 9♠ 5♥ 3♦", "high card", "High card, ace"),
    ],
)
def test_every_category_and_its_name(cards, category, name):
    hand = evaluate(cards)
    assert (hand.category, hand.name) == (category, name)
    assert len(hand.cards) == 5


def test_wheel_is_a_straight_but_q_k_a_2_3_is_not():
    assert evaluate("A♠ 2♥ 3♦ 4♣ 5♠").category == "straight"
    hand = evaluate("Q♠ K♥ A♦ 2♣ 3♠")
    assert hand.category == "high card" and hand.name == "High card, ace"
    # the wheel is the lowest straight
    assert compare(evaluate("6♠ 2♥ 3♦ 4♣ 5♠"), evaluate("A♠ 2♥ 3♦ 4♣ 5♠")) == 1
    assert [str(c) for c in evaluate("A♠ 2♥ 3♦ 4♣ 5♠").cards] == ["5♠", "4♣", "3♦", "2♥", "A♠"]


def test_ties_and_kickers_from_the_seed_rules():
    beats = [
        ("4♠ 4♥ 4♦ 4♣ 2♠", "3♠ 3♥ 3♦ 3♣ A♠"),
        ("9♠ 9♥ 9♦ 4♣ 4♠", "8♠ 8♥ 8♦ A♣ A♠"),
        ("K♠ J♠ 9♠ 3♠ 2♠", "K♥ J♥ 7♥ 6♥ 5♥"),
        ("5♠ 5♥ 5♦ 3♣ 2♠", "4♠ 4♥ 4♦ K♣ 5♣"),
        ("4♠ 4♥ 4♦ K♣ 5♣", "4♣ 4♥ 4♦ Q♣ 9♣"),
        ("J♠ J♥ 2♦ 2♣ 4♠", "10♠ 10♥ 9♦ 9♣ 8♠"),
        ("8♠ 8♥ 6♦ 6♣ 3♠", "8♣ 8♦ 5♦ 5♣ K♠"),
        ("Q♠ Q♥ 5♦ 5♣ 8♠", "Q♣ Q♦ 5♠ 5♥ 4♠"),
        ("6♠ 6♥ 4♦ 3♣ 2♠", "5♠ 5♥ A♦ K♣ Q♠"),
        ("J♠ J♥ A♦ 9♣ 3♠", "J♣ J♦ A♠ 8♣ 7♠"),
        ("A♠ J♥ 9♦ 5♣ 3♠", "A♣ 10♦ 9♠ 6♣ 4♠"),
    ]
    for better, worse in beats:
        assert compare(evaluate(better), evaluate(worse)) == 1, (better, worse)
    assert compare(evaluate("K♠ J♠ 9♠ 3♠ 2♠"), evaluate("K♥ J♥ 9♥ 3♥ 2♥")) == 0


def test_incomplete_hands_present_kicker_beats_missing():
    order = ["8♠ 8♥ K♣", "8♣ 8♦ 6♠ 2♥", "8♠ 8♥ 6♦"]
    keys = [evaluate_high(parse_cards(h)).key for h in order]
    assert keys[0] > keys[1] > keys[2]
    chain = ["10♠", "9♠ 5♦", "9♥ 3♣ 2♠", "9♦ 3♦", "9♣"]
    keys = [evaluate_high(parse_cards(h)).key for h in chain]
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == 5
    assert evaluate_high(parse_cards("J♠ J♥ J♦ J♣")).category == "four of a kind"
    assert evaluate_high(parse_cards("5♠ 5♥ 9♦ 9♣")).name == "Two pair, nines and fives"
    # four cards never make a straight or a flush
    assert evaluate_high(parse_cards("5♠ 6♠ 7♠ 8♠")).category == "high card"


def test_open_face_top_row_ranks_against_five_card_rows():
    top = evaluate_high(parse_cards("K♠ K♥ K♦"))
    middle = evaluate_high(parse_cards("K♣ Q♠ Q♥ 4♦ 4♣"))
    assert top.category == "three of a kind" and top.key > middle.key
    assert evaluate_high(parse_cards("Q♠ Q♥ 2♦")).key > evaluate_high(parse_cards("J♠ J♥ A♦ K♣ 9♣")).key


# ------------------------------------------------------------------ variants


def test_omaha_needs_exactly_two_hole_cards():
    hand = evaluate("A♥ K♣ 7♦ 2♠", "omaha", "Q♥ 9♥ 5♥ 3♥ 10♣")
    assert hand.category == "high card"
    assert hand.name == "High card, ace"
    assert {str(c) for c in hand.cards} == {"A♥", "K♣", "Q♥", "10♣", "9♥"}
    # the same cards in hold'em rules ("high") would be a flush
    assert evaluate("A♥ K♣ 7♦ 2♠ Q♥ 9♥ 5♥ 3♥ 10♣").category == "flush"
    # and a board with four to a flush needs two of the suit in the hand
    assert evaluate("A♥ 4♥ 7♦ 2♠", "omaha", "Q♥ 9♥ 5♥ 3♥ 10♣").name == "Flush, ace high"


def test_two_pair_uses_the_best_two_of_three_pairs():
    hand = evaluate("K♠ K♥", "holdem", "7♦ 7♣ 4♠ 4♥ 2♣")
    assert hand.name == "Two pair, kings and sevens"
    assert {str(c) for c in hand.cards} == {"K♠", "K♥", "7♦", "7♣", "4♠"}
    hand = evaluate("9♠ 9♥", "holdem", "7♦ 7♣ 4♠ 4♥ A♣")
    assert [str(c) for c in hand.cards][-1] == "A♣"


def test_a_board_that_plays_splits_the_pot():
    out = run(
        variant="holdem",
        board="J♠ J♥ J♦ J♣ 9♠",
        hands={"Ann": "8♣ 2♥", "Bob": "6♦ 5♣", "Cy": "K♠ 7♥"},
        pot=90,
    )
    assert out["winners"] == ["Cy"]
    out = run(variant="holdem", board="J♠ J♥ J♦ J♣ 9♠", hands={"Ann": "8♣ 2♥", "Bob": "6♦ 5♣"}, pot=91, button="Ann")
    assert sorted(out["winners"]) == ["Ann", "Bob"]
    assert out["order"] == [["Ann", "Bob"]]
    # odd chip to the first winner clockwise from the button: Bob sits left of Ann
    assert out["payouts"] == {"Ann": 45, "Bob": 46}
    out = run(variant="holdem", board="A♠ K♠ Q♠ J♠ 10♠", hands={"Ann": "2♣ 3♥", "Bob": "A♦ A♥"})
    assert sorted(out["winners"]) == ["Ann", "Bob"] and out["name"] == "Royal flush"


def test_omaha_hilo_splits_and_scoops():
    out = run(
        variant="omaha-hilo",
        board="2♠ 5♦ 7♣ K♥ K♠",
        hands={"Ann": "A♣ 3♥ 9♦ 9♠", "Bob": "K♦ Q♣ J♥ 10♠", "Cy": "A♦ 2♥ 8♣ 4♠"},
        pot=100,
    )
    assert out["winners"] == ["Bob"]
    assert out["names"]["Bob"] == "Three of a kind, kings"
    # Ann's 7-5-3-2-A is lower than Cy's 7-5-4-2-A
    assert out["low_winners"] == ["Ann"]
    assert out["low"] == "Seven-five low"
    low_ann = evaluate_low("A♣ 3♥ 9♦ 9♠", "2♠ 5♦ 7♣ K♥ K♠")
    low_cy = evaluate_low("A♦ 2♥ 8♣ 4♠", "2♠ 5♦ 7♣ K♥ K♠")
    assert [str(c) for c in low_ann.cards] == ["7♣", "5♦", "3♥", "2♠", "A♣"]
    assert low_ann.key > low_cy.key
    assert out["payouts"] == {"Ann": 50, "Bob": 50, "Cy": 0}
    odd = run(variant="omaha-hilo", board="2♠ 5♦ 7♣ K♥ K♠", hands={"Ann": "A♣ 3♥ 9♦ 9♠", "Bob": "K♦ Q♣ J♥ 10♠"}, pot=101)
    assert odd["payouts"] == {"Ann": 50, "Bob": 51}  # the odd chip goes to the high half


def test_omaha_hilo_without_a_low_scoops():
    out = run(
        variant="omaha-hilo",
        board="9♠ 10♦ J♣ K♥ 2♠",
        hands={"Ann": "A♣ 3♥ 9♦ 9♥", "Bob": "K♦ Q♣ 4♥ 4♠"},
        pot=75,
    )
    assert out["low_winners"] == [] and out["low"] == ""
    assert out["names"]["Bob"] == "Straight, king high"
    assert out["winners"] == ["Bob"] and out["payouts"] == {"Ann": 0, "Bob": 75}


def test_stud_draw_and_counts():
    assert evaluate("A♠ A♥ 7♦ 7♣ 4♠ 4♥ K♣", "stud").name == "Two pair, aces and sevens"
    with pytest.raises(ExampleError, match="draw deals 5 cards to a player, not 6"):
        evaluate("A♠ A♥ 7♦ 7♣ 4♠ 4♥", "draw")
    with pytest.raises(ExampleError, match="holdem deals 2 cards to a player, not 3"):
        evaluate("A♠ A♥ 7♦", "holdem", "2♠ 3♠ 4♠")
    with pytest.raises(ExampleError, match="variant: unknown poker variant 'texas': "):
        evaluate("A♠ A♥", "texas")


def test_three_card_ranking_and_exact_counts():
    assert evaluate("A♠ 2♠ 3♠", "three-card").name == "Straight flush, three high"
    assert evaluate("Q♠ K♥ A♦", "three-card").category == "straight"
    assert compare(evaluate("4♠ 5♥ 6♦", "three-card"), evaluate("A♥ 9♥ 2♥", "three-card")) == 1
    counts = Counter()
    deck = [(r, s) for r in range(2, 15) for s in range(4)]
    for a, b, c in itertools.combinations(deck, 3):
        counts[key3([a[0], b[0], c[0]], a[1] == b[1] == c[1])[0]] += 1
    assert [counts[i] for i in range(5, -1, -1)] == [48, 52, 720, 1096, 3744, 16440]
    assert sum(counts.values()) == 22100


def test_brag_ranking_and_house_rules():
    assert evaluate("3♠ 3♥ 3♦", "brag").name == "Prial of threes"
    assert compare(evaluate("3♠ 3♥ 3♦", "brag"), evaluate("A♠ A♥ A♦", "brag")) == 1
    assert compare(evaluate("4♠ 5♥ 6♦", "brag"), evaluate("A♥ 9♥ 2♥", "brag")) == 1
    a23, akq = "A♠ 2♥ 3♦", "A♥ K♦ Q♣"
    assert compare(evaluate(a23, "brag"), evaluate(akq, "brag")) == 1
    second = {"brag_a23": "second"}
    assert compare(evaluate(a23, "brag", rules=second), evaluate(akq, "brag", rules=second)) == -1
    assert compare(evaluate(a23, "brag", rules=second), evaluate("K♠ Q♥ J♦", "brag", rules=second)) == 1
    low = {"brag_a23": "low"}
    assert compare(evaluate(a23, "brag", rules=low), evaluate("2♠ 3♥ 4♦", "brag", rules=low)) == -1
    no3 = {"brag_threes_top": False}
    assert compare(evaluate("3♠ 3♥ 3♦", "brag", rules=no3), evaluate("4♠ 4♥ 4♦", "brag", rules=no3)) == -1
    with pytest.raises(ExampleError, match="rules.brag_a23: unknown value 'middle'"):
        evaluate(a23, "brag", rules={"brag_a23": "middle"})


def test_lowball_ace_to_five():
    wheel = evaluate("A♠ 2♠ 3♠ 4♠ 5♠", "lowball-a5")
    assert wheel.name == "Five-four low (the wheel)" and wheel.category == "high card"
    assert compare(wheel, evaluate("A♥ 2♥ 3♥ 4♥ 6♦", "lowball-a5")) == 1
    seven = evaluate("7♠ 5♥ 4♦ 3♣ 2♠ K♦ K♣", "lowball-a5")
    assert seven.name == "Seven-five low"
    assert compare(seven, evaluate("7♠ 6♥ 4♦ 3♣ 2♠", "lowball-a5")) == 1


# ------------------------------------------------------------------ wild cards


def test_wild_cards_take_the_best_value():
    assert evaluate("2♠ 2♥ A♦ 9♣ 3♠", wild=[2]).name == "Three of a kind, aces"
    five = evaluate("2♠ 2♥ A♦ A♣ A♠", wild=[2])
    assert five.category == "five of a kind" and five.name == "Five of a kind, aces"
    assert compare(five, evaluate("A♥ K♥ Q♥ J♥ 10♥")) == 1
    # a wild card joins a flush as the best missing rank
    flush = evaluate("2♠ K♠ 9♠ 7♠ 4♠", wild=[2])
    assert flush.name == "Flush, ace high"
    assert evaluate("2♠ J♠ 10♠ 9♠ 8♠", wild=[2]).name == "Straight flush, queen high"
    assert evaluate("Jk K♥ Q♥ J♥ 10♥", wild=["Jk"]).name == "Royal flush"
    with pytest.raises(ExampleError, match="jokers are not wild"):
        evaluate("Jk K♥ Q♥ J♥ 10♥")


def test_acey_deucey_one_eyed_jacks():
    wild = ["A", "2", "J♠", "J♥"]
    assert evaluate("J♠ J♥ 5♦ 6♣ 7♠", wild=wild).name == "Straight, nine high"
    assert evaluate("J♦ J♣ 5♦ 6♣ 7♠", wild=wild).name == "One pair, jacks"
    assert evaluate("A♠ 2♥ J♠ 9♦ 9♣", wild=wild).name == "Five of a kind, nines"
    assert evaluate("J♦ A♠ 5♦ 6♣ 7♠", wild="A 2 one-eyed jacks").name == "One pair, jacks"
    assert evaluate("J♦ A♠ 5♦ 6♣ 7♠", wild="A 2").name == "One pair, jacks"
    assert evaluate("J♠ A♠ 8♦ 9♣ 10♠", wild="A 2").name == "Straight, queen high"
    assert evaluate("J♠ A♠ 8♦ 9♣ 10♠", wild="A 2 one-eyed jacks").name == "Straight, queen high"


def test_kings_and_low_man_seed_examples():
    wild = ["K", "lowest"]
    hand = evaluate("A♠ 3♥ 3♦ 7♣ 9♠", wild=wild)
    assert hand.name == "Three of a kind, aces"
    assert evaluate("Q♠ 10♥ K♦ 2♣ 2♠", wild=wild).name == "Four of a kind, queens"
    # the ace is high, never the low man; every card of the lowest rank is wild
    assert evaluate("A♠ A♥ K♦ Q♣ J♠", wild=wild).name == "Four of a kind, aces"
    assert evaluate("A♠ A♥ K♦ 7♣ 7♠", wild=wild).name == "Five of a kind, aces"
    assert evaluate("A♠ 8♥ 8♦ 8♣ 4♠", wild=wild).name == "Four of a kind, eights"


def test_deuces_wild_frequencies_match_the_published_table():
    # deuces wild: naturals are exact, and five of a kind needs the four deuces plus one card
    table = hand_frequencies(5, (Rank.TWO,))
    assert sum(table.values()) == 2598960
    assert table["five of a kind"] == 672
    # the published deuces-wild table: 4 natural + 480 wild royals + 2,068 other straight flushes
    assert table == {
        "five of a kind": 672,
        "straight flush": 2552,
        "four of a kind": 31552,
        "full house": 12672,
        "flush": 14472,
        "straight": 62232,
        "three of a kind": 355080,
        "two pair": 95040,
        "one pair": 1225008,
        "high card": 799680,
    }
    assert hand_frequencies(5) == FIVE


def test_joker_wild_frequencies_match_the_published_53_card_table():
    table = hand_frequencies(5, ("Jk",))
    assert table == {
        "five of a kind": 13,
        "straight flush": 204,
        "four of a kind": 3120,
        "full house": 6552,
        "flush": 7804,
        "straight": 20532,
        "three of a kind": 137280,
        "two pair": 123552,
        "one pair": 1268088,
        "high card": 1302540,
    }
    assert sum(table.values()) == 2869685  # C(53, 5)


@pytest.mark.parametrize(
    "wild, jokers",
    [
        (("A", "J♠", "J♥"), 0),
        (("K", "lowest"), 0),
        pytest.param(("Jk",), 1, marks=pytest.mark.slow),
        pytest.param(("2",), 0, marks=pytest.mark.slow),
    ],
)
def test_pattern_counting_agrees_with_evaluating_every_hand_of_a_small_deck(wild, jokers):
    # 10 to ace, plus the twos of two suits, plus jokers: every hand evaluated one by one
    deck = [Card(Rank(r), s) for r in range(10, 15) for s in Suit] + [Card(Rank.TWO, Suit.CLUBS), Card(Rank.TWO, Suit.HEARTS)]
    deck += [Card(None, None, j + 1) for j in range(jokers)]
    brute = Counter(evaluate(list(h), wild=list(wild)).category for h in itertools.combinations(deck, 5))
    counted = pf.wild_frequencies(deck, wild)
    assert {k: v for k, v in counted.items() if v} == dict(brute)


def test_kings_and_low_man_frequencies_sum():
    table = hand_frequencies(5, (Rank.KING, "lowest"))
    assert sum(table.values()) == 2598960
    assert table["five of a kind"] == 45552
    assert table["two pair"] == 0 and table["high card"] == 0  # someone's low card is always wild


# ------------------------------------------------------------------ showdowns and blocks


def test_block_contract_example():
    out = run(hands={"Ann": "5♠ 5♥ 5♦ 3♣ 2♠", "Bob": "4♠ 4♥ 4♦ K♣ 5♣"})
    assert out["winners"] == ["Ann"] and out["order"] == ["Ann", "Bob"]
    assert out["category"] == "three of a kind"


def test_order_with_ties_is_nested():
    out = run(
        hands={
            "Ann": "K♠ J♠ 9♠ 3♠ 2♠",
            "Bob": "A♦ A♣ A♥ 4♣ 4♦",
            "Cy": "K♥ J♥ 9♥ 3♥ 2♥",
            "Dee": "Q♣ Q♦ 7♠ 6♠ 5♠",
        }
    )
    assert out["order"] == ["Bob", ["Ann", "Cy"], "Dee"]
    assert out["categories"]["Dee"] == "one pair"


def test_duplicate_card_is_an_error_naming_it():
    with pytest.raises(ExampleError, match="card A♠ is dealt 2 times"):
        run(hands={"Ann": "A♠ K♠", "Bob": "A♠ Q♦"}, board="2♣ 3♣ 4♦", variant="holdem")
    with pytest.raises(ExampleError, match="card 9♦ is dealt 2 times"):
        run(hand="9♦ 9♦ 2♣ 3♣ 4♦")


def test_bad_inputs_name_the_field():
    with pytest.raises(ExampleError, match="hands.Bob: 'Zx' is not a card"):
        run(hands={"Ann": "A♠ K♠ Q♠ J♠ 9♠", "Bob": "Zx"})
    with pytest.raises(ExampleError, match="wild: 'Q♠♠' is not a wild rank or card"):
        run(hand="A♠ K♠ Q♠ J♠ 9♠", wild=["Q♠♠"])
    with pytest.raises(ExampleError, match="pot: expected a whole number"):
        run(hands={"Ann": "A♠ K♠ Q♠ J♠ 9♠", "Bob": "2♠ 3♥ 5♦ 7♣ 9♥"}, pot=-3)
    with pytest.raises(ExampleError, match="button: 'Zed' is not one of the players"):
        run(hands={"Ann": "A♠ K♠ Q♠ J♠ 9♠", "Bob": "2♠ 3♥ 5♦ 7♣ 9♥"}, pot=3, button="Zed")
    with pytest.raises(ExampleError, match="not both"):
        run(hand="A♠", hands={"Ann": "K♠"})


def test_split_pot_odd_chips_go_clockwise_from_the_button():
    seats = ["Ann", "Bob", "Cy", "Dee"]
    assert split_pot(100, ["Ann", "Cy", "Dee"], seats, "Bob") == {"Cy": 34, "Dee": 33, "Ann": 33}
    assert split_pot(101, ["Ann", "Cy"], seats, "Cy") == {"Ann": 51, "Cy": 50}


def test_explain_tells_the_showdown():
    lines = POKER.explain(
        {"hands": {"Ann": "5♠ 5♥ 5♦ 3♣ 3♠", "Bob": "4♠ 4♥ 4♦ K♣ 5♣"}, "pot": 50}, POKER.defaults
    )
    assert lines == [
        "Ann: Full house, fives full of threes (5♠ 5♥ 5♦ 3♠ 3♣)",
        "Bob: Three of a kind, fours (4♠ 4♥ 4♦ K♣ 5♣)",
        "Ann wins.",
        "Pot of 50: Ann 50.",
    ]


# ------------------------------------------------------------------ fast tables


def test_fast_evaluator_agrees_with_the_reference_on_random_hands():
    rng = random.Random(11)
    ev = pf.make_evaluator()
    keys = pf.class_keys()
    deck = list(range(52))
    for n in (5, 6, 7):
        for _ in range(400):
            idx = rng.sample(deck, n)
            cards = [pf.index_card(i) for i in idx]
            cls = ev(pf.encode(cards))
            assert keys[cls - 1] == evaluate(cards).key
    batch = np.array([rng.sample(deck, 7) for _ in range(500)])
    classes = pf.evaluate_batch(batch)
    assert [keys[c - 1] for c in classes] == [evaluate([pf.index_card(i) for i in row]).key for row in batch]


def test_five_card_table_exhaustive():
    counts = pf.class_counts(5)
    assert int((counts > 0).sum()) == 7462
    assert int(counts.sum()) == 2598960
    assert hand_frequencies(5) == FIVE
    assert pf.category_of_class(7462) == "straight flush" and pf.category_of_class(1) == "high card"


@pytest.mark.slow
def test_seven_card_table_exhaustive():
    assert hand_frequencies(7) == SEVEN
    assert sum(SEVEN.values()) == 133784560


@pytest.mark.slow
def test_reference_ranking_on_every_five_card_hand():
    """The rule-by-rule ranking (not the tables) over all 2,598,960 hands: exact counts and 7,462 ranks."""
    from deckgen.engine.poker_rank import CATEGORY_NAMES, key5

    ranks = [i // 4 + 2 for i in range(52)]
    suits = [i % 4 for i in range(52)]
    counts: Counter[int] = Counter()
    keys = set()
    for a, b, c, d, e in itertools.combinations(range(52), 5):
        key = key5((ranks[a], ranks[b], ranks[c], ranks[d], ranks[e]), suits[a] == suits[b] == suits[c] == suits[d] == suits[e])
        counts[key[0]] += 1
        keys.add(key)
    assert {CATEGORY_NAMES[k]: n for k, n in counts.items()} == FIVE
    assert len(keys) == 7462
    assert sorted(keys) == list(pf.class_keys())


def test_check_reports_wrong_poker_examples_with_file_and_line(tmp_path):
    from deckgen.booklet.check import check_paths

    page = tmp_path / "wrong.md"
    page.write_text(
        "# Wrong\n\n"
        "```deckgen\n"
        "game: poker\n"
        "variant: omaha\n"
        "board: Q♥ 9♥ 5♥ 3♥ 10♣\n"
        "hand: A♥ K♣ 7♦ 2♠\n"
        "expect:\n"
        "  category: flush\n"
        "```\n\n"
        "```deckgen\n"
        "game: poker\n"
        "hands: {Ann: A♠ A♦ 3♦ 4♦ 5♦, Bob: A♠ K♠ Q♠ J♠ 9♠}\n"
        "expect:\n"
        "  winners: [Bob]\n"
        "```\n\n"
        "```deckgen\n"
        "game: poker\n"
        "hand: 2♠ 2♥ A♦ 9♣ 3♠\n"
        "wild: [2]\n"
        "expect:\n"
        "  name: One pair, twos\n"
        "```\n\n"
        "```deckgen\n"
        "game: poker\n"
        "hand: 2♠ 2♥ A♦ 9♣ 3♠\n"
        "expect:\n"
        "  colour: red\n"
        "```\n",
        encoding="utf-8",
    )
    lines = [str(f) for r in check_paths([page]) for f in r.failures]
    assert lines[0] == f"{page}:9: poker: category: expected flush, got high card"
    assert lines[1] == f"{page}:12: poker: example: card A♠ is dealt 2 times, but the deck holds it only once"
    assert lines[2] == f"{page}:24: poker: name: expected One pair, twos, got Three of a kind, aces"
    assert lines[3].startswith(f"{page}:31: poker: unknown quantity 'colour'")
    assert len(lines) == 4


def test_score_poker_command_prints_category_name_and_cards(run, tmp_path):
    import json

    cmd = ["score", "poker", "A♥ K♣ 7♦ 2♠", "--board", "Q♥ 9♥ 5♥ 3♥ T♣", "--variant", "omaha", "--json"]
    code, out, err = run(tmp_path, *cmd)
    assert code == 0, err
    result = json.loads(out)["result"]
    assert (result["category"], result["name"]) == ("high card", "High card, ace")
    assert sorted(result["best"]) == sorted(["A♥", "K♣", "Q♥", "10♣", "9♥"])
    code, _, err = run(tmp_path, *cmd[:2], "A♥ A♥ 7♦ 2♠ 3♣")
    assert code == 2
    assert "card A♥ is dealt 2 times" in err and "Traceback" not in err


def test_showdowns_agree_with_eval7_on_random_seven_card_hands():
    eval7 = pytest.importorskip("eval7")
    rng = random.Random(5)
    deck = [pf.index_card(i) for i in range(52)]

    def theirs(cards):
        return eval7.evaluate([eval7.Card(str(c.rank.label).replace("10", "T") + c.suit.letter.lower()) for c in cards])

    for _ in range(300):
        cards = rng.sample(deck, 14)
        a, b = cards[:7], cards[7:]
        mine = compare(evaluate(a), evaluate(b))
        ref = (theirs(a) > theirs(b)) - (theirs(a) < theirs(b))
        assert mine == ref, (a, b)


def test_low_qualifier_house_rule():
    board = "2♠ 5♦ 8♣ K♥ K♠"
    hands = {"Ann": "A♣ 3♥ 9♦ 9♠", "Bob": "K♦ Q♣ J♥ 10♠"}
    eight = run(variant="omaha-hilo", board=board, hands=hands, pot=40)
    assert eight["low"] == "Eight-five low" and eight["payouts"] == {"Ann": 20, "Bob": 20}
    seven = run(variant="omaha-hilo", board=board, hands=hands, pot=40, rules={"low_qualifier": 7})
    assert seven["low"] == "" and seven["payouts"] == {"Ann": 0, "Bob": 40}
    with pytest.raises(ExampleError, match="rules.low_qualifier: expected a number"):
        run(variant="omaha-hilo", board=board, hands=hands, rules={"low_qualifier": "eight"})
