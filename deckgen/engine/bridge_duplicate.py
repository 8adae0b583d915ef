"""Contract bridge, comparing tables: IMPs for a points difference, and matchpoints on a board.

The IMP scale is the Laws' 25-step one, written out once below; what a matchpoint
is worth is a house rule (`bridge_rules.MatchpointRules`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from deckgen.engine.base import ExampleError, GameSpec, Quantity, said_list
from deckgen.engine.bridge_rules import MatchpointRules
from deckgen.engine.table import Table, TableDef, number

__all__ = ["BRIDGE_IMPS", "BRIDGE_MATCHPOINTS", "IMP_STEPS", "imp_table", "imps", "matchpoints"]

#: The 25-step IMP scale: the smallest point difference worth 1, 2, ... 24 IMPs.
IMP_STEPS = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


# ------------------------------------------------------------------ comparing tables


def imps(difference: int) -> int:
    """International match points for a points difference between two tables (signed).

    >>> imps(420), imps(-50), imps(10)
    (9, -2, 0)
    """
    steps = sum(1 for step in IMP_STEPS if abs(difference) >= step)
    return steps if difference >= 0 else -steps


def imp_table(columns: int = 4) -> Table:
    """The IMP scale: which point differences give how many IMPs, read off `imps` in steps of 10.

    >>> imp_table().rows[0][:2]
    ('0–10', '0')
    """
    most = imps(1_000_000)
    bands: list[tuple[int, int, int]] = []  # (from, to, imps), differences in steps of 10
    difference = 0
    while True:
        n = imps(difference)
        if bands and bands[-1][2] == n:
            bands[-1] = (bands[-1][0], difference, n)
        else:
            bands.append((difference, difference, n))
        if n == most:
            break
        difference += 10
    labels = [
        (f"{number(a)} and more" if i == len(bands) - 1 else f"{number(a)}–{number(b)}", str(n))
        for i, (a, b, n) in enumerate(bands)
    ]
    per = -(-len(labels) // columns)
    rows = []
    for r in range(per):
        row: list[str] = []
        for c in range(columns):
            k = c * per + r
            row += list(labels[k]) if k < len(labels) else ["", ""]
        rows.append(tuple(row))
    return Table(
        title="IMPs for the difference between the two tables' scores",
        header=("Difference", "IMPs") * columns,
        rows=tuple(rows),
        align=("left", "right") * columns,
        note="The side with the better score wins the IMPs; the other loses as many.",
    )


def _difference(inputs: Mapping[str, Any]) -> int:
    value = inputs["difference"]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ExampleError(f"difference: expected a whole number of points, got {value!r}", "difference")
    return value


def _explain_imps(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    d = _difference(inputs)
    n = imps(d)
    steps = abs(n)
    low = IMP_STEPS[steps - 1] if steps else 0
    high = IMP_STEPS[steps] - 10 if steps < len(IMP_STEPS) else None
    band = f"{low}–{high}" if high is not None else f"{low} or more"
    return [f"A difference of {abs(d)} lies in the band {band}: {n:+d} IMPs"]


def _summary_imps(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """The difference, its band on the scale, and the IMPs it wins or costs, in one sentence."""
    d = _difference(inputs)
    n = imps(d)
    steps = abs(n)
    low = IMP_STEPS[steps - 1] if steps else 0
    band = (
        f"in the {number(low)}–{number(IMP_STEPS[steps] - 10)} band of the scale"
        if steps < len(IMP_STEPS)
        else f"at the top of the scale ({number(low)} and more)"
    )
    if n == 0:
        return [f"A difference of {number(abs(d))} points is {band}: no IMPs change hands."]
    gain = "A gain" if d > 0 else "A loss"
    return [f"{gain} of {number(abs(d))} points is {band}: {n:+d} IMPs."]


BRIDGE_IMPS = GameSpec(
    name="bridge-imps",
    title="Contract bridge: IMPs",
    inputs={"difference": "the points difference between the two tables (either sign)"},
    quantities=(Quantity("imps", "int", "international match points, signed like the difference"),),
    compute=lambda inputs, rules: {"imps": imps(_difference(inputs))},
    required=("difference",),
    explain=_explain_imps,
    summary=_summary_imps,
    tables=(TableDef("bridge-imps", "the IMP scale", lambda rules, options, memo: imp_table()),),
)


def matchpoints(scores: Sequence[int], win: float, tie: float) -> list[float]:
    """Each score's matchpoints against every other score on the board: `win` per score beaten, `tie` per tie."""
    return [
        sum(win if s > o else tie if s == o else 0 for j, o in enumerate(scores) if j != i)
        for i, s in enumerate(scores)
    ]


