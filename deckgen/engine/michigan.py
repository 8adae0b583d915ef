"""Michigan (boodle, stops; Newmarket in Britain): the chips of one hand.

As Bicycle's *Michigan* and pagat.com's *Michigan* give it: four boodle cards from another pack
(A♥ K♣ Q♦ J♠) lie on the table; before the deal the dealer puts two chips on each and every other
player one; whoever plays the matching card in the hand takes the chips on that boodle card, and
the chips on a boodle card nobody played stay there for the next hand. The first player out of
cards collects one chip from each other player for every card left in their hand
(playingcarddecks.com, ehow.co.uk).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, CardError, parse_card
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, rule, said_list

__all__ = ["BOODLES", "GAMES", "MichiganRules", "settle"]

#: The four boodle (money) cards of the layout, in the order the sources list them.
BOODLES: tuple[Card, ...] = tuple(parse_card(c) for c in ("A♥", "K♣", "Q♦", "J♠"))
#: Players at one table (the sources: three to eight).
FEWEST, MOST = 3, 8


@dataclass(frozen=True)
class MichiganRules(Rules):
    """The house rules of Michigan: the antes and the price of a card left in hand."""

    game: ClassVar[str] = "michigan"
    boodle_ante: int = rule(1, "Ante on each boodle card", "Chips each player but the dealer puts on every boodle card.",
                     whole=True, minimum=0)
    dealer_ante: int = rule(2, "Dealer's ante on each boodle card", "Chips the dealer puts on every boodle card.",
                            whole=True, minimum=0)
    per_card: int = rule(1, "Chips for a card left", "What each other player pays the first out for every card left in hand.",
                         whole=True, minimum=0)


def _count(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ExampleError(f"{field}: expected a whole number of chips or cards, 0 or more, got {value!r}", field)
    return value


def _boodle(token: Any, field: str) -> Card:
    try:
        card = parse_card(str(token))
    except CardError as exc:
        raise ExampleError(f"{field}: {exc}", field) from None
    if card not in BOODLES:
        raise ExampleError(f"{field}: {card} is not a boodle card (A♥ K♣ Q♦ J♠)", field)
    return card


def _read(inputs: Mapping[str, Any]) -> tuple[list[str], str, str, dict[Card, int], dict[Card, str], dict[str, int]]:
    given = inputs.get("players")
    if not isinstance(given, list) or not FEWEST <= len(given) <= MOST or len({str(n) for n in given}) != len(given):
        raise ExampleError(f"players: expected {FEWEST} to {MOST} different players in seat order, e.g. [Ann, Bob, Cy]",
                           "players")
    players = [str(n) for n in given]

    def name(key: str) -> str:
        value = str(inputs.get(key, "")).strip()
        if value not in players:
            raise ExampleError(f"{key}: '{value}' is not one of the players ({said_list(players)})", key)
        return value

    dealer, out = name("dealer"), name("out")
    raw_layout = inputs.get("layout") or {}
    if not isinstance(raw_layout, Mapping):
        raise ExampleError("layout: expected the chips left on boodle cards from earlier hands, e.g. {K♣: 5}", "layout")
    layout = {card: 0 for card in BOODLES}
    for token, chips in raw_layout.items():
        layout[_boodle(token, f"layout.{token}")] = _count(chips, f"layout.{token}")
    raw_played = inputs.get("played") or {}
    if not isinstance(raw_played, Mapping):
        raise ExampleError("played: expected who played each boodle card this hand, e.g. {A♥: Ann}", "played")
    played: dict[Card, str] = {}
    for token, who in raw_played.items():
        card = _boodle(token, f"played.{token}")
        if str(who) not in players:
            raise ExampleError(f"played.{token}: '{who}' is not one of the players ({said_list(players)})",
                               f"played.{token}")
        played[card] = str(who)
    raw_left = inputs.get("left") or {}
    if not isinstance(raw_left, Mapping) or any(str(k) not in players for k in raw_left):
        raise ExampleError(f"left: expected the cards left in each other player's hand, e.g. {{{players[1]}: 3}}",
                           "left")
    left = {p: _count(raw_left.get(p, 0), f"left.{p}") for p in players}
    if left[out]:
        raise ExampleError(f"left.{out}: {out} went out and has no cards left", f"left.{out}")
    most = -(-52 // (len(players) + 1))  # all 52 dealt to the players and the spare hand
    for p, n in left.items():
        if n > most:
            raise ExampleError(f"left.{p}: {n} cards left, but with {len(players)} players a hand has at most {most}",
                               f"left.{p}")
    return players, dealer, out, layout, played, left


def settle(inputs: Mapping[str, Any], rules: MichiganRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The antes, the boodle chips each player takes, the payment for cards left, and what stays on the layout.

    >>> r = settle({"players": ["Ann", "Bob", "Cy"], "dealer": "Ann", "out": "Bob", "played": {"A♥": "Bob"},
    ...             "left": {"Ann": 2, "Cy": 4}})
    >>> r["net"], r["carried"]
    ({'Ann': -10, 'Bob': 6, 'Cy': -8}, {'K♣': 4, 'Q♦': 4, 'J♠': 4})
    """
    r = MichiganRules.of(rules)
    players, dealer, out, layout, played, left = _read(inputs)
    each = {p: (r.dealer_ante if p == dealer else r.boodle_ante) for p in players}
    on_card = {card: layout[card] + sum(each.values()) for card in BOODLES}
    boodle = {p: sum(on_card[c] for c, who in played.items() if who == p) for p in players}
    cards = {p: -left[p] * r.per_card for p in players}
    cards[out] = sum(left.values()) * r.per_card
    antes = {p: each[p] * len(BOODLES) for p in players}
    return {
        "antes": antes,
        "boodle": boodle,
        "cards": cards,
        "net": {p: boodle[p] + cards[p] - antes[p] for p in players},
        "carried": {str(c): on_card[c] for c in BOODLES if c not in played},
        "winner": out,
    }


