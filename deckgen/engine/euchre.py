"""Euchre: what a hand scores (made, march, euchred, alone) and the game; auction euchre's bids.

The values are the published ones (the laws of euchre of 1862 and 1888, Hoyle-style references,
today's tournament tables): the makers score 1 for three or four tricks and 2 for all five (a
march); a lone hand's march scores 4; makers who take fewer than three are euchred and the
defenders score 2. The old laws let a euchred lone hand give the defenders 4, and played to
5 rather than 10: both are house rules.

Which card wins a trick (the bowers) is not needed to score: the engine works from the tricks
each side took, as the players count them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, Rules, bool_field, rule, said_list
from deckgen.engine.table import Memo, Table, TableDef

__all__ = ["GAMES", "AuctionEuchreRules", "EuchreRules", "score_auction", "score_hand"]

TRICKS = 5


@dataclass(frozen=True)
class EuchreRules(Rules):
    """The house rules of euchre: the points of each outcome and the game."""

    game: ClassVar[str] = "euchre"
    march: int = rule(2, "March", "What the makers score for all five tricks.", whole=True, minimum=1)
    lone_march: int = rule(4, "Lone march", "What a lone hand scores for all five tricks.", whole=True, minimum=1)
    euchre: int = rule(2, "Euchre", "What the defenders score when the makers take fewer than three tricks.",
                       whole=True, minimum=1)
    lone_euchre: int = rule(
        2, "Euchre of a lone hand",
        "What the defenders score when a lone hand takes fewer than three tricks (4 under the old laws).",
        whole=True, minimum=1,
    )
    target: int = rule(10, "Game", "The score that wins the game (5 under the old laws).", whole=True, minimum=1)


@dataclass(frozen=True)
class AuctionEuchreRules(Rules):
    """The house rules of auction euchre: the game."""

    game: ClassVar[str] = "auction-euchre"
    auction_target: int = rule(15, "Game (auction euchre)", "The score that wins a game of auction euchre.",
                               whole=True, minimum=1)


def _side(inputs: Mapping[str, Any], sides: list[str], name: str) -> str:
    value = str(inputs[name])
    if value not in sides:
        raise ExampleError(f"{name}: '{value}' is not one of the sides ({said_list(sides)})", name)
    return value


def score_hand(inputs: Mapping[str, Any], rules: EuchreRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The outcome of one hand, each side's points and the totals; the winner when a side reaches the game.

    >>> score_hand({"sides": ["Us", "Them"], "makers": "Us", "tricks": 5, "alone": True})["points"]
    {'Us': 4, 'Them': 0}
    """
    active = EuchreRules.of(rules)
    sides = _sides(inputs)
    makers = _side(inputs, sides, "makers")
    defenders = sides[1] if makers == sides[0] else sides[0]
    tricks = inputs["tricks"]
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= TRICKS:
        raise ExampleError(f"tricks: expected the makers' tricks, 0 to 5, got {tricks!r}", "tricks")
    alone = bool_field(inputs, "alone", False)
    if tricks == TRICKS:
        outcome, scorer, points = ("lone march" if alone else "march"), makers, (
            active.lone_march if alone else active.march)
    elif tricks >= 3:
        outcome, scorer, points = "made", makers, 1
    else:
        outcome, scorer, points = "euchred", defenders, (active.lone_euchre if alone else active.euchre)
    before = _before(inputs, sides)
    gained = {s: (points if s == scorer else 0) for s in sides}
    totals = {s: before[s] + gained[s] for s in sides}
    target = active.target
    winner = scorer if totals[scorer] >= target else NOBODY
    return {"outcome": outcome, "scorer": scorer, "points": gained, "totals": totals, "winner": winner}


def _compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    return score_hand(inputs, rules)


def _sides(inputs: Mapping[str, Any]) -> list[str]:
    sides_in = inputs.get("sides", ["Us", "Them"])
    if not isinstance(sides_in, list) or len(sides_in) != 2 or str(sides_in[0]) == str(sides_in[1]):
        raise ExampleError("sides: expected the two partnerships, e.g. [Us, Them]", "sides")
    return [str(s) for s in sides_in]


def _before(inputs: Mapping[str, Any], sides: list[str]) -> dict[str, int]:
    before_in = inputs.get("before") or {}
    if not isinstance(before_in, Mapping) or any(str(k) not in sides for k in before_in) or any(
        isinstance(v, bool) or not isinstance(v, int) for v in before_in.values()
    ):
        raise ExampleError(f"before: expected whole-number scores of {said_list(sides)}, e.g. {{{sides[0]}: 8}}", "before")
    return {s: int(before_in.get(s, 0)) for s in sides}


