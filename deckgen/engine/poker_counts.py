"""Exact counts of poker hands by category over every hand of 5, 6 or 7 cards from the pack, with or
without wild cards: the figures a frequency table prints and a claim about one is checked against.

Plain hands are counted by `poker_fast` (rank and suit classes); wild cards by `poker_wild_counts`
(seven cards) and `poker_fast.wild_frequencies` (five); this module asks the right one, and keeps
each table once per process.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from deckgen.cards import Card
from deckgen.engine import poker_fast as pf
from deckgen.engine import poker_rank as pr
from deckgen.engine.poker_wild import parse_wild
from deckgen.engine.poker_wild_counts import seven_card_wild_counts

__all__ = ["hand_frequencies"]


@cache
def hand_frequencies(cards_per_hand: int, wild: tuple[Any, ...] = ()) -> dict[str, int]:
    """Exact number of hands in each category over every hand of `cards_per_hand` (5, 6 or 7; 5 or 7
    with wild cards) cards from 52, best category first. With `wild`: wild ranks (Rank.TWO), particular cards
    (the one-eyed jacks J♠ J♥), jokers (each joker card adds one to the deck) and "lowest"
    (Kings and Low Man: every card of each hand's lowest rank), the wild cards playing for the best hand."""
    import numpy as np
    if not wild:
        counts = pf.class_counts(cards_per_hand)
        cats = pf.class_categories()
        per = np.bincount(cats[1:], weights=counts[1:], minlength=9).astype(np.int64)
        return {pr.CATEGORY_NAMES[c]: int(per[c]) for c in range(8, -1, -1)}
    tokens, n_jokers = pf.wild_tokens(wild)
    if cards_per_hand == 7:
        return _seven_card_wild(tokens, n_jokers)
    if cards_per_hand != 5:
        raise ValueError("frequencies with wild cards are computed for five- and seven-card hands")
    deck = tuple(pf.index_card(i) for i in range(52)) + tuple(Card(None, None, j + 1) for j in range(n_jokers))
    return pf.wild_frequencies(deck, tuple(tokens))


def _seven_card_wild(tokens: Sequence[str], n_jokers: int) -> dict[str, int]:
    """Seven-card counts with wild ranks, wild cards and jokers (see `poker_wild_counts`)."""
    spec = parse_wild(list(tokens))
    naturals = [i for i in range(52) if int(pf.index_card(i).rank) not in spec.ranks and pf.index_card(i) not in spec.cards]  # type: ignore[arg-type]
    return seven_card_wild_counts(naturals, 52 - len(naturals) + n_jokers, spec.lowest)
