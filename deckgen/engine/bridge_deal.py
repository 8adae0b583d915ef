"""Contract bridge, one deal: the Laws' trick values and penalties, a contract, and its score.

The trick values and the undertrick and overtrick tables are those of the Laws of
Duplicate Bridge (2017) and the rubber-bridge laws, written out once below as
named tables; the bonuses are house rules (`bridge_rules`). The booklet's tables
of contract points, bonuses and undertricks are read off `score_deal`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deckgen.engine.base import Choice, ExampleError, GameSpec, Quantity, Rules, read_cards, said_list, unique_cards
from deckgen.engine.bridge_rules import BridgeRules, RubberRules, own_rules
from deckgen.engine.table import Table, TableDef, number

__all__ = [
    "BRIDGE",
    "DOUBLED_OVERTRICK",
    "FIRST_NT_TRICK",
    "SEATS",
    "STRAINS",
    "STRAIN_SYMBOL",
    "TRICK_VALUE",
    "UNDERTRICKS",
    "Contract",
    "DealScore",
    "bonus_table",
    "check_hands",
    "check_honours",
    "check_tricks",
    "contract_points_table",
    "contract_value",
    "describe_deal",
    "parse_contract",
    "score_deal",
    "summarise_deal",
    "undertrick_penalty",
    "undertrick_table",
]

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
    duplicate = None if rubber else own_rules(rules, BridgeRules)
    house = duplicate or own_rules(rules, RubberRules)
    needed = contract.level + 6
    contract_points = overtricks = undertricks = slam = game = insult = 0
    part_score = False
    if tricks >= needed:
        contract_points = contract_value(contract)
        extra = tricks - needed
        if contract.doubled:
            overtricks = extra * DOUBLED_OVERTRICK[vulnerable] * contract.doubled
            insult = house.insult_bonus * contract.doubled
        else:
            overtricks = extra * TRICK_VALUE[contract.strain]
        if contract.level == 6:
            slam = house.small_slam_bonus_vul if vulnerable else house.small_slam_bonus
        elif contract.level == 7:
            slam = house.grand_slam_bonus_vul if vulnerable else house.grand_slam_bonus
        if duplicate is not None:
            part_score = contract_points < max(1, duplicate.game_points)
            if part_score:
                game = duplicate.part_score_bonus
            else:
                game = duplicate.game_bonus_vul if vulnerable else duplicate.game_bonus
    else:
        undertricks = -undertrick_penalty(needed - tricks, vulnerable, contract.doubled)
    return DealScore(
        contract, vulnerable, tricks, contract_points, overtricks, undertricks, slam, game, insult, honours, part_score
    )


def check_tricks(value: Any, where: str = "tricks") -> int:
    """The declaring side's tricks, 0 to 13; anything else is an ExampleError naming `where`."""
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
        check_tricks(inputs["tricks"]),
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


def _deal_points(contract: str, vulnerable: bool, tricks: int, house: BridgeRules) -> DealScore:
    try:
        return score_deal(parse_contract(contract), vulnerable, tricks, house)
    except ExampleError as exc:
        raise ExampleError(f"{contract}: {exc}") from None


def contract_points_table(rules: BridgeRules | Mapping[str, Any] | None = None) -> Table:
    """Trick points for each level and strain, undoubled, doubled and redoubled.

    >>> contract_points_table().rows[0]
    ('1', '20', '30', '40', '40', '60', '80', '80', '120', '160')
    """
    house = BridgeRules.of(rules)
    header = ["Level"] + [f"{s}{' ' + d if d else ''}" for d, _ in _DOUBLING for s, _ in _STRAIN_GROUPS]
    rows = []
    for level in range(1, 8):
        row = [str(level)]
        for _, dbl in _DOUBLING:
            for _, strain in _STRAIN_GROUPS:
                row.append(number(_deal_points(f"{level}{strain}{dbl}", False, 6 + level, house).contract_points))
        rows.append(row)
    return Table(
        title="Contract points: what the tricks bid and made are worth",
        header=tuple(header),
        rows=tuple(tuple(r) for r in rows),
        align=("center",) + ("right",) * 9,
        note=f"X doubled, XX redoubled. {number(house.game_points)} or more contract points make a game.",
    )


def undertrick_table(rules: BridgeRules | Mapping[str, Any] | None = None, deepest: int = 7) -> Table:
    """What the defenders score when declarer goes down, by vulnerability and doubling.

    >>> undertrick_table().rows[-1]
    ('each more', '+50', '+300', '+600', '+100', '+300', '+600')
    """
    house = BridgeRules.of(rules)
    header = ["Down"] + [f"{v} {d or '–'}" for v in ("Not vul.", "Vul.") for d, _ in _DOUBLING]
    values: list[list[int]] = []
    for down in range(1, deepest + 2):
        line = []
        for vulnerable in (False, True):
            for _, dbl in _DOUBLING:
                line.append(abs(_deal_points(f"7NT{dbl}", vulnerable, 13 - down, house).undertrick_points))
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
    house = BridgeRules.of(rules)

    def kind(contract: str, tricks: int) -> str:
        level = int(contract[0])
        if level == 7:
            return "grand slam"
        if level == 6:
            return "small slam"
        points = _deal_points(contract, False, tricks, house).contract_points
        return "game" if points >= house.game_points else "part score"

    rows = []
    for shown, contract, tricks in [("2♠", "2S", 8), ("4♠", "4S", 10), ("6♠", "6S", 12), ("7♠", "7S", 13)]:
        label = f"{shown} made: {kind(contract, tricks)}"
        rows.append(tuple([label] + [number(_deal_points(contract, v, tricks, house).bonus_points) for v in (False, True)]))
    for label, contract, tricks, part in [
        ("1♣ doubled, made", "1CX", 7, "bonus_points"),
        ("1♣ redoubled, made", "1CXX", 7, "bonus_points"),
        ("Overtrick in ♣ or ♦", "1C", 8, "overtrick_points"),
        ("Overtrick in ♥, ♠ or NT", "1S", 8, "overtrick_points"),
        ("Overtrick, doubled", "1CX", 8, "overtrick_points"),
        ("Overtrick, redoubled", "1CXX", 8, "overtrick_points"),
    ]:
        rows.append(tuple([label] + [number(getattr(_deal_points(contract, v, tricks, house), part)) for v in (False, True)]))
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
