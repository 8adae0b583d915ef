"""Whist: the score of a deal (tricks over six, and honours where they count), the game, and the rubber.

Four players in two partnerships play thirteen tricks with a trump suit. A side
scores a point for each trick it takes beyond its first six (its *book*).

- **American whist** (the default): only tricks count, and game is 7 points;
  a game is worth 7 less the losers' score.
- **English whist** (the house rule `honours: counted`, with `game_points: 5`
  for short whist or 10 for long whist): the ace, king, queen and jack of trumps
  are honours; a side dealt all four between its two hands scores 4, three of
  them 2, at the end of the deal. Tricks score before honours, and a side one
  point short of game when the deal starts cannot score honours ("honours do not
  count at four", or at nine in long whist). Under the laws of short whist a game
  is worth 3, 2 or 1 as the losers have 0, 1-2 or 3-4, and the rubber (two
  games won) adds 2.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit, format_cards, parse_suit
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Record, Rules, Table, TableDef, read_cards, rule, unique_cards
from deckgen.engine.table import Memo
from deckgen.engine.tally import scores_field
from deckgen.errors import CardError

__all__ = ["GAMES", "HONOURS", "WHIST", "WhistRules", "compute", "game_value", "honour_points"]

#: The honours: the four top trumps.
HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)
BOOK = 6
TRICKS = 13
RUBBER_BONUS_LAWS = 2


@dataclass(frozen=True)
class WhistRules(Rules):
    """Honours, the game total and what a game is worth."""

    game: ClassVar[str] = "whist"
    honours: str = rule(
        "none", "Honours",
        "Whether the top trumps score: not at all in American whist; four for all four and two for three in "
        "English whist (the laws of short whist).",
        choices={"none": "not counted (American whist)", "counted": "four honours 4, three honours 2 (English whist)"},
    )
    honours_to_game: bool = rule(
        True, "Honours may win a game",
        "Whether honours may carry a side to game (the laws of short whist); some accounts ignore honours that would.",
        phrases=("honours may complete a game", "honours never complete a game"),
    )
    game_points: int = rule(7, "Points for game", "The points that win a game: 7 in American whist, 5 in short whist, 10 in long whist.", minimum=1)
    game_value: str = rule(
        "difference", "Value of a game",
        "What a won game is worth in a rubber: the game total less the losers' score (American whist), or the "
        "laws of short whist's treble, double and single with 2 more for the rubber (game of 5 only).",
        choices={"difference": "game points less the losers' score", "laws": "3, 2 or 1 by the losers' score, rubber 2 (short whist)"},
    )


def honour_points(held: int) -> int:
    """What a side dealt `held` of the four honours scores when honours count: 4 for four, 2 for three.

    >>> [honour_points(n) for n in range(5)]
    [0, 0, 0, 2, 4]
    """
    return 4 if held == 4 else 2 if held == 3 else 0


def game_value(loser_score: int, rules: WhistRules | Mapping[str, Any]) -> int:
    """What a won game is worth, from the losing side's score in it.

    >>> game_value(2, {"game_value": "difference", "game_points": 7}), game_value(0, {"game_value": "laws", "game_points": 5})
    (5, 3)
    """
    house = WhistRules.of(rules)
    if house.game_value == "laws":
        return 3 if loser_score == 0 else 2 if loser_score < 3 else 1
    return int(house.game_points) - loser_score


def _sides(inputs: Mapping[str, Any], name: str) -> dict[str, int]:
    raw = inputs.get(name)
    if not isinstance(raw, Mapping) or len(raw) != 2:
        raise ExampleError(f"{name}: expected the two sides and a number for each, e.g. {{We: 8, They: 5}}", name)
    out: dict[str, int] = {}
    for side, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ExampleError(f"{name}.{side}: expected a whole number (0 or more), got {value!r}", name)
        out[str(side)] = value
    return out


def _trumps(inputs: Mapping[str, Any]) -> Suit:
    try:
        return parse_suit(str(inputs.get("trumps", "")))
    except CardError:
        raise ExampleError(f"trumps: expected a suit (♠ ♥ ♦ ♣ or s h d c), got {inputs.get('trumps')!r}", "trumps") from None


def _honours(inputs: Mapping[str, Any], sides: list[str]) -> dict[str, list[Card]]:
    """The honours each side was dealt; all four must be placed, and only the trump A K Q J."""
    raw = inputs.get("honours")
    if not isinstance(raw, Mapping):
        raise ExampleError("honours: expected each side's honours, e.g. {We: A♥ K♥ J♥, They: Q♥}", "honours")
    trumps = _trumps(inputs)
    held: dict[str, list[Card]] = {s: [] for s in sides}
    for side, cards in raw.items():
        if str(side) not in held:
            raise ExampleError(f"honours: '{side}' is not one of the sides ({', '.join(sides)})", "honours")
        held[str(side)] = read_cards(cards, f"honours.{side}") if cards else []
    every = [c for cs in held.values() for c in cs]
    try:
        unique_cards(every, where="honours")
    except ExampleError as exc:
        raise ExampleError(str(exc), "honours") from None
    wrong = [c for c in every if c.suit != trumps or c.rank not in HONOURS]
    if wrong:
        raise ExampleError(f"honours: {format_cards(wrong)} is not an honour (the ace, king, queen or jack of trumps)", "honours")
    if len(every) != len(HONOURS):
        raise ExampleError(f"honours: the four honours are dealt between the sides; {len(every)} listed", "honours")
    return held


def _deal(inputs: Mapping[str, Any], rules: WhistRules | Mapping[str, Any]) -> dict[str, Any]:
    house = WhistRules.of(rules)
    tricks = _sides(inputs, "tricks")
    sides = list(tricks)
    if sum(tricks.values()) != TRICKS:
        raise ExampleError(f"tricks: the sides' tricks add up to {TRICKS}, got {sum(tricks.values())}", "tricks")
    before = scores_field(inputs, "scores", sides)
    target = int(house.game_points)
    if any(v >= target for v in before.values()):
        raise ExampleError(f"scores: a side at {target} or more has already won the game", "scores")
    odd = {s: max(0, tricks[s] - BOOK) for s in sides}
    honours = {s: 0 for s in sides}
    if "honours" in inputs:
        held = _honours(inputs, sides)
        if house.honours == "counted":
            trick_side = max(sides, key=lambda s: odd[s])
            tricks_win = before[trick_side] + odd[trick_side] >= target  # tricks score first: the game may end here
            for s in sides:
                value = honour_points(len(held[s]))
                if not value or before[s] == target - 1 or (tricks_win and s != trick_side):
                    continue  # no honours at one short of game, nor after the other side's tricks won it
                if not house.honours_to_game and before[s] + odd[s] + value >= target:
                    continue
                honours[s] = value
    elif house.honours == "counted":
        raise ExampleError("honours: with honours counted, say who was dealt them, e.g. {We: A♥ K♥ J♥, They: Q♥}", "honours")
    points = {s: odd[s] + honours[s] for s in sides}
    totals = {s: before[s] + points[s] for s in sides}
    winner = next((s for s in sides if totals[s] >= target), "")
    return {"odd_tricks": odd, "honours_points": honours, "points": points, "totals": totals, "game": winner}


def _games(inputs: Mapping[str, Any], rules: WhistRules | Mapping[str, Any]) -> dict[str, Any]:
    house = WhistRules.of(rules)
    raw = inputs.get("games")
    if not isinstance(raw, list) or not raw:
        raise ExampleError("games: expected a list of the rubber's finished games, each {We: 7, They: 3}", "games")
    if house.game_value == "laws" and house.game_points != 5:
        raise ExampleError(
            f"rules.game_value: the laws' treble, double and single are for a game of 5, not {house.game_points}",
            "rules.game_value",
        )
    target = int(house.game_points)
    sides: list[str] = []
    won: dict[str, int] = {}
    values: list[int] = []
    worth: dict[str, int] = {}
    rubber = ""
    for n, game in enumerate(raw, 1):
        where = f"games[{n}]"
        if not isinstance(game, Mapping) or len(game) != 2:
            raise ExampleError(f"{where}: expected the two sides' scores at the end of the game, e.g. {{We: 7, They: 3}}", "games")
        scores = {str(k): v for k, v in game.items()}
        if not sides:
            sides = list(scores)
            won = {s: 0 for s in sides}
            worth = {s: 0 for s in sides}
        if set(scores) != set(sides):
            raise ExampleError(f"{where}: the same two sides play every game of a rubber ({' and '.join(sides)})", "games")
        if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in scores.values()):
            raise ExampleError(f"{where}: scores are whole numbers (0 or more)", "games")
        if rubber:
            raise ExampleError(f"{where}: {rubber} had already won the rubber with two games", "games")
        winners = [s for s in sides if scores[s] >= target]
        if len(winners) != 1:
            raise ExampleError(f"{where}: exactly one side reaches {target} to win a game, got {len(winners)}", "games")
        winner = winners[0]
        loser = next(s for s in sides if s != winner)
        value = game_value(scores[loser], house)
        values.append(value)
        won[winner] += 1
        worth[winner] += value
        if won[winner] == 2:
            rubber = winner
    margin = 0
    if rubber:
        other = next(s for s in sides if s != rubber)
        bonus = RUBBER_BONUS_LAWS if house.game_value == "laws" else 0
        margin = worth[rubber] + bonus - worth[other]
    return {"game_values": values, "rubber_winner": rubber, "rubber_points": margin}


def compute(inputs: Mapping[str, Any], rules: WhistRules | Mapping[str, Any]) -> dict[str, Any]:
    """A deal (`tricks`, with `honours` and `scores`), a rubber (`games`), or both."""
    if "tricks" not in inputs and "games" not in inputs:
        raise ExampleError("whist needs 'tricks' (a deal) or 'games' (a rubber)", "tricks")
    # a quantity these inputs do not give (a rubber's, when only a deal is scored) is None: not worked out
    out: dict[str, Any] = dict.fromkeys(
        ("odd_tricks", "honours_points", "points", "totals", "game", "game_values", "rubber_winner", "rubber_points")
    )
    if "tricks" in inputs:
        out.update(_deal(inputs, rules))
    if "games" in inputs:
        out.update(_games(inputs, rules))
    return out


def _said(points: Mapping[str, int]) -> str:
    return ", ".join(f"{s} {n}" for s, n in points.items())


def explain(inputs: Mapping[str, Any], rules: WhistRules | Mapping[str, Any]) -> list[str]:
    house = WhistRules.of(rules)
    r = compute(inputs, house)
    lines = []
    if r["points"]:
        lines.append(f"Tricks over six: {_said(r['odd_tricks'])}")
        if house.honours == "counted":
            lines.append(f"Honours: {_said(r['honours_points'])}")
        elif "honours" in inputs:
            lines.append("Honours do not count in American whist")
        lines.append(f"Deal: {_said(r['points'])}; totals {_said(r['totals'])}")
        lines.append(f"{r['game']} win the game" if r["game"] else f"Nobody has {house.game_points} yet")
    if r["game_values"]:
        lines.append(f"Games worth {', '.join(map(str, r['game_values']))}")
        lines.append(f"{r['rubber_winner']} win the rubber by {r['rubber_points']}" if r["rubber_winner"] else "The rubber is not over")
    return lines


def summary(inputs: Mapping[str, Any], rules: WhistRules | Mapping[str, Any]) -> list[str]:
    """The deal's score in one sentence (tricks, then honours), the game or rubber in a second."""
    house = WhistRules.of(rules)
    r = compute(inputs, house)
    out = []
    if r["points"]:
        parts = []
        for s in r["points"]:
            bits = []
            if r["odd_tricks"][s]:
                bits.append(f"{r['odd_tricks'][s]} for tricks")
            if r["honours_points"][s]:
                bits.append(f"{r['honours_points'][s]} for honours")
            if bits:
                parts.append(f"{s} score {' and '.join(bits)}")
        deal = "; ".join(parts) if parts else "Nobody scores"
        if "honours" in inputs and house.honours != "counted":
            deal += " (honours do not count)"
        out.append(deal + ".")
        end = f"{r['game']} reach {r['totals'][r['game']]} and win the game." if r["game"] else ""
        if "scores" in inputs or r["game"]:
            out.append(end or f"Totals {_said(r['totals'])}; nobody has {house.game_points} yet.")
    if r["game_values"]:
        worth = f"The games are worth {', '.join(map(str, r['game_values']))}"
        if r["rubber_winner"]:
            bonus = f" with {RUBBER_BONUS_LAWS} for the rubber" if house.game_value == "laws" else ""
            out.append(f"{worth}; {r['rubber_winner']} win the rubber, {r['rubber_points']} points net{bonus}.")
        else:
            out.append(f"{worth}; the rubber is not over.")
    return out[:2] if len(out) <= 2 else [out[0], " ".join(out[1:])]


