"""Pitch (setback): the four points of a hand, whether the pitcher made the bid, and the new scores.

The engine works from what each side captured in tricks, which is what players
have in front of them when they count. High is always captured by the side that
played it (no card beats the top trump), so only low needs a house rule: the
partnership game gives it to the side that captures it, the older All Fours
tradition to the side that was dealt it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit, parse_rank, parse_suit
from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, Rules, read_cards, rule, said_list, unique_cards
from deckgen.errors import CardError

__all__ = [
    "GAMES",
    "NONE",
    "PARAMETERS",
    "POINT_NAMES",
    "PitchRules",
    "SMUDGE",
    "SPEC",
    "allowed_bids",
    "choice",
    "compute",
    "explain",
    "game_values",
    "score_hand",
]

SMUDGE = "smudge"
NONE = NOBODY  # the shared word for nobody: "" (deckgen.engine.base)
POINT_NAMES = ("high", "low", "jack", "game")

@dataclass(frozen=True)
class PitchRules(Rules):
    """The house rules of pitch: the point for game, low, smudge, the bids and the target."""

    game: ClassVar[str] = "pitch"
    game_values: dict[str, int] = rule(
        {"10": 10, "A": 4, "K": 3, "Q": 2, "J": 1},
        "Card values for game",
        "What each rank counts towards the point for game; ranks not listed count nothing.",
    )
    low_point: str = rule(
        "captured",
        'Who scores low',
        "Who takes the point for low: 'captured' (the side that wins it in a trick) or 'dealt' (the side that held it).",
        choices={'captured': 'the side that wins it in a trick', 'dealt': 'the side that was dealt it'},
    )
    game_tie: str = rule(
        "none",
        'Game on a tie',
        "Who scores game when the card counts tie: 'none', 'bidder' or 'defenders'.",
        choices={'none': 'nobody', 'bidder': 'the bidder', 'defenders': 'the defenders'},
    )
    smudge_value: int = rule(
        5,
        "Smudge",
        "What a smudge (all four points and every trick) scores when made, and costs when set.",
        whole=True,
    )
    smudge_wins_game: bool = rule(
        False,
        "A smudge wins the game",
        "Whether a made smudge wins the game outright, whatever the scores.",
        phrases=("a smudge wins the game", "a smudge does not win the game outright"),
    )
    bids: list[int] = rule(
        [2, 3, 4],
        "Bids allowed",
        "The numbered bids allowed (smudge is always the top bid).",
    )
    target: int = rule(
        21,
        "Target",
        "Score that wins, but only for a side that reaches it on a hand where it made its bid.",
        whole=True,
    )


PARAMETERS = PitchRules.parameters()


def game_values(values: Mapping[Any, Any]) -> dict[Rank, int]:
    """The card values for game by rank, from the `game_values` house rule ({10: 10, A: 4, ...})."""
    if not isinstance(values, Mapping):
        raise ExampleError("rules.game_values: expected a mapping of rank to points, e.g. {10: 10, A: 4}", "rules.game_values")
    out: dict[Rank, int] = {}
    for rank, points in values.items():
        try:
            r = parse_rank(rank)
        except CardError as exc:
            raise ExampleError(f"rules.game_values: {exc}", "rules.game_values") from None
        if not isinstance(points, int) or isinstance(points, bool):
            raise ExampleError(f"rules.game_values.{rank}: expected a whole number, got {points!r}", "rules.game_values")
        out[r] = points
    return out


def choice(value: str) -> str:
    """A text rule's value as its declared choices spell it (resolving the rules checked it is one)."""
    return str(value).strip().lower()


def allowed_bids(bids: Any, highest: int = 4) -> list[int]:
    """The numbered bids of the `bids` house rule, each from 1 to `highest` (an ExampleError otherwise)."""
    if not isinstance(bids, list) or not bids or any(not isinstance(b, int) or isinstance(b, bool) or not 1 <= b <= highest for b in bids):
        raise ExampleError(f"rules.bids: expected a list of numbered bids from 1 to {highest}, e.g. [2, 3, 4], got {bids!r}", "rules.bids")
    return list(bids)


def _read_bid(value: Any, r: PitchRules) -> int | str:
    allowed = allowed_bids(r.bids)
    text = str(value).strip().lower()
    if text in (SMUDGE, "5"):
        return SMUDGE
    if text.isdigit() and int(text) in allowed:
        return int(text)
    options = ", ".join(str(b) for b in allowed)
    raise ExampleError(f"bid: '{value}' is not a bid: expected {options} or smudge", "bid")


