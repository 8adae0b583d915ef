"""Seven-card frequencies with wild cards: each hand's category from the counting tables agrees
with the engine's own best-hand search, and the full counts cover every hand exactly once."""

from __future__ import annotations

import random
from math import comb

import pytest

from deckgen.cards import Card, Rank, Suit
from deckgen.engine import poker_fast as pf
from deckgen.engine import poker_counts
from deckgen.engine.poker import evaluate, frequency_table
from deckgen.engine.base import ExampleError
from deckgen.engine.poker_rank import CATEGORY_NAMES
from deckgen.engine.poker_wild import parse_wild
from deckgen.engine.poker_wild_counts import (
    category_of_hand,
    hole_weight,
    low_hole_category,
    low_hole_wild_counts,
    seven_card_wild_counts,
)

#: The wild-card games: their `wild:` tokens.
GAMES = {
    "deuces wild": ["2"],
    "joker wild": ["Jk"],
    "one-eyed jacks": ["J♠", "J♥"],
    "acey-deucey-one-eyed-jack": ["A", "2", "J♠", "J♥"],
    "kings and low man": ["K", "lowest"],
    "low card wild": ["lowest"],
}


def _deck(wild: list[str]) -> tuple[list[Card], list[bool]]:
    spec = parse_wild(wild)
    cards = [pf.index_card(i) for i in range(52)] + ([Card(None, None, 1)] if spec.jokers else [])
    flags = [c.is_joker or int(c.rank) in spec.ranks or c in spec.cards for c in cards]  # type: ignore[arg-type]
    return cards, flags


def _agree_on_sample(wild: list[str], n: int, seed: int) -> None:
    cards, flags = _deck(wild)
    rng = random.Random(seed)
    for _ in range(n):
        hand = rng.sample(range(len(cards)), 7)
        naturals = [pf.card_index(cards[i]) for i in hand if not flags[i]]
        engine = evaluate([cards[i] for i in hand], "high", wild=wild).category
        got = CATEGORY_NAMES[category_of_hand(naturals, lowest="lowest" in wild)]
        assert got == engine, [str(cards[i]) for i in hand]


@pytest.mark.parametrize("game", list(GAMES))
def test_each_hand_agrees_with_the_engine(game: str) -> None:
    _agree_on_sample(GAMES[game], 300, seed=7)


def test_hands_rich_in_wild_cards_agree_with_the_engine() -> None:
    """Four wild cards and three naturals, five wild cards and two: the rare corners."""
    wild = ["A", "2", "J♠", "J♥"]
    cards, flags = _deck(wild)
    rng = random.Random(3)
    wilds = [i for i, f in enumerate(flags) if f]
    naturals = [i for i, f in enumerate(flags) if not f]
    for w in range(3, 8):
        for _ in range(40):
            hand = rng.sample(wilds, w) + rng.sample(naturals, 7 - w)
            got = CATEGORY_NAMES[category_of_hand([pf.card_index(cards[i]) for i in hand if not flags[i]])]
            assert got == evaluate([cards[i] for i in hand], "high", wild=wild).category


def test_known_hands() -> None:
    two = pf.card_index
    from deckgen.cards import parse_cards

    def cat(text: str) -> str:
        return CATEGORY_NAMES[category_of_hand([two(c) for c in parse_cards(text) if int(c.rank) != 2])]  # type: ignore[arg-type]

    assert cat("2♠ 2♥ 9♦ 9♣ K♠ 4♥ 7♣") == "four of a kind"
    assert cat("2♠ 2♥ 2♦ 9♣ 9♠ 4♥ 7♣") == "five of a kind"
    assert cat("2♠ 6♥ 7♥ 8♥ 9♥ K♣ K♦") == "straight flush"
    assert cat("2♠ 3♥ 4♥ 9♥ J♥ K♣ Q♦") == "flush"


def test_seven_card_table_with_wild_cards() -> None:
    counts = {name: 1 for name in CATEGORY_NAMES}
    table = frequency_table(7, ["Jk"], memo=lambda key, args, count: counts)
    assert table.title == "7-card hands, Jk wild: how often each category is the best five"
    assert table.note.endswith("hands from 53 cards.")
    with pytest.raises(ExampleError, match="for 5 or 7 cards, not 6"):
        frequency_table(6, ["2"])


