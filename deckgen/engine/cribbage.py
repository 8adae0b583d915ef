"""Cribbage: counting a hand or the crib with its starter, and the exact distribution of all counts.

The show is the part of cribbage a booklet has to get right: fifteens, pairs,
runs (each way of making a run counts), flush and his nobs. `count_hand` lists
every combination so a worked example can show where each point comes from;
`score_distribution` counts all 12,994,800 hand-and-starter deals with numpy so
the counting rules can be checked against the figures every cribbage player
knows (29 is the best hand, 19 is impossible).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, product
from math import comb
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:  # numpy is loaded by the functions that count with it: importing it costs 0.1 s
    import numpy as np

from deckgen.cards import Card, Rank, format_cards, parse_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, cards_field, rule, said_list, unique_cards
from deckgen.engine.table import Memo, Table, TableDef, no_memo, number

__all__ = [
    "GAMES",
    "SPEC",
    "CribbageRules",
    "HandCount",
    "count_hand",
    "score_distribution",
    "score_table",
    "scores_table",
]

FIFTEEN_POINTS = 2  # each combination adding to fifteen (a rule of the game, not a house rule)
PAIR_POINTS = 2  # each pair of cards of one rank
HAND_SIZE = 4



@dataclass(frozen=True)
class CribbageRules(Rules):
    """The house rules of the show: flushes and his nobs."""

    game: ClassVar[str] = "cribbage"
    hand_flush_min: int = rule(
        4,
        "Cards for a flush in the hand",
        "Cards of one suit a hand needs for a flush: 4 (the hand's own four) or 5 (starter too).",
    )
    crib_flush_min: int = rule(
        5, "Cards for a flush in the crib", "Cards of one suit the crib needs for a flush: 5 (with the starter) or 4."
    )
    nobs_points: int = rule(
        1, "Points for his nobs", "The jack of the starter's suit, held in the hand or the crib, pegs this."
    )


PARAMETERS = CribbageRules.parameters()


def cribbage_rank(card: Card) -> int:
    """Rank number with the ace low (A=1 ... K=13): cribbage runs never go round the corner."""
    assert card.rank is not None
    return 1 if card.rank == Rank.ACE else int(card.rank)


def pip_value(rank: int) -> int:
    """Counting value for fifteens: ace 1, two to ten face value, court cards 10."""
    return min(rank, 10)


# ------------------------------------------------------------ combinations by position
# These work on rank numbers only, so the per-card count and the exhaustive table share them.


def fifteen_sets(ranks: Sequence[int]) -> list[tuple[int, ...]]:
    """Positions of every group of two or more cards whose values add up to 15."""
    values = [pip_value(r) for r in ranks]
    return [
        group
        for size in range(2, len(ranks) + 1)
        for group in combinations(range(len(ranks)), size)
        if sum(values[i] for i in group) == 15
    ]


def pair_sets(ranks: Sequence[int]) -> list[tuple[int, int]]:
    """Positions of every pair of cards of the same rank (three of a kind is three pairs)."""
    return [(i, j) for i, j in combinations(range(len(ranks)), 2) if ranks[i] == ranks[j]]


def run_sets(ranks: Sequence[int]) -> list[tuple[int, ...]]:
    """Positions of every run of three or more: one card per rank of each longest consecutive stretch.

    A duplicated rank inside the stretch makes one run per choice of card (a double run).
    """
    by_rank: dict[int, list[int]] = {}
    for i, r in enumerate(ranks):
        by_rank.setdefault(r, []).append(i)
    distinct = sorted(by_rank)
    stretches: list[list[int]] = []
    for r in distinct:
        if stretches and stretches[-1][-1] == r - 1:
            stretches[-1].append(r)
        else:
            stretches.append([r])
    runs: list[tuple[int, ...]] = []
    for stretch in stretches:
        if len(stretch) >= 3:
            runs.extend(product(*(by_rank[r] for r in stretch)))
    return runs


def rank_points(ranks: Sequence[int]) -> int:
    """Points that do not depend on suits or on which card is the starter: fifteens, pairs, runs."""
    return (
        FIFTEEN_POINTS * len(fifteen_sets(ranks))
        + PAIR_POINTS * len(pair_sets(ranks))
        + sum(len(run) for run in run_sets(ranks))
    )


def _check_rules(house: CribbageRules) -> None:
    for name, value in (("hand_flush_min", house.hand_flush_min), ("crib_flush_min", house.crib_flush_min)):
        if value not in (4, 5):
            raise ExampleError(f"rules.{name}: expected 4 or 5, got {value!r}", f"rules.{name}")
    if not isinstance(house.nobs_points, int) or isinstance(house.nobs_points, bool):
        raise ExampleError(f"rules.nobs_points: expected a whole number, got {house.nobs_points!r}", "rules.nobs_points")


# ------------------------------------------------------------ one hand


@dataclass(frozen=True)
class HandCount:
    """Every scoring combination of one hand (or crib) with its starter."""

    fifteens: tuple[tuple[Card, ...], ...]
    pairs: tuple[tuple[Card, Card], ...]
    runs: tuple[tuple[Card, ...], ...]
    flush_cards: tuple[Card, ...]
    nobs_card: Card | None
    nobs_value: int

    @property
    def fifteen_points(self) -> int:
        return FIFTEEN_POINTS * len(self.fifteens)

    @property
    def pair_points(self) -> int:
        return PAIR_POINTS * len(self.pairs)

    @property
    def run_points(self) -> int:
        return sum(len(run) for run in self.runs)

    @property
    def flush_points(self) -> int:
        return len(self.flush_cards)

    @property
    def nobs_points(self) -> int:
        return self.nobs_value if self.nobs_card is not None else 0

    @property
    def total(self) -> int:
        return self.fifteen_points + self.pair_points + self.run_points + self.flush_points + self.nobs_points


def count_hand(
    hand: Sequence[Card], starter: Card, crib: bool = False, rules: CribbageRules | Mapping[str, Any] | None = None
) -> HandCount:
    """Count four cards with the starter, as a hand or as the crib (which needs a five-card flush).

    >>> count = count_hand(parse_cards("5C 5D 5H JS"), parse_cards("5S")[0])
    >>> count.total, count.fifteen_points, count.pair_points, count.nobs_points
    (29, 16, 12, 1)
    """
    house = CribbageRules.of(rules)
    _check_rules(house)
    cards = list(hand) + [starter]
    ranks = [cribbage_rank(c) for c in cards]
    flush_min = house.crib_flush_min if crib else house.hand_flush_min
    flush_cards: tuple[Card, ...] = ()
    if len({c.suit for c in hand}) == 1:
        if starter.suit == hand[0].suit:
            flush_cards = tuple(cards)
        elif flush_min == HAND_SIZE:
            flush_cards = tuple(hand)
    nobs = next((c for c in hand if c.rank == Rank.JACK and c.suit == starter.suit), None)
    return HandCount(
        fifteens=tuple(tuple(cards[i] for i in group) for group in fifteen_sets(ranks)),
        pairs=tuple((cards[i], cards[j]) for i, j in pair_sets(ranks)),
        runs=tuple(tuple(sorted((cards[i] for i in run), key=cribbage_rank)) for run in run_sets(ranks)),
        flush_cards=flush_cards,
        nobs_card=nobs,
        nobs_value=house.nobs_points,
    )


def _read(inputs: Mapping[str, Any]) -> tuple[list[Card], Card, bool]:
    hand = cards_field(inputs, "hand")
    if len(hand) != HAND_SIZE:
        raise ExampleError(f"hand: expected 4 cards, got {len(hand)}", "hand")
    starter_list = cards_field(inputs, "starter")
    if len(starter_list) != 1:
        raise ExampleError(f"starter: expected exactly one card, got {len(starter_list)}", "starter")
    for field, cards in (("hand", hand), ("starter", starter_list)):
        for card in cards:
            if card.is_joker:
                raise ExampleError(f"{field}: '{card}' is a joker; cribbage uses a 52-card deck without jokers", field)
    unique_cards(hand + starter_list, where="hand and starter")
    crib = inputs.get("crib", False)
    if not isinstance(crib, bool):
        raise ExampleError(f"crib: expected true or false, got {crib!r}", "crib")
    return hand, starter_list[0], crib


def compute(inputs: Mapping[str, Any], rules: CribbageRules | Mapping[str, Any]) -> dict[str, Any]:
    """Every quantity of a cribbage show, in points."""
    hand, starter, crib = _read(inputs)
    result = count_hand(hand, starter, crib, rules)
    return {
        "fifteens": result.fifteen_points,
        "pairs": result.pair_points,
        "runs": result.run_points,
        "flush": result.flush_points,
        "nobs": result.nobs_points,
        "score": result.total,
    }


def explain(inputs: Mapping[str, Any], rules: CribbageRules | Mapping[str, Any]) -> list[str]:
    """The count as a player says it aloud, one kind of combination per line."""
    hand, starter, crib = _read(inputs)
    c = count_hand(hand, starter, crib, rules)
    lines: list[str] = []
    if c.fifteens:
        groups = ", ".join("+".join(str(card) for card in group) for group in c.fifteens)
        lines.append(f"Fifteens {groups}: {c.fifteen_points}")
    if c.pairs:
        by_rank = Counter(cribbage_rank(a) for a, _ in c.pairs)
        names = " and ".join(_pair_name(pair_rank, n) for pair_rank, n in by_rank.items())
        lines.append(f"{names[0].upper()}{names[1:]}: {c.pair_points}")
    if c.runs:
        runs = ", ".join("-".join(str(card) for card in run) for run in c.runs)
        label = "Run" if len(c.runs) == 1 else f"{len(c.runs)} runs"
        lines.append(f"{label} {runs}: {c.run_points}")
    if c.flush_cards:
        lines.append(f"Flush {format_cards(c.flush_cards)}: {c.flush_points}")
    if c.nobs_card is not None:
        lines.append(f"His nobs {c.nobs_card} (starter {starter}): {c.nobs_points}")
    what = "Crib" if crib else "Hand"
    lines.append(f"{what} total: {c.total}" if lines else f"{what} total: 0 (nineteen, as players say)")
    return lines


def _count_words(n: int, one: str, many: str) -> str:
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
    return f"{words[n] if n < len(words) else n} {one if n == 1 else many}"


def summary(inputs: Mapping[str, Any], rules: CribbageRules | Mapping[str, Any]) -> list[str]:
    """The count in one sentence, as a player says it: "Eight fifteens for 16, four fives for 12
    and his nobs for 1: the hand counts 29." (the cards are in the picture above it)."""
    hand, starter, crib = _read(inputs)
    c = count_hand(hand, starter, crib, rules)
    parts: list[str] = []
    if c.fifteens:
        parts.append(f"{_count_words(len(c.fifteens), 'fifteen', 'fifteens')} for {c.fifteen_points}")
    if c.pairs:
        by_rank = Counter(cribbage_rank(a) for a, _ in c.pairs)
        named = [("a " if n == 1 else "") + _pair_name(r, n).replace(" (3 pairs)", "").replace(" (6 pairs)", "") for r, n in by_rank.items()]
        parts.append(" and ".join(named) + f" for {c.pair_points}")
    if c.runs:
        length = _count_words(len(c.runs[0]), "", "").split()[0]
        runs = f"a run of {length}" if len(c.runs) == 1 else f"{_count_words(len(c.runs), 'run', 'runs')} of {length}"
        parts.append(f"{runs} for {c.run_points}")
    if c.flush_cards:
        parts.append(f"a flush of {_count_words(len(c.flush_cards), '', '').split()[0]} for {c.flush_points}")
    if c.nobs_card is not None:
        parts.append(f"his nobs ({c.nobs_card}, the starter {starter}) for {c.nobs_points}")
    what = "the crib" if crib else "the hand"
    if not parts:
        return [f"Nothing scores: {what} counts 0 (“nineteen”, as players say)."]
    listed = said_list(parts)
    return [f"{listed[:1].upper()}{listed[1:]}: {what} counts {c.total}."]


