"""Recomputing worked examples: every claim under `expect` against the rules engine.

`check_block` is the one place a claim meets the engine; `deckgen check` and the
booklet both use it, so a booklet can never print an example the check rejects.
"""

from __future__ import annotations

import gc
import os
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckgen.booklet.chapter import Chapter, TableRequest, parse_chapter
from deckgen.booklet.claims import Claim
from deckgen.booklet.examples import ExampleBlock
from deckgen.booklet.sources import HouseRules, find_game, game_rules, load_source, value_words
from deckgen.cards import Card, CardError, parse_cards
from deckgen.engine.base import ExampleError, GameSpec, Quantity, is_nobody, said_list
from deckgen.engine.registry import all_games
from deckgen.engine.table import Table
from deckgen.errors import UserError, unknown_choice

__all__ = [
    "ExampleResult",
    "Failure",
    "LintNote",
    "lint",
    "check_block",
    "check_paths",
]

RESERVED = ("game", "rules", "expect")


@dataclass
class Failure:
    file: str
    line: int
    game: str
    message: str
    quantity: str | None = None
    expected: Any = None
    got: Any = None

    def __str__(self) -> str:
        if self.quantity is not None:
            return f"{self.file}:{self.line}: {self.game}: {self.quantity}: expected {self.expected}, got {self.got}"
        return f"{self.file}:{self.line}: {self.game}: {self.message}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.file,
            "line": self.line,
            "game": self.game,
            "quantity": self.quantity,
            "expected": self.expected,
            "got": self.got,
            "message": str(self),
        }


@dataclass
class ExampleResult:
    block: ExampleBlock
    spec: GameSpec | None = None
    inputs: dict[str, Any] = field(default_factory=dict)
    rules: dict[str, Any] = field(default_factory=dict)
    computed: dict[str, Any] = field(default_factory=dict)
    claims: dict[str, Any] = field(default_factory=dict)
    explain: list[str] = field(default_factory=list)
    #: The outcome in one or two sentences, when the game words it for the booklet (`GameSpec.summary`).
    summary: list[str] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    #: The prose's contradicted claims with the words the engine's results give (see `Claim.reword`).
    rewords: list[tuple[Claim, str]] = field(default_factory=list)
    #: For the claims of a ```deckgen-table block (`expect:` rows): the table's name; None for an example.
    table: str | None = None

    @property
    def ok(self) -> bool:
        return not self.failures

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.block.file,
            "line": self.block.line,
            "game": self.block.game or self.table,
            "table": self.table,
            "ok": self.ok,
            "computed": {k: to_plain(v) for k, v in self.computed.items()},
            "failures": [f.as_dict() for f in self.failures],
        }


# ------------------------------------------------------------------ values


_PLAIN_TYPES = frozenset({str, int, float, bool, type(None)})


def to_plain(value: Any) -> Any:
    """Engine values as JSON-friendly data: cards become their notation."""
    if type(value) in _PLAIN_TYPES:  # most values: returned at once, without the checks below
        return value
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): to_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [to_plain(v) for v in value]
        return sorted(items, key=str) if isinstance(value, (set, frozenset)) else items
    return value


def show(value: Any, kind: str = "any") -> str:
    """A value as the check prints it: cards as `A♠ K♠`, lists as `[Ann, Bob]`."""
    if kind == "cards" and isinstance(value, (list, tuple)):
        return " ".join(str(c) for c in value) if value else "(none)"
    if kind == "str" and is_nobody(value):
        return "nobody"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple, set, frozenset)):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _text(value: Any) -> str:
    return _folded(value if type(value) is str else str(value))


@lru_cache(maxsize=4096)  # names and categories come back in every example: each is folded once
def _folded(text: str) -> str:
    return " ".join(text.split()).casefold()


def _card_key(card: Card) -> Any:
    """What a claimed card is compared by: the card itself (equal by rank and suit), any joker as one."""
    return _ANY_JOKER if card.rank is None else card


_ANY_JOKER = ("joker",)


def _number(value: Any) -> float | None:
    kind = type(value)
    if kind is str:
        return _number_in_text(value)
    if kind is int or kind is float:
        return float(value)
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    return _number_in_text(str(value))


