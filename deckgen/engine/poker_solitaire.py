"""Poker Solitaire (Poker Squares): the score of a five-by-five grid under the American or English table.

Twenty-five cards go one at a time into a square of five rows and five
columns; each row and each column is then a poker hand, ten hands in all. The
two scoring tables players use differ most on straights and flushes: in the
English table a straight is worth more than a flush, because in a grid a flush
is the easier hand to build.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, read_cards, rule, unique_cards
from deckgen.engine.poker_rank import CATEGORY_NAMES, STRAIGHT_FLUSH, key5

SIDE = 5

#: Points for each hand, by table; "royal flush" is the ace-high straight flush.
TABLES: dict[str, dict[str, int]] = {
    "american": {
        "royal flush": 100,
        "straight flush": 75,
        "four of a kind": 50,
        "full house": 25,
        "flush": 20,
        "straight": 15,
        "three of a kind": 10,
        "two pair": 5,
        "one pair": 2,
        "high card": 0,
    },
    "english": {
        "royal flush": 30,
        "straight flush": 30,
        "four of a kind": 16,
        "full house": 10,
        "flush": 5,
        "straight": 12,
        "three of a kind": 6,
        "two pair": 3,
        "one pair": 1,
        "high card": 0,
    },
}


def hand_name(cards: Sequence[Card]) -> str:
    """The scoring name of five cards: a poker category, with the ace-high straight flush a royal flush."""
    if len(cards) != 5 or any(c.rank is None for c in cards):
        raise ExampleError("grid: every line of the grid is five cards without jokers", "grid")
    key = key5([int(c.rank) for c in cards if c.rank is not None], len({c.suit for c in cards}) == 1)
    if key[0] == STRAIGHT_FLUSH and key[1] == 14:
        return "royal flush"
    return CATEGORY_NAMES[key[0]]


def lines(grid: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The ten hands of a grid given row by row: rows top to bottom, then columns left to right."""
    rows = [tuple(grid[r * SIDE : (r + 1) * SIDE]) for r in range(SIDE)]
    cols = [tuple(grid[r * SIDE + c] for r in range(SIDE)) for c in range(SIDE)]
    return rows + cols


def table_of(rules: PokerSolitaireRules | Mapping[str, Any] | None = None) -> dict[str, int]:
    house = PokerSolitaireRules.of(rules)
    name = str(house.table).strip().lower()
    if name not in TABLES:
        raise ExampleError(f"rules.table: expected 'american' or 'english', got {house.table!r}", "rules.table")
    return TABLES[name]


def grid_score(grid: Sequence[Card], table: Mapping[str, int]) -> int:
    """Total points of the ten hands of a full grid."""
    return sum(table[hand_name(line)] for line in lines(grid))


def _grid(inputs: Mapping[str, Any]) -> list[Card]:
    raw = inputs.get("grid")
    if isinstance(raw, list) and all(isinstance(row, str) for row in raw):
        rows = [read_cards(row, "grid") for row in raw]
        if len(rows) != SIDE or any(len(r) != SIDE for r in rows):
            raise ExampleError("grid: expected five rows of five cards", "grid")
        cards = [c for row in rows for c in row]
    else:
        cards = read_cards(raw, "grid")
    if len(cards) != SIDE * SIDE:
        raise ExampleError(f"grid: expected 25 cards (five rows of five), got {len(cards)}", "grid")
    if any(c.is_joker for c in cards):
        raise ExampleError("grid: Poker Solitaire is played without jokers", "grid")
    unique_cards(cards, where="grid")
    return cards


def compute(inputs: Mapping[str, Any], rules: PokerSolitaireRules | Mapping[str, Any]) -> dict[str, Any]:
    """Each row's and column's hand and points, the total, and whether it reaches the table's target."""
    house = PokerSolitaireRules.of(rules)
    grid = _grid(inputs)
    table = table_of(house)
    names = [hand_name(line) for line in lines(grid)]
    points = [table[n] for n in names]
    target = house.target()
    total = sum(points)
    return {
        "row_hands": names[:SIDE],
        "column_hands": names[SIDE:],
        "row_points": points[:SIDE],
        "column_points": points[SIDE:],
        "score": total,
        "won": total >= target,
    }


def explain(inputs: Mapping[str, Any], rules: PokerSolitaireRules | Mapping[str, Any]) -> list[str]:
    house = PokerSolitaireRules.of(rules)
    r = compute(inputs, house)
    out = []
    for what, hands, points in (("Row", r["row_hands"], r["row_points"]), ("Column", r["column_hands"], r["column_points"])):
        parts = [f"{h} {p}" for h, p in zip(hands, points)]
        out.append(f"{what}s, in order: " + ", ".join(parts) + f" ({sum(points)})")
    table = str(house.table).strip().lower()
    target = house.target()
    verdict = "reaches" if r["won"] else "falls short of"
    out.append(f"Total {r['score']} on the {table.title()} table, which {verdict} the target of {target}")
    return out


def summary(inputs: Mapping[str, Any], rules: PokerSolitaireRules | Mapping[str, Any]) -> list[str]:
    """The two totals and the verdict: the hands are in the grid above."""
    house = PokerSolitaireRules.of(rules)
    r = compute(inputs, house)
    table = str(house.table).strip().lower()
    target = house.target()
    verdict = "reaching" if r["won"] else "short of"
    return [
        f"The rows score {sum(r['row_points'])} and the columns {sum(r['column_points'])}: "
        f"{r['score']} on the {table.title()} table, {verdict} the target of {target}."
    ]


@dataclass(frozen=True)
class PokerSolitaireRules(Rules):
    """The scoring table and the totals that win."""

    game: ClassVar[str] = "poker-solitaire"
    table: str = rule(
        'american',
        'Scoring table',
        "Which table counts the hands: american (a flush beats a straight) or english (a straight beats a flush).",
        choices={'american': 'American (flush 20, straight 15)', 'english': 'English (straight 12, flush 5)'},
    )
    american_target: int = rule(
        200,
        'American target',
        'A total that counts as a win under the American table.',
        minimum=0,
    )
    english_target: int = rule(
        70,
        'English target',
        'A total that counts as a win under the English table.',
        minimum=0,
    )

    def target(self) -> int:
        """The total that wins under the chosen table (`table_of` has refused any other table)."""
        return self.english_target if str(self.table).strip().lower() == "english" else self.american_target


SPEC = GameSpec(
    name="poker-solitaire",
    title="Poker Solitaire: scoring the grid",
    inputs={"grid": "the 25 cards row by row (one string, or a list of five rows)"},
    quantities=(
        Quantity("row_hands", "list", "the hand each row makes, top to bottom"),
        Quantity("column_hands", "list", "the hand each column makes, left to right"),
        Quantity("row_points", "list", "points for each row"),
        Quantity("column_points", "list", "points for each column"),
        Quantity("score", "int", "the total of the ten hands"),
        Quantity("won", "bool", "true when the total reaches the table's target"),
    ),
    compute=compute,
    rules=PokerSolitaireRules,
    required=("grid",),
    explain=explain,
    summary=summary,
    card_inputs=("grid",),
)

GAMES = [SPEC]

__all__ = ["TABLES", "hand_name", "lines", "grid_score", "table_of", "SPEC", "GAMES"]
