"""Kalooki: the value of an opening meld, the penalty points caught in hand, and who is knocked out.

Two packs and four jokers. A first meld must be worth a set minimum, with each
joker worth the card it stands for; so a run is written low to high with its
jokers in their places ('5♠ Jk 7♠' makes the joker the six). When a player goes
out, the others score penalty points for the cards left in hand, and a player
whose total reaches the elimination mark leaves the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, format_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, read_cards, name_or_nobody, rule, said_list, unique_cards
from deckgen.engine.tally import hands_field, ordered_run_ranks, scores_field


def is_wild(card: Card) -> bool:
    return card.is_joker


def _value_of_rank(rank: int) -> int:
    """A card's value in a meld by the rank it stands for: ace 11 (1 below a two), court 10, others pips."""
    if rank == 14:
        return 11
    if rank == 1:
        return 1
    return 10 if rank >= 10 else rank


def meld_value(meld: list[Card]) -> int:
    """Value of a set (three or four of a rank, all suits different) or a run written low to high."""
    natural = [c for c in meld if not is_wild(c)]
    shown = format_cards(meld)
    if not natural:
        raise ExampleError(f"opening: {shown} has no natural card", "opening")
    if len(meld) >= 3 and len({c.rank for c in natural}) == 1:
        if len(meld) > 4 or len({c.suit for c in natural}) != len(natural):
            raise ExampleError(f"opening: {shown}: a set is three or four cards of one rank in different suits", "opening")
        assert natural[0].rank is not None
        rank = 14 if natural[0].rank == Rank.ACE else int(natural[0].rank)
        return _value_of_rank(rank) * len(meld)
    ranks = ordered_run_ranks(meld, is_wild)
    if ranks is None:
        raise ExampleError(
            f"opening: {shown} is not a set or a run written low to high (jokers in their places)", "opening"
        )
    return sum(_value_of_rank(r) for r in ranks)


def penalty(card: Card, rules: KalookiRules | Mapping[str, Any] | None = None) -> int:
    house = KalookiRules.of(rules)
    if card.is_joker:
        return house.joker_penalty
    assert card.rank is not None
    if card.rank == Rank.ACE:
        return house.ace_penalty
    return 10 if int(card.rank) >= 10 else int(card.rank)


def compute(inputs: Mapping[str, Any], rules: KalookiRules | Mapping[str, Any]) -> dict[str, Any]:
    house = KalookiRules.of(rules)
    out: dict[str, Any] = {k: None for k in (
        "opening_points", "opening_ok", "melds_valid", "illegal_melds", "penalties", "totals", "eliminated", "winner")}
    cards: list[Card] = []
    if "opening" in inputs:
        raw = inputs["opening"]
        if not isinstance(raw, list) or not raw:
            raise ExampleError("opening: expected a list of melds, each one card string", "opening")
        melds = [read_cards(m, "opening") for m in raw]
        value, wrong = 0, []
        for meld in melds:
            try:
                value += meld_value(meld)
            except ExampleError as exc:  # a meld the rules do not allow: a result, so a claim can say it
                wrong.append(str(exc).removeprefix("opening: "))
        out["opening_points"] = value  # the melds that are legal
        out["opening_ok"] = not wrong and value >= house.opening_points
        out["melds_valid"] = not wrong
        out["illegal_melds"] = wrong
        cards += [c for m in melds for c in m]
    if "hands" in inputs:
        hands = hands_field(inputs, "hands", "cards left")
        players = list(hands)
        penalties = {p: sum(penalty(c, house) for c in hands[p]) for p in players}
        before = scores_field(inputs, "scores", players)
        totals = {p: before[p] + penalties[p] for p in players}
        limit = house.elimination
        eliminated = [p for p in players if totals[p] >= limit]
        left = [p for p in players if totals[p] < limit]
        out.update(penalties=penalties, totals=totals, eliminated=eliminated, winner=name_or_nobody(left[0] if len(left) == 1 else None))
        cards += [c for cs in hands.values() for c in cs]
    if out["opening_points"] is None and out["penalties"] is None:
        raise ExampleError("kalooki needs 'opening' (melds) or 'hands' (cards left)", "opening")
    unique_cards(cards, copies=2, where="kalooki")
    return out


