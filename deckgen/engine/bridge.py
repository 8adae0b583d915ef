"""Contract bridge scoring: one deal (duplicate or rubber), a rubber, IMPs and matchpoints.

The trick values and the undertrick, overtrick and IMP tables are those of the
Laws of Duplicate Bridge (2017) and the rubber-bridge laws; they are written out
once below as named tables. The bonuses that groups do change (game, part
score, slams, the insult, the rubber bonuses) are house-rule parameters whose
defaults are the Laws' values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.engine.base import Choice, ExampleError, GameSpec, Quantity, Record, Rules, read_cards, rule, said_list, unique_cards
from deckgen.engine.table import Memo, Table, TableDef, number

__all__ = [
    "BRIDGE",
    "BRIDGE_IMPS",
    "BRIDGE_MATCHPOINTS",
    "BRIDGE_RUBBER",
    "GAMES",
    "BridgeRules",
    "Contract",
    "DealScore",
    "MatchpointRules",
    "RubberDeal",
    "RubberResult",
    "RubberRules",
    "bonus_table",
    "contract_points_table",
    "contract_value",
    "imp_table",
    "imps",
    "matchpoints",
    "parse_contract",
    "play_rubber",
    "score_deal",
    "undertrick_penalty",
    "undertrick_table",
]


@dataclass(frozen=True)
class _SlamRules(Rules):
    """The bonuses duplicate and rubber bridge share: the game threshold, slams and the insult."""

    game_points: int = rule(
        100, "Points for game", "Trick points that make a game (in one deal, or below the line at rubber).",
        minimum=0,
    )
    small_slam_bonus: int = rule(500, "Small slam bonus", "Bonus for making a six-level contract, not vulnerable.", minimum=0)
    small_slam_bonus_vul: int = rule(
        750, "Small slam bonus, vulnerable", "Bonus for making a six-level contract, vulnerable.",
        minimum=0,
    )
    grand_slam_bonus: int = rule(1000, "Grand slam bonus", "Bonus for making a seven-level contract, not vulnerable.", minimum=0)
    grand_slam_bonus_vul: int = rule(
        1500, "Grand slam bonus, vulnerable", "Bonus for making a seven-level contract, vulnerable.",
        minimum=0,
    )
    insult_bonus: int = rule(
        50, "Bonus for a doubled contract made", "Paid for making a doubled contract, twice over when redoubled (the 'insult').",
        minimum=0,
    )


@dataclass(frozen=True)
class BridgeRules(_SlamRules):
    """The house rules of one deal at duplicate: the Laws' bonuses by default.

    >>> BridgeRules().game_bonus_vul
    500
    """

    game: ClassVar[str] = "bridge"
    part_score_bonus: int = rule(
        50, "Part-score bonus", "Duplicate: bonus for making a contract worth less than game.",
        minimum=0,
    )
    game_bonus: int = rule(300, "Game bonus", "Duplicate: bonus for making a game contract when not vulnerable.", minimum=0)
    game_bonus_vul: int = rule(
        500, "Game bonus, vulnerable", "Duplicate: bonus for making a game contract when vulnerable.",
        minimum=0,
    )


@dataclass(frozen=True)
class RubberRules(_SlamRules):
    """The house rules of a rubber: the slam and insult bonuses, and the rubber's own bonuses."""

    game: ClassVar[str] = "bridge-rubber"
    rubber_bonus_fast: int = rule(
        700, "Rubber bonus, two games to none", "Rubber bonus when the opponents won no game (two games to none).",
        minimum=0,
    )
    rubber_bonus: int = rule(
        500, "Rubber bonus, two games to one", "Rubber bonus when the opponents won a game (two games to one).",
        minimum=0,
    )
    unfinished_game_bonus: int = rule(
        300, "Unfinished rubber: a game", "Unfinished rubber: bonus to a side that has won one game.",
        minimum=0,
    )
    unfinished_part_score_bonus: int = rule(
        100,
        "Unfinished rubber: a part score",
        "Unfinished rubber: bonus to a side with a part score in the open game.",
        minimum=0,
    )


@dataclass(frozen=True)
class MatchpointRules(Rules):
    """What a score earns against each other table's score on the same board."""

    game: ClassVar[str] = "bridge-matchpoints"
    win_points: int = rule(2, "Matchpoints for a win", "Matchpoints for each other score beaten (some clubs give 1).")
    tie_points: int = rule(1, "Matchpoints for a tie", "Matchpoints for each other score tied (half the win points).")


def _with_defaults(rules: Rules | Mapping[str, Any] | None, kind: type[Rules]) -> Mapping[str, Any]:
    """A typed value or a mapping as a mapping; what it leaves out takes `kind`'s usual values, and
    what `kind` declares is checked against it (a mapping may also carry the other kind's rules)."""
    if isinstance(rules, Rules):
        return rules.as_dict()
    rules = rules or {}
    own = kind.resolve({k: v for k, v in rules.items() if k in kind.__dataclass_fields__})
    return {**rules, **own}

# ------------------------------------------------------------------ the Laws' tables

