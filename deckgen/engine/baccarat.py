"""Baccarat: the point of a hand, the drawing rules, and who is paid what.

Cards count ace 1, two to nine their pips, tens and courts nothing; a hand's
point is the last digit of its count (a seven and an eight make 5). Each side
starts with two cards; 8 or 9 in two cards is a *natural* and nobody draws.
Otherwise a side may take one third card, by the drawing rules, and the higher
point wins; the same point is a tie (*égalité*).

Two ways of playing:

- **Punto banco** (`punto-banco`, the casino game): nobody decides anything.
  The player side draws on 0 to 5 and stands on 6 and 7; the bank side follows
  the fixed tableau (on 0 to 5 when the player stood; otherwise by its point
  and the player's third card). Players bet on either side or on a tie: a bet
  on the player side is paid 1 to 1, on the bank side 1 to 1 less a commission
  (5 %), on a tie 8 to 1; bets on either side stand off on a tie.
- **Chemin de fer** (`chemin-de-fer`): a player holds the bank and puts up a
  stake, which the punters cover. The punter must draw on 0 to 4, may draw or
  stand on 5, and stands on 6 or 7; the banker must draw on 0 to 2 and stands on
  7, and on 3 to 6 plays by the house's printed rule (*la règle*), which this
  engine does not check. The winner takes the stake; a tie is void.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit, format_cards
from deckgen.engine.base import Choice, ExampleError, GameSpec, Quantity, Record, Rules, Table, TableDef, read_cards, rule, unique_cards
from deckgen.engine.table import Memo
from deckgen.errors import unknown_choice

__all__ = ["BACCARAT", "BaccaratRules", "GAMES", "VARIANTS", "bank_draws", "card_value", "point"]

VARIANTS = {"punto-banco": "punto banco", "chemin-de-fer": "chemin de fer", "banque": "baccarat banque"}
SIDES = ("player", "banker", "tie")
#: Where a stake goes at baccarat banque: on one tableau, or across both (à cheval).
BANQUE_SIDES = ("right", "left", "both")


@dataclass(frozen=True)
class BaccaratRules(Rules):
    """The casino's commission and the tie's price at punto banco."""

    game: ClassVar[str] = "baccarat"
    commission: int = rule(
        5, "Commission on the bank side",
        "The percentage the casino keeps from a winning bet on the bank side at punto banco (5 in every source used).",
        minimum=0, unit="per cent",
    )
    tie_pays: int = rule(8, "Tie pays", "What a winning bet on a tie is paid, to 1, at punto banco.", minimum=1)


def card_value(card: Card) -> int:
    """Ace 1, two to nine their pips, ten and courts 0."""
    assert card.rank is not None
    if card.rank == Rank.ACE:
        return 1
    return int(card.rank) if int(card.rank) < 10 else 0


def point(cards: list[Card] | tuple[Card, ...]) -> int:
    """The hand's point: the last digit of its count.

    >>> from deckgen.cards import parse_cards
    >>> point(parse_cards("7♠ 8♥")), point(parse_cards("K♠ 9♥")), point(parse_cards("5♠ 5♥ 10♦"))
    (5, 9, 0)
    """
    return sum(card_value(c) for c in cards) % 10


def bank_draws(bank_point: int, player_third: Card | None) -> bool:
    """Whether the bank side draws at punto banco: on 0 to 5 when the player stood; else by the tableau.

    >>> from deckgen.cards import parse_card
    >>> bank_draws(5, None), bank_draws(6, None), bank_draws(3, parse_card("8♠")), bank_draws(6, parse_card("7♥"))
    (True, False, False, True)
    """
    if player_third is None:
        return bank_point <= 5
    third = card_value(player_third)
    if bank_point <= 2:
        return True
    if bank_point == 3:
        return third != 8
    if bank_point == 4:
        return 2 <= third <= 7
    if bank_point == 5:
        return 4 <= third <= 7
    if bank_point == 6:
        return third in (6, 7)
    return False


def variant_of(inputs: Mapping[str, Any]) -> str:
    value = str(inputs.get("variant", "punto-banco")).strip().lower()
    if value not in VARIANTS:
        raise ExampleError(unknown_choice("variant", inputs.get("variant"), list(VARIANTS)), "variant")
    return value


def _hand(inputs: Mapping[str, Any], side: str) -> list[Card]:
    if side not in inputs:
        raise ExampleError(f"baccarat needs the field '{side}' (its cards in the order dealt)", side)
    cards = read_cards(inputs[side], side)
    if any(c.is_joker for c in cards):
        raise ExampleError(f"{side}: baccarat is played without jokers", side)
    if len(cards) not in (2, 3):
        raise ExampleError(f"{side}: a hand is two cards, or three with the card drawn; got {len(cards)}", side)
    return cards


def _check_draws(player: list[Card], banker: list[Card], variant: str) -> None:
    """The third cards taken are the ones the drawing rules allow (an ExampleError naming the side otherwise)."""
    p2, b2 = point(player[:2]), point(banker[:2])
    if p2 >= 8 or b2 >= 8:
        for side, cards in (("player", player), ("banker", banker)):
            if len(cards) == 3:
                raise ExampleError(f"{side}: a natural {max(p2, b2)} was dealt, so nobody draws", side)
        return
    third = player[2] if len(player) == 3 else None
    if variant == "punto-banco":
        if (p2 <= 5) != (third is not None):
            raise ExampleError(f"player: the player side {'draws' if p2 <= 5 else 'stands'} on {p2}", "player")
        draws = bank_draws(b2, third)
        if draws != (len(banker) == 3):
            after = f" after the player's third card {third}" if third else " when the player stands"
            raise ExampleError(f"banker: the bank side {'draws' if draws else 'stands'} on {b2}{after} (the tableau)", "banker")
        return
    if p2 <= 4 and third is None:
        raise ExampleError(f"player: the punter must draw on {p2}", "player")
    if p2 >= 6 and third is not None:
        raise ExampleError(f"player: the punter stands on {p2}", "player")
    if b2 <= 2 and len(banker) == 2:
        raise ExampleError(f"banker: the banker must draw on {b2}", "banker")
    if b2 == 7 and len(banker) == 3:
        raise ExampleError("banker: the banker stands on 7", "banker")


def _amount(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _bets(inputs: Mapping[str, Any], sides: tuple[str, ...] = SIDES) -> dict[str, dict[str, int]]:
    raw = inputs.get("bets") or {}
    if not isinstance(raw, Mapping):
        raise ExampleError("bets: expected each bettor's bets, e.g. {Ann: {banker: 20}, Bob: {player: 10, tie: 5}}", "bets")
    out: dict[str, dict[str, int]] = {}
    for name, bets in raw.items():
        if not isinstance(bets, Mapping) or not bets:
            raise ExampleError(f"bets.{name}: expected the side(s) bet on and the amount, e.g. {{banker: 20}}", "bets")
        for side, amount in bets.items():
            if str(side).lower() not in sides:
                raise ExampleError(unknown_choice(f"bets.{name}", side, list(sides)), "bets")
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
                raise ExampleError(f"bets.{name}.{side}: expected a whole number of chips (1 or more), got {amount!r}", "bets")
        out[str(name)] = {str(s).lower(): int(a) for s, a in bets.items()}
    return out


def compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    """Both points, the winning side, and the money: bettors against the casino, or the banker's stake."""
    r = BaccaratRules.of(rules)
    variant = variant_of(inputs)
    if variant == "banque":
        return _banque(inputs)
    for name in ("right", "left"):
        if name in inputs:
            raise ExampleError(f"{name}: the two tableaux belong to baccarat banque (variant: banque)", name)
    player, banker = _hand(inputs, "player"), _hand(inputs, "banker")
    packs = inputs.get("packs", 1)
    if isinstance(packs, bool) or not isinstance(packs, int) or packs < 1:
        raise ExampleError(f"packs: expected the number of packs in the shoe (1 or more), got {packs!r}", "packs")
    try:
        unique_cards(player + banker, copies=packs, where="baccarat")
    except ExampleError as exc:
        raise ExampleError(str(exc), "packs") from None
    _check_draws(player, banker, variant)
    points = {"player": point(player), "banker": point(banker)}
    naturals = [s for s, cards in (("player", player), ("banker", banker)) if point(cards[:2]) >= 8]
    tie = points["player"] == points["banker"]
    winner = "" if tie else max(points, key=lambda s: points[s])
    # the money of the other way of playing, or of bets not given, is None: not worked out
    out: dict[str, Any] = {
        "player_point": points["player"], "banker_point": points["banker"], "naturals": naturals, "winner": winner,
        "tie": tie, "payouts": None, "house": None, "banker_wins": None,
        "right_point": None, "left_point": None, "right_result": None, "left_result": None,
    }
    if variant == "punto-banco":
        if "stake" in inputs:
            raise ExampleError("stake: the banker's stake belongs to chemin de fer; punto banco takes bets", "stake")
        if "bets" not in inputs:
            return out
        payouts: dict[str, int | float] = {}
        for name, bets in _bets(inputs).items():
            won = Fraction(0)
            for side, amount in bets.items():
                if side == "tie":
                    won += amount * r.tie_pays if tie else -amount
                elif tie:
                    continue  # a bet on either side stands off
                elif side == winner:
                    won += amount * (1 - Fraction(r.commission, 100)) if side == "banker" else amount
                else:
                    won -= amount
            payouts[name] = _amount(won)
        out["payouts"] = payouts
        out["house"] = _amount(-sum((Fraction(v) for v in payouts.values()), Fraction(0)))
    else:
        if "bets" in inputs:
            raise ExampleError("bets: at chemin de fer the punters cover the banker's stake; give stake", "bets")
        if "stake" not in inputs:
            return out
        stake = inputs.get("stake")
        if isinstance(stake, bool) or not isinstance(stake, int) or stake < 0:
            raise ExampleError(f"stake: expected the banker's stake in chips, got {stake!r}", "stake")
        out["banker_wins"] = 0 if tie else (stake if winner == "banker" else -stake)
    return out


