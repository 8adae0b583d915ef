"""What every game of the engine promises, and that a new game needs only its own module and rules file.

The contract, over `all_games()`: every table a game names builds, every game
explains its shipped worked examples, and every house-rule parameter has a label
and a description and goes through deck.toml's `[house_rules.<game>]` and back.
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import deckgen.engine as engine_pkg
from deckgen.engine.base import GameSpec, Rules
from deckgen.engine.registry import all_games, all_tables, get_game, get_table
from deckgen.engine.table import Table, no_memo
from deckgen.resources import data_dir

REPO = Path(__file__).resolve().parent.parent
GAMES = sorted(all_games())


# ----------------------------------------------------------------------------- parameters


@pytest.mark.parametrize("name", GAMES)
def test_every_parameter_has_a_label_and_a_description(name: str) -> None:
    spec = all_games()[name]
    for p in spec.parameters:
        assert p.label.strip() and p.label[0].isupper(), (name, p.name)
        assert "_" not in p.label, (name, p.name, p.label)
        assert p.description.strip().endswith((".", ")")), (name, p.name)
        for choice in p.choices:
            assert choice.label.strip() and choice.value == choice.value.lower(), (name, p.name, choice)
    if spec.rules is not None:
        assert spec.parameters == spec.rules.parameters()
        assert spec.rules.resolve() == spec.defaults


def _toml(value: Any) -> str:
    """A house-rule value written as deck.toml would have it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {_toml(v)}" for k, v in value.items()) + " }"
    raise TypeError(value)


def _changed(param: Any) -> Any:
    """Another value of the parameter's own type: what a group's house rule might say."""
    value = param.default
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        others = [c.value for c in param.choices if c.value != value]
        return others[0] if others else value
    return value


