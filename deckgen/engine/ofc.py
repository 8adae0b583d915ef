"""Open-face Chinese poker: fouls, royalties, the settlement between players and fantasyland.

Each player ends with three rows: a three-card top, a five-card middle and a
five-card bottom, which must not get weaker from bottom to top. Rows are ranked
by the poker engine (`evaluate_high`: no straights or flushes on the three-card
top, a present kicker beats a missing one). The royalty table is a house rule:
`standard` is the schedule played today, `classic` the older one of the seed
collection, or a group writes its own mapping.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from deckgen.cards import Card, format_cards, parse_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, read_cards, rule, said_list, unique_cards
from deckgen.engine.poker_rank import ACE, CATEGORY_NAMES, STRAIGHT_FLUSH, PokerHand, evaluate_high
from deckgen.engine.table import Table, TableDef, number
from deckgen.errors import unknown_choice

__all__ = [
    "GAMES",
    "HAND_SPEC",
    "ROWS",
    "SHOWDOWN_SPEC",
    "Matchup",
    "OfcRules",
    "Setting",
    "royalty_table",
    "row_royalty",
    "royalties_table",
    "set_rows",
    "settle_pair",
    "top_royalties_table",
]

ROWS = ("top", "middle", "bottom")
ROW_SIZES = {"top": 3, "middle": 5, "bottom": 5}
_RANK_CHARS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")


def _rank_char(rank: int) -> str:
    return _RANK_CHARS[rank - 2]


_FIVE_CARD_BONUSES = ("straight", "flush", "full house", "four of a kind", "straight flush", "royal flush")

#: The schedule most players use today (the 1-6 method's usual royalties).
STANDARD_ROYALTIES: dict[str, dict[str, int]] = {
    "top": {_rank_char(r) * 2: r - 5 for r in range(6, 15)} | {_rank_char(r) * 3: r + 8 for r in range(2, 15)},
    "middle": dict(zip(("three of a kind",) + _FIVE_CARD_BONUSES, (2, 4, 8, 12, 20, 30, 50))),
    "bottom": dict(zip(_FIVE_CARD_BONUSES, (2, 4, 6, 10, 15, 25))),
}

#: The older schedule of the seed collection: no middle trips, any trips on top a flat 20.
CLASSIC_ROYALTIES: dict[str, dict[str, int]] = {
    "top": {_rank_char(r) * 2: r - 5 for r in range(6, 15)} | {"three of a kind": 20},
    "middle": dict(zip(_FIVE_CARD_BONUSES, (4, 8, 12, 20, 30, 50))),
    "bottom": dict(zip(_FIVE_CARD_BONUSES, (2, 4, 6, 10, 15, 25))),
}

ROYALTY_TABLES = {"standard": STANDARD_ROYALTIES, "classic": CLASSIC_ROYALTIES}



@dataclass(frozen=True)
class OfcRules(Rules):
    """The house rules of open-face Chinese poker: royalties, penalties and fantasyland."""

    game: ClassVar[str] = "ofc"
    royalties: str | Mapping[str, Any] = rule(
        "standard",
        "Royalty table",
        "Which royalties are paid: standard, classic (flat 20 for top trips, none for middle trips) or a custom mapping of rows.",
        choices={"standard": "the standard royalties", "classic": "the classic royalties"},
        other_values=True,  # a table of its own: royalty_table checks it, and names what else it takes
    )
    foul_penalty: int = rule(
        6,
        "Foul penalty",
        "Units a fouled hand pays each opponent that did not foul, on top of that opponent's royalties.",
        unit="points",
    )
    sweep_bonus: int = rule(
        3, "Sweep bonus", "Extra points for winning all three rows against one opponent (a scoop).",
        unit="points",
    )
    fantasyland_pair: str = rule(
        "Q",
        "Lowest pair for fantasyland",
        "The lowest pair on top that earns fantasyland (three of a kind on top always does).",
    )
    stay_top: str = rule(
        "three of a kind", "Top row to stay in fantasyland", "Weakest top row that keeps a player in fantasyland."
    )
    stay_middle: str = rule(
        "full house", "Middle row to stay in fantasyland", "Weakest middle row that keeps a player in fantasyland."
    )
    stay_bottom: str = rule(
        "four of a kind", "Bottom row to stay in fantasyland", "Weakest bottom row that keeps a player in fantasyland."
    )


PARAMETERS = OfcRules.parameters()

_PAIR_KEY = re.compile(r"^(10|[2-9TJQKA])\1{1,2}$", re.IGNORECASE)


# ------------------------------------------------------------ house rules


def royalty_table(value: Any) -> dict[str, dict[str, int]]:
    """The royalty table a `royalties` rule names: a preset, or a mapping laid over the standard table."""
    if isinstance(value, str):
        if value.strip().lower() not in ROYALTY_TABLES:
            raise ExampleError(
                f"rules.royalties: '{value}' is not a royalty table: expected standard, classic or a mapping of rows",
                "rules.royalties",
            )
        return {row: dict(v) for row, v in ROYALTY_TABLES[value.strip().lower()].items()}
    if not isinstance(value, Mapping):
        raise ExampleError("rules.royalties: expected standard, classic or a mapping of rows", "rules.royalties")
    table = {row: dict(v) for row, v in STANDARD_ROYALTIES.items()}
    for row, entries in value.items():
        where = f"rules.royalties.{row}"
        if row not in ROWS:
            raise ExampleError(f"{where}: '{row}' is not a row: expected top, middle or bottom", where)
        if not isinstance(entries, Mapping):
            raise ExampleError(f"{where}: expected a mapping of hand to points", where)
        for hand, points in entries.items():
            key = _royalty_key(row, str(hand), where)
            if not isinstance(points, int) or isinstance(points, bool):
                raise ExampleError(f"{where}.{hand}: expected a whole number of points, got {points!r}", where)
            table[row][key] = points
    return table


def _royalty_key(row: str, hand: str, where: str) -> str:
    """Normalise a table entry: 'qq' -> 'QQ', '101010' -> 'TTT', 'Full House' -> 'full house'."""
    text = " ".join(hand.split()).lower()
    allowed = ("three of a kind",) + _FIVE_CARD_BONUSES if row != "top" else ("three of a kind",)
    if text in allowed:
        return text
    match = _PAIR_KEY.match(hand.strip())
    if row == "top" and match:
        rank = "T" if match.group(1) == "10" else match.group(1).upper()
        return rank * (len(hand.strip()) // len(match.group(1)))
    expected = "a pair or trips such as QQ or 666, or 'three of a kind'" if row == "top" else ", ".join(allowed)
    raise ExampleError(f"{where}: '{hand}' is not a hand for this row: expected {expected}", where)


def _category_rule(written: str, name: str) -> int:
    """The category index of `written`, the house rule `name` (an ExampleError naming it when it is no poker hand)."""
    value = " ".join(str(written).split()).lower()
    if value not in CATEGORY_NAMES:
        raise ExampleError(f"rules.{name}: {unknown_choice('poker hand', written, CATEGORY_NAMES)}", f"rules.{name}")
    return CATEGORY_NAMES.index(value)


def _fantasy_rank(rules: OfcRules | Mapping[str, Any]) -> int:
    house = OfcRules.of(rules)
    text = str(house.fantasyland_pair).strip().upper()
    text = {"10": "T"}.get(text, text)
    if text[:1] in _RANK_CHARS and len(set(text)) == 1 and len(text) in (1, 2):
        return _RANK_CHARS.index(text[0]) + 2
    raise ExampleError(f"rules.fantasyland_pair: '{house.fantasyland_pair}' is not a rank: expected A K Q J 10 ... 2", "rules.fantasyland_pair")


# ------------------------------------------------------------ one player's rows


@dataclass(frozen=True)
class Setting:
    """One player's three rows, ranked, with the foul and royalty verdicts."""

    rows: dict[str, PokerHand]
    fouled: bool
    foul_reason: str
    royalties: dict[str, int]
    fantasyland: bool
    stays: bool

    @property
    def royalty_total(self) -> int:
        return sum(self.royalties.values())


