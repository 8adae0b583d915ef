"""Canasta (the four-handed partnership game): a side's score for a deal, and the score sheet.

A side scores the published value of every card it melded, bonuses for its
canastas (melds of seven or more), red threes and going out, and loses the
value of the cards left in both partners' hands. The score so far decides
how much a side's first meld of the next deal must be worth.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, format_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, read_cards, rule, said_list, unique_cards
from deckgen.engine.tally import scores_field, sole_leader

CANASTA_SIZE = 7


def is_wild(card: Card) -> bool:
    return card.is_joker or card.rank == Rank.TWO


def card_value(card: Card) -> int:
    """The published values: joker 50, two and ace 20, eight to king 10, four to seven and black three 5."""
    if card.is_joker:
        return 50
    assert card.rank is not None
    if card.rank in (Rank.TWO, Rank.ACE):
        return 20
    if int(card.rank) >= 8:
        return 10
    if card.rank == Rank.THREE and card.is_red:
        raise ExampleError(f"{card} is a red three: it is laid out as a bonus, never melded or held", "sides")
    return 5


def check_meld(meld: list[Card], rules: CanastaRules | Mapping[str, Any], going_out: bool) -> str:
    """'natural canasta', 'mixed canasta' or 'meld'; an illegal meld is an ExampleError."""
    house = CanastaRules.of(rules)
    shown = format_cards(meld)
    natural = [c for c in meld if not is_wild(c)]
    wild = len(meld) - len(natural)
    if len(meld) < 3 or len({c.rank for c in natural}) != 1:
        raise ExampleError(f"melds: {shown} is not a meld: three or more cards of one rank (wild cards help)", "sides")
    if len(natural) < 2:
        raise ExampleError(f"melds: {shown} needs at least two natural cards", "sides")
    if wild > house.max_wild:
        raise ExampleError(f"melds: {shown} has {wild} wild cards; at most {house.max_wild} are allowed", "sides")
    rank = natural[0].rank
    if rank == Rank.THREE:
        if any(c.is_red for c in natural):
            raise ExampleError(f"melds: {shown}: red threes are never melded", "sides")
        if wild or not going_out:
            raise ExampleError(f"melds: {shown}: black threes meld only when going out, without wild cards", "sides")
    if len(meld) >= CANASTA_SIZE:
        return "natural canasta" if wild == 0 else "mixed canasta"
    return "meld"


def minimum_first_meld(score: int) -> int:
    """What the first meld of a deal must be worth, by the side's score before it."""
    if score < 0:
        return 15
    if score < 1500:
        return 50
    if score < 3000:
        return 90
    return 120


def _side(name: str, raw: Any) -> dict[str, Any]:
    if not isinstance(raw, Mapping):
        raise ExampleError(f"sides.{name}: expected melds, red_threes, out and hands", "sides")
    unknown = set(raw) - {"melds", "red_threes", "out", "hands"}
    if unknown:
        raise ExampleError(f"sides.{name}: unknown field '{sorted(unknown)[0]}' (melds, red_threes, out, hands)", "sides")
    melds_raw = raw.get("melds") or []
    if not isinstance(melds_raw, list):
        raise ExampleError(f"sides.{name}.melds: expected a list of card strings", "sides")
    red = raw.get("red_threes", 0)
    if isinstance(red, bool) or not isinstance(red, int) or not 0 <= red <= 4:
        raise ExampleError(f"sides.{name}.red_threes: expected 0 to 4, got {red!r}", "sides")
    out = raw.get("out", False)
    if out not in (True, False, "concealed"):
        raise ExampleError(f"sides.{name}.out: expected true, false or concealed, got {out!r}", "sides")
    hands = raw.get("hands") or ""
    return {
        "melds": [read_cards(m, f"sides.{name}.melds") for m in melds_raw],
        "red_threes": red,
        "out": out,
        "hands": read_cards(hands, f"sides.{name}.hands") if hands else [],
    }


def score_side(side: Mapping[str, Any], rules: CanastaRules | Mapping[str, Any]) -> dict[str, int]:
    """The parts of one side's score: bonuses, melded cards, cards left in hand, and the total."""
    house = CanastaRules.of(rules)
    out = side["out"]
    kinds = [check_meld(m, house, bool(out)) for m in side["melds"]]
    if out and not any("canasta" in k for k in kinds):
        raise ExampleError("sides: a side needs a canasta before it may go out", "sides")
    bonus = sum(house.natural_canasta if k == "natural canasta" else house.mixed_canasta
                for k in kinds if "canasta" in k)
    reds = side["red_threes"]
    red_points = house.all_red_threes if reds == 4 else reds * house.red_three
    if not side["melds"]:
        red_points = -red_points
    if out:
        bonus += house.going_out
        if out == "concealed":
            bonus += house.concealed_bonus
    melded = sum(card_value(c) for m in side["melds"] for c in m)
    in_hand = sum(card_value(c) for c in side["hands"])
    total = bonus + red_points + melded - in_hand
    return {"bonuses": bonus + red_points, "melded": melded, "in_hand": in_hand, "total": total}


