"""Crazy Eights: which cards may be played on the discard pile, and what the player who goes out scores.

An eight is wild: it may be played on anything and its player names the suit to
follow. Otherwise a card must match the top discard's rank or the suit in
force. When a player goes out they score the cards left in the other hands:
an eight 50, a court card 10, an ace 1, any other card its pips.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit, format_cards, parse_suit
from deckgen.errors import CardError
from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, Rules, bool_field, cards_field, rule, said_list, unique_cards
from deckgen.engine.tally import hands_field, scores_field


def card_points(card: Card, rules: CrazyEightsRules | Mapping[str, Any] | None = None) -> int:
    house = CrazyEightsRules.of(rules)
    assert card.rank is not None
    if card.rank == Rank.EIGHT:
        return house.eight_points
    if card.rank.is_court:
        return house.court_points
    return 1 if card.rank == Rank.ACE else int(card.rank)


def playable(hand: list[Card], top: Card, suit: Suit) -> list[Card]:
    """The cards of `hand` that may go on `top` with `suit` to follow: an eight, the rank or the suit."""
    return [c for c in hand if c.rank == Rank.EIGHT or c.rank == top.rank or c.suit == suit]


def _suit(inputs: Mapping[str, Any], top: Card) -> Suit:
    if "suit" not in inputs:
        assert top.suit is not None
        return top.suit
    try:
        return parse_suit(str(inputs["suit"]))
    except CardError:
        raise ExampleError(f"suit: expected ♠ ♥ ♦ ♣ or s h d c, got {inputs['suit']!r}", "suit") from None


def blocked_score(hands: Mapping[str, list[Card]], rules: CrazyEightsRules | Mapping[str, Any]) -> tuple[str, int]:
    """A blocked hand (the stock is gone and nobody can play): "the player with the lowest point score
    in their hand scores the difference between that hand and each opponent's hand". Returns that
    player and what they score; NOBODY and 0 when two share the lowest count (the rule names one)."""
    house = CrazyEightsRules.of(rules)
    counts = {name: sum(card_points(c, house) for c in cards) for name, cards in hands.items()}
    low = min(counts.values())
    lowest = [name for name, n in counts.items() if n == low]
    if len(lowest) != 1:
        return NOBODY, 0
    return lowest[0], sum(n - low for n in counts.values())


def compute(inputs: Mapping[str, Any], rules: CrazyEightsRules | Mapping[str, Any]) -> dict[str, Any]:
    house = CrazyEightsRules.of(rules)
    out: dict[str, Any] = {"playable": None, "points": None, "scorer": None, "totals": None, "winner": None}
    used: list[Card] = []
    if "top" in inputs:
        top = cards_field(inputs, "top")
        hand = cards_field(inputs, "hand")
        if len(top) != 1:
            raise ExampleError(f"top: expected the one card on top of the discards, got {len(top)}", "top")
        suit = _suit(inputs, top[0])
        if inputs.get("suit") is not None and top[0].rank != Rank.EIGHT:
            raise ExampleError("suit: a suit is named only when the top card is an eight", "suit")
        out["playable"] = playable(hand, top[0], suit)
        used += top + hand
    if "hands" in inputs and bool_field(inputs, "blocked", False):
        hands = hands_field(inputs, "hands", "cards left")
        if inputs.get("winner"):
            raise ExampleError("winner: a blocked hand has nobody who went out; leave 'winner' out", "winner")
        scorer, counted = blocked_score(hands, house)
        players = list(hands)
        totals = scores_field(inputs, "scores", players)
        if scorer:
            totals[scorer] += counted
        out.update(points=counted, scorer=scorer, totals=totals)
        out["winner"] = scorer if scorer and totals[scorer] >= house.game_points else NOBODY
        used += [c for cs in hands.values() for c in cs]
    elif "hands" in inputs:
        hands = hands_field(inputs, "hands", "cards left")
        winner = str(inputs.get("winner", "")).strip()
        if not winner:
            raise ExampleError("crazy-eights needs 'winner' (the player who went out) with 'hands', or 'blocked: true'", "winner")
        if winner in hands and hands[winner]:
            raise ExampleError(f"hands: {winner} went out and holds no cards", "hands")
        counted = sum(card_points(c, house) for name, cs in hands.items() if name != winner for c in cs)
        players = list(dict.fromkeys([winner, *hands]))
        before = scores_field(inputs, "scores", players)
        totals = dict(before)
        totals[winner] += counted
        out["points"] = counted
        out["scorer"] = winner
        out["totals"] = totals
        target = house.game_points
        out["winner"] = winner if totals[winner] >= target else NOBODY
        used += [c for cs in hands.values() for c in cs]
    if not used and out["points"] is None:
        raise ExampleError("crazy-eights needs 'top' and 'hand', or 'winner' and 'hands'", "hands")
    if any(c.is_joker for c in used):
        raise ExampleError("crazy eights is played without jokers here", "hands")
    unique_cards(used, where="crazy eights")
    return out


def explain(inputs: Mapping[str, Any], rules: CrazyEightsRules | Mapping[str, Any]) -> list[str]:
    house = CrazyEightsRules.of(rules)
    r = compute(inputs, house)
    lines = []
    if r["playable"] is not None:
        top = cards_field(inputs, "top")[0]
        suit = _suit(inputs, top)
        cards = format_cards(r["playable"]) or "none, so draw"
        lines.append(f"On {top} with {suit.plural} to follow, the playable cards are {cards}")
    if r["points"] is not None and inputs.get("blocked"):
        lines.append(f"Blocked: {r['scorer']} holds the lowest count and scores {r['points']}, the differences with the other hands"
                     if r["scorer"] else "Blocked, and the lowest count is shared: nobody scores")
    elif r["points"] is not None:
        lines.append(f"{inputs['winner']} went out and scores {r['points']} for the cards left in the other hands")
    if r["points"] is not None:
        if r["winner"]:
            lines.append(f"{r['winner']} reaches {house.game_points} and wins the game")
    return lines


@dataclass(frozen=True)
class CrazyEightsRules(Rules):
    """What the cards caught in hand count, and the game total."""

    game: ClassVar[str] = "crazy-eights"
    eight_points: int = rule(
        50,
        'Points for an eight',
        'What an eight left in a hand counts to the player who went out.',
        minimum=0,
    )
    court_points: int = rule(
        10,
        'Points for a court card',
        'What a king, queen or jack left in a hand counts.',
        minimum=0,
    )
    game_points: int = rule(
        100,
        'Points for game',
        'The score that wins the game (200 is usual with more than two players).',
        minimum=1,
    )


def summary(inputs: Mapping[str, Any], rules: CrazyEightsRules | Mapping[str, Any]) -> list[str]:
    """What may be played on the top card; or what the player going out scores, and the game."""
    house = CrazyEightsRules.of(rules)
    r = compute(inputs, house)
    out = []
    if r["playable"] is not None:
        top = cards_field(inputs, "top")[0]
        suit = _suit(inputs, top)
        cards = said_list([str(c) for c in r["playable"]])
        play = f"{cards} may be played" if cards else "nothing may be played, so the player draws"
        out.append(f"On {top}, with {suit.plural} to follow, {play}.")
    if r["points"] is not None:
        if inputs.get("blocked"):
            said = (f"Nobody can play: {r['scorer']} holds the lowest count and scores {r['points']}, "
                    "the differences with the other hands" if r["scorer"] else "Nobody can play, and the lowest count is shared: nobody scores")
        else:
            said = f"{inputs['winner']} goes out and scores {r['points']} for the cards left in the other hands"
        if r["winner"]:
            said += f", reaching {house.game_points} and winning the game"
        out.append(said + ".")
    return out

SPEC = GameSpec(
    name="crazy-eights",
    title="Crazy Eights",
    inputs={
        "top": "the top card of the discard pile",
        "suit": "the suit named with an eight on top (optional)",
        "hand": "the cards of the player to play",
        "winner": "the player who went out",
        "hands": "the cards left in every other hand, {name: cards}; with blocked: true, in every hand",
        "blocked": "true when the stock is gone and nobody can play: the lowest count scores the differences (optional)",
        "scores": "scores before this hand, {name: points} (optional)",
    },
    quantities=(
        Quantity("playable", "cards", "the cards of 'hand' that may be played on 'top'"),
        Quantity("points", "int", "what the scorer gets: the cards left in the other hands, or when blocked the differences with them"),
        Quantity("scorer", "str", "who scores the hand: the player who went out, or when blocked the lowest count (nobody on a tie)"),
        Quantity("totals", "mapping", "scores after this hand"),
        Quantity("winner", "str", "the winner of the game, once someone reaches the game total"),
    ),
    compute=compute,
    rules=CrazyEightsRules,
    explain=explain,
    summary=summary,
    card_inputs=("top", "hand", "hands"),
    phrases={"blocked": ("blocked: nobody can play", "not blocked")},
)

GAMES = [SPEC]

__all__ = ["card_points", "playable", "SPEC", "GAMES"]
