"""Gin rummy: optimal melding, knocks, lay-offs, gin and undercuts, and a whole game's score.

The melding search is exact: a hand's possible melds (every set of three or four
of a rank, every run of three or more in a suit, aces low) are packed by a
memoised search over the cards still unplaced, so the smallest deadwood is
found for any hand, not only the usual ten cards. The defender's lay-offs go
through the same search, with "lay this run of cards off at that end of the
knocker's meld" as one more kind of meld, so laying off and melding are chosen
jointly and chains (7♣ then 8♣ onto 4♣ 5♣ 6♣) come out naturally.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit, format_cards, parse_card, parse_cards
from deckgen.engine.base import (
    ExampleError,
    GameSpec,
    Quantity,
    Rules,
    cards_field,
    read_cards,
    rule,
    said_list,
    unique_cards,
)
from deckgen.engine.table import Memo, Table, TableDef, number

__all__ = [
    "GAMES",
    "GIN_GAME",
    "GIN_RUMMY",
    "GameResult",
    "GinGameRules",
    "GinRules",
    "HandResult",
    "Melding",
    "best_melding",
    "card_points",
    "defend",
    "layoff_options",
    "low_rank",
    "play_game",
    "possible_melds",
    "score_hand",
    "scoring_table",
]


@dataclass(frozen=True)
class GinRules(Rules):
    """The house rules of one gin rummy hand; the defaults are the usual ones.

    >>> GinRules().knock_limit, GinRules(gin_bonus=20).gin_bonus
    (10, 20)
    """

    game: ClassVar[str] = "gin-rummy"
    knock_limit: int = rule(10, "Knock limit", "Most deadwood a player may hold and still knock.", minimum=0)
    gin_bonus: int = rule(25, "Gin bonus", "Bonus for going gin, on top of the opponent's deadwood.", minimum=0)
    big_gin_bonus: int = rule(
        31, "Big gin bonus", "Bonus for big gin (all eleven cards melded), on top of the opponent's deadwood.",
        minimum=0,
    )
    undercut_bonus: int = rule(
        25, "Undercut bonus", "Bonus to the defender whose deadwood is not more than the knocker's.", minimum=0
    )
    undercut_on_tie: bool = rule(
        True, "Undercut on a tie", "Whether equal deadwood counts as an undercut; if not, a tie scores nothing.",
        phrases=("a tie is an undercut", "a tie is no undercut"),
    )


@dataclass(frozen=True)
class GinGameRules(Rules):
    """The house rules of a whole gin rummy game: the target and the end-of-game bonuses."""

    game: ClassVar[str] = "gin-game"
    target: int = rule(100, "Target", "Points that end the game.", minimum=1)
    game_bonus: int = rule(100, "Game bonus", "Bonus to the player who reaches the target.", minimum=0)
    line_bonus: int = rule(
        25, "Line bonus", "Bonus per hand scored, added at the end of the game (the box or line bonus).", minimum=0
    )
    shutout_multiplier: int = rule(
        2, "Shutout multiplier", "What the winner's hand points are multiplied by when the loser scored no hand.",
        minimum=1,
    )

# ------------------------------------------------------------------ card values


def low_rank(card: Card) -> int:
    """The card's place in gin order: ace 1, two 2 ... king 13 (aces are low)."""
    found = _LOW_RANK.get(card)
    if found is not None:
        return found
    assert card.rank is not None
    return 1 if card.rank == Rank.ACE else int(card.rank)


def card_points(card: Card) -> int:
    """What the card counts as deadwood: ace 1, courts 10, others their number."""
    found = _POINTS.get(card)
    return found if found is not None else min(low_rank(card), 10)


def _from_low(rank: int, suit: Suit) -> Card:
    return _BY_LOW[suit][rank] if 1 <= rank <= 13 else Card(Rank(rank), suit)


