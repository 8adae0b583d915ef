"""The games the library has (its rules files) and the house rules deck.toml may set for them:
each game's parameters, with their defaults and choices, read from its rules file's front matter,
and a deck's [house_rules] checked against them."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

import yaml
from pydantic import ValidationError
from pydantic_core import InitErrorDetails, PydanticCustomError

from deckgen.errors import unknown_choice
from deckgen.limits import safe_yaml
from deckgen.resources import data_dir

__all__ = ["check_house_rules", "fail", "game_titles", "house_rule_parameters", "house_rule_specs", "rules_sources"]


def rules_sources() -> dict[str, Path]:
    """The games the booklet can print: each `rules/*.md` by its file stem."""
    try:
        folder = data_dir("rules")
    except FileNotFoundError:
        return {}
    return {p.stem: p for p in sorted(folder.glob("*.md"))}


def game_titles(names: list[str]) -> list[str]:
    """Display titles of games: the `title` in each rules file's front matter, else the name in title case."""
    sources = rules_sources()
    titles = []
    for name in names:
        front = _front_matter(sources[name]) if name in sources else {}
        title = front.get("title")
        titles.append(title if isinstance(title, str) else name.replace("-", " ").title())
    return titles


def _front_matter(path: Path) -> dict[str, Any]:
    """Only the YAML front matter of a rules file (the booklet reads the rest)."""
    text = path.read_text(encoding="utf-8")
    if not text.startswith("---"):
        return {}
    end = text.find("\n---", 3)
    try:
        data = safe_yaml(text[3:end]) if end > 0 else None
    except yaml.YAMLError:
        return {}
    return data if isinstance(data, dict) else {}


def house_rule_parameters() -> dict[str, dict[str, Any]]:
    """Every name `[house_rules.<name>]` may use -> its parameters and defaults (see house_rule_specs)."""
    return {game: {key: p.default for key, p in params.items()} for game, params in house_rule_specs().items()}


def house_rule_specs() -> dict[str, dict[str, Any]]:
    """Every name `[house_rules.<name>]` may use -> its parameters (engine.base.Parameter: default, choices).

    Engine games (`gin-rummy`) bring their own parameters; a rules file (`poker`) brings
    those of the engine games its front matter names, and a rules file without an engine
    (`spite-and-malice`) has none.
    """
    from deckgen.engine.registry import (
        all_games,  # late: loads every game; most commands never ask
    )

    known: dict[str, dict[str, Any]] = {name: {p.name: p for p in spec.parameters} for name, spec in all_games().items()}
    for stem, path in rules_sources().items():
        front = _front_matter(path)
        params: dict[str, Any] = {}
        engines = front.get("engine") or []
        for engine_name in engines if isinstance(engines, list) else [engines]:
            for key, value in known.get(str(engine_name), {}).items():
                params.setdefault(key, value)
        known[stem] = {**known.get(stem, {}), **params}
    return known


def _same_type(default: Any, value: Any) -> bool:
    if default is None:
        return True
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, (int, float)):
        return isinstance(value, (int, float)) and (isinstance(default, float) or isinstance(value, int))
    return isinstance(value, type(default))


def _type_name(default: Any) -> str:
    return {bool: "true or false", int: "a whole number", float: "a number", str: "text", list: "a list"}.get(
        type(default), type(default).__name__
    )


def check_house_rules(rules: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Every game and parameter must exist and each value must have the default's type."""
    known = house_rule_specs()
    for game, overrides in rules.items():
        if game not in known:
            fail((game,), game, unknown_choice("game", game, sorted(known)))
        if not isinstance(overrides, dict):
            fail((game,), overrides, "expected a table of house-rule parameters")
        params = known[game]
        for key, value in overrides.items():
            if key not in params:
                fail((game, key), value, unknown_choice("house rule", key, params, of=f"for {game}"))
            default = params[key].default
            if not _same_type(default, value):
                fail((game, key), value, f"expected {_type_name(default)} like the default {default!r}")
            choices = [c.value for c in params[key].choices]
            if choices and isinstance(value, str) and value.strip().lower() not in [c.lower() for c in choices]:
                fail((game, key), value, unknown_choice("value", value, choices))
    return rules


def fail(loc: tuple[str | int, ...], value: Any, message: str, title: str = "house_rules") -> NoReturn:
    """Raise a validation error at `loc` (relative to the field or model being validated)."""
    detail = InitErrorDetails(
        type=PydanticCustomError("value_error", "{msg}", {"msg": message}), loc=loc, input=value
    )
    raise ValidationError.from_exception_data(title, [detail])
