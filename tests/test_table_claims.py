"""Tables are claims too (issue 36): a ```deckgen-table block's `expect:` rows are checked by
`deckgen check` and the booklet, and every table value the docs allow works or is one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from reportlab.lib.utils import ImageReader

from deckgen.booklet.chapter import parse_chapter
from deckgen.booklet.check import check_paths
from deckgen.booklet.markdown import Converter
from deckgen.booklet.sources import RulesSource
from deckgen.booklet.styles import Palette, make_styles
from deckgen.booklet.tables import TableCache, TableMaker, table_claim_problems
from deckgen.engine.poker_counts import hand_frequencies
from deckgen.engine.table import Table
from deckgen.errors import UserError

DEUCES = """# Deuces wild

Five cards:

```deckgen-table
table: poker-frequencies
cards: 5
wild: [2]
expect:
  Five of a kind: {Ways: 672}
  Four of a kind: [31552, 1.21 %, "81.4 : 1"]
```

Seven cards:

```deckgen-table
table: poker-frequencies
cards: 7
wild: [2]
expect:
  five of a kind: {ways: 609760, chance: 0.46 %}
```
"""


def _check(tmp_path: Path, text: str) -> tuple[list[Any], list[str]]:
    page = tmp_path / "tables.md"
    page.write_text(text, encoding="utf-8")
    results = check_paths([page])
    return results, [str(f) for r in results for f in r.failures]


def test_check_verifies_claimed_five_and_seven_card_rows_under_deuces_wild(tmp_path: Path) -> None:
    # Five of a kind with deuces wild: 672 of the 2,598,960 five-card hands, as Cactus Kev's
    # "Enumerating Wild Card Hands" (suffe.cool/poker/wild.html, after Scarne's Guide to Modern
    # Poker) counts them; 609,760 of the seven-card hands (the count the two independent
    # rounds of reference programs agreed with).
    results, failures = _check(tmp_path, DEUCES)
    assert failures == [] and [r.table for r in results] == ["poker-frequencies", "poker-frequencies"]
    wrong = DEUCES.replace("{Ways: 672}", "{Ways: 600}").replace("ways: 609760", "ways: 609761")
    _, failures = _check(tmp_path, wrong)
    assert failures == [
        f"{tmp_path / 'tables.md'}:10: poker-frequencies: Five of a kind.Ways: expected 600, got 672",
        f"{tmp_path / 'tables.md'}:21: poker-frequencies: Five of a kind.Ways: expected 609761, got 609,760",
    ]


def test_a_table_claim_names_a_row_and_a_column_that_exist(tmp_path: Path) -> None:
    table = Table("t", ("Hand", "Ways"), (("Flush", "5,108"), ("Straight", "10,200")))
    assert table_claim_problems(table, {"flush": {"ways": "5108"}, "Straight": [10200]}) == []
    assert table_claim_problems(table, {"Six of a kind": {"Ways": 1}})[0][1].startswith("the table has no row 'Six of a kind'")
    assert table_claim_problems(table, {"Flush": {"Odds": 1}})[0][1] == "Flush: the table has no column 'Odds' (its columns: Hand, Ways)"
    assert table_claim_problems(table, {"Flush": [1, 2]})[0][1] == "Flush: expected the row's 1 other cells (Ways), got 2"
    assert table_claim_problems(table, [])[0][0] == "expect"


def test_six_cards_are_counted() -> None:
    # Brian Alspach, "6-Card Poker Hands" (2000): of C(52, 6) = 20,358,520 hands, 1,844 hold a
    # straight flush, 13 * C(48, 2) = 14,664 four of a kind and 165,984 a full house.
    counts = hand_frequencies(6)
    assert sum(counts.values()) == 20_358_520
    assert (counts["straight flush"], counts["four of a kind"], counts["full house"]) == (1_844, 14_664, 165_984)


def test_a_table_value_the_docs_refuse_is_one_line_at_its_file_and_line(tmp_path: Path) -> None:
    # The issue: `cards: 6` ended `deckgen booklet` with "failed unexpectedly (ValueError: class
    # counts exist for 5 or 7 cards)". Six cards now count; six with wild cards, or eight, are refused.
    text = "# T\n\n```deckgen-table\ntable: poker-frequencies\ncards: 6\nwild: [2]\n```\n\n```deckgen-table\ntable: poker-frequencies\ncards: 8\n```\n"
    _, failures = _check(tmp_path, text)
    page = tmp_path / "tables.md"
    assert failures == [
        f"{page}:3: poker-frequencies: cards: poker frequencies with wild cards are counted for 5 or 7 cards, not 6",
        f"{page}:9: poker-frequencies: cards: expected 5, 6 or 7 for poker frequencies, got 8",
    ]


def _convert(text: str, maker: Any, claims: bool = True) -> list[Any]:
    styles = make_styles(Palette(), 300, 200)
    chapter = parse_chapter(RulesSource(Path("rules/x.md"), {}, text))
    return Converter(styles, lambda card: ImageReader(""), chapter, lambda block: None, table_for=maker, table_claims=claims).convert()


def test_the_booklet_checks_a_tables_claims_and_draws_six_cards(tmp_path: Path) -> None:
    maker = TableMaker(rules={}, cache=TableCache(tmp_path))
    assert _convert(DEUCES, maker)
    with pytest.raises(UserError, match=r"^rules/x.md:10: poker-frequencies: Five of a kind.Ways: expected 600, got 672$"):
        _convert(DEUCES.replace("{Ways: 672}", "{Ways: 600}"), maker)
    assert _convert(DEUCES.replace("{Ways: 672}", "{Ways: 600}"), maker, claims=False)  # a shipped chapter under other rules
    six = "# Six\n\n```deckgen-table\ntable: poker-frequencies\ncards: 6\nexpect:\n  Full house: {Ways: 165984}\n```\n"
    assert _convert(six, maker)
    with pytest.raises(UserError, match=r"^rules/x.md:3: table poker-frequencies: cards: poker frequencies with wild cards are counted for 5 or 7"):
        _convert(six.replace("cards: 6", "cards: 6\nwild: [2]"), maker)
    with pytest.raises(UserError, match=r"^rules/x.md:3: table poker-frequencies: cards: expected 5, 6 or 7 for poker frequencies, got 5.0$"):
        _convert(six.replace("cards: 6", "cards: 5.0"), maker)


PROSE = """# Deuces

