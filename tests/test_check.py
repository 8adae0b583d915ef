"""`deckgen check`: the generic machinery, against a small game made up for the test."""

import json
import textwrap
from types import SimpleNamespace

import pytest

from deckgen.booklet import check as check_mod
from deckgen.booklet.check import check_paths
from deckgen.booklet.examples import find_blocks
from deckgen.engine import registry
from deckgen.engine.base import GameSpec, Parameter, Quantity, cards_field, unique_cards


def _compute(inputs, rules):
    cards = cards_field(inputs, "cards")
    unique_cards(cards)
    values = [rules["ace_value"] if c.rank == 14 else min(int(c.rank), 10) for c in cards]
    top = max(cards, key=lambda c: int(c.rank))
    return {"total": sum(values), "high": [top], "suits": sorted({c.suit.name.lower() for c in cards})}


SUM = GameSpec(
    name="sum",
    title="Sum of pips",
    inputs={"cards": "the cards"},
    required=("cards",),
    quantities=(
        Quantity("total", "int", "the pip total"),
        Quantity("high", "cards", "the highest card"),
        Quantity("suits", "set", "the suits present"),
    ),
    parameters=(Parameter("ace_value", 1, "what an ace counts"),),
    compute=_compute,
    explain=lambda inputs, rules: [f"total {_compute(inputs, rules)['total']}"],
)


@pytest.fixture(autouse=True)
def only_the_sum_game(monkeypatch):
    monkeypatch.setattr(registry, "all_games", lambda: {"sum": SUM})
    monkeypatch.setattr(check_mod, "all_games", lambda: {"sum": SUM})


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


GOOD_AND_BAD = """
    # Notes

    ```deckgen
    game: sum
    cards: A♠ 9h 10d
    expect:
      total: 20
      high: A♠
      suits: [spades, hearts, diamonds]
    ```

    Some prose.

    ```deckgen
    game: sum
    cards: K♠ 2h
    expect:
      total: 13
    ```
    """


def test_good_and_bad_examples(tmp_path):
    path = write(tmp_path, "notes.md", GOOD_AND_BAD)
    results = check_paths([path])
    assert [r.ok for r in results] == [True, False]
    (failure,) = results[1].failures
    assert str(failure) == f"{path}:18: sum: total: expected 13, got 12"
    # `check` computes each claim once: the engine's words are worked out only for the booklet
    assert results[0].explain == []
    from deckgen.booklet.check import check_block

    assert check_block(results[0].block).explain == ["total 20"]


def test_windows_and_old_mac_line_ends_give_the_same_blocks_and_lines():
    """CR LF and a lone CR end a line as LF does (CommonMark); a NUL reads as U+FFFD."""
    text = "x\n\n```deckgen\ngame: sum\ncards: A♠ 2♠\nexpect:\n  total: 3\n```\n\n```deckgen\ngame: sum\nnote: a\0b\nexpect: {}\n```\n"
    plain = find_blocks(text, "f.md")
    for ends in ("\r\n", "\r"):
        other = find_blocks(text.replace("\n", ends), "f.md")
        assert [(b.line, b.key_lines, b.data) for b in other] == [(b.line, b.key_lines, b.data) for b in plain]
    assert [b.line for b in plain] == [3, 10]
    assert plain[0].key_lines == {"game": 4, "cards": 5, "expect": 6, "expect.total": 7}
    assert plain[0].data == {"game": "sum", "cards": "A♠ 2♠", "expect": {"total": 3}}
    assert plain[1].data is not None and plain[1].data["note"] == "a\ufffdb"


def test_block_lines_and_fence_detection():
    text = "x\n\n```deckgen\ngame: sum\n```\n\n    ```deckgen\n    indented code, not a fence\n"
    blocks = find_blocks(text, "f.md")
    assert [b.line for b in blocks] == [3]
    assert blocks[0].key_lines == {"game": 4}


@pytest.mark.parametrize(
    ("body", "line", "message"),
    [
        ("game: sum\ncards: A♠ 1♠\nexpect:\n  total: 1\n", 5, "sum: cards: '1♠' is not a card"),
        ("game: sum\ncards: A♠ A♠\nexpect:\n  total: 2\n", 3, "card A♠ is dealt 2 times"),
        ("game: sum\ncards: A♠\nexpect:\n  totl: 1\n", 7, "unknown quantity 'totl' under expect"),
        ("game: summ\ncards: A♠\nexpect:\n  total: 1\n", 4, "unknown game 'summ'"),
        ("game: sum\ncards: A♠\n", 3, "missing `expect:`"),
        ("game: sum\ncards: [A♠\nexpect: {}\n", 6, "not valid YAML"),
        ("game: sum\nrules: {ace_valu: 11}\ncards: A♠\nexpect:\n  total: 11\n", 5, "unknown house rule 'ace_valu'"),
        ("game: sum\ncards: A♠\nhand: K♠\nexpect:\n  total: 1\n", 6, "unknown field 'hand'"),
        # YAML reads 0b_ as a binary number it then cannot make: a line of its own, not a crash
        ("game: sum\ncards: A♠\nnote: 0b_\nexpect:\n  total: 1\n", 6,
         "not valid YAML: '0b_' looks like a number but is not one; put it in quotes if it is text"),
    ],
)
def test_each_bad_block_is_a_failure_with_its_line(tmp_path, body, line, message):
    path = write(tmp_path, "bad.md", "Title\n\n```deckgen\n" + body + "```\n")
    (result,) = check_paths([path])
    (failure,) = result.failures
    text = str(failure)
    assert text.startswith(f"{path}:{line}: ")
    assert message in text


