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


def test_an_illegal_meld_is_a_result_a_claim_can_state(tmp_path):
    # Issue 36: `7♠ 7♠ 7♥` was an input error, so "opening_ok: false" could not be written for it.
    # Kalooki's sets are three or four cards of one rank in different suits (two packs are used, so
    # two 7♠ are dealt, but not melded together): the meld is now reported as illegal, and no first
    # meld with an illegal one opens.
    from deckgen.booklet.check import check_paths

    r = SPEC.run({"opening": ["7♠ 7♠ 7♥", "10♦ J♦ Q♦ K♦"]})
    assert (r["melds_valid"], r["opening_ok"], r["opening_points"]) == (False, False, 40)
    assert r["illegal_melds"] == ["7♠ 7♠ 7♥: a set is three or four cards of one rank in different suits"]
    assert SPEC.run({"opening": ["7♠ 7♦ 7♥", "10♦ J♦ Q♦ K♦"]})["opening_ok"] is True
    page = tmp_path / "k.md"
    page.write_text("```deckgen\ngame: kalooki\nopening: [7♠ 7♠ 7♥]\nexpect:\n  opening_ok: false\n  melds_valid: false\n```\n",
                    encoding="utf-8")
    (result,) = check_paths([page])
    assert result.ok, result.failures
    with pytest.raises(ExampleError, match="not a card"):  # a token that is no card stays an input error
        SPEC.run({"opening": ["7♠ 7x 7♥"]})
