"""Claims in the prose (`[full house]{=categories.Ann}`): checked against the example, at their line."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from deckgen.booklet.build import check_chapter, read_chapter
from deckgen.booklet.chapter import parse_chapter
from deckgen.booklet.check import check_paths
from deckgen.booklet.claims import tag_claims
from deckgen.booklet.markdown import plain_text
from deckgen.booklet.sources import RulesSource, load_source

SHOWDOWN = """\
    ```deckgen
    game: poker
    hands:
      Ann: K♠ K♥ K♦ 2♥ 2♣
      Bob: 3♦ 4♦ 8♦ 9♦ J♦
      Cy: A♠ A♥ 7♣ 5♠ 4♥
    expect:
      order: [Ann, Bob, Cy]
    ```
"""

HILO = """\
    ```deckgen
    game: poker
    variant: omaha-hilo
    board: 2♠ 5♦ 7♣ K♥ K♠
    hands:
      Ann: A♣ 3♥ 9♦ 9♠
      Bob: K♦ Q♣ J♥ 10♠
      Cy: A♦ 2♥ 8♣ 4♠
    pot: 100
    expect:
      winners: [Bob]
    ```
"""

GIN = """\
    ```deckgen
    game: gin-rummy
    knocker: 2♠ 3♠ 4♠ 7♥ 7♦ 7♣ 9♠ 10♠ J♠ 8♣
    defender: K♥ K♦ K♣ 2♥ 3♥ 4♥ Q♣ J♣ 10♣ A♦
    expect:
      outcome: undercut
    ```
