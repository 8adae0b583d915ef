"""Home-game poker rules the plain showdown does not cover: the bug, High Spade in the Hole,
Two-Card Guts with a bump, and who bets first in stud.

The bug is a joker with limited powers: it counts as an ace, or as any card
that completes a straight, a flush or a straight flush, and nothing else (so
a bug and a pair of kings is a pair of kings with an ace, not three kings).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit, format_cards
from deckgen.engine import poker_rank as pr
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, every_player, read_cards, rule, said_list, unique_cards
from deckgen.engine.poker import POKER_TERMS, evaluate, split_pot
from deckgen.engine.tally import chips_field, hands_field

ALL_CARDS = tuple(Card(Rank(r), s) for r in range(2, 15) for s in Suit)
_BUG_CATEGORIES = (pr.STRAIGHT, pr.FLUSH, pr.STRAIGHT_FLUSH)


# ------------------------------------------------------------------ the bug


def bug_key5(cards: Sequence[Card]) -> tuple[int, ...]:
    """The key of five cards holding at most one joker played as the bug."""
    naturals = [c for c in cards if not c.is_joker]
    if len(naturals) == len(cards):
        return pr.key5([int(c.rank) for c in naturals if c.rank is not None], len({c.suit for c in naturals}) == 1)
    if len(naturals) != len(cards) - 1:
        raise ExampleError("hand: the bug rule counts one joker in a five-card hand", "hand")
    best: tuple[int, ...] = ()
    for stand_in in ALL_CARDS:
        if stand_in in naturals and stand_in.rank != Rank.ACE:
            continue
        five = naturals + [stand_in]
        key = pr.key5([int(c.rank) for c in five if c.rank is not None], len({c.suit for c in five}) == 1)
        if stand_in in naturals and key[0] in (pr.FLUSH, pr.STRAIGHT_FLUSH):
            continue  # a second ace of the same suit makes no flush
        # as an ace it counts for anything (five aces included); otherwise only for straights and flushes
        if stand_in.rank == Rank.ACE or key[0] in _BUG_CATEGORIES:
            best = max(best, key)
    return best


def bug_best(cards: Sequence[Card]) -> tuple[tuple[int, ...], tuple[Card, ...]]:
    """The best five of five to seven cards with the bug, and the five cards used."""
    if not 5 <= len(cards) <= 7:
        raise ExampleError(f"hand: expected five to seven cards, got {len(cards)}", "hand")
    return max(((bug_key5(five), five) for five in combinations(cards, 5)), key=lambda kc: kc[0])


def _bug_hands(inputs: Mapping[str, Any]) -> dict[str, list[Card]]:
    if "hand" in inputs:
        hands = {"hand": read_cards(inputs["hand"], "hand")}
    else:
        hands = hands_field(inputs, "hands")
    every = [c for cs in hands.values() for c in cs]
    if sum(1 for c in every if c.is_joker) > 1:
        raise ExampleError("hands: there is one bug (joker) in the pack", "hands")
    unique_cards(every, where="hands")
    return hands


def compute_bug(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    hands = _bug_hands(inputs)
    keys = {name: bug_best(cs) for name, cs in hands.items()}
    top = max(k for k, _ in keys.values())
    first = next(iter(keys.values()))
    return {
        "category": pr.CATEGORY_NAMES[first[0][0]],
        "name": pr.name5(first[0]),
        "best": list(first[1]),
        "categories": {n: pr.CATEGORY_NAMES[k[0]] for n, (k, _) in keys.items()},
        "winners": [n for n, (k, _) in keys.items() if k == top],
    }


def explain_bug(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    hands = _bug_hands(inputs)
    lines = []
    for name, cards in hands.items():
        key, five = bug_best(cards)
        who = "The hand" if name == "hand" else name
        lines.append(f"{who}: {format_cards(five)} is {pr.name5(key)}")
    if len(hands) > 1:
        lines.append("Best: " + said_list(compute_bug(inputs, rules)["winners"]))
    return lines


def summary_bug(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """What each hand makes with the bug, and which is best, in one sentence."""
    hands = _bug_hands(inputs)
    made = []
    for name, cards in hands.items():
        key, five = bug_best(cards)
        hand = pr.name5(key)
        hand = hand[:1].lower() + hand[1:] if hand[1:2].islower() else hand
        hand = ("a " if hand.startswith(("straight", "flush", "full house", "royal")) else "") + hand
        made.append(f"{'the hand' if name == 'hand' else name} makes {hand} ({format_cards(five)})")
    sentence = "; ".join(made)
    if len(hands) > 1:
        sentence += f": {said_list(compute_bug(inputs, rules)['winners'])} has the best hand"
    return [sentence[:1].upper() + sentence[1:] + "."]


BUG = GameSpec(
    name="poker-bug",
    title="Poker with the bug (a joker as an ace, or to fill a straight or flush)",
    inputs={
        "hand": "one hand of five to seven cards, one of which may be the joker (Jk)",
        "hands": "several hands, {name: cards}, one joker among them at most",
    },
    quantities=(
        Quantity("category", "str", "the category of the (first) hand"),
        Quantity("name", "str", "what a player says for the (first) hand"),
        Quantity("best", "cards", "the five cards of the (first) hand, the joker as dealt"),
        Quantity("categories", "mapping", "each hand's category"),
        Quantity("winners", "set", "the best hand(s)"),
    ),
    compute=compute_bug,
    explain=explain_bug,
    summary=summary_bug,
    terms=POKER_TERMS,
    card_inputs=("hand", "hands"),
)


# ------------------------------------------------------------------ High Spade in the Hole


def _spade_rank(card: Card) -> int:
    return int(card.rank) if card.rank is not None and card.suit == Suit.SPADES else 0


def _stud_hands(inputs: Mapping[str, Any]) -> tuple[dict[str, list[Card]], dict[str, list[Card]]]:
    down = hands_field(inputs, "down", "three face-down cards")
    up = hands_field(inputs, "up", "four face-up cards")
    if list(down) != list(up):
        raise ExampleError("down/up: give the same players, in the same order, in both", "down")
    for name in down:
        if len(down[name]) != 3 or len(up[name]) != 4:
            raise ExampleError(f"down/up: {name} needs 3 cards down and 4 up, got {len(down[name])} and {len(up[name])}", "down")
    unique_cards([c for cs in [*down.values(), *up.values()] for c in cs], where="down and up")
    return down, up


def compute_spade(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    down, up = _stud_hands(inputs)
    hands = {n: evaluate(down[n] + up[n], "stud", who=f"down.{n}") for n in down}
    keys = {n: h.key for n, h in hands.items()}
    top = max(keys.values())
    high = [n for n, k in keys.items() if k == top]
    spades = {n: max(_spade_rank(c) for c in cs) for n, cs in down.items()}
    best_spade = max(spades.values())
    spade = next((n for n, s in spades.items() if s == best_spade), None) if best_spade else None
    pot = chips_field(inputs, "pot")
    seats = list(down)
    if spade is None:
        payouts = split_pot(pot, high, seats)
    else:
        spade_half = pot // 2  # the odd chip goes to the high hand
        payouts = split_pot(pot - spade_half, high, seats)
        payouts[spade] = payouts.get(spade, 0) + spade_half
    return {
        "high_winners": high,
        "spade_winner": spade or "",
        "payouts": every_player(seats, payouts),
        "categories": {n: h.category for n, h in hands.items()},
        "names": {n: h.name for n, h in hands.items()},
    }


def explain_spade(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    down, up = _stud_hands(inputs)
    r = compute_spade(inputs, rules)
    lines = [f"Best hand: {' and '.join(r['high_winners'])}"]
    if r["spade_winner"]:
        card = max((c for c in down[r["spade_winner"]] if c.suit == Suit.SPADES), key=_spade_rank)
        lines.append(f"Highest spade in the hole: {card}, {r['spade_winner']}'s")
    else:
        lines.append("Nobody holds a spade face down: the best hand takes the whole pot")
    if r["payouts"]:
        lines.append("Pot shared: " + ", ".join(f"{n} {v}" for n, v in r["payouts"].items() if v))
    return lines


def summary_spade(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """Who has the best hand, who the highest spade in the hole, and how the pot is shared."""
    down, up = _stud_hands(inputs)
    r = compute_spade(inputs, rules)
    first = f"{said_list(r['high_winners'])} {'has' if len(r['high_winners']) == 1 else 'share'} the best hand"
    if r["spade_winner"]:
        card = max((c for c in down[r["spade_winner"]] if c.suit == Suit.SPADES), key=_spade_rank)
        first += f" and {r['spade_winner']} the highest spade in the hole, the {card}"
    else:
        first += "; nobody holds a spade face down, so the best hand takes the whole pot"
    paid = said_list([f"{n} {v}" for n, v in r["payouts"].items() if v])
    return [first + (f": the pot goes {paid}." if paid else ".")]


HIGH_SPADE = GameSpec(
    name="high-spade",
    title="High Spade in the Hole (seven-card stud, split pot)",
    inputs={
        "down": "each player's three face-down cards, {name: cards}, clockwise",
        "up": "each player's four face-up cards, {name: cards}",
        "pot": "the pot to share (optional)",
    },
    quantities=(
        Quantity("high_winners", "set", "the best five-card hand(s) of seven"),
        Quantity("spade_winner", "str", "who holds the highest spade face down (empty if nobody does)"),
        Quantity("payouts", "mapping", "the pot shared: half to the best hand (with the odd chip), half to the high spade"),
        Quantity("categories", "mapping", "each player's category, best five of seven"),
        Quantity("names", "mapping", "each player's best five of seven as a player names it"),
    ),
    compute=compute_spade,
    required=("down", "up"),
    explain=explain_spade,
    summary=summary_spade,
    terms=POKER_TERMS,
    card_inputs=("down", "up"),
)


# ------------------------------------------------------------------ Two-Card Guts with a bump


@dataclass(frozen=True)
class GutsRules(Rules):
    """Wild cards, the ante and what a loser pays in Two-Card Guts with a bump."""

    game: ClassVar[str] = "guts-bump"
    wild: str = rule("3", "Wild cards", "Which rank is wild (the house game plays threes wild; write 'none' for no wild cards).")
    penalty: int = rule(100, "Penalty for losing", "What each player who stayed in and lost pays into the next pot.", minimum=0)


def _guts_key(cards: list[Card], rules: GutsRules | Mapping[str, Any]) -> tuple[int, ...]:
    house = GutsRules.of(rules)
    wild = str(house.wild).strip()
    return evaluate(cards, "three-card", wild=[] if wild.lower() in ("", "none") else [wild]).key


def compute_guts(inputs: Mapping[str, Any], rules: GutsRules | Mapping[str, Any]) -> dict[str, Any]:
    house = GutsRules.of(rules)
    hands = hands_field(inputs, "hands", "two cards and the bump card") if inputs.get("hands") else {}
    blind = read_cards(inputs.get("blind"), "blind")
    for name, cs in [*hands.items(), ("blind", blind)]:
        if len(cs) != 3:
            raise ExampleError(f"{name}: expected two cards and the bump card (3), got {len(cs)}", name)
    unique_cards([c for cs in hands.values() for c in cs] + blind, where="hands and blind")
    pot = chips_field(inputs, "pot")
    penalty = house.penalty
    keys = {n: _guts_key(cs, house) for n, cs in hands.items()}
    blind_key = _guts_key(blind, house)
    top = max([*keys.values(), blind_key])
    best = [n for n, k in keys.items() if k == top]
    winner = best[0] if len(best) == 1 and keys[best[0]] > blind_key else ""
    pays = {n: (0 if n == winner else penalty) for n in hands}
    return {
        "winner": winner,
        "wins": pot if winner else 0,
        "pays": pays,
        "next_pot": sum(pays.values()) + (0 if winner else pot),
        "game_over": bool(winner) and not any(pays.values()),
    }


def explain_guts(inputs: Mapping[str, Any], rules: GutsRules | Mapping[str, Any]) -> list[str]:
    house = GutsRules.of(rules)
    r = compute_guts(inputs, house)
    if not inputs.get("hands"):
        return [f"Nobody stays in: the pot of {r['next_pot']} waits for the next deal, with a new ante from everyone"]
    lines = [f"{r['winner']} beats the others and the blind hand and takes {r['wins']}" if r["winner"]
             else "No player beats everyone and the blind hand alone: nobody takes the pot"]
    losers = [n for n, v in r["pays"].items() if v]
    if losers:
        pay = f"pays {house.penalty}" if len(losers) == 1 else f"pay {house.penalty} each"
        lines.append(f"{said_list(losers)} {pay}; the next pot is {r['next_pot']}")
    if r["game_over"]:
        lines.append("Only the winner stayed in: the game is over")
    return lines


def hand_said(name: str) -> str:
    """A hand's name as said after a player's name ("Ann’s pair of kings"): "three sevens", "ace high".

    >>> hand_said("Pair of kings"), hand_said("Three of a kind, sevens"), hand_said("High card, ace")
    ('pair of kings', 'three sevens', 'ace high')
    >>> hand_said("One pair, fours"), hand_said("Straight, nine high")
    ('pair of fours', 'straight, nine high')
    """
    head, _, rest = name.partition(", ")
    if head == "High card" and rest:
        return f"{rest} high"
    if head == "One pair" and rest:
        return f"pair of {rest}"
    if head == "Three of a kind" and rest:
        return f"three {rest}"
    if head == "Four of a kind" and rest:
        return f"four {rest}"
    return name[:1].lower() + name[1:]


def summary_guts(inputs: Mapping[str, Any], rules: GutsRules | Mapping[str, Any]) -> list[str]:
    """Who beats whom (the blind hand too), who takes the pot, and what the others pay into the next."""
    house = GutsRules.of(rules)
    r = compute_guts(inputs, house)
    if not inputs.get("hands"):
        return [f"Nobody stays in: the pot of {r['next_pot']} waits for the next deal, and everyone antes again."]
    hands = hands_field(inputs, "hands", "two cards and the bump card")
    blind = read_cards(inputs.get("blind"), "blind")
    wild = str(house.wild).strip()
    wilds = [] if wild.lower() in ("", "none") else [wild]
    shown = {**hands, "the blind hand": blind}
    made = {n: evaluate(cs, "three-card", wild=wilds) for n, cs in shown.items()}
    order = sorted(made, key=lambda n: made[n].key, reverse=True)
    said = {n: f"{n}’s {hand_said(made[n].name)}" for n in order}
    losers = [n for n, v in r["pays"].items() if v]
    if r["winner"]:
        first = f"{said[order[0]]} beats {said_list([said[n] for n in order[1:]])}: {r['winner']} takes the pot of {r['wins']}."
    else:
        best = [n for n in order if made[n].key == made[order[0]].key]
        if len(best) > 1:
            top = f"{said_list(best)} tie with the same {hand_said(made[best[0]].name)}"
        else:
            top = f"{said[order[0]]} is best"
        first = f"{top[:1].upper() + top[1:]}: nobody takes the pot of {r['wins'] or chips_field(inputs, 'pot')}."
    if r["game_over"]:
        return [first, f"{r['winner']} stayed in alone and beat the blind hand: the game is over."]
    if losers:
        pay = f"pays {house.penalty}" if len(losers) == 1 else f"pay {house.penalty} each"
        if r["winner"]:
            return [first, f"{said_list(losers)} {pay} into the next pot, which holds {r['next_pot']}."]
        kept = r["next_pot"] - sum(r["pays"].values())
        return [first, f"{said_list(losers)} {pay}; with the {kept} that stays, the next pot holds {r['next_pot']}."]
    return [first]


GUTS = GameSpec(
    name="guts-bump",
    title="Two-Card Guts with a bump",
    inputs={
        "hands": "the players who stayed in: two cards and their bump card each, {name: cards}",
        "blind": "the blind hand's two cards and its bump card",
        "pot": "the pot before the showdown (optional)",
    },
    quantities=(
        Quantity("winner", "str", "the player who beats every other hand and the blind hand (empty if none)"),
        Quantity("wins", "int", "what the winner takes: the pot"),
        Quantity("pays", "mapping", "what each player who stayed in pays into the next pot"),
        Quantity("next_pot", "int", "the pot for the next deal"),
        Quantity("game_over", "bool", "true when a player stayed in alone and beat the blind hand"),
    ),
    compute=compute_guts,
    rules=GutsRules,
    required=("blind",),
    explain=explain_guts,
    summary=summary_guts,
    card_inputs=("hands", "blind"),
)


# ------------------------------------------------------------------ who bets first in stud


@dataclass(frozen=True)
class StudRules(Rules):
    """Who opens the betting in stud."""

    game: ClassVar[str] = "stud-first"
    first_round: str = rule(
        "high",
        "Who opens the first round",
        "high: the best hand showing opens every round (home games); low: the lowest card showing "
        "brings it in on the first round (casinos; suits from clubs up to spades break ties).",
        choices={"high": "the best hand showing", "low": "the lowest card showing (bring-in)"},
    )


_SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def showing_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """How face-up cards rank for opening: pairs, two pairs, trips and quads, then high cards;
    incomplete straights and flushes count for nothing."""
    ranks = [int(c.rank) for c in cards if c.rank is not None]
    return pr.key5(ranks, False) if len(ranks) < 5 else pr.key5(ranks[:4], False)


def first_to_bet(showing: Mapping[str, list[Card]], round_number: int, rules: StudRules | Mapping[str, Any] | None = None) -> str:
    """The player who opens: ties go to the first of them clockwise from the dealer's left."""
    house = StudRules.of(rules)
    how = str(house.first_round).strip().lower()
    if how not in ("high", "low"):
        raise ExampleError(f"rules.first_round: expected high or low, got {house.first_round!r}", "rules.first_round")
    if how == "low" and round_number == 1:
        def low(name: str) -> tuple[int, int]:
            card = showing[name][-1]
            assert card.rank is not None and card.suit is not None
            return (int(card.rank), _SUIT_ORDER.index(card.suit))

        return min(showing, key=low)
    best = max(showing_key(cs) for cs in showing.values())
    return next(n for n, cs in showing.items() if showing_key(cs) == best)


