"""Bridge scored between tables: IMP totals of a team match, cross-IMPs and Butler for pairs.

All three turn point differences into IMPs with the one scale in `bridge.imps`.
A team match adds each board's IMPs (the team's scores at its two tables,
netted). Cross-IMPs compare every pair's score on a board with every other
pair's; Butler compares each with a datum, the average of the board's scores
with the top and bottom left out, rounded to ten.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, rule, said_list
from deckgen.engine.bridge import imps


def match_imps(boards: Sequence[tuple[int, int]]) -> list[int]:
    """Each board's IMPs to the team: its result at the first table plus its result at the second."""
    return [imps(a + b) for a, b in boards]


def cross_imps(scores: Mapping[str, int]) -> dict[str, int]:
    """Each pair's IMPs against every other score on the board, added up."""
    return {p: sum(imps(s - t) for q, t in scores.items() if q != p) for p, s in scores.items()}


def round_to(value: float, step: int) -> int:
    """Round to the nearest multiple of `step`, halves away from zero (a datum of 415 is 420)."""
    if step <= 1:
        return int(value + 0.5) if value >= 0 else -int(-value + 0.5)
    n = abs(value) / step
    whole = int(n + 0.5) * step
    return whole if value >= 0 else -whole


def butler_datum(scores: Sequence[int], drop: int, step: int) -> int:
    """The average score with the `drop` highest and `drop` lowest left out, rounded to `step`."""
    ordered = sorted(scores)
    kept = ordered[drop : len(ordered) - drop] if len(ordered) > 2 * drop else ordered
    return round_to(sum(kept) / len(kept), step)


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ExampleError(f"{where}: expected a whole number of points, got {value!r}", where)
    return value


def _boards(inputs: Mapping[str, Any]) -> list[tuple[int, int]]:
    raw = inputs.get("boards")
    if not isinstance(raw, list) or not raw:
        raise ExampleError("boards: expected a list of [score at table 1, score at table 2], each for our team", "boards")
    out = []
    for i, board in enumerate(raw, 1):
        if not isinstance(board, list) or len(board) != 2:
            raise ExampleError(f"boards: board {i} should be [our score at table 1, our score at table 2]", "boards")
        out.append((_int(board[0], "boards"), _int(board[1], "boards")))
    return out


def compute_match(inputs: Mapping[str, Any], rules: ButlerRules | Mapping[str, Any]) -> dict[str, Any]:
    boards = _boards(inputs)
    per = match_imps(boards)
    won = sum(n for n in per if n > 0)
    lost = -sum(n for n in per if n < 0)
    return {"board_imps": per, "imps_for": won, "imps_against": lost, "imps": won - lost}


def explain_match(inputs: Mapping[str, Any], rules: ButlerRules | Mapping[str, Any]) -> list[str]:
    boards = _boards(inputs)
    r = compute_match(inputs, rules)
    lines = [f"Board {i}: {a:+d} and {b:+d} net {a + b:+d}, {n:+d} IMPs" for i, ((a, b), n) in enumerate(zip(boards, r["board_imps"]), 1)]
    lines.append(f"The match: {r['imps_for']} IMPs to {r['imps_against']}, {r['imps']:+d}")
    return lines


def _scores(inputs: Mapping[str, Any]) -> dict[str, int]:
    raw = inputs.get("scores")
    if not isinstance(raw, Mapping) or len(raw) < 2:
        raise ExampleError("scores: expected each pair's score on the board, {pair: points}, from the same direction", "scores")
    return {str(p): _int(v, "scores") for p, v in raw.items()}


def compute_cross(inputs: Mapping[str, Any], rules: ButlerRules | Mapping[str, Any]) -> dict[str, Any]:
    scores = _scores(inputs)
    totals = cross_imps(scores)
    others = len(scores) - 1
    return {"imps": totals, "average": {p: round(n / others, 2) for p, n in totals.items()}}


def explain_cross(inputs: Mapping[str, Any], rules: ButlerRules | Mapping[str, Any]) -> list[str]:
    scores = _scores(inputs)
    r = compute_cross(inputs, rules)
    return [
        f"{p} ({s:+d}) against the other {len(scores) - 1} scores: {r['imps'][p]:+d} IMPs, {r['average'][p]:+g} on average"
        for p, s in scores.items()
    ]


def compute_butler(inputs: Mapping[str, Any], rules: ButlerRules | Mapping[str, Any]) -> dict[str, Any]:
    house = ButlerRules.of(rules)
    scores = _scores(inputs)
    drop = house.drop_extremes
    step = house.datum_rounding
    datum = butler_datum(list(scores.values()), drop, step)
    return {"datum": datum, "imps": {p: imps(s - datum) for p, s in scores.items()}}