@lru_cache(maxsize=4096)
def _number_in_text(text: str) -> float | None:
    """A number written as text ("1,000"), or None. Remembered: the same hand names and categories
    come back in every example, and each used to raise and catch a ValueError every time."""
    try:
        return float(text.replace(",", "").replace("_", "").strip())
    except ValueError:
        return None


def _rank_value(value: Any) -> int:
    """A rank as a number for the `ranks` kind: A 1 ... 10, J 11, Q 12, K 13; 0 (or -, none) for no card.
    Anything else is a ValueError (the claim cannot be read)."""
    if isinstance(value, bool):
        raise ValueError(f"{value!r} is not a rank")
    if isinstance(value, int):
        if not 0 <= value <= 13:
            raise ValueError(f"{value} is not a rank (1 to 13, or 0 for none)")
        return value
    text = str(value).strip()
    if text in ("", "-", "0") or is_nobody(text):
        return 0
    if text.isdigit():
        return _rank_value(int(text))
    from deckgen.cards import Rank, parse_rank

    rank = parse_rank(text)  # a CardError names a word that is not a rank
    return 1 if rank == Rank.ACE else int(rank)


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, (list, tuple, set, frozenset)):
        return list(value)
    return [value]


def _norm_ranking(value: Any) -> list[frozenset[str]]:
    return [frozenset(_text(x) for x in _as_list(item)) for item in _as_list(value)]


def _same_ranking(claimed: Any, computed: Any) -> bool:
    """Rankings are equal place by place, a tie being a set of names. When neither has a tie (a
    list of names, the usual claim) the names are compared in order, without a set for each place."""
    if type(claimed) is list and type(computed) is list and len(claimed) == len(computed):
        if all(type(x) is str for x in claimed) and all(type(x) is str for x in computed):
            return all(map(str.__eq__, map(_text, claimed), map(_text, computed)))
    return _norm_ranking(claimed) == _norm_ranking(computed)


def same(quantity: Quantity, claimed: Any, computed: Any) -> bool:
    """Whether a claim agrees with the engine, by the quantity's kind. A malformed claim is a CardError/ValueError."""
    kind = quantity.kind
    if kind == "int":
        a, b = _number(claimed), _number(computed)
        return a is not None and b is not None and abs(a - b) < 1e-9
    if kind == "bool":
        if isinstance(claimed, str) and claimed.strip().lower() in ("true", "false"):
            claimed = claimed.strip().lower() == "true"
        return isinstance(claimed, bool) and computed is not None and claimed == bool(computed)
    if kind == "str":  # nobody is "" in a result; a claim may say it "", none, nobody or null
        return _text(claimed) == _text(computed) or (is_nobody(claimed) and is_nobody(computed))
    if kind == "cards":
        want = parse_cards(claimed if isinstance(claimed, str) else [str(c) for c in _as_list(claimed)])
        if isinstance(computed, (list, tuple)) and len(want) != len(computed):
            return False
        return Counter(map(_card_key, want)) == Counter(map(_card_key, computed))
    if kind == "set":  # the same texts as often each: the same when sorted
        return sorted(map(_text, _as_list(claimed))) == sorted(map(_text, _as_list(computed)))
    if kind == "list":
        want_list, got_list = _as_list(claimed), _as_list(computed)
        return len(want_list) == len(got_list) and all(
            _text(x) == _text(to_plain(y)) or (is_nobody(x) and is_nobody(y)) for x, y in zip(want_list, got_list)
        )
    if kind == "ranking":
        return _same_ranking(claimed, computed)
    if kind == "ranks":
        want_ranks, got_ranks = _as_list(claimed), _as_list(computed)
        return len(want_ranks) == len(got_ranks) and all(map(int.__eq__, map(_rank_value, want_ranks), map(_rank_value, got_ranks)))
    if kind == "mapping":
        if not isinstance(claimed, Mapping) or not isinstance(computed, Mapping):
            return False
        claims = {_text(k): v for k, v in claimed.items()}
        results = {_text(k): v for k, v in computed.items()}
        if not claims:  # `{}` claims that nobody has anything: no entry, or every amount 0
            return all(_number(v) == 0 or v in ("", [], {}) for v in results.values())
        if not claims.keys() <= results.keys():  # a claim may name some players: only those are checked
            return False
        for k in claims:
            na, nb = _number(claims[k]), _number(results[k])
            if na is not None and nb is not None:
                if abs(na - nb) > 1e-9:
                    return False
            elif _text(to_plain(claims[k])) != _text(to_plain(results[k])) and not (
                is_nobody(claims[k]) and is_nobody(results[k])
            ):
                return False
        return True
    return bool(to_plain(claimed) == to_plain(computed))


