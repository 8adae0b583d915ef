"""Banking games settled card by card: faro, and banker and broker (blind hookey).

In both, one player (or the house) is the banker and every other player bets
against the bank alone; the scoring is the settlement between them.

- **Faro**: the players stake on ranks. Each *turn* the dealer shows two
  cards: the first, the *loser* (the banker's card), takes the stakes on its
  rank; the second, the *winner* (the players' card), pays the stakes on its
  rank at even money. A *coppered* stake is a bet the other way round. When
  both cards are of one rank (a *split*) the bank takes half the stakes on
  that rank, coppered or not. A stake on *high card* wins when the players'
  card outranks the banker's and loses when it is lower.
- **Banker and broker**: the pack is cut into piles, the players stake on
  piles and the banker keeps one; the bottom cards are turned up, and each
  stake on a pile whose card is higher than the banker's is paid at even
  money, each on a pile equal or lower is lost. A player who staked on an ace
  takes the bank next, unless the banker has an ace too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, check_unique, parse_card, parse_rank
from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, Record, Rules, rule, said_list
from deckgen.errors import CardError

__all__ = ["BANKER_AND_BROKER", "FARO", "FaroRules", "GAMES", "faro_turn", "hookey"]


def _rank(card: Card) -> int:
    """Aces high, as both games rank them."""
    assert card.rank is not None
    return 14 if card.rank == Rank.ACE else int(card.rank)


def _card(value: Any, field: str) -> Card:
    try:
        card = parse_card(str(value))
    except CardError as exc:
        raise ExampleError(f"{field}: {exc}", field) from None
    if card.is_joker:
        raise ExampleError(f"{field}: the game is played without jokers", field)
    return card


def _stake(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ExampleError(f"{field}: expected a whole number of chips (1 or more), got {value!r}", field)
    return value


def _amount(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def _signed(value: int | float) -> str:
    return f"{value:+g}" if value else "0"


# ----------------------------------------------------------------------------- faro

HIGH = "high"


@dataclass(frozen=True)
class FaroRules(Rules):
    """What the bank takes on a split."""

    game: ClassVar[str] = "faro"
    split_share: int = rule(
        50, "Split", "The share, in per cent, of each stake on a split rank that the bank takes (a half in every source used).",
        minimum=0, unit="per cent",
    )


def _faro_bets(inputs: Mapping[str, Any]) -> dict[str, list[tuple[str, Rank | None, bool, int]]]:
    """Each player's stakes as (as written, rank or None for high card, coppered, chips)."""
    raw = inputs["bets"]
    if not isinstance(raw, Mapping) or not raw:
        raise ExampleError("bets: expected each player's stakes, e.g. {Ann: {9: 10, copper 5: 10, high: 5}}", "bets")
    out: dict[str, list[tuple[str, Rank | None, bool, int]]] = {}
    for name, stakes in raw.items():
        field = f"bets.{name}"
        if not isinstance(stakes, Mapping) or not stakes:
            raise ExampleError(f"{field}: expected the ranks staked on and the chips, e.g. {{9: 10, copper 5: 10}}", field)
        made = []
        for key, chips in stakes.items():
            words = str(key).strip().lower().split()
            coppered = bool(words) and words[0] == "copper"
            target = " ".join(words[1:] if coppered else words)
            if target == HIGH:
                rank = None
            else:
                try:
                    rank = parse_rank(target)
                except CardError:
                    raise ExampleError(f"{field}: '{key}' is not a stake: expected a rank (A, 2 ... 10, J, Q, K) or high, "
                                       "either one after the word copper for a coppered stake", field) from None
            made.append((str(key), rank, coppered, _stake(chips, f"{field}.{key}")))
        out[str(name)] = made
    return out


