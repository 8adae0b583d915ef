"""The YAML reader of worked examples: the fast walk gives what yaml.safe_load gives, line numbers
and errors included, on the inputs where the two could part."""

from __future__ import annotations

import datetime

import pytest
import yaml

from deckgen.booklet.examples import find_blocks, parse_block
from deckgen.limits import MAX_NESTING, YamlLoader, plain_data, safe_yaml

SAME_AS_SAFE_LOAD = [
    "game: poker\nhand: A♠ K♠ Q♠ J♠ 10♠\nexpect:\n  category: straight flush\n",
    "octal: 010\nhex: 0x1F\nbinary: 0b101\nplain: 10\nunder: 1_000\nsexagesimal: 1:30\nsigned: -7\n",
    "yes: yes\nno: no\non: On\noff: OFF\ntrue: True\nfalse: false\ny: y\nn: n\n",
    "quoted: '010'\ndouble: \"yes\"\nfolded: >\n  two\n  lines\nliteral: |\n  a\n  b\n",
    "floats: [1.5, -2.0e3, 6.8523015e+5, 1:20.5, .5]\nnull: ~\nempty:\nNull: null\n",
    "flow: {a: 1, b: {c: [x, 'y', {d: e}]}, 'f g': [1, [2, [3]]]}\n",
    "anchored: &a {x: 1}\nunused: &b plain\n",
    "scalar alias: &s 7\nagain: *s\n",
    "dupes: 1\ndupes: 2\n",
    "1: one\n2.5: two and a half\ntrue: yes\n~: nothing\n",
    "seq:\n- a\n- - b\n  - c\n- {d: 1}\n",
    "cards: '10♥ J♥, Q♥'\nunicode: \"\\u2660\"\n",
]


@pytest.mark.parametrize("text", SAME_AS_SAFE_LOAD)
def test_the_fast_walk_gives_what_safe_load_gives(text):
    assert safe_yaml(text) == yaml.safe_load(text)
    assert [type(v) for v in _values(safe_yaml(text))] == [type(v) for v in _values(yaml.safe_load(text))]


def _values(data):
    if isinstance(data, dict):
        for k, v in data.items():
            yield k
            yield from _values(v)
    elif isinstance(data, list):
        for v in data:
            yield from _values(v)
    else:
        yield data


@pytest.mark.parametrize(
    "text",
    [
        "when: 2024-05-01\n",  # a timestamp: PyYAML's constructor builds it
        "base: &b {x: 1}\nmerged:\n  <<: *b\n  y: 2\n",  # a merge key (and an alias: refused)
        "set: !!set {a, b}\n",
        "? [a, b]\n: list key\n",  # a key that is not a scalar: PyYAML's own error
        "big: 1e400\n",  # too large for a float: inf, as safe_load gives it
    ],
)
def test_what_the_fast_walk_leaves_goes_the_old_way(text):
    try:
        expected: object = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        expected = type(exc)
    try:
        got: object = safe_yaml(text)
    except yaml.YAMLError as exc:
        got = type(exc)
    if "&b" in text:
        assert got is yaml.composer.ComposerError  # aliases are refused, as before
    else:
        assert got == expected


def test_a_timestamp_is_a_date():
    assert safe_yaml("when: 2024-05-01\n") == {"when": datetime.date(2024, 5, 1)}


@pytest.mark.parametrize(
    "text, line, message",
    [
        ("game: poker\nhand: &h A♠ K♠\nboard: *h\nx: &m {a: 1}\ny: *m\n", 5, "aliases (*name) are not allowed here"),
        ("game: poker\nrules: {low_qualifier: .nan}\n", 3, "expected a finite number (got .nan)"),
        ("game: poker\nrules: {low_qualifier: -.Inf}\n", 3, "expected a finite number (got -.Inf)"),
        ("game: poker\n" + "x: " + "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1) + "\n", 3, f"nested more than {MAX_NESTING}"),
        ("game: poker\nhand: [A♠\n", 4, "the block is not valid YAML"),
    ],
)
def test_refused_blocks_keep_their_line_and_reason(text, line, message):
    block = parse_block(text, "f.md", 1)
    assert block.data is None
    assert block.line == line
    assert message in block.error


def test_a_nan_in_one_place_and_an_alias_in_another_report_what_they_did():
    text = "a: .nan\nb: &x [1]\nc: *x\n"
    loader = YamlLoader(text)
    node = loader.get_single_node()
    with pytest.raises(yaml.YAMLError) as fast:
        plain_data(loader, node)
    loader.dispose()
    from deckgen.limits import check_yaml_node

    with pytest.raises(yaml.YAMLError) as slow:
        check_yaml_node(YamlLoader(text).get_single_node())
    assert str(fast.value) == str(slow.value)


def test_key_lines_and_data_of_a_block():
    markdown = "# Title\n\n```deckgen\ngame: poker\nhands:\n  Ann: 5♠ 5♥\n  Bob: '4♠ 4♥'\nexpect:\n  winners: [Ann]\n```\n"
    (block,) = find_blocks(markdown, "f.md")
    assert block.data == {"game": "poker", "hands": {"Ann": "5♠ 5♥", "Bob": "4♠ 4♥"}, "expect": {"winners": ["Ann"]}}
    assert block.key_lines == {"game": 4, "hands": 5, "hands.Ann": 6, "hands.Bob": 7, "expect": 8, "expect.winners": 9}


def test_the_tag_memory_keeps_quoted_and_plain_apart():
    assert safe_yaml("a: 10\nb: '10'\nc: 10\nd: \"10\"\n") == {"a": 10, "b": "10", "c": 10, "d": "10"}


#: A text nested past MAX_NESTING, and the (line, column) of the first node past it (0-based).
DEEP = [
    ("x: " + "[" * 5000 + "]" * 5000 + "\n", (0, 34)),  # one line: libyaml scans ahead past its own limit
    ("a:\n" + "".join("  " * i + "- \n" for i in range(1, 1500)), (32, 64)),  # block nesting, a level a line
    ("a: " + "{b: " * 40 + "c" + "}" * 40 + "\n", (0, 124)),  # just past deckgen's limit, far inside libyaml's
]


@pytest.mark.parametrize(("text", "mark"), DEEP)
@pytest.mark.parametrize("libyaml_limit", [None, 40])
def test_deckgen_says_how_deep_whatever_the_library_limit(text, mark, libyaml_limit):
    """Deckgen's nesting limit speaks, with its own message and mark, even where libyaml's fires first
    (PyYAML 6.0.4 bundles libyaml 0.2.6, whose limit is 1,000 and can be set lower in the process)."""
    libyaml = getattr(yaml, "_yaml", None)
    if libyaml_limit is not None and getattr(libyaml, "_get_max_nest_level", lambda: -1)() == -1:
        pytest.skip("this PyYAML's libyaml has no nesting limit of its own to set")
    before = libyaml._get_max_nest_level() if libyaml_limit else None
    try:
        if libyaml_limit:
            libyaml._set_max_nest_level(libyaml_limit)
        with pytest.raises(yaml.YAMLError) as caught:
            safe_yaml(text)
    finally:
        if libyaml_limit:
            libyaml._set_max_nest_level(before)
    assert caught.value.problem == f"nested more than {MAX_NESTING} levels deep"
    assert (caught.value.problem_mark.line, caught.value.problem_mark.column) == mark
