"""Four-card golf: the score of each player's square at the end of a hole, and the running totals.

The square is written as four cards, top row left to right then bottom row left
to right, so the columns are cards 1 and 3, and cards 2 and 4. Low score wins.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, format_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, cards_field, rule, said_list, unique_cards

__all__ = [
    "COLUMNS",
    "GAMES",
    "GOLF",
    "GolfRules",
    "PAIR_SCOPES",
    "card_points",
    "compute",
    "explain",
    "square_score",
]

#: Positions (0-based) that form the two columns of the square.
COLUMNS = ((0, 2), (1, 3))
PAIR_SCOPES = ("column", "anywhere")


def card_points(card: Card, rules: GolfRules | Mapping[str, Any] | None = None) -> int:
    """What one card counts on its own: ace 1, 2-10 face value, jack and queen, king by the rules.

    >>> from deckgen.cards import parse_cards
    >>> king = parse_cards("K♦")[0]
    >>> card_points(king), card_points(king, GolfRules(king_points=-2))
    (0, -2)
    """
    house = GolfRules.of(rules)
    assert card.rank is not None
    if card.rank == Rank.KING:
        return int(house.king_points)
    if card.rank in (Rank.QUEEN, Rank.JACK):
        return int(house.court_points)
    if card.rank == Rank.ACE:
        return 1
    return int(card.rank)


def square_score(square: list[Card], rules: GolfRules | Mapping[str, Any] | None = None) -> int:
    """Score one square of four cards: pairs cancel, three of a kind may count minus its value."""
    house = GolfRules.of(rules)
    if len(square) != 4:
        raise ExampleError(f"layout: a golf square has 4 cards, got {len(square)}", "layout")
    if any(c.is_joker for c in square):
        raise ExampleError("layout: golf is played without jokers", "layout")
    scope = str(house.pair_scope).strip().lower()  # one of PAIR_SCOPES: its declaration says so
    counts = Counter(c.rank for c in square)
    triple = next((rank for rank, n in counts.items() if n == 3), None)
    if triple is not None:
        # Three cards of four always fill a column, so the layout does not matter here;
        # the fourth card has no partner and counts its own value.
        value = card_points(next(c for c in square if c.rank == triple), house)
        odd = next(c for c in square if c.rank != triple)
        return (-value if house.triple_minus else value) + card_points(odd, house)
    if scope == "anywhere":
        # two or four of a rank: every card is in a pair, and a pair counts nothing
        return sum(card_points(c, house) for c in square if counts[c.rank] == 1)
    total = 0
    for a, b in COLUMNS:
        if square[a].rank != square[b].rank:
            total += card_points(square[a], house) + card_points(square[b], house)
    return total


def _squares(inputs: Mapping[str, Any]) -> dict[str, list[Card]]:
    if "layout" in inputs and "layouts" in inputs:
        raise ExampleError("golf: give either 'layout' (one square) or 'layouts' (one per player), not both", "layout")
    if "layout" in inputs:
        squares = {"you": cards_field(inputs, "layout")}
    elif "layouts" in inputs:
        raw = inputs["layouts"]
        if not isinstance(raw, Mapping) or not raw:
            raise ExampleError("layouts: expected a mapping of player name to four cards", "layouts")
        squares = {str(name): cards_field(raw, name) for name in raw}
    else:
        raise ExampleError("golf needs the field 'layout' or 'layouts'", "layout")
    unique_cards([c for sq in squares.values() for c in sq], where="golf")
    return squares


def compute(inputs: Mapping[str, Any], rules: GolfRules | Mapping[str, Any]) -> dict[str, Any]:
    """Scores of the hole, totals with the earlier holes, the leaders, and whether a tie forces a replay."""
    house = GolfRules.of(rules)
    squares = _squares(inputs)
    scores = {name: square_score(sq, house) for name, sq in squares.items()}
    before = inputs.get("totals") or {}
    if not isinstance(before, Mapping):
        raise ExampleError("totals: expected a mapping of player name to score so far", "totals")
    for name, value in before.items():
        if str(name) not in scores:
            raise ExampleError(f"totals: '{name}' has no layout in this hole", "totals")
        if not isinstance(value, int) or isinstance(value, bool):
            raise ExampleError(f"totals: {name}'s score so far must be a whole number, got '{value}'", "totals")
    totals = {name: int(before.get(name, 0)) + s for name, s in scores.items()}
    low = min(totals.values())
    leaders = [name for name, t in totals.items() if t == low]
    return {
        "score": scores["you"] if "you" in scores and len(scores) == 1 else None,
        "scores": scores,
        "totals": totals,
        "leaders": leaders,
        "tie": len(leaders) > 1,
        "pot": int(house.ante) * len(squares),
    }


def explain(inputs: Mapping[str, Any], rules: GolfRules | Mapping[str, Any]) -> list[str]:
    """One line per square: its cards and what they score."""
    result = compute(inputs, rules)
    squares = _squares(inputs)
    if "layout" in inputs:
        return [f"The square {format_cards(squares['you'])} scores {result['scores']['you']}"]
    lines = [f"{name}: {format_cards(sq)} scores {result['scores'][name]}" for name, sq in squares.items()]
    lead = " and ".join(result["leaders"])
    lines.append(f"Lowest total: {lead} ({min(result['totals'].values())})" + (", a tie" if result["tie"] else ""))
    return lines


@dataclass(frozen=True)
class GolfRules(Rules):
    """The house rules of golf: pairs, threes, the courts' values and the ante."""

    game: ClassVar[str] = "golf"
    pair_scope: str = rule(
        "column",
        'Where pairs cancel',
        "Where two equal cards cancel: 'column' (same column) or 'anywhere' in the square.",
        choices={'column': 'in the same column', 'anywhere': 'anywhere in the square'},
    )
    triple_minus: bool = rule(
        True,
        "Three of a kind counts minus",
        "Three of a kind scores minus the value of its rank (false: the odd card counts plus).",
        phrases=("three of a kind counts minus", "three of a kind counts plus"),
    )
    king_points: int = rule(
        0,
        "Points for a king",
        "What a king counts.",
    )
    court_points: int = rule(
        10,
        "Points for a jack or queen",
        "What a jack or a queen counts.",
    )
    ante: int = rule(
        100,
        'Ante',
        "Each player's stake in the pot at the start of a game.",
    )


