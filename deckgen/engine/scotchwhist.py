"""Scotch Whist (Catch the Ten): who wins a trick, and what each side scores for a deal.

Thirty-six cards, ace down to six. The jack of trumps is the highest trump,
above the ace. A side scores the trump honours it captures (jack 11, ace 4,
king 3, queen 2, ten 10) and a point for every card it takes beyond the number
dealt to it. The first side to 41 wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit, format_cards, parse_suit
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, read_cards, rule, unique_cards
from deckgen.engine.tally import hands_field, scores_field, sole_leader
from deckgen.errors import CardError

DECK_SIZE = 36
HONOURS = {Rank.JACK: 11, Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.TEN: 10}


def trick_rank(card: Card, trumps: Suit) -> int:
    """Order within a suit: ace high, but the jack of trumps above the ace of trumps."""
    assert card.rank is not None
    if card.suit == trumps and card.rank == Rank.JACK:
        return 15
    return 14 if card.rank == Rank.ACE else int(card.rank)


def trick_winner(cards: list[Card], trumps: Suit) -> int:
    """Index of the card that wins the trick: the best trump, else the best card of the suit led."""
    led = cards[0].suit

    def key(card: Card) -> tuple[int, int]:
        return (2 if card.suit == trumps else (1 if card.suit == led else 0), trick_rank(card, trumps))

    return max(range(len(cards)), key=lambda i: key(cards[i]))


def _suit(inputs: Mapping[str, Any]) -> Suit:
    try:
        return parse_suit(str(inputs.get("trumps", "")))
    except CardError:
        raise ExampleError(f"trumps: expected a suit (♠ ♥ ♦ ♣ or s h d c), got {inputs.get('trumps')!r}", "trumps") from None


def _check_deck(cards: list[Card], field: str) -> None:
    for c in cards:
        if c.is_joker or (c.rank is not None and c.rank != Rank.ACE and int(c.rank) < 6):
            raise ExampleError(f"{field}: {c} is not in the 36-card pack (ace down to six)", field)
    unique_cards(cards, where=field)


def compute(inputs: Mapping[str, Any], rules: ScotchWhistRules | Mapping[str, Any]) -> dict[str, Any]:
    house = ScotchWhistRules.of(rules)
    trumps = _suit(inputs)
    out: dict[str, Any] = {k: None for k in ("winner", "winning_card", "points", "totals", "game")}
    if "trick" in inputs:
        trick = read_cards(inputs["trick"], "trick")
        _check_deck(trick, "trick")
        if not 2 <= len(trick) <= 8:
            raise ExampleError(f"trick: expected one card from each player, got {len(trick)}", "trick")
        players = inputs.get("players")
        index = trick_winner(trick, trumps)
        out["winning_card"] = [trick[index]]
        if isinstance(players, list) and len(players) == len(trick):
            out["winner"] = str(players[index])
    if "honours" in inputs:
        honours = _honours(inputs, trumps)
        sides = list(honours)
        cards = scores_field(inputs, "cards", sides)
        if sum(cards.values()) != DECK_SIZE:
            raise ExampleError(f"cards: the sides' tricks must hold all {DECK_SIZE} cards, got {sum(cards.values())}", "cards")
        dealt = DECK_SIZE // len(sides)
        points = {s: sum(HONOURS[c.rank] for c in honours[s] if c.rank is not None) + max(0, cards[s] - dealt) for s in sides}
        before = scores_field(inputs, "scores", sides)
        totals = {s: before[s] + points[s] for s in sides}
        out.update(points=points, totals=totals, game=sole_leader(totals, house.game_points))
    if out["winning_card"] is None and out["points"] is None:
        raise ExampleError("scotch-whist needs 'trick', or 'honours' with 'cards'", "trick")
    return out


def _honours(inputs: Mapping[str, Any], trumps: Suit) -> dict[str, list[Card]]:
    """The trump honours each side took: `honours` may list just them, or any cards a side took
    (all of its tricks, say); only the J A K Q 10 of trumps among them score."""
    taken = hands_field(inputs, "honours", "cards taken")
    _check_deck([c for cs in taken.values() for c in cs], "honours")
    return {side: [c for c in cs if c.suit == trumps and c.rank in HONOURS] for side, cs in taken.items()}


def _trick(inputs: Mapping[str, Any], r: Mapping[str, Any]) -> list[str]:
    """The trick's winner in a sentence, when the example plays a trick."""
    if not r["winning_card"]:
        return []
    who = f" ({r['winner']})" if r["winner"] else ""
    return [f"With {_suit(inputs).plural} trumps, {r['winning_card'][0]}{who} wins the trick."]


