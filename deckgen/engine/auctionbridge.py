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


def slam_bonus(taken: int, rules: AuctionBridgeRules | Mapping[str, Any]) -> int:
    """The slam bonus for a side that took `taken` tricks: twelve a small slam, thirteen a grand one."""
    house = AuctionBridgeRules.of(rules)
    return house.grand_slam if taken == 13 else house.small_slam if taken == 12 else 0


def score(contract: Contract, tricks: int, rules: AuctionBridgeRules | Mapping[str, Any] | None = None) -> dict[str, int]:
    """The declaring side's points below and above the line, and the defenders' (undertricks, a slam).

    A slam is scored by the side that takes the tricks, bid or not, declarer or defender: the laws
    of auction bridge say "Slam is made when seven by cards is scored by either side" and "Little
    slam is made when six by cards is similarly scored". House rule `slams: contract` scores one
    only for a declarer who makes the contract, as contract bridge does.
    """
    house = AuctionBridgeRules.of(rules)
    need = contract.level + BOOK
    by_tricks = str(house.slams).strip().lower() == "tricks"
    defenders_slam = slam_bonus(13 - tricks, house) if by_tricks else 0
    undertrick = house.undertrick
    if tricks < need:
        slam = slam_bonus(tricks, house) if by_tricks else 0  # twelve tricks in a failed grand slam bid
        down = (need - tricks) * undertrick * (1, 2, 4)[contract.doubled]
        return {"below": 0, "above": slam, "defenders": down + defenders_slam, "slam": slam, "defenders_slam": defenders_slam}
    above = 0
    if contract.doubled:
        bonus = house.double_bonus * (1, 1, 2)[contract.doubled]
        above += bonus * (1 + tricks - need)
    slam = slam_bonus(tricks, house)
    return {"below": trick_points(contract, tricks), "above": above + slam, "defenders": 0, "slam": slam, "defenders_slam": 0}


def _read(inputs: Mapping[str, Any]) -> tuple[Contract, int]:
    contract = parse_contract(inputs.get("contract"))
    tricks = inputs.get("tricks")
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise ExampleError(f"tricks: expected 0 to 13 tricks taken by the declaring side, got {tricks!r}", "tricks")
    return contract, tricks


def _chicane(inputs: Mapping[str, Any], contract: Contract, rules: AuctionBridgeRules | Mapping[str, Any]) -> tuple[str, int]:
    """The side with a hand void of trumps and what chicane scores it under the house rules: the older
    laws' "Chicane (one hand void of trumps) is equal in value to simple honors" (three honours, 30),
    "Double chicane (both hands void of trumps) is equal in value to four honors" (40)."""
    house = AuctionBridgeRules.of(rules)
    side = inputs.get("chicane")
    if side is None:
        return "", 0
    side = str(side).strip().lower()
    double = side.endswith(" double")
    side = side.removesuffix(" double")
    if side not in ("declarer", "defenders"):
        raise ExampleError(f"chicane: expected the side with a hand void of trumps, declarer or defenders "
                           f"(add 'double' when both partners are), got {inputs['chicane']!r}", "chicane")
    if contract.strain == "NT":
        raise ExampleError("chicane: there is no chicane at no trumps (a hand void of trumps needs a trump suit)", "chicane")
    return side, ((40 if double else 30) if house.chicane else 0)


def compute(inputs: Mapping[str, Any], rules: AuctionBridgeRules | Mapping[str, Any]) -> dict[str, Any]:
    contract, tricks = _read(inputs)
    parts = score(contract, tricks, rules)
    honours = honour_points(inputs.get("honours", ""), contract.strain == "NT")
    holder = str(inputs.get("honours_held_by", "declarer")).strip().lower()
    if holder not in ("declarer", "defenders"):
        raise ExampleError(f"honours_held_by: expected declarer or defenders, got {holder!r}", "honours_held_by")
    before = inputs.get("below_before", 0)
    if isinstance(before, bool) or not isinstance(before, int) or before < 0:
        raise ExampleError(f"below_before: expected the declaring side's trick points towards this game, got {before!r}", "below_before")
    side, chicane = _chicane(inputs, contract, rules)
    return {
        "below": parts["below"],
        "above": parts["above"] + (honours if holder == "declarer" else 0) + (chicane if side == "declarer" else 0),
        "defenders": parts["defenders"] + (honours if holder == "defenders" else 0) + (chicane if side == "defenders" else 0),
        "honours": honours,
        "chicane": chicane,
        "made": tricks >= contract.level + BOOK,
        "game": before + parts["below"] >= GAME,
    }


def explain(inputs: Mapping[str, Any], rules: AuctionBridgeRules | Mapping[str, Any]) -> list[str]:
    contract, tricks = _read(inputs)
    r = compute(inputs, rules)
    odd = tricks - BOOK
    if r["made"]:
        lines = [f"{contract} made with {tricks} tricks: {odd} odd tricks score {r['below']} below the line"]
        if r["game"]:
            lines.append("That completes a game")
    else:
        down = contract.level + BOOK - tricks
        parts = score(contract, tricks, rules)
        lines = [f"{contract} goes {down} down: the defenders score {parts['defenders'] - parts['defenders_slam']}"]
        if parts["defenders_slam"]:
            slam = "grand" if tricks == 0 else "small"
            lines.append(f"The defenders took {13 - tricks} tricks: {parts['defenders_slam']} for a {slam} slam")
        if parts["slam"]:
            lines.append(f"Declarer's side took {tricks} tricks: {parts['slam']} for a small slam")
    if r["honours"]:
        lines.append(f"Honours {inputs.get('honours')}: {r['honours']} above the line to the {inputs.get('honours_held_by', 'declarer')}")
    if r["chicane"]:
        lines.append(f"Chicane: {r['chicane']} above the line to the {str(inputs.get('chicane')).split()[0]}")
    return lines


