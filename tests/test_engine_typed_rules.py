"""The engine's games read their house rules as typed attributes (`house.knock_limit`, from
`GinRules.of(rules)`), never by name from a mapping (`rules["knock_limit"]`): a misspelt or removed
rule is then a type error mypy reports, not a KeyError in the middle of `deckgen check`."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "deckgen" / "engine"



def reads_by_name(source: str) -> list[tuple[int, str]]:
    """(line, text) of each read of a house rule by name: `rules[...]` with any key (a string, a
    variable, an f-string), and `SomeRules.resolve(...)[...]`. Writing into a mapping called
    `rules` (the resolution itself, in base.py) is not a read."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Subscript) or not isinstance(node.ctx, ast.Load):
            continue
        value = node.value
        by_name = isinstance(value, ast.Name) and value.id == "rules"
        resolved = isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "resolve"
        if by_name or resolved:
            found.append((node.lineno, ast.unparse(node)))
    return sorted(found)


def test_the_scan_finds_every_way_of_reading_a_rule_by_name() -> None:
    source = (
        "def f(rules, name, house):\n"
        "    a = rules['knock_limit']\n"
        "    b = rules[name] + rules[f'{name}_win']\n"
        "    c = GinRules.resolve(rules)['gin_bonus']\n"
        "    rules['x'] = 1\n"  # a write: not a read
        "    return house.knock_limit + players[0]\n"
    )
    assert [line for line, _ in reads_by_name(source)] == [2, 3, 3, 4]


@pytest.mark.parametrize("path", sorted(ENGINE.glob("*.py")), ids=lambda p: p.stem)
def test_engine_modules_read_their_typed_rules(path: Path) -> None:
    found = reads_by_name(path.read_text(encoding="utf-8"))
    assert found == [], (
        f"{path.name} reads house rules by name; read the typed value instead "
        f"(house = XRules.of(rules); house.name): " + "; ".join(f"line {n}: {text}" for n, text in found)
    )


def test_the_typed_value_of_resolved_rules_is_the_one_the_class_makes() -> None:
    """`Rules.of` fills in rules that are already resolved without the frozen __init__: the value is
    still equal to the one the class makes, and as frozen."""
    from dataclasses import FrozenInstanceError

    from deckgen.engine.registry import all_games

    kinds = {spec.rules for spec in all_games().values() if spec.rules is not None}
    assert len(kinds) > 40
    for kind in kinds:
        resolved = kind.resolve({})
        name = kind.parameters()[0].name
        for given in (None, {}, resolved, {name: resolved[name]}):
            made = kind.of(given)
            assert type(made) is kind and made == kind(**resolved) and made.as_dict() == resolved, kind.__name__
            with pytest.raises(FrozenInstanceError):
                setattr(made, name, resolved[name])
        assert repr(kind.of(None)) == repr(kind(**resolved))


def test_a_typed_value_made_from_a_mapping_holds_its_values() -> None:
    from deckgen.engine.gin import GinRules

    made = GinRules.of({"knock_limit": 5, "undercut_on_tie": False})
    assert (made.knock_limit, made.gin_bonus, made.undercut_on_tie) == (5, 25, False)
    assert GinRules.of(made) is made and hash(made) == hash(GinRules(knock_limit=5, undercut_on_tie=False))


def test_the_usual_rules_are_made_once_and_a_rules_class_holds_no_init_code() -> None:
    from dataclasses import dataclass

    from deckgen.engine.base import Rules, rule
    from deckgen.engine.hearts import HeartsRules

    assert HeartsRules.of(None) is HeartsRules.of(None) == HeartsRules()

    @dataclass(frozen=True)
    class Checked(Rules):
        points: int = rule(3, "Points", "What a trick is worth.")

        def __post_init__(self) -> None:
            pass

    with pytest.raises(TypeError, match="Checked: a Rules class is its rule"):
        Checked.of({"points": 4})

    @dataclass(frozen=True, slots=True)
    class Slotted(Rules):
        points: int = rule(3, "Points", "What a trick is worth.")

    with pytest.raises(TypeError, match="Slotted: a Rules class is its rule"):
        Slotted.of({"points": 4})
