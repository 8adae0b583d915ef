"""Farmer: counting hands towards 16, breaking ties for the farm, and settling the chips of one deal.

Hands are given in seating order, clockwise (each name sits to the left of the one
before it), and `farmer` names the dealer. Aces count 1, court cards 10, others
their pips. The deck has no 8s and only one 6, the 6♥.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit, format_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, cards_field, rule, said_list, unique_cards
from deckgen.errors import unknown_choice

__all__ = [
    "FARMER",
    "FarmerRules",
    "GAMES",
    "SIX_OF_HEARTS",
    "compute",
    "count",
    "explain",
    "farm_winner",
    "left_of",
]

SIX_OF_HEARTS = Card(Rank.SIX, Suit.HEARTS)


def count(cards: list[Card]) -> int:
    """Ace 1, court cards 10, others their pips."""
    return sum(_points(c) for c in cards)


def _points(card: Card) -> int:
    rank = card.rank
    assert rank is not None  # farmer is played without jokers
    return 1 if rank == Rank.ACE else 10 if rank.is_court else int(rank)


def _seating(inputs: Mapping[str, Any], rules: FarmerRules | Mapping[str, Any]) -> tuple[str, dict[str, list[Card]]]:
    house = FarmerRules.of(rules)
    raw = inputs.get("hands")
    if not isinstance(raw, Mapping) or len(raw) < 2:
        raise ExampleError("hands: expected {player: cards} for two players or more, in seating order", "hands")
    hands = {str(n): cards_field(raw, n) for n in raw}
    for name, cards in hands.items():
        for card in cards:
            if card.is_joker or card.rank == Rank.EIGHT or (card.rank == Rank.SIX and card != SIX_OF_HEARTS):
                raise ExampleError(f"hands: {name}'s {card} is not in the farmer deck (no 8s, no 6s but the 6♥)", "hands")
        if len(cards) < int(house.min_cards):
            raise ExampleError(
                f"hands: {name} has {len(cards)} card(s); everyone draws at least once, so {house.min_cards} or more",
                "hands",
            )
    unique_cards([c for cards in hands.values() for c in cards], where="farmer")
    farmer = str(inputs.get("farmer", "")).strip()
    if farmer not in hands:
        raise ExampleError(f"farmer: {unknown_choice('player', farmer, hands)}", "farmer")
    return farmer, hands


def left_of(farmer: str, names: list[str]) -> list[str]:
    """The players in turn order starting with the one to the farmer's left, the farmer last."""
    i = names.index(farmer)
    return names[i + 1 :] + names[: i + 1]


def farm_winner(tied: list[str], hands: Mapping[str, list[Card]], farmer: str) -> str:
    """Among several 16s: the 6♥, then fewest cards, then the farmer, then the first to the farmer's left."""
    with_six = [n for n in tied if SIX_OF_HEARTS in hands[n]]
    if with_six:
        return with_six[0]
    fewest = min(len(hands[n]) for n in tied)
    short = [n for n in tied if len(hands[n]) == fewest]
    if len(short) == 1:
        return short[0]
    if farmer in short:
        return farmer
    return next(n for n in left_of(farmer, list(hands)) if n in short)


def compute(inputs: Mapping[str, Any], rules: FarmerRules | Mapping[str, Any]) -> dict[str, Any]:
    """Counts, the farm's winner or the closest hands, and every player's chips for the deal."""
    house = FarmerRules.of(rules)
    farmer, hands = _seating(inputs, house)
    target, ante = int(house.target), int(house.ante)
    farm_before = inputs.get("farm", 0)
    if not isinstance(farm_before, int) or isinstance(farm_before, bool) or farm_before < 0:
        raise ExampleError(f"farm: expected the chips already in the farm (0 or more), got '{farm_before}'", "farm")
    counts = {n: count(c) for n, c in hands.items()}
    busted = [n for n, v in counts.items() if v > target]
    net = {n: -ante for n in hands}  # everyone antes to the farm
    farm = farm_before + ante * len(hands)
    hit = [n for n, v in counts.items() if v == target]
    winner, closest = "", []
    if hit:
        winner = farm_winner(hit, hands, farmer)
        net[winner] += farm
        farm = 0
    else:
        standing = {n: v for n, v in counts.items() if v <= target}
        if standing:
            best = max(standing.values())
            closest = [n for n, v in standing.items() if v == best]
            payers = [n for n, v in standing.items() if v < best]
            for n in payers:
                net[n] -= ante
            side_pot = ante * len(payers)
            share, remainder = divmod(side_pot, len(closest))
            for n in closest:
                net[n] += share
            farm += remainder
    for n in busted:
        if n != farmer:
            net[n] -= ante
            net[farmer] += ante
    return {
        "counts": counts,
        "busted": busted,
        "farm_winner": winner,
        "closest": closest,
        "net": net,
        "farm": farm,
        "next_farmer": winner or farmer,
    }