#: A punter's result against the banker, as a stake on that tableau is settled.
_RESULTS = ("win", "lose", "tie")


def _punter_draws(cards: list[Card], side: str, banker_natural: bool) -> None:
    """A tableau's third card as the punter's rule allows it: must draw on 0 to 4, free on 5, stands on 6 and 7."""
    two = point(cards[:2])
    if (two >= 8 or banker_natural) and len(cards) == 3:
        raise ExampleError(f"{side}: a natural was dealt ({'the banker' if banker_natural else 'this tableau'}), so it does not draw", side)
    if two >= 8 or banker_natural:
        return
    if two <= 4 and len(cards) == 2:
        raise ExampleError(f"{side}: the punter must draw on {two}", side)
    if two >= 6 and len(cards) == 3:
        raise ExampleError(f"{side}: the punter stands on {two}", side)


def _banque(inputs: Mapping[str, Any]) -> dict[str, Any]:
    """One coup of baccarat banque: each tableau against the banker, and the stakes on one or both."""
    for name in ("player", "stake"):
        if name in inputs:
            raise ExampleError(f"{name}: baccarat banque has two tableaux (right, left) and takes bets", name)
    banker, right, left = _hand(inputs, "banker"), _hand(inputs, "right"), _hand(inputs, "left")
    packs = inputs.get("packs", 1)
    if isinstance(packs, bool) or not isinstance(packs, int) or packs < 1:
        raise ExampleError(f"packs: expected the number of packs in the shoe (1 or more), got {packs!r}", "packs")
    try:
        unique_cards(banker + right + left, copies=packs, where="baccarat")
    except ExampleError as exc:
        raise ExampleError(str(exc), "packs") from None
    banker_natural = point(banker[:2]) >= 8
    if banker_natural and len(banker) == 3:
        raise ExampleError(f"banker: a natural {point(banker[:2])} was dealt, so nobody draws", "banker")
    _punter_draws(right, "right", banker_natural)
    _punter_draws(left, "left", banker_natural)
    b = point(banker)
    results = {}
    for side, cards in (("right", right), ("left", left)):
        p = point(cards)
        results[side] = "win" if p > b else "lose" if p < b else "tie"
    naturals = [side for side, cards in (("banker", banker), ("right", right), ("left", left)) if point(cards[:2]) >= 8]
    out: dict[str, Any] = {
        "player_point": None, "banker_point": b, "naturals": naturals, "winner": None, "tie": None, "house": None,
        "right_point": point(right), "left_point": point(left),
        "right_result": results["right"], "left_result": results["left"], "payouts": None, "banker_wins": None,
    }
    if "bets" not in inputs:
        return out
    sign = {"win": 1, "lose": -1, "tie": 0}
    payouts: dict[str, int | float] = {}
    for name, bets in _bets(inputs, BANQUE_SIDES).items():
        won = Fraction(0)
        for side, amount in bets.items():
            if side != "both":
                won += amount * sign[results[side]]
                continue
            one, other = sign[results["right"]], sign[results["left"]]
            if one == other:
                won += amount * one  # both won, both lost; both tied: the stake stands
            elif 0 in (one, other):
                won += Fraction(amount, 2) * (one + other)  # half is settled, the other half stands
            # one won and one lost: the stake stands
        payouts[name] = _amount(won)
    out["payouts"] = payouts
    out["banker_wins"] = _amount(-sum((Fraction(v) for v in payouts.values()), Fraction(0)))
    return out


