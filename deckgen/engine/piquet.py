"""Piquet (rubicon piquet): what one deal scores, from the two hands and the tricks, and the partie.

The values are the published ones (the 1911 Encyclopaedia Britannica's rubicon piquet, Hoffmann's
*Hoyle's Games Modernized*, David Parlett's rules of piquet): the point scores one per card of the
longest suit; a tierce 3, a quart 4, a quint 15 and each longer sequence 10 more than its length; a
quatorze 14 and a trio 3 (tens or higher); carte blanche 10; repique 60 and pique 30; the cards 10
and capot 40; in play one for each lead, one for winning a trick the other led and one for the
last. A partie of six deals is won by the higher total, scoring 100 and the difference, or 100 and
both totals when the loser stayed under the rubicon of 100. The older rule that a lead of a nine or
lower counts nothing (Hoyle's Games Improved) is a house rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, Rank, Suit
from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, Rules, read_cards, rule, said_list
from deckgen.engine.table import Memo, Table, TableDef

__all__ = ["GAMES", "PartieRules", "PiquetRules", "best_point", "best_sequence", "best_set", "score_deal", "score_partie"]

PIQUET_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
HAND = 12
TRICKS = 12
#: The categories of combinations, in the order they are reckoned (repique and pique follow it).
ORDER = ("carte blanche", "point", "sequence", "sets")


@dataclass(frozen=True)
class PiquetRules(Rules):
    """The house rules of one deal of piquet: the extraordinary scores and what a lead counts."""

    game: ClassVar[str] = "piquet"
    carte_blanche: int = rule(10, "Carte blanche", "What a dealt hand without a king, queen or jack scores.",
                              whole=True, minimum=0)
    repique: int = rule(60, "Repique", "Added by a player who reaches 30 on combinations before the other scores.",
                        whole=True, minimum=0)
    pique: int = rule(30, "Pique", "Added by elder hand on reaching 30 in combinations and play before younger scores.",
                      whole=True, minimum=0)
    cards: int = rule(10, "The cards", "What winning seven or more of the twelve tricks scores.", whole=True, minimum=0)
    capot: int = rule(40, "Capot", "What winning all twelve tricks scores, instead of the cards.", whole=True, minimum=0)
    last: int = rule(1, "For last", "What winning the last trick adds.", whole=True, minimum=0)
    leads: str = rule(
        "every", "What a lead counts",
        "Every card led counts 1 (today's laws), or only a ten or higher (the old laws: a nine or lower counts nothing).",
        choices={"every": "every card led counts 1", "ten-up": "only a lead of a ten or higher counts 1"},
    )


@dataclass(frozen=True)
class PartieRules(Rules):
    """The house rules of the partie of rubicon piquet."""

    game: ClassVar[str] = "piquet-partie"
    deals: int = rule(6, "Deals", "The deals of a partie.", whole=True, minimum=1)
    rubicon: int = rule(100, "The rubicon", "The total a loser must reach to pay only the difference.",
                        whole=True, minimum=0)
    game_bonus: int = rule(100, "The game", "What the winner of the partie adds to what he wins.", whole=True, minimum=0)


# ---- the combinations


def _pips(rank: Rank) -> int:
    """What a card counts towards the point when two suits are equally long: ace 11, courts 10, else its number."""
    if rank is Rank.ACE:
        return 11
    return 10 if rank.is_court else int(rank)


def best_point(hand: Sequence[Card]) -> tuple[int, int]:
    """The point of a hand: (cards in the longest suit, their pips), the better suit when two are as long.

    >>> from deckgen.cards import parse_cards
    >>> best_point(parse_cards("A♠ K♠ 9♠ 7♠ A♥ Q♥ J♥ 10♥"))
    (4, 41)
    """
    best = (0, 0)
    for suit in Suit:
        held = [c.rank for c in hand if c.suit is suit and c.rank is not None]
        best = max(best, (len(held), sum(_pips(r) for r in held)))
    return best


def sequences(hand: Sequence[Card]) -> list[tuple[int, Rank]]:
    """Every run of three or more cards of one suit in a row: (length, top card), longest first."""
    runs: list[tuple[int, Rank]] = []
    for suit in Suit:
        held = sorted({int(c.rank) for c in hand if c.suit is suit}, reverse=True)  # type: ignore[arg-type]
        start = 0
        for i in range(1, len(held) + 1):
            if i == len(held) or held[i] != held[i - 1] - 1:
                if i - start >= 3:
                    runs.append((i - start, Rank(held[start])))
                start = i
    return sorted(runs, reverse=True)


def sequence_value(length: int) -> int:
    """A tierce 3, a quart 4, a quint 15, a sixième 16 ... a huitième 18.

    >>> [sequence_value(n) for n in range(3, 9)]
    [3, 4, 15, 16, 17, 18]
    """
    return length if length < 5 else length + 10


def best_sequence(hand: Sequence[Card]) -> tuple[int, int]:
    """The best sequence: (length, top card), (0, 0) for none."""
    runs = sequences(hand)
    return (runs[0][0], int(runs[0][1])) if runs else (0, 0)


def sets(hand: Sequence[Card]) -> list[tuple[int, Rank]]:
    """Every quatorze (four) and trio (three) of tens or higher: (cards, rank), the best first."""
    counts = Counter(c.rank for c in hand)
    return sorted(((n, r) for r, n in counts.items() if r is not None and r >= Rank.TEN and n >= 3), reverse=True)


def best_set(hand: Sequence[Card]) -> tuple[int, int]:
    """The best set: (cards, rank), (0, 0) for none."""
    found = sets(hand)
    return (found[0][0], int(found[0][1])) if found else (0, 0)


def _better(names: Sequence[str], best: Mapping[str, tuple[int, int]]) -> str:
    first, second = names
    if best[first] == best[second]:
        return NOBODY
    return first if best[first] > best[second] else second


# ---- reading an example


def _players(inputs: Mapping[str, Any]) -> list[str]:
    elder, younger = str(inputs["elder"]), str(inputs["younger"])
    if elder == younger:
        raise ExampleError(f"younger: expected the other player, not elder hand '{elder}' again", "younger")
    return [elder, younger]


def _hands(inputs: Mapping[str, Any], names: Sequence[str]) -> dict[str, list[Card]]:
    given = inputs["hands"]
    if not isinstance(given, Mapping) or sorted(str(k) for k in given) != sorted(names):
        raise ExampleError(f"hands: expected the twelve cards of {said_list(list(names))}, "
                           f"e.g. {{{names[0]}: 'A♠ K♠ ...', {names[1]}: '...'}}", "hands")
    hands = {}
    seen: set[Card] = set()
    for name in names:
        field = f"hands.{name}"
        cards = read_cards(given[name], field)
        for card in cards:
            if card.is_joker or card.rank not in PIQUET_RANKS:
                raise ExampleError(f"{field}: '{card}' is not in a piquet pack (A K Q J 10 9 8 7 of each suit)", field)
            if card in seen:
                raise ExampleError(f"{field}: {card} is held twice; a piquet pack has one of each card", field)
            seen.add(card)
        if len(cards) != HAND:
            raise ExampleError(f"{field}: expected 12 cards, got {len(cards)}", field)
        hands[name] = cards
    return hands


def _blank(inputs: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    given = inputs.get("blank") or []
    if isinstance(given, str):
        given = [given]
    if not isinstance(given, list) or any(str(n) not in names for n in given):
        raise ExampleError(f"blank: expected the players dealt a carte blanche, of {said_list(list(names))}", "blank")
    return [n for n in names if n in {str(g) for g in given}]


def _tricks(inputs: Mapping[str, Any], names: Sequence[str]) -> list[str] | None:
    given = inputs.get("tricks")
    if given is None:
        return None
    if not isinstance(given, list) or len(given) != TRICKS or any(str(n) not in names for n in given):
        raise ExampleError(f"tricks: expected the winner of each of the twelve tricks in order, each one of "
                           f"{said_list(list(names))}", "tricks")
    return [str(n) for n in given]


def _low_leads(inputs: Mapping[str, Any]) -> set[int]:
    given = inputs.get("low_leads") or []
    if not isinstance(given, list) or any(isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= TRICKS
                                          for n in given):
        raise ExampleError("low_leads: expected the numbers (1 to 12) of the tricks led with a nine or lower",
                           "low_leads")
    return set(given)


# ---- one deal


def score_deal(inputs: Mapping[str, Any], rules: PiquetRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What one deal scores: the combinations, repique or pique, the play, the cards or capot.

    >>> hands = {"Ann": "A♠ K♠ Q♠ J♠ 10♠ A♥ A♦ A♣ K♥ 7♥ 8♦ 7♣", "Bob": "9♠ 8♠ 7♠ Q♥ J♥ 10♥ 9♥ K♦ Q♦ J♦ K♣ Q♣"}
    >>> score_deal({"elder": "Ann", "younger": "Bob", "hands": hands})["declared"]
    {'Ann': 34, 'Bob': 0}
    """
    house = PiquetRules.of(rules)
    names = _players(inputs)
    elder, younger = names
    hands = _hands(inputs, names)
    blank = _blank(inputs, names)
    point = _better(names, {n: best_point(hands[n]) for n in names})
    sequence = _better(names, {n: best_sequence(hands[n]) for n in names})
    set_ = _better(names, {n: best_set(hands[n]) for n in names})

    # The combinations in the order they are reckoned: each player's running total, for repique.
    steps: list[tuple[str, int]] = [(n, int(house.carte_blanche)) for n in blank]
    if point:
        steps.append((point, best_point(hands[point])[0]))
    if sequence:
        steps.append((sequence, sum(sequence_value(length) for length, _ in sequences(hands[sequence]))))
    if set_:
        steps.append((set_, sum(14 if n == 4 else 3 for n, _ in sets(hands[set_]))))
    declared = {n: 0 for n in names}
    repique = NOBODY
    for name, scored in steps:
        other = younger if name == elder else elder
        declared[name] += scored
        if not repique and declared[other] == 0 and declared[name] >= 30 and scored:
            repique = name
    bonus = {n: (int(house.repique) if n == repique else 0) for n in names}
    result: dict[str, Any] = {
        "point": point, "sequence": sequence, "sets": set_, "declared": declared, "repique": repique,
        "pique": None, "play": None, "cards": None, "capot": None, "points": None,
    }
    tricks = _tricks(inputs, names)
    if tricks is None:
        return result

    low = _low_leads(inputs) if house.leads == "ten-up" else set()
    play = {n: 0 for n in names}
    leader = elder
    pique = NOBODY
    younger_scored = declared[younger] > 0
    for number, winner in enumerate(tricks, start=1):
        if number not in low:
            play[leader] += 1
        if winner != leader:
            play[winner] += 1
        if number == TRICKS:
            play[winner] += int(house.last)
        younger_scored = younger_scored or play[younger] > 0
        if not younger_scored and not repique and not pique and declared[elder] + play[elder] >= 30:
            pique = elder
        leader = winner
    if pique:
        bonus[pique] += int(house.pique)
    won = Counter(tricks)
    cards = next((n for n in names if won[n] > TRICKS // 2), NOBODY)
    capot = next((n for n in names if won[n] == TRICKS), NOBODY)
    for_cards = {n: (int(house.capot) if n == capot else int(house.cards) if n == cards else 0) for n in names}
    points = {n: declared[n] + bonus[n] + play[n] + for_cards[n] for n in names}
    result.update(pique=pique, play=play, cards=cards, capot=capot, points=points)
    return result


def _deal_explain(inputs: Mapping[str, Any], rules: PiquetRules | Mapping[str, Any]) -> list[str]:
    house = PiquetRules.of(rules)
    r = score_deal(inputs, house)
    lines = []
    for category, key in (("point", "point"), ("sequence", "sequence"), ("sets", "sets")):
        lines.append(f"{category}: " + (r[key] or "equal, or none: nobody scores"))
    lines.append("combinations: " + ", ".join(f"{n} {v}" for n, v in r["declared"].items()))
    if r["repique"]:
        lines.append(f"{r['repique']} reaches 30 on combinations alone: repique, {house.repique}")
    if r["points"] is not None:
        if r["pique"]:
            lines.append(f"{r['pique']} reaches 30 before the other scores: pique, {house.pique}")
        lines.append("play: " + ", ".join(f"{n} {v}" for n, v in r["play"].items()))
        lines.append("the cards: " + (f"{r['capot']} capot" if r["capot"] else r["cards"] or "divided"))
        lines.append("deal: " + ", ".join(f"{n} {v}" for n, v in r["points"].items()))
    return lines


def _deal_summary(inputs: Mapping[str, Any], rules: PiquetRules | Mapping[str, Any]) -> list[str]:
    house = PiquetRules.of(rules)
    r = score_deal(inputs, house)
    taken: dict[str, list[str]] = {}
    for key in ("point", "sequence", "sets"):
        if r[key]:
            taken.setdefault(r[key], []).append(f"the {key}")
    said = [f"{name} scores {said_list(kinds)}" for name, kinds in taken.items()]
    first = "; ".join(said) if said else "Nobody scores the point, a sequence or sets"
    first += ": combinations " + ", ".join(f"{n} {v}" for n, v in r["declared"].items())
    if r["repique"]:
        first += f", and {r['repique']} adds {house.repique} for repique"
    if r["points"] is None:
        return [first + "."]
    extra = f"{r['pique']} adds {house.pique} for pique; " if r["pique"] else ""
    cards = (f"{r['capot']} wins every trick (capot)" if r["capot"] else f"{r['cards']} wins the cards" if r["cards"]
             else "the cards are divided")
    second = f"{extra}{cards}; the deal scores " + ", ".join(f"{n} {v}" for n, v in r["points"].items())
    return [first + ".", second[0].upper() + second[1:] + "."]


# ---- the partie


def score_partie(inputs: Mapping[str, Any], rules: PartieRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The partie: the totals of the deals, the winner, whether the loser is rubiconed, and what the winner wins.

    >>> score_partie({"players": ["Ann", "Bob"], "deals": [{"Ann": 50, "Bob": 20}] * 6})["won"]
    280
    """
    house = PartieRules.of(rules)
    names_in = inputs.get("players")
    if not isinstance(names_in, list) or len(names_in) != 2 or str(names_in[0]) == str(names_in[1]):
        raise ExampleError("players: expected the two players, e.g. [Ann, Bob]", "players")
    names = [str(n) for n in names_in]
    deals = inputs["deals"]
    count = int(house.deals)
    if not isinstance(deals, list) or len(deals) != count:
        raise ExampleError(f"deals: expected the scores of each of the {count} deals, e.g. {{{names[0]}: 43, "
                           f"{names[1]}: 23}}", "deals")
    totals = {n: 0 for n in names}
    for index, deal in enumerate(deals, start=1):
        field = f"deals.{index}"
        if not isinstance(deal, Mapping) or any(str(k) not in names for k in deal) or any(
                isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in deal.values()):
            raise ExampleError(f"{field}: expected whole-number scores of {said_list(names)}, e.g. "
                               f"{{{names[0]}: 43, {names[1]}: 23}}", field)
        for name in names:
            totals[name] += int(deal.get(name, 0))
    first, second = names
    if totals[first] == totals[second]:
        return {"totals": totals, "winner": NOBODY, "rubiconed": False, "won": 0}
    winner, loser = (first, second) if totals[first] > totals[second] else (second, first)
    rubiconed = totals[loser] < int(house.rubicon)
    won = int(house.game_bonus) + totals[winner] + (totals[loser] if rubiconed else -totals[loser])
    return {"totals": totals, "winner": winner, "rubiconed": rubiconed, "won": won}


def _partie_explain(inputs: Mapping[str, Any], rules: PartieRules | Mapping[str, Any]) -> list[str]:
    house = PartieRules.of(rules)
    r = score_partie(inputs, house)
    lines = ["totals: " + ", ".join(f"{n} {v}" for n, v in r["totals"].items())]
    if not r["winner"]:
        return lines + ["equal totals: nobody wins the partie"]
    how = "both totals" if r["rubiconed"] else "the difference"
    return lines + [f"{r['winner']} wins {house.game_bonus} and {how}: {r['won']}"]


def _partie_summary(inputs: Mapping[str, Any], rules: PartieRules | Mapping[str, Any]) -> list[str]:
    house = PartieRules.of(rules)
    r = score_partie(inputs, house)
    first = "After the deals: " + ", ".join(f"{n} {v}" for n, v in r["totals"].items()) + "."
    if not r["winner"]:
        return [first, "The totals are equal: nobody wins the partie."]
    loser = next(n for n in r["totals"] if n != r["winner"])
    how = (f"{loser} is under {house.rubicon}, rubiconed: {r['winner']} wins {house.game_bonus} and both totals"
           if r["rubiconed"] else f"{r['winner']} wins {house.game_bonus} and the difference")
    return [first, f"{how}, {r['won']}."]


# ---- the tables


def _combinations_table(rules: PiquetRules | Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    house = PiquetRules.of(rules)
    rows = (
        ("Carte blanche", "a dealt hand without a king, queen or jack", str(house.carte_blanche)),
        ("Point", "the longest suit (if as long: the higher pips, ace 11, courts 10)", "1 a card"),
        ("Tierce, quart", "three or four cards in a row in one suit", "3, 4"),
        ("Quint ... huitième", "five to eight in a row", "15, 16, 17, 18"),
        ("Trio", "three aces, kings, queens, jacks or tens", "3"),
        ("Quatorze", "four aces, kings, queens, jacks or tens", "14"),
    )
    return Table("The combinations", ("Name", "What it is", "Scores"), rows,
                 note="Only the player with the better point, sequence or set scores it, and then every sequence or "
                      "set held; equal is nothing to either.")


def _extras_table(rules: PiquetRules | Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    house = PiquetRules.of(rules)
    lead = "each card led" if house.leads == "every" else "each ten or higher led"
    rows = (
        ("Leading", lead, "1"),
        ("Capturing", "winning a trick the other led", "1"),
        ("For last", "winning the last trick", str(house.last)),
        ("The cards", "seven tricks or more", str(house.cards)),
        ("Capot", "all twelve tricks", str(house.capot)),
        ("Repique", "30 on combinations before the other scores", str(house.repique)),
        ("Pique", "elder: 30 with the play before younger scores", str(house.pique)),
    )
    return Table("The play and the extraordinary scores", ("Score", "For", "Points"), rows)


GAMES = [
    GameSpec(
        name="piquet",
        title="Piquet: scoring a deal",
        inputs={
            "elder": "the non-dealer, who leads first",
            "younger": "the dealer",
            "hands": "each player's twelve cards after the exchange, e.g. {Ann: 'A♠ K♠ ...', Bob: '...'}",
            "blank": "optional: the players who were dealt a carte blanche",
            "tricks": "optional: the winner of each of the twelve tricks, in order",
            "low_leads": "optional: the tricks led with a nine or lower (they count only under the old laws' rule)",
        },
        quantities=(
            Quantity("point", "str", "the player who scores the point, or nobody (\"\")"),
            Quantity("sequence", "str", "the player who scores sequences, or nobody (\"\")"),
            Quantity("sets", "str", "the player who scores sets, or nobody (\"\")"),
            Quantity("declared", "mapping", "each player's combinations, carte blanche included"),
            Quantity("repique", "str", "the player who makes a repique, or nobody (\"\")"),
            Quantity("pique", "str", "elder hand when he makes a pique, or nobody (\"\")"),
            Quantity("play", "mapping", "each player's points for leads, captures and the last trick"),
            Quantity("cards", "str", "the player who wins the cards (seven tricks or more), or nobody (\"\")"),
            Quantity("capot", "str", "the player who wins every trick, or nobody (\"\")"),
            Quantity("points", "mapping", "what each player scores on the deal"),
        ),
        compute=lambda inputs, rules: score_deal(inputs, rules),
        rules=PiquetRules,
        required=("elder", "younger", "hands"),
        card_inputs=("hands",),
        explain=_deal_explain,
        summary=_deal_summary,
        tables=(TableDef("piquet-combinations", "what the combinations score", _combinations_table),
                TableDef("piquet-play", "the play's points, the cards, capot, repique and pique", _extras_table)),
        default_tables=({"table": "piquet-combinations"}, {"table": "piquet-play"}, {"table": "house-rules"}),
    ),
    GameSpec(
        name="piquet-partie",
        title="Rubicon piquet: the partie",
        inputs={
            "players": "the two players, e.g. [Ann, Bob]",
            "deals": "each deal's scores, in order, e.g. [{Ann: 43, Bob: 23}, ...]",
        },
        quantities=(
            Quantity("totals", "mapping", "each player's total of the deals"),
            Quantity("winner", "str", "the player with the higher total, or nobody (\"\") when they are equal"),
            Quantity("rubiconed", "bool", "whether the loser stayed under the rubicon"),
            Quantity("won", "int", "what the winner scores for the partie (0 when nobody wins)"),
        ),
        compute=lambda inputs, rules: score_partie(inputs, rules),
        rules=PartieRules,
        required=("players", "deals"),
        explain=_partie_explain,
        summary=_partie_summary,
    ),
]
