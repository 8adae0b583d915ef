"""Comet, the two-handed stops game: what the winner of a hand scores.

As the account of Comet reprinted at games-of-playing-cards.pokerwiner.com gives it: the pack is
the 48 cards of one colour from two packs, aces out, with one 9 of the other colour put in: the
*comet*, which may stand for any card. Each player has eighteen cards. The first to play out the
hand scores the pips of the cards left in the other hand, courts counting 10. If both players are
stopped with cards in hand, the lower hand wins and scores the difference. The score is doubled
when the comet is left in the loser's hand, doubled when the winner goes out by playing the comet,
and quadrupled when the winner goes out by playing the comet as a nine.

Gamerules.com builds the same pack with the 9♦ as the comet; the account reprinted at pokerwiner
allows any 9 of the other colour, and so does the engine. The comet left in hand is counted as
the 9 it is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from deckgen.cards import Card, Rank, Suit
from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, read_cards, said_list

__all__ = ["GAMES", "OUT_WITH", "pips", "score_hand"]

HAND = 18
COLOURS = {"black": (Suit.SPADES, Suit.CLUBS), "red": (Suit.HEARTS, Suit.DIAMONDS)}
#: How the winner played the last card: not with the comet, the comet for another card, the comet as a nine.
OUT_WITH = {"": 1, "comet": 2, "comet as nine": 4}


def pips(card: Card) -> int:
    """What a card left in hand counts: courts 10, the others their pips (the comet its 9)."""
    assert card.rank is not None
    return min(int(card.rank), 10)


def _read(inputs: Mapping[str, Any]) -> tuple[str, dict[str, list[Card]], str, tuple[Suit, ...]]:
    pack = str(inputs.get("pack", "black")).strip().lower()
    if pack not in COLOURS:
        raise ExampleError(f"pack: expected black or red (the colour of the comet pack), got {pack!r}", "pack")
    suits = COLOURS[pack]
    raw = inputs.get("left")
    if not isinstance(raw, Mapping) or len(raw) != 2:
        raise ExampleError("left: expected the cards left in both players' hands, e.g. {Ann: '', Bob: 'K♠ 7♣'}", "left")
    left = {str(n): (read_cards(c, f"left.{n}") if c not in (None, "") else []) for n, c in raw.items()}
    comets = 0
    for name, cards in left.items():
        field = f"left.{name}"
        if len(cards) > HAND:
            raise ExampleError(f"{field}: {len(cards)} cards; each player is dealt {HAND}", field)
        for card in cards:
            if card.is_joker or card.rank == Rank.ACE:
                raise ExampleError(f"{field}: {card} is not in the comet pack (no aces, no jokers)", field)
            if card.suit not in suits:
                if card.rank != Rank.NINE:
                    raise ExampleError(f"{field}: {card} is not in the {pack} comet pack; its only other card is "
                                       "the comet, a 9 of the other colour", field)
                comets += 1
    if comets > 1:
        raise ExampleError("left: the pack has one comet (one 9 of the other colour)", "left")
    for card, n in Counter(c for cards in left.values() for c in cards).items():
        if n > 2:
            raise ExampleError(f"left: {card} is held {n} times; the pack has two of each card", "left")
    out_with = str(inputs.get("out_with", "") or "").strip().lower()
    if out_with not in OUT_WITH:
        raise ExampleError("out_with: expected comet or 'comet as nine' (how the winner played the last card), "
                           f"got {out_with!r}", "out_with")
    return pack, left, out_with, suits


def score_hand(inputs: Mapping[str, Any]) -> dict[str, Any]:
    """Both hands' counts, the winner, the multiplier and the winner's score.

    >>> r = score_hand({"left": {"Ann": "", "Bob": "K♠ 7♣ 9♥"}})
    >>> r["winner"], r["counts"], r["multiplier"], r["score"]
    ('Ann', {'Ann': 0, 'Bob': 26}, 2, 52)
    """
    _, left, out_with, suits = _read(inputs)
    names = list(left)
    counts = {n: sum(pips(c) for c in cards) for n, cards in left.items()}
    out = [n for n in names if not left[n]]
    if len(out) == 2:
        raise ExampleError("left: only one player can play out the hand first", "left")
    if out_with and not out:
        raise ExampleError("out_with: nobody went out: both hands still hold cards", "out_with")
    if out:
        winner = out[0]
    elif counts[names[0]] != counts[names[1]]:
        winner = min(names, key=lambda n: counts[n])
    else:
        winner = NOBODY
    loser = next((n for n in names if n != winner), NOBODY) if winner else NOBODY
    held = bool(loser) and any(c.suit not in suits for c in left[loser])
    if held and out_with:
        raise ExampleError("out_with: the winner cannot go out with the comet while the loser holds it", "out_with")
    multiplier = OUT_WITH[out_with] * (2 if held else 1) if winner else 1
    base = counts[loser] - counts[winner] if winner else 0
    return {
        "counts": counts,
        "winner": winner,
        "comet_held": held,
        "multiplier": multiplier,
        "score": base * multiplier,
    }


def _explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    result = score_hand(inputs)
    lines = ["counts: " + ", ".join(f"{n} {c}" for n, c in result["counts"].items())]
    if not result["winner"]:
        return [*lines, "both are stopped with equal counts: no score"]
    why = []
    if result["comet_held"]:
        why.append("the comet is left in the loser's hand")
    out_with = str(inputs.get("out_with", "") or "").strip().lower()
    if out_with:
        why.append(f"out by playing the {out_with}")
    base = result["score"] // result["multiplier"]
    times = f" x{result['multiplier']} ({said_list(why)}) = {result['score']}" if why else ""
    return [*lines, f"{result['winner']} wins and scores {base}{times}"]


def _summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    result = score_hand(inputs)
    if not result["winner"]:
        return ["Both players are stopped with equal counts; nobody scores."]
    return [f"{result['winner']} wins the hand and scores {result['score']}."]


GAMES = [
    GameSpec(
        name="comet",
        title="Comet (two-handed stops): the winner's score",
        inputs={
            "left": "the cards left in both players' hands, the winner's empty when they went out, e.g. {Ann: '', Bob: 'K♠ 7♣'}",
            "pack": "optional: black (the default) or red, the colour of the pack in play; the comet is a 9 of the other colour",
            "out_with": "optional: comet, or 'comet as nine', when the winner went out by playing the comet",
        },
        quantities=(
            Quantity("counts", "mapping", "the pips left in each hand, courts 10"),
            Quantity("winner", "str", "the player who went out, or the lower hand; nobody (\"\") when both are stopped level"),
            Quantity("comet_held", "bool", "the comet is left in the loser's hand"),
            Quantity("multiplier", "int", "1, 2 or 4 (x2 for the comet in the loser's hand, x2 or x4 for going out with it)"),
            Quantity("score", "int", "what the winner scores"),
        ),
        compute=lambda inputs, rules: score_hand(inputs),
        required=("left",),
        explain=_explain,
        summary=_summary,
        card_inputs=("left",),
    ),
]
