"""Cucumber (Agurk): who takes the last trick, the penalty it costs, cucumbers and eliminations.

A trick is given in play order as {player: card}. The highest rank takes it; when
several cards share the highest rank, the last one played takes it. Only the
seventh trick scores: its taker adds the value of the winning card (A 14, K 13,
Q 12, J 11, others their pips); everyone else who played that rank takes the
same amount off, never below zero.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, bool_field, cards_field, rule, said_list, unique_cards

__all__ = [
    "CUCUMBER",
    "CucumberRules",
    "GAMES",
    "card_value",
    "compute",
    "explain",
    "illegal_plays",
]


def card_value(card: Card, rules: CucumberRules | Mapping[str, Any] | None = None) -> int:
    """Penalty value: the ace by the rules (14), court cards 13-11, others their pips.

    >>> from deckgen.cards import parse_cards
    >>> ace = parse_cards("A♠")[0]
    >>> card_value(ace), card_value(ace, CucumberRules(ace_points=1))
    (14, 1)
    """
    house = CucumberRules.of(rules)
    assert card.rank is not None
    return int(house.ace_points) if card.rank == Rank.ACE else int(card.rank)


def _trick(inputs: Mapping[str, Any]) -> list[tuple[str, Card]]:
    raw = inputs.get("trick")
    if not isinstance(raw, Mapping) or len(raw) < 2:
        raise ExampleError("trick: expected the cards in play order as {player: card}, two players or more", "trick")
    plays: list[tuple[str, Card]] = []
    for name, token in raw.items():
        cards = cards_field(raw, name)
        if len(cards) != 1 or cards[0].is_joker:
            raise ExampleError(f"trick: {name} must play exactly one card (no jokers), got '{token}'", "trick")
        plays.append((str(name), cards[0]))
    unique_cards([c for _, c in plays], where="trick")
    return plays


def illegal_plays(plays: list[tuple[str, Card]], hands: Mapping[str, list[Card]], rules: CucumberRules | Mapping[str, Any] | None = None) -> list[str]:
    """Players who did not head the trick (or match it, by the rules) although they could, nor play their lowest."""
    house = CucumberRules.of(rules)
    bad: list[str] = []
    highest: Rank | None = None
    for name, card in plays:
        held = hands.get(name)
        if held is not None:
            if card not in held:
                raise ExampleError(f"hands: {name} plays {card} but does not hold it", "hands")
            if highest is not None:
                def heads(c: Card) -> bool:
                    return c.rank >= highest if house.may_match else c.rank > highest  # type: ignore[operator]

                can_head = any(heads(c) for c in held)
                lowest = min(c.rank for c in held)  # type: ignore[type-var]
                if (can_head and not heads(card)) or (not can_head and card.rank != lowest):
                    bad.append(name)
        highest = card.rank if highest is None else max(highest, card.rank)  # type: ignore[type-var]
    return bad


def compute(inputs: Mapping[str, Any], rules: CucumberRules | Mapping[str, Any]) -> dict[str, Any]:
    """Taker, penalty and refunds of the last trick, then cucumbers, eliminations and a winner."""
    house = CucumberRules.of(rules)
    plays = _trick(inputs)
    raw_hands = inputs.get("hands") or {}
    if not isinstance(raw_hands, Mapping):
        raise ExampleError("hands: expected {player: cards held before the trick}", "hands")
    hands = {str(n): cards_field(raw_hands, n) for n in raw_hands}
    unique_cards([c for cards in hands.values() for c in cards], where="hands")
    top = max(c.rank for _, c in plays)  # type: ignore[type-var]
    taker, top_card = [(n, c) for n, c in plays if c.rank == top][-1]
    final = bool_field(inputs, "final", True)
    penalty = card_value(top_card, house) if final else 0

    raw_scores = inputs.get("scores") or {}
    if not isinstance(raw_scores, Mapping):
        raise ExampleError(f"scores: expected {{player: points}}, got {raw_scores!r}", "scores")
    before = {str(n): v for n, v in raw_scores.items()}
    for field in ("eliminated", "cucumbers"):
        if not isinstance(inputs.get(field) or [], list):
            raise ExampleError(f"{field}: expected a list of names, got {inputs[field]!r}", field)
    out_already = {str(n) for n in inputs.get("eliminated") or []}
    with_cucumber = {str(n) for n in inputs.get("cucumbers") or []}
    for name, _ in plays:
        before.setdefault(name, 0)
    for name, value in before.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ExampleError(f"scores: {name}'s score must be a whole number of 0 or more, got '{value}'", "scores")
    changes = {name: 0 for name, _ in plays}
    totals = {str(n): int(v) for n, v in before.items()}
    for name, card in plays:
        if card.rank == top and name != taker:
            changes[name] = -min(penalty, totals[name])
    changes[taker] = penalty
    if not final:
        changes = {name: 0 for name in changes}
    for name, change in changes.items():
        totals[name] += change

    eliminated: list[str] = []
    limit = int(house.limit)
    if totals[taker] > limit:
        if taker in with_cucumber:
            eliminated.append(taker)
        else:
            with_cucumber.add(taker)
            others = [t for n, t in totals.items() if n != taker and n not in out_already and t <= limit]
            totals[taker] = max(others, default=0)
    active = [n for n in totals if n not in out_already and n not in eliminated]
    return {
        "taker": taker,
        "penalty": penalty,
        "changes": changes,
        "totals": {n: t for n, t in totals.items() if n not in out_already and n not in eliminated},
        "cucumbers": sorted(with_cucumber - set(eliminated)),
        "eliminated": eliminated,
        "winner": active[0] if len(active) == 1 else "",
        "illegal": illegal_plays(plays, hands, house),
    }


def explain(inputs: Mapping[str, Any], rules: CucumberRules | Mapping[str, Any]) -> list[str]:
    """The taker, the refunds and what follows for the scores."""
    house = CucumberRules.of(rules)
    r = compute(inputs, house)
    lines = [f"{n} broke the rule: head the trick, or else play the lowest card" for n in r["illegal"]]
    if not inputs.get("final", True):
        return lines + [f"{r['taker']} takes the trick and leads to the next one"]
    lines.append(f"{r['taker']} takes the last trick and adds {r['penalty']}")
    lines += [f"{n} played the same rank and takes off {-c}" for n, c in r["changes"].items() if c < 0]
    lines += [f"{n} goes over {house.limit} and draws a cucumber" for n in r["cucumbers"] if n == r["taker"]]
    lines += [f"{n} already had a cucumber and is out" for n in r["eliminated"]]
    if r["winner"]:
        lines.append(f"{r['winner']} is the last player left and wins")
    return lines


def summary(inputs: Mapping[str, Any], rules: CucumberRules | Mapping[str, Any]) -> list[str]:
    """Who takes the trick and what it costs, then what follows for the game."""
    house = CucumberRules.of(rules)
    r = compute(inputs, house)
    broke = f"{said_list(list(r['illegal']))} broke the rule (head the trick, or else play the lowest card). " if r["illegal"] else ""
    if not inputs.get("final", True):
        return [f"{broke}{r['taker']} takes the trick and leads to the next one."]
    sentence = f"{r['taker']} takes the last trick and adds {r['penalty']}"
    refunds = [f"{n} {-c}" for n, c in r["changes"].items() if c < 0]
    if refunds:
        sentence += f"; matching its rank takes off {said_list(refunds)}"
    after = []
    after += [f"{n} goes over {house.limit} and draws a cucumber" for n in r["cucumbers"] if n == r["taker"]]
    after += [f"{n} already had a cucumber and is out" for n in r["eliminated"]]
    if r["winner"]:
        after.append(f"{r['winner']} is the last player left and wins")
    out = [broke + sentence + "."]
    if after:
        said = "; ".join(after)
        out.append(said[:1].upper() + said[1:] + ".")
    return out


@dataclass(frozen=True)
class CucumberRules(Rules):
    """The house rules of cucumber: the limit, the ace's cost and matching cards."""

    game: ClassVar[str] = "cucumber"
    limit: int = rule(
        21,
        "Limit",
        "A score above this earns a cucumber, or knocks out a player who has one.",
    )
    ace_points: int = rule(
        14,
        "Points for an ace",
        "What an ace costs when it takes the last trick.",
    )
    may_match: bool = rule(
        True,
        "A matching card heads the trick",
        "Whether a card equal to the highest so far counts as heading the trick.",
        phrases=("a matching card heads the trick", "a matching card does not head the trick"),
    )


