"""Poker in its home forms: which five cards play, who wins, and how the pot is shared.

The variants differ only in which sets of cards a player may use (best five of
all, exactly two hole cards and three from the board, three cards for brag)
and in how a set ranks (`poker_rank`); wild cards are resolved by
`poker_wild`. The `poker` game block of docs/examples.md is built on the
public functions here: `evaluate`, `evaluate_low`, `showdown_order`,
`split_pot`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from itertools import combinations
from typing import Any, ClassVar

from deckgen.cards import Card, Rank
from deckgen.engine import poker_rank as pr
from deckgen.engine.base import (
    NOBODY,
    Choice,
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
from deckgen.engine.table import Memo, Table, TableDef, no_memo, number
from deckgen.engine.poker_counts import hand_frequencies
from deckgen.engine.poker_fast import wild_tokens
from deckgen.engine.poker_rank import PokerHand, evaluate_high
from deckgen.engine.poker_wild import Candidates, WildSpec, best_subset, parse_wild, wild_flags
from deckgen.engine.poker_wild_counts import HOLE, LOW_HOLE, low_hole_wild_counts
from deckgen.errors import unknown_choice

__all__ = [
    "GAMES",
    "POKER",
    "VARIANTS",
    "PokerHand",
    "PokerRules",
    "Variant",
    "compare",
    "frequency_table",
    "evaluate",
    "evaluate_high",
    "evaluate_low",
    "get_variant",
    "hand_frequencies",
    "showdown_order",
    "split_pot",
]


@dataclass(frozen=True)
class Variant:
    """Which cards a player may combine, and how the result ranks."""

    name: str
    ranking: str  # high | three-card | brag | low
    size: int  # cards in a finished hand
    hole: tuple[int, int]  # allowed number of a player's own cards (min, max)
    board: tuple[int, int]  # allowed number of community cards
    exact_hole: int = 0  # Omaha: exactly this many hole cards, the rest from the board
    hilo: bool = False
    #: What a person calls it: "Omaha high-low" for omaha-hilo.
    label: str = ""


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("high", "high", 5, (1, 10), (0, 9), label="best five cards"),
        Variant("holdem", "high", 5, (2, 2), (0, 5), label="Texas hold'em"),
        Variant("omaha", "high", 5, (4, 4), (3, 5), exact_hole=2, label="Omaha"),
        Variant("omaha-hilo", "high", 5, (4, 4), (3, 5), exact_hole=2, hilo=True, label="Omaha high-low"),
        Variant("omaha-5", "high", 5, (5, 5), (3, 5), exact_hole=2, label="five-card Omaha"),
        Variant("omaha-5-hilo", "high", 5, (5, 5), (3, 5), exact_hole=2, hilo=True, label="five-card Omaha high-low"),
        Variant("omaha-6", "high", 5, (6, 6), (3, 5), exact_hole=2, label="six-card Omaha"),
        Variant("omaha-6-hilo", "high", 5, (6, 6), (3, 5), exact_hole=2, hilo=True, label="six-card Omaha high-low"),
        Variant("stud", "high", 5, (5, 7), (0, 1), label="stud"),
        Variant("draw", "high", 5, (5, 5), (0, 0), label="five-card draw"),
        Variant("three-card", "three-card", 3, (3, 3), (0, 0), label="three-card poker"),
        Variant("brag", "brag", 3, (3, 3), (0, 0), label="three-card brag"),
        Variant("lowball-a5", "low", 5, (5, 7), (0, 0), label="ace-to-five lowball"),
    )
}

BRAG_A23 = ("top", "second", "low")


@dataclass(frozen=True)
class PokerRules(Rules):
    """The house rules poker hands are ranked by: brag's oddities and the hi-lo qualifier."""

    game: ClassVar[str] = "poker"
    brag_threes_top: bool = rule(
        True,
        "Three threes top in brag",
        "In brag, a prial of threes is the best hand of all (false: threes rank as usual).",
        phrases=("three threes top in brag", "three threes below the aces in brag"),
    )
    brag_a23: str = rule(
        "top",
        "A-2-3 in brag",
        "Where A-2-3 ranks among brag runs: top (above A-K-Q), second (just below A-K-Q) or low.",
        choices={"top": "the best run", "second": "second to A-K-Q", "low": "the lowest run"},
    )
    low_qualifier: int = rule(
        8,
        "Low qualifier",
        "Omaha hi-lo: the highest card a low hand may hold and still win the low half.",
    )