def score_auction(inputs: Mapping[str, Any], rules: AuctionEuchreRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Auction euchre: the bidders score their bid when they take that many tricks (never more), and
    the defenders score it when they do not.

    >>> score_auction({"bidders": "Us", "bid": 3, "tricks": 5})["points"]
    {'Us': 3, 'Them': 0}
    """
    active = AuctionEuchreRules.of(rules)
    sides = _sides(inputs)
    bidders = _side(inputs, sides, "bidders")
    defenders = sides[1] if bidders == sides[0] else sides[0]
    bid, tricks = inputs["bid"], inputs["tricks"]
    if isinstance(bid, bool) or not isinstance(bid, int) or not 1 <= bid <= TRICKS:
        raise ExampleError(f"bid: expected the tricks bid, 1 to 5, got {bid!r}", "bid")
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= TRICKS:
        raise ExampleError(f"tricks: expected the bidders' tricks, 0 to 5, got {tricks!r}", "tricks")
    made = tricks >= bid
    scorer = bidders if made else defenders
    points = {s: (bid if s == scorer else 0) for s in sides}
    before = _before(inputs, sides)
    totals = {s: before[s] + points[s] for s in sides}
    winner = scorer if totals[scorer] >= active.auction_target else NOBODY
    return {"made": made, "scorer": scorer, "points": points, "totals": totals, "winner": winner}


def _auction_explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    r = score_auction(inputs, rules)
    lines = [f"{inputs['bidders']} bid {inputs['bid']} and take {inputs['tricks']}: " + ("made" if r["made"] else "euchred"),
             f"{r['scorer']} score {inputs['bid']}; " + ", ".join(f"{s} {t}" for s, t in r["totals"].items())]
    if r["winner"]:
        lines.append(f"{r['winner']} reach {AuctionEuchreRules.of(rules).auction_target} and win")
    return lines


def _auction_summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    r = score_auction(inputs, rules)
    bidders, bid, tricks = str(inputs["bidders"]), int(inputs["bid"]), int(inputs["tricks"])
    first = (f"{bidders} bid {bid}, take {tricks} and score {bid}." if r["made"]
             else f"{bidders} bid {bid} but take only {tricks}: euchred, and {r['scorer']} score {bid}.")
    second = (f"{r['winner']} reach {r['totals'][r['winner']]} and win the game." if r["winner"]
              else "Score: " + ", ".join(f"{s} {t}" for s, t in r["totals"].items()) + ".")
    return [first, second]


def _explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    r = score_hand(inputs, rules)
    alone = " alone" if inputs.get("alone") else ""
    lines = [f"{inputs['makers']} make trumps{alone} and take {inputs['tricks']} of 5: {r['outcome']}",
             f"{r['scorer']} score {r['points'][r['scorer']]}; " + ", ".join(f"{s} {t}" for s, t in r["totals"].items())]
    if r["winner"]:
        lines.append(f"{r['winner']} reach {EuchreRules.of(rules).target} and win")
    return lines


def _summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    r = score_hand(inputs, rules)
    makers, tricks = str(inputs["makers"]), int(inputs["tricks"])
    alone = " alone" if inputs.get("alone") else ""
    said = {
        "made": f"{makers} take {tricks} tricks{alone} and score 1",
        "march": f"{makers} take all five tricks, a march, and score {r['points'][makers]}",
        "lone march": f"{makers} take all five tricks alone and score {r['points'][makers]}",
        "euchred": f"{makers} take only {tricks}{alone} and are euchred: {r['scorer']} score {r['points'][r['scorer']]}",
    }[r["outcome"]]
    second = (f"{r['winner']} reach {r['totals'][r['winner']]} and win the game." if r["winner"]
              else "Score: " + ", ".join(f"{s} {t}" for s, t in r["totals"].items()) + ".")
    return [said + ".", second]


def _points_table(rules: Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    r = EuchreRules.of(rules)
    rows = [
        ("3 or 4 tricks", "1 to the makers", "1 to the lone player's side"),
        ("All 5 (march)", f"{r.march} to the makers", f"{r.lone_march} to the lone player's side"),
        ("2 or fewer (euchred)", f"{r.euchre} to the defenders", f"{r.lone_euchre} to the defenders"),
    ]
    return Table("What a hand scores", ("The makers take", "With a partner", "Alone"), tuple(rows),
                 note=f"The first side to {r.target} wins.")


GAMES = [
    GameSpec(
        name="euchre",
        title="Euchre: scoring a hand",
        inputs={
            "sides": "the two partnerships (default [Us, Them])",
            "makers": "the side that made trumps",
            "tricks": "the tricks the makers took, 0 to 5",
            "alone": "true when the maker played alone",
            "before": "optional scores before the hand, e.g. {Us: 8, Them: 6}",
        },
        quantities=(
            Quantity("outcome", "str", "made, march, lone march or euchred"),
            Quantity("scorer", "str", "the side that scores the hand"),
            Quantity("points", "mapping", "each side's points for the hand"),
            Quantity("totals", "mapping", "each side's score after the hand"),
            Quantity("winner", "str", "the side that reached the game, or nobody (\"\")"),
        ),
        compute=_compute,
        rules=EuchreRules,
        required=("makers", "tricks"),
        explain=_explain,
        summary=_summary,
        tables=(TableDef("euchre-points", "what each outcome of a hand scores", _points_table),),
        default_tables=({"table": "euchre-points"}, {"table": "house-rules"}),
        phrases={"alone": ("alone", "with a partner")},
    ),
    GameSpec(
        name="auction-euchre",
        title="Auction euchre: scoring a bid",
        inputs={
            "sides": "the two partnerships (default [Us, Them])",
            "bidders": "the side whose player won the auction",
            "bid": "the tricks bid, 1 to 5",
            "tricks": "the tricks the bidders took, 0 to 5",
            "before": "optional scores before the hand, e.g. {Us: 12, Them: 9}",
        },
        quantities=(
            Quantity("made", "bool", "whether the bidders took the tricks they bid"),
            Quantity("scorer", "str", "the side that scores the bid"),
            Quantity("points", "mapping", "each side's points for the hand"),
            Quantity("totals", "mapping", "each side's score after the hand"),
            Quantity("winner", "str", "the side that reached the game, or nobody (\"\")"),
        ),
        compute=lambda inputs, rules: score_auction(inputs, rules),
        rules=AuctionEuchreRules,
        required=("bidders", "bid", "tricks"),
        explain=_auction_explain,
        summary=_auction_summary,
    ),
]
