"""Five Hundred Rum: what each player's melds and lay-offs are worth, less the cards caught in hand.

Card values are the published ones: an ace 15 (1 when it is the low end of a
run, A-2-3), a ten or court card 10, any other card its pips. A player scores
every card they melded or laid off and loses the value of the cards left in
hand when someone goes out; the first to 500 wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, format_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, read_cards, rule, unique_cards
from deckgen.engine.tally import hands_field, meld_kind, scores_field, sole_leader


def card_value(card: Card, rules: FiveHundredRumRules | Mapping[str, Any], low: bool = False) -> int:
    """The published value of one card: ace 15 (or low 1), ten and court cards 10, others pips."""
    assert card.rank is not None
    if card.rank == Rank.ACE:  # the only card a rule prices: its rules are read for it alone (a call per card)
        house = FiveHundredRumRules.of(rules)
        return house.low_ace_points if low else house.ace_points
    return 10 if int(card.rank) >= 10 else int(card.rank)


def _never_wild(card: Card) -> bool:
    return False


def meld_value(meld: list[Card], rules: FiveHundredRumRules | Mapping[str, Any], where: str = "melds") -> int:
    """Value of a legal meld (a set of one rank, or a run in one suit with the ace high or low)."""
    kind = meld_kind(meld, _never_wild)
    if kind is None:
        raise ExampleError(f"{where}: {format_cards(meld)} is not a set or a run of three or more", where)
    low = kind == "run" and any(c.rank == Rank.TWO for c in meld)
    return sum(card_value(c, rules, low) for c in meld)


def _melds(inputs: Mapping[str, Any], name: str) -> dict[str, list[list[Card]]]:
    raw = inputs.get(name) or {}
    if not isinstance(raw, Mapping):
        raise ExampleError(f"{name}: expected {{player: [meld, ...]}}", name)
    out: dict[str, list[list[Card]]] = {}
    for player, melds in raw.items():
        if isinstance(melds, str):
            melds = [melds]
        if not isinstance(melds, list):
            raise ExampleError(f"{name}.{player}: expected a list of card strings", name)
        out[str(player)] = [read_cards(m, f"{name}.{player}") for m in melds]
    return out


def _layoffs(inputs: Mapping[str, Any]) -> dict[str, list[tuple[list[Card], list[Card]]]]:
    """`laid_off: {player: ['A♠ onto 2♠ 3♠ 4♠', ...]}`: the cards laid off and the meld they joined."""
    raw = inputs.get("laid_off") or {}
    if not isinstance(raw, Mapping):
        raise ExampleError("laid_off: expected {player: ['cards onto meld', ...]}", "laid_off")
    out: dict[str, list[tuple[list[Card], list[Card]]]] = {}
    for player, items in raw.items():
        if isinstance(items, str):
            items = [items]
        entries = []
        for item in items:
            if not isinstance(item, str) or " onto " not in item:
                raise ExampleError(f"laid_off.{player}: write each as 'cards onto the meld', e.g. '8♠ onto 5♠ 6♠ 7♠'", "laid_off")
            cards, onto = item.split(" onto ", 1)
            entries.append((read_cards(cards, "laid_off"), read_cards(onto, "laid_off")))
        out[str(player)] = entries
    return out


def compute(inputs: Mapping[str, Any], rules: FiveHundredRumRules | Mapping[str, Any]) -> dict[str, Any]:
    house = FiveHundredRumRules.of(rules)
    melds = _melds(inputs, "melds")
    layoffs = _layoffs(inputs)
    hands = hands_field(inputs, "hands", "cards left in hand") if "hands" in inputs else {}
    players = list(dict.fromkeys([*melds, *layoffs, *hands]))
    if not players:
        raise ExampleError("five-hundred-rum needs 'melds', 'laid_off' or 'hands'", "melds")
    every = [c for ms in melds.values() for m in ms for c in m]
    every += [c for es in layoffs.values() for cards, _ in es for c in cards]
    every += [c for cs in hands.values() for c in cs]
    if any(c.is_joker for c in every):
        raise ExampleError("five hundred rum is played without jokers", "melds")
    unique_cards(every, where="five hundred rum")
    melded = {p: sum(meld_value(m, house) for m in melds.get(p, [])) for p in players}
    for p, entries in layoffs.items():
        for cards, onto in entries:
            whole = onto + cards
            meld_value(whole, house, "laid_off")  # the meld with the new cards must still be legal
            kind = meld_kind(whole, _never_wild)
            low = kind == "run" and any(c.rank == Rank.TWO for c in whole)
            melded[p] += sum(card_value(c, house, low) for c in cards)
    low_in_hand = str(house.ace_in_hand).strip().lower() == "low"  # an ace in hand priced apart from a melded one
    caught = {p: sum(card_value(c, house, low_in_hand) for c in hands.get(p, [])) for p in players}
    points = {p: melded[p] - caught[p] for p in players}
    before = scores_field(inputs, "scores", players)
    totals = {p: before[p] + points[p] for p in players}
    return {
        "melded": melded,
        "in_hand": caught,
        "points": points,
        "totals": totals,
        "winner": sole_leader(totals, house.game_points),
    }


def explain(inputs: Mapping[str, Any], rules: FiveHundredRumRules | Mapping[str, Any]) -> list[str]:
    house = FiveHundredRumRules.of(rules)
    r = compute(inputs, house)
    lines = [
        f"{p}: melded and laid off {r['melded'][p]}, caught in hand {r['in_hand'][p]}, scores {r['points'][p]} (total {r['totals'][p]})"
        for p in r["points"]
    ]
    if r["winner"]:
        lines.append(f"{r['winner']} passes {house.game_points} and wins")
    return lines


def summary(inputs: Mapping[str, Any], rules: FiveHundredRumRules | Mapping[str, Any]) -> list[str]:
    """Each player's score for the deal in a clause, then the winner."""
    house = FiveHundredRumRules.of(rules)
    r = compute(inputs, house)
    hands = hands_field(inputs, "hands", "cards left in hand") if "hands" in inputs else {}
    carried = "scores" in inputs
    laid = _layoffs(inputs)
    said = []
    for p in r["points"]:
        melded, caught, points = r["melded"][p], r["in_hand"][p], r["points"][p]
        how = "melded and laid off" if laid.get(p) else "melded"
        if p in hands and not hands[p]:
            clause = f"{p} goes out with {melded} {how}"
        elif caught:
            clause = f"{p} {'melds and lays off' if laid.get(p) else 'melds'} {melded}, is caught with {caught} and {'scores' if points >= 0 else 'loses'} {abs(points)}"
        else:
            clause = f"{p} scores {melded} {how}"
        said.append(clause + (f" ({r['totals'][p]} in all)" if carried else ""))
    out = ["; ".join(said) + "."]
    if r["winner"]:
        out.append(f"{r['winner']} passes {house.game_points} and wins.")
    return out


