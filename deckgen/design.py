"""The resolved design: what every renderer draws from, with theme, palette and deck.toml merged once.

deck.toml says what a person chose; a theme and a palette fill in what they
left out. `deckgen.resolve.resolve_design` does that merge, in one place, and
returns a `Design`: a tree of small frozen values with every colour a
'#rrggbb', every file an absolute path and every text final. The renderers
(`render/*`, the booklet's colours and card pictures) read only this; none of
them imports `deckgen.config` or looks at a theme again.

The card geometry is here too (`CardFormat`), so a deck in another card size
only fills the design differently.

>>> from deckgen.config import demo_config
>>> from deckgen.resolve import resolve_design
>>> design = resolve_design(demo_config())
>>> design.card.box().size, design.back.template.name, design.lid.title
((768, 1146), 'classic', 'deckgen demo deck')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from deckgen.cards import Card, DeckProfile, Rank, Suit
from deckgen.errors import UserError
from deckgen.formats import tin_misfit
from deckgen.paths import not_found, as_written
from deckgen.themes import BackTemplate, Colours
from deckgen.units import (
    CARD_CORNER_RADIUS_MM,
    CARD_HEIGHT_MM,
    CARD_SAFE_ZONE_MM,
    CARD_WIDTH_MM,
    DEFAULT_BLEED_MM,
    DEFAULT_CARD_DPI,
    DEFAULT_TIN_DPI,
    TIN_CORNER_RADIUS_MM,
    TIN_HEIGHT_MM,
    TIN_WIDTH_MM,
    PixelBox,
)

__all__ = [
    "BackDesign", "BackTextDesign", "BookletDesign", "BoxDesign", "CardChoice", "CardFormat", "Colours", "Design", "FaceArt",
    "FaceDesign", "FontRef", "FrozenMap", "IndexDesign", "Ink", "LidDesign", "PadsDesign", "PhotoRef", "Picture",
    "PrintOptions", "ReferenceDesign",
]

Pair = tuple[float, float]


class FrozenMap(dict[Any, Any]):
    """A dict that cannot be changed once made (mappingproxy cannot be pickled, and faces are
    drawn in worker processes that receive the design)."""

    def _read_only(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a resolved design cannot be changed; resolve it again from the config")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _read_only  # type: ignore[assignment]

    def __reduce__(self) -> tuple[type[FrozenMap], tuple[dict[Any, Any]]]:
        return (FrozenMap, (dict(self),))


# ------------------------------------------------------------------ geometry


@dataclass(frozen=True)
class CardFormat:
    """The physical card: trim size, corner radius, bleed and safe margin in mm, and the DPI of its images.
    `name` is the format it came from (templates/formats.toml), kept when deck.toml changed a size."""

    width_mm: float = CARD_WIDTH_MM
    height_mm: float = CARD_HEIGHT_MM
    corner_radius_mm: float = CARD_CORNER_RADIUS_MM
    bleed_mm: float = DEFAULT_BLEED_MM
    safe_mm: float = CARD_SAFE_ZONE_MM
    dpi: int = DEFAULT_CARD_DPI
    name: str = "skat"

    def box(self) -> PixelBox:
        """The card with bleed in pixels at this DPI (59 x 91 mm + 3 mm bleed at 300 DPI: 768 x 1146 px)."""
        return PixelBox(self.width_mm, self.height_mm, self.bleed_mm, self.dpi)


# ------------------------------------------------------------------ files the design names


@dataclass(frozen=True)
class PhotoRef:
    """Where a photo comes from: its file, and the deck.toml file and key that named it."""

    path: Path
    key: str
    config: str = "deck.toml"
    #: the folder of deck.toml, for naming the file as deck.toml wrote it (None: the path as it is)
    deck_dir: Path | None = None

    @property
    def shown(self) -> str:
        """The file as deck.toml names it ('images/groom.jpg'): what every message says."""
        return as_written(self.path, self.deck_dir)

    def error(self, reason: str) -> UserError:
        return UserError(f"{self.config}: {self.key}: {self.shown}: {reason}")

    def not_found(self) -> UserError:
        """The photo does not exist: the error, with the file the person most likely meant."""
        return self.error(not_found("image file", self.path, self.deck_dir))


@dataclass(frozen=True)
class Picture:
    """A picture on a back or the lid: the photo, `fill` (cover, cropped round `focus`, or framed on
    the faces found when focus is None) or `fit`, a scale (fit) and a zoom (fill: None is the
    automatic one, closer on small faces)."""

    photo: PhotoRef
    mode: Literal["fill", "fit"] = "fit"
    focus: Pair | None = None
    scale: float = 1.0
    zoom: float | None = None


@dataclass(frozen=True)
class FontRef:
    """A font file and the deck.toml key that chose it (a bundled face when the key was left out).

    The file may be missing: the renderer that opens it says so, naming the key."""

    path: Path
    key: str


# ------------------------------------------------------------------ faces


@dataclass(frozen=True)
class Ink:
    """The ink colours of the faces and their paper, as '#rrggbb'."""

    red: str
    black: str
    four_colour: bool
    clubs: str
    diamonds: str
    paper: str
    accent: str
    #: The second cloth of the drawn courts and jokers.
    robe: str = "#27457f"

    def suit(self, suit: Suit | None) -> str:
        """Red and black, or green clubs and blue diamonds with four_colour; no suit is black."""
        if suit is None:
            return self.black
        if self.four_colour and suit == Suit.CLUBS:
            return self.clubs
        if self.four_colour and suit == Suit.DIAMONDS:
            return self.diamonds
        return self.red if suit.is_red else self.black

    def card(self, card: Card) -> str:
        """The ink of a card; the second joker is printed in red, the first in black."""
        if card.is_joker:
            return self.red if card.joker % 2 == 0 else self.black
        return self.suit(card.suit)


@dataclass(frozen=True)
class IndexDesign:
    """The corner index: the deck's language (templates/languages), the letters it prints for the ace
    and the courts (the language's, with deck.toml's [letters] over them), the word down a joker's
    index, and the style: "standard", "large" (read at arm's length) or "numeric" (1, 11, 12, 13
    under the letters)."""

    language: str = "en"
    ace: str = "A"
    king: str = "K"
    queen: str = "Q"
    jack: str = "J"
    joker: str = "JOKER"
    style: Literal["standard", "large", "numeric"] = "standard"

    def label(self, rank: Rank) -> str:
        """What the index prints for a rank: the deck's letter for the ace and the courts, else its number."""
        own = {Rank.ACE: self.ace, Rank.KING: self.king, Rank.QUEEN: self.queen, Rank.JACK: self.jack}
        return own.get(rank, rank.label)

    def number(self, rank: Rank) -> str | None:
        """The number a numeric index prints under the letter (1, 11, 12, 13); None where the
        label is the number already, or the style is not numeric."""
        if self.style != "numeric" or not (rank == Rank.ACE or rank.is_court):
            return None
        number = "1" if rank == Rank.ACE else str(int(rank))
        return None if number == self.label(rank) else number

    def card_name(self, card: Card) -> str:
        """A card as its index reads, with its suit's sign: 10♥, Q♠ (a German deck's D♠); a joker is Jk."""
        if card.is_joker or card.rank is None or card.suit is None:
            return "Jk"
        return f"{self.label(card.rank)}{card.suit.symbol}"

    def drawn_for(self, card: Card) -> tuple[str, ...]:
        """What one card's index is drawn from (its build key): the style, its own label and number (a
        joker's word), and the labels that set the column's width: those of two characters, as one
        letter is never wider than a 10 (render/indexlabels.py). A language that changes only the
        courts' letters leaves the 2 to 10 as they were."""
        if card.is_joker or card.rank is None:
            own: tuple[str, ...] = (self.joker,)
        else:
            own = (self.label(card.rank), self.number(card.rank) or "")
        return (self.style, *own, "|", *sorted(label for label in self.labels if len(label) > 1))

    @property
    def labels(self) -> tuple[str, ...]:
        """Every label the index column holds (10 and the deck's letters): its width is laid out for the widest."""
        return tuple(dict.fromkeys(("10", self.ace, self.king, self.queen, self.jack)))


