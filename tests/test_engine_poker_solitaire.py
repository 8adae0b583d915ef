"""Poker Solitaire grid scores, against a separate hand counter on random grids and the chapter's tables."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from deckgen.cards import Card, Rank, Suit, parse_cards
from deckgen.engine.base import ExampleError
from deckgen.engine.poker_solitaire import SPEC, TABLES, grid_score
from deckgen.engine.registry import get_game
from deckgen.resources import data_dir

DECK = [Card(Rank(r), s) for r in range(2, 15) for s in Suit]

GRID = [
    "A♠ K♠ Q♠ J♠ 10♠",
    "A♥ K♥ Q♥ J♥ 9♥",
    "K♦ K♣ 3♦ 3♣ 3♥",
    "A♣ 5♣ 5♦ 2♣ 2♦",
    "7♣ 7♦ 7♥ 7♠ 4♦",
]


def test_registered():
    assert get_game("poker-solitaire") is SPEC


def test_a_grid_on_both_tables():
    r = SPEC.run({"grid": GRID})
    assert r["row_hands"] == ["royal flush", "flush", "full house", "two pair", "four of a kind"]
    assert r["row_points"] == [100, 20, 25, 5, 50]
    # columns: A A K A 7, K K K 5 7, Q Q 3 5 7, J J 3 2 7, 10 9 3 2 4
    assert r["column_hands"] == ["three of a kind", "three of a kind", "one pair", "one pair", "high card"]
    assert r["score"] == 200 + 10 + 10 + 2 + 2
    assert r["won"] is True
    e = SPEC.run({"grid": GRID}, {"table": "english"})
    assert e["score"] == 30 + 5 + 10 + 3 + 16 + 6 + 6 + 1 + 1
    assert e["won"] is True


def test_bad_grids_are_example_errors():
    with pytest.raises(ExampleError, match="25 cards"):
        SPEC.run({"grid": "A♠ K♠"})
    with pytest.raises(ExampleError, match="rules.table"):
        SPEC.run({"grid": GRID}, {"table": "french"})
    with pytest.raises(ExampleError, match="dealt 2 times"):
        SPEC.run({"grid": " ".join(GRID[:4]) + " A♠ 2♥ 3♥ 4♥ 5♥"})


def _oracle_name(cards: list[Card]) -> str:
    """A separate counter: rank multiplicities, a set test for straights, suit count for flushes."""
    ranks = [int(c.rank) for c in cards]
    shape = sorted(Counter(ranks).values(), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    distinct = set(ranks)
    straight = len(distinct) == 5 and (max(distinct) - min(distinct) == 4 or distinct == {14, 2, 3, 4, 5})
    if straight and flush:
        return "royal flush" if distinct == {10, 11, 12, 13, 14} else "straight flush"
    if shape[0] == 4:
        return "four of a kind"
    if shape == [3, 2]:
        return "full house"
    if flush:
        return "flush"
    if straight:
        return "straight"
    if shape[0] == 3:
        return "three of a kind"
    if shape == [2, 2, 1]:
        return "two pair"
    if shape[0] == 2:
        return "one pair"
    return "high card"


def _oracle_score(grid: list[Card], table: dict[str, int]) -> int:
    rows = [grid[i : i + 5] for i in range(0, 25, 5)]
    cols = [grid[i::5] for i in range(5)]
    return sum(table[_oracle_name(h)] for h in rows + cols)


def _grid_with_hands(rng: random.Random) -> list[Card]:
    """Random grids, half of them sorted by suit or rank so flushes, straights and full houses turn up."""
    cards = rng.sample(DECK, 25)
    style = rng.randrange(4)
    if style == 1:
        cards.sort(key=lambda c: (c.suit.value, int(c.rank)))
    elif style == 2:
        cards.sort(key=lambda c: int(c.rank))
    return cards


@pytest.mark.parametrize("table", sorted(TABLES))
def test_grid_scores_match_a_separate_counter_on_random_grids(table):
    rng = random.Random(25)
    seen: Counter[str] = Counter()
    for _ in range(3000):
        grid = _grid_with_hands(rng)
        assert grid_score(grid, TABLES[table]) == _oracle_score(grid, TABLES[table])
        seen.update(_oracle_name(list(grid[i : i + 5])) for i in range(0, 25, 5))
    # the random grids did reach the rare hands
    assert {"flush", "straight", "full house", "four of a kind", "straight flush"} <= set(seen)


def test_every_wheel_and_royal_by_construction():
    wheel = parse_cards("A♠ 2♥ 3♦ 4♣ 5♠")
    assert _oracle_name(wheel) == "straight"
    royal = parse_cards("10♥ J♥ Q♥ K♥ A♥")
    from deckgen.engine.poker_solitaire import hand_name

    assert hand_name(wheel) == "straight" and hand_name(royal) == "royal flush"


def test_the_chapter_prints_the_engine_tables():
    text = (data_dir("rules") / "poker-solitaire.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([A-Za-z ]+?) \| (\d+) \| (\d+) \|$", text, re.MULTILINE)
    printed = {name.lower(): (int(a), int(e)) for name, a, e in rows}
    assert printed == {k: (v, TABLES["english"][k]) for k, v in TABLES["american"].items() if v}
