"""Computed tables for the booklet: every number comes from the rules engine, none is typed.

A rules source asks for a table with a ```` ```deckgen-table ```` block
(`table: bridge-undertricks`), or the booklet adds a game's standard tables to its
Scoring section. Each function here returns a `ComputedTable` of plain strings;
`deckgen.booklet.markdown` draws it. Poker frequencies take the longest to
compute, so they are cached on disk by their arguments and the engine's source.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckgen.engine.base import ExampleError, GameSpec
from deckgen.engine.registry import get_game
from deckgen.errors import UserError


@dataclass(frozen=True)
class ComputedTable:
    """A table as plain text cells; `align` per column: left, right or center."""

    title: str
    header: list[str]
    rows: list[list[str]]
    align: list[str] = field(default_factory=list)
    note: str = ""


def _fmt(n: int | float) -> str:
    """A number with thin thousands separators the way the booklet prints them: 1,098,240."""
    if isinstance(n, float) and not n.is_integer():
        return f"{n:,.2f}"
    return f"{int(n):,}"


def _engine(name: str) -> GameSpec:
    spec = get_game(name)
    if spec is None:
        raise UserError(f"the rules engine has no game '{name}' for this table")
    return spec


def _only(spec: GameSpec, rules: Mapping[str, Any]) -> dict[str, Any]:
    """The active values of this game's own parameters (a chapter's rules may cover several games)."""
    return {k: v for k, v in rules.items() if k in spec.defaults}


# ----------------------------------------------------------------------------- poker frequencies

#: Category names from best to worst, as the poker engine reports them.
POKER_ORDER = (
    "five of a kind",
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "one pair",
    "high card",
)


def engine_digest(pattern: str) -> str:
    """A digest of the engine modules matching `pattern` (`poker*.py`), so a changed engine
    never reuses numbers cached by an older one."""
    import deckgen.engine as engine_pkg

    h = hashlib.sha256()
    for folder in engine_pkg.__path__:
        for path in sorted(Path(folder).glob(pattern)):
            h.update(path.name.encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


#: Counts per category for every hand of `cards` cards (best five), with the `wild` cards wild.
FrequencyFn = Callable[..., Mapping[str, int]]


def _engine_frequencies(cards: int, wild: tuple[str, ...] = ()) -> Mapping[str, int]:
    from deckgen.engine.poker import hand_frequencies

    return hand_frequencies(cards, wild=wild)


class TableCache:
    """Numbers that take the engine seconds to count (poker frequencies, cribbage score
    distributions), kept as JSON under `folder`, keyed by their arguments and the engine's source.

    `folder` None keeps nothing between builds. `frequencies` replaces the poker engine (tests).
    """

    def __init__(self, folder: Path | None, frequencies: FrequencyFn | None = None) -> None:
        self.folder = Path(folder) if folder else None
        self.frequencies = frequencies or _engine_frequencies
        self.hits = 0
        self.misses = 0
        self._digests: dict[str, str] = {}

    def _digest(self, pattern: str) -> str:
        if pattern not in self._digests:
            self._digests[pattern] = engine_digest(pattern)
        return self._digests[pattern]

    def _path(self, name: str, args: Mapping[str, Any], engine: str) -> Path | None:
        if self.folder is None:
            return None
        key = json.dumps({"args": args, "engine": self._digest(engine)}, sort_keys=True, ensure_ascii=False)
        return self.folder / f"{name}-{hashlib.sha256(key.encode()).hexdigest()[:20]}.json"

    def get(self, name: str, args: Mapping[str, Any], engine: str, compute: Callable[[], Mapping[Any, int]]) -> dict[str, int]:
        """The cached result of `compute()`, or compute it now and keep it."""
        from deckgen.fileio import write_bytes_atomic

        path = self._path(name, args, engine)
        if path is not None:
            if path.is_file():
                try:
                    data = json.loads(path.read_text(encoding="utf-8"))
                    self.hits += 1
                    return {str(k): int(v) for k, v in data.items()}
                except (ValueError, OSError, AttributeError):
                    pass  # a damaged cache file is recomputed and replaced
        self.misses += 1
        result = {str(k): int(v) for k, v in dict(compute()).items()}
        if path is not None:
            write_bytes_atomic(path, json.dumps(result, sort_keys=True, ensure_ascii=False).encode())
        return result

    def has_poker(self, cards: int, wild: Sequence[str] = ()) -> bool:
        """Whether an earlier build left these counts in the cache."""
        path = self._path(f"poker-frequencies-{cards}", {"cards": cards, "wild": list(wild)}, "poker*.py")
        return path is not None and path.is_file()

    def poker(self, cards: int, wild: Sequence[str] = ()) -> dict[str, int]:
        """Hands of each category among all `cards`-card hands (best five), `wild` cards wild."""
        return self.get(
            f"poker-frequencies-{cards}", {"cards": cards, "wild": list(wild)}, "poker*.py",
            lambda: self.frequencies(cards, wild=tuple(wild)),
        )

    def cribbage(self, rules: Mapping[str, Any]) -> dict[int, int]:
        """How many hand-and-starter deals count each score, with these cribbage rules."""
        from deckgen.engine.cribbage import score_distribution

        counts = self.get("cribbage-scores", dict(rules), "cribbage.py", lambda: score_distribution(False, rules))
        return {int(k): v for k, v in counts.items()}


def poker_frequencies(cache: TableCache, cards: int = 5, wild: Sequence[str] = (), title: str = "") -> ComputedTable:
    """How many hands of each category there are, with the chance and the odds against."""
    counts = cache.poker(cards, wild)
    total = sum(counts.values())
    if total <= 0:
        raise UserError(f"the poker engine returned no hands for {cards} cards")
    order = [c for c in POKER_ORDER if c in counts] + sorted(c for c in counts if c not in POKER_ORDER)
    rows = []
    for category in order:
        n = counts[category]
        if n == 0 and category == "five of a kind":
            continue
        chance = 100.0 * n / total
        odds = "—" if n == 0 else ("even" if n * 2 >= total else f"{(total - n) / n:,.1f} : 1")
        shown = "never" if n == 0 else f"{chance:.4f} %" if chance < 0.1 else f"{chance:.2f} %"
        rows.append([category[:1].upper() + category[1:], _fmt(n), shown, odds])
    wild_text = f", {', '.join(str(w) for w in wild)} wild" if wild else ""
    return ComputedTable(
        title=title or f"{cards}-card hands{wild_text}: how often each category is the best five",
        header=["Hand", "Ways", "Chance", "Odds against"],
        rows=rows,
        align=["left", "right", "right", "right"],
        note=f"Counted by the rules engine over all {_fmt(total)} possible {cards}-card hands from 52 cards.",
    )


# ----------------------------------------------------------------------------- bridge

_STRAIN_GROUPS = (("♣♦", "C"), ("♥♠", "S"), ("NT", "NT"))
_DOUBLING = (("", ""), ("X", "X"), ("XX", "XX"))


def _bridge(contract: str, vulnerable: bool, tricks: int, rules: Mapping[str, Any]) -> dict[str, Any]:
    spec = _engine("bridge")
    try:
        return spec.run({"contract": contract, "vulnerable": vulnerable, "tricks": tricks}, _only(spec, rules))
    except ExampleError as exc:
        raise UserError(f"bridge engine: {contract}: {exc}") from None


def bridge_contract_points(rules: Mapping[str, Any]) -> ComputedTable:
    """Trick points for each level and strain, undoubled, doubled and redoubled."""
    header = ["Level"] + [f"{s}{' ' + d if d else ''}" for d, _ in _DOUBLING for s, _ in _STRAIN_GROUPS]
    rows = []
    for level in range(1, 8):
        row = [str(level)]
        for _, dbl in _DOUBLING:
            for _, strain in _STRAIN_GROUPS:
                result = _bridge(f"{level}{strain}{dbl}", False, 6 + level, rules)
                row.append(_fmt(result["contract_points"]))
        rows.append(row)
    return ComputedTable(
        title="Contract points: what the tricks bid and made are worth",
        header=header,
        rows=rows,
        align=["center"] + ["right"] * 9,
        note=f"X doubled, XX redoubled. {_fmt(_engine('bridge').resolve_rules(_only(_engine('bridge'), rules))['game_points'])} "
        "or more contract points make a game.",
    )


def bridge_undertricks(rules: Mapping[str, Any], deepest: int = 7) -> ComputedTable:
    """What the defenders score when declarer goes down, by vulnerability and doubling."""
    header = ["Down"] + [f"{v} {d or '–'}" for v in ("Not vul.", "Vul.") for d, _ in _DOUBLING]
    rows = []
    values: list[list[int]] = []
    for down in range(1, deepest + 2):
        line = []
        for vulnerable in (False, True):
            for _, dbl in _DOUBLING:
                result = _bridge(f"7NT{dbl}", vulnerable, 13 - down, rules)
                line.append(abs(int(result["undertrick_points"])))
        values.append(line)
    for down, line in enumerate(values[:deepest], start=1):
        rows.append([str(down)] + [_fmt(v) for v in line])
    more = [b - a for a, b in zip(values[deepest - 1], values[deepest])]
    rows.append(["each more"] + [f"+{_fmt(v)}" for v in more])
    return ComputedTable(
        title="Undertricks: what the defenders score",
        header=header,
        rows=rows,
        align=["center"] + ["right"] * 6,
        note="– undoubled, X doubled, XX redoubled.",
    )


def bridge_bonuses(rules: Mapping[str, Any]) -> ComputedTable:
    """Bonuses and overtricks for sample contracts made, not vulnerable and vulnerable (duplicate scoring).

    Whether a contract is a part score or a game is read off its contract points and the active
    `game_points`, so the labels stay right under a house rule that moves the game threshold."""
    spec = _engine("bridge")
    game_points = spec.resolve_rules(_only(spec, rules))["game_points"]

    def kind(contract: str, tricks: int) -> str:
        level = int(contract[0])
        if level == 7:
            return "grand slam"
        if level == 6:
            return "small slam"
        points = _bridge(contract, False, tricks, rules)["contract_points"]
        return "game" if points >= game_points else "part score"

    bonus_cases = [("2♠", "2S", 8), ("4♠", "4S", 10), ("6♠", "6S", 12), ("7♠", "7S", 13)]
    rows = []
    for shown, contract, tricks in bonus_cases:
        label = f"{shown} made: {kind(contract, tricks)}"
        rows.append([label] + [_fmt(_bridge(contract, v, tricks, rules)["bonus_points"]) for v in (False, True)])
    for label, contract, tricks, part in [
        ("1♣ doubled, made", "1CX", 7, "bonus_points"),
        ("1♣ redoubled, made", "1CXX", 7, "bonus_points"),
        ("Overtrick in ♣ or ♦", "1C", 8, "overtrick_points"),
        ("Overtrick in ♥, ♠ or NT", "1S", 8, "overtrick_points"),
        ("Overtrick, doubled", "1CX", 8, "overtrick_points"),
        ("Overtrick, redoubled", "1CXX", 8, "overtrick_points"),
    ]:
        rows.append([label] + [_fmt(_bridge(contract, v, tricks, rules)[part]) for v in (False, True)])
    return ComputedTable(
        title="Bonuses and overtricks (duplicate scoring)",
        header=["Contract made", "Not vulnerable", "Vulnerable"],
        rows=rows,
        align=["left", "right", "right"],
        note="The bonus of a slam includes the game bonus; a doubled contract made adds the bonus "
        "for making it doubled (the 'insult').",
    )


def bridge_imps(rules: Mapping[str, Any], columns: int = 4) -> ComputedTable:
    """The IMP scale: which point differences give how many IMPs, read off the engine in steps of 10."""
    spec = _engine("bridge-imps")
    active = _only(spec, rules)

    def imps(difference: int) -> int:
        return int(spec.run({"difference": difference}, active)["imps"])

    most = imps(1_000_000)
    bands: list[tuple[int, int, int]] = []  # (from, to, imps), differences in steps of 10
    difference = 0
    while True:
        n = imps(difference)
        if bands and bands[-1][2] == n:
            bands[-1] = (bands[-1][0], difference, n)
        else:
            bands.append((difference, difference, n))
        if n == most:
            break
        difference += 10
        if difference > 100_000:
            raise UserError("bridge-imps engine: the IMP scale does not reach its top below 100,000 points")
    labels = [
        (f"{_fmt(a)} and more" if i == len(bands) - 1 else f"{_fmt(a)}–{_fmt(b)}", str(n))
        for i, (a, b, n) in enumerate(bands)
    ]
    per = -(-len(labels) // columns)
    rows = []
    for r in range(per):
        row: list[str] = []
        for c in range(columns):
            k = c * per + r
            row += list(labels[k]) if k < len(labels) else ["", ""]
        rows.append(row)
    return ComputedTable(
        title="IMPs for the difference between the two tables' scores",
        header=["Difference", "IMPs"] * columns,
        rows=rows,
        align=["left", "right"] * columns,
        note="The side with the better score wins the IMPs; the other loses as many.",
    )


# ----------------------------------------------------------------------------- open-face Chinese poker

#: One hand of each category that can earn a royalty in a five-card row, best first.
_OFC_FIVE_CARD_HANDS = (
    ("Royal flush", "A♠ K♠ Q♠ J♠ 10♠"),
    ("Straight flush", "9♥ 8♥ 7♥ 6♥ 5♥"),
    ("Four of a kind", "Q♠ Q♥ Q♦ Q♣ 3♠"),
    ("Full house", "9♣ 9♦ 9♥ 4♠ 4♣"),
    ("Flush", "K♦ J♦ 9♦ 3♦ 2♦"),
    ("Straight", "8♣ 7♦ 6♥ 5♠ 4♣"),
    ("Three of a kind", "7♠ 7♥ 7♦ K♣ 2♠"),
    ("Two pair", "J♠ J♥ 2♦ 2♣ 9♠"),
)
_OFC_TOP_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def _ofc_royalty(row: str, cards: str, rules: Mapping[str, Any]) -> int:
    """The royalty the engine gives one row holding `cards`, with the active royalty schedule."""
    from deckgen.cards import parse_cards
    from deckgen.engine.ofc import _row_royalty, royalty_table
    from deckgen.engine.poker_rank import evaluate_high

    spec = _engine("ofc-hand")
    active = spec.resolve_rules(_only(spec, rules))
    try:
        table = royalty_table(active["royalties"])
    except ExampleError as exc:
        raise UserError(f"open-face Chinese poker engine: {exc}") from None
    return int(_row_royalty(row, evaluate_high(parse_cards(cards)), table))


def _points(n: int) -> str:
    return _fmt(n) if n else "–"


def ofc_royalties(rules: Mapping[str, Any]) -> ComputedTable:
    """Royalties of the middle and bottom rows: one hand of each category scored by the engine."""
    rows = []
    for label, cards in _OFC_FIVE_CARD_HANDS:
        middle, bottom = (_ofc_royalty(row, cards, rules) for row in ("middle", "bottom"))
        if middle or bottom:
            rows.append([label, _points(middle), _points(bottom)])
    return ComputedTable(
        title="Royalties for the middle and bottom rows",
        header=["Hand", "Middle", "Bottom"],
        rows=rows,
        align=["left", "right", "right"],
        note="A hand not listed earns no royalty in these rows.",
    )


def ofc_top_royalties(rules: Mapping[str, Any]) -> ComputedTable:
    """Royalties of the three-card top row: a pair and three of a kind of every rank, scored by the engine."""
    suits = ("♠", "♥", "♦")
    pairs, trips = [], []
    for rank in _OFC_TOP_RANKS:
        kicker = "3♣" if rank == "2" else "2♣"
        pairs.append(_ofc_royalty("top", f"{rank}♠ {rank}♥ {kicker}", rules))
        trips.append(_ofc_royalty("top", " ".join(rank + s for s in suits), rules))
    return ComputedTable(
        title="Royalties for the top row",
        header=["Top row"] + list(_OFC_TOP_RANKS),
        rows=[["Pair"] + [_points(n) for n in pairs], ["Three of a kind"] + [_points(n) for n in trips]],
        align=["left"] + ["center"] * len(_OFC_TOP_RANKS),
        note="A pair or three of a kind of the rank at the head of the column; high cards earn nothing.",
    )


# ----------------------------------------------------------------------------- house rules


def house_rules_table(
    specs: Sequence[GameSpec], active: Mapping[str, Any], title: str = "The scoring values at your table"
) -> ComputedTable:
    """Each house-rule parameter of the games: your value, the usual one, and what it changes."""
    rows = []
    seen: set[str] = set()
    changed = 0
    for spec in specs:
        for p in spec.parameters:
            if p.name in seen:
                continue
            seen.add(p.name)
            value = active.get(p.name, p.default)
            changed += value != p.default
            mark = " *" if value != p.default else ""
            rows.append([p.name.replace("_", " "), show_value(value) + mark, show_value(p.default), p.description])
    note = f"* {changed} house rule(s) differ from the usual value." if changed else ""
    return ComputedTable(
        title=title,
        header=["House rule", "Yours", "Usual", "What it changes"],
        rows=rows,
        align=["left", "right", "right", "left"],
        note=note,
    )


def show_value(value: Any) -> str:
    """A house-rule value as a person reads it: yes/no, lists and tables without brackets and quotes."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(show_value(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {show_value(v)}" for k, v in value.items())
    return str(value)


