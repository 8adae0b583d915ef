"""A card's caption ([cards.<code>] text): set on one or two lines in the room its place leaves, on a
plate over a photo or under a drawn figure, and refused in one line when it cannot be set legibly."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from PIL import Image, ImageDraw

from deckgen.units import px_per_mm
from deckgen.design import Design
from deckgen.render.courts import LOZENGE
from deckgen.render.facedraw import (
    PLATE_PAD,
    Face,
    _cap_ratio,
    layout,
    text_mask,
    typographic_quotes,
)
from deckgen.render.faceshapes import Rect
from deckgen.render.facevector import can_embed
from deckgen.render.fonts import font_file
from deckgen.render.framing import (
    Box,
)
from deckgen.render.shapes import SUPERSAMPLE
from deckgen.render.vectorshapes import TextShape

__all__ = [
    "CAPTION_CAP",
    "CAPTION_CLEAR",
    "CAPTION_LEADING",
    "CAPTION_MIN_CAP",
    "CAPTION_PAD",
    "CAPTION_PLACES",
    "CAPTION_SQUEEZE",
    "GOLD_RULE_INSIDE",
    "CaptionSet",
    "caption_box_mm",
    "caption_plate",
    "caption_problem",
    "caption_room_mm",
    "caption_set",
    "caption_words",
    "set_caption",
]


#: Captions set in this process, by card format, caption font, text and room.
_captions: dict[tuple[object, str, str, float], CaptionSet] = {}


#: Caption places, first choice first: on a mirrored card above the divider, on the divider
#: (upright, once), at the head of the frame; on a full card at the foot, or at the head.
CAPTION_PLACES = {"mirrored": ("half", "divider", "top"), "full": ("foot", "head")}

#: A caption's capitals (mm, reference card; they scale with the lettering).
CAPTION_CAP = 2.0

#: A caption's plate keeps at least 1.5 mm from the index plates, the frame's rules and the
#: divider's lozenge (the plate touching a line reads as a mistake in print); 0.2 mm more is
#: kept for the rounding of the plate's edges to whole pixels (one at 150 DPI).
CAPTION_CLEAR = 1.7

#: The smallest capitals (mm) a caption is set in: about 6 pt type, the least that reads at arm's
#: length. A caption that would need smaller ones is warned about.
CAPTION_MIN_CAP = 1.5

#: How far a caption is squeezed sideways before it is set smaller or on two lines.
CAPTION_SQUEEZE = 0.9

#: The baseline-to-baseline distance of a two-line caption, in capital heights.
CAPTION_LEADING = 1.5

#: The plate's padding either side of the words (mm, reference card).
CAPTION_PAD = 1.6

#: How far inside the frame's edge its gold rule ends (reference card): drawn inward from 1.0 mm, 0.3 mm wide.
GOLD_RULE_INSIDE = 1.3

@dataclass(frozen=True)
class CaptionSet:
    """How a caption is set to fit its room: one or two lines, capitals `cap_mm` tall, squeezed
    sideways to `squeeze` of their width; the plate `width_mm` x `height_mm`. `legible` is False
    when even two lines at CAPTION_MIN_CAP had to be squeezed further than CAPTION_SQUEEZE."""

    lines: tuple[str, ...]
    cap_mm: float
    squeeze: float
    width_mm: float
    height_mm: float
    legible: bool

def caption_room_mm(design: Design, mode: str) -> float:
    """The widest a caption's plate may be on a card of this mode, CAPTION_CLEAR from what is
    beside it: the index plates of a full card, the frame's gold rules of a mirrored one."""
    lay = layout(design)
    if mode == "full":
        plate_right = lay.safe + 2 * PLATE_PAD * lay.ki + lay.index_max_w
        return lay.width - 2 * (plate_right + CAPTION_CLEAR)
    return lay.frame_w - 2 * (GOLD_RULE_INSIDE * lay.kp + CAPTION_CLEAR)

