"""Print-shop presets: what a shop asks of the print file, as data (templates/shops/NAME.toml).

A preset fixes the bleed and safe zone, the PDF/X flavour and PDF version,
the page order, whether faces and backs go in separate files, the total-ink
limit, the lowest photo resolution and whether a die line is drawn; and, for a
shop that prints only some card sizes, which (`card_sizes_mm`: a deck of
another size is refused with that list, never printed at the wrong size; a
preset without it takes any card format). A shop adds its own by copying a file; `--shop path/to/file.toml` reads one that is
not in templates/.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from deckgen.errors import UserError, unknown_choice
from deckgen.paths import read_limited
from deckgen.resources import data_dir
from deckgen.tomlerrors import parse_toml

Order = Literal["faces-then-backs", "face-then-back", "back-then-face"]
DEFAULT_SHOP = "generic"
#: How far a deck's card may differ from a preset's size and still count as that size.
CARD_SIZE_TOLERANCE_MM = 0.5


class ShopPreset(BaseModel):
    """One shop's requirements; every key has to be given, so a preset says what it means."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = ""
    title: str
    bleed_mm: float = Field(ge=0, le=10)
    safe_mm: float = Field(ge=0, le=15)
    pdfx: Literal["X-4", "X-1a", "X-1a:2003"]
    pdf_version: Literal["1.3", "1.4", "1.5", "1.6", "1.7"]
    order: Order
    split: bool
    ink_limit: int = Field(ge=150, le=400)
    min_ppi: int = Field(ge=72, le=1200)
    die_line: bool
    #: The thinnest line the shop's press holds, in points: thinner lines of the drawn art are drawn this wide.
    min_line_pt: float = Field(default=0.25, ge=0, le=2)
    #: The trim sizes (width, height in mm) the shop prints; empty: any size.
    card_sizes_mm: tuple[tuple[float, float], ...] = ()
    #: The numbers of cards a deck may have at the shop (its order sizes); empty: any number.
    card_counts: tuple[int, ...] = ()

    def count_mismatch(self, count: int, reference: int = 0) -> str | None:
        """Why this preset cannot take a deck of `count` cards (`reference` of them reference cards); None when it can."""
        if not self.card_counts or count in self.card_counts:
            return None
        counts = " or ".join(str(n) for n in self.card_counts)
        made = f" ({count - reference} and {reference} reference card{'s' if reference != 1 else ''})" if reference else ""
        return (f"the '{self.name}' preset takes decks of {counts} cards and this deck has {count}{made}; "
                "change [reference] cards or the deck's profile, or the preset's card_counts")

    def card_mismatch(self, width_mm: float, height_mm: float) -> str | None:
        """Why this preset cannot take a card of this size (None when it can): the sizes it expects.
        A size matches within CARD_SIZE_TOLERANCE_MM, either way up."""
        if not self.card_sizes_mm:
            return None
        for w, h in self.card_sizes_mm:
            if any(abs(a - width_mm) <= CARD_SIZE_TOLERANCE_MM and abs(b - height_mm) <= CARD_SIZE_TOLERANCE_MM
                   for a, b in ((w, h), (h, w))):
                return None
        sizes = " or ".join(f"{w:g} x {h:g}" for w, h in self.card_sizes_mm)
        return (f"the '{self.name}' preset is for {sizes} mm cards and this deck's are {width_mm:g} x {height_mm:g} mm; "
                f"choose a preset for that size ('generic' takes any) or add it to the preset's card_sizes_mm")


def shops_dir() -> Path:
    return data_dir("templates") / "shops"


def shop_names() -> list[str]:
    return sorted(p.stem for p in shops_dir().glob("*.toml"))


@dataclass(frozen=True)
class _Source:
    path: Path
    name: str


def _find(name: str, base: Path | None, key: str) -> _Source:
    """A preset by name (templates/shops/NAME.toml) or by path to a .toml file."""
    if name.endswith(".toml"):
        path = Path(name)
        if not path.is_absolute() and base is not None:
            path = base / path
        if not path.is_file():
            raise UserError(f"{key}: {path}: preset file not found")
        return _Source(path, path.stem)
    wanted = name.strip().lower().replace(" ", "").replace("_", "").replace("-", "")
    for known in shop_names():
        if known.replace("-", "") == wanted:
            return _Source(shops_dir() / f"{known}.toml", known)
    raise UserError(f"{key}: {unknown_choice('preset', name, shop_names(), ' or a path to a .toml file')}")


def load_shop(name: str = DEFAULT_SHOP, base: Path | None = None, key: str = "--shop") -> ShopPreset:
    """The named preset, read and checked; a mistake is one line naming the file and the key
    (`key` is where the name came from, for the message)."""
    source = _find(name, base, key)

    try:
        text = read_limited(source.path, "config").decode("utf-8")  # a regular file, at most 1 MB
    except (OSError, UnicodeDecodeError) as exc:
        raise UserError(f"{source.path}: cannot be read ({exc})") from None
    data = parse_toml(text, source.path)
    data.setdefault("name", source.name)
    try:
        preset = ShopPreset.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "(file)"
        raise UserError(f"{source.path}: {field}: {first['msg']}") from None
    if preset.pdfx == "X-1a" and preset.pdf_version != "1.3":
        raise UserError(f"{source.path}: pdf_version: PDF/X-1a:2001 is PDF 1.3, not {preset.pdf_version}")
    if preset.pdfx == "X-1a:2003" and preset.pdf_version not in ("1.3", "1.4"):
        raise UserError(f"{source.path}: pdf_version: PDF/X-1a:2003 is PDF 1.4 or 1.3, not {preset.pdf_version}")
    return preset
