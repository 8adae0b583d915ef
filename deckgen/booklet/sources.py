"""Rules sources: a Markdown file with YAML front matter whose body is a sandboxed Jinja2 template.

The template sees `rules`, the active value of every house-rule parameter of the
engine games the file names, so prose, tables and worked examples all follow the
group's house rules. Rendering keeps the line structure, so file:line stays right.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from jinja2 import StrictUndefined, TemplateError

from deckgen.engine.base import ExampleError, GameSpec
from deckgen.engine.registry import get_game
from deckgen.errors import UserError
from deckgen.limits import (TEMPLATE_SECONDS, TemplateLimit, limited_environment, render_limited, safe_yaml,
                            template_line, time_limit)

HouseRules = Mapping[str, Mapping[str, Any]]


@dataclass(frozen=True)
class RulesSource:
    path: Path
    meta: dict[str, Any]
    body: str
    #: 1-based line number of the file at which `body` starts.
    body_line: int = 1
    text: str = field(default="", repr=False)

    @property
    def name(self) -> str:
        return str(self.meta.get("name") or self.path.stem)

    @property
    def title(self) -> str:
        return str(self.meta.get("title") or self.name.replace("-", " ").title())

    @property
    def engine_games(self) -> list[GameSpec]:
        names = self.meta.get("engine") or []
        if isinstance(names, str):
            names = [names]
        if not isinstance(names, list):
            raise UserError(f"{self.path}:1: engine: expected a list of game names, e.g. [gin-rummy, gin-game]")
        games = []
        for name in names:
            spec = get_game(name)
            if spec is None:
                raise UserError(f"{self.path}: engine: '{name}' is not a game the rules engine knows")
            games.append(spec)
        return games

    @property
    def is_template(self) -> bool:
        """Only rules sources (front matter naming engine games or parameters) run through Jinja."""
        return "engine" in self.meta or "parameters" in self.meta


def split_front_matter(text: str, path: Path | str = "<text>") -> tuple[dict[str, Any], str, int]:
    """(front matter, body, first body line). No front matter gives ({}, text, 1)."""
    if not text.lstrip().startswith("---"):  # no front matter: a long document is not split into lines for nothing
        return {}, text, 1
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        return {}, text, 1
    for i in range(1, len(lines)):
        if lines[i].strip() in ("---", "..."):
            try:
                meta = safe_yaml("".join(lines[1:i])) or {}
            except yaml.YAMLError as exc:
                mark = getattr(exc, "problem_mark", None)
                line = (mark.line + 2) if mark is not None else 1
                raise UserError(f"{path}:{line}: front matter is not valid YAML ({getattr(exc, 'problem', exc)})") from None
            if not isinstance(meta, dict):
                raise UserError(f"{path}:1: front matter must be a mapping of keys to values")
            return meta, "".join(lines[i + 1 :]), i + 2
    raise UserError(f"{path}:1: front matter starts with '---' but never ends")


def load_source(path: Path) -> RulesSource:
    from deckgen.paths import read_limited

    path = Path(path)
    try:
        text = read_limited(path, "rules").decode("utf-8-sig")
    except FileNotFoundError:
        raise UserError(f"{path}: file not found") from None
    except UnicodeDecodeError:
        raise UserError(f"{path}: is not UTF-8 text") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    meta, body, body_line = split_front_matter(text, path)
    return RulesSource(path, meta, body, body_line, text)


def game_rules(spec: GameSpec, house_rules: HouseRules | None, file_name: str | None = None) -> dict[str, Any]:
    """A game's active parameters: defaults, then `[house_rules.<file>]`, then `[house_rules.<game>]`.

    A rules file may cover several engine games (poker and poker-betting), so each
    game takes from those tables only the parameters it has; that every key belongs
    to some game, and each value's kind and choices, are checked where deck.toml is
    validated. The values are layered here, not checked: a value the game's declaration
    refuses (`knock_limit = -5`) is refused by `GameSpec.resolve_rules` where a worked
    example or `deckgen score` uses it, which names its deck.toml key; the chapter's
    text still shows it as written.
    """
    house_rules = house_rules or {}
    tables = [house_rules.get(file_name or "")] if file_name and file_name != spec.name else []
    tables.append(house_rules.get(spec.name))
    rules = spec.defaults
    for table in tables:
        rules.update((k, v) for k, v in (table or {}).items() if k in rules)
    return rules


def active_rules(source: RulesSource, house_rules: HouseRules | None = None) -> dict[str, Any]:
    """Every parameter of the file's engine games with its active value (for `{{ rules.x }}`)."""
    merged: dict[str, Any] = {}
    for spec in source.engine_games:
        for key, value in game_rules(spec, house_rules, source.name).items():
            merged.setdefault(key, value)
    return merged