def _pair_name(rank: int, pairs: int) -> str:
    name = (Rank.ACE if rank == 1 else Rank(rank)).plural
    return {1: f"pair of {name}", 3: f"three {name} (3 pairs)", 6: f"four {name} (6 pairs)"}[pairs]


# ------------------------------------------------------------ every deal at once

_N_CARDS = 52


def _five_card_sets() -> np.ndarray:
    """All C(52,5) sets of card numbers (rank-major, so ranks come out sorted), shape (2598960, 5)."""
    import numpy as np
    count = comb(_N_CARDS, 5)
    flat = np.fromiter(
        (i for five in combinations(range(_N_CARDS), 5) for i in five), dtype=np.int8, count=5 * count
    )
    return flat.reshape(count, 5)


def _rank_points_table() -> np.ndarray:
    """rank_points for every multiset of five ranks, indexed by the ranks (0-12, sorted) in base 13."""
    import numpy as np
    table = np.full(13**5, -1, dtype=np.int16)
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) > 4:
            continue
        key = 0
        for r in ranks:
            key = key * 13 + r
        table[key] = rank_points([r + 1 for r in ranks])
    return table


def score_table(crib: bool = False, rules: CribbageRules | Mapping[str, Any] | None = None) -> np.ndarray:
    """The count of every five-card set with each of its cards as the starter: shape (2598960, 5).

    Row order is that of `itertools.combinations(range(52), 5)` over card numbers
    4*(rank-1)+suit (ace = rank 1); column s holds the count when card s of the row is the starter.
    Fifteens, pairs and runs are looked up once per set by rank; only flush and nobs depend on the starter.
    """
    import numpy as np
    given = rules.as_dict() if isinstance(rules, CribbageRules) else dict(rules or {})
    merged = {p.name: p.default for p in PARAMETERS} | given  # taken as they are: _check_rules checks them
    house = CribbageRules(**{p.name: merged[p.name] for p in PARAMETERS})
    _check_rules(house)
    sets = _five_card_sets()
    ranks = (sets // 4).astype(np.int32)  # 0..12, ace = 0
    suits = sets % 4
    keys = np.zeros(len(sets), dtype=np.int32)
    for col in range(5):
        keys = keys * 13 + ranks[:, col]
    base = _rank_points_table()[keys]
    all_five = (suits == suits[:, :1]).all(axis=1)
    four_counts = (house.crib_flush_min if crib else house.hand_flush_min) == HAND_SIZE
    jack = ranks == int(Rank.JACK) - 1
    scores = np.empty((len(sets), 5), dtype=np.int16)
    for s in range(5):
        others = [c for c in range(5) if c != s]
        hand_suits = suits[:, others]
        hand_flush = (hand_suits == hand_suits[:, :1]).all(axis=1)
        flush = np.where(all_five, 5, np.where(hand_flush & four_counts, HAND_SIZE, 0))
        nobs = (jack[:, others] & (hand_suits == suits[:, s : s + 1])).any(axis=1)
        scores[:, s] = base + flush + house.nobs_points * nobs
    return scores


def score_distribution(crib: bool = False, rules: CribbageRules | Mapping[str, Any] | None = None) -> dict[int, int]:
    """How many of the 12,994,800 hand-and-starter deals count each score (scores that never occur: 0 ways)."""
    import numpy as np
    counts = np.bincount(score_table(crib, rules).ravel())
    return {score: int(n) for score, n in enumerate(counts)}


def scores_table(rules: CribbageRules | Mapping[str, Any] | None = None, memo: Memo = no_memo) -> Table:
    """How often a hand counts each score, over every hand and starter, with these rules.

    The count of all 12,994,800 deals takes a few seconds: `memo` may remember it.
    """
    active = CribbageRules.resolve(rules)
    counted = memo("cribbage-scores", active, lambda: {str(k): v for k, v in score_distribution(False, active).items()})
    dist = {int(k): int(v) for k, v in counted.items()}
    total = sum(dist.values())
    best = max(s for s, n in dist.items() if n)
    never = [s for s in range(best) if not dist.get(s)]
    buckets = [(0, 0), (1, 4), (5, 8), (9, 12), (13, 16), (17, 20), (21, 24), (25, best)]
    rows = []
    for lo, hi in buckets:
        n = sum(dist.get(s, 0) for s in range(lo, hi + 1))
        label = str(lo) if lo == hi else f"{lo}–{hi}"
        rows.append((label, number(n), f"{100.0 * n / total:.2f} %"))
    mean = sum(s * n for s, n in dist.items()) / total
    return Table(
        title="What a four-card hand with the starter counts",
        header=("Points", "Deals", "Share"),
        rows=tuple(rows),
        align=("center", "right", "right"),
        note=f"Over all {number(total)} hands with their starter: average {mean:.2f}, best {best}; "
        f"no hand counts {', '.join(str(s) for s in never)}.",
    )


SPEC = GameSpec(
    name="cribbage",
    title="Cribbage: counting a hand or the crib",
    inputs={
        "hand": "the four cards of the hand or crib",
        "starter": "the starter (cut) card",
        "crib": "true when the four cards are the crib (a flush then needs the starter too); default false",
    },
    phrases={"crib": ("the crib", "a hand")},
    quantities=(
        Quantity("fifteens", "int", "points for combinations adding to 15 (2 each)"),
        Quantity("pairs", "int", "points for pairs (2 each; three of a kind 6, four of a kind 12)"),
        Quantity("runs", "int", "points for runs of three or more, every way of making them"),
        Quantity("flush", "int", "points for a flush (4 or 5)"),
        Quantity("nobs", "int", "points for his nobs (the jack of the starter's suit)"),
        Quantity("score", "int", "the total count"),
    ),
    compute=compute,
    rules=CribbageRules,
    required=("hand", "starter"),
    explain=explain,
    summary=summary,
    card_inputs=("hand", "starter"),
    tables=(
        TableDef(
            "cribbage-scores",
            "how often a hand counts each score",
            lambda rules, options, memo: scores_table(rules, memo),
            slow=True,
        ),
    ),
    default_tables=({"table": "cribbage-scores"}, {"table": "house-rules"}),
)

GAMES = [SPEC]
