"""The drawn courts and jokers on a face (no photo): the figure in the deck's colours, standing in the
frame, and its caption on a plate under it."""

from __future__ import annotations

import math

from deckgen.render.captions import caption_box_mm, caption_set, caption_words
from deckgen.colour import rgb
from deckgen.render.courts import (
    caption_plate_part,
    court_figure,
    joker_figure,
    standing,
)
from deckgen.render.facedraw import Art, Face, _mix, draw_frame, draw_index
from deckgen.render.figureparts import FigureColours, Part, figure_paths, paint_figure

__all__ = [
    "draw_builtin_court",
    "draw_builtin_joker",
    "draw_figure",
    "figure_caption",
    "figure_colours",
]


def figure_colours(face: Face) -> FigureColours:
    """The colours of a drawn court or joker: the deck's black for outlines, the card's ink for
    its emblem, the deck's red and robe colour for the cloth, its accent for the gold."""
    c = face.design.faces.ink
    black, red = rgb(c.black), rgb(c.red)
    skin = _mix(face.bg, (236, 190, 160), 0.5)
    robe = rgb(c.robe)
    return FigureColours(line=black, ink=face.ink, red=red, robe=robe, gold=face.accent, paper=face.bg,
                         skin=skin, dark=_mix(black, face.accent, 0.35), blush=_mix(skin, red, 0.35))


def draw_figure(face: Face, parts: tuple[Part, ...]) -> None:
    """A figure from render/courts.py in the court frame's upper half: painted, or recorded as
    vector paths when the face is being drawn for a PDF. Its parts end with the frame's divider
    (`courts.DIVIDER`, the same as `draw_frame` paints), so the robe never covers it. The figure
    is drawn for the reference frame and scaled with the layout's pictures, standing on the divider
    (`courts.standing` draws its body longer in a frame taller than that scale fills)."""
    lay = face.lay
    colours = figure_colours(face)
    origin, scale = lay.figure_origin, lay.figure_scale
    if face.vectors is not None:
        face.vectors.extend(figure_paths(parts, colours, origin, scale))
        return
    fx0, fy0, fx1, _ = lay.frame
    inset = 0.7 * lay.kp
    region = (math.floor(face.x(fx0 + inset)), math.floor(face.y(fy0 + inset)),
              math.ceil(face.x(fx1 - inset)), math.ceil(face.y(lay.mid_y + 0.2 * lay.kp)))
    paint_figure(face.image, parts, colours, (face.x(origin[0]), face.y(origin[1])), face.k * scale, region)


def draw_builtin_court(face: Face, art: Art) -> None:
    """A framed, double-ended court: the drawn king, queen or jack of the suit (render/courts.py)."""
    card = face.card
    assert card.rank is not None and card.suit is not None
    draw_frame(face, _mix(face.bg, face.ink, 0.07))
    draw_figure(face, standing(court_figure(card.rank, card.suit), face.lay.figure_taller, face.lay.figure_wider))
    if art.text:
        figure_caption(face, art.text)
    draw_index(face)
    face.symmetrise()


def draw_builtin_joker(face: Face, art: Art) -> None:
    """A framed, double-ended joker: a jester in the joker's ink (the second one faces the other way)."""
    draw_frame(face, _mix(face.bg, face.ink, 0.06))
    draw_figure(face, standing(joker_figure(face.card.joker), face.lay.figure_taller, face.lay.figure_wider))
    if art.text:
        figure_caption(face, art.text)
    draw_index(face)
    face.symmetrise()


def figure_caption(face: Face, text: str) -> None:
    """A caption on a drawn court: on a paper plate edged in gold across the robe, above the
    divider, set and placed as a mirrored photo card's is (CAPTION_CLEAR from the gold rules and the
    lozenge, one or two lines)."""
    lay = face.lay
    x0, y0, x1, y1 = caption_box_mm(face.design, text, "half")
    (ox, oy), s = lay.figure_origin, lay.figure_scale
    edge = 0.125  # half the plate's gold edge (figure mm), which is drawn on its outline: kept inside the box
    draw_figure(face, (caption_plate_part((x0 - ox) / s + edge, (y0 - oy) / s + edge, (x1 - ox) / s - edge,
                                          (y1 - oy) / s - edge),))
    caption_words(face, caption_set(face.design, text, "half"), y0)
