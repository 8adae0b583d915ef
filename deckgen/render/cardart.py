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

from deckgen.errors import UserError
from deckgen.render.pdfcanvas import EmbeddedImage, image_from_png
from deckgen.units import CARD_CORNER_RADIUS_MM, CARD_HEIGHT_MM, CARD_WIDTH_MM, PixelBox


@dataclass(frozen=True)
class CardArt:
    """One physical card to print: its face image, its back image and a short name (`QS`, `JK1`)."""

    name: str
    face: Path
    back: Path


@dataclass(frozen=True)
class CardGeometry:
    """The physical card the images show: trim size, corner radius and bleed in mm, and the DPI of the images
    (the design's card format, as the print files need it)."""

    dpi: int
    bleed_mm: float
    width_mm: float = CARD_WIDTH_MM
    height_mm: float = CARD_HEIGHT_MM
    corner_radius_mm: float = CARD_CORNER_RADIUS_MM

    @property
    def box(self) -> PixelBox:
        """The card with its bleed in pixels at the images' DPI."""
        return PixelBox(self.width_mm, self.height_mm, self.bleed_mm, self.dpi)

    @property
    def pixel_size(self) -> tuple[int, int]:
        return self.box.size


def image_size(path: Path) -> tuple[int, int]:
    """Width and height of an image file in pixels, or a UserError naming the file."""
    try:
        with Image.open(path) as im:
            return im.size
    except FileNotFoundError:
        raise UserError(f"{path}: card image not found") from None
    except (UnidentifiedImageError, OSError) as exc:
        raise UserError(f"{path}: is not a readable image ({exc})") from None


def check_size(path: Path, geometry: CardGeometry) -> None:
    """Refuse an image that would not print at the card's true size."""
    size = image_size(path)
    want = geometry.pixel_size
    if size != want:
        raise UserError(
            f"{path}: is {size[0]} x {size[1]} px; expected {want[0]} x {want[1]} px "
            f"({geometry.width_mm:g} x {geometry.height_mm:g} mm plus {geometry.bleed_mm:g} mm bleed "
            f"at {geometry.dpi} DPI)"
        )


def load_images(cards: Iterable[CardArt], geometry: CardGeometry, backs: bool = True) -> dict[str, EmbeddedImage]:
    """Every distinct face (and back) image, checked and ready to embed, keyed by its path."""
    out: dict[str, EmbeddedImage] = {}
    for card in cards:
        for path in (card.face, card.back) if backs else (card.face,):
            key = str(path)
            if key not in out:
                check_size(path, geometry)
                out[key] = image_from_png(path)
    return out
