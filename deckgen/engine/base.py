"""What every game of the rules engine provides, as plain data.

A game is a `GameSpec`: the inputs a worked example may give, its house-rule
parameters (declared once, as a typed `Rules` class, with their human labels,
descriptions and defaults), the quantities it can compute, a pure
`compute(inputs, rules) -> {quantity: value}` function, and the tables of
numbers the booklet prints for it. `deckgen check`, `deckgen score`,
`deckgen games` and the booklet all work from these specs alone, so a new game
plugs in by defining one in its own module (see `deckgen.engine.registry`).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, Final, TypeVar

from deckgen.cards import Card, check_unique, parse_cards
from deckgen.engine.table import Memo, Table, TableDef
from deckgen.errors import CardError, ExampleError, unknown_choice

__all__ = [
    "KINDS",
    "NOBODY",
    "Choice",
    "ExampleError",
    "GameSpec",
    "Memo",
    "Parameter",
    "Quantity",
    "Record",
    "Rules",
    "Table",
    "TableDef",
    "bool_field",
    "cards_field",
    "every_player",
    "is_nobody",
    "name_or_nobody",
    "read_cards",
    "result_problems",
    "rule",
    "said_list",
    "said_yes_no",
    "show_value",
    "unique_cards",
]

T = TypeVar("T")
R = TypeVar("R", bound="Rules")


#: How a claimed value is compared with the computed one.
#:  int      numbers, equal
#:  str      text, equal ignoring case and surrounding spaces
#:  bool     true/false
#:  cards    a set of cards, order does not matter (claim written as a card string)
#:  set      a list whose order does not matter (names, labels)
#:  list     a list in order
#:  ranking  best to worst; ties share a nested list: [Bob, [Ann, Cy], Dee]
#:  ranks    a list of card ranks in order, reported as written (A 2 ... 10 J Q K; 0 for none);
#:           a claim may give a rank as its number too (1 for A, 11 for J, 12 Q, 13 K)
#:  mapping  a dict of name -> value, compared key by key
#:  any      plain equality
KINDS = ("int", "str", "bool", "cards", "set", "list", "ranking", "ranks", "mapping", "any")


@dataclass(frozen=True)
class Quantity:
    name: str
    kind: str
    description: str
    #: A mapping that lists only some of the example's players on purpose (cucumber's totals of the
    #: players still in); every other mapping of a result lists every player (see `every_player`).
    partial: bool = False

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown quantity kind {self.kind!r}")
        if self.partial and self.kind != "mapping":
            raise ValueError(f"quantity {self.name!r}: only a mapping can be partial")


# ----------------------------------------------------------------------------- the results' vocabulary
#
# One way for every game to say "nobody", "nothing" and a tie (docs/examples.md, "Nobody, nothing
# and ties"):
#  - a single-name result with nobody to name (no winner yet, a tie at the top) is NOBODY, "";
#  - a mapping of amounts lists every player of the example, 0 for one who gets or pays nothing;
#  - a zero is 0; a list of nobody is [].
# A claim may write nobody as "", `none`, `nobody`, `no one` or null, and `{}` for "nobody has anything".

#: The one result for "no player" in a single-name quantity (`winner`, `game`, `old_maid`).
NOBODY: Final[str] = ""

_NOBODY_WORDS = frozenset({"", "none", "nobody", "no one", "noone"})


def name_or_nobody(name: str | None) -> str:
    """A single-name result: the name, or NOBODY ("") when there is no one to name.

    >>> name_or_nobody("Ann"), name_or_nobody(None)
    ('Ann', '')
    """
    return NOBODY if name is None else name


def is_nobody(value: Any) -> bool:
    """Whether a claimed or computed single name says "nobody": None, "", or the words none,
    nobody, no one (any case). The spellings a claim may use for NOBODY.

    >>> is_nobody(None), is_nobody(" None "), is_nobody("Nobody"), is_nobody("Ann")
    (True, True, True, False)
    """
    if value is None:
        return True
    return isinstance(value, str) and " ".join(value.split()).casefold() in _NOBODY_WORDS


def every_player(players: Iterable[str], amounts: Mapping[str, T]) -> dict[str, T | int]:
    """A mapping of amounts with every player in it, in the players' order: 0 for one `amounts`
    leaves out. A name of `amounts` that is not a player is a mistake of the game (ValueError).

    >>> every_player(["Ann", "Bob", "Cy"], {"Cy": 5, "Ann": -5})
    {'Ann': -5, 'Bob': 0, 'Cy': 5}
    """
    order = list(players)
    stray = [name for name in amounts if name not in order]
    if stray:
        raise ValueError(f"amounts for {stray[0]!r}, who is not one of the players {order}")
    return {name: amounts.get(name, 0) for name in order}


def result_problems(spec: GameSpec, computed: Mapping[str, Any]) -> list[str]:
    """Where a game's results break the shared vocabulary, one line each (empty when they follow
    it): a single-name result that is None or a word for nobody instead of NOBODY; an amount that
    is None; mappings of one result that do not list the same players (a `partial` one aside)."""
    problems: list[str] = []
    keys: dict[str, frozenset[str]] = {}
    for quantity in spec.quantities:
        if quantity.name not in computed:
            continue
        value = computed[quantity.name]
        where = f"{spec.name}: {quantity.name}"
        if quantity.kind == "str":
            if not isinstance(value, str):
                problems.append(f"{where}: {value!r} where a name or NOBODY ('') was expected")
            elif value != NOBODY and is_nobody(value):
                problems.append(f"{where}: {value!r}: nobody is written NOBODY ('')")
        elif quantity.kind == "int" and value is None:
            problems.append(f"{where}: None where a number (0 for nothing) was expected")
        elif quantity.kind == "mapping" and isinstance(value, Mapping):
            if any(v is None for v in value.values()):
                problems.append(f"{where}: an entry is None (0 for nothing, '' for nobody)")
            if value and not quantity.partial:
                keys[quantity.name] = frozenset(map(str, value))
    if len(set(keys.values())) > 1:
        listed = "; ".join(f"{name}: {', '.join(sorted(k))}" for name, k in keys.items())
        problems.append(f"{spec.name}: the mappings do not list the same players ({listed}): "
                        "list every player, 0 for nothing (every_player), or declare one partial")
    return problems


def show_value(value: Any) -> str:
    """A house-rule value as a person reads it: yes/no, lists and tables without brackets and quotes.

    >>> show_value(True), show_value([2, 3, 4]), show_value({"10": 10, "A": 4})
    ('yes', '2, 3, 4', '10: 10, A: 4')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(show_value(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {show_value(v)}" for k, v in value.items())
    return str(value)


def said_yes_no(phrases: tuple[str, str] | None, value: Any) -> str | None:
    """The phrase of a yes/no pair (on, off) for `value`, or None when `value` is not a bool or no pair is given."""
    if phrases is None or not isinstance(value, bool):
        return None
    return phrases[0] if value else phrases[1]


def said_list(items: Sequence[str]) -> str:
    """Words joined as a sentence lists them: "A", "A and B", "A, B and C" (with a comma before
    the "and" when an item has a comma of its own, so "a flush, ace high, and a pair" reads right).

    >>> said_list(["Ann"]), said_list(["Ann", "Bob"]), said_list(["Ann", "Bob", "Cy"])
    ('Ann', 'Ann and Bob', 'Ann, Bob and Cy')
    >>> said_list(["a flush, ace high", "a pair"])
    'a flush, ace high, and a pair'
    """
    items = list(items)
    if len(items) < 2:
        return items[0] if items else ""
    serial = "," if any("," in i for i in items[:-1]) else ""
    return ", ".join(items[:-1]) + serial + " and " + items[-1]


@dataclass(frozen=True)
class Record:
    """A record an example's inputs hold (betting round by round, a rubber deal by deal), as the
    small table a player keeps at the table: a header and rows of words. It stands in the booklet
    for the inputs it names, which are written in the block in the engine's notation."""

    inputs: tuple[str, ...]
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    #: "left" or "right" for each column (numbers right); missing ones are left.
    align: tuple[str, ...] = ()


@dataclass(frozen=True)
class Choice:
    """One value a text parameter or input may take, with the words a person reads for it."""

    value: str
    label: str


@dataclass(frozen=True)
class Parameter:
    """A house-rule parameter: its common default, its label, and one sentence on what it changes.

    `label` is what a person reads ("Knock limit"); when left out it is made from the
    name. `choices` gives the values a text parameter may take, each with its label.

    >>> Parameter("knock_limit", 10, "Most deadwood a player may hold and still knock.").label
    'Knock limit'
    """

    name: str
    default: Any
    description: str
    label: str = ""
    choices: tuple[Choice, ...] = ()
    #: For a yes/no rule: the phrase that says it is on, and the one that says it is off, each standing
    #: for the label and the value together ("sweeps score", "no points for sweeps").
    phrases: tuple[str, str] | None = None
    #: A rule that takes whole numbers only (never 7.5), at least `minimum` when that is given; `unit`
    #: is what its messages count in ("a whole number of units"). A minimum or a unit implies `whole`.
    whole: bool = False
    minimum: int | None = None
    unit: str = ""
    #: The rule takes values besides its `choices` (OFC's royalties: a table of its own), which its
    #: game checks; without it a text value must be one of the choices.
    other_values: bool = False

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.name.replace("_", " ").capitalize())
        if self.minimum is not None or self.unit:
            object.__setattr__(self, "whole", True)
        wrong = self.problem(self.default)
        if wrong is not None:
            raise ValueError(f"the default of house rule {self.name!r} does not fit its own declaration: {wrong}")

    def problem(self, value: Any) -> str | None:
        """What is wrong with `value` for this rule ("expected a whole number of at least 1, got -5"),
        or None when it is fine. The one check of a house-rule value against its declaration: yes/no,
        a finite number, a whole number and its least value, one of its choices. Every value an
        example, deck.toml or `deckgen score --rule` gives comes through it when the rules are
        resolved (`GameSpec.resolve_rules`), so a game reads its rules without checking them again.

        >>> Parameter("game_points", 100, "", minimum=1).problem(-5)
        'expected a whole number of at least 1, got -5'
        >>> Parameter("rate", "point", "", choices=(Choice("point", "by the point"), Choice("ten", "by tens"))).problem("dollar")
        "unknown value 'dollar': expected one of point, ten"
        """
        default = self.default
        if isinstance(default, bool):
            return None if isinstance(value, bool) else f"expected true or false, got {value!r}"
        if isinstance(value, float) and not math.isfinite(value):  # nan/inf: no sum survives them
            return f"expected a finite number, got {value}"
        if self.whole:
            return _not_whole(value, self.minimum, self.unit)
        if self.choices and not self.other_values and not isinstance(value, (Mapping, list, tuple)):
            allowed = [c.value for c in self.choices]
            if str(value).strip().lower() not in allowed:
                return unknown_choice("value", value, allowed)
        return None

    def check(self, value: Any) -> None:
        """An ExampleError naming rules.<name> when `value` does not fit this rule (see `problem`)."""
        wrong = self.problem(value)
        if wrong is not None:
            raise ExampleError(f"rules.{self.name}: {wrong}", f"rules.{self.name}")

    def phrase(self, value: Any) -> str | None:
        """A yes/no value of this rule as the phrase a person says for it, or None (not yes/no, or no phrases).

        >>> Parameter("deuces_wild", True, "", phrases=("deuces wild", "deuces not wild")).phrase(False)
        'deuces not wild'
        """
        return said_yes_no(self.phrases, value)

    def show(self, value: Any) -> str:
        """A value of this parameter in words: a choice's label, yes/no, or the value itself.

        >>> Parameter("ace", "either", "", choices=(Choice("either", "high or low"),)).show("either")
        'high or low'
        """
        for choice in self.choices:
            if isinstance(value, str) and choice.value == value.strip().lower():
                return choice.label
        return show_value(value)


def rule(
    default: T,
    label: str,
    description: str,
    *,
    choices: Mapping[str, str] | None = None,
    phrases: tuple[str, str] | None = None,
    whole: bool = False,
    minimum: int | None = None,
    unit: str = "",
    other_values: bool = False,
) -> T:
    """Declare one house-rule parameter as a field of a `Rules` class: default, label, one sentence.

    A list or table default is copied for each rules object, so no two share it.
    `choices` maps each value a text parameter may take to its label; `phrases` are a yes/no
    rule's words when on and when off (see `Parameter.phrases`). `whole`, `minimum` and `unit`
    make it a whole-number rule, `other_values` lets it take more than its choices (see
    `Parameter`): a value is checked against these once, when the rules are resolved, so a game
    reads its rules as they are.
    """
    meta = {
        "label": label, "description": description, "choices": dict(choices or {}), "phrases": phrases,
        "whole": whole, "minimum": minimum, "unit": unit, "other_values": other_values,
    }
    if isinstance(default, (list, dict)):
        made: T = field(default_factory=lambda: copy.deepcopy(default), metadata=meta)
        return made
    return field(default=default, metadata=meta)


_DECLARED: dict[type, tuple[Parameter, ...]] = {}
#: Each Rules class's usual rules as its typed value, made once (the value is frozen).
_USUAL: dict[type, Rules] = {}


@dataclass(frozen=True)
class Rules:
    """A game's house rules as a typed value: subclass it as a frozen dataclass of `rule(...)` fields.

    Every engine function that reads house rules takes one of these, a plain mapping
    (deck.toml's `[house_rules.<game>]`, an example's `rules:`), or nothing for the
    usual rules; `of` and `resolve` are the one conversion between them.

    >>> @dataclass(frozen=True)
    ... class DiceRules(Rules):
    ...     double_bonus: int = rule(5, "Bonus for a double", "Points added when both dice show the same.")
    >>> DiceRules.parameters()[0].label
    'Bonus for a double'
    >>> DiceRules.resolve({"double_bonus": 7}), DiceRules.of(None).double_bonus
    ({'double_bonus': 7}, 5)
    >>> DiceRules.resolve({"double": 7})
    Traceback (most recent call last):
    ...
    deckgen.errors.ExampleError: unknown house rule 'double' for DiceRules: did you mean 'double_bonus'? expected one of double_bonus
    """

    #: The GameSpec name used in error messages ("unknown house rule 'x' for gin-rummy").
    game: ClassVar[str] = ""

    @classmethod
    def parameters(cls) -> tuple[Parameter, ...]:
        """The fields as `Parameter`s, in the order they are declared."""
        found = _DECLARED.get(cls)
        if found is None:
            found = _DECLARED[cls] = cls._declared()
        return found

    @classmethod
    def _declared(cls) -> tuple[Parameter, ...]:
        if hasattr(cls, "__post_init__") or "__slots__" in vars(cls):  # `of` fills a value's __dict__ in
            raise TypeError(
                f"{cls.__name__}: a Rules class is its rule() fields only (no __post_init__, no slots); "
                "a value's checks go in rule()"
            )
        out = []
        for f in fields(cls):
            if f.default is not MISSING:
                default = f.default
            elif f.default_factory is not MISSING:
                default = f.default_factory()
            else:  # pragma: no cover - every rule() field has a default
                raise TypeError(f"{cls.__name__}.{f.name} has no default")
            choices = tuple(Choice(k, v) for k, v in (f.metadata.get("choices") or {}).items())
            meta = f.metadata
            out.append(
                Parameter(
                    f.name, default, meta.get("description", ""), meta.get("label", ""), choices, meta.get("phrases"),
                    whole=meta.get("whole", False), minimum=meta.get("minimum"), unit=meta.get("unit", ""),
                    other_values=meta.get("other_values", False),
                )
            )
        return tuple(out)

    @classmethod
    def resolve(cls, rules: Rules | Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Every parameter with its value: the defaults, then `rules` (a typed value or a mapping).

        An unknown name, or a value its declaration refuses (`Parameter.problem`), is an ExampleError.
        """
        params = cls.parameters()
        if type(rules) is dict and len(rules) == len(params) and all(p.name in rules for p in params):
            return rules  # already resolved (what GameSpec.run hands a game): nothing to add
        if isinstance(rules, Rules):
            rules = rules.as_dict()
        return _layered({p.name: p.default for p in params}, {p.name: p for p in params}, (rules,), cls.game or cls.__name__)

    @classmethod
    def of(cls: type[R], rules: Rules | Mapping[str, Any] | None = None) -> R:
        """The typed value of `rules` (itself when it is one already; the usual rules for None)."""
        if isinstance(rules, cls):
            return rules
        if rules is None:
            usual = _USUAL.get(cls)
            if usual is None:
                usual = _USUAL[cls] = cls.of({})
            return usual  # type: ignore[return-value]  # _USUAL[cls] is a cls
        resolved = cls.resolve(rules)
        # every field is in `resolved`, its value checked, and a Rules class has no __post_init__
        # (`parameters` refuses one): filled in directly, in half the time the frozen __init__ takes
        made = object.__new__(cls)
        made.__dict__.update(resolved)
        return made

    def as_dict(self) -> dict[str, Any]:
        """The values by parameter name, as a rules mapping."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class GameSpec:
    """One game of the engine: everything `check`, `score`, `games` and the booklet need to know.

    `rules` is the game's typed house rules (a `Rules` subclass); its fields are the
    game's parameters. `tables` are the tables of numbers the engine works out for
    this game (a rules file asks for one by name in a ```` ```deckgen-table ```` block);
    `default_tables` are the table requests the booklet adds to the chapter's Scoring
    section when the rules file places none itself. `choices` gives, per input, the
    labels of the values it takes (poker's `variant: omaha-hilo` is "Omaha high-low").
    """

    name: str
    title: str
    inputs: Mapping[str, str]
    quantities: tuple[Quantity, ...]
    compute: Callable[[Mapping[str, Any], Mapping[str, Any]], dict[str, Any]]
    parameters: tuple[Parameter, ...] = ()
    required: tuple[str, ...] = ()
    #: Optional: lines of the engine's own account of a result (`deckgen score` prints them).
    explain: Callable[[Mapping[str, Any], Mapping[str, Any]], list[str]] | None = None
    #: Optional: the outcome in one or two plain sentences, as a worked-example box in the booklet
    #: says it ("Ann knocks with 4; Bob lays off 7♣ 8♣ and is left with 41; Ann scores 39.");
    #: without it the booklet joins the `explain` lines into at most two sentences.
    summary: Callable[[Mapping[str, Any], Mapping[str, Any]], list[str]] | None = None
    #: Optional: the records the inputs hold, as tables for the booklet's box (see `Record`).
    records: Callable[[Mapping[str, Any], Mapping[str, Any]], Sequence[Record]] | None = None
    #: Words a sentence uses for this game's results (poker's categories): `deckgen check --lint`
    #: reports one that a sentence introducing an example says outside a claim when none of the
    #: example's results holds it.
    terms: tuple[str, ...] = ()
    #: Inputs whose values are cards (for drawing them in the booklet).
    card_inputs: tuple[str, ...] = field(default=())
    rules: type[Rules] | None = None
    tables: tuple[TableDef, ...] = ()
    default_tables: tuple[Mapping[str, Any], ...] = ()
    choices: Mapping[str, tuple[Choice, ...]] = field(default_factory=dict)
    #: Optional: how a player sorts each card input into groups (gin's melds, then the deadwood),
    #: so the booklet draws a hand the way it is laid down: {input: [group, ...]}.
    arrange: Callable[[Mapping[str, Any], Mapping[str, Any]], Mapping[str, Sequence[Sequence[Card]]]] | None = None
    #: For a yes/no input, or a yes/no field of an input's entries (canasta's `out`): the phrase for true
    #: and the one for false, each standing for the name and the value together ("not vulnerable").
    phrases: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    _defaults: dict[str, Any] = field(init=False, repr=False, compare=False)
    _parameters: dict[str, Parameter] = field(init=False, repr=False, compare=False)
    _quantities: dict[str, Quantity] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.rules is not None and not self.parameters:
            object.__setattr__(self, "parameters", self.rules.parameters())
        # looked up for every claim of every example: made once (the spec is frozen)
        object.__setattr__(self, "_defaults", {p.name: p.default for p in self.parameters})
        object.__setattr__(self, "_parameters", {p.name: p for p in self.parameters})
        object.__setattr__(self, "_quantities", {q.name: q for q in reversed(self.quantities)})

    def parameter(self, name: str) -> Parameter | None:
        """The parameter called `name`, if the game has one."""
        return self._parameters.get(name)

    def table(self, name: str) -> TableDef | None:
        """The table called `name`, if the game makes one."""
        return next((t for t in self.tables if t.name == name), None)

    def phrase(self, input_name: str, value: Any) -> str | None:
        """A yes/no input (or entry field) in the words a person uses for it, or None (see `phrases`)."""
        return said_yes_no(self.phrases.get(input_name), value)

    def label_of(self, input_name: str, value: Any) -> str:
        """An input's value in words: the label of a choice (`omaha-hilo` -> "Omaha high-low"), else the value."""
        for choice in self.choices.get(input_name, ()):
            if isinstance(value, str) and choice.value == value.strip().lower():
                return choice.label
        return show_value(value)

    @property
    def defaults(self) -> dict[str, Any]:
        """Each parameter's default by name (a new dict: callers may change it)."""
        return dict(self._defaults)

    def quantity(self, name: str) -> Quantity | None:
        return self._quantities.get(name)

    def resolve_rules(self, *overrides: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults, then each override in turn. This is where a house-rule value is checked, once,
        against its declaration (`Parameter.problem`: its kind, least value and choices): an unknown
        parameter or a value that does not fit is an ExampleError naming rules.<name>, and the game
        reads the values it is handed as they are."""
        return _layered(self._defaults, self._parameters, overrides, self.name)

    def run(self, inputs: Mapping[str, Any], rules: Mapping[str, Any] | None = None, *, resolved: bool = False) -> dict[str, Any]:
        """Check the input names, then compute every quantity with the resolved rules; a quantity the
        game gives as None (one this example does not work out) is left out. `resolved`:
        `rules` already came from `resolve_rules` (a check resolves each block's once), so they
        are not read and checked again."""
        unknown = [k for k in inputs if k not in self.inputs]
        if unknown:
            raise ExampleError(
                f"unknown field '{unknown[0]}' for {self.name} (expected: {', '.join(self.inputs)})",
                unknown[0],
            )
        missing = [k for k in self.required if k not in inputs]
        if missing:
            raise ExampleError(f"{self.name} needs the field '{missing[0]}'", missing[0])
        active = rules if resolved and rules is not None else self.resolve_rules(rules)
        try:
            computed = self.compute(inputs, active)
            # None: a quantity this example does not work out (a trick's winner without players),
            # left out of the results; "nobody" is NOBODY, never None (see `result_problems`)
            return {k: v for k, v in computed.items() if v is not None}
        except ExampleError:
            raise
        except (TypeError, ValueError):
            # A numeric rule not declared whole is left to its game, which may check it in its own
            # words (poker's low qualifier); one it reads without a check fails here on text such
            # as 'ten': name the rule instead of crashing `deckgen check`.
            for param in self.parameters:
                value = active[param.name]
                default = param.default
                if isinstance(default, int) and not isinstance(default, bool) and (
                    isinstance(value, bool) or not isinstance(value, (int, float))
                ):
                    raise ExampleError(f"rules.{param.name}: expected a whole number, got {value!r}", f"rules.{param.name}") from None
            raise


def _layered(
    defaults: Mapping[str, Any], params: Mapping[str, Parameter], overrides: Iterable[Mapping[str, Any] | None], game: str
) -> dict[str, Any]:
    """The defaults, then each override in turn, every value given checked against its parameter
    (`Parameter.check`); an unknown name is an ExampleError naming rules.<name>. The one resolution
    behind `Rules.resolve` and `GameSpec.resolve_rules`."""
    rules = dict(defaults)
    for override in overrides:
        for key, value in (override or {}).items():
            param = params.get(key)
            if param is None:
                raise ExampleError(unknown_choice("house rule", key, rules, of=f"for {game}"), f"rules.{key}")
            default = defaults[key]
            if value is not default and (type(value) is not type(default) or value != default):
                param.check(value)  # the default fits its declaration: only another value is checked
            rules[key] = value
    return rules


def _not_whole(value: Any, minimum: int | None, unit: str) -> str | None:
    """'expected a whole number[ of <unit>][ of at least <minimum>], got <value>', or None when it is one."""
    if isinstance(value, bool) or not isinstance(value, int) or (minimum is not None and value < minimum):
        expected = "a whole number" + (f" of {unit}" if unit else "")
        if minimum is not None:
            expected += f" of at least {minimum}"
        return f"expected {expected}, got {value!r}"
    return None


def bool_field(inputs: Mapping[str, Any], name: str, default: bool) -> bool:
    """A true/false input (`default` when missing); anything else is an ExampleError naming it."""
    value = inputs.get(name, default)
    if not isinstance(value, bool):
        raise ExampleError(f"{name}: expected true or false, got '{value}'", name)
    return value


def read_cards(value: Any, field: str) -> list[Card]:
    """Cards from a block value: a string, a list of tokens or cards; a number (YAML reads `starter: 5`
    as one) is read as its text, so it is reported as a bad card; anything else is an ExampleError."""
    if type(value) is str:  # the usual value, read without the checks below
        try:
            return parse_cards(value)
        except CardError as exc:
            raise ExampleError(f"{field}: {exc}", field) from None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    def wrong() -> ExampleError:  # built only on failure: quoting a long list of cards costs time
        return ExampleError(f"{field}: expected cards written as one string, e.g. '5♠ 5♥ J♣', got {value!r}", field)

    if isinstance(value, (bool, Mapping)) or value is None:
        raise wrong()
    try:
        return parse_cards(value)
    except CardError as exc:
        raise ExampleError(f"{field}: {exc}", field) from None
    except TypeError:
        raise wrong() from None


def cards_field(inputs: Mapping[str, Any], name: str, *, required: bool = True) -> list[Card]:
    """Read a card-list input; a bad token becomes an ExampleError naming the field and token."""
    if name not in inputs or inputs[name] is None:
        if required:
            raise ExampleError(f"missing field '{name}'", name)
        return []
    return read_cards(inputs[name], name)


def unique_cards(cards: list[Card], copies: int = 1, where: str = "example") -> None:
    """An ExampleError naming the card when one card is dealt twice."""
    try:
        check_unique(cards, copies)
    except CardError as exc:
        raise ExampleError(f"{where}: {exc}") from None
