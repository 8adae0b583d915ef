"""What every game of the rules engine provides, as plain data.

A game is a `GameSpec`: the inputs a worked example may give, its house-rule
parameters with their defaults, the quantities it can compute and a pure
`compute(inputs, rules) -> {quantity: value}` function. `deckgen check`, the
`deckgen score` commands and the booklet all work from these specs alone, so a
new game plugs in by defining one (see `deckgen.engine.registry`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from deckgen.cards import Card, CardError, check_unique, parse_cards


class ExampleError(ValueError):
    """An example's inputs are wrong (bad field, bad card, impossible situation).

    The message is for a person and names the field or token; `field` is the key.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


#: How a claimed value is compared with the computed one.
#:  int      numbers, equal
#:  str      text, equal ignoring case and surrounding spaces
#:  bool     true/false
#:  cards    a set of cards, order does not matter (claim written as a card string)
#:  set      a list whose order does not matter (names, labels)
#:  list     a list in order
#:  ranking  best to worst; ties share a nested list: [Bob, [Ann, Cy], Dee]
#:  mapping  a dict of name -> value, compared key by key
#:  any      plain equality
KINDS = ("int", "str", "bool", "cards", "set", "list", "ranking", "mapping", "any")


@dataclass(frozen=True)
class Quantity:
    name: str
    kind: str
    description: str

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown quantity kind {self.kind!r}")


@dataclass(frozen=True)
class Parameter:
    """A house-rule parameter: its common default and one sentence on what it changes."""

    name: str
    default: Any
    description: str


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    inputs: Mapping[str, str]
    quantities: tuple[Quantity, ...]
    compute: Callable[[Mapping[str, Any], Mapping[str, Any]], dict[str, Any]]
    parameters: tuple[Parameter, ...] = ()
    required: tuple[str, ...] = ()
    #: Optional: lines of the engine's own account of a result, for the booklet.
    explain: Callable[[Mapping[str, Any], Mapping[str, Any]], list[str]] | None = None
    #: Inputs whose values are cards (for drawing them in the booklet).
    card_inputs: tuple[str, ...] = field(default=())

    @property
    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.parameters}

    def quantity(self, name: str) -> Quantity | None:
        return next((q for q in self.quantities if q.name == name), None)

    def resolve_rules(self, *overrides: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults, then each override in turn; an unknown parameter, or anything but true/false
        for a yes/no parameter, is an ExampleError naming the rule."""
        rules = self.defaults
        defaults = self.defaults
        for override in overrides:
            for key, value in (override or {}).items():
                if key not in rules:
                    known = ", ".join(rules) or "none"
                    raise ExampleError(
                        f"unknown house rule '{key}' for {self.name} (known: {known})", f"rules.{key}"
                    )
                if isinstance(defaults[key], bool):
                    _check_rule_kind(key, defaults[key], value)
                rules[key] = value
        return rules

    def run(self, inputs: Mapping[str, Any], rules: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Check the input names, then compute every quantity with the resolved rules."""
        unknown = [k for k in inputs if k not in self.inputs]
        if unknown:
            raise ExampleError(
                f"unknown field '{unknown[0]}' for {self.name} (expected: {', '.join(self.inputs)})",
                unknown[0],
            )
        missing = [k for k in self.required if k not in inputs]
        if missing:
            raise ExampleError(f"{self.name} needs the field '{missing[0]}'", missing[0])
        resolved = self.resolve_rules(rules)
        try:
            return self.compute(inputs, resolved)
        except ExampleError:
            raise
        except (TypeError, ValueError):
            # A game that reads a numeric rule without checking it fails here on text such as 'ten':
            # name the rule instead of crashing `deckgen check`.
            defaults = self.defaults
            for key, value in resolved.items():
                _check_rule_kind(key, defaults[key], value)
            raise


def _check_rule_kind(name: str, default: Any, value: Any) -> None:
    """A yes/no rule takes true or false; a numeric rule takes a number (never text such as 'x')."""
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ExampleError(f"rules.{name}: expected true or false, got {value!r}", f"rules.{name}")
    elif isinstance(default, int) and (isinstance(value, bool) or not isinstance(value, (int, float))):
        raise ExampleError(f"rules.{name}: expected a whole number, got {value!r}", f"rules.{name}")


def whole_rule(rules: Mapping[str, Any], name: str, minimum: int | None = None, unit: str = "") -> int:
    """A house rule that must be a whole number (of `unit`, and at least `minimum` when given);
    anything else is an ExampleError naming rules.<name>."""
    value = rules[name]
    if isinstance(value, bool) or not isinstance(value, int) or (minimum is not None and value < minimum):
        expected = "a whole number" + (f" of {unit}" if unit else "")
        if minimum is not None:
            expected += f" of at least {minimum}"
        raise ExampleError(f"rules.{name}: expected {expected}, got {value!r}", f"rules.{name}")
    return value


def bool_field(inputs: Mapping[str, Any], name: str, default: bool) -> bool:
    """A true/false input (`default` when missing); anything else is an ExampleError naming it."""
    value = inputs.get(name, default)
    if not isinstance(value, bool):
        raise ExampleError(f"{name}: expected true or false, got '{value}'", name)
    return value


def read_cards(value: Any, field: str) -> list[Card]:
    """Cards from a block value: a string, a list of tokens or cards; a number (YAML reads `starter: 5`
    as one) is read as its text, so it is reported as a bad card; anything else is an ExampleError."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    wrong = ExampleError(f"{field}: expected cards written as one string, e.g. '5♠ 5♥ J♣', got {value!r}", field)
    if isinstance(value, (bool, Mapping)) or value is None:
        raise wrong
    try:
        return parse_cards(value)
    except CardError as exc:
        raise ExampleError(f"{field}: {exc}", field) from None
    except TypeError:
        raise wrong from None


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