def faro_turn(inputs: Mapping[str, Any], rules: FaroRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Settle every stake on one turn of faro: the banker's card first, the players' card second."""
    r = FaroRules.of(rules)
    loser, winner = _card(inputs["loser"], "loser"), _card(inputs["winner"], "winner")
    if loser == winner:
        raise ExampleError(f"winner: {winner} is the loser too; a turn shows two cards of the pack", "winner")
    split = loser.rank == winner.rank
    payouts: dict[str, int | float] = {}
    for name, stakes in _faro_bets(inputs).items():
        net = Fraction(0)
        for _, rank, coppered, chips in stakes:
            if rank is None:  # high card: a push on a split
                if split:
                    continue
                wins = _rank(winner) > _rank(loser)
            elif rank == loser.rank and rank == winner.rank:
                net -= Fraction(chips * r.split_share, 100)
                continue
            elif rank == winner.rank:
                wins = True
            elif rank == loser.rank:
                wins = False
            else:
                continue  # the stake stays on the layout for the next turn
            net += chips if wins != coppered else -chips
        payouts[name] = _amount(net)
    bank = _amount(-sum((Fraction(v) for v in payouts.values()), Fraction(0)))
    return {"split": split, "payouts": payouts, "bank": bank}


def _faro_compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    return faro_turn(inputs, rules)


def _faro_explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = faro_turn(inputs, rules)
    loser, winner = _card(inputs["loser"], "loser"), _card(inputs["winner"], "winner")
    lines = [f"Banker's card {loser}, players' card {winner}" + (": a split" if res["split"] else "")]
    lines += [f"{name}: {_signed(amount)}" for name, amount in res["payouts"].items()]
    lines.append(f"The bank: {_signed(res['bank'])}")
    return lines


def _faro_summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = faro_turn(inputs, rules)
    loser, winner = _card(inputs["loser"], "loser"), _card(inputs["winner"], "winner")
    first = f"{loser} loses and {winner} wins" + (": a split, and the bank takes its share of the stakes on that rank." if res["split"] else ".")
    said = []
    for name, amount in res["payouts"].items():
        said.append(f"{name} {'wins' if amount > 0 else 'loses'} {abs(amount):g}" if amount else f"{name}'s stakes stand")
    bank = res["bank"]
    said.append(f"the bank {'wins' if bank > 0 else 'pays'} {abs(bank):g}" if bank else "the bank is level")
    text = "; ".join(said)
    return [first, text[0].upper() + text[1:] + "."]


def _faro_records(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[Record]:
    res = faro_turn(inputs, rules)
    rows = []
    for name, stakes in _faro_bets(inputs).items():
        shown = ", ".join(f"{chips} on {'coppered ' if coppered else ''}{'high card' if rank is None else rank.label}"
                          for _, rank, coppered, chips in stakes)
        rows.append((name, shown, _signed(res["payouts"][name])))
    return [Record(("bets",), ("Player", "Stakes", "Wins"), tuple(rows), ("left", "left", "right"))]


FARO = GameSpec(
    name="faro",
    title="Faro: settling a turn",
    inputs={
        "loser": "the first card of the turn, the banker's card",
        "winner": "the second card of the turn, the players' card",
        "bets": "each player's stakes: rank or high, 'copper' before it for a coppered stake, and the chips, "
                "e.g. {Ann: {9: 10, copper 5: 10, high: 5}}",
    },
    quantities=(
        Quantity("split", "bool", "whether both cards of the turn are of one rank"),
        Quantity("payouts", "mapping", "what each player wins on the turn (negative: loses; 0: every stake stands)"),
        Quantity("bank", "int", "what the bank wins on the turn (negative: pays)"),
    ),
    compute=_faro_compute,
    rules=FaroRules,
    required=("loser", "winner", "bets"),
    explain=_faro_explain,
    summary=_faro_summary,
    records=_faro_records,
    card_inputs=("loser", "winner"),
)


# ----------------------------------------------------------------------------- banker and broker


def hookey(inputs: Mapping[str, Any]) -> dict[str, Any]:
    """Settle every stake on the piles against the banker's pile; say who holds the bank next."""
    dealer = str(inputs.get("dealer", "Banker"))
    banker = _card(inputs["banker"], "banker")
    raw = inputs["bets"]
    if not isinstance(raw, Mapping) or not raw:
        raise ExampleError("bets: expected each player's stakes by the bottom card of the pile, e.g. {Ann: {9♠: 10}}", "bets")
    if dealer in map(str, raw):
        raise ExampleError(f"bets: {dealer} is the banker and stakes on no pile", "bets")
    piles: dict[Card, None] = {}
    payouts: dict[str, int] = {}
    aces: list[str] = []
    for name, stakes in raw.items():
        field = f"bets.{name}"
        if not isinstance(stakes, Mapping) or not stakes:
            raise ExampleError(f"{field}: expected the piles staked on, by their bottom card, and the chips, e.g. {{9♠: 10}}", field)
        net = 0
        for key, chips in stakes.items():
            card = _card(key, field)
            piles[card] = None
            amount = _stake(chips, f"{field}.{key}")
            net += amount if _rank(card) > _rank(banker) else -amount
            if card.rank == Rank.ACE and str(name) not in aces:
                aces.append(str(name))
        payouts[str(name)] = net
    try:
        check_unique([banker, *piles])
    except CardError as exc:
        raise ExampleError(f"bets: {exc}: the banker's pile and the players' piles end in different cards", "bets") from None
    if banker.rank == Rank.ACE or not aces:
        following = dealer
    else:
        following = aces[0] if len(aces) == 1 else NOBODY
    return {"payouts": payouts, "banker_wins": -sum(payouts.values()), "next_banker": following}


def _hookey_compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    return hookey(inputs)


def _hookey_explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = hookey(inputs)
    dealer = str(inputs.get("dealer", "Banker"))
    lines = [f"{dealer}'s pile: {_card(inputs['banker'], 'banker')}"]
    lines += [f"{name}: {_signed(amount)}" for name, amount in res["payouts"].items()]
    lines.append(f"{dealer}: {_signed(res['banker_wins'])}")
    lines.append(f"Next banker: {res['next_banker'] or 'the players with aces cut for it'}")
    return lines


def _hookey_summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = hookey(inputs)
    dealer = str(inputs.get("dealer", "Banker"))
    banker = _card(inputs["banker"], "banker")
    said = [f"{name} {'wins' if amount > 0 else 'loses'} {abs(amount)}" if amount else f"{name} is level"
            for name, amount in res["payouts"].items()]
    net = res["banker_wins"]
    first = f"{dealer}'s pile shows {banker}: " + "; ".join(said) + "; " + (
        f"{dealer} {'wins' if net > 0 else 'pays'} {abs(net)}." if net else f"{dealer} is level.")
    following = res["next_banker"]
    if following == dealer:
        second = f"{dealer} keeps the bank" + (", holding an ace." if banker.rank == Rank.ACE else ".")
    elif following:
        second = f"{following} staked on an ace and takes the bank."
    else:
        holders = said_list([n for n, stakes in inputs["bets"].items()
                             if any(_card(k, 'bets').rank == Rank.ACE for k in stakes)])
        second = f"{holders} staked on aces and cut for the bank."
    return [first, second]


def _hookey_records(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[Record]:
    res = hookey(inputs)
    rows = tuple(
        (str(name), ", ".join(f"{chips} on the {_card(key, 'bets')} pile" for key, chips in stakes.items()),
         _signed(res["payouts"][str(name)]))
        for name, stakes in inputs["bets"].items()
    )
    return [Record(("bets",), ("Player", "Stakes", "Wins"), rows, ("left", "left", "right"))]


BANKER_AND_BROKER = GameSpec(
    name="banker-and-broker",
    title="Banker and broker: settling a deal",
    inputs={
        "dealer": "the banker's name (Banker unless given)",
        "banker": "the bottom card of the banker's pile",
        "bets": "each player's stakes by the bottom card of the pile staked on, e.g. {Ann: {9♠: 10, K♥: 5}}",
    },
    quantities=(
        Quantity("payouts", "mapping", "what each player wins (negative: loses)"),
        Quantity("banker_wins", "int", "what the banker wins from the players (negative: pays)"),
        Quantity("next_banker", "str", "who holds the bank next: a player who staked on an ace, else the banker; "
                                       "nobody when several did (they cut for it)"),
    ),
    compute=_hookey_compute,
    required=("banker", "bets"),
    explain=_hookey_explain,
    summary=_hookey_summary,
    records=_hookey_records,
    card_inputs=("banker",),
)

GAMES = [BANKER_AND_BROKER, FARO]