@dataclass(frozen=True)
class FaceArt:
    """What a card shows besides its pips: a photo (its layout, and how it is cropped) and a caption.
    `focus` None: framed on the faces found; `zoom` 1 = the photo just covers its area, None = not
    set (closer when the faces are small in the photo); `fit` "cover", "contain" (the whole photo on
    a blurred copy) or "contain-plain" (on the paper)."""

    photo: PhotoRef | None
    mode: str
    focus: Pair | None
    text: str | None
    zoom: float | None = None
    fit: str = "cover"
    #: The mat round a photo shown smaller than its place: "auto", "theme" or "photo".
    mat: str = "auto"


@dataclass(frozen=True)
class CardChoice:
    """One [cards.<code>] table: its own photo, layout, crop and caption (None: the [faces] default)."""

    photo: PhotoRef | None
    mode: str | None
    focus: Pair | None
    text: str | None
    zoom: float | None = None
    fit: str | None = None
    mat: str | None = None


@dataclass(frozen=True)
class FaceDesign:
    """The faces: inks, the deck's own font, each card's choices and the [faces] defaults."""

    ink: Ink
    font: Path | None  # the deck's own font for the card lettering; None: the bundled faces
    cards: Mapping[str, CardChoice]  # by card code as deck.toml gave them ([cards.QH], [cards.JK1])
    court_mode: str = "mirrored"
    joker_mode: str = "mirrored"
    joker_photo: PhotoRef | None = None
    joker_focus: Pair | None = None
    joker_zoom: float | None = None
    fit: str = "cover"
    index: IndexDesign = IndexDesign()
    mat: str = "auto"

    def art(self, card: Card) -> FaceArt:
        """The photo, mode, crop and caption of a card, from [cards.<code>] then the [faces] defaults
        (a joker's own focus and zoom win over joker_focus and joker_zoom)."""
        own = self.cards.get(card.code)
        photo = own.photo if own else None
        focus = own.focus if own else None
        zoom = own.zoom if own else None
        mode = own.mode if own and own.mode else None
        if card.is_joker:
            mode = mode or self.joker_mode
            if photo is None and self.joker_photo is not None:
                photo = self.joker_photo
                focus = focus if focus is not None else self.joker_focus
                zoom = zoom if zoom is not None else self.joker_zoom
        else:
            mode = mode or self.court_mode
        fit = (own.fit if own and own.fit else None) or self.fit
        mat = (own.mat if own and own.mat else None) or self.mat
        return FaceArt(photo, mode, focus, own.text if own else None, zoom, fit, mat)