def explain(inputs: Mapping[str, Any], rules: FarmerRules | Mapping[str, Any]) -> list[str]:
    """Each count, then who takes the farm or who is paid as closest."""
    house = FarmerRules.of(rules)
    farmer, hands = _seating(inputs, house)
    r = compute(inputs, house)
    lines = [
        f"{n}{' (farmer)' if n == farmer else ''}: {format_cards(c)} = {r['counts'][n]}"
        + (" bust" if n in r["busted"] else "")
        for n, c in hands.items()
    ]
    if r["farm_winner"]:
        lines.append(f"{r['farm_winner']} takes the farm")
    elif r["closest"]:
        lines.append(f"No {house.target}: the farm stays; lower hands pay {' and '.join(r['closest'])}")
    return lines


def summary(inputs: Mapping[str, Any], rules: FarmerRules | Mapping[str, Any]) -> list[str]:
    """The counts in one sentence, then who takes the farm or who is paid."""
    house = FarmerRules.of(rules)
    farmer, hands = _seating(inputs, house)
    r = compute(inputs, house)
    counts = [f"{n}{' (the farmer)' if n == farmer else ''} {r['counts'][n]}{' (bust)' if n in r['busted'] else ''}" for n in hands]
    first = "The counts: " + said_list(counts)
    if r["farm_winner"]:
        return [f"{first}; {r['farm_winner']} hits {house.target} and takes the farm."]
    if r["closest"]:
        return [f"{first}.", f"Nobody hits {house.target}, so the farm stays; the lower hands pay {' and '.join(r['closest'])}."]
    return [first + "."]


@dataclass(frozen=True)
class FarmerRules(Rules):
    """The house rules of farmer: the count to hit, the ante and the fewest cards."""

    game: ClassVar[str] = "farmer"
    target: int = rule(
        16,
        "Target",
        "The count to hit exactly; above it a hand is bust.",
    )
    ante: int = rule(
        1,
        "Ante",
        "The ante, which is also every other payment of the game.",
    )
    min_cards: int = rule(
        2,
        "Fewest cards in a finished hand",
        "Cards in a finished hand at least (the first card plus one compulsory draw).",
    )


FARMER = GameSpec(
    name="farmer",
    title="Farmer",
    inputs={
        "hands": "every player's cards in seating order, clockwise: {player: cards}",
        "farmer": "the dealer's name (one of the players)",
        "farm": "chips already in the farm from earlier deals (optional, 0)",
    },
    quantities=(
        Quantity("counts", "mapping", "each hand's count"),
        Quantity("busted", "set", "players over the target"),
        Quantity("farm_winner", "str", "who takes the farm, or empty when nobody hits the target"),
        Quantity("closest", "set", "when nobody hits the target: the players nearest under it"),
        Quantity("net", "mapping", "each player's gain or loss of chips on the deal, ante included"),
        Quantity("farm", "int", "chips left in the farm after the deal"),
        Quantity("next_farmer", "str", "who deals next: the farm's winner, else the same farmer"),
    ),
    compute=compute,
    rules=FarmerRules,
    explain=explain,
    summary=summary,
    card_inputs=("hands",),
)

GAMES = [FARMER]