def compute(inputs: Mapping[str, Any], rules: CanastaRules | Mapping[str, Any]) -> dict[str, Any]:
    house = CanastaRules.of(rules)
    raw = inputs.get("sides")
    if not isinstance(raw, Mapping) or len(raw) != 2:
        raise ExampleError("sides: expected the two partnerships, e.g. {We: {...}, They: {...}}", "sides")
    sides = {str(k): _side(str(k), v) for k, v in raw.items()}
    if sum(1 for s in sides.values() if s["out"]) > 1:
        raise ExampleError("sides: only one side can go out", "sides")
    if sum(s["red_threes"] for s in sides.values()) > 4:
        raise ExampleError("sides: there are only four red threes", "sides")
    every = [c for s in sides.values() for m in s["melds"] for c in m] + [c for s in sides.values() for c in s["hands"]]
    unique_cards(every, copies=2, where="canasta")
    parts = {name: score_side(s, house) for name, s in sides.items()}
    before = scores_field(inputs, "scores", list(sides))
    totals = {n: before[n] + parts[n]["total"] for n in sides}
    return {
        "points": {n: p["total"] for n, p in parts.items()},
        "bonuses": {n: p["bonuses"] for n, p in parts.items()},
        "melded": {n: p["melded"] for n, p in parts.items()},
        "in_hand": {n: p["in_hand"] for n, p in parts.items()},
        "totals": totals,
        "first_meld": {n: minimum_first_meld(t) for n, t in totals.items()},
        "winner": _winner(totals, house.game_points),
    }


def _winner(totals: Mapping[str, int], game_points: int) -> str:
    return sole_leader(totals, game_points)


def explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    r = compute(inputs, rules)
    lines = [
        f"{n}: bonuses {r['bonuses'][n]}, cards melded {r['melded'][n]}, less {r['in_hand'][n]} in hand: {r['points'][n]}"
        for n in r["points"]
    ]
    lines.append("Totals: " + ", ".join(f"{n} {t}" for n, t in r["totals"].items()))
    return lines


def summary(inputs: Mapping[str, Any], rules: CanastaRules | Mapping[str, Any]) -> list[str]:
    """A sentence per side: what it scores and what that is made of; the winner at the end."""
    house = CanastaRules.of(rules)
    r = compute(inputs, house)
    sides = {str(k): _side(str(k), v) for k, v in inputs["sides"].items()}
    carried = "scores" in inputs
    out = []
    for n, side in sides.items():
        bonuses, melded, in_hand, points = r["bonuses"][n], r["melded"][n], r["in_hand"][n], r["points"][n]
        plus = [f"{bonuses} in bonuses"] if bonuses > 0 else []
        plus += [f"{melded} melded"] if melded else []
        minus = [f"{-bonuses} for red threes with no meld"] if bonuses < 0 else []
        minus += [f"{in_hand} left in hand"] if in_hand else []
        if plus:
            made = said_list(plus) + (f", less {said_list(minus)}" if minus else "")
        else:
            made = said_list(minus) or "nothing"
        if side["out"]:
            verb = "go out concealed with" if side["out"] == "concealed" else "go out with"
        else:
            verb = "score" if points >= 0 else "lose"
        total = f" ({r['totals'][n]} in all)" if carried else ""
        out.append(f"{n} {verb} {abs(points) if verb == 'lose' else points}{total}: {made}")
    ending = f"; {r['winner']} pass {house.game_points} and win" if r["winner"] else ""
    return [out[0] + ".", "; ".join(out[1:]) + ending + "."]


def compute_sheet(inputs: Mapping[str, Any], rules: CanastaSheetRules | Mapping[str, Any]) -> dict[str, Any]:
    house = CanastaSheetRules.of(rules)
    deals = inputs.get("deals")
    if not isinstance(deals, list) or not deals or not all(isinstance(d, Mapping) for d in deals):
        raise ExampleError("deals: expected a list of deals, each {We: points, They: points}", "deals")
    names = [str(k) for k in deals[0]]
    running: dict[str, list[int]] = {n: [] for n in names}
    totals = {n: 0 for n in names}
    for i, deal in enumerate(deals, 1):
        scores = scores_field({"deals": deal}, "deals", names)
        if set(map(str, deal)) != set(names):
            raise ExampleError(f"deals: deal {i} names other sides than deal 1", "deals")
        totals = {n: totals[n] + scores[n] for n in names}
        for n in names:
            running[n].append(totals[n])
    return {
        "running": running,
        "totals": totals,
        "first_meld": {n: minimum_first_meld(t) for n, t in totals.items()},
        "winner": _winner(totals, house.game_points),
    }


