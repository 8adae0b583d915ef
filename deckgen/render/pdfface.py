"""One face as a print file draws it: its shapes, and what is left of its picture.

`faces.render_face` lays the face out and, with `vectors` set, records its parts
as shapes (`vectorshapes`) instead of painting them; this module turns that into
a `VectorFace`: the ground becomes a shape with a hole where the photo is, and
the picture is cut to the photo (nothing for a drawn face).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image, ImageChops

from deckgen.cards import Card, parse_card
from deckgen.design import CardFormat, Design
from deckgen.render.facedraw import card_art
from deckgen.render.faces import render_face
from deckgen.colour import rgb
from deckgen.render.vectorshapes import (
    RGB,
    PathShape,
    VectorFace,
    VectorShape,
    box_contour,
)

__all__ = ["vector_face", "vector_faces"]


def _background(colour: RGB, card: CardFormat, hole_mm: tuple[float, float, float, float] | None) -> PathShape:
    """The face's ground through the bleed (and a little past it: the page or the slot clips it),
    with a hole where the picture is."""
    pad = card.bleed_mm + 1.0
    contours = [box_contour(-pad, -pad, card.width_mm + pad, card.height_mm + pad)]
    if hole_mm is not None:
        contours.append(box_contour(*hole_mm))
    return PathShape(tuple(contours), colour, None, 0.0, rule="evenodd", turns=False)


def vector_face(deck: Design, card: Card) -> VectorFace:
    """One face as a VectorFace: drawn with its shapes recorded; the picture that is left is cut
    to what is not plain ground (the photo), and the ground becomes a shape with a hole there."""
    shapes: list[VectorShape] = []
    base = render_face(deck, card, vectors=shapes)
    paper = rgb(deck.faces.ink.paper)
    photo = card_art(deck, card).photo is not None
    box = ImageChops.difference(base, Image.new("RGB", base.size, paper)).getbbox()
    bleed = deck.card.bleed_mm
    if box is None:
        return VectorFace(None, (_background(paper, deck.card, None), *shapes), photo)
    w, h = base.size
    if box == (0, 0, w, h):
        return VectorFace(base, tuple(shapes), photo)
    # pixels -> card mm on the page's own scale, so the hole's edges are the picture's edges
    page_w, page_h = deck.card.width_mm + 2 * bleed, deck.card.height_mm + 2 * bleed
    hole = (box[0] / w * page_w - bleed, box[1] / h * page_h - bleed,
            box[2] / w * page_w - bleed, box[3] / h * page_h - bleed)
    picture = base.crop(box)
    ground = _background(paper, deck.card, hole)
    if box[0] + box[2] == w and box[1] + box[3] == h:  # centred: a mirrored photo is stored once
        pixels = np.asarray(picture)
        if np.array_equal(pixels, pixels[::-1, ::-1]):
            upper = picture.crop((0, 0, picture.width, (picture.height + 1) // 2))
            return VectorFace(upper, (ground, *shapes), photo, box, (w, h), halves=True)
    return VectorFace(picture, (ground, *shapes), photo, box, (w, h))


def vector_faces(deck: Design, faces: dict[str, Path]) -> dict[str, VectorFace]:
    """Each face of the deck (card code -> its PNG's path) as a VectorFace, keyed by the PNG's path."""
    return {str(path): vector_face(deck, parse_card(code)) for code, path in faces.items()}
