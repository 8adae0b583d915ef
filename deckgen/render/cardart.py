"""The card images print files are made from: which face goes with which back, checked for size.

Print files work from the PNG files the face and back renderers wrote, so that
what is printed is exactly what the user looked at. Every image must have the
deck's size in pixels (trim plus bleed at the deck's DPI); anything else would
print at the wrong size, so it is refused with the expected size.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, UnidentifiedImageError

from deckgen.design import CardFormat
from deckgen.errors import UserError
from deckgen.render.pdfcanvas import EmbeddedImage, image_from_png


@dataclass(frozen=True)
class CardArt:
    """One physical card to print: its face image, its back image and a short name (`QS`, `JK1`)."""

    name: str
    face: Path
    back: Path


def image_size(path: Path) -> tuple[int, int]:
    """Width and height of an image file in pixels, or a UserError naming the file."""
    try:
        with Image.open(path) as im:
            return im.size
    except FileNotFoundError:
        raise UserError(f"{path}: card image not found") from None
    except (UnidentifiedImageError, OSError) as exc:
        raise UserError(f"{path}: is not a readable image ({exc})") from None


def check_size(path: Path, geometry: CardFormat) -> None:
    """Refuse an image that would not print at the card's true size."""
    size = image_size(path)
    want = geometry.box().size
    if size != want:
        raise UserError(
            f"{path}: is {size[0]} x {size[1]} px; expected {want[0]} x {want[1]} px "
            f"({geometry.width_mm:g} x {geometry.height_mm:g} mm plus {geometry.bleed_mm:g} mm bleed "
            f"at {geometry.dpi} DPI)"
        )


def load_images(cards: Iterable[CardArt], geometry: CardFormat, backs: bool = True) -> dict[str, EmbeddedImage]:
    """Every distinct face (and back) image, checked and ready to embed, keyed by its path."""
    out: dict[str, EmbeddedImage] = {}
    for card in cards:
        for path in (card.face, card.back) if backs else (card.face,):
            key = str(path)
            if key not in out:
                check_size(path, geometry)
                out[key] = image_from_png(path)
    return out