def _row_royalty(row: str, hand: PokerHand, table: Mapping[str, Mapping[str, int]]) -> int:
    entries = table[row]
    category = hand.category
    if row == "top":
        rank = hand.key[1]
        if category == "three of a kind":
            return entries.get(_rank_char(rank) * 3, entries.get("three of a kind", 0))
        if category == "one pair":
            return entries.get(_rank_char(rank) * 2, 0)
        return 0
    if hand.key[0] == STRAIGHT_FLUSH and hand.key[1] == ACE:
        return entries.get("royal flush", entries.get("straight flush", 0))
    return entries.get(category, 0)


def row_royalty(row: str, cards: list[Card], rules: OfcRules | Mapping[str, Any] | None = None) -> int:
    """The royalty one row holding `cards` earns, with the rules' royalty table.

    >>> row_royalty("top", parse_cards("Q♠ Q♥ 2♣")), row_royalty("middle", parse_cards("9♣ 9♦ 9♥ 4♠ 4♣"))
    (7, 12)
    """
    table = royalty_table(OfcRules.of(rules).royalties)
    return _row_royalty(row, evaluate_high(cards), table)


def set_rows(rows: Mapping[str, list[Card]], rules: OfcRules | Mapping[str, Any] | None = None) -> Setting:
    """Rank the three rows, decide the foul, and count royalties and fantasyland (none when fouled)."""
    house = OfcRules.of(rules)
    table = royalty_table(house.royalties)
    ranked = {row: evaluate_high(rows[row]) for row in ROWS}
    reason = ""
    if ranked["middle"].key > ranked["bottom"].key:
        reason = f"middle ({ranked['middle'].name}) beats bottom ({ranked['bottom'].name})"
    elif ranked["top"].key > ranked["middle"].key:
        reason = f"top ({ranked['top'].name}) beats middle ({ranked['middle'].name})"
    fouled = bool(reason)
    royalties = {row: 0 if fouled else _row_royalty(row, ranked[row], table) for row in ROWS}
    top = ranked["top"]
    qualifies = top.category == "three of a kind" or (top.category == "one pair" and top.key[1] >= _fantasy_rank(house))
    stay = {"top": house.stay_top, "middle": house.stay_middle, "bottom": house.stay_bottom}
    stays = any(ranked[row].key[0] >= _category_rule(stay[row], f"stay_{row}") for row in ROWS)
    return Setting(ranked, fouled, reason, royalties, qualifies and not fouled, stays and not fouled)


