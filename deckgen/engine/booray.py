"""Boo-ray (bourré): who takes the pot after the five tricks, and who must match it.

The settlement as the published accounts give it (whiteknucklecards.com's *Bourré*,
eightygames' *Bourré*, boardgamewikia's *Bourre*, cajuncrate's *How to play Bourre*,
Wikipedia's *Bourré*): five tricks are played by the players who stayed in; the one who took
the most tricks takes the pot; when two or more tie for the most, nobody takes it and it stays
for the next hand; every player who stayed in and took no trick has *bourréd* and puts the
amount of the pot into the next one. Some accounts (Wikipedia, clipperdarrell.com) give the pot
only to a player with a majority of the tricks, three of five: a house rule here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, Rules, every_player, rule, said_list

__all__ = ["GAMES", "TRICKS", "BooRayRules", "settle"]

#: Tricks in a hand: five cards each.
TRICKS = 5
#: Players at one table (whiteknucklecards.com: two to eight).
MOST_PLAYERS = 8


@dataclass(frozen=True)
class BooRayRules(Rules):
    """The house rules of boo-ray: what it takes to win the pot."""

    game: ClassVar[str] = "boo-ray"
    pot_to: str = rule(
        "most",
        "Who takes the pot",
        "'most': the player with the most tricks, unless tied; 'majority': only a player with three of the five.",
        choices={"most": "the most tricks, unless tied", "majority": "three tricks or more"},
    )


def _whole(value: Any, field: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ExampleError(f"{field}: expected {what}, got {value!r}", field)
    return value


def _read(inputs: Mapping[str, Any]) -> tuple[int, dict[str, int], list[str]]:
    pot = _whole(inputs.get("pot"), "pot", "the chips in the pot as a whole number, e.g. 7")
    raw = inputs.get("tricks")
    if not isinstance(raw, Mapping) or not raw:
        raise ExampleError("tricks: expected the tricks each player who stayed in took, e.g. {Ann: 3, Bob: 2, Cy: 0}",
                           "tricks")
    tricks = {str(name): _whole(n, f"tricks.{name}", "a number of tricks from 0 to 5") for name, n in raw.items()}
    if sum(tricks.values()) != TRICKS:
        raise ExampleError(f"tricks: the players took {sum(tricks.values())} tricks in all; a hand has {TRICKS}",
                           "tricks")
    given = inputs.get("passed") or []
    if not isinstance(given, list):
        given = [given]
    passed = [str(n) for n in given]
    for name in passed:
        if name in tricks:
            raise ExampleError(f"passed: '{name}' passed and so played no tricks; list them in one place only",
                               "passed")
    if len(set(passed)) != len(passed):
        raise ExampleError("passed: a player is listed twice", "passed")
    if len(tricks) + len(passed) > MOST_PLAYERS:
        raise ExampleError(f"tricks: boo-ray is for 2 to {MOST_PLAYERS} players, got {len(tricks) + len(passed)}",
                           "tricks")
    if len(tricks) + len(passed) < 2:
        raise ExampleError("tricks: boo-ray needs at least two players at the table (list the others under passed)",
                           "tricks")
    return pot, tricks, passed


def settle(inputs: Mapping[str, Any], rules: BooRayRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The pot's winner (or nobody), who bourréd, what each player wins or puts up, and the next pot.

    >>> r = settle({"pot": 6, "tricks": {"Ann": 2, "Bob": 2, "Cy": 1, "Dee": 0}})
    >>> r["winner"], r["bourre"], r["next_pot"]
    ('', ['Dee'], 12)
    """
    r = BooRayRules.of(rules)
    pot, tricks, passed = _read(inputs)
    most = max(tricks.values())
    leaders = [n for n, t in tricks.items() if t == most]
    if r.pot_to == "majority":
        winner = leaders[0] if most > TRICKS // 2 else NOBODY
    else:
        winner = leaders[0] if len(leaders) == 1 else NOBODY
    bourre = [n for n, t in tricks.items() if t == 0]
    players = [*tricks, *passed]
    amounts = {n: -pot for n in bourre}
    if winner:
        amounts[winner] = pot
    return {
        "winner": winner,
        "leaders": leaders,
        "bourre": bourre,
        "payouts": every_player(players, amounts),
        "next_pot": pot * len(bourre) + (0 if winner else pot),
    }


def _explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    result = settle(inputs, rules)
    pot, tricks, _ = _read(inputs)
    lines = ["tricks: " + ", ".join(f"{n} {t}" for n, t in tricks.items())]
    if result["winner"]:
        lines.append(f"{result['winner']} takes the pot of {pot}")
    else:
        lines.append(f"nobody takes the pot ({said_list(result['leaders'])} with {max(tricks.values())}): "
                     f"the {pot} stay for the next hand")
    for name in result["bourre"]:
        lines.append(f"{name} took no trick (bourré) and puts {pot} into the next pot")
    lines.append(f"next pot before the antes: {result['next_pot']}")
    return lines


def _summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    result = settle(inputs, rules)
    pot, tricks, _ = _read(inputs)
    first = (f"{result['winner']} takes the pot of {pot} with {tricks[result['winner']]} tricks."
             if result["winner"] else f"Nobody takes the pot: {said_list(result['leaders'])} "
             f"{'tie' if len(result['leaders']) > 1 else 'has'} with {max(tricks.values())}, so it stays.")
    if result["bourre"]:
        s = "" if len(result["bourre"]) > 1 else "s"
        first += f" {said_list(result['bourre'])} bourré{'d' if s else ''} and put{s} up {pot} each."
    return [first, f"The next pot starts at {result['next_pot']} before the antes."]


GAMES = [
    GameSpec(
        name="boo-ray",
        title="Boo-ray (bourré): the pot after a hand",
        inputs={
            "pot": "the chips in the pot the hand was played for",
            "tricks": "the tricks each player who stayed in took, e.g. {Ann: 3, Bob: 2, Cy: 0} (five in all)",
            "passed": "optional: the players who passed and sat the hand out, e.g. [Dee]",
        },
        quantities=(
            Quantity("winner", "str", "the player who takes the pot, or nobody (\"\") when it stays"),
            Quantity("leaders", "set", "the players with the most tricks"),
            Quantity("bourre", "set", "the players who stayed in and took no trick"),
            Quantity("payouts", "mapping", "what each player wins (the pot) or puts up (a bourré: minus the pot)"),
            Quantity("next_pot", "int", "the chips in the next pot before the antes: the matches, and the pot if it stays"),
        ),
        compute=lambda inputs, rules: settle(inputs, rules),
        rules=BooRayRules,
        required=("pot", "tricks"),
        explain=_explain,
        summary=_summary,
    ),
]
