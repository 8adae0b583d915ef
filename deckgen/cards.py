"""Cards, ranks, suits, the card notation and the deck profiles.

Everything in deckgen that names a card goes through `parse_card`, so the card
notation of worked examples (docs/examples.md) is defined in exactly one place.

>>> from deckgen.cards import parse_card, parse_cards, format_cards, get_profile
>>> card = parse_card("Qh")
>>> card, card.rank, card.suit.plural, card.code
(Card(Q♥), <Rank.QUEEN: 12>, 'hearts', 'QH')
>>> format_cards(parse_cards("As, 10d Th jk2"))
'A♠ 10♦ 10♥ Jk2'
>>> len(get_profile("standard-54")), get_profile("pinochle-48").copies
(54, 2)

A token that is not a card is a `CardError` (a `deckgen.errors.DeckgenError`
and a `ValueError`) whose message quotes it:

>>> parse_card("1x")
Traceback (most recent call last):
...
deckgen.errors.CardError: '1x' is not a card: expected a rank (A K Q J 10 ... 2, or T) followed by a suit (♠ ♥ ♦ ♣ or S H D C), or a joker (Jk, Jk1, Joker)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from enum import Enum, IntEnum
from typing import Any

from deckgen.errors import CardError, unknown_choice

__all__ = [
    "BRIDGE_ORDER",
    "JOKERS_PER_PACK",
    "PROFILES",
    "RANKS_ACE_FIRST",
    "SUITS_IN_DECK_ORDER",
    "Card",
    "CardError",
    "DeckProfile",
    "Rank",
    "Suit",
    "build_profile",
    "check_unique",
    "format_cards",
    "get_profile",
    "joker",
    "parse_card",
    "parse_cards",
    "parse_rank",
    "parse_suit",
]


class Suit(Enum):
    """The four suits; the value is the upper-case letter used in file names."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def plural(self) -> str:
        return self.name.lower()

    def __str__(self) -> str:
        return self.symbol


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_NUMBER = {Suit.SPADES: 1, Suit.HEARTS: 2, Suit.DIAMONDS: 3, Suit.CLUBS: 4}
#: Suits in bridge order, lowest first (clubs, diamonds, hearts, spades).
BRIDGE_ORDER: tuple[Suit, ...] = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


