"""Forty Thieves, the two-pack patience: which moves are allowed, and the count.

As playsolitaire-online.com's *Forty Thieves Rules*, semicolon.com's *Rules
for Forty Thieves* and GNOME Aisleriot's *Forty Thieves* give it: two packs shuffled together,
forty cards dealt in ten piles of four; the eight aces start foundations as they come free, each
built up in suit to the king; the piles are built down in suit, one card moved at a time; any card
may fill an empty pile; the stock is turned one card at a time onto a waste pile, with no redeal.
The patience comes out when all 104 cards are on the foundations. Aisleriot counts 5 points a card
on the foundations and 60 more for each finished one, 1000 at most.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckgen.cards import Card, Rank, format_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, read_cards
from deckgen.engine.tally import parse_move, said_moves, verdicts

__all__ = ["GAMES", "check_move", "height", "score"]

PACKS = 2
FOUNDATIONS = 8
SUIT_SIZE = 13
CARDS = PACKS * 52
PER_CARD, PER_FOUNDATION = 5, 60


def height(card: Card) -> int:
    """Cards on a foundation whose top card is `card` (ace 1 ... king 13)."""
    assert card.rank is not None
    return 1 if card.rank == Rank.ACE else int(card.rank)


def score(home: list[Card]) -> int:
    """Aisleriot's count: 5 a card on the foundations, 60 more for each foundation finished.

    >>> from deckgen.cards import parse_cards
    >>> score(parse_cards("K♠ K♠ K♥ K♥ K♦ K♦ K♣ K♣"))
    1000
    """
    return sum(PER_CARD * height(c) + (PER_FOUNDATION if height(c) == SUIT_SIZE else 0) for c in home)


def check_move(card: Card, kind: str, target: Card | None, tops: list[Card]) -> str:
    """'' when the move is allowed, else the reason; a card sent home goes on `tops` (a new foundation for an ace)."""
    if kind == "space":
        return ""
    if kind == "on":
        assert target is not None
        if target.suit is not card.suit:
            return f"{card} is not of {target}'s suit"
        if height(target) - height(card) != 1:
            return f"{card} is not one rank below {target}"
        return ""
    if card.rank == Rank.ACE:
        if sum(1 for t in tops if t.suit is card.suit) >= PACKS:
            return f"both {card.suit.plural if card.suit else ''} foundations are started"
        tops.append(card)
        return ""
    for i, top in enumerate(tops):
        if top.suit is card.suit and height(card) - height(top) == 1:
            tops[i] = card
            return ""
    return f"no {card.suit.plural if card.suit else ''} foundation ends one below {card}"


def _run(inputs: Mapping[str, Any]) -> tuple[list[tuple[str, str]], list[Card]]:
    raw = inputs.get("foundations")
    tops = read_cards(raw, "foundations") if raw not in (None, "") else []
    if len(tops) > FOUNDATIONS:
        raise ExampleError(f"foundations: {len(tops)} tops; there are {FOUNDATIONS} foundations", "foundations")
    for card in tops:
        if card.is_joker:
            raise ExampleError("foundations: the patience is played without jokers", "foundations")
    for suit in {c.suit for c in tops}:
        if sum(1 for c in tops if c.suit is suit) > PACKS:
            shown = format_cards([c for c in tops if c.suit is suit])
            raise ExampleError(f"foundations: {shown}: each suit has {PACKS} foundations", "foundations")
    moves = inputs.get("moves") or []
    if not isinstance(moves, list):
        raise ExampleError("moves: expected a list of moves, e.g. ['8♣ on 9♣', 'A♥ home', 'K♦ to space']", "moves")
    results = []
    for text in moves:
        card, kind, target = parse_move(text)
        if card.is_joker or (target is not None and target.is_joker):
            raise ExampleError(f"moves: '{text}': the patience is played without jokers", "moves")
        results.append((str(text), check_move(card, kind, target, tops)))
    return results, tops


def compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    results, tops = _run(inputs)
    home = sum(height(t) for t in tops)
    return {"legal": [not why for _, why in results], "home": home, "won": home == CARDS, "points": score(tops)}


def explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    results, tops = _run(inputs)
    home = sum(height(t) for t in tops)
    return [*verdicts(results), f"{home} of {CARDS} cards are home, {score(tops)} points"
            + (": the patience comes out" if home == CARDS else "")]


def summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    results, tops = _run(inputs)
    home = sum(height(t) for t in tops)
    last = (f"All {CARDS} cards are home: the patience comes out." if home == CARDS
            else f"{home} of the {CARDS} cards are home ({score(tops)} points)." if home else "No card is home yet.")
    return [said_moves(results), last] if results else [last]


GAMES = [
    GameSpec(
        name="forty-thieves",
        title="Forty Thieves (two-pack patience)",
        inputs={
            "foundations": "the top card of each foundation started so far (up to eight, two a suit)",
            "moves": "moves to check in order: '8♣ on 9♣', 'A♥ home', 'K♦ to space'",
        },
        quantities=(
            Quantity("legal", "list", "for each move, whether it is allowed (true/false)"),
            Quantity("home", "int", "cards on the foundations after the moves"),
            Quantity("won", "bool", "true when all 104 cards are home"),
            Quantity("points", "int", "Aisleriot's count: 5 a card home, 60 more a finished foundation"),
        ),
        compute=compute,
        explain=explain,
        summary=summary,
    ),
]