PARAMETERS = PokerRules.parameters()
DEFAULTS = PokerRules.resolve()


def _rules(rules: Rules | Mapping[str, Any] | None) -> PokerRules:
    """The poker rules among `rules`, over the defaults, taken as they are (a name that is not one of
    poker's is left alone: another game's rules may be handed on whole)."""
    if isinstance(rules, PokerRules):
        return rules
    merged = {**DEFAULTS, **(rules.as_dict() if isinstance(rules, Rules) else rules or {})}
    return PokerRules(**{name: merged[name] for name in DEFAULTS})


# ------------------------------------------------------------------ reading inputs


def _cards(value: str | Iterable[Card] | Iterable[str], field: str) -> list[Card]:
    return read_cards(value, field)


def _wild(value: Any) -> WildSpec:
    if isinstance(value, WildSpec):
        return value
    if isinstance(value, (list, tuple)):
        value = [v.label if isinstance(v, Rank) else str(v) for v in value]
    return parse_wild(value)


def get_variant(name: Any) -> Variant:
    """The variant called `name`, or an ExampleError listing the ones that exist."""
    key = str(name or "high").strip().lower().replace("_", "-").replace("hold'em", "holdem")
    if key not in VARIANTS:
        raise ExampleError(f"variant: {unknown_choice('poker variant', str(name), VARIANTS)}", "variant")
    return VARIANTS[key]


def _ranking_kind(variant: Variant, house: PokerRules) -> str:
    if variant.ranking != "brag":
        return variant.ranking
    written = house.brag_a23
    a23 = str(written).strip().lower()
    if a23 not in BRAG_A23:  # quoted as written, as brag's own check of the rule does
        raise ExampleError(f"rules.brag_a23: {unknown_choice('value', written, BRAG_A23)}", "rules.brag_a23")
    return f"brag:{1 if house.brag_threes_top else 0}:{a23}"


def _check_counts(variant: Variant, hole: Sequence[Card], board: Sequence[Card], who: str) -> None:
    lo, hi = variant.hole
    if variant.name == "high" and not lo <= len(hole) <= hi:
        raise ExampleError(f"{who}: a hand is 1 to {hi} cards, not {len(hole)}", who)
    if not lo <= len(hole) <= hi:
        want = str(lo) if lo == hi else f"{lo} to {hi}"
        raise ExampleError(f"{who}: {variant.name} deals {want} cards to a player, not {len(hole)}", who)
    lo, hi = variant.board
    if not lo <= len(board) <= hi:
        want = "no" if hi == 0 else (str(lo) if lo == hi else f"{lo} to {hi}")
        raise ExampleError(f"board: {variant.name} has {want} community cards, not {len(board)}", "board")
    if variant.name == "high" and len(hole) + len(board) > 10:
        raise ExampleError(f"{who}: at most 10 cards between the hand and the board, not {len(hole) + len(board)}", who)


def _candidates(variant: Variant, n_hole: int, n_board: int) -> tuple[tuple[int, ...], ...]:
    """Index sets into hole + board that the variant lets a player use."""
    return _candidate_sets(variant.exact_hole, variant.size, n_hole, n_board)


@lru_cache(maxsize=256)
def _candidate_sets(exact_hole: int, size: int, n_hole: int, n_board: int) -> tuple[tuple[int, ...], ...]:
    """`_candidates` by the numbers it depends on (the same few shapes come back for every hand,
    so they are built once; remembered by four numbers, not by the variant, whose hash is worked
    out in Python from all its fields at every call)."""
    if exact_hole:
        return Candidates.joined(
            tuple(combinations(range(n_hole), exact_hole)),
            tuple(combinations(range(n_hole, n_hole + n_board), size - exact_hole)),
        )
    n = n_hole + n_board
    return Candidates(combinations(range(n), min(size, n)))


def _category(kind: str, key: tuple[int, ...]) -> str:
    if kind == "high":
        return pr.CATEGORY_NAMES[key[0]]
    if kind == "three-card":
        return pr.THREE_CARD_NAMES[key[0]]
    if kind.startswith("brag"):
        return pr.BRAG_NAMES[key[0]]
    return pr.low_category(key)


