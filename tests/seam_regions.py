"""Where on a written photo card to look for seams (tests/seams.py): the photo's part of the
trimmed card, less what is drawn over it (index plates, the caption, the divider, the frame's rules);
and the seams deckgen made there, not those the photo has of itself (a rocket's straight side before
a soft sky, a composite's pasted edge), found on the photo drawn through the same window with
nothing round it."""

from __future__ import annotations

import numpy as np
from PIL import Image

from deckgen.cards import Card
from deckgen.design import Design
from deckgen.render.courts import LOZENGE
from deckgen.render.photocards import (FRAME_RULES, MAT_RULE_MM, mirrored_area_px, photo_area_size, plan_card,
                                       plate_box_mm)
from deckgen.render.captions import caption_box_mm
from deckgen.render.facedraw import card_art, layout
from deckgen.render.photos import open_photo
from deckgen.render.framing import render_window, to_area
from seams import Seam, find_seams

Box = tuple[int, int, int, int]
#: Kept round every box left out, in mm (antialiasing, a plate's rule).
MARGIN_MM = 1.2


def seam_regions(design: Design, card: Card) -> list[tuple[Box, tuple[Box, ...]]]:
    """(region, boxes left out) in the card's pixels, bleed included, for each part of a photo card
    where the photo shows: the trim of a `full` card, each half of a `mirrored` one's frame."""
    art = card_art(design, card)
    plan = plan_card(design, card, art)
    assert plan is not None, card.code
    lay = layout(design)
    k = design.card.dpi / 25.4
    bleed = round(design.card.box().bleed_px)
    w, h = (round(v) for v in design.card.box().size)

    def px(box: tuple[float, float, float, float], grow: float = MARGIN_MM) -> Box:
        return (round(bleed + (box[0] - grow) * k), round(bleed + (box[1] - grow) * k),
                round(bleed + (box[2] + grow) * k), round(bleed + (box[3] + grow) * k))

    out: list[tuple[Box, tuple[Box, ...]]] = []
    # a designed mat's rule round the photo is a drawn straight line, kept out as a plate's rule is
    # (only that: a mat of the photo's own colours, blended, is measured right up to the photo)
    ruled: list[Box] = []
    if plan.mat_style == "theme":
        p0, p1, p2, p3 = plan.photo_mm
        r = MAT_RULE_MM
        lines = ((p0 - r, p1 - r, p0, p3 + r), (p0 - r, p1 - r, p2 + r, p1),
                 (p2, p1 - r, p2 + r, p3 + r), (p0 - r, p3, p2 + r, p3 + r))
        ruled = [px(line) for line, side in zip(lines, plan.mat_mm) if side >= 0.05]
        if art.mode == "mirrored":
            turned = [lay.turned(line) for line, side in zip(lines, plan.mat_mm) if side >= 0.05]
            ruled += [px(line) for line in turned]
    if art.mode == "full":
        skip = [px(plate_box_mm(lay, card, plan.plates)), px(lay.turned(plate_box_mm(lay, card, plan.plates)))]
        skip += ruled
        if art.text:
            skip.append(px(caption_box_mm(design, art.text, plan.caption)))
        inset = round(MARGIN_MM * k)
        out.append(((bleed + inset, bleed + inset, w - bleed - inset, h - bleed - inset), tuple(skip)))
        return out
    l, t, r, b = mirrored_area_px(design)
    rules = round((FRAME_RULES * lay.kp + MARGIN_MM) * k)
    divider = round((LOZENGE[1] * lay.kp + MARGIN_MM) * k)
    upper = (l + rules, t + rules, r - rules, b - divider)
    caption: tuple[Box, ...] = tuple(ruled)
    if art.text:
        box = caption_box_mm(design, art.text, plan.caption)
        caption += (px(box), px(lay.turned(box)))
    out.append((upper, caption))
    out.append(((w - upper[2], h - upper[3], w - upper[0], h - upper[1]), caption))
    return out


def photo_alone(design: Design, card: Card) -> tuple[Image.Image, np.ndarray]:
    """The card's photo drawn through its plan's window with nothing round it or over it, at the
    card's size (both halves of a `mirrored` card), and the mask of where the photo itself is."""
    art = card_art(design, card)
    plan = plan_card(design, card, art)
    assert plan is not None and art.photo is not None
    w, h = (round(v) for v in design.card.box().size)
    area = photo_area_size(design, art.mode)
    photo = open_photo(art.photo, draft_size=area)
    sx, sy = photo.width / plan.photo_px[0], photo.height / plan.photo_px[1]
    window = (plan.window[0] * sx, plan.window[1] * sy, plan.window[2] * sx, plan.window[3] * sy)
    drawn = render_window(photo, area, window, (0, 0, 0))
    x0, y0, x1, y1 = (round(v) for v in to_area((0.0, 0.0, float(photo.width), float(photo.height)), window, area))
    mask = np.zeros((area[1], area[0]), dtype=bool)
    mask[max(0, y0):max(0, y1), max(0, x0):max(0, x1)] = True
    card_img = Image.new("RGB", (w, h))
    card_mask = np.zeros((h, w), dtype=bool)
    if art.mode == "full":
        card_img.paste(drawn, (0, 0))
        card_mask[:, :] = mask
        return card_img, card_mask
    l, t, r, b = mirrored_area_px(design)
    card_img.paste(drawn, (l, t))
    card_img.paste(drawn.rotate(180), (w - r, h - b))
    card_mask[t:b, l:r] = mask
    card_mask[h - b:h - t, w - r:w - l] = mask[::-1, ::-1]
    return card_img, card_mask


def seams_made(design: Design, card: Card, written: Image.Image) -> list[Seam]:
    """The seams on a written photo card that the photo itself, drawn through the same window with
    nothing round it, does not have at the same line (within 3 px)."""
    alone, inside = photo_alone(design, card)
    found: list[Seam] = []
    own: list[Seam] = []
    for region, skip in seam_regions(design, card):
        found += find_seams(written, region, design.card.dpi, skip)
        own += find_seams(alone, region, design.card.dpi, skip, inside)
    return [s for s in found if not any(o.axis == s.axis and abs(o.at - s.at) <= 3 for o in own)]