def test_rules_override_in_the_block(tmp_path):
    path = write(tmp_path, "r.md", "```deckgen\ngame: sum\nrules: {ace_value: 11}\ncards: A♠ K♠\nexpect:\n  total: 21\n```\n")
    assert check_paths([path])[0].ok


RULES_SOURCE = """
    ---
    name: sum
    title: Sum
    engine: [sum]
    parameters:
      ace_value: {default: 1, about: what an ace counts}
    ---
    # Sum

    An ace counts {{ rules.ace_value }}.

    ```deckgen
    game: sum
    cards: A♠ K♠
    expect:
      total: {{ 10 + rules.ace_value }}
    ```

    ```deckgen
    game: sum
    cards: A♠ 2♠
    expect:
      total: 3
    ```
    """


def test_rules_sources_render_with_house_rules_and_keep_lines(tmp_path):
    path = write(tmp_path, "sum.md", RULES_SOURCE)
    assert [r.ok for r in check_paths([path])] == [True, True]
    results = check_paths([path], {"sum": {"ace_value": 11}})
    assert [r.ok for r in results] == [True, False]
    assert str(results[1].failures[0]) == f"{path}:23: sum: total: expected 3, got 13"


def test_folders_are_searched_recursively(tmp_path):
    write(tmp_path, "a.md", GOOD_AND_BAD)
    (tmp_path / "sub").mkdir()
    write(tmp_path / "sub", "b.markdown", "```deckgen\ngame: sum\ncards: 2c\nexpect: {total: 2}\n```\n")
    write(tmp_path, "c.txt", "```deckgen\ngame: nope\n```\n")
    assert [r.ok for r in check_paths([tmp_path])] == [True, False, True]


@pytest.fixture
def run_cli(run):
    """`run_cli(*args, cwd=...)`: `deckgen ARGS` in-process, with only the sum game registered."""

    def deckgen(*args, cwd):
        code, out, err = run(cwd, *args)
        return SimpleNamespace(returncode=code, stdout=out, stderr=err)

    return deckgen


