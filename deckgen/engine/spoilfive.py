"""Spoil five: the pool of one deal, who takes it, and what is carried to the next.

The values are the published ones (W. H. Peel's *Round Games with Cards*, the 1911 Encyclopaedia
Britannica's *Spoil-five*): every player pays a stake into the pool and the dealer a little more;
the player who takes three of the five tricks takes the whole pool; when nobody does, the deal is
*spoilt* and the pool stays, every player adding a smaller stake for the next deal (the dealer still
paying for the deal). Jinking, Peel's variation, is a house rule: the winner of all five tricks is
paid a stake by every other player as well, and a player who plays on after three tricks for all
five and fails loses the pool, which then stays as for a spoil.

Which card wins a trick (the five of trumps, the jack, the ace of hearts, the red and black orders) is
not needed to score: the engine works from the tricks each player took, as the players count them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, Rules, rule, said_list
from deckgen.engine.table import Memo, Table, TableDef

__all__ = ["GAMES", "SpoilFiveRules", "settle"]

TRICKS = 5
TO_WIN = 3


@dataclass(frozen=True)
class SpoilFiveRules(Rules):
    """The house rules of spoil five: the stakes and jinking."""

    game: ClassVar[str] = "spoil-five"
    stake: int = rule(2, "Stake", "What every player puts into a new pool (two or three counters).",
                      whole=True, minimum=1, unit="counters")
    spoil_stake: int = rule(1, "Stake after a spoil",
                            "What every player adds to a pool that was spoilt and carried on.",
                            whole=True, minimum=0, unit="counters")
    dealer_stake: int = rule(1, "Dealer's stake", "What the dealer adds for the deal, on top of a player's stake, "
                             "every deal.", whole=True, minimum=0, unit="counters")
    jinking: bool = rule(False, "Jinking",
                         "Whether a player who has three tricks may play on for all five: paid a stake by every "
                         "other player on top of the pool when it comes off, losing the pool when it does not.",
                         phrases=("players may jink", "no jinking"))


def _players(inputs: Mapping[str, Any]) -> list[str]:
    players = inputs["players"]
    if (not isinstance(players, list) or not 2 <= len(players) <= 10
            or len({str(p) for p in players}) != len(players)):
        raise ExampleError("players: expected the names of the 2 to 10 players, e.g. [Ann, Bob, Cy, Dee, Eve]",
                           "players")
    return [str(p) for p in players]


def _name(inputs: Mapping[str, Any], field: str, players: list[str]) -> str:
    name = str(inputs[field])
    if name not in players:
        raise ExampleError(f"{field}: '{name}' is not one of the players ({said_list(players)})", field)
    return name


def _tricks(inputs: Mapping[str, Any], players: list[str]) -> dict[str, int]:
    given = inputs["tricks"]
    if not isinstance(given, Mapping) or any(str(k) not in players for k in given):
        raise ExampleError(f"tricks: expected the tricks each player took, e.g. {{{players[0]}: 3, {players[1]}: 2}}",
                           "tricks")
    tricks = {p: given.get(p, 0) for p in players}
    for name, n in tricks.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= TRICKS:
            raise ExampleError(f"tricks.{name}: expected 0 to 5 tricks, got {n!r}", f"tricks.{name}")
    if sum(tricks.values()) != TRICKS:
        raise ExampleError(f"tricks: the players' tricks add up to {sum(tricks.values())}, expected the 5 of a deal",
                           "tricks")
    return tricks


def settle(inputs: Mapping[str, Any], rules: SpoilFiveRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One deal of spoil five: the stakes, the pool, who takes it, each player's gain or loss.

    >>> r = settle({"players": ["Ann", "Bob", "Cy"], "dealer": "Cy", "tricks": {"Ann": 3, "Bob": 2}})
    >>> r["pool"], r["winner"], r["net"]
    (7, 'Ann', {'Ann': 5, 'Bob': -2, 'Cy': -3})
    """
    r = SpoilFiveRules.of(rules)
    players = _players(inputs)
    dealer = _name(inputs, "dealer", players)
    tricks = _tricks(inputs, players)
    carried = inputs.get("carried", 0)
    if isinstance(carried, bool) or not isinstance(carried, int) or carried < 0:
        raise ExampleError(f"carried: expected the counters left in the pool by a spoilt deal (0 for a new pool), "
                           f"got {carried!r}", "carried")
    each = r.stake if carried == 0 else r.spoil_stake
    paid = {p: each + (r.dealer_stake if p == dealer else 0) for p in players}
    pool = carried + sum(paid.values())
    jinked = inputs.get("jinked")
    jinker = NOBODY
    if jinked is not None:
        if not r.jinking:
            raise ExampleError("jinked: this table does not jink (the house rule jinking is off)", "jinked")
        jinker = _name(inputs, "jinked", players)
        if tricks[jinker] < TO_WIN:
            raise ExampleError(f"jinked: {jinker} took {tricks[jinker]} tricks; a player jinks after winning three",
                               "jinked")
    best = max(players, key=lambda p: tricks[p])
    net = {p: -paid[p] for p in players}
    winner, outcome, left = NOBODY, "spoilt", pool
    if tricks[best] >= TO_WIN:
        if r.jinking and tricks[best] == TRICKS:
            winner, outcome, left = best, "jink", 0
            net[best] += pool + r.stake * (len(players) - 1)
            for p in players:
                if p != best:
                    net[p] -= r.stake
        elif jinker:
            outcome = "failed jink"
        else:
            winner, outcome, left = best, "won", 0
            net[best] += pool
    return {"paid": paid, "pool": pool, "winner": winner, "outcome": outcome, "net": net, "carried": left}


