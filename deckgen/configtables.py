"""The tables of deck.toml, one pydantic model each: [colours], [faces], [back], [tin], [print] ...

`config.DeckConfig` is the whole file and holds one of each; what a table accepts, its limits
and its one-line errors live with its model here, so a key is declared once.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

from deckgen.colour import normalise_colour
from deckgen.errors import unknown_choice
from deckgen.formats import DEFAULT_FORMAT, LIMITS
from deckgen.houserules import fail, rules_sources
from deckgen.languages import check_joker, check_letter
from deckgen.limits import MAX_PROFILE_ENTRIES
from deckgen.papers import paper_named
from deckgen.themes import ORNAMENT_NAMES, palette_names, template_names
from deckgen.units import DEFAULT_TIN_DPI, TIN_CORNER_RADIUS_MM
from deckgen.zoom import AUTO_ZOOM_FLOOR, ZOOM_MAX

Colour = Annotated[str, Field(description="a colour: '#rrggbb', '#rgb' or a name")]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=True, frozen=False, allow_inf_nan=False)

    @model_validator(mode="before")
    @classmethod
    def _no_bool_numbers(cls, data: Any) -> Any:
        """`bleed_mm = true` is a mistake, not a 1 mm bleed: true/false is refused where a number belongs."""
        if isinstance(data, dict):
            for name, value in data.items():
                info = cls.model_fields.get(name) if isinstance(name, str) else None
                if isinstance(value, bool) and info is not None and info.annotation in _NUMBER_TYPES:
                    fail((name,), value, "expected a number, not true or false", title=cls.__name__)
        return data


_NUMBER_TYPES = (int, float, int | None, float | None)


class Colours(Strict):
    """Ink colours for the faces."""

    red: Colour = "#c8102e"
    black: Colour = "#16161d"
    four_colour: bool = False
    clubs: Colour = "#008f69"
    diamonds: Colour = "#1f5fbf"
    background: Colour = "#fffdf8"
    accent: Colour = "#c9a227"
    #: The second cloth of the drawn courts and jokers (the first is `red`; the gold is `accent`);
    #: None: the theme's (a classic blue for the plain theme).
    robe: Colour | None = None

    @field_validator("robe", mode="before")
    @classmethod
    def _robe(cls, v: Any) -> str | None:
        return None if v is None else normalise_colour(v)

    @field_validator("red", "black", "clubs", "diamonds", "background", "accent", mode="before")
    @classmethod
    def _colour(cls, v: Any) -> str:
        return normalise_colour(v)


ImageMode = Literal["mirrored", "full"]


def _check_pair(v: Any, message: str) -> tuple[float, float]:
    """Two fractions from 0 to 1, as a TOML list `[across, down]`; ValueError(message) otherwise."""
    ok = isinstance(v, (list, tuple)) and len(v) == 2
    ok = ok and all(isinstance(x, (int, float)) and not isinstance(x, bool) and 0.0 <= x <= 1.0 for x in v)
    if not ok:
        raise ValueError(message)
    return (float(v[0]), float(v[1]))


def _check_focus(v: Any) -> tuple[float, float]:
    """A crop focus point: fractions of the photo across and down (0.5, 0.5 is the centre).
    Unset (None), the crop is framed on the faces found in the photo."""
    return _check_pair(v, "expected two fractions from 0 to 1: [across, down], e.g. [0.5, 0.3]")


#: How a photo meets its area: "cover" fills it and crops; "contain" shows the whole photo, the rest
#: of the area a blurred enlarged copy of it; "contain-plain" the same on the card's own colour.
PhotoFit = Literal["cover", "contain", "contain-plain"]
#: The mat round a photo shown smaller than its place: "auto" (the deck's colours with an accent rule
#: when the band is wide, else the photo's own edge colours), "theme" or "photo" always.
PhotoMat = Literal["auto", "theme", "photo"]
#: How close a photo is taken: 1.0 = it just covers the area, 2.0 = twice as close; below 1 (down to
#: the automatic framing's floor) it is shown smaller than its place, its edge mirrored and blurred round it.
Zoom = Annotated[float, Field(ge=AUTO_ZOOM_FLOOR, le=ZOOM_MAX)]


def _one_line(v: Any) -> Any:
    """A text printed on one line (a caption, the deck's name, the lid's title): no line break or other
    control character, which the text layout cannot set (a caption "Grand\\npa" stopped the build)."""
    if isinstance(v, str):
        for i, ch in enumerate(v):
            if unicodedata.category(ch) in ("Cc", "Zl", "Zp"):
                raise ValueError(f"expected one line of text; it holds {ch!r} at character {i + 1} (a line break "
                                 "or other control character): write it on one line")
    return v


class CardOverride(Strict):
    """One card's own image, mode, crop (focus, zoom, fit) and caption ([cards.QH] in deck.toml)."""

    image: Path | None = None
    mode: ImageMode | None = None
    focus: tuple[float, float] | None = None
    zoom: Zoom = 1.0
    fit: PhotoFit | None = None
    mat: PhotoMat | None = None
    text: str | None = Field(default=None, max_length=60)

    _focus = field_validator("focus", mode="before")(classmethod(lambda cls, v: _check_focus(v)))
    _text = field_validator("text")(classmethod(lambda cls, v: _one_line(v)))


