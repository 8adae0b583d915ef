"""Does the deck being built fit a game of its booklet? Its cards, and what its courts look like.

A rules source says what its game needs in its front matter: `deck:` (a profile name such
as `standard-52`, or words) with `cards: {packs: 2, jokers: 4}` when the words are not a
profile, and `looks: [one-eyed jacks]` when a rule tells cards apart by how a standard pack
draws them. The booklet names such cards by rank and suit in its prose; this module says,
for one deck, whether the table can also see the look (`deck_looks`), and words what does
not fit for the chapter's opening and for a build warning (`fit`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from deckgen.booklet.sources import RulesSource, load_source
from deckgen.cards import PROFILES, Card, DeckProfile, Rank, format_cards, parse_cards
from deckgen.design import Design
from deckgen.engine.base import said_list
from deckgen.errors import UserError, unknown_choice

__all__ = ["DRAWN_LOOKS", "LOOKS", "DeckFit", "Look", "deck_looks", "deck_needed", "fit", "games_for"]


@dataclass(frozen=True)
class Look:
    """A look some rules rely on: the cards that have it and how a standard pack draws them."""

    name: str
    cards: tuple[Card, ...]
    #: How a standard pack draws these cards, as a sentence continues "... are drawn".
    drawn: str
    #: The other cards of their rank, from which the look tells them apart ("the other jacks").
    others: str


LOOKS: dict[str, Look] = {
    look.name: look
    for look in (
        Look("one-eyed jacks", tuple(parse_cards("J♠ J♥")), "in profile, one eye showing", "the other jacks"),
        Look("suicide king", tuple(parse_cards("K♥")), "with a sword behind his head", "the other kings"),
        Look("one-eyed king", tuple(parse_cards("K♦")), "in profile, one eye showing", "the other kings"),
    )
}

#: The looks the deck's own court drawings show (deckgen.render.courts draws the courts without a
#: photo): J♠, J♥ and K♦ in profile, one eye showing (courts.PROFILE), so the booklet says so for
#: every deck whose cards are drawn. K♥ holds his sword at his side, not behind his head: the
#: suicide king is not drawn, and a chapter relying on him names the card.
DRAWN_LOOKS: frozenset[str] = frozenset({"one-eyed jacks", "one-eyed king"})


@dataclass(frozen=True)
class DeckFit:
    """What one deck lacks for one game: sentences for the chapter's opening, lines for the build."""

    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


def deck_looks(design: Design) -> frozenset[str]:
    """The looks this deck shows: every card of the look is in the deck and drawn (no photo)."""
    cards = set(design.profile.cards)
    return frozenset(
        name
        for name, look in LOOKS.items()
        if name in DRAWN_LOOKS and all(c in cards and design.faces.art(c).photo is None for c in look.cards)
    )


def chapter_looks(source: RulesSource) -> list[Look]:
    """The looks a chapter's rules rely on (`looks:` in its front matter); an unknown one is an error."""
    names = source.meta.get("looks") or []
    if isinstance(names, str):
        names = [names]
    if not isinstance(names, list):
        raise UserError(f"{source.path}:1: looks: expected a list, e.g. [one-eyed jacks]")
    looks = []
    for name in names:
        look = LOOKS.get(str(name).strip().lower())
        if look is None:
            raise UserError(f"{source.path}:1: looks: " + unknown_choice("look", str(name), LOOKS))
        looks.append(look)
    return looks


def needed_cards(source: RulesSource) -> Counter[Card | str] | None:
    """The cards a game needs, each as often as it needs it (jokers counted as one kind), or None
    when its front matter does not say in a way that can be counted."""
    cards = source.meta.get("cards")
    if isinstance(cards, Mapping):
        packs, jokers = cards.get("packs", 1), cards.get("jokers", 0)
        if isinstance(packs, bool) or not isinstance(packs, int) or isinstance(jokers, bool) or not isinstance(jokers, int) or packs < 0 or jokers < 0:
            raise UserError(f"{source.path}:1: cards: expected whole numbers, e.g. {{packs: 2, jokers: 4}}")
        return _counted(PROFILES["standard-52"].cards * packs, jokers)
    if cards is not None:
        raise UserError(f"{source.path}:1: cards: expected {{packs: <number>, jokers: <number>}}")
    profile = PROFILES.get(str(source.meta.get("deck", "")).strip().lower())
    return _counted(profile.cards) if profile is not None else None


#: The one kind every joker of a pack counts as (jokers differ only in their number).
_JOKER = "joker"


def deck_needed(source: RulesSource) -> str:
    """The deck a game asks for, as `deckgen games` lists it: its profile (`pinochle-48`), the packs
    and jokers its `cards:` counts ("2 packs, 4 jokers"), or the words of its `deck:`."""
    cards = source.meta.get("cards")
    if isinstance(cards, Mapping):
        packs, jokers = cards.get("packs", 1), cards.get("jokers", 0)
        text = f"{packs} standard pack{'s' if packs != 1 else ''}"
        return text + (f", {jokers} joker{'s' if jokers != 1 else ''}" if jokers else "")
    return str(source.meta.get("deck", "") or "standard-52")


def _counted(cards: tuple[Card, ...], jokers: int = 0) -> Counter[Card | str]:
    count: Counter[Card | str] = Counter(c for c in cards if not c.is_joker)
    jokers += sum(1 for c in cards if c.is_joker)
    if jokers:
        count[_JOKER] = jokers
    return count


def _fits(need: Counter[Card | str], have: Counter[Card | str]) -> bool:
    return all(have[c] >= n for c, n in need.items())