def _environment() -> Any:
    """Sandboxed, and bounded: no template can loop, grow or recurse without limit (deckgen.limits)."""
    return limited_environment(undefined=StrictUndefined, keep_trailing_newline=True, autoescape=False, trim_blocks=False)


def render_source(
    source: RulesSource,
    house_rules: HouseRules | None = None,
    body: str | None = None,
    force: bool = False,
    rules: Mapping[str, Any] | None = None,
) -> str:
    """The body (or `body`, the same text with its fences tagged) with the house rules filled in;
    a template error names file:line. `force` renders a source without front matter too (a deck's
    own chapter), with `rules` as its variables when it names no engine game itself."""
    text = source.body if body is None else body
    if not (source.is_template or force):
        return text
    values = active_rules(source, house_rules) if source.is_template else {}
    for key, value in (rules or {}).items():
        values.setdefault(key, value)
    try:
        with time_limit(TEMPLATE_SECONDS, "compiling the template"):  # compiling runs none of it, but is bounded too
            template = _environment().from_string(text)
        return render_limited(template, {"rules": values, "meta": source.meta})
    except TemplateLimit as exc:
        raise UserError(f"{source.path}:{source.body_line + (exc.line or 1) - 1}: template stopped: {exc}") from None
    except TemplateError as exc:
        line = getattr(exc, "lineno", None) or template_line(exc) or 1
        raise UserError(f"{source.path}:{source.body_line + line - 1}: template error: {exc}") from None
    except ExampleError as exc:
        raise UserError(f"{source.path}: {exc}") from None
    except RecursionError:
        raise UserError(f"{source.path}:{source.body_line}: template error: nested too deeply") from None
    except Exception as exc:  # noqa: BLE001 - anything the template's own code raised ({{ 1/0 }}, ''.split(''))
        line = template_line(exc) or 1
        raise UserError(f"{source.path}:{source.body_line + line - 1}: template error: {_said(exc)}") from None


def _said(exc: BaseException) -> str:
    """An error a template's expression raised, in a line: Python's own words, or its kind when it has none."""
    words = " ".join(str(exc).split())
    kind = {"ZeroDivisionError": "division by zero", "OverflowError": "a number too large",
            "KeyError": "no such key", "IndexError": "no such item"}.get(type(exc).__name__, "")
    if not words:
        return kind or type(exc).__name__
    return f"{kind}: {words}" if kind and kind not in words else words


def find_parameter(name: str) -> Any:
    """The engine's declaration of a house-rule parameter (its label, choices), or None."""
    from deckgen.engine.registry import all_games

    for spec in all_games().values():
        for param in spec.parameters:
            if param.name == name:
                return param
    return None


def in_sentence(label: str) -> str:
    """A label as it reads inside a sentence: `Knock limit` -> `knock limit`, `A joker ends the game` ->
    `a joker ends the game` (`NT bonus` and a card, `A-2-3 among runs`, stay).

    >>> [in_sentence(s) for s in ("Knock limit", "A joker ends the game", "NT bonus", "A-2-3 among runs")]
    ['knock limit', 'a joker ends the game', 'NT bonus', 'A-2-3 among runs']
    """
    article = label[:2] == "A " and label[2:3].islower()
    return label[:1].lower() + label[1:] if label[1:2].islower() or article else label


def rule_label(name: str) -> str:
    """A house-rule parameter as a person calls it mid-sentence: the engine's label for it."""
    param = find_parameter(name)
    return in_sentence(str(param.label)) if param is not None else name.replace("_", " ")