@lru_cache(maxsize=4096)  # the same hands come back under other suits: each is named once
def _name(kind: str, key: tuple[int, ...]) -> str:
    if kind == "high":
        return pr.name5(key)
    if kind == "three-card":
        return pr.name3(key)
    if kind.startswith("brag"):
        return pr.name_brag(key)
    return pr.name_low(key)


def _hand(kind: str, key: tuple[int, ...], used: Sequence[Card], flags: Sequence[bool]) -> PokerHand:
    return PokerHand.laid_down_later(_category(kind, key), _name(kind, key), key, partial(_laid_down, kind, key, used, flags))


def _laid_down(kind: str, key: tuple[int, ...], used: Sequence[Card], flags: Sequence[bool]) -> tuple[Card, ...]:
    """The used cards as the player lays them down: the natural ones in `display_order`, then the wild."""
    if True in flags:
        naturals = [c for c, f in zip(used, flags) if not f]
        wilds = [c for c, f in zip(used, flags) if f]
    else:
        naturals, wilds = list(used), []
    return pr.display_order(naturals, key if kind == "high" else (), ace_low=kind == "low") + tuple(wilds)


def _prepare(cards: Any, board: Any, variant: Any, who: str) -> tuple[Variant, list[Card], list[Card]]:
    v = variant if isinstance(variant, Variant) else get_variant(variant)
    hole = _cards(cards, who)
    community = _cards(board or [], "board")
    _check_counts(v, hole, community, who)
    unique_cards(hole + community, where=who)
    return v, hole, community


def evaluate(
    cards: Any,
    variant: Any = "high",
    board: Any = (),
    wild: Any = (),
    rules: PokerRules | Mapping[str, Any] | None = None,
    *,
    who: str = "hand",
) -> PokerHand:
    """The best hand a player can show in `variant` (its high hand; lowball: its low hand).

    `cards` are the player's own cards (a string or a list), `board` the
    community cards, `wild` the wild ranks/cards (see `poker_wild.parse_wild`).
    Raises ExampleError naming `who` for a wrong number of cards or a card dealt twice.

    >>> hand = evaluate("A♠ K♠ Q♠ J♠ 10♠ 2♥ 3♦")
    >>> hand.category, hand.name
    ('straight flush', 'Royal flush')
    >>> evaluate("2♠ 2♥ 9♦ 9♣ K♠", wild=["2"]).name
    'Four of a kind, nines'
    """
    house = _rules(rules)
    v, hole, community = _prepare(cards, board, variant, who)
    return _evaluate(v, hole, community, _wild(wild), house, who)


def _evaluate(v: Variant, hole: list[Card], community: list[Card], spec: WildSpec, house: PokerRules, who: str) -> PokerHand:
    """`evaluate` of cards already read and counted (`_prepare`), with the rules merged (`_rules`)."""
    everything = hole + community
    flags = wild_flags(everything, spec)
    kind = _ranking_kind(v, house)
    size = min(v.size, len(everything)) if v.name == "high" else v.size
    found = best_subset(kind, _candidates(v, len(hole), len(community)), everything, flags, size)
    if found is None:
        raise ExampleError(f"{who}: no {v.name} hand can be made from these cards", who)
    key, idx = found
    return _hand(kind, key, [everything[i] for i in idx], [flags[i] for i in idx])


def evaluate_low(
    cards: Any,
    board: Any = (),
    variant: Any = "omaha-hilo",
    wild: Any = (),
    rules: PokerRules | Mapping[str, Any] | None = None,
    *,
    who: str = "hand",
) -> PokerHand | None:
    """The ace-to-five low hand that qualifies for the low half (eight or better by default), or None.

    >>> print(evaluate_low("A♠ 2♥ 7♦ 9♣", board="3♠ 5♥ K♦ 8♣ Q♠"))
    Eight-five low (8♣ 5♥ 3♠ 2♥ A♠)
    """
    house = _rules(rules)
    v, hole, community = _prepare(cards, board, variant, who)
    return _evaluate_low(v, hole, community, _wild(wild), house)


