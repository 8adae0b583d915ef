"""`deckgen print`: every print file of a deck, from the face and back PNGs in out_dir/cards.

Writes the print-shop file(s) of the chosen shop preset (out_dir/print/print-shop.pdf,
or print-shop-faces.pdf and print-shop-backs.pdf), sheets-a4.pdf and/or
sheets-letter.pdf, and out_dir/preview/contact-sheet.png. Card images that are
missing (or not at the deck's DPI) are rendered first. When the preset's bleed is
not the deck's, the print-shop file is made from cards drawn with the preset's
bleed in out_dir/print/shop-cards/, and the deck's own cards are left as they are.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from PIL import Image

from deckgen.cards import Card
from deckgen.colour import rgb
from deckgen.design import CardFormat, Design, PrintOptions
from deckgen.errors import UserError
from deckgen.forked import Forked, can_fork
from deckgen.papers import Paper, paper_file_name, paper_named
from deckgen.render.alignment import write_alignment_test
from deckgen.render.backs import build_backs
from deckgen.render.backvector import vector_backs
from deckgen.render.cardart import CardArt, image_size
from deckgen.render.cmyk import read_cmyk_profile
from deckgen.render.contact import thumb_size, thumbnail, write_contact_sheet
from deckgen.render.facebuild import build_faces
from deckgen.render.facevector import press_colours
from deckgen.render.inkstack import FileInk
from deckgen.render.pdfdate import PdfDate
from deckgen.render.printparts import Press, PrintParts
from deckgen.render.printshop import shop_file_names, write_shop_files
from deckgen.render.reference import reference_file
from deckgen.render.sheets import cut_svg_path, fitting_gutter, write_sheets
from deckgen.render.shops import ShopPreset, load_shop
from deckgen.render.vectorshapes import VectorFace

__all__ = [
    "PrintOptions",
    "build_print_files",
    "card_images",
    "measure_shop_ink",
    "pair_cards",
    "print_file_count",
    "print_step",
    "shop_preset",
    "shop_preset_for_deck",
    "write_alignment_tests",
]

Advance = Callable[[str], None]


def shop_preset(design: Design, options: PrintOptions | None = None) -> ShopPreset:
    """The shop preset of the print options (the design's own by default), by name or as a path beside deck.toml."""
    return load_shop((options or design.print).shop, design.base_dir)


def shop_preset_for_deck(design: Design, options: PrintOptions | None = None) -> ShopPreset:
    """The shop preset, refused (a UserError naming the sizes it expects) when it is made for other card sizes
    than the deck's: a print file is never made at a size the shop did not ask for."""
    preset = shop_preset(design, options)
    mismatch = preset.card_mismatch(design.card.width_mm, design.card.height_mm)
    if mismatch:
        raise UserError(f"print.shop: {mismatch}")
    return preset


def pair_cards(design: Design, faces: dict[str, Path], backs: list[Path]) -> list[CardArt]:
    """Every physical card in deck order with its face and back.

    With two backs, a deck holding each card twice gives the second copies the
    second back; a deck of single cards is printed twice, once per back (two packs).
    """
    if not backs:
        raise ValueError("no back image")
    cards = list(design.profile.cards)
    packs = [cards]
    if len(backs) > 1 and max(Counter(cards).values(), default=1) == 1:
        packs = [cards, cards]
    out: list[CardArt] = []
    for pack_no, pack in enumerate(packs):
        seen: Counter[Card] = Counter()
        for card in pack:
            copy = seen[card] + pack_no
            seen[card] += 1
            name = card.code if copy == 0 else f"{card.code}#{copy + 1}"
            out.append(CardArt(name, faces[card.code], backs[min(copy, len(backs) - 1)]))
        for stem in reference_stems(design):  # the reference cards after the jokers, with the pack's back
            name = stem if pack_no == 0 else f"{stem}#{pack_no + 1}"
            out.append(CardArt(name, faces[stem], backs[min(pack_no, len(backs) - 1)]))
    return out


def reference_stems(design: Design) -> list[str]:
    """The reference cards' PNG names without '.png' (ref-poker-ranking), in deck order."""
    return [Path(reference_file(name)).stem for name in design.reference.cards]


def _fits(path: Path, geometry: CardFormat) -> bool:
    try:
        return path.is_file() and image_size(path) == geometry.box().size
    except UserError:
        return False


def card_images(design: Design, out_dir: Path, advance: Advance | None = None,
                jobs: int | None = None) -> tuple[dict[str, Path], list[Path]]:
    """The face and back PNGs in out_dir/cards, rendering them first (on `jobs` processes, default every
    core) when any is missing or the wrong size."""
    geometry = design.card
    folder = Path(out_dir) / "cards"
    faces = {card.code: folder / f"{card.code}.png" for card in design.profile.unique_cards()}
    if not all(_fits(p, geometry) for p in faces.values()):
        faces = build_faces(design, out_dir, advance, jobs=jobs)
    backs = [folder / "back.png"] + ([folder / "back2.png"] if design.two_backs else [])
    if not all(_fits(p, geometry) for p in backs):
        backs = build_backs(design, out_dir, advance)
    references = {stem: folder / f"{stem}.png" for stem in reference_stems(design)}
    if not all(_fits(p, geometry) for p in references.values()):
        from deckgen.reference import (
            build_reference,  # the engine's figures: loaded when a deck has such cards
        )

        references = {path.stem: path for path in build_reference(design, out_dir)}
    return {**faces, **references}, backs


def _faces_by_code(cards: list[CardArt]) -> dict[str, Path]:
    """Each card's face PNG by its card code (the PNGs are named by code); the reference cards,
    which have no code and no parts, are left out."""
    return {Path(c.face).stem: c.face for c in cards if not Path(c.face).stem.startswith("ref-")}


def _reference_faces(design: Design, cards: list[CardArt], out: Path) -> dict[str, VectorFace]:
    """The reference cards keyed by their PNG's path: their paper and frame as a picture and their words
    as type (a card whose font cannot be embedded: all picture, words and all); the print-shop file
    prints their greys in the deck's black alone."""
    refs = [card for card in cards if Path(card.face).stem.startswith("ref-")]
    if not refs:
        return {}
    from deckgen.reference import (
        reference_vectors,  # the engine's figures: loaded when a deck has such cards
    )

    drawn = reference_vectors(design, out)
    found: dict[str, VectorFace] = {}
    for card in refs:
        if str(card.face) in found:
            continue
        vector = drawn.get(Path(card.face).stem)
        if vector is None:
            with Image.open(card.face) as im:
                vector = VectorFace(im.convert("RGB"), ())
        found[str(card.face)] = vector
    return found


def print_file_count(design: Design, options: PrintOptions | None = None) -> int:
    """How many files build_print_files writes (for the progress bar)."""
    options = options or design.print
    return 1 + len(shop_file_names(shop_preset_for_deck(design, options))) + len(options.papers) * (2 if options.cutter else 1)


def build_print_files(
    design: Design, out_dir: Path, advance: Advance | None = None, options: PrintOptions | None = None,
    date: PdfDate | None = None, jobs: int | None = None,
) -> list[Path]:
    """Write all print files of the deck, dated `date` (the command's or build's; by default
    SOURCE_DATE_EPOCH's, see pdfdate.pdf_date), with at most `jobs` processes at once (default: every
    core; 1: this one alone); returns their paths, the same bytes whatever `jobs` is."""
    options = options or design.print
    tick = advance or (lambda _item: None)
    shop = _ShopFiles(design, options, Path(out_dir), date, jobs)
    out = Path(out_dir)
    written: list[Path] = []
    shop_files = shop.write

    # the print-shop file is drawn in a child process while this one draws the home sheets and the
    # contact sheet (they share nothing but the parts made above): same files, sooner on two cores
    shop_job = Forked(shop_files, "the print-shop file's process") if (jobs is None or jobs > 1) and can_fork() else None
    try:
        written.extend(_home_files(design, (shop.cards, shop.faces, shop.backs), shop.geometry, out, options, shop.parts,
                                   shop.vectors if shop.same else None, tick, date, jobs))
        shop_paths = shop_job.result() if shop_job is not None else shop_files()
    finally:
        if shop_job is not None:
            shop_job.stop()
    for path in shop_paths:
        tick(path.name)
    shop.parts.prune()
    return shop_paths + written


class _ShopFiles:
    """The print-shop file(s) of a deck with these options: the cards at the preset's bleed (drawn in
    out/print/shop-cards when it is not the deck's), each face's parts, and the writer."""

    def __init__(self, design: Design, options: PrintOptions, out: Path, date: PdfDate | None,
                 jobs: int | None = None) -> None:
        self.design, self.options, self.out, self.date = design, options, out, date
        self.preset = preset = shop_preset_for_deck(design, options)
        self.profile = None if options.rgb else read_cmyk_profile(options.icc)  # a bad profile stops us first
        self.faces, self.backs = card_images(design, out, None, jobs)
        self.geometry = design.card
        self.cards = pair_cards(design, self.faces, self.backs)
        self.shop_design, self.shop_cards, self.shop_geometry, self.shop_backs = design, self.cards, self.geometry, self.backs
        if preset.bleed_mm != self.geometry.bleed_mm:
            self.shop_design = replace(design, card=replace(design.card, bleed_mm=preset.bleed_mm))
            shop_faces, self.shop_backs = card_images(self.shop_design, out / "print" / "shop-cards", None, jobs)
            self.shop_cards, self.shop_geometry = pair_cards(self.shop_design, shop_faces, self.shop_backs), self.shop_design.card
        self.order = "face-then-back" if options.interleave and preset.order == "faces-then-backs" else preset.order
        # each face's parts (drawn without its symbols, as image streams; the symbols as shapes) are kept
        # under the face's key in out/.cache: only the faces that changed are drawn again
        self.parts = PrintParts(out)
        black = rgb(design.faces.ink.black)
        press = None if self.profile is None else Press(self.profile, ink_limit_of(options, preset), black)
        self.same = self.shop_geometry == self.geometry
        self.vectors = self.parts.faces(self.shop_design, _faces_by_code(self.shop_cards), press, rgb=options.rgb or self.same,
                                        jobs=jobs)
        self.vectors.update(_reference_faces(self.shop_design, self.shop_cards, out))

    def write(self, ink: list[FileInk] | None = None) -> list[Path]:
        """Write the file(s); `ink` gets each CMYK file's measured ink."""
        # the backs' patterns, frames and words as shapes too, drawn in the child that uses them
        # (the home sheets keep the back pictures)
        shop_vectors = {**self.vectors, **vector_backs(self.shop_design, list(self.shop_backs))}
        return list(write_shop_files(
            self.shop_cards, self.shop_geometry, self.out / "print", self.preset, rgb=self.options.rgb, profile=self.profile,
            ink_limit=self.options.ink_limit, die_line=self.options.die_line, order=self.order,
            title=self.design.name, vectors=shop_vectors, black=rgb(self.design.faces.ink.black), date=self.date, ink=ink,
        ))


def measure_shop_ink(design: Design, options: PrintOptions, folder: Path) -> list[FileInk]:
    """The print-shop file(s) of the deck written into `folder` (a scratch folder: the preflight's),
    with the ink each one stacks, measured as it is drawn: what `deckgen print` writes for these options."""
    ink: list[FileInk] = []
    _ShopFiles(design, options, Path(folder), None).write(ink)
    return ink


def _home_files(design: Design, pictures: tuple[list[CardArt], dict[str, Path], list[Path]], geometry: CardFormat,
                out: Path, options: PrintOptions, parts: PrintParts, vectors: dict[str, Any] | None,
                tick: Advance, date: PdfDate | None, jobs: int | None = None) -> list[Path]:
    """The home-print sheets (and their cutter files) for each paper, then the contact sheet; `pictures`
    are the cards paired with their faces and backs, the face PNGs by card code and the back PNGs."""
    cards, faces, backs = pictures
    written: list[Path] = []
    sheet_vectors = vectors if vectors is not None else {**parts.faces(design, _faces_by_code(cards), jobs=jobs),
                                                         **_reference_faces(design, cards, out)}
    for name in options.papers:
        try:
            path = write_sheets(
                cards,
                geometry,
                out / "print" / f"sheets-{paper_file_name(name)}.pdf",
                paper_named(name),
                flip=options.flip,
                offset_mm=options.offset_mm,
                printer_margin_mm=options.printer_margin_mm,
                gutter_mm=home_gutter(design, options, paper_named(name), geometry),
                cutter=options.cutter,
                title=design.name,
                vectors=sheet_vectors,
                colour_of=press_colours(None, rgb(design.faces.ink.black), 300),
                date=date,
            )
        except ValueError as exc:
            key = "print.cutter" if "registration" in str(exc) else "print.printer_margin_mm"
            raise UserError(f"{key}: {exc}") from None
        if options.cutter:
            written.append(cut_svg_path(path))
            tick(cut_svg_path(path).name)
        written.append(path)
        tick(path.name)
    contact = list(faces.values()) + list(backs)
    size = thumb_size(geometry)
    drawn = {code: path for code, path in faces.items() if not code.startswith("ref-")}
    kept = parts.thumbnails(design, drawn, lambda path: thumbnail(path, geometry, size))
    kept.update({Path(path): thumbnail(path, geometry, size) for code, path in faces.items() if code not in drawn})
    written.append(write_contact_sheet(contact, geometry, out / "preview" / "contact-sheet.png", options.contact_columns,
                                       thumbs=kept))
    tick("contact-sheet.png")
    return written


def home_gutter(design: Design, options: PrintOptions, paper: Paper, geometry: CardFormat) -> float:
    """The gap between cards on a home sheet: the one asked for; else none (one cut between two
    cards) unless a card's photo runs to its edge (a full-photo court), when a cut a little off
    would show a sliver of it on the plain card beside it: then as much gap as keeps the whole
    bleed (twice the bleed) without taking a card off the sheet."""
    if options.gutter_mm is not None:
        return options.gutter_mm
    to_the_edge = any(art.photo is not None and art.mode == "full"
                      for art in map(design.faces.art, design.profile.unique_cards()))
    if not to_the_edge or geometry.bleed_mm <= 0:
        return 0.0
    return fitting_gutter(paper, geometry, options.printer_margin_mm, options.cutter, 2 * geometry.bleed_mm)


def ink_limit_of(options: PrintOptions, preset: ShopPreset) -> float:
    """The total ink the print-shop file is held to: the deck's --ink-limit, else the preset's."""
    return options.ink_limit if options.ink_limit is not None else preset.ink_limit


def write_alignment_tests(design: Design, out_dir: Path, options: PrintOptions,
                          date: PdfDate | None = None) -> list[Path]:
    """out_dir/print/alignment-test-<paper>.pdf for each paper asked, printed with the offsets in use,
    dated `date` (the command's; by default SOURCE_DATE_EPOCH's, see pdfdate.pdf_date)."""
    return [
        write_alignment_test(
            Path(out_dir) / "print" / f"alignment-test-{paper_file_name(name)}.pdf", paper_named(name), flip=options.flip,
            offset_mm=options.offset_mm, date=date,
        )
        for name in options.papers
    ]


def print_step(design: Design, out_dir: Path, advance: Advance, date: PdfDate | None = None,
               cores: int | None = None) -> list[Path]:
    """The build step: all print files with the deck's [print] settings, dated the build's `date`, on
    the build's `cores` (default every core)."""
    return build_print_files(design, out_dir, advance, date=date, jobs=cores)


print_step.units = print_file_count  # type: ignore[attr-defined]
