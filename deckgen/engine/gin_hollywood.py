"""Hollywood gin: three games of gin rummy scored at once, from one series of hands.

A player's first winning hand is entered in game 1 only; their second in games
1 and 2; their third and every later one in all three. A game that has ended
takes no more entries, and a player shut out of a game that has ended makes
their first entry in the next one. Each game is then scored as an ordinary game, with its
own game, line and shutout bonuses (`gin.play_game`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.engine.base import ExampleError, GameSpec, Quantity, rule
from deckgen.engine.gin import GameResult, GinGameRules, _parse_hand, _players, play_game

GAMES_AT_ONCE = 3
#: The most games a table may score at once (house rule `games`); each has its game_N quantity.
MOST_GAMES = 6


@dataclass(frozen=True)
class GinHollywoodRules(GinGameRules):
    """The house rules of each of the games: the target and the end-of-game bonuses, and how many
    games are scored at once."""

    game: ClassVar[str] = "gin-hollywood"
    games: int = rule(
        GAMES_AT_ONCE, "Games at once",
        f"How many games are scored from one series of hands (three is Hollywood; some tables play four or more, up to {MOST_GAMES}).",
        minimum=1,
    )


def _count(house: GinHollywoodRules) -> int:
    count = int(house.games)
    if count > MOST_GAMES:
        raise ExampleError(f"rules.games: expected at most {MOST_GAMES} games at once, got {count}", "rules.games")
    return count


def columns(hands: Sequence[tuple[str, int] | None], players: list[str], rules: GinHollywoodRules | Mapping[str, Any]) -> list[list[tuple[str, int]]]:
    """The hands entered in each of the three games, in order.

    Each win lets its player into one more game, the lowest one still going that they are not yet
    in (so a player shut out of game 1 makes a first entry in game 2), and is entered in every game
    they are in that has not ended.
    """
    house = GinHollywoodRules.of(rules)
    target: int = house.target
    count = _count(house)
    joined: dict[str, list[int]] = {p: [] for p in players}
    entered: list[list[tuple[str, int]]] = [[] for _ in range(count)]
    points: list[dict[str, int]] = [{p: 0 for p in players} for _ in range(count)]

    def over(g: int) -> bool:
        return max(points[g].values()) >= target

    for hand in hands:
        if hand is None:
            continue
        name, value = hand
        nxt = next((g for g in range(count) if g not in joined[name] and not over(g)), None)
        if nxt is not None:
            joined[name].append(nxt)
        for g in joined[name]:
            if not over(g):
                entered[g].append(hand)
                points[g][name] += value
    return entered


def play_hollywood(
    players: list[str], hands: Sequence[tuple[str, int] | None], rules: GinHollywoodRules | Mapping[str, Any] | None = None
) -> list[GameResult]:
    """The games (three, or the house rule's number), each scored as an ordinary gin game."""
    house = GinHollywoodRules.of(rules)
    game_rules = {k: v for k, v in house.as_dict().items() if k != "games"}  # an ordinary game's own rules
    return [play_game(players, column, game_rules) for column in columns(hands, players, house)]


def _results(inputs: Mapping[str, Any], rules: GinHollywoodRules | Mapping[str, Any]) -> tuple[list[str], list[GameResult]]:
    players = _players(inputs)
    hands = inputs.get("hands")
    if not isinstance(hands, list):
        raise ExampleError(f"hands: expected a list of hand results ('Ann 27', 'draw' ...), got {hands!r}", "hands")
    parsed = [_parse_hand(h, i, players) for i, h in enumerate(hands, start=1)]
    return players, play_hollywood(players, parsed, rules)


def compute(inputs: Mapping[str, Any], rules: GinHollywoodRules | Mapping[str, Any]) -> dict[str, Any]:
    players, games = _results(inputs, rules)
    out: dict[str, Any] = {f"game_{g}": None for g in range(1, MOST_GAMES + 1)}  # beyond the games played: left out
    for g, result in enumerate(games, 1):
        out[f"game_{g}"] = {p: (result.running[p][-1] if result.running[p] else 0) for p in players}
    out["winners"] = [result.winner for result in games]
    out["totals"] = {p: sum(result.totals[p] for result in games) for p in players}
    return out


def explain(inputs: Mapping[str, Any], rules: GinHollywoodRules | Mapping[str, Any]) -> list[str]:
    players, games = _results(inputs, rules)
    lines = []
    for g, result in enumerate(games, 1):
        points = " · ".join(f"{p} {result.running[p][-1] if result.running[p] else 0}" for p in players)
        state = f"won by {result.winner}, final " + " · ".join(f"{p} {result.totals[p]}" for p in players) if result.finished else "still going"
        lines.append(f"Game {g}: hand points {points}; {state}")
    return lines


def summary(inputs: Mapping[str, Any], rules: GinHollywoodRules | Mapping[str, Any]) -> list[str]:
    """The three games in one sentence: each game's hand points, and its winner when it is over."""
    players, games = _results(inputs, rules)
    said = []
    for g, result in enumerate(games, 1):
        points = ", ".join(f"{p} {result.running[p][-1] if result.running[p] else 0}" for p in players)
        if result.finished:
            final = ", ".join(f"{p} {result.totals[p]}" for p in players)
            said.append(f"game {g} is {result.winner}’s, with hand points {points} and {final} with the bonuses")
        else:
            said.append(f"game {g} stands at {points}")
    sentence = "; ".join(said)
    return [f"{sentence[:1].upper()}{sentence[1:]}."]


SPEC = GameSpec(
    name="gin-hollywood",
    title="Gin rummy: Hollywood scoring (three games at once)",
    inputs={
        "players": "the two players' names, e.g. [Ann, Bob]",
        "hands": "the hands in order: 'Ann 27' (the scorer and their points) or 'draw'",
    },
    quantities=(
        Quantity("game_1", "mapping", "each player's hand points in game 1"),
        Quantity("game_2", "mapping", "each player's hand points in game 2"),
        Quantity("game_3", "mapping", "each player's hand points in game 3"),
        *(Quantity(f"game_{g}", "mapping", f"each player's hand points in game {g} (house rule games: {g} or more)")
          for g in range(GAMES_AT_ONCE + 1, MOST_GAMES + 1)),
        Quantity("winners", "list", "the winner of each game (empty while it goes on)"),
        Quantity("totals", "mapping", "each player's score over the three games, bonuses of finished games included"),
    ),
    compute=compute,
    rules=GinHollywoodRules,
    required=("players", "hands"),
    explain=explain,
    summary=summary,
)

GAMES = [SPEC]

__all__ = ["columns", "play_hollywood", "SPEC", "GAMES"]
