"""Rubicon bezique: what each declaration is worth, who wins the deal, and what the game scores.

Rubicon bezique is played by two with four piquet packs (128 cards). A player
scores by *declaring* combinations laid face up on the table:

- marriages (king and queen of a suit: 20, 40 in trumps) and sequences (ace,
  ten, king, queen, jack of a suit: 150, 250 in trumps);
- bezique (the queen of spades and the jack of diamonds: 40; two of each 500,
  three 1500, four 4500);
- four aces 100, four kings 80, four queens 60, four jacks 40, of any suits;
- carte blanche (a hand without a court card) 50, and 50 for the last trick.

The aces and tens taken in tricks (the *brisques*, 32 of them) count 10 each,
but only to break a tie or to save a player from the rubicon. Each deal is a
game: the winner scores the difference of the two scores, each taken to the
hundred below, and 500 for the game; a loser under 1000 is *rubiconed*, and
the winner then scores both players' points, 1000 for the game and 320 for
all the brisques.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit, parse_suit
from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, Record, Rules, read_cards, rule, said_list, unique_cards
from deckgen.errors import CardError

__all__ = ["BEZIQUE", "BEZIQUE_PACKS", "GAMES", "RUBICON", "BeziqueRules", "RubiconRules", "bezique_deal", "declaration", "rubicon_deal"]

#: Rubicon bezique is played with four piquet packs: a card may be declared up to four times over.
BEZIQUE_PACKS = 4
#: Aces and tens of four piquet packs: 32 brisques, worth 320 in all.
BRISQUES = 32
CARTE_BLANCHE = "carte blanche"
_SEQUENCE = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
_BEZIQUE = (Card(Rank.QUEEN, Suit.SPADES), Card(Rank.JACK, Suit.DIAMONDS))
_QUARTETS = {Rank.ACE: ("four aces", 100), Rank.KING: ("four kings", 80), Rank.QUEEN: ("four queens", 60),
             Rank.JACK: ("four jacks", 40)}
_BEZIQUES = {1: ("bezique", 40), 2: ("double bezique", 500), 3: ("triple bezique", 1500), 4: ("quadruple bezique", 4500)}


@dataclass(frozen=True)
class RubiconRules(Rules):
    """The game's bonuses, the rubicon, and dropping the fractions of a hundred."""

    game: ClassVar[str] = "rubicon-bezique"
    game_bonus: int = rule(500, "Game bonus", "What the winner adds for the game when the loser reaches the rubicon.", minimum=0)
    rubicon_bonus: int = rule(1000, "Rubicon bonus", "What the winner adds for the game when the loser is rubiconed.", minimum=0)
    rubicon: int = rule(1000, "The rubicon", "The score, brisques included, under which the loser is rubiconed.", minimum=0)
    drop_fractions: bool = rule(
        True,
        "Hundreds only",
        "Whether each score counts to the hundred below when the game is settled (fractions of 100 are dropped).",
        phrases=("scores count in whole hundreds", "scores count to the point"),
    )


def _name(value: Any, field: str) -> list[Card] | str:
    """One declaration as written: its cards, or the words carte blanche."""
    text = str(value).strip()
    if " ".join(text.lower().split()) == CARTE_BLANCHE:
        return CARTE_BLANCHE
    cards = read_cards(value, field)
    if any(c.is_joker for c in cards):
        raise ExampleError(f"{field}: bezique is played without jokers", field)
    low = [c for c in cards if c.rank is not None and Rank.TWO <= c.rank <= Rank.SIX]
    if low:
        raise ExampleError(f"{field}: {low[0]} is not in a piquet pack (seven to ace)", field)
    return cards