STRAINS = ("C", "D", "H", "S", "NT")
STRAIN_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
#: Points per odd trick bid and made, undoubled: minors 20, majors 30, no trumps 40 then 30.
TRICK_VALUE = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}
FIRST_NT_TRICK = 40
#: Each overtrick when doubled, by vulnerability (redoubled: twice this).
DOUBLED_OVERTRICK = {False: 100, True: 200}
#: Undertrick penalties (vulnerable?, doubling) -> (the 1st, the 2nd and 3rd each, the 4th onwards each).
UNDERTRICKS = {
    (False, 0): (50, 50, 50),
    (True, 0): (100, 100, 100),
    (False, 1): (100, 200, 300),
    (True, 1): (200, 300, 300),
    (False, 2): (200, 400, 600),
    (True, 2): (400, 600, 600),
}
#: The 25-step IMP scale: the smallest point difference worth 1, 2, ... 24 IMPs.
IMP_STEPS = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip

_CONTRACT_RE = re.compile(r"^\s*([1-7])\s*(NT|N|[CDHS♣♦♥♠♤♡♢♧])\s*(XX|X|\*\*|\*)?\s*$", re.IGNORECASE)
_STRAIN_TOKENS = {"♣": "C", "♧": "C", "♦": "D", "♢": "D", "♥": "H", "♡": "H", "♠": "S", "♤": "S", "N": "NT"}


@dataclass(frozen=True)
class Contract:
    """A final contract: level 1-7, strain (C D H S NT) and doubling (0 none, 1 doubled, 2 redoubled)."""

    level: int
    strain: str
    doubled: int = 0

    def __str__(self) -> str:
        return f"{self.level}{STRAIN_SYMBOL[self.strain]}{'X' * self.doubled}"


def parse_contract(text: Any, where: str = "contract") -> Contract:
    """Read `4♥`, `3NT`, `6SX`, `2♣XX`; anything else is an ExampleError quoting it."""
    match = _CONTRACT_RE.match(str(text).replace("\ufe0f", "")) if isinstance(text, (str, int)) else None
    if not match:
        raise ExampleError(
            f"{where}: '{text}' is not a contract: expected a level 1-7, a strain (♣ ♦ ♥ ♠, C D H S or NT) "
            f"and X for doubled or XX for redoubled, e.g. 4♥, 3NT, 2♠X",
            where,
        )
    level, strain, dbl = match.groups()
    strain = strain.upper()
    strain = _STRAIN_TOKENS.get(strain, strain)
    doubled = {"": 0, "X": 1, "*": 1, "XX": 2, "**": 2}[(dbl or "").upper()]
    return Contract(int(level), strain, doubled)


# ------------------------------------------------------------------ one deal


@dataclass(frozen=True)
class DealScore:
    """One deal's points to the declaring side, part by part (undertricks negative)."""

    contract: Contract
    vulnerable: bool
    tricks: int
    contract_points: int
    overtrick_points: int
    undertrick_points: int
    slam_bonus: int
    game_bonus: int
    insult_bonus: int
    honour_points: int
    #: Duplicate: the contract made was worth less than a game (the bonus paid is the part-score one).
    part_score: bool = False

    @property
    def made(self) -> bool:
        return self.tricks >= self.contract.level + 6

    @property
    def bonus_points(self) -> int:
        return self.slam_bonus + self.game_bonus + self.insult_bonus

    @property
    def score(self) -> int:
        return (
            self.contract_points + self.overtrick_points + self.undertrick_points + self.bonus_points + self.honour_points
        )


def contract_value(contract: Contract) -> int:
    """Points for the odd tricks bid, doubled or redoubled as the contract is (what counts towards game)."""
    base = TRICK_VALUE[contract.strain] * contract.level
    if contract.strain == "NT":
        base += FIRST_NT_TRICK - TRICK_VALUE["NT"]
    return base * (1, 2, 4)[contract.doubled]


def undertrick_penalty(down: int, vulnerable: bool, doubled: int) -> int:
    """What the defenders score when the contract fails by `down` tricks."""
    first, second_third, rest = UNDERTRICKS[(vulnerable, doubled)]
    return sum(first if n == 1 else second_third if n <= 3 else rest for n in range(1, down + 1))


def check_honours(honours: Any, contract: Contract, where: str = "honours") -> int:
    """Honours held (positive: declaring side, negative: defenders): 100 or 150, and only 150 at no trumps."""
    if isinstance(honours, bool) or not isinstance(honours, int) or abs(honours) not in (0, 100, 150):
        raise ExampleError(
            f"{where}: expected 100 or 150 (negative when the defenders hold them), got {honours!r}", where
        )
    if contract.strain == "NT" and abs(honours) == 100:
        raise ExampleError(f"{where}: at no trumps only the four aces count, for 150; 100 is not possible", where)
    return honours


def score_deal(
    contract: Contract,
    vulnerable: bool,
    tricks: int,
    rules: Rules | Mapping[str, Any] | None = None,
    *,
    rubber: bool = False,
    honours: int = 0,
) -> DealScore:
    """Score one deal for the declaring side. Rubber scoring has no game or part-score bonus on the deal.

    >>> score_deal(parse_contract("4♥"), vulnerable=True, tricks=11).score
    650
    >>> score_deal(parse_contract("3NTX"), vulnerable=False, tricks=6).score  # three down, doubled
    -500
    """
    rules = _with_defaults(rules, RubberRules if rubber else BridgeRules)
    needed = contract.level + 6
    contract_points = overtricks = undertricks = slam = game = insult = 0
    part_score = False
    if tricks >= needed:
        contract_points = contract_value(contract)
        extra = tricks - needed
        if contract.doubled:
            overtricks = extra * DOUBLED_OVERTRICK[vulnerable] * contract.doubled
            insult = rules["insult_bonus"] * contract.doubled
        else:
            overtricks = extra * TRICK_VALUE[contract.strain]
        if contract.level == 6:
            slam = rules["small_slam_bonus_vul" if vulnerable else "small_slam_bonus"]
        elif contract.level == 7:
            slam = rules["grand_slam_bonus_vul" if vulnerable else "grand_slam_bonus"]
        if not rubber:
            part_score = contract_points < max(1, rules["game_points"])
            if part_score:
                game = rules["part_score_bonus"]
            else:
                game = rules["game_bonus_vul" if vulnerable else "game_bonus"]
    else:
        undertricks = -undertrick_penalty(needed - tricks, vulnerable, contract.doubled)
    return DealScore(
        contract, vulnerable, tricks, contract_points, overtricks, undertricks, slam, game, insult, honours, part_score
    )