def _read_rows(source: Mapping[str, Any], where: str) -> dict[str, list[Card]]:
    rows: dict[str, list[Card]] = {}
    for row in ROWS:
        field = f"{where}{row}"
        if row not in source or source[row] is None:
            raise ExampleError(f"{field}: missing; every player needs top, middle and bottom rows", field)
        cards = read_cards(source[row], field)
        if len(cards) != ROW_SIZES[row]:
            raise ExampleError(f"{field}: expected {ROW_SIZES[row]} cards, got {len(cards)}", field)
        joker = next((c for c in cards if c.is_joker), None)
        if joker is not None:
            raise ExampleError(f"{field}: '{joker}' is a joker; open-face Chinese poker uses 52 cards", field)
        rows[row] = cards
    extra = [k for k in source if k not in ROWS]
    if extra:
        raise ExampleError(f"{where}{extra[0]}: unknown row: expected top, middle and bottom", f"{where}{extra[0]}")
    return rows


def compute_hand(inputs: Mapping[str, Any], rules: OfcRules | Mapping[str, Any]) -> dict[str, Any]:
    """Quantities of one player's rows: foul, categories, royalties, fantasyland."""
    rows = _read_rows(inputs, "")
    unique_cards([c for row in ROWS for c in rows[row]], where="rows")
    s = set_rows(rows, rules)
    return {
        "fouled": s.fouled,
        "top": s.rows["top"].category,
        "middle": s.rows["middle"].category,
        "bottom": s.rows["bottom"].category,
        "top_royalty": s.royalties["top"],
        "middle_royalty": s.royalties["middle"],
        "bottom_royalty": s.royalties["bottom"],
        "royalties": s.royalty_total,
        "fantasyland": s.fantasyland,
        "stays_in_fantasyland": s.stays,
    }


