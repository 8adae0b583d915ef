"""Building the rules booklet: sources -> house rules -> checked examples -> flowables -> PDFs.

This is the one place where the rules engine and the renderers meet. Every
worked example is recomputed with the deck's house rules before anything is
drawn; one wrong claim stops the build with its file:line, and no PDF is
written (a good booklet from an earlier build stays in place).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from PIL import Image

from deckgen.booklet.boxes import ExampleView
from deckgen.booklet.checked import (
    CheckedChapter,
    DeckMismatch,
    ExampleFailed,
    ExampleLeftOut,
    chapter_ratings,
    check_chapter,
    check_source,
    checked_shipped,
    extra_rules_file,
    read_chapter,
    read_own_chapter,
    rules_path,
)
from deckgen.booklet.deckfit import DeckFit, fit
from deckgen.booklet.examples import ExampleBlock
from deckgen.booklet.impose import impose
from deckgen.booklet.markdown import Converter, chapter_header, rating_dots
from deckgen.booklet.pdf import Cover, PageLayout, PdfChapter, lay_out_pocket, save_pocket
from deckgen.booklet.pictures import CardImages, CardPicture
from deckgen.booklet.slowtables import count_in_background, slow_tables_needed
from deckgen.booklet.sources import RulesSource, load_source, rule_change_words
from deckgen.booklet.styles import Palette, Styles, typographic
from deckgen.booklet.tables import TableCache, TableMaker
from deckgen.booklet.thumbs import CardPictures
from deckgen.booklet.views import condensed, example_view, names_in
from deckgen.buildcache import booklet_layout_key
from deckgen.cards import Card, CardError, deck_label, parse_card, parse_cards
from deckgen.design import Design
from deckgen.errors import warn
from deckgen.fileio import read_cached, write_cached
from deckgen.forked import Forked, can_fork
from deckgen.render.pdfdate import PdfDate, pdf_date

__all__ = [
    "IMPOSED_NAMES",
    "POCKET_NAME",
    "ExampleFailed",
    "booklet_step",
    "build_booklet",
    "cover_cards",
    # the booklet's parts that callers of the build reach through it (each defined in its own module)
    "CardPictures",
    "CheckedChapter",
    "DeckMismatch",
    "ExampleLeftOut",
    "check_chapter",
    "check_source",
    "checked_shipped",
    "condensed",
    "example_view",
    "extra_rules_file",
    "names_in",
    "read_chapter",
    "read_own_chapter",
    "rules_path",
]

Advance = Callable[[str], None]

POCKET_NAME = "rules-pocket.pdf"
IMPOSED_NAMES = {"a4": "rules-pocket-imposed-a4.pdf", "letter": "rules-pocket-imposed-letter.pdf"}
COVER_CARD_MM = 26.0


# ----------------------------------------------------------------------------- colours


def _colophon(title: str, deck_name: str, checked: Sequence[CheckedChapter]) -> str:
    """The back page's words: what this booklet is, and the house rules it was checked with."""
    house = [f"{c.source.title}: {'; '.join(changed_rules(c))}" for c in checked if changed_rules(c)]
    text = (
        f"{title} for {deck_name}. Every worked example in this booklet was computed and verified by "
        f"deckgen for {'these house rules' if house else 'the usual rules of each game'}."
    )
    if house:
        text += "\n\nHouse rules at this table. " + " · ".join(house) + "."
    return typographic(text)


def cover_cards(design: Design, count: int = 4) -> list[Card]:
    """The cards fanned on the cover: those the deck maker gave their own pictures, then courts and an ace."""
    in_deck = design.profile.unique_cards()
    chosen_cards = design.faces.cards
    own = [c for c in in_deck if c.code in chosen_cards and chosen_cards[c.code].photo is not None]
    fallback = [c for c in parse_cards("A♠ K♥ Q♣ J♦ Jk1 10♥") if c in in_deck]
    chosen = list(dict.fromkeys(own + fallback))[:count]
    return chosen or in_deck[:count]


def theme_colours(design: Design) -> tuple[Palette, dict[str, str], tuple[str, str]]:
    """The booklet's inside palette, the cover colours and the cover fonts, as the design resolved them."""
    c = design.booklet.colours
    inside = Palette(ink=c["ink"], red=c["red"], accent=c["accent"], accent_light=c["accent_light"], rule=c["rule"])
    cover = {"background": c["cover_background"], "text": c["cover_text"], "accent": c["cover_accent"]}
    return inside, cover, (design.booklet.title_font, design.booklet.body_font)


# ----------------------------------------------------------------------------- chapters


def _facts(source: RulesSource) -> list[tuple[str, str]]:
    meta = source.meta
    facts: list[tuple[str, str]] = []
    if meta.get("players"):
        facts.append(("Players", str(meta["players"])))
    if meta.get("deck"):
        facts.append(("Deck", deck_label(str(meta["deck"]))))
    for key, value in chapter_ratings(source).items():
        facts.append((key.capitalize(), rating_dots(int(value))))
    return facts


