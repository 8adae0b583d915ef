"""Knock rummy: one hand scored after a knock, from every player's cards.

The values as Bicycle's *Knock Rummy* gives them (bicyclecards.com): a deal of ten cards each
for two players, seven for three or four, six for five (or six); courts count 10, aces 1, the
others their pips; melds are never laid off. Whoever shows the lowest count of unmatched cards
wins the difference from each other player, with 25 more from each when the knocker goes rummy
(no unmatched card). A player who ties the knocker's count wins instead of the knocker. A
knocker who is beaten pays a penalty of 10 on top of the difference to the lowest player.

Where other accounts differ, a house rule says so: the penalty is 20 in some versions
(cardgameheaven.com); in others every player below the knocker collects it (the
accounts at smirkify.pages.dev and mytour.vn), and players tied for the lowest split what they win
(the same accounts).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from deckgen.cards import Card, format_cards
from deckgen.engine.base import (
    NOBODY,
    ExampleError,
    GameSpec,
    Quantity,
    Rules,
    read_cards,
    rule,
    said_list,
    unique_cards,
)
from deckgen.engine.gin import best_melding

__all__ = ["GAMES", "KnockRummyRules", "cards_each", "score_knock"]


@dataclass(frozen=True)
class KnockRummyRules(Rules):
    """The house rules of knock rummy: the rummy bonus and the knocker's penalty."""

    game: ClassVar[str] = "knock-rummy"
    rummy_bonus: int = rule(25, "Bonus for going rummy",
                            "What each other player pays a knocker who wins with every card melded.",
                            whole=True, minimum=0)
    knock_penalty: int = rule(10, "Penalty for a beaten knock",
                              "What a knocker pays on top of the difference when another player has less (20 in some versions).",
                              whole=True, minimum=0)
    penalty_to: str = rule(
        "lowest",
        "Who collects the penalty",
        "'lowest': the player with the lowest count; 'each': every player whose count is below the knocker's.",
        choices={"lowest": "the lowest player only", "each": "every player below the knocker"},
    )


def cards_each(players: int) -> int:
    """The deal: ten cards each for two, seven for three or four, six for five or six.

    >>> [cards_each(n) for n in (2, 3, 4, 5, 6)]
    [10, 7, 7, 6, 6]
    """
    if players == 2:
        return 10
    if 3 <= players <= 4:
        return 7
    if 5 <= players <= 6:
        return 6
    raise ExampleError(f"hands: knock rummy is for 2 to 6 players, got {players}", "hands")


def _read(inputs: Mapping[str, Any]) -> tuple[str, dict[str, list[Card]]]:
    raw = inputs.get("hands")
    if not isinstance(raw, Mapping) or not raw:
        raise ExampleError("hands: expected each player's cards at the knock, e.g. {Ann: 'A♠ 2♠ 3♠ ...', Bob: '...'}",
                           "hands")
    hands = {str(name): read_cards(cards, f"hands.{name}") for name, cards in raw.items()}
    knocker = str(inputs.get("knocker", "")).strip()
    if knocker not in hands:
        raise ExampleError(f"knocker: '{knocker}' is not one of the players ({said_list(list(hands))})", "knocker")
    dealt = cards_each(len(hands))
    for name, cards in hands.items():
        if any(c.is_joker for c in cards):
            raise ExampleError(f"hands.{name}: knock rummy is played without jokers", f"hands.{name}")
        if len(cards) != dealt:
            raise ExampleError(f"hands.{name}: {len(cards)} cards; each of {len(hands)} players holds {dealt} "
                               "after the knock", f"hands.{name}")
    unique_cards([c for cards in hands.values() for c in cards], where="knock-rummy")
    return knocker, hands


def _number(value: Fraction) -> int | float:
    """A whole amount as an int, a split one (a half, a third) as a float to two places."""
    return int(value) if value.denominator == 1 else round(float(value), 2)


