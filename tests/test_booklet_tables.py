"""Computed tables: numbers from the engine with the active house rules, cached by their arguments."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from reportlab.lib.utils import ImageReader

from deckgen.booklet.chapter import parse_chapter
from deckgen.booklet.markdown import Converter
from deckgen.booklet.sources import RulesSource
from deckgen.booklet.styles import Palette, make_styles, text_width
from deckgen.booklet.tables import TableCache, TableMaker, default_table_requests, house_rules_table
from deckgen.engine.base import ExampleError, show_value
from deckgen.engine.bridge import bonus_table as bridge_bonuses
from deckgen.engine.bridge import contract_points_table as bridge_contract_points
from deckgen.engine.bridge import imp_table
from deckgen.engine.bridge import undertrick_table as bridge_undertricks
from deckgen.engine.cribbage import scores_table as cribbage_summary
from deckgen.engine.gin import scoring_table as gin_summary
from deckgen.engine.ofc import royalties_table as ofc_royalties
from deckgen.engine.ofc import top_royalties_table as ofc_top_royalties
from deckgen.engine.poker import frequency_table
from deckgen.engine.registry import get_game
from deckgen.errors import UserError


def _rows(table) -> list[list[str]]:
    return [list(r) for r in table.rows]


def convert(styles: Any, text: str, views: list[Any] = (), table_for: Any = None) -> list[Any]:
    """A chapter's flowables from Markdown text, as the booklet makes them (parsed once, then drawn)."""
    chapter = parse_chapter(RulesSource(Path("rules/x.md"), {}, text))
    shown = iter(views)
    return Converter(styles, lambda card: ImageReader(""), chapter, lambda block: next(shown), table_for=table_for).convert()


def _bridge() -> dict[str, Any]:
    return get_game("bridge").defaults


def test_bridge_contract_points_come_from_the_engine() -> None:
    table = bridge_contract_points(_bridge())
    assert list(table.header) == ["Level", "♣♦", "♥♠", "NT", "♣♦ X", "♥♠ X", "NT X", "♣♦ XX", "♥♠ XX", "NT XX"]
    assert list(table.rows[0]) == ["1", "20", "30", "40", "40", "60", "80", "80", "120", "160"]
    assert list(table.rows[2][:4]) == ["3", "60", "90", "100"]
    assert list(table.rows[6]) == ["7", "140", "210", "220", "280", "420", "440", "560", "840", "880"]
    assert table.note == "X doubled, XX redoubled. 100 or more contract points make a game."
    house = bridge_contract_points({**_bridge(), "game_points": 90})
    assert house.note == "X doubled, XX redoubled. 90 or more contract points make a game."


def test_bridge_undertricks_by_vulnerability_and_doubling() -> None:
    table = bridge_undertricks(_bridge())
    assert list(table.header) == ["Down", "Not vul. –", "Not vul. X", "Not vul. XX", "Vul. –", "Vul. X", "Vul. XX"]
    assert list(table.rows[0]) == ["1", "50", "100", "200", "100", "200", "400"]
    assert list(table.rows[3]) == ["4", "200", "800", "1,600", "400", "1,100", "2,200"]
    assert list(table.rows[-1]) == ["each more", "+50", "+300", "+600", "+100", "+300", "+600"]
    assert len(table.rows) == 8


def test_bridge_bonuses() -> None:
    rows = {r[0]: list(r[1:]) for r in bridge_bonuses(_bridge()).rows}
    assert rows["2♠ made: part score"] == ["50", "50"]
    assert rows["4♠ made: game"] == ["300", "500"]
    assert rows["6♠ made: small slam"] == ["800", "1,250"]
    assert rows["7♠ made: grand slam"] == ["1,300", "2,000"]
    # a house rule that moves the game threshold changes the labels and the bonuses with them
    high = {r[0]: list(r[1:]) for r in bridge_bonuses({**_bridge(), "game_points": 150}).rows}
    assert high["4♠ made: part score"] == ["50", "50"]
    low = {r[0]: list(r[1:]) for r in bridge_bonuses({**_bridge(), "game_points": 60}).rows}
    assert low["2♠ made: game"] == ["300", "500"]
    assert rows["1♣ doubled, made"] == ["100", "100"]
    assert rows["Overtrick, doubled"] == ["100", "200"]


def test_gin_summary_follows_the_house_rules() -> None:
    spec = get_game("gin-rummy")
    plain = {r[0]: list(r[1:]) for r in gin_summary(spec.defaults).rows}
    assert plain == {
        "Knock": ["3", "52", "Knocker", "49"],
        "Undercut": ["8", "2", "Defender", "31"],
        "Gin": ["0", "45", "Knocker", "70"],
        "Big gin": ["0", "45", "Knocker", "76"],
    }
    house = gin_summary(spec.resolve_rules({"gin_bonus": 20, "undercut_bonus": 10, "big_gin_bonus": 50}))
    assert {r[0]: r[4] for r in house.rows} == {"Knock": "49", "Undercut": "16", "Gin": "65", "Big gin": "95"}
    assert "gin 20, big gin 50, undercut 10" in house.title


def test_house_rules_table_marks_changed_values() -> None:
    spec = get_game("gin-rummy")
    table = house_rules_table([spec], spec.resolve_rules({"gin_bonus": 20}))
    rows = {r[0]: list(r[1:3]) for r in table.rows}
    assert rows["Gin bonus"] == ["20 *", "25"]
    assert rows["Knock limit"] == ["10", "10"]
    assert rows["Undercut on a tie"] == ["yes", "yes"]
    assert table.note == "* 1 house rule(s) differ from the usual value."
    assert house_rules_table([spec], spec.defaults).note == ""
    assert show_value({"10": 10, "A": 4}) == "10: 10, A: 4"


def _fake_counts(calls: list[tuple[int, tuple[str, ...]]]):
    """A memo over a fake count: records what the poker engine was asked."""

    def memo(key: str, args: dict[str, Any], compute) -> dict[str, int]:
        calls.append((args["cards"], tuple(args["wild"])))
        return {"straight flush": 40, "one pair": 1_098_240, "high card": 1_500_680}

    return memo


