"""Hearts: what each player's tricks cost at the end of a deal, shooting the moon, and the game's end.

Hearts is a game of avoiding cards. There are no trumps; after the last trick each
player counts the penalty cards in the tricks they took, and the lowest total wins
once someone reaches the end of the game (100 by default).

Two ways of counting, both from the encyclopedia's heart group:

- **Black widow hearts** (the variant `black-widow`, the usual game): each heart
  is 1 and the queen of spades (the black widow, or black lady) is 13, so every
  deal hands out 26.
- **Spot hearts** (`spot`): each heart costs its rank, 2 to 10 as printed, jack
  11, queen 12, king 13, ace 14, so every deal hands out 104; the queen of spades
  is an ordinary card.

A player who takes every penalty card *shoots the moon*: the house rule `moon`
says whether each other player is charged the deal's whole count instead
(`add`, the usual rule), or the shooter takes it off their own total (`subtract`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit, format_cards, parse_cards
from deckgen.engine.base import Choice, ExampleError, GameSpec, Quantity, Rules, Table, TableDef, rule, said_list, unique_cards
from deckgen.engine.table import Memo
from deckgen.engine.tally import hands_field, scores_field
from deckgen.errors import unknown_choice

__all__ = ["GAMES", "HEARTS", "HeartsRules", "VARIANTS", "card_points", "compute", "deal_points", "penalty_cards"]

#: The ways of counting a deal, with the words a person reads for each.
VARIANTS = {"black-widow": "black widow hearts", "spot": "spot hearts"}

QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)
HEARTS_SUIT = tuple(parse_cards("2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥"))


@dataclass(frozen=True)
class HeartsRules(Rules):
    """The black widow's value, shooting the moon, and the end of the game."""

    game: ClassVar[str] = "hearts"
    queen_of_spades: int = rule(
        13, "Queen of spades",
        "Points the queen of spades costs in black widow hearts (13 in every source; 0 plays the older game without her).",
        minimum=0,
    )
    moon: str = rule(
        "add", "Shooting the moon",
        "What taking every penalty card in one deal does: each other player is charged the deal's whole count "
        "(the usual rule), or the shooter takes that count off their own total (a common house rule).",
        choices={"add": "the others are charged the deal's whole count", "subtract": "the shooter takes the deal's whole count off"},
    )
    game_points: int = rule(100, "End of the game", "The total at which the game ends; the lowest total then wins (some play to 50).", minimum=1)


def variant_of(inputs: Mapping[str, Any]) -> str:
    """The `variant` input, `black-widow` when it is left out; an unknown one is an ExampleError naming it."""
    value = str(inputs.get("variant", "black-widow")).strip().lower()
    if value not in VARIANTS:
        raise ExampleError(unknown_choice("variant", inputs.get("variant"), list(VARIANTS)), "variant")
    return value


def penalty_cards(variant: str, rules: HeartsRules | Mapping[str, Any]) -> tuple[Card, ...]:
    """The cards that cost points in this way of counting (the thirteen hearts, and the black widow when she counts)."""
    house = HeartsRules.of(rules)
    if variant == "black-widow" and house.queen_of_spades:
        return HEARTS_SUIT + (QUEEN_OF_SPADES,)
    return HEARTS_SUIT


def card_points(card: Card, variant: str, rules: HeartsRules | Mapping[str, Any]) -> int:
    """What one card costs the player who takes it.

    >>> from deckgen.cards import parse_card
    >>> r = HeartsRules.resolve()
    >>> [card_points(parse_card(c), "black-widow", r) for c in ("A♥", "Q♠", "K♠")]
    [1, 13, 0]
    >>> [card_points(parse_card(c), "spot", r) for c in ("A♥", "J♥", "2♥", "Q♠")]
    [14, 11, 2, 0]
    """
    if card.suit == Suit.HEARTS and card.rank is not None:
        return int(card.rank) if variant == "spot" else 1
    if card == QUEEN_OF_SPADES and variant == "black-widow":  # the only card a rule prices (a call per card)
        return HeartsRules.of(rules).queen_of_spades
    return 0


def deal_points(variant: str, rules: HeartsRules | Mapping[str, Any]) -> int:
    """The whole count of one deal: 26 in black widow hearts, 104 in spot hearts."""
    house = HeartsRules.of(rules)
    return sum(card_points(c, variant, house) for c in penalty_cards(variant, house))


