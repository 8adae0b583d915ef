"""Three-card loo: the pool of one deal shared by the tricks, and the loos paid into the next.

The values are the published ones (W. H. Peel's *Round Games with Cards*, *Hoyle's Games
Modernized*, pagat.com's *Loo*): the dealer pays the deal, three counters or a multiple of three, on
top of the loos paid in at the last deal; each of the three tricks takes a third of the pool (when it
does not divide, the first and then the second trick's winners take the odd counters); a player who
stood and took no trick is *looed* and pays into the pool for the next deal: a fixed loo, six
counters (limited loo), or as much as the pool held (unlimited loo), which a table may cap (mixed
loo). A player who throws up the hand pays nothing and takes nothing; a lone player left standing
takes the whole pool without play.

Which card wins a trick is not needed to score: the engine works from who took each trick.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, rule, said_list
from deckgen.engine.table import Memo, Table, TableDef

__all__ = ["GAMES", "LooRules", "shares", "settle"]

TRICKS = 3


@dataclass(frozen=True)
class LooRules(Rules):
    """The house rules of three-card loo: the deal, the loo and its limit."""

    game: ClassVar[str] = "three-card-loo"
    deal_stake: int = rule(3, "Stake for the deal", "What the dealer puts into the pool (three or a multiple of three, "
                           "so that the pool divides among the tricks).", whole=True, minimum=1, unit="counters")
    looing: str = rule(
        "limited", "Loo", "What a player who stood and took no trick pays into the next pool.",
        choices={"limited": "a fixed loo", "unlimited": "as much as the pool held"},
    )
    loo_stake: int = rule(6, "Limited loo", "The fixed loo of limited loo.", whole=True, minimum=1, unit="counters")
    loo_limit: int = rule(0, "Most an unlimited loo costs",
                          "The most an unlimited loo costs (mixed loo); 0 for no limit.", whole=True, minimum=0,
                          unit="counters")


def shares(pool: int, winners: list[str]) -> dict[str, int]:
    """The pool divided among the winners of the tricks, in order: a third each, the odd counters to the
    first and then the second trick.

    >>> shares(9, ["Ann", "Bob", "Ann"]), shares(8, ["Ann", "Bob", "Cy"])
    ({'Ann': 6, 'Bob': 3}, {'Ann': 3, 'Bob': 3, 'Cy': 2})
    """
    base, odd = divmod(pool, TRICKS)
    taken: dict[str, int] = {}
    for i, name in enumerate(winners):
        taken[name] = taken.get(name, 0) + base + (1 if i < odd else 0)
    return taken


def _players(inputs: Mapping[str, Any]) -> list[str]:
    players = inputs["players"]
    if not isinstance(players, list) or len(players) < 2 or len({str(p) for p in players}) != len(players):
        raise ExampleError("players: expected the names of everyone at the table (two or more), e.g. [Ann, Bob, Cy]",
                           "players")
    return [str(p) for p in players]


def _names(value: Any, field: str, allowed: list[str], what: str) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise ExampleError(f"{field}: expected a list of {what}", field)
    names = [str(v) for v in value]
    for name in names:
        if name not in allowed:
            raise ExampleError(f"{field}: '{name}' is not one of {said_list(allowed)}", field)
    return names


def settle(inputs: Mapping[str, Any], rules: LooRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One deal of three-card loo: the pool, each player's share, the loos and each player's gain or loss.

    >>> r = settle({"players": ["Ann", "Bob", "Cy"], "dealer": "Cy", "tricks": ["Ann", "Ann", "Bob"]})
    >>> r["pool"], r["looed"], r["net"]
    (3, ['Cy'], {'Ann': 2, 'Bob': 1, 'Cy': -9})
    """
    r = LooRules.of(rules)
    players = _players(inputs)
    dealer = str(inputs["dealer"])
    if dealer not in players:
        raise ExampleError(f"dealer: '{dealer}' is not one of the players ({said_list(players)})", "dealer")
    carried = inputs.get("carried", 0)
    if isinstance(carried, bool) or not isinstance(carried, int) or carried < 0:
        raise ExampleError(f"carried: expected the loos paid into the pool at the last deal (0 for none), got {carried!r}",
                           "carried")
    standing = _names(inputs.get("standing", players), "standing", players, "the players who stood")
    if len(set(standing)) != len(standing):
        raise ExampleError("standing: a player is named twice", "standing")
    pool = carried + r.deal_stake
    if not standing:
        raise ExampleError("standing: nobody stood; when all the others throw up, the dealer stands and takes the pool",
                           "standing")
    if len(standing) == 1:
        if inputs.get("tricks") not in (None, [], standing, standing * TRICKS):
            raise ExampleError(f"tricks: {standing[0]} stood alone and takes the pool without play", "tricks")
        winners = standing * TRICKS
    else:
        if "tricks" not in inputs:
            raise ExampleError("tricks: the winners of the three tricks are needed when two or more stood", "tricks")
        winners = _names(inputs["tricks"], "tricks", standing, "the winners of the three tricks, in order")
        if len(winners) != TRICKS:
            raise ExampleError(f"tricks: expected the winners of the 3 tricks, in order, got {len(winners)}", "tricks")
    taken = shares(pool, winners)
    looed = [p for p in standing if p not in taken]
    if r.looing == "unlimited":
        loo = pool if r.loo_limit == 0 else min(pool, r.loo_limit)
    else:
        loo = r.loo_stake
    net = {p: taken.get(p, 0) - (loo if p in looed else 0) - (r.deal_stake if p == dealer else 0) for p in players}
    return {"pool": pool, "shares": {p: taken.get(p, 0) for p in players}, "looed": looed, "loo": loo if looed else 0,
            "net": net, "carried": loo * len(looed)}