def declaration(cards: list[Card] | str, trump: Suit | None, packs: int = BEZIQUE_PACKS) -> tuple[str, int]:
    """The combination `cards` make and what it scores, with `trump` the trump suit (None before it is made).

    `packs` is 4 at rubicon bezique and 2 at two-handed bezique, where a sequence counts only in
    trumps, bezique goes no further than double, and the seven of trumps scores 10 (at rubicon it
    scores nothing).

    >>> from deckgen.cards import parse_cards
    >>> declaration(parse_cards("K♥ Q♥"), Suit.HEARTS), declaration(parse_cards("Q♠ J♦ Q♠ J♦"), Suit.CLUBS)
    (('royal marriage', 40), ('double bezique', 500))
    >>> declaration(parse_cards("A♣ 10♣ K♣ Q♣ J♣"), Suit.HEARTS), declaration(parse_cards("K♦ K♦ K♠ K♥"), None)
    (('sequence', 150), ('four kings', 80))
    """
    rubicon = packs == BEZIQUE_PACKS
    if cards == CARTE_BLANCHE:
        if not rubicon:
            raise ExampleError("declared: carte blanche belongs to rubicon bezique", "declared")
        return CARTE_BLANCHE, 50
    assert not isinstance(cards, str)
    ranks = Counter(c.rank for c in cards)
    suits = {c.suit for c in cards}
    if not rubicon and trump is not None and cards == [Card(Rank.SEVEN, trump)]:
        return "seven of trumps", 10
    if len(cards) == 2 and ranks == Counter({Rank.KING: 1, Rank.QUEEN: 1}) and len(suits) == 1:
        return ("royal marriage", 40) if suits == {trump} else ("marriage", 20)
    if len(cards) == 5 and set(ranks) == set(_SEQUENCE) and len(suits) == 1 and (rubicon or suits == {trump}):
        return ("royal sequence", 250) if suits == {trump} else ("sequence", 150)
    if len(cards) == 4 and len(ranks) == 1 and next(iter(ranks)) in _QUARTETS:
        return _QUARTETS[next(iter(ranks))]  # type: ignore[index]
    counted = Counter(cards)
    pairs = counted[_BEZIQUE[0]]
    if pairs and counted[_BEZIQUE[1]] == pairs and len(cards) == 2 * pairs and pairs <= packs:
        return _BEZIQUES[pairs]
    shown = " ".join(str(c) for c in cards)
    if rubicon:
        expected = ("a marriage (K Q of a suit), a sequence (A 10 K Q J of a suit), bezique (Q♠ J♦, up to four of "
                    "each), four aces, kings, queens or jacks, or carte blanche")
    else:
        expected = ("a marriage (K Q of a suit), the sequence in trumps (A 10 K Q J), bezique or double bezique "
                    "(Q♠ J♦ once or twice), four aces, kings, queens or jacks, or the seven of trumps")
    raise ExampleError(f"declared: '{shown}' is not a combination: expected {expected}", "declared")


def _players(inputs: Mapping[str, Any], packs: int = BEZIQUE_PACKS) -> dict[str, list[list[Card] | str]]:
    raw = inputs["declared"]
    if not isinstance(raw, Mapping) or len(raw) != 2:
        raise ExampleError("declared: expected the two players, each with a list of the combinations declared, "
                           "e.g. {Ann: [K♥ Q♥, Q♠ J♦], Bob: [A♠ A♦ A♥ A♣]}", "declared")
    out: dict[str, list[list[Card] | str]] = {}
    for name, items in raw.items():
        field = f"declared.{name}"
        if items is None or items == "":
            items = []
        if not isinstance(items, list):
            raise ExampleError(f"{field}: expected a list of combinations, one a line (cards, or carte blanche)", field)
        made = [_name(item, field) for item in items]
        for cards in made:
            if not isinstance(cards, str):
                try:
                    unique_cards(cards, copies=packs, where=field)
                except ExampleError as exc:
                    raise ExampleError(str(exc), field) from None
        out[str(name)] = made
    return out


def _trump(inputs: Mapping[str, Any]) -> Suit:
    try:
        return parse_suit(str(inputs["trump"]))
    except CardError as exc:
        raise ExampleError(f"trump: {exc}", "trump") from None


def _brisques(inputs: Mapping[str, Any], players: list[str], most: int = BRISQUES) -> dict[str, int] | None:
    raw = inputs.get("brisques")
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or set(map(str, raw)) != set(players):
        raise ExampleError(f"brisques: expected how many aces and tens each of {said_list(players)} took, e.g. "
                           f"{{{players[0]}: 18, {players[1]}: 14}}", "brisques")
    counts = {p: raw[p] for p in players}
    if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in counts.values()) or sum(counts.values()) > most:
        raise ExampleError(f"brisques: expected whole numbers of at most {most} in all, got {dict(counts)}", "brisques")
    return counts


def _hundreds(n: int, drop: bool) -> int:
    return n - n % 100 if drop and n >= 0 else n


