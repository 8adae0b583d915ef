"""The build, as an ordered list of steps: `deckgen build` runs them all, in order.

Each step is (label, function). The function takes the deck, the output
folder and an `advance(item)` callback (called once per unit of work, for the
progress bar) and returns the paths it wrote. A step may carry a `units`
attribute, `units(deck) -> int`, telling the progress bar how many times it
will call `advance`; without it the bar just pulses.

Other parts of deckgen append their steps (backs and tin lid, print files,
booklet) to STEPS in the order they must run; faces come first because print
files are made from the face PNGs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from deckgen.config import BackConfig, DeckConfig
from deckgen.booklet.build import booklet_step
from deckgen.render.backs import build_backs
from deckgen.render.printfiles import print_step
from deckgen.render.tin import build_lid

__all__ = [
    "STEPS",
    "preflight",
    "run_steps",
]

Advance = Callable[[str], None]
StepFunction = Callable[[DeckConfig, Path, Advance], list[Path]]


def faces_step(deck: DeckConfig, out_dir: Path, advance: Advance) -> list[Path]:
    """All the card faces, on every core: out_dir/cards/<code>.png."""
    from deckgen.render.faces import build_faces

    return list(build_faces(deck, out_dir, advance).values())


def _face_count(deck: DeckConfig) -> int:
    return len(deck.deck_profile().unique_cards())


faces_step.units = _face_count  # type: ignore[attr-defined]

#: The build, in order. Append (label, function) to add a step.
STEPS: list[tuple[str, StepFunction]] = [
    ("faces", faces_step),
    ("backs", build_backs),
    ("tin lid", build_lid),
    ("booklet", booklet_step),
    ("print files", print_step),  # keep last: it is made from the faces and backs
]


def step_units(function: StepFunction, deck: DeckConfig) -> int | None:
    """How many times a step will call advance, when it says so; None when unknown."""
    units = getattr(function, "units", None)
    return int(units(deck)) if callable(units) else None


def run_steps(
    deck: DeckConfig,
    out_dir: Path,
    steps: list[tuple[str, StepFunction]] | None = None,
    advance_for: Callable[[str, StepFunction], Advance] | None = None,
) -> dict[str, list[Path]]:
    """Run the steps in order (all of STEPS by default); returns label -> paths written.

    `advance_for(label, function)` gives each step its progress callback; a
    step's failure stops the build there, and what earlier steps wrote stays.
    """
    written: dict[str, list[Path]] = {}
    for label, function in steps if steps is not None else STEPS:
        advance = advance_for(label, function) if advance_for else (lambda _item: None)
        written[label] = list(function(deck, Path(out_dir), advance))
    return written


def _check_font(deck: DeckConfig, name: str | None, key: str) -> None:
    from deckgen.render.backs import _truetype, resolve_font

    if name is not None:
        _truetype(resolve_font(deck, name, name, key), 40, deck, key)


def preflight(deck: DeckConfig, booklet: bool = True) -> None:
    """Find what would stop the build before it writes anything: every file deck.toml names
    (photos decoded in full, so a truncated download is found here; fonts; the ICC profile;
    the booklet's extra rules), the backs and the lid drawn in memory (a text too long for
    its box), and the booklet's worked examples recomputed with the house rules. The first
    problem raises a UserError naming deck.toml and the key, so a bad [back] cannot stop
    the build after the faces have been replaced. Costs well under a second.
    `booklet=False` leaves out the booklet's files and examples (for `deckgen print`)."""
    from deckgen.config import ConfigError
    from deckgen.errors import UserError
    from deckgen.render.faces import check_faces

    source = str(deck.source or "deck.toml")
    check_faces(deck)  # the deck's font, card codes the deck lacks, photo headers
    images: list[tuple[str, Path | None]] = [(f"cards.{code}.image", o.image) for code, o in deck.cards.items()]
    images.append(("faces.joker_image", deck.faces.joker_image))
    _open_images(deck, images + _back_images(deck) + _lid_images(deck))
    _check_back_fonts(deck)
    _check_lid_fonts(deck)
    _warn_missing_glyphs(deck)
    if deck.bleed_mm == 0:
        import warnings

        warnings.warn(f"{source}: bleed_mm = 0: a print shop will ask for bleed (usually 3 mm); the print-shop "
                      "file is drawn with its preset's bleed, the home sheets have none to spare", UserWarning, stacklevel=2)
    from deckgen.render.shops import load_shop

    try:
        load_shop(deck.print.shop, deck.base_dir, key="x")
    except UserError as exc:
        raise ConfigError(source, "print.shop", str(exc).removeprefix("x: ")) from None
    if deck.print.cmyk and deck.print.icc is not None:
        from deckgen.render.cmyk import read_cmyk_profile

        try:
            read_cmyk_profile(deck.path(deck.print.icc))  # type: ignore[arg-type]
        except ConfigError:
            raise
        except UserError as exc:
            raise ConfigError(source, "print.icc", str(exc)) from None
    _draw_in_memory(deck)
    if booklet:
        extra = deck.path(deck.booklet.extra_rules)
        if extra is not None and not extra.is_file():
            raise ConfigError(source, "booklet.extra_rules", f"file not found: {extra}")
        _check_examples(deck, extra)