def _read(inputs: Mapping[str, Any], r: PitchRules) -> dict[str, Any]:
    try:
        trump = parse_suit(str(inputs["trump"]))
    except CardError as exc:
        raise ExampleError(f"trump: {exc}", "trump") from None
    won_in = inputs["won"]
    if not isinstance(won_in, Mapping) or len(won_in) < 2:
        raise ExampleError("won: expected a mapping of each side (two or more) to the cards it took in tricks", "won")
    won: dict[str, list[Card]] = {}
    for side, cards in won_in.items():
        won[str(side)] = read_cards(cards, f"won.{side}") if cards else []
        joker = next((c for c in won[str(side)] if c.is_joker), None)
        if joker is not None:
            raise ExampleError(f"won.{side}: '{joker}' is a joker; pitch uses 52 cards", f"won.{side}")
    unique_cards([c for cards in won.values() for c in cards], where="won")
    bidder = str(inputs["bidder"])
    if bidder not in won:
        raise ExampleError(f"bidder: '{bidder}' is not one of the sides under won ({', '.join(won)})", "bidder")
    trumps = {side: [c for c in cards if c.suit == trump] for side, cards in won.items()}
    if not any(trumps.values()):
        raise ExampleError(f"won: no {trump.plural} were taken, but the pitcher's first lead makes trumps", "won")
    low_from = inputs.get("low_from")
    if low_from is not None and str(low_from) not in won:
        raise ExampleError(f"low_from: '{low_from}' is not one of the sides under won ({', '.join(won)})", "low_from")
    before = inputs.get("before") or {}
    if not isinstance(before, Mapping) or any(str(s) not in won for s in before):
        raise ExampleError(f"before: expected scores of the sides under won ({', '.join(won)})", "before")
    if any(not isinstance(v, int) or isinstance(v, bool) for v in before.values()):
        raise ExampleError("before: expected whole-number scores, e.g. {Us: 18, Them: 20}", "before")
    return {
        "trump": trump,
        "won": won,
        "trumps": trumps,
        "bidder": bidder,
        "bid": _read_bid(inputs["bid"], r),
        "low_from": None if low_from is None else str(low_from),
        "before": {side: before.get(side, 0) for side in won},
    }


def _holder(trumps: Mapping[str, list[Card]], card: Card) -> str:
    return next(side for side, cards in trumps.items() if card in cards)


def score_hand(inputs: Mapping[str, Any], rules: PitchRules | Mapping[str, Any] | None = None) -> tuple[dict[str, Any], Card, Card]:
    """Award high, low, jack and game; settle the bid; add to the scores before the hand.

    Returns the quantities with the high and low trumps (for the explanation).
    """
    r = PitchRules.of(rules)
    d = _read(inputs, r)
    won, trumps, trump, bidder, bid = d["won"], d["trumps"], d["trump"], d["bidder"], d["bid"]
    in_play = [c for cards in trumps.values() for c in cards]
    high_card = max(in_play, key=lambda c: int(c.rank))
    low_card = min(in_play, key=lambda c: int(c.rank))
    awards: dict[str, str] = {"high": _holder(trumps, high_card)}
    if choice(r.low_point) == "dealt":
        if d["low_from"] is None:
            raise ExampleError("low_from: needed to say which side played the low trump when low goes to the side dealt it", "low_from")
        awards["low"] = d["low_from"]
    else:
        awards["low"] = _holder(trumps, low_card)
    jack = Card(Rank.JACK, trump)
    awards["jack"] = _holder(trumps, jack) if jack in in_play else NONE
    values = game_values(r.game_values)
    counts = {side: sum(values.get(c.rank, 0) for c in cards) for side, cards in won.items()}
    best = max(counts.values())
    leaders = [side for side, n in counts.items() if n == best]
    if len(leaders) == 1:
        awards["game"] = leaders[0]
    else:
        tie = choice(r.game_tie)
        defenders = [s for s in leaders if s != bidder]
        if tie == "bidder" and bidder in leaders:
            awards["game"] = bidder
        elif tie == "defenders" and len(defenders) == 1:
            awards["game"] = defenders[0]
        else:
            awards["game"] = NONE
    points = {side: sum(1 for p in POINT_NAMES if awards[p] == side) for side in won}
    if bid == SMUDGE:
        all_tricks = all(not cards for side, cards in won.items() if side != bidder)
        made = points[bidder] == len(POINT_NAMES) and all_tricks
        bidder_score = r.smudge_value if made else -r.smudge_value
    else:
        made = points[bidder] >= bid
        bidder_score = points[bidder] if made else -bid
    change = {side: (bidder_score if side == bidder else points[side]) for side in won}
    totals = {side: d["before"][side] + change[side] for side in won}
    outright = bid == SMUDGE and made and r.smudge_wins_game
    winner = bidder if made and (totals[bidder] >= r.target or outright) else NONE
    return {
        "high": awards["high"],
        "low": awards["low"],
        "jack": awards["jack"],
        "game": awards["game"],
        "game_points": counts,
        "points": points,
        "made": made,
        "score": change,
        "totals": totals,
        "winner": winner,
    }, high_card, low_card


def summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """Which side takes each point (and with what), then the bid's fate and the scores."""
    typed = PitchRules.of(rules)
    r, high_card, low_card = score_hand(inputs, typed)
    d = _read(inputs, typed)
    trump: Suit = d["trump"]
    counts = r["game_points"]
    shown = {
        "high": f"high ({high_card})",
        "low": f"low ({low_card})",
        "jack": f"jack (J{trump.symbol})",
        "game": "game (" + " to ".join(str(n) for n in sorted(counts.values(), reverse=True)) + ")",
    }
    said = []
    for side in counts:
        took = [shown[p] for p in POINT_NAMES if r[p] == side]
        said.append(f"{side} take {said_list(took)}" if took else f"{side} take no point")
    if r["jack"] == NONE:
        said.append(f"J{trump.symbol} is not in play")
    if r["game"] == NONE:
        said.append(f"game is tied at {max(counts.values())} and goes to nobody")
    bidder, bid = d["bidder"], d["bid"]
    others = [f"{side} score {n}" for side, n in r["score"].items() if side != bidder and n]
    if r["made"]:
        fate = f"{bidder} bid {bid} and make it, scoring {r['score'][bidder]}"
    else:
        fate = f"{bidder} bid {bid} and are set back {-r['score'][bidder]}"
    fate += f"; {said_list(others)}" if others else ""
    if r["winner"] != NONE:
        total = r["totals"][r["winner"]]
        fate += f"; {r['winner']} " + (f"reach {total} and win" if total >= typed.target else "make a smudge and win")
    return ["; ".join(said) + ".", fate + "."]


def compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    """Every quantity of a pitch hand."""
    return score_hand(inputs, rules)[0]


def explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """Who took each point and why, then the bid's fate."""
    typed = PitchRules.of(rules)
    r, high_card, low_card = score_hand(inputs, typed)
    d = _read(inputs, typed)
    trump: Suit = d["trump"]
    counts = " v ".join(f"{side} {n}" for side, n in r["game_points"].items())
    lines = [
        f"High {high_card}: {r['high']}",
        f"Low {low_card}: {r['low']}",
        f"Jack {'J' + trump.symbol}: {r['jack'] if r['jack'] != NONE else 'not in play'}",
        f"Game ({counts}): {r['game'] if r['game'] != NONE else 'tied, nobody'}",
    ]
    bid = d["bid"]
    fate = "made" if r["made"] else "set back"
    lines.append(
        f"{d['bidder']} bid {bid}, {fate}: " + ", ".join(f"{side} {n:+d}" for side, n in r["score"].items())
    )
    if r["winner"] != NONE:
        total = r["totals"][r["winner"]]
        how = f"reaches {total}" if total >= typed.target else "makes a smudge"
        lines.append(f"{r['winner']} {how} and wins")
    return lines


SPEC = GameSpec(
    name="pitch",
    title="Pitch (setback): scoring a hand",
    inputs={
        "trump": "the trump suit (the suit of the pitcher's first lead)",
        "bidder": "the side (team or player) that won the bidding: the pitcher's side",
        "bid": "the winning bid: 2, 3, 4 or smudge",
        "won": "mapping of every side to the cards it captured in tricks, e.g. {Us: A♠ 10♥ ..., Them: ...}",
        "low_from": "the side that played the lowest trump (needed only with the house rule low_point: dealt)",
        "before": "optional scores before the hand, e.g. {Us: 18, Them: 20}",
    },
    quantities=(
        Quantity("high", "str", "side scoring high (the highest trump in play)"),
        Quantity("low", "str", "side scoring low (the lowest trump in play)"),
        Quantity("jack", "str", "side scoring the jack of trumps, or none when it was not dealt"),
        Quantity("game", "str", "side with the most card points for game, or none on a tie"),
        Quantity("game_points", "mapping", "each side's card count for game (10s, aces and court cards)"),
        Quantity("points", "mapping", "how many of high, low, jack and game each side took"),
        Quantity("made", "bool", "whether the pitcher's side made its bid"),
        Quantity("score", "mapping", "each side's change of score; the pitcher's side loses its bid when set"),
        Quantity("totals", "mapping", "each side's score after the hand (before + score)"),
        Quantity("winner", "str", "the pitcher's side when it made its bid and reached the target, else none"),
    ),
    compute=compute,
    rules=PitchRules,
    required=("trump", "bidder", "bid", "won"),
    explain=explain,
    summary=summary,
    card_inputs=("won",),
)

GAMES = [SPEC]
