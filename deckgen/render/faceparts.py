"""A photo card's overlay as data (render.parts, card mm): its caption plate at the place the crop
plan chose, and what it must keep clear of there: the index plates of a `full` card, the gold rules
and the divider's lozenge of a `mirrored` one. The caption module and the photo cards' drawing
place these; this module asks them where, so a test can measure what touches what."""

from __future__ import annotations

from deckgen.cards import Card
from deckgen.design import Design
from deckgen.render.captions import GOLD_RULE_INSIDE, caption_box_mm
from deckgen.render.courts import LOZENGE
from deckgen.render.facedraw import layout
from deckgen.render.parts import Part
from deckgen.render.photocards import plate_box_mm

__all__ = ["GOLD_RULE_OUTSIDE", "photo_card_parts"]

#: Where the frame's gold rule starts inside the frame's edge (reference card); it ends at GOLD_RULE_INSIDE.
GOLD_RULE_OUTSIDE = 1.0


def photo_card_parts(design: Design, card: Card, text: str, mode: str, place: str, plates: str = "left") -> list[Part]:
    """The parts of a photo card's overlay in card mm: the caption `text` at `place` (one of
    captions.CAPTION_PLACES[mode]); on a full card the two index plates (`plates`: the pair of
    corners, "left" or "right"); on a mirrored one the gold rule's four sides and the divider's lozenge
    (left out under a caption on the divider, as photocards.draw_mirrored draws it)."""
    lay = layout(design)
    parts = [Part("caption", f"cards.{card.code}.text", caption_box_mm(design, text, place))] if text else []
    if mode == "full":
        plate = plate_box_mm(lay, card, plates)
        return parts + [Part("index", "index plate", plate), Part("index", "index plate turned", lay.turned(plate))]
    x0, y0, x1, y1 = lay.frame
    a, b = GOLD_RULE_OUTSIDE * lay.kp, GOLD_RULE_INSIDE * lay.kp
    rules = {"top": (x0 + a, y0 + a, x1 - a, y0 + b), "bottom": (x0 + a, y1 - b, x1 - a, y1 - a),
             "left": (x0 + a, y0 + b, x0 + b, y1 - b), "right": (x1 - b, y0 + b, x1 - a, y1 - b)}
    lozenge = (lay.mid_x - LOZENGE[0] * lay.kp, lay.mid_y - LOZENGE[1] * lay.kp,
               lay.mid_x + LOZENGE[0] * lay.kp, lay.mid_y + LOZENGE[1] * lay.kp)
    return (parts + [Part("rule", f"gold rule {side}", box) for side, box in rules.items()]
            + ([Part("ornament", "divider lozenge", lozenge)] if place != "divider" or not text else []))
