"""Two-handed sixty-six: the card points a player has when going out, and the game points it wins.

The values are the published ones (Encyclopaedia Britannica's *Sixty-six*; Foster's Complete Hoyle;
pagat.com's Sechsundsechzig): in the 24-card pack an ace counts 11, a ten 10, a king 4, a queen 3, a
jack 2 and a nine nothing; a marriage scores 20, 40 in trumps, and is void when its holder takes no
trick; the last trick adds 10. A player who goes out with 66 wins 1 game point, 2 when the other has
fewer than 33 (schneider), 3 when the other has taken no trick (schwarz); the game is 7 game points
(10 at some tables: a house rule).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, CardError, Rank, Suit, parse_suit
from deckgen.engine.base import NOBODY, ExampleError, GameSpec, Quantity, Rules, read_cards, rule, said_list
from deckgen.engine.table import Memo, Table, TableDef

__all__ = ["GAMES", "SixtySixRules", "card_points", "score_out"]

VALUES = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2, Rank.NINE: 0}
OUT = 66
SCHNEIDER = 33
LAST_TRICK = 10


@dataclass(frozen=True)
class SixtySixRules(Rules):
    """The house rules of sixty-six: the marriages and the game."""

    game: ClassVar[str] = "sixty-six"
    marriage: int = rule(20, "Marriage", "What a king and queen of a plain suit score when declared.",
                         whole=True, minimum=0)
    royal_marriage: int = rule(40, "Marriage in trumps", "What the king and queen of trumps score when declared.",
                               whole=True, minimum=0)
    target: int = rule(7, "Game", "The game points that win the game (10 at some tables).", whole=True, minimum=1)


def card_points(cards: list[Card]) -> int:
    """What cards taken in tricks count.

    >>> from deckgen.cards import parse_cards
    >>> card_points(parse_cards("A♠ 10♠ K♥ Q♥ J♦ 9♣"))
    30
    """
    return sum(VALUES[c.rank] for c in cards if c.rank is not None)


def _players(inputs: Mapping[str, Any]) -> list[str]:
    given = inputs.get("players", ["Ann", "Bob"])
    if not isinstance(given, list) or len(given) != 2 or str(given[0]) == str(given[1]):
        raise ExampleError("players: expected the two players, e.g. [Ann, Bob]", "players")
    return [str(n) for n in given]


def _name(inputs: Mapping[str, Any], key: str, names: list[str]) -> str:
    value = str(inputs[key])
    if value not in names:
        raise ExampleError(f"{key}: '{value}' is not one of the players ({said_list(names)})", key)
    return value


def _taken(inputs: Mapping[str, Any], names: list[str]) -> dict[str, list[Card]]:
    given = inputs.get("taken") or {}
    if not isinstance(given, Mapping) or any(str(k) not in names for k in given):
        raise ExampleError(f"taken: expected the cards each player took in tricks, e.g. {{{names[0]}: 'A♠ 9♠'}}",
                           "taken")
    seen: set[Card] = set()
    taken = {}
    for name in names:
        field = f"taken.{name}"
        value = given.get(name)
        cards = read_cards(value, field) if value not in (None, "") else []
        for card in cards:
            if card.is_joker or card.rank not in VALUES:
                raise ExampleError(f"{field}: '{card}' is not in a sixty-six pack (A 10 K Q J 9 of each suit)", field)
            if card in seen:
                raise ExampleError(f"{field}: {card} is taken twice; the pack has one of each card", field)
            seen.add(card)
        if len(cards) % 2:
            raise ExampleError(f"{field}: {len(cards)} cards is not a number of tricks (two cards each)", field)
        taken[name] = cards
    return taken


def _marriages(inputs: Mapping[str, Any], names: list[str]) -> dict[str, list[Suit]]:
    given = inputs.get("marriages") or {}
    example = f"e.g. {{{names[0]}: [♥]}}"
    if not isinstance(given, Mapping) or any(str(k) not in names for k in given):
        raise ExampleError(f"marriages: expected the suits of each player's declared marriages, {example}", "marriages")
    found: dict[str, list[Suit]] = {}
    declared: set[Suit] = set()
    for name in names:
        field = f"marriages.{name}"
        suits_in = given.get(name) or []
        if not isinstance(suits_in, list):
            suits_in = [suits_in]
        suits = []
        for token in suits_in:
            try:
                suit = parse_suit(str(token))
            except CardError as exc:
                raise ExampleError(f"{field}: {exc}", field) from None
            if suit in declared:
                raise ExampleError(f"{field}: the marriage in {suit.plural} is declared twice; the pack has one", field)
            declared.add(suit)
            suits.append(suit)
        found[name] = suits
    return found


def score_out(inputs: Mapping[str, Any], rules: SixtySixRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A player goes out: both players' points, the game points the hand wins, and the game.

    >>> score_out({"trump": "♥", "out": "Ann", "taken": {"Ann": "A♠ 10♠ A♥ 10♥ A♦ 10♦", "Bob": "K♠ 9♣"},
    ...            "marriages": {"Ann": ["♥"]}})["game_points"]
    {'Ann': 2, 'Bob': 0}
    """
    house = SixtySixRules.of(rules)
    names = _players(inputs)
    try:
        trump = parse_suit(str(inputs["trump"]))
    except CardError as exc:
        raise ExampleError(f"trump: {exc}", "trump") from None
    out = _name(inputs, "out", names)
    other = names[1] if out == names[0] else names[0]
    taken = _taken(inputs, names)
    marriages = _marriages(inputs, names)
    last = inputs.get("last_trick")
    if last is not None:
        last = _name(inputs, "last_trick", names)
        if sum(len(c) for c in taken.values()) != 24:
            raise ExampleError("last_trick: the last trick counts only when all twelve tricks are played "
                               "(the taken cards are the whole pack)", "last_trick")
    points = {}
    for name in names:
        # a marriage counts only for a player who takes a trick
        married = sum(int(house.royal_marriage if s is trump else house.marriage) for s in marriages[name])
        points[name] = card_points(taken[name]) + (married if taken[name] else 0) + (LAST_TRICK if last == name else 0)
    if points[out] < OUT:
        raise ExampleError(f"out: {out} has {points[out]}, under {OUT}: going out needs {OUT} "
                           "(what a wrong claim costs differs between the sources; the booklet does not score it)", "out")
    if not taken[other]:
        won, how = 3, "schwarz"
    elif points[other] < SCHNEIDER:
        won, how = 2, "schneider"
    else:
        won, how = 1, "simple"
    game_points = {n: (won if n == out else 0) for n in names}
    before_in = inputs.get("before") or {}
    if not isinstance(before_in, Mapping) or any(str(k) not in names for k in before_in) or any(
            isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in before_in.values()):
        raise ExampleError(f"before: expected whole-number game points of {said_list(names)}, e.g. {{{names[0]}: 5}}",
                           "before")
    totals = {n: int(before_in.get(n, 0)) + game_points[n] for n in names}
    winner = out if totals[out] >= int(house.target) else NOBODY
    return {"points": points, "outcome": how, "game_points": game_points, "totals": totals, "winner": winner}


