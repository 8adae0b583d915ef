"""Pinochle: the meld of a hand, a two-handed hand and its game, and an auction hand and its settlement.

The meld table is the published one (Hoyle-style references, Bicycle's rules, pagat.com, Scarne's
encyclopedia): three classes of meld, and a card may serve once in each class.

- Sequences: the flush (A 10 K Q J of trumps) 150, the royal marriage (K Q of trumps) 40, a marriage
  (K Q of another suit) 20, the dix (the nine of trumps) 10 each.
- Arounds: one card of the rank in every suit: 100 aces, 80 kings, 60 queens, 40 jacks.
- Pinochle: Q♠ J♦ 40; both of them twice, double pinochle.

A king and queen melded in a flush do not also make a royal marriage; a second king and queen of
trumps do. Where the references disagree (double pinochle, a double around, the count of the cards
taken in tricks) the common value is the default and the other a house rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit, parse_suit
from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, Rules, read_cards, rule, said_list
from deckgen.engine.table import Memo, Table, TableDef
from deckgen.errors import CardError

__all__ = [
    "GAMES",
    "AuctionPinochleRules",
    "MeldRules",
    "PartnershipRules",
    "PinochleRules",
    "card_points",
    "meld",
    "meld_rules",
    "unit_value",
]


#: The pinochle pack: A 10 K Q J 9 of each suit, twice.
PINOCHLE_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE)
PACK: Counter[Card] = Counter({Card(r, s): 2 for s in Suit for r in PINOCHLE_RANKS})
FLUSH_RANKS = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
AROUNDS = ((Rank.ACE, "aces", 100), (Rank.KING, "kings", 80), (Rank.QUEEN, "queens", 60), (Rank.JACK, "jacks", 40))
PINOCHLE_CARDS = (Card(Rank.QUEEN, Suit.SPADES), Card(Rank.JACK, Suit.DIAMONDS))

#: What each rank counts in tricks, by counting scheme; the last trick adds LAST_TRICK.
COUNTS: dict[str, dict[Rank, int]] = {
    "classic": {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2},
    "simplified": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 5, Rank.QUEEN: 5},
    "modern": {Rank.ACE: 10, Rank.TEN: 10, Rank.KING: 10},
}
LAST_TRICK = 10

_COUNTING = {
    "classic": "ace 11, ten 10, king 4, queen 3, jack 2",
    "simplified": "aces and tens 10, kings and queens 5",
    "modern": "aces, tens and kings 10",
}
_DOUBLES = {
    "twice": "twice the single meld (200 aces, 300 for two flushes)",
    "bonus": "a bonus (1000 aces, 800 kings, 600 queens, 400 jacks, 1500 for two flushes)",
}
_BONUS = {Rank.ACE: 1000, Rank.KING: 800, Rank.QUEEN: 600, Rank.JACK: 400}
DOUBLE_FLUSH_BONUS = 1500


@dataclass(frozen=True)
class MeldRules(Rules):
    """The house rules every pinochle game shares: the doubled melds and the count of the cards."""

    game: ClassVar[str] = "pinochle-meld"
    double_pinochle: int = rule(
        300, "Double pinochle",
        "What both pinochles together score (older tables count them as two pinochles, 80).",
        whole=True, minimum=0,
    )
    double_melds: str = rule(
        "twice", "Doubled arounds and flushes",
        "What two of an around (both aces of every suit) or two flushes score: twice the single meld, or a bonus.",
        choices=_DOUBLES,
    )
    counting: str = rule(
        "classic", "Cards in tricks count",
        "What each card taken in tricks counts; the last trick adds 10 in every count.",
        choices=_COUNTING,
    )


@dataclass(frozen=True)
class PinochleRules(MeldRules):
    """Two-handed pinochle: the meld, the count and the game."""

    game: ClassVar[str] = "pinochle"
    target: int = rule(1000, "Game", "The score that wins the game.", whole=True, minimum=1)
    both_out: str = rule(
        "raise", "When both reach the game",
        "When both players reach the game on the same hand: play on to a game 250 higher, or the higher total wins.",
        choices={"raise": "play on to a game 250 higher", "higher": "the higher total wins"},
    )


@dataclass(frozen=True)
class AuctionPinochleRules(MeldRules):
    """Auction pinochle: the meld, the count and the settlement of the bid."""

    game: ClassVar[str] = "auction-pinochle"
    scale: str = rule(
        "regular", "Payment scale",
        "What a bid is worth to each player: one more unit every 50 points from 2 for 250 to 290 (regular), "
        "or Scarne's bonus scale (2, 3, 5, 7, 10, 13, 17, 21, 25, 30).",
        choices={"regular": "one unit more every 50 points", "bonus": "the bonus scale"},
    )
    spades_double: bool = rule(
        True, "Spades pay double",
        "Whether every payment of a hand played with spades trumps is doubled (not when the bidder concedes).",
        phrases=("spades pay double", "spades pay the same as other suits"),
    )


_REGULAR_SCALE = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
_BONUS_SCALE = (2, 3, 5, 7, 10, 13, 17, 21, 25, 30)
LOWEST_BID = 250


def unit_value(bid: int, scale: str) -> int:
    """The units a bid is worth to each player, by the 50-point bands from 250 (700 and more: the last).

    >>> unit_value(300, "regular"), unit_value(340, "regular"), unit_value(720, "bonus")
    (3, 3, 30)
    """
    band = min(max(bid - LOWEST_BID, 0) // 50, len(_REGULAR_SCALE) - 1)
    return (_BONUS_SCALE if scale == "bonus" else _REGULAR_SCALE)[band]


@dataclass(frozen=True)
class Meld:
    label: str
    points: int
    cards: tuple[Card, ...]


def meld_rules(rules: Rules | Mapping[str, Any] | None) -> MeldRules:
    """The meld's own house rules out of any pinochle game's rules (typed or a mapping).

    >>> meld_rules({"double_pinochle": 80, "target": 1000}).double_pinochle
    80
    """
    if isinstance(rules, Rules):
        rules = rules.as_dict()
    given = dict(rules or {})
    return MeldRules.of({p.name: given[p.name] for p in MeldRules.parameters() if p.name in given})


def meld(hand: Sequence[Card], trump: Suit, rules: Rules | Mapping[str, Any] | None = None) -> list[Meld]:
    """Every meld of one hand with `trump`, the most it scores (a card serves once in each class).

    >>> from deckgen.cards import parse_cards
    >>> [(m.label, m.points) for m in meld(parse_cards("A♥ 10♥ K♥ Q♥ J♥ 9♥ Q♠ J♦"), Suit.HEARTS)]
    [('flush', 150), ('dix', 10), ('pinochle', 40)]
    """
    active = meld_rules(rules)
    count = Counter(hand)
    doubles = active.double_melds
    found: list[Meld] = []

    def of(rank: Rank, suit: Suit) -> int:
        return count[Card(rank, suit)]

    flushes = min(of(r, trump) for r in FLUSH_RANKS)
    if flushes == 2:
        found.append(Meld("double flush", DOUBLE_FLUSH_BONUS if doubles == "bonus" else 300,
                          tuple(Card(r, trump) for r in FLUSH_RANKS) * 2))
    elif flushes == 1:
        found.append(Meld("flush", 150, tuple(Card(r, trump) for r in FLUSH_RANKS)))
    for suit in sorted(Suit, key=lambda s: s != trump):
        pairs = min(of(Rank.KING, suit), of(Rank.QUEEN, suit)) - (flushes if suit == trump else 0)
        for _ in range(pairs):
            royal = suit == trump
            found.append(Meld("royal marriage" if royal else f"marriage in {suit.plural}", 40 if royal else 20,
                              (Card(Rank.KING, suit), Card(Rank.QUEEN, suit))))
    for _ in range(of(Rank.NINE, trump)):
        found.append(Meld("dix", 10, (Card(Rank.NINE, trump),)))
    for rank, plural, points in AROUNDS:
        n = min(of(rank, s) for s in Suit)
        cards = tuple(Card(rank, s) for s in Suit)
        if n == 2:
            found.append(Meld(f"double {plural}", _BONUS[rank] if doubles == "bonus" else 2 * points, cards * 2))
        elif n == 1:
            found.append(Meld(f"{points} {plural}", points, cards))
    pinochles = min(count[c] for c in PINOCHLE_CARDS)
    if pinochles == 2:
        found.append(Meld("double pinochle", active.double_pinochle, PINOCHLE_CARDS * 2))
    elif pinochles == 1:
        found.append(Meld("pinochle", 40, PINOCHLE_CARDS))
    return found


def card_points(cards: Sequence[Card], counting: str) -> int:
    """What cards taken in tricks count (without the last trick).

    >>> from deckgen.cards import parse_cards
    >>> card_points(parse_cards("A♠ 10♠ K♠ Q♠ J♠ 9♠"), "classic"), card_points(parse_cards("A♠ 10♠ K♠ Q♠ J♠ 9♠"), "modern")
    (30, 30)
    """
    values = COUNTS[counting]
    return sum(values.get(c.rank, 0) for c in cards if c.rank is not None)


# ---- reading an example


def _trump(inputs: Mapping[str, Any]) -> Suit:
    try:
        return parse_suit(str(inputs["trump"]))
    except CardError as exc:
        raise ExampleError(f"trump: {exc}", "trump") from None


def _pinochle_cards(value: Any, field: str) -> list[Card]:
    cards = read_cards(value, field) if value not in (None, "") else []
    for card in cards:
        if card.is_joker or card.rank not in PINOCHLE_RANKS:
            raise ExampleError(f"{field}: '{card}' is not in a pinochle pack (A 10 K Q J 9 of each suit)", field)
    return cards


def _within_pack(cards: Sequence[Card], field: str) -> None:
    extra = [c for c, n in Counter(cards).items() if n > PACK[c]]
    if extra:
        raise ExampleError(f"{field}: {extra[0]} is dealt more than twice; a pinochle pack has two of each card", field)


def _whole_pack(cards: Sequence[Card], field: str) -> None:
    _within_pack(cards, field)
    if len(cards) != sum(PACK.values()):
        missing = PACK - Counter(cards)
        named = ", ".join(str(c) for c in list(missing.elements())[:4])
        raise ExampleError(
            f"{field}: the tricks hold {len(cards)} cards, expected the whole pack of 48 (missing {named})", field
        )


def _scores(value: Any, names: Sequence[str], field: str) -> dict[str, int]:
    value = value or {}
    if not isinstance(value, Mapping) or any(str(k) not in names for k in value):
        raise ExampleError(f"{field}: expected the scores of {said_list(list(names))}, e.g. {{{names[0]}: 850}}", field)
    if any(not isinstance(v, int) or isinstance(v, bool) for v in value.values()):
        raise ExampleError(f"{field}: expected whole-number scores", field)
    return {n: int(value.get(n, 0)) for n in names}


# ---- pinochle-meld


def _meld_compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    hand = _pinochle_cards(inputs["hand"], "hand")
    _within_pack(hand, "hand")
    found = meld(hand, _trump(inputs), rules)
    return {"melds": [m.label for m in found], "meld": sum(m.points for m in found)}


def _meld_explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    found = meld(_pinochle_cards(inputs["hand"], "hand"), _trump(inputs), rules)
    lines = [f"{m.label}: {m.points}" for m in found] or ["no meld"]
    return lines + [f"meld {sum(m.points for m in found)}"]


def _meld_summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    found = meld(_pinochle_cards(inputs["hand"], "hand"), _trump(inputs), rules)
    trump = _trump(inputs)
    if not found:
        return [f"With {trump.plural} trumps the hand melds nothing."]
    parts = [f"{m.label} {m.points}" for m in found]
    return [f"With {trump.plural} trumps the hand melds {said_list(parts)}: {sum(m.points for m in found)} in all."]


def _meld_table(rules: Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    r = meld_rules(rules)
    doubles = r.double_melds
    rows: list[tuple[str, ...]] = [
        ("Flush", "A 10 K Q J of trumps", "150", str(DOUBLE_FLUSH_BONUS if doubles == "bonus" else 300)),
        ("Royal marriage", "K Q of trumps", "40", "80"),
        ("Marriage", "K Q of another suit", "20", "40"),
        ("Dix", "9 of trumps", "10", "20"),
    ]
    for rank, plural, points in AROUNDS:
        rows.append((f"{points} {plural}", f"one {rank.singular} of each suit", str(points),
                     str(_BONUS[rank] if doubles == "bonus" else 2 * points)))
    rows.append(("Pinochle", "Q♠ J♦", "40", str(r.double_pinochle)))
    return Table("The meld", ("Meld", "Cards", "Once", "Twice"), tuple(rows),
                 note="A card may serve in one meld of each class: sequences, arounds, pinochle.")


def _count_table(rules: Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    values = COUNTS[meld_rules(rules).counting]
    rows = [(r.label, str(values.get(r, 0))) for r in PINOCHLE_RANKS]
    rows.append(("Last trick", str(LAST_TRICK)))
    total = sum(2 * 4 * v for v in values.values()) + LAST_TRICK
    return Table("What the cards count in tricks", ("Card", "Points"), tuple(rows), note=f"{total} in all in a hand.")


# ---- two-handed pinochle


def _declared_values(rules: Rules | Mapping[str, Any]) -> dict[str, int]:
    """Each meld a player may declare, by the name `meld` gives it, with its value under `rules`."""
    active = meld_rules(rules)
    bonus = active.double_melds == "bonus"
    values = {"flush": 150, "double flush": DOUBLE_FLUSH_BONUS if bonus else 300, "royal marriage": 40, "marriage": 20,
              "dix": 10}
    for rank, plural, points in AROUNDS:
        values[f"{points} {plural}"] = points
        values[f"double {plural}"] = _BONUS[rank] if bonus else 2 * points
    values["pinochle"] = 40
    values["double pinochle"] = active.double_pinochle
    return values


def _declared_value(name: str, rules: Rules | Mapping[str, Any], field: str) -> int:
    """The value of a meld declared by name: the names `meld` gives (`marriage in clubs` is a marriage)."""
    values = _declared_values(rules)
    key = " ".join(str(name).strip().lower().split())
    if key.startswith("marriage in ") and key.removeprefix("marriage in ") in {s.plural for s in Suit}:
        key = "marriage"
    if key not in values:
        raise ExampleError(f"{field}: '{name}' is not a meld: expected one of {', '.join(values)}", field)
    return values[key]


def _two_handed(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    r = PinochleRules.of(rules)
    taken_in = inputs["taken"]
    if not isinstance(taken_in, Mapping) or len(taken_in) != 2:
        raise ExampleError("taken: expected the two players and the cards each took in tricks, e.g. {Ann: ..., Bob: ...}",
                           "taken")
    names = [str(n) for n in taken_in]
    taken = {str(n): _pinochle_cards(c, f"taken.{n}") for n, c in taken_in.items()}
    _whole_pack([c for cards in taken.values() for c in cards], "taken")
    last = str(inputs["last_trick"])
    if last not in names:
        raise ExampleError(f"last_trick: '{last}' is not one of {said_list(names)}", "last_trick")
    melds_in = inputs.get("melds") or {}
    if not isinstance(melds_in, Mapping) or any(str(k) not in names for k in melds_in):
        raise ExampleError(f"melds: expected each player's melds by name, e.g. {{{names[0]}: [royal marriage, 100 aces]}}",
                           "melds")
    meld_points = {}
    for name in names:
        declared = melds_in.get(name) or []
        if isinstance(declared, str):
            declared = [declared]
        meld_points[name] = sum(_declared_value(m, r, f"melds.{name}") for m in declared)
    dix = inputs.get("dix_turned")
    if dix is not None:
        if str(dix) not in names:
            raise ExampleError(f"dix_turned: '{dix}' is not one of {said_list(names)}", "dix_turned")
        meld_points[str(dix)] += 10
    cards = {n: card_points(taken[n], r.counting) + (LAST_TRICK if n == last else 0) for n in names}
    score = {n: meld_points[n] + cards[n] for n in names}
    before = _scores(inputs.get("before"), names, "before")
    totals = {n: before[n] + score[n] for n in names}
    target = r.target
    out = [n for n in names if totals[n] >= target]
    winner, next_target = NOBODY, target
    if len(out) == 1:
        winner = out[0]
    elif len(out) == 2:
        if r.both_out == "higher" and totals[names[0]] != totals[names[1]]:
            winner = max(names, key=lambda n: totals[n])
        else:
            while all(totals[n] >= next_target for n in names):
                next_target += 250
            late = [n for n in names if totals[n] >= next_target]
            winner = late[0] if len(late) == 1 else NOBODY
    return {"meld_points": meld_points, "card_points": cards, "score": score, "totals": totals,
            "winner": winner, "target": next_target}


def _two_handed_explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    r = _two_handed(inputs, rules)
    target = PinochleRules.of(rules).target
    lines = [f"{n}: meld {r['meld_points'][n]} + cards {r['card_points'][n]} = {r['score'][n]}, total {r['totals'][n]}"
             for n in r["score"]]
    if r["winner"] != NOBODY:
        lines.append(f"{r['winner']} reaches {r['target']} and wins")
    elif r["target"] != target:
        lines.append(f"both pass {target}: the game is now {r['target']}")
    return lines


def _two_handed_summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    r = _two_handed(inputs, rules)
    target = PinochleRules.of(rules).target
    parts = [f"{n} melds {r['meld_points'][n] or 'nothing'} and counts {r['card_points'][n]} in tricks, "
             f"{r['score'][n]} in all" for n in r["score"]]
    said = ["; ".join(parts) + "."]
    if r["winner"] != NOBODY:
        said.append(f"{r['winner']} reaches {r['totals'][r['winner']]} and wins the game.")
    elif r["target"] != target:
        said.append(f"Both pass {target}, so the game goes on to {r['target']}.")
    else:
        said.append(f"Nobody reaches {r['target']}: " + " and ".join(f"{n} has {t}" for n, t in r["totals"].items()) + ".")
    return said


# ---- auction pinochle


def _auction(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    active = AuctionPinochleRules.of(rules)
    players = inputs["players"]
    if not isinstance(players, list) or len(players) < 3 or len({str(p) for p in players}) != len(players):
        raise ExampleError("players: expected the names of everyone who settles (three or more), e.g. [Ann, Bob, Cy]",
                           "players")
    names = [str(p) for p in players]
    bidder = str(inputs["bidder"])
    if bidder not in names:
        raise ExampleError(f"bidder: '{bidder}' is not one of the players ({', '.join(names)})", "bidder")
    bid = inputs["bid"]
    if isinstance(bid, bool) or not isinstance(bid, int) or bid < LOWEST_BID or bid % 10:
        raise ExampleError(f"bid: expected a bid of {LOWEST_BID} or more in tens, got {bid!r}", "bid")
    trump = _trump(inputs)
    hand = _pinochle_cards(inputs["hand"], "hand")
    _within_pack(hand, "hand")
    widow = _pinochle_cards(inputs.get("widow"), "widow")
    if widow:
        if len(widow) != 3:
            raise ExampleError(f"widow: expected three cards, got {len(widow)}", "widow")
        if Counter(widow) - Counter(hand):
            raise ExampleError("widow: the bidder takes the widow into the hand: its cards must be in hand", "widow")
    size = 18 if widow else 16
    if len(hand) != size:
        with_ = "15 dealt and the 3 of the widow" if widow else "16 dealt, no widow"
        raise ExampleError(f"hand: expected the bidder's {size} cards ({with_}), got {len(hand)}", "hand")
    found = meld(hand, trump, active)
    meld_total = sum(m.points for m in found)
    conceded = bool(inputs.get("conceded", False))
    if not isinstance(inputs.get("conceded", False), bool):
        raise ExampleError("conceded: expected true or false", "conceded")
    cards = 0
    if not conceded:
        if "taken" not in inputs:
            raise ExampleError("taken: the cards the bidder took in tricks are needed unless the bidder concedes", "taken")
        taken = _pinochle_cards(inputs["taken"], "taken")
        buried = _pinochle_cards(inputs.get("buried"), "buried")
        if len(buried) != (3 if widow else 0):
            raise ExampleError(f"buried: expected {'the 3 cards the bidder laid away' if widow else 'none without a widow'}, "
                               f"got {len(buried)}", "buried")
        if Counter(buried) - Counter(hand):
            raise ExampleError("buried: the bidder lays away cards from the hand", "buried")
        _within_pack(taken + buried, "taken")
        if len(taken) % 3:
            raise ExampleError(f"taken: tricks of three cards, got {len(taken)} cards", "taken")
        last = inputs.get("last_trick")
        if not isinstance(last, bool):
            raise ExampleError("last_trick: expected true (the bidder took the last trick) or false", "last_trick")
        cards = card_points(taken + buried, active.counting) + (LAST_TRICK if last else 0)
    total = meld_total + cards
    made = not conceded and total >= bid
    outcome = "made" if made else "single bete" if conceded else "double bete"
    # spades double the hands played in them; a bidder who names spades and concedes pays the single amount (Scarne)
    doubled = active.spades_double and trump == Suit.SPADES and not conceded
    unit = unit_value(bid, active.scale) * (2 if doubled else 1)
    each = unit if outcome != "double bete" else 2 * unit
    others = [n for n in names if n != bidder]
    sign = 1 if made else -1
    settlement = {n: (sign * each * len(others) if n == bidder else -sign * each) for n in names}
    return {"melds": [m.label for m in found], "meld": meld_total, "card_points": cards, "total": total,
            "made": made, "outcome": outcome, "unit": unit, "settlement": settlement}


def _auction_explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    r = _auction(inputs, rules)
    lines = [f"meld {r['meld']} ({', '.join(r['melds']) or 'none'})"]
    if r["outcome"] == "single bete":
        lines.append(f"{inputs['bidder']} concedes before play: single bete")
    else:
        lines.append(f"cards {r['card_points']}, total {r['total']} against a bid of {inputs['bid']}: {r['outcome']}")
    lines.append(f"{r['unit']} a player: " + ", ".join(f"{n} {v:+d}" for n, v in r["settlement"].items()))
    return lines


def _auction_summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    r = _auction(inputs, rules)
    bidder, bid = str(inputs["bidder"]), inputs["bid"]
    melds = said_list(r["melds"]) if r["melds"] else "nothing"
    if r["outcome"] == "single bete":
        first = f"{bidder} melds {r['meld']} ({melds}) and concedes {bid} before play."
    else:
        first = (f"{bidder} melds {r['meld']} ({melds}) and takes {r['card_points']} in cards: {r['total']} against {bid}, "
                 + ("made." if r["made"] else "double bete."))
    others = [n for n in r["settlement"] if n != bidder]
    each = abs(r["settlement"][others[0]])
    if r["made"]:
        second = f"{said_list(others)} pay {bidder} {each} each."
    else:
        second = f"{bidder} pays {said_list(others)} {each} each."
    return [first, second]


def _scale_table(rules: Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    active = AuctionPinochleRules.of(rules)
    scale = active.scale
    rows = []
    for band in range(len(_REGULAR_SCALE)):
        low = LOWEST_BID + 50 * band
        label = f"{low} to {low + 40}" if band < len(_REGULAR_SCALE) - 1 else f"{low} or more"
        unit = unit_value(low, scale)
        rows.append((label, str(unit), str(unit), str(2 * unit)))
    note = "The bidder collects from, or pays, every other player at the table, those sitting out too."
    if active.spades_double:
        note += " A hand played in spades pays double, won or lost."
    return Table("What a bid is worth to each player", ("Bid", "Made", "Conceded before play", "Lost in play"),
                 tuple(rows), note=note)


# ---- partnership auction pinochle


@dataclass(frozen=True)
class PartnershipRules(MeldRules):
    """Partnership auction pinochle: the meld (doubles as the partnership game's own table), the count, the game."""

    game: ClassVar[str] = "partnership-auction-pinochle"
    double_melds: str = rule(
        "bonus", "Doubled arounds and flushes",
        "What two of an around (both aces of every suit) or two flushes score: the partnership game's own "
        "bonus (1000 aces, 800 kings, 600 queens, 400 jacks, 1500 for two flushes), or twice the single meld.",
        choices=_DOUBLES,
    )
    lowest_bid: int = rule(100, "Lowest bid", "The least a player may bid; bids go up in tens.", whole=True, minimum=10)
    partnership_target: int = rule(1000, "Game", "The score that wins the game; the bidding side counts first.",
                                   whole=True, minimum=1)


def _side_cards(value: Any, sides: Sequence[str]) -> dict[str, list[Card]]:
    if not isinstance(value, Mapping) or any(str(k) not in sides for k in value):
        raise ExampleError(f"taken: expected the cards each side took in tricks, e.g. {{{sides[0]}: ..., {sides[1]}: ...}}",
                           "taken")
    return {s: _pinochle_cards(value.get(s), f"taken.{s}") for s in sides}


def _partnership(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    r = PartnershipRules.of(rules)
    sides_in = inputs.get("sides", ["Us", "Them"])
    if not isinstance(sides_in, list) or len(sides_in) != 2 or str(sides_in[0]) == str(sides_in[1]):
        raise ExampleError("sides: expected the two partnerships, e.g. [Us, Them]", "sides")
    sides = [str(s) for s in sides_in]
    bidders = str(inputs["bidders"])
    if bidders not in sides:
        raise ExampleError(f"bidders: '{bidders}' is not one of the sides ({said_list(sides)})", "bidders")
    bid = inputs["bid"]
    if isinstance(bid, bool) or not isinstance(bid, int) or bid < r.lowest_bid or bid % 10:
        raise ExampleError(f"bid: expected a bid of {r.lowest_bid} or more in tens, got {bid!r}", "bid")
    taken = _side_cards(inputs["taken"], sides)
    _whole_pack([c for s in sides for c in taken[s]], "taken")
    for side in sides:
        if len(taken[side]) % 4:
            raise ExampleError(f"taken.{side}: tricks of four cards, got {len(taken[side])} cards", f"taken.{side}")
    last = str(inputs["last_trick"])
    if last not in sides:
        raise ExampleError(f"last_trick: '{last}' is not one of the sides ({said_list(sides)})", "last_trick")
    if not taken[last]:
        raise ExampleError(f"last_trick: {last} took no tricks, so not the last one", "last_trick")
    melds_in = inputs.get("melds") or {}
    if not isinstance(melds_in, Mapping) or any(str(k) not in sides for k in melds_in):
        raise ExampleError(f"melds: expected each side's melds by name, both partners' together, e.g. "
                           f"{{{sides[0]}: [flush, 100 aces], {sides[1]}: [pinochle]}}", "melds")
    shown: dict[str, int] = {}
    for side in sides:
        declared = melds_in.get(side) or []
        if isinstance(declared, str):
            declared = [declared]
        if not isinstance(declared, list):
            raise ExampleError(f"melds.{side}: expected a list of melds, e.g. [royal marriage, pinochle]", f"melds.{side}")
        shown[side] = sum(_declared_value(m, r, f"melds.{side}") for m in declared)
    # a side's meld counts only when one of the partners takes a trick
    meld_points = {s: (shown[s] if taken[s] else 0) for s in sides}
    cards = {s: card_points(taken[s], r.counting) + (LAST_TRICK if s == last else 0) for s in sides}
    made_points = {s: meld_points[s] + cards[s] for s in sides}
    made = made_points[bidders] >= bid
    score = {s: (made_points[s] if s != bidders or made else -bid) for s in sides}
    before = _scores(inputs.get("before"), sides, "before")
    # the bidding side counts first: when it reaches the game it wins, and the others add nothing
    winner = NOBODY
    if before[bidders] + score[bidders] >= r.partnership_target:
        winner = bidders
        score = {s: (score[s] if s == bidders else 0) for s in sides}
    totals = {s: before[s] + score[s] for s in sides}
    if winner == NOBODY:
        reached = [s for s in sides if s != bidders and totals[s] >= r.partnership_target]
        winner = reached[0] if reached else NOBODY
    return {"meld_points": meld_points, "card_points": cards, "made": made, "score": score, "totals": totals,
            "winner": winner}


def _partnership_explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = _partnership(inputs, rules)
    bidders, bid = str(inputs["bidders"]), inputs["bid"]
    lines = [f"{s}: meld {res['meld_points'][s]} + cards {res['card_points'][s]}" for s in res["score"]]
    lines.append(f"{bidders} bid {bid}: " + ("made" if res["made"] else f"set, {bid} off"))
    lines.append("score " + ", ".join(f"{s} {v:+d}" for s, v in res["score"].items())
                 + "; totals " + ", ".join(f"{s} {t}" for s, t in res["totals"].items()))
    if res["winner"]:
        lines.append(f"{res['winner']} reach {PartnershipRules.of(rules).partnership_target} and win")
    return lines


def _partnership_summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = _partnership(inputs, rules)
    bidders, bid = str(inputs["bidders"]), int(inputs["bid"])
    other = next(s for s in res["score"] if s != bidders)
    own = res["meld_points"][bidders] + res["card_points"][bidders]
    first = (f"{bidders} bid {bid} and make {own} (meld {res['meld_points'][bidders]}, cards "
             f"{res['card_points'][bidders]}): " + ("they score all of it" if res["made"] else f"set, they lose {bid}"))
    theirs = res["meld_points"][other] + res["card_points"][other]
    if res["winner"] == bidders:
        first += f", reach {res['totals'][bidders]} and win before {other} count."
        return [first]
    first += f"; {other} score their {theirs}."
    second = (f"{res['winner']} reach {res['totals'][res['winner']]} and win the game." if res["winner"]
              else "Score: " + ", ".join(f"{s} {t}" for s, t in res["totals"].items()) + ".")
    return [first, second]


MELD_INPUTS = {"hand": "the cards of one hand", "trump": "the trump suit"}

GAMES = [
    GameSpec(
        name="pinochle-meld",
        title="Pinochle: the meld of a hand",
        inputs=MELD_INPUTS,
        quantities=(
            Quantity("melds", "set", "the melds the hand makes, e.g. flush, 100 aces, pinochle"),
            Quantity("meld", "int", "what they score together"),
        ),
        compute=_meld_compute,
        rules=MeldRules,
        required=("hand", "trump"),
        explain=_meld_explain,
        summary=_meld_summary,
        card_inputs=("hand",),
        tables=(TableDef("pinochle-meld", "the meld table with the active values", _meld_table),
                TableDef("pinochle-count", "what the cards count in tricks", _count_table)),
        default_tables=({"table": "pinochle-meld"}, {"table": "pinochle-count"}, {"table": "house-rules"}),
    ),
    GameSpec(
        name="pinochle",
        title="Two-handed pinochle: scoring a hand",
        inputs={
            "melds": "each player's melds by name (as the meld table names them), e.g. {Ann: [royal marriage, 100 aces], Bob: [pinochle]}",
            "dix_turned": "the dealer, when the card turned for trumps was a nine (10 to the dealer)",
            "taken": "each player's cards taken in tricks: the whole pack between them",
            "last_trick": "the player who took the last trick (10 more)",
            "before": "optional scores before the hand, e.g. {Ann: 850, Bob: 700}",
        },
        quantities=(
            Quantity("meld_points", "mapping", "each player's meld this hand"),
            Quantity("card_points", "mapping", "each player's count in tricks, the last trick's 10 included"),
            Quantity("score", "mapping", "each player's score for the hand (meld and cards)"),
            Quantity("totals", "mapping", "each player's score after the hand"),
            Quantity("winner", "str", "the player who has won the game, or nobody (\"\")"),
            Quantity("target", "int", "the game after this hand (higher when both passed it together)"),
        ),
        compute=_two_handed,
        rules=PinochleRules,
        required=("taken", "last_trick"),
        explain=_two_handed_explain,
        summary=_two_handed_summary,
        card_inputs=("taken",),
    ),
    GameSpec(
        name="auction-pinochle",
        title="Auction pinochle: a bid and its settlement",
        inputs={
            "players": "everyone who settles, the bidder too (three active, any sitting out)",
            "bidder": "the player who won the auction",
            "bid": "the winning bid (250 or more, in tens)",
            "trump": "the trump suit the bidder named",
            "hand": "the bidder's cards when melding: 15 and the widow's 3, or 16 without a widow",
            "widow": "the three cards of the widow (leave it out for the game without one)",
            "buried": "the three cards the bidder laid away (they count for the bidder)",
            "taken": "the cards the bidder took in tricks",
            "last_trick": "true when the bidder took the last trick",
            "conceded": "true when the bidder gave up before play (single bete)",
        },
        quantities=(
            Quantity("melds", "set", "the bidder's melds"),
            Quantity("meld", "int", "what they score"),
            Quantity("card_points", "int", "the bidder's count in tricks, buried cards and last trick included"),
            Quantity("total", "int", "meld and cards"),
            Quantity("made", "bool", "whether the total reached the bid"),
            Quantity("outcome", "str", "made, single bete (conceded before play) or double bete (lost in play)"),
            Quantity("unit", "int", "what the bid is worth to each player on the scale (doubled for a hand played in spades)"),
            Quantity("settlement", "mapping", "what each player receives (negative: pays)"),
        ),
        compute=_auction,
        rules=AuctionPinochleRules,
        required=("players", "bidder", "bid", "trump", "hand"),
        explain=_auction_explain,
        summary=_auction_summary,
        card_inputs=("hand", "widow", "buried", "taken"),
        tables=(TableDef("auction-pinochle-scale", "what a bid is worth to each player", _scale_table),),
        default_tables=({"table": "auction-pinochle-scale"}, {"table": "house-rules"}),
        phrases={"conceded": ("conceded before play", "played out"), "last_trick": ("took the last trick", "lost the last trick")},
    ),
    GameSpec(
        name="partnership-auction-pinochle",
        title="Partnership auction pinochle: scoring a hand",
        inputs={
            "sides": "the two partnerships (default [Us, Them])",
            "bidders": "the side whose player won the auction",
            "bid": "the winning bid (100 or more, in tens)",
            "melds": "each side's melds by name, both partners' together, e.g. {Us: [flush, 100 aces], Them: [pinochle]}",
            "taken": "the cards each side took in tricks: the whole pack between them",
            "last_trick": "the side that took the last trick (10 more)",
            "before": "optional scores before the hand, e.g. {Us: 620, Them: 540}",
        },
        quantities=(
            Quantity("meld_points", "mapping", "each side's meld, 0 for a side that took no trick"),
            Quantity("card_points", "mapping", "each side's count in tricks, the last trick's 10 included"),
            Quantity("made", "bool", "whether the bidding side made its bid"),
            Quantity("score", "mapping", "what each side scores for the hand (the bid taken off a side that is set)"),
            Quantity("totals", "mapping", "each side's score after the hand"),
            Quantity("winner", "str", "the side that has won the game, or nobody (\"\")"),
        ),
        compute=_partnership,
        rules=PartnershipRules,
        required=("bidders", "bid", "taken", "last_trick"),
        explain=_partnership_explain,
        summary=_partnership_summary,
        card_inputs=("taken",),
        tables=(TableDef("partnership-pinochle-meld", "the partnership meld table with the active values", _meld_table),
                TableDef("partnership-pinochle-count", "what the cards count in tricks", _count_table)),
        default_tables=({"table": "partnership-pinochle-meld"}, {"table": "partnership-pinochle-count"},
                        {"table": "house-rules"}),
    ),
]