def _evaluate_low(v: Variant, hole: list[Card], community: list[Card], spec: WildSpec, house: PokerRules) -> PokerHand | None:
    """`evaluate_low` of cards already read and counted (`_prepare`), with the rules merged (`_rules`)."""
    try:
        qualifier = int(house.low_qualifier)
    except (TypeError, ValueError):
        raise ExampleError(f"rules.low_qualifier: expected a number such as 8, not '{house.low_qualifier}'", "rules.low_qualifier") from None
    everything = hole + community
    flags = wild_flags(everything, spec)
    if True not in flags and not _low_possible(v, hole, community, qualifier):
        return None  # the best low would not qualify: not searched for
    found = best_subset("low", _candidates(v, len(hole), len(community)), everything, flags, 5)
    if found is None:
        return None
    key, idx = found
    if key[0] != 0 or -key[1] > qualifier:
        return None
    return _hand("low", key, [everything[i] for i in idx], [flags[i] for i in idx])


def _low_possible(v: Variant, hole: Sequence[Card], community: Sequence[Card], qualifier: int) -> bool:
    """Whether the cards a player may use hold five different ranks at most `qualifier` (the ace
    counting one), as a qualifying low needs: with an exact number of hole cards (Omaha), that
    many of them from the hand and the rest from the board. Without wild cards, most boards of
    Omaha high-low leave no qualifying low, and the search of 60 to 150 hands is then skipped."""

    def usable(cards: Sequence[Card]) -> set[int]:
        return {r for r in pr.low_ranks([int(c.rank) for c in cards if c.rank is not None]) if r <= qualifier}

    if v.exact_hole:
        own, shared = usable(hole), usable(community)
        return len(own) >= v.exact_hole and len(shared) >= v.size - v.exact_hole and len(own | shared) >= v.size
    # as many cards as `_candidates` takes: fewer than five when the player has fewer
    return len(usable([*hole, *community])) >= min(v.size, len(hole) + len(community))


def compare(a: PokerHand, b: PokerHand) -> int:
    """1 when `a` beats `b`, -1 when it loses, 0 for a tie (suits never break ties)."""
    return (a.key > b.key) - (a.key < b.key)


def showdown_order(hands: Mapping[str, PokerHand]) -> list[list[str]]:
    """Names grouped best first; names that tie share a group (in seat order).

    >>> hands = {n: evaluate(c) for n, c in [("Ann", "5♠ 5♥ 5♦ 3♣ 2♠"), ("Bob", "4♠ 4♥ 4♦ K♣ 5♣"), ("Cy", "5♣ 5♦ 5♥ 3♦ 2♥")]}
    >>> showdown_order(hands)
    [['Ann', 'Cy'], ['Bob']]
    """
    groups: dict[tuple[int, ...], list[str]] = {}
    for name, hand in hands.items():
        groups.setdefault(hand.key, []).append(name)
    return [groups[key] for key in sorted(groups, reverse=True)]


def split_pot(pot: int, winners: Sequence[str], seats: Sequence[str], button: str | None = None) -> dict[str, int]:
    """Share `pot` chips equally among `winners`; chips that do not divide go one each to the
    winners nearest the button's left, going clockwise (seats are listed clockwise).

    >>> split_pot(101, ["Ann", "Cy"], ["Ann", "Bob", "Cy"], button="Bob")
    {'Cy': 51, 'Ann': 50}
    """
    if not winners:
        return {}
    start = (list(seats).index(button) + 1) if button is not None else 0
    clockwise = [seats[(start + i) % len(seats)] for i in range(len(seats))]
    ordered = [s for s in clockwise if s in winners]
    share, odd = divmod(int(pot), len(ordered))
    return {name: share + (1 if i < odd else 0) for i, name in enumerate(ordered)}


# ------------------------------------------------------------------ the `poker` block


def _hands_input(inputs: Mapping[str, Any]) -> dict[str, Any]:
    if "hand" in inputs and "hands" in inputs:
        raise ExampleError("give either `hand` (one hand) or `hands` (a showdown), not both", "hands")
    if "hands" in inputs:
        hands = inputs["hands"]
        if not isinstance(hands, Mapping) or not hands:
            raise ExampleError("hands: expected names with their cards, e.g. {Ann: 'A♠ K♠', Bob: 'Q♥ Q♦'}", "hands")
        return {str(k): v for k, v in hands.items()}
    if "hand" not in inputs:
        raise ExampleError("poker needs `hand:` (one hand) or `hands:` (a showdown)", "hand")
    return {"hand": inputs["hand"]}


def _pot(inputs: Mapping[str, Any]) -> int | None:
    if "pot" not in inputs or inputs["pot"] is None:
        return None
    value = inputs["pot"]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ExampleError(f"pot: expected a whole number of chips, not '{value}'", "pot")
    return value


