"""Four Seasons (Corner Card): which moves are allowed, and whether the patience is won.

The first card dealt to a corner fixes the base rank: every foundation starts
with a card of that rank and is built up in suit, turning the corner from king
to ace. The five piles of the cross are built down in any suit, also turning
the corner (a king goes on an ace). The patience is won when all 52 cards are
home on the four foundations.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckgen.cards import Card, Rank, parse_rank
from deckgen.errors import CardError
from deckgen.engine.base import ExampleError, GameSpec, Quantity
from deckgen.engine.tally import foundation_tops, parse_move, said_moves, verdicts

SUIT_SIZE = 13


def _n(card: Card) -> int:
    """Rank as 0..12 with the ace lowest (A=0 ... K=12)."""
    assert card.rank is not None
    return 0 if card.rank == Rank.ACE else int(card.rank) - 1


def height(top: Card, base: int) -> int:
    """Cards on a foundation whose top card is `top`, built up from the base rank (0..12) round the corner."""
    return (_n(top) - base) % SUIT_SIZE + 1


def check_move(card: Card, kind: str, target: Card | None, tops: dict[Any, Card], base: int) -> str:
    """'' when the move is allowed, else the reason; a card sent home is added to `tops`."""
    if kind == "space":
        return ""
    if kind == "on":
        assert target is not None
        if (_n(target) - _n(card)) % SUIT_SIZE == 1:
            return ""
        return f"{card} is not one rank below {target}"
    top = tops.get(card.suit)
    if top is None:
        if _n(card) == base:
            tops[card.suit] = card
            return ""
        return f"a foundation must start with the base rank, not {card}"
    if (_n(card) - _n(top)) % SUIT_SIZE == 1 and height(top, base) < SUIT_SIZE:
        tops[card.suit] = card
        return ""
    return f"{card} does not follow {top} on its foundation"


def _base(inputs: Mapping[str, Any]) -> int:
    try:
        rank = parse_rank(str(inputs.get("base", "")))
    except CardError:
        raise ExampleError(f"base: expected the rank of the first foundation card, e.g. 7, got {inputs.get('base')!r}", "base") from None
    return 0 if rank == Rank.ACE else int(rank) - 1


def _run(inputs: Mapping[str, Any]) -> tuple[list[tuple[str, str]], dict[Any, Card], int]:
    base = _base(inputs)
    tops = foundation_tops(inputs)
    for top in tops.values():
        if height(top, base) < 1:
            raise ExampleError("foundations: a foundation top below the base", "foundations")
    raw = inputs.get("moves") or []
    if not isinstance(raw, list):
        raise ExampleError("moves: expected a list of moves, e.g. ['6♥ on 7♣', '8♠ home']", "moves")
    results = []
    for text in raw:
        card, kind, target = parse_move(text)
        results.append((str(text), check_move(card, kind, target, tops, base)))
    return results, tops, base


def compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    results, tops, base = _run(inputs)
    home = sum(height(top, base) for top in tops.values())
    return {"legal": [not why for _, why in results], "home": home, "won": home == 4 * SUIT_SIZE}


def explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    results, tops, base = _run(inputs)
    lines = verdicts(results)
    home = sum(height(top, base) for top in tops.values())
    lines.append(f"{home} of 52 cards are home" + (": the patience is won" if home == 52 else ""))
    return lines


def summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """The moves allowed and refused (and why) in a sentence; how many cards are home in another."""
    results, tops, base = _run(inputs)
    home = sum(height(top, base) for top in tops.values())
    won = home == 52
    return [said_moves(results), "All 52 cards are home: the patience is won." if won else (f"{home} of the 52 cards are home." if home else "No card is home yet.")]

SPEC = GameSpec(
    name="four-seasons",
    title="Four Seasons (patience)",
    inputs={
        "base": "the rank every foundation starts with (the first corner card's rank)",
        "foundations": "the top card of each foundation started so far",
        "moves": "moves to check in order: '6♥ on 7♣', '8♠ home', 'K♦ to space'",
    },
    quantities=(
        Quantity("legal", "list", "for each move, whether it is allowed (true/false)"),
        Quantity("home", "int", "cards on the foundations after the moves"),
        Quantity("won", "bool", "true when all 52 cards are home"),
    ),
    compute=compute,
    required=("base",),
    explain=explain,
    summary=summary,
)

GAMES = [SPEC]

__all__ = ["height", "check_move", "SPEC", "GAMES"]