def rubicon_deal(inputs: Mapping[str, Any], rules: RubiconRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Every quantity of one deal of rubicon bezique."""
    r = RubiconRules.of(rules)
    trump = _trump(inputs)
    declared = _players(inputs)
    players = list(declared)
    last = str(inputs["last_trick"])
    if last not in players:
        raise ExampleError(f"last_trick: '{inputs['last_trick']}' is not one of the players ({said_list(players)})", "last_trick")
    combos = {p: [declaration(cards, trump) for cards in made] for p, made in declared.items()}
    points = {p: sum(v for _, v in combos[p]) + (50 if p == last else 0) for p in players}
    brisques = _brisques(inputs, players)
    tens = {p: 10 * (brisques or {}).get(p, 0) for p in players}

    def need_brisques(why: str) -> None:
        if brisques is None:
            raise ExampleError(f"brisques: needed {why}: how many aces and tens each player took", "brisques")

    a, b = players
    counted = False
    if points[a] == points[b]:
        need_brisques("to break the tie")
        counted = True
    else:
        low = min(players, key=lambda p: points[p])
        if points[low] < r.rubicon:
            need_brisques(f"to see whether {low} escapes the rubicon")
            counted = points[low] + tens[low] >= r.rubicon
    totals = {p: points[p] + (tens[p] if counted else 0) for p in players}
    if totals[a] == totals[b]:
        winner, loser = NOBODY, NOBODY
    else:
        winner = max(players, key=lambda p: totals[p])
        loser = b if winner == a else a
    rubiconed = bool(loser) and points[loser] + tens[loser] < r.rubicon
    if not winner:
        game_score = 0
    elif rubiconed:
        game_score = (_hundreds(points[winner], r.drop_fractions) + _hundreds(points[loser], r.drop_fractions)
                      + r.rubicon_bonus + 10 * BRISQUES)
    else:
        game_score = _hundreds(totals[winner], r.drop_fractions) - _hundreds(totals[loser], r.drop_fractions) + r.game_bonus
    return {
        "combinations": {p: [name for name, _ in combos[p]] for p in players},
        "points": points,
        "brisques_counted": counted,
        "totals": totals,
        "winner": winner,
        "rubiconed": rubiconed,
        "game_score": game_score,
        "scores": {p: (game_score if p == winner else 0) for p in players},
    }


def _compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    return rubicon_deal(inputs, rules)


def _explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = rubicon_deal(inputs, rules)
    r = RubiconRules.of(rules)
    trump = _trump(inputs)
    declared = _players(inputs)
    lines = []
    for p, made in declared.items():
        parts = [f"{name} {value}" for name, value in (declaration(c, trump) for c in made)]
        if str(inputs["last_trick"]) == p:
            parts.append("last trick 50")
        lines.append(f"{p}: " + (", ".join(parts) if parts else "nothing") + f" = {res['points'][p]}")
    if res["brisques_counted"]:
        lines.append("Brisques counted: " + ", ".join(f"{p} {n}" for p, n in res["totals"].items()))
    if not res["winner"]:
        lines.append("A tie: nobody scores the game")
    elif res["rubiconed"]:
        loser = next(p for p in declared if p != res["winner"])
        lines.append(f"{loser} is rubiconed (under {r.rubicon}): {res['winner']} scores {res['game_score']}")
    else:
        lines.append(f"{res['winner']} wins and scores {res['game_score']}")
    return lines


def _summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = rubicon_deal(inputs, rules)
    r = RubiconRules.of(rules)
    first = "; ".join(f"{p} scores {n:,} in declarations" + (" and the last trick" if str(inputs["last_trick"]) == p else "")
                      for p, n in res["points"].items())
    winner = res["winner"]
    if not winner:
        return [first + ".", "The totals tie, brisques and all: nobody scores the game."]
    loser = next(p for p in res["points"] if p != winner)
    totals = res["totals"]
    if res["rubiconed"]:
        second = (f"{loser} is under {r.rubicon:,} even with the brisques, rubiconed: {winner} scores both totals, "
                  f"{r.rubicon_bonus:,} and 320 for the brisques, {res['game_score']:,}.")
    else:
        second = f"{winner} wins and scores the difference and {r.game_bonus:,}: {res['game_score']:,}."
        if res["brisques_counted"]:
            points = res["points"]
            why = ("the points tie, so both count their brisques" if points[winner] == points[loser]
                   else f"{loser}'s brisques lift the lower score over the rubicon, so both count theirs")
            second = f"{why[0].upper()}{why[1:]}: {winner} {totals[winner]:,}, {loser} {totals[loser]:,}. " + second
    return [first + ".", second]


def _records(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[Record]:
    """Each player's declarations by name and value, as a score sheet lists them, and the deal's points."""
    trump = _trump(inputs)
    res = rubicon_deal(inputs, rules)
    rows = []
    for p, made in _players(inputs).items():
        parts = [f"{name} {value:,}" for name, value in (declaration(c, trump) for c in made)]
        if str(inputs["last_trick"]) == p:
            parts.append("last trick 50")
        rows.append((p, ", ".join(parts) or "nothing", f"{res['points'][p]:,}"))
    brisques = inputs.get("brisques")
    if isinstance(brisques, Mapping):
        four = tuple((p, said, str(brisques.get(p, "")), points) for p, said, points in rows)
        return [Record(("declared", "last_trick", "brisques"), ("Player", "Declared", "Brisques", "Points"), four,
                       ("left", "left", "right", "right"))]
    return [Record(("declared", "last_trick"), ("Player", "Declared", "Points"), tuple(rows), ("left", "left", "right"))]


# ----------------------------------------------------------------------------- two-handed bezique

#: Aces and tens of two piquet packs: 16 brisques.
TWO_PACK_BRISQUES = 16


@dataclass(frozen=True)
class BeziqueRules(Rules):
    """Two-handed bezique: the last trick and the game's target."""

    game: ClassVar[str] = "bezique"
    last_trick: int = rule(10, "Last trick", "What the winner of the last trick scores.", minimum=0)
    target: int = rule(1000, "Game", "Score that wins the game (1,000 in the laws; 2,000 at many tables).", minimum=1)


def bezique_deal(inputs: Mapping[str, Any], rules: BeziqueRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Every quantity of one deal of two-handed bezique: declarations, brisques, last trick, the totals."""
    r = BeziqueRules.of(rules)
    trump = _trump(inputs)
    declared = _players(inputs, packs=2)
    players = list(declared)
    last = str(inputs["last_trick"])
    if last not in players:
        raise ExampleError(f"last_trick: '{inputs['last_trick']}' is not one of the players ({said_list(players)})", "last_trick")
    counts = _brisques(inputs, players, TWO_PACK_BRISQUES)
    if counts is None:
        raise ExampleError("bezique needs the field 'brisques': how many aces and tens each player took", "brisques")
    combos = {p: [declaration(cards, trump, packs=2) for cards in made] for p, made in declared.items()}
    sevens = sum(1 for p in players for name, _ in combos[p] if name == "seven of trumps")
    if sevens > 2:
        raise ExampleError(f"declared: the seven of trumps is scored {sevens} times; two packs hold two", "declared")
    points = {p: sum(v for _, v in combos[p]) + (r.last_trick if p == last else 0) for p in players}
    deal = {p: points[p] + 10 * counts[p] for p in players}
    before = inputs.get("before") or {}
    if not isinstance(before, Mapping) or set(map(str, before)) - set(players) or any(
            isinstance(v, bool) or not isinstance(v, int) for v in before.values()):
        raise ExampleError(f"before: expected whole-number scores of {said_list(players)}, e.g. {{{players[0]}: 640}}", "before")
    totals = {p: int(before.get(p, 0)) + deal[p] for p in players}
    over = [p for p in players if totals[p] >= r.target]
    best = max(totals.values())
    leaders = [p for p in over if totals[p] == best]
    return {
        "combinations": {p: [name for name, _ in combos[p]] for p in players},
        "points": points,
        "deal": deal,
        "totals": totals,
        "winner": leaders[0] if len(leaders) == 1 else NOBODY,
    }


def _two_compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    return bezique_deal(inputs, rules)


def _two_explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = bezique_deal(inputs, rules)
    r = BeziqueRules.of(rules)
    trump = _trump(inputs)
    lines = []
    for p, made in _players(inputs, packs=2).items():
        parts = [f"{name} {value}" for name, value in (declaration(c, trump, packs=2) for c in made)]
        if str(inputs["last_trick"]) == p:
            parts.append(f"last trick {r.last_trick}")
        parts.append(f"brisques {res['deal'][p] - res['points'][p]}")
        lines.append(f"{p}: " + ", ".join(parts) + f" = {res['deal'][p]}, total {res['totals'][p]}")
    if res["winner"]:
        lines.append(f"{res['winner']} reaches {r.target} and wins")
    return lines


def _two_summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    res = bezique_deal(inputs, rules)
    r = BeziqueRules.of(rules)
    first = "; ".join(f"{p} scores {n:,} in the deal" for p, n in res["deal"].items())
    if res["winner"]:
        return [first + ".", f"{res['winner']} reaches {res['totals'][res['winner']]:,}, past {r.target:,}, and wins."]
    return [first + ".", "Totals: " + said_list([f"{p} {n:,}" for p, n in res["totals"].items()]) + "."]


def _two_records(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[Record]:
    trump = _trump(inputs)
    res = bezique_deal(inputs, rules)
    r = BeziqueRules.of(rules)
    rows = []
    for p, made in _players(inputs, packs=2).items():
        parts = [f"{name} {value:,}" for name, value in (declaration(c, trump, packs=2) for c in made)]
        if str(inputs["last_trick"]) == p:
            parts.append(f"last trick {r.last_trick}")
        rows.append((p, ", ".join(parts) or "nothing", str(inputs["brisques"][p]), f"{res['deal'][p]:,}"))
    return [Record(("declared", "last_trick", "brisques"), ("Player", "Declared", "Brisques", "Deal"), tuple(rows),
                   ("left", "left", "right", "right"))]


BEZIQUE = GameSpec(
    name="bezique",
    title="Bezique (two-handed): scoring a deal",
    inputs={
        "trump": "the trump suit (of the card turned up)",
        "declared": "each of the two players with the list of declarations, each as its cards (K♥ Q♥, Q♠ J♦ Q♠ J♦, "
                    "A♣ A♦ A♦ A♠ ...; the seven of trumps alone for its 10, turned up, exchanged or shown)",
        "last_trick": "the player who took the last trick",
        "brisques": "how many aces and tens each player took in tricks (16 in all)",
        "before": "optional scores before the deal, e.g. {Ann: 640, Bob: 720}",
    },
    quantities=(
        Quantity("combinations", "mapping", "each player's declarations by name, in the order given"),
        Quantity("points", "mapping", "each player's declarations and last trick"),
        Quantity("deal", "mapping", "each player's score for the deal: points and 10 a brisque"),
        Quantity("totals", "mapping", "each player's score after the deal"),
        Quantity("winner", "str", "the player at or past the target with the higher total; else nobody"),
    ),
    compute=_two_compute,
    rules=BeziqueRules,
    required=("trump", "declared", "last_trick", "brisques"),
    explain=_two_explain,
    summary=_two_summary,
    records=_two_records,
)


RUBICON = GameSpec(
    name="rubicon-bezique",
    title="Rubicon bezique: scoring a deal",
    inputs={
        "trump": "the trump suit (the suit of the first marriage or sequence declared)",
        "declared": "each of the two players with the list of combinations declared, each as its cards "
                    "(K♥ Q♥, Q♠ J♦ Q♠ J♦, A♣ A♦ A♦ A♠ ...) or the words carte blanche",
        "last_trick": "the player who took the last trick",
        "brisques": "how many aces and tens each player took in tricks (needed on a tie and to escape the rubicon)",
    },
    quantities=(
        Quantity("combinations", "mapping", "each player's declarations by name, in the order given"),
        Quantity("points", "mapping", "each player's declarations and last trick, brisques left out"),
        Quantity("brisques_counted", "bool", "whether the brisques count (a tie, or a player escaping the rubicon)"),
        Quantity("totals", "mapping", "each player's score for the deal, brisques included when they count"),
        Quantity("winner", "str", "the player with the higher total, or nobody on a tie"),
        Quantity("rubiconed", "bool", "whether the loser is under the rubicon, brisques included"),
        Quantity("game_score", "int", "what the winner scores for the game"),
        Quantity("scores", "mapping", "what each player scores for the game (the loser 0)"),
    ),
    compute=_compute,
    rules=RubiconRules,
    required=("trump", "declared", "last_trick"),
    explain=_explain,
    summary=_summary,
    records=_records,
)

GAMES = [BEZIQUE, RUBICON]