def games_for(profile: DeckProfile, usual: list[str]) -> list[str]:
    """The games to propose for a booklet printed with `profile`: `usual` when every one of them can be
    played with it, else the games made for this deck (their `deck:` is its profile), then the other
    games of a short pack that it holds (euchre's 24 cards in a pinochle or piquet deck). Empty when
    the library has nothing for it."""
    from deckgen.houserules import rules_sources  # late: config reads the rules folder

    have = _counted(profile.cards)
    sources = {name: load_source(path) for name, path in rules_sources().items()}
    needs = {name: needed_cards(source) for name, source in sources.items()}
    if all(needs.get(name) is not None and _fits(needs[name], have) for name in usual):  # type: ignore[arg-type]
        return list(usual)
    own = [n for n, s in sources.items() if str(s.meta.get("deck", "")).strip().lower() == profile.name]
    standard = _counted(PROFILES["standard-52"].cards)
    short = [n for n, need in needs.items() if n not in own and need is not None and _fits(need, have)
             and not _fits(standard, need)]
    return own + short


def _number(n: int) -> str:
    return ("no", "one", "two", "three", "four", "five", "six")[n] if n <= 6 else str(n)


def fit(design: Design, source: RulesSource) -> DeckFit:
    """What the deck lacks for the chapter's game: more cards, other cards, or a look its rules use."""
    notes: list[str] = []
    warnings: list[str] = []
    title = source.title
    need = needed_cards(source)
    if need is not None:
        have = _counted(design.profile.cards)
        missing = [c for c in need if c not in have]  # in the pack's order
        size = sum(need.values())
        if missing:
            cards = [c for c in missing if isinstance(c, Card)]
            lacks = [f"lacks {len(cards)} of the cards it needs ({_some(cards)})"] if cards else []
            if _JOKER in missing:
                lacks.append("has no jokers")
            notes.append(f"This deck ({_deck(design.profile)}) {' and '.join(lacks)}: play {title} with another pack.")
            warnings.append(f"{title} is played with {size} cards; this deck {' and '.join(lacks)}: "
                            f"the booklet says to play it with another pack")
        else:
            copies = max(math.ceil(n / have[c]) for c, n in need.items())
            strip = _unused(have, need)
            if copies > 1:
                notes.append(
                    f"{title} is played with {size} cards: shuffle {_number(copies)} copies of this deck "
                    f"({_deck(design.profile)}) together" + (f" and take out {strip}." if strip else ".")
                )
                warnings.append(f"{title} is played with {size} cards, this deck has {len(design.profile)}: "
                                f"the booklet says to shuffle {_number(copies)} copies together")
            elif strip:
                notes.append(f"{title} is played with {size} cards: take out this deck's {strip.removeprefix('the ')}.")
    shown = deck_looks(design)
    for look in chapter_looks(source):
        named = said_list([design.faces.index.card_name(c) for c in look.cards])  # as the deck's indices read
        if look.name in shown:
            notes.append(f"In this deck {named} {'are' if len(look.cards) > 1 else 'is'} drawn {look.drawn}: "
                         f"the {look.name}.")
            continue
        photos = [c for c in look.cards if design.faces.art(c).photo is not None]
        absent = [c for c in look.cards if c not in design.profile.cards]
        if absent:
            why = f"this deck has no {format_cards(absent)}"
        elif photos:
            why = f"{said_list([design.faces.index.card_name(c) for c in photos])} {'are photos' if len(photos) > 1 else 'is a photo'} in this deck"
        else:
            why = f"this deck draws {named} facing front, like {look.others}"
        if not absent:
            notes.append(f"The {look.name} are {named}: in this deck they look like {look.others}, so tell them by "
                         f"their suits." if len(look.cards) > 1 else
                         f"The {look.name} is the {named}: in this deck it looks like {look.others}, so tell it by its suit.")
        if absent or photos:  # the deck's own choice hides the look: say so in the build; deckgen's drawn
            # courts facing front are its own design, which the chapter's note covers without a warning every build
            warnings.append(f"{title} relies on the {look.name} ({named}), which a standard pack draws {look.drawn}, "
                            f"but {why}: the booklet names the cards instead")
    return DeckFit(tuple(notes), tuple(warnings))


def _unused(have: Counter[Card | str], need: Counter[Card | str]) -> str:
    """The ranks (and jokers) of the deck a game with a short pack does not use, as a sentence names them
    ("the 2s to 8s and the jokers"), or "" when it uses every rank. Jokers alone are not named: a
    standard game leaves a pack's jokers in the box without being told."""
    used = {c.rank for c in need if isinstance(c, Card)}
    ranks: list[Rank] = sorted({c.rank for c in have if isinstance(c, Card) and c.rank is not None and c.rank not in used})
    if not ranks:
        return ""
    runs: list[list[Rank]] = []
    for rank in ranks:
        if runs and int(rank) == int(runs[-1][-1]) + 1:
            runs[-1].append(rank)
        else:
            runs.append([rank])
    named = [f"the {r[0].label}s" if len(r) == 1 else f"the {r[0].label}s {'and' if len(r) == 2 else 'to'} {r[-1].label}s"
             for r in runs]
    if _JOKER in have and _JOKER not in need:
        named.append("the jokers")
    return said_list(named)


def _some(cards: list[Card]) -> str:
    return format_cards(cards[:6]) + (" ..." if len(cards) > 6 else "")


def _deck(profile: DeckProfile) -> str:
    return f"{len(profile)} cards"
