"""Conquian (coon can), two-handed: settling a run of deals, with the pool a tied deal builds.

As Foster's *Complete Hoyle* (Conquian) gives it: each deal is a game in itself and its loser pays
the winner one counter; a tied deal (a *tableau*, neither player out when the cards are used up)
makes each player put a counter into a pool, which the winner of the next deal takes as well; if
that deal is a tableau too, each adds another counter, and so on until a deal is won. David
Parlett's account (as paraphrased at gamecabinet.com) agrees: the stake is carried forward.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, said_list

__all__ = ["GAMES", "TABLEAU", "settle"]

#: How a tied deal is written in `deals`.
TABLEAU = "tableau"
STAKE = 1


def _read(inputs: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    given = inputs.get("players", ["Ann", "Bob"])
    if not isinstance(given, list) or len(given) != 2 or str(given[0]) == str(given[1]) or TABLEAU in map(str, given):
        raise ExampleError("players: expected the two players, e.g. [Ann, Bob]", "players")
    players = [str(n) for n in given]
    raw = inputs.get("deals")
    if not isinstance(raw, list) or not raw:
        raise ExampleError(f"deals: expected the winner of each deal in order, or {TABLEAU} for a tie, "
                           f"e.g. [{players[0]}, {TABLEAU}, {players[1]}]", "deals")
    deals = []
    for n, value in enumerate(raw, start=1):
        said = str(value).strip()
        if said.lower() == TABLEAU:
            said = TABLEAU
        elif said not in players:
            raise ExampleError(f"deals.{n}: '{value}' is neither a player ({said_list(players)}) nor {TABLEAU}",
                               f"deals.{n}")
        deals.append(said)
    return players, deals


def settle(inputs: Mapping[str, Any]) -> dict[str, Any]:
    """Each player's counters after the deals, the deals each won, and a pool still waiting for a winner.

    >>> r = settle({"players": ["Ann", "Bob"], "deals": ["tableau", "tableau", "Ann"]})
    >>> r["net"], r["pool"]
    ({'Ann': 3, 'Bob': -3}, 0)
    """
    players, deals = _read(inputs)
    net = {p: 0 for p in players}
    won = {p: 0 for p in players}
    pool = 0
    for deal in deals:
        if deal == TABLEAU:
            for p in players:
                net[p] -= STAKE
            pool += STAKE * len(players)
            continue
        loser = players[1] if deal == players[0] else players[0]
        net[loser] -= STAKE
        net[deal] += STAKE + pool
        won[deal] += 1
        pool = 0
    last = deals[-1]
    return {
        "net": net,
        "won": won,
        "pool": pool,
        "last_winner": NOBODY if last == TABLEAU else last,
    }


def _explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    players, deals = _read(inputs)
    result = settle(inputs)
    lines = [f"{len(deals)} deals: " + ", ".join(deals),
             "deals won: " + ", ".join(f"{p} {n}" for p, n in result["won"].items()),
             "counters: " + ", ".join(f"{p} {v:+}" for p, v in result["net"].items())]
    if result["pool"]:
        lines.append(f"{result['pool']} counters in the pool wait for the next deal's winner")
    return lines


def _summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    result = settle(inputs)
    line = "After the deals: " + ", ".join(f"{p} {v:+}" for p, v in result["net"].items()) + "."
    if result["pool"]:
        line += f" The pool of {result['pool']} goes to the winner of the next deal."
    return [line]


GAMES = [
    GameSpec(
        name="conquian",
        title="Conquian (coon can): settling the deals",
        inputs={
            "players": "the two players (default [Ann, Bob])",
            "deals": f"the winner of each deal in order, or {TABLEAU} for a tied deal",
        },
        quantities=(
            Quantity("net", "mapping", "each player's counters won (plus) or lost (minus) over the deals, pool stakes included"),
            Quantity("won", "mapping", "the deals each player won"),
            Quantity("pool", "int", "counters in the pool after a closing tableau, for the next deal's winner (0 otherwise)"),
            Quantity("last_winner", "str", "the winner of the last deal, or nobody (\"\") when it was a tableau"),
        ),
        compute=lambda inputs, rules: settle(inputs),
        required=("deals",),
        explain=_explain,
        summary=_summary,
    ),
]