def _explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    players, dealer, out, _, played, left = _read(inputs)
    result = settle(inputs, rules)
    lines = ["antes: " + ", ".join(f"{p} {n}" + (" (dealer)" if p == dealer else "") for p, n in result["antes"].items())]
    for card, who in played.items():
        lines.append(f"{who} plays {card} and takes its chips")
    for p in players:
        if result["boodle"][p]:
            lines.append(f"{p} takes {result['boodle'][p]} from the layout")
    lines.append(f"{out} goes out and collects {result['cards'][out]} for "
                 f"{sum(left.values())} card{'s' if sum(left.values()) != 1 else ''} left")
    lines.append("net: " + ", ".join(f"{p} {v:+}" for p, v in result["net"].items()))
    if result["carried"]:
        lines.append("left on the layout: " + ", ".join(f"{c} {n}" for c, n in result["carried"].items()))
    return lines


def _summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    _, _, out, _, played, _ = _read(inputs)
    result = settle(inputs, rules)
    takers = [f"{p} {n}" for p, n in result["boodle"].items() if n]
    first = f"{out} goes out and collects {result['cards'][out]} for the cards left"
    first += f"; from the layout: {said_list(takers)}." if takers else "; nobody takes a boodle."
    net = "Net: " + ", ".join(f"{p} {v:+}" for p, v in result["net"].items()) + "."
    return [first, net]


GAMES = [
    GameSpec(
        name="michigan",
        title="Michigan (boodle, stops): the chips of a hand",
        inputs={
            "players": "the players in seat order, 3 to 8",
            "dealer": "the player who dealt (two chips on each boodle card)",
            "out": "the player who ran out of cards first",
            "played": "optional: who played each boodle card this hand, e.g. {A♥: Ann, J♠: Cy}",
            "left": "the cards left in each other player's hand, e.g. {Bob: 3, Cy: 0}",
            "layout": "optional: chips left on boodle cards from earlier hands, e.g. {K♣: 5}",
        },
        quantities=(
            Quantity("antes", "mapping", "the chips each player put on the layout before the deal"),
            Quantity("boodle", "mapping", "the chips each player takes from the boodle cards they played"),
            Quantity("cards", "mapping", "the payment for cards left: plus for the player out, minus for the others"),
            Quantity("net", "mapping", "each player's gain or loss on the hand"),
            Quantity("carried", "mapping", "the chips left on each boodle card nobody played, for the next hand",
                     partial=True),
            Quantity("winner", "str", "the player who went out"),
        ),
        compute=lambda inputs, rules: settle(inputs, rules),
        rules=MichiganRules,
        required=("players", "dealer", "out"),
        explain=_explain,
        summary=_summary,
    ),
]