"""

#: (what is wrong, the sentence wrong, the same sentence right, the example): each a hold-out file.
HOLD_OUT = [
    (
        "category",
        "Ann's [three of a kind]{=categories.Ann} beats Bob's [flush]{=categories.Bob}.",
        "Ann's [full house]{=categories.Ann} beats Bob's [flush]{=categories.Bob}.",
        SHOWDOWN,
    ),
    (
        "hand name",
        "Bob holds [a flush, ace high]{=names.Bob}.",
        "Bob holds [Flush, jack high]{=names.Bob}.",
        SHOWDOWN,
    ),
    ("winner", "[Bob]{=winners} wins the pot.", "[Ann]{=winners} wins the pot.", SHOWDOWN),
    ("order", "From best to worst: [Ann, Cy and Bob]{=order}.", "From best to worst: [Ann, Bob and Cy]{=order}.", SHOWDOWN),
    (
        "split",
        "[Bob]{=winners} takes high and [Cy]{=low_winners} low: [50]{=payouts.Ann} chips to Ann.",
        "[Bob]{=winners} takes high and [Ann]{=low_winners} low: [50]{=payouts.Ann} chips to Ann.",
        HILO,
    ),
    (
        "split total",
        "Bob's half is [40]{=payouts.Bob} chips.",
        "Bob's half is [50]{=payouts.Bob} chips.",
        HILO,
    ),
    (
        "gin points",
        "The [defender]{=scorer} scores [30]{=points}: [8]{=knocker_deadwood} against [2]{=defender_deadwood}.",
        "The [defender]{=scorer} scores [32]{=points}: [8]{=knocker_deadwood} against [1]{=defender_deadwood}.",
        GIN,
    ),
]


def _file(tmp_path: Path, name: str, sentence: str, example: str) -> Path:
    # the sentence on line 5, wrapped as prose is
    text = "# A game\n\n## Examples\n\nSome words first,\n" + sentence + "\n\n" + textwrap.dedent(example)
    path = tmp_path / f"{name}.md"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("what, wrong, right, example", HOLD_OUT, ids=[h[0] for h in HOLD_OUT])
def test_a_wrong_sentence_fails_at_its_line_and_the_right_one_passes(tmp_path: Path, what, wrong, right, example) -> None:
    (bad,) = check_paths([_file(tmp_path, "wrong", wrong, example)])
    assert not bad.ok
    assert {f.line for f in bad.failures} == {6}, [str(f) for f in bad.failures]
    assert all(str(f).startswith(f"{tmp_path / 'wrong.md'}:6: ") for f in bad.failures)
    assert all(f.quantity is not None and "expected" in str(f) for f in bad.failures)
    (good,) = check_paths([_file(tmp_path, "right", right, example)])
    assert good.ok, [str(f) for f in good.failures]


def test_the_failure_says_what_the_engine_found(tmp_path: Path) -> None:
    (bad,) = check_paths([_file(tmp_path, "w", HOLD_OUT[0][1], SHOWDOWN)])
    assert [str(f).split(":", 2)[2] for f in bad.failures] == [
        " poker: categories.Ann: expected three of a kind, got full house"
    ]
    (split,) = check_paths([_file(tmp_path, "s", HOLD_OUT[4][1], HILO)])
    assert "low_winners: expected Cy, got Ann" in str(split.failures[0])


def test_a_claim_belongs_to_the_next_example_of_its_section_else_the_one_before(tmp_path: Path) -> None:
    text = (
        "# G\n\n## One\n\n"
        + textwrap.dedent(SHOWDOWN)
        + "\nAfter it: [Ann]{=winners} wins.\n\n## Two\n\n[Bob]{=winners} wins high.\n\n"
        + textwrap.dedent(HILO)
        + "\n## Three\n\n[Bob]{=winners} again, but no example here.\n"
    )
    path = tmp_path / "g.md"
    path.write_text(text, encoding="utf-8")
    results = check_paths([path])
    assert [r.ok for r in results] == [True, True, False]
    assert [c.text for c in results[0].block.claims] == ["Ann"]
    assert [c.text for c in results[1].block.claims] == ["Bob"]
    (unbound,) = results[2].failures
    assert unbound.line == text.split("\n").index("[Bob]{=winners} again, but no example here.") + 1
    assert "no worked example" in unbound.message


def test_claims_that_cannot_be_read_name_the_problem(tmp_path: Path) -> None:
    sentences = {
        "{=winners} wins.": "states nothing",
        "[Ann]{=winner} wins.": "winner",
        "[full house]{=categories} all round.": "name one",
        "[full house]{=categories.Dee}.": "no entry 'Dee'",
        "[full house]{=category.Ann}.": "one value",
    }
    for i, (sentence, said) in enumerate(sentences.items()):
        (bad,) = check_paths([_file(tmp_path, f"b{i}", sentence, SHOWDOWN)])
        assert [f.line for f in bad.failures] == [6] and said in bad.failures[0].message, bad.failures


def test_a_block_may_leave_every_claim_to_the_prose(tmp_path: Path) -> None:
    example = textwrap.dedent(SHOWDOWN).replace("expect:\n  order: [Ann, Bob, Cy]\n", "")
    (ok,) = check_paths([_file(tmp_path, "p", "[Ann]{=winners} wins.", example)])
    assert ok.ok
    (bad,) = check_paths([_file(tmp_path, "q", "[Bob]{=winners} wins.", example)])
    assert [f.line for f in bad.failures] == [6]


def test_the_page_prints_the_words_without_the_key(tmp_path: Path) -> None:
    path = _file(tmp_path, "r", HOLD_OUT[0][2] + " `[x]{=y}` is code.", SHOWDOWN)
    chapter = parse_chapter(load_source(path), template=True)
    paragraphs = [n for n in chapter.tree.children if n.type == "paragraph"]
    assert plain_text(paragraphs[0].children[0]) == (
        "Some words first, Ann's full house beats Bob's flush. [x]{=y} is code."
    )
    assert "{=" not in "".join(plain_text(p.children[0]) for p in paragraphs if "code" not in plain_text(p.children[0]))


def test_tags_skip_fences_and_code_spans() -> None:
    body = "a [b]{=winners} `[c]{=d}` e\n```\n[x]{=y}\n```\n[f]{= order }"
    assert tag_claims(body, 10) == "a [b]{=winners @10} `[c]{=d}` e\n```\n[x]{=y}\n```\n[f]{= order @14}"


def test_a_shipped_chapter_under_other_house_rules_says_the_engine_s_words(tmp_path: Path) -> None:
    # a shipped-style chapter (front matter naming its game): its claims hold under the usual rules
    text = (
        "---\ntitle: Gin\nengine: gin-rummy\n---\n# Gin\n\n## Scoring\n\n"
        "The defender undercuts and scores [{{ 7 + rules.undercut_bonus }}]{=points}, not [32]{=points}.\n\n"
        + textwrap.dedent(GIN)
    )
    path = tmp_path / "gin-rummy.md"
    path.write_text(text, encoding="utf-8")
    source = load_source(path)
    assert check_chapter(read_chapter(source, None), None, own=False).results[0].ok
    house = {"gin-rummy": {"undercut_bonus": 20}}
    checked = check_chapter(read_chapter(source, house), house, own=False)  # never raises for a house rule
    (result,) = checked.results
    assert [str(f).split(":", 2)[2] for f in result.failures] == [" gin-rummy: points: expected 32, got 27"]
    paragraph = next(n for n in checked.chapter.tree.children if n.type == "paragraph")
    assert plain_text(paragraph.children[0]) == "The defender undercuts and scores 27, not 27."


def test_an_indented_code_block_shows_a_claim_as_written(tmp_path: Path) -> None:
    path = _file(tmp_path, "c", "Write it so:\n\n    Ann's [full house]{=categories.Ann} wins.\n\nThen:", SHOWDOWN)
    chapter = parse_chapter(load_source(path), template=True)
    (code,) = [t for t in chapter.tokens if t.type == "code_block"]
    assert code.content == "Ann's [full house]{=categories.Ann} wins.\n"
    assert chapter.examples[0].claims == []


def test_the_shipped_sentences_the_issue_found_wrong_are_claims_that_hold() -> None:
    """High Spade in the Hole (a full house, not three kings; a flush, not nothing), the hi-lo
    split (Ann and Bob), the bug (no five aces) and the rubber (EW above the line)."""
    results = {r.block.game: r for r in check_paths([Path("rules/poker.md"), Path("rules/bridge.md")])}
    assert all(r.ok for r in results.values())
    spade = results["high-spade"]
    assert {(c.key, c.text) for c in spade.block.claims} >= {("categories.Ann", "full house"), ("categories.Bob", "flush")}
    bug = [r for r in check_paths([Path("rules/poker.md")]) if r.block.game == "poker-bug"][-1]
    assert ("categories.Bob", "full house") in {(c.key, c.text) for c in bug.block.claims}
    hilo = [r for r in check_paths([Path("rules/poker.md")]) if r.block.data and r.block.data.get("variant") == "omaha-hilo"]
    assert {c.key for c in hilo[0].block.claims} >= {"winners", "low_winners", "payouts.Ann"}
    rubber = [r for r in check_paths([Path("rules/bridge.md")]) if r.block.game == "bridge-rubber"][0]
    assert {c.key for c in rubber.block.claims} >= {"above_line.NS", "above_line.EW", "rubber_winner"}
    text = Path("rules/poker.md").read_text(encoding="utf-8")
    assert "though his hand is nothing" not in text and "four aces into five" not in text


def test_an_apostrophe_after_a_claim_stays_an_apostrophe(tmp_path: Path) -> None:
    path = _file(tmp_path, "a", "[Ann]{=winners}'s hand, 'quoted'.", SHOWDOWN)
    chapter = parse_chapter(load_source(path), template=True)
    paragraph = next(n for n in chapter.tree.children if n.type == "paragraph")
    assert plain_text(paragraph.children[0]) == "Some words first, Ann\u2019s hand, 'quoted'."


def test_the_linter_names_a_category_the_sentence_says_and_the_results_do_not_hold(tmp_path: Path) -> None:
    from deckgen.booklet.check import lint

    sentence = "Ann's three of a kind beats Bob's flush; Cy has no straight and [one pair]{=categories.Cy}."
    (result,) = check_paths([_file(tmp_path, "l", sentence, SHOWDOWN)])
    assert result.ok  # a linter's note is not a failure
    notes = lint(result)
    assert [(n.line, n.word) for n in notes] == [(5, "three of a kind")]  # the paragraph's first line
    assert "the sentence says 'three of a kind'" in str(notes[0]) and str(notes[0]).startswith(str(tmp_path / "l.md") + ":5: poker:")
    (fixed,) = check_paths([_file(tmp_path, "m", sentence.replace("three of a kind", "[full house]{=categories.Ann}"), SHOWDOWN)])
    assert lint(fixed) == []


def test_check_lint_prints_the_notes_and_keeps_the_exit_code(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from deckgen.cli import app

    path = _file(tmp_path, "l", "Ann's three of a kind wins.", SHOWDOWN)
    run = CliRunner().invoke(app, ["check", "--lint", str(path)])
    assert run.exit_code == 0, run.output
    assert "three of a kind" in run.output and "1 passed, 0 failed, 1 to look at" in run.output
    plain = CliRunner().invoke(app, ["check", str(path)])
    assert plain.exit_code == 0 and "to look at" not in plain.output


def test_a_wrong_sentence_in_the_deck_s_own_chapter_stops_the_booklet_at_its_line(run, tmp_path: Path) -> None:
    repo = Path(__file__).resolve().parent.parent
    ours = tmp_path / "our-rules.md"
    ours.write_text(
        "# Our table\n\nThe knocker scores [50]{=points}, and we play to 150.\n\n```deckgen\ngame: gin-rummy\n"
        "knocker: A♠ 2♠ 3♠ 4♥ 4♦ 4♣ 7♥ 8♥ 9♥ 3♣\ndefender: 5♠ 6♠ Q♥ Q♦ Q♣ 2♦ 10♦ 9♣ 10♣ J♦\n```\n",
        encoding="utf-8",
    )
    (tmp_path / "deck.toml").write_text(
        'name = "Test"\n[booklet]\ngames = ["spite-and-malice"]\nextra_rules = "our-rules.md"\n', encoding="utf-8"
    )
    code, _, err = run(repo, "booklet", "--config", str(tmp_path / "deck.toml"), "--out", str(tmp_path / "out"), columns=200)
    assert code == 2, err
    assert f"{ours}:3: gin-rummy: points: expected 50, got 49" in err.replace("\n", "")
    assert "Traceback" not in err
    assert not (tmp_path / "out" / "booklet" / "rules-pocket.pdf").exists()
