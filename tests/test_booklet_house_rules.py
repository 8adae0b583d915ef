"""House rules and the booklet: a valid house rule never stops the build; one set of rules everywhere."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from PIL import Image

from deckgen.booklet.build import ExampleFailed, ExampleLeftOut, check_chapter, condensed, names_in, read_chapter, read_own_chapter
from deckgen.booklet.sources import find_game, house_rules_summary, load_source
from deckgen.errors import UserError
from deckgen.resources import data_dir

GIN = data_dir("rules") / "gin-rummy.md"


def _checked(house: dict, own: bool = False):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        checked = check_chapter(read_chapter(load_source(GIN), house), house, own=own)
    return checked, [str(w.message) for w in caught if issubclass(w.category, ExampleLeftOut)]


def test_a_shipped_example_that_cannot_happen_is_left_out_with_one_line_each() -> None:
    usual, notes = _checked({})
    assert notes == [] and all(r.ok for r in usual.results)
    house, notes = _checked({"gin-rummy": {"knock_limit": 0}})
    # every knock (not gin) with deadwood is refused at a knock limit of 0: those examples go, the others stay
    left_out = len(usual.results) - len(house.results)
    assert left_out == len(notes) >= 4
    for note in notes:
        assert note.startswith("Gin Rummy: a worked example is left out of the booklet because it cannot happen under your house rules (")
        assert "above the knock limit of 0" in note and f"[{GIN.name}:" in note and "\n" not in note
    hands = [r for r in house.results if r.spec.name == "gin-rummy"]
    assert all(r.computed["outcome"] in ("gin", "big gin") or "knock_limit" in (r.block.data.get("rules") or {})
               for r in hands)


def test_a_shipped_example_whose_outcome_changes_shows_the_engines_outcome(tmp_path: Path) -> None:
    source = tmp_path / "gin-rummy.md"
    source.write_text(
        "---\nname: gin-rummy\nengine: [gin-rummy]\n---\n# Gin\n\nGoing gin:\n\n```deckgen\ngame: gin-rummy\n"
        "knocker: A♠ 2♠ 3♠ 4♥ 4♦ 4♣ 7♥ 8♥ 9♥ 10♥\ndefender: 5♠ 6♠ Q♥ Q♦ Q♣ 2♦ 3♦ 9♣ 10♣ J♦\n"
        "expect:\n  points: 70\n```\n",
        encoding="utf-8",
    )
    house = {"gin-rummy": {"gin_bonus": 40}}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no example is left out
        checked = check_chapter(read_chapter(load_source(source), house), house, own=False)
    (result,) = checked.results
    # the claim is the source's, written for the usual bonus; the box shows the engine's outcome under these rules
    assert not result.ok and result.computed["points"] == 85
    assert any("40 + 45 = 85" in line for line in result.summary)
    with pytest.raises(ExampleFailed, match=r"gin-rummy.md:14: gin-rummy: points: expected 70, got 85"):
        check_chapter(read_chapter(load_source(source), house), house, own=True)


def test_the_deck_makers_own_claims_still_fail_under_the_house_rules() -> None:
    with pytest.raises(ExampleFailed, match="the booklet was not built"):
        _checked({"gin-rummy": {"knock_limit": 0}}, own=True)


def test_the_deck_makers_chapter_is_a_template_with_the_games_house_rules(tmp_path: Path) -> None:
    ours = tmp_path / "ours.md"
    ours.write_text(
        "# Our table\n\nWe knock with {{ rules.knock_limit }} or less.\n\n"
        "{% if rules.knock_limit < 10 %}Tight knocks here.{% endif %}\n\n```deckgen\ngame: gin-rummy\n"
        "knocker: A♠ 2♠ 3♠ 4♥ 4♦ 4♣ 7♥ 8♥ 9♥ 3♣\ndefender: 5♠ 6♠ Q♥ Q♦ Q♣ 2♦ 10♦ 9♣ 10♣ J♦\n"
        "expect:\n  points: 48\n```\n",
        encoding="utf-8",
    )
    house = {"gin-rummy": {"knock_limit": 7}}
    games = [read_chapter(load_source(GIN), house)]
    chapter = read_own_chapter(ours, house, games)
    assert "We knock with 7 or less." in chapter.markdown and "Tight knocks here." in chapter.markdown
    with pytest.raises(ExampleFailed) as info:
        check_chapter(chapter, house)
    # the claim is the user's, so a wrong one stops
    assert str(info.value).splitlines()[0] == f"{ours}:12: gin-rummy: points: expected 48, got 49"


def test_one_name_per_game_and_the_house_rules_line() -> None:
    assert find_game("brag").name == "brag-hands"
    assert find_game("open-face-chinese-poker").name == "ofc"
    assert find_game("gin-rummy").name == "gin-rummy" and find_game("snap") is None
    assert house_rules_summary({"gin-rummy": {"knock_limit": 7, "gin_bonus": 25}, "bridge": {"game_points": 120}}) == (
        "gin-rummy: knock limit 7 (usually 10); bridge: points for game 120 (usually 100)"
    )
    assert house_rules_summary({"gin-rummy": {"gin_bonus": 25}}) == ""


def test_check_score_and_booklet_read_deck_toml_and_say_so(run, tmp_path: Path) -> None:
    deck = tmp_path / "deck.toml"
    deck.write_text('[booklet]\ngames = ["spite-and-malice"]\n[house_rules.gin-rummy]\nknock_limit = 0\n', encoding="utf-8")
    hands = ["--knocker", "4♣ 5♣ 6♣ 9♦ 9♣ 9♥ K♠ K♥ K♦ 8♠", "--defender", "Q♠ Q♥ Q♦ 2♦ 3♦ 4♦ A♠ 2♥ 7♦ 7♣"]
    code, out, err = run(tmp_path, "score", "gin-rummy", *hands)
    assert code == 2 and "above the knock limit of 0" in err
    assert err.splitlines()[0] == "house rules: gin-rummy: knock limit 0 (usually 10) (from deck.toml)"
    code, out, err = run(tmp_path, "score", "gin-rummy", *hands, "--rule", "knock_limit=10")
    assert code == 0 and "knock" in out
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code, out, err = run(elsewhere, "score", "brag", "--players", "{Ann: [A♠ K♠ Q♠, 2♥ 3♥ 4♥], Bob: [5♠ 5♥ 5♦, 7♣ 8♣ 9♣]}")
    assert code == 0 and err.splitlines()[0].startswith("house rules: none, the usual rules (no deck.toml here")
    code, out, err = run(elsewhere, "check", str(GIN), "--config", str(deck))
    assert err.splitlines()[0] == f"house rules: gin-rummy: knock limit 0 (usually 10) (from {deck})"
    assert code == 1 and "above the knock limit of 0" in out  # `check` is strict: every claim under these rules


def test_a_failed_booklet_says_the_one_in_place_is_from_an_earlier_build(run, tmp_path: Path) -> None:
    (tmp_path / "deck.toml").write_text(
        '[booklet]\ngames = ["spite-and-malice"]\nextra_rules = "ours.md"\n', encoding="utf-8"
    )
    ours = tmp_path / "ours.md"
    ours.write_text("# Ours\n\nDealer shuffles.\n", encoding="utf-8")
    code, _, err = run(tmp_path, "booklet")
    assert code == 0 and err.splitlines()[0] == "house rules: none, the usual rules (from deck.toml)"
    ours.write_text("# Ours\n\n```deckgen\ngame: bridge\ncontract: 4H\nvulnerable: false\ntricks: 10\nexpect:\n  score: 421\n```\n",
                    encoding="utf-8")
    code, _, err = run(tmp_path, "booklet")
    assert code == 2
    assert "score: expected 421, got 420" in err
    assert f"the booklet in {Path('output') / 'booklet'}/ is from an earlier build, not this one" in err.replace("\n", "")


# ----------------------------------------------------------------------------- every game, every house rule


def _values(param) -> list:
    """The values to try for a house rule: each choice, both ways for yes/no, a low and a high number."""
    if param.choices:
        return [c.value for c in param.choices if c.value != param.default]
    default = param.default
    if isinstance(default, bool):
        return [not default]
    if isinstance(default, int):
        return sorted({max(default // 2, 1 if default > 0 else default), default * 2 if default else 10} - {default})
    return []


def _cases() -> list[tuple[str, str, object]]:
    from deckgen.houserules import rules_sources

    cases = []
    for stem, path in rules_sources().items():
        source = load_source(path)
        seen = set()
        for spec in source.engine_games:
            for param in spec.parameters:
                if param.name in seen:
                    continue
                seen.add(param.name)
                cases.extend((stem, param.name, value) for value in _values(param))
    return cases


ALL_CASES = _cases()
#: A representative few for the default suite; the sweep over every game and rule is marked slow.
FAST_CASES = [
    ("gin-rummy", "knock_limit", 5), ("gin-rummy", "undercut_on_tie", False), ("bridge", "game_points", 200),
    ("brag", "brag_threes_top", False), ("rummy", "court_points", 5),
]


def _chapter_under(stem: str, name: str, value: object, table_cache: Path) -> None:
    """Build one game's chapter (examples, tables, flowables) under one house rule and check that
    every example shown states the outcome the engine computes for those rules."""
    from reportlab.lib.utils import ImageReader

    from deckgen.booklet.build import _chapter, example_view
    from deckgen.booklet.pdf import PageLayout
    from deckgen.booklet.sources import game_rules
    from deckgen.booklet.styles import Palette, make_styles
    from deckgen.booklet.tables import TableCache
    from deckgen.houserules import rules_sources

    house = {stem: {name: value}}
    try:
        chapter = read_chapter(load_source(rules_sources()[stem]), house)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ExampleLeftOut)
            checked = check_chapter(chapter, house, own=False)  # never raises for a valid house rule
        layout = PageLayout()
        styles = make_styles(Palette(), layout.text_width, layout.text_height)
        picture = ImageReader(Image.new("RGB", (12, 18), "white"))
        flows = _chapter(checked, styles, lambda card: picture, TableCache(table_cache), 1).flowables
    except UserError as exc:
        # a value the game's rules do not allow (a flush of 8 cards) is refused in one line naming the rule
        assert f"rules.{name}:" in str(exc) and "\n" not in str(exc), str(exc)
        return
    assert flows
    for result in checked.results:
        spec = result.spec
        overrides = (result.block.data or {}).get("rules") or {}
        rules = spec.resolve_rules(game_rules(spec, house, chapter.rules_name), overrides)
        computed = spec.run(result.inputs, rules)
        assert result.computed == computed
        sentences = example_view(result, chapter.rules).sentences
        # the outcome is the engine's, under these rules, in one or two sentences
        assert 1 <= len(sentences) <= 2
        if spec.summary is not None:
            assert [s.rstrip(".") for s in sentences] == [s.rstrip(".") for s in spec.summary(result.inputs, rules)]
        elif spec.explain is not None and spec.explain(result.inputs, rules):
            assert sentences == condensed(spec.explain(result.inputs, rules), names_in(result.inputs))


@pytest.fixture(scope="module")
def table_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("tables")


@pytest.mark.parametrize(("stem", "name", "value"), FAST_CASES)
def test_a_chapter_builds_under_a_house_rule_and_states_the_engines_outcome(stem, name, value, table_cache) -> None:
    assert any(case[:2] == (stem, name) for case in ALL_CASES)
    _chapter_under(stem, name, value, table_cache)


@pytest.mark.slow
@pytest.mark.parametrize(("stem", "name", "value"), ALL_CASES)
def test_every_chapter_builds_under_every_house_rule(stem, name, value, table_cache) -> None:
    _chapter_under(stem, name, value, table_cache)


def test_every_shipped_example_says_its_outcome_in_one_or_two_sentences() -> None:
    from deckgen.booklet.build import checked_shipped, example_view
    from deckgen.houserules import rules_sources

    counted = 0
    for path in rules_sources().values():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ExampleLeftOut)
            checked = checked_shipped(load_source(path), None)
        for result in checked.results:
            sentences = example_view(result, checked.rules).sentences
            assert 1 <= len(sentences) <= 2, (result.block.file, result.block.line, sentences)
            assert all(s[:1].isupper() or not s[:1].isalpha() for s in sentences), sentences
            assert all(s.endswith((".", "!", "?")) for s in sentences), sentences
            counted += 1
    assert counted >= 150