def _explain(inputs: Mapping[str, Any], rules: SixtySixRules | Mapping[str, Any]) -> list[str]:
    house = SixtySixRules.of(rules)
    r = score_out(inputs, house)
    out = str(inputs["out"])
    lines = ["points: " + ", ".join(f"{n} {v}" for n, v in r["points"].items()),
             f"{out} goes out ({r['outcome']}): {r['game_points'][out]} game points",
             "game points: " + ", ".join(f"{n} {v}" for n, v in r["totals"].items())]
    if r["winner"]:
        lines.append(f"{r['winner']} reaches {house.target} and wins the game")
    return lines


def _summary(inputs: Mapping[str, Any], rules: SixtySixRules | Mapping[str, Any]) -> list[str]:
    r = score_out(inputs, rules)
    out = str(inputs["out"])
    other = next(n for n in r["points"] if n != out)
    said = {
        "simple": f"{other} has {r['points'][other]}, 33 or more",
        "schneider": f"{other} has only {r['points'][other]}, schneider",
        "schwarz": f"{other} has taken no trick, schwarz",
    }[r["outcome"]]
    n = r["game_points"][out]
    first = f"{out} goes out with {r['points'][out]}; {said}: {n} game point{'s' if n > 1 else ''}."
    second = (f"{r['winner']} reaches {r['totals'][r['winner']]} game points and wins." if r["winner"]
              else "Game points: " + ", ".join(f"{k} {v}" for k, v in r["totals"].items()) + ".")
    return [first, second]


def _values_table(rules: SixtySixRules | Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    house = SixtySixRules.of(rules)
    rows = tuple((r.label, str(v)) for r, v in VALUES.items()) + (
        ("Marriage (K Q)", f"{house.marriage}, {house.royal_marriage} in trumps"),
        ("Last trick", str(LAST_TRICK)),
    )
    return Table("What counts", ("Card or score", "Points"), rows, note="All the cards and the last trick make 130.")


def _game_points_table(rules: SixtySixRules | Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    house = SixtySixRules.of(rules)
    rows = (("33 or more", "1"), ("fewer than 33 (schneider)", "2"), ("no trick at all (schwarz)", "3"))
    return Table("Going out", ("The other player has", "Game points"), rows,
                 note=f"The first to {house.target} game points wins.")


GAMES = [
    GameSpec(
        name="sixty-six",
        title="Sixty-six: going out",
        inputs={
            "players": "the two players (default [Ann, Bob])",
            "trump": "the trump suit",
            "out": "the player who declares 66 and goes out",
            "taken": "the cards each player has taken in tricks, e.g. {Ann: 'A♠ 9♠', Bob: '...'}",
            "marriages": "optional: the suits of each player's declared marriages, e.g. {Ann: [♥]}",
            "last_trick": "optional: who took the last trick, when all twelve are played",
            "before": "optional: game points before the hand, e.g. {Ann: 5}",
        },
        quantities=(
            Quantity("points", "mapping", "each player's card points, marriages and last trick"),
            Quantity("outcome", "str", "simple, schneider or schwarz"),
            Quantity("game_points", "mapping", "the game points each player wins on the hand"),
            Quantity("totals", "mapping", "each player's game points after the hand"),
            Quantity("winner", "str", "the player who reached the game, or nobody (\"\")"),
        ),
        compute=lambda inputs, rules: score_out(inputs, rules),
        rules=SixtySixRules,
        required=("trump", "out"),
        card_inputs=("taken",),
        explain=_explain,
        summary=_summary,
        tables=(TableDef("sixty-six-values", "what the cards, the marriages and the last trick count", _values_table),
                TableDef("sixty-six-game-points", "the game points for going out", _game_points_table)),
        default_tables=({"table": "sixty-six-values"}, {"table": "sixty-six-game-points"}, {"table": "house-rules"}),
    ),
]