def _said_side(side: str, variant: str) -> str:
    if variant == "chemin-de-fer":
        return {"player": "the punter", "banker": "the banker"}[side]
    return {"player": "the player side", "banker": "the bank side"}[side]


_RESULT_WORDS = {"win": "beats the banker", "lose": "loses to the banker", "tie": "ties with the banker"}


def _banque_explain(r: Mapping[str, Any], inputs: Mapping[str, Any]) -> list[str]:
    lines = [f"Baccarat banque: banker {format_cards(_hand(inputs, 'banker'))} = {r['banker_point']}, "
             f"right {format_cards(_hand(inputs, 'right'))} = {r['right_point']}, "
             f"left {format_cards(_hand(inputs, 'left'))} = {r['left_point']}"]
    if r["naturals"]:
        lines.append(f"Natural for {' and '.join(r['naturals'])}")
    lines += [f"The {side} tableau {_RESULT_WORDS[r[side + '_result']]}" for side in ("right", "left")]
    lines += [f"{name}: {amount:+g}" for name, amount in (r["payouts"] or {}).items()]
    if r["banker_wins"] is not None:
        lines.append(f"The banker: {r['banker_wins']:+g}")
    return lines


def _banque_summary(r: Mapping[str, Any]) -> list[str]:
    first = (f"The banker has {r['banker_point']}: the right tableau's {r['right_point']} {_RESULT_WORDS[r['right_result']]}, "
             f"the left's {r['left_point']} {_RESULT_WORDS[r['left_result']].replace('the banker', 'him')}.")
    money = [f"{name} {'wins' if amount > 0 else 'loses'} {abs(amount):g}" if amount else f"{name}'s stakes stand"
             for name, amount in (r["payouts"] or {}).items()]
    if not money:
        return [first]
    net = r["banker_wins"]
    money.append(f"the banker {'wins' if net > 0 else 'pays'} {abs(net):g}" if net else "the banker is level")
    text = "; ".join(money)
    return [first, text[0].upper() + text[1:] + "."]


def explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    r = compute(inputs, rules)
    variant = variant_of(inputs)
    if variant == "banque":
        return _banque_explain(r, inputs)
    lines = [f"{VARIANTS[variant].capitalize()}: player {format_cards(_hand(inputs, 'player'))} = {r['player_point']}, "
             f"banker {format_cards(_hand(inputs, 'banker'))} = {r['banker_point']}"]
    if r["naturals"]:
        lines.append(f"Natural for {' and '.join(r['naturals'])}: nobody draws")
    lines.append("A tie" if r["tie"] else f"{_said_side(r['winner'], variant).capitalize()} wins")
    for name, amount in (r["payouts"] or {}).items():
        lines.append(f"{name}: {amount:+g}")
    if variant == "chemin-de-fer" and "stake" in inputs:
        lines.append(f"The banker: {r['banker_wins']:+g}")
    return lines


def summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """The two points and the winner, then the money."""
    r = compute(inputs, rules)
    variant = variant_of(inputs)
    if variant == "banque":
        return _banque_summary(r)
    p, b = r["player_point"], r["banker_point"]
    who = f"{_said_side('player', variant)} {p}, {_said_side('banker', variant)} {b}"
    first = f"A tie at {p}." if r["tie"] else f"{who[0].upper()}{who[1:]}: {_said_side(r['winner'], variant)} wins."
    if r["naturals"] and not r["tie"]:
        first = first[:-1] + ", a natural." if r["winner"] in r["naturals"] else first
    money = []
    for name, amount in (r["payouts"] or {}).items():
        money.append(f"{name} {'wins' if amount > 0 else 'loses'} {abs(amount):g}" if amount else f"{name}'s bet stands off")
    if money:
        return [first, "; ".join(money) + "."]
    if variant == "chemin-de-fer" and "stake" in inputs:
        stake = inputs["stake"]
        if r["tie"]:
            return [first, "The coup is void: the stake stays where it is."]
        return [first, f"The banker {'takes the punters’' if r['winner'] == 'banker' else 'pays the punters'} {stake}."]
    return [first]


