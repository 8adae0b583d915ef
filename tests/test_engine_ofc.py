"""Open-face Chinese poker: fouls, royalties (standard, classic, custom), settlement, fantasyland."""

from __future__ import annotations

import pytest

from deckgen.engine.base import ExampleError
from deckgen.engine.ofc import HAND_SPEC, SHOWDOWN_SPEC
from deckgen.engine.registry import get_game

ANN = {"top": "Q♠ Q♥ 4♦", "middle": "A♥ K♥ 8♥ 6♥ 3♥", "bottom": "9♣ 9♦ 9♥ 2♠ 2♣"}
BOB = {"top": "K♠ J♦ 4♣", "middle": "10♠ 10♦ 5♥ 5♠ 7♣", "bottom": "8♠ 8♦ 8♣ J♠ J♣"}
CY = {"top": "2♦ 3♦ 5♣", "middle": "A♠ A♦ 6♠ 7♦ 4♠", "bottom": "K♣ K♦ Q♣ Q♦ 10♣"}
FOUL = {"top": "Q♠ Q♥ 4♦", "middle": "9♣ 9♦ 9♥ 2♠ 2♣", "bottom": "A♥ K♥ 8♥ 6♥ 3♥"}


def hand(rows: dict, **rules) -> dict:
    return HAND_SPEC.run(rows, rules)


def settle(players: dict, **rules) -> dict:
    return SHOWDOWN_SPEC.run({"players": players}, rules)


def test_registered():
    assert get_game("ofc") is SHOWDOWN_SPEC
    assert get_game("ofc-hand") is HAND_SPEC


def test_a_good_setting():
    assert hand(ANN) == {
        "fouled": False,
        "top": "one pair",
        "middle": "flush",
        "bottom": "full house",
        "top_royalty": 7,
        "middle_royalty": 8,
        "bottom_royalty": 6,
        "royalties": 21,
        "fantasyland": True,
        "stays_in_fantasyland": False,
    }


def test_middle_stronger_than_bottom_fouls_and_loses_royalties():
    result = hand(FOUL)
    assert result["fouled"] is True
    assert (result["royalties"], result["fantasyland"]) == (0, False)
    assert HAND_SPEC.explain(FOUL, HAND_SPEC.defaults)[-1] == (
        "Foul: the middle (Full house, nines full of twos) beats bottom (Flush, ace high); no royalties"
    )


def test_top_pair_with_a_better_kicker_than_the_middle_fouls():
    rows = {"top": "Q♠ Q♥ 5♦", "middle": "Q♣ Q♦ 4♥ 3♠ 2♣", "bottom": "A♥ K♥ 8♥ 6♥ 3♥"}
    assert hand(rows)["fouled"] is True
    rows["top"] = "Q♠ Q♥ 4♦"
    rows["middle"] = "Q♣ Q♦ 4♥ 3♠ 2♣"
    assert hand(rows)["fouled"] is False  # same pair and kicker: the middle's extra kickers make it stronger


def test_three_cards_of_a_suit_on_top_are_no_flush():
    rows = {"top": "2♥ 3♥ 4♥", "middle": "Q♣ Q♦ 4♣ 3♠ 2♣", "bottom": "A♥ K♥ 8♥ 6♥ 9♥"}
    assert hand(rows)["top"] == "high card"
    assert hand(rows)["fouled"] is False


@pytest.mark.parametrize(
    ("rows", "royalties"),
    [
        ({"top": "6♠ 6♥ 2♦", "middle": "7♣ 7♦ 9♥ 3♠ 2♣", "bottom": "A♥ K♥ 8♥ 7♥ 3♥"}, (1, 0, 4)),
        ({"top": "5♠ 5♥ 2♦", "middle": "7♣ 7♦ 9♥ 3♠ 2♣", "bottom": "A♥ K♥ 8♥ 7♥ 3♥"}, (0, 0, 4)),
        ({"top": "A♠ A♥ 2♦", "middle": "7♣ 7♦ 7♥ 3♠ 2♣", "bottom": "5♦ 6♦ 7♠ 8♦ 9♦"}, (9, 2, 2)),
        ({"top": "6♠ 6♥ 6♦", "middle": "10♥ J♥ Q♥ K♥ A♥", "bottom": "A♣ K♣ Q♣ J♣ 10♣"}, (14, 50, 25)),
        ({"top": "2♠ 2♥ 2♦", "middle": "9♣ 9♦ 9♥ 9♠ 3♣", "bottom": "4♦ 5♦ 6♦ 7♦ 8♦"}, (10, 20, 15)),
        ({"top": "A♠ A♥ A♦", "middle": "5♣ 5♦ 5♥ 2♠ 2♣", "bottom": "K♠ K♥ K♦ K♣ 3♣"}, (22, 12, 10)),
    ],
)
def test_standard_royalties(rows, royalties):
    result = hand(rows)
    assert result["fouled"] is False
    assert (result["top_royalty"], result["middle_royalty"], result["bottom_royalty"]) == royalties
    assert result["royalties"] == sum(royalties)


