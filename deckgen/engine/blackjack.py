"""Blackjack, casino style: hand totals, the dealer's drawing rule, and the settlement of a round.

Cards count their pips, courts 10, and an ace 1 or 11: a hand counting an ace as
11 without passing 21 is *soft*, any other *hard*. An ace and a ten-card as a
player's first two cards (not after a split) is a *blackjack*, or natural.

The bank (the dealer) plays last and has no choices: it draws to 16 and stands
on 17, and the house rule `soft_17` says whether it stands or draws on a soft
17. Each player's hand is then settled against the dealer's: a bust loses
whatever the dealer does, a natural is paid 3 to 2 (6 to 5 as a house rule)
unless the dealer has one too, a higher total wins even money, the same total
is a push. Doubling doubles the bet for exactly one more card; a pair may be
split into two hands, each with the original bet (split aces take one card
each); insurance, offered when the dealer shows an ace, is up to half the bet
and pays 2 to 1 when the dealer has blackjack.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, format_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Record, Rules, Table, TableDef, read_cards, rule, said_list, unique_cards
from deckgen.engine.table import Memo

__all__ = ["BLACKJACK", "BlackjackRules", "GAMES", "Hand", "dealer_must_draw", "hand_value", "settle"]

PAYS = {"3:2": Fraction(3, 2), "6:5": Fraction(6, 5)}
INSURANCE_PAYS = 2


@dataclass(frozen=True)
class BlackjackRules(Rules):
    """What a natural pays, the dealer's soft 17, and doubling after a split."""

    game: ClassVar[str] = "blackjack"
    blackjack_pays: str = rule(
        "3:2", "Blackjack pays",
        "What a player's natural wins: 3 to 2 in the traditional game, 6 to 5 at many single-deck tables.",
        choices={"3:2": "3 to 2", "6:5": "6 to 5"},
    )
    soft_17: str = rule(
        "stand", "Dealer's soft 17",
        "Whether the dealer stands on every 17 (the usual rule) or draws to a soft 17, as some casinos have it.",
        choices={"stand": "the dealer stands on soft 17", "hit": "the dealer draws to soft 17"},
    )
    double_after_split: bool = rule(
        True, "Double after a split",
        "Whether a hand made by splitting a pair may be doubled (most published tables allow it; some single-deck games do not).",
        phrases=("doubling after a split allowed", "no doubling after a split"),
    )


@dataclass(frozen=True)
class Hand:
    """One hand a player plays: its cards, its stake, and how it came about."""

    cards: tuple[Card, ...]
    bet: int
    doubled: bool = False
    split: bool = False


def hand_value(cards: list[Card] | tuple[Card, ...]) -> tuple[int, bool]:
    """The hand's total and whether it is soft (an ace counted as 11).

    >>> from deckgen.cards import parse_cards
    >>> hand_value(parse_cards("A♠ 6♥")), hand_value(parse_cards("A♠ 6♥ 10♦")), hand_value(parse_cards("A♠ A♥ 9♦"))
    ((17, True), (17, False), (21, True))
    """
    total = 0
    aces = 0
    for card in cards:
        assert card.rank is not None
        if card.rank == Rank.ACE:
            aces += 1
            total += 1
        else:
            total += min(int(card.rank), 10)
    if aces and total + 10 <= 21:
        return total + 10, True
    return total, False


def is_natural(cards: list[Card] | tuple[Card, ...]) -> bool:
    return len(cards) == 2 and hand_value(cards)[0] == 21


def dealer_must_draw(cards: list[Card] | tuple[Card, ...], rules: BlackjackRules | Mapping[str, Any]) -> bool:
    """Whether the dealer draws another card: below 17, or on a soft 17 under the house rule `soft_17: hit`.

    >>> from deckgen.cards import parse_cards
    >>> stand, hit = {"soft_17": "stand"}, {"soft_17": "hit"}
    >>> [dealer_must_draw(parse_cards(h), stand) for h in ("10♠ 6♥", "A♠ 6♥", "10♠ 7♥")]
    [True, False, False]
    >>> dealer_must_draw(parse_cards("A♠ 6♥"), hit), dealer_must_draw(parse_cards("A♠ 5♥ A♦"), hit)
    (True, True)
    """
    house = BlackjackRules.of(rules)
    total, soft = hand_value(cards)
    return total < 17 or (total == 17 and soft and house.soft_17 == "hit")


