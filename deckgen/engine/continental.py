"""Continental Rummy: whether a fifteen-card hand goes out, and what each other player pays.

Only runs count in Continental. To go out, all fifteen cards must form runs in
one of three shapes: five runs of three, three runs of four and one of three,
or runs of five, four, three and three. Jokers and twos are wild. The winner is
paid a chip by every other player, and more for each wild card used.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, format_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, bool_field, read_cards, rule, said_list, unique_cards
from deckgen.engine.tally import meld_kind

HAND = 15
#: Run lengths (sorted, longest first) that may make up a hand going out.
SHAPES = ((3, 3, 3, 3, 3), (4, 4, 4, 3), (5, 4, 3, 3))


def is_wild(card: Card) -> bool:
    return card.is_joker or card.rank == Rank.TWO


def packs_for(players: int) -> int:
    """Two packs for up to five players, three for six to eight, four for nine to twelve."""
    if not 2 <= players <= 12:
        raise ExampleError(f"players: Continental is for 2 to 12 players, got {players}", "players")
    return 2 if players <= 5 else (3 if players <= 8 else 4)


def goes_out(groups: list[list[Card]]) -> tuple[bool, str]:
    """Whether the groups are a legal hand to go out with, and why not."""
    total = sum(len(g) for g in groups)
    if total != HAND:
        return False, f"the groups hold {total} cards, not {HAND}"
    for g in groups:
        if meld_kind(g, is_wild) != "run" or len(g) > 5:
            return False, f"{format_cards(g)} is not a run of three to five cards in one suit"
    shape = tuple(sorted((len(g) for g in groups), reverse=True))
    if shape not in SHAPES:
        return False, f"runs of {said_list([str(n) for n in shape])} cards are not a shape that goes out (3+3+3+3+3, 4+4+4+3 or 5+4+3+3)"
    return True, ""


def compute(inputs: Mapping[str, Any], rules: ContinentalRules | Mapping[str, Any]) -> dict[str, Any]:
    house = ContinentalRules.of(rules)
    raw = inputs.get("groups")
    if not isinstance(raw, list) or not raw:
        raise ExampleError("groups: expected the winner's runs, each one card string", "groups")
    groups = [read_cards(g, "groups") for g in raw]
    players = inputs.get("players", 4)
    if isinstance(players, bool) or not isinstance(players, int):
        raise ExampleError(f"players: expected a whole number, got {players!r}", "players")
    cards = [c for g in groups for c in g]
    unique_cards(cards, copies=packs_for(players), where="groups")
    ok, _ = goes_out(groups)
    counts = Counter("joker" if c.is_joker else ("deuce" if c.rank == Rank.TWO else "") for c in cards)
    bonuses = _bonuses(inputs, cards, house) if ok else []
    each = (
        house.base_payment
        + counts["joker"] * house.joker_payment
        + counts["deuce"] * house.deuce_payment
        + sum(chips for _, chips in bonuses)
    )
    return {
        "goes_out": ok,
        "each_pays": each if ok else 0,
        "collects": each * (players - 1) if ok else 0,
        "bonuses": [name for name, _ in bonuses],
    }


def _bonuses(inputs: Mapping[str, Any], cards: list[Card], rules: ContinentalRules | Mapping[str, Any]) -> list[tuple[str, int]]:
    """The common bonus payments a table may add (each a house rule, 0 where it is not played):
    going out with no wild card, on the first turn, or with all fifteen cards of one suit (wild
    cards standing for that suit)."""
    house = ContinentalRules.of(rules)
    found = []
    natural = [c for c in cards if not is_wild(c)]
    if house.no_wild_bonus and len(natural) == len(cards):
        found.append(("no wild card", int(house.no_wild_bonus)))
    if house.first_turn_bonus and bool_field(inputs, "first_turn", False):
        found.append(("first turn", int(house.first_turn_bonus)))
    if house.one_suit_bonus and len({c.suit for c in natural}) == 1:
        found.append(("one suit", int(house.one_suit_bonus)))
    return found


def explain(inputs: Mapping[str, Any], rules: ContinentalRules | Mapping[str, Any]) -> list[str]:
    groups = [read_cards(g, "groups") for g in inputs["groups"]]
    ok, why = goes_out(groups)
    r = compute(inputs, rules)
    if not ok:
        return [f"This hand cannot go out: {why}"]
    return [
        "All fifteen cards are in runs: " + " / ".join(format_cards(g) for g in groups),
        f"Each other player pays {r['each_pays']}, so the winner collects {r['collects']}",
    ]


def summary(inputs: Mapping[str, Any], rules: ContinentalRules | Mapping[str, Any]) -> list[str]:
    """Whether the hand goes out, in which shape, and what each other player pays for it."""
    house = ContinentalRules.of(rules)
    groups = [read_cards(g, "groups") for g in inputs["groups"]]
    ok, why = goes_out(groups)
    if not ok:
        return [f"This hand cannot go out: {why}."]
    r = compute(inputs, house)
    players = inputs.get("players", 4)
    shape = said_list([str(n) for n in sorted((len(g) for g in groups), reverse=True)])
    cards = [c for g in groups for c in g]
    wilds = [("joker", sum(1 for c in cards if c.is_joker), house.joker_payment),
             ("two", sum(1 for c in cards if c.rank == Rank.TWO), house.deuce_payment)]
    extra = [
        f"{n * payment} for {'the' if n == 1 else n} {word}{'' if n == 1 else 's'}"
        for word, n, payment in wilds
        if n and payment
    ]
    extra += [f"{chips} for {name}" for name, chips in _bonuses(inputs, cards, house)]
    each = f"{r['each_pays']}" + (f" ({house.base_payment}, plus {said_list(extra)})" if extra else "")
    return [
        f"The fifteen cards go out in runs of {shape}.",
        f"Each of the {players - 1} other players pays {each}: the winner collects {r['collects']}.",
    ]


@dataclass(frozen=True)
class ContinentalRules(Rules):
    """What each player pays the winner."""

    game: ClassVar[str] = "continental"
    base_payment: int = rule(
        1,
        'Base payment',
        'Chips every other player pays the winner.',
        minimum=0,
    )
    joker_payment: int = rule(
        2,
        'Payment per joker',
        "Chips every other player pays for each joker in the winner's hand.",
        minimum=0,
    )
    deuce_payment: int = rule(
        1,
        'Payment per two',
        "Chips every other player pays for each two in the winner's hand.",
        minimum=0,
    )
    no_wild_bonus: int = rule(
        0,
        'Bonus for no wild card',
        "Chips every other player pays extra when the winner goes out without a joker or a two (0: not played).",
        minimum=0,
    )
    first_turn_bonus: int = rule(
        0,
        'Bonus for the first turn',
        "Chips every other player pays extra when the winner goes out on the first turn, before drawing (0: not played).",
        minimum=0,
    )
    one_suit_bonus: int = rule(
        0,
        'Bonus for one suit',
        "Chips every other player pays extra when all fifteen cards are of one suit (0: not played).",
        minimum=0,
    )


SPEC = GameSpec(
    name="continental",
    title="Continental Rummy",
    inputs={
        "groups": "the winner's fifteen cards split into runs, each one card string",
        "players": "how many play (default 4; sets how many packs there are)",
        "first_turn": "true when the winner went out on the first turn, before drawing (optional; for the bonus)",
    },
    quantities=(
        Quantity("goes_out", "bool", "true when the groups are a legal hand to go out with"),
        Quantity("each_pays", "int", "chips each other player pays the winner"),
        Quantity("collects", "int", "the winner's takings from all the other players"),
        Quantity("bonuses", "set", "the bonuses the hand earns under the house rules: no wild card, first turn, one suit"),
    ),
    compute=compute,
    rules=ContinentalRules,
    required=("groups",),
    explain=explain,
    summary=summary,
    phrases={"first_turn": ("out on the first turn", "not out on the first turn")},
)

GAMES = [SPEC]

__all__ = ["SHAPES", "goes_out", "packs_for", "SPEC", "GAMES"]
