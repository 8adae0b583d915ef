"""Spite and Malice: building on the shared piles, checked play by play.

Suits play no part. A building pile starts with an ace and climbs one rank at
a time to the queen; a king is wild and stands for whatever card the pile
needs. A pile that reaches the queen is finished and cleared away, freeing its
place for a new ace.
"""

from __future__ import annotations

import re

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Rank, parse_rank
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, rule, said_list
from deckgen.engine.tally import said_moves, verdicts
from deckgen.errors import CardError

QUEEN = 12
KING = 13


def _rank(token: str, where: str) -> int:
    try:
        rank = parse_rank(token.rstrip("♠♥♦♣shdcSHDC") or token)
    except CardError:
        raise ExampleError(f"{where}: '{token}' is not a rank (A 2 ... 10 J Q K)", where) from None
    return 1 if rank == Rank.ACE else int(rank)


def play(piles: list[int], card: int, pile: int) -> str:
    """Lay `card` (1..13, 13 the wild king) on pile number `pile` (0-based); '' or the reason it may not.

    `piles` holds each pile's top value (0: no pile there) and is updated; a pile that reaches the
    queen is cleared to 0.
    """
    if not 0 <= pile < len(piles):
        return f"there is no building pile {pile + 1} (there are {len(piles)})"
    need = piles[pile] + 1
    if card != KING and card != need:
        if piles[pile] == 0:
            return "a building pile must start with an ace, or a king as the ace"
        article = "an" if need in (1, 8) else "a"
        return f"pile {pile + 1} needs {article} {_name(need)}"
    piles[pile] = 0 if need == QUEEN else need
    return ""


def _name(value: int) -> str:
    return {1: "ace", 11: "jack", 12: "queen"}.get(value, str(value))


def _piles(inputs: Mapping[str, Any], rules: SpiteMaliceRules | Mapping[str, Any]) -> list[int]:
    house = SpiteMaliceRules.of(rules)
    count = house.building_piles
    raw = inputs.get("piles") or []
    if not isinstance(raw, list) or len(raw) > count:
        raise ExampleError(f"piles: expected a list of up to {count} top cards (0 for an empty place)", "piles")
    tops = []
    for value in raw:
        top = 0 if value in (0, "", None, "-") else _rank(str(value), "piles")
        if top >= QUEEN:
            raise ExampleError("piles: a pile that reaches the queen is cleared, so no pile shows a queen or king", "piles")
        tops.append(top)
    return tops + [0] * (count - len(tops))


def _run(inputs: Mapping[str, Any], rules: SpiteMaliceRules | Mapping[str, Any]) -> tuple[list[tuple[str, str]], list[int], int]:
    piles = _piles(inputs, rules)
    raw = inputs.get("plays") or []
    if not isinstance(raw, list):
        raise ExampleError("plays: expected a list such as ['3 on 1', 'K on 1']", "plays")
    results = []
    finished = 0
    for text in raw:
        words = str(text).split()
        if len(words) != 3 or words[1].lower() != "on" or not words[2].isdigit():
            raise ExampleError(f"plays: '{text}' is not a play: write the card and the pile number, e.g. '3 on 1'", "plays")
        pile = int(words[2]) - 1
        before = piles[pile] if 0 <= pile < len(piles) else -1
        why = play(piles, _rank(words[0], "plays"), pile)
        if not why and before == QUEEN - 1:
            finished += 1
        results.append((str(text), why))
    return results, piles, finished


def written(value: int) -> str | int:
    """A pile's top as the input writes it: its rank (A, 2 ... 10, J), or 0 for an empty place.

    >>> [written(v) for v in (0, 1, 7, 11)]
    [0, 'A', '7', 'J']
    """
    if value == 0:
        return 0
    return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(value, str(value))


def compute(inputs: Mapping[str, Any], rules: SpiteMaliceRules | Mapping[str, Any]) -> dict[str, Any]:
    results, piles, finished = _run(inputs, rules)
    return {"legal": [not why for _, why in results], "piles": [written(p) for p in piles], "finished": finished}


def explain(inputs: Mapping[str, Any], rules: SpiteMaliceRules | Mapping[str, Any]) -> list[str]:
    results, piles, finished = _run(inputs, rules)
    lines = verdicts(results)
    shown = ", ".join(_name(p) if p else "empty" for p in piles)
    lines.append(f"The building piles now show {shown}" + (f"; {finished} finished and cleared" if finished else ""))
    return lines


@dataclass(frozen=True)
class SpiteMaliceRules(Rules):
    """How many building piles the middle holds."""

    game: ClassVar[str] = "spite-and-malice"
    building_piles: int = rule(3, "Building piles", "How many building piles may be going at once in the middle.", minimum=1)


def summary(inputs: Mapping[str, Any], rules: SpiteMaliceRules | Mapping[str, Any]) -> list[str]:
    """The plays allowed and refused (and why) in a sentence; what the building piles show in another."""
    results, piles, finished = _run(inputs, rules)

    def shown(text: str) -> str:  # "3 on 1": a 3 on the first building pile
        match = re.fullmatch(r"(\S+) on (\d+)", text.strip())
        return f"{match.group(1)} on pile {match.group(2)}" if match else text

    tops = [_name(p) if p else "empty" for p in piles]
    cleared = f"; {'one pile was' if finished == 1 else f'{finished} piles were'} finished and cleared" if finished else ""
    piles_now = "The building piles are now all empty" if not any(piles) else f"The building piles now show {said_list(tops)}"
    return [said_moves(results, shown), f"{piles_now}{cleared}."]

SPEC = GameSpec(
    name="spite-and-malice",
    title="Spite and Malice: building",
    inputs={
        "piles": "the top card of each building place, e.g. [2, 0, 0] (0 for an empty place)",
        "plays": "cards laid in order, each with its pile number: ['3 on 1', 'K on 1', 'A on 2']",
    },
    quantities=(
        Quantity("legal", "list", "for each play, whether it is allowed (true/false)"),
        Quantity("piles", "ranks", "each place's top card afterwards, as a rank: A, 2 ... 10, J (a king counts as the card it stands for; 0 empty)"),
        Quantity("finished", "int", "piles that reached the queen and were cleared"),
    ),
    compute=compute,
    rules=SpiteMaliceRules,
    explain=explain,
    summary=summary,
)

GAMES = [SPEC]

__all__ = ["play", "SPEC", "GAMES"]
