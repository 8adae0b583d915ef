"""Reading the inputs that many card games share: players' cards by name, scores so far, melds.

Not a game (it defines no `GAMES`): the small readers here keep the messages of
the rummy family, casino and the patience games the same wherever they appear.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from deckgen.cards import Card, Rank
from deckgen.engine.base import NOBODY, ExampleError, read_cards, said_list

__all__ = [
    "hands_field",
    "meld_kind",
    "melds_field",
    "ordered_run_ranks",
    "rank_number",
    "scores_field",
]


def hands_field(inputs: Mapping[str, Any], name: str, what: str = "cards") -> dict[str, list[Card]]:
    """A mapping {player: cards} (an empty string or null for no cards), in the order written."""
    raw = inputs.get(name)
    if not isinstance(raw, Mapping) or not raw:
        raise ExampleError(f"{name}: expected a mapping of each player's name to their {what}", name)
    return {str(k): (read_cards(v, f"{name}.{k}") if v else []) for k, v in raw.items()}


def scores_field(inputs: Mapping[str, Any], name: str, players: Sequence[str]) -> dict[str, int]:
    """Scores before this deal, {player: points}; a missing player starts at 0."""
    raw = inputs.get(name) or {}
    if not isinstance(raw, Mapping):
        raise ExampleError(f"{name}: expected a mapping of player name to points", name)
    out = {p: 0 for p in players}
    for key, value in raw.items():
        if str(key) not in out:
            raise ExampleError(f"{name}: '{key}' is not one of the players ({', '.join(players)})", name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise ExampleError(f"{name}: {key}'s points must be a whole number, got {value!r}", name)
        out[str(key)] = value
    return out


def sole_leader(totals: Mapping[str, int], target: int) -> str:
    """The player alone at the top once someone has reached `target`; NOBODY ("") before that and
    on a tie at the top (the shared vocabulary of results, `deckgen.engine.base`)."""
    best = max(totals.values())
    leaders = [name for name, total in totals.items() if total == best]
    return leaders[0] if best >= target and len(leaders) == 1 else NOBODY


def chips_field(inputs: Mapping[str, Any], name: str, default: int | None = 0) -> int:
    """A whole number of chips (0 or more); missing and no default is an ExampleError naming it."""
    value = inputs.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ExampleError(f"{name}: expected a whole number of chips, got {value!r}", name)
    return value


def melds_field(inputs: Mapping[str, Any], name: str) -> list[list[Card]]:
    """A list of melds, each written as one card string."""
    raw = inputs.get(name) or []
    if isinstance(raw, str):
        raise ExampleError(f"{name}: expected a list of melds, each one card string, e.g. ['7♠ 7♥ 7♦']", name)
    if not isinstance(raw, list):
        raise ExampleError(f"{name}: expected a list of melds", name)
    return [read_cards(m, name) for m in raw]


def rank_number(card: Card, ace_high: bool) -> int:
    assert card.rank is not None
    return 14 if card.rank == Rank.ACE and ace_high else (1 if card.rank == Rank.ACE else int(card.rank))


def meld_kind(cards: Sequence[Card], is_wild: Callable[[Card], bool], *, ace_high: bool = True, ace_low: bool = True,
              min_size: int = 3) -> str | None:
    """'set' (one rank), 'run' (one suit, consecutive, wild cards filling gaps or ends) or None.

    Wild cards take any place; a meld needs at least one natural card. The ace may
    stand low (A-2-3) or high (Q-K-A) as allowed, never both at once (no corners).
    """
    if len(cards) < min_size:
        return None
    natural = [c for c in cards if not is_wild(c)]
    wilds = len(cards) - len(natural)
    if not natural:
        return None
    if len({c.rank for c in natural}) == 1:
        return "set"
    if len({c.suit for c in natural}) != 1:
        return None
    for high in [h for h, ok in ((True, ace_high), (False, ace_low)) if ok]:
        ranks = sorted(rank_number(c, high) for c in natural)
        if len(set(ranks)) != len(ranks):
            continue
        gaps = sum(b - a - 1 for a, b in zip(ranks, ranks[1:]))
        # wild cards left over after the gaps go on the ends, within the ranks that exist
        room = (ranks[0] - (2 if high else 1)) + ((14 if high else 13) - ranks[-1])
        if gaps <= wilds and wilds - gaps <= room:
            return "run"
    return None


def ordered_run_ranks(cards: Sequence[Card], is_wild: Callable[[Card], bool]) -> list[int] | None:
    """The rank each card stands for in a run written low to high, wild cards in their places
    (ace 1 at the bottom or 14 at the top); None when the cards are no such run."""
    natural = [(i, c) for i, c in enumerate(cards) if not is_wild(c)]
    if len(cards) < 3 or not natural or len({c.suit for _, c in natural}) != 1:
        return None
    for high in (False, True):
        i0, c0 = natural[0]
        start = rank_number(c0, high) - i0
        ranks = [start + k for k in range(len(cards))]
        if ranks[0] < (2 if high else 1) or ranks[-1] > (14 if high else 13):
            continue
        if all(rank_number(c, high) == ranks[i] for i, c in natural):
            return ranks
    return None


# ------------------------------------------------------------------ patience moves


def parse_move(text: Any, field: str = "moves") -> tuple[Card, str, Card | None]:
    """A patience move written '6♥ on 7♣', '8♠ home' or 'K♦ to space': (card, 'on'|'home'|'space', target)."""
    words = str(text).split()
    wrong = ExampleError(f"{field}: '{text}' is not a move: write '6♥ on 7♣', '8♠ home' or 'K♦ to space'", field)
    if len(words) == 2 and words[1].lower() == "home":
        return read_cards(words[0], field)[0], "home", None
    if len(words) == 3 and words[1].lower() == "to" and words[2].lower() == "space":
        return read_cards(words[0], field)[0], "space", None
    if len(words) == 3 and words[1].lower() == "on":
        card, target = read_cards(words[0], field), read_cards(words[2], field)
        return card[0], "on", target[0]
    raise wrong


def foundation_tops(inputs: Mapping[str, Any], field: str = "foundations") -> dict[Any, Card]:
    """The top card of each foundation pile so far, by suit (at most one pile per suit)."""
    cards = read_cards(inputs.get(field) or "", field) if inputs.get(field) else []
    tops: dict[Any, Card] = {}
    for card in cards:
        if card.is_joker:
            raise ExampleError(f"{field}: patience is played without jokers", field)
        if card.suit in tops:
            raise ExampleError(f"{field}: two foundations of {card.suit.plural if card.suit else '?'}", field)
        tops[card.suit] = card
    return tops


def verdicts(results: Sequence[tuple[str, str]]) -> list[str]:
    """Moves checked one by one, said in two sentences: those allowed, then each refused and why."""
    allowed = [text for text, why in results if not why]
    refused = [f"{text} ({why})" for text, why in results if why]
    lines = []
    if allowed:
        lines.append(("Allowed: " if refused else "All allowed: ") + ", ".join(allowed))
    if refused:
        lines.append("Not allowed: " + "; ".join(refused))
    return lines


def said_moves(results: Sequence[tuple[str, str]], shown: Callable[[str], str] = lambda text: text) -> str:
    """Moves checked one by one, in one sentence a player reads: those allowed, then each refused
    and why ("2♠ home and 9♥ on 10♣ are allowed; 9♥ on J♣ is not (...)"). `shown` words a move."""
    allowed = [shown(text) for text, why in results if not why]
    refused = [(shown(text), why) for text, why in results if why]
    parts = []
    if allowed:
        parts.append(f"{said_list(allowed)} {'is' if len(allowed) == 1 else 'are'} allowed")
    if refused:
        (text, why), rest = refused[0], refused[1:]
        said = f"{text} is not ({why})" if allowed else f"{text} is not allowed ({why})"
        if rest:
            said += ", nor " + said_list([f"{t} ({w})" for t, w in rest])
        parts.append(said)
    sentence = "; ".join(parts)
    return sentence[:1].upper() + sentence[1:] + "."
