"""Pope Joan: the counters of one deal, from the board's eight compartments and the cards left in hand.

As *Hoyle's Games Modernized* (Pope Joan), Cassell's *Book of In-door Amusements*, the Pope Joan
entry at bennetdictionary.com and gamerules.com give it: the eight of diamonds is taken out; the
dealer dresses the board with fifteen counters, six on Pope (the nine of diamonds), two each on
Matrimony (king and queen of trumps) and Intrigue (queen and knave of trumps), and one each on Ace,
King, Queen, Knave (of trumps) and Game. A turn-up ace, king, queen or knave gives the dealer that
compartment, and a turned-up Pope the Pope. In play, whoever plays the nine of diamonds or the ace,
king, queen or knave of trumps takes that compartment; whoever plays both the king and queen of
trumps takes Matrimony, both the queen and knave Intrigue. The first player out of cards takes
Game and one counter from each other player for every card left in hand (W. H. Peel's *Round
Games with Cards*, as reprinted at playingcardgames.net). Counters on a compartment nobody takes
stay for the next deal (gamerules.com).

House rules: the board dressed by every player with two counters a compartment
(boardgamesofold.com); and a turned-up Pope ending the deal at once, the dealer taking Pope and
Game and a counter for every card dealt to each other player (bennetdictionary.com, Cassell's).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.cards import Card, CardError, Rank, Suit, parse_card
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, rule, said_list

__all__ = ["COMPARTMENTS", "DRESSING", "GAMES", "PopeJoanRules", "settle"]

#: The board's compartments, in the order the sources name them.
COMPARTMENTS = ("pope", "matrimony", "intrigue", "ace", "king", "queen", "knave", "game")
#: The dealer's fifteen counters on the board.
DRESSING = {"pope": 6, "matrimony": 2, "intrigue": 2, "ace": 1, "king": 1, "queen": 1, "knave": 1, "game": 1}
POPE = Card(Rank.NINE, Suit.DIAMONDS)
OUT_OF_PACK = Card(Rank.EIGHT, Suit.DIAMONDS)
PACK = 51
FEWEST, MOST = 3, 8
_HONOURS = {Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "knave"}


@dataclass(frozen=True)
class PopeJoanRules(Rules):
    """The house rules of Pope Joan: who dresses the board, and what a turned-up Pope does."""

    game: ClassVar[str] = "pope-joan"
    dressing: str = rule(
        "dealer",
        "Who dresses the board",
        "'dealer': the dealer puts 6 on Pope, 2 on Matrimony and Intrigue, 1 on the others; 'each': every player puts 2 on every compartment.",
        choices={"dealer": "the dealer, fifteen counters", "each": "every player, two a compartment"},
    )
    pope_turned: str = rule(
        "pope",
        "A turned-up Pope",
        "'pope': the dealer takes Pope and play goes on; 'game': the deal ends, the dealer taking Pope, Game and a counter a card dealt to each other player.",
        choices={"pope": "the dealer takes Pope", "game": "the dealer takes Pope and Game and the deal ends"},
    )


def _card(value: Any, field: str) -> Card:
    try:
        card = parse_card(str(value))
    except CardError as exc:
        raise ExampleError(f"{field}: {exc}", field) from None
    if card.is_joker or card == OUT_OF_PACK:
        raise ExampleError(f"{field}: {card} is not in the Pope Joan pack (no eight of diamonds, no jokers)", field)
    return card


def _compartment(card: Card, trump: Suit) -> str | None:
    """The compartment a played card takes on its own, or None."""
    if card == POPE:
        return "pope"
    if card.suit is trump and card.rank in _HONOURS:
        return _HONOURS[card.rank]
    return None


def cards_each(players: int) -> int:
    """Cards dealt to each player: the 51 cards shared equally by the players and the spare hand, the rest to it.

    >>> [cards_each(n) for n in (3, 4, 5, 6, 7, 8)]
    [12, 10, 8, 7, 6, 5]
    """
    return PACK // (players + 1)


def _count(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ExampleError(f"{field}: expected a whole number, 0 or more, got {value!r}", field)
    return value


def _read(inputs: Mapping[str, Any], r: PopeJoanRules) -> dict[str, Any]:
    given = inputs.get("players")
    if not isinstance(given, list) or not FEWEST <= len(given) <= MOST or len({str(n) for n in given}) != len(given):
        raise ExampleError(f"players: expected {FEWEST} to {MOST} different players, e.g. [Ann, Bob, Cy]", "players")
    players = [str(n) for n in given]

    def name(key: str, value: Any) -> str:
        if str(value) not in players:
            raise ExampleError(f"{key}: '{value}' is not one of the players ({said_list(players)})", key)
        return str(value)

    dealer = name("dealer", inputs.get("dealer", ""))
    turn_up = _card(inputs.get("turn_up", ""), "turn_up")
    trump = turn_up.suit
    assert trump is not None
    raw_layout = inputs.get("layout") or {}
    if not isinstance(raw_layout, Mapping) or any(str(k) not in COMPARTMENTS for k in raw_layout):
        raise ExampleError(f"layout: expected counters left from earlier deals by compartment ({', '.join(COMPARTMENTS)}), "
                           "e.g. {pope: 6}", "layout")
    layout = {c: _count(raw_layout.get(c, 0), f"layout.{c}") for c in COMPARTMENTS}
    ended = turn_up == POPE and r.pope_turned == "game"
    raw_played = inputs.get("played") or {}
    if not isinstance(raw_played, Mapping):
        raise ExampleError("played: expected who played each card of the board, e.g. {9♦: Ann, K♥: Bob}", "played")
    played: dict[Card, str] = {}
    for token, who in raw_played.items():
        field = f"played.{token}"
        card = _card(token, field)
        if _compartment(card, trump) is None:
            raise ExampleError(f"{field}: {card} takes no compartment with {trump.plural} trumps "
                               f"(the nine of diamonds and the A K Q J of trumps do)", field)
        if card == turn_up:
            raise ExampleError(f"{field}: {card} is the turn-up, which is not played", field)
        played[card] = name(field, who)
    raw_left = inputs.get("left") or {}
    if not isinstance(raw_left, Mapping) or any(str(k) not in players for k in raw_left):
        raise ExampleError(f"left: expected the cards left in each other player's hand, e.g. {{{players[1]}: 3}}", "left")
    left = {p: _count(raw_left.get(p, 0), f"left.{p}") for p in players}
    if ended:
        if "out" in inputs or played or any(left.values()):
            raise ExampleError("turn_up: the Pope turned up ends the deal under this table's rules; "
                               "give no out, played or left", "turn_up")
        return {"players": players, "dealer": dealer, "turn_up": turn_up, "trump": trump, "layout": layout,
                "ended": True, "played": played, "out": "", "left": left}
    out = name("out", inputs.get("out", ""))
    if left[out]:
        raise ExampleError(f"left.{out}: {out} went out and has no cards left", f"left.{out}")
    most = -(-PACK // (len(players) + 1))
    for p, n in left.items():
        if n > most:
            raise ExampleError(f"left.{p}: {n} cards left, but with {len(players)} players a hand has at most {most}",
                               f"left.{p}")
    return {"players": players, "dealer": dealer, "turn_up": turn_up, "trump": trump, "layout": layout,
            "ended": False, "played": played, "out": out, "left": left}


def settle(inputs: Mapping[str, Any], rules: PopeJoanRules | Mapping[str, Any] | None = None) -> dict[str, Any]:
    """What each player put on the board and took from it, the payment for cards left, and what stays.

    >>> r = settle({"players": ["Ann", "Bob", "Cy"], "dealer": "Ann", "turn_up": "5♥", "out": "Bob",
    ...             "played": {"9♦": "Cy", "K♥": "Bob", "Q♥": "Bob"}, "left": {"Ann": 3, "Cy": 2}})
    >>> r["taken"], r["net"]
    ({'Ann': 0, 'Bob': 5, 'Cy': 6}, {'Ann': -18, 'Bob': 10, 'Cy': 4})
    """
    r = PopeJoanRules.of(rules)
    d = _read(inputs, r)
    players: list[str] = d["players"]
    dealer: str = d["dealer"]
    if r.dressing == "each":
        put = {p: 2 * len(COMPARTMENTS) for p in players}
        board = {c: d["layout"][c] + 2 * len(players) for c in COMPARTMENTS}
    else:
        put = {p: (sum(DRESSING.values()) if p == dealer else 0) for p in players}
        board = {c: d["layout"][c] + DRESSING[c] for c in COMPARTMENTS}
    takes: dict[str, str] = {}  # compartment -> the player who takes it
    turned = _compartment(d["turn_up"], d["trump"])
    if turned:
        takes[turned] = dealer
    cards = {p: 0 for p in players}
    if d["ended"]:
        takes["game"] = dealer
        for p in players:
            if p != dealer:
                cards[p] = -cards_each(len(players))
        cards[dealer] = -sum(cards.values())
    else:
        trump = d["trump"]
        for card, who in d["played"].items():
            compartment = _compartment(card, trump)
            assert compartment is not None
            takes[compartment] = who
        for pair, (a, b) in {"matrimony": (Rank.KING, Rank.QUEEN), "intrigue": (Rank.QUEEN, Rank.JACK)}.items():
            first, second = d["played"].get(Card(a, trump)), d["played"].get(Card(b, trump))
            if first is not None and first == second:
                takes[pair] = first
        takes["game"] = d["out"]
        for p in players:
            cards[p] = -d["left"][p]
        cards[d["out"]] = sum(d["left"].values())
    taken = {p: sum(board[c] for c, who in takes.items() if who == p) for p in players}
    return {
        "dressing": put,
        "taken": taken,
        "compartments": {c: takes[c] for c in COMPARTMENTS if c in takes},
        "cards": cards,
        "net": {p: taken[p] + cards[p] - put[p] for p in players},
        "carried": {c: board[c] for c in COMPARTMENTS if c not in takes},
        "winner": takes["game"],
    }


def _explain(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    result = settle(inputs, rules)
    lines = ["the board is dressed: " + ", ".join(f"{p} {n}" for p, n in result["dressing"].items() if n)]
    for compartment, who in result["compartments"].items():
        lines.append(f"{who} takes {compartment.capitalize()}")
    winner = result["winner"]
    lines.append(f"{winner} collects {result['cards'][winner]} for cards")
    lines.append("net: " + ", ".join(f"{p} {v:+}" for p, v in result["net"].items()))
    if result["carried"]:
        lines.append("left on the board: " + ", ".join(f"{c} {n}" for c, n in result["carried"].items()))
    return lines


def _summary(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    result = settle(inputs, rules)
    taken = [f"{who} {c.capitalize()}" for c, who in result["compartments"].items() if c != "game"]
    first = f"{result['winner']} takes Game and {result['cards'][result['winner']]} for cards"
    first += f"; {said_list(taken)}." if taken else "."
    return [first, "Net: " + ", ".join(f"{p} {v:+}" for p, v in result["net"].items()) + "."]


GAMES = [
    GameSpec(
        name="pope-joan",
        title="Pope Joan: the counters of a deal",
        inputs={
            "players": "the players, 3 to 8",
            "dealer": "the player who dealt",
            "turn_up": "the card turned up for trumps",
            "out": "the player who ran out of cards first",
            "played": "optional: who played each card of the board (the nine of diamonds, the A K Q J of trumps), e.g. {9♦: Ann}",
            "left": "the cards left in each other player's hand, e.g. {Bob: 3}",
            "layout": "optional: counters left on compartments from earlier deals, e.g. {pope: 6}",
        },
        quantities=(
            Quantity("dressing", "mapping", "the counters each player put on the board"),
            Quantity("taken", "mapping", "the counters each player took from the board"),
            Quantity("compartments", "mapping", "who took each compartment taken this deal", partial=True),
            Quantity("cards", "mapping", "the payment for cards left: plus for the player out, minus for the others"),
            Quantity("net", "mapping", "each player's gain or loss on the deal"),
            Quantity("carried", "mapping", "the counters on each compartment nobody took, for the next deal", partial=True),
            Quantity("winner", "str", "the player who took Game"),
        ),
        compute=lambda inputs, rules: settle(inputs, rules),
        rules=PopeJoanRules,
        required=("players", "dealer", "turn_up"),
        explain=_explain,
        summary=_summary,
    ),
]