# ------------------------------------------------------------------ checking


def check_block(
    block: ExampleBlock,
    house_rules: HouseRules | None = None,
    file_name: str | None = None,
    explain: bool = True,
    *,
    rules_memo: dict[tuple[str, str | None], Any] | None = None,
) -> ExampleResult:
    """Recompute one block; every problem becomes a Failure with its file:line, nothing is raised."""
    result = ExampleResult(block)

    def fail(message: str, key: str | None = None) -> ExampleResult:
        result.failures.append(Failure(block.file, block.line_of(key), block.game or "deckgen", message))
        return result

    if block.error is not None or block.data is None:
        return fail(block.error or "the block is empty")
    data = block.data
    if "game" not in data:
        return fail("missing `game:` (which game's rules to check against)")
    spec = find_game(str(data["game"]))
    if spec is None:
        return fail(unknown_choice("game", str(data["game"]), all_games()), "game")
    result.spec = spec
    expect = data.get("expect")
    if block.claims and "expect" not in data:
        expect = {}  # the prose's claims are the example's claims
    elif not isinstance(expect, Mapping) or not expect:
        return fail("missing `expect:` with at least one claim to check", "expect" if "expect" in data else None)
    overrides = data.get("rules") or {}
    if not isinstance(overrides, Mapping):
        return fail("`rules:` must be a mapping of house-rule names to values", "rules")
    unknown = [q for q in expect if spec.quantity(str(q)) is None]
    if unknown:
        return fail(unknown_choice("quantity", str(unknown[0]), [q.name for q in spec.quantities], of="under expect"), f"expect.{unknown[0]}")
    inputs = {k: v for k, v in data.items() if k not in RESERVED}
    result.inputs = inputs
    result.claims = dict(expect)
    try:
        result.rules = spec.resolve_rules(_game_rules(spec, house_rules, file_name, rules_memo), overrides)
        result.computed = spec.run(inputs, result.rules, resolved=True)
        if explain and spec.summary is not None:  # the booklet's words; `deckgen check` needs only the values
            result.summary = list(spec.summary(inputs, result.rules))
        elif explain and spec.explain is not None:
            result.explain = list(spec.explain(inputs, result.rules))
    except (ExampleError, CardError) as exc:
        key = getattr(exc, "field", None)
        return fail(str(exc), key if isinstance(key, str) else None)
    for name, claimed in expect.items():
        quantity = spec.quantity(str(name))
        assert quantity is not None
        if quantity.name not in result.computed:
            fail(f"{name}: this example has no {quantity.name} (the engine works it out for other examples)", f"expect.{name}")
            continue
        computed = result.computed[quantity.name]
        try:
            ok = same(quantity, claimed, computed)
        except (CardError, ValueError, TypeError) as exc:
            fail(f"{name}: the claim cannot be read: {exc}", f"expect.{name}")
            continue
        if not ok:
            if quantity.kind == "mapping" and isinstance(claimed, Mapping) and isinstance(computed, Mapping):
                named = {_text(k) for k in claimed}  # the message shows what the claim is about, not every player
                computed = {k: v for k, v in computed.items() if _text(k) in named} or computed
            result.failures.append(
                Failure(
                    block.file,
                    block.line_of(f"expect.{name}"),
                    spec.name,
                    "claim contradicted",
                    quantity=quantity.name,
                    expected=show(claimed, quantity.kind),
                    got=show(computed, quantity.kind),
                )
            )
    for claim in block.claims:
        _check_claim(result, spec, claim)
    return result


# ------------------------------------------------------------------ the linter


