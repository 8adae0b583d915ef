"""Cribbage counting: every rule with exact points, and the exhaustive table of all deals."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from deckgen.cards import Card, Rank, Suit
from deckgen.engine.base import ExampleError
from deckgen.engine.cribbage import SPEC, count_hand, score_distribution, score_table
from deckgen.engine.registry import get_game


def run(hand: str, starter: str, crib: bool = False, **rules) -> dict:
    return SPEC.run({"hand": hand, "starter": starter, "crib": crib}, rules)


def test_registered():
    assert get_game("cribbage") is SPEC


def test_twenty_nine_hand():
    assert run("5♠ 5♥ 5♦ J♣", "5♣") == {"fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1, "score": 29}


def test_double_run_with_fifteens_and_a_pair():
    assert run("3♣ 4♦ 5♠ 5♥", "K♣") == {"fifteens": 4, "pairs": 2, "runs": 6, "flush": 0, "nobs": 0, "score": 12}


def test_triple_run():
    assert run("3s 3h 3d 4c", "5c") == {"fifteens": 6, "pairs": 6, "runs": 9, "flush": 0, "nobs": 0, "score": 21}


def test_double_double_run():
    assert run("7s 8h 8d 9c", "7c") == {"fifteens": 8, "pairs": 4, "runs": 12, "flush": 0, "nobs": 0, "score": 24}


def test_run_of_five_counts_once():
    assert run("6s 7h 8d 9c", "10c")["runs"] == 5


def test_ace_is_low_only():
    assert run("Qs Kh Ad 2c", "9c")["runs"] == 0
    assert run("Ah 2d 3c 9s", "Js") == {"fifteens": 4, "pairs": 0, "runs": 3, "flush": 0, "nobs": 0, "score": 7}


def test_four_card_flush_counts_in_the_hand_not_the_crib():
    assert run("2h 4h 6h 8h", "Ks")["flush"] == 4
    assert run("2h 4h 6h 8h", "Ks", crib=True)["flush"] == 0
    assert run("2h 4h 6h 8h", "Kh", crib=True)["flush"] == 5
    assert run("2h 4h 6h 8h", "Kh")["flush"] == 5


def test_starter_alone_never_makes_a_flush():
    assert run("2h 4h 6h 8s", "Kh")["flush"] == 0


def test_flush_house_rules():
    assert run("2h 4h 6h 8h", "Ks", crib=True, crib_flush_min=4)["flush"] == 4
    assert run("2h 4h 6h 8h", "Ks", hand_flush_min=5)["flush"] == 0


def test_his_nobs_needs_the_jack_in_the_hand():
    assert run("Jh 2d 4c 9s", "6h") == {"fifteens": 4, "pairs": 0, "runs": 0, "flush": 0, "nobs": 1, "score": 5}
    assert run("2d 4c 9s 6h", "Jh")["nobs"] == 0
    assert run("Jh 2d 4c 9s", "6s")["nobs"] == 0
    assert run("Jh 2d 4c 9s", "6h", nobs_points=2)["nobs"] == 2


def test_zero_hand():
    assert run("2s 4h 6d 8c", "10s")["score"] == 0
    assert SPEC.explain({"hand": "2s 4h 6d 8c", "starter": "10s"}, SPEC.defaults) == [
        "Hand total: 0 (nineteen, as players say)"
    ]


def test_explain_lists_each_combination():
    assert SPEC.explain({"hand": "3♣ 4♦ 5♠ 5♥", "starter": "K♣"}, SPEC.defaults) == [
        "Fifteens 5♠+K♣, 5♥+K♣: 4",
        "Pair of fives: 2",
        "2 runs 3♣-4♦-5♠, 3♣-4♦-5♥: 6",
        "Hand total: 12",
    ]
    assert SPEC.explain({"hand": "7s 8h 8d 9c", "starter": "7c"}, SPEC.defaults)[1] == (
        "Pair of sevens and pair of eights: 4"
    )
    assert SPEC.explain({"hand": "Jh 2h 4h 9h", "starter": "6h"}, SPEC.defaults)[-3:] == [
        "Flush J♥ 2♥ 4♥ 9♥ 6♥: 5",
        "His nobs J♥ (starter 6♥): 1",
        "Hand total: 10",
    ]


def test_cards_as_a_list():
    assert SPEC.run({"hand": ["5s", "5h", "5d", "Jc"], "starter": ["5c"]})["score"] == 29


@pytest.mark.parametrize(
    ("inputs", "message"),
    [
        ({"hand": "5s 5h 5d", "starter": "5c"}, "hand: expected 4 cards, got 3"),
        ({"hand": "5s 5h 5d 6d", "starter": "5c 6c"}, "starter: expected exactly one card, got 2"),
        ({"hand": "5s 5h 5d 6d", "starter": "5s"}, "card 5♠ is dealt 2 times"),
        ({"hand": "5s 5h 5d Jk", "starter": "5c"}, "hand: 'Jk' is a joker"),
        ({"hand": "5s 5h 5d 1d", "starter": "5c"}, "hand: '1d' is not a card"),
        ({"hand": "5s 5h 5d 6d", "starter": "5c", "crib": "yes"}, "crib: expected true or false"),
        ({"hand": "5s 5h 5d 6d"}, "needs the field 'starter'"),
        ({"hand": "5s 5h 5d 6d", "starter": "5c", "cut": "5c"}, "unknown field 'cut'"),
    ],
)
def test_bad_inputs_name_the_field(inputs, message):
    with pytest.raises(ExampleError, match=message.replace("(", r"\(")):
        SPEC.run(inputs)


def test_bad_house_rule_value():
    with pytest.raises(ExampleError, match=r"rules.crib_flush_min: expected 4 or 5, got 3"):
        run("2h 4h 6h 8h", "Ks", crib_flush_min=3)


def test_a_wrong_claim_is_caught():
    """Four fives and a jack make 29 only when the jack matches the starter: claiming 29 here is wrong."""
    assert run("5♠ 5♥ 5♣ J♠", "5♦")["score"] == 28
    assert run("5♠ 5♥ 5♣ J♦", "5♦")["score"] == 29


# ------------------------------------------------------------ exhaustive


_CARDS = [Card(Rank.ACE if r == 1 else Rank(r), s) for r in range(1, 14) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)]


@pytest.mark.slow
@pytest.mark.parametrize("crib", [False, True])
def test_table_agrees_with_count_hand_on_a_sample(crib):
    """The numpy table and the per-card count are two codings of one rule set; they must agree."""
    table = score_table(crib)
    rng = random.Random(6)
    rows = rng.sample(range(len(table)), 2000)
    sets = list(combinations(range(52), 5))
    for row in rows:
        five = [_CARDS[i] for i in sets[row]]
        for s in range(5):
            hand = [c for j, c in enumerate(five) if j != s]
            assert table[row, s] == count_hand(hand, five[s], crib, SPEC.defaults).total


@pytest.mark.slow
def test_exhaustive_hand_figures():
    dist = score_distribution(crib=False)
    assert sum(dist.values()) == 12_994_800
    assert max(score for score, n in dist.items() if n) == 29
    assert dist[29] == 4
    assert dist[28] == 76
    assert dist[0] == 1_009_008
    assert [dist[s] for s in (19, 25, 26, 27)] == [0, 0, 0, 0]


@pytest.mark.slow
def test_exhaustive_crib_figures():
    dist = score_distribution(crib=True)
    assert sum(dist.values()) == 12_994_800
    assert dist[0] == 1_022_208
    assert dist[29] == 4


def test_deckgen_check_gives_file_and_line_of_a_wrong_claim(tmp_path):
    from deckgen.booklet.check import check_paths

    page = tmp_path / "wrong.md"
    page.write_text(
        "# Wrong\n\n```deckgen\ngame: cribbage\nhand: 5♠ 5♥ 5♣ J♠\nstarter: 5♦\nexpect:\n  score: 29\n```\n",
        encoding="utf-8",
    )
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:8: cribbage: score: expected 29, got 28"]