def _solve(inputs: Mapping[str, Any], rules: PokerRules | Mapping[str, Any]) -> dict[str, Any]:
    variant = get_variant(inputs.get("variant", "high"))
    board = cards_field(inputs, "board", required=False)
    wild = _wild(inputs.get("wild"))
    raw = _hands_input(inputs)
    seats = list(raw)
    parsed = {name: _cards(cards, f"hands.{name}" if "hands" in inputs else "hand") for name, cards in raw.items()}
    unique_cards([c for cs in parsed.values() for c in cs] + board)
    # Every card is read and no card is dealt twice (checked just above), so each hand is only
    # counted against the variant before it is ranked: `evaluate` without reading the cards again.
    merged = _rules(rules)
    highs = {}
    for n, cs in parsed.items():
        who = f"hands.{n}" if "hands" in inputs else "hand"
        _check_counts(variant, cs, board, who)
        highs[n] = _evaluate(variant, cs, board, wild, merged, who)
    lows: dict[str, PokerHand | None] = {}
    if variant.hilo:  # the counts were checked for the high hands just above
        for n, cs in parsed.items():
            lows[n] = _evaluate_low(variant, cs, board, wild, merged)
    button = inputs.get("button")
    if button is not None and str(button) not in seats:
        raise ExampleError(f"button: '{button}' is not one of the players ({', '.join(seats)})", "button")
    order = showdown_order(highs)
    qualified = {n: h for n, h in lows.items() if h is not None}
    low_order = showdown_order(qualified) if qualified else []
    return {
        "variant": variant,
        "seats": seats,
        "button": str(button) if button is not None else seats[-1],
        "highs": highs,
        "lows": lows,
        "order": order,
        "low_order": low_order,
        "pot": _pot(inputs),
        "wild": wild,
    }


def _payouts(s: dict[str, Any]) -> dict[str, int]:
    pot = s["pot"]
    if pot is None:
        return {}
    seats, button = s["seats"], s["button"]
    winners = s["order"][0]
    if s["low_order"]:
        low_half = pot // 2
        out = dict.fromkeys(seats, 0)
        for name, chips in split_pot(pot - low_half, winners, seats, button).items():
            out[name] += chips
        for name, chips in split_pot(low_half, s["low_order"][0], seats, button).items():
            out[name] += chips
    else:
        out = dict.fromkeys(seats, 0) | split_pot(pot, winners, seats, button)
    return out


def compute(inputs: Mapping[str, Any], rules: PokerRules | Mapping[str, Any]) -> dict[str, Any]:
    """Every quantity of the `poker` block; the single-hand quantities describe the winning
    hand in a showdown (the first winner in seat order when hands tie)."""
    s = _solve(inputs, rules)
    order = s["order"]
    top = s["highs"][order[0][0]]
    low = s["lows"][s["low_order"][0][0]] if s["low_order"] else None
    return {
        "category": top.category,
        "name": top.name,
        "best": list(top.cards),
        "winners": list(order[0]),
        "order": [g[0] if len(g) == 1 else list(g) for g in order],
        "low_winners": list(s["low_order"][0]) if s["low_order"] else [],
        "low": low.name if low else NOBODY,
        "categories": {n: h.category for n, h in s["highs"].items()},
        "names": {n: h.name for n, h in s["highs"].items()},
        "payouts": _payouts(s),
    }



def explain(inputs: Mapping[str, Any], rules: PokerRules | Mapping[str, Any]) -> list[str]:
    """The showdown as a player would tell it: each hand, who wins, how the chips go."""
    s = _solve(inputs, rules)
    lines: list[str] = []
    if s["wild"]:
        lines.append(f"Wild: {s['wild'].describe()}.")
    single = "hands" not in inputs
    for name, hand in s["highs"].items():
        lines.append(str(hand) if single else f"{name}: {hand}")
    if single:
        return lines
    winners = s["order"][0]
    if s["variant"].hilo:
        lows = [f"{n}: {h}" for n, h in s["lows"].items() if h is not None]
        lines.extend(f"Low {x}" for x in lows)
        if not s["low_order"]:
            lines.append(f"No low hand qualifies, so {said_list(winners)} {'takes' if len(winners) == 1 else 'share'} the whole pot.")
        else:
            lines.append(f"High: {said_list(winners)}. Low: {said_list(s['low_order'][0])}.")
    elif len(winners) == 1:
        lines.append(f"{winners[0]} wins.")
    else:
        lines.append(f"{said_list(winners)} tie and split the pot.")
    pay = _payouts(s)
    if pay:
        paid = ", ".join(f"{n} {c}" for n, c in pay.items() if c)
        lines.append(f"Pot of {s['pot']}: {paid}.")
    return lines