def summary(inputs: Mapping[str, Any], rules: GolfRules | Mapping[str, Any]) -> list[str]:
    """What each square scores this hole, then who has the lowest total."""
    result = compute(inputs, rules)
    scores = result["scores"]
    if "layout" in inputs:
        return [f"The square {format_cards(_squares(inputs)['you'])} scores {scores['you']}."]
    names = list(scores)
    said = [f"{names[0]}’s square scores {scores[names[0]]}"] + [f"{n}’s {scores[n]}" for n in names[1:]]
    low = min(result["totals"].values())
    leaders = said_list(result["leaders"])
    carried = bool(inputs.get("totals"))
    if result["tie"]:
        second = f"{leaders} tie for the lowest {'total' if carried else 'score'}, {low}."
    else:
        second = f"{leaders} {'has the lowest total' if carried else 'wins the hole'}, {low}."
    return [said_list(said) + ".", second]

GOLF = GameSpec(
    name="golf",
    title="Golf (four-card)",
    inputs={
        "layout": "one player's square: four cards, top row then bottom row (columns are cards 1+3 and 2+4)",
        "layouts": "several players' squares: {name: four cards}",
        "totals": "each player's total before this hole (optional): {name: points}",
    },
    quantities=(
        Quantity("score", "int", "the points of the single square given as 'layout'"),
        Quantity("scores", "mapping", "each player's points for this hole"),
        Quantity("totals", "mapping", "each player's running total after this hole"),
        Quantity("leaders", "set", "the player(s) with the lowest total"),
        Quantity("tie", "bool", "true when several players share the lowest total (everyone re-antes and replays)"),
        Quantity("pot", "int", "the pot from one ante per player"),
    ),
    compute=compute,
    rules=GolfRules,
    explain=explain,
    summary=summary,
    card_inputs=("layout", "layouts"),
)

GAMES = [GOLF]
