"""Brag betting: blind bets at half price, the see (a tie against the seer), covering the pot."""

from __future__ import annotations

import pytest

from deckgen.engine.base import ExampleError
from deckgen.engine.brag_betting import SPEC
from deckgen.engine.registry import get_game


def run(players, actions, blind=(), hands=None, ante=0):
    return SPEC.run({"players": players, "blind": list(blind), "actions": actions, "hands": hands or {}}, {"ante": ante})


def test_registered():
    assert get_game("brag-betting") is SPEC


def test_blind_bets_count_double():
    assert run(["A", "B", "C"], ["A bet 10", "B bet 5", "C bet 10"], blind=["B"])["legal"] is True
    r = run(["A", "B", "C"], ["A bet 10", "B bet 10", "C bet 10"], blind=["B"])
    assert r["problems"] == ["C bet 10: the least C may bet is 20"]
    r = run(["A", "B", "C"], ["A bet 10", "B bet 4"], blind=["B"])
    assert r["problems"] == ["B bet 4: the least B may bet is 5"]


def test_tie_goes_against_the_seer_either_way_round():
    hands = {"A": "K♠ K♥ 4♦", "B": "K♦ K♣ 4♠"}
    assert run(["A", "B"], ["A bet 10", "B bet 10", "A see"], hands=hands)["winner"] == "B"
    assert run(["A", "B"], ["A bet 10", "B see"], hands=hands)["winner"] == "A"
    better = {"A": "A♠ A♥ 4♦", "B": "K♦ K♣ 4♠"}
    assert run(["A", "B"], ["A bet 10", "B bet 10", "A see"], hands=better)["winner"] == "A"


def test_see_price_and_who_may_see():
    r = run(["A", "B"], ["A bet 10", "B bet 10", "A see"], hands={"A": "2♠ 2♥ 4♦", "B": "K♦ K♣ 4♠"})
    assert r["contributions"] == {"A": 30, "B": 10} and r["payouts"] == {"A": 0, "B": 40}
    both_blind = run(["A", "B"], ["A bet 5", "B bet 5", "A see"], blind=["A", "B"], hands={"A": "2♠ 2♥ 4♦", "B": "K♦ K♣ 4♠"})
    assert both_blind["legal"] is True and both_blind["contributions"]["A"] == 15
    three = run(["A", "B", "C"], ["A bet 10", "B see"], hands={"A": "2♠ 2♥ 4♦", "B": "K♦ K♣ 4♠"})
    assert three["problems"] == ["B see: a see needs exactly two players left, not 3"]


def test_last_player_left_takes_the_pot_and_covering():
    r = run(["A", "B", "C"], ["A bet 10", "B fold", "C fold"], ante=1)
    assert r["winner"] == "A" and r["payouts"] == {"A": 13, "B": 0, "C": 0}
    covered = run(["A", "B", "C"], ["A bet 10", "B bet 10", "C cover", "A bet 10", "B fold"],
                  hands={"A": "2♠ 2♥ 4♦", "C": "5♠ 5♥ 9♦"}, ante=1)
    assert covered["payouts"] == {"A": 10, "B": 0, "C": 23}


def test_a_player_who_shows_needs_cards():
    with pytest.raises(ExampleError, match="give B's three cards"):
        run(["A", "B"], ["A bet 10", "B see"], hands={"A": "2♠ 2♥ 4♦"})