def compute_stud(inputs: Mapping[str, Any], rules: StudRules | Mapping[str, Any]) -> dict[str, Any]:
    showing = hands_field(inputs, "showing", "face-up cards")
    sizes = {len(cs) for cs in showing.values()}
    if len(sizes) != 1 or not 1 <= sizes.pop() <= 4:
        raise ExampleError("showing: every player still in shows the same number of cards, one to four", "showing")
    unique_cards([c for cs in showing.values() for c in cs], where="showing")
    round_number = len(next(iter(showing.values())))
    return {"first": first_to_bet(showing, round_number, rules)}


def explain_stud(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    showing = hands_field(inputs, "showing", "face-up cards")
    first = compute_stud(inputs, rules)["first"]
    return [f"{first} shows {format_cards(showing[first])} and bets first"]


def _showing_said(cards: Sequence[Card]) -> str:
    """Face-up cards as a player names them: "pair of fours", "ace-queen", "two pair, nines and fours"."""
    key = showing_key(cards)
    if key[0] == pr.HIGH_CARD:
        return "-".join(pr.rank_word(r) for r in key[1:])
    return hand_said(pr.name5(key))


def summary_stud(inputs: Mapping[str, Any], rules: StudRules | Mapping[str, Any]) -> list[str]:
    """Who opens and why: the best hand showing beats the others (a tie goes to the first clockwise),
    or on the first round at a bring-in table the lowest card showing."""
    house = StudRules.of(rules)
    showing = hands_field(inputs, "showing", "face-up cards")
    first = compute_stud(inputs, house)["first"]
    round_number = len(showing[first])
    if str(house.first_round).strip().lower() == "low" and round_number == 1:
        card = showing[first][0]
        tied = [n for n, cs in showing.items() if n != first and cs[0].rank == card.rank]
        why = f" (on a tie of ranks, clubs are lowest, then diamonds, hearts and spades)" if tied else ""
        return [f"{first}’s {card} is the lowest card showing{why}: {first} brings it in."]
    best = showing_key(showing[first])
    tied = [n for n, cs in showing.items() if showing_key(cs) == best]
    others = [n for n in sorted(showing, key=lambda n: showing_key(showing[n]), reverse=True) if n not in tied]
    if len(tied) > 1:
        return [
            f"{said_list(tied)} show the same {_showing_said(showing[first])}; {first}, the first of them "
            f"clockwise from the dealer’s left, bets first."
        ]
    said = [f"{n}’s {_showing_said(showing[n])}" for n in [first, *others]]
    if not others:
        return [f"{said[0]} is the only hand showing: {first} bets first."]
    return [f"{said[0]} beats {said_list(said[1:])}: {first} bets first."]


STUD_FIRST = GameSpec(
    name="stud-first",
    title="Stud: who bets first",
    inputs={"showing": "each active player's face-up cards, {name: cards}, clockwise from the dealer's left"},
    quantities=(Quantity("first", "str", "the player who opens this betting round"),),
    compute=compute_stud,
    rules=StudRules,
    required=("showing",),
    explain=explain_stud,
    summary=summary_stud,
    card_inputs=("showing",),
)

GAMES = [BUG, HIGH_SPADE, GUTS, STUD_FIRST]

__all__ = ["bug_key5", "bug_best", "first_to_bet", "showing_key", "BUG", "HIGH_SPADE", "GUTS", "STUD_FIRST", "GAMES"]