class Rank(IntEnum):
    """Ranks with the ace high (14); games that count the ace low use `pip_value`."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def label(self) -> str:
        """What is printed in the corner index: A K Q J 10 9 ... 2."""
        return _RANK_LABELS[self]

    @property
    def is_court(self) -> bool:
        return self in (Rank.JACK, Rank.QUEEN, Rank.KING)

    @property
    def singular(self) -> str:
        return _RANK_NAMES[self][0]

    @property
    def plural(self) -> str:
        return _RANK_NAMES[self][1]

    def __str__(self) -> str:
        return self.label


_RANK_LABELS = {r: str(int(r)) for r in Rank if r <= 10} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_NAMES = {
    Rank.TWO: ("two", "twos"),
    Rank.THREE: ("three", "threes"),
    Rank.FOUR: ("four", "fours"),
    Rank.FIVE: ("five", "fives"),
    Rank.SIX: ("six", "sixes"),
    Rank.SEVEN: ("seven", "sevens"),
    Rank.EIGHT: ("eight", "eights"),
    Rank.NINE: ("nine", "nines"),
    Rank.TEN: ("ten", "tens"),
    Rank.JACK: ("jack", "jacks"),
    Rank.QUEEN: ("queen", "queens"),
    Rank.KING: ("king", "kings"),
    Rank.ACE: ("ace", "aces"),
}

_RANK_TOKENS = {"A": Rank.ACE, "K": Rank.KING, "Q": Rank.QUEEN, "J": Rank.JACK, "T": Rank.TEN}
_RANK_TOKENS.update({str(int(r)): r for r in Rank if r <= 10})
_SUIT_TOKENS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
_SUIT_TOKENS.update({sym: suit for suit, sym in _SUIT_SYMBOLS.items()})
# Text-presentation variants some editors produce (♤ ♡ ♢ ♧ and emoji selectors).
_SUIT_TOKENS.update({"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS})

_CARD_RE = re.compile(r"^(10|[2-9AKQJT])([SHDC♠♥♦♣♤♡♢♧])$", re.IGNORECASE)
_JOKER_RE = re.compile(r"^(?:JK|JOKER)([1-9]?)$", re.IGNORECASE)


@dataclass(frozen=True)
class Card:
    """One card. A joker has no rank or suit; `joker` numbers it (0 = not numbered)."""

    rank: Rank | None = None
    suit: Suit | None = None
    joker: int = 0

    def __post_init__(self) -> None:
        if self.is_joker:
            if self.rank is not None or self.suit is not None:
                raise CardError("a joker has no rank or suit")
        elif self.rank is None or self.suit is None:
            raise CardError("a card needs a rank and a suit, or is a joker")
        # Cards are hashed all the time (sets, counters, caches): the hash is worked out once, from
        # plain numbers (an enum member hashes through Python code), equal for equal cards.
        suit = _SUIT_NUMBER[self.suit] if self.suit is not None else 0
        object.__setattr__(self, "_hash", hash((int(self.rank or 0), suit, self.joker)))
        sort_key = (99, 0, self.joker) if self.is_joker else (-int(self.rank), -BRIDGE_ORDER.index(self.suit), 0)  # type: ignore[arg-type]
        object.__setattr__(self, "_sort_key", sort_key)

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickled: the numbers `__post_init__` works out are worked out again when the pickle
        lacks them (one made by an older deckgen, say), so `__hash__` can read them unguarded."""
        self.__dict__.update(state)
        if "_hash" not in state or "_sort_key" not in state:
            self.__post_init__()

    @property
    def is_joker(self) -> bool:
        return self.rank is None and self.suit is None

    @property
    def code(self) -> str:
        """File-name code: rank then suit letter upper case (`10H`, `QS`); jokers `JK1`, `JK2`."""
        if self.is_joker:
            return f"JK{self.joker or 1}"
        assert self.rank is not None and self.suit is not None
        return f"{self.rank.label}{self.suit.letter}"

    @property
    def is_red(self) -> bool:
        return self.suit is not None and self.suit.is_red

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """Rank high to low, then suit in bridge order, jokers last: for `sorted(cards, key=...)`.

        >>> format_cards(sorted(parse_cards("2♣ Jk A♥ A♠ 10♦"), key=lambda c: c.sort_key))
        'A♠ A♥ 10♦ 2♣ Jk'
        """
        return self._sort_key  # type: ignore[attr-defined, no-any-return]  # worked out once, in __post_init__

    def __str__(self) -> str:
        if self.is_joker:
            return f"Jk{self.joker}" if self.joker else "Jk"
        return f"{self.rank.label}{self.suit.symbol}"  # type: ignore[union-attr]

    def __repr__(self) -> str:
        return f"Card({self})"


#: One Card object for each of the 52 cards: `parse_card` hands out these, so the cards of every
#: example are the same objects and a look-up by card is found by identity.
_DECK = {(rank, suit): Card(rank, suit) for rank in Rank for suit in Suit}


def joker(number: int = 0) -> Card:
    """A joker; `number` tells the jokers of a deck apart (1, 2 ...), 0 when it does not matter."""
    return Card(None, None, number)


@lru_cache(maxsize=4096)  # a card is immutable and examples spell the same few dozen tokens
def parse_card(token: str) -> Card:
    """Read one card in deckgen's notation (A♠, As, 10h, Th, Jk, Jk2), or raise CardError quoting it.

    >>> parse_card("A♠"), parse_card("as"), parse_card("T♦"), parse_card("Joker")
    (Card(A♠), Card(A♠), Card(10♦), Card(Jk))
    >>> parse_card("Jk2").joker
    2
    """
    text = token.strip().replace("\ufe0f", "").replace("\ufe0e", "")
    match = _CARD_RE.match(text)
    if match:
        return _DECK[_RANK_TOKENS[match.group(1).upper()], _SUIT_TOKENS[match.group(2).upper()]]
    match = _JOKER_RE.match(text)
    if match:
        return joker(int(match.group(1) or 0))
    raise CardError(
        f"'{token}' is not a card: expected a rank (A K Q J 10 ... 2, or T) followed by a suit "
        f"(♠ ♥ ♦ ♣ or S H D C), or a joker (Jk, Jk1, Joker)",
        token,
    )




