"""Contract bridge's house rules: one deal at duplicate, a rubber, and matchpoints.

The bonuses groups do change (game, part score, slams, the insult, the rubber
bonuses, what a matchpoint is worth) are declared here once, with the Laws'
values as their defaults; `bridge_deal`, `bridge_rubber` and `bridge_duplicate`
read them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from deckgen.engine.base import Rules, rule

__all__ = ["BridgeRules", "MatchpointRules", "RubberRules", "own_rules"]

R = TypeVar("R", bound=Rules)


@dataclass(frozen=True)
class _SlamRules(Rules):
    """The bonuses duplicate and rubber bridge share: the game threshold, slams and the insult."""

    game_points: int = rule(
        100, "Points for game", "Trick points that make a game (in one deal, or below the line at rubber).",
        minimum=0,
    )
    small_slam_bonus: int = rule(500, "Small slam bonus", "Bonus for making a six-level contract, not vulnerable.", minimum=0)
    small_slam_bonus_vul: int = rule(
        750, "Small slam bonus, vulnerable", "Bonus for making a six-level contract, vulnerable.",
        minimum=0,
    )
    grand_slam_bonus: int = rule(1000, "Grand slam bonus", "Bonus for making a seven-level contract, not vulnerable.", minimum=0)
    grand_slam_bonus_vul: int = rule(
        1500, "Grand slam bonus, vulnerable", "Bonus for making a seven-level contract, vulnerable.",
        minimum=0,
    )
    insult_bonus: int = rule(
        50, "Bonus for a doubled contract made", "Paid for making a doubled contract, twice over when redoubled (the 'insult').",
        minimum=0,
    )


@dataclass(frozen=True)
class BridgeRules(_SlamRules):
    """The house rules of one deal at duplicate: the Laws' bonuses by default.

    >>> BridgeRules().game_bonus_vul
    500
    """

    game: ClassVar[str] = "bridge"
    part_score_bonus: int = rule(
        50, "Part-score bonus", "Duplicate: bonus for making a contract worth less than game.",
        minimum=0,
    )
    game_bonus: int = rule(300, "Game bonus", "Duplicate: bonus for making a game contract when not vulnerable.", minimum=0)
    game_bonus_vul: int = rule(
        500, "Game bonus, vulnerable", "Duplicate: bonus for making a game contract when vulnerable.",
        minimum=0,
    )


@dataclass(frozen=True)
class RubberRules(_SlamRules):
    """The house rules of a rubber: the slam and insult bonuses, and the rubber's own bonuses."""

    game: ClassVar[str] = "bridge-rubber"
    rubber_bonus_fast: int = rule(
        700, "Rubber bonus, two games to none", "Rubber bonus when the opponents won no game (two games to none).",
        minimum=0,
    )
    rubber_bonus: int = rule(
        500, "Rubber bonus, two games to one", "Rubber bonus when the opponents won a game (two games to one).",
        minimum=0,
    )
    unfinished_game_bonus: int = rule(
        300, "Unfinished rubber: a game", "Unfinished rubber: bonus to a side that has won one game.",
        minimum=0,
    )
    unfinished_part_score_bonus: int = rule(
        100,
        "Unfinished rubber: a part score",
        "Unfinished rubber: bonus to a side with a part score in the open game.",
        minimum=0,
    )


@dataclass(frozen=True)
class MatchpointRules(Rules):
    """What a score earns against each other table's score on the same board."""

    game: ClassVar[str] = "bridge-matchpoints"
    win_points: int = rule(2, "Matchpoints for a win", "Matchpoints for each other score beaten (some clubs give 1).")
    tie_points: int = rule(1, "Matchpoints for a tie", "Matchpoints for each other score tied (half the win points).")


def own_rules(rules: Rules | Mapping[str, Any] | None, kind: type[R]) -> R:
    """`kind`'s house rules among `rules`, a typed value or a mapping (which may carry another kind's
    rules too: a deal scored the rubber way is handed a duplicate deal's rules): the names `kind`
    declares, each checked, and its usual values for the ones left out."""
    if isinstance(rules, kind):
        return rules
    given = rules.as_dict() if isinstance(rules, Rules) else rules or {}
    names = {p.name for p in kind.parameters()}
    return kind.of({k: v for k, v in given.items() if k in names})