def _setting_lines(s: Setting) -> list[str]:
    lines = [
        f"{row.capitalize()} {format_cards(s.rows[row].cards)}: {s.rows[row].name}"
        + ("" if s.fouled else f", royalty {s.royalties[row]}")
        for row in ROWS
    ]
    if s.fouled:
        lines.append(f"Foul: the {s.foul_reason}; no royalties")
    else:
        lines.append(f"Royalties {s.royalty_total}" + ("; fantasyland next hand" if s.fantasyland else ""))
    return lines


def explain_hand(inputs: Mapping[str, Any], rules: OfcRules | Mapping[str, Any]) -> list[str]:
    """Each row's hand and royalty, then the foul or the total."""
    rows = _read_rows(inputs, "")
    return _setting_lines(set_rows(rows, rules))


def _hand_said(hand: PokerHand) -> str:
    name = hand.name
    return name[:1].lower() + name[1:] if name[1:2].islower() else name


def summary_hand(inputs: Mapping[str, Any], rules: OfcRules | Mapping[str, Any]) -> list[str]:
    """The rows' royalties, or the foul, in one sentence."""
    s = set_rows(_read_rows(inputs, ""), rules)
    if s.fouled:
        return [f"A foul: the {s.foul_reason}, so the hand scores no royalties."]
    paid = [f"{s.royalties[row]} for the {row} ({_hand_said(s.rows[row])})" for row in ROWS if s.royalties[row]]
    first = f"Royalties {said_list(paid)}: {s.royalty_total} in all" if paid else "No royalties"
    return [first + ("; the hand earns fantasyland." if s.fantasyland else ".")]


# ------------------------------------------------------------ the settlement


@dataclass(frozen=True)
class Matchup:
    """One pair of players settled: points to the first (the second gets the negative)."""

    first: str
    second: str
    row_winners: dict[str, str | None]
    points: int
    swept_by: str | None
    note: str


def settle_pair(
    a: str, sa: Setting, b: str, sb: Setting, rules: OfcRules | Mapping[str, Any] | None = None
) -> Matchup:
    """Points from b to a: rows won, the sweep bonus and royalties; or the foul penalty."""
    house = OfcRules.of(rules)
    penalty, sweep = house.foul_penalty, house.sweep_bonus
    if sa.fouled and sb.fouled:
        return Matchup(a, b, dict.fromkeys(ROWS), 0, None, "both fouled: nothing changes hands")
    if sa.fouled or sb.fouled:
        loser, winner, setting = (a, b, sb) if sa.fouled else (b, a, sa)
        owed = penalty + setting.royalty_total
        points = owed if winner == a else -owed
        return Matchup(a, b, dict.fromkeys(ROWS, winner), points, None, f"{loser} fouled: pays {penalty} + royalties {setting.royalty_total}")
    winners: dict[str, str | None] = {}
    rows_net = 0
    for row in ROWS:
        ka, kb = sa.rows[row].key, sb.rows[row].key
        winners[row] = a if ka > kb else b if kb > ka else None
        rows_net += (ka > kb) - (kb > ka)
    swept_by = a if rows_net == 3 else b if rows_net == -3 else None
    bonus = sweep if swept_by == a else -sweep if swept_by == b else 0
    royalty_net = sa.royalty_total - sb.royalty_total
    note = f"rows {rows_net:+d}" + (f", sweep {bonus:+d}" if bonus else "") + f", royalties {sa.royalty_total} v {sb.royalty_total}"
    return Matchup(a, b, winners, rows_net + bonus + royalty_net, swept_by, note)


def _read_players(inputs: Mapping[str, Any]) -> dict[str, dict[str, list[Card]]]:
    players = inputs.get("players")
    if not isinstance(players, Mapping) or len(players) < 2:
        raise ExampleError("players: expected a mapping of two or more names to their rows {top, middle, bottom}", "players")
    if len(players) > 4:
        raise ExampleError(f"players: expected two to four players, got {len(players)}", "players")
    read: dict[str, dict[str, list[Card]]] = {}
    for name, rows in players.items():
        where = f"players.{name}."
        if not isinstance(rows, Mapping):
            raise ExampleError(f"players.{name}: expected the rows top, middle and bottom", f"players.{name}")
        read[str(name)] = _read_rows(rows, where)
    unique_cards([c for rows in read.values() for row in ROWS for c in rows[row]], where="players")
    return read


