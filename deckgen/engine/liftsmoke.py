"""Lift smoke: who is left holding cards, and so takes the pot, from the winners of the tricks.

As the gaming dictionary reprinted at pokerwiner.com gives it (*Lift Smoke*): four to six players
each ante to a pot and are dealt as many cards as there are players; the rest of the pack is the
stock. Each trick's winner draws the top card of the stock (while it lasts) and leads the next. A
player whose cards run out drops out of the deal; the last player left with cards takes the pot.
The source adds that when the last players' cards run out on the same trick, that trick's winner
takes the pot; with four to six players that cannot happen, since the winner of a trick draws a
card and the stock (16 cards at least) outlasts every deal, so the engine needs no rule for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, every_player, said_list

__all__ = ["GAMES", "play_tricks"]

FEWEST, MOST = 4, 6
PACK = 52


def _read(inputs: Mapping[str, Any]) -> tuple[list[str], list[str], int]:
    given = inputs.get("players")
    if not isinstance(given, list) or not FEWEST <= len(given) <= MOST or len({str(n) for n in given}) != len(given):
        raise ExampleError(f"players: expected {FEWEST} to {MOST} different players, from the dealer's left, "
                           "e.g. [Ann, Bob, Cy, Dee]", "players")
    players = [str(n) for n in given]
    raw = inputs.get("tricks") or []
    if not isinstance(raw, list):
        raise ExampleError("tricks: expected the winner of each trick in order, e.g. [Ann, Bob, Ann]", "tricks")
    tricks = [str(n) for n in raw]
    ante = inputs.get("ante", 1)
    if isinstance(ante, bool) or not isinstance(ante, int) or ante < 0:
        raise ExampleError(f"ante: expected the chips each player put in the pot, got {ante!r}", "ante")
    return players, tricks, ante


def play_tricks(inputs: Mapping[str, Any]) -> dict[str, Any]:
    """Follow the tricks: the cards each player holds, who drops out when, and who takes the pot.

    >>> r = play_tricks({"players": ["Ann", "Bob", "Cy", "Dee"], "tricks": ["Ann"] * 4})
    >>> r["cards"], r["stock"], r["still_in"]
    ({'Ann': 4, 'Bob': 0, 'Cy': 0, 'Dee': 0}, 32, ['Ann'])
    """
    players, tricks, ante = _read(inputs)
    cards = {p: len(players) for p in players}
    stock = PACK - len(players) ** 2
    active = list(players)
    dropped: list[str] = []
    winner = NOBODY
    for n, taker in enumerate(tricks, start=1):
        field = f"tricks.{n}"
        if winner or len(active) < 2:
            raise ExampleError(f"{field}: the deal is over before trick {n}; list only the tricks played", field)
        if taker not in active:
            why = "has no cards left" if taker in players else "is not one of the players"
            raise ExampleError(f"{field}: '{taker}' {why} ({said_list(active)} still play)", field)
        for p in active:
            cards[p] -= 1
        if stock:
            cards[taker] += 1
            stock -= 1
        out = [p for p in active if cards[p] == 0]
        dropped += out
        active = [p for p in active if cards[p] > 0]
        if len(active) == 1:
            winner = active[0]
    payouts = {p: (ante * (len(players) - 1) if p == winner else -ante) for p in players} if winner else {}
    return {
        "cards": cards,
        "stock": stock,
        "dropped": dropped,
        "still_in": active,
        "winner": winner,
        "payouts": every_player(players, payouts),
    }


def _explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    players, tricks, _ = _read(inputs)
    result = play_tricks(inputs)
    lines = [f"{len(players)} cards each, {PACK - len(players) ** 2} in the stock; {len(tricks)} tricks played"]
    if result["dropped"]:
        lines.append("out of cards, in order: " + ", ".join(result["dropped"]))
    lines.append("cards left: " + ", ".join(f"{p} {n}" for p, n in result["cards"].items()))
    lines.append(f"{result['winner']} takes the pot" if result["winner"] else f"still playing: {said_list(result['still_in'])}")
    return lines


def _summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    result = play_tricks(inputs)
    if not result["winner"]:
        return [f"{said_list(result['still_in'])} still hold cards; the stock has {result['stock']}."]
    return [f"{result['winner']} is the last with cards and takes the pot."]


GAMES = [
    GameSpec(
        name="lift-smoke",
        title="Lift smoke: who takes the pot",
        inputs={
            "players": "the players from the dealer's left, 4 to 6",
            "tricks": "the winner of each trick in order, e.g. [Ann, Bob, Ann]",
            "ante": "optional: the chips each player put in the pot (default 1)",
        },
        quantities=(
            Quantity("cards", "mapping", "the cards each player holds after the tricks"),
            Quantity("stock", "int", "the cards left in the stock"),
            Quantity("dropped", "list", "the players who ran out of cards, in the order they dropped out"),
            Quantity("still_in", "set", "the players who still hold cards"),
            Quantity("winner", "str", "the player who takes the pot, or nobody (\"\") while the deal goes on"),
            Quantity("payouts", "mapping", "the pot to its winner and each ante lost, once the deal is over"),
        ),
        compute=lambda inputs, rules: play_tricks(inputs),
        required=("players", "tricks"),
        explain=_explain,
        summary=_summary,
    ),
]