def rule_words(name: str, value: Any) -> str:
    """A house rule set to a value, as a sentence says it: its label and value (`knock limit 7`), or
    for a yes/no rule the engine's phrase for that value (`no points for sweeps`, never `sweeps score no`).

    >>> rule_words("knock_limit", 7), rule_words("sweeps_count", False), rule_words("joker_finish", True)
    ('knock limit 7', 'no points for sweeps', 'a joker ends the game')
    """
    param = find_parameter(name)
    said = param.phrase(value) if param is not None else None
    return said if said is not None else f"{rule_label(name)} {value_words(value, name)}"


def rule_change_words(name: str, value: Any, usual: Any) -> str:
    """A house rule changed from its usual value: `knock limit 7 (usually 10)`, or for a yes/no rule
    `no points for sweeps (usually sweeps score)`."""
    param = find_parameter(name)
    said = param.phrase(usual) if param is not None else None
    return f"{rule_words(name, value)} (usually {said if said is not None else value_words(usual, name)})"


Phrase = Callable[[str, Any], "str | None"]


def value_words(value: Any, name: str | None = None, phrase: Phrase | None = None) -> str:
    """A rule's value as a person reads it: a choice's label, yes/no, `A, 2, J`, `10: 10, A: 4`.

    >>> value_words({"We": {"melds": ["K♠ K♥ K♦", "7♠ 7♥ 7♦"], "red_threes": 1}, "They": {"red_threes": 2}})
    'We: melds K♠ K♥ K♦, 7♠ 7♥ 7♦, red threes 1; They: red threes 2'
    >>> value_words(["NS 2♥ 9", {"by": "NS", "contract": "2♠", "tricks": 8}])
    'NS 2♥ 9; by NS, contract 2♠, tricks 8'

    `phrase(field, value)` gives the words for a yes/no field of a mapping, standing for the field's
    name and value together (`went out`, not `out yes`).
    """
    param = find_parameter(name) if name else None
    if param is not None:
        return str(param.show(value))
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Mapping):
        return _mapping_words(value, phrase=phrase)
    if isinstance(value, (list, tuple)):
        items = [_mapping_words(v, nested=True, phrase=phrase) if isinstance(v, Mapping) else value_words(v) for v in value]
        # items that hold commas of their own (a deal written out in full) are set apart by semicolons
        return ("; " if any(", " in i for i in items) else ", ").join(items)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _mapping_words(value: Mapping[Any, Any], nested: bool = False, phrase: Phrase | None = None) -> str:
    """`Ann: 3, Bob: 5`; entries that hold commas of their own (a side's melds) are set apart by
    semicolons, and a mapping inside another reads without colons: `melds K♠ K♥ K♦, red threes 1`."""
    items = []
    for key, item in value.items():
        said = phrase(str(key), item) if phrase is not None else None
        if said is not None:
            items.append(("", said))
            continue
        if isinstance(item, Mapping):
            words = _mapping_words(item, nested=True, phrase=phrase)
        else:
            words = value_words(item) if item not in ("", None) else "none"
        items.append((str(key).replace("_", " "), words))
    parts = [f"{k}{' ' if nested else ': '}{w}" if k else w for k, w in items]
    return ("; " if not nested and any(", " in w for _, w in items) else ", ").join(parts)


def house_rules_summary(house_rules: HouseRules | None) -> str:
    """The house rules that differ from the usual ones, in one line:
    `gin-rummy: knock limit 7 (usually 10); bridge: game points 120 (usually 100)`; "" when none."""
    from deckgen.houserules import house_rule_parameters

    if not house_rules:
        return ""
    known = house_rule_parameters()
    parts = []
    for game, values in house_rules.items():
        defaults = known.get(game, {})
        changed = [
            rule_change_words(k, v, defaults[k])
            for k, v in (values or {}).items()
            if k in defaults and v != defaults[k]
        ]
        if changed:
            parts.append(f"{game}: {', '.join(changed)}")
    return "; ".join(parts)


def find_game(name: str) -> GameSpec | None:
    """An engine game by its own name, or by the name of the rules file that covers it (`brag` is
    `brag-hands`, `open-face-chinese-poker` is `ofc`): one name per game everywhere."""
    spec = get_game(name)
    if spec is not None:
        return spec
    from deckgen.houserules import rules_sources

    path = rules_sources().get(str(name).strip().lower())
    if path is None:
        return None
    try:
        games = load_source(path).engine_games
    except UserError:
        return None
    return games[0] if games else None
