"""The shipped design data: occasion themes, colour palettes and back templates.

All of it is TOML under `templates/` (themes/*.toml, backs/*.toml,
palettes.toml), so a new theme or back template is a new file, not a code
change. Loading is cached per path and returns frozen objects: nothing here
holds state that a render could change.

Both `config` (which checks the names deck.toml uses) and the design
resolution read this module; it imports neither, so there is no cycle.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckgen.colour import normalise_colour
from deckgen.errors import UserError, unknown_choice
from deckgen.render.parts import PART_KINDS
from deckgen.resources import data_dir
from deckgen.tomlerrors import parse_toml

__all__ = [
    "ORNAMENT_NAMES", "PALETTE_ROLES", "BackTemplate", "Colours", "Palette", "TemplateDataError", "Theme", "ThemeText",
    "get_palette", "get_template", "get_theme", "palette_names", "template_names", "theme_names",
]

#: The colour roles a palette fills: the card's outer margin, the field, pattern lines, ornaments.
PALETTE_ROLES = ("paper", "ground", "ink", "accent")

#: The ornaments a back, a theme or the lid may name (render/patterns.py draws each; a test keeps
#: the two lists the same). Here so that deck.toml can be checked without loading the drawing code.
ORNAMENT_NAMES = ("none", "rosette", "rings", "snowflake", "star", "hearts", "burst", "wreath", "diamond", "suits")


@dataclass(frozen=True)
class Colours:
    """The four palette roles as '#rrggbb' (see PALETTE_ROLES), as the pattern and lid renderers use them."""

    paper: str
    ground: str
    ink: str
    accent: str


class TemplateDataError(UserError):
    """A shipped or user-added template file that is not valid: names the file and the key."""

    def __init__(self, file: Path, key: str, message: str) -> None:
        super().__init__(f"{file}: {key}: {message}" if key else f"{file}: {message}")


@dataclass(frozen=True)
class Palette:
    """Four colours as '#rrggbb' strings, one per role in PALETTE_ROLES."""

    name: str
    paper: str
    ground: str
    ink: str
    accent: str
    description: str = ""

    @property
    def colours(self) -> Colours:
        return Colours(self.paper, self.ground, self.ink, self.accent)

    def with_overrides(self, **colours: str | None) -> Palette:
        """The same palette with any role given a colour of its own (None keeps the palette's)."""
        values = {role: colours.get(role) or getattr(self, role) for role in PALETTE_ROLES}
        return Palette(self.name, description=self.description, **values)


@dataclass(frozen=True)
class BackTemplate:
    """A back template: which pattern to draw and its parameters (all lengths in mm)."""

    name: str
    pattern: str
    description: str
    params: dict[str, Any] = field(default_factory=dict, hash=False)
    #: Kinds of part (render.parts.PART_KINDS) that lie on one another on purpose, in pairs: the
    #: collision check allows these and no other overlap.
    layering: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ThemeText:
    """Default text for the back that a theme supplies (same keys as [[back.text]])."""

    content: str
    position: tuple[float, float] = (0.5, 0.5)
    size_mm: float = 6.0
    font: str = "DejaVuSerif-Bold.ttf"
    mirror: bool = False


@dataclass(frozen=True)
class Theme:
    """An occasion: palette, back template and ornament, and the lid's default words."""

    name: str
    title: str
    description: str
    back_template: str
    back_palette: str
    back2_palette: str
    back_ornament: str
    back_text: tuple[ThemeText, ...]
    lid_palette: str
    lid_ornament: str
    lid_title: str
    lid_subtitle: str
    title_font: str
    body_font: str
    #: The robe colour of the drawn courts and jokers ([courts] robe); None: the classic blue.
    court_robe: str | None = None


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TemplateDataError(path, "", f"cannot be read ({exc})") from None
    return parse_toml(text, path)


def _str(path: Path, data: dict[str, Any], key: str, default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or (default is None and not value):
        raise TemplateDataError(path, key, f"expected a text, got {value!r}")
    return value


def _templates_root() -> Path:
    return data_dir("templates")


# ------------------------------------------------------------------ palettes


@lru_cache(maxsize=8)
def _palettes(root: Path) -> dict[str, Palette]:
    path = root / "palettes.toml"
    data = _read_toml(path)
    out: dict[str, Palette] = {}
    for name, table in data.items():
        if not isinstance(table, dict):
            raise TemplateDataError(path, name, "expected a table of paper, ground, ink and accent colours")
        colours: dict[str, str] = {}
        for role in PALETTE_ROLES:
            try:
                colours[role] = normalise_colour(table.get(role))
            except ValueError as exc:
                raise TemplateDataError(path, f"{name}.{role}", str(exc)) from None
        out[name] = Palette(name, description=str(table.get("description", "")), **colours)
    return out


def palette_names() -> list[str]:
    """Every named palette, in file order."""
    return list(_palettes(_templates_root()))


def get_palette(name: str) -> Palette:
    """A named palette; KeyError-free: an unknown name is a UserError listing the choices."""
    palettes = _palettes(_templates_root())
    if name not in palettes:
        raise UserError(unknown_choice("palette", name, palettes))
    return palettes[name]


# ------------------------------------------------------------------ back templates


@lru_cache(maxsize=8)
def _back_templates(root: Path) -> dict[str, BackTemplate]:
    out: dict[str, BackTemplate] = {}
    for path in sorted((root / "backs").glob("*.toml")):
        data = _read_toml(path)
        params = data.get("params", {})
        if not isinstance(params, dict):
            raise TemplateDataError(path, "params", "expected a table of pattern parameters")
        out[path.stem] = BackTemplate(
            name=path.stem,
            pattern=_str(path, data, "pattern"),
            description=_str(path, data, "description", ""),
            params=dict(params),
            layering=_layering(path, data.get("layering", [])),
        )
    return out


def _layering(path: Path, value: Any) -> tuple[tuple[str, str], ...]:
    """A template's `layering`: a list of pairs of part kinds, e.g. [["text", "picture"]]."""
    if not isinstance(value, list) or not all(
            isinstance(pair, list) and len(pair) == 2 and all(k in PART_KINDS for k in pair) for pair in value):
        raise TemplateDataError(path, "layering", "expected a list of pairs of part kinds, e.g. [[\"text\", \"picture\"]], "
                                f"each one of {', '.join(PART_KINDS)}")
    return tuple((str(a), str(b)) for a, b in value)


def template_names() -> list[str]:
    """Every back template (file stems of templates/backs/*.toml), sorted."""
    return list(_back_templates(_templates_root()))


def get_template(name: str) -> BackTemplate:
    templates = _back_templates(_templates_root())
    if name not in templates:
        raise UserError(unknown_choice("back template", name, templates))
    return templates[name]


# ------------------------------------------------------------------ themes


def _theme_text(path: Path, index: int, item: Any) -> ThemeText:
    key = f"back.text[{index}]"
    if not isinstance(item, dict):
        raise TemplateDataError(path, key, "expected a table with content, position and size_mm")
    pos = item.get("position", [0.5, 0.5])
    if not (isinstance(pos, list) and len(pos) == 2 and all(isinstance(v, (int, float)) for v in pos)):
        raise TemplateDataError(path, f"{key}.position", "expected [across, down] fractions")
    return ThemeText(
        content=_str(path, item, "content"),
        position=(float(pos[0]), float(pos[1])),
        size_mm=float(item.get("size_mm", 6.0)),
        font=_str(path, item, "font", "DejaVuSerif-Bold.ttf"),
        mirror=bool(item.get("mirror", False)),
    )


def _court_robe(path: Path, data: dict[str, Any]) -> str | None:
    courts = data.get("courts", {})
    if not isinstance(courts, dict):
        raise TemplateDataError(path, "courts", "expected a table")
    if "robe" not in courts:
        return None
    try:
        return normalise_colour(courts["robe"])
    except ValueError as exc:
        raise TemplateDataError(path, "courts.robe", str(exc)) from None


@lru_cache(maxsize=8)
def _themes(root: Path) -> dict[str, Theme]:
    out: dict[str, Theme] = {}
    for path in sorted((root / "themes").glob("*.toml")):
        data = _read_toml(path)
        back = data.get("back", {})
        lid = data.get("lid", {})
        if not isinstance(back, dict) or not isinstance(lid, dict):
            raise TemplateDataError(path, "back" if not isinstance(back, dict) else "lid", "expected a table")
        texts = back.get("text", [])
        if not isinstance(texts, list):
            raise TemplateDataError(path, "back.text", "expected a list of [[back.text]] tables")
        out[path.stem] = Theme(
            name=path.stem,
            title=_str(path, data, "title"),
            description=_str(path, data, "description"),
            back_template=_str(path, back, "template"),
            back_palette=_str(path, back, "palette"),
            back2_palette=_str(path, back, "palette2"),
            back_ornament=_str(path, back, "ornament", "none"),
            back_text=tuple(_theme_text(path, i, t) for i, t in enumerate(texts)),
            lid_palette=_str(path, lid, "palette", back.get("palette")),
            lid_ornament=_str(path, lid, "ornament", "none"),
            lid_title=_str(path, lid, "title", "{name}"),
            lid_subtitle=_str(path, lid, "subtitle", ""),
            title_font=_str(path, data, "title_font", "DejaVuSerif-Bold.ttf"),
            body_font=_str(path, data, "body_font", "DejaVuSerif-Italic.ttf"),
            court_robe=_court_robe(path, data),
        )
    return out


def theme_names() -> list[str]:
    """Every theme (file stems of templates/themes/*.toml), with `plain` first."""
    names = sorted(_themes(_templates_root()))
    return sorted(names, key=lambda n: (n != "plain", n))


def get_theme(name: str) -> Theme:
    """A theme by name; an unknown name is a UserError that lists the themes."""
    themes = _themes(_templates_root())
    if name not in themes:
        raise UserError(unknown_choice("theme", name, theme_names()))
    return themes[name]