def compute(inputs: Mapping[str, Any], rules: HeartsRules | Mapping[str, Any]) -> dict[str, Any]:
    """Each player's count for the deal, the moon, the new totals, and the winners once the game ends."""
    house = HeartsRules.of(rules)
    variant = variant_of(inputs)
    taken = hands_field(inputs, "taken", "cards taken in tricks")
    if len(taken) < 2:
        raise ExampleError("taken: expected the cards of at least two players", "taken")
    every = [c for cs in taken.values() for c in cs]
    if any(c.is_joker for c in every):
        raise ExampleError("taken: hearts is played without jokers", "taken")
    try:
        unique_cards(every, where="taken")
    except ExampleError as exc:
        raise ExampleError(str(exc), "taken") from None
    counting = penalty_cards(variant, house)
    missing = [c for c in counting if c not in set(every)]
    if missing:
        raise ExampleError(
            f"taken: every penalty card is in somebody's tricks at the end of a deal; {format_cards(missing)} "
            f"{'is' if len(missing) == 1 else 'are'} not listed", "taken",
        )
    counts = {p: sum(card_points(c, variant, house) for c in cs) for p, cs in taken.items()}
    whole = deal_points(variant, house)
    shooter = next((p for p, cs in taken.items() if all(c in set(cs) for c in counting)), None)
    points = dict(counts)
    if shooter is not None:
        if house.moon == "subtract":
            points = {p: (-whole if p == shooter else 0) for p in taken}
        else:
            points = {p: (0 if p == shooter else whole) for p in taken}
    before = scores_field(inputs, "scores", list(taken))
    if max(before.values()) >= house.game_points:
        raise ExampleError(f"scores: a total of {house.game_points} or more has already ended the game", "scores")
    totals = {p: before[p] + points[p] for p in taken}
    over = max(totals.values()) >= house.game_points
    low = min(totals.values())
    winners = [p for p, t in totals.items() if t == low] if over else []
    return {
        "counts": counts,
        "points": points,
        "moon": shooter or "",  # the shared vocabulary: "" is nobody
        "totals": totals,
        "game_over": over,
        "winners": winners,
    }


def _said_points(points: Mapping[str, int]) -> str:
    return ", ".join(f"{p} {n}" for p, n in points.items())


def explain(inputs: Mapping[str, Any], rules: HeartsRules | Mapping[str, Any]) -> list[str]:
    house = HeartsRules.of(rules)
    r = compute(inputs, house)
    variant = variant_of(inputs)
    lines = [f"Counted as {VARIANTS[variant]}: {_said_points(r['counts'])} (a deal hands out {deal_points(variant, house)})"]
    if r["moon"]:
        how = "the others are charged" if house.moon == "add" else "the shooter takes off"
        lines.append(f"{r['moon']} shoots the moon: {how} {deal_points(variant, house)}, so the deal scores {_said_points(r['points'])}")
    if "scores" in inputs:
        lines.append(f"Totals: {_said_points(r['totals'])}")
    if r["game_over"]:
        lines.append(f"Someone has reached {house.game_points}: lowest total wins, {said_list(r['winners'])}")
    else:
        lines.append(f"Nobody has reached {house.game_points} yet: the game goes on")
    return lines


def summary(inputs: Mapping[str, Any], rules: HeartsRules | Mapping[str, Any]) -> list[str]:
    """The deal's count in one sentence, and the moon or the game's end in a second."""
    house = HeartsRules.of(rules)
    r = compute(inputs, house)
    variant = variant_of(inputs)
    whole = deal_points(variant, house)
    if r["moon"]:
        shooter = r["moon"]
        if house.moon == "add":
            first = f"{shooter} takes all {whole} points and shoots the moon: {shooter} scores 0 and everyone else {whole}."
        else:
            first = f"{shooter} takes all {whole} points and shoots the moon, taking {whole} off their own total."
    else:
        first = f"The deal scores {_said_points(r['points'])}."
    if r["game_over"]:
        verb = "share the win" if len(r["winners"]) > 1 else "wins"
        second = f"With totals of {_said_points(r['totals'])} the game is over, and {said_list(r['winners'])} {verb} with the lowest."
    elif "scores" in inputs:
        second = f"Totals {_said_points(r['totals'])}: nobody has reached {house.game_points}, so play goes on."
    else:
        return [first]
    return [first, second]


def _values(rules: HeartsRules | Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    house = HeartsRules.of(rules)
    rows = [
        ("Each heart", "1", "its rank: 2 to 10 as printed, J 11, Q 12, K 13, A 14"),
        ("Queen of spades", str(house.queen_of_spades), "0"),
        ("A whole deal", str(deal_points("black-widow", house)), str(deal_points("spot", house))),
    ]
    moon = "each other player is charged it" if house.moon == "add" else "the shooter takes it off their total"
    return Table(
        "What the penalty cards cost", ("Card", "Black widow hearts", "Spot hearts"), tuple(rows),
        note=f"Taking all of them shoots the moon: {moon}. Game ends at {house.game_points}; lowest total wins.",
    )


HEARTS = GameSpec(
    name="hearts",
    title="Hearts: the count of a deal",
    inputs={
        "variant": "black-widow (hearts 1, queen of spades 13; the default) or spot (hearts by rank)",
        "taken": "the cards each player took in tricks, {player: cards}; the penalty cards are enough",
        "scores": "each player's total before the deal, {player: points} (optional)",
    },
    quantities=(
        Quantity("counts", "mapping", "what the penalty cards each player took are worth, before the moon"),
        Quantity("points", "mapping", "what each player scores for the deal, after the moon"),
        Quantity("moon", "str", "who shot the moon (empty: nobody did)"),
        Quantity("totals", "mapping", "each player's total after the deal"),
        Quantity("game_over", "bool", "whether someone has reached the end of the game"),
        Quantity("winners", "set", "the lowest total(s) once the game is over; several on a tie; nobody before"),
    ),
    compute=compute,
    rules=HeartsRules,
    required=("taken",),
    explain=explain,
    summary=summary,
    card_inputs=("taken",),
    tables=(TableDef("hearts-values", "what each penalty card costs in black widow and spot hearts", _values),),
    default_tables=({"table": "hearts-values"}, {"table": "house-rules"}),
    choices={"variant": tuple(Choice(k, v) for k, v in VARIANTS.items())},
)

GAMES = [HEARTS]