class Faces(Strict):
    """Defaults for the picture cards ([faces]): how photos are laid out, one photo for every joker."""

    court_mode: ImageMode = "mirrored"
    joker_mode: ImageMode = "mirrored"
    joker_image: Path | None = None
    joker_focus: tuple[float, float] | None = None
    joker_zoom: Zoom = 1.0
    fit: PhotoFit = "cover"
    mat: PhotoMat = "auto"
    #: The corner index: "standard", "large" (read at arm's length) or "numeric" (1, 11, 12, 13 under the letters).
    index: Literal["standard", "large", "numeric"] = "standard"

    _focus = field_validator("joker_focus", mode="before")(classmethod(lambda cls, v: _check_focus(v)))


class Letters(Strict):
    """[letters]: the deck's own index letters over its language's (Q = "D"), and the joker's word."""

    A: str | None = None
    K: str | None = None
    Q: str | None = None
    J: str | None = None
    joker: str | None = None

    @field_validator("A", "K", "Q", "J", mode="before")
    @classmethod
    def _letter(cls, v: Any) -> Any:
        return v if v is None else check_letter(v)

    @field_validator("joker", mode="before")
    @classmethod
    def _joker(cls, v: Any) -> Any:
        return v if v is None else check_joker(v)


class CustomProfile(Strict):
    """A deck of one's own: a base profile with cards added or removed and a number of jokers."""

    name: str = "custom"
    base: str = "standard-52"
    add: list[str] = Field(default=[], max_length=MAX_PROFILE_ENTRIES)
    remove: list[str] = Field(default=[], max_length=MAX_PROFILE_ENTRIES)
    jokers: int | None = Field(default=None, ge=0, le=9)


def _check_font_name(v: str | None) -> str | None:
    """A bundled font file name ('DejaVuSerif-Bold.ttf') or a .ttf/.otf path relative to deck.toml."""
    if v is not None and not v.lower().endswith((".ttf", ".otf", ".ttc")):
        raise ValueError(f"expected a font file ending in .ttf or .otf, such as 'DejaVuSerif-Bold.ttf'")
    return v


class BackText(Strict):
    """One text message on a back ([[back.text]]): what, in which font, how big, where."""

    content: str = Field(min_length=1, max_length=200)
    font: str | None = None
    size_mm: float = Field(default=5.0, gt=0, le=40)
    min_size_mm: float = Field(default=2.0, gt=0, le=40)
    colour: Colour | None = None
    position: tuple[float, float] = (0.5, 0.5)
    width: float = Field(default=0.8, gt=0, le=1.0)
    mirror: bool | None = None
    plate: bool = True

    @field_validator("colour", mode="before")
    @classmethod
    def _colour(cls, v: Any) -> str | None:
        return None if v is None else normalise_colour(v)

    @field_validator("position", mode="before")
    @classmethod
    def _position(cls, v: Any) -> tuple[float, float]:
        return _check_pair(v, "expected two fractions of the card from 0 to 1: [across, down], e.g. [0.5, 0.2]")

    _font = field_validator("font")(classmethod(lambda cls, v: _check_font_name(v)))