# ------------------------------------------------------------------ backs


@dataclass(frozen=True)
class BackTextDesign:
    """A text message on a back, with the theme's or the user's words and a resolved font."""

    content: str
    font: FontRef
    size_mm: float = 5.0
    min_size_mm: float = 2.0
    colour: str | None = None  # None: the back's accent
    position: Pair = (0.5, 0.5)
    width: float = 0.8
    mirror: bool = False  # repeat it turned 180 degrees
    plate: bool = True


@dataclass(frozen=True)
class BackDesign:
    """One back: template, colours and ornament, an optional picture and the texts.

    `key` is the deck.toml table errors name (`back` or `back2`); `own_texts` says the
    texts were written in that table (not the theme's words, not inherited from [back])."""

    key: str
    template: BackTemplate
    colours: Colours
    ornament: str
    texts: tuple[BackTextDesign, ...] = ()
    picture: Picture | None = None
    mirror_image: bool = False
    own_texts: bool = False


# ------------------------------------------------------------------ the tin lid


@dataclass(frozen=True)
class LidDesign:
    """The tin lid: size, colours, pattern and ornament, its words (final) and their fonts, a picture."""

    colours: Colours
    template: BackTemplate
    ornament: str
    title: str
    subtitle: str
    title_font: FontRef
    body_font: FontRef
    title_key: str = "tin.title"  # the key that wrote the title: tin.title, or `name` for the theme's '{name}'
    subtitle_key: str = "tin.subtitle"
    games: tuple[str, ...] = ()  # the booklet's game titles when [tin] show_games is on
    picture: Picture | None = None
    suit_colours: tuple[str, str] = ("#16161d", "#c8102e")  # black and red, for the 'suits' ornament
    dpi: int = DEFAULT_TIN_DPI
    bleed_mm: float = 0.0
    width_mm: float = TIN_WIDTH_MM
    height_mm: float = TIN_HEIGHT_MM
    corner_radius_mm: float = TIN_CORNER_RADIUS_MM

    def box(self) -> PixelBox:
        """The lid with bleed in pixels (141 x 100 mm at 150 DPI: 833 x 591 px)."""
        return PixelBox(self.width_mm, self.height_mm, self.bleed_mm, self.dpi)


# ------------------------------------------------------------------ the box the deck goes in


@dataclass(frozen=True)
class BoxDesign:
    """The deck's container: the tin (its lid art is `lid`) or a printed tuck box sized from the
    card, `clearance_mm` more on each side of its width and height, and the deck's thickness
    (card count x `card_thickness_mm`)."""

    kind: Literal["tin", "tuck"] = "tin"
    card_thickness_mm: float = 0.3
    clearance_mm: float = 1.0


