"""Contract bridge, a rubber: below and above the line, games, and the rubber or unfinished bonuses.

Each deal is scored by `bridge_deal.score_deal` with rubber scoring (no game or
part-score bonus on the deal); the rubber's own bonuses are house rules
(`bridge_rules.RubberRules`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deckgen.engine.base import ExampleError, GameSpec, Quantity, Record
from deckgen.engine.bridge_deal import Contract, check_honours, check_tricks, parse_contract, score_deal
from deckgen.engine.bridge_rules import RubberRules, own_rules

__all__ = ["BRIDGE_RUBBER", "SIDES", "RubberDeal", "RubberResult", "parse_rubber_deal", "play_rubber"]

# ------------------------------------------------------------------ a rubber

SIDES = ("NS", "EW")
_SEAT_SIDE = {"N": "NS", "S": "NS", "NS": "NS", "E": "EW", "W": "EW", "EW": "EW"}


@dataclass(frozen=True)
class RubberDeal:
    """One deal of a rubber: who declared what, and how many tricks they took."""

    side: str
    contract: Contract
    tricks: int
    honours: int = 0


@dataclass(frozen=True)
class RubberResult:
    below: dict[str, int]
    above: dict[str, int]
    games: dict[str, int]
    deal_scores: list[int]
    finished: bool
    rubber_winner: str
    rubber_bonus: int
    unfinished_bonus: dict[str, int]
    ended_at: int
    #: One short line per deal saying where its points went (for the booklet's account).
    notes: tuple[str, ...] = ()
    #: Whether the declaring side was vulnerable, deal by deal (False for a deal passed out).
    vulnerable: tuple[bool, ...] = ()

    @property
    def totals(self) -> dict[str, int]:
        return {s: self.below[s] + self.above[s] for s in SIDES}


def _side(value: Any, where: str) -> str:
    side = _SEAT_SIDE.get(str(value).strip().upper())
    if side is None:
        raise ExampleError(f"{where}: '{value}' is not a side: expected NS or EW (or a seat N, E, S, W)", where)
    return side


def parse_rubber_deal(entry: Any, number: int) -> RubberDeal | None:
    """A deal as `NS 4♥ 10`, as {by: NS, contract: 4♥, tricks: 10, honours: 100}, or `pass` (None)."""
    where = f"deals: deal {number}"
    if entry is None or (isinstance(entry, str) and entry.strip().lower() in ("pass", "passed")):
        return None
    if isinstance(entry, str):
        parts = entry.split()
        if len(parts) != 3:
            raise ExampleError(
                f"{where}: '{entry}' should be side, contract and tricks, e.g. 'NS 4♥ 10', or 'pass'", "deals"
            )
        side, text, tricks_text = parts
        try:
            tricks: Any = int(tricks_text)
        except ValueError:
            raise ExampleError(f"{where}: '{tricks_text}' is not a number of tricks", "deals") from None
        contract = parse_contract(text, where)
        return RubberDeal(_side(side, where), contract, check_tricks(tricks, where))
    if isinstance(entry, dict):
        unknown = set(entry) - {"by", "contract", "tricks", "honours"}
        missing = {"by", "contract", "tricks"} - set(entry)
        if unknown or missing:
            bad = sorted(unknown)[0] if unknown else sorted(missing)[0]
            what = "unknown field" if unknown else "missing field"
            raise ExampleError(f"{where}: {what} '{bad}' (expected by, contract, tricks, honours)", "deals")
        contract = parse_contract(entry["contract"], where)
        honours = check_honours(entry.get("honours", 0), contract, f"{where} honours")
        return RubberDeal(_side(entry["by"], where), contract, check_tricks(entry["tricks"], where), honours)
    raise ExampleError(f"{where}: expected 'NS 4♥ 10', a mapping or 'pass', got {entry!r}", "deals")


def play_rubber(
    deals: Sequence[RubberDeal | None], rules: RubberRules | Mapping[str, Any] | None = None
) -> RubberResult:
    """Score a rubber deal by deal: below and above the line, games, the rubber or unfinished bonuses."""
    house = own_rules(rules, RubberRules)
    game_points = max(1, house.game_points)
    below = dict.fromkeys(SIDES, 0)
    above = dict.fromkeys(SIDES, 0)
    current = dict.fromkeys(SIDES, 0)
    games = dict.fromkeys(SIDES, 0)
    scores: list[int] = []
    ended_at = 0
    winner = ""
    bonus = 0
    notes: list[str] = []
    vulnerable: list[bool] = []
    for number, deal in enumerate(deals, start=1):
        if ended_at:
            raise ExampleError(f"deals: deal {number} comes after the rubber ended at deal {ended_at}", "deals")
        if deal is None:
            scores.append(0)
            notes.append(f"{number}. passed out")
            vulnerable.append(False)
            continue
        side = deal.side
        other = SIDES[1 - SIDES.index(side)]
        result = score_deal(deal.contract, games[side] > 0, deal.tricks, house, rubber=True, honours=deal.honours)
        scores.append(result.score)
        vulnerable.append(games[side] > 0)
        holder = side if deal.honours > 0 else other
        above[holder] += abs(deal.honours)
        vul = " (vul)" if games[side] else ""
        note = f"{number}. {side} {deal.contract}{vul}, {deal.tricks} tricks: "
        if result.made:
            below[side] += result.contract_points
            current[side] += result.contract_points
            extra = result.overtrick_points + result.bonus_points
            above[side] += extra
            note += f"{result.contract_points} below" + (f", {extra} above" if extra else "")
            if current[side] >= game_points:
                games[side] += 1
                current = dict.fromkeys(SIDES, 0)
                note += f"; game {side}"
                if games[side] == 2:
                    ended_at = number
                    winner = side
                    bonus = house.rubber_bonus_fast if games[other] == 0 else house.rubber_bonus
                    above[side] += bonus
                    note += f", rubber {bonus}"
        else:
            above[other] -= result.undertrick_points
            note += f"down {deal.contract.level + 6 - deal.tricks}, {-result.undertrick_points} to {other}"
        if deal.honours:
            note += f"; honours {abs(deal.honours)} to {holder}"
        notes.append(note)
    unfinished = dict.fromkeys(SIDES, 0)
    if not ended_at:
        for s in SIDES:
            if games[s] == 1:
                unfinished[s] += house.unfinished_game_bonus
            if current[s] > 0:
                unfinished[s] += house.unfinished_part_score_bonus
            above[s] += unfinished[s]
    return RubberResult(
        below, above, games, scores, bool(ended_at), winner, bonus, unfinished, ended_at, tuple(notes), tuple(vulnerable)
    )


def _rubber(inputs: Mapping[str, Any]) -> list[RubberDeal | None]:
    deals = inputs.get("deals")
    if not isinstance(deals, list):
        raise ExampleError(f"deals: expected a list of deals ('NS 4♥ 10', 'pass' ...), got {deals!r}", "deals")
    return [parse_rubber_deal(d, i) for i, d in enumerate(deals, start=1)]


def _compute_rubber(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    result = play_rubber(_rubber(inputs), rules)
    totals = result.totals
    ns, ew = totals["NS"], totals["EW"]
    return {
        "below_line": result.below,
        "above_line": result.above,
        "totals": totals,
        "games": result.games,
        "deal_scores": result.deal_scores,
        "finished": result.finished,
        "rubber_winner": result.rubber_winner,
        "rubber_bonus": result.rubber_bonus,
        "unfinished_bonus": result.unfinished_bonus,
        "winner": "NS" if ns > ew else "EW" if ew > ns else "",
        "margin": abs(ns - ew),
    }


def _rubber_records(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[Record]:
    """The rubber as a score keeper follows it: a row per deal, who declared what (doubled,
    vulnerable), the tricks taken and the points to the declaring side, honours included."""
    deals = _rubber(inputs)
    result = play_rubber(deals, rules)
    rows = []
    for number, (deal, score, vul) in enumerate(zip(deals, result.deal_scores, result.vulnerable), 1):
        if deal is None:
            rows.append((str(number), "passed out", "", "", ""))
            continue
        contract = str(deal.contract) + (", vulnerable" if vul else "")
        if deal.honours:
            contract += f", honours {abs(deal.honours)}"
        rows.append((str(number), deal.side, contract, str(deal.tricks), f"{score:+d}".replace("-", "\u2212")))
    header = ("Deal", "By", "Contract", "Tricks", "Points")
    return [Record(("deals",), header, tuple(rows), ("right", "left", "left", "right", "right"))]


def _explain_rubber(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    result = play_rubber(_rubber(inputs), rules)
    lines = [
        *result.notes,
        "Below the line: " + " · ".join(f"{s} {result.below[s]}" for s in SIDES),
        "Above the line: " + " · ".join(f"{s} {result.above[s]}" for s in SIDES),
    ]
    if result.finished:
        lines.append(
            f"{result.rubber_winner} win the rubber {result.games[result.rubber_winner]}–"
            f"{min(result.games.values())} at deal {result.ended_at}: bonus {result.rubber_bonus}"
        )
    else:
        extra = " · ".join(f"{s} {result.unfinished_bonus[s]}" for s in SIDES)
        lines.append(f"Rubber unfinished: bonuses {extra}")
    lines.append("Totals: " + " · ".join(f"{s} {result.totals[s]}" for s in SIDES))
    return lines


def _summary_rubber(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """The rubber in two sentences: who won it (or what the unfinished rubber pays), then the totals."""
    result = play_rubber(_rubber(inputs), rules)
    if result.finished:
        w = result.rubber_winner
        first = f"{w} win the rubber {result.games[w]}–{min(result.games.values())} at deal {result.ended_at} and score {result.rubber_bonus} for it"
    else:
        paid = " and ".join(f"{s} {result.unfinished_bonus[s]}" for s in SIDES)
        first = f"The rubber is unfinished, so each side scores for what it has made: {paid}"
    lines = " and ".join(f"{s} {result.below[s]}" for s in SIDES)
    totals = " and ".join(f"{s} {result.totals[s]}" for s in SIDES)
    return [f"{first}.", f"With {lines} below the line, the totals are {totals}."]


BRIDGE_RUBBER = GameSpec(
    name="bridge-rubber",
    title="Contract bridge: a rubber",
    inputs={"deals": "the deals in order: 'NS 4♥ 10' (side, contract, tricks), a mapping with honours, or 'pass'"},
    quantities=(
        Quantity("below_line", "mapping", "each side's contract points (below the line)"),
        Quantity("above_line", "mapping", "each side's overtricks, penalties, bonuses and honours"),
        Quantity("totals", "mapping", "each side's total, above and below the line"),
        Quantity("games", "mapping", "games won by each side"),
        Quantity("deal_scores", "list", "each deal's score to its declaring side, honours included"),
        Quantity("finished", "bool", "whether a side has won two games"),
        Quantity("rubber_winner", "str", "the side that won two games (empty if unfinished)"),
        Quantity("rubber_bonus", "int", "the rubber bonus paid (0 if unfinished)"),
        Quantity("unfinished_bonus", "mapping", "bonuses for a game or part score in an unfinished rubber"),
        Quantity("winner", "str", "the side with more points in total (empty on a tie)"),
        Quantity("margin", "int", "the difference between the sides' totals"),
    ),
    compute=_compute_rubber,
    rules=RubberRules,
    required=("deals",),
    explain=_explain_rubber,
    summary=_summary_rubber,
    records=_rubber_records,
)