def _compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    return settle(inputs, rules)


def _explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = settle(inputs, rules)
    won = [f"{p} {v}" for p, v in res["shares"].items() if v]
    lines = [f"pool {res['pool']}: " + ", ".join(won)]
    if res["looed"]:
        lines.append(f"looed: {said_list(res['looed'])}, {res['loo']} each; {res['carried']} into the next pool")
    else:
        lines.append("nobody looed")
    lines.append("net " + ", ".join(f"{p} {v:+d}" for p, v in res["net"].items()))
    return lines


def _summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = settle(inputs, rules)
    won = [f"{p} {v}" for p, v in res["shares"].items() if v]
    if len(won) == 1 and not res["looed"] and len(inputs.get("standing", ())) == 1:
        alone = next(p for p, v in res["shares"].items() if v)
        return [f"{alone} is the only player standing and takes the pool of {res['pool']} without play."]
    first = f"The pool of {res['pool']} goes by the tricks: {said_list(won)}."
    if not res["looed"]:
        return [first, "Everyone who stood took a trick: nobody is looed."]
    who = said_list(res["looed"])
    each = "" if len(res["looed"]) == 1 else " each"
    return [first, f"{who} took no trick and {'is' if len(res['looed']) == 1 else 'are'} looed, paying "
                   f"{res['loo']}{each} into the next pool."]


def _stakes_table(rules: Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    r = LooRules.of(rules)
    if r.looing == "limited":
        loo = str(r.loo_stake)
    else:
        loo = "what the pool held" + (f", {r.loo_limit} at most" if r.loo_limit else "")
    rows = (("The deal (the dealer)", str(r.deal_stake)), ("Each trick", "a third of the pool"),
            ("A loo (stood, no trick)", loo))
    return Table("The stakes", ("Paid or won", "Counters"), rows,
                 note="The loos of one deal and the next dealer's stake make the next pool.")


GAMES = [
    GameSpec(
        name="three-card-loo",
        title="Three-card loo: the pool of a deal",
        inputs={
            "players": "everyone at the table",
            "dealer": "the player who dealt (pays for the deal)",
            "carried": "the loos paid in at the last deal (leave it out when nobody was looed)",
            "standing": "the players who stood (played their own hand or miss); default everyone",
            "tricks": "who won the first, second and third trick, e.g. [Ann, Bob, Ann]",
        },
        quantities=(
            Quantity("pool", "int", "the pool played for: the loos carried and the dealer's stake"),
            Quantity("shares", "mapping", "what each player takes from the pool"),
            Quantity("looed", "set", "the players who stood and took no trick"),
            Quantity("loo", "int", "what each looed player pays (0 when nobody is looed)"),
            Quantity("net", "mapping", "what each player gains (or, negative, loses) on the deal"),
            Quantity("carried", "int", "the loos paid into the next pool"),
        ),
        compute=_compute,
        rules=LooRules,
        required=("players", "dealer"),
        explain=_explain,
        summary=_summary,
        tables=(TableDef("three-card-loo-stakes", "what the deal, a trick and a loo are worth", _stakes_table),),
        default_tables=({"table": "three-card-loo-stakes"}, {"table": "house-rules"}),
    ),
]