def _number_rule(value: Any, name: str) -> float:
    """`value`, the house rule `name`, as a number of at least 0 (an ExampleError naming it when not)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise ExampleError(f"rules.{name}: expected a number of at least 0, got {value!r}", f"rules.{name}")
    return value


def _board(inputs: Mapping[str, Any]) -> tuple[list[str] | None, list[int]]:
    raw = inputs["scores"]
    names: list[str] | None = None
    if isinstance(raw, dict):
        names = [str(k) for k in raw]
        values = list(raw.values())
    elif isinstance(raw, list):
        values = raw
    else:
        raise ExampleError(f"scores: expected a list of scores or a mapping pair: score, got {raw!r}", "scores")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ExampleError(f"scores: '{v}' is not a score (a whole number of points)", "scores")
    if len(values) < 2:
        raise ExampleError("scores: expected at least two scores to compare", "scores")
    return names, values


def _tidy_number(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def _compute_matchpoints(inputs: Mapping[str, Any], rules: MatchpointRules | Mapping[str, Any]) -> dict[str, Any]:
    names, values = _board(inputs)
    house = MatchpointRules.of(rules)
    win, tie = _number_rule(house.win_points, "win_points"), _number_rule(house.tie_points, "tie_points")
    mps = [_tidy_number(m) for m in matchpoints(values, win, tie)]
    top = _tidy_number(win * (len(values) - 1))
    pct = [round(100 * m / top, 2) if top else 0 for m in mps]
    if names is not None:
        return {"matchpoints": dict(zip(names, mps)), "top": top, "percent": dict(zip(names, pct))}
    return {"matchpoints": mps, "top": top, "percent": pct}


def _explain_matchpoints(inputs: Mapping[str, Any], rules: MatchpointRules | Mapping[str, Any]) -> list[str]:
    house = MatchpointRules.of(rules)
    names, values = _board(inputs)
    got = _compute_matchpoints(inputs, house)
    labels = names or [str(v) for v in values]
    mps = list(got["matchpoints"].values()) if names else got["matchpoints"]
    return [
        f"Top {got['top']}: {house.win_points} per score beaten, {house.tie_points} per tie",
        " · ".join(f"{label}: {m}" for label, m in zip(labels, mps)),
    ]


def _summary_matchpoints(inputs: Mapping[str, Any], rules: MatchpointRules | Mapping[str, Any]) -> list[str]:
    """How matchpoints are earned and the top; then each score's matchpoints, best score first."""
    house = MatchpointRules.of(rules)
    names, values = _board(inputs)
    got = _compute_matchpoints(inputs, house)
    mps = list(got["matchpoints"].values()) if names else got["matchpoints"]
    labels = names or [str(v) for v in values]
    groups: dict[int, list[str]] = {}
    for label, value in zip(labels, values):
        groups.setdefault(value, []).append(label)
    earned = dict(zip(values, mps))
    said: list[str] = []
    for value in sorted(groups, reverse=True):
        who, each = groups[value], " each" if len(groups[value]) > 1 else ""
        named = said_list(who) + (f" ({value})" if names else "")
        verb = "" if said else (" scores" if len(who) == 1 and names else " score")
        said.append(f"{named}{verb} {earned[value]}{each}")
    rule_words = f"{house.win_points} for each score it beats and {house.tie_points} for each tie"
    return [f"A score earns {rule_words}: the top is {got['top']}.", said_list(said)[:1].upper() + said_list(said)[1:] + "."]

BRIDGE_MATCHPOINTS = GameSpec(
    name="bridge-matchpoints",
    title="Contract bridge: matchpoints",
    inputs={"scores": "every table's score on one board, from one direction: a list, or pair: score"},
    quantities=(
        Quantity("matchpoints", "any", "each score's matchpoints, as a list or by pair like the scores"),
        Quantity("top", "int", "the most a score can earn on the board"),
        Quantity("percent", "any", "each score's matchpoints as a percentage of the top, to 2 decimals"),
    ),
    compute=_compute_matchpoints,
    rules=MatchpointRules,
    required=("scores",),
    explain=_explain_matchpoints,
    summary=_summary_matchpoints,
)
