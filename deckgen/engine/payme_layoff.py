"""Pay Me: laying off onto the melds of the player who went out, and what is left to count.

When a player calls "Pay me!", the others may lay off loose cards on that
player's melds (and on nobody else's), one after another round the table; a
meld extended by one player may be extended again by the next. Each player
lays off the cards that save the most points, keeping every meld legal (at
most half wild, no two wild cards side by side in a run).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from deckgen.cards import Card, format_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, read_cards, said_list, unique_cards
from deckgen.engine.payme import PayMeRules, card_points, hand_size, meld_ok, wild_ranks
from deckgen.engine.tally import hands_field, scores_field

MAX_LOOSE = 13


def best_layoff(melds: list[list[Card]], loose: Sequence[Card], wild: list[Any], rules: PayMeRules | Mapping[str, Any]) -> tuple[list[Card], list[list[Card]]]:
    """The cards of `loose` to lay off that save the most points, and the melds with them added."""
    house = PayMeRules.of(rules)
    cards = sorted(loose, key=lambda c: -card_points(c, wild, house))
    best: tuple[int, list[Card], list[list[Card]]] = (0, [], melds)

    def walk(i: int, current: list[list[Card]], laid: list[Card], saved: int) -> None:
        nonlocal best
        if saved > best[0]:
            best = (saved, list(laid), [list(m) for m in current])
        if i == len(cards):
            return
        remaining = sum(card_points(c, wild, house) for c in cards[i:])
        if saved + remaining <= best[0]:
            return
        card = cards[i]
        for m, meld in enumerate(current):
            extended = meld + [card]
            if meld_ok(extended, wild, house):
                walk(i + 1, current[:m] + [extended] + current[m + 1 :], laid + [card], saved + card_points(card, wild, house))
        walk(i + 1, current, laid, saved)

    walk(0, [list(m) for m in melds], [], 0)
    return best[1], best[2]


def compute(inputs: Mapping[str, Any], rules: PayMeRules | Mapping[str, Any]) -> dict[str, Any]:
    house = PayMeRules.of(rules)
    size = hand_size(inputs)
    wild = wild_ranks(size, house)
    decks = inputs.get("decks", 1)
    if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= 3:
        raise ExampleError(f"decks: expected 1, 2 or 3 decks shuffled together, got {decks!r}", "decks")
    raw = inputs.get("melds")
    if not isinstance(raw, list) or not raw:
        raise ExampleError("melds: expected the melds of the player who went out, each a card string", "melds")
    melds = [read_cards(m, "melds") for m in raw]
    for meld in melds:
        if not meld_ok(meld, wild, house):
            raise ExampleError(f"melds: {format_cards(meld)} is not a legal meld in a {size}-card deal", "melds")
    hands = hands_field(inputs, "hands", "loose cards")
    for name, cards in hands.items():
        if len(cards) > MAX_LOOSE:
            raise ExampleError(f"hands: {name} has more loose cards than a hand holds", "hands")
    unique_cards([c for m in melds for c in m] + [c for cs in hands.values() for c in cs], decks, "pay-me")
    laid: dict[str, str] = {}
    points: dict[str, int] = {}
    for name, cards in hands.items():
        off, melds = best_layoff(melds, cards, wild, house)
        left = list(cards)
        for card in off:
            left.remove(card)
        laid[name] = format_cards(sorted(off, key=lambda c: c.sort_key))
        points[name] = sum(card_points(c, wild, house) for c in left)
    before = scores_field(inputs, "scores", list(hands))
    return {
        "laid_off": laid,
        "points": points,
        "totals": {n: before[n] + p for n, p in points.items()},
        "melds_after": [format_cards(m) for m in melds],
    }


def explain(inputs: Mapping[str, Any], rules: PayMeRules | Mapping[str, Any]) -> list[str]:
    r = compute(inputs, rules)
    lines = []
    for name, cards in r["laid_off"].items():
        lines.append(f"{name} lays off {cards or 'nothing'} and counts {r['points'][name]}")
    lines.append("The melds of the player who went out end as: " + "; ".join(r["melds_after"]))
    return lines


def summary(inputs: Mapping[str, Any], rules: PayMeRules | Mapping[str, Any]) -> list[str]:
    """What each player lays off and counts, then the melds as they end."""
    r = compute(inputs, rules)
    carried = "scores" in inputs
    said = [
        (f"{n} lays off {cards}" if cards else f"{n} has nothing to lay off")
        + f" and counts {r['points'][n]}"
        + (f" ({r['totals'][n]} in all)" if carried else "")
        for n, cards in r["laid_off"].items()
    ]
    return ["; ".join(said) + ".", f"The melds end as {said_list(r['melds_after'])}."]


SPEC = GameSpec(
    name="pay-me-layoff",
    title="Pay Me: laying off on the melds of the player who went out",
    inputs={
        "hand_size": "cards dealt this deal, 3 to 13",
        "deal": "the deal's number, 1 to 11; instead of hand_size",
        "melds": "the melds of the player who went out, each a card string",
        "hands": "the loose cards of the others, in turn order round the table, {name: cards}",
        "scores": "scores before this deal, {name: points} (optional)",
        "decks": "decks shuffled together, 1 to 3 (default 1)",
    },
    quantities=(
        Quantity("laid_off", "mapping", "the cards each player lays off (written as cards, best first)"),
        Quantity("points", "mapping", "each player's count of what is left"),
        Quantity("totals", "mapping", "each player's score after the deal"),
        Quantity("melds_after", "list", "the melds of the player who went out once everyone has laid off"),
    ),
    compute=compute,
    rules=PayMeRules,
    required=("melds", "hands"),
    explain=explain,
    summary=summary,
    card_inputs=("melds", "hands"),
)

GAMES = [SPEC]

__all__ = ["best_layoff", "SPEC", "GAMES"]
