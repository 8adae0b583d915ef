"""Pay Me: which ranks are wild in a given deal, whether melds are legal, and the deadwood count.

The hand size grows from 3 cards (deal 1) to 13 (deal 11), and the rank equal to
the hand size is wild for that deal (3s, then 4s ... jacks at 11 cards, queens at
12, kings at 13), besides the jokers and 2s that are always wild.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import product
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, format_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, cards_field, rule, said_list, unique_cards

__all__ = [
    "ACE_CHOICES",
    "GAMES",
    "PAY_ME",
    "PayMeRules",
    "card_points",
    "compute",
    "explain",
    "hand_size",
    "is_wild",
    "meld_ok",
    "wild_ranks",
]

FIRST_SIZE, LAST_SIZE = 3, 13
ACE_CHOICES = ("low", "high", "either")


def hand_size(inputs: Mapping[str, Any]) -> int:
    """The number of cards dealt, from `hand_size` or from the deal number (deal 1 has 3 cards)."""
    if "hand_size" in inputs and "deal" in inputs:
        size, deal = inputs["hand_size"], inputs["deal"]
        if not isinstance(deal, int) or deal + 2 != size:
            raise ExampleError(f"deal: deal {deal} has {deal + 2 if isinstance(deal, int) else '?'} cards, not {size}", "deal")
    if "hand_size" in inputs:
        size, field = inputs["hand_size"], "hand_size"
    elif "deal" in inputs:
        deal = inputs["deal"]
        if not isinstance(deal, int) or isinstance(deal, bool) or not 1 <= deal <= LAST_SIZE - 2:
            raise ExampleError(f"deal: expected a deal number from 1 to {LAST_SIZE - 2}, got '{deal}'", "deal")
        return deal + 2
    else:
        raise ExampleError("pay-me needs the field 'hand_size' (3 to 13) or 'deal' (1 to 11)", "hand_size")
    if not isinstance(size, int) or isinstance(size, bool) or not FIRST_SIZE <= size <= LAST_SIZE:
        raise ExampleError(f"{field}: expected a hand size from 3 to 13, got '{size}'", field)
    return size


def wild_ranks(size: int, rules: PayMeRules | Mapping[str, Any] | None = None) -> list[Rank]:
    """The ranks wild in a deal of `size` cards: the deal's own rank, and 2s when the house keeps them wild."""
    house = PayMeRules.of(rules)
    ranks = [Rank(size)]
    if house.deuces_wild and Rank.TWO not in ranks:
        ranks.insert(0, Rank.TWO)
    return ranks


def is_wild(card: Card, wild: list[Rank]) -> bool:
    return card.is_joker or card.rank in wild


def card_points(card: Card, wild: list[Rank], rules: PayMeRules | Mapping[str, Any] | None = None) -> int:
    """Deadwood value: a wild card, then K-8, then 7-A, each at its house value."""
    house = PayMeRules.of(rules)
    if is_wild(card, wild):
        return int(house.wild_points)
    assert card.rank is not None
    return int(house.high_points) if Rank.EIGHT <= card.rank <= Rank.KING else int(house.low_points)


def _fits_set(naturals: list[Card], n_wild: int) -> bool:
    size = len(naturals) + n_wild
    if not 3 <= size <= 4:
        return False
    if len({c.rank for c in naturals}) > 1:
        return False
    return len({c.suit for c in naturals}) == len(naturals)


def _fits_run(naturals: list[Card], n_wild: int, ace: str) -> bool:
    size = len(naturals) + n_wild
    if size < 3 or not naturals or len({c.suit for c in naturals}) > 1:
        return False
    tops = [14] if ace == "high" else [1] if ace == "low" else [1, 14]
    for ace_value in tops:
        values = sorted(ace_value if c.rank == Rank.ACE else int(c.rank) for c in naturals)  # type: ignore[arg-type]
        if len(set(values)) != len(values):
            continue
        lowest_card = 1 if ace_value == 1 else 2
        highest_card = 14 if ace_value == 14 else 13
        for start in range(lowest_card, highest_card - size + 2):
            window = range(start, start + size)
            if not all(v in window for v in values):
                continue
            wild_slots = [v not in values for v in window]
            if not any(a and b for a, b in zip(wild_slots, wild_slots[1:])):
                return True
    return False