class BackConfig(Strict):
    """The card back ([back], and [back2] for a second deck). Unset keys come from the theme."""

    template: str | None = None
    palette: str | None = None
    paper: Colour | None = None
    ground: Colour | None = None
    ink: Colour | None = None
    accent: Colour | None = None
    ornament: str | None = None
    image: Path | None = None
    image_mode: Literal["fill", "fit"] = "fit"
    image_focus: tuple[float, float] | None = None
    image_zoom: Zoom | None = None  # fill only; unset: closer on small faces, as on the courts
    image_scale: float = Field(default=1.0, gt=0, le=1.0)
    text: list[BackText] | None = None
    mirror_text: bool = False
    mirror_image: bool = False

    @field_validator("paper", "ground", "ink", "accent", mode="before")
    @classmethod
    def _colour(cls, v: Any) -> str | None:
        return None if v is None else normalise_colour(v)

    @field_validator("template")
    @classmethod
    def _template(cls, v: str | None) -> str | None:
        if v is not None and v not in template_names():
            raise ValueError(unknown_choice("back template", v, template_names()))
        return v

    @field_validator("palette")
    @classmethod
    def _palette(cls, v: str | None) -> str | None:
        if v is not None and v not in palette_names():
            raise ValueError(unknown_choice("palette", v, palette_names()))
        return v

    @field_validator("ornament")
    @classmethod
    def _ornament(cls, v: str | None) -> str | None:
        if v is not None and v not in ORNAMENT_NAMES:
            raise ValueError(unknown_choice("ornament", v, ORNAMENT_NAMES))
        return v

    @field_validator("image_focus", mode="before")
    @classmethod
    def _focus(cls, v: Any) -> tuple[float, float]:
        return _check_focus(v)


class TinConfig(Strict):
    """The tin lid art ([tin]). Unset words and colours come from the theme."""

    dpi: int = Field(default=DEFAULT_TIN_DPI, ge=72, le=1200)
    bleed_mm: float = Field(default=0.0, ge=0, le=10)
    corner_radius_mm: float = Field(default=TIN_CORNER_RADIUS_MM, ge=0, le=30)
    title: str | None = Field(default=None, max_length=80)
    subtitle: str | None = Field(default=None, max_length=120)
    palette: str | None = None
    ornament: str | None = None
    image: Path | None = None
    image_mode: Literal["fill", "fit"] = "fit"
    image_focus: tuple[float, float] | None = None
    image_zoom: Zoom | None = None  # fill only; unset: closer on small faces, as on the courts
    show_games: bool = False
    title_font: str | None = None
    body_font: str | None = None

    _palette = field_validator("palette")(BackConfig._palette.__func__)  # type: ignore[attr-defined]
    _ornament = field_validator("ornament")(BackConfig._ornament.__func__)  # type: ignore[attr-defined]
    _focus = field_validator("image_focus", mode="before")(BackConfig._focus.__func__)  # type: ignore[attr-defined]
    _fonts = field_validator("title_font", "body_font")(classmethod(lambda cls, v: _check_font_name(v)))
    _words = field_validator("title", "subtitle")(classmethod(lambda cls, v: _one_line(v)))


class BoxConfig(Strict):
    """The deck's container ([box]): the tin (its lid art) or a printed tuck box.

    `kind` unset: a tin for the 59 x 91 mm card, a tuck box for any other size. The tuck
    box is sized from the card, `clearance_mm` added on each side of its width and height,
    and a depth of the deck's card count times `card_thickness_mm`."""

    kind: Literal["tin", "tuck"] | None = None
    card_thickness_mm: float = Field(default=0.3, ge=0.1, le=1.0)
    clearance_mm: float = Field(default=1.0, ge=0, le=5)


#: The reference cards a deck may carry after its jokers ([reference] cards), each worked out by the engine.
REFERENCE_CARDS = ("poker-ranking", "cribbage-counting", "gin-scoring", "bridge-scoring")
#: The score pads `deckgen pads` and [pads] games can make.
PAD_GAMES = ("gin-rummy", "bridge", "cribbage", "golf")


def _known_list(v: list[str], known: Sequence[str], what: str) -> list[str]:
    for name in v:
        if name not in known:
            raise ValueError(unknown_choice(what, name, known))
    if len(set(v)) != len(v):
        raise ValueError(f"a {what} is listed twice")
    return v