def score_knock(inputs: Mapping[str, Any], rules: KnockRummyRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Every player's count of unmatched cards, who wins the hand, and what each player wins or pays.

    >>> r = score_knock({"knocker": "Ann", "hands": {"Ann": "A♠ 2♠ 3♠ 7♥ 7♦ 7♣ 4♦", "Bob": "K♠ K♥ 9♣ 9♦ 8♠ 2♥ 3♣",
    ...                                              "Cy": "5♠ 6♠ 7♠ Q♦ Q♣ J♥ 10♥"}})
    >>> r["counts"], r["winners"], r["scores"]
    ({'Ann': 4, 'Bob': 51, 'Cy': 40}, ['Ann'], {'Ann': 83, 'Bob': -47, 'Cy': -36})
    """
    r = KnockRummyRules.of(rules)
    knocker, hands = _read(inputs)
    counts = {name: best_melding(cards).count for name, cards in hands.items()}
    low = min(counts.values())
    lowest = [n for n, c in counts.items() if c == low]
    winners = [knocker] if lowest == [knocker] else [n for n in lowest if n != knocker]
    went_rummy = winners == [knocker] and low == 0
    net = {name: Fraction(0) for name in hands}

    def pay(payer: str, amount: Fraction, to: list[str]) -> None:
        net[payer] -= amount
        for name in to:
            net[name] += amount / len(to)

    for name in hands:
        if name not in winners:
            pay(name, Fraction(counts[name] - low + (r.rummy_bonus if went_rummy else 0)), winners)
    penalty = 0
    if counts[knocker] > low:
        if r.penalty_to == "each":
            below = [n for n in hands if counts[n] < counts[knocker]]
            for name in below:
                pay(knocker, Fraction(r.knock_penalty), [name])
            penalty = r.knock_penalty * len(below)
        else:
            pay(knocker, Fraction(r.knock_penalty), winners)
            penalty = r.knock_penalty
    return {
        "cards_each": cards_each(len(hands)),
        "counts": counts,
        "winners": winners,
        "winner": winners[0] if len(winners) == 1 else NOBODY,
        "went_rummy": went_rummy,
        "penalty": penalty,
        "scores": {name: _number(v) for name, v in net.items()},
    }


def _explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    knocker, hands = _read(inputs)
    result = score_knock(inputs, rules)
    lines = []
    for name, cards in hands.items():
        melding = best_melding(cards)
        melds = "; ".join(format_cards(list(m)) for m in melding.melds) or "no meld"
        left = format_cards(list(melding.deadwood)) or "nothing"
        lines.append(f"{name}{' (knocks)' if name == knocker else ''}: {melds}; unmatched {left} = {result['counts'][name]}")
    who = said_list(result["winners"])
    lines.append(f"{who} {'has' if len(result['winners']) == 1 else 'share'} the lowest count"
                 + (" and went rummy" if result["went_rummy"] else ""))
    if result["penalty"]:
        lines.append(f"{knocker} is beaten and pays {result['penalty']} in penalty")
    lines.append("scores: " + ", ".join(f"{n} {v:+}" for n, v in result["scores"].items()))
    return lines


def _summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    knocker, _ = _read(inputs)
    result = score_knock(inputs, rules)
    counts = result["counts"]
    if result["winners"] == [knocker]:
        first = (f"{knocker} knocks with {counts[knocker]} and has the lowest count"
                 + (", rummy" if result["went_rummy"] else "") + ".")
    else:
        first = (f"{knocker} knocks with {counts[knocker]}; {said_list(result['winners'])} "
                 f"{'has' if len(result['winners']) == 1 else 'have'} {min(counts.values())} and "
                 f"{'wins' if len(result['winners']) == 1 else 'split'} instead.")
    gained = [f"{n} {v:+}" for n, v in result["scores"].items()]
    return [first, "Scores: " + ", ".join(gained) + "."]


GAMES = [
    GameSpec(
        name="knock-rummy",
        title="Knock rummy: one knock",
        inputs={
            "knocker": "the player who knocked",
            "hands": "every player's cards once the knocker has discarded, e.g. {Ann: '...', Bob: '...'}",
        },
        quantities=(
            Quantity("cards_each", "int", "cards each player holds for this number of players"),
            Quantity("counts", "mapping", "each player's count of unmatched cards, melded as well as they can be"),
            Quantity("winners", "set", "the player, or the players who split, with the lowest count"),
            Quantity("winner", "str", "the one winner, or nobody (\"\") when players split"),
            Quantity("went_rummy", "bool", "the knocker wins with every card melded"),
            Quantity("penalty", "int", "what the knocker pays in penalty for being beaten (0 when not)"),
            Quantity("scores", "mapping", "what each player wins (plus) or pays (minus) on the hand"),
        ),
        compute=lambda inputs, rules: score_knock(inputs, rules),
        rules=KnockRummyRules,
        required=("knocker", "hands"),
        card_inputs=("hands",),
        explain=_explain,
        summary=_summary,
        phrases={"went_rummy": ("went rummy", "did not go rummy")},
    ),
]