def meld_ok(cards: list[Card], wild: list[Rank], rules: PayMeRules | Mapping[str, Any] | None = None) -> bool:
    """A legal set or run, trying each wild-rank card both as wild and as its natural self.

    >>> from deckgen.cards import parse_cards
    >>> wild = wild_ranks(5)  # a five-card deal: 5s wild, and 2s
    >>> wild
    [<Rank.TWO: 2>, <Rank.FIVE: 5>]
    >>> meld_ok(parse_cards("5♥ 2♣ 7♥"), wild)
    True
    """
    house = PayMeRules.of(rules)
    flexible = [c for c in cards if is_wild(c, wild) and not c.is_joker]
    fixed_naturals = [c for c in cards if not is_wild(c, wild)]
    jokers = sum(1 for c in cards if c.is_joker)
    ace = str(house.ace).strip().lower()  # one of ACE_CHOICES: its declaration says so
    for as_wild in product((True, False), repeat=len(flexible)):
        naturals = fixed_naturals + [c for c, w in zip(flexible, as_wild) if not w]
        n_wild = jokers + sum(as_wild)
        if 2 * n_wild > len(cards):  # at most half of a meld may be wild
            continue
        if _fits_set(naturals, n_wild) or _fits_run(naturals, n_wild, ace):
            return True
    return False


def _melds(inputs: Mapping[str, Any]) -> list[list[Card]]:
    raw = inputs.get("melds")
    if raw is None:
        return []
    if isinstance(raw, str) or not isinstance(raw, list):
        raise ExampleError("melds: expected a list of melds, each written as a card string", "melds")
    return [cards_field({"melds": m}, "melds") for m in raw]


def compute(inputs: Mapping[str, Any], rules: PayMeRules | Mapping[str, Any]) -> dict[str, Any]:
    """Wild ranks of the deal, meld legality, and each player's deadwood added to the score."""
    house = PayMeRules.of(rules)
    size = hand_size(inputs)
    wild = wild_ranks(size, house)
    decks = inputs.get("decks", 1)
    if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= 3:
        raise ExampleError(f"decks: expected 1, 2 or 3 decks shuffled together, got '{decks}'", "decks")
    melds = _melds(inputs)
    deadwood = cards_field(inputs, "deadwood", required=False)
    hands: dict[str, list[Card]] = {}
    players = inputs.get("players") or {}
    if not isinstance(players, Mapping):
        raise ExampleError("players: expected a mapping of player name to deadwood cards", "players")
    for name in players:
        hands[str(name)] = cards_field(players, name) if players[name] else []
    unique_cards([c for m in melds for c in m] + deadwood + [c for h in hands.values() for c in h], decks, "pay-me")
    for name, cards in [("deadwood", deadwood)] + [(f"players: {n}'s cards", h) for n, h in hands.items()]:
        if len(cards) > size:
            raise ExampleError(f"{name}: {len(cards)} cards left, but only {size} are held in this deal", name.split(":")[0])
    before = inputs.get("scores") or {}
    if not isinstance(before, Mapping) or any(str(k) not in hands for k in before):
        raise ExampleError("scores: expected the earlier scores of the players named under 'players'", "scores")
    for name, value in before.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise ExampleError(f"scores: {name}'s earlier score must be a whole number, got {value!r}", "scores")
    points = {name: sum(card_points(c, wild, house) for c in cards) for name, cards in hands.items()}
    totals = {name: int(before.get(name, 0)) + p for name, p in points.items()}
    low = min(totals.values()) if totals else None
    return {
        "hand_size": size,
        "wild_ranks": [r.label for r in wild] + ["Jk"],
        "melds_valid": all(meld_ok(m, wild, house) for m in melds) if melds else None,
        "deadwood_points": sum(card_points(c, wild, house) for c in deadwood),
        "points": points,
        "totals": totals,
        "leaders": [n for n, t in totals.items() if t == low],
    }


def explain(inputs: Mapping[str, Any], rules: PayMeRules | Mapping[str, Any]) -> list[str]:
    """The deal's wild cards, each meld's verdict and the deadwood counts."""
    result = compute(inputs, rules)
    wild = wild_ranks(result["hand_size"], rules)
    lines = [f"{result['hand_size']} cards dealt: wild are " + ", ".join(result["wild_ranks"])]
    for meld in _melds(inputs):
        lines.append(f"{format_cards(meld)}: {'a legal meld' if meld_ok(meld, wild, rules) else 'not a legal meld'}")
    deadwood = cards_field(inputs, "deadwood", required=False)
    if deadwood:
        lines.append(f"Deadwood {format_cards(deadwood)} counts {result['deadwood_points']}")
    for name, p in result["points"].items():
        lines.append(f"{name} adds {p}, total {result['totals'][name]}")
    return lines


#: Ranks as a player says them in the plural ("sevens are wild").
_PLURAL = {"A": "aces", "K": "kings", "Q": "queens", "J": "jacks", "Jk": "jokers"}


