"""Millimetres are the truth; pixels and points exist only at the edge, from here.

Every size is rounded once, the same way (round half up), so 59 mm at 300 DPI
is 697 px everywhere in deckgen, and bleed adds to every side:

>>> from deckgen.units import card_box, tin_box, mm_to_px
>>> mm_to_px(59, 300), mm_to_px(91, 300)
(697, 1075)
>>> card_box(300, bleed_mm=0).size, card_box(300).size, tin_box().size
((697, 1075), (768, 1146), (833, 591))
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

__all__ = [
    "CARD_CORNER_RADIUS_MM",
    "CARD_HEIGHT_MM",
    "CARD_SAFE_ZONE_MM",
    "CARD_WIDTH_MM",
    "DEFAULT_BLEED_MM",
    "DEFAULT_CARD_DPI",
    "DEFAULT_TIN_DPI",
    "LID_BLEED_MM",
    "LID_SAFE_MM",
    "MM_PER_INCH",
    "POCKET_MAX_MM",
    "POINTS_PER_INCH",
    "PixelBox",
    "TIN_CORNER_RADIUS_MM",
    "TIN_DEPTH_MM",
    "TIN_HEIGHT_MM",
    "TIN_WIDTH_MM",
    "card_box",
    "mm_per_px",
    "mm_to_pt",
    "mm_to_px",
    "mm_to_px_f",
    "pt_to_mm",
    "px_per_mm",
    "px_to_mm",
    "tin_box",
]

MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0

CARD_WIDTH_MM = 59.0
CARD_HEIGHT_MM = 91.0
CARD_CORNER_RADIUS_MM = 5.0
CARD_SAFE_ZONE_MM = 4.0
DEFAULT_CARD_DPI = 300
DEFAULT_BLEED_MM = 3.0

TIN_WIDTH_MM = 141.0
TIN_HEIGHT_MM = 100.0
TIN_DEPTH_MM = 46.0
DEFAULT_TIN_DPI = 150
#: The lid's corner radius: the tin maker's die, not ours; a common value for a 141 x 100 mm tin,
#: settable as [tin] corner_radius_mm. The lid's print file has this bleed and keeps art this far in.
TIN_CORNER_RADIUS_MM = 8.0
LID_BLEED_MM = 3.0
LID_SAFE_MM = 3.0

#: The largest booklet page that still fits the tin beside the deck.
POCKET_MAX_MM = (135.0, 95.0)


def mm_to_px(mm: float, dpi: float) -> int:
    """Millimetres to whole pixels at `dpi`, rounded half up (59 mm at 300 DPI -> 697)."""
    exact = Decimal(repr(float(mm))) / Decimal("25.4") * Decimal(repr(float(dpi)))
    return int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def mm_to_px_f(mm: float, dpi: float) -> float:
    """Millimetres to fractional pixels, for positions inside an image."""
    return mm / MM_PER_INCH * dpi


def px_per_mm(dpi: float) -> float:
    """Pixels in a millimetre at `dpi`: the scale a layout in millimetres is drawn at (11.81 at 300 DPI)."""
    return dpi / MM_PER_INCH


def mm_per_px(dpi: float) -> float:
    """Millimetres in a pixel at `dpi`, for saying in mm how large something drawn is."""
    return MM_PER_INCH / dpi


def px_to_mm(px: float, dpi: float) -> float:
    """Pixels at `dpi` back to millimetres."""
    return px / dpi * MM_PER_INCH


def mm_to_pt(mm: float) -> float:
    """Millimetres to PDF points (1/72 inch)."""
    return mm / MM_PER_INCH * POINTS_PER_INCH


def pt_to_mm(pt: float) -> float:
    """PDF points back to millimetres (A4 is 595.28 x 841.89 pt).

    >>> round(pt_to_mm(595.28), 1), round(pt_to_mm(841.89), 1)
    (210.0, 297.0)
    """
    return pt / POINTS_PER_INCH * MM_PER_INCH


@dataclass(frozen=True)
class PixelBox:
    """A physical rectangle with bleed, resolved to pixels at one DPI."""

    width_mm: float
    height_mm: float
    bleed_mm: float
    dpi: int

    @property
    def width_px(self) -> int:
        """Total image width: trim plus bleed on both sides."""
        return mm_to_px(self.width_mm + 2 * self.bleed_mm, self.dpi)

    @property
    def height_px(self) -> int:
        return mm_to_px(self.height_mm + 2 * self.bleed_mm, self.dpi)

    @property
    def size(self) -> tuple[int, int]:
        return (self.width_px, self.height_px)

    @property
    def bleed_px(self) -> float:
        """Bleed in pixels on each side, as laid out inside the image."""
        return (self.width_px - mm_to_px(self.width_mm, self.dpi)) / 2

    def px(self, mm: float) -> float:
        """A length in mm as fractional pixels at this box's DPI."""
        return mm_to_px_f(mm, self.dpi)

    def trim_rect(self) -> tuple[float, float, float, float]:
        """(left, top, right, bottom) of the trim line in pixels."""
        b = self.bleed_px
        return (b, b, self.width_px - b, self.height_px - b)


def card_box(dpi: int = DEFAULT_CARD_DPI, bleed_mm: float = DEFAULT_BLEED_MM) -> PixelBox:
    """The card face (59 x 91 mm) with its bleed, at `dpi`."""
    return PixelBox(CARD_WIDTH_MM, CARD_HEIGHT_MM, bleed_mm, dpi)


def tin_box(dpi: int = DEFAULT_TIN_DPI, bleed_mm: float = 0.0) -> PixelBox:
    """The tin-lid art (141 x 100 mm), at `dpi` (150 unless told)."""
    return PixelBox(TIN_WIDTH_MM, TIN_HEIGHT_MM, bleed_mm, dpi)