def _tricks(value: Any, where: str = "tricks") -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
        raise ExampleError(f"{where}: expected the declaring side's tricks, 0 to 13, got {value!r}", where)
    return value


def _vulnerable(value: Any, where: str = "vulnerable") -> bool:
    if not isinstance(value, bool):
        raise ExampleError(f"{where}: expected true or false, got {value!r}", where)
    return value


#: The four hands of a deal, by the compass.
SEATS = ("North", "East", "South", "West")


def check_hands(value: Any) -> dict[str, list[Any]]:
    """A whole deal, for the diagram: North, East, South and West (or N, E, S, W), 13 different cards each."""
    if not isinstance(value, Mapping):
        raise ExampleError("hands: expected {North: 13 cards, East: ..., South: ..., West: ...}", "hands")
    seats = {str(k).strip().upper()[:1]: v for k, v in value.items()}
    if sorted(seats) != sorted(s[0] for s in SEATS) or len(value) != 4:
        raise ExampleError(f"hands: expected the four seats {', '.join(SEATS)}, got {', '.join(map(str, value))}", "hands")
    hands = {}
    for seat in SEATS:
        cards = read_cards(seats[seat[0]], "hands")
        if len(cards) != 13:
            raise ExampleError(f"hands: {seat} holds {len(cards)} cards, expected 13", "hands")
        hands[seat] = cards
    unique_cards([c for h in hands.values() for c in h], where="the deal")
    return hands


