"""Auction bridge: the score of one deal, the way bridge was scored before contract bridge.

What sets auction apart: when the contract is made, every trick won beyond six
counts towards game, overtricks included; the contract only has to be reached.
Tricks are worth 6 in clubs, 7 in diamonds, 8 in hearts, 9 in spades and 10 in
no trumps, doubled or redoubled with the contract; 30 trick points make a
game. Honours count to whichever side holds them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, rule, said_list
from deckgen.engine.bridge import Contract, parse_contract

TRICK_VALUES = {"C": 6, "D": 7, "H": 8, "S": 9, "NT": 10}
GAME = 30
BOOK = 6


def trick_points(contract: Contract, tricks: int) -> int:
    """Points below the line for a made contract: every odd trick won, at the contract's doubling."""
    return TRICK_VALUES[contract.strain] * (tricks - BOOK) * (1, 2, 4)[contract.doubled]


def honour_points(holding: str, no_trumps: bool) -> int:
    """Honours written as how many each partner holds, e.g. '4+1', '3', '2+1'.

    In a suit (A K Q J 10 of trumps): 3 honours 30, 4 honours 40, 5 honours 50; four in one hand 80,
    or 90 with the fifth in partner's hand; all five in one hand 100. At no trumps (the aces):
    3 aces 30, 4 aces 40, all four in one hand 100.
    """
    parts = [p.strip() for p in str(holding).split("+")] if str(holding).strip() else []
    if not all(p.isdigit() for p in parts) or len(parts) > 2:
        raise ExampleError(f"honours: expected how many each partner holds, e.g. '4+1' or '3', got {holding!r}", "honours")
    counts = sorted((int(p) for p in parts), reverse=True)
    total, most = sum(counts), (counts[0] if counts else 0)
    if total > (4 if no_trumps else 5):
        raise ExampleError(f"honours: {holding} is more honours than there are", "honours")
    if no_trumps:
        return 100 if most == 4 else {3: 30, 4: 40}.get(total, 0)
    if most == 5:
        return 100
    if most == 4:
        return 90 if total == 5 else 80
    return {3: 30, 4: 40, 5: 50}.get(total, 0)


def score(contract: Contract, tricks: int, rules: AuctionBridgeRules | Mapping[str, Any] | None = None) -> dict[str, int]:
    """The declaring side's points below and above the line, and the defenders' (for undertricks)."""
    rules = AuctionBridgeRules.resolve(rules)
    need = contract.level + BOOK
    undertrick = rules["undertrick"]
    if tricks < need:
        return {"below": 0, "above": 0, "defenders": (need - tricks) * undertrick * (1, 2, 4)[contract.doubled]}
    above = 0
    if contract.doubled:
        bonus = rules["double_bonus"] * (1, 1, 2)[contract.doubled]
        above += bonus * (1 + tricks - need)
    if tricks == 12:
        above += rules["small_slam"]
    elif tricks == 13:
        above += rules["grand_slam"]
    return {"below": trick_points(contract, tricks), "above": above, "defenders": 0}


def _read(inputs: Mapping[str, Any]) -> tuple[Contract, int]:
    contract = parse_contract(inputs.get("contract"))
    tricks = inputs.get("tricks")
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ExampleError(f"tricks: expected 0 to 13 tricks taken by the declaring side, got {tricks!r}", "tricks")
    return contract, tricks


def compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    contract, tricks = _read(inputs)
    parts = score(contract, tricks, rules)
    honours = honour_points(inputs.get("honours", ""), contract.strain == "NT")
    holder = str(inputs.get("honours_held_by", "declarer")).strip().lower()
    if holder not in ("declarer", "defenders"):
        raise ExampleError(f"honours_held_by: expected declarer or defenders, got {holder!r}", "honours_held_by")
    before = inputs.get("below_before", 0)
    if isinstance(before, bool) or not isinstance(before, int) or before < 0:
        raise ExampleError(f"below_before: expected the declaring side's trick points towards this game, got {before!r}", "below_before")
    return {
        "below": parts["below"],
        "above": parts["above"] + (honours if holder == "declarer" else 0),
        "defenders": parts["defenders"] + (honours if holder == "defenders" else 0),
        "honours": honours,
        "made": tricks >= contract.level + BOOK,
        "game": before + parts["below"] >= GAME,
    }


def explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    contract, tricks = _read(inputs)
    r = compute(inputs, rules)
    odd = tricks - BOOK
    if r["made"]:
        lines = [f"{contract} made with {tricks} tricks: {odd} odd tricks score {r['below']} below the line"]
        if r["game"]:
            lines.append("That completes a game")
    else:
        down = contract.level + BOOK - tricks
        lines = [f"{contract} goes {down} down: the defenders score {score(contract, tricks, rules)['defenders']}"]
    if r["honours"]:
        lines.append(f"Honours {inputs.get('honours')}: {r['honours']} above the line to the {inputs.get('honours_held_by', 'declarer')}")
    return lines


@dataclass(frozen=True)
class AuctionBridgeRules(Rules):
    """Penalties and bonuses of auction bridge."""

    game: ClassVar[str] = "auction-bridge"
    undertrick: int = rule(50, "Points per undertrick", "What the defenders score for each trick the declarer is short, undoubled (doubled x2, redoubled x4).", minimum=0)
    double_bonus: int = rule(50, "Bonus for a doubled contract made", "Bonus for making a doubled contract, and again for each overtrick (twice that redoubled).", minimum=0)
    small_slam: int = rule(50, "Small slam bonus", "Bonus for taking twelve tricks, whatever was bid.", minimum=0)
    grand_slam: int = rule(100, "Grand slam bonus", "Bonus for taking all thirteen tricks, whatever was bid.", minimum=0)
    rubber_bonus: int = rule(250, "Rubber bonus", "Bonus for winning two games of a rubber.")


def summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """The contract's fate below the line, then what goes above it and why."""
    contract, tricks = _read(inputs)
    r = compute(inputs, rules)
    plain = score(contract, tricks, rules)
    named = str(contract).rstrip("X") + ("", " doubled", " redoubled")[contract.doubled]
    honours = f"honours {inputs.get('honours')}"
    held_by = str(inputs.get("honours_held_by", "declarer")).strip().lower()
    if r["made"]:
        odd = tricks - BOOK
        first = f"{named} is made with {tricks} tricks: {odd} odd tricks score {r['below']} below the line"
        first += ", a game." if r["game"] else "."
        parts = []
        if contract.doubled:
            parts.append(f"{plain['above']} for the {'redouble' if contract.doubled == 2 else 'double'}")
        elif plain["above"]:
            parts.append(f"{plain['above']} for the slam")
        if r["honours"] and held_by == "declarer":
            parts.append(f"{r['honours']} for {honours}")
        if not parts:
            return [first]
        second = f"Above the line the declarer\u2019s side adds {r['above']}" + (f": {said_list(parts)}." if len(parts) > 1 else ".")
        if len(parts) == 1:
            second = f"Above the line the declarer\u2019s side adds {parts[0]}."
        if r["honours"] and held_by == "defenders":
            second = second[:-1] + f"; the defenders add {r['honours']} for {honours}."
        return [first, second]
    down = contract.level + BOOK - tricks
    first = f"{named} goes {down} down: the defenders score {plain['defenders']} above the line"
    if r["honours"]:
        who = "the defenders" if held_by == "defenders" else "the declarer\u2019s side"
        return [first + ".", f"For {honours}, {who} add{'' if held_by == 'defenders' else 's'} {r['honours']} more."]
    return [first + "."]


SPEC = GameSpec(
    name="auction-bridge",
    title="Auction bridge: one deal",
    inputs={
        "contract": "the final bid: level, strain and doubling, e.g. 2♥, 1NT, 3♠X",
        "tricks": "tricks taken by the declaring side (0 to 13)",
        "honours": "honours held by one side, as each partner's count, e.g. '4+1', '3' (optional)",
        "honours_held_by": "declarer (default) or defenders",
        "below_before": "the declaring side's trick points already below the line in this game (optional)",
    },
    quantities=(
        Quantity("below", "int", "trick points below the line to the declaring side"),
        Quantity("above", "int", "points above the line to the declaring side (bonuses, their honours)"),
        Quantity("defenders", "int", "points above the line to the defenders (undertricks, their honours)"),
        Quantity("honours", "int", "the honours score"),
        Quantity("made", "bool", "whether the contract was made"),
        Quantity("game", "bool", "whether the declaring side now has 30 or more below the line"),
    ),
    compute=compute,
    rules=AuctionBridgeRules,
    required=("contract", "tricks"),
    explain=explain,
    summary=summary,
)

GAMES = [SPEC]

__all__ = ["TRICK_VALUES", "trick_points", "honour_points", "score", "SPEC", "GAMES"]
