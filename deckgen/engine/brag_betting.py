"""Three-card brag betting: open and blind bets, seeing (a tie goes against the seer), covering the pot.

Betting goes round the table until two players are left. A blind player (one
who has not looked) bets at half price, and the open player after a blind bet
must put in twice it. With two left, one may *see* the other by paying double
the going bet; the seer must hold the better hand to win, so a tie goes
against the seer; and nobody may see a blind player, unless blind as well. A
player out of money *covers* the pot: later bets go to a side pot, whose
winner then meets the covering hand for the main pot.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from deckgen.cards import Card
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, every_player, read_cards, rule, said_list, unique_cards
from deckgen.engine.brag import BragRules, brag_key

_ACTION = re.compile(r"^\s*(?P<who>.+?)\s+(?P<verb>bets?|folds?|looks?|sees?|covers?)(?:\s+(?P<amount>\d+))?\s*$", re.IGNORECASE)


@dataclass
class BragHand:
    """The state of a hand of brag as the actions are applied."""

    players: list[str]
    blind: set[str]
    paid: dict[str, int]
    going: int = 0  # the least an open player must bet now
    folded: set[str] = field(default_factory=set)
    covering: str = ""
    main_pot: int = 0  # fixed when a player covers
    seer: str = ""
    seen: str = ""
    problems: list[str] = field(default_factory=list)

    def live(self) -> list[str]:
        return [p for p in self.players if p not in self.folded and p != self.covering]


def _read_actions(raw: Any) -> list[tuple[str, str, int | None, str]]:
    if not isinstance(raw, list) or not raw:
        raise ExampleError("actions: expected a list such as ['Ann bet 10', 'Bob bet 5', 'Cy fold', 'Ann see']", "actions")
    out = []
    for text in raw:
        m = _ACTION.match(str(text))
        if not m:
            raise ExampleError(f"actions: '{text}' is not an action: '<player> bet N', 'fold', 'look', 'see' or 'cover'", "actions")
        verb = m["verb"].lower().rstrip("s")
        amount = int(m["amount"]) if m["amount"] else None
        if verb == "bet" and amount is None:
            raise ExampleError(f"actions: '{text}' needs an amount", "actions")
        out.append((m["who"].strip(), verb, amount, str(text).strip()))
    return out


def play(players: Sequence[str], blind: Sequence[str], actions: Sequence[tuple[str, str, int | None, str]],
         ante: int) -> BragHand:
    """Apply the actions in order, noting each one the rules forbid (it is still applied as written)."""
    hand = BragHand(list(players), set(blind), {p: ante for p in players})
    for who, verb, amount, text in actions:
        if who not in hand.paid:
            raise ExampleError(f"actions: '{who}' is not one of the players ({', '.join(players)})", "actions")
        if hand.seer:
            hand.problems.append(f"{text}: the hand ended with the see")
            continue
        if who in hand.folded or who == hand.covering:
            hand.problems.append(f"{text}: {who} is out of the betting")
            continue
        is_blind = who in hand.blind
        if verb == "look":
            hand.blind.discard(who)
        elif verb == "fold":
            hand.folded.add(who)
        elif verb == "cover":
            if hand.covering:
                hand.problems.append(f"{text}: the pot is already covered")
            hand.covering = who
            hand.main_pot = sum(hand.paid.values())
        elif verb == "bet":
            assert amount is not None
            least = (hand.going + 1) // 2 if is_blind else hand.going
            if amount < least:
                hand.problems.append(f"{text}: the least {who} may bet is {least}")
            hand.paid[who] += amount
            hand.going = max(hand.going, amount * 2 if is_blind else amount)
        else:  # see
            live = hand.live()
            others = [p for p in live if p != who]
            if len(live) != 2:
                hand.problems.append(f"{text}: a see needs exactly two players left, not {len(live)}")
            elif others[0] in hand.blind and not is_blind:
                hand.problems.append(f"{text}: nobody may see a blind player ({others[0]}) unless blind too")
            price = hand.going if is_blind else 2 * hand.going
            hand.paid[who] += price
            hand.seer, hand.seen = who, others[0] if others else ""
    return hand


def _ranking(house: BragBettingRules) -> BragRules:
    """The brag ranking these rules play: where the threes and A-2-3 stand."""
    return BragRules(brag_threes_top=house.brag_threes_top, brag_a23=house.brag_a23)


def settle(hand: BragHand, cards: Mapping[str, list[Card]], rules: BragBettingRules | Mapping[str, Any] | None = None) -> tuple[dict[str, int], str]:
    """Who takes what, and the winner of the (side) pot. Needs the hands of those who show."""
    house = BragBettingRules.of(rules)
    total = sum(hand.paid.values())
    live = hand.live()
    ranking = _ranking(house)

    def key(name: str) -> tuple[int, ...]:
        if name not in cards:
            raise ExampleError(f"hands: {name} shows, so give {name}'s three cards", "hands")
        return brag_key(cards[name], ranking)

    if hand.seer:
        # the seer must be strictly better: a tie goes to the player who was seen
        winner = hand.seer if key(hand.seer) > key(hand.seen) else hand.seen
    elif len(live) == 1:
        winner = live[0]
    else:
        return {}, ""
    if not hand.covering:
        return {winner: total}, winner
    side = total - hand.main_pot
    main_winner = winner if key(winner) >= key(hand.covering) else hand.covering
    payouts = {winner: side}
    payouts[main_winner] = payouts.get(main_winner, 0) + hand.main_pot
    return payouts, winner


def _inputs(inputs: Mapping[str, Any], rules: BragBettingRules | Mapping[str, Any]) -> tuple[BragHand, dict[str, list[Card]]]:
    house = BragBettingRules.of(rules)
    players = inputs.get("players")
    if not isinstance(players, list) or len(players) < 2 or len(set(map(str, players))) != len(players):
        raise ExampleError("players: expected two or more names, clockwise from the dealer's left", "players")
    names = [str(p) for p in players]
    blind = inputs.get("blind") or []
    if not isinstance(blind, list) or any(str(b) not in names for b in blind):
        raise ExampleError("blind: expected a list of the players who play blind", "blind")
    raw_hands = inputs.get("hands") or {}
    if not isinstance(raw_hands, Mapping):
        raise ExampleError("hands: expected {name: three cards}", "hands")
    cards = {str(n): read_cards(v, f"hands.{n}") for n, v in raw_hands.items()}
    for n, cs in cards.items():
        if len(cs) != 3:
            raise ExampleError(f"hands: {n} needs three cards, got {len(cs)}", "hands")
    unique_cards([c for cs in cards.values() for c in cs], where="hands")
    hand = play(names, [str(b) for b in blind], _read_actions(inputs.get("actions")), house.ante)
    return hand, cards


def compute(inputs: Mapping[str, Any], rules: BragBettingRules | Mapping[str, Any]) -> dict[str, Any]:
    hand, cards = _inputs(inputs, rules)
    payouts, winner = settle(hand, cards, rules)
    return {
        "contributions": dict(hand.paid),
        "pot": sum(hand.paid.values()),
        "winner": winner,
        "payouts": every_player(hand.paid, payouts),
        "legal": not hand.problems,
        "problems": list(hand.problems),
    }


def explain(inputs: Mapping[str, Any], rules: BragBettingRules | Mapping[str, Any]) -> list[str]:
    house = BragBettingRules.of(rules)
    hand, cards = _inputs(inputs, house)
    payouts, winner = settle(hand, cards, house)
    lines = ["In the pot: " + ", ".join(f"{p} {v}" for p, v in hand.paid.items()) + f"; {sum(hand.paid.values())} in all"]
    if hand.seer:
        ranking = _ranking(house)
        tie = brag_key(cards[hand.seer], ranking) == brag_key(cards[hand.seen], ranking)
        verdict = "wins" if winner == hand.seer else ("loses: a tie goes against the seer" if tie else "loses")
        lines.append(f"{hand.seer} sees {hand.seen} and {verdict}")
    if hand.covering and winner:
        lines.append(f"{hand.covering} covered the pot at {hand.main_pot}; {winner} wins the side pot and meets the covering hand")
    if payouts:
        lines[0] += "; paid out: " + ", ".join(f"{p} {v}" for p, v in payouts.items())
    lines += [f"Not allowed: {p}" for p in hand.problems]
    return lines


def summary(inputs: Mapping[str, Any], rules: BragBettingRules | Mapping[str, Any]) -> list[str]:
    """The see and who takes what, in one sentence; a rule broken in a second."""
    house = BragBettingRules.of(rules)
    hand, cards = _inputs(inputs, house)
    payouts, winner = settle(hand, cards, house)
    said = []
    if hand.seer:
        ranking = _ranking(house)
        tie = brag_key(cards[hand.seer], ranking) == brag_key(cards[hand.seen], ranking)
        said.append(f"{hand.seer} sees {hand.seen} and " + ("wins" if winner == hand.seer else "loses, a tie going against the seer" if tie else "loses"))
    if hand.covering and winner:
        said.append(f"{hand.covering} covered the pot at {hand.main_pot}, so {winner} wins the side pot and meets the covering hand")
    pot = sum(hand.paid.values())
    takers = [(p, v) for p, v in payouts.items() if v]
    if len(takers) == 1:
        said.append(f"{takers[0][0]} takes the pot of {pot}")
    elif takers:
        said.append(f"the pot of {pot} is paid out {said_list([f'{p} {v}' for p, v in takers])}")
    else:
        said.append(f"the pot holds {pot}")
    sentence = "; ".join(said)
    out = [sentence[:1].upper() + sentence[1:] + "."]
    if hand.problems:
        out.append("Against the rules: " + "; ".join(hand.problems) + ".")
    return out


@dataclass(frozen=True)
class BragBettingRules(Rules):
    """The ante and how three-card hands rank in the see."""

    game: ClassVar[str] = "brag-betting"
    ante: int = rule(1, "Ante", "What every player puts in before the deal.", minimum=0)
    brag_threes_top: bool = rule(
        True, "Three threes top", "A prial of threes is the best hand (false: threes rank as usual).",
        phrases=("three threes top", "three threes below the aces"),
    )
    brag_a23: str = rule(
        "top",
        "A-2-3 among runs",
        "Where A-2-3 ranks among runs: top (above A-K-Q), second (below A-K-Q) or low.",
        choices={"top": "the best run", "second": "second to A-K-Q", "low": "the lowest run"},
    )


SPEC = GameSpec(
    name="brag-betting",
    title="Brag: betting, blind play, the see and covering the pot",
    inputs={
        "players": "names clockwise from the dealer's left",
        "blind": "the players who play blind from the start (optional)",
        "actions": "in order: 'Ann bet 10', 'Bob fold', 'Cy look', 'Ann see', 'Dee cover'",
        "hands": "the three cards of each player who shows, {name: cards}",
    },
    quantities=(
        Quantity("contributions", "mapping", "what each player put in, ante included"),
        Quantity("pot", "int", "everything in the pot"),
        Quantity("winner", "str", "who wins the betting: the last player left, or the see's winner"),
        Quantity("payouts", "mapping", "who takes what (the main and side pots when the pot was covered)"),
        Quantity("legal", "bool", "true when no action breaks the rules"),
        Quantity("problems", "list", "each action the rules forbid, and why"),
    ),
    compute=compute,
    rules=BragBettingRules,
    required=("players", "actions"),
    explain=explain,
    summary=summary,
    card_inputs=("hands",),
)

GAMES = [SPEC]

__all__ = ["BragHand", "play", "settle", "SPEC", "GAMES"]