def test_classic_royalties_flat_twenty_for_top_trips_and_nothing_for_middle_trips():
    rows = {"top": "2♠ 2♥ 2♦", "middle": "7♣ 7♦ 7♥ 3♠ 4♣", "bottom": "5♦ 6♦ 7♠ 8♦ 9♦"}
    assert (hand(rows)["top_royalty"], hand(rows)["middle_royalty"]) == (10, 2)
    classic = hand(rows, royalties="classic")
    assert (classic["top_royalty"], classic["middle_royalty"], classic["bottom_royalty"]) == (20, 0, 2)


def test_custom_royalties_lay_over_the_standard_table():
    result = hand(ANN, royalties={"top": {"qq": 10}, "bottom": {"Full House": 20}})
    assert (result["top_royalty"], result["middle_royalty"], result["bottom_royalty"]) == (10, 8, 20)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("modern", "rules.royalties: 'modern' is not a royalty table"),
        ({"front": {"QQ": 7}}, "rules.royalties.front: 'front' is not a row"),
        ({"top": {"flush": 3}}, "rules.royalties.top: 'flush' is not a hand for this row"),
        ({"middle": {"QQ": 3}}, "rules.royalties.middle: 'QQ' is not a hand for this row"),
        ({"top": {"QQ": "seven"}}, "rules.royalties.top.QQ: expected a whole number"),
    ],
)
def test_bad_royalty_tables(table, message):
    with pytest.raises(ExampleError, match=message):
        hand(ANN, royalties=table)


def test_fantasyland_needs_queens_or_better_on_top_without_a_foul():
    jacks = dict(ANN, top="J♠ J♥ 4♦")
    assert hand(jacks)["fantasyland"] is False
    assert hand(jacks, fantasyland_pair="J")["fantasyland"] is True
    assert hand(ANN, fantasyland_pair="K")["fantasyland"] is False
    trips = {"top": "3♠ 3♥ 3♦", "middle": "7♣ 7♦ 7♥ 4♠ 2♣", "bottom": "5♦ 6♦ 7♠ 8♦ 9♦"}
    assert hand(trips)["fantasyland"] is True
    assert hand(FOUL)["fantasyland"] is False
    with pytest.raises(ExampleError, match="rules.fantasyland_pair: 'X' is not a rank"):
        hand(ANN, fantasyland_pair="X")


def test_staying_in_fantasyland():
    assert hand({"top": "3♠ 3♥ 3♦", "middle": "7♣ 7♦ 7♥ 4♠ 2♣", "bottom": "5♦ 6♦ 7♠ 8♦ 9♦"})["stays_in_fantasyland"]
    assert hand({"top": "A♠ A♥ 2♦", "middle": "5♣ 5♦ 5♥ 2♠ 2♣", "bottom": "K♠ K♥ K♦ K♣ 3♣"})["stays_in_fantasyland"]
    full_middle = {"top": "A♠ A♥ 2♦", "middle": "5♣ 5♦ 5♥ 2♠ 2♣", "bottom": "6♠ 6♥ 6♦ 3♦ 3♣"}
    assert hand(full_middle)["stays_in_fantasyland"] is True
    assert hand(full_middle, stay_middle="four of a kind")["stays_in_fantasyland"] is False
    assert hand(ANN)["stays_in_fantasyland"] is False  # full house in the bottom is not enough


def test_two_players_sweep():
    assert settle({"Ann": ANN, "Bob": BOB}) == {
        "scores": {"Ann": 21, "Bob": -21},
        "fouled": [],
        "royalties": {"Ann": 21, "Bob": 6},
        "sweeps": {"Ann": 1, "Bob": 0},
        "fantasyland": ["Ann"],
    }
    assert settle({"Ann": ANN, "Bob": BOB}, sweep_bonus=0)["scores"] == {"Ann": 18, "Bob": -18}