CUCUMBER = GameSpec(
    name="cucumber",
    title="Cucumber",
    inputs={
        "trick": "a trick in play order: {player: card}",
        "final": "whether this is the seventh and last trick, the only one that scores (default true)",
        "hands": "each player's cards before the trick, to check the plays (optional): {player: cards}",
        "scores": "scores before the hand (optional, 0 when missing): {player: points}",
        "cucumbers": "players who already have a cucumber (optional): [names]",
        "eliminated": "players already out of the game (optional): [names]",
    },
    phrases={"final": ("the last trick", "not the last trick")},
    quantities=(
        Quantity("taker", "str", "the player who takes the trick"),
        Quantity("penalty", "int", "what the winning card costs its player"),
        Quantity("changes", "mapping", "each player's change of score from this trick"),
        Quantity("totals", "mapping", "the scores of the players still in, after cucumbers", partial=True),
        Quantity("cucumbers", "set", "players holding a cucumber after this hand"),
        Quantity("eliminated", "set", "players knocked out by this hand"),
        Quantity("winner", "str", "the last player left, or empty while several remain"),
        Quantity("illegal", "set", "players whose card broke the rule of play (needs 'hands')"),
    ),
    compute=compute,
    rules=CucumberRules,
    explain=explain,
    summary=summary,
    card_inputs=("trick", "hands"),
)

GAMES = [CUCUMBER]