@pytest.mark.slow
def test_seven_card_deuces_wild_covers_every_hand_and_agrees_on_a_sample() -> None:
    counts = poker_counts.hand_frequencies(7, wild=("2",))
    assert sum(counts.values()) == comb(52, 7) == 133_784_560
    assert counts["five of a kind"] == 609_760
    assert counts["straight flush"] == 1_952_216
    assert counts["high card"] == 10_349_640
    _agree_on_sample(["2"], 5000, seed=11)


@pytest.mark.slow
def test_seven_card_counts_without_wild_cards_match_the_plain_count() -> None:
    plain = poker_counts.hand_frequencies(7)
    counts = seven_card_wild_counts(range(52), 0)
    assert counts.pop("five of a kind") == 0
    assert counts == plain


@pytest.mark.slow
@pytest.mark.parametrize("game", ["joker wild", "one-eyed jacks"])
def test_seven_card_wild_games_cover_every_hand(game: str) -> None:
    counts = poker_counts.hand_frequencies(7, wild=tuple(GAMES[game]))
    assert sum(counts.values()) == comb(53 if game == "joker wild" else 52, 7)
    _agree_on_sample(GAMES[game], 2000, seed=13)


@pytest.mark.parametrize("wild", [["lowest"], ["K", "lowest"], ["2"]])
def test_flush_rich_hands_agree_with_the_engine(wild: list[str]) -> None:
    """Hands from two suits only, so flushes and straight flushes (with the lowest rank taken out
    of its suit to play wild) come often."""
    cards, flags = _deck(wild)
    two_suits = [i for i, c in enumerate(cards) if not c.is_joker and c.suit in (Suit.HEARTS, Suit.SPADES)]
    rng = random.Random(5)
    for _ in range(300):
        hand = rng.sample(two_suits, 7)
        naturals = [pf.card_index(cards[i]) for i in hand if not flags[i]]
        got = CATEGORY_NAMES[category_of_hand(naturals, lowest="lowest" in wild)]
        assert got == evaluate([cards[i] for i in hand], "high", wild=wild).category, [str(cards[i]) for i in hand]


@pytest.mark.slow
def test_seven_card_kings_and_low_man_covers_every_hand() -> None:
    counts = poker_counts.hand_frequencies(7, wild=("K", "lowest"))
    assert sum(counts.values()) == comb(52, 7)
    _agree_on_sample(["K", "lowest"], 2000, seed=17)


# ------------------------------------------------------------------ low hole card wild (seven-card stud)