def _two_lines(text: str) -> list[tuple[str, str]]:
    """The ways to break a caption into two lines: at a space, or after a hyphen."""
    out = []
    for i, ch in enumerate(text):
        if ch == " " and text[:i].strip() and text[i + 1:].strip():
            out.append((text[:i].rstrip(), text[i + 1:].lstrip()))
        elif ch == "-" and 0 < i < len(text) - 1 and text[i + 1] != " " and text[i - 1] != " ":
            out.append((text[:i + 1], text[i + 1:]))
    return out

def set_caption(design: Design, text: str, room_mm: float) -> CaptionSet:
    """The caption set to fit a plate at most `room_mm` wide: on one line at its size, squeezed a
    little (to CAPTION_SQUEEZE) or a little smaller (nine tenths); else on two lines, from its size
    down to CAPTION_MIN_CAP; else as small and squeezed as it must be, and not `legible`."""
    key = (design.card, str(font_file(design, "caption")), text, room_mm)
    if key not in _captions:
        if len(_captions) > 512:
            _captions.clear()
        _captions[key] = _set_caption(design, text, room_mm)
    return _captions[key]

def _set_caption(design: Design, text: str, room_mm: float) -> CaptionSet:
    lay = layout(design)
    k = px_per_mm(design.card.dpi)
    pad = round(CAPTION_PAD * lay.ki * k) / k
    avail = room_mm - 2 * pad
    cap0 = CAPTION_CAP * lay.ki

    widths: dict[tuple[str, float], float] = {}

    def width(line: str, cap: float) -> float:
        if (line, cap) not in widths:
            widths[(line, cap)] = text_mask(design, line, "caption", cap * k, 0.06).width / k
        return widths[(line, cap)]

    def made(lines: tuple[str, ...], cap: float, legible: bool = True) -> CaptionSet:
        natural = max(width(line, cap) for line in lines)
        squeeze = min(1.0, avail / natural)
        one = text_mask(design, lines[0], "caption", cap * k, 0.06).height / k
        height = one + (len(lines) - 1) * CAPTION_LEADING * cap
        return CaptionSet(lines, cap, squeeze, natural * squeeze + 2 * pad, height, legible)

    def fits(lines: tuple[str, ...], cap: float) -> bool:
        return max(width(line, cap) for line in lines) * CAPTION_SQUEEZE <= avail

    splits = _two_lines(text)

    def tries() -> Iterator[tuple[tuple[str, ...], float]]:
        yield (text,), cap0
        yield (text,), 0.9 * cap0
        if splits:
            # the break that balances the lines best at full size, then at each smaller size
            best = min(splits, key=lambda pair: max(width(pair[0], cap0), width(pair[1], cap0)))
            for step in range(max(0, math.floor((cap0 - CAPTION_MIN_CAP) / 0.1 + 1e-9)) + 1):
                yield best, round(cap0 - 0.1 * step, 6)

    for lines, cap in tries():
        if fits(lines, cap):
            return made(lines, cap)
    smallest = min(CAPTION_MIN_CAP, cap0)
    lines = min(([(text,)] + [pair for pair in splits]), key=lambda ls: max(width(line, smallest) for line in ls))
    return made(tuple(lines), smallest, legible=False)

def caption_set(design: Design, text: str, place: str) -> CaptionSet:
    """The caption set for one of CAPTION_PLACES (a full card's places are its foot and its head)."""
    return set_caption(design, text, round(caption_room_mm(design, "full" if place in ("foot", "head") else "mirrored"), 6))

