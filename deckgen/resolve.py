"""From a validated deck.toml to the resolved design: the one place theme, palette and deck.toml meet.

Every "the user's value, else the theme's" rule lives here: the back's template,
palette, ornament and words, the second back inheriting from the first, the
lid's palette, words and fonts, the booklet's colours, every path made
absolute against deck.toml's folder. The renderers get the result
(`deckgen.design.Design`) and never ask again.

    deck.toml --load_config--> DeckConfig --resolve_design--> Design --> render/*, booklet
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from deckgen.colour import contrast, luminance, mix, readable_on
from deckgen.config import BackConfig, BackText, CustomProfile, DeckConfig, load_config
from deckgen.houserules import game_titles
from deckgen.design import (
    BackDesign,
    BackTextDesign,
    BookletDesign,
    BoxDesign,
    CardChoice,
    CardFormat,
    Design,
    FaceDesign,
    FontRef,
    FrozenMap,
    IndexDesign,
    Ink,
    LidDesign,
    PadsDesign,
    ReferenceDesign,
    PhotoRef,
    Picture,
    PrintOptions,
)
from deckgen.languages import get_language
from deckgen.resources import font_path
from deckgen.themes import Theme, ThemeText, get_palette, get_template, get_theme

__all__ = ["load_design", "resolve_design"]


def load_design(path: Path, overrides: dict[str, Any] | None = None) -> Design:
    """Read, validate and resolve a deck.toml in one call (errors name the file and key)."""
    return resolve_design(load_config(path, overrides))


def resolve_design(deck: DeckConfig) -> Design:
    """The deck's design with the theme's defaults filled in wherever deck.toml left a key out."""
    theme = get_theme(deck.theme)
    source = str(deck.source) if deck.source else "deck.toml"
    design = Design(
        name=deck.name,
        source=source,
        config_file=deck.source,
        base_dir=deck.base_dir,
        profile=deck.deck_profile(),
        card=_card(deck),
        faces=_faces(deck, source),
        back=_back(deck, theme, 1, source),
        back2=_back(deck, theme, 2, source),
        two_backs=_two_backs(deck),
        lid=_lid(deck, theme, source),
        print=_print(deck),
        booklet=_booklet(deck, theme),
        house_rules=FrozenMap({game: FrozenMap(dict(rules)) for game, rules in deck.house_rules.items()}),
        reference=ReferenceDesign(tuple(deck.reference.cards), deck.reference.poker_cards, tuple(deck.reference.poker_wild)),
        pads=PadsDesign(tuple(deck.pads.games), deck.pads.paper),
    )
    return replace(design, box=_box(deck, design.card))


# ------------------------------------------------------------------ the card format


def _card(deck: DeckConfig) -> CardFormat:
    """The card's sizes: the named format ([card] format, card_size, else skat) with [card]'s own values."""
    spec = deck.card_format()
    return CardFormat(
        name=spec.name,
        width_mm=spec.width_mm,
        height_mm=spec.height_mm,
        corner_radius_mm=spec.corner_mm,
        bleed_mm=spec.bleed_mm,
        safe_mm=spec.safe_mm,
        dpi=deck.dpi,
    )


# ------------------------------------------------------------------ faces


def deck_font(deck: DeckConfig) -> Path | None:
    """The deck's `font` as a file: a path relative to deck.toml, else a bundled face by file name."""
    if deck.font is None:
        return None
    resolved = deck.path(deck.font)
    assert resolved is not None
    bundled = font_path(deck.font.name)
    if not resolved.exists() and len(deck.font.parts) == 1 and bundled.is_file():
        return bundled  # a bundled face by name: font = "Carlito-Bold.ttf"
    return resolved


def _photo(deck: DeckConfig, value: Path | None, key: str, source: str) -> PhotoRef | None:
    path = deck.path(value)
    return PhotoRef(path, key, source, deck.base_dir) if path is not None else None


def _faces(deck: DeckConfig, source: str) -> FaceDesign:
    c = deck.colours
    cards = {
        code: CardChoice(
            photo=_photo(deck, own.image, f"cards.{code}.image", source),
            mode=own.mode,
            focus=own.focus,
            text=own.text,
            zoom=own.zoom if "zoom" in own.model_fields_set else None,
            fit=own.fit,
            mat=own.mat,
        )
        for code, own in deck.cards.items()
    }
    return FaceDesign(
        ink=Ink(c.red, c.black, c.four_colour, c.clubs, c.diamonds, c.background, c.accent,
                c.robe or get_theme(deck.theme).court_robe or Ink.robe),
        font=deck_font(deck),
        cards=FrozenMap(cards),
        court_mode=deck.faces.court_mode,
        joker_mode=deck.faces.joker_mode,
        joker_photo=_photo(deck, deck.faces.joker_image, "faces.joker_image", source),
        joker_focus=deck.faces.joker_focus,
        joker_zoom=deck.faces.joker_zoom if "joker_zoom" in deck.faces.model_fields_set else None,
        fit=deck.faces.fit,
        index=_index(deck),
        mat=deck.faces.mat,
    )


