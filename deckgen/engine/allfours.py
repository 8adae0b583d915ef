"""The all-fours family beyond pitch: auction pitch with the joker, and Shasta Sam.

Both score the points of All Fours (Seven-up) from what each side captured:
*high* (the highest trump in play), *low* (the lowest), *jack* (the jack of
trumps) and *game* (the most card points: ten 10, ace 4, king 3, queen 2,
jack 1). Auction pitch with the joker adds a fifth point, the joker, to the
side that takes it in a trick; the joker is the lowest trump but never low.
Pitch itself (setback, with smudge and the partnership game) is
`deckgen.engine.pitch`.

Who goes out when more than one side reaches the target on one hand is
settled by counting the points in a fixed order: in auction pitch the
pitcher's points first, then high, low, jack, joker and game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit, parse_suit
from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, Rules, read_cards, rule, said_list, unique_cards
from deckgen.engine.pitch import allowed_bids, choice, game_values
from deckgen.errors import CardError

__all__ = [
    "AUCTION_PITCH",
    "AuctionPitchRules",
    "GAMES",
    "SHASTA_SAM",
    "ShastaSamRules",
    "auction_pitch",
    "shasta_sam",
]

_VALUES = {"10": 10, "A": 4, "K": 3, "Q": 2, "J": 1}


@dataclass(frozen=True)
class AuctionPitchRules(Rules):
    """The house rules of auction pitch: the joker, who scores low, the bids and the target."""

    game: ClassVar[str] = "auction-pitch"
    joker: bool = rule(
        True,
        "Joker in the pack",
        "Whether the pack has the joker (53 cards): the lowest trump, a fifth point to the side that takes it.",
        phrases=("the joker is in the pack", "no joker: a 52-card pack and four points"),
    )
    low_point: str = rule(
        "dealt",
        "Who scores low",
        "Who takes the point for low: 'dealt' (the side that held the lowest natural trump) or 'captured' (the side that wins it).",
        choices={"dealt": "the side that was dealt it", "captured": "the side that wins it in a trick"},
    )
    bids: list[int] = rule([1, 2, 3, 4], "Bids allowed", "The numbered bids allowed (up to 5 with the joker in the pack).")
    target: int = rule(10, "Game", "Score that wins the game (10 with the joker; 7 is usual without it).", minimum=1)
    game_values: dict[str, int] = rule(
        dict(_VALUES),
        "Card values for game",
        "What each rank counts towards the point for game; ranks not listed (and the joker) count nothing.",
    )


@dataclass(frozen=True)
class ShastaSamRules(Rules):
    """The house rules of Shasta Sam: the target and a tie for game."""

    game: ClassVar[str] = "shasta-sam"
    target: int = rule(7, "Game", "Score that wins the game.", minimum=1)
    game_tie: str = rule(
        "elder",
        "Game on a tie",
        "Who scores game when the card counts tie: 'elder' (the non-dealer) or 'none'.",
        choices={"elder": "the elder hand (the non-dealer)", "none": "nobody"},
    )
    game_values: dict[str, int] = rule(
        dict(_VALUES),
        "Card values for game",
        "What each rank counts towards the point for game; ranks not listed count nothing.",
    )


# ----------------------------------------------------------------------------- reading


def _trump(inputs: Mapping[str, Any]) -> Suit:
    try:
        return parse_suit(str(inputs["trump"]))
    except CardError as exc:
        raise ExampleError(f"trump: {exc}", "trump") from None


def _won(inputs: Mapping[str, Any], *, jokers: bool, sides: int | None = None) -> dict[str, list[Card]]:
    won_in = inputs["won"]
    wanted = "two or more sides" if sides is None else f"the {sides} players"
    if not isinstance(won_in, Mapping) or len(won_in) < 2 or (sides is not None and len(won_in) != sides):
        raise ExampleError(f"won: expected a mapping of {wanted} to the cards each took in tricks", "won")
    won: dict[str, list[Card]] = {}
    for side, cards in won_in.items():
        won[str(side)] = read_cards(cards, f"won.{side}") if cards else []
        if not jokers and any(c.is_joker for c in won[str(side)]):
            raise ExampleError(f"won.{side}: a joker, but this game is played without one", f"won.{side}")
    every = [c for cards in won.values() for c in cards]
    unique_cards(every, where="won")
    if sum(1 for c in every if c.is_joker) > 1:
        raise ExampleError("won: the pack has one joker", "won")
    return won


def _side(inputs: Mapping[str, Any], name: str, won: Mapping[str, list[Card]], *, required: bool = True) -> str | None:
    value = inputs.get(name)
    if value is None:
        if required:
            raise ExampleError(f"{name}: needed, one of the sides under won ({', '.join(won)})", name)
        return None
    if str(value) not in won:
        raise ExampleError(f"{name}: '{value}' is not one of the sides under won ({', '.join(won)})", name)
    return str(value)


def _before(inputs: Mapping[str, Any], won: Mapping[str, list[Card]]) -> dict[str, int]:
    before = inputs.get("before") or {}
    if not isinstance(before, Mapping) or any(str(s) not in won for s in before):
        raise ExampleError(f"before: expected scores of the sides under won ({', '.join(won)})", "before")
    if any(not isinstance(v, int) or isinstance(v, bool) for v in before.values()):
        raise ExampleError("before: expected whole-number scores, e.g. {Us: 6, Them: 8}", "before")
    return {side: int(before.get(side, 0)) for side in won}


def _holder(won: Mapping[str, list[Card]], card: Card) -> str:
    return next((side for side, cards in won.items() if card in cards), NOBODY)


def _counts(won: Mapping[str, list[Card]], values: Mapping[Rank, int]) -> dict[str, int]:
    return {side: sum(values.get(c.rank, 0) for c in cards if c.rank is not None) for side, cards in won.items()}


def _rank(card: Card) -> int:
    assert card.rank is not None
    return int(card.rank)


def _first_out(order: list[tuple[str, int]], start: Mapping[str, int], target: int) -> str:
    """The first side whose running total reaches `target` when the points are added in `order`."""
    running = dict(start)
    for side, points in order:
        running[side] += points
        if points > 0 and running[side] >= target:
            return side
    return NOBODY


# ----------------------------------------------------------------------------- auction pitch

AUCTION_POINTS = ("high", "low", "jack", "joker", "game")


def auction_pitch(inputs: Mapping[str, Any], rules: AuctionPitchRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Award high, low, jack, joker and game; settle the pitcher's bid; count who goes out first."""
    r = AuctionPitchRules.of(rules)
    trump = _trump(inputs)
    won = _won(inputs, jokers=r.joker)
    bidder = _side(inputs, "bidder", won)
    assert bidder is not None
    bid_text = str(inputs["bid"]).strip()
    bids = allowed_bids(r.bids, 5 if r.joker else 4)
    if not bid_text.isdigit() or int(bid_text) not in bids:
        raise ExampleError(f"bid: '{inputs['bid']}' is not a bid: expected {said_list([str(b) for b in bids]).replace(' and ', ' or ')}", "bid")
    bid = int(bid_text)
    naturals = {side: [c for c in cards if not c.is_joker and c.suit == trump] for side, cards in won.items()}
    in_play = [c for cards in naturals.values() for c in cards]
    has_joker = any(c.is_joker for cards in won.values() for c in cards)
    if not in_play and not has_joker:
        raise ExampleError(f"won: no {trump.plural} were taken, but the pitcher's first lead makes trumps", "won")
    awards: dict[str, str] = {}
    high_card = max(in_play, key=_rank) if in_play else None
    low_card = min(in_play, key=_rank) if in_play else None
    awards["high"] = _holder(naturals, high_card) if high_card else NOBODY
    if low_card is None:
        awards["low"] = NOBODY
    elif choice(r.low_point) == "dealt":
        dealt = _side(inputs, "low_from", won, required=True)
        assert dealt is not None
        awards["low"] = dealt
    else:
        awards["low"] = _holder(naturals, low_card)
    awards["jack"] = _holder(naturals, Card(Rank.JACK, trump))
    awards["joker"] = next((side for side, cards in won.items() if any(c.is_joker for c in cards)), NOBODY)
    counts = _counts(won, game_values(r.game_values))
    best = max(counts.values())
    leaders = [side for side, n in counts.items() if n == best]
    awards["game"] = leaders[0] if len(leaders) == 1 else NOBODY
    names = AUCTION_POINTS if r.joker else tuple(p for p in AUCTION_POINTS if p != "joker")
    points = {side: sum(1 for p in names if awards[p] == side) for side in won}
    made = points[bidder] >= bid
    score = {side: (points[side] if side != bidder or made else -bid) for side in won}
    before = _before(inputs, won)
    totals = {side: before[side] + score[side] for side in won}
    # the pitcher's points are counted first, then the others' in the order of the points
    order = [(bidder, score[bidder])] + [(awards[p], 1) for p in names if awards[p] not in (NOBODY, bidder)]
    winner = _first_out(order, before, r.target)
    out: dict[str, Any] = {p: awards[p] for p in AUCTION_POINTS}
    if not r.joker:
        out["joker"] = None
    out.update(game_points=counts, points=points, made=made, score=score, totals=totals, winner=winner)
    return out


