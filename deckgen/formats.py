"""Card formats as data: named trim sizes with their corner, bleed and safe margin (templates/formats.toml).

deckgen ships `skat` (59 x 91 mm, the tin deck and the default), `poker`,
`bridge`, `tarot`, `mini` and `jumbo`. A shop or a user adds formats, or
changes a shipped one, with a `formats.toml` beside deck.toml written like the
shipped file: it is read over it, table by table (a new name adds a format, a
shipped name is replaced whole).

The limits that keep a face drawable are here once (`format_problem`), for the
shipped file, a user's file and deck.toml's own [card] values alike.

>>> f = get_format("poker")
>>> (f.width_mm, f.height_mm, f.corner_mm, f.bleed_mm, f.safe_mm)
(63.0, 88.0, 3.5, 3.0, 4.0)
>>> format_problem(59, 91, 20, 4)
('corner_mm', 'expected at most a quarter of the short side: 14.75 mm for a 59 x 91 mm card (got 20)')
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from deckgen.errors import UserError, unknown_choice
from deckgen.paths import check_folder_file, read_limited
from deckgen.resources import data_dir
from deckgen.tomlerrors import parse_toml

__all__ = [
    "DEFAULT_FORMAT", "FORMATS_FILE", "FormatSpec", "LIMITS", "TIN_INSIDE_MM", "format_names", "format_problem",
    "get_format", "load_formats", "tin_misfit", "unknown_format",
]

DEFAULT_FORMAT = "skat"
#: The file name of the shipped formats and of a user's own, beside deck.toml.
FORMATS_FILE = "formats.toml"

#: The sizes deckgen can lay a face out on, in mm: (lowest, highest).
LIMITS = {"width_mm": (30.0, 150.0), "height_mm": (40.0, 200.0), "bleed_mm": (0.0, 10.0), "safe_mm": (2.0, 20.0)}

#: The room inside the 141 x 100 x 46 mm tin (its outside), taken as 2 mm less a side for the walls, the
#: rolled rim and the lid's overlap: what a deck must fit in, lying flat either way round, with its booklet.
TIN_INSIDE_MM = (137.0, 96.0, 42.0)


class FormatSpec(BaseModel):
    """One card format: trim width and height, the cutter's corner radius, bleed and safe margin (mm)."""

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    name: str = ""
    title: str = ""
    width_mm: float = Field(ge=LIMITS["width_mm"][0], le=LIMITS["width_mm"][1])
    height_mm: float = Field(ge=LIMITS["height_mm"][0], le=LIMITS["height_mm"][1])
    corner_mm: float = Field(ge=0)
    bleed_mm: float = Field(ge=LIMITS["bleed_mm"][0], le=LIMITS["bleed_mm"][1])
    safe_mm: float = Field(ge=LIMITS["safe_mm"][0], le=LIMITS["safe_mm"][1])


def format_problem(width: float, height: float, corner: float, safe: float) -> tuple[str, str] | None:
    """What is wrong with a format as a whole, as (key, message), or None: a card is upright and at
    most twice as tall as wide, its corner at most a quarter of the short side, its safe margin at
    most a sixth of it."""
    size = f"a {width:g} x {height:g} mm card"
    if height < width:
        return ("height_mm", f"expected at least the width ({width:g} mm): a card is drawn upright (got {height:g})")
    if height > 2 * width:
        return ("height_mm", f"expected at most twice the width ({2 * width:g} mm): a longer strip is a bookmark, "
                f"not a card (got {height:g})")
    if corner > width / 4:
        return ("corner_mm", f"expected at most a quarter of the short side: {width / 4:g} mm for {size} (got {corner:g})")
    if safe > width / 6:
        return ("safe_mm", f"expected at most a sixth of the short side: {width / 6:g} mm for {size} (got {safe:g})")
    return None


