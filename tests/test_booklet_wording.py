"""How the booklet words what it prints: yes/no facts and house rules as a person says them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from deckgen.booklet.build import check_source, example_view
from deckgen.booklet.sources import load_source, rule_change_words, rule_words
from deckgen.houserules import rules_sources
from deckgen.engine.registry import all_games


def _yes_no(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], bool]]:
    """Every yes/no value inside an example's inputs, with the keys that lead to it."""
    if isinstance(value, bool):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _yes_no(item, (*path, str(key)))
    elif isinstance(value, list):
        for item in value:
            yield from _yes_no(item, path)


@pytest.fixture(scope="module")
def shipped_views() -> list[tuple[str, Any, Any]]:
    """(rules file, result, box view) for every worked example shipped in rules/, under the usual rules."""
    out = []
    for name, path in rules_sources().items():
        checked = check_source(load_source(path), None, own=False)
        for result in checked.results:
            out.append((name, result, example_view(result, checked.rules)))
    return out


def test_every_yes_no_rule_and_input_has_the_words_a_person_says(shipped_views) -> None:
    for spec in all_games().values():
        for param in spec.parameters:
            if isinstance(param.default, bool):
                assert param.phrases and all(param.phrases), (spec.name, param.name)
    for name, result, _view in shipped_views:
        spec = result.spec
        inputs = {k: v for k, v in result.inputs.items() if k != "rules"}
        for path, value in _yes_no(inputs):
            assert spec.phrase(path[-1], value), (name, spec.name, path)


def test_no_box_prints_yes_or_no_as_a_fact(shipped_views) -> None:
    for name, _result, view in shipped_views:
        for key, words in view.facts:
            assert words.split()[-1:] not in (["yes"], ["no"]), (name, key, words)
            assert " yes," not in words and " no," not in words, (name, key, words)
        assert not view.rules_note.endswith((" yes", " no")), (name, view.rules_note)


def test_a_yes_no_input_stands_as_its_phrase() -> None:
    from test_booklet import _checked  # tests/ is on sys.path, as pytest puts it

    bridge = example_view(_checked("game: bridge\ncontract: 4♥\nvulnerable: false\ntricks: 10\nexpect:\n  score: 420\n"))
    assert bridge.facts == [("Contract", "4♥"), ("", "Not vulnerable"), ("Tricks", "10")]
    cucumber = example_view(_checked("game: cucumber\nfinal: false\ntrick: {Ann: 9♠, Bob: 5♥}\n"
                                     "hands: {Ann: 9♠ 2♣, Bob: 5♥ K♣}\nexpect:\n  taker: Ann\n"))
    assert ("", "Not the last trick") in cucumber.facts


def test_a_house_rule_reads_as_words() -> None:
    assert rule_words("knock_limit", 7) == "knock limit 7"
    assert rule_words("sweeps_count", False) == "no points for sweeps"
    assert rule_words("joker_finish", True) == "a joker ends the game"
    assert rule_change_words("gin_bonus", 30, 25) == "gin bonus 30 (usually 25)"
    assert rule_change_words("deuces_wild", False, True) == "deuces not wild (usually deuces wild)"


def test_long_numbers_are_grouped_but_not_years_codes_or_dates() -> None:
    from deckgen.booklet.styles import grouped

    assert grouped("game 5000; grand 1000 / 1500; pot 1300; -1430; 12994800") == (
        "game 5,000; grand 1,000 / 1,500; pot 1,300; -1,430; 12,994,800")
    assert grouped("scores 1000\u20132500") == "scores 1,000\u20132,500"  # both ends of a range
    for kept in ("in 1987", "Before 1987", "since 2019", "the 1920s", "500 rum", "999", "4.77",
                 "12,994,800", "2026-11-23", "11/23/2026", "FOGRA39", "K-Q-J-10", "8-8-6-2"):
        assert grouped(kept) == kept, kept