def preflight_backs(deck: DeckConfig) -> None:
    """The part of `preflight` that `deckgen backs` needs: the backs' pictures and fonts read,
    and every back drawn in memory, so a bad [back2] stops it before back.png is written."""
    _open_images(deck, _back_images(deck))
    _check_back_fonts(deck)
    _draw_in_memory(deck, lid=False)


def preflight_lid(deck: DeckConfig) -> None:
    """The part of `preflight` that `deckgen tin` needs: the lid's picture and fonts read, and
    the lid drawn in memory, before lid.png is written."""
    _open_images(deck, _lid_images(deck))
    _check_lid_fonts(deck)
    _draw_in_memory(deck, backs=False)


def _backs(deck: DeckConfig) -> list[tuple[str, BackConfig]]:
    return [("back", deck.back)] + ([("back2", deck.back2)] if deck.back2 is not None else [])


def _back_images(deck: DeckConfig) -> list[tuple[str, Path | None]]:
    return [(f"{name}.image", back.image) for name, back in _backs(deck)]


def _lid_images(deck: DeckConfig) -> list[tuple[str, Path | None]]:
    return [("tin.image", deck.tin.image)]


def _open_images(deck: DeckConfig, images: list[tuple[str, Path | None]]) -> None:
    """Decode each picture (key, value from deck.toml) once, in full; the first bad one raises."""
    from deckgen.render.photos import PhotoRef, open_photo

    source = str(deck.source or "deck.toml")
    seen: set[Path] = set()
    for key, value in images:
        path = deck.path(value)
        if path is not None and path not in seen:
            seen.add(path)
            open_photo(PhotoRef(path, key, source), draft_size=(64, 64))


def _check_back_fonts(deck: DeckConfig) -> None:
    for name, back in _backs(deck):
        for i, text in enumerate(back.text or []):
            _check_font(deck, text.font, f"{name}.text[{i}].font")


def _check_lid_fonts(deck: DeckConfig) -> None:
    _check_font(deck, deck.tin.title_font, "tin.title_font")
    _check_font(deck, deck.tin.body_font, "tin.body_font")


