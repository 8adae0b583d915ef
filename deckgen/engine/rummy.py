"""Rummy settlement: when one player goes out, every other player pays for the cards left in hand.

Court cards count ten, other cards their pips, aces one. Payment is one unit a
point, or, by agreement, one unit per ten points with the count rounded up to
the next ten.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, format_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, bool_field, cards_field, every_player, rule, said_list, unique_cards

__all__ = [
    "GAMES",
    "RATES",
    "RUMMY",
    "RummyRules",
    "card_points",
    "cards_each",
    "compute",
    "explain",
    "units",
]

RATES = ("point", "ten")


def cards_each(players: int, rules: RummyRules | Mapping[str, Any] | None = None) -> int:
    """The deal: 10 cards each for two, 7 for three or four, 6 for five or six."""
    if players == 2:
        return RummyRules.of(rules).two_player_cards
    if 3 <= players <= 4:
        return 7
    if 5 <= players <= 6:
        return 6
    raise ExampleError(f"hands: rummy is for 2 to 6 players, got {players}", "hands")


def card_points(card: Card, rules: RummyRules | Mapping[str, Any] | None = None) -> int:
    """Court cards ten, aces one (by the rules), others their pips."""
    r = RummyRules.of(rules)
    if card.is_joker:
        raise ExampleError("hands: rummy is played without jokers", "hands")
    assert card.rank is not None
    if card.rank == Rank.ACE:
        return r.ace_points
    if card.rank.is_court:
        return r.court_points
    return int(card.rank)


def units(points: int, rules: RummyRules | Mapping[str, Any] | None = None) -> int:
    """What a count of points costs in units at the agreed rate.

    >>> units(37), units(37, RummyRules(rate="ten"))
    (37, 4)
    """
    if RummyRules.of(rules).rate == "point":  # one of RATES: its declaration says so
        return points
    return -(-points // 10)  # rounded up to the next ten, counted in tens


def _hands(inputs: Mapping[str, Any]) -> tuple[str, dict[str, list[Card]]]:
    winner = str(inputs.get("winner", "")).strip()
    if not winner:
        raise ExampleError("rummy needs the field 'winner' (the player who went out)", "winner")
    raw = inputs.get("hands")
    if not isinstance(raw, Mapping) or not raw:
        raise ExampleError("hands: expected a mapping of each other player's name to the cards left in hand", "hands")
    if winner in {str(k) for k in raw}:
        raise ExampleError(f"hands: '{winner}' went out and holds no cards; list only the other players", "hands")
    hands = {str(name): (cards_field(raw, name) if raw[name] else []) for name in raw}
    unique_cards([c for h in hands.values() for c in h], where="rummy")
    return winner, hands


def compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    """Each loser's count and payment; the winner collects the lot."""
    winner, hands = _hands(inputs)
    r = RummyRules.of(rules)
    dealt = cards_each(len(hands) + 1, r)
    for name, cards in hands.items():
        if len(cards) > dealt:
            raise ExampleError(f"hands: {name} holds {len(cards)} cards, more than the {dealt} dealt", "hands")
    went_rummy = bool_field(inputs, "went_rummy", False)
    multiplier = r.rummy_multiplier if went_rummy else 1
    points = {name: sum(card_points(c, r) for c in cards) for name, cards in hands.items()}
    payments = {name: units(p, r) * multiplier for name, p in points.items()}
    players = [winner, *hands]  # every player in the mappings, the winner with 0 (the shared vocabulary)
    return {
        "cards_each": dealt,
        "points": every_player(players, points),
        "payments": every_player(players, payments),
        "winner_receives": sum(payments.values()),
    }


def explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """Who pays what to the player who went out."""
    winner, hands = _hands(inputs)
    result = compute(inputs, rules)
    lines = [
        f"{name}: {format_cards(cards) or 'no cards'} = {result['points'][name]} points, pays {result['payments'][name]}"
        for name, cards in hands.items()
    ]
    lines.append(f"{winner} went out and collects {result['winner_receives']}")
    return lines


def summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """Who collects what, and from whom, in one sentence."""
    winner, hands = _hands(inputs)
    result = compute(inputs, rules)
    paid = [f"{name} {result['payments'][name]}" for name in hands if result["payments"][name]]
    listed = said_list(paid) or "nobody"
    return [f"{winner} goes out and collects {result['winner_receives']}: {listed} for the cards left in hand."]


@dataclass(frozen=True)
class RummyRules(Rules):
    """The house rules of rummy: card values, the rate of payment and the deal for two."""

    game: ClassVar[str] = "rummy"
    court_points: int = rule(
        10,
        "Points for a court card",
        "What a king, queen or jack left in hand counts.",
    )
    ace_points: int = rule(
        1,
        "Points for an ace",
        "What an ace left in hand counts.",
    )
    rate: str = rule(
        "point",
        'Rate of payment',
        "'point': one unit a point; 'ten': one unit per ten points, rounded up.",
        choices={'point': 'one unit a point', 'ten': 'one unit per ten points'},
    )
    rummy_multiplier: int = rule(
        1,
        "Rummy multiplier",
        "Payments are multiplied by this when the winner goes out all at once.",
    )
    two_player_cards: int = rule(
        10,
        "Cards each for two players",
        "Cards dealt to each of two players.",
    )


RUMMY = GameSpec(
    name="rummy",
    title="Rummy (settlement)",
    inputs={
        "winner": "the player who went out",
        "hands": "each other player's unmelded cards: {name: cards}",
        "went_rummy": "true when the winner went out in one turn without melding before (optional)",
    },
    phrases={"went_rummy": ("went rummy", "did not go rummy")},
    quantities=(
        Quantity("cards_each", "int", "cards dealt to each player for this number of players"),
        Quantity("points", "mapping", "each loser's count of the cards left in hand (the winner: 0)"),
        Quantity("payments", "mapping", "what each loser pays the winner, in units (the winner: 0)"),
        Quantity("winner_receives", "int", "the winner's total takings, in units"),
    ),
    compute=compute,
    rules=RummyRules,
    explain=explain,
    summary=summary,
    card_inputs=("hands",),
)

GAMES = [RUMMY]