def explain_butler(inputs: Mapping[str, Any], rules: ButlerRules | Mapping[str, Any]) -> list[str]:
    house = ButlerRules.of(rules)
    scores = _scores(inputs)
    r = compute_butler(inputs, house)
    lines = [f"The datum (average without the {house.drop_extremes} top and bottom, to {house.datum_rounding}) is {r['datum']:+d}"]
    lines += [f"{p}: {s:+d} against {r['datum']:+d} is {r['imps'][p]:+d} IMPs" for p, s in scores.items()]
    return lines


def _signed(n: float) -> str:
    """A signed figure with a true minus sign: +6, −11, 0."""
    return f"{'+' if n > 0 else '−' if n < 0 else ''}{abs(n):g}"


def _each(items: Mapping[str, Any], show: Any) -> str:
    """ "Pair 1 +2, Pair 2 −5 and Pair 3 +3": one figure per pair, pairs with the same one together."""
    groups: dict[str, list[str]] = {}
    for name, value in items.items():
        groups.setdefault(show(value), []).append(name)
    parts = [f"{' and '.join(names)} {figure}" for figure, names in groups.items()]
    return said_list(parts)


def summary_match(inputs: Mapping[str, Any], rules: ButlerRules | Mapping[str, Any]) -> list[str]:
    r = compute_match(inputs, rules)
    boards = ", ".join(_signed(n) for n in r["board_imps"])
    return [f"Board by board the team scores {boards} IMPs: {r['imps_for']} won and {r['imps_against']} lost, {_signed(r['imps'])} in the match."]


def summary_cross(inputs: Mapping[str, Any], rules: ButlerRules | Mapping[str, Any]) -> list[str]:
    r = compute_cross(inputs, rules)
    others = len(_scores(inputs)) - 1
    return [f"Against the other {others} scores: {_each(r['imps'], lambda n: _signed(n) + ' IMPs')}."]


def summary_butler(inputs: Mapping[str, Any], rules: ButlerRules | Mapping[str, Any]) -> list[str]:
    house = ButlerRules.of(rules)
    r = compute_butler(inputs, house)
    drop = house.drop_extremes
    left_out = "of all the scores" if drop == 0 else "leaving out the top and bottom score" if drop == 1 else f"leaving out the {drop} top and {drop} bottom scores"
    return [
        f"The datum is {_signed(r['datum'])} (the average {left_out}, to the nearest {house.datum_rounding}).",
        f"Against it: {_each(r['imps'], lambda n: _signed(n) + ' IMPs')}.",
    ]


@dataclass(frozen=True)
class ButlerRules(Rules):
    """How the Butler datum is made."""

    game: ClassVar[str] = "bridge-butler"
    drop_extremes: int = rule(1, "Scores left out at each end", "How many top and how many bottom scores are left out of the datum (0 keeps all).", minimum=0)
    datum_rounding: int = rule(10, "Datum rounded to", "The datum is rounded to the nearest multiple of this.", minimum=1)


MATCH = GameSpec(
    name="bridge-match",
    title="Contract bridge: a team match in IMPs",
    inputs={"boards": "each board as [our score at table 1, our score at table 2], minus when the other team scored"},
    quantities=(
        Quantity("board_imps", "list", "IMPs on each board to our team (minus: to theirs)"),
        Quantity("imps_for", "int", "IMPs our team won"),
        Quantity("imps_against", "int", "IMPs the other team won"),
        Quantity("imps", "int", "the match result in IMPs (ours less theirs)"),
    ),
    compute=compute_match,
    required=("boards",),
    explain=explain_match,
    summary=summary_match,
)

CROSS = GameSpec(
    name="bridge-cross-imps",
    title="Contract bridge: cross-IMPs on a board",
    inputs={"scores": "each pair's score on the board, all from the same direction, {pair: points}"},
    quantities=(
        Quantity("imps", "mapping", "each pair's IMPs against every other score, added up"),
        Quantity("average", "mapping", "the same divided by the number of other scores"),
    ),
    compute=compute_cross,
    required=("scores",),
    explain=explain_cross,
    summary=summary_cross,
)

BUTLER = GameSpec(
    name="bridge-butler",
    title="Contract bridge: Butler scoring on a board",
    inputs={"scores": "each pair's score on the board, all from the same direction, {pair: points}"},
    quantities=(
        Quantity("datum", "int", "the datum: the average score without the extremes, rounded"),
        Quantity("imps", "mapping", "each pair's IMPs against the datum"),
    ),
    compute=compute_butler,
    rules=ButlerRules,
    required=("scores",),
    explain=explain_butler,
    summary=summary_butler,
)

GAMES = [MATCH, CROSS, BUTLER]

__all__ = ["match_imps", "cross_imps", "butler_datum", "round_to", "MATCH", "CROSS", "BUTLER", "GAMES"]