def explain(inputs: Mapping[str, Any], rules: ScotchWhistRules | Mapping[str, Any]) -> list[str]:
    house = ScotchWhistRules.of(rules)
    r = compute(inputs, house)
    lines = [line.rstrip(".") for line in _trick(inputs, r)]
    if r["points"]:
        honours = _honours(inputs, _suit(inputs))
        for side, pts in r["points"].items():
            lines.append(f"{side}: honours {format_cards(honours[side]) or 'none'}, scores {pts} (total {r['totals'][side]})")
        if r["game"]:
            lines.append(f"{r['game']} reach {house.game_points} and win")
    return lines


@dataclass(frozen=True)
class ScotchWhistRules(Rules):
    """The game total."""

    game: ClassVar[str] = "scotch-whist"
    game_points: int = rule(41, "Points for game", "The total that wins the game.", minimum=1)


def summary(inputs: Mapping[str, Any], rules: ScotchWhistRules | Mapping[str, Any]) -> list[str]:
    """Who wins the trick; or what each side scores for honours and cards, and who wins the game."""
    house = ScotchWhistRules.of(rules)
    r = compute(inputs, house)
    out = _trick(inputs, r)
    if r["points"]:
        honours = _honours(inputs, _suit(inputs))
        cards = scores_field(inputs, "cards", list(honours))
        dealt = DECK_SIZE // len(honours)
        carried = "scores" in inputs
        said: list[str] = []
        for side, pts in r["points"].items():
            parts = []
            held = sum(HONOURS[c.rank] for c in honours[side] if c.rank is not None)
            if held:
                parts.append(f"{held} for {format_cards(honours[side])}")
            if cards[side] > dealt:
                parts.append(f"{cards[side] - dealt} for {cards[side]} cards")
            why = f" ({', '.join(parts)})" if len(parts) > 1 else (f" {parts[0]}" if parts else "")
            if len(parts) == 1:
                why = " " + parts[0].split(" ", 1)[1]
            # "We score 23 (...), 43 in all; They 9 for A♥ K♥ Q♥, 44": the words once
            total = f", {r['totals'][side]}{' in all' if not said else ''}" if carried else ""
            said.append(f"{side}{' score' if not said else ''} {pts}{why}{total}")
        out.append("; ".join(said) + ".")
        if r["game"]:
            passed = [s for s, t in r["totals"].items() if t >= house.game_points]
            if len(passed) > 1:
                out.append(f"Both pass {house.game_points}; {r['game']} win.")
            else:
                out.append(f"{r['game']} reach {house.game_points} and win.")
    return out[:2] if len(out) <= 2 else [out[0], " ".join(out[1:])]

SPEC = GameSpec(
    name="scotch-whist",
    title="Scotch Whist (Catch the Ten)",
    inputs={
        "trumps": "the trump suit",
        "trick": "the cards of one trick in the order played",
        "players": "who played each card of the trick, in order (optional)",
        "honours": "the trump honours each side captured, {side: cards}; other cards a side took may be listed too (they score nothing)",
        "cards": "how many cards each side took in its tricks, {side: number}",
        "scores": "each side's score before the deal, {side: points} (optional)",
    },
    quantities=(
        Quantity("winning_card", "cards", "the card that wins the trick"),
        Quantity("winner", "str", "the player who wins the trick (when 'players' is given)"),
        Quantity("points", "mapping", "each side's points for the deal"),
        Quantity("totals", "mapping", "each side's total after the deal"),
        Quantity("game", "str", "the side that has reached the game total, alone at the top"),
    ),
    compute=compute,
    rules=ScotchWhistRules,
    required=("trumps",),
    explain=explain,
    summary=summary,
    card_inputs=("trick", "honours"),
)

GAMES = [SPEC]

__all__ = ["HONOURS", "trick_rank", "trick_winner", "SPEC", "GAMES"]