def _index(deck: DeckConfig) -> IndexDesign:
    """The corner index: the language's letters and joker word, deck.toml's [letters] over them."""
    language = get_language(deck.language)
    own = deck.letters
    return IndexDesign(
        language=language.code,
        ace=own.A or language.ace,
        king=own.K or language.king,
        queen=own.Q or language.queen,
        jack=own.J or language.jack,
        joker=(own.joker or language.joker).upper(),
        style=deck.faces.index,
    )


# ------------------------------------------------------------------ fonts named in deck.toml


def font_ref(deck: DeckConfig, name: str | None, default: str, key: str) -> FontRef:
    """A font chosen at `key`: the bundled file of that name, else a path relative to deck.toml;
    with no name, the deck's `font`, else the bundled `default`."""
    if name is None:
        if deck.font is None:
            return FontRef(font_path(default), key)
        name = str(deck.font)
    bundled = font_path(name)
    if bundled.is_file():
        return FontRef(bundled, key)
    path = deck.path(Path(name))
    assert path is not None
    return FontRef(path, key)


# ------------------------------------------------------------------ backs


def _two_backs(deck: DeckConfig) -> bool:
    """A second back is made when deck.toml has [back2] or the deck is two packs (double-104)."""
    if deck.back2 is not None:
        return True
    if isinstance(deck.profile, CustomProfile):
        return deck.profile.base == "double-104"
    return deck.profile == "double-104"


def _theme_text(t: ThemeText, words: Callable[[str], str] = str) -> BackText:
    return BackText(content=words(t.content), position=t.position, size_mm=t.size_mm, font=t.font, mirror=t.mirror)


def _back(deck: DeckConfig, theme: Theme, which: int, source: str) -> BackDesign:
    """Theme defaults, [back] and (for the second back) [back2]: anything the user set wins.

    The second back keeps the first back's template, image and text unless [back2]
    sets its own, and takes the theme's second palette so the two packs differ."""
    if which == 1:
        cfg = deck.back
        palette_name = cfg.palette or theme.back_palette
        key = "back"
        own_texts = cfg.text is not None
    else:
        inherited = deck.back.model_dump(exclude_unset=True, exclude={"palette", "paper", "ground", "ink", "accent"})
        own = deck.back2.model_dump(exclude_unset=True) if deck.back2 is not None else {}
        cfg = BackConfig.model_validate(inherited | own)
        palette_name = cfg.palette or theme.back2_palette
        key = "back2" if deck.back2 is not None else "back"
        own_texts = cfg.text is not None and deck.back2 is not None and "text" in deck.back2.model_fields_set
    palette = get_palette(palette_name).with_overrides(paper=cfg.paper, ground=cfg.ground, ink=cfg.ink,
                                                       accent=cfg.accent)
    words = get_language(deck.language).word  # the theme's words in the deck's language
    texts = tuple(cfg.text) if cfg.text is not None else tuple(_theme_text(t, words) for t in theme.back_text)
    image = _photo(deck, cfg.image, f"{key}.image", source)
    return BackDesign(
        key=key,
        template=get_template(cfg.template or theme.back_template),
        colours=palette.colours,
        ornament=cfg.ornament or theme.back_ornament,
        texts=tuple(
            BackTextDesign(
                content=text.content,
                font=font_ref(deck, text.font, theme.title_font, f"{key}.text[{i}].font"),
                size_mm=text.size_mm,
                min_size_mm=text.min_size_mm,
                colour=text.colour,
                position=text.position,
                width=text.width,
                mirror=text.mirror if text.mirror is not None else cfg.mirror_text,
                plate=text.plate,
            )
            for i, text in enumerate(texts)
        ),
        picture=Picture(image, cfg.image_mode, cfg.image_focus, cfg.image_scale, cfg.image_zoom) if image is not None else None,
        mirror_image=cfg.mirror_image,
        own_texts=own_texts,
    )


# ------------------------------------------------------------------ the tin lid