def _hand_words(hand: PokerHand, whole: bool, with_cards: bool) -> str:
    """A hand as said in a sentence: "three of a kind, fives", with its five cards when they are a
    choice (from a board, from seven cards) or decide a tie of names; only the category when not `whole`."""
    if not whole:
        return hand.category
    name = hand.name[:1].lower() + hand.name[1:] if hand.name[1:2].islower() else hand.name
    return f"{name} ({' '.join(str(c) for c in hand.cards)})" if with_cards else name


def _beats(named: Sequence[str]) -> str:
    """ "A beats B", "A beats B, C and D", with a comma after a first hand that has one inside."""
    first, rest = named[0], named[1:]
    return f"{first}{',' if ',' in first else ''} beats {said_list(rest)}"


def summary(inputs: Mapping[str, Any], rules: PokerRules | Mapping[str, Any]) -> list[str]:
    """The showdown in one or two sentences: who beats whom with what, and how the chips go."""
    s = _solve(inputs, rules)
    raw = _hands_input(inputs)
    board = len(cards_field(inputs, "board", required=False))
    chose = {n: len(_cards(c, "hands")) + board > 5 for n, c in raw.items()}
    highs: dict[str, PokerHand] = s["highs"]
    if "hands" not in inputs:
        words = _hand_words(highs["hand"], True, chose["hand"])
        return [words[:1].upper() + words[1:] + "."]
    ranked = [n for group in s["order"] for n in group]
    names = [highs[n].name for n in ranked]
    full = len(ranked) <= 3

    def said(name: str, hand: PokerHand | None, whole: bool, alike: bool = False) -> str:
        assert hand is not None
        return f"{name}’s {_hand_words(hand, whole, chose[name] or alike)}"

    def high(count: int) -> list[str]:
        alike = len(names) > 1 and names[0] == names[1]
        return [said(n, highs[n], i < 2 or full, alike and i < 2) for i, n in enumerate(ranked[:count])]

    winners = s["order"][0]
    pay = _payouts(s)
    paid = ", ".join(f"{n} {c}" for n, c in pay.items() if c)
    if s["variant"].hilo:
        top = high(1)[0] + (" wins high" if len(winners) == 1 else f" ties for high with {said_list(winners[1:])}")
        if not s["low_order"]:
            return [f"{top}.", f"No low hand qualifies, so {said_list(winners)} {'takes' if len(winners) == 1 else 'share'} the whole pot."]
        lows = [n for group in s["low_order"] for n in group]
        low = [said(n, s["lows"][n], True) for n in lows]
        out = [f"{top}; {_beats(low) if len(low) > 1 else low[0] + ' is the only low hand'} for low."]
        shares = {c for c in pay.values() if c}
        if len(shares) == 1 and len([c for c in pay.values() if c]) > 1:
            out.append(f"{said_list([n for n, c in pay.items() if c])} take {shares.pop()} each.")
        elif paid:
            out.append(f"The pot of {s['pot']} is shared: {paid}.")
        return out
    named = dict(zip(ranked, high(len(ranked))))

    def beaten(groups: Sequence[Sequence[str]]) -> list[str]:
        """The hands below the winners, players who tie among them said together."""
        return [named[g[0]] if len(g) == 1 else f"{said_list(g)}, who tie with {_hand_words(highs[g[0]], full, False)}"
                for g in groups]

    if len(winners) > 1:
        hand = highs[winners[0]]
        sentence = f"{said_list(winners)} tie with the same {_hand_words(hand, True, chose[winners[0]])}"
        if s["order"][1:]:
            sentence += ", ahead of " + said_list(beaten(s["order"][1:]))
        return [sentence + ".", f"They split the pot of {s['pot']}: {paid}." if paid else "They split the pot."]
    sentence = _beats([named[winners[0]], *beaten(s["order"][1:])]) if len(ranked) > 1 else f"{named[winners[0]]} wins"
    if paid:
        sentence += f"; {winners[0]} takes the pot of {s['pot']}"
    return [sentence + "."]