def explain(inputs: Mapping[str, Any], rules: KalookiRules | Mapping[str, Any]) -> list[str]:
    house = KalookiRules.of(rules)
    r = compute(inputs, house)
    lines = []
    if r["opening_points"] is not None:
        lines += [f"Not a meld: {why}" for why in r["illegal_melds"]]
        verdict = "enough" if r["opening_ok"] else "not enough"
        lines.append(f"The first meld is worth {r['opening_points']}: {verdict} against the {house.opening_points} needed")
    if r["penalties"] is not None:
        lines += [f"{p} is caught with {r['penalties'][p]}, total {r['totals'][p]}" for p in r["penalties"]]
        if r["eliminated"]:
            lines.append(f"Out of the game at {house.elimination} or more: {', '.join(r['eliminated'])}")
        if r["winner"]:
            lines.append(f"{r['winner']} is the last player left and wins")
    return lines


def summary(inputs: Mapping[str, Any], rules: KalookiRules | Mapping[str, Any]) -> list[str]:
    """Whether the first meld opens; or who went out, what the others are caught with, and who is out."""
    house = KalookiRules.of(rules)
    r = compute(inputs, house)
    out: list[str] = []
    if r["opening_points"] is not None:
        need = house.opening_points
        if r["illegal_melds"]:
            out.append(f"It cannot open: {'; '.join(r['illegal_melds'])}.")
        elif r["opening_ok"]:
            out.append(f"The first meld is worth {r['opening_points']}, enough to open ({need} needed).")
        else:
            out.append(f"The first meld is worth {r['opening_points']}, short of the {need} needed to open.")
    if r["penalties"] is not None:
        hands = hands_field(inputs, "hands", "cards left")
        carried = "scores" in inputs
        caught = [
            f"{p} with {r['penalties'][p]}" + (f" ({r['totals'][p]} in all)" if carried else "")
            for p in hands
            if hands[p]
        ]
        said = []
        if caught:
            said.append(said_list([caught[0].replace(" with ", " is caught with ", 1), *caught[1:]]))
        gone = [p for p in hands if not hands[p]]
        if gone:
            said.insert(0, f"{said_list(gone)} goes out")
        ends = []
        if r["eliminated"]:
            ends.append(f"{said_list(r['eliminated'])} {'reaches' if len(r['eliminated']) == 1 else 'reach'} {house.elimination} and {'is' if len(r['eliminated']) == 1 else 'are'} out of the game")
        if r["winner"]:
            ends.append(f"{r['winner']} is the last player left and wins")
        out.append("; ".join(said) + ".")
        if ends:
            out.append("; ".join(ends) + ".")
    return [" ".join(out[:-1]) + " " + out[-1]] if len(out) > 2 else out


@dataclass(frozen=True)
class KalookiRules(Rules):
    """The first meld's minimum, penalties and the elimination total."""

    game: ClassVar[str] = "kalooki"
    opening_points: int = rule(
        51,
        'First meld minimum',
        "The least a player's first meld may be worth (many tables use 40).",
        minimum=0,
    )
    joker_penalty: int = rule(
        25,
        'Penalty for a joker',
        'Penalty for a joker left in hand.',
        minimum=0,
    )
    ace_penalty: int = rule(
        11,
        'Penalty for an ace',
        'Penalty for an ace left in hand (some tables: 15).',
        minimum=0,
    )
    elimination: int = rule(
        150,
        'Elimination total',
        'A player whose penalty total reaches this is out of the game.',
        minimum=1,
    )


SPEC = GameSpec(
    name="kalooki",
    title="Kalooki",
    inputs={
        "opening": "a player's first melds, each one card string; runs low to high with jokers in place",
        "hands": "the cards left in each hand when a player went out, {name: cards}",
        "scores": "penalty totals before this deal, {name: points} (optional)",
    },
    quantities=(
        Quantity("opening_points", "int", "the value of the first melds (jokers as the cards they stand for)"),
        Quantity("opening_ok", "bool", "true when the first melds are all legal and reach the opening minimum"),
        Quantity("melds_valid", "bool", "true when every first meld is a legal set or run"),
        Quantity("illegal_melds", "list", "what is wrong with each meld that is not legal, in words"),
        Quantity("penalties", "mapping", "each player's penalty for the cards left in hand"),
        Quantity("totals", "mapping", "each player's penalty total after the deal"),
        Quantity("eliminated", "set", "players whose total has reached the elimination mark"),
        Quantity("winner", "str", "the last player left in the game, once only one is"),
    ),
    compute=compute,
    rules=KalookiRules,
    explain=explain,
    summary=summary,
    card_inputs=("hands",),
)

GAMES = [SPEC]

__all__ = ["meld_value", "penalty", "SPEC", "GAMES"]