def _whole(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def settle(hand: Hand, dealer: list[Card], rules: BlackjackRules | Mapping[str, Any]) -> tuple[str, Fraction]:
    """One hand against the dealer's: its result (blackjack, win, push, lose, bust) and what the player wins (negative: loses)."""
    house = BlackjackRules.of(rules)
    stake = Fraction(hand.bet * (2 if hand.doubled else 1))
    total = hand_value(hand.cards)[0]
    dealer_total = hand_value(dealer)[0]
    natural = is_natural(hand.cards) and not hand.split
    dealer_natural = is_natural(dealer)
    if total > 21:
        return "bust", -stake
    if natural and dealer_natural:
        return "push", Fraction(0)
    if natural:
        return "blackjack", stake * PAYS[house.blackjack_pays]
    if dealer_natural:
        return "lose", -stake
    if dealer_total > 21 or total > dealer_total:
        return "win", stake
    if total == dealer_total:
        return "push", Fraction(0)
    return "lose", -stake


def _cards(value: Any, field: str) -> list[Card]:
    cards = read_cards(value, field)
    if any(c.is_joker for c in cards):
        raise ExampleError(f"{field}: blackjack is played without jokers", field)
    return cards


def _check_drawing(cards: list[Card], field: str) -> None:
    """A player stops drawing once bust."""
    for i in range(2, len(cards)):
        if hand_value(cards[:i])[0] > 21:
            raise ExampleError(f"{field}: {format_cards(cards[:i])} is already bust; no card is drawn after that", field)


def _bet(entry: Mapping[str, Any], field: str) -> int:
    bet = entry.get("bet")
    if isinstance(bet, bool) or not isinstance(bet, int) or bet < 1:
        raise ExampleError(f"{field}.bet: expected a whole number of chips (1 or more), got {bet!r}", f"{field}.bet")
    return bet


def _player(name: str, entry: Any, dealer: list[Card], rules: BlackjackRules | Mapping[str, Any]) -> tuple[list[Hand], int]:
    """A player's hands as played (one, or two after a split) and their insurance bet."""
    house = BlackjackRules.of(rules)
    field = f"players.{name}"
    if not isinstance(entry, Mapping):
        raise ExampleError(f"{field}: expected {{bet: 10, cards: 'A♠ K♦'}} (with split, double or insurance as played)", field)
    unknown = [k for k in entry if k not in ("bet", "cards", "split", "double", "insurance")]
    if unknown:
        raise ExampleError(f"{field}: unknown key '{unknown[0]}' (expected bet, cards, split, double, insurance)", field)
    bet = _bet(entry, field)
    double = entry.get("double", False)
    if "split" in entry:
        if "cards" in entry:
            raise ExampleError(f"{field}: give either cards or split, not both", field)
        raw = entry["split"]
        if not isinstance(raw, list) or len(raw) != 2:
            raise ExampleError(f"{field}.split: expected the two hands played after the split, e.g. ['8♠ 3♦ K♣', '8♥ 10♣']", field)
        hands_cards = [_cards(h, f"{field}.split") for h in raw]
        doubles = double if isinstance(double, list) else [double, double]
        if len(doubles) != 2 or not all(isinstance(d, bool) for d in doubles):
            raise ExampleError(f"{field}.double: after a split, expected [true|false, true|false], one for each hand", field)
        first = [h[0] for h in hands_cards if h]
        if len(first) != 2 or first[0].rank != first[1].rank:
            raise ExampleError(f"{field}.split: only a pair (two cards of one rank) is split; the hands start {format_cards(first)}", field)
        aces = first[0].rank == Rank.ACE
        for cards, doubled in zip(hands_cards, doubles):
            if len(cards) < 2:
                raise ExampleError(f"{field}.split: each split hand takes at least one more card", field)
            if aces and len(cards) != 2:
                raise ExampleError(f"{field}.split: split aces take one card each, got {format_cards(cards)}", field)
            if doubled and (aces or not house.double_after_split):
                why = "split aces take one card each" if aces else "the house rule allows no doubling after a split"
                raise ExampleError(f"{field}.double: {why}", field)
        hands = [Hand(tuple(c), bet, d, True) for c, d in zip(hands_cards, doubles)]
    else:
        if "cards" not in entry:
            raise ExampleError(f"{field}: expected the player's cards (or split)", field)
        cards = _cards(entry["cards"], f"{field}.cards")
        if len(cards) < 2:
            raise ExampleError(f"{field}.cards: a hand starts with two cards", field)
        if not isinstance(double, bool):
            raise ExampleError(f"{field}.double: expected true or false", field)
        hands = [Hand(tuple(cards), bet, double)]
    for hand in hands:
        _check_drawing(list(hand.cards), field)
        if hand.doubled and len(hand.cards) != 3:
            raise ExampleError(f"{field}.double: a doubled hand takes exactly one more card, {format_cards(hand.cards)} has {len(hand.cards)}", field)
        if is_natural(dealer) and (hand.doubled or hand.split):
            raise ExampleError(f"{field}: a dealer's blackjack is turned up before anyone doubles or splits", field)
    insurance = entry.get("insurance", 0)
    if isinstance(insurance, bool) or not isinstance(insurance, int) or insurance < 0:
        raise ExampleError(f"{field}.insurance: expected a whole number of chips, got {insurance!r}", field)
    if insurance and dealer[0].rank != Rank.ACE:
        raise ExampleError(f"{field}.insurance: insurance is offered only when the dealer's first card (up card) is an ace", field)
    if Fraction(insurance) > Fraction(bet, 2):
        raise ExampleError(f"{field}.insurance: at most half the bet ({Fraction(bet, 2)}), got {insurance}", field)
    return hands, insurance


def _check_dealer(dealer: list[Card], everyone_settled: bool, rules: BlackjackRules | Mapping[str, Any]) -> None:
    if len(dealer) < 2:
        raise ExampleError("dealer: expected the dealer's cards in order, up card first, then the hole card and any draws", "dealer")
    for i in range(2, len(dealer)):
        if not dealer_must_draw(dealer[:i], rules):
            total, soft = hand_value(dealer[:i])
            raise ExampleError(
                f"dealer: the dealer stands on {'soft ' if soft else ''}{total} ({format_cards(dealer[:i])}) and draws no more", "dealer",
            )
    if not is_natural(dealer) and not everyone_settled and dealer_must_draw(dealer, rules):
        total, soft = hand_value(dealer)
        raise ExampleError(f"dealer: the dealer must draw on {'soft ' if soft else ''}{total}; give the cards drawn", "dealer")


def compute(inputs: Mapping[str, Any], rules: BlackjackRules | Mapping[str, Any]) -> dict[str, Any]:
    """A single hand's total (`hand`), or a whole round settled between the bank and the players."""
    house = BlackjackRules.of(rules)
    # a quantity these inputs do not give (a round's, when only one hand is counted) is None: not worked out
    out: dict[str, Any] = dict.fromkeys(
        ("total", "soft", "natural", "dealer_total", "dealer_outcome", "totals", "results", "settlement", "bank")
    )
    packs = inputs.get("packs", 1)
    if isinstance(packs, bool) or not isinstance(packs, int) or packs < 1:
        raise ExampleError(f"packs: expected the number of packs in the shoe (1 or more), got {packs!r}", "packs")
    seen: list[Card] = []
    if "hand" in inputs:
        cards = _cards(inputs["hand"], "hand")
        if not cards:
            raise ExampleError("hand: expected at least one card", "hand")
        seen += cards
        total, soft = hand_value(cards)
        out.update(total=total, soft=soft, natural=is_natural(cards))
    if "dealer" in inputs or "players" in inputs:
        dealer = _cards(inputs.get("dealer") or "", "dealer")
        players = inputs.get("players")
        if not isinstance(players, Mapping) or not players:
            raise ExampleError("players: expected each player's bet and cards, e.g. {Ann: {bet: 10, cards: 'A♠ K♦'}}", "players")
        if len(dealer) < 2:
            raise ExampleError("dealer: expected the dealer's cards in order, up card first, then the hole card and any draws", "dealer")
        played = {str(name): _player(str(name), entry, dealer, house) for name, entry in players.items()}
        seen += dealer + [c for hands, _ in played.values() for h in hands for c in h.cards]
        settled = all(hand_value(h.cards)[0] > 21 or (is_natural(h.cards) and not h.split) for hands, _ in played.values() for h in hands)
        _check_dealer(dealer, settled, house)
        dealer_total = hand_value(dealer)[0]
        totals: dict[str, Any] = {}
        results: dict[str, Any] = {}
        settlement: dict[str, int | float] = {}
        for name, (hands, insurance) in played.items():
            outcomes = [settle(h, dealer, house) for h in hands]
            won = sum((amount for _, amount in outcomes), Fraction(0))
            if insurance:
                won += insurance * INSURANCE_PAYS if is_natural(dealer) else -insurance
            values = [hand_value(h.cards)[0] for h in hands]
            totals[name] = values[0] if len(values) == 1 else values
            results[name] = outcomes[0][0] if len(outcomes) == 1 else [r for r, _ in outcomes]
            settlement[name] = _whole(won)
        bank = -sum((Fraction(v) for v in settlement.values()), Fraction(0))
        outcome = "blackjack" if is_natural(dealer) else "bust" if dealer_total > 21 else "stands"
        out.update(dealer_total=dealer_total, dealer_outcome=outcome, totals=totals, results=results,
                   settlement=settlement, bank=_whole(bank))
    elif "hand" not in inputs:
        raise ExampleError("blackjack needs 'hand' (one hand's total), or 'dealer' and 'players' (a round)", "hand")
    try:
        unique_cards(seen, copies=packs, where="blackjack")
    except ExampleError as exc:
        raise ExampleError(f"{exc} (a shoe of several packs: give packs)", "packs") from None
    return out


def _insured(insurance: int, dealer: list[Card]) -> str:
    if not insurance:
        return ""
    return f"; insurance {insurance} {'paid' if is_natural(dealer) else 'lost'}"


def _chips(n: int | float) -> str:
    sign = "+" if n > 0 else ""
    return f"{sign}{n:g}"


def explain(inputs: Mapping[str, Any], rules: BlackjackRules | Mapping[str, Any]) -> list[str]:
    r = compute(inputs, rules)
    lines = []
    if "hand" in inputs:
        kind = "blackjack" if r["natural"] else ("soft " if r["soft"] else "hard ") + str(r["total"])
        lines.append(f"{format_cards(_cards(inputs['hand'], 'hand'))}: {kind}")
    if r["settlement"]:
        dealer = _cards(inputs["dealer"], "dealer")
        lines.append(f"Dealer {format_cards(dealer)}: {r['dealer_total']} ({r['dealer_outcome']})")
        for name, result in r["results"].items():
            lines.append(f"{name}: {result if isinstance(result, str) else ', '.join(result)}, {_chips(r['settlement'][name])}")
        lines.append(f"The bank: {_chips(r['bank'])}")
    return lines


def summary(inputs: Mapping[str, Any], rules: BlackjackRules | Mapping[str, Any]) -> list[str]:
    """The hand's total; or the dealer's hand, then what each player wins or loses."""
    r = compute(inputs, rules)
    out = []
    if "hand" in inputs and not r["settlement"]:
        if r["natural"]:
            return ["An ace and a ten-card as the first two cards: a blackjack."]
        if r["total"] > 21:
            return [f"The hand counts {r['total']}: bust."]
        return [f"The hand counts {'soft' if r['soft'] else 'hard'} {r['total']}."]
    dealer = {"blackjack": "The dealer has blackjack", "bust": f"The dealer busts with {r['dealer_total']}",
              "stands": f"The dealer stands on {r['dealer_total']}"}[r["dealer_outcome"]]
    out.append(dealer + ".")
    said = []
    for name, amount in r["settlement"].items():
        if amount > 0:
            said.append(f"{name} wins {amount:g}")
        elif amount < 0:
            said.append(f"{name} loses {-amount:g}")
        else:
            said.append(f"{name} neither wins nor loses")
    bank = r["bank"]
    tail = f"the bank {'wins' if bank > 0 else 'pays out'} {abs(bank):g}" if bank else "the bank comes out even"
    out.append(said_list(said) + "; " + tail + ".")
    return out


def records(inputs: Mapping[str, Any], rules: BlackjackRules | Mapping[str, Any]) -> list[Record]:
    """The players' hands as the table sees them: bet, cards, how each was played and what it brings."""
    if "players" not in inputs:
        return []
    r = compute(inputs, rules)
    dealer = _cards(inputs["dealer"], "dealer")
    rows = []
    for name, entry in inputs["players"].items():
        hands, insurance = _player(str(name), entry, dealer, rules)
        for n, hand in enumerate(hands):
            played = ("split, " if hand.split else "") + ("doubled" if hand.doubled else "")
            result = r["results"][str(name)]
            rows.append((
                str(name) if n == 0 else "", str(hand.bet), format_cards(hand.cards), played.strip(", "),
                (result if isinstance(result, str) else result[n]) + (_insured(insurance, dealer) if n == 0 else ""),
                _chips(r["settlement"][str(name)]) if n == 0 else "",
            ))
    return [Record(("players",), ("Player", "Bet", "Cards", "Played", "Result", "Wins"), tuple(rows),
                   ("left", "right", "left", "left", "left", "right"))]


def _payouts(rules: BlackjackRules | Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    house = BlackjackRules.of(rules)
    pays = house.blackjack_pays.replace(":", " to ")
    soft = "stands on every 17" if house.soft_17 == "stand" else "draws to soft 17, stands on hard 17 and on 18 or more"
    rows = (
        ("Blackjack (not the dealer's too)", pays),
        ("Beat the dealer, or the dealer busts", "1 to 1"),
        ("Same total, or both blackjack", "push: bet back"),
        ("Bust, or below the dealer", "bet lost"),
        ("Insurance, dealer has blackjack", "2 to 1"),
    )
    return Table("What a hand pays", ("Hand", "Pays"), rows, ("left", "right"), note=f"The dealer draws to 16 and {soft}.")


BLACKJACK = GameSpec(
    name="blackjack",
    title="Blackjack: hand totals and a round against the bank",
    inputs={
        "hand": "one hand's cards, for its total",
        "dealer": "the dealer's cards in order: up card, hole card, then each card drawn",
        "players": "each player's hand as played: {name: {bet, cards, double, split, insurance}}",
        "packs": "how many packs the shoe holds (1 unless given)",
    },
    quantities=(
        Quantity("total", "int", "the hand's total"),
        Quantity("soft", "bool", "whether the hand counts an ace as 11"),
        Quantity("natural", "bool", "whether the hand is a blackjack (two cards, 21)"),
        Quantity("dealer_total", "int", "the dealer's final total"),
        Quantity("dealer_outcome", "str", "blackjack, bust or stands"),
        Quantity("totals", "mapping", "each player's total (a list of two after a split)"),
        Quantity("results", "mapping", "each player's result: blackjack, win, push, lose or bust (a list after a split)"),
        Quantity("settlement", "mapping", "what each player wins from the bank (negative: pays it), insurance included"),
        Quantity("bank", "int", "what the bank wins from the round (negative: pays out)"),
    ),
    compute=compute,
    rules=BlackjackRules,
    explain=explain,
    summary=summary,
    records=records,
    card_inputs=("hand", "dealer"),
    phrases={"double": ("doubled", "not doubled")},
    tables=(TableDef("blackjack-payouts", "what each hand pays, and the dealer's rule", _payouts),),
    default_tables=({"table": "blackjack-payouts"}, {"table": "house-rules"}),
)

GAMES = [BLACKJACK]
