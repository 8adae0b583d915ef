"""Beleaguered Castle: which moves are allowed, and whether the patience is won.

The four aces start the foundations, which are built up in suit to the king.
The eight rows of the layout are built down in any suit, one card at a time,
and a row left empty takes any card. No stock, no redeal: every card is in
sight from the start. The patience is won when all 52 cards are home.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckgen.cards import Card, Rank
from deckgen.engine.base import ExampleError, GameSpec, Quantity
from deckgen.engine.tally import foundation_tops, parse_move, rank_number, said_moves, verdicts

SUIT_SIZE = 13


def check_move(card: Card, kind: str, target: Card | None, tops: dict[Any, Card]) -> str:
    """'' when the move is allowed, else the reason; a card sent home is added to `tops`."""
    if kind == "space":
        return ""
    if kind == "on":
        assert target is not None
        if card.rank == Rank.ACE:
            return "an ace goes home, never on a row"
        if rank_number(target, ace_high=False) - rank_number(card, ace_high=False) == 1:
            return ""
        return f"{card} is not one rank below {target}"
    top = tops.get(card.suit)
    below = rank_number(top, ace_high=False) if top is not None else 0
    if rank_number(card, ace_high=False) == below + 1:
        tops[card.suit] = card
        return ""
    return f"{card} does not follow {top or 'the empty foundation'} on its foundation"


def _run(inputs: Mapping[str, Any]) -> tuple[list[tuple[str, str]], dict[Any, Card]]:
    tops = foundation_tops(inputs)
    raw = inputs.get("moves") or []
    if not isinstance(raw, list):
        raise ExampleError("moves: expected a list of moves, e.g. ['6♥ on 7♣', '2♠ home']", "moves")
    results = []
    for text in raw:
        card, kind, target = parse_move(text)
        results.append((str(text), check_move(card, kind, target, tops)))
    return results, tops


def _home(tops: dict[Any, Card]) -> int:
    return sum(rank_number(top, ace_high=False) for top in tops.values())


def compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    results, tops = _run(inputs)
    home = _home(tops)
    return {"legal": [not why for _, why in results], "home": home, "won": home == 4 * SUIT_SIZE}


def explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    results, tops = _run(inputs)
    lines = verdicts(results)
    home = _home(tops)
    lines.append(f"{home} of 52 cards are home" + (": the patience is won" if home == 52 else ""))
    return lines


def summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """The moves allowed and refused (and why) in a sentence; how many cards are home in another."""
    results, tops = _run(inputs)
    home = _home(tops)
    won = home == 52
    return [said_moves(results), "All 52 cards are home: the patience is won." if won else (f"{home} of the 52 cards are home." if home else "No card is home yet.")]

SPEC = GameSpec(
    name="beleaguered-castle",
    title="Beleaguered Castle (patience)",
    inputs={
        "foundations": "the top card of each foundation so far (aces to start)",
        "moves": "moves to check in order: '6♥ on 7♣', '2♠ home', 'K♦ to space'",
    },
    quantities=(
        Quantity("legal", "list", "for each move, whether it is allowed (true/false)"),
        Quantity("home", "int", "cards on the foundations after the moves"),
        Quantity("won", "bool", "true when all 52 cards are home"),
    ),
    compute=compute,
    explain=explain,
    summary=summary,
)

GAMES = [SPEC]

__all__ = ["check_move", "SPEC", "GAMES"]
