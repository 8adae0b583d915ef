"""`deckgen check` under random input (issue 18): random house-rule values and random blocks.

Whatever the values (nan, infinity, huge, negative, text, lists, tables) and whatever the
block holds, check never crashes: every problem is a failure at file:line, and the files
after a bad one are still checked.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckgen.booklet.check import check_paths

GOOD = """\
# A good chapter

```deckgen
game: golf
layout: A♠ K♥ 4♦ 2♣
expect:
  score: 7
```
"""

#: Any value a house rule or a block field could be given.
values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
RULE_NAMES = ["king_points", "court_points", "ante", "pair_scope", "triple_minus", "nope"]
house_rules = st.dictionaries(
    st.sampled_from(["golf", "gin-rummy", "poker", "bridge"]),
    st.dictionaries(st.sampled_from(RULE_NAMES + ["knock_limit", "gin_bonus", "undercut_bonus"]), values, max_size=3),
    max_size=2,
)


def _yaml_scalar(value: object) -> str:
    """A value as YAML flow text (nan and infinity as YAML writes them)."""
    if isinstance(value, float):
        if math.isnan(value):
            return ".nan"
        if math.isinf(value):
            return ".inf" if value > 0 else "-.inf"
        return repr(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_yaml_scalar(v) for v in value) + "]"
    return "{" + ", ".join(f"{_yaml_scalar(str(k))}: {_yaml_scalar(v)}" for k, v in value.items()) + "}"


blocks = st.one_of(
    # a block shaped like an example, with random fields and values
    st.dictionaries(st.sampled_from(["game", "layout", "rules", "expect", "hand", "score", "x"]), values, max_size=5).map(
        lambda d: "\n".join(f"{k}: {_yaml_scalar(v)}" for k, v in d.items())
    ),
    # a golf block with random rules and claims
    st.tuples(st.dictionaries(st.sampled_from(RULE_NAMES), values, max_size=3), values).map(
        lambda t: f"game: golf\nlayout: A♠ K♥ 4♦ 2♣\nrules: {_yaml_scalar(t[0])}\nexpect:\n  score: {_yaml_scalar(t[1])}"
    ),
    # raw text, YAML or not
    st.text(max_size=80),
)
LINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+): ")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rules=house_rules, block=blocks)
def test_check_never_crashes_and_reports_every_problem_at_file_line(tmp_path_factory, rules, block) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    first, bad, last = folder / "a-good.md", folder / "b-random.md", folder / "c-good.md"
    first.write_text(GOOD, encoding="utf-8")
    bad.write_text(f"# Random\n\n```deckgen\n{block}\n```\n", encoding="utf-8")
    last.write_text(GOOD, encoding="utf-8")
    results = check_paths([first, bad, last], rules)
    files = [r.block.file for r in results]
    assert str(last) in files  # later files are still checked
    for result in results:
        for failure in result.failures:
            match = LINE.match(str(failure))
            assert match is not None, str(failure)
            assert match["file"] in (str(first), str(bad), str(last))
            assert int(match["line"]) >= 1
    if not rules:  # with the usual rules the good chapters pass
        assert all(r.ok for r in results if r.block.file != str(bad))


def test_nan_and_infinity_in_a_block_are_reported_at_their_line(tmp_path: Path) -> None:
    path = tmp_path / "house.md"
    path.write_text("# House\n\n```deckgen\ngame: golf\nlayout: A♠ K♥ 4♦ 2♣\nexpect:\n  score: .nan\n```\n",
                    encoding="utf-8")
    (result,) = check_paths([path], {})
    assert [str(f) for f in result.failures] == [
        f"{path}:7: deckgen: the block is not valid YAML: expected a finite number (got .nan); .nan and .inf are not allowed"
    ]


def test_nan_house_rule_is_reported_for_each_example_and_check_goes_on(tmp_path: Path) -> None:
    first, last = tmp_path / "a.md", tmp_path / "b.md"
    first.write_text(GOOD, encoding="utf-8")
    last.write_text(GOOD, encoding="utf-8")
    results = check_paths([first, last], {"golf": {"king_points": float("nan")}})
    assert [r.block.file for r in results] == [str(first), str(last)]
    for result in results:
        assert [str(f) for f in result.failures] == [
            f"{result.block.file}:3: golf: rules.king_points: expected a finite number, got nan"
        ]


def test_a_named_pipe_given_to_check_is_refused_not_read(tmp_path: Path) -> None:
    import os

    import pytest

    from deckgen.errors import UserError

    pipe = tmp_path / "pipe.md"
    os.mkfifo(pipe)
    with pytest.raises(UserError) as info:
        check_paths([pipe], {})
    assert str(info.value) == f"{pipe}: is a named pipe (FIFO); expected a Markdown rules file"