def showdown(inputs: Mapping[str, Any], rules: OfcRules | Mapping[str, Any]) -> tuple[dict[str, Setting], list[Matchup]]:
    """Every player's setting and every pair's settlement."""
    house = OfcRules.of(rules)
    players = _read_players(inputs)
    settings = {name: set_rows(rows, house) for name, rows in players.items()}
    pairs = [settle_pair(a, settings[a], b, settings[b], house) for a, b in combinations(settings, 2)]
    return settings, pairs


def compute_showdown(inputs: Mapping[str, Any], rules: OfcRules | Mapping[str, Any]) -> dict[str, Any]:
    """Net units per player (they sum to zero), fouls, royalties, sweeps and fantasyland."""
    settings, pairs = showdown(inputs, rules)
    scores = dict.fromkeys(settings, 0)
    sweeps = dict.fromkeys(settings, 0)
    for m in pairs:
        scores[m.first] += m.points
        scores[m.second] -= m.points
        if m.swept_by:
            sweeps[m.swept_by] += 1
    return {
        "scores": scores,
        "fouled": [n for n, s in settings.items() if s.fouled],
        "royalties": {n: s.royalty_total for n, s in settings.items()},
        "sweeps": sweeps,
        "fantasyland": [n for n, s in settings.items() if s.fantasyland],
    }


def explain_showdown(inputs: Mapping[str, Any], rules: OfcRules | Mapping[str, Any]) -> list[str]:
    """One line per player's verdict, then one line per pair settled."""
    settings, pairs = showdown(inputs, rules)
    lines = []
    for name, s in settings.items():
        verdict = f"fouled ({s.foul_reason})" if s.fouled else f"royalties {s.royalty_total}"
        lines.append(f"{name}: {verdict}" + ("; fantasyland" if s.fantasyland else ""))
    for m in pairs:
        lines.append(f"{m.first} v {m.second}: {m.note} = {m.points:+d} to {m.first}")
    return lines


def summary_showdown(inputs: Mapping[str, Any], rules: OfcRules | Mapping[str, Any]) -> list[str]:
    """Each pair settled in a sentence: the rows, the sweep and the royalties, and who pays."""
    settings, pairs = showdown(inputs, rules)
    out = []
    for m in pairs:
        winner, loser = (m.first, m.second) if m.points >= 0 else (m.second, m.first)
        fouled = [n for n in (m.first, m.second) if settings[n].fouled]
        why = f"{' and '.join(fouled)} fouled" if fouled else m.note
        out.append(f"{m.first} against {m.second} ({why}): {loser} pays {winner} {abs(m.points)}")
    return ["; ".join(out) + "."] if out else []


# ------------------------------------------------------------ the booklet's tables

#: One hand of each category that can earn a royalty in a five-card row, best first.
_FIVE_CARD_HANDS = (
    ("Royal flush", "A♠ K♠ Q♠ J♠ 10♠"),
    ("Straight flush", "9♥ 8♥ 7♥ 6♥ 5♥"),
    ("Four of a kind", "Q♠ Q♥ Q♦ Q♣ 3♠"),
    ("Full house", "9♣ 9♦ 9♥ 4♠ 4♣"),
    ("Flush", "K♦ J♦ 9♦ 3♦ 2♦"),
    ("Straight", "8♣ 7♦ 6♥ 5♠ 4♣"),
    ("Three of a kind", "7♠ 7♥ 7♦ K♣ 2♠"),
    ("Two pair", "J♠ J♥ 2♦ 2♣ 9♠"),
)
_TOP_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _points(n: int) -> str:
    return number(n) if n else "–"


def royalties_table(rules: OfcRules | Mapping[str, Any] | None = None) -> Table:
    """Royalties of the middle and bottom rows: one hand of each category scored with the rules' table.

    >>> royalties_table().rows[0]
    ('Royal flush', '50', '25')
    """
    house = OfcRules.of(rules)
    rows = []
    for label, cards in _FIVE_CARD_HANDS:
        middle, bottom = (row_royalty(row, parse_cards(cards), house) for row in ("middle", "bottom"))
        if middle or bottom:
            rows.append((label, _points(middle), _points(bottom)))
    return Table(
        title="Royalties for the middle and bottom rows",
        header=("Hand", "Middle", "Bottom"),
        rows=tuple(rows),
        align=("left", "right", "right"),
        note="A hand not listed earns no royalty in these rows.",
    )


