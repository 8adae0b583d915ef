"""Where the shipped data lives: inside the installed package, or the checkout in development."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(name: str) -> Path:
    """`rules`, `templates` or `assets`: in the wheel they sit inside the package;
    in a source checkout `rules` and `templates` are at the top level."""
    inside = _PACKAGE / name
    if inside.is_dir():
        return inside
    beside = _PACKAGE.parent / name
    if beside.is_dir():
        return beside
    raise FileNotFoundError(f"deckgen's {name} folder is missing from this installation")


def font_path(filename: str) -> Path:
    return data_dir("assets") / "fonts" / filename
