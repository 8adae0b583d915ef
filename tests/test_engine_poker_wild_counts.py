"""Seven-card frequencies with wild cards: each hand's category from the counting tables agrees
with the engine's own best-hand search, and the full counts cover every hand exactly once."""

from __future__ import annotations

import random
from math import comb

import pytest

from deckgen.cards import Card, Suit
from deckgen.engine import poker_fast as pf
from deckgen.engine.poker import evaluate, frequency_table
from deckgen.engine.base import ExampleError
from deckgen.engine.poker_rank import CATEGORY_NAMES
from deckgen.engine.poker_wild import parse_wild
from deckgen.engine.poker_wild_counts import category_of_hand, seven_card_wild_counts

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
    counts = pf.hand_frequencies(7, wild=("2",))
    assert sum(counts.values()) == comb(52, 7) == 133_784_560
    assert counts["five of a kind"] == 609_760
    assert counts["straight flush"] == 1_952_216
    assert counts["high card"] == 10_349_640
    _agree_on_sample(["2"], 5000, seed=11)


@pytest.mark.slow
def test_seven_card_counts_without_wild_cards_match_the_plain_count() -> None:
    plain = pf.hand_frequencies(7)
    counts = seven_card_wild_counts(range(52), 0)
    assert counts.pop("five of a kind") == 0
    assert counts == plain


@pytest.mark.slow
@pytest.mark.parametrize("game", ["joker wild", "one-eyed jacks"])
def test_seven_card_wild_games_cover_every_hand(game: str) -> None:
    counts = pf.hand_frequencies(7, wild=tuple(GAMES[game]))
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
    counts = pf.hand_frequencies(7, wild=("K", "lowest"))
    assert sum(counts.values()) == comb(52, 7)
    _agree_on_sample(["K", "lowest"], 2000, seed=17)