#: The 52 cards by (gin rank, suit) and each card's gin rank and suit number, read from tables: the
#: search below asks for them thousands of times a hand, and each answer through the enums costs
#: Python calls (a Card is hashed by a stored number, a Suit by its name).
_BY_LOW: dict[Suit, list[Card]] = {
    suit: [parse_card(f"{Rank(14 if low < 2 else low).label}{suit.letter}") for low in range(14)] for suit in Suit
}  # index 0 is unused (an ace, so the list reads by gin rank 1..13)
_LOW_RANK: dict[Card, int] = {cards[r]: r for cards in _BY_LOW.values() for r in range(1, 14)}
_RANK_AND_SUIT: dict[Card, tuple[int, int]] = {
    card: (rank, n) for n, cards in enumerate(_BY_LOW.values()) for rank, card in enumerate(cards) if rank
}
_POINTS: dict[Card, int] = {card: min(rank, 10) for card, rank in _LOW_RANK.items()}


# ------------------------------------------------------------------ the packing search


@dataclass(frozen=True)
class Melding:
    """One way of arranging a hand: the melds, the lay-offs (defender only) and the deadwood left."""

    melds: tuple[tuple[Card, ...], ...]
    deadwood: tuple[Card, ...]
    layoffs: tuple[Card, ...] = ()

    @property
    def count(self) -> int:
        return sum(map(card_points, self.deadwood))