def test_poker_frequencies_from_counts() -> None:
    calls: list[tuple[int, tuple[str, ...]]] = []
    table = frequency_table(5, memo=_fake_counts(calls))
    assert _rows(table) == [
        ["Straight flush", "40", "0.0015 %", "64,973 : 1"],
        ["One pair", "1,098,240", "42.26 %", "1.4 : 1"],
        ["High card", "1,500,680", "57.74 %", "even"],
    ]
    assert table.note == "Counted over all 2,598,960 possible 5-card hands from 52 cards."
    frequency_table(5, ["A", "2", "J♠", "J♥"], memo=_fake_counts(calls))
    assert calls == [(5, ()), (5, ("A", "2", "J♠", "J♥"))]
    with pytest.raises(ExampleError, match="cards: expected 5, 6 or 7 for poker frequencies, got 8"):
        frequency_table(8)


def test_slow_counts_are_cached_by_arguments(tmp_path: Path) -> None:
    computed: list[str] = []

    def count(label: str):
        return lambda: computed.append(label) or {"one pair": 3, "high card": 7}

    cache = TableCache(tmp_path)
    assert cache("test-counts", {"cards": 5, "wild": []}, count("plain")) == {"one pair": 3, "high card": 7}
    again = TableCache(tmp_path)  # a later build
    assert again("test-counts", {"cards": 5, "wild": []}, count("again")) == {"one pair": 3, "high card": 7}
    assert (again.hits, again.misses) == (1, 0)
    again("test-counts", {"cards": 5, "wild": ["A"]}, count("wild"))
    assert computed == ["plain", "wild"]
    assert len(list(tmp_path.glob("test-counts-*.json"))) == 2


def test_a_damaged_cache_file_is_recomputed(tmp_path: Path) -> None:
    calls: list[int] = []
    TableCache(tmp_path)("poker-frequencies-7", {"cards": 7}, lambda: calls.append(1) or {"x": 1})
    (path,) = tmp_path.glob("*.json")
    path.write_text("{not json", encoding="utf-8")
    cache = TableCache(tmp_path)
    assert cache("poker-frequencies-7", {"cards": 7}, lambda: calls.append(2) or {"x": 1}) == {"x": 1}
    assert cache.misses == 1 and calls == [1, 2]


def test_cache_knows_whether_a_slow_table_is_counted(tmp_path: Path) -> None:
    from deckgen.engine.registry import get_table

    _, table = get_table("poker-frequencies")
    cache = TableCache(tmp_path)
    assert not cache.holds(table, {}, {"cards": 6})
    cache("poker-frequencies-6", {"cards": 6, "wild": []}, lambda: {"one pair": 3, "high card": 7})
    assert cache.holds(table, {}, {"cards": 6})
    assert cache.holds(table, {}, {"cards": 7})  # a default table: shipped counted
    assert not cache.holds(table, {}, {"cards": 5, "wild": ["2"]})


def test_cribbage_summary_buckets_the_distribution(tmp_path: Path) -> None:
    seen: dict[str, Any] = {}

    def fixed(key: str, args: dict[str, Any], compute) -> dict[str, int]:
        seen.update(args)
        return {"0": 10, "2": 30, "4": 20, "8": 25, "12": 10, "19": 0, "29": 5}

    table = cribbage_summary({"nobs_points": 2}, fixed)
    assert seen == {"hand_flush_min": 4, "crib_flush_min": 5, "nobs_points": 2}
    assert _rows(table)[:3] == [["0", "10", "10.00 %"], ["1–4", "50", "50.00 %"], ["5–8", "25", "25.00 %"]]
    assert list(table.rows[-1]) == ["25–29", "5", "5.00 %"]
    assert table.note.startswith("Over all 100 hands with their starter: average 6.05, best 29; no hand counts 1, 3, 5, 6, 7, 9,")
    # the booklet gives the table only the cribbage rules of a chapter's rules
    TableMaker(rules={"nobs_points": 2, "gin_bonus": 25}, cache=fixed)({"table": "cribbage-scores"})
    assert seen == {"hand_flush_min": 4, "crib_flush_min": 5, "nobs_points": 2}


def test_unknown_table_is_an_error_with_file_and_line() -> None:
    styles = make_styles(Palette(), 300, 200)
    maker = TableMaker(rules={}, cache=TableCache(None))
    with pytest.raises(UserError, match="table: unknown computed table 'poker-odds': expected one of .*bridge-contract-points, .*poker-frequencies.*, house-rules"):
        maker({"table": "poker-odds"})
    with pytest.raises(UserError) as info:
        convert(styles, "# X\n\ntext\n\n```deckgen-table\ntable: poker-odds\n```\n", table_for=maker)
    assert str(info.value).startswith("rules/x.md:5: table: unknown computed table 'poker-odds': expected one of")
    with pytest.raises(UserError, match="rules/x.md:1: a deckgen-table block needs 'table: <name>'"):
        convert(styles, "```deckgen-table\ncards: 5\n```\n", table_for=maker)


def test_default_tables_go_at_the_end_of_the_scoring_section() -> None:
    from deckgen.booklet.pageflow import Heading, TableFlow

    bridge_defaults = default_table_requests([get_game("bridge"), get_game("bridge-imps")])

    styles = make_styles(Palette(), 300, 200)
    text = "# Bridge\n\n## Play\n\nx\n\n## Scoring\n\nHow it scores.\n\n## Worked examples\n\ny\n"
    chapter = parse_chapter(RulesSource(Path("rules/bridge.md"), {}, text), default_tables=bridge_defaults)
    assert [t.spec["table"] for t in chapter.default_tables] == ["bridge-contract-points", "bridge-bonuses", "bridge-undertricks"]
    assert chapter.default_tables_index() == 5  # before "## Worked examples"
    maker = TableMaker(rules=get_game("bridge").defaults, cache=TableCache(None))
    flows = Converter(styles, lambda card: ImageReader(""), chapter, lambda b: None, table_for=maker).convert()
    titles = [f.outline_title for f in flows if isinstance(f, Heading)]
    kinds = ["table" if isinstance(f, TableFlow) else getattr(f, "outline_title", "") for f in flows]
    assert titles == ["Play", "Scoring", "Worked examples"]
    assert kinds.index("Scoring") < kinds.index("table") and kinds.count("table") == 3
    assert max(i for i, k in enumerate(kinds) if k == "table") < kinds.index("Worked examples")
    # a source that places its own tables gets none added; a chapter without Scoring gets a Tables heading
    own = text.replace("How it scores.", "```deckgen-table\ntable: bridge-bonuses\n```")
    placed = parse_chapter(RulesSource(Path("rules/bridge.md"), {}, own), default_tables=bridge_defaults)
    assert placed.default_tables == [] and [t.line for t in placed.tables] == [9]
    bare = parse_chapter(RulesSource(Path("rules/bridge.md"), {}, "# B\n\nx\n"), default_tables=bridge_defaults)
    assert bare.default_tables_index() is None
    flows = Converter(styles, lambda card: ImageReader(""), bare, lambda b: None, table_for=maker).convert()
    assert [f.outline_title for f in flows if isinstance(f, Heading)] == ["Tables"]