def summary_sheet(inputs: Mapping[str, Any], rules: CanastaSheetRules | Mapping[str, Any]) -> list[str]:
    """The running totals in one sentence, what they mean for the next first meld in another."""
    house = CanastaSheetRules.of(rules)
    r = compute_sheet(inputs, house)
    deals = len(next(iter(r["running"].values())))
    runs = [f"{n} have {said_list([str(t) for t in totals])}" for n, totals in r["running"].items()]
    first = f"After each of the {deals} deals, {'; '.join(runs)}."
    if deals == 1:
        first = "After one deal, " + said_list([f"{n} have {t}" for n, t in r["totals"].items()]) + "."
    if r["winner"]:
        return [first, f"{r['winner']} pass {house.game_points} and win."]
    return [first, f"For the next first meld {said_list([f'{n} need {m}' for n, m in r['first_meld'].items()])}."]


def explain_sheet(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    r = compute_sheet(inputs, rules)
    names = list(r["running"])
    lines = [
        f"After deal {i + 1}: " + ", ".join(f"{n} {r['running'][n][i]}" for n in names)
        for i in range(len(r["running"][names[0]]))
    ]
    lines.append("Next first meld needs: " + ", ".join(f"{n} {m}" for n, m in r["first_meld"].items()))
    return lines


@dataclass(frozen=True)
class CanastaRules(Rules):
    """Bonuses, the wild-card limit of a meld and the game total."""

    game: ClassVar[str] = "canasta"
    natural_canasta: int = rule(
        500,
        'Natural canasta bonus',
        'Bonus for a canasta with no wild card.',
        minimum=0,
    )
    mixed_canasta: int = rule(
        300,
        'Mixed canasta bonus',
        'Bonus for a canasta with one to three wild cards.',
        minimum=0,
    )
    red_three: int = rule(
        100,
        'Red three bonus',
        'Bonus for each red three (minus, for a side that has not melded).',
        minimum=0,
    )
    all_red_threes: int = rule(
        800,
        'All four red threes',
        'Bonus for all four red threes held by one side.',
        minimum=0,
    )
    going_out: int = rule(
        100,
        'Going-out bonus',
        'Bonus for going out.',
        minimum=0,
    )
    concealed_bonus: int = rule(
        100,
        'Concealed going-out extra',
        'Extra bonus for going out concealed (the whole hand melded in one turn).',
        minimum=0,
    )
    max_wild: int = rule(
        3,
        'Most wild cards in a meld',
        'The most wild cards one meld may hold.',
        minimum=0,
    )
    game_points: int = rule(
        5000,
        'Points for game',
        'The total that wins the game.',
        minimum=1,
    )


@dataclass(frozen=True)
class CanastaSheetRules(Rules):
    """The game total."""

    game: ClassVar[str] = "canasta-sheet"
    game_points: int = rule(
        5000,
        'Points for game',
        'The total that wins the game.',
        minimum=1,
    )


SPEC = GameSpec(
    name="canasta",
    title="Canasta: scoring a deal",
    inputs={
        "sides": "the two partnerships, {name: {melds: [cards, ...], red_threes: n, out: true|false|concealed, hands: cards}}",
        "scores": "each side's score before this deal, {name: points} (optional)",
    },
    phrases={"out": ("went out", "did not go out")},
    quantities=(
        Quantity("points", "mapping", "each side's score for the deal"),
        Quantity("bonuses", "mapping", "each side's canasta, red-three and going-out bonuses"),
        Quantity("melded", "mapping", "each side's value of the cards melded"),
        Quantity("in_hand", "mapping", "each side's value of the cards left in the partners' hands"),
        Quantity("totals", "mapping", "each side's total after the deal"),
        Quantity("first_meld", "mapping", "the least each side's first meld of the next deal must count"),
        Quantity("winner", "str", "the side alone at the top once a side reaches the game total"),
    ),
    compute=compute,
    rules=CanastaRules,
    required=("sides",),
    explain=explain,
    summary=summary,
)

SHEET_SPEC = GameSpec(
    name="canasta-sheet",
    title="Canasta: the score sheet",
    inputs={"deals": "each deal's scores in order, [{We: points, They: points}, ...]"},
    quantities=(
        Quantity("running", "mapping", "each side's running total after each deal, {name: [total, ...]}"),
        Quantity("totals", "mapping", "each side's total"),
        Quantity("first_meld", "mapping", "the least each side's next first meld must count"),
        Quantity("winner", "str", "the side alone at the top once a side reaches the game total"),
    ),
    compute=compute_sheet,
    rules=CanastaSheetRules,
    required=("deals",),
    explain=explain_sheet,
    summary=summary_sheet,
)

GAMES = [SPEC, SHEET_SPEC]

__all__ = ["card_value", "check_meld", "minimum_first_meld", "score_side", "SPEC", "SHEET_SPEC", "GAMES"]
