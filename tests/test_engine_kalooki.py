"""Kalooki: opening values with jokers in place, penalties, elimination."""

from __future__ import annotations

import pytest

from deckgen.cards import parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.kalooki import SPEC, meld_value
from deckgen.engine.registry import get_game


def test_registered():
    assert get_game("kalooki") is SPEC


@pytest.mark.parametrize(
    "meld, value",
    [
        ("Q♠ K♠ A♠", 31),
        ("A♠ 2♠ 3♠", 6),
        ("5♥ Jk 7♥", 18),
        ("Jk 10♣ J♣", 29),  # the joker is the nine
        ("10♣ J♣ Jk", 30),  # the joker is the queen
        ("K♠ K♥ Jk", 30),
        ("A♠ A♥ A♦ Jk", 44),
    ],
)
def test_meld_values_with_jokers_in_place(meld, value):
    assert meld_value(parse_cards(meld)) == value


@pytest.mark.parametrize("meld", ["K♠ A♠ 2♠", "K♠ K♠ K♥", "5♥ 7♥ Jk", "5♥ 6♠ 7♥", "Jk Jk Jk"])
def test_illegal_melds(meld):
    with pytest.raises(ExampleError):
        meld_value(parse_cards(meld))


def test_penalties_elimination_and_last_player():
    r = SPEC.run({"hands": {"Ann": "", "Bob": "Jk Jk"}, "scores": {"Bob": 100}})
    assert r["penalties"] == {"Ann": 0, "Bob": 50} and r["eliminated"] == ["Bob"] and r["winner"] == "Ann"
    r = SPEC.run({"hands": {"Ann": "", "Bob": "A♠"}}, {"ace_penalty": 15})
    assert r["penalties"]["Bob"] == 15


def test_two_packs_only():
    with pytest.raises(ExampleError, match="dealt 3 times"):
        SPEC.run({"hands": {"Ann": "5♠ 5♠ 5♠"}})
