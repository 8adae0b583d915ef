"""The print-shop PDF: one card per page, the page is the card with its bleed, no marks.

Print shops impose the pages themselves; what they need from us is the trim
and bleed stated exactly (TrimBox and BleedBox on every page), images at full
resolution without loss, the colour they print in, and the page order they
ask for. By default the file is CMYK PDF/X-4 through the profile deckgen
ships; a shop preset (templates/shops/) can ask for PDF/X-1a, another order,
separate face and back files, another ink limit or a die line. `rgb=True`
keeps the sRGB file for shops that ask for RGB.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pikepdf

from deckgen.design import CardFormat
from deckgen.render.backvector import VectorBack
from deckgen.render.cardart import CardArt, load_images
from deckgen.render.cmyk import (
    CmykProfile,
    add_output_intent,
    cmyk_images,
    document_id,
    read_cmyk_profile,
)
from deckgen.render.facevector import (
    DEFAULT_MIN_LINE_PT,
    PressColours,
    draw_shapes,
    press_colours,
)
from deckgen.render.inkstack import FileInk, InkStack, PageInk, picture_ink
from deckgen.render.pdfcanvas import (
    EmbeddedImage,
    Placement,
    add_images,
    canvas_bytes,
    content_key,
    draw_die_line,
    draw_image_here,
    new_canvas,
    save_pdf,
)
from deckgen.render.pdfdate import PdfDate
from deckgen.render.shops import Order, ShopPreset
from deckgen.render.vectorshapes import VectorFace
from deckgen.units import mm_to_pt, pt_to_mm

Side = str  # "face" or "back"


def page_order(cards: Sequence[CardArt], order: Order | bool, sides: Sequence[Side] = ("face", "back")) -> list[tuple[Side, CardArt]]:
    """(side, card) for each page. `order` True/False is the old interleave switch."""
    if order is True:
        order = "face-then-back"
    elif order is False:
        order = "faces-then-backs"
    if order == "faces-then-backs":
        return [(side, card) for side in sides for card in cards]
    pair = ("back", "face") if order == "back-then-face" else ("face", "back")
    return [(side, card) for card in cards for side in pair if side in sides]


def build_print_shop(
    cards: Sequence[CardArt],
    geometry: CardFormat,
    *,
    interleave: bool = False,
    order: Order | None = None,
    sides: Sequence[Side] = ("face", "back"),
    title: str = "deckgen deck",
    images: dict[str, EmbeddedImage] | None = None,
    colour_space: pikepdf.Object | None = None,
    die_line: bool = False,
    pdf_version: str = "1.6",
    vectors: dict[str, VectorFace] | None = None,
    colour_of: Any = None,
    date: PdfDate | None = None,
    ink: list[PageInk] | None = None,
) -> pikepdf.Pdf:
    """The print-shop document in memory, dated `date` (see `new_canvas`); `images`/`colour_space` let
    the CMYK writer swap the pixels.

    `vectors` (keyed by face path) draws those faces' symbols and words as vector shapes over
    their `images` (which then hold the faces without them), in the colours `colour_of` gives.
    With a press's colours (facevector.PressColours), each page's inks are stacked as they are
    drawn (inkstack.py: the deck's black knocked out where overprinting would pass the ink limit);
    `ink`, when given, gets one PageInk per page."""
    if not cards:
        raise ValueError("no cards to print")
    # a copy: a back's picture is added under its content's key (the caller's dict stays as given)
    images = dict(images) if images is not None else load_images(cards, geometry)
    b = geometry.bleed_mm
    page_mm = (geometry.width_mm + 2 * b, geometry.height_mm + 2 * b)
    width_pt, height_pt = mm_to_pt(page_mm[0]), mm_to_pt(page_mm[1])
    trim = (mm_to_pt(b), mm_to_pt(b), mm_to_pt(b + geometry.width_mm), mm_to_pt(b + geometry.height_mm))

    buffer = io.BytesIO()
    subject = "print-shop file: one card per page, trim and bleed boxes set"
    canvas = new_canvas(buffer, page_mm, title, subject, pdf_version, date=date)
    canvas.setTrimBox(trim)
    canvas.setBleedBox((0, 0, width_pt, height_pt))
    pages: list[list[Placement]] = []
    forms: dict[tuple[str, str], str] = {}
    picture_keys: dict[str, str] = {}  # a back's picture digested once, not on each of its pages
    limit = colour_of.ink_limit if isinstance(colour_of, PressColours) else None
    back_stacks: dict[str, InkStack] = {}  # a back's inks, stacked once as its forms are drawn
    picture_inks: dict[str, tuple[float, float]] = {}

    def shapes_once(key: str, part: str, shapes: Sequence[Any], stack: InkStack) -> None:
        """Shapes a back repeats on every back page: drawn once into a form, used on each page."""
        if not shapes:
            return
        if (key, part) not in forms:
            forms[(key, part)] = f"Back{len(forms)}"
            canvas.beginForm(forms[(key, part)])
            draw_shapes(canvas, shapes, (trim[0], trim[3]), colour_of, stack)
            canvas.endForm()
        canvas.doForm(forms[(key, part)])

    def pictures_under(stack: InkStack, key: str, placements: Sequence[Placement]) -> None:
        """The pictures' inks, under what is drawn after them (each picture measured once)."""
        if limit is None or not placements:
            return
        if key not in picture_inks:
            picture_inks[key] = picture_ink(images[key])
        for placement in placements:
            a, _b, _c, d, e, f = placement.matrix  # pictures are placed upright (a turned half: a, d < 0)
            xs, ys = sorted((e, e + a)), sorted((f, f + d))
            box = (pt_to_mm(xs[0] - trim[0]), pt_to_mm(trim[3] - ys[1]), pt_to_mm(xs[1] - trim[0]), pt_to_mm(trim[3] - ys[0]))
            stack.paint_picture(box, *picture_inks[key])

    for number, (side, card) in enumerate(page_order(cards, order or interleave, sides), start=1):
        path = card.face if side == "face" else card.back
        drawn = vectors.get(str(path)) if vectors is not None else None
        whole = (width_pt, 0.0, 0.0, height_pt, 0.0, 0.0)
        stack = InkStack(limit)
        if drawn is None:
            pages.append([Placement(str(path), whole)])
            pictures_under(stack, str(path), pages[-1])
        elif isinstance(drawn, VectorBack):  # pattern, then the photo, then the words over it
            drawn_before = back_stacks.get(str(path))
            stack = back_stacks.setdefault(str(path), stack)
            shapes_once(str(path), "under", drawn.under, stack)
            placed = []
            if drawn.has_picture:
                # painted in the vector layer, so named by its content: the same bytes in every build
                # (a path's staging folder changes), and two backs' pictures never go by one name
                key = picture_keys.get(str(path))
                if key is None:
                    key = picture_keys[str(path)] = content_key(images[str(path)])
                images[key] = images[str(path)]
                placed = [Placement(key, m, inline=True) for m in drawn.image_matrices(whole)]
            for placement in placed:
                draw_image_here(canvas, placement)
            if drawn_before is None:
                pictures_under(stack, placed[0].key if placed else "", placed)
            shapes_once(str(path), "over", drawn.shapes, stack)
            pages.append(placed)
        else:  # only the photo, if any, is a picture
            pages.append([] if not drawn.has_picture else [Placement(str(path), m) for m in drawn.image_matrices(whole)])
            pictures_under(stack, str(path), pages[-1])
            draw_shapes(canvas, drawn.shapes, (trim[0], trim[3]), colour_of, stack)
        if ink is not None:
            ink.append(PageInk(number, f"{card.name} {side}", stack.peak, stack.knocked_out, stack.thinnest_pt,
                               stack.raised_lines))
        if die_line:
            rect = (trim[0], trim[1], trim[2] - trim[0], trim[3] - trim[1])
            draw_die_line(canvas, rect, mm_to_pt(geometry.corner_radius_mm))
        canvas.showPage()
    return add_images(canvas_bytes(canvas, buffer), images, pages, colour_space)


def write_print_shop(
    cards: Sequence[CardArt],
    geometry: CardFormat,
    target: Path,
    *,
    interleave: bool = False,
    title: str = "deckgen deck",
    die_line: bool = False,
    date: PdfDate | None = None,
) -> Path:
    """Write an sRGB print-shop PDF (atomically): for shops that ask for RGB."""
    pdf = build_print_shop(cards, geometry, interleave=interleave, title=title, die_line=die_line, date=date)
    return save_pdf(pdf, target)


def write_cmyk_print_shop(
    cards: Sequence[CardArt],
    geometry: CardFormat,
    target: Path,
    profile: CmykProfile | Path | None = None,
    *,
    order: Order = "faces-then-backs",
    sides: Sequence[Side] = ("face", "back"),
    title: str = "deckgen deck",
    standard: str = "X-4",
    pdf_version: str = "1.6",
    ink_limit: float = 300,
    die_line: bool = False,
    vectors: dict[str, VectorFace] | None = None,
    black: tuple[int, int, int] = (0, 0, 0),
    date: PdfDate | None = None,
    ink: list[FileInk] | None = None,
    min_line_pt: float = DEFAULT_MIN_LINE_PT,
) -> Path:
    """Write a CMYK PDF/X print-shop file: pixels through the profile within the ink limit, its output intent;
    with `vectors`, those faces' symbols and words as vector shapes (black as 100 % K, overprinting where
    the limit leaves room). `date`: the build's, in the Info dictionary and the XMP alike; by default
    SOURCE_DATE_EPOCH's (pdfdate.pdf_date). `ink`, when given, gets the file's measured ink (FileInk)."""
    if not isinstance(profile, CmykProfile):
        profile = read_cmyk_profile(profile)
    vectors = vectors or {}
    ready = {key: face.cmyk for key, face in vectors.items() if face.cmyk is not None}
    paths = [path for path in (card.face if side == "face" else card.back for side, card in page_order(cards, order, sides))
             if str(path) not in vectors or (vectors[str(path)].base is not None and str(path) not in ready)]
    bases = {key: (face.base, None if face.photo else black) for key, face in vectors.items()
             if face.base is not None and key not in ready}
    images = {**cmyk_images(paths, geometry, profile, ink_limit, bases), **ready}
    pages: list[PageInk] = []
    pdf = build_print_shop(
        cards, geometry, order=order, sides=sides, title=title, images=images,
        colour_space=pikepdf.Name.DeviceCMYK, die_line=die_line, pdf_version=pdf_version,
        vectors=vectors, colour_of=press_colours(profile, black, ink_limit, min_line_pt), date=date, ink=pages,
    )
    if ink is not None:
        ink.append(FileInk(Path(target).name, ink_limit, tuple(pages), min_line_pt))
    add_output_intent(pdf, profile, title, document_id(profile, images, f"{standard}{ink_limit}{die_line}"), standard,  # type: ignore[arg-type]
                      date=date)
    return save_pdf(pdf, target, pdf_version)


def shop_file_names(preset: ShopPreset) -> list[tuple[str, tuple[Side, ...]]]:
    """The files a preset asks for, with the sides each holds."""
    if preset.split:
        return [("print-shop-faces.pdf", ("face",)), ("print-shop-backs.pdf", ("back",))]
    return [("print-shop.pdf", ("face", "back"))]


def write_shop_files(
    cards: Sequence[CardArt],
    geometry: CardFormat,
    folder: Path,
    preset: ShopPreset,
    *,
    rgb: bool = False,
    profile: CmykProfile | None = None,
    ink_limit: float | None = None,
    die_line: bool | None = None,
    order: Order | None = None,
    title: str = "deckgen deck",
    vectors: dict[str, VectorFace] | None = None,
    black: tuple[int, int, int] = (0, 0, 0),
    date: PdfDate | None = None,
    ink: list[FileInk] | None = None,
) -> list[Path]:
    """The print-shop file(s) for a preset: CMYK PDF/X (or sRGB when `rgb`), in the preset's order and split;
    faces in `vectors` get their symbols and words as vector shapes. All dated `date` (the build's; by
    default SOURCE_DATE_EPOCH's, see pdfdate.pdf_date). `ink` gets each CMYK file's measured ink."""
    die = preset.die_line if die_line is None else die_line
    order = order or preset.order
    written = []
    for name, sides in shop_file_names(preset):
        target = Path(folder) / name
        if rgb:
            images = load_images(cards, geometry)
            if vectors:
                images.update({key: face.rgb_image() for key, face in vectors.items() if face.has_picture})
            pdf = build_print_shop(cards, geometry, order=order, sides=sides, title=title, die_line=die,
                                   pdf_version=preset.pdf_version, images=images, vectors=vectors,
                                   colour_of=press_colours(None, black, 300), date=date)
            written.append(save_pdf(pdf, target, preset.pdf_version))
        else:
            written.append(write_cmyk_print_shop(
                cards, geometry, target, profile, order=order, sides=sides, title=title, standard=preset.pdfx,
                pdf_version=preset.pdf_version, ink_limit=ink_limit if ink_limit is not None else preset.ink_limit,
                die_line=die, vectors=vectors, black=black, date=date, ink=ink, min_line_pt=preset.min_line_pt,
            ))
    return written
