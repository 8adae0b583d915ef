"""Seven- and nine-card brag: each player splits the deal into two (or three) brag hands, best first.

The hands are compared round by round, first hands against first hands and so
on; a player who wins every round outright takes the pot, otherwise it stays and
everyone adds a stake. The three-card ranking itself is the poker engine's
(`deckgen.engine.poker_rank.key_brag`), with the same house rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, format_cards
from deckgen.engine import poker_rank
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, cards_field, rule, said_list, unique_cards

__all__ = [
    "A23_PLACES",
    "BRAG_HANDS",
    "BragRules",
    "GAMES",
    "HANDS_PER_DEAL",
    "brag_key",
    "compute",
    "explain",
]

#: Hands per player: two from seven cards, three from nine.
HANDS_PER_DEAL = {2: 7, 3: 9}
A23_PLACES = ("top", "second", "low")


def brag_key(cards: list[Card], rules: BragRules | Mapping[str, Any] | None = None) -> tuple[int, ...]:
    """The poker engine's brag ranking key of three cards, under this game's house rules."""
    house = BragRules.of(rules)
    a23 = str(house.brag_a23).strip().lower()  # one of A23_PLACES: its declaration says so
    ranks = [int(c.rank) for c in cards]  # type: ignore[arg-type]
    suited = len({c.suit for c in cards}) == 1
    return poker_rank.key_brag(ranks, suited, threes_top=bool(house.brag_threes_top), a23=a23)


def _players(inputs: Mapping[str, Any], rules: BragRules | Mapping[str, Any]) -> dict[str, list[list[Card]]]:
    house = BragRules.of(rules)
    raw = inputs.get("players")
    if not isinstance(raw, Mapping) or len(raw) < 2:
        raise ExampleError("players: expected {player: [first hand, second hand, ...]} for two players or more", "players")
    players: dict[str, list[list[Card]]] = {}
    for name, hands in raw.items():
        if not isinstance(hands, list) or len(hands) not in HANDS_PER_DEAL:
            raise ExampleError(f"players: {name} needs a list of 2 hands (seven-card) or 3 (nine-card)", "players")
        parsed = [cards_field({"players": h}, "players") for h in hands]
        for hand in parsed:
            if len(hand) != 3 or any(c.is_joker for c in hand):
                raise ExampleError(f"players: each of {name}'s hands must be 3 cards, got '{format_cards(hand)}'", "players")
        keys = [brag_key(h, house) for h in parsed]
        for i in range(1, len(keys)):
            if keys[i] > keys[i - 1]:
                raise ExampleError(
                    f"players: {name}'s hands must be shown best first, but hand {i + 1} "
                    f"({format_cards(parsed[i])}) beats hand {i} ({format_cards(parsed[i - 1])})",
                    "players",
                )
        players[str(name)] = parsed
    sizes = {len(h) for h in players.values()}
    if len(sizes) != 1:
        raise ExampleError("players: everyone makes the same number of hands (2 or 3)", "players")
    unique_cards([c for hands in players.values() for h in hands for c in h], where="brag")
    return players


def compute(inputs: Mapping[str, Any], rules: BragRules | Mapping[str, Any]) -> dict[str, Any]:
    """The winner of each round (empty on a tie), the scooper if any, and the pot."""
    house = BragRules.of(rules)
    players = _players(inputs, house)
    rounds = len(next(iter(players.values())))
    winners: list[str] = []
    for i in range(rounds):
        keys = {n: brag_key(h[i], house) for n, h in players.items()}
        best = max(keys.values())
        top = [n for n, k in keys.items() if k == best]
        winners.append(top[0] if len(top) == 1 else "")
    scoop = winners[0] if winners[0] and all(w == winners[0] for w in winners) else ""
    pot = inputs.get("pot", int(house.stake) * len(players))
    if not isinstance(pot, int) or isinstance(pot, bool) or pot < 0:
        raise ExampleError(f"pot: expected a whole number of chips, got '{pot}'", "pot")
    return {
        "cards_each": HANDS_PER_DEAL[rounds],
        "round_winners": winners,
        "scoop": scoop,
        "next_pot": 0 if scoop else pot + int(house.stake) * len(players),
        "names": {n: [poker_rank.name_brag(brag_key(h, house)) for h in hands] for n, hands in players.items()},
    }


def explain(inputs: Mapping[str, Any], rules: BragRules | Mapping[str, Any]) -> list[str]:
    """Each round's winner and the fate of the pot."""
    r = compute(inputs, rules)
    lines = [f"Hand {i + 1}: " + (w or "a tie, nobody") + " wins" for i, w in enumerate(r["round_winners"])]
    lines.append(f"{r['scoop']} takes the pot" if r["scoop"] else f"No scoop: the pot grows to {r['next_pot']}")
    return lines


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")


def summary(inputs: Mapping[str, Any], rules: BragRules | Mapping[str, Any]) -> list[str]:
    """Who wins which hand, and whether one player scoops the pot, in a sentence."""
    r = compute(inputs, rules)
    winners: list[str | None] = list(r["round_winners"])
    fate = f"{r['scoop']} takes the pot" if r["scoop"] else f"nobody scoops, so the pot grows to {r['next_pot']}"
    if r["scoop"] and all(w == r["scoop"] for w in winners):
        count = "both" if len(winners) == 2 else f"all {len(winners)}"
        return [f"{r['scoop']} wins {count} hands and takes the pot."]
    said: list[str] = []
    for name in dict.fromkeys(w for w in winners if w):
        won = [_ORDINALS[i] for i, w in enumerate(winners) if w == name]
        hands = said_list(won) + (" hands" if len(won) > 1 else " hand")
        said.append(f"{name} the {said_list(won)}" if said else f"{name} wins the {hands}")
    tied = [_ORDINALS[i] for i, w in enumerate(winners) if not w]
    if tied:
        said.append(f"the {said_list(tied)} {'is a tie' if len(tied) == 1 else 'are ties'}")
    return [f"{said_list(said)}: {fate}."]


@dataclass(frozen=True)
class BragRules(Rules):
    """The house rules of brag: the stake and how threes and A-2-3 rank."""

    game: ClassVar[str] = "brag-hands"
    stake: int = rule(
        1,
        "Stake",
        "What every player puts into the pot before each deal.",
    )
    brag_threes_top: bool = rule(
        True,
        "Three threes top",
        "A prial of threes is the best hand (false: threes rank as usual).",
        phrases=("three threes top", "three threes below the aces"),
    )
    brag_a23: str = rule(
        "top",
        "A-2-3 among runs",
        "Where A-2-3 ranks among runs: top (above A-K-Q), second (below A-K-Q) or low.",
        choices={"top": "the best run", "second": "second to A-K-Q", "low": "the lowest run"},
    )


BRAG_HANDS = GameSpec(
    name="brag-hands",
    title="Seven- and nine-card brag",
    inputs={
        "players": "each player's hands, best first: {player: [three cards, three cards(, three cards)]}",
        "pot": "chips in the pot, this deal's stakes included (default: one stake per player)",
    },
    quantities=(
        Quantity("cards_each", "int", "cards dealt each: 7 for two hands, 9 for three"),
        Quantity("round_winners", "list", "the winner of each round in order; empty text for a tie"),
        Quantity("scoop", "str", "the player who won every round, or empty"),
        Quantity("next_pot", "int", "the pot after the deal: 0 when scooped, else one more stake each"),
        Quantity("names", "mapping", "each player's hands as a player names them"),
    ),
    compute=compute,
    rules=BragRules,
    explain=explain,
    summary=summary,
    card_inputs=("players",),
)

GAMES = [BRAG_HANDS]