def _auction_compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    return auction_pitch(inputs, rules)


def _auction_explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = auction_pitch(inputs, rules)
    r = AuctionPitchRules.of(rules)
    lines = [f"{p.capitalize()}: {res[p] or 'nobody'}" for p in AUCTION_POINTS if r.joker or p != "joker"]
    counts = " v ".join(f"{side} {n}" for side, n in res["game_points"].items())
    lines[-1] += f" ({counts})"
    bidder = str(inputs["bidder"])
    lines.append(f"{bidder} bid {inputs['bid']}, {'made' if res['made'] else 'set back'}: "
                 + ", ".join(f"{side} {n:+d}" for side, n in res["score"].items()))
    if res["winner"]:
        lines.append(f"{res['winner']} reaches {r.target} first and wins")
    return lines


def _auction_summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = auction_pitch(inputs, rules)
    r = AuctionPitchRules.of(rules)
    names = [p for p in AUCTION_POINTS if r.joker or p != "joker"]
    said = []
    for side in res["points"]:
        took = [p for p in names if res[p] == side]
        if took:
            said.append(f"{said_list(took)} to {side}")
    empty = [side for side, n in res["points"].items() if not n]
    if empty:
        said.append(f"no point to {said_list(empty).replace(' and ', ' or ')}")
    nobody = [p for p in names if res[p] == NOBODY]
    if nobody:
        said.append(f"{said_list(nobody)} to nobody")
    bidder = str(inputs["bidder"])
    fate = (f"{bidder}'s bid of {inputs['bid']} is made" if res["made"]
            else f"{bidder}'s bid of {inputs['bid']} fails: set back {-res['score'][bidder]}")
    if res["winner"]:
        fate += f"; the game goes to {res['winner']}, first to reach {r.target} with {res['totals'][res['winner']]}"
    text = "; ".join(said)
    return [text[0].upper() + text[1:] + ".", fate + "."]


