"""Pay Me lay-offs: onto the winner's melds only, in turn, keeping each meld legal, saving the most points."""

from __future__ import annotations

import pytest

from deckgen.cards import parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.payme import meld_ok, wild_ranks
from deckgen.engine.payme_layoff import SPEC, best_layoff
from deckgen.engine.registry import get_game


def test_registered():
    assert get_game("pay-me-layoff") is SPEC


def run(hands, melds=("8♥ 9♥ 10♥", "5♠ 5♦ 5♣"), deal=5):
    return SPEC.run({"deal": deal, "melds": list(melds), "hands": hands})


def test_turn_order_matters():
    first = run({"Ann": "J♥ Q♥ 4♣ 6♦", "Cy": "K♥ 5♥ 9♠"})
    assert first["laid_off"] == {"Ann": "Q♥ J♥", "Cy": "K♥ 5♥"}
    second = run({"Cy": "K♥ 5♥ 9♠", "Ann": "J♥ Q♥ 4♣ 6♦"})
    assert second["laid_off"] == {"Cy": "5♥", "Ann": "Q♥ J♥"} and second["points"]["Cy"] == 20


def test_a_set_grows_and_wild_cards_stay_within_half():
    r = run({"Ann": "5♥ 6♣"})  # the set of three fives grows to four
    assert r["laid_off"] == {"Ann": "5♥"} and r["points"] == {"Ann": 5}
    wild = wild_ranks(7)
    melds = [parse_cards("8♥ 9♥ 10♥")]
    laid, after = best_layoff(melds, parse_cards("Jk Jk 2♣"), wild, SPEC.defaults)
    assert all(meld_ok(m, wild, SPEC.defaults) for m in after)
    assert len(laid) == 2  # three wild cards on a three-card run would be more than half wild


def test_the_best_choice_saves_the_most_points():
    # the joker (15) is worth more laid off than the 4 it could replace
    r = run({"Ann": "Jk 4♣"}, melds=("8♥ 9♥ 10♥",))
    assert r["laid_off"] == {"Ann": "Jk"} and r["points"] == {"Ann": 5}


def test_the_winner_melds_must_be_legal():
    with pytest.raises(ExampleError, match="not a legal meld"):
        run({"Ann": ""}, melds=("8♥ 9♠ 10♥",))