def _deal(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> DealScore:
    if "hands" in inputs:
        check_hands(inputs["hands"])
    contract = parse_contract(inputs["contract"])
    scoring = str(inputs.get("scoring", "duplicate")).strip().lower()
    if scoring not in ("duplicate", "rubber"):
        raise ExampleError(f"scoring: expected duplicate or rubber, got {inputs.get('scoring')!r}", "scoring")
    honours = 0
    if "honours" in inputs:
        if scoring != "rubber":
            raise ExampleError("honours: honours only score in rubber bridge; add 'scoring: rubber'", "honours")
        honours = check_honours(inputs["honours"], contract)
    return score_deal(
        contract,
        _vulnerable(inputs["vulnerable"]),
        _tricks(inputs["tricks"]),
        rules,
        rubber=scoring == "rubber",
        honours=honours,
    )


def _compute_deal(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    deal = _deal(inputs, rules)
    return {
        "score": deal.score,
        "made": deal.made,
        "contract_points": deal.contract_points,
        "overtrick_points": deal.overtrick_points,
        "undertrick_points": deal.undertrick_points,
        "bonus_points": deal.bonus_points,
        "honour_points": deal.honour_points,
    }


def describe_deal(deal: DealScore) -> list[str]:
    """The sum behind a deal's score, in the words a scorer would say it."""
    c = deal.contract
    vul = "vulnerable" if deal.vulnerable else "not vulnerable"
    doubling = ("", ", doubled", ", redoubled")[c.doubled]
    needed = c.level + 6
    if not deal.made:
        down = needed - deal.tricks
        lines = [
            f"{c} ({vul}{doubling}): {deal.tricks} tricks of {needed}, down {down}",
            f"Undertricks: {-deal.undertrick_points} to the defenders",
        ]
    else:
        extra = deal.tricks - needed
        made = "made exactly" if extra == 0 else f"made with {extra} overtrick{'s' * (extra > 1)}"
        lines = [f"{c} ({vul}{doubling}): {deal.tricks} tricks, {made}"]
        parts = [f"contract {deal.contract_points}"]
        if deal.overtrick_points:
            parts.append(f"overtricks {deal.overtrick_points}")
        if deal.game_bonus:
            parts.append(("part score " if deal.part_score else "game ") + str(deal.game_bonus))
        if deal.slam_bonus:
            parts.append(("small slam " if c.level == 6 else "grand slam ") + str(deal.slam_bonus))
        if deal.insult_bonus:
            parts.append(f"insult {deal.insult_bonus}")
        lines.append(" + ".join(parts))
    if deal.honour_points:
        holder = "declaring side" if deal.honour_points > 0 else "defenders"
        lines.append(f"Honours: {abs(deal.honour_points)} to the {holder}")
    lines.append(f"Score: {deal.score:+d} to the declaring side")
    return lines


def _signed(n: int) -> str:
    """A score with its sign, the minus a true minus: +420, −800."""
    return f"{'+' if n > 0 else '−' if n < 0 else ''}{abs(n)}"


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen")


def _in_words(count: int, thing: str) -> str:
    return f"{count} {thing}{'s' if count != 1 else ''}"


def summarise_deal(deal: DealScore) -> list[str]:
    """A deal's score in one sentence, as a scorer says it once the contract, vulnerability and
    tricks are on the table: "Made exactly: 120 for the contract, 300 for game and 50 for the
    insult, +470 to the declaring side"."""
    c = deal.contract
    needed = c.level + 6
    honours = []
    if deal.honour_points:
        holder = "" if deal.honour_points > 0 else " to the defenders"
        honours = [f"{abs(deal.honour_points)} for honours{holder}"]
    if not deal.made:
        down = needed - deal.tricks
        parts = [f"{-deal.undertrick_points} to the defenders", *honours]
        return [
            f"{_NUMBER_WORDS[down].capitalize()} down ({deal.tricks} of the {needed} tricks needed): {said_list(parts)}, "
            f"{_signed(deal.score)} to the declaring side."
        ]
    extra = deal.tricks - needed
    made = "Made exactly" if extra == 0 else f"Made with {_in_words(extra, 'overtrick')}"
    parts = [f"{deal.contract_points} for the contract"]
    if deal.overtrick_points:
        parts.append(f"{deal.overtrick_points} for {'the overtrick' if extra == 1 else 'overtricks'}")
    if deal.game_bonus:
        parts.append(f"{deal.game_bonus} for {'a part score' if deal.part_score else 'game'}")
    if deal.slam_bonus:
        parts.append(f"{deal.slam_bonus} for the {'small' if c.level == 6 else 'grand'} slam")
    if deal.insult_bonus:
        parts.append(f"{deal.insult_bonus} for the insult")
    parts += honours
    return [f"{made}: {said_list(parts)}, {_signed(deal.score)} to the declaring side."]


# ------------------------------------------------------------------ the booklet's tables

_STRAIN_GROUPS = (("♣♦", "C"), ("♥♠", "S"), ("NT", "NT"))
_DOUBLING = (("", ""), ("X", "X"), ("XX", "XX"))


def _deal_points(contract: str, vulnerable: bool, tricks: int, rules: Mapping[str, Any]) -> DealScore:
    try:
        return score_deal(parse_contract(contract), vulnerable, tricks, rules)
    except ExampleError as exc:
        raise ExampleError(f"{contract}: {exc}") from None


def contract_points_table(rules: BridgeRules | Mapping[str, Any] | None = None) -> Table:
    """Trick points for each level and strain, undoubled, doubled and redoubled.

    >>> contract_points_table().rows[0]
    ('1', '20', '30', '40', '40', '60', '80', '80', '120', '160')
    """
    active = BridgeRules.resolve(rules)
    header = ["Level"] + [f"{s}{' ' + d if d else ''}" for d, _ in _DOUBLING for s, _ in _STRAIN_GROUPS]
    rows = []
    for level in range(1, 8):
        row = [str(level)]
        for _, dbl in _DOUBLING:
            for _, strain in _STRAIN_GROUPS:
                row.append(number(_deal_points(f"{level}{strain}{dbl}", False, 6 + level, active).contract_points))
        rows.append(row)
    return Table(
        title="Contract points: what the tricks bid and made are worth",
        header=tuple(header),
        rows=tuple(tuple(r) for r in rows),
        align=("center",) + ("right",) * 9,
        note=f"X doubled, XX redoubled. {number(active['game_points'])} or more contract points make a game.",
    )


def undertrick_table(rules: BridgeRules | Mapping[str, Any] | None = None, deepest: int = 7) -> Table:
    """What the defenders score when declarer goes down, by vulnerability and doubling.

    >>> undertrick_table().rows[-1]
    ('each more', '+50', '+300', '+600', '+100', '+300', '+600')
    """
    active = BridgeRules.resolve(rules)
    header = ["Down"] + [f"{v} {d or '–'}" for v in ("Not vul.", "Vul.") for d, _ in _DOUBLING]
    values: list[list[int]] = []
    for down in range(1, deepest + 2):
        line = []
        for vulnerable in (False, True):
            for _, dbl in _DOUBLING:
                line.append(abs(_deal_points(f"7NT{dbl}", vulnerable, 13 - down, active).undertrick_points))
        values.append(line)
    rows = [tuple([str(down)] + [number(v) for v in line]) for down, line in enumerate(values[:deepest], start=1)]
    more = [b - a for a, b in zip(values[deepest - 1], values[deepest])]
    rows.append(tuple(["each more"] + [f"+{number(v)}" for v in more]))
    return Table(
        title="Undertricks: what the defenders score",
        header=tuple(header),
        rows=tuple(rows),
        align=("center",) + ("right",) * 6,
        note="– undoubled, X doubled, XX redoubled.",
    )


def bonus_table(rules: BridgeRules | Mapping[str, Any] | None = None) -> Table:
    """Bonuses and overtricks for sample contracts made, not vulnerable and vulnerable (duplicate scoring).

    Whether a contract is a part score or a game is read off its contract points and the active
    `game_points`, so the labels stay right under a house rule that moves the game threshold.

    >>> bonus_table().rows[1]
    ('4♠ made: game', '300', '500')
    """
    active = BridgeRules.resolve(rules)

    def kind(contract: str, tricks: int) -> str:
        level = int(contract[0])
        if level == 7:
            return "grand slam"
        if level == 6:
            return "small slam"
        points = _deal_points(contract, False, tricks, active).contract_points
        return "game" if points >= active["game_points"] else "part score"

    rows = []
    for shown, contract, tricks in [("2♠", "2S", 8), ("4♠", "4S", 10), ("6♠", "6S", 12), ("7♠", "7S", 13)]:
        label = f"{shown} made: {kind(contract, tricks)}"
        rows.append(tuple([label] + [number(_deal_points(contract, v, tricks, active).bonus_points) for v in (False, True)]))
    for label, contract, tricks, part in [
        ("1♣ doubled, made", "1CX", 7, "bonus_points"),
        ("1♣ redoubled, made", "1CXX", 7, "bonus_points"),
        ("Overtrick in ♣ or ♦", "1C", 8, "overtrick_points"),
        ("Overtrick in ♥, ♠ or NT", "1S", 8, "overtrick_points"),
        ("Overtrick, doubled", "1CX", 8, "overtrick_points"),
        ("Overtrick, redoubled", "1CXX", 8, "overtrick_points"),
    ]:
        rows.append(tuple([label] + [number(getattr(_deal_points(contract, v, tricks, active), part)) for v in (False, True)]))
    return Table(
        title="Bonuses and overtricks (duplicate scoring)",
        header=("Contract made", "Not vulnerable", "Vulnerable"),
        rows=tuple(rows),
        align=("left", "right", "right"),
        note="The bonus of a slam includes the game bonus; a doubled contract made adds the bonus "
        "for making it doubled (the 'insult').",
    )

BRIDGE = GameSpec(
    name="bridge",
    title="Contract bridge: one deal",
    inputs={
        "contract": "level, strain and doubling: 4♥, 3NT, 6SX, 2♣XX",
        "vulnerable": "whether the declaring side is vulnerable: true or false",
        "tricks": "tricks taken by the declaring side, 0 to 13",
        "scoring": "duplicate (default) or rubber",
        "honours": "rubber only: 100 or 150 held by the declaring side (negative: by the defenders)",
        "hands": "the whole deal, shown as a diagram (optional): {North: 13 cards, East: ..., South: ..., West: ...}",
    },
    phrases={"vulnerable": ("vulnerable", "not vulnerable")},
    quantities=(
        Quantity("score", "int", "points to the declaring side, negative when the contract fails"),
        Quantity("made", "bool", "whether the contract was made"),
        Quantity("contract_points", "int", "points for the odd tricks bid and made"),
        Quantity("overtrick_points", "int", "points for tricks beyond the contract"),
        Quantity("undertrick_points", "int", "penalty for a failed contract, negative"),
        Quantity("bonus_points", "int", "slam, game or part-score and insult bonuses"),
        Quantity("honour_points", "int", "rubber: honours, negative when the defenders hold them"),
    ),
    compute=_compute_deal,
    rules=BridgeRules,
    required=("contract", "vulnerable", "tricks"),
    explain=lambda inputs, rules: describe_deal(_deal(inputs, rules)),
    summary=lambda inputs, rules: summarise_deal(_deal(inputs, rules)),
    card_inputs=("hands",),
    choices={"scoring": (Choice("duplicate", "duplicate scoring"), Choice("rubber", "rubber scoring"))},
    tables=(
        TableDef(
            "bridge-contract-points",
            "trick points per level and strain, undoubled, doubled, redoubled",
            lambda rules, options, memo: contract_points_table(rules),
        ),
        TableDef(
            "bridge-bonuses",
            "part score, game and slam bonuses, insult and overtricks by vulnerability",
            lambda rules, options, memo: bonus_table(rules),
        ),
        TableDef(
            "bridge-undertricks",
            "penalties for 1 to 7 down (and each more) by vulnerability and doubling",
            lambda rules, options, memo: undertrick_table(rules),
        ),
    ),
    default_tables=({"table": "bridge-contract-points"}, {"table": "bridge-bonuses"}, {"table": "bridge-undertricks"}),
)


# ------------------------------------------------------------------ a rubber

SIDES = ("NS", "EW")
_SEAT_SIDE = {"N": "NS", "S": "NS", "NS": "NS", "E": "EW", "W": "EW", "EW": "EW"}


@dataclass(frozen=True)
class RubberDeal:
    """One deal of a rubber: who declared what, and how many tricks they took."""

    side: str
    contract: Contract
    tricks: int
    honours: int = 0


@dataclass(frozen=True)
class RubberResult:
    below: dict[str, int]
    above: dict[str, int]
    games: dict[str, int]
    deal_scores: list[int]
    finished: bool
    rubber_winner: str
    rubber_bonus: int
    unfinished_bonus: dict[str, int]
    ended_at: int
    #: One short line per deal saying where its points went (for the booklet's account).
    notes: tuple[str, ...] = ()
    #: Whether the declaring side was vulnerable, deal by deal (False for a deal passed out).
    vulnerable: tuple[bool, ...] = ()

    @property
    def totals(self) -> dict[str, int]:
        return {s: self.below[s] + self.above[s] for s in SIDES}


def _side(value: Any, where: str) -> str:
    side = _SEAT_SIDE.get(str(value).strip().upper())
    if side is None:
        raise ExampleError(f"{where}: '{value}' is not a side: expected NS or EW (or a seat N, E, S, W)", where)
    return side


def parse_rubber_deal(entry: Any, number: int) -> RubberDeal | None:
    """A deal as `NS 4♥ 10`, as {by: NS, contract: 4♥, tricks: 10, honours: 100}, or `pass` (None)."""
    where = f"deals: deal {number}"
    if entry is None or (isinstance(entry, str) and entry.strip().lower() in ("pass", "passed")):
        return None
    if isinstance(entry, str):
        parts = entry.split()
        if len(parts) != 3:
            raise ExampleError(
                f"{where}: '{entry}' should be side, contract and tricks, e.g. 'NS 4♥ 10', or 'pass'", "deals"
            )
        side, text, tricks_text = parts
        try:
            tricks: Any = int(tricks_text)
        except ValueError:
            raise ExampleError(f"{where}: '{tricks_text}' is not a number of tricks", "deals") from None
        contract = parse_contract(text, where)
        return RubberDeal(_side(side, where), contract, _tricks(tricks, where))
    if isinstance(entry, dict):
        unknown = set(entry) - {"by", "contract", "tricks", "honours"}
        missing = {"by", "contract", "tricks"} - set(entry)
        if unknown or missing:
            bad = sorted(unknown)[0] if unknown else sorted(missing)[0]
            what = "unknown field" if unknown else "missing field"
            raise ExampleError(f"{where}: {what} '{bad}' (expected by, contract, tricks, honours)", "deals")
        contract = parse_contract(entry["contract"], where)
        honours = check_honours(entry.get("honours", 0), contract, f"{where} honours")
        return RubberDeal(_side(entry["by"], where), contract, _tricks(entry["tricks"], where), honours)
    raise ExampleError(f"{where}: expected 'NS 4♥ 10', a mapping or 'pass', got {entry!r}", "deals")


def play_rubber(
    deals: Sequence[RubberDeal | None], rules: RubberRules | Mapping[str, Any] | None = None
) -> RubberResult:
    """Score a rubber deal by deal: below and above the line, games, the rubber or unfinished bonuses."""
    rules = _with_defaults(rules, RubberRules)
    game_points = max(1, rules["game_points"])
    below = dict.fromkeys(SIDES, 0)
    above = dict.fromkeys(SIDES, 0)
    current = dict.fromkeys(SIDES, 0)
    games = dict.fromkeys(SIDES, 0)
    scores: list[int] = []
    ended_at = 0
    winner = ""
    bonus = 0
    notes: list[str] = []
    vulnerable: list[bool] = []
    for number, deal in enumerate(deals, start=1):
        if ended_at:
            raise ExampleError(f"deals: deal {number} comes after the rubber ended at deal {ended_at}", "deals")
        if deal is None:
            scores.append(0)
            notes.append(f"{number}. passed out")
            vulnerable.append(False)
            continue
        side = deal.side
        other = SIDES[1 - SIDES.index(side)]
        result = score_deal(deal.contract, games[side] > 0, deal.tricks, rules, rubber=True, honours=deal.honours)
        scores.append(result.score)
        vulnerable.append(games[side] > 0)
        holder = side if deal.honours > 0 else other
        above[holder] += abs(deal.honours)
        vul = " (vul)" if games[side] else ""
        note = f"{number}. {side} {deal.contract}{vul}, {deal.tricks} tricks: "
        if result.made:
            below[side] += result.contract_points
            current[side] += result.contract_points
            extra = result.overtrick_points + result.bonus_points
            above[side] += extra
            note += f"{result.contract_points} below" + (f", {extra} above" if extra else "")
            if current[side] >= game_points:
                games[side] += 1
                current = dict.fromkeys(SIDES, 0)
                note += f"; game {side}"
                if games[side] == 2:
                    ended_at = number
                    winner = side
                    bonus = rules["rubber_bonus_fast" if games[other] == 0 else "rubber_bonus"]
                    above[side] += bonus
                    note += f", rubber {bonus}"
        else:
            above[other] -= result.undertrick_points
            note += f"down {deal.contract.level + 6 - deal.tricks}, {-result.undertrick_points} to {other}"
        if deal.honours:
            note += f"; honours {abs(deal.honours)} to {holder}"
        notes.append(note)
    unfinished = dict.fromkeys(SIDES, 0)
    if not ended_at:
        for s in SIDES:
            if games[s] == 1:
                unfinished[s] += rules["unfinished_game_bonus"]
            if current[s] > 0:
                unfinished[s] += rules["unfinished_part_score_bonus"]
            above[s] += unfinished[s]
    return RubberResult(
        below, above, games, scores, bool(ended_at), winner, bonus, unfinished, ended_at, tuple(notes), tuple(vulnerable)
    )


def _rubber(inputs: Mapping[str, Any]) -> list[RubberDeal | None]:
    deals = inputs.get("deals")
    if not isinstance(deals, list):
        raise ExampleError(f"deals: expected a list of deals ('NS 4♥ 10', 'pass' ...), got {deals!r}", "deals")
    return [parse_rubber_deal(d, i) for i, d in enumerate(deals, start=1)]


def _compute_rubber(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    result = play_rubber(_rubber(inputs), rules)
    totals = result.totals
    ns, ew = totals["NS"], totals["EW"]
    return {
        "below_line": result.below,
        "above_line": result.above,
        "totals": totals,
        "games": result.games,
        "deal_scores": result.deal_scores,
        "finished": result.finished,
        "rubber_winner": result.rubber_winner,
        "rubber_bonus": result.rubber_bonus,
        "unfinished_bonus": result.unfinished_bonus,
        "winner": "NS" if ns > ew else "EW" if ew > ns else "",
        "margin": abs(ns - ew),
    }


def _rubber_records(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[Record]:
    """The rubber as a score keeper follows it: a row per deal, who declared what (doubled,
    vulnerable), the tricks taken and the points to the declaring side, honours included."""
    deals = _rubber(inputs)
    result = play_rubber(deals, rules)
    rows = []
    for number, (deal, score, vul) in enumerate(zip(deals, result.deal_scores, result.vulnerable), 1):
        if deal is None:
            rows.append((str(number), "passed out", "", "", ""))
            continue
        contract = str(deal.contract) + (", vulnerable" if vul else "")
        if deal.honours:
            contract += f", honours {abs(deal.honours)}"
        rows.append((str(number), deal.side, contract, str(deal.tricks), f"{score:+d}".replace("-", "\u2212")))
    header = ("Deal", "By", "Contract", "Tricks", "Points")
    return [Record(("deals",), header, tuple(rows), ("right", "left", "left", "right", "right"))]


def _explain_rubber(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    result = play_rubber(_rubber(inputs), rules)
    lines = [
        *result.notes,
        "Below the line: " + " · ".join(f"{s} {result.below[s]}" for s in SIDES),
        "Above the line: " + " · ".join(f"{s} {result.above[s]}" for s in SIDES),
    ]
    if result.finished:
        lines.append(
            f"{result.rubber_winner} win the rubber {result.games[result.rubber_winner]}–"
            f"{min(result.games.values())} at deal {result.ended_at}: bonus {result.rubber_bonus}"
        )
    else:
        extra = " · ".join(f"{s} {result.unfinished_bonus[s]}" for s in SIDES)
        lines.append(f"Rubber unfinished: bonuses {extra}")
    lines.append("Totals: " + " · ".join(f"{s} {result.totals[s]}" for s in SIDES))
    return lines


def _summary_rubber(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """The rubber in two sentences: who won it (or what the unfinished rubber pays), then the totals."""
    result = play_rubber(_rubber(inputs), rules)
    if result.finished:
        w = result.rubber_winner
        first = f"{w} win the rubber {result.games[w]}–{min(result.games.values())} at deal {result.ended_at} and score {result.rubber_bonus} for it"
    else:
        paid = " and ".join(f"{s} {result.unfinished_bonus[s]}" for s in SIDES)
        first = f"The rubber is unfinished, so each side scores for what it has made: {paid}"
    lines = " and ".join(f"{s} {result.below[s]}" for s in SIDES)
    totals = " and ".join(f"{s} {result.totals[s]}" for s in SIDES)
    return [f"{first}.", f"With {lines} below the line, the totals are {totals}."]


BRIDGE_RUBBER = GameSpec(
    name="bridge-rubber",
    title="Contract bridge: a rubber",
    inputs={"deals": "the deals in order: 'NS 4♥ 10' (side, contract, tricks), a mapping with honours, or 'pass'"},
    quantities=(
        Quantity("below_line", "mapping", "each side's contract points (below the line)"),
        Quantity("above_line", "mapping", "each side's overtricks, penalties, bonuses and honours"),
        Quantity("totals", "mapping", "each side's total, above and below the line"),
        Quantity("games", "mapping", "games won by each side"),
        Quantity("deal_scores", "list", "each deal's score to its declaring side, honours included"),
        Quantity("finished", "bool", "whether a side has won two games"),
        Quantity("rubber_winner", "str", "the side that won two games (empty if unfinished)"),
        Quantity("rubber_bonus", "int", "the rubber bonus paid (0 if unfinished)"),
        Quantity("unfinished_bonus", "mapping", "bonuses for a game or part score in an unfinished rubber"),
        Quantity("winner", "str", "the side with more points in total (empty on a tie)"),
        Quantity("margin", "int", "the difference between the sides' totals"),
    ),
    compute=_compute_rubber,
    rules=RubberRules,
    required=("deals",),
    explain=_explain_rubber,
    summary=_summary_rubber,
    records=_rubber_records,
)


# ------------------------------------------------------------------ comparing tables


def imps(difference: int) -> int:
    """International match points for a points difference between two tables (signed).

    >>> imps(420), imps(-50), imps(10)
    (9, -2, 0)
    """
    steps = sum(1 for step in IMP_STEPS if abs(difference) >= step)
    return steps if difference >= 0 else -steps


def imp_table(columns: int = 4) -> Table:
    """The IMP scale: which point differences give how many IMPs, read off `imps` in steps of 10.

    >>> imp_table().rows[0][:2]
    ('0–10', '0')
    """
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
    labels = [
        (f"{number(a)} and more" if i == len(bands) - 1 else f"{number(a)}–{number(b)}", str(n))
        for i, (a, b, n) in enumerate(bands)
    ]
    per = -(-len(labels) // columns)
    rows = []
    for r in range(per):
        row: list[str] = []
        for c in range(columns):
            k = c * per + r
            row += list(labels[k]) if k < len(labels) else ["", ""]
        rows.append(tuple(row))
    return Table(
        title="IMPs for the difference between the two tables' scores",
        header=("Difference", "IMPs") * columns,
        rows=tuple(rows),
        align=("left", "right") * columns,
        note="The side with the better score wins the IMPs; the other loses as many.",
    )


def _difference(inputs: Mapping[str, Any]) -> int:
    value = inputs["difference"]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ExampleError(f"difference: expected a whole number of points, got {value!r}", "difference")
    return value


def _explain_imps(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    d = _difference(inputs)
    n = imps(d)
    steps = abs(n)
    low = IMP_STEPS[steps - 1] if steps else 0
    high = IMP_STEPS[steps] - 10 if steps < len(IMP_STEPS) else None
    band = f"{low}–{high}" if high is not None else f"{low} or more"
    return [f"A difference of {abs(d)} lies in the band {band}: {n:+d} IMPs"]


def _summary_imps(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """The difference, its band on the scale, and the IMPs it wins or costs, in one sentence."""
    d = _difference(inputs)
    n = imps(d)
    steps = abs(n)
    low = IMP_STEPS[steps - 1] if steps else 0
    band = (
        f"in the {number(low)}–{number(IMP_STEPS[steps] - 10)} band of the scale"
        if steps < len(IMP_STEPS)
        else f"at the top of the scale ({number(low)} and more)"
    )
    if n == 0:
        return [f"A difference of {number(abs(d))} points is {band}: no IMPs change hands."]
    gain = "A gain" if d > 0 else "A loss"
    return [f"{gain} of {number(abs(d))} points is {band}: {n:+d} IMPs."]


BRIDGE_IMPS = GameSpec(
    name="bridge-imps",
    title="Contract bridge: IMPs",
    inputs={"difference": "the points difference between the two tables (either sign)"},
    quantities=(Quantity("imps", "int", "international match points, signed like the difference"),),
    compute=lambda inputs, rules: {"imps": imps(_difference(inputs))},
    required=("difference",),
    explain=_explain_imps,
    summary=_summary_imps,
    tables=(TableDef("bridge-imps", "the IMP scale", lambda rules, options, memo: imp_table()),),
)


def matchpoints(scores: Sequence[int], win: float, tie: float) -> list[float]:
    """Each score's matchpoints against every other score on the board: `win` per score beaten, `tie` per tie."""
    return [
        sum(win if s > o else tie if s == o else 0 for j, o in enumerate(scores) if j != i)
        for i, s in enumerate(scores)
    ]


def _number_rule(rules: Mapping[str, Any], name: str) -> float:
    value = rules[name]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise ExampleError(f"rules.{name}: expected a number of at least 0, got {value!r}", f"rules.{name}")
    return value


def _board(inputs: Mapping[str, Any]) -> tuple[list[str] | None, list[int]]:
    raw = inputs["scores"]
    names: list[str] | None = None
    if isinstance(raw, dict):
        names = [str(k) for k in raw]
        values = list(raw.values())
    elif isinstance(raw, list):
        values = raw
    else:
        raise ExampleError(f"scores: expected a list of scores or a mapping pair: score, got {raw!r}", "scores")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int):
            raise ExampleError(f"scores: '{v}' is not a score (a whole number of points)", "scores")
    if len(values) < 2:
        raise ExampleError("scores: expected at least two scores to compare", "scores")
    return names, values


def _tidy_number(x: float) -> int | float:
    return int(x) if float(x).is_integer() else x


def _compute_matchpoints(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    names, values = _board(inputs)
    win, tie = _number_rule(rules, "win_points"), _number_rule(rules, "tie_points")
    mps = [_tidy_number(m) for m in matchpoints(values, win, tie)]
    top = _tidy_number(win * (len(values) - 1))
    pct = [round(100 * m / top, 2) if top else 0 for m in mps]
    if names is not None:
        return {"matchpoints": dict(zip(names, mps)), "top": top, "percent": dict(zip(names, pct))}
    return {"matchpoints": mps, "top": top, "percent": pct}


def _explain_matchpoints(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    names, values = _board(inputs)
    got = _compute_matchpoints(inputs, rules)
    labels = names or [str(v) for v in values]
    mps = list(got["matchpoints"].values()) if names else got["matchpoints"]
    return [
        f"Top {got['top']}: {rules['win_points']} per score beaten, {rules['tie_points']} per tie",
        " · ".join(f"{label}: {m}" for label, m in zip(labels, mps)),
    ]


def _summary_matchpoints(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> list[str]:
    """How matchpoints are earned and the top; then each score's matchpoints, best score first."""
    names, values = _board(inputs)
    got = _compute_matchpoints(inputs, rules)
    mps = list(got["matchpoints"].values()) if names else got["matchpoints"]
    labels = names or [str(v) for v in values]
    groups: dict[int, list[str]] = {}
    for label, value in zip(labels, values):
        groups.setdefault(value, []).append(label)
    earned = dict(zip(values, mps))
    said: list[str] = []
    for value in sorted(groups, reverse=True):
        who, each = groups[value], " each" if len(groups[value]) > 1 else ""
        named = said_list(who) + (f" ({value})" if names else "")
        verb = "" if said else (" scores" if len(who) == 1 and names else " score")
        said.append(f"{named}{verb} {earned[value]}{each}")
    rule_words = f"{rules['win_points']} for each score it beats and {rules['tie_points']} for each tie"
    return [f"A score earns {rule_words}: the top is {got['top']}.", said_list(said)[:1].upper() + said_list(said)[1:] + "."]

BRIDGE_MATCHPOINTS = GameSpec(
    name="bridge-matchpoints",
    title="Contract bridge: matchpoints",
    inputs={"scores": "every table's score on one board, from one direction: a list, or pair: score"},
    quantities=(
        Quantity("matchpoints", "any", "each score's matchpoints, as a list or by pair like the scores"),
        Quantity("top", "int", "the most a score can earn on the board"),
        Quantity("percent", "any", "each score's matchpoints as a percentage of the top, to 2 decimals"),
    ),
    compute=_compute_matchpoints,
    rules=MatchpointRules,
    required=("scores",),
    explain=_explain_matchpoints,
    summary=_summary_matchpoints,
)

GAMES = [BRIDGE, BRIDGE_RUBBER, BRIDGE_IMPS, BRIDGE_MATCHPOINTS]
