"""In Between: settling a split pair, both new spreads one after the other.

A player dealt a pair of posts may pay to split them: each post gets a new
partner card, making two spreads, and the player bets on or passes each in
turn. The first spread is settled before the second is bet, so the pot (and
with it the largest bet allowed) may change in between.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckgen.cards import format_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, bool_field, cards_field, read_cards, unique_cards
from deckgen.engine.inbetween import InBetweenRules, post_values
from deckgen.engine.inbetween import compute as settle_spread
from deckgen.engine.tally import chips_field


def _spreads(inputs: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    raw = inputs.get("spreads")
    if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(s, Mapping) for s in raw):
        raise ExampleError("spreads: expected the two new spreads, each {partner: card, bet: chips, card: card}", "spreads")
    for i, spread in enumerate(raw, 1):
        unknown = set(spread) - {"partner", "bet", "card", "ace_low"}
        if unknown:
            raise ExampleError(f"spreads: spread {i} has an unknown field '{sorted(unknown)[0]}' (partner, bet, card, ace_low)", "spreads")
    return raw


def compute(inputs: Mapping[str, Any], rules: InBetweenRules | Mapping[str, Any]) -> dict[str, Any]:
    house = InBetweenRules.of(rules)
    pair = cards_field(inputs, "pair")
    if len(pair) != 2 or pair[0].rank != pair[1].rank or any(c.is_joker for c in pair):
        raise ExampleError("pair: expected two posts of one rank, e.g. 7♠ 7♥", "pair")
    spreads = _spreads(inputs)
    partners = [read_cards(s.get("partner"), "spreads.partner") for s in spreads]
    thirds = [read_cards(s["card"], "spreads.card") if s.get("card") else [] for s in spreads]
    unique_cards(pair + [c for cs in partners + thirds for c in cs], where="in-between split")
    pot = chips_field(inputs, "pot", None)
    table_open = bool_field(inputs, "table_open", True)
    cost = house.split_cost
    pot += cost
    total = -cost
    outcomes, changes = [], []
    for post, spread, partner, third in zip(pair, spreads, partners, thirds):
        if len(partner) != 1:
            raise ExampleError("spreads: each spread needs one partner card", "spreads")
        inputs_one: dict[str, Any] = {"posts": [post, partner[0]], "pot": pot, "bet": spread.get("bet", 0), "table_open": table_open}
        if third:
            inputs_one["card"] = third
        if "ace_low" in spread:
            inputs_one["ace_low"] = spread["ace_low"]
        result: dict[str, Any]
        low, high = sorted(post_values([post, partner[0]], bool(spread.get("ace_low", False))))
        if low == high and not spread.get("bet"):
            result = {"outcome": "pair", "player_change": 0, "pot_after": pot}  # a pair again: no bet, no second split
        elif high - low > 1 and not spread.get("bet"):
            result = {"outcome": "pass", "player_change": 0, "pot_after": pot}
        else:
            result = settle_spread(inputs_one, house)
        outcomes.append(result["outcome"])
        changes.append(result["player_change"])
        total += result["player_change"]
        pot = result["pot_after"]
    return {"outcomes": outcomes, "changes": changes, "player_change": total, "pot_after": pot}


def explain(inputs: Mapping[str, Any], rules: InBetweenRules | Mapping[str, Any]) -> list[str]:
    house = InBetweenRules.of(rules)
    r = compute(inputs, house)
    pair = cards_field(inputs, "pair")
    lines = [f"The pair {format_cards(pair)} is split for {house.split_cost}"]
    for i, (post, spread) in enumerate(zip(pair, _spreads(inputs))):
        partner = format_cards(read_cards(spread.get("partner"), "spreads.partner"))
        change = r["changes"][i]
        money = f"the player wins {change}" if change > 0 else (f"the player pays {-change}" if change < 0 else "no chips move")
        lines.append(f"Spread {i + 1}, {post} and {partner}: {r['outcomes'][i]}, {money}")
    lines.append(f"In all the player {'gains' if r['player_change'] >= 0 else 'pays'} {abs(r['player_change'])}; the pot holds {r['pot_after']}")
    return lines


def summary(inputs: Mapping[str, Any], rules: InBetweenRules | Mapping[str, Any]) -> list[str]:
    """The split's cost and each new spread's fate in a sentence; the player's net and the pot in another."""
    house = InBetweenRules.of(rules)
    r = compute(inputs, house)
    pair = cards_field(inputs, "pair")
    said = [f"Splitting {format_cards(pair)} costs {house.split_cost}"]
    for i, (post, spread) in enumerate(zip(pair, _spreads(inputs))):
        partner = format_cards(read_cards(spread.get("partner"), "spreads.partner"))
        change, outcome = r["changes"][i], r["outcomes"][i]
        if outcome == "pass":
            said.append(f"{post} and {partner} are passed")
        elif outcome in ("win", "lose"):
            said.append(f"{post} and {partner} {'win' if change > 0 else 'lose'} {abs(change)}")
        else:
            money = f"winning {change}" if change > 0 else (f"paying {-change}" if change < 0 else "with no chips moving")
            said.append(f"{post} and {partner} make a {outcome}, {money}")
    net = r["player_change"]
    return [
        "; ".join(said) + ".",
        f"In all the player {'gains' if net >= 0 else 'pays'} {abs(net)} and the pot holds {r['pot_after']}.",
    ]


SPEC = GameSpec(
    name="in-between-split",
    title="In Between: splitting a pair",
    inputs={
        "pair": "the two posts of one rank",
        "spreads": "the two new spreads in order, each {partner: card, bet: chips (0 to pass), card: the card turned}",
        "pot": "chips in the pot before the split",
        "table_open": "false during the first round, when the lower bet limit applies (default true)",
    },
    phrases={"table_open": ("after the first round", "first round")},
    quantities=(
        Quantity("outcomes", "list", "each spread's result: win, lose, double burn, runner, pair or pass"),
        Quantity("changes", "list", "the player's gain or payment on each spread"),
        Quantity("player_change", "int", "the player's gain (or payment, negative) in all, the split's cost included"),
        Quantity("pot_after", "int", "the pot once both spreads are settled"),
    ),
    compute=compute,
    rules=InBetweenRules,
    required=("pair", "spreads", "pot"),
    explain=explain,
    summary=summary,
    card_inputs=("pair",),
)

GAMES = [SPEC]

__all__ = ["SPEC", "GAMES"]