@dataclass(frozen=True)
class LintNote:
    """A word the sentence introducing an example says that nothing checks and the results do not hold."""

    file: str
    line: int
    game: str
    word: str

    def __str__(self) -> str:
        return (f"{self.file}:{self.line}: {self.game}: the sentence says '{self.word}', which this example's "
                f"results do not hold: write it as a claim ([{self.word}]{{=...}}) or take it out")


def lint(result: ExampleResult) -> list[LintNote]:
    """The game's result words (`GameSpec.terms`, poker's categories) that the sentence introducing
    an example says outside its claims while none of the example's computed values holds them."""
    block, spec = result.block, result.spec
    if block.caption is None or spec is None or not spec.terms or not result.computed:
        return []
    line, text = block.caption
    said = " ".join(text.split()).casefold()
    held = " ".join(_strings(result.computed)).casefold()
    notes: list[LintNote] = []
    for term in sorted(spec.terms, key=len, reverse=True):  # "straight flush" before "straight" and "flush"
        pattern = re.compile(rf"(\b(?:no|not an?|never an?)\s+)?\b{re.escape(term.casefold())}(?:e?s)?\b")
        found = [m for m in pattern.finditer(said)]
        said = pattern.sub(" ", said)  # a longer term found hides the shorter ones inside it
        if any(m.group(1) is None for m in found) and term.casefold() not in held:  # "no flush" claims nothing
            notes.append(LintNote(block.file, line, spec.name, term))
    return notes


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _strings(item)


# ------------------------------------------------------------------ claims in the prose

_LIST_SEPARATOR = re.compile(r"\s*(?:,\s*(?:and\s+)?|\band\b|&)\s*")
_BOOLS = {"true": True, "yes": True, "false": False, "no": False}


def _check_claim(result: ExampleResult, spec: GameSpec, claim: Claim) -> None:
    """One claim of the prose against the example's results; a wrong one is a Failure at its line,
    said as a wrong `expect` is (`quantity: expected X, got Y`), its right words kept on the result."""
    block = result.block

    def fail(message: str) -> None:
        result.failures.append(Failure(block.file, claim.line, spec.name, message))

    if claim.error is not None:
        return fail(claim.error)
    quantity = spec.quantity(claim.quantity)
    if quantity is None:
        names = [q.name for q in spec.quantities]
        return fail(f"[{claim.text}]{{={claim.key}}}: " + unknown_choice("quantity", claim.quantity, names, of="of the game"))
    if quantity.name not in result.computed:
        return fail(f"[{claim.text}]{{={claim.key}}}: this example has no {quantity.name} (the engine works it out for other examples)")
    computed = result.computed[quantity.name]
    if claim.entry is not None:
        if not isinstance(computed, Mapping):
            return fail(f"[{claim.text}]{{={claim.key}}}: {quantity.name} is one value, not one per name: write {{={quantity.name}}}")
        entries = {_text(k): k for k in computed}
        key = entries.get(_text(claim.entry))
        if key is None:
            return fail(f"[{claim.text}]{{={claim.key}}}: {quantity.name} has no entry '{claim.entry}' "
                        f"(it has {said_list([str(k) for k in computed]) or 'none'})")
        value = computed[key]
        ok = _same_words(claim.text, value)
        got = value_words(to_plain(value))
    elif quantity.kind == "mapping":
        return fail(f"[{claim.text}]{{={claim.key}}}: {quantity.name} has a value for each name: "
                    f"name one, as in {{={quantity.name}.{next(iter(computed), 'Ann')}}}")
    else:
        try:
            ok = same(quantity, _claimed(quantity, claim.text), computed)
        except (CardError, ValueError, TypeError) as exc:
            return fail(f"[{claim.text}]{{={claim.key}}}: the words cannot be read as {quantity.name}: {exc}")
        plain = to_plain(computed)
        if quantity.kind == "cards" or (quantity.kind == "str" and is_nobody(computed)):
            got = show(computed, quantity.kind)
        else:
            got = said_list([value_words(v) for v in plain]) if isinstance(plain, list) else value_words(plain)
    if not ok:
        result.failures.append(
            Failure(block.file, claim.line, spec.name, "claim contradicted", quantity=claim.key,
                    expected=" ".join(claim.text.split()), got=got)
        )
        result.rewords.append((claim, got))


#: Numbers a sentence writes as words ("she won three hands").
_NUMBER_WORDS = {
    w: n
    for n, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen twenty".split()
    )
} | {"nothing": 0}