def gin_summary(rules: Mapping[str, Any]) -> ComputedTable:
    """What each way of ending a gin rummy hand scores, worked out by the engine with the active values."""
    spec = _engine("gin-rummy")
    active = spec.resolve_rules(_only(spec, rules))
    hands = [
        (
            "Knock",
            "AS 2S 3S 4H 4D 4C 7H 8H 9H 3C",
            "5S 6S QH QD QC 2D 10D 9C 10C JD",
        ),
        (
            "Undercut",
            "AS 2S 3S 4H 4D 4C 7H 8H 9H 8C",
            "JD QD KD 10C 10S 10D 5C 6C 7C 2D",
        ),
        (
            "Gin",
            "AS 2S 3S 4H 4D 4C 7H 8H 9H 10H",
            "5S 6S QH QD QC 2D 3D 9C 10C JD",
        ),
        (
            "Big gin",
            "AS 2S 3S 4H 4D 4C 7H 8H 9H 10H JH",
            "5S 6S QH QD QC 2D 3D 9C 10C JD",
        ),
    ]
    rows = []
    for label, knocker, defender in hands:
        try:
            result = spec.run({"knocker": knocker, "defender": defender}, active)
        except ExampleError as exc:
            raise UserError(f"gin-rummy engine: {label.lower()}: {exc}") from None
        rows.append(
            [
                label,
                str(result["knocker_deadwood"]),
                str(result["defender_deadwood"]),
                str(result["scorer"]).capitalize(),
                _fmt(result["points"]),
            ]
        )
    return ComputedTable(
        title="How a hand scores, with your values (knock limit "
        f"{active['knock_limit']}, gin {active['gin_bonus']}, big gin {active['big_gin_bonus']}, "
        f"undercut {active['undercut_bonus']})",
        header=["Ending", "Knocker's deadwood", "Defender's deadwood", "Scores", "Points"],
        rows=rows,
        align=["left", "right", "right", "left", "right"],
        note="Sample hands scored by the engine; the defender's deadwood is after laying off.",
    )