def caption_problem(design: Design, text: str, place: str) -> str | None:
    """What to say when a caption cannot be set legibly in its room, else None."""
    caption = caption_set(design, text, place)
    if caption.legible:
        return None
    if len(caption.lines) == 1:
        return (f"the caption '{text}' is too long for the card and has no space to break it at: even in "
                f"{CAPTION_MIN_CAP:g} mm capitals (the least that reads well) it must be squeezed to "
                f"{caption.squeeze:.0%} of its width; shorten text, or put a space in it")
    return (f"the caption '{text}' is too long for the card: even on two lines in {CAPTION_MIN_CAP:g} mm capitals "
            f"(the least that reads well) it must be squeezed to {caption.squeeze:.0%} of its width; shorten text")

def caption_box_mm(design: Design, text: str, place: str) -> Box:
    """Where a caption plate sits, in card mm, at one of CAPTION_PLACES: above the divider, its
    lozenge CAPTION_CLEAR below; on the divider; under the frame's top rule; at a full card's foot
    or head, between the index plates."""
    caption = caption_set(design, text, place)
    w, h = caption.width_mm, caption.height_mm
    lay = layout(design)
    top = {
        "half": lay.mid_y - LOZENGE[1] * lay.kp - CAPTION_CLEAR - h,
        "divider": lay.mid_y - h / 2,
        "top": lay.frame[1] + GOLD_RULE_INSIDE * lay.kp + CAPTION_CLEAR,
        "foot": lay.height - lay.safe - 1.1 * lay.ki - h,
        "head": lay.safe + 0.6 * lay.ki,
    }[place]
    return (lay.mid_x - w / 2, top, lay.mid_x + w / 2, top + h)

def caption_plate(face: Face, text: str, place: str) -> None:
    """A caption on a pale plate, legible over any photo, at one of CAPTION_PLACES: one or two
    lines, set by `caption_set` to keep CAPTION_CLEAR from the index plates and the frame."""
    caption = caption_set(face.design, text, place)
    x0, y0, x1, y1 = caption_box_mm(face.design, text, place)
    radius = min(y1 - y0, 2.0 * caption.cap_mm) / 2
    if face.vectors is not None and can_embed(font_file(face.design, "caption")):
        # for a PDF: an opaque plate (PDF/X-1a allows no transparency)
        face.shapes(face.bg, (x0, y0, x1, y1), Rect(x0, y0, x1, y1, radius_mm=radius))
    else:
        left, top = round(face.x(x0)), round(face.y(y0))
        w, h = round(face.px(x1 - x0)), round(face.px(y1 - y0))
        ss = SUPERSAMPLE
        big = Image.new("L", (w * ss, h * ss), 0)
        ImageDraw.Draw(big).rounded_rectangle((0, 0, w * ss - 1, h * ss - 1), radius=face.px(radius) * ss, fill=235)
        face.image.paste(face.bg, (left, top, left + w, top + h), big.reduce(ss))
    caption_words(face, caption, y0)

def caption_words(face: Face, caption: CaptionSet, top_mm: float) -> None:
    """A caption's lines, centred across the card from `top_mm` (its plate's top) down: in the font
    for a PDF, else painted."""
    cap = caption.cap_mm
    font = font_file(face.design, "caption")
    step = CAPTION_LEADING * cap
    top = round(face.y(top_mm))
    for i, line in enumerate(caption.lines):
        if face.vectors is not None and can_embed(font):
            pad = round(face.px(cap) * 0.25) / face.k
            face.vectors.append(TextShape(typographic_quotes(line), font, _cap_ratio(str(font)), cap, face.lay.mid_x,
                                          top_mm + pad + i * step, face.ink, caption.squeeze, 0.06))
            continue
        mask = text_mask(face.design, line, "caption", face.px(cap), 0.06)
        if caption.squeeze < 1.0:
            mask = mask.resize((max(1, round(mask.width * caption.squeeze)), mask.height), Image.Resampling.LANCZOS)
        x = round(face.x(face.lay.mid_x) - mask.width / 2)
        y = top + round(face.px(i * step))
        face.image.paste(face.ink, (x, y, x + mask.width, y + mask.height), mask)


# --------------------------------------------------------------------------- the crop review