def test_a_year_with_no_word_before_it_is_not_grouped_but_a_count_in_context_is() -> None:
    # a user's own chapter: "Our 2019 rules" printed "Our 2,019 rules"
    from deckgen.booklet.styles import grouped

    for kept in ("Our 2019 rules", "In 1998, we", "Since 1998, we", "the 2019–2020 season", "pre-2019 rules",
                 "In 1998, 2003 and 2019", "Rule 3, 2019 edition", "game 5,000 points"):
        assert grouped(kept) == kept, kept
    counts = {
        "5000 points": "5,000 points",  # five digits or more, or above 2099, are always counts
        "10000": "10,000",
        "a year of 2100 deals": "a year of 2,100 deals",
        "1500 points, 1200 chips, 1781 : 1": "1,500 points, 1,200 chips, 1,781 : 1",  # a unit after it
        "game 1500, a total of 2000, play to 1200": "game 1,500, a total of 2,000, play to 1,200",  # a score word
        "\u22121430 and +2000": "\u22121,430 and +2,000",  # signed: no year is
        "900\u20131090; grand 1000 / 1500": "900\u20131,090; grand 1,000 / 1,500",  # a range or pair with a count
        "-170; 1430 and 1480": "-170; 1,430 and 1,480",  # a list after a signed count
        "Our 2019 rules: 1200 points since 1998": "Our 2019 rules: 1,200 points since 1998",
        "01500\u20131600": "1,500\u20131,600",  # four digits from 1000 to 2099 may be a year; 01500 is not
    }
    for text, want in counts.items():
        assert grouped(text) == want, text
    # a box's facts and outcome are the engine's figures: every long number there is a count
    assert grouped("We 520, They 1210", figures=True) == "We 520, They 1,210"
    assert grouped("We 520, They 1210") == "We 520, They 1210"
    # prose, ranges and a table's column ask one question: whether a figure may be a year
    from deckgen.booklet.styles import figures_column

    assert figures_column(["01500", "2019"]) and not figures_column(["1500", "2019"])


def test_the_rules_prose_groups_numbers_as_the_boxes_do() -> None:
    # canasta's game total comes from its house rules ({{ rules.game_points }}) and was printed "5000"
    from markdown_it import MarkdownIt
    from markdown_it.tree import SyntaxTreeNode

    from deckgen.booklet.markdown import inline_markup
    from deckgen.booklet.pdf import PageLayout
    from deckgen.booklet.styles import Palette, make_styles

    layout = PageLayout()
    styles = make_styles(Palette(), layout.text_width, layout.text_height)
    text = "The first side to 5000 points wins. Before 1987 a grand slam scored 1000."
    (inline,) = [n for n in SyntaxTreeNode(MarkdownIt("commonmark").parse(text)).walk() if n.type == "inline"]
    assert inline_markup(inline, styles) == (
        "The first side to 5,000 points wins. Before 1987 a grand slam scored 1,000.")
    # a house-rules chapter the user wrote: its years are left as written
    text = "Our 2019 rules: since 1998 we play to 1500 points."
    (inline,) = [n for n in SyntaxTreeNode(MarkdownIt("commonmark").parse(text)).walk() if n.type == "inline"]
    assert inline_markup(inline, styles) == "Our 2019 rules: since 1998 we play to 1,500 points."


def test_a_users_table_groups_a_column_of_counts_but_not_a_column_of_years() -> None:
    from pathlib import Path

    from reportlab.lib.utils import ImageReader
    from reportlab.platypus import Paragraph, Table

    from deckgen.booklet.chapter import parse_chapter
    from deckgen.booklet.markdown import Converter
    from deckgen.booklet.pdf import PageLayout
    from deckgen.booklet.sources import RulesSource
    from deckgen.booklet.styles import Palette, make_styles

    layout = PageLayout()
    styles = make_styles(Palette(), layout.text_width, layout.text_height)
    text = ("| Year | Winner | Score | Note |\n|---|---|---|---|\n| 2019 | Ann | 1500 | 1998 rules |\n"
            "| 2020 | Bob | 950 | game 1200 |\n| 2021 | Cy | 12000 | |\n")
    chapter = parse_chapter(RulesSource(Path("rules/ours.md"), {}, text))
    flows = Converter(styles, lambda card: ImageReader(""), chapter, lambda b: None).convert()
    tables: list[Table] = []
    stack = list(flows)
    while stack:
        f = stack.pop()
        if isinstance(f, Table):
            tables.append(f)
        stack += [x for x in getattr(f, "_content", None) or getattr(f, "flowables", None) or []]
    (table,) = tables
    def words(cell: object) -> str:
        parts = cell if isinstance(cell, (list, tuple)) else [cell]
        return "".join(p.text if isinstance(p, Paragraph) else str(p or "") for p in parts)

    cells = [[words(c) for c in row] for row in table._cellvalues]
    assert [row[0] for row in cells[1:]] == ["2019", "2020", "2021"]  # years, left as written
    assert [row[2] for row in cells[1:]] == ["1,500", "950", "12,000"]  # a column of counts
    assert [row[3] for row in cells[1:]] == ["1998 rules", "game 1,200", ""]  # prose: by its words
