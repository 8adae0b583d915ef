"""Paper sizes for the home-print sheets: the named ones and any size in millimetres.

Here, not in render/sheets.py, so that config can check `[print] paper` without
importing a renderer.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.errors import unknown_choice

__all__ = ["CUSTOM_PAPER_MM", "PAPERS", "Paper", "paper_file_name", "paper_named"]


@dataclass(frozen=True)
class Paper:
    name: str
    width_mm: float
    height_mm: float


PAPERS: dict[str, Paper] = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
    "a3": Paper("A3", 297.0, 420.0),
    "legal": Paper("Legal", 215.9, 355.6),
    "tabloid": Paper("Tabloid", 279.4, 431.8),
}
#: A paper of any size, written WIDTHxHEIGHT in millimetres ("300x450"), within these bounds.
CUSTOM_PAPER_MM = (90.0, 1500.0)


def paper_named(name: str) -> Paper:
    """A known paper by name, or any size as 'WIDTHxHEIGHT' in mm; ValueError says what is expected."""
    key = name.strip().lower()
    if key in PAPERS:
        return PAPERS[key]
    parts = key.removesuffix("mm").replace("×", "x").split("x")
    try:
        width, height = (float(p) for p in parts)
    except ValueError:
        raise ValueError(unknown_choice("paper", name, PAPERS, " or a size in mm such as '300x450'")) from None
    low, high = CUSTOM_PAPER_MM
    if not (low <= width <= high and low <= height <= high):
        raise ValueError(f"'{name}': a paper from {low:g} to {high:g} mm a side, please")
    return Paper(f"{width:g} x {height:g} mm", width, height)


def paper_file_name(name: str) -> str:
    """The part of a sheet file's name that says its paper: a4, letter, 300x450mm."""
    paper = paper_named(name)
    key = name.strip().lower()
    return key if key in PAPERS else f"{paper.width_mm:g}x{paper.height_mm:g}mm"