@dataclass(frozen=True)
class AuctionBridgeRules(Rules):
    """Penalties and bonuses of auction bridge."""

    game: ClassVar[str] = "auction-bridge"
    undertrick: int = rule(50, "Points per undertrick", "What the defenders score for each trick the declarer is short, undoubled (doubled x2, redoubled x4).", minimum=0)
    double_bonus: int = rule(50, "Bonus for a doubled contract made", "Bonus for making a doubled contract, and again for each overtrick (twice that redoubled).", minimum=0)
    small_slam: int = rule(50, "Small slam bonus", "Bonus for taking twelve tricks, whatever was bid.", minimum=0)
    grand_slam: int = rule(100, "Grand slam bonus", "Bonus for taking all thirteen tricks, whatever was bid.", minimum=0)
    slams: str = rule(
        "tricks", "Slams",
        "Who scores a slam: 'tricks', the side that takes twelve or thirteen tricks, declarer or defender, "
        "as the laws of auction bridge say; 'contract', only a declarer who makes the contract, as in contract bridge.",
        choices={"tricks": "the side that takes the tricks", "contract": "only a declarer who makes the contract"},
    )
    chicane: bool = rule(
        False, "Chicane",
        "Whether a hand without trumps scores chicane: the value of three honours (30), or of four (40) when both "
        "partners have none, to its side; the older laws scored it, the Whist Club of New York dropped it in 1913.",
        phrases=("chicane scores", "no score for chicane"),
    )
    rubber_bonus: int = rule(250, "Rubber bonus", "Bonus for winning two games of a rubber.")


def summary(inputs: Mapping[str, Any], rules: AuctionBridgeRules | Mapping[str, Any]) -> list[str]:
    """The contract's fate below the line, then what goes above it and why."""
    contract, tricks = _read(inputs)
    r = compute(inputs, rules)
    plain = score(contract, tricks, rules)
    named = str(contract).rstrip("X") + ("", " doubled", " redoubled")[contract.doubled]
    honours = f"honours {inputs.get('honours')}"
    held_by = str(inputs.get("honours_held_by", "declarer")).strip().lower()
    chicane_side = str(inputs.get("chicane", "")).split()[0] if r["chicane"] else ""
    ours: list[str] = []  # what the declarer's side adds above the line, and why
    theirs: list[str] = []  # the same for the defenders, beyond undertricks
    doubled = plain["above"] - plain["slam"]
    if doubled:
        ours.append(f"{doubled} for the {'redouble' if contract.doubled == 2 else 'double'}")
    if plain["slam"]:
        ours.append(f"{plain['slam']} for the {'grand' if tricks == 13 else 'small'} slam")
    if plain["defenders_slam"]:
        theirs.append(f"{plain['defenders_slam']} for the {'grand' if tricks == 0 else 'small'} slam")
    if r["honours"]:
        (ours if held_by == "declarer" else theirs).append(f"{r['honours']} for {honours}")
    if r["chicane"]:
        (ours if chicane_side == "declarer" else theirs).append(f"{r['chicane']} for chicane")
    if r["made"]:
        odd = tricks - BOOK
        first = f"{named} is made with {tricks} tricks: {odd} odd tricks score {r['below']} below the line"
        first += ", a game." if r["game"] else "."
    else:
        down = contract.level + BOOK - tricks
        first = f"{named} goes {down} down: the defenders score {plain['defenders'] - plain['defenders_slam']} above the line."
    said = []
    if ours:
        total = f" {r['above']}: " if len(ours) > 1 else " "
        said.append(f"the declarer\u2019s side adds{total}{said_list(ours)}")
    if theirs:
        also = " also" if not r["made"] else ""  # beside the undertricks the first sentence gave them
        total = f" {sum(int(t.split()[0]) for t in theirs)}: " if len(theirs) > 1 else " "
        said.append(f"the defenders{also} add{total}{said_list(theirs)}")
    if not said:
        return [first]
    second = "; ".join(said)
    return [first, "Above the line " + second + "."]


SPEC = GameSpec(
    name="auction-bridge",
    title="Auction bridge: one deal",
    inputs={
        "contract": "the final bid: level, strain and doubling, e.g. 2♥, 1NT, 3♠X",
        "tricks": "tricks taken by the declaring side (0 to 13)",
        "honours": "honours held by one side, as each partner's count, e.g. '4+1', '3' (optional)",
        "honours_held_by": "declarer (default) or defenders",
        "below_before": "the declaring side's trick points already below the line in this game (optional)",
        "chicane": "the side with a hand void of trumps, declarer or defenders; 'declarer double' when both partners are (house rule chicane)",
    },
    quantities=(
        Quantity("below", "int", "trick points below the line to the declaring side"),
        Quantity("above", "int", "points above the line to the declaring side (bonuses, their honours)"),
        Quantity("defenders", "int", "points above the line to the defenders (undertricks, their honours)"),
        Quantity("honours", "int", "the honours score"),
        Quantity("chicane", "int", "the chicane score (house rule chicane; 0 without it)"),
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
