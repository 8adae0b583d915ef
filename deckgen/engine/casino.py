"""Casino: the count at the end of a deal, from the cards each player captured and their sweeps.

Eleven points are out in every deal: most cards 3, most spades 1, big casino
(the ten of diamonds) 2, little casino (the two of spades) 1, each ace 1; and
each sweep (taking every card from the table) adds 1. A tie for most cards or
most spades scores nothing for that item.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit
from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, Rules, rule, unique_cards
from deckgen.engine.tally import hands_field, scores_field, sole_leader

BIG_CASINO = Card(Rank.TEN, Suit.DIAMONDS)
LITTLE_CASINO = Card(Rank.TWO, Suit.SPADES)


def items(
    captures: Mapping[str, list[Card]],
    sweeps: Mapping[str, int],
    rules: CasinoRules | Mapping[str, Any],
    counts: Mapping[str, tuple[int, int]] | None = None,
) -> dict[str, list[tuple[str, int]]]:
    """What each player scores in the deal, item by item; `counts` gives (cards, spades) taken when
    `captures` lists only the cards that score on their own."""
    house = CasinoRules.of(rules)
    out: dict[str, list[tuple[str, int]]] = {name: [] for name in captures}
    if counts is None:
        counts = {n: (len(cs), sum(1 for c in cs if c.suit == Suit.SPADES)) for n, cs in captures.items()}
    for label, points, index in (("most cards", house.cards_points, 0), ("most spades", house.spades_points, 1)):
        sizes = {name: counts[name][index] for name in captures}
        top = max(sizes.values())
        leaders = [n for n, v in sizes.items() if v == top]
        if len(leaders) == 1 and top > 0:
            out[leaders[0]].append((label, points))
    for name, cards in captures.items():
        if BIG_CASINO in cards:
            out[name].append(("big casino", house.big_casino_points))
        if LITTLE_CASINO in cards:
            out[name].append(("little casino", house.little_casino_points))
        aces = sum(1 for c in cards if c.rank == Rank.ACE)
        if aces:
            out[name].append((f"{aces} ace{'s' if aces > 1 else ''}", aces))
        if sweeps.get(name) and house.sweeps_count:
            out[name].append((f"{sweeps[name]} sweep{'s' if sweeps[name] > 1 else ''}", sweeps[name]))
    return out


def _read(inputs: Mapping[str, Any]) -> tuple[dict[str, list[Card]], dict[str, int], dict[str, tuple[int, int]]]:
    captures = hands_field(inputs, "captures", "captured cards")
    every = [c for cs in captures.values() for c in cs]
    if any(c.is_joker for c in every):
        raise ExampleError("captures: casino is played without jokers", "captures")
    unique_cards(every, where="captures")
    names = list(captures)
    sweeps = scores_field(inputs, "sweeps", names)
    given_cards = scores_field(inputs, "cards", names) if "cards" in inputs else None
    given_spades = scores_field(inputs, "spades", names) if "spades" in inputs else None
    counts: dict[str, tuple[int, int]] = {}
    for name, cs in captures.items():
        listed = (len(cs), sum(1 for c in cs if c.suit == Suit.SPADES))
        n_cards = given_cards[name] if given_cards else listed[0]
        n_spades = given_spades[name] if given_spades else listed[1]
        if n_cards < listed[0] or n_spades < listed[1] or n_spades > n_cards:
            raise ExampleError(f"cards/spades: {name}'s counts are fewer than the cards listed in captures", "cards")
        counts[name] = (n_cards, n_spades)
    if any(v < 0 for v in sweeps.values()):
        raise ExampleError("sweeps: a number of sweeps cannot be negative", "sweeps")
    if sum(c for c, _ in counts.values()) > 52 or sum(s for _, s in counts.values()) > 13:
        raise ExampleError("cards/spades: more cards or spades captured than the pack holds", "cards")
    return captures, sweeps, counts


#: The order a deal's points are counted in when counting out (house rule count_out): the
#: scoring table's order, the sweeps last.
COUNT_ORDER = ("most cards", "most spades", "big casino", "little casino", "ace", "sweep")


def counted_out(before: Mapping[str, int], scored: Mapping[str, list[tuple[str, int]]], target: int) -> str:
    """Who reaches `target` first when the deal's points are counted item by item in COUNT_ORDER;
    NOBODY ("") when nobody does, or when two get there on the same item (then the higher total wins)."""
    running = dict(before)
    for kind in COUNT_ORDER:
        for name, parts in scored.items():
            running[name] += sum(p for label, p in parts if label.rstrip("s").endswith(kind) or label == kind)
        there = [n for n, t in running.items() if t >= target]
        if len(there) == 1:
            return there[0]
        if there:
            return NOBODY
    return NOBODY


def compute(inputs: Mapping[str, Any], rules: CasinoRules | Mapping[str, Any]) -> dict[str, Any]:
    house = CasinoRules.of(rules)
    captures, sweeps, counts = _read(inputs)
    scored = items(captures, sweeps, house, counts)
    points = {name: sum(p for _, p in parts) for name, parts in scored.items()}
    before = scores_field(inputs, "scores", list(captures))
    totals = {name: before[name] + points[name] for name in points}
    winner = sole_leader(totals, house.game_points)
    passed = [n for n, t in totals.items() if t >= house.game_points]
    if house.count_out and len(passed) > 1:
        winner = counted_out(before, scored, house.game_points) or winner
    return {
        "points": points,
        "totals": totals,
        "winner": winner,
        "cards": {name: counts[name][0] for name in captures},
    }


def explain(inputs: Mapping[str, Any], rules: CasinoRules | Mapping[str, Any]) -> list[str]:
    captures, sweeps, counts = _read(inputs)
    scored = items(captures, sweeps, rules, counts)
    lines = []
    for name, parts in scored.items():
        said = ", ".join(f"{label} {p}" for label, p in parts) or "nothing"
        n_cards, n_spades = counts[name]
        lines.append(f"{name} took {n_cards} cards, {n_spades} of them spades: {said}, {sum(p for _, p in parts)} in all")
    return lines


def summary(inputs: Mapping[str, Any], rules: CasinoRules | Mapping[str, Any]) -> list[str]:
    """Each player's points and what earned them, in one sentence."""
    captures, sweeps, counts = _read(inputs)
    scored = items(captures, sweeps, rules, counts)
    said = []
    for name, parts in scored.items():
        what = ", ".join(f"{label} {p}" for label, p in parts)
        said.append(f"{name} scores {sum(p for _, p in parts)}" + (f" ({what})" if what else ""))
    return ["; ".join(said) + "."]