def test_rows_split_no_sweep():
    dee = {"top": "A♣ A♦ 3♣", "middle": "K♣ K♦ K♠ 5♦ 6♣", "bottom": "4♣ 5♣ 6♦ 7♥ 8♣"}
    # Dee wins top (AA v QQ), loses middle (trips v flush) and bottom (straight v full house).
    # rows +1 for Ann; royalties 21 v 9+2+2 = 13.
    result = settle({"Ann": ANN, "Dee": dee})
    assert result["scores"] == {"Ann": 9, "Dee": -9}
    assert result["sweeps"] == {"Ann": 0, "Dee": 0}


def test_a_tied_row_is_a_push():
    eve = {"top": "K♦ J♥ 4♥", "middle": "10♣ 10♥ 5♦ 5♣ 7♦", "bottom": "A♠ A♦ A♣ 2♦ 2♥"}
    result = settle({"Bob": BOB, "Eve": eve})
    # top and middle tie exactly, Eve's full house of aces beats Bob's eights: +1, royalties 6 v 6.
    assert result["scores"] == {"Bob": -1, "Eve": 1}
    assert result["sweeps"] == {"Bob": 0, "Eve": 0}


def test_foul_pays_the_penalty_plus_the_opponents_royalties():
    assert settle({"Ann": FOUL, "Bob": BOB})["scores"] == {"Ann": -12, "Bob": 12}
    assert settle({"Ann": FOUL, "Bob": BOB}, foul_penalty=3)["scores"] == {"Ann": -9, "Bob": 9}
    assert settle({"Ann": FOUL, "Bob": BOB})["fouled"] == ["Ann"]


def test_both_fouled_nothing_changes_hands():
    other = {"top": "A♣ A♦ 3♣", "middle": "K♣ K♦ 4♥ 5♦ 6♣", "bottom": "4♣ 5♣ 6♦ 7♥ 9♠"}
    assert settle({"Ann": FOUL, "Zed": other})["scores"] == {"Ann": 0, "Zed": 0}


def test_three_players_settle_in_pairs_and_sum_to_zero():
    result = settle({"Ann": ANN, "Bob": BOB, "Cy": CY})
    assert result["scores"] == {"Ann": 48, "Bob": -9, "Cy": -39}
    assert result["sweeps"] == {"Ann": 2, "Bob": 1, "Cy": 0}
    assert SHOWDOWN_SPEC.explain({"players": {"Ann": ANN, "Bob": BOB, "Cy": CY}}, SHOWDOWN_SPEC.defaults)[-1] == (
        "Bob v Cy: rows +3, sweep +3, royalties 6 v 0 = +12 to Bob"
    )


@pytest.mark.parametrize(
    ("players", "message"),
    [
        ({"Ann": ANN}, "players: expected a mapping of two or more names"),
        ({"Ann": ANN, "Bob": dict(BOB, top="K♠ J♦")}, "players.Bob.top: expected 3 cards, got 2"),
        ({"Ann": ANN, "Bob": dict(BOB, top="K♠ Q♠ 4♦")}, "card Q♠ is dealt 2 times"),
        ({"Ann": ANN, "Bob": dict(BOB, front="K♠ J♦ 4♣")}, "players.Bob.front: unknown row"),
        ({"Ann": ANN, "Bob": {"top": "K♠ J♦ 4♣"}}, "players.Bob.middle: missing"),
        ({"Ann": ANN, "Bob": dict(BOB, top="K♠ J♦ 1♣")}, "players.Bob.top: '1♣' is not a card"),
    ],
)
def test_bad_players(players, message):
    with pytest.raises(ExampleError, match=message):
        settle(players)


def test_deckgen_check_gives_file_and_line_of_a_wrong_claim(tmp_path):
    from deckgen.booklet.check import check_paths

    page = tmp_path / "wrong.md"
    page.write_text(
        "# Wrong\n\n```deckgen\ngame: ofc-hand\ntop: Q♠ Q♥ 4♦\nmiddle: 9♣ 9♦ 9♥ 2♠ 2♣\n"
        "bottom: A♥ K♥ 8♥ 6♥ 3♥\nexpect:\n  royalties: 21\n```\n",
        encoding="utf-8",
    )
    (result,) = check_paths([page])
    assert [str(f) for f in result.failures] == [f"{page}:9: ofc-hand: royalties: expected 21, got 0"]


def test_bad_penalty_is_named():
    with pytest.raises(ExampleError, match=r"rules.foul_penalty: expected a whole number of points, got 'six'"):
        settle({"Ann": FOUL, "Bob": BOB}, foul_penalty="six")
