"""Continental Rummy: the three going-out shapes, wild cards, packs by players, payments."""

from __future__ import annotations

import pytest

from deckgen.engine.base import ExampleError
from deckgen.engine.continental import SPEC, packs_for
from deckgen.engine.registry import get_game


def test_registered():
    assert get_game("continental") is SPEC


@pytest.mark.parametrize(
    "groups, ok",
    [
        (["3♠ 4♠ 5♠", "9♥ 10♥ J♥", "Q♦ K♦ A♦", "6♣ 7♣ 8♣", "A♥ 2♣ 3♥"], True),
        (["3♠ 4♠ 5♠ 6♠", "9♥ 10♥ J♥ Q♥", "Q♦ K♦ A♦ 2♦", "6♣ 7♣ 8♣"], True),
        (["3♠ 4♠ 5♠ 6♠ 7♠", "9♥ 10♥ J♥ Q♥", "4♦ 5♦ 6♦", "6♣ 7♣ 8♣"], True),
        (["3♠ 4♠ 5♠ 6♠ 7♠", "9♥ 10♥ J♥ Q♥ K♥", "4♦ 5♦ 6♦ 7♦ 8♦"], False),  # 5+5+5 is no shape
        (["3♠ 3♥ 3♦", "9♥ 10♥ J♥", "Q♦ K♦ A♦", "6♣ 7♣ 8♣", "4♥ 5♥ 6♥"], False),  # a set
        (["3♠ 4♠ 5♠", "9♥ 10♥ J♥"], False),  # not fifteen cards
    ],
)
def test_shapes(groups, ok):
    assert SPEC.run({"groups": groups})["goes_out"] is ok


def test_payments_count_jokers_and_twos():
    r = SPEC.run({"groups": ["Jk 4♠ 5♠", "9♥ 10♥ 2♠", "Q♦ K♦ A♦", "6♣ 7♣ 8♣", "A♥ 2♥ 3♥"], "players": 3})
    assert r["each_pays"] == 1 + 2 + 1 + 1 and r["collects"] == 10


def test_packs_by_players():
    assert [packs_for(n) for n in (2, 5, 6, 8, 9, 12)] == [2, 2, 3, 3, 4, 4]
    with pytest.raises(ExampleError, match="dealt 3 times"):
        SPEC.run({"groups": ["3♠ 4♠ 5♠", "3♠ 4♠ 5♠", "3♠ 4♠ 5♠"]})


def test_the_common_bonuses_are_house_rules():
    # Issue 36: continental's common bonuses could not be said. The rules file lists them as many
    # tables play them (going out with no wild card, on the first turn before drawing, with fifteen
    # cards of one suit: the bonus payments Hoyle's Continental Rummy leaves to agreement); each is a
    # house rule whose 0 means "not played".
    from deckgen.engine.continental import SPEC as CONT

    natural = ["3♠ 4♠ 5♠", "6♠ 7♠ 8♠", "9♠ 10♠ J♠", "Q♠ K♠ A♠", "3♥ 4♥ 5♥"]
    assert CONT.run({"groups": natural})["each_pays"] == 1 and CONT.run({"groups": natural})["bonuses"] == []
    rules = {"no_wild_bonus": 10, "first_turn_bonus": 5, "one_suit_bonus": 20}
    r = CONT.run({"groups": natural, "first_turn": True}, rules)
    assert (r["each_pays"], sorted(r["bonuses"])) == (1 + 10 + 5, ["first turn", "no wild card"])
    spades = ["3♠ 4♠ 5♠", "6♠ 7♠ 8♠", "9♠ 10♠ J♠", "Q♠ K♠ A♠", "3♠ 4♠ Jk"]
    r = CONT.run({"groups": spades, "players": 4}, rules)
    assert (r["each_pays"], r["bonuses"], r["collects"]) == (1 + 2 + 20, ["one suit"], 3 * 23)
