"""Ace-Deuce-Jack: three cards decide every bet against the banker, and the odds behind the game.

The banker cuts the pack into three piles and shows the bottom card of each. If
any of them is an ace, a 2 or a jack, the banker takes every bet; otherwise each
player is paid even money. The odds follow exactly from the 52-card pack.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, format_cards, parse_rank
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, cards_field, rule, unique_cards
from deckgen.errors import CardError

__all__ = [
    "ACE_DEUCE_JACK",
    "AceDeuceJackRules",
    "GAMES",
    "compute",
    "explain",
    "house_edge",
    "losing_ranks",
    "player_win_chance",
]

PACK, SUITS, SHOWN = 52, 4, 3


def losing_ranks(rules: AceDeuceJackRules | Mapping[str, Any] | None = None) -> set[Rank]:
    """The ranks that win for the banker (ace, 2 and jack by default)."""
    house = AceDeuceJackRules.of(rules)
    raw = house.banker_ranks
    if not isinstance(raw, (str, list)):
        raise ExampleError(f"rules.banker_ranks: expected a list of ranks such as [A, 2, J], got {raw!r}", "rules.banker_ranks")
    tokens = raw.replace(",", " ").split() if isinstance(raw, str) else list(raw)
    try:
        ranks = {parse_rank(t) for t in tokens}
    except CardError as exc:
        raise ExampleError(f"rules.banker_ranks: {exc}", "rules.banker_ranks") from None
    if not ranks:
        raise ExampleError("rules.banker_ranks: expected at least one rank", "rules.banker_ranks")
    return ranks


def player_win_chance(rules: AceDeuceJackRules | Mapping[str, Any] | None = None) -> Fraction:
    """Chance that none of three different cards has a banker's rank."""
    house = AceDeuceJackRules.of(rules)
    safe = PACK - SUITS * len(losing_ranks(house))
    return Fraction(comb(safe, SHOWN), comb(PACK, SHOWN))


def house_edge(rules: AceDeuceJackRules | Mapping[str, Any] | None = None) -> Fraction:
    """The banker's expected gain per unit bet at even money.

    >>> house_edge()
    Fraction(9, 85)
    """
    house = AceDeuceJackRules.of(rules)
    win = player_win_chance(house)
    return (1 - win) - win


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.2f}%"


def _bets(inputs: Mapping[str, Any]) -> dict[str, int]:
    raw = inputs.get("bets") or {}
    if not isinstance(raw, Mapping):
        raise ExampleError("bets: expected {player: chips}", "bets")
    bets: dict[str, int] = {}
    for name, value in raw.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ExampleError(f"bets: {name}'s bet must be a whole number of chips, 1 or more, got '{value}'", "bets")
        bets[str(name)] = value
    return bets


def compute(inputs: Mapping[str, Any], rules: AceDeuceJackRules | Mapping[str, Any]) -> dict[str, Any]:
    """Who wins the round, every player's payout and the banker's, plus the game's odds."""
    house = AceDeuceJackRules.of(rules)
    shown = cards_field(inputs, "cards", required=False)
    bets = _bets(inputs)
    if shown or bets:
        if len(shown) != SHOWN or any(c.is_joker for c in shown):
            raise ExampleError(f"cards: expected the 3 cards shown by the banker, got {len(shown)}", "cards")
        unique_cards(shown, where="cards")
    banker_wins = any(c.rank in losing_ranks(house) for c in shown) if shown else None
    payouts = {n: (-b if banker_wins else b) for n, b in bets.items()}
    return {
        "banker_wins": banker_wins,
        "payouts": payouts,
        "banker_net": -sum(payouts.values()),
        "player_win_chance": _percent(player_win_chance(house)),
        "house_edge": _percent(house_edge(house)),
    }


def explain(inputs: Mapping[str, Any], rules: AceDeuceJackRules | Mapping[str, Any]) -> list[str]:
    """The three cards, who wins, and the odds."""
    r = compute(inputs, rules)
    lines = []
    if r["banker_wins"] is not None:
        shown = format_cards(cards_field(inputs, "cards"))
        lines.append(f"{shown}: " + ("the banker takes every bet" if r["banker_wins"] else "the players are paid even money"))
        lines.append(f"The banker's result: {r['banker_net']:+d}")
    lines.append(f"A player wins {r['player_win_chance']} of rounds; the banker's edge is {r['house_edge']}")
    return lines


def summary(inputs: Mapping[str, Any], rules: AceDeuceJackRules | Mapping[str, Any]) -> list[str]:
    """Why the banker wins or pays this round, then the odds of the game over many rounds."""
    r = compute(inputs, rules)
    edge = str(r["house_edge"])
    side = f"the players have an edge of {edge[1:]}" if edge.startswith("-") else f"the banker\u2019s edge is {edge}"
    odds = f"A player wins {r['player_win_chance']} of rounds; {side}."
    if r["banker_wins"] is None:
        return [odds]
    shown = cards_field(inputs, "cards")
    losing = losing_ranks(rules)
    hits = [c for c in shown if c.rank in losing]
    net = r["banker_net"]
    money = f"wins {net}" if net > 0 else (f"pays out {-net}" if net < 0 else "neither wins nor pays")
    if hits:
        first = f"The {format_cards(hits)} {'shows' if len(hits) == 1 else 'show'}, so the banker takes every bet and {money}."
    else:
        first = f"No banker\u2019s card shows: every player is paid even money and the banker {money}."
    return [first, odds]


@dataclass(frozen=True)
class AceDeuceJackRules(Rules):
    """The house rules of ace-deuce-jack: which ranks win for the banker."""

    game: ClassVar[str] = "ace-deuce-jack"
    banker_ranks: list[str] = rule(
        ["A", "2", "J"],
        "Banker's ranks",
        'The ranks that win every bet for the banker when shown.',
    )


ACE_DEUCE_JACK = GameSpec(
    name="ace-deuce-jack",
    title="Ace-Deuce-Jack",
    inputs={
        "cards": "the three cards shown at the bottom of the banker's piles",
        "bets": "each player's bet: {player: chips}",
    },
    quantities=(
        Quantity("banker_wins", "bool", "true when a shown card has one of the banker's ranks"),
        Quantity("payouts", "mapping", "each player's gain (positive) or loss (negative)"),
        Quantity("banker_net", "int", "the banker's gain or loss on the round"),
        Quantity("player_win_chance", "str", "chance that a round pays the players, as a percentage with 2 decimals"),
        Quantity("house_edge", "str", "the banker's expected gain per chip bet, as a percentage with 2 decimals"),
    ),
    compute=compute,
    rules=AceDeuceJackRules,
    explain=explain,
    summary=summary,
    card_inputs=("cards",),
)

GAMES = [ACE_DEUCE_JACK]