def test_slow_tables_needed_reads_the_parsed_chapters(tmp_path: Path) -> None:
    from deckgen.booklet.checked import read_chapter
    from deckgen.booklet.slowtables import slow_tables_needed
    from deckgen.booklet.sources import load_source

    placed = tmp_path / "poker.md"
    placed.write_text(
        "---\nname: poker\nengine: [poker]\n---\n# P\n\n```deckgen-table\ntable: poker-frequencies\ncards: 7\n```\n",
        encoding="utf-8",
    )
    poker_rules = get_game("poker").defaults
    assert slow_tables_needed([read_chapter(load_source(placed), None)]) == [("poker-frequencies", poker_rules, {"cards": 7})]
    bare = tmp_path / "bare.md"
    bare.write_text("---\nname: poker\nengine: [poker]\n---\n# P\n", encoding="utf-8")
    assert [options for _, _, options in slow_tables_needed([read_chapter(load_source(bare), None)])] == [
        {"cards": 5},
        {"cards": 7},
        {"cards": 5, "wild": ["A", "2", "J♠", "J♥"], "title": "Acey-Deucey-One-Eyed-Jack: five cards, aces, deuces and one-eyed jacks wild"},
        {"cards": 7, "wild": ["2"], "title": "Deuces wild, seven cards: how often each category is the best five"},
        {"cards": 5, "wild": ["K", "lowest"], "title": "Kings and Low Man: five cards, kings and each hand's lowest card wild"},
    ]
    # a cribbage chapter counts its score distribution ahead, with the deck's house rules
    crib = tmp_path / "cribbage.md"
    crib.write_text("---\nname: cribbage\nengine: [cribbage]\n---\n# C\n", encoding="utf-8")
    needed = slow_tables_needed([read_chapter(load_source(crib), {"cribbage": {"nobs_points": 2}})])
    assert needed == [("cribbage-scores", {"hand_flush_min": 4, "crib_flush_min": 5, "nobs_points": 2}, {})]


def test_bridge_imp_scale_read_off_the_engine() -> None:
    table = imp_table()
    assert list(table.header) == ["Difference", "IMPs"] * 4 and len(table.rows) == 7
    cells = [(r[k], r[k + 1]) for k in (0, 2, 4, 6) for r in table.rows if r[k]]  # down each column
    assert cells[:3] == [("0–10", "0"), ("20–40", "1"), ("50–80", "2")]
    assert ("370–420", "9") in cells and ("1,500–1,740", "17") in cells
    assert cells[-1] == ("4,000 and more", "24")
    assert len(cells) == 25


