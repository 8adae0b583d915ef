"""Napoleon (nap): checking an auction and settling the declarer's contract with every opponent.

Settlement is all that needs computing in nap: the declarer either makes the
contract or not (overtricks count for nothing), and each opponent pays or is
paid the same amount. The amounts for the big bids (nap, wellington, blucher)
and for misère differ between schools, so each is a house-rule parameter.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, rule

__all__ = [
    "Contract",
    "GAMES",
    "MISERE",
    "NapoleonRules",
    "PARAMETERS",
    "PASS",
    "SPEC",
    "TRICKS",
    "auction_winner",
    "compute",
    "explain",
    "parse_bid",
]

TRICKS = 5
PASS = "pass"
MISERE = "misère"
NAP, WELLINGTON, BLUCHER = "nap", "wellington", "blucher"

@dataclass(frozen=True)
class NapoleonRules(Rules):
    """The house rules of napoleon: which bids are allowed and what each pays."""

    game: ClassVar[str] = "napoleon"
    nap_win: int = rule(
        10,
        "Nap made",
        "Units each opponent pays when nap (all five tricks) is made.",
        unit="units",
    )
    nap_loss: int = rule(
        5,
        "Nap lost",
        "Units the declarer pays each opponent when nap fails.",
        unit="units",
    )
    allow_wellington: bool = rule(
        True,
        "Wellington allowed",
        "Whether wellington (five tricks, bid over a nap) is allowed.",
        phrases=("wellington allowed", "no wellington"),
    )
    wellington_win: int = rule(
        10,
        "Wellington made",
        "Units each opponent pays when wellington is made.",
        unit="units",
    )
    wellington_loss: int = rule(
        10,
        "Wellington lost",
        "Units the declarer pays each opponent when wellington fails.",
        unit="units",
    )
    allow_blucher: bool = rule(
        True,
        "Blücher allowed",
        "Whether blucher (five tricks, bid over a wellington) is allowed.",
        phrases=("Blücher allowed", "no Blücher"),
    )
    blucher_win: int = rule(
        10,
        "Blücher made",
        "Units each opponent pays when blucher is made.",
        unit="units",
    )
    blucher_loss: int = rule(
        20,
        "Blücher lost",
        "Units the declarer pays each opponent when blucher fails.",
        unit="units",
    )
    allow_misere: bool = rule(
        True,
        "Misère allowed",
        "Whether misère (lose every trick, ranking between three and four) is allowed.",
        phrases=("misère allowed", "no misère"),
    )
    misere_value: int = rule(
        3,
        "Misère, made or lost",
        "Units paid each way for misère, made or failed.",
        unit="units",
    )
    dealer_may_bid_one: bool = rule(
        True,
        "Dealer may bid one",
        "Whether the dealer may bid one when everyone else has passed.",
        phrases=("the dealer may bid one", "the dealer may not bid one"),
    )


PARAMETERS = NapoleonRules.parameters()


@dataclass(frozen=True)
class Contract:
    """A bid: what it is called, its place in the auction and the tricks it needs (misère: none)."""

    name: str
    order: float
    tricks: int


def parse_bid(value: Any, rules: NapoleonRules | Mapping[str, Any] | None = None, where: str = "bid") -> Contract:
    """Read a bid (1-5, nap, wellington, blucher, misère/misere/misery); a bid the house bars is an error."""
    house = NapoleonRules.of(rules)
    text = str(value).strip().lower()
    if text in ("misere", "misère", "misery", "mis"):
        if not house.allow_misere:
            raise ExampleError(f"{where}: misère is not allowed by this table's house rules (allow_misere)", where)
        return Contract(MISERE, 3.5, 0)
    if text in ("5", "nap", "napoleon"):
        return Contract(NAP, 5, TRICKS)
    if text in (WELLINGTON, "well", "wellington"):
        if not house.allow_wellington:
            raise ExampleError(f"{where}: wellington is not allowed by this table's house rules (allow_wellington)", where)
        return Contract(WELLINGTON, 6, TRICKS)
    if text in (BLUCHER, "blücher"):
        if not house.allow_blucher:
            raise ExampleError(f"{where}: blucher is not allowed by this table's house rules (allow_blucher)", where)
        return Contract(BLUCHER, 7, TRICKS)
    if text in ("1", "2", "3", "4"):
        return Contract(text, int(text), int(text))
    raise ExampleError(f"{where}: '{value}' is not a bid: expected 2, 3, 4, nap, wellington, blucher or misère (dealer: 1)", where)


def auction_winner(calls: Sequence[Any], rules: NapoleonRules | Mapping[str, Any] | None = None) -> Contract:
    """The contract of a single round of calls (the dealer speaks last), checking each call is legal.

    >>> auction_winner(["pass", "3", "nap", "pass"]).name
    'nap'
    """
    house = NapoleonRules.of(rules)
    if not isinstance(calls, Sequence) or isinstance(calls, str) or len(calls) < 2:
        raise ExampleError("auction: expected a list of every player's call in turn, the dealer last, e.g. [pass, 2, nap, pass]", "auction")
    best: Contract | None = None
    for i, call in enumerate(calls):
        where = f"auction[{i + 1}]"
        if str(call).strip().lower() == PASS:
            continue
        bid = parse_bid(call, house, where)
        dealer = i == len(calls) - 1
        if bid.name == "1" and not (dealer and best is None and house.dealer_may_bid_one):
            raise ExampleError(f"{where}: a bid of one is only for the dealer after everyone else has passed", where)
        if bid.name == WELLINGTON and (best is None or best.name != NAP):
            raise ExampleError(f"{where}: wellington can only be bid over a nap", where)
        if bid.name == BLUCHER and (best is None or best.name != WELLINGTON):
            raise ExampleError(f"{where}: blucher can only be bid over a wellington", where)
        if best is not None and bid.order <= best.order:
            raise ExampleError(f"{where}: '{call}' does not beat the bid before it ({best.name})", where)
        best = bid
    if best is None:
        raise ExampleError("auction: everyone passed, so nobody plays this deal", "auction")
    return best


def _stakes(contract: Contract, rules: NapoleonRules | Mapping[str, Any]) -> tuple[int, int]:
    """(units won from each opponent if made, units paid to each if not)."""
    house = NapoleonRules.of(rules)
    if contract.name == MISERE:
        return house.misere_value, house.misere_value
    if contract.name in (NAP, WELLINGTON, BLUCHER):
        return {
            NAP: (house.nap_win, house.nap_loss),
            WELLINGTON: (house.wellington_win, house.wellington_loss),
            BLUCHER: (house.blucher_win, house.blucher_loss),
        }[contract.name]
    return contract.tricks, contract.tricks


def _read(inputs: Mapping[str, Any], rules: NapoleonRules | Mapping[str, Any]) -> tuple[Contract, int, int]:
    if "auction" in inputs:
        contract = auction_winner(inputs["auction"], rules)
        if "bid" in inputs and parse_bid(inputs["bid"], rules).name != contract.name:
            raise ExampleError(f"bid: '{inputs['bid']}' is not what the auction ends on ({contract.name})", "bid")
    elif "bid" in inputs:
        contract = parse_bid(inputs["bid"], rules)
    else:
        raise ExampleError("napoleon needs the field 'bid' (or the whole 'auction')", "bid")
    players = inputs["players"]
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 8:
        raise ExampleError(f"players: expected a number of players from 2 to 8, got {players!r}", "players")
    if "auction" in inputs and len(inputs["auction"]) != players:
        raise ExampleError(f"auction: expected one call per player ({players}), got {len(inputs['auction'])}", "auction")
    tricks = inputs["tricks"]
    if not isinstance(tricks, int) or isinstance(tricks, bool) or not 0 <= tricks <= TRICKS:
        raise ExampleError(f"tricks: expected the declarer's tricks, 0 to 5, got {tricks!r}", "tricks")
    return contract, players, tricks


def compute(inputs: Mapping[str, Any], rules: NapoleonRules | Mapping[str, Any]) -> dict[str, Any]:
    """The contract, whether it was made, and what changes hands."""
    contract, players, tricks = _read(inputs, rules)
    made = tricks == 0 if contract.name == MISERE else tricks >= contract.tricks
    win, loss = _stakes(contract, rules)
    each = win if made else -loss
    return {"contract": contract.name, "made": made, "per_opponent": each, "declarer": each * (players - 1)}


def explain(inputs: Mapping[str, Any], rules: NapoleonRules | Mapping[str, Any]) -> list[str]:
    """The contract's fate and the payment, in a line or two."""
    contract, players, tricks = _read(inputs, rules)
    r = compute(inputs, rules)
    need = "no tricks" if contract.name == MISERE else f"{contract.tricks} trick{'s' if contract.tricks > 1 else ''}"
    label = f"A bid of {contract.name}" if contract.name.isdigit() else contract.name.capitalize()
    lines = [f"{label} needs {need}; the declarer took {tricks}: {'made' if r['made'] else 'failed'}"]
    n = players - 1
    if r["made"]:
        lines.append(f"Each of {n} opponents pays {r['per_opponent']}: declarer {r['declarer']:+d}")
    else:
        lines.append(f"Declarer pays each of {n} opponents {-r['per_opponent']}: declarer {r['declarer']:+d}")
    return lines