AUCTION_PITCH = GameSpec(
    name="auction-pitch",
    title="Auction pitch with the joker: scoring a hand",
    inputs={
        "trump": "the trump suit (the suit of the pitcher's first lead; spades when the joker is led)",
        "bidder": "the pitcher: the side (player or partnership) that won the auction",
        "bid": "the pitcher's bid: 1, 2, 3 or 4 (the bids house rule)",
        "won": "mapping of every side to the cards it took in tricks, e.g. {Ann: A♠ Jk 10♥ ..., Bob: ...}",
        "low_from": "the side that was dealt the lowest natural trump (needed when low goes to the side dealt it)",
        "before": "optional scores before the hand, e.g. {Ann: 6, Bob: 8, Cy: 2}",
    },
    quantities=(
        Quantity("high", "str", "side scoring high (the highest trump in play)"),
        Quantity("low", "str", "side scoring low (the lowest natural trump in play; never the joker)"),
        Quantity("jack", "str", "side taking the jack of trumps, or nobody when it was not dealt"),
        Quantity("joker", "str", "side taking the joker in a trick, or nobody when it was not dealt"),
        Quantity("game", "str", "side with the most card points for game, or nobody on a tie"),
        Quantity("game_points", "mapping", "each side's card count for game"),
        Quantity("points", "mapping", "how many of the points each side took"),
        Quantity("made", "bool", "whether the pitcher made the bid"),
        Quantity("score", "mapping", "each side's change of score; the pitcher loses the bid when set back"),
        Quantity("totals", "mapping", "each side's score after the hand"),
        Quantity("winner", "str", "the side that reaches the target first, the pitcher's points counted first; else nobody"),
    ),
    compute=_auction_compute,
    rules=AuctionPitchRules,
    required=("trump", "bidder", "bid", "won"),
    explain=_auction_explain,
    summary=_auction_summary,
    card_inputs=("won",),
)


# ----------------------------------------------------------------------------- Shasta Sam

SHASTA_POINTS = ("high", "low", "jack", "game")
_COUNTING = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)