def _chapter(
    checked: CheckedChapter,
    styles: Styles,
    images: CardImages,
    cache: TableCache,
    index: int,
    title: str | None = None,
    deck_notes: Sequence[str] = (),
) -> PdfChapter:
    source = checked.source
    title = title or source.title
    specs = source.engine_games if source.is_template else []
    maker = TableMaker(rules=checked.rules, cache=cache, specs=specs)

    def view(block: ExampleBlock) -> ExampleView | None:
        result = checked.result_of(block)
        return example_view(result, checked.rules) if result is not None else None

    # a shipped chapter's table claims hold for the usual rules; under others its tables show their numbers
    claims = checked.own or not changed_rules(checked)
    converter = Converter(styles, images, checked.chapter, view, table_for=maker, key_prefix=f"c{index}", table_claims=claims)
    flowables = chapter_header(title, _facts(source), styles, f"c{index}", "; ".join(changed_rules(checked)), " ".join(deck_notes))
    flowables += converter.convert()
    return PdfChapter(title, flowables)


def changed_rules(checked: CheckedChapter) -> list[str]:
    """The chapter's house rules that differ from the usual values, worded: `gin bonus 20 (usually 25)`."""
    changed: list[str] = []
    seen: set[str] = set()
    for spec in checked.source.engine_games if checked.source.is_template else []:
        for param in spec.parameters:
            value = checked.rules.get(param.name, param.default)
            if value != param.default and param.name not in seen:
                seen.add(param.name)
                changed.append(rule_change_words(param.name, value, param.default))
    return changed


def _title_of(source: RulesSource, markdown: str, fallback: str) -> str:
    if source.meta.get("title"):
        return str(source.meta["title"])
    match = re.search(r"^#\s+(.+)$", markdown, flags=re.MULTILINE)
    return match.group(1).strip() if match else fallback


# ----------------------------------------------------------------------------- the build


def build_booklet(
    design: Design,
    out_dir: Path,
    advance: Advance | None = None,
    rules_dir: Path | None = None,
    imposed: Sequence[str] = ("a4", "letter"),
    date: PdfDate | None = None,
    cores: int | None = None,
) -> list[Path]:
    """Check every example, then write output/booklet/rules-pocket.pdf and its imposed versions.
    `cores`: how many processes it may keep busy (None: every core; 1: no process beside this one).

    The booklet laid out (its pages with the card pictures named, not stored) is kept in the cache
    under `booklet_layout_key`. When a build changed nothing but photos, the new pictures are
    attached to it: no example is checked and no page laid out again, as none of them can differ.
    `date`: the build's; by default read here, once: the pocket and its impositions carry the same date."""
    advance = advance or (lambda _label: None)
    date = pdf_date(date)
    out_dir = Path(out_dir)
    cache_root = out_dir / ".cache" / "booklet"
    sources_files = [rules_path(game, rules_dir, design.config_file) for game in design.booklet.games]
    drawn: dict[tuple[Card, int], Image.Image] = {}
    pictures = {
        "example": CardPictures(design, cache_root / "cards", drawn=drawn),
        # the cover's cards are drawn up to 26 mm tall: pictures of their own, at that size
        "cover": CardPictures(design, cache_root / "cards", height_mm=COVER_CARD_MM, drawn=drawn),
    }
    layout_key = booklet_layout_key(design, sources_files, date)
    kept = _kept_layout(cache_root, layout_key, pictures)
    if kept is not None:
        for game in design.booklet.games:
            advance(game)
        if design.booklet.extra_rules is not None:
            advance("house rules")
    beside = cores is None or cores > 1  # another process may work meanwhile
    vector, placed = kept if kept is not None else _lay_out(design, sources_files, cache_root, pictures, advance, date,
                                                            beside)
    target = out_dir / "booklet" / POCKET_NAME
    save_pocket(vector, placed, target)
    if kept is None:
        _keep_layout(cache_root, layout_key, vector, pictures)
    advance("pocket PDF")
    written = [target]
    paths = [out_dir / "booklet" / IMPOSED_NAMES[sheet] for sheet in imposed]
    # the last sheet size is imposed in a child process while this one imposes the others (same files)
    last = Forked(lambda: impose(target, paths[-1], imposed[-1], date), "the booklet's imposition") \
        if len(paths) > 1 and beside and can_fork() else None
    try:
        for sheet, path in zip(imposed, paths):
            if last is not None and path == paths[-1]:
                last.result()
            else:
                impose(target, path, sheet, date)
            written.append(path)
            advance(f"imposed {sheet}")
    finally:
        if last is not None:
            last.stop()
    return written


#: The last booklet laid out, in the booklet's cache folder: its key's checksum beside it.
LAYOUT_FILE = "layout.bin"


