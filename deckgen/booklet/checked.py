"""A booklet's chapters read and checked: every worked example recomputed under the house rules.

Nothing here draws: a chapter is parsed with the deck's house rules, each example is recomputed,
and a wrong claim stops the build with its file:line (`ExampleFailed`) before a page is laid out.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckgen.booklet.chapter import Chapter, parse_chapter
from deckgen.booklet.check import ExampleResult, Failure, check_block
from deckgen.booklet.examples import ExampleBlock
from deckgen.booklet.sources import HouseRules, RulesSource, load_source
from deckgen.booklet.tables import default_table_requests
from deckgen.design import Design
from deckgen.errors import ConfigError, DeckgenWarning, UserError, UserErrorLines, unknown_choice, warn
from deckgen.paths import as_written, not_found
from deckgen.resources import data_dir

__all__ = [
    "CheckedChapter",
    "DeckMismatch",
    "ExampleFailed",
    "ExampleLeftOut",
    "check_chapter",
    "check_source",
    "checked_shipped",
    "chapter_ratings",
    "extra_rules_file",
    "read_chapter",
    "read_own_chapter",
    "rules_path",
]


class ExampleFailed(UserErrorLines):
    """A worked example that the engine contradicts: the booklet is not built. One line per failed claim."""




def rules_path(game: str, rules_dir: Path | None = None, config_file: Path | None = None) -> Path:
    """The rules source of a game in `rules_dir` (default: the shipped rules)."""
    folder = Path(rules_dir) if rules_dir else data_dir("rules")
    path = folder / f"{game}.md"
    if not path.is_file():
        known = sorted(p.stem for p in folder.glob("*.md"))
        raise ConfigError(config_file, "booklet.games", unknown_choice("game", game, known))
    return path


@dataclass
class CheckedChapter:
    """One parsed chapter with every example recomputed under the house rules."""

    chapter: Chapter
    results: list[ExampleResult]
    #: One line for each shipped example left out because it cannot happen under the house rules.
    left_out: list[str] = field(default_factory=list)
    #: The deck maker's own chapter (its claims are theirs), not a shipped one.
    own: bool = True

    def __post_init__(self) -> None:
        self._by_block = {id(r.block): r for r in self.results}

    @property
    def source(self) -> RulesSource:
        return self.chapter.source

    @property
    def markdown(self) -> str:
        return self.chapter.markdown

    @property
    def rules(self) -> dict[str, Any]:
        return self.chapter.rules

    def result_of(self, block: ExampleBlock) -> ExampleResult | None:
        return self._by_block.get(id(block))


def read_chapter(source: RulesSource, house_rules: HouseRules | None) -> Chapter:
    """A source parsed once with the house rules, with its games' default tables."""
    try:
        specs = source.engine_games if source.is_template else []
    except UserError:
        specs = []  # the unknown engine game is reported when the source is rendered
    return parse_chapter(source, house_rules, default_tables=default_table_requests(specs))


class DeckMismatch(DeckgenWarning):
    """A game of the booklet needs more or other cards than the deck has, or a look its courts lack."""


class ExampleLeftOut(DeckgenWarning):
    """A shipped worked example that cannot happen under the deck's house rules: not in this booklet."""


def _fail(failures: Sequence[Failure]) -> ExampleFailed:
    lines = [str(f) for f in failures]
    return ExampleFailed([*lines, f"the booklet was not built: {len(failures)} worked example claim(s) failed"])