def _claimed(quantity: Quantity, text: str) -> Any:
    """A claim's words as the value `same` compares for the quantity's kind."""
    words = " ".join(text.split())
    if quantity.kind == "int":
        return _NUMBER_WORDS.get(words.lower(), words.replace("\u2212", "-"))
    if quantity.kind in ("set", "list", "ranking", "ranks"):
        return [w for w in _LIST_SEPARATOR.split(words) if w] if words.lower() not in ("nobody", "no one", "none") else []
    if quantity.kind == "bool":
        return _BOOLS.get(words.lower(), words)
    return words


def _same_words(text: str, value: Any) -> bool:
    """Words against one entry of a mapping: numbers as numbers, lists as lists, else the text."""
    if isinstance(value, (list, tuple, set, frozenset)):
        want = [w for w in _LIST_SEPARATOR.split(" ".join(text.split())) if w]
        return sorted(map(_text, want)) == sorted(_text(to_plain(v)) for v in value)
    words = " ".join(text.split())
    a, b = _number(_NUMBER_WORDS.get(words.lower(), words.replace("\u2212", "-"))), _number(value)
    if a is not None and b is not None:
        return abs(a - b) < 1e-9
    return _text(text) == _text(value_words(to_plain(value)))


def _game_rules(
    spec: GameSpec, house_rules: HouseRules | None, file_name: str | None, memo: dict[tuple[str, str | None], Any] | None
) -> dict[str, Any]:
    """`game_rules`, worked out once per game and file when a `memo` is given (the same for every
    block of a file: only the block's own `rules:` differ); a house rule that is wrong is not
    remembered, so it fails each block in turn."""
    if memo is None:
        return game_rules(spec, house_rules, file_name)
    key = (spec.name, file_name)
    found = memo.get(key)
    if found is None:
        found = memo[key] = game_rules(spec, house_rules, file_name)
    return found


def blocks_of_file(path: Path, house_rules: HouseRules | None = None) -> tuple[list[ExampleBlock], str | None]:
    """A file's blocks, rendered with the house rules first when it is a rules source, and the
    name its house rules are looked up under. Line numbers always refer to the source file.
    (All are read before any is checked: reading 1,000 blocks, then checking them, was 6 %
    quicker than reading and checking each in turn, the parser's and the engine's code and
    tables each staying in the processor's caches.)"""
    chapter = parse_chapter(load_source(path), house_rules)
    return chapter.examples, chapter.rules_name


def check_table_claims(request: TableRequest, chapter: Chapter, maker: Callable[[Mapping[str, Any]], Table] | None = None) -> ExampleResult:
    """The `expect:` rows of a ```deckgen-table block against the table the engine computes with the
    chapter's rules: one Failure per cell that differs, at the claimed row's line. `maker` builds
    the table (the booklet's, with its cache); by default one with the shipped counts only."""
    from deckgen.booklet.tables import CLAIMS, TableCache, TableMaker, cell_claim_problem, request_problem, table_claim_problems

    file = str(chapter.source.path)
    name = str(request.spec.get("table", ""))
    block = ExampleBlock(file=file, line=request.line, text="", data=dict(request.spec), key_lines=dict(request.key_lines))
    result = ExampleResult(block, table=name)
    if request.error is not None:
        result.failures.append(Failure(file, request.line, "deckgen-table", request.error))
        return result
    specs = chapter.source.engine_games if chapter.source.is_template else []
    if CLAIMS not in request.spec and not request.claims and maker is None:  # nothing claimed: read, nothing counted
        problem = request_problem(request.spec, chapter.rules, specs)
        if problem is not None:
            result.failures.append(Failure(file, request.line, name, problem.removeprefix(f"table {name}: ")))
        return result
    if maker is None:
        maker = TableMaker(rules=chapter.rules, cache=TableCache(None), specs=specs)
    try:
        table = maker(request.spec)
    except (UserError, ExampleError) as exc:
        result.failures.append(Failure(file, request.line, name, str(exc).removeprefix(f"table {name}: ")))
        return result
    result.computed = {"rows": [list(r) for r in table.rows]}
    if CLAIMS in request.spec:
        for key, message in table_claim_problems(table, request.spec.get(CLAIMS)):
            result.failures.append(Failure(file, request.line_of(key), name, message))
    for claim in request.claims:  # the prose's claims of cells: `[672]{=table.Five of a kind.Ways}`
        problem = cell_claim_problem(table, claim.entry or "", claim.text)
        if problem is not None:
            result.failures.append(Failure(file, claim.line, name, f"[{claim.text}]{{={claim.key}}}: {problem}"))
    return result