## Frequencies

With deuces wild, five of a kind turns up [672]{=table.Five of a kind.Ways} times, and
the odds against a full house are [204 : 1]{=table.Full house.Odds against}.

```deckgen-table
table: poker-frequencies
cards: 5
wild: [2]
```
"""


def test_the_prose_may_cite_a_tables_cells(tmp_path: Path) -> None:
    # "the booklet's computed tables can be cited in prose and checked" (issue 36)
    results, failures = _check(tmp_path, PROSE)
    assert failures == [] and [r.table for r in results] == ["poker-frequencies"]
    _, failures = _check(tmp_path, PROSE.replace("[672]", "[600]"))
    assert failures == [f"{tmp_path / 'tables.md'}:5: poker-frequencies: [600]{{=table.Five of a kind.Ways}}: "
                        "Five of a kind.Ways: expected 600, got 672"]
    _, failures = _check(tmp_path, "# T\n\n## S\n\nNo table: [3]{=table.Flush.Ways}.\n")
    assert failures == [f"{tmp_path / 'tables.md'}:5: deckgen: '[3]{{=table.Flush.Ways}}' claims a table's cell, "
                        "but its section has no deckgen-table block"]
    maker = TableMaker(rules={}, cache=TableCache(tmp_path))
    drawn = _convert(PROSE, maker)
    text = " ".join(getattr(f, "text", "") for f in drawn)
    assert "672" in text and "{=" not in text  # the booklet prints the words alone
    with pytest.raises(UserError, match=r"^rules/x.md:5: poker-frequencies: \[600\]"):
        _convert(PROSE.replace("[672]", "[600]"), maker)