def test_ofc_royalty_tables_follow_the_active_schedule() -> None:
    standard = ofc_royalties({})
    assert list(standard.header) == ["Hand", "Middle", "Bottom"]
    assert _rows(standard) == [
        ["Royal flush", "50", "25"],
        ["Straight flush", "30", "15"],
        ["Four of a kind", "20", "10"],
        ["Full house", "12", "6"],
        ["Flush", "8", "4"],
        ["Straight", "4", "2"],
        ["Three of a kind", "2", "–"],
    ]
    top = ofc_top_royalties({})
    assert list(top.header) == ["Top row", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    assert _rows(top) == [
        ["Pair", "–", "–", "–", "–", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
        ["Three of a kind", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22"],
    ]
    # the older schedule: no middle trips, a flat 20 for any trips on top
    assert [r[0] for r in ofc_royalties({"royalties": "classic"}).rows][-1] == "Straight"
    assert list(ofc_top_royalties({"royalties": "classic"}).rows[1][1:]) == ["20"] * 13
    # a group's own changes show in the table, the rest stays standard
    own = {"royalties": {"top": {"QQ": 10}, "middle": {"flush": 9}}, "sweep_bonus": 3}
    assert ofc_top_royalties(own).rows[0][11] == "10"
    assert ["Flush", "9", "4"] in _rows(ofc_royalties(own))
    with pytest.raises(ExampleError, match="rules.royalties: 'modern' is not a royalty table"):
        ofc_royalties({"royalties": "modern"})
    with pytest.raises(UserError, match="table ofc-royalties: rules.royalties: 'modern' is not a royalty table"):
        TableMaker(rules={"royalties": "modern"}, cache=TableCache(None))({"table": "ofc-royalties"})
    maker = TableMaker(rules={}, cache=TableCache(None))
    assert maker({"table": "ofc-royalties"}).rows == standard.rows
    assert maker({"table": "ofc-top-royalties"}).rows == top.rows


def _layout_styles():
    from deckgen.booklet.pdf import PageLayout

    layout = PageLayout()
    return make_styles(Palette(), layout.text_width, layout.text_height)


def test_a_long_table_splits_between_rows_and_a_short_one_stays_whole() -> None:
    from reportlab.platypus import Table

    from deckgen.booklet.markdown import computed_table
    from deckgen.booklet.pageflow import TableFlow

    import io

    from reportlab.pdfgen.canvas import Canvas

    styles = _layout_styles()
    canvas = Canvas(io.BytesIO())

    def split(flow: TableFlow, height: float) -> list:
        flow.wrapOn(canvas, styles.width, height)
        return flow.split(styles.width, height)

    long = TableFlow(computed_table(bridge_contract_points(_bridge()), styles), styles)

    short = TableFlow(computed_table(ofc_top_royalties({}), styles), styles)
    assert long.splittable and not short.splittable
    assert long.first_part < long.whole - 30  # the title, the header and four of the seven rows
    # room for the header and a few rows: the table starts here and goes on over the page
    parts = split(long, long.first_part + 5)
    assert type(parts[0]).__name__ != "_FrameBreak" and any(isinstance(p, Table) for p in parts)
    # too little room for even that: the whole table moves on
    assert type(split(long, long.first_part - 5)[0]).__name__ == "_FrameBreak"
    assert type(split(short, short.whole / 2)[0]).__name__ == "_FrameBreak"
    # the space after a table is dropped when only it does not fit
    from reportlab.platypus import Spacer

    from deckgen.booklet.markdown import grid_table

    plain = TableFlow([grid_table(["Card", "Counts"], [["Ace", "1"], ["King", "10"]], styles), Spacer(1, 5)], styles)
    exact = plain.whole - 5 + 0.5
    assert [type(p).__name__ for p in split(plain, exact)] == ["Table"]
    assert [type(p).__name__ for p in split(plain, exact - 1)][0] == "_FrameBreak"
    # never one or two rows alone on the next page: the IMP scale (nine rows) moves on whole
    imps = TableFlow(computed_table(imp_table(), styles), styles)
    assert imps.splittable
    from deckgen.booklet.rl import box_height

    title, grid = imps._content[0], imps._content[1]
    all_but_last = box_height(title, styles.width) + sum(grid._rowHeights[:-1]) + 0.5
    assert imps._rows_left(styles.width, all_but_last) == 1
    from deckgen.booklet.pageflow import FLOAT_EMPTY_SHARE

    parts = split(imps, all_but_last)
    if all_but_last < FLOAT_EMPTY_SHARE * styles.height:
        assert type(parts[0]).__name__ == "_FrameBreak"
    else:  # moving on whole would leave too much of the page empty: three rows go over, not one
        assert len([p for p in parts if isinstance(p, Table)][-1]._cellvalues) == 1 + 3
    assert type(split(imps, imps.first_part - 1)[0]).__name__ == "_FrameBreak"
    assert imps._rows_left(styles.width, imps.first_part + 1) >= 3
    assert type(split(imps, imps.first_part + 1)[0]).__name__ == "Paragraph"
    table = next(p for p in parts if isinstance(p, Table))
    assert table.repeatRows == 1  # the header row is printed again on the next page
    # but when moving on whole would leave more than half the page empty, the table splits higher,
    # so that three rows (never one alone) go over with the header
    from deckgen.booklet.pageflow import FLOAT_EMPTY_SHARE

    room = imps.whole - 6
    assert imps.whole > room > max(imps.whole - 12, FLOAT_EMPTY_SHARE * styles.height)
    kinds = [type(p).__name__ for p in split(imps, room)]
    assert kinds == ["Paragraph", "Table", "_FrameBreak", "Table", "Paragraph"]
    first, rest = [p for p in split(imps, room) if isinstance(p, Table)]
    assert len(rest._cellvalues) == 1 + 3 and len(first._cellvalues) == len(grid._cellvalues) - 3
    # ... unless three rows would leave no room on the next page for the heading and box that must
    # follow the table: then as few rows go over as leave that room (one alone rather than half a page empty)
    note = box_height(imps._content[2], styles.width)
    two_over = grid._rowHeights[0] + sum(grid._rowHeights[-2:]) + note
    imps.then_needs = styles.height - two_over - 1  # room on the next page for two rows, not three
    first, rest = [p for p in split(imps, room) if isinstance(p, Table)]
    assert len(rest._cellvalues) == 1 + 2 and len(first._cellvalues) == len(grid._cellvalues) - 2
    imps.then_needs = styles.height - 1  # no room for anything: the usual three go over
    first, rest = [p for p in split(imps, room) if isinstance(p, Table)]
    assert len(rest._cellvalues) == 1 + 3
    # where the table would start low on a page and its end, alone on the next, could not be joined
    # there by what follows it (a heading with a tall box), the table moves on whole instead
    low = imps.first_part + 1
    over = imps._rows_left(styles.width, low)
    assert low < FLOAT_EMPTY_SHARE * styles.height and over >= 3
    assert imps._tail(styles.width, over) < FLOAT_EMPTY_SHARE * styles.height
    imps.then_needs = styles.height * 0.9
    assert type(split(imps, low)[0]).__name__ == "_FrameBreak"
    imps.then_needs = 0.0  # nothing must follow at once: it starts here and goes on over the page
    assert type(split(imps, low)[0]).__name__ == "Paragraph"


def test_a_table_before_a_heading_knows_the_room_the_heading_asks_for() -> None:
    from reportlab.platypus import CondPageBreak

    from deckgen.booklet.pageflow import TableFlow

    styles = _layout_styles()
    rows = "\n".join(f"| row {i} | {i} |" for i in range(14))
    flows = convert(styles, f"# G\n\n| Rule | Value |\n|---|---|\n{rows}\n\n## Worked examples\n\nText under it.\n")
    table = next(f for f in flows if isinstance(f, TableFlow))
    guard = flows[flows.index(table) + 1]
    assert isinstance(guard, CondPageBreak) and table.then_needs == guard.height > 0


def test_a_heading_with_its_paragraph_stays_when_its_example_must_go_on_and_half_a_page_is_left() -> None:
    from deckgen.booklet.pageflow import HeadingGuard

    guard = HeadingGuard(150, 40, 200)  # headings, paragraph and box: 150; headings and paragraph: 40
    assert guard.wrap(300, 160) == (0, 0)  # all of it fits
    assert guard.wrap(300, 120) == (0, 0)  # over half the page is left: the box goes on alone
    assert guard.wrap(300, 80) == (300, 80)  # less than half a page left: all of it goes on together


def test_a_run_of_headings_asks_for_room_for_what_follows() -> None:
    from reportlab.platypus import CondPageBreak

    from deckgen.booklet.pageflow import Heading

    styles = _layout_styles()
    text = "# G\n\n## Play\n\n### The auction\n\nThe dealer speaks first. A call is one of four things:\n\n- pass;\n- bid;\n- double.\n"
    flows = convert(styles, text)
    kinds = [type(f).__name__ for f in flows]
    # one page guard before both headings, none between them; the headings do not rely on keepWithNext
    assert kinds[:3] == ["CondPageBreak", "Heading", "Heading"]
    heads = [f for f in flows if isinstance(f, Heading)]
    assert all(h.getKeepWithNext() == 0 for h in heads)
    guard = flows[0]
    assert isinstance(guard, CondPageBreak)
    # room for both headings and the caption with the first lines of the list after it
    assert guard.height > 2 * styles.h2.leading + styles.body.leading * 2
    assert guard.height < styles.height / 2


def test_a_heading_with_one_line_before_a_table_keeps_room_for_the_table() -> None:
    from deckgen.booklet.pageflow import TableFlow

    styles = _layout_styles()
    rows = "".join(f"| Row {i} | {i} |\n" for i in range(5))
    flows = convert(styles, f"# G\n\n## Scoring\n\nEach hand scores once.\n\n| What | Points |\n| --- | --- |\n{rows}")
    guard, table = flows[0], next(f for f in flows if isinstance(f, TableFlow))
    assert type(guard).__name__ == "TableGuard" and guard.table is table  # it also asks the table itself
    assert not table.splittable
    assert guard.height > table.whole + styles.h2.leading + styles.body.leading


def test_a_category_that_cannot_happen_says_never() -> None:
    def frequencies(cards: int, wild: tuple[str, ...] = ()) -> dict[str, int]:
        return {"four of a kind": 10, "two pair": 0, "one pair": 90}

    table = frequency_table(5, ["K", "lowest"], memo=lambda key, args, compute: frequencies(5))
    assert _rows(table) == [
        ["Four of a kind", "10", "10.00 %", "9 : 1"],
        ["Two pair", "0", "never", "—"],
        ["One pair", "90", "90.00 %", "even"],
    ]


def test_a_heading_before_a_quick_reference_box_asks_only_for_its_height() -> None:
    from reportlab.platypus import KeepTogether

    from deckgen.booklet.rl import box_height

    styles = _layout_styles()
    flows = convert(styles, "# G\n\n## Quick reference\n\n> **Quick reference**\n> Knock with 10 or less.\n")
    guard, box = flows[0], flows[-1]
    assert isinstance(box, KeepTogether)
    height = box_height(box, styles.width)
    assert 10 < height < 60
    assert height < guard.height < height + 3 * styles.h2.leading


def test_a_heading_keeps_room_for_a_whole_three_line_paragraph() -> None:
    styles = _layout_styles()
    words = " ".join(["word"] * 40)  # about three lines
    flows = convert(styles, f"# G\n\n## Scoring\n\n{words}\n\nMore.\n")
    guard, paragraph = flows[0], flows[2]
    from deckgen.booklet.rl import box_height

    lines = round(box_height(paragraph, styles.width) / styles.body.leading)
    assert lines == 3
    assert guard.height >= 3 * styles.body.leading + styles.h2.leading
    longer = convert(styles, f"# G\n\n## Scoring\n\n{words} {words}\n")
    assert abs(guard.height - longer[0].height - styles.body.leading) < 0.01  # a longer one: its first two lines


def _view(hands: dict[str, str], sentences: int = 2, groups: dict[str, list[str]] | None = None):
    from deckgen.booklet.boxes import ExampleView
    from deckgen.booklet.pictures import Hand
    from deckgen.cards import parse_cards

    made = []
    for name, cards in hands.items():
        parts = (groups or {}).get(name) or [cards]
        made.append(Hand(name, tuple(tuple(parse_cards(g)) for g in parts)))
    return ExampleView(hands=made, sentences=[f"Sentence {i} of the outcome." for i in range(sentences)])


def test_every_card_picture_in_a_box_has_one_size_and_a_hand_is_drawn_in_its_groups() -> None:
    from deckgen.booklet.boxes import ExampleGroup
    from deckgen.booklet.pictures import EXAMPLE_CARD_WIDTH_MM, FAN_STEP_MM, GROUP_GAP_MM, HandsStrip
    from deckgen.booklet.rl import box_height, cell

    styles = _layout_styles()
    gin = _view(
        {"Knocker": "7♣ 7♠ 7♦ 8♦ 9♦ 10♦ A♠ 2♠ 3♠ A♥", "Defender": "5♥ 6♥ 7♥ K♣ K♦ J♠ Q♥ 9♣ 2♣ 4♠"},
        groups={"Knocker": ["7♣ 7♠ 7♦", "8♦ 9♦ 10♦", "A♠ 2♠ 3♠", "A♥"], "Defender": ["5♥ 6♥ 7♥", "4♠", "K♣ K♦ J♠ Q♥ 9♣ 2♣"]},
    )
    poker = _view({"Ann": "5♠ 5♥ 5♦ 3♣ 2♠", "Bob": "4♠ 4♥ 4♦ K♣ 5♣"})
    for view in (gin, poker):
        group = ExampleGroup(view, styles, lambda card: ImageReader(""))
        box_height(group.box, styles.width)
        strip = cell(group.box, group.box.kinds.index("hands"))
        assert isinstance(strip, HandsStrip)
        assert set(round(w, 2) for w in strip.card_widths) == {EXAMPLE_CARD_WIDTH_MM}
        # both gin hands share one line: every card fanned a step on, a gap between the groups
        assert len(strip._lines) == 1 and [p[1] for p in strip._lines[0]] == [h.label for h in view.hands]
    _, _, knocker = strip._lines[0][0]
    step = FAN_STEP_MM * 72 / 25.4
    xs = [x for _, x in knocker]
    assert xs[1] - xs[0] == pytest.approx(step)  # within a group
    group = ExampleGroup(gin, styles, lambda card: ImageReader(""))
    box_height(group.box, styles.width)
    gin_strip = cell(group.box, group.box.kinds.index("hands"))
    _, _, knocker = gin_strip._lines[0][0]
    xs = [x for _, x in knocker]
    assert xs[3] - xs[2] == pytest.approx(step + GROUP_GAP_MM * 72 / 25.4)  # 7♦ | 8♦: a new meld


def test_a_box_that_does_not_fit_moves_whole_and_only_one_taller_than_a_page_goes_over() -> None:
    import io

    from reportlab.pdfgen.canvas import Canvas

    from deckgen.booklet.boxes import ExampleGroup

    styles = _layout_styles()
    group = ExampleGroup(_view({"Ann": "3♠ 3♥ 3♦", "Bob": "A♠ A♥ A♦"}), styles, lambda card: ImageReader(""))
    whole = group.height_now(styles.width)
    assert whole < 0.6 * styles.height
    group.wrapOn(Canvas(io.BytesIO()), styles.width, whole - 10)
    assert type(group.split(styles.width, whole - 10)[0]).__name__ == "_FrameBreak"  # moves on whole
    # at the foot of a page the space below it is not needed
    assert [type(f).__name__ for f in group.split(styles.width, whole - 5)] == ["Spacer", "Table"]
    tall = ExampleGroup(_view({f"P{i}": "A♠ K♠ Q♠ J♠ 10♠ 9♠" for i in range(14)}, sentences=12), styles,
                        lambda card: ImageReader(""))
    assert tall.height_now(styles.width) > styles.height
    tall.wrapOn(Canvas(io.BytesIO()), styles.width, styles.height)
    parts = tall.split(styles.width, styles.height)
    assert any(type(f).__name__ == "Table" for f in parts)  # goes over, between its rows
    assert tall.box.repeatRows == 1  # its title row repeated on the next page


def test_a_deal_of_four_compass_hands_is_a_compass_diagram() -> None:
    from deckgen.booklet.boxes import example_box
    from deckgen.booklet.pictures import CompassDiagram
    from deckgen.booklet.rl import box_height, cell

    styles = _layout_styles()
    deal = {
        "North": "A♠ K♠ 5♠ K♥ Q♥ 4♥ A♦ 7♦ 3♦ K♣ 8♣ 6♣ 2♣",
        "East": "Q♠ J♠ 9♠ A♥ J♥ 10♥ 9♥ K♦ Q♦ J♦ Q♣ J♣ 10♣",
        "South": "10♠ 8♠ 7♠ 6♠ 3♠ 8♥ 7♥ 6♦ 5♦ 4♦ A♣ 9♣ 7♣",
        "West": "4♠ 2♠ 6♥ 5♥ 3♥ 2♥ 10♦ 9♦ 8♦ 2♦ 5♣ 4♣ 3♣",
    }
    box = example_box(_view(deal), styles, lambda card: ImageReader(""))
    box_height(box, styles.width)
    diagram = cell(box, box.kinds.index("hands"))
    assert isinstance(diagram, CompassDiagram)
    north = CompassDiagram.suit_lines(diagram.hands["N"])
    assert north == [("♠", "A K 5"), ("♥", "K Q 4"), ("♦", "A 7 3"), ("♣", "K 8 6 2")]
    assert CompassDiagram.suit_lines(diagram.hands["W"])[0] == ("♠", "4 2")


def test_a_table_cell_holding_a_hand_shows_its_cards() -> None:
    from deckgen.booklet.pageflow import TableFlow
    from deckgen.booklet.pictures import CardStrip
    from deckgen.booklet.rl import cell, kept

    styles = _layout_styles()
    flows = convert(styles, "| Hand | Example |\n| --- | --- |\n| Flush | K♦ J♦ 9♦ 3♦ 2♦ |\n| Pair | two of a rank |\n")
    (table_flow,) = [f for f in flows if isinstance(f, TableFlow)]
    table = kept(table_flow)[0]
    strip = cell(table, 1, 1)
    assert isinstance(strip, CardStrip) and [str(c) for c in strip.cards] == ["K♦", "J♦", "9♦", "3♦", "2♦"]
    assert "two of a rank" in cell(table, 2, 1).text
    # the cards' names stand beside the small pictures, and the column makes room for both from
    # the page's free width, not from the text columns
    assert strip.names_w > 40 and strip.width > strip.fan_w + strip.names_w
    assert table._colWidths[1] >= strip.width + 7 and sum(table._colWidths) <= styles.width + 0.01
    assert table._colWidths[0] >= text_width("Flush", 7.5) + 7


def test_a_box_that_must_wait_lets_what_follows_in_its_section_fill_the_page() -> None:
    from reportlab.platypus import Paragraph

    from deckgen.booklet.boxes import ExampleGroup
    from deckgen.booklet.pageflow import Heading, float_into_room

    styles = _layout_styles()
    hands = {"Ann": "3♠ 3♥ 3♦ 4♣ 5♣", "Bob": "A♠ A♥ A♦ 9♣ 8♣", "Cy": "K♠ K♥ K♦ 2♣ 7♣", "Dee": "Q♠ Q♥ Q♦ J♣ 10♣"}
    box = ExampleGroup(_view(hands, sentences=7), styles, lambda card: ImageReader(""))
    need = box.height_now(styles.width)
    after = Paragraph("A short paragraph after the box.", styles.body)
    heading = Heading("Next", styles.h2, "Next", 1, "k-next")
    later = Paragraph("In the next section.", styles.body)
    from deckgen.booklet.boxes import SPACE_ABOVE, SPACE_BELOW

    # the box does not fit, not even set at its shortest, and more than half the page would be left empty
    room = SPACE_ABOVE + box.shortest(styles.width) - 5
    assert styles.height / 2 < room < need - SPACE_BELOW and box.box.names
    flows = [box, after, heading, later]
    assert float_into_room(flows, room, styles.height, styles.width)
    # the box's own section goes first; the next section's start never goes ahead of the box (an
    # example printed under the next section's heading would read as part of it)
    assert flows == [after, box, heading, later]
    # a chapter's title is never crossed
    title = Heading("Chapter", styles.h1, "Chapter", 0, "k-chapter")
    flows = [box, after, title, later]
    assert float_into_room(flows, room, styles.height, styles.width)
    assert flows == [after, box, title, later]
    # with less than a quarter of the page left, the box simply moves on
    from deckgen.booklet.pageflow import FLOAT_ROOM_SHARE

    flows = [box, after, heading]
    assert not float_into_room(flows, FLOAT_ROOM_SHARE * styles.height - 1, styles.height, styles.width)
    assert flows[0] is box
    # with a little more than a quarter left (less than half), what follows fills it: no page of
    # examples is left more than a quarter empty when something after the box fits there
    assert float_into_room(flows, FLOAT_ROOM_SHARE * styles.height + 10, styles.height, styles.width)
    assert flows == [after, box, heading]


def test_rules_prose_names_house_rules_by_their_labels_and_no_internal_id() -> None:
    """Every inline code span in the shipped rules' prose is a house rule (`key` or `key: value`),
    printed as its label; no deck profile id, config key or file name is written in the prose."""
    import re

    from markdown_it import MarkdownIt
    from markdown_it.tree import SyntaxTreeNode

    from deckgen.booklet.markdown import inline_markup
    from deckgen.booklet.sources import find_parameter, load_source
    from deckgen.cards import PROFILES
    from deckgen.houserules import rules_sources

    md = MarkdownIt("commonmark")
    for path in rules_sources().values():
        for token in md.parse(load_source(path).body):
            if token.type != "inline":
                continue
            prose = token.content
            for profile in PROFILES:
                assert profile not in prose, (path.name, profile)
            assert "deck.toml" not in prose and "[booklet]" not in prose, (path.name, prose)
            for child in token.children or []:
                if child.type == "code_inline":
                    key = re.match(r"^\s*([\w-]+)", child.content)
                    assert key and find_parameter(key.group(1)) is not None, (path.name, child.content)
    # a house rule's key reads as its label, a value after it in words, and a yes/no one as the
    # engine's phrase for that value (never "sweeps score set to no", nor "set to" at all)
    styles = _layout_styles()
    (inline,) = [n for n in SyntaxTreeNode(md.parse("No sweeps (`sweeps_count: false`), `pair_scope: anywhere`.")).walk() if n.type == "inline"]
    assert inline_markup(inline, styles) == (
        "No sweeps (<i>no points for sweeps</i>), <i>where pairs cancel anywhere in the square</i>."
    )


def test_each_card_is_named_under_its_fan_even_in_a_box_that_fills_most_of_a_page() -> None:
    import io

    from reportlab.pdfgen.canvas import Canvas

    from deckgen.booklet.boxes import ExampleGroup
    from deckgen.booklet.pictures import HandsStrip, names_width
    from PIL import Image

    from deckgen.booklet.rl import box_height, cell
    from deckgen.cards import parse_cards

    styles = _layout_styles()
    view = _view({"Knocker": "4♣ 5♣ 6♣ 9♦ 9♣ 9♥ K♠ K♥ K♦ 8♠"}, groups={"Knocker": ["4♣ 5♣ 6♣", "9♦ 9♣ 9♥", "K♠ K♥ K♦", "8♠"]})
    named = HandsStrip(view.hands, lambda card: ImageReader(""), styles)
    named.wrap(styles.width, 500)
    # a card 11.5 mm wide shows an index about 1 mm tall: its name is printed under it
    assert named.height == named.label_row + named.card_h + styles.small.fontSize * 1.3
    # the names follow the groups of the fan: wider room between melds than inside one
    cards = [(c, i * named.step + (named.gap if i >= 3 else 0)) for i, c in enumerate(parse_cards("4♣ 5♣ 6♣ 9♦"))]
    together = [(c, i * named.step) for i, c in enumerate(parse_cards("4♣ 5♣ 6♣ 9♦"))]
    assert names_width(cards, 7.5, named.step) > names_width(together, 7.5, named.step)
    # the names are drawn under the cards, in the text size of the box
    from pypdf import PdfReader

    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(styles.width, named.height))
    picture = ImageReader(Image.new("RGB", (12, 18), "white"))
    named.images = lambda card: picture
    named.drawOn(canvas, 0, 0)
    canvas.save()
    text = " ".join(PdfReader(io.BytesIO(out.getvalue())).pages[0].extract_text().split())
    assert "4♣ 5♣ 6♣" in text and "K♠ K♥ K♦" in text and "8♠" in text
    # a box of many hands that would fill most of a page keeps the names too: its lines of cards are
    # made shorter (each hand's label set before its names, or the names beside the fan); set shorter
    # still (to fit a page's foot) it keeps them
    from deckgen.booklet.boxes import BESIDE_NAMES_PAGE_SHARE, _example_box

    hands = _view({f"P{i}": "A♠ K♠ Q♠ J♠ 10♠" for i in range(10)})
    usual = _example_box(hands, styles, lambda card: ImageReader(""), "")
    assert box_height(usual, styles.width) > BESIDE_NAMES_PAGE_SHARE * styles.height
    many = ExampleGroup(hands, styles, lambda card: ImageReader(""))
    strip = cell(many.box, 1)
    assert isinstance(strip, HandsStrip) and many.box.names and many.box.compact
    assert box_height(many.box, styles.width) <= box_height(usual, styles.width) - styles.small.fontSize * 1.3
    assert all(form.names for form in many._shorter())


def test_words_go_beside_narrow_cards_only_when_they_are_no_taller_than_the_cards() -> None:
    from deckgen.booklet.boxes import ExampleGroup
    from deckgen.booklet.rl import box_height

    styles = _layout_styles()
    short = ExampleGroup(_view({"Ann": "7♠ 8♠"}, sentences=1), styles, lambda card: ImageReader(""))
    box_height(short.box, styles.width)
    assert short.box.kinds == ["title", "hands"] and len(short.box._colWidths) == 2  # one line, beside the cards
    # thirty sentences beside two small cards would run far below them: they go under the cards, at full width
    long = ExampleGroup(_view({"Ann": "7♠ 8♠"}, sentences=30), styles, lambda card: ImageReader(""))
    box_height(long.box, styles.width)
    assert long.box.kinds == ["title", "hands", "outcome"] and len(long.box._colWidths) == 1


def test_a_box_a_little_too_tall_for_the_room_is_set_shorter() -> None:
    """Where moving a box on would leave more than half a page empty, and the box fits set shorter
    (its outcome beside narrow cards, the cards keeping their names; at a page's foot without the
    space below it), it is set so."""
    from reportlab.platypus import CondPageBreak, Paragraph

    from deckgen.booklet.boxes import SPACE_ABOVE, SPACE_BELOW, ExampleGroup
    from deckgen.booklet.pageflow import HeadingGuard, Heading, float_into_room, keep_headings_with_boxes
    from deckgen.booklet.rl import box_height

    styles = _layout_styles()
    hands = {"Ann": "A♠ 2♠", "Bob": "3♠ 4♠"}
    intro = " ".join(["A long sentence that introduces the example and runs on."] * 10)

    def box() -> ExampleGroup:
        return ExampleGroup(_view(hands, sentences=5), styles, lambda card: ImageReader(""), intro=intro)

    def tight(group: ExampleGroup) -> bool:
        """Set shorter: every word beside the cards, whose names stay under them."""
        return group.box.kinds == ["title", "hands"] and group.box.names

    first = box()
    need = first.height_now(styles.width)
    height = box_height(first.box, styles.width)
    shortest = first.shortest(styles.width)
    assert first.box.kinds == ["title", "hands", "outcome"] and first.box.names
    assert 8 < height - shortest and SPACE_ABOVE + shortest > styles.height / 2
    after = Paragraph("A short paragraph after the box.", styles.body)
    flows = [first, after]
    assert not float_into_room(flows, SPACE_ABOVE + shortest + 1, styles.height, styles.width)
    assert flows == [first, after] and tight(first)
    assert abs(first.height_now(styles.width) - (need - height + shortest)) < 0.01
    # a box that fits without the space below it stays as it is
    second = box()
    flows = [second, after]
    assert not float_into_room(flows, need - SPACE_BELOW, styles.height, styles.width) and not tight(second)
    # with a little less room than its shortest it stays as it is and waits, the paragraph going first
    third = box()
    flows = [third, after]
    assert float_into_room(flows, SPACE_ABOVE + shortest - 1, styles.height, styles.width)
    assert flows == [after, third] and not tight(third)
    # under a heading: the heading's guard asks for the heading and the whole box, and takes the box
    # set shorter when that fits the room and breaking would leave half the page empty
    fourth = box()
    heading = Heading("Worked examples", styles.h2, "Worked examples", 1, "k-w")
    guard, *_ = keep_headings_with_boxes([heading, fourth], styles)
    assert isinstance(guard, HeadingGuard) and guard.box is fourth
    asked = guard.height
    assert guard.wrap(styles.width, asked - (height - shortest) + 1) == (0, 0) and tight(fourth)
    assert abs(guard.height - (asked - height + shortest)) < 0.01
    fifth = box()
    guard, *_ = keep_headings_with_boxes([heading, fifth], styles)
    assert isinstance(guard, CondPageBreak)
    guard.wrap(styles.width, asked - (height - shortest) - 1)  # too little even so: the box stays as it is
    assert not tight(fifth)


def test_an_outcome_that_would_run_long_beside_narrow_cards_goes_under_them() -> None:
    from deckgen.booklet.boxes import BESIDE_LINES, ExampleGroup, ExampleView
    from deckgen.booklet.pictures import Hand, HandsStrip
    from deckgen.booklet.rl import cell
    from deckgen.cards import parse_cards

    styles = _layout_styles()
    hands = [Hand(n, (tuple(parse_cards(c)),)) for n, c in {"Ann": "A♠ 2♠", "Bob": "3♠ 4♠", "Cy": "J♦"}.items()]
    short = ExampleView(hands=hands, sentences=["Bob pegs 2 for his heels."], facts=[("Play", "A♠ 3♠ 2♠ 4♠")])
    long = ExampleView(hands=hands, facts=[("Play", "A♠ 3♠ 2♠ 4♠")], sentences=[
        "Bob pegs 2 for his heels; Ann pegs 3 (2♠ run of three); Bob pegs 7 (4♠ run of four, last card 1). "
        "Ann is out."])
    beside = ExampleGroup(short, styles, lambda card: ImageReader("")).box
    assert beside.kinds == ["title", "hands"] and len(beside._colWidths) == 2
    under = ExampleGroup(long, styles, lambda card: ImageReader(""))
    box = under.box
    assert box.kinds == ["title", "hands", "outcome"] and len(box._colWidths) == 2
    assert isinstance(cell(box, 1, 0), HandsStrip)
    assert "Play" in cell(box, 1, 1).text  # the facts stay beside the cards
    box.wrap(styles.width, 1e6)
    assert len(box.outcome.blPara.lines) <= BESIDE_LINES  # at the full width, two lines
    # at its shortest (for a page that would be left half empty) the outcome goes back beside the cards
    # when it fits there (here without the facts, which with it would stand taller than the cards)
    alone = ExampleGroup(ExampleView(hands=hands, sentences=long.sentences), styles, lambda card: ImageReader(""))
    assert alone.box.kinds == ["title", "hands", "outcome"]
    tight = alone._shorter()[0]
    assert tight.kinds == ["title", "hands"] and alone.shortest(styles.width) < box_height_of(alone.box, styles)
    # with the facts, the shortest box keeps the facts beside the cards and the outcome under them
    assert under._shorter()[0].kinds == ["title", "hands", "outcome"]


def box_height_of(flow, styles) -> float:
    from deckgen.booklet.rl import box_height

    return box_height(flow, styles.width)


def test_a_box_prints_long_numbers_with_thousands_separators_but_not_cards_or_years() -> None:
    from deckgen.booklet.boxes import ExampleView, example_box
    from deckgen.booklet.rl import cell

    styles = _layout_styles()
    view = ExampleView(
        hands=[],
        facts=[("Boards", "420, -170; 1430, -1430"), ("Contract", "6♥ by North")],
        sentences=["Made exactly: +1430 to the declarers, as scored since 1987."],
    )
    box = example_box(view, styles, lambda card: ImageReader(""))
    facts, outcome = cell(box, box.kinds.index("facts")).text, cell(box, box.kinds.index("outcome")).text
    assert "1,430, \u22121,430" in facts and "6" in facts and "1430" not in facts
    assert "+1,430 to the declarers" in outcome and "since 1987" in outcome


def test_an_example_shows_its_cards_by_their_tops_above_their_names() -> None:
    """A fan in an example box shows the top of each card (SHOWN_SHARE of its height: its index, rank
    over suit, and on the last card its centre sign), cut level, with every card's name under it: the
    line of hands is that much shorter, and each card drawn is clipped to the part shown. The cards
    are drawn for their size in vectors, not pictures of the faces (tests/test_booklet_cards.py)."""
    import io

    from pypdf import PdfReader
    from reportlab.pdfgen.canvas import Canvas

    from deckgen.booklet.pictures import EXAMPLE_CARD_WIDTH_MM, SHOWN_SHARE, HandsStrip
    from deckgen.units import mm_to_pt

    styles = _layout_styles()
    view = _view({"Ann": "A♠ K♠ Q♠ J♠ 10♠", "Bob": "2♥ 3♥"})
    strip = HandsStrip(view.hands, lambda card: ImageReader(""), styles)
    strip.wrap(styles.width, 500)
    assert 0.5 <= SHOWN_SHARE < 1
    assert mm_to_pt(EXAMPLE_CARD_WIDTH_MM) == strip.card_w  # the cards keep their width
    assert abs(strip.card_h - SHOWN_SHARE * strip.full_h) < 1e-9 and strip.full_h > strip.card_w
    assert strip.height == strip.label_row + strip.card_h + styles.small.fontSize * 1.3
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=(styles.width, strip.height), pageCompression=0)
    strip.drawOn(canvas, 0, 0)
    canvas.save()
    page = PdfReader(io.BytesIO(out.getvalue())).pages[0]
    text = " ".join(page.extract_text().split())
    assert "A♠ K♠ Q♠ J♠ 10♠" in text and "2♥ 3♥" in text
    ops = out.getvalue().decode("latin-1")
    assert ops.count(" re W* n") >= 7  # each of the seven cards clipped to its top
    assert " Do" not in ops  # no image of a face: the cards are drawn