def records(inputs: Mapping[str, Any], rules: WhistRules | Mapping[str, Any]) -> list[Record]:
    """A rubber's games as the score sheet keeps them."""
    if "games" not in inputs:
        return []
    r = compute(inputs, rules)
    games = inputs["games"]
    sides = [str(k) for k in games[0]]
    rows = tuple(
        (str(n),) + tuple(str(g[s]) for s in sides) + (str(v),)
        for n, (g, v) in enumerate(zip(games, r["game_values"]), 1)
    )
    return [Record(("games",), ("Game",) + tuple(sides) + ("Worth",), rows, ("right",) * (len(sides) + 2))]


def _scoring(rules: WhistRules | Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    house = WhistRules.of(rules)
    target = int(house.game_points)
    rows = [("Each trick over six", "1")]
    if house.honours == "counted":
        rows += [("Four honours (A K Q J of trumps) between partners", "4"), ("Three honours", "2"),
                 (f"Honours at {target - 1} (one short of game)", "0")]
    rows.append(("Game", str(target)))
    if house.game_value == "laws":
        rows += [("A game, losers at 0", "3"), ("A game, losers at 1 or 2", "2"), ("A game, losers at 3 or 4", "1"),
                 ("The rubber (two games)", str(RUBBER_BONUS_LAWS))]
    else:
        rows.append(("A game in the rubber", f"{target} less the losers' score"))
    return Table("Whist scoring", ("Scores", "Points"), tuple(rows), ("left", "right"))


WHIST = GameSpec(
    name="whist",
    title="Whist: a deal, a game and a rubber",
    inputs={
        "tricks": "the tricks each side took, {side: number} (13 in all)",
        "trumps": "the trump suit (needed with honours)",
        "honours": "the trump A K Q J each side was dealt, {side: cards}",
        "scores": "each side's score in the game before the deal, {side: points} (optional)",
        "games": "a rubber's finished games, each the two sides' final scores, [{We: 7, They: 3}, ...]",
    },
    quantities=(
        Quantity("odd_tricks", "mapping", "each side's tricks beyond six"),
        Quantity("honours_points", "mapping", "each side's points for honours (0 where they do not count)"),
        Quantity("points", "mapping", "each side's points for the deal"),
        Quantity("totals", "mapping", "each side's score after the deal"),
        Quantity("game", "str", "the side that has won the game (empty: nobody yet)"),
        Quantity("game_values", "list", "what each game of the rubber is worth, in order"),
        Quantity("rubber_winner", "str", "the side that has won two games (empty: nobody yet)"),
        Quantity("rubber_points", "int", "the rubber winner's net points (0 until the rubber is won)"),
    ),
    compute=compute,
    rules=WhistRules,
    explain=explain,
    summary=summary,
    records=records,
    card_inputs=("honours",),
    tables=(TableDef("whist-scoring", "tricks, honours, game and rubber with the active rules", _scoring),),
    default_tables=({"table": "whist-scoring"}, {"table": "house-rules"}),
)

GAMES = [WHIST]