# ------------------------------------------------------------------ the booklet's tables

#: What sentences call poker hands (categories, and the names some of them go by).
POKER_TERMS: tuple[str, ...] = (*pr.CATEGORY_NAMES, "royal flush", "pair", "trips", "quads")

#: Category names from best to worst, as the engine reports them.
CATEGORY_ORDER: tuple[str, ...] = tuple(reversed(pr.CATEGORY_NAMES))


def frequency_table(
    cards: int = 5, wild: Sequence[str] = (), title: str = "", memo: Memo = no_memo
) -> Table:
    """How many hands of each category there are among all `cards`-card hands, with the chance
    and the odds against; `wild` cards wild (five or seven cards). `[low-hole]` counts seven-card
    stud deals instead, each player's lowest hole card wild. The count takes seconds: `memo` may
    remember it.

    >>> counts = {"four of a kind": 624, "full house": 3744, "high card": 2594592}
    >>> frequency_table(5, memo=lambda key, args, count: counts).rows[0]
    ('Four of a kind', '624', '0.0240 %', '4,164 : 1')
    """
    if isinstance(cards, bool) or not isinstance(cards, int) or cards not in (5, 6, 7):
        raise ExampleError(f"cards: expected 5, 6 or 7 for poker frequencies, got {cards!r}", "cards")
    wild = [str(w) for w in wild]
    if wild and cards == 6:
        raise ExampleError("cards: poker frequencies with wild cards are counted for 5 or 7 cards, not 6", "cards")
    low_hole = _low_hole(cards, wild)
    counts = memo(
        f"poker-frequencies-{cards}",
        {"cards": cards, "wild": list(wild)},
        low_hole_wild_counts if low_hole else lambda: hand_frequencies(cards, wild=tuple(wild)),
    )
    return frequency_rows(counts, cards, wild, title)


def _low_hole(cards: int, wild: Sequence[str]) -> bool:
    """Whether a table asks for low-hole-card wild; it stands alone, with seven cards."""
    if not any(w.strip().lower() == LOW_HOLE for w in wild):
        return False
    if len(wild) > 1:
        raise ExampleError(f"wild: {LOW_HOLE} stands alone (the lowest hole card is the only wild rank), got {list(wild)}", "wild")
    if cards != 7:
        raise ExampleError(f"cards: {LOW_HOLE} is counted for seven-card stud, cards: 7, not {cards}", "cards")
    return True


def odds_against(against: int, for_: int) -> str:
    """Odds as a table prints them: a tenth where it tells (1.4, 46.3), whole from 100 (4,164), as
    long odds are given; never a ".0" (2 : 1, not 2.0 : 1).

    >>> odds_against(2598960 - 40, 40), odds_against(4636, 1000), odds_against(20, 10), odds_against(4164, 1)
    ('64,973', '4.6', '2', '4,164')
    """
    value = against / for_
    text = f"{value:,.0f}" if value >= 100 else f"{value:,.1f}"
    return text[:-2] if text.endswith(".0") else text


def frequency_rows(counts: Mapping[str, int], cards: int, wild: Sequence[str] = (), title: str = "") -> Table:
    """The frequency table from counts per category (what `frequency_table` shows)."""
    total = sum(counts.values())
    if total <= 0:
        raise ExampleError(f"cards: the poker engine counted no hands of {cards} cards", "cards")
    order = [c for c in CATEGORY_ORDER if c in counts] + sorted(c for c in counts if c not in CATEGORY_ORDER)
    rows = []
    for category in order:
        n = counts[category]
        if n == 0 and category == "five of a kind":
            continue
        chance = 100.0 * n / total
        odds = "—" if n == 0 else ("even" if n * 2 >= total else f"{odds_against(total - n, n)} : 1")
        shown = "never" if n == 0 else f"{chance:.4f} %" if chance < 0.1 else f"{chance:.2f} %"
        rows.append((category[:1].upper() + category[1:], number(n), shown, odds))
    if _low_hole(cards, wild):
        default_title = "Low hole card wild, seven-card stud: how often each category is the best five"
        ways = "Deals"
        note = (
            f"Counted over all {number(total)} deals of {HOLE} hole cards and "
            f"{cards - HOLE} up cards from 52 cards."
        )
    else:
        wild_text = f", {', '.join(str(w) for w in wild)} wild" if wild else ""
        default_title = f"{cards}-card hands{wild_text}: how often each category is the best five"
        ways = "Ways"
        note = f"Counted over all {number(total)} possible {cards}-card hands from {_deck_size(wild)} cards."
    return Table(
        title=title or default_title,
        header=("Hand", ways, "Chance", "Odds against"),
        rows=tuple(rows),
        align=("left", "right", "right", "right"),
        note=note,
    )