@pytest.mark.parametrize("name", [n for n in GAMES if all_games()[n].parameters])
def test_parameters_round_trip_through_deck_toml(name: str, tmp_path: Path) -> None:
    from deckgen.booklet.sources import game_rules
    from deckgen.config import load_config

    spec = all_games()[name]
    wanted = {p.name: _changed(p) for p in spec.parameters}
    lines = [f"[house_rules.{name}]"] + [f"{k} = {_toml(v)}" for k, v in wanted.items()]
    (tmp_path / "deck.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    deck = load_config(tmp_path / "deck.toml")
    assert deck.house_rules[name] == wanted
    assert game_rules(spec, deck.house_rules) == wanted
    if spec.rules is not None:
        typed = spec.rules.of(deck.house_rules[name])
        assert typed.as_dict() == wanted
        assert spec.rules.of(typed) is typed


# ----------------------------------------------------------------------------- tables and examples


def _fast_tables() -> list[str]:
    return sorted(n for n, (_, t) in all_tables().items() if not t.slow)


@pytest.mark.parametrize("table_name", _fast_tables())
def test_every_table_builds_with_the_usual_rules(table_name: str) -> None:
    spec, table = get_table(table_name)
    built = table.build(spec.defaults, {}, no_memo)
    assert isinstance(built, Table) and built.title and built.rows
    assert all(len(row) == len(built.header) for row in built.rows)


@pytest.mark.slow
@pytest.mark.parametrize("table_name", sorted(n for n, (_, t) in all_tables().items() if t.slow))
def test_every_slow_table_builds_with_the_usual_rules(table_name: str) -> None:
    spec, table = get_table(table_name)
    built = table.build(spec.defaults, {}, no_memo)
    assert built.rows and all(len(row) == len(built.header) for row in built.rows)


def test_default_tables_name_tables_that_exist() -> None:
    for spec in all_games().values():
        for request in spec.default_tables:
            name = request["table"]
            assert name == "house-rules" or get_table(name) is not None, (spec.name, name)
            if name != "house-rules":
                assert set(request) - {"table"} <= set(get_table(name)[1].options), (spec.name, request)


def test_every_game_explains_its_shipped_examples() -> None:
    from deckgen.booklet.check import check_paths

    explained: dict[str, int] = {}
    for result in check_paths([data_dir("rules")]):
        if result.table is not None:  # a table's claims (`expect:` rows): nothing to explain
            assert not result.failures, result.failures
            continue
        assert result.spec is not None and result.spec.explain is not None and not result.failures
        lines = result.spec.explain(result.inputs, result.rules)
        assert lines and all(isinstance(line, str) and line for line in lines), result.block
        explained[result.spec.name] = explained.get(result.spec.name, 0) + 1
    for name, spec in all_games().items():
        assert spec.explain is not None, name
        assert explained.get(name, 0) >= 1, f"{name}: no shipped worked example"


# ----------------------------------------------------------------------------- the results' vocabulary


@pytest.fixture(scope="module")
def shipped_results() -> list[Any]:
    """Every worked example deckgen ships (rules/ and the docs), checked once for this file's tests."""
    from deckgen.booklet.check import check_paths

    return check_paths([data_dir("rules"), REPO / "docs"])


def test_results_use_the_shared_vocabulary(shipped_results: list[Any]) -> None:
    """Every game says nobody, nothing and ties one way (docs/examples.md, "Nobody, nothing and
    ties"): a single name is "" for nobody, a mapping of amounts lists every player with 0 for
    nothing, a quantity the example does not work out is left out. Checked on every shipped example."""
    from deckgen.engine.base import result_problems

    problems: list[str] = []
    for result in shipped_results:
        if result.spec is not None:
            problems += [f"{result.block.file}:{result.block.line}: {p}" for p in result_problems(result.spec, result.computed)]
            problems += [f"{result.block.file}:{result.block.line}: {result.spec.name}: {k} is None"
                         for k, v in result.computed.items() if v is None]
    assert problems == []


@pytest.mark.parametrize("name", GAMES)
def test_every_claim_of_nobody_and_nothing_reads_the_same(name: str, shipped_results: list[Any]) -> None:
    """For each shipped example of every game: where a single-name result says nobody, each spelling a
    claim may use for it holds; where a mapping lists amounts, `{}` holds exactly when all are 0, and
    a claim naming every player with its amount (the zeros included) holds."""
    from deckgen.booklet.check import same
    from deckgen.engine.base import NOBODY

    spec = all_games()[name]
    for result in shipped_results:
        if result.spec is not spec:
            continue
        for quantity in spec.quantities:
            if quantity.name not in result.computed:
                continue
            value = result.computed[quantity.name]
            if quantity.kind == "str" and value == NOBODY:
                for spelling in ("", "none", "Nobody", "no one", None):
                    assert same(quantity, spelling, value), (result.block.line, quantity.name, spelling)
                assert not same(quantity, "Ann", value)
            if quantity.kind == "mapping" and isinstance(value, dict) and all(isinstance(v, int) for v in value.values()):
                assert same(quantity, dict(value), value), (result.block.line, quantity.name)
                assert same(quantity, {}, value) == all(v == 0 for v in value.values()), (result.block.line, quantity.name)


# ----------------------------------------------------------------------------- a new game


TOY_MODULE = '''
"""Toy sum: add the dice, and a house-rule bonus for a double (a game for this test only)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from deckgen.engine.base import ExampleError, GameSpec, Quantity, Rules, rule
from deckgen.engine.table import Memo, Table, TableDef


@dataclass(frozen=True)
class ToyRules(Rules):
    """The toy's one house rule."""

    game: ClassVar[str] = "toy-sum"
    double_bonus: int = rule(5, "Bonus for a double", "Points added when both dice show the same.")


def score(dice: list[int], rules: ToyRules | Mapping[str, Any] | None = None) -> int:
    """The dice added up, with the bonus for a double."""
    bonus = ToyRules.resolve(rules)["double_bonus"]
    return sum(dice) + (bonus if len(set(dice)) == 1 else 0)


def _compute(inputs: Mapping[str, Any], rules: Mapping[str, Any]) -> dict[str, Any]:
    dice = inputs["dice"]
    if not isinstance(dice, list) or len(dice) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
        raise ExampleError(f"dice: expected two numbers from 1 to 6, got {dice!r}", "dice")
    return {"total": score(dice, rules)}


def _doubles(rules: Mapping[str, Any], options: Mapping[str, Any], memo: Memo) -> Table:
    rows = [(f"{d} and {d}", str(score([d, d], rules))) for d in range(1, 7)]
    return Table("Toy doubles and what they score", ("Throw", "Scores"), rows, ("left", "right"))


GAMES = [
    GameSpec(
        name="toy-sum",
        title="Toy sum",
        inputs={"dice": "the two dice, e.g. [3, 3]"},
        quantities=(Quantity("total", "int", "the dice added up, with any bonus"),),
        compute=_compute,
        rules=ToyRules,
        required=("dice",),
        explain=lambda inputs, rules: [f"{inputs['dice'][0]} + {inputs['dice'][1]}, and {rules['double_bonus']} for a double"],
        tables=(TableDef("toy-doubles", "each double and what it scores", _doubles),),
        default_tables=({"table": "toy-doubles"}, {"table": "house-rules"}),
    )
]
'''

TOY_RULES = """---
name: toy-sum
title: Toy Sum
players: "2"
deck: standard-52
ratings: {luck: 5, brains: 1, fun: 2}
engine: [toy-sum]
---

# Toy Sum

## Object

Throw two dice and add them up; a double earns {{ rules.double_bonus }} more.

## Scoring

The dice count their spots.

## Worked examples

A double of threes scores six and the bonus.

```deckgen
game: toy-sum
dice: [3, 3]
expect:
  total: {{ 6 + rules.double_bonus }}
```
"""


@pytest.fixture
def toy_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A game module in a folder of its own, added to the engine package's path; its rules file beside it."""
    folder = tmp_path / "more_games"
    folder.mkdir()
    (folder / "toygame.py").write_text(textwrap.dedent(TOY_MODULE), encoding="utf-8")
    rules = tmp_path / "toy-sum.md"
    rules.write_text(TOY_RULES, encoding="utf-8")
    monkeypatch.setattr(engine_pkg, "__path__", [*engine_pkg.__path__, str(folder)])
    all_games.cache_clear()
    yield rules
    all_games.cache_clear()
    sys.modules.pop("deckgen.engine.toygame", None)


def test_a_new_game_needs_only_its_module_and_rules_file(toy_game: Path, tmp_path: Path) -> None:
    from pypdf import PdfReader

    from deckgen.booklet.build import _chapter, check_chapter, read_chapter
    from deckgen.booklet.check import check_paths
    from deckgen.booklet.pdf import Cover, PageLayout, build_pocket_pdf
    from deckgen.booklet.sources import load_source
    from deckgen.booklet.styles import Palette
    from deckgen.booklet.tables import TableCache

    spec = get_game("toy-sum")
    assert isinstance(spec, GameSpec) and get_table("toy-doubles") == (spec, spec.tables[0])
    assert issubclass(spec.rules, Rules) and spec.parameters[0].label == "Bonus for a double"
    # deckgen check verifies its example
    (result,) = check_paths([toy_game])
    assert not result.failures and spec.explain(result.inputs, result.rules) == ["3 + 3, and 5 for a double"]
    # the booklet chapter, with a house rule from deck.toml, gets the game's default tables
    house = {"toy-sum": {"double_bonus": 10}}
    checked = check_chapter(read_chapter(load_source(toy_game), house), house)
    assert [t.spec["table"] for t in checked.chapter.default_tables] == ["toy-doubles", "house-rules"]
    target = tmp_path / "toy.pdf"

    def chapters(styles: Any) -> list[Any]:
        return [_chapter(checked, styles, lambda card: None, TableCache(None), 1)]

    build_pocket_pdf(target, Cover(deck_name="Toy", title="Toy rules"), chapters, Palette(), PageLayout())
    text = " ".join(page.extract_text() for page in PdfReader(target).pages)
    assert "Toy doubles and what they score" in text
    assert "6 and 6" in text and "22" in text  # 12 and the house bonus of 10
    assert "Bonus for a double" in text and "Points added when both dice show the same." in text
    assert "a double earns 10 more" in text


def test_the_walk_through_in_rules_format_adds_a_working_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The module and rules file docs/rules-format.md shows, written out as they stand, make a game."""
    import doctest
    import importlib
    import re

    from deckgen.booklet.check import check_paths

    text = (REPO / "docs" / "rules-format.md").read_text(encoding="utf-8")
    walk = text[text.index("## Adding a game") :]
    module = re.search(r"```python\n(.*?)```", walk, re.S).group(1)
    rules = re.search(r"\n((?:    .*\n|\n)+)", walk[walk.index("**2. The rules file**") :]).group(1)
    folder = tmp_path / "walk"
    folder.mkdir()
    (folder / "war.py").write_text(module, encoding="utf-8")
    (tmp_path / "war.md").write_text(textwrap.dedent(rules).strip() + "\n", encoding="utf-8")
    monkeypatch.setattr(engine_pkg, "__path__", [*engine_pkg.__path__, str(folder)])
    all_games.cache_clear()
    try:
        spec = get_game("war")
        assert spec is not None and spec.parameters[0].label == "Aces high"
        (result,) = check_paths([tmp_path / "war.md"])
        assert not result.failures and spec.explain(result.inputs, result.rules) == ["first takes the trick"]
        war = importlib.import_module("deckgen.engine.war")
        assert doctest.testmod(war).failed == 0
        assert spec.table("war-ranks").build({"aces_high": False}, {}, no_memo).rows == (("K Q J 10 9 8 7 6 5 4 3 2 A",),)
    finally:
        all_games.cache_clear()
        sys.modules.pop("deckgen.engine.war", None)


def test_rules_format_names_only_tables_that_exist() -> None:
    """The docs list the common tables; `deckgen games GAME` lists a game's own, so a new game need not edit the docs."""
    import re

    text = (REPO / "docs" / "rules-format.md").read_text(encoding="utf-8")
    listed = re.findall(r"^  \| `([a-z0-9-]+)` \|", text, re.M)
    assert "house-rules" in listed and len(listed) >= 5
    assert [n for n in listed if n != "house-rules" and get_table(n) is None] == []


def test_cli_games_lists_a_games_tables(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from deckgen.cli import app

    result = CliRunner().invoke(app, ["games", "bridge"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "tables the engine computes" in result.output
    for name in ("bridge-contract-points", "bridge-undertricks", "bridge-imps"):
        assert name in result.output


def test_input_choices_label_values_of_real_inputs() -> None:
    for spec in all_games().values():
        for name, choices in spec.choices.items():
            assert name in spec.inputs, (spec.name, name)
            assert all(c.label and spec.label_of(name, c.value) == c.label for c in choices)
    assert get_game("poker").label_of("variant", "omaha-hilo") == "Omaha high-low"
    assert get_game("bridge").label_of("scoring", "rubber") == "rubber scoring"


def test_readme_library_example_prints_what_its_comments_say(capsys: pytest.CaptureFixture[str]) -> None:
    import re

    text = (REPO / "README.md").read_text(encoding="utf-8")
    code = re.search(r"## The rules engine as a library.*?```python\n(.*?)```", text, re.S).group(1)
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    promised = [m.group(1).strip() for m in re.finditer(r"print\(.*#\s*(.+)$", code, re.M)]
    assert printed == promised
