"""The print-shop PDF: one card per page, the page is the card with its bleed, no marks.

Print shops impose the pages themselves; what they need from us is the trim
and bleed stated exactly (TrimBox and BleedBox on every page) and images at
full resolution without loss. Faces come first, then the backs in the same
order (back page i belongs to face page i), or face and back alternate.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

import pikepdf

from deckgen.render.cardart import CardArt, CardGeometry, load_images
from deckgen.render.pdfcanvas import EmbeddedImage, Placement, add_images, canvas_bytes, new_canvas, save_pdf
from deckgen.units import mm_to_pt


def page_order(cards: Sequence[CardArt], interleave: bool) -> list[tuple[str, CardArt]]:
    """(side, card) for each page: all faces then all backs, or face, back, face, back."""
    if interleave:
        return [(side, card) for card in cards for side in ("face", "back")]
    return [("face", card) for card in cards] + [("back", card) for card in cards]


def build_print_shop(
    cards: Sequence[CardArt],
    geometry: CardGeometry,
    *,
    interleave: bool = False,
    title: str = "deckgen deck",
    images: dict[str, EmbeddedImage] | None = None,
    colour_space: pikepdf.Object | None = None,
) -> pikepdf.Pdf:
    """The print-shop document in memory; `images`/`colour_space` let the CMYK writer swap the pixels."""
    if not cards:
        raise ValueError("no cards to print")
    images = images if images is not None else load_images(cards, geometry)
    b = geometry.bleed_mm
    page_mm = (geometry.width_mm + 2 * b, geometry.height_mm + 2 * b)
    width_pt, height_pt = mm_to_pt(page_mm[0]), mm_to_pt(page_mm[1])
    trim = (mm_to_pt(b), mm_to_pt(b), mm_to_pt(b + geometry.width_mm), mm_to_pt(b + geometry.height_mm))

    buffer = io.BytesIO()
    canvas = new_canvas(buffer, page_mm, title, "print-shop file: one card per page, trim and bleed boxes set")
    canvas.setTrimBox(trim)
    canvas.setBleedBox((0, 0, width_pt, height_pt))
    pages: list[list[Placement]] = []
    for side, card in page_order(cards, interleave):
        path = card.face if side == "face" else card.back
        pages.append([Placement(str(path), (width_pt, 0, 0, height_pt, 0, 0))])
        canvas.showPage()
    return add_images(canvas_bytes(canvas, buffer), images, pages, colour_space)


def write_print_shop(
    cards: Sequence[CardArt],
    geometry: CardGeometry,
    target: Path,
    *,
    interleave: bool = False,
    title: str = "deckgen deck",
) -> Path:
    """Write output/print/print-shop.pdf (atomically)."""
    pdf = build_print_shop(cards, geometry, interleave=interleave, title=title)
    return save_pdf(pdf, target)
