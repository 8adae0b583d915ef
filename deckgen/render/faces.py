"""The card faces: one image per card, full size with bleed, double-ended; every face of a deck built.

Drawing is split by concern: `facedraw` (the canvas, indices, pips, the ace, frames),
`facecourts` (the drawn courts and jokers), `captions`, `photocards` (a photo's crop and its
drawing) and `cropreview`; this module puts one face together (`render_face`) and checks a deck's
faces before any drawing (`check_faces`); `facebuild` builds them all in worker processes.

Layout is in millimetres from the trim's top-left corner and turned into
pixels only when drawing. Most of a face is double-ended: the upper half
(indices, paired pips, the court panel, a mirrored photo) is drawn, and the
lower half is made from it by a 180° turn (`symmetrise`), so the two ends
match to the pixel. What is not paired (the centre pip of a 5, the upright
middle pips of a 6, the ace) is drawn afterwards, upright.

The background runs through the bleed, and every frame stays well inside the
trim, so a cut that wanders 1.5 mm shows the card's own colour and no white.
The 5 mm rounded corner belongs to the cutter, not to the image.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from deckgen.cards import Card
from deckgen.design import Design
from deckgen.errors import ConfigError
from deckgen.render.captions import caption_problem
from deckgen.render.facecourts import draw_builtin_court, draw_builtin_joker
from deckgen.render.facedraw import Face, ace_name_warning, card_art, draw_pip_card
from deckgen.render.fonts import check_deck_font
from deckgen.render.photocards import (
    CropPlan,
    check_crop,
    draw_full,
    draw_mirrored,
    photo_area_size,
    plan_card,
)
from deckgen.render.photos import (
    photo_size,
    resolution_warning,
)
from deckgen.render.vectorshapes import VectorShape

__all__ = [
    "check_faces",
    "render_face",
]


def render_face(design: Design, card: Card, plan: CropPlan | None = None,
                vectors: list[VectorShape] | None = None) -> Image.Image:
    """The face of one card as an RGB image of the full size with bleed. A card with a photo
    follows `plan` (made here, faces found, when not given). With `vectors` (a list), the suit
    symbols and words are recorded there in mm and left out of the image (the PDF draws them)."""
    face = Face(design, card)
    face.vectors = vectors
    art = card_art(design, card)
    if art.photo is not None:
        plan = plan or plan_card(design, card, art)
        assert plan is not None
        (draw_full if art.mode == "full" else draw_mirrored)(face, art, plan)
    elif card.is_joker:
        draw_builtin_joker(face, art)
    elif card.rank is not None and card.rank.is_court:
        draw_builtin_court(face, art)
    else:
        draw_pip_card(face, art)
    return face.image

def check_faces(design: Design) -> list[str]:
    """What can be checked cheaply before any drawing: the font, card overrides that name a card
    the deck lacks, and every photo's header (missing, not an image, too large). Returns the
    warnings for photos with too few pixels. (A photo damaged further in is found while drawing,
    which still happens before any face is put in place.)"""
    check_deck_font(design)
    cards = design.profile.unique_cards()
    codes = {c.code for c in cards}
    for code in design.faces.cards:
        if code not in codes:
            jokers = sorted(c for c in codes if c.startswith("JK"))
            which = ("" if not code.startswith("JK") else f"; its jokers are {' and '.join(jokers)}" if jokers
                     else "; it has no jokers")
            raise ConfigError(design.source, f"cards.{code}", f"the '{design.profile.name}' deck has no card {code}{which}")
    messages: list[str] = [m for m in (ace_name_warning(design),) if m]
    seen: set[tuple[Path, str, tuple[int, int]]] = set()
    for card in cards:
        art = card_art(design, card)
        if art.photo is None:
            drawn = card.is_joker or (card.rank is not None and card.rank.is_court)
            problem = caption_problem(design, art.text, "half") if art.text and drawn else None
            if problem:  # a drawn court's caption
                messages.append(f"{design.source}: cards.{card.code}.text: {problem} in [cards.{card.code}]")
            continue
        check_crop(design, card, art)
        need = photo_area_size(design, art.mode)
        if (art.photo.path, art.photo.key, need) in seen:
            continue
        seen.add((art.photo.path, art.photo.key, need))
        msg = resolution_warning(art.photo, photo_size(art.photo), need, design.card.dpi)
        if msg:
            messages.append(msg)
    return messages