# ------------------------------------------------------------------ print files and booklet


@dataclass(frozen=True)
class PrintOptions:
    """The [print] table with the command line's overrides applied."""

    paper: str = "both"  # a4, letter, a3, legal, tabloid, both, or WIDTHxHEIGHT in mm
    flip: Literal["long", "short"] = "long"
    offset_mm: Pair = (0.0, 0.0)
    printer_margin_mm: float = 5.0
    gutter_mm: float | None = None  # None: automatic (printfiles.home_gutter)
    cutter: bool = False  # registration marks on the face sheets and an SVG of the cut paths
    interleave: bool = False
    rgb: bool = False  # the print-shop file in sRGB instead of CMYK PDF/X
    icc: Path | None = None  # the shop's CMYK profile; None: the one deckgen ships
    shop: str = "generic"  # a preset in templates/shops, or a path to one
    ink_limit: int | None = None  # None: the preset's
    die_line: bool | None = None  # None: the preset's
    contact_columns: int | None = None

    @property
    def papers(self) -> list[str]:
        return ["a4", "letter"] if self.paper == "both" else [self.paper]

    def with_overrides(self, **changes: object) -> PrintOptions:
        """Command-line values win; None means 'not given'."""
        return replace(self, **{k: v for k, v in changes.items() if v is not None})  # type: ignore[arg-type]


@dataclass(frozen=True)
class BookletDesign:
    """The booklet: its games and cover words, and the colours and fonts it takes from the theme.

    `colours` holds the inside colours (ink, red, accent, accent_light, rule) and the
    cover's (cover_background, cover_text, cover_accent), each readable where it is used."""

    games: tuple[str, ...]
    title: str | None
    dedication: str | None
    extra_rules: Path | None
    colours: Mapping[str, str]
    title_font: str
    body_font: str


@dataclass(frozen=True)
class ReferenceDesign:
    """The reference cards printed after the jokers (names from [reference] cards, in order), and the
    poker game the hand-ranking card counts: `poker_cards`-card hands, `poker_wild` wild."""

    cards: tuple[str, ...] = ()
    poker_cards: int = 5
    poker_wild: tuple[str, ...] = ()


@dataclass(frozen=True)
class PadsDesign:
    """The score pads a build writes ([pads] games) and their paper (a4, letter, pocket)."""

    games: tuple[str, ...] = ()
    paper: str = "a4"


# ------------------------------------------------------------------ the whole


@dataclass(frozen=True)
class Design:
    """A deck, resolved: everything a renderer needs and nothing it must look up again."""

    name: str
    source: str  # the deck.toml errors name ('deck.toml' for the built-in demo)
    config_file: Path | None
    base_dir: Path  # the folder of deck.toml: a shop preset given as a path is read from here
    profile: DeckProfile
    card: CardFormat
    faces: FaceDesign
    back: BackDesign
    back2: BackDesign  # the second pack's back (made only when two_backs)
    two_backs: bool
    lid: LidDesign
    print: PrintOptions
    booklet: BookletDesign
    house_rules: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    box: BoxDesign = BoxDesign()
    reference: ReferenceDesign = ReferenceDesign()
    pads: PadsDesign = PadsDesign()

    @property
    def card_count(self) -> int:
        """The cards the deck prints: its profile's and the reference cards after the jokers."""
        return len(self.profile) + len(self.reference.cards)

    @property
    def backs(self) -> tuple[BackDesign, ...]:
        """The backs the deck prints: one, or two for a deck of two packs."""
        return (self.back, self.back2) if self.two_backs else (self.back,)

    def back_for(self, which: int) -> BackDesign:
        """Back 1 or 2 (2 exists even for a one-pack deck, for previews)."""
        if which not in (1, 2):
            raise ValueError("which must be 1 or 2")
        return self.back if which == 1 else self.back2

    def tin_misfit(self) -> str | None:
        """Why the deck's cards do not go in the tin (their size, or the stack's height), in one line
        naming the format and the tin; None when they go in."""
        card = self.card
        return tin_misfit(card.name, card.width_mm, card.height_mm, self.card_count, self.box.card_thickness_mm)

    def at_dpi(self, dpi: int) -> Design:
        """The same design with card images at another DPI (the booklet's small card pictures)."""
        return replace(self, card=replace(self.card, dpi=dpi))