def summary(inputs: Mapping[str, Any], rules: NapoleonRules | Mapping[str, Any]) -> list[str]:
    """The contract, the tricks taken and who pays whom, in a sentence (the auction's winner first)."""
    contract, players, tricks = _read(inputs, rules)
    r = compute(inputs, rules)
    name = contract.name
    if name.isdigit():
        bid = f"bids {name}" if "auction" in inputs or name != "1" else "plays for 1 trick"
    elif name == MISERE:
        bid = "plays misère"
    else:
        bid = "goes nap" if name == "nap" else f"bids {name.capitalize()}"
    if tricks == TRICKS:
        took = f"takes all {TRICKS} tricks"
    elif tricks == 0:
        took = "takes no trick"
    else:
        took = f"takes {'only ' if not r['made'] and name != MISERE else ''}{tricks} trick{'s' if tricks > 1 else ''}"
    n = players - 1
    each = abs(r["per_opponent"])
    others = "the opponent" if n == 1 else f"each of the {n} opponents"
    if r["made"]:
        paid = f"{others} pays {each}" + ("" if n == 1 else f", {abs(r['declarer'])} in all")
    else:
        paid = f"so pays {others} {each}" + ("" if n == 1 else f", {abs(r['declarer'])} in all")
    return [f"The declarer {bid} and {took}{':' if r['made'] else ','} {paid}."]

SPEC = GameSpec(
    name="napoleon",
    title="Napoleon (nap): settling a deal",
    inputs={
        "bid": "the contract: 2, 3, 4, nap, wellington, blucher or misère (1 for the dealer when all pass)",
        "auction": "optional: every player's call in turn, dealer last, e.g. [pass, 3, nap, pass]; checked and used as the bid",
        "tricks": "tricks the declarer took (0 to 5)",
        "players": "number of players at the table, the declarer included (2 to 8)",
    },
    quantities=(
        Quantity("contract", "str", "the contract played: 1-4, nap, wellington, blucher or misère"),
        Quantity("made", "bool", "whether the declarer made the contract"),
        Quantity("per_opponent", "int", "units each opponent pays the declarer (negative: the declarer pays each)"),
        Quantity("declarer", "int", "the declarer's net units for the deal"),
    ),
    compute=compute,
    rules=NapoleonRules,
    required=("tricks", "players"),
    explain=explain,
    summary=summary,
)

GAMES = [SPEC]
