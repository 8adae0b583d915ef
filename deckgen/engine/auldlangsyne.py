"""Auld Lang Syne, the one-pack patience: how many cards reach the foundations from a given deal.

The rules as Wikibooks' *Solitaire card games/Auld Lang Syne*, classicgamesandpuzzles.com and
McNeely's *Ultimate Book of Card Games* give them: the four aces start the foundations; the other
48 cards are dealt four at a time, one on each of four piles; only the top card of a pile may be
played, and only to a foundation, which is built up from ace to king regardless of suit; there is
no redeal. Some accounts build each foundation in its own suit (semicolon.com's *Auld Lang Syne*);
classicgamesandpuzzles.com lets the player stop in the middle of a deal of four to build a card
before the next covers it. Both are house rules here. The game is mechanical: every play is made
as soon as it can be (the leftmost pile first when two cards could go), so a deal has one result.
GNOME Aisleriot scores one point a card on the foundations, 52 at most.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, read_cards, rule

__all__ = ["GAMES", "AuldLangSyneRules", "play_out"]

PILES = 4
STOCK = 48
#: The foundations in the order their aces are laid out.
ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@dataclass(frozen=True)
class AuldLangSyneRules(Rules):
    """The house rules of Auld Lang Syne: how the foundations build, and pausing in a deal."""

    game: ClassVar[str] = "auld-lang-syne"
    build: str = rule("any", "Foundations build", "'any': up regardless of suit; 'suit': each foundation in its ace's suit.",
                      choices={"any": "up regardless of suit", "suit": "up in suit"})
    pause: bool = rule(False, "Build during a deal", "True: a card may be built as soon as it is dealt, before the next covers it.",
                       phrases=("builds during a deal", "builds only after each deal of four"))


#: A foundation's height written as its top card's rank.
_RANK_WORDS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def _height(card: Card) -> int:
    assert card.rank is not None
    return 1 if card.rank == Rank.ACE else int(card.rank)


def _read(inputs: Mapping[str, Any]) -> list[Card]:
    raw = inputs.get("dealt")
    if raw is None:
        raise ExampleError("auld-lang-syne needs the field 'dealt' (the cards in the order dealt, aces left out)", "dealt")
    cards = read_cards(raw, "dealt") if raw != "" else []
    seen: set[Card] = set()
    for card in cards:
        if card.is_joker or card.rank == Rank.ACE:
            raise ExampleError(f"dealt: {card} is not dealt: the aces start the foundations and jokers are left out", "dealt")
        if card in seen:
            raise ExampleError(f"dealt: {card} is dealt twice; the pack has one", "dealt")
        seen.add(card)
    if len(cards) % PILES or len(cards) > STOCK:
        raise ExampleError(f"dealt: {len(cards)} cards; the stock of {STOCK} is dealt {PILES} at a time "
                           f"(give 4, 8 ... {STOCK} cards)", "dealt")
    return cards


def play_out(inputs: Mapping[str, Any], rules: AuldLangSyneRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Deal the given cards four at a time and build every card that can go, as soon as it can.

    >>> r = play_out({"dealt": "2♠ 2♥ 2♦ 2♣ 3♠ K♥ 4♦ 3♣"})
    >>> r["home"], r["tops"], r["piles"]
    (11, ['4', '3', '2', '2'], 1)
    """
    r = AuldLangSyneRules.of(rules)
    cards = _read(inputs)
    heights = [1] * PILES
    piles: list[list[Card]] = [[] for _ in range(PILES)]
    moved = 0

    def target(card: Card) -> int | None:
        need = _height(card) - 1
        if r.build == "suit":
            i = ORDER.index(card.suit)  # no jokers here: _read refuses them
            return i if heights[i] == need else None
        return next((i for i in range(PILES) if heights[i] == need), None)

    def build() -> None:
        nonlocal moved
        while True:
            for pile in piles:
                if pile and (i := target(pile[-1])) is not None:
                    heights[i] += 1
                    pile.pop()
                    moved += 1
                    break
            else:
                return

    for n, card in enumerate(cards):
        piles[n % PILES].append(card)
        if r.pause or n % PILES == PILES - 1:
            build()
    home = PILES + moved
    return {
        "home": home,
        "won": home == 52,
        "tops": [_RANK_WORDS.get(h, str(h)) for h in heights],
        "piles": sum(len(p) for p in piles),
    }


def _tops_said(tops: list[str]) -> str:
    return ", ".join(tops)


def _explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    result = play_out(inputs, rules)
    cards = _read(inputs)
    lines = [f"{len(cards)} cards dealt in {len(cards) // PILES} rounds of four",
             f"foundations reach {_tops_said(result['tops'])}: {result['home']} cards home"]
    if len(cards) == STOCK:
        lines.append("the patience comes out" if result["won"] else f"blocked with {result['piles']} cards on the piles")
    else:
        lines.append(f"{result['piles']} cards on the piles, {STOCK - len(cards)} still to deal")
    return lines


def _summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    result = play_out(inputs, rules)
    if result["won"]:
        return ["Every card reaches the foundations: the patience comes out."]
    return [f"{result['home']} cards reach the foundations ({_tops_said(result['tops'])}); {result['piles']} stay on the piles."]


GAMES = [
    GameSpec(
        name="auld-lang-syne",
        title="Auld Lang Syne (patience): playing out a deal",
        inputs={"dealt": "the cards in the order dealt, four at a time onto the four piles (aces left out: they start the foundations)"},
        quantities=(
            Quantity("home", "int", "cards on the foundations, the four aces included (52 when it comes out)"),
            Quantity("won", "bool", "true when all 52 cards are home"),
            Quantity("tops", "ranks", "the rank each foundation has reached, in the order ♠ ♥ ♦ ♣ of its ace"),
            Quantity("piles", "int", "cards left on the four piles"),
        ),
        compute=lambda inputs, rules: play_out(inputs, rules),
        rules=AuldLangSyneRules,
        required=("dealt",),
        explain=_explain,
        summary=_summary,
    ),
]