def tin_misfit(name: str, width_mm: float, height_mm: float, cards: int, card_thickness_mm: float) -> str | None:
    """Why a deck of these cards does not go in the tin, in one line naming the format and the tin, or None.
    The tin is made for the 59 x 91 mm skat card; a card fits lying flat, upright or turned.

    >>> tin_misfit("jumbo", 89, 127, 54, 0.3) is None  # 127 x 89 mm turned: inside 137 x 96
    True
    >>> tin_misfit("big", 100, 140, 54, 0.3)
    'the big cards (100 x 140 mm) do not fit in the 141 x 100 mm tin, which holds cards up to 96 x 137 mm (either way round): set [box] kind = "tuck" for a box made to their size'
    """
    inside_w, inside_h, inside_d = TIN_INSIDE_MM
    short, long_ = sorted((width_mm, height_mm))
    if short > inside_h or long_ > inside_w:
        return (f"the {name} cards ({width_mm:g} x {height_mm:g} mm) do not fit in the 141 x 100 mm tin, which holds "
                f"cards up to {inside_h:g} x {inside_w:g} mm (either way round): set [box] kind = \"tuck\" for a box "
                "made to their size")
    depth = round(cards * card_thickness_mm, 4)
    if depth > inside_d:
        return (f"{cards} {name} cards of {card_thickness_mm:g} mm make a stack {depth:g} mm tall; the 141 x 100 x 46 mm "
                f"tin holds {inside_d:g} mm: set [box] kind = \"tuck\" for a box made to their size, or fewer cards")
    return None


def _read(path: Path, text: str) -> dict[str, FormatSpec]:
    """The formats of one TOML file, each checked; a problem names the file and the key."""
    data = parse_toml(text, path)
    out: dict[str, FormatSpec] = {}
    for name, table in data.items():
        if not isinstance(table, dict):
            raise UserError(f"{path}: {name}: expected a table [{name}] with width_mm, height_mm, corner_mm, "
                            "bleed_mm and safe_mm")
        try:
            spec = FormatSpec.model_validate(table | {"name": name})
        except ValidationError as exc:
            err = exc.errors()[0]
            key = ".".join(str(p) for p in (name, *err.get("loc", ())))
            raise UserError(f"{path}: {key}: {_said(err)}") from None
        problem = format_problem(spec.width_mm, spec.height_mm, spec.corner_mm, spec.safe_mm)
        if problem is not None:
            raise UserError(f"{path}: {name}.{problem[0]}: {problem[1]}")
        out[name] = spec
    return out


def _said(err: object) -> str:
    """pydantic's error for one key of a formats file, in a line."""
    kind = err.get("type", "")  # type: ignore[attr-defined]
    loc = err.get("loc", ())  # type: ignore[attr-defined]
    name = str(loc[-1]) if loc else ""
    if kind == "missing":
        return "missing: every format needs width_mm, height_mm, corner_mm, bleed_mm and safe_mm"
    if kind == "extra_forbidden":
        return "unknown key: expected title, width_mm, height_mm, corner_mm, bleed_mm or safe_mm"
    if name in LIMITS:
        low, high = LIMITS[name]
        return f"expected a number from {low:g} to {high:g} (got {err.get('input')!r})"  # type: ignore[attr-defined]
    return str(err.get("msg", "invalid value"))  # type: ignore[attr-defined]


@lru_cache(maxsize=16)
def _cached(path: Path, text: str) -> dict[str, FormatSpec]:
    return _read(path, text)


def _formats_of(path: Path) -> dict[str, FormatSpec]:
    """A formats file read afresh every time (a few hundred bytes) and parsed once per content: an edit
    counts even when it keeps the file's size and lands in the same clock tick as the last (`deckgen serve`)."""
    try:
        text = read_limited(path, "config").decode("utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: cannot be read ({exc})") from None
    return _cached(path, text)


def load_formats(base_dir: Path | None = None) -> dict[str, FormatSpec]:
    """The shipped formats, with a `formats.toml` in `base_dir` (deck.toml's folder) read over them."""
    formats = dict(_formats_of(data_dir("templates") / FORMATS_FILE))
    own = Path(base_dir) / FORMATS_FILE if base_dir is not None else None
    if own is not None and os.path.lexists(own):
        check_folder_file(own, "config")  # a link out of the deck folder, a device, 700 MB: never read
        formats.update(_formats_of(own.resolve()))
    return formats


def format_names(base_dir: Path | None = None) -> list[str]:
    """The names deck.toml's [card] format may use."""
    return list(load_formats(base_dir))


def unknown_format(name: str, base_dir: Path | None = None) -> str:
    """The message for a format name that is not known: the close name, and every name."""
    names = format_names(base_dir)
    return unknown_choice("card format", name, names, f" (or your own in a {FORMATS_FILE} beside deck.toml)")


def get_format(name: str, base_dir: Path | None = None) -> FormatSpec:
    """A format by name; KeyError with `unknown_format`'s message when there is none."""
    formats = load_formats(base_dir)
    if name not in formats:
        raise KeyError(unknown_format(name, base_dir))
    return formats[name]