@dataclass(frozen=True)
class CasinoRules(Rules):
    """What each scoring item is worth, and the game total."""

    game: ClassVar[str] = "casino"
    cards_points: int = rule(
        3,
        'Points for most cards',
        'Points for capturing the most cards (nothing on a tie).',
        minimum=0,
    )
    spades_points: int = rule(
        1,
        'Points for most spades',
        'Points for capturing the most spades (nothing on a tie).',
        minimum=0,
    )
    big_casino_points: int = rule(
        2,
        'Points for big casino',
        'Points for the ten of diamonds.',
        minimum=0,
    )
    little_casino_points: int = rule(
        1,
        'Points for little casino',
        'Points for the two of spades.',
        minimum=0,
    )
    sweeps_count: bool = rule(
        True,
        'Sweeps score',
        'Whether a sweep (clearing the table) scores a point.',
        phrases=("sweeps score", "no points for sweeps"),
    )
    game_points: int = rule(
        21,
        'Points for game',
        'Points that win the game when scores are kept over several deals.',
        minimum=1,
    )
    count_out: bool = rule(
        False,
        'Counting out',
        'When both players pass the game total in one deal: count the points in the order of the scoring table '
        '(cards, spades, big casino, little casino, aces, then sweeps) and the first to reach it wins, '
        'instead of the higher total.',
        phrases=("counting out", "the higher total wins when both pass"),
    )


SPEC = GameSpec(
    name="casino",
    title="Casino: the count after a deal",
    inputs={
        "captures": "each player's captured cards, {name: cards}: all of them, or only those that score (aces, casinos) with 'cards' and 'spades'",
        "cards": "how many cards each player captured, {name: number} (optional: else counted from captures)",
        "spades": "how many spades each player captured, {name: number} (optional: else counted from captures)",
        "sweeps": "sweeps each player made, {name: number} (optional)",
        "scores": "each player's score before this deal, {name: points} (optional)",
    },
    quantities=(
        Quantity("points", "mapping", "each player's points for the deal"),
        Quantity("totals", "mapping", "each player's total with the scores before"),
        Quantity("winner", "str", "who has reached the game total alone (none otherwise)"),
        Quantity("cards", "mapping", "how many cards each player captured"),
    ),
    compute=compute,
    rules=CasinoRules,
    required=("captures",),
    explain=explain,
    summary=summary,
    card_inputs=("captures",),
)

GAMES = [SPEC]

__all__ = ["BIG_CASINO", "LITTLE_CASINO", "items", "SPEC", "GAMES"]