def cribbage_summary(rules: Mapping[str, Any], cache: TableCache) -> ComputedTable:
    """How often a hand counts each score, over every hand and starter, with the active values."""
    spec = _engine("cribbage")
    dist = cache.cribbage(spec.resolve_rules(_only(spec, rules)))
    total = sum(dist.values())
    best = max(s for s, n in dist.items() if n)
    never = [s for s in range(best) if not dist.get(s)]
    buckets = [(0, 0), (1, 4), (5, 8), (9, 12), (13, 16), (17, 20), (21, 24), (25, best)]
    rows = []
    for lo, hi in buckets:
        n = sum(dist.get(s, 0) for s in range(lo, hi + 1))
        label = str(lo) if lo == hi else f"{lo}–{hi}"
        rows.append([label, _fmt(n), f"{100.0 * n / total:.2f} %"])
    mean = sum(s * n for s, n in dist.items()) / total
    return ComputedTable(
        title="What a four-card hand with the starter counts",
        header=["Points", "Deals", "Share"],
        rows=rows,
        align=["center", "right", "right"],
        note=f"Over all {_fmt(total)} hands with their starter: average {mean:.2f}, best {best}; "
        f"no hand counts {', '.join(str(s) for s in never)}.",
    )


# ----------------------------------------------------------------------------- dispatch