def _user_texts(deck: DeckConfig) -> list[tuple[str, str, Path, str]]:
    """Each text from deck.toml that will be drawn: (key, text, the font file that draws it, the key
    that chooses that font), resolved the way faces.py, backs.py and tin.py do."""
    from deckgen.render.backs import has_second_back, resolve_back, resolve_font
    from deckgen.render.faces import card_art
    from deckgen.render.fonts import font_file
    from deckgen.themes import get_theme

    theme = get_theme(deck.theme)
    texts: list[tuple[str, str, Path, str]] = []
    for card in deck.deck_profile().unique_cards():
        art = card_art(deck, card)
        if art.text:
            texts.append((f"cards.{card.code}.text", art.text, font_file(deck, "caption"), "font"))
        if card.code == "AS" and art.photo is None:  # the ace of spades carries the deck's name
            texts.append(("name", deck.name.upper(), font_file(deck, "title"), "font"))
    for which in (1, 2) if has_second_back(deck) else (1,):
        spec = resolve_back(deck, which)
        if spec.config.text is None:
            continue  # the theme's own words
        if which == 2 and (deck.back2 is None or "text" not in deck.back2.model_fields_set):
            continue  # the first back's words again: said once, under back.text
        for i, text in enumerate(spec.texts):
            key = f"{spec.key}.text[{i}]"
            font = resolve_font(deck, text.font, theme.title_font, f"{key}.font")
            texts.append((f"{key}.content", text.content, font, f"{key}.font"))
    cfg = deck.tin
    name = deck.name.strip() or "Playing cards"
    for key, own, default, font_name, default_font, font_key in (
        ("tin.title", cfg.title, theme.lid_title, cfg.title_font, theme.title_font, "tin.title_font"),
        ("tin.subtitle", cfg.subtitle, theme.lid_subtitle, cfg.body_font, theme.body_font, "tin.body_font"),
    ):
        words = (own if own is not None else default).replace("{name}", name)
        if words:
            font = resolve_font(deck, font_name, default_font, font_key)
            texts.append((key if own is not None else "name", words, font, font_key))
    return texts


def _warn_missing_glyphs(deck: DeckConfig) -> None:
    """Warn (the build goes on) for each text from deck.toml with letters its font cannot draw:
    they would print as empty boxes."""
    import warnings

    from deckgen.render.fonts import missing_glyphs

    source = str(deck.source or "deck.toml")
    said: set[tuple[str, Path, tuple[str, ...]]] = set()
    for key, text, font, font_key in _user_texts(deck):
        missing = tuple(missing_glyphs(font, text))
        if not missing or (key, font, missing) in said:
            continue  # the deck's name on the ace and on the lid, in one font: said once
        said.add((key, font, missing))
        chars = ", ".join(repr(ch) for ch in missing)
        one = len(missing) == 1
        what = ("it would print as an empty box", "it") if one else ("they would print as empty boxes", "them")
        warnings.warn(f"{source}: {key}: the font {font.name} has no glyph for {chars}; {what[0]} "
                      f"(set `{font_key}` to a font that has {what[1]})", UserWarning, stacklevel=2)


def _draw_in_memory(deck: DeckConfig, backs: bool = True, lid: bool = True) -> None:
    """Draw the backs and the lid without saving them; their warnings are left to the real steps."""
    import warnings

    from deckgen.render.backs import has_second_back, render_back
    from deckgen.render.tin import render_lid

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if backs:
            for which in (1, 2) if has_second_back(deck) else (1,):
                render_back(deck, which)
        if lid:
            render_lid(deck)


def _check_examples(deck: DeckConfig, extra: Path | None) -> None:
    """Recompute the booklet's worked examples with the deck's house rules, as the booklet will."""
    import warnings

    from deckgen.booklet.build import ExampleLeftOut, check_chapter, read_chapter, read_own_chapter, rules_path
    from deckgen.booklet.sources import load_source

    house = deck.house_rules
    chapters = [read_chapter(load_source(rules_path(game, None, deck.source)), house) for game in deck.booklet.games]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ExampleLeftOut)  # said once, by the booklet step
        for chapter in chapters:
            check_chapter(chapter, house, own=False)
    if extra is not None:
        check_chapter(read_own_chapter(extra, house, chapters), house)