def shasta_sam(inputs: Mapping[str, Any], rules: ShastaSamRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Award high, low, jack and game to the player who took each; add them up; who reaches the target."""
    r = ShastaSamRules.of(rules)
    trump = _trump(inputs)
    won = _won(inputs, jokers=False, sides=2)
    every = [c for cards in won.values() for c in cards]
    missing = [Card(rank, suit) for suit in Suit for rank in _COUNTING if Card(rank, suit) not in every]
    missing += [c for c in (Card(Rank.TWO, trump),) if c not in every]
    if missing:
        raise ExampleError(
            f"won: the whole pack is played, so every ace, king, queen, jack and ten, and the 2{trump.symbol}, "
            f"is in someone's tricks; {missing[0]} is not", "won")
    trumps = {side: [c for c in cards if c.suit == trump] for side, cards in won.items()}
    awards = {
        "high": _holder(trumps, Card(Rank.ACE, trump)),
        "low": _holder(trumps, Card(Rank.TWO, trump)),
        "jack": _holder(trumps, Card(Rank.JACK, trump)),
    }
    counts = _counts(won, game_values(r.game_values))
    best = max(counts.values())
    leaders = [side for side, n in counts.items() if n == best]
    if len(leaders) == 1:
        awards["game"] = leaders[0]
    elif choice(r.game_tie) == "elder":
        awards["game"] = _side(inputs, "elder", won) or NOBODY
    else:
        awards["game"] = NOBODY
    points = {side: sum(1 for p in SHASTA_POINTS if awards[p] == side) for side in won}
    before = _before(inputs, won)
    totals = {side: before[side] + points[side] for side in won}
    winner = _first_out([(awards[p], 1) for p in SHASTA_POINTS if awards[p] != NOBODY], before, r.target)
    return {**awards, "game_points": counts, "points": points, "totals": totals, "winner": winner}


def _shasta_compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    return shasta_sam(inputs, rules)


def _shasta_explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = shasta_sam(inputs, rules)
    trump = _trump(inputs)
    shown = {"high": f"A{trump.symbol}", "low": f"2{trump.symbol}", "jack": f"J{trump.symbol}"}
    lines = [f"{p.capitalize()} ({shown[p]}): {res[p]}" for p in ("high", "low", "jack")]
    counts = " v ".join(f"{side} {n}" for side, n in res["game_points"].items())
    lines.append(f"Game ({counts}): {res['game'] or 'tied, nobody'}")
    lines.append("Totals: " + ", ".join(f"{side} {n}" for side, n in res["totals"].items()))
    if res["winner"]:
        lines.append(f"{res['winner']} reaches {ShastaSamRules.of(rules).target} first and wins")
    return lines


def _shasta_summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = shasta_sam(inputs, rules)
    said = []
    for side in res["points"]:
        took = [p for p in SHASTA_POINTS if res[p] == side]
        said.append(f"{side} takes {said_list(took)}" if took else f"{side} takes no point")
    counts = list(res["game_points"].values())
    if counts[0] == counts[1]:
        said.append(f"game is tied at {counts[0]}" + (f" and goes to {res['game']}, the elder hand" if res["game"] else ": nobody scores it"))
    more = f"{res['winner']} reaches {res['totals'][res['winner']]} first and wins" if res["winner"] else (
        "the scores are " + said_list([f"{side} {n}" for side, n in res["totals"].items()]))
    return ["; ".join(said) + ".", more[0].upper() + more[1:] + "."]


SHASTA_SAM = GameSpec(
    name="shasta-sam",
    title="Shasta Sam: scoring a hand",
    inputs={
        "trump": "the trump suit (cut for before the deal)",
        "won": "mapping of the two players to the cards each took in tricks: at least every ace, king, queen, "
               "jack and ten, and the two of trumps (the whole pack is played)",
        "elder": "the non-dealer (needed when game ties and the elder hand scores it)",
        "before": "optional scores before the hand, e.g. {Ann: 5, Bob: 6}",
    },
    quantities=(
        Quantity("high", "str", "the player who took the ace of trumps"),
        Quantity("low", "str", "the player who took the two of trumps"),
        Quantity("jack", "str", "the player who took the jack of trumps"),
        Quantity("game", "str", "the player with the most card points for game (a tie: the game_tie rule)"),
        Quantity("game_points", "mapping", "each player's card count for game (80 in all)"),
        Quantity("points", "mapping", "how many of the four points each player took"),
        Quantity("totals", "mapping", "each player's score after the hand"),
        Quantity("winner", "str", "the player who reaches the target first, counting high, low, jack, game; else nobody"),
    ),
    compute=_shasta_compute,
    rules=ShastaSamRules,
    required=("trump", "won"),
    explain=_shasta_explain,
    summary=_shasta_summary,
    card_inputs=("won",),
)

GAMES = [AUCTION_PITCH, SHASTA_SAM]