@dataclass(frozen=True)
class FiveHundredRumRules(Rules):
    """What an ace counts, and the game total."""

    game: ClassVar[str] = "five-hundred-rum"
    ace_points: int = rule(
        15,
        'Points for an ace',
        'What an ace counts, melded high or in a set, or caught in hand (see "Ace caught in hand").',
        minimum=0,
    )
    low_ace_points: int = rule(
        1,
        'Points for a low ace',
        'What an ace counts at the low end of a run (A-2-3); some count it 15 there too.',
        minimum=0,
    )
    ace_in_hand: str = rule(
        "high",
        'Ace caught in hand',
        "What an ace left in hand costs: 'high', the points for an ace (15), as the published count has it; "
        "'low', only the points for a low ace (1), as some tables charge it.",
        choices={"high": "the points for an ace", "low": "the points for a low ace"},
    )
    game_points: int = rule(
        500,
        'Points for game',
        'The score that wins the game.',
        minimum=1,
    )


SPEC = GameSpec(
    name="five-hundred-rum",
    title="Five Hundred Rum",
    inputs={
        "melds": "each player's melds on the table, {name: ['7♠ 7♥ 7♦', ...]}",
        "laid_off": "cards each player laid off, {name: ['8♠ onto 5♠ 6♠ 7♠', ...]}",
        "hands": "the cards left in each hand when the deal ended, {name: cards}",
        "scores": "scores before this deal, {name: points} (optional)",
    },
    quantities=(
        Quantity("melded", "mapping", "each player's value of cards melded and laid off"),
        Quantity("in_hand", "mapping", "each player's value of cards caught in hand"),
        Quantity("points", "mapping", "each player's score for the deal (melded less in hand)"),
        Quantity("totals", "mapping", "each player's total with the scores before"),
        Quantity("winner", "str", "the player alone at the top once someone reaches the game total"),
    ),
    compute=compute,
    rules=FiveHundredRumRules,
    explain=explain,
    summary=summary,
)

GAMES = [SPEC]

__all__ = ["card_value", "meld_value", "SPEC", "GAMES"]