def possible_melds(cards: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every set (3 or 4 of a rank) and every run (3+ in sequence in one suit, ace low) within the cards."""
    melds: list[tuple[Card, ...]] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[int, dict[int, Card]] = {}  # suits in the order first met, as keyed by the Suit
    for card in cards:
        found = _RANK_AND_SUIT.get(card)
        if found is None:
            assert card.suit is not None
            found = (low_rank(card), 4 + list(Suit).index(card.suit))
        rank, suit = found
        by_rank.setdefault(rank, []).append(card)
        by_suit.setdefault(suit, {})[rank] = card
    for group in by_rank.values():
        if len(group) >= 3:
            for size in (3, 4):
                melds.extend(combinations(group, size))
    for ranks in by_suit.values():
        if len(ranks) < 3:
            continue
        for start in range(1, 12):
            length = 0
            while start + length in ranks:
                length += 1
                if length >= 3:
                    melds.append(tuple([ranks[r] for r in range(start, start + length)]))
    return melds


class _Packer:
    """Choose disjoint options (melds or lay-offs) over a list of cards to leave the least deadwood.

    The cost of a choice is (deadwood, cards laid off): among equally small
    deadwood, the fewest lay-offs win, so a defender keeps their own melds.
    """

    def __init__(self, cards: Sequence[Card], options: Sequence[tuple[tuple[Card, ...], bool]]) -> None:
        self.cards = list(cards)
        index = {c: i for i, c in enumerate(self.cards)}
        self.values = list(map(card_points, self.cards))
        self.options: list[tuple[int, tuple[Card, ...], bool]] = []
        self.by_card: list[list[int]] = [[] for _ in self.cards]
        for k, (cards_of, is_layoff) in enumerate(options):
            mask = 0
            for c in cards_of:
                mask |= 1 << index[c]
            self.options.append((mask, tuple(cards_of), is_layoff))
            while mask:  # each card of the option lists it (options in order)
                bit = mask & -mask
                self.by_card[bit.bit_length() - 1].append(k)
                mask ^= bit
        self.memo: dict[int, tuple[int, int]] = {0: (0, 0)}

    def cost(self, mask: int) -> tuple[int, int]:
        """The least (deadwood, lay-offs) for the cards in `mask`."""
        found = self.memo.get(mask)
        if found is not None:
            return found
        low = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << low)
        dead, lays = self.cost(rest)
        best = (dead + self.values[low], lays)
        for k in self.by_card[low]:
            opt_mask, opt_cards, is_layoff = self.options[k]
            if opt_mask & mask == opt_mask:
                dead, lays = self.cost(mask & ~opt_mask)
                cand = (dead, lays + (len(opt_cards) if is_layoff else 0))
                if cand < best:
                    best = cand
        self.memo[mask] = best
        return best

    def _choices(self, mask: int) -> list[tuple[int, int | None]]:
        """The first-card choices at `mask` that reach the best cost: (rest mask, option or None)."""
        best = self.cost(mask)
        low = (mask & -mask).bit_length() - 1
        out: list[tuple[int, int | None]] = []
        rest = mask & ~(1 << low)
        dead, lays = self.cost(rest)
        if (dead + self.values[low], lays) == best:
            out.append((rest, None))
        for k in self.by_card[low]:
            opt_mask, opt_cards, is_layoff = self.options[k]
            if opt_mask & mask == opt_mask:
                dead, lays = self.cost(mask & ~opt_mask)
                if (dead, lays + (len(opt_cards) if is_layoff else 0)) == best:
                    out.append((mask & ~opt_mask, k))
        return out

    def all_best(self, limit: int = 64) -> list[Melding]:
        """Every arrangement with the least cost (up to `limit` of them), melds first in the order found."""
        results: list[Melding] = []
        self._walk((1 << len(self.cards)) - 1, [], [], results, limit)
        return results

    def _walk(self, mask: int, melds: list[int], dead: list[int], results: list[Melding], limit: int) -> None:
        """`all_best`'s search, a method rather than a closure that calls itself: such a closure
        holds itself, and with it this packer and everything found, until Python's cycle collector runs."""
        if len(results) >= limit:
            return
        if mask == 0:
            results.append(self._melding(melds, dead))
            return
        low = (mask & -mask).bit_length() - 1
        for rest, k in self._choices(mask):
            if k is None:
                self._walk(rest, melds, dead + [low], results, limit)
            else:
                self._walk(rest, melds + [k], dead, results, limit)

    def best(self) -> Melding:
        """One least-cost arrangement (the first found: melds preferred over leaving a card loose)."""
        mask = (1 << len(self.cards)) - 1
        melds: list[int] = []
        dead: list[int] = []
        while mask:
            choices = self._choices(mask)
            rest, k = next(((r, k) for r, k in choices if k is not None), choices[0])
            if k is None:
                dead.append((mask & -mask).bit_length() - 1)
            else:
                melds.append(k)
            mask = rest
        return self._melding(melds, dead)

    def _melding(self, melds: list[int], dead: list[int]) -> Melding:
        options, cards = self.options, self.cards
        own = tuple([options[k][1] for k in melds if not options[k][2]])
        laid = tuple([c for k in melds if options[k][2] for c in options[k][1]])
        return Melding(own, tuple([cards[i] for i in sorted(dead)]), laid)


def best_melding(cards: Sequence[Card]) -> Melding:
    """The arrangement of a hand into melds that leaves the smallest deadwood count."""
    return _Packer(cards, [(m, False) for m in possible_melds(cards)]).best()


def deadwood(cards: Sequence[Card]) -> int:
    """The smallest deadwood count of a hand (what a player may knock with)."""
    packer = _Packer(cards, [(m, False) for m in possible_melds(cards)])
    return packer.cost((1 << len(packer.cards)) - 1)[0]


def _is_run(meld: Sequence[Card]) -> bool:
    if not meld:
        return False
    suit = meld[0].suit  # one suit: the same member (an enum's members are single objects)
    return all(c.suit is suit for c in meld) and len(meld) >= 3 and len({low_rank(c) for c in meld}) == len(meld)


def _tidy(melding: Melding) -> bool:
    """False when two runs of one suit touch end to end (the same as one longer run, shown once)."""
    runs = [m for m in melding.melds if _is_run(m)]
    for a in runs:
        for b in runs:
            if a is not b and a[0].suit == b[0].suit and low_rank(a[-1]) + 1 == low_rank(b[0]):
                return False
    return True


def layoff_options(melds: Sequence[Sequence[Card]], hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The groups of the hand's cards that can be laid off on the knocker's melds.

    A set of three takes its fourth card. A run takes, at either end, the next
    card and then the one after it and so on (a chain), all from the hand.
    """
    held = set(hand)
    options: list[tuple[Card, ...]] = []
    for meld in melds:
        if _is_run(meld):
            suit = meld[0].suit
            assert suit is not None
            lo, hi = low_rank(meld[0]), low_rank(meld[-1])
            chain: list[Card] = []
            for rank in range(lo - 1, 0, -1):
                card = _from_low(rank, suit)
                if card not in held:
                    break
                chain.append(card)
                options.append(tuple(chain))
            chain = []
            for rank in range(hi + 1, 14):
                card = _from_low(rank, suit)
                if card not in held:
                    break
                chain.append(card)
                options.append(tuple(chain))
        elif len(meld) == 3:
            rank = low_rank(meld[0])
            for suit in Suit:
                card = _from_low(rank, suit)
                if card in held and card not in meld:
                    options.append((card,))
    return options


def defend(melds: Sequence[Sequence[Card]], hand: Sequence[Card]) -> Melding:
    """The defender's best answer to a knock: own melds and lay-offs chosen together, least deadwood."""
    options = [(m, False) for m in possible_melds(hand)] + [(o, True) for o in layoff_options(melds, hand)]
    return _Packer(hand, options).best()


# ------------------------------------------------------------------ one hand


@dataclass(frozen=True)
class HandResult:
    """The score of one knock or gin, with the arrangements that produced it."""

    outcome: str
    scorer: str
    points: int
    knocker: Melding
    defender: Melding


def _rule_bool(value: Any, name: str) -> bool:
    """`value`, the house rule `name`, as true or false (an ExampleError naming it when it is neither)."""
    if not isinstance(value, bool):
        raise ExampleError(f"rules.{name}: expected true or false, got {value!r}", f"rules.{name}")
    return value


def score_hand(
    knocker: str | Sequence[Card],
    defender: str | Sequence[Card],
    rules: GinRules | Mapping[str, Any] | None = None,
) -> HandResult:
    """Score a knock, gin or big gin from both hands, as the rules of the table say (usual rules: none given).

    The knocker shows a least-deadwood arrangement; when several exist, the one
    that leaves the defender the most deadwood after lay-offs (the knocker's
    best choice). The defender melds and lays off to leave the least deadwood.

    >>> knocker = parse_cards("AS 2S 3S 4H 4D 4C 7H 8H 9H 3C")
    >>> defender = parse_cards("5S 6S QH QD QC 2D 10D 9C 10C JD")
    >>> result = score_hand(knocker, defender)
    >>> result.outcome, result.scorer, result.points
    ('knock', 'knocker', 49)
    >>> score_hand(knocker, "JD QD KD 10C 10S 10D 5C 6C 7C 2D", GinRules(undercut_bonus=10)).points
    11

    Hands may be given as card strings too.
    """
    house = GinRules.of(rules)
    knocker, defender = read_cards(knocker, "knocker"), read_cards(defender, "defender")
    limit, gin_bonus = house.knock_limit, house.gin_bonus
    big_gin_bonus, undercut_bonus = house.big_gin_bonus, house.undercut_bonus
    tie_undercut = _rule_bool(house.undercut_on_tie, "undercut_on_tie")
    if len(knocker) not in (10, 11):
        raise ExampleError(
            f"knocker: expected 10 cards (11 for big gin), got {len(knocker)}", "knocker"
        )
    if len(defender) != 10:
        raise ExampleError(f"defender: expected 10 cards, got {len(defender)}", "defender")
    packer = _Packer(knocker, [(m, False) for m in possible_melds(knocker)])
    arrangements = [m for m in packer.all_best() if _tidy(m)] or packer.all_best()
    knock_dw = arrangements[0].count
    if len(knocker) == 11 and knock_dw:
        raise ExampleError(
            f"knocker: 11 cards is only possible for big gin, but the best melding leaves "
            f"{format_cards(arrangements[0].deadwood)} = {knock_dw}; give the 10 cards kept after the discard",
            "knocker",
        )
    if knock_dw > limit:
        raise ExampleError(
            f"knocker: deadwood {knock_dw} ({format_cards(arrangements[0].deadwood)}) is above the "
            f"knock limit of {limit}, so this hand cannot knock",
            "knocker",
        )
    if knock_dw == 0:
        own = best_melding(defender)
        big = len(knocker) == 11
        bonus = big_gin_bonus if big else gin_bonus
        return HandResult("big gin" if big else "gin", "knocker", bonus + own.count, arrangements[0], own)
    answers = [(arr, defend(arr.melds, defender)) for arr in arrangements]
    shown, answer = max(answers, key=lambda pair: pair[1].count)
    def_dw = answer.count
    if def_dw < knock_dw or (def_dw == knock_dw and tie_undercut):
        return HandResult("undercut", "defender", undercut_bonus + knock_dw - def_dw, shown, answer)
    return HandResult("knock", "knocker", def_dw - knock_dw, shown, answer)


def _hands(inputs: Mapping[str, Any]) -> tuple[list[Card], list[Card]]:
    knocker = cards_field(inputs, "knocker")
    defender = cards_field(inputs, "defender")
    for name, cards in (("knocker", knocker), ("defender", defender)):
        if any(c.is_joker for c in cards):
            raise ExampleError(f"{name}: gin rummy is played without jokers", name)
    unique_cards(knocker + defender, where="knocker and defender")
    return knocker, defender


def _compute_hand(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    result = score_hand(*_hands(inputs), rules)
    return {
        "knocker_deadwood": result.knocker.count,
        "defender_deadwood": result.defender.count,
        "layoffs": list(result.defender.layoffs),
        "outcome": result.outcome,
        "scorer": result.scorer,
        "points": result.points,
    }


def _show(melding: Melding) -> str:
    melds = " · ".join(format_cards(m) for m in melding.melds) or "none"
    dead = format_cards(melding.deadwood) or "nothing"
    return f"melds {melds}; deadwood {dead} = {melding.count}"


def _arrange_hand(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, list[tuple[Card, ...]]]:
    """Each hand as it is laid down: the melds, then (the defender's) lay-offs, then the deadwood."""
    result = score_hand(*_hands(inputs), rules)
    return {
        "knocker": [*result.knocker.melds, result.knocker.deadwood],
        "defender": [*result.defender.melds, result.defender.layoffs, result.defender.deadwood],
    }


def _explain_hand(inputs: Mapping[str, Any], rules: GinRules | Mapping[str, Any]) -> list[str]:
    house = GinRules.of(rules)
    result = score_hand(*_hands(inputs), house)
    lines = [f"Knocker: {_show(result.knocker)}", f"Defender: {_show(result.defender)}"]
    if result.defender.layoffs:
        lines.append(f"Defender lays off {format_cards(result.defender.layoffs)}")
    k, d = result.knocker.count, result.defender.count
    if result.outcome in ("gin", "big gin"):
        bonus = house.big_gin_bonus if result.outcome == "big gin" else house.gin_bonus
        lines.append(f"{result.outcome.capitalize()}: {bonus} + {d} = {result.points} to the knocker")
    elif result.outcome == "undercut":
        lines.append(f"Undercut: {house.undercut_bonus} + ({k} − {d}) = {result.points} to the defender")
    else:
        lines.append(f"Knock: {d} − {k} = {result.points} to the knocker")
    return lines


def _summary_hand(inputs: Mapping[str, Any], rules: GinRules | Mapping[str, Any]) -> list[str]:
    """The hand in one sentence: "Knocker knocks with 8; defender lays off 7♣ and is left with 10;
    knocker scores 2." """
    house = GinRules.of(rules)
    result = score_hand(*_hands(inputs), house)
    k, d = result.knocker.count, result.defender.count
    if result.outcome in ("gin", "big gin"):
        bonus = house.big_gin_bonus if result.outcome == "big gin" else house.gin_bonus
        return [
            f"The knocker goes {result.outcome}; the defender may not lay off and is caught with {d}; "
            f"the knocker scores {bonus} + {d} = {result.points}."
        ]
    layoff = f"lays off {format_cards(result.defender.layoffs)} and " if result.defender.layoffs else ""
    said = f"The knocker knocks with {k}; the defender {layoff}is left with {d}"
    if result.outcome == "undercut":
        return [f"{said}: an undercut, so the defender scores {house.undercut_bonus} + {k - d} = {result.points}."]
    return [f"{said}; the knocker scores {d} − {k} = {result.points}."]


#: One hand of each way a hand can end: (label, knocker, defender).
_SAMPLE_HANDS = (
    ("Knock", "AS 2S 3S 4H 4D 4C 7H 8H 9H 3C", "5S 6S QH QD QC 2D 10D 9C 10C JD"),
    ("Undercut", "AS 2S 3S 4H 4D 4C 7H 8H 9H 8C", "JD QD KD 10C 10S 10D 5C 6C 7C 2D"),
    ("Gin", "AS 2S 3S 4H 4D 4C 7H 8H 9H 10H", "5S 6S QH QD QC 2D 3D 9C 10C JD"),
    ("Big gin", "AS 2S 3S 4H 4D 4C 7H 8H 9H 10H JH", "5S 6S QH QD QC 2D 3D 9C 10C JD"),
)


def scoring_table(rules: GinRules | Mapping[str, Any] | None = None) -> Table:
    """What each way of ending a hand scores: a sample hand of each, scored with these rules.

    >>> [row[-1] for row in scoring_table().rows]
    ['49', '31', '70', '76']
    """
    house = GinRules.of(rules)
    rows = []
    for label, knocker, defender in _SAMPLE_HANDS:
        try:
            result = score_hand(parse_cards(knocker), parse_cards(defender), house)
        except ExampleError:
            continue  # a way of ending these rules rule out (no knocking at a knock limit of 0)
        rows.append(
            (label, str(result.knocker.count), str(result.defender.count), result.scorer.capitalize(), number(result.points))
        )
    return Table(
        title="How a hand scores at this table (knock limit "
        f"{house.knock_limit}, gin {house.gin_bonus}, big gin {house.big_gin_bonus}, "
        f"undercut {house.undercut_bonus})",
        header=("Ending", "Knocker's deadwood", "Defender's deadwood", "Scores", "Points"),
        rows=tuple(rows),
        align=("left", "right", "right", "left", "right"),
        note="The defender's deadwood is counted after laying off.",
    )


def _scoring_table(rules: Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    return scoring_table(rules)


GIN_RUMMY = GameSpec(
    name="gin-rummy",
    title="Gin rummy: one hand",
    inputs={
        "knocker": "the knocking player's cards after the discard (10; 11 for big gin)",
        "defender": "the other player's 10 cards",
    },
    quantities=(
        Quantity("knocker_deadwood", "int", "the knocker's smallest possible deadwood count"),
        Quantity("defender_deadwood", "int", "the defender's deadwood after melding and laying off"),
        Quantity("layoffs", "cards", "the defender's cards laid off on the knocker's melds"),
        Quantity("outcome", "str", "knock, gin, big gin or undercut"),
        Quantity("scorer", "str", "knocker or defender: who scores the hand"),
        Quantity("points", "int", "what the scorer receives for the hand"),
    ),
    compute=_compute_hand,
    rules=GinRules,
    required=("knocker", "defender"),
    explain=_explain_hand,
    summary=_summary_hand,
    card_inputs=("knocker", "defender"),
    arrange=_arrange_hand,
    tables=(
        TableDef("gin-scoring", "a knock, an undercut, gin and big gin scored with the active values", _scoring_table),
    ),
    default_tables=({"table": "gin-scoring"}, {"table": "house-rules"}),
)


# ------------------------------------------------------------------ a whole game


@dataclass(frozen=True)
class GameResult:
    """A game's running totals and, once someone reaches the target, its final score."""

    running: dict[str, list[int]]
    hands_won: dict[str, int]
    finished: bool
    winner: str
    shutout: bool
    game_bonus: int
    line_bonus: dict[str, int]
    totals: dict[str, int]
    ended_at: int


def _players(inputs: Mapping[str, Any]) -> list[str]:
    players = inputs.get("players")
    if not isinstance(players, list) or len(players) != 2 or not all(isinstance(p, (str, int)) for p in players):
        raise ExampleError(f"players: expected a list of the two players' names, got {players!r}", "players")
    names = [str(p).strip() for p in players]
    if names[0] == names[1] or not all(names):
        raise ExampleError(f"players: expected two different names, got {players!r}", "players")
    return names


def _parse_hand(entry: Any, number: int, players: list[str]) -> tuple[str, int] | None:
    """One hand result: 'Ann 27', {Ann: 27}, {winner: Ann, points: 27}, or 'draw' (None)."""
    where = f"hands: hand {number}"
    if entry is None or (isinstance(entry, str) and entry.strip().lower() == "draw"):
        return None
    name: Any
    points: Any
    if isinstance(entry, str):
        parts = entry.rsplit(maxsplit=1)
        if len(parts) != 2:
            raise ExampleError(f"{where}: '{entry}' should be a player's name and points ('Ann 27') or 'draw'", "hands")
        name, points = parts
        try:
            points = int(points)
        except ValueError:
            raise ExampleError(f"{where}: '{parts[1]}' is not a number of points", "hands") from None
    elif isinstance(entry, dict) and set(entry) == {"winner", "points"}:
        name, points = entry["winner"], entry["points"]
    elif isinstance(entry, dict) and len(entry) == 1:
        ((name, points),) = entry.items()
    else:
        raise ExampleError(
            f"{where}: expected 'Name points', {{Name: points}} or 'draw', got {entry!r}", "hands"
        )
    name = str(name).strip()
    if name not in players:
        raise ExampleError(f"{where}: '{name}' is not one of the players ({', '.join(players)})", "hands")
    if isinstance(points, bool) or not isinstance(points, int) or points < 1:
        raise ExampleError(f"{where}: expected a positive whole number of points, got {points!r}", "hands")
    return name, points


def play_game(
    players: list[str],
    hands: Sequence[tuple[str, int] | None],
    rules: GinGameRules | Mapping[str, Any] | None = None,
) -> GameResult:
    """Add up the hands; when a player reaches the target, add the game, line and shutout bonuses.

    >>> result = play_game(["Ann", "Bob"], [("Ann", 60), ("Ann", 45)])
    >>> result.winner, result.shutout, result.totals
    ('Ann', True, {'Ann': 360, 'Bob': 0})
    """
    house = GinGameRules.of(rules)
    target, game_bonus = house.target, house.game_bonus
    line_bonus, multiplier = house.line_bonus, house.shutout_multiplier
    total = {p: 0 for p in players}
    won = {p: 0 for p in players}
    running: dict[str, list[int]] = {p: [] for p in players}
    ended_at = 0
    for number, hand in enumerate(hands, start=1):
        if ended_at:
            raise ExampleError(
                f"hands: hand {number} comes after the game ended at hand {ended_at} "
                f"(someone reached {target})",
                "hands",
            )
        if hand is not None:
            name, points = hand
            total[name] += points
            won[name] += 1
        for p in players:
            running[p].append(total[p])
        if any(total[p] >= target for p in players):
            ended_at = number
    if not ended_at:
        return GameResult(running, won, False, "", False, 0, {p: 0 for p in players}, dict(total), 0)
    winner = max(players, key=lambda p: total[p])
    loser = next(p for p in players if p != winner)
    shutout = won[loser] == 0
    final = {p: total[p] * (multiplier if shutout and p == winner else 1) for p in players}
    lines = {p: won[p] * line_bonus for p in players}
    for p in players:
        final[p] += lines[p]
    final[winner] += game_bonus
    return GameResult(running, won, True, winner, shutout, game_bonus, lines, final, ended_at)


def _game(inputs: Mapping[str, Any], rules: GinGameRules | Mapping[str, Any]) -> GameResult:
    players = _players(inputs)
    hands = inputs.get("hands")
    if not isinstance(hands, list):
        raise ExampleError(f"hands: expected a list of hand results ('Ann 27', 'draw' ...), got {hands!r}", "hands")
    return play_game(players, [_parse_hand(h, i, players) for i, h in enumerate(hands, start=1)], rules)


def _compute_game(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    result = _game(inputs, rules)
    margin = 0
    if result.finished:
        margin = result.totals[result.winner] - min(result.totals.values())
    return {
        "running": result.running,
        "hands_won": result.hands_won,
        "finished": result.finished,
        "winner": result.winner,
        "shutout": result.shutout,
        "game_bonus": result.game_bonus,
        "line_bonus": result.line_bonus,
        "totals": result.totals,
        "margin": margin,
    }


def _explain_game(inputs: Mapping[str, Any], rules: GinGameRules | Mapping[str, Any]) -> list[str]:
    house = GinGameRules.of(rules)
    result = _game(inputs, house)
    players = list(result.running)
    sums = " · ".join(f"{p} {result.running[p][-1] if result.running[p] else 0}" for p in players)
    if not result.finished:
        return [f"Running totals: {sums}; nobody has reached {house.target} yet"]
    lines = [f"Hand points: {sums}; {result.winner} reaches {house.target} at hand {result.ended_at}"]
    if result.shutout:
        lines.append(f"Shutout: {result.winner}'s hand points × {house.shutout_multiplier}")
    lines.append(
        "Line bonus: " + " · ".join(f"{p} {result.hands_won[p]} × {house.line_bonus}" for p in players)
        + f"; game bonus {result.game_bonus} to {result.winner}"
    )
    lines.append("Final: " + " · ".join(f"{p} {result.totals[p]}" for p in players))
    return lines


def _summary_game(inputs: Mapping[str, Any], rules: GinGameRules | Mapping[str, Any]) -> list[str]:
    """The game in one or two sentences: who reached the target when, then the final score."""
    house = GinGameRules.of(rules)
    result = _game(inputs, house)
    players = list(result.running)
    points = {p: result.running[p][-1] if result.running[p] else 0 for p in players}
    sums = " and ".join(f"{p} {points[p]}" for p in players)
    if not result.finished:
        return [f"After these hands the totals are {sums}: nobody has reached {house.target}, so play goes on."]
    winner = result.winner
    others = [p for p in players if p != winner]
    against = said_list([f"{p}’s {points[p]}" for p in others])
    first = f"{winner} reaches {house.target} at hand {result.ended_at} with {points[winner]} to {against}"
    if result.shutout:
        first += f"; a shutout doubles {winner}’s points" if house.shutout_multiplier == 2 else (
            f"; a shutout multiplies {winner}’s points by {house.shutout_multiplier}")
    won = ", ".join(f"{p} {result.hands_won[p]}" for p in players)
    final = ", ".join(f"{p} {result.totals[p]}" for p in players)
    return [
        first + ".",
        f"With {house.line_bonus} for each hand won ({won}) and {result.game_bonus} for the game, the final score is {final}.",
    ]


GIN_GAME = GameSpec(
    name="gin-game",
    title="Gin rummy: a game to the target",
    inputs={
        "players": "the two players' names, e.g. [Ann, Bob]",
        "hands": "the hands in order: 'Ann 27' (the scorer and their points) or 'draw'",
    },
    quantities=(
        Quantity("running", "mapping", "each player's running total after every hand, before bonuses"),
        Quantity("hands_won", "mapping", "how many hands each player scored"),
        Quantity("finished", "bool", "whether a player reached the target"),
        Quantity("winner", "str", "the player who reached the target (empty while the game goes on)"),
        Quantity("shutout", "bool", "whether the loser scored no hand at all"),
        Quantity("game_bonus", "int", "the game bonus paid to the winner (0 while the game goes on)"),
        Quantity("line_bonus", "mapping", "each player's line (box) bonus: hands scored times the bonus"),
        Quantity("totals", "mapping", "each player's final score with every bonus"),
        Quantity("margin", "int", "the winner's final score less the loser's"),
    ),
    compute=_compute_game,
    rules=GinGameRules,
    required=("players", "hands"),
    explain=_explain_game,
    summary=_summary_game,
)

GAMES = [GIN_RUMMY, GIN_GAME]