def top_royalties_table(rules: OfcRules | Mapping[str, Any] | None = None) -> Table:
    """Royalties of the three-card top row: a pair and three of a kind of every rank.

    >>> top_royalties_table().rows[0][-1], top_royalties_table({"royalties": "classic"}).rows[1][-1]
    ('9', '20')
    """
    house = OfcRules.of(rules)
    suits = ("♠", "♥", "♦")
    pairs, trips = [], []
    for rank in _TOP_RANKS:
        kicker = "3♣" if rank == "2" else "2♣"
        pairs.append(row_royalty("top", parse_cards(f"{rank}♠ {rank}♥ {kicker}"), house))
        trips.append(row_royalty("top", parse_cards(" ".join(rank + s for s in suits)), house))
    return Table(
        title="Royalties for the top row",
        header=("Top row",) + _TOP_RANKS,
        rows=(("Pair",) + tuple(_points(n) for n in pairs), ("Three of a kind",) + tuple(_points(n) for n in trips)),
        align=("left",) + ("center",) * len(_TOP_RANKS),
        note="A pair or three of a kind of the rank at the head of the column; high cards earn nothing.",
    )


INPUT_ROWS = {
    "top": "the three-card top (front) row",
    "middle": "the five-card middle row",
    "bottom": "the five-card bottom (back) row",
}

HAND_SPEC = GameSpec(
    name="ofc-hand",
    title="Open-face Chinese poker: one player's rows",
    inputs=INPUT_ROWS,
    quantities=(
        Quantity("fouled", "bool", "true when a row is stronger than the row below it"),
        Quantity("top", "str", "the top row's hand: three of a kind, one pair or high card"),
        Quantity("middle", "str", "the middle row's poker hand"),
        Quantity("bottom", "str", "the bottom row's poker hand"),
        Quantity("top_royalty", "int", "royalty earned by the top row"),
        Quantity("middle_royalty", "int", "royalty earned by the middle row"),
        Quantity("bottom_royalty", "int", "royalty earned by the bottom row"),
        Quantity("royalties", "int", "all royalties (0 when fouled)"),
        Quantity("fantasyland", "bool", "whether the rows earn a fantasyland hand next"),
        Quantity("stays_in_fantasyland", "bool", "whether a player already in fantasyland stays there"),
    ),
    compute=compute_hand,
    rules=OfcRules,
    required=ROWS,
    explain=explain_hand,
    summary=summary_hand,
    card_inputs=ROWS,
    tables=(
        TableDef(
            "ofc-royalties",
            "open-face Chinese poker: royalties of the middle and bottom rows",
            lambda rules, options, memo: royalties_table(rules),
        ),
        TableDef(
            "ofc-top-royalties",
            "open-face Chinese poker: royalties of a pair or trips on top, by rank",
            lambda rules, options, memo: top_royalties_table(rules),
        ),
    ),
)

SHOWDOWN_SPEC = GameSpec(
    name="ofc",
    title="Open-face Chinese poker: settling a hand",
    inputs={"players": "mapping of two to four names to their rows: {Ann: {top: ..., middle: ..., bottom: ...}}"},
    quantities=(
        Quantity("scores", "mapping", "net units won (+) or paid (-) by each player; they add up to zero"),
        Quantity("fouled", "set", "players whose rows fouled"),
        Quantity("royalties", "mapping", "each player's royalties (0 when fouled)"),
        Quantity("sweeps", "mapping", "how many opponents each player beat on all three rows"),
        Quantity("fantasyland", "set", "players who earn fantasyland for the next hand"),
    ),
    compute=compute_showdown,
    rules=OfcRules,
    required=("players",),
    explain=explain_showdown,
    summary=summary_showdown,
)

GAMES = [SHOWDOWN_SPEC, HAND_SPEC]