def check_chapter(chapter: Chapter, house_rules: HouseRules | None, own: bool = True) -> CheckedChapter:
    """Recompute each example of a parsed chapter under the house rules.

    `own`: the deck maker's chapter, whose claims are theirs: any wrong one raises
    ExampleFailed with every file:line, exactly as `deckgen check` reports it. A shipped
    chapter's claims are checked against the default rules (that keeps the sources
    right); under other house rules its boxes show what the engine computes for them, and
    an example the engine refuses under them (a knock above the knock limit) is left out
    with an `ExampleLeftOut` warning. A valid house rule never stops the build.
    """
    chapter_ratings(chapter.source)
    memo: dict[tuple[str, str | None], Any] = {}  # the house rules of each game, worked out once for the chapter
    results = [check_block(b, house_rules, chapter.rules_name, rules_memo=memo) for b in chapter.examples]
    if own:
        failures = [f for r in results for f in r.failures]
        if failures:
            raise _fail(failures)
        return CheckedChapter(chapter, results)
    kept: list[ExampleResult] = []
    left_out: list[str] = []
    usual_blocks: dict[int, ExampleBlock] | None = None
    for result in results:
        if result.ok:
            kept.append(result)
            continue
        if usual_blocks is None:
            # the same examples as written for the usual rules (templated claims rendered with them)
            usual_chapter = parse_chapter(chapter.source, None)
            usual_blocks = {b.fence: b for b in usual_chapter.examples}
        usual_block = usual_blocks.get(result.block.fence)
        usual = check_block(usual_block, None, chapter.rules_name) if usual_block is not None else None
        if usual is not None and not usual.ok:
            raise _fail(usual.failures)  # wrong under the usual rules too: the source itself is wrong
        if result.computed:
            kept.append(result)  # a different outcome under these house rules: the box shows it,
            for claim, words in result.rewords:  # and the prose says it
                claim.reword(words)
            continue
        reason = result.failures[0].message
        left_out.append(
            f"{chapter.source.title}: a worked example is left out of the booklet because it cannot happen "
            f"under your house rules ({reason}) [{Path(result.block.file).name}:{result.block.fence}]"
        )
    done = CheckedChapter(chapter, kept, left_out, own=False)
    _say_left_out(done)
    return done


def _say_left_out(checked: CheckedChapter) -> None:
    for line in checked.left_out:
        warn(ExampleLeftOut(line))


#: Shipped chapters already checked in this process, by their source text and house rules: the
#: preflight of `deckgen build` and its booklet step check each chapter once.
_CHECKED: dict[tuple[str, str, str], CheckedChapter] = {}


def checked_shipped(source: RulesSource, house_rules: HouseRules | None) -> CheckedChapter:
    """A shipped chapter read and checked under the house rules (see `check_chapter`), once per process."""
    key = (str(source.path), source.text, json.dumps(house_rules or {}, sort_keys=True, default=str))
    done = _CHECKED.get(key)
    if done is None:
        done = check_chapter(read_chapter(source, house_rules), house_rules, own=False)
        if len(_CHECKED) >= 64:
            _CHECKED.clear()
        _CHECKED[key] = done
    else:
        _say_left_out(done)
    return done


def extra_rules_file(design: Design) -> Path | None:
    """The deck's own rules chapter (`booklet.extra_rules`), or None; a file that is not there is a
    ConfigError naming the key (said the same by the preflight and the booklet step)."""
    path = design.booklet.extra_rules
    if path is not None and not path.is_file():
        raise ConfigError(design.source, "booklet.extra_rules", f"{as_written(path, design.base_dir)}: "
                          f"{not_found('file', path, design.base_dir)}")
    return path


def read_own_chapter(path: Path, house_rules: HouseRules | None, games: Sequence[Chapter]) -> Chapter:
    """The deck maker's own chapter (`extra_rules`): a template exactly like the shipped ones, seeing
    `rules` with every house-rule parameter of the booklet's games (and of any game it names itself)."""
    variables: dict[str, Any] = {}
    for chapter in games:
        for key, value in chapter.rules.items():
            variables.setdefault(key, value)
    return parse_chapter(load_source(path), house_rules, template=True, rules=variables)


def check_source(source: RulesSource, house_rules: HouseRules | None, own: bool = True) -> CheckedChapter:
    """Parse a source with the house rules and recompute each of its examples (see `check_chapter`)."""
    return check_chapter(read_chapter(source, house_rules), house_rules, own)



def chapter_ratings(source: RulesSource) -> dict[str, int | float]:
    """The chapter's luck, brains and fun ratings; one that is not a number is a one-line error
    (checked when the chapter is, before anything is drawn)."""
    ratings = source.meta.get("ratings") or {}
    found: dict[str, int | float] = {}
    if isinstance(ratings, Mapping):
        for key in ("luck", "brains", "fun"):
            if key in ratings:
                value = ratings[key]
                if isinstance(value, bool) or not isinstance(value, (int, float)):
                    raise UserError(f"{source.path}:1: ratings: {key}: expected a whole number from 0 to 5, got {value!r}")
                found[key] = value
    return found