def _deck_size(wild: Sequence[str]) -> int:
    """52, and one more for each joker the wild cards name (Jk, Jk2)."""
    return 52 + wild_tokens(wild)[1]


def _frequency_table(rules: PokerRules | Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    cards = options.get("cards", 5)
    wild = options.get("wild") or []
    if not isinstance(wild, list):
        raise ExampleError(f"wild: expected a list of wild ranks or cards, e.g. [2], [K, lowest] or [low-hole], got {wild!r}", "wild")
    return frequency_table(cards, [str(w) for w in wild], str(options.get("title", "")), memo)


POKER = GameSpec(
    name="poker",
    title="Poker hands and showdowns",
    inputs={
        "hand": "one player's cards",
        "hands": "a showdown: names with their cards, listed clockwise round the table",
        "board": "community cards shared by every hand (hold'em, Omaha)",
        "variant": "high (default), holdem, omaha, omaha-hilo, omaha-5, omaha-5-hilo, omaha-6, omaha-6-hilo, stud, draw, three-card, brag, lowball-a5",
        "wild": "wild ranks or cards, e.g. [2] or [A, 2, J♠, J♥]; Jk for jokers; lowest for low man",
        "pot": "chips in the pot, to share among the winners",
        "button": "the player holding the dealer button (default: the last one listed)",
    },
    quantities=(
        Quantity("category", "str", "the hand's category, e.g. full house (in a showdown: the winning hand's)"),
        Quantity("name", "str", "the hand as a player names it, e.g. Full house, nines full of fours"),
        Quantity("best", "cards", "the cards that make the hand, as dealt"),
        Quantity("winners", "set", "who wins the (high) pot; several on a tie"),
        Quantity("order", "ranking", "names best to worst; ties share a nested list"),
        Quantity("low_winners", "set", "omaha-hilo: who wins the low half; empty when no low qualifies"),
        Quantity("low", "str", "omaha-hilo: the best qualifying low hand's name, or none"),
        Quantity("categories", "mapping", "each player's category"),
        Quantity("names", "mapping", "each player's hand name"),
        Quantity("payouts", "mapping", "chips each player receives from `pot`"),
    ),
    compute=compute,
    rules=PokerRules,
    explain=explain,
    summary=summary,
    terms=POKER_TERMS,
    card_inputs=("hand", "hands", "board"),
    choices={
        "variant": tuple(Choice(v.name, v.label) for v in VARIANTS.values()),
        "wild": (Choice("lowest", "each hand’s lowest card"),),
    },
    tables=(
        TableDef(
            "poker-frequencies",
            "hands of each category, chance and odds against",
            _frequency_table,
            options={
                "cards": "5, 6 or 7 (default 5)",
                "wild": "wild ranks or cards, 5 or 7 cards, e.g. [2], [Jk], [A, 2, J♠, J♥], [K, lowest]; "
                "[low-hole] for seven-card stud with each player's lowest hole card wild",
                "title": "the table's own title",
            },
            slow=True,
        ),
    ),
    default_tables=(
        {"table": "poker-frequencies", "cards": 5},
        {"table": "poker-frequencies", "cards": 7},
        {
            "table": "poker-frequencies",
            "cards": 5,
            "wild": ["A", "2", "J♠", "J♥"],
            "title": "Acey-Deucey-One-Eyed-Jack: five cards, aces, deuces and one-eyed jacks wild",
        },
        {
            "table": "poker-frequencies",
            "cards": 7,
            "wild": ["2"],
            "title": "Deuces wild, seven cards: how often each category is the best five",
        },
        {
            "table": "poker-frequencies",
            "cards": 5,
            "wild": ["K", "lowest"],
            "title": "Kings and Low Man: five cards, kings and each hand's lowest card wild",
        },
    ),
)

GAMES = [POKER]