def parse_cards(text: str | Sequence[str] | Iterable[Card]) -> list[Card]:
    """Read a list of cards written as one string separated by spaces or commas (or a list of tokens).

    >>> parse_cards("K♠ Q♠, J♠")
    [Card(K♠), Card(Q♠), Card(J♠)]
    >>> parse_cards(["10c", "9c 8c"])
    [Card(10♣), Card(9♣), Card(8♣)]
    """
    if isinstance(text, str):
        return list(_parse_card_text(text))
    cards: list[Card] = []
    for item in text:
        if isinstance(item, Card):
            cards.append(item)
        elif isinstance(item, (str, int)):
            cards.extend(parse_cards(str(item)))
        else:
            raise CardError(f"'{item}' is not a card", str(item))
    return cards


@lru_cache(maxsize=8192)  # the same hands come back (a hole of two, a board of five): each is split once
def _parse_card_text(text: str) -> tuple[Card, ...]:
    # split at white space and commas: str.split() knows the very characters the pattern [\s,]+ did
    return tuple([parse_card(t) for t in text.replace(",", " ").split()])


def parse_rank(token: str | int) -> Rank:
    """Read a rank on its own (`K`, `10`, `t`, 7), or raise CardError quoting it.

    >>> parse_rank("t"), parse_rank(7), int(parse_rank("A"))
    (<Rank.TEN: 10>, <Rank.SEVEN: 7>, 14)
    """
    text = str(token).strip().upper()
    if text in _RANK_TOKENS:
        return _RANK_TOKENS[text]
    raise CardError(f"'{token}' is not a rank: expected A K Q J 10 9 8 7 6 5 4 3 2 (or T)", str(token))


