"""In Between: a split pair's two spreads settled in turn against the pot."""

from __future__ import annotations

import pytest

from deckgen.engine.base import ExampleError
from deckgen.engine.inbetween_split import SPEC
from deckgen.engine.registry import get_game


def split(spreads, pot=400, **rules):
    return SPEC.run({"pair": "7♠ 7♥", "spreads": spreads, "pot": pot}, rules)


def test_registered():
    assert get_game("in-between-split") is SPEC


def test_both_spreads_win_and_the_pot_pays_both():
    r = split([{"partner": "K♦", "bet": 100, "card": "10♣"}, {"partner": "2♣", "bet": 50, "card": "4♦"}])
    assert r["changes"] == [100, 50] and r["player_change"] == 100 and r["pot_after"] == 300


def test_the_second_bet_is_limited_by_the_pot_after_the_first():
    # 50 in the pot + 50 split cost = 100; the first spread wins 100, leaving nothing to bet on the second
    with pytest.raises(ExampleError, match="expected 1 to 0"):
        split([{"partner": "K♦", "bet": 100, "card": "10♣"}, {"partner": "2♣", "bet": 10, "card": "4♦"}], pot=50)


def test_passing_runners_and_pairs():
    r = split([{"partner": "8♦"}, {"partner": "7♦"}], runner_penalty=25)
    assert r["outcomes"] == ["runner", "pair"] and r["player_change"] == -75 and r["pot_after"] == 475
    r = split([{"partner": "Q♦", "bet": 0}, {"partner": "2♦", "bet": 0}])
    assert r["outcomes"] == ["pass", "pass"] and r["player_change"] == -50


def test_the_pair_must_be_a_pair():
    with pytest.raises(ExampleError, match="two posts of one rank"):
        SPEC.run({"pair": "7♠ 8♥", "spreads": [{"partner": "K♦"}, {"partner": "2♣"}], "pot": 100})