def wild_words(result: Mapping[str, Any]) -> str:
    """The deal's wild cards in a sentence: "In the 7-card deal, 7s, 2s and jokers are wild"."""
    ranks = sorted(result["wild_ranks"], key=lambda r: r == "2")  # the deal's own rank first, then the 2s
    ranks.sort(key=lambda r: r == "Jk")
    names = [_PLURAL.get(r, f"{r}s") for r in ranks]
    return f"In the {result['hand_size']}-card deal, {said_list(names)} are wild"


def summary(inputs: Mapping[str, Any], rules: PayMeRules | Mapping[str, Any]) -> list[str]:
    """The wild cards of the deal, then the verdict on the melds, the deadwood or the scores."""
    house = PayMeRules.of(rules)
    result = compute(inputs, house)
    wild = wild_ranks(result["hand_size"], house)
    said = []
    melds = _melds(inputs)
    good = [format_cards(m) for m in melds if meld_ok(m, wild, house)]
    bad = [format_cards(m) for m in melds if not meld_ok(m, wild, house)]
    if good:
        said.append(f"{said_list(good)} {'is a legal meld' if len(good) == 1 else 'are legal melds'}")
    if bad:
        said.append(f"{said_list(bad)} {'is not a legal meld' if len(bad) == 1 else 'are not legal melds'}")
    deadwood = cards_field(inputs, "deadwood", required=False)
    if deadwood:
        said.append(f"the cards left, {format_cards(deadwood)}, count {result['deadwood_points']}")
    if result["points"]:
        carried = bool(inputs.get("scores"))
        # "Ann adds 40 (50 in all), Bob 0 (30), Cy 5 (17)": the words once, then only the numbers
        adds = [
            (f"{n} adds {p}" if i == 0 else f"{n} {p}")
            + (f" ({result['totals'][n]}{' in all' if i == 0 else ''})" if carried else "")
            for i, (n, p) in enumerate(result["points"].items())
        ]
        lead = result["leaders"]
        said.append(
            ", ".join(adds) + f": {said_list(lead)} {'has' if len(lead) == 1 else 'share'} the lowest score"
        )
    out = [wild_words(result) + "."]
    if said:
        out.append("; ".join(said)[0].upper() + "; ".join(said)[1:] + ".")
    return out


@dataclass(frozen=True)
class PayMeRules(Rules):
    """The house rules of pay me: card values, deuces and the ace."""

    game: ClassVar[str] = "pay-me"
    wild_points: int = rule(
        15,
        'Points for a wild card',
        "Deadwood value of a wild card (joker, 2 or the deal's wild rank).",
    )
    high_points: int = rule(
        10,
        "Points for a king down to an 8",
        "Deadwood value of a king down to an 8.",
    )
    low_points: int = rule(
        5,
        "Points for a 7 down to an ace",
        "Deadwood value of a 7 down to an ace.",
    )
    deuces_wild: bool = rule(
        True,
        "Deuces wild",
        "Whether 2s are wild in every deal, besides the jokers.",
        phrases=("deuces wild", "deuces not wild"),
    )
    ace: str = rule(
        "either",
        'The ace in runs',
        "Where an ace may sit in a run: 'low' (A-2-3), 'high' (Q-K-A) or 'either' (not both at once).",
        choices={'low': 'low (A-2-3)', 'high': 'high (Q-K-A)', 'either': 'high or low'},
    )


PAY_ME = GameSpec(
    name="pay-me",
    title="Pay Me",
    inputs={
        "hand_size": "cards dealt to each player this deal, 3 to 13",
        "deal": "the deal's number, 1 to 11 (deal 1 has 3 cards); instead of hand_size",
        "melds": "a list of melds, each a card string, to check for legality (optional)",
        "deadwood": "one player's unmelded cards after laying off (optional)",
        "players": "several players' unmelded cards: {name: cards} (optional)",
        "scores": "the players' scores before this deal: {name: points} (optional)",
        "decks": "how many decks are shuffled together, 1 to 3 (default 1)",
    },
    quantities=(
        Quantity("hand_size", "int", "cards dealt this deal"),
        Quantity("wild_ranks", "set", "the wild ranks this deal, with Jk for the jokers"),
        Quantity("melds_valid", "bool", "true when every meld given is a legal set or run"),
        Quantity("deadwood_points", "int", "the value of the cards under 'deadwood'"),
        Quantity("points", "mapping", "each player's deadwood count this deal"),
        Quantity("totals", "mapping", "each player's score after adding this deal"),
        Quantity("leaders", "set", "the player(s) with the lowest score"),
    ),
    compute=compute,
    rules=PayMeRules,
    explain=explain,
    summary=summary,
    card_inputs=("melds", "deadwood", "players"),
)

GAMES = [PAY_ME]