def _kept_layout(cache_root: Path, key: str, pictures: Mapping[str, CardPictures]) -> tuple[bytes, list[CardPicture]] | None:
    """The booklet laid out by an earlier build with the same key, and its pictures (drawn now, or
    kept by their face's key) with the pages that show them; None when there is none."""
    data = read_cached(cache_root / LAYOUT_FILE, key)
    if data is None:
        return None
    head, _, vector = data.partition(b"\n")
    placed: list[CardPicture] = []
    try:
        for kind, code, name, pages in json.loads(head.decode("utf-8"))["pictures"]:
            picture = pictures[kind](parse_card(code))
            if not isinstance(picture, CardPicture) or picture.key != name:
                return None
            picture.pages.update(int(n) for n in pages)
            placed.append(picture)
    except (ValueError, KeyError, TypeError, CardError, UnicodeDecodeError):
        return None
    return vector, placed


def _keep_layout(cache_root: Path, key: str, vector: bytes, pictures: Mapping[str, CardPictures]) -> None:
    """Keep the layout for the next build, with where each picture goes (written only once the
    booklet is: a build stopped before that leaves the earlier record, which its key still tells apart)."""
    shown = [[kind, card.code, p.key, sorted(p.pages)] for kind, source in sorted(pictures.items())
             for card, p in source.made.items() if p.pages]
    head = json.dumps({"pictures": shown}, separators=(",", ":")).encode("utf-8")
    write_cached(cache_root / LAYOUT_FILE, head + b"\n" + vector, key)


def _lay_out(design: Design, sources_files: Sequence[Path], cache_root: Path,
             pictures: Mapping[str, CardPictures], advance: Advance, date: PdfDate,
             beside: bool = True) -> tuple[bytes, list[CardPicture]]:
    """Check every example and lay the booklet out, dated `date`; its PDF without the pictures, and the pictures."""
    house = design.house_rules
    numbers = TableCache(cache_root / "tables")
    sources = [load_source(path) for path in sources_files]
    checked: list[CheckedChapter] = []
    fits: list[DeckFit] = []
    for source in sources:
        checked.append(checked_shipped(source, house))
        fits.append(fit(design, source))
        for line in fits[-1].warnings:
            warn(DeckMismatch(line))
        advance(source.name)
    chapters = [c.chapter for c in checked]
    # a count that is neither shipped nor cached takes seconds: another process works it out meanwhile
    counting = count_in_background(numbers, slow_tables_needed(chapters)) if beside else None
    examples = pictures["example"]
    try:
        extra: CheckedChapter | None = None
        path = extra_rules_file(design)
        if path is not None:
            extra = check_chapter(read_own_chapter(path, house, chapters), house)
            advance("house rules")

        inside, cover_colours, (title_font, body_font) = theme_colours(design)
        titles = [c.source.title for c in checked]
        booklet_title = design.booklet.title or "Rules of the games"
        cover = Cover(
            deck_name=design.name,
            title=booklet_title,
            dedication=design.booklet.dedication or "",
            games=titles,
            author=design.name,
            title_font=title_font,
            body_font=body_font,
            colophon=_colophon(booklet_title, design.name, checked),
            fan=[pictures["cover"](card) for card in cover_cards(design)],
            **cover_colours,
        )
        for done in checked + ([extra] if extra else []):
            for result in done.results:
                for hand in example_view(result).hands:
                    for card in hand.cards:
                        examples(card)
    except BaseException:
        if counting is not None:
            counting.terminate()  # the build stops here: so does the worker it started
        raise
    if counting is not None:
        counting.join()  # the counts are in the cache now (or are counted below if the worker failed)

    def pdf_chapters(styles: Styles) -> list[PdfChapter]:
        out = [_chapter(c, styles, examples, numbers, i, deck_notes=f.notes) for i, (c, f) in enumerate(zip(checked, fits), start=1)]
        if extra is not None:
            title = _title_of(extra.source, extra.markdown, "Our house rules")
            out.append(_chapter(extra, styles, examples, numbers, len(out) + 1, title))
        return out

    vector, _pages = lay_out_pocket(cover, pdf_chapters, inside, PageLayout(), date)
    return vector, [p for source in pictures.values() for p in source.made.values()]


def booklet_steps(design: Design) -> int:
    """How many times `build_booklet` calls advance (for a progress bar)."""
    return len(design.booklet.games) + (1 if design.booklet.extra_rules else 0) + 1 + len(IMPOSED_NAMES)


def booklet_step(design: Design, out_dir: Path, advance: Advance, date: PdfDate | None = None,
                 cores: int | None = None) -> list[Path]:
    """The booklet as a step of `deckgen build` (see deckgen.steps.STEPS), dated the build's `date`, on its `cores`."""
    return build_booklet(design, out_dir, advance, date=date, cores=cores)


booklet_step.units = booklet_steps  # type: ignore[attr-defined]