def _low_hole_engine(hole: list[int], up: list[int]) -> str:
    """The rules engine's category of a deal, told which rank the lowest hole card makes wild."""
    low = min(c // 4 for c in hole)
    cards = [pf.index_card(c) for c in hole + up]
    return evaluate(cards, "high", wild=[pf.index_card(4 * low).rank.label]).category  # type: ignore[union-attr]


def test_hole_weight_counts_the_hole_cards_whose_lowest_rank_is_wild() -> None:
    from itertools import combinations

    from deckgen.cards import parse_cards

    hands = ["2♠ 2♥ 9♦ 9♣ K♠ 4♥ 7♣", "A♠ A♥ A♦ K♣ 3♠ 3♥ 3♦", "5♠ 5♥ 5♦ 5♣ 6♠ 7♥ 4♦", "A♠ A♥ A♦ A♣ K♠ Q♥ J♦"]
    rng = random.Random(19)
    hands += [" ".join(str(pf.index_card(c)) for c in rng.sample(range(52), 7)) for _ in range(30)]
    for text in hands:
        hand = [pf.card_index(c) for c in parse_cards(text)]
        by_low: dict[int, int] = {}
        for hole in combinations(hand, 3):
            low = min(c // 4 for c in hole)
            by_low[low] = by_low.get(low, 0) + 1
        weights = {
            r: hole_weight(sum(c // 4 == r for c in hand), sum(c // 4 > r for c in hand)) for r in {c // 4 for c in hand}
        }
        assert {r: w for r, w in weights.items() if w} == by_low, text
        assert sum(weights.values()) == comb(7, 3)
    assert hole_weight(3, 0) == 1 and hole_weight(2, 0) == 0  # aces: low only when all three hole cards are aces


def test_low_hole_counts_of_a_small_pack_are_every_deal_dealt_out() -> None:
    """Ace, 2, 3, 4 in three suits and the 5♠ (13 cards): every deal of three hole and four up cards,
    one by one, against the count by rank and weight."""
    from collections import Counter
    from itertools import combinations

    deck = [4 * r + s for r in (0, 1, 2, 12) for s in range(3)] + [pf.card_index(Card(Rank.FIVE, Suit.SPADES))]
    dealt: Counter[str] = Counter()
    for hand in combinations(deck, 7):
        by_low: dict[int, str] = {}
        for hole in combinations(hand, 3):
            low = min(c // 4 for c in hole)
            if low not in by_low:
                by_low[low] = CATEGORY_NAMES[low_hole_category(hole, [c for c in hand if c not in hole])]
            dealt[by_low[low]] += 1
    counts = low_hole_wild_counts(deck)
    assert sum(counts.values()) == comb(13, 3) * comb(10, 4) == 60_060
    assert {k: v for k, v in counts.items() if v} == dict(dealt)
    assert counts["five of a kind"] and counts["straight flush"] and counts["four of a kind"]


def test_known_low_hole_deals() -> None:
    from deckgen.cards import parse_cards

    def cat(hole: str, up: str) -> str:
        h, u = ([pf.card_index(c) for c in parse_cards(t)] for t in (hole, up))
        assert CATEGORY_NAMES[low_hole_category(h, u)] == _low_hole_engine(h, u)
        return CATEGORY_NAMES[low_hole_category(h, u)]

    assert cat("4♠ 9♥ Q♦", "4♥ 9♣ K♠ 2♦") == "four of a kind"  # fours wild: two nines and two fours
    assert cat("A♠ A♥ A♦", "K♣ K♦ 3♠ 7♥") == "five of a kind"  # three aces in the hole: aces are low, and wild
    assert cat("A♠ A♥ K♦", "A♣ Q♣ 3♠ 7♥") == "four of a kind"  # kings wild: three aces and the king
    assert cat("2♥ 9♥ J♥", "8♥ 10♥ 3♣ 5♦") == "straight flush"  # deuces wild: 8 9 10 J of hearts and the deuce
    assert cat("7♠ 9♥ J♦", "2♣ 4♠ K♥ 5♣") == "one pair"  # sevens wild, the only seven


def test_low_hole_deals_agree_with_the_engine() -> None:
    rng = random.Random(23)
    for _ in range(150):
        deal = rng.sample(range(52), 7)
        assert CATEGORY_NAMES[low_hole_category(deal[:3], deal[3:])] == _low_hole_engine(deal[:3], deal[3:]), deal


def test_low_hole_table() -> None:
    counts = {name: 1 for name in CATEGORY_NAMES}
    asked: list[dict[str, object]] = []
    table = frequency_table(7, ["low-hole"], memo=lambda key, args, count: asked.append(args) or counts)
    assert asked == [{"cards": 7, "wild": ["low-hole"]}]
    assert table.title == "Low hole card wild, seven-card stud: how often each category is the best five"
    assert table.header == ("Hand", "Deals", "Chance", "Odds against")
    assert table.note == "Counted over all 10 deals of 3 hole cards and 4 up cards from 52 cards."
    with pytest.raises(ExampleError, match="cards: low-hole is counted for seven-card stud, cards: 7, not 5"):
        frequency_table(5, ["low-hole"])
    with pytest.raises(ExampleError, match=r"wild: low-hole stands alone .*got \['2', 'low-hole'\]"):
        frequency_table(7, ["2", "low-hole"])


@pytest.mark.slow
def test_low_hole_counts_cover_every_deal_and_agree_on_a_sample() -> None:
    counts = low_hole_wild_counts()
    assert sum(counts.values()) == comb(52, 3) * comb(49, 4) == 35 * comb(52, 7) == 4_682_459_600
    assert counts["two pair"] == counts["high card"] == 0  # a wild card always makes a pair better
    rng = random.Random(29)
    for _ in range(3000):
        deal = rng.sample(range(52), 7)
        assert CATEGORY_NAMES[low_hole_category(deal[:3], deal[3:])] == _low_hole_engine(deal[:3], deal[3:]), deal
    for _ in range(300):  # hole cards of the same low rank and deals rich in one suit
        low = rng.randrange(13)
        pair = [4 * low + s for s in rng.sample(range(4), 2)]
        hole = pair + [rng.choice([c for c in range(52) if c // 4 >= low and c not in pair])]
        up = rng.sample([c for c in range(52) if c not in hole and c % 4 < 2], 4)
        assert CATEGORY_NAMES[low_hole_category(hole, up)] == _low_hole_engine(hole, up), (hole, up)