def test_cli_prints_failures_then_summary_and_exit_code(run_cli, tmp_path):
    path = write(tmp_path, "notes.md", GOOD_AND_BAD)
    proc = run_cli("check", str(path), cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == [f"{path}:18: sum: total: expected 13, got 12", "1 passed, 1 failed"]
    proc = run_cli("check", str(path), "--json", cwd=tmp_path)
    data = json.loads(proc.stdout)
    assert [d["ok"] for d in data] == [True, False]
    assert data[1]["failures"][0]["expected"] == "13" and data[1]["failures"][0]["got"] == "12"


def test_cli_all_pass_exits_zero_and_missing_path_exits_two(run_cli, tmp_path):
    path = write(tmp_path, "ok.md", "```deckgen\ngame: sum\ncards: 2c 3c\nexpect: {total: 5}\n```\n")
    proc = run_cli("check", str(path), cwd=tmp_path)
    assert (proc.returncode, proc.stdout.strip()) == (0, "1 passed, 0 failed")
    proc = run_cli("check", str(tmp_path / "missing.md"), cwd=tmp_path)
    assert proc.returncode == 2
    assert "missing.md: no such file or folder" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_cli_score_generic(run_cli, tmp_path):
    proc = run_cli("score", "sum", "A♠ K♠", "--rule", "ace_value=11", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["result"]["total"] == 21 and data["result"]["high"] == ["A♠"]
    proc = run_cli("score", "sum", "--cards", "A♠ 1x", cwd=tmp_path)
    assert proc.returncode == 2 and "'1x' is not a card" in proc.stderr


def test_templated_claim_that_is_not_yaml_before_rendering_keeps_its_line(tmp_path):
    # `{{ ... }}` makes the raw block invalid YAML; the claim's line must still be the source's.
    text = RULES_SOURCE.replace("total: 3\n", "total: {{ 3 + rules.ace_value }}\n")
    path = write(tmp_path, "sum.md", text)
    results = check_paths([path])
    assert [r.ok for r in results] == [True, False]
    assert str(results[1].failures[0]) == f"{path}:23: sum: total: expected 4, got 3"


def test_template_error_points_at_its_line(tmp_path):
    path = write(tmp_path, "sum.md", RULES_SOURCE.replace("An ace counts {{ rules.ace_value }}.", "{{ rules.nope }}"))
    (result,) = check_paths([path])
    assert str(result.failures[0]).startswith(f"{path}:10: deckgen: template error")


def test_quoted_true_false_claims_and_bom_and_engine_as_text(tmp_path):
    text = textwrap.dedent(RULES_SOURCE).lstrip("\n").replace("engine: [sum]", "engine: sum")
    path = tmp_path / "sum.md"
    path.write_text("\ufeff" + text, encoding="utf-8")
    assert [r.ok for r in check_paths([path])] == [True, True]
    spec_bool = Quantity("made", "bool", "")
    assert check_mod.same(spec_bool, "false", False) and check_mod.same(spec_bool, "True", True)
    assert not check_mod.same(spec_bool, "false", None)


def test_an_example_inside_if_keeps_its_own_line_whatever_the_template_leaves_out(tmp_path):
    source = RULES_SOURCE.replace(
        "    ```deckgen\n    game: sum\n    cards: A♠ K♠",
        "    {% if rules.ace_value == 1 %}\n    ```deckgen\n    game: sum\n    cards: A♠ K♠",
    ).replace("      total: {{ 10 + rules.ace_value }}\n    ```\n", "      total: {{ 10 + rules.ace_value }}\n    ```\n    {% endif %}\n")
    path = write(tmp_path, "sum.md", source)
    assert [r.block.fence for r in check_paths([path])] == [13, 21]
    # under the house rule the first example is not in the text at all; the second keeps its lines
    (result,) = check_paths([path], {"sum": {"ace_value": 11}})
    assert result.block.fence == 21
    assert str(result.failures[0]) == f"{path}:25: sum: total: expected 3, got 13"


def test_house_rules_apply_to_every_block_of_a_file_and_a_wrong_one_fails_each(tmp_path):
    """The house rules are worked out once per game and file; a wrong one still fails each block at its line."""
    path = tmp_path / "x.md"
    path.write_text("```deckgen\ngame: sum\ncards: A♠ 9h\nexpect:\n  total: 10\n```\n\n" * 3, encoding="utf-8")
    assert [r.ok for r in check_paths([path])] == [True] * 3
    wrong = check_paths([path], {"sum": {"ace_value": float("nan")}})
    assert [str(f) for r in wrong for f in r.failures] == [
        f"{path}:{line}: sum: rules.ace_value: expected a finite number, got nan" for line in (1, 8, 15)
    ]
    eleven = check_paths([path], {"sum": {"ace_value": 11}})
    assert [str(f) for r in eleven for f in r.failures] == [
        f"{path}:{line}: sum: total: expected 10, got 20" for line in (5, 12, 19)
    ]


def test_claims_compare_by_kind_numbers_written_as_text_and_ties():
    """What counts as the same claim: numbers as text ("1,000"), names in any case, a tie as a set."""
    same = check_mod.same
    mapping, ranking, number = Quantity("payouts", "mapping", ""), Quantity("order", "ranking", ""), Quantity("n", "int", "")
    assert same(mapping, {"Ann": "1,000", "bob": 0}, {"Ann": 1000, "Bob": 0})
    assert not same(mapping, {"Ann": "1,001", "Bob": 0}, {"Ann": 1000, "Bob": 0})
    assert same(mapping, {"Ann": "Flush,  ACE high"}, {"Ann": "Flush, ace high"})
    assert not same(mapping, {"Ann": "Flush, king high"}, {"Ann": "Flush, ace high"})
    assert not same(mapping, {"Ann": True}, {"Ann": 1})  # yes/no is never a number
    assert same(mapping, {"Ann": "10"}, {"Ann": 10.0}) and not same(mapping, {"Ann": "ten"}, {"Ann": 10})
    assert same(ranking, ["ann", "Bob"], ["Ann", "Bob"]) and not same(ranking, ["Bob", "Ann"], ["Ann", "Bob"])
    assert same(ranking, [["Cy", "Ann"], "Bob"], [["Ann", "Cy"], "Bob"])
    assert not same(ranking, ["Ann", "Cy", "Bob"], [["Ann", "Cy"], "Bob"])
    assert not same(ranking, ["Ann"], ["Ann", "Bob"])
    assert same(number, "1_000", 1000) and same(number, " 12 ", 12) and not same(number, "twelve", 12)
    assert not same(number, True, 1)


def test_a_check_leaves_the_collector_on_and_its_results_in_the_oldest_generation(tmp_path):
    """The collector is paused during a check; what it returns is moved to the oldest generation
    (no young collection walks it), and objects the program froze itself stay frozen."""
    import gc
    import threading

    if threading.current_thread() is not threading.main_thread():
        pytest.skip("the collector is left alone off the main thread")
    path = write(tmp_path, "sum.md", "```deckgen\ngame: sum\ncards: A♠ 2♠\nexpect:\n  total: 3\n```\n")
    results = check_paths([path])
    assert gc.isenabled() and gc.get_freeze_count() == 0
    assert any(obj is results[0] for obj in gc.get_objects(generation=2))
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        assert frozen > 0 and [r.ok for r in check_paths([path])] == [True]
        assert 0 < gc.get_freeze_count() <= frozen and gc.isenabled()  # (frozen objects freed since leave it)
    finally:
        gc.unfreeze()
    gc.disable()
    try:  # a program that turned the collector off itself keeps it off
        assert [r.ok for r in check_paths([path])] == [True] and not gc.isenabled()
    finally:
        gc.enable()