def _compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    return settle(inputs, rules)


def _outcome_words(res: Mapping[str, Any], inputs: Mapping[str, Any], stake: int) -> str:
    """The outcome of a deal in a sentence's words (no capital, no stop)."""
    winner, outcome = res["winner"], res["outcome"]
    if outcome == "won":
        return f"{winner} takes three tricks and the pool, {res['net'][winner]:+d} on the deal"
    if outcome == "jink":
        return (f"{winner} jinks and takes all five: the pool and {stake} from each other player, "
                f"{res['net'][winner]:+d} on the deal")
    if outcome == "failed jink":
        return f"{inputs.get('jinked')} plays on for all five and fails: the {res['carried']} stay for the next deal"
    return f"nobody takes three tricks: the deal is spoilt and the {res['carried']} stay for the next"


def _explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = settle(inputs, rules)
    return ["stakes " + ", ".join(f"{p} {v}" for p, v in res["paid"].items()) + f": pool {res['pool']}",
            _outcome_words(res, inputs, SpoilFiveRules.of(rules).stake),
            "net " + ", ".join(f"{p} {v:+d}" for p, v in res["net"].items())]


def _summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = settle(inputs, rules)
    said = _outcome_words(res, inputs, SpoilFiveRules.of(rules).stake)
    return [f"The stakes make a pool of {res['pool']}.", said[0].upper() + said[1:] + "."]


def _stakes_table(rules: Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    r = SpoilFiveRules.of(rules)
    rows = [
        ("A new pool", str(r.stake), str(r.stake + r.dealer_stake)),
        ("After a spoil", str(r.spoil_stake), str(r.spoil_stake + r.dealer_stake)),
    ]
    note = "Three tricks take the whole pool; with no three, the pool stays for the next deal."
    if r.jinking:
        note += f" All five, after a jink: the pool and {r.stake} from each other player."
    return Table("What each player puts in the pool", ("Deal", "Each player", "The dealer"), tuple(rows), note=note)


GAMES = [
    GameSpec(
        name="spoil-five",
        title="Spoil five: the pool of a deal",
        inputs={
            "players": "everyone at the table (2 to 10), in order",
            "dealer": "the player who dealt (pays for the deal)",
            "tricks": "the tricks each player took, e.g. {Ann: 3, Bob: 1, Cy: 1}: the five of the deal",
            "carried": "the counters a spoilt deal left in the pool (leave it out for a new pool)",
            "jinked": "the player who, with three tricks, played on for all five (when the table jinks)",
        },
        quantities=(
            Quantity("paid", "mapping", "what each player put into the pool this deal"),
            Quantity("pool", "int", "the pool played for"),
            Quantity("winner", "str", "the player who takes the pool, or nobody (\"\") when it is spoilt"),
            Quantity("outcome", "str", "won, jink, spoilt or failed jink"),
            Quantity("net", "mapping", "what each player gains (or, negative, loses) on the deal, stakes included"),
            Quantity("carried", "int", "what stays in the pool for the next deal (0 when it was taken)"),
        ),
        compute=_compute,
        rules=SpoilFiveRules,
        required=("players", "dealer", "tricks"),
        explain=_explain,
        summary=_summary,
        tables=(TableDef("spoil-five-stakes", "what each player and the dealer put in the pool", _stakes_table),),
        default_tables=({"table": "spoil-five-stakes"}, {"table": "house-rules"}),
    ),
]
