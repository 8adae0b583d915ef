"""Fonts at a pixel size: the bundled faces by role, or the deck's own font file.

A role ("index", "court", "title", "text", "caption") names what the text is
for, so a deck's `font` key can change the lettering of the cards without
touching the code that lays them out. Loaded fonts are cached per process.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

from deckgen.design import Design, FontRef
from deckgen.errors import ConfigError, UserError
from deckgen.paths import as_written
from deckgen.resources import font_path

#: Bundled font for each role. Indices and captions are one family, DejaVu Sans Condensed (its
#: bold: narrow enough for the index column beside the court frame and for a caption plate),
#: the family the rules booklet is set in.
ROLES: dict[str, str] = {
    "index": "DejaVuSansCondensed-Bold.ttf",
    "court": "DejaVuSerif-Bold.ttf",
    "title": "DejaVuSerif-Bold.ttf",
    "text": "DejaVuSans.ttf",
    "caption": "DejaVuSansCondensed-Bold.ttf",
}
#: Roles that the deck's own `font` replaces (running text stays readable in the bundled face).
DECK_FONT_ROLES = frozenset({"index", "court", "title", "caption"})


@lru_cache(maxsize=128)
def _load(path: str, size_px: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size_px)


def font_file(design: Design | None, role_or_filename: str) -> Path:
    """The font file for a role (the deck's `font` wins for card lettering) or a bundled file name."""
    if design is not None and design.faces.font is not None and role_or_filename in DECK_FONT_ROLES:
        return design.faces.font
    return font_path(ROLES.get(role_or_filename, role_or_filename))


def load_font(design: Design | None, role_or_filename: str, size_px: int | float) -> ImageFont.FreeTypeFont:
    """A FreeType font `size_px` pixels per em, for a role or a bundled file name (cached).

    A deck font that is missing or unreadable raises UserError naming deck.toml,
    the key `font` and the file.
    """
    path = font_file(design, role_or_filename)
    own = design is not None and design.faces.font is not None and role_or_filename in DECK_FONT_ROLES
    try:
        return _load(str(path), max(1, int(round(size_px))))
    except OSError as exc:
        if not own:
            raise UserError(f"{path}: bundled font missing or damaged (reinstall deckgen)") from None
        where = design.source if design is not None else "deck.toml"
        reason = "file not found" if not path.exists() else f"not a font Pillow can read ({exc})"
        raise UserError(f"{where}: font: {as_written(path, design.base_dir if design else None)}: {reason}; "
                        "expected a TrueType or OpenType file (.ttf, .otf)") from None


def check_deck_font(design: Design) -> None:
    """Fail early, before any file is written, if the deck's own font cannot be used."""
    if design.faces.font is not None:
        load_font(design, "index", 40)


@lru_cache(maxsize=64)
def _char_map(path: str) -> frozenset[int] | None:
    """The code points a font file maps to glyphs (read once per file); None when it cannot be read."""
    from reportlab.pdfbase.ttfonts import TTFontFile  # late: ReportLab's font reader; PNG-only commands never load ReportLab otherwise

    try:
        return frozenset(TTFontFile(path).charToGlyph)
    except Exception:  # a font ReportLab cannot parse (CFF outlines, a collection): we cannot tell
        return None


def missing_glyphs(path: Path, text: str) -> list[str]:
    """The characters of `text` the font file has no glyph for, each once, in order (whitespace never counts)."""
    chars = _char_map(str(path))
    if chars is None:
        return []
    missing: list[str] = []
    for ch in text:
        if not ch.isspace() and ord(ch) not in chars and ch not in missing:
            missing.append(ch)
    return missing


def resolve_font(source: str, font: FontRef) -> Path:
    """The font file a key chose; a file that is not there is a ConfigError naming the key."""
    if not font.path.is_file():
        raise ConfigError(source, font.key, f"font file not found: {as_written(font.path, Path(source).resolve().parent)} (bundled fonts: "
                          f"{', '.join(p.name for p in sorted(font_path('x').parent.glob('*.ttf')))})")
    return font.path


def user_texts(design: Design) -> list[tuple[str, str, Path, str]]:
    """Each text from deck.toml that will be drawn: (key, text, the font file that draws it, the key
    that chooses that font), as the design gives them to the faces, the backs and the lid."""
    texts: list[tuple[str, str, Path, str]] = []
    for card in design.profile.unique_cards():
        art = design.faces.art(card)
        if art.text:
            texts.append((f"cards.{card.code}.text", art.text, font_file(design, "caption"), "font"))
        if card.code == "AS" and art.photo is None:  # the ace of spades carries the deck's name
            texts.append(("name", design.name.upper(), font_file(design, "title"), "font"))
    for back in design.backs:
        if not back.own_texts:
            continue  # the theme's own words, or the first back's words again (said once, under back.text)
        for i, back_text in enumerate(back.texts):
            key = f"{back.key}.text[{i}]"
            texts.append((f"{key}.content", back_text.content, resolve_font(design.source, back_text.font),
                          back_text.font.key))
    lid = design.lid
    for key, text, font in ((lid.title_key, lid.title, lid.title_font), (lid.subtitle_key, lid.subtitle, lid.body_font)):
        if text:
            texts.append((key, text, resolve_font(design.source, font), font.key))
    return texts