@dataclass
class TableMaker:
    """Builds the table a ```deckgen-table block asks for, with one chapter's active rules."""

    rules: Mapping[str, Any]
    cache: TableCache
    specs: Sequence[GameSpec] = ()

    def __call__(self, spec: Mapping[str, Any]) -> ComputedTable:
        name = str(spec.get("table", ""))
        makers: dict[str, Callable[[], ComputedTable]] = {
            "poker-frequencies": lambda: poker_frequencies(
                self.cache, int(spec.get("cards", 5)), [str(w) for w in spec.get("wild") or []], str(spec.get("title", ""))
            ),
            "bridge-contract-points": lambda: bridge_contract_points(self.rules),
            "bridge-undertricks": lambda: bridge_undertricks(self.rules),
            "bridge-bonuses": lambda: bridge_bonuses(self.rules),
            "bridge-imps": lambda: bridge_imps(self.rules),
            "gin-scoring": lambda: gin_summary(self.rules),
            "cribbage-scores": lambda: cribbage_summary(self.rules, self.cache),
            "ofc-royalties": lambda: ofc_royalties(self.rules),
            "ofc-top-royalties": lambda: ofc_top_royalties(self.rules),
            "house-rules": lambda: house_rules_table(self.specs, self.rules),
        }
        if name not in makers:
            raise UserError(f"table: '{name}' is not a computed table: expected one of {', '.join(makers)}")
        if name == "poker-frequencies" and int(spec.get("cards", 5)) not in (5, 6, 7):
            raise UserError(f"cards: expected 5, 6 or 7 for poker frequencies, got {spec.get('cards')!r}")
        return makers[name]()


#: The tables each game's chapter gets in its Scoring section unless the source places them itself.
DEFAULT_TABLES: dict[str, list[dict[str, Any]]] = {
    "poker": [
        {"table": "poker-frequencies", "cards": 5},
        {"table": "poker-frequencies", "cards": 7},
        {
            "table": "poker-frequencies",
            "cards": 5,
            "wild": ["A", "2", "J♠", "J♥"],
            "title": "Acey-Deucey-One-Eyed-Jack: five cards, aces, deuces and one-eyed jacks wild",
        },
        {
            "table": "poker-frequencies",
            "cards": 5,
            "wild": ["K", "lowest"],
            "title": "Kings and Low Man: five cards, kings and each hand's lowest card wild",
        },
    ],
    "bridge": [
        {"table": "bridge-contract-points"},
        {"table": "bridge-bonuses"},
        {"table": "bridge-undertricks"},
    ],
    "gin-rummy": [{"table": "gin-scoring"}, {"table": "house-rules"}],
    "cribbage": [{"table": "cribbage-scores"}, {"table": "house-rules"}],
}
