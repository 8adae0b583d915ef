"""Four Seasons and Beleaguered Castle: moves, foundations round the corner, whether a layout is won."""

from __future__ import annotations

import random

import pytest

from deckgen.cards import Card, Rank, Suit
from deckgen.engine import beleagueredcastle, fourseasons
from deckgen.engine.base import ExampleError
from deckgen.engine.registry import get_game

ORDER = [Rank.ACE] + [Rank(v) for v in range(2, 14)]


def test_registered():
    assert get_game("four-seasons") is fourseasons.SPEC
    assert get_game("beleaguered-castle") is beleagueredcastle.SPEC


@pytest.mark.parametrize("base", range(13))
def test_four_seasons_builds_every_suit_home_from_any_base(base):
    """Sending all 52 cards home in order from the base wins; each card is legal exactly once."""
    moves = [f"{Card(ORDER[(base + k) % 13], s)} home" for s in Suit for k in range(13)]
    r = fourseasons.SPEC.run({"base": ORDER[base].label, "moves": moves})
    assert all(r["legal"]) and r["home"] == 52 and r["won"] is True
    again = fourseasons.SPEC.run({"base": ORDER[base].label, "moves": moves + [moves[0]]})
    assert again["legal"][-1] is False


def test_four_seasons_cross_turns_the_corner():
    r = fourseasons.SPEC.run({"base": "5", "moves": ["K♠ on A♦", "A♠ on 2♥", "Q♣ on A♦", "2♣ on 2♦"]})
    assert r["legal"] == [True, True, False, False]


def test_beleaguered_castle_random_orders_are_legal_only_in_rank_order():
    rng = random.Random(52)
    for _ in range(50):
        cards = [Card(r, s) for s in Suit for r in ORDER[1:]]
        rng.shuffle(cards)
        tops = {s: Card(Rank.ACE, s) for s in Suit}
        r = beleagueredcastle.SPEC.run({"foundations": "A♠ A♥ A♦ A♣", "moves": [f"{c} home" for c in cards]})
        # replay by hand: a card is legal when it is next in its suit at that moment
        expected = []
        for c in cards:
            nxt = ORDER.index(tops[c.suit].rank) + 1
            ok = ORDER.index(c.rank) == nxt
            expected.append(ok)
            if ok:
                tops[c.suit] = c
        assert r["legal"] == expected
        assert r["home"] == sum(ORDER.index(t.rank) + 1 for t in tops.values())


def test_bad_moves_are_example_errors():
    with pytest.raises(ExampleError, match="is not a move"):
        beleagueredcastle.SPEC.run({"moves": ["2♠ to the moon"]})
    with pytest.raises(ExampleError, match="two foundations"):
        beleagueredcastle.SPEC.run({"foundations": "A♠ 2♠"})
    with pytest.raises(ExampleError, match="base"):
        fourseasons.SPEC.run({"base": "Z"})