def parse_suit(token: str) -> Suit:
    """Read a suit on its own (`♠`, `s`, `H`, `hearts`), or raise CardError quoting it.

    >>> parse_suit("s"), parse_suit("♥"), parse_suit("Diamond")
    (<Suit.SPADES: 'S'>, <Suit.HEARTS: 'H'>, <Suit.DIAMONDS: 'D'>)
    """
    text = str(token).strip().upper().replace("\ufe0f", "").replace("\ufe0e", "")
    if text in _SUIT_TOKENS:
        return _SUIT_TOKENS[text]
    names = {s.name: s for s in Suit} | {s.name[:-1]: s for s in Suit}
    if text in names:
        return names[text]
    raise CardError(f"'{token}' is not a suit: expected ♠ ♥ ♦ ♣ or S H D C", str(token))


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as a person writes them: `A♠ K♥ 10♦`."""
    return " ".join(str(c) for c in cards)


#: Jokers in one pack (standard-54); a double deck holds twice as many.
JOKERS_PER_PACK = 2


def check_unique(cards: Iterable[Card], copies: int = 1) -> None:
    """Raise CardError naming the first card dealt more often than `copies`.

    Numbered jokers count per number; all jokers together may not outnumber
    the jokers of `copies` packs (an unnumbered `Jk` is any one of them).

    >>> check_unique(parse_cards("A♠ K♠ A♠"), copies=2)
    >>> check_unique(parse_cards("A♠ K♠ A♠"))
    Traceback (most recent call last):
    ...
    deckgen.errors.CardError: card A♠ is dealt 2 times, but the deck holds it only once
    """
    cards = list(cards)
    if len(set(cards)) == len(cards):  # the usual case: no card twice, only the jokers to count
        jokers = [c.rank for c in cards].count(None)
        if jokers <= JOKERS_PER_PACK * copies:
            return
    counts = Counter(cards)
    for card, n in counts.items():
        if card.is_joker and card.joker == 0:
            continue
        if n > copies:
            held = "only once" if copies == 1 else f"only {copies} times"
            raise CardError(f"card {card} is dealt {n} times, but the deck holds it {held}", str(card))
    jokers = sum(1 for c in cards if c.is_joker)
    if jokers > JOKERS_PER_PACK * copies:
        raise CardError(
            f"{jokers} jokers are dealt, but the deck holds {JOKERS_PER_PACK * copies}", "Jk"
        )


# --------------------------------------------------------------------------- profiles

SUITS_IN_DECK_ORDER: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
RANKS_ACE_FIRST: tuple[Rank, ...] = (Rank.ACE,) + tuple(Rank(v) for v in range(2, 14))


@dataclass(frozen=True)
class DeckProfile:
    """A deck as data: which cards, in which order, and how many of each."""

    name: str
    description: str
    cards: tuple[Card, ...]
    #: What a person calls it ("standard 52-card deck"); the description when left out.
    label: str = ""

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.description)

    @property
    def copies(self) -> int:
        """How many times the most repeated card occurs (2 for pinochle and double decks)."""
        counts = Counter(self.cards)
        return max(counts.values()) if counts else 0

    def unique_cards(self) -> list[Card]:
        """Each distinct card once, in deck order: one face image each."""
        seen: dict[Card, None] = {}
        for card in self.cards:
            seen.setdefault(card, None)
        return list(seen)

    def __len__(self) -> int:
        return len(self.cards)


def _suited(ranks: Iterable[Rank]) -> tuple[Card, ...]:
    ranks = tuple(ranks)
    return tuple(Card(r, s) for s in SUITS_IN_DECK_ORDER for r in ranks)


def _jokers(n: int) -> tuple[Card, ...]:
    return tuple(joker(i) for i in range(1, n + 1))


def build_profile(
    name: str,
    base: DeckProfile | None = None,
    *,
    description: str = "",
    add: Iterable[Card] = (),
    remove: Iterable[Card] = (),
    jokers: int | None = None,
) -> DeckProfile:
    """A custom profile: a base deck with cards added or removed and its own number of jokers.

    >>> short = build_profile("short", get_profile("standard-54"), remove=parse_cards("2s 2h 2d 2c"), jokers=1)
    >>> len(short), short.cards[-1], short.description
    (49, Card(Jk1), 'custom deck of 49 cards')
    """
    base = base or PROFILES["standard-52"]
    removed = set(remove)
    cards = [c for c in base.cards if c not in removed and not c.is_joker]
    cards.extend(c for c in add if not c.is_joker)
    n_jokers = jokers if jokers is not None else sum(1 for c in base.cards if c.is_joker)
    cards.extend(_jokers(n_jokers))
    return DeckProfile(name, description or f"custom deck of {len(cards)} cards", tuple(cards))


_STANDARD = _suited(RANKS_ACE_FIRST)
_PIQUET_RANKS = (Rank.ACE, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
_EUCHRE_RANKS = (Rank.ACE, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)

PROFILES: dict[str, DeckProfile] = {
    p.name: p
    for p in (
        DeckProfile("standard-54", "52 cards and 2 jokers", _STANDARD + _jokers(2), "standard 52-card deck and two jokers"),
        DeckProfile("standard-52", "52 cards, no jokers", _STANDARD, "standard 52-card deck"),
        DeckProfile("piquet-32", "32 cards, 7 to ace", _suited(_PIQUET_RANKS), "32-card piquet deck"),
        DeckProfile("euchre-24", "24 cards, 9 to ace", _suited(_EUCHRE_RANKS), "24-card euchre deck"),
        DeckProfile("pinochle-48", "48 cards, 9 to ace twice", _suited(_EUCHRE_RANKS) * 2, "48-card pinochle deck"),
        DeckProfile(
            "farmer-45",
            "45 cards: no 8s, and no 6s but the 6♥",
            tuple(
                c
                for c in _STANDARD
                if c.rank != Rank.EIGHT and (c.rank != Rank.SIX or c.suit == Suit.HEARTS)
            ),
            "45-card farmer deck (no 8s, and the 6♥ the only six)",
        ),
        DeckProfile("double-104", "two full 52-card decks (two backs)", _STANDARD * 2, "two standard 52-card decks"),
        DeckProfile("bezique-64", "64 cards: two 32-card piquet packs", _suited(_PIQUET_RANKS) * 2,
                    "64-card bezique deck (two piquet packs)"),
        DeckProfile("bezique-128", "128 cards: four 32-card piquet packs", _suited(_PIQUET_RANKS) * 4,
                    "128-card rubicon bezique deck (four piquet packs)"),
    )
}


def deck_label(name: str) -> str:
    """What a person calls the deck a profile name stands for; an unknown name is shown as it is.

    >>> deck_label("standard-52")
    'standard 52-card deck'
    """
    profile = PROFILES.get(str(name).strip().lower())
    return profile.label if profile else str(name)


def get_profile(name: str) -> DeckProfile:
    """The built-in profile of that name, or CardError listing the names that exist."""
    try:
        return PROFILES[name]
    except KeyError:
        raise CardError(unknown_choice("deck profile", name, PROFILES), name) from None