_BET_WORDS = {"right": "the right tableau", "left": "the left tableau", "both": "both tableaux"}


def records(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[Record]:
    """The bets and what each is paid."""
    if "bets" not in inputs:
        return []
    r = compute(inputs, rules)
    rows = tuple(
        (name, ", ".join(f"{a} on {_BET_WORDS.get(s, s)}" for s, a in bets.items()), f"{r['payouts'][name]:+g}" if r["payouts"][name] else "0")
        for name, bets in _bets(inputs, BANQUE_SIDES if variant_of(inputs) == "banque" else SIDES).items()
    )
    return [Record(("bets",), ("Bettor", "Bets", "Wins"), rows, ("left", "left", "right"))]


def _tableau(rules: Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    r = BaccaratRules.of(rules)
    rows = []
    for bank in range(8):
        cells = ["draw" if bank_draws(bank, None) else "stand"]
        for third in range(10):
            card = Card(Rank.TEN if third == 0 else Rank.ACE if third == 1 else Rank(third), Suit.SPADES)  # any card of that value
            cells.append("D" if bank_draws(bank, card) else "S")
        rows.append((str(bank),) + tuple(cells))
    header = ("Bank", "Player stood") + tuple(str(n) for n in range(10))
    return Table(
        "Punto banco: when the bank side draws (D) or stands (S)", header, tuple(rows), ("right",) * len(header),
        note="Columns 0 to 9: the point of the player's third card. With 8 or 9 in two cards on either side nobody draws. "
             f"Bets: player 1 to 1; bank 1 to 1 less {r.commission} %; tie {r.tie_pays} to 1.",
    )


BACCARAT = GameSpec(
    name="baccarat",
    title="Baccarat: punto banco, chemin de fer and banque",
    inputs={
        "variant": "punto-banco (the default), chemin-de-fer or banque",
        "player": "the player side's (the punter's) cards in the order dealt, the third card last",
        "banker": "the bank side's cards in the order dealt",
        "right": "baccarat banque: the right tableau's cards in the order dealt",
        "left": "baccarat banque: the left tableau's cards in the order dealt",
        "bets": "punto banco: each bettor's bets, {name: {player|banker|tie: chips}}; banque: {name: {right|left|both: chips}}",
        "stake": "chemin de fer: the banker's stake the punters cover",
        "packs": "how many packs the shoe holds (1 unless given)",
    },
    quantities=(
        Quantity("player_point", "int", "the point of the player's (the punter's) hand"),
        Quantity("banker_point", "int", "the point of the bank's hand"),
        Quantity("naturals", "set", "the sides dealt 8 or 9 in two cards"),
        Quantity("winner", "str", "player or banker (empty on a tie)"),
        Quantity("tie", "bool", "whether the points are equal"),
        Quantity("payouts", "mapping", "punto banco: what each bettor wins (negative: loses), 0 when the bet stands off"),
        Quantity("house", "int", "punto banco: what the casino wins from the coup (negative: pays)"),
        Quantity("banker_wins", "int", "chemin de fer and banque: what the banker wins from the punters (negative: pays; 0 on a tie)"),
        Quantity("right_point", "int", "banque: the point of the right tableau"),
        Quantity("left_point", "int", "banque: the point of the left tableau"),
        Quantity("right_result", "str", "banque: win, lose or tie, the right tableau against the banker"),
        Quantity("left_result", "str", "banque: win, lose or tie, the left tableau against the banker"),
    ),
    compute=compute,
    rules=BaccaratRules,
    required=("banker",),
    explain=explain,
    summary=summary,
    records=records,
    card_inputs=("player", "banker", "right", "left"),
    tables=(TableDef("baccarat-tableau", "punto banco: when the bank side draws, and what the bets pay", _tableau),),
    default_tables=({"table": "baccarat-tableau"}, {"table": "house-rules"}),
    choices={"variant": tuple(Choice(k, v) for k, v in VARIANTS.items())},
)

GAMES = [BACCARAT]