class ReferenceConfig(Strict):
    """Reference cards ([reference]): printed after the jokers in the deck's style, every figure from
    the engine under [house_rules]; the poker card counts `poker_cards`-card hands with `poker_wild` wild."""

    cards: list[str] = []
    poker_cards: Literal[5, 7] = 5
    poker_wild: list[str] = []

    _cards = field_validator("cards")(classmethod(lambda cls, v: _known_list(v, REFERENCE_CARDS, "reference card")))

    @field_validator("poker_wild")
    @classmethod
    def _wild(cls, v: list[str]) -> list[str]:
        from deckgen.engine.base import (
            ExampleError,  # late: the engine loads when a deck asks for it
        )
        from deckgen.engine.poker_wild import parse_wild

        try:
            parse_wild([str(w) for w in v])
        except ExampleError as exc:
            raise ValueError(str(exc).removeprefix("wild: ")) from None
        return v


class PadsConfig(Strict):
    """Score pads ([pads]): the games whose pads a build writes, on which paper."""

    games: list[str] = []
    paper: Literal["a4", "letter", "pocket"] = "a4"

    _games = field_validator("games")(classmethod(lambda cls, v: _known_list(v, PAD_GAMES, "score pad")))


def _limits(key: str) -> Any:
    low, high = LIMITS[key]
    return Field(default=None, ge=low, le=high)


class CardConfig(Strict):
    """The card format ([card]): a named format from templates/formats.toml (or a formats.toml
    beside deck.toml), and any of its sizes in mm given here instead."""

    format: str = DEFAULT_FORMAT
    width_mm: float | None = _limits("width_mm")
    height_mm: float | None = _limits("height_mm")
    corner_mm: float | None = Field(default=None, ge=0, le=LIMITS["width_mm"][1] / 4)
    bleed_mm: float | None = _limits("bleed_mm")
    safe_mm: float | None = _limits("safe_mm")

    @field_validator("format")
    @classmethod
    def _format(cls, v: str) -> str:
        return v.strip().lower()


class PrintConfig(Strict):
    """Print files ([print]): home-print paper and duplex set-up, print-shop options.

    Offsets are what the duplex alignment test reads (mm, + moves the backs right/up).
    `printer_margin_mm` is the border a home printer cannot print on. The print-shop
    file follows the `shop` preset (templates/shops/); it is CMYK PDF/X through the
    shipped profile unless `icc` names the shop's own, or `cmyk = false` asks for sRGB.
    """

    paper: str = "both"
    flip: Literal["long", "short"] = "long"
    offset_x_mm: float = Field(default=0.0, ge=-20, le=20)
    offset_y_mm: float = Field(default=0.0, ge=-20, le=20)
    printer_margin_mm: float = Field(default=5.0, ge=0, le=25)
    interleave: bool = False
    cmyk: bool = True
    icc: Path | None = None
    shop: str = "generic"
    ink_limit: int | None = Field(default=None, ge=150, le=400)
    die_line: bool | None = None
    gutter_mm: float | None = Field(default=None, ge=0, le=20)
    cutter: bool = False
    contact_columns: int | None = Field(default=None, ge=1, le=30)

    @field_validator("paper")
    @classmethod
    def _paper(cls, v: str) -> str:
        if v.strip().lower() != "both":
            paper_named(v)  # a ValueError names what is expected
        return v.strip().lower()


class BookletConfig(Strict):
    """The rules booklet ([booklet]): which games, its cover text, and the group's own chapter."""

    games: list[str] = ["poker", "gin-rummy", "bridge"]
    title: str | None = None
    dedication: str | None = None
    extra_rules: Path | None = None

    @field_validator("games")
    @classmethod
    def _games_exist(cls, v: list[str]) -> list[str]:
        known = rules_sources()
        problems = [
            InitErrorDetails(
                type=PydanticCustomError(
                    "value_error", "{msg}", {"msg": unknown_choice("game", name, known)}
                ),
                loc=(i,),
                input=name,
            )
            for i, name in enumerate(v)
            if name not in known
        ]
        if problems:
            raise ValidationError.from_exception_data("games", problems[:1])
        if len(set(v)) != len(v):
            raise ValueError("a game is listed twice")
        if not v:
            raise ValueError("expected at least one game")
        return v

    @field_validator("title", "dedication")
    @classmethod
    def _one_line(cls, v: str | None) -> str | None:
        if v is not None and len(v) > 200:
            raise ValueError("expected at most 200 characters")
        return v
