"""Old Maid: the pairs each player lays down, and who is left holding the odd queen.

One queen (the queen of clubs, usually) is taken out of the pack, so her
partner can never pair: whoever holds it when every other card has paired off
is the Old Maid. Pairs are two cards of one rank, or, as many families play,
two cards of one rank and one colour.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, format_cards, parse_cards
from deckgen.errors import CardError
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, name_or_nobody, rule, unique_cards
from deckgen.engine.tally import hands_field


def _removed(rules: OldMaidRules | Mapping[str, Any]) -> Card:
    house = OldMaidRules.of(rules)
    try:
        cards = parse_cards(str(house.removed))
    except CardError:
        cards = []
    if len(cards) != 1 or cards[0].is_joker:
        raise ExampleError(f"rules.removed: expected one card, e.g. Q♣, got {house.removed!r}", "rules.removed")
    return cards[0]


def _key(card: Card, match: str) -> tuple[Any, ...]:
    return (card.rank, card.is_red) if match == "colour" else (card.rank,)


def discard_pairs(hand: list[Card], match: str) -> tuple[list[tuple[Card, Card]], list[Card]]:
    """Lay down pairs (in the order the cards are held) and keep the rest."""
    kept: list[Card] = []
    pairs: list[tuple[Card, Card]] = []
    for card in hand:
        partner = next((k for k in kept if _key(k, match) == _key(card, match)), None)
        if partner is None:
            kept.append(card)
        else:
            kept.remove(partner)
            pairs.append((partner, card))
    return pairs, kept


def compute(inputs: Mapping[str, Any], rules: OldMaidRules | Mapping[str, Any]) -> dict[str, Any]:
    house = OldMaidRules.of(rules)
    match = str(house.match).strip().lower()  # rank or colour: its declaration says so
    removed = _removed(house)
    hands = hands_field(inputs, "hands")
    every = [c for cs in hands.values() for c in cs]
    if any(c.is_joker for c in every):
        raise ExampleError("hands: old maid is played without jokers", "hands")
    if removed in every:
        raise ExampleError(f"hands: {removed} was taken out of the pack before the deal", "hands")
    unique_cards(every, where="hands")
    pairs: dict[str, int] = {}
    kept: dict[str, list[Card]] = {}
    for name, cards in hands.items():
        p, k = discard_pairs(cards, match)
        pairs[name] = len(p)
        kept[name] = k
    left = [(name, c) for name, cs in kept.items() for c in cs]
    loser = left[0][0] if len(left) == 1 else None
    return {"pairs": pairs, "kept": {n: format_cards(k) for n, k in kept.items()}, "old_maid": name_or_nobody(loser)}


def explain(inputs: Mapping[str, Any], rules: OldMaidRules | Mapping[str, Any]) -> list[str]:
    r = compute(inputs, rules)
    lines = [f"{name} lays down {n} pair{'' if n == 1 else 's'} and keeps {r['kept'][name] or 'nothing'}" for name, n in r["pairs"].items()]
    if r["old_maid"]:
        lines.append(f"Only one card is left unpaired: {r['old_maid']} is the Old Maid")
    return lines


def summary(inputs: Mapping[str, Any], rules: OldMaidRules | Mapping[str, Any]) -> list[str]:
    """The pairs each player lays down and the cards kept; the Old Maid when only one card is left."""
    house = OldMaidRules.of(rules)
    r = compute(inputs, house)
    match = str(house.match).strip().lower()
    said = []
    for name, cards in hands_field(inputs, "hands").items():
        pairs, kept = discard_pairs(cards, match)
        laid = format_cards([c for pair in pairs for c in pair])
        if not cards:
            said.append(f"{name} has no cards left")
        elif laid:
            said.append(f"{name} lays down {laid} and keeps {format_cards(kept) or 'nothing'}")
        else:
            said.append(f"{name} has no pair and keeps {format_cards(kept)}")
    out = ["; ".join(said) + "."]
    if r["old_maid"]:
        out.append(f"Only one card is left unpaired: {r['old_maid']} is the Old Maid.")
    return out


@dataclass(frozen=True)
class OldMaidRules(Rules):
    """The card taken out, and what makes a pair."""

    game: ClassVar[str] = "old-maid"
    removed: str = rule(
        'Q♣',
        'Card taken out',
        'The card taken out before the deal; its partner becomes the Old Maid.',
    )
    match: str = rule(
        'rank',
        'What makes a pair',
        "What makes a pair: 'rank' (any two of a rank) or 'colour' (a rank and a colour).",
        choices={'rank': 'two cards of a rank', 'colour': 'two cards of a rank and colour'},
    )


SPEC = GameSpec(
    name="old-maid",
    title="Old Maid",
    inputs={"hands": "each player's cards, {name: cards}"},
    quantities=(
        Quantity("pairs", "mapping", "how many pairs each player lays down"),
        Quantity("kept", "mapping", "the cards each player keeps (written as cards; empty when none)"),
        Quantity("old_maid", "str", "the player left with the last unpaired card, once only one card is left"),
    ),
    compute=compute,
    rules=OldMaidRules,
    required=("hands",),
    explain=explain,
    summary=summary,
    card_inputs=("hands",),
)

GAMES = [SPEC]

__all__ = ["discard_pairs", "SPEC", "GAMES"]