def _lid(deck: DeckConfig, theme: Theme, source: str) -> LidDesign:
    cfg = deck.tin
    palette = get_palette(cfg.palette or deck.back.palette or theme.lid_palette)  # a lid that matches the back
    words = get_language(deck.language).word  # the theme's words in the deck's language
    name = deck.name.strip() or words("Playing cards")
    title = (cfg.title if cfg.title is not None else words(theme.lid_title)).replace("{name}", name)
    subtitle = (cfg.subtitle if cfg.subtitle is not None else words(theme.lid_subtitle)).replace("{name}", name)
    image = _photo(deck, cfg.image, "tin.image", source)
    return LidDesign(
        colours=palette.colours,
        template=get_template(deck.back.template or theme.back_template),
        ornament=cfg.ornament or theme.lid_ornament,
        title=title,
        subtitle=subtitle,
        title_font=font_ref(deck, cfg.title_font, theme.title_font, "tin.title_font"),
        body_font=font_ref(deck, cfg.body_font, theme.body_font, "tin.body_font"),
        # a lid text is the person's own key, or `name` when it is the theme's words made of the deck's name
        title_key="tin.title" if cfg.title is not None or "{name}" not in theme.lid_title else "name",
        subtitle_key="tin.subtitle" if cfg.subtitle is not None or "{name}" not in theme.lid_subtitle else "name",
        games=tuple(game_titles(deck.booklet.games)) if cfg.show_games else (),
        picture=Picture(image, cfg.image_mode, cfg.image_focus, zoom=cfg.image_zoom) if image is not None else None,
        suit_colours=(deck.colours.black, deck.colours.red),
        dpi=cfg.dpi,
        bleed_mm=cfg.bleed_mm,
        corner_radius_mm=cfg.corner_radius_mm,
    )


# ------------------------------------------------------------------ the box


def _box(deck: DeckConfig, card: CardFormat) -> BoxDesign:
    """[box]: the tin is made for the 59 x 91 mm card; any other card size gets a tuck box,
    unless deck.toml's [box] kind says which."""
    cfg = deck.box
    tin_card = CardFormat()
    kind = cfg.kind or ("tin" if (card.width_mm, card.height_mm) == (tin_card.width_mm, tin_card.height_mm) else "tuck")
    return BoxDesign(kind=kind, card_thickness_mm=cfg.card_thickness_mm, clearance_mm=cfg.clearance_mm)


# ------------------------------------------------------------------ print files and booklet


def _print(deck: DeckConfig) -> PrintOptions:
    p = deck.print
    return PrintOptions(
        paper=p.paper,
        flip=p.flip,
        offset_mm=(p.offset_x_mm, p.offset_y_mm),
        printer_margin_mm=p.printer_margin_mm,
        gutter_mm=p.gutter_mm,
        cutter=p.cutter,
        interleave=p.interleave,
        rgb=not p.cmyk,
        icc=deck.path(p.icc),
        shop=p.shop,
        ink_limit=p.ink_limit,
        die_line=p.die_line,
        contact_columns=p.contact_columns,
    )


def booklet_colours(theme: Theme, red: str) -> dict[str, str]:
    """The booklet's colours from the theme's lid palette, each adjusted until it reads where it is used:
    inside on white paper (4.5 : 1), the cover's words on its ground, its ornaments at 3 : 1."""
    lid = get_palette(theme.lid_palette)
    # the strongest of the palette's colours carries the headings; light themes get it darkened
    strongest = min((lid.ground, lid.ink, lid.accent), key=luminance)
    accent = readable_on(strongest, "#ffffff")
    ground = lid.ground
    text = lid.paper if contrast(lid.paper, ground) >= 4.0 else readable_on(strongest, ground, 7.0)
    ornament = readable_on(
        lid.accent if contrast(lid.accent, ground) > contrast(lid.ink, ground) else lid.ink, ground, 3.0
    )
    return {
        "ink": "#1c1c24",
        "red": readable_on(red, "#ffffff"),
        "accent": accent,
        "accent_light": mix(accent, "#ffffff", 0.9),
        "rule": "#8a8f9c",
        "cover_background": ground,
        "cover_text": text,
        "cover_accent": ornament,
    }


def _booklet(deck: DeckConfig, theme: Theme) -> BookletDesign:
    b = deck.booklet
    return BookletDesign(
        games=tuple(b.games),
        title=b.title,
        dedication=b.dedication,
        extra_rules=deck.path(b.extra_rules),
        colours=FrozenMap(booklet_colours(theme, deck.colours.red)),
        title_font=theme.title_font,
        body_font=theme.body_font,
    )