def markdown_files(paths: Iterable[Path]) -> list[tuple[Path, str | None]]:
    """Markdown files named, and those under named folders (recursively), sorted, each with why it is
    not read (or None): a file found in a folder that is a link leading out of that folder is never
    followed. A missing path is an error."""
    files: list[tuple[Path, str | None]] = []
    for path in paths:
        path = Path(path)
        if path.is_dir():
            root = os.path.realpath(path)
            for found in sorted(p for p in path.rglob("*") if p.suffix.lower() in (".md", ".markdown") and p.is_file()):
                real = os.path.realpath(found)
                outside = os.path.commonpath([root, real]) != root
                files.append((found, f"is a link to {real}, outside {path}; not read" if outside else None))
        elif path.is_file():
            files.append((path, None))
        elif path.exists():  # a named pipe or a device: never read (it could block for ever)
            from deckgen.paths import file_problem

            raise UserError(f"{path}: {file_problem(path, 'rules')}")
        else:
            raise UserError(f"{path}: no such file or folder")
    return files


def check_paths(paths: Iterable[Path], house_rules: HouseRules | None = None) -> list[ExampleResult]:
    """Check every block in the given files and folders, keeping going after failures."""
    with _cycles_collected_after():
        return _check_paths(paths, house_rules)


@contextmanager
def _cycles_collected_after() -> Iterator[None]:
    """Python's cycle collector paused while the examples are read and checked, on the main thread.

    Reading and checking a block makes many small objects and no reference cycles, yet the
    collector ran through every object of the process each few hundred of them (a tenth of a
    check of 1,000 examples). What the check made is then moved to the collector's oldest
    generation at once (`gc.freeze()` then `gc.unfreeze()`: two list splices): left young, the
    first collection after the check walked all of it (the results, about 20,000 objects for
    1,000 examples: 4 ms) and could free none of it. Anything cyclic is still collected, by
    the next full collection. Elsewhere than on the main thread (a server's worker), or when
    the program keeps objects frozen itself, nothing of this is done.
    """
    if threading.current_thread() is not threading.main_thread() or not gc.isenabled():
        yield
        return
    frozen_before = gc.get_freeze_count()
    gc.disable()
    try:
        yield
    finally:
        if frozen_before == 0:
            gc.freeze()
            gc.unfreeze()
        gc.enable()


def _check_paths(paths: Iterable[Path], house_rules: HouseRules | None) -> list[ExampleResult]:
    results: list[ExampleResult] = []
    for path, problem in markdown_files(paths):
        try:
            if problem is not None:
                raise UserError(f"{path}: {problem}")
            chapter = parse_chapter(load_source(path), house_rules)
            blocks, file_name = chapter.examples, chapter.rules_name
        except UserError as exc:
            match = re.match(rf"{re.escape(str(path))}(?::(\d+))?:\s*(.*)", str(exc), re.S)
            line, message = (int(match.group(1) or 1), match.group(2)) if match else (1, str(exc))
            block = ExampleBlock(file=str(path), line=line, text="", error=message)
            results.append(ExampleResult(block, failures=[Failure(str(path), line, "deckgen", message)]))
            continue
        memo: dict[tuple[str, str | None], Any] = {}  # one per file: its house rules are worked out once
        found = [check_block(b, house_rules, file_name, explain=False, rules_memo=memo) for b in blocks]
        # tables are claims too: their `expect:` rows, and a request the booklet would refuse
        tables = [check_table_claims(t, chapter) for t in chapter.tables]
        tables = [r for r, t in zip(tables, chapter.tables) if r.failures or "expect" in t.spec or t.claims]
        if tables:
            found = sorted(found + tables, key=lambda r: r.block.line)
        results.extend(found)
    return results
