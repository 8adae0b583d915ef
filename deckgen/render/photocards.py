"""The photo cards: where a court's or joker's photo goes (mirrored in each half, or full), the crop
planned round every head found (`plan_card`, the same plan for the build, the preview, the crop
review and the editor), what the plan costs in words (a head at the trim, people left out), and
drawing the photo with its plates into the face."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from PIL import Image, ImageDraw

from deckgen.cards import Card
from deckgen.design import Design
from deckgen.errors import ConfigError
from deckgen.render.captions import (
    CAPTION_PLACES,
    caption_box_mm,
    caption_plate,
    caption_problem,
)
from deckgen.render.courts import DIVIDER_BAR, LOZENGE
from deckgen.render.facedraw import (
    PLATE_PAD,
    RGB,
    Art,
    Face,
    _mix,
    card_art,
    draw_divider,
    draw_frame,
    draw_index,
    index_bottom_mm,
    layout,
    paste_pair,
)
from deckgen.render.facefind import FaceBox
from deckgen.render.facelayout import FaceLayout
from deckgen.render.faceshapes import Rect
from deckgen.render.framing import (
    AUTO_FACE_SHARE,
    AUTO_ZOOM_MIN_PPI,
    HEAD_SLACK,
    Box,
    auto_zoom,
    box_inside,
    boxes_overlap,
    chin_box,
    contain_window,
    focus_on_faces,
    head_box,
    head_in_photo,
    left_out_words,
    people_left_out,
    who_is_left_out,
    plan_window,
    ThemeMat,
    render_window,
    to_area,
)
from deckgen.render.photos import (
    detect_faces,
    open_photo,
    subject_detail,
)
from deckgen.render.shapes import SUPERSAMPLE
from deckgen.render.subject import subject_zoom
from deckgen.units import mm_to_px_f, px_to_mm
from deckgen.zoom import AUTO_ZOOM_FLOOR

__all__ = [
    "DIVIDER_CLEAR",
    "FACE_SLACK_MM",
    "FRAME_RULES",
    "HEAD_CLEAR",
    "MAT_RULE_MM",
    "MAT_THEME_MM",
    "PLATE_RULE",
    "CropPlan",
    "check_crop",
    "divider_top_mm",
    "draw_full",
    "draw_mirrored",
    "mat_style_for",
    "mat_words",
    "mirrored_area_px",
    "photo_area_mm",
    "photo_area_size",
    "plan_card",
    "plan_crops",
    "plan_photo",
    "plate_box_mm",
    "plate_radius",
    "theme_mat",
    "zoom_key",
]


#: The ink rule round a plate (reference card).
PLATE_RULE = 0.2

#: The frame's rules take this much of the photo's edge (reference card); a face kept clear of it stays whole.
FRAME_RULES = 1.3

#: A chin is kept this far above the divider (above its lozenge where the chin is over it).
DIVIDER_CLEAR = 0.4

#: How far (mm) a face may pass its bounds before it counts as cut: the detector's box jitters.
FACE_SLACK_MM = 0.15

#: On a `full` card the whole head (hair, ears, chin: framing.head_box) is warned about when it comes
#: nearer the trim than this share of the safe margin (2 mm of 4): a cut that far off takes hair off.
HEAD_CLEAR = 0.5


def plate_radius(lay: FaceLayout) -> float:
    return max(0.8, lay.corner - lay.safe)

@dataclass(frozen=True)
class CropPlan:
    """Where a card's photo goes: the window of the photo that fills its area, the faces found,
    where they land on the card, and where the caption and index plates sit so as to clear them.

    Millimetres are card millimetres from the trim's top-left corner; for `mirrored` the area is
    the upper half of the frame (the lower half is its turn)."""

    photo_px: tuple[int, int]
    faces: tuple[FaceBox, ...]
    window: Box
    area_mm: Box
    faces_mm: tuple[Box, ...]
    caption: str
    plates: str
    problems: tuple[str, ...]
    #: The zoom used: deck.toml's, or the automatic one (`auto`) when it set none.
    zoom: float = 1.0
    auto: bool = False
    #: What the build chose where the photo could not fill its place at zoom 1 with every head (or a
    #: pet's eyes) whole: "mat" (shown smaller, on a mat of its own edge colours), "crop" (a zoom-1
    #: crop that still keeps every head clear), or "" (no choice was needed, or deck.toml made it).
    choice: str = ""
    #: The mat's width on each side of the photo area (left, top, right, bottom, mm; 0 where none).
    mat_mm: Box = (0.0, 0.0, 0.0, 0.0)
    #: The line the build says about that choice, naming the card and the key that overrides it
    #: (a warning, not a problem: the card is as good as the photo allows).
    note: str = ""
    #: What the mat is, where there is one: "photo" (the photo's own edge colours, blended with no
    #: line: a narrow band) or "theme" (a designed mat in the deck's colours with a thin rule in its
    #: accent round the sharp photo: a band wider than MAT_THEME_MM on a side); "" with no mat.
    mat_style: str = ""

    @property
    def photo_mm(self) -> Box:
        """Where the photo itself is on the card (mm), inside its mat."""
        a, m = self.area_mm, self.mat_mm
        return (a[0] + m[0], a[1] + m[1], a[2] - m[2], a[3] - m[3])

def mirrored_area_px(design: Design) -> tuple[int, int, int, int]:
    """The pixel box (left, top, right, bottom) the photo fills in the upper half of the frame."""
    face_box = design.card.box()
    frame = layout(design).frame
    dpi, b = design.card.dpi, face_box.bleed_px
    left = round(b + mm_to_px_f(frame[0], dpi))
    right = face_box.width_px - left
    top = round(b + mm_to_px_f(frame[1], dpi))
    bottom = (face_box.height_px + 1) // 2
    return (left, top, right, bottom)

def photo_area_size(design: Design, mode: str) -> tuple[int, int]:
    """Pixels a photo must cover: the upper half of the frame (mirrored) or the whole face (full)."""
    if mode == "full":
        return design.card.box().size
    l, t, r, b = mirrored_area_px(design)
    return (r - l, b - t)

def photo_area_mm(design: Design, mode: str) -> Box:
    """The area a photo fills, in card mm: the whole face with its bleed, or the frame's upper half."""
    if mode == "full":
        b = design.card.bleed_mm
        return (-b, -b, design.card.width_mm + b, design.card.height_mm + b)
    dpi, bleed = design.card.dpi, design.card.box().bleed_px
    l, t, r, b = mirrored_area_px(design)
    return (px_to_mm(l - bleed, dpi), px_to_mm(t - bleed, dpi), px_to_mm(r - bleed, dpi), px_to_mm(b - bleed, dpi))

def _keep_mm(lay: FaceLayout, mode: str) -> Box:
    """Where a face is safe: inside the safe zone (full), or clear of the frame's rules."""
    if mode == "full":
        return lay.safe_box
    rules = FRAME_RULES * lay.kp
    return (lay.frame[0] + rules, lay.frame[1] + rules, lay.frame[2] - rules,
            lay.mid_y - LOZENGE[1] * lay.kp - DIVIDER_CLEAR * lay.kp)

def _fractions(box: Box, area: Box) -> Box:
    w, h = area[2] - area[0], area[3] - area[1]
    return ((box[0] - area[0]) / w, (box[1] - area[1]) / h, (box[2] - area[0]) / w, (box[3] - area[1]) / h)

def plate_box_mm(lay: FaceLayout, card: Card, side: str) -> Box:
    """The upper index plate of a `full` card, wholly inside the safe zone: top-left ("left") or
    top-right ("right"); its partner is the same turned about the card's centre."""
    safe, pad = lay.safe, PLATE_PAD * lay.ki
    x0, y0 = safe, safe
    x1 = safe + 2 * pad + lay.index_max_w
    y1 = index_bottom_mm(lay, card, safe + pad) + pad
    if side == "right":
        return (lay.width - x1, y0, lay.width - x0, y1)
    return (x0, y0, x1, y1)


def _advice(art: Art, faces: tuple[FaceBox, ...], photo_px: tuple[int, int], area: Box) -> str:
    """What to change: a focus on the faces when one window can hold them all, a lower zoom, or the
    whole photo."""
    parts = []
    aw, ah = area[2] - area[0], area[3] - area[1]
    scale = max(aw / photo_px[0], ah / photo_px[1])
    window = (aw / scale / photo_px[0], ah / scale / photo_px[1])  # the zoom-1 window, in photo fractions
    better = focus_on_faces(faces, window, art.focus)
    if better is not None:
        parts.append(f"focus = [{better[0]:.2f}, {better[1]:.2f}] (on the faces)")
    if art.zoom is not None and art.zoom > 1.0:
        parts.append(f"a lower zoom (now {art.zoom:g})")
    if art.fit == "cover":
        parts.append('fit = "contain" (the whole photo)')
    if not parts:
        parts.append("a smaller zoom or another photo")
    return "set " + ", or ".join(parts)

def _eye_line(lay: FaceLayout, art: Art, area: Box) -> float:
    """Where the eyes go, as a share of the photo area's height: a third of the way down the card."""
    return (lay.height / 3 - area[1]) / (area[3] - area[1]) if art.mode == "full" else 1 / 3

def _cut_fractions(lay: FaceLayout, art: Art, area: Box) -> Box:
    """Where the photo area is cut or framed, as fractions of it: the trim of a `full` card (its
    bleed is cut off), the whole half of a `mirrored` one."""
    return _fractions((0.0, 0.0, lay.width, lay.height), area) if art.mode == "full" else (0.0, 0.0, 1.0, 1.0)

def _keeps_everyone(design: Design, mode: str, photo_px: tuple[int, int], faces: tuple[FaceBox, ...]) -> bool:
    """Whether the automatic framing keeps every face whole on a card of this mode."""
    area = photo_area_mm(design, mode)
    keep = _fractions(_keep_mm(layout(design), mode), area)
    return auto_zoom(photo_px, (area[2] - area[0], area[3] - area[1]), faces, keep, AUTO_FACE_SHARE[mode]).left_out == 0

def _left_out_advice(design: Design, art: Art, photo_px: tuple[int, int], faces: tuple[FaceBox, ...]) -> str:
    """What to set when people are left out of a card's photo: no zoom or focus when the automatic
    framing would keep them all; the whole photo; the other layout when it holds them all."""
    parts = []
    if (art.zoom is not None or art.focus is not None) and _keeps_everyone(design, art.mode, photo_px, faces):
        parts.append("no zoom or focus (the build then frames everyone)")
    parts.append('fit = "contain" to show the whole photo (crop the photo round the people first, so they show larger)')
    other = "full" if art.mode == "mirrored" else "mirrored"
    if _keeps_everyone(design, other, photo_px, faces):
        parts.append(f'mode = "{other}" ({"a full card" if other == "full" else "the half-card"} holds them all)')
    return "set " + ", or ".join(parts)

def plan_photo(design: Design, card: Card, art: Art, photo_px: tuple[int, int], faces: tuple[FaceBox, ...]) -> CropPlan:
    """How a card's photo is cropped and what goes round it: a function of the deck, the card, the
    photo's size and the faces found in it, and for a photo the build frames with no face in it,
    where its subject is (photos.subject_detail, measured once per file: every caller, the build
    and the page's crop editor alike, frames it the same). Problems are warning texts naming card
    and photo."""
    assert art.photo is not None
    area = photo_area_mm(design, art.mode)
    aw, ah = area[2] - area[0], area[3] - area[1]
    lay = layout(design)
    keep = _keep_mm(lay, art.mode)
    keep_frac = _fractions(keep, area)
    trimmed = _cut_fractions(lay, art, area)  # the part of the area left after the cut
    check_crop(design, card, art)
    code, ref = card.code, art.photo
    where = f"{ref.config}: {ref.key}: {ref.shown}: on {code}"
    problems: list[str] = []
    framed = art.focus is None and art.fit == "cover"  # the build places the crop itself
    detail = subject_detail(art.photo) if framed and not faces else None  # no face: its subject (a pet, a cup)
    zoom, auto = art.zoom or 1.0, framed and art.zoom is None and bool(faces)
    left_out = 0
    if auto:  # a group or a distant portrait: close in on the people
        chosen = auto_zoom(photo_px, (aw, ah), faces, keep_frac, AUTO_FACE_SHARE[art.mode], eye_line=_eye_line(lay, art, area),
                           head_bound=_fractions(_head_bound_mm(lay), area) if art.mode == "full" else None)
        zoom, left_out = chosen.zoom, chosen.left_out
        if chosen.short:
            problems.append(f"{where} the faces are small in this photo, and closer than zoom {zoom:.1f} "
                            f"(it wanted {chosen.wanted:.1f}) would print it below {AUTO_ZOOM_MIN_PPI} ppi; "
                            f"use a larger copy of the photo, or set zoom in [cards.{code}] to go closer anyway")
    elif detail is not None and art.zoom is None:
        zoom = subject_zoom(detail, photo_px, (aw, ah), trimmed)  # below 1: a pet's eyes whole
        auto = zoom != 1.0
    choice = ""
    if art.fit == "cover" and auto and art.mode == "mirrored" and left_out > 0:
        # a group too wide for the half-card even shown a little smaller: the whole photo, inside the
        # frame's kept part, on a mat of its edge colours, rather than some of the people cut away
        window = contain_window(photo_px, (aw, ah), keep_frac)
        zoom, auto, choice = 1.0, False, "contain"
    elif art.fit == "cover":
        window = plan_window(photo_px, (aw, ah), faces, art.focus, zoom, _eye_line(lay, art, area), keep_frac, detail, trimmed)
        if auto and zoom < 1.0:
            crop = plan_window(photo_px, (aw, ah), faces, None, 1.0, _eye_line(lay, art, area), keep_frac, detail, trimmed)
            if faces and _clear_at(design, card, art, photo_px, faces, crop, area, keep):
                zoom, window, auto, choice = 1.0, crop, False, "crop"
            else:
                choice = "mat"
    else:
        inner = keep_frac
        if art.mode == "full":  # the whole photo between the plates' rows
            top = (plate_box_mm(lay, card, "left")[3] + 1.0 * lay.ki - area[1]) / ah
            inner = (keep_frac[0], top, keep_frac[2], 1 - top)
        window = contain_window(photo_px, (aw, ah), inner, zoom, art.focus)
    faces_mm = tuple(
        (b[0] + area[0], b[1] + area[1], b[2] + area[0], b[3] + area[1])
        for b in (to_area(f.scaled(*photo_px), window, (aw, ah)) for f in faces)
    )
    advice = _advice(art, faces, photo_px, area) if faces else ""
    shown = (0.0, 0.0, lay.width, lay.height) if art.mode == "full" else area
    edge = "the trim" if art.mode == "full" else "the frame"
    cut = [f for f in faces_mm if not box_inside(f, shown, FACE_SLACK_MM)]
    missing = people_left_out(faces_mm, shown, FACE_SLACK_MM) if art.fit == "cover" else 0
    if missing and (art.focus is not None or art.zoom is not None):  # the user's own setting leaves them out
        setting = "focus" if art.focus is not None else "zoom"
        who = who_is_left_out(faces_mm, [box_inside(f, shown, FACE_SLACK_MM) for f in faces_mm])
        problems.append(f"{where} {left_out_words(missing, len(faces))}: {who}, by the {setting} set by hand; "
                        f"in [cards.{code}] {_left_out_advice(design, art, photo_px, faces)}")
    elif missing:
        problems.append(f"{where} {left_out_words(missing, len(faces))} (they stand too far apart for "
                        f"{'a full card' if art.mode == 'full' else 'the half-card'}); in [cards.{code}] "
                        f"{_left_out_advice(design, art, photo_px, faces)}")
    elif cut:
        problems.append(f"{where} a face is cut off by {edge}; {advice} in [cards.{code}]")
    elif art.mode == "full" and any(not box_inside(f, keep, FACE_SLACK_MM) for f in faces_mm):
        problems.append(f"{where} a face reaches into the {lay.safe:g} mm safe zone, where the cut may wander; "
                        f"{advice} in [cards.{code}]")
    elif art.mode == "mirrored" and any(chin_box(f)[3] > divider_top_mm(lay, f) for f in faces_mm):
        problems.append(f"{where} the divider crosses a chin; {advice} in [cards.{code}]")
    elif art.fit == "cover" and faces:
        head = _head_problem(design, card, art, photo_px, faces, faces_mm, keep, zoom)
        if head:
            problems.append(f"{where} {head} in [cards.{code}]")
    # index plates: the corner free of faces
    plates = "left"
    if art.mode == "full":
        def clear(side: str) -> bool:
            plate = plate_box_mm(lay, card, side)
            return not any(boxes_overlap(f, plate) or boxes_overlap(f, lay.turned(plate)) for f in faces_mm)

        plates = next((side for side in ("left", "right") if clear(side)), "left")
        if not clear(plates):
            problems.append(f"{where} a face is under an index plate in both corners; {advice} in [cards.{code}]")
    # the caption: the first place free of faces
    caption = ""
    if art.text:
        places = CAPTION_PLACES[art.mode]
        visible = faces_mm + (tuple(lay.turned(f) for f in faces_mm) if art.mode == "mirrored" else ())

        def free(place: str) -> bool:
            box = caption_box_mm(design, art.text or "", place)
            return not any(boxes_overlap(f, box) for f in visible)

        caption = next((p for p in places if free(p)), places[0])
        if not free(caption):
            problems.append(f"{where} the caption covers a face wherever it goes; {advice} in [cards.{code}]")
        problem = caption_problem(design, art.text, caption)
        if problem:
            problems.append(f"{where} {problem} in [cards.{code}]")
    mat = (_mat_mm(photo_px, window, area) if art.fit == "cover" and (zoom < 1.0 or choice == "contain")
           else (0.0, 0.0, 0.0, 0.0))
    style = mat_style_for(mat, design.card.bleed_mm if art.mode == "full" else 0.0)
    if style and art.mat in ("theme", "photo"):  # deck.toml's own choice of mat
        style = art.mat
    note = (f"{where} {_choice_words(design, card, art, choice, zoom, mat, bool(faces), missing == 0, style)}"
            if choice else "")
    return CropPlan(photo_px, faces, window, area, faces_mm, caption, plates, tuple(problems), zoom, auto, choice, mat,
                    note, style)

#: A mat wider than this (mm, inside the trim) on any side is a designed one in the deck's colours (a passe-partout
#: with a thin accent rule round the photo): a blend of the photo's edge colours that wide reads as a
#: smear (the far-apart couple on a mirrored joker: two small people over a soft multicoloured band
#: by the divider); up to it the blend is a narrow soft border that reads as part of the photo.
MAT_THEME_MM = 3.5
#: The designed mat's fill: the card's paper with this share of the accent in it (a warm tint that
#: sets the mat apart from the card's own paper without a line), and its rule's width (mm).
MAT_TINT = 0.08
MAT_RULE_MM = 0.3


def mat_style_for(mat: Box, bleed: float = 0.0) -> str:
    """Which mat a band of these widths (mm from the photo area's edge, `bleed` of them cut off by
    the trim on a `full` card) gets: "theme" when the band a buyer sees is wider than MAT_THEME_MM on
    any side, else "photo"; "" with no band."""
    if max(mat) < 0.05:
        return ""
    return "theme" if max(mat) - bleed > MAT_THEME_MM else "photo"


def theme_mat(bg: RGB, accent: RGB) -> ThemeMat:
    """The designed mat of a card whose paper is `bg` and whose accent is `accent`."""
    return ThemeMat(_mix(bg, accent, MAT_TINT), accent, MAT_RULE_MM)


def _mat_mm(photo_px: tuple[int, int], window: Box, area: Box) -> Box:
    """How wide the mat is on each side of the photo area (mm) when the window reaches past the photo."""
    aw, ah = area[2] - area[0], area[3] - area[1]
    x0, y0, x1, y1 = to_area((0.0, 0.0, float(photo_px[0]), float(photo_px[1])), window, (aw, ah))
    return (max(0.0, x0), max(0.0, y0), max(0.0, aw - x1), max(0.0, ah - y1))

def _clear_at(design: Design, card: Card, art: Art, photo_px: tuple[int, int], faces: tuple[FaceBox, ...],
              window: Box, area: Box, keep: Box) -> bool:
    """Whether a zoom-1 `window` keeps every face whole and clear (of the safe zone on a `full` card,
    the divider on a `mirrored` one) and every head clear of the trim or frame (`_head_problem`):
    then that crop is chosen over a mat."""
    aw, ah = area[2] - area[0], area[3] - area[1]
    lay = layout(design)
    placed = tuple((b[0] + area[0], b[1] + area[1], b[2] + area[0], b[3] + area[1])
                   for b in (to_area(f.scaled(*photo_px), window, (aw, ah)) for f in faces))
    if art.mode == "full":
        if not all(box_inside(f, keep, FACE_SLACK_MM) for f in placed):
            return False
    elif not all(box_inside(f, area, FACE_SLACK_MM) and chin_box(f)[3] <= divider_top_mm(lay, f) for f in placed):
        return False
    return _head_problem(design, card, art, photo_px, faces, placed, keep, 1.0) is None

def zoom_key(design: Design, card: Card) -> str:
    """The deck.toml key that sets a card's zoom: its own table's, or the jokers' shared one."""
    own = design.faces.cards.get(card.code)
    if card.is_joker and (own is None or own.photo is None):
        return "faces.joker_zoom"  # the jokers' shared photo (a [cards.JK1] zoom would win over it too)
    return f"cards.{card.code}.zoom"

def mat_words(style: str) -> str:
    """What a mat of this style is, in the words of the build's line and the crop review."""
    if style == "theme":
        return "a mat in the deck's colours, framed by a thin rule in its accent"
    return "a mat of its own edge colours"


def _choice_words(design: Design, card: Card, art: Art, choice: str, zoom: float, mat: Box, faces: bool,
                  everyone: bool = True, style: str = "photo") -> str:
    """The one line saying what the build chose for a photo that cannot fill its place at zoom 1
    with every head (or a pet's eyes) whole, and the key that overrides it."""
    kept = ("every head" if everyone else "the head of each person it keeps") if faces else "the subject"
    key = zoom_key(design, card)
    names = ("left", "top", "right", "bottom")
    sides = ", ".join(f"{names[i]} {mat[i]:.1f} mm" for i in range(4) if mat[i] >= 0.05) or "under 0.1 mm"
    # the designed mat says the key that turns it back into the photo's edge colours
    other = f", or cards.{card.code}.mat = \"photo\" for a mat of its own edge colours" if style == "theme" else ""
    if choice == "contain":
        return (f"the people stand too far apart for the half-card, even shown a little smaller: the whole photo "
                f"is shown, on {mat_words(style)} ({sides}), so that no one is left out; set "
                f"{'faces.joker_focus' if key == 'faces.joker_zoom' else key[:-len('zoom')] + 'focus'} to crop on "
                f"some of them instead{other}")
    if choice == "crop":
        inside = "the safe zone" if art.mode == "full" else "the frame's rules"
        return (f"the automatic framing would show the photo smaller to keep {kept} clear of {inside}; "
                f"a crop at zoom 1 keeps {kept} clear of the {'trim' if art.mode == 'full' else 'frame'} "
                f"and is used instead (set {key} below 1 for the smaller photo on a mat)")
    return (f"the photo is shown at zoom {zoom:.2f} on {mat_words(style)} ({sides}) "
            f"to keep {kept} whole; set {key} = 1 to crop it instead{other}, or fit = \"contain\" for the whole photo")

def _head_bound_mm(lay: FaceLayout) -> Box:
    """Where a whole head may reach on a `full` card without `_head_problem` warning: HEAD_CLEAR of
    the safe margin inside the trim (a `mirrored` card's bound is its kept part's top already)."""
    clear = HEAD_CLEAR * lay.safe
    return (clear, clear, lay.width - clear, lay.height - clear)

def _head_problem(design: Design, card: Card, art: Art, photo_px: tuple[int, int], faces: tuple[FaceBox, ...],
                  faces_mm: tuple[Box, ...], keep: Box, zoom: float) -> str | None:
    """What cuts the whole head round a face (framing.head_box: the hair above the detector's box,
    the ears, the chin), with what to set; None when every head is clear. On a `full` card a head
    must stay HEAD_CLEAR of the safe margin inside the trim, where a cut a little off would take its
    hair; on a `mirrored` one its crown below the frame's top rule (the frame is drawn, not cut: hair
    at its sides reads as a portrait's crop; the chin is the divider's business). A head larger than
    that space (a close-up) is left alone: cut hair there reads as a close-up."""
    lay = layout(design)
    if art.mode == "full":
        bound = _head_bound_mm(lay)
        room = (bound[2] - bound[0], bound[3] - bound[1])
    else:
        bound = (-math.inf, keep[1], math.inf, math.inf)
        room = (keep[2] - keep[0], keep[3] - keep[1])
    worst: tuple[float, int, Box] | None = None
    for face_mm in faces_mm:
        head = head_box(face_mm)
        if head[2] - head[0] > room[0] or head[3] - head[1] > room[1]:
            continue  # a close-up: no framing holds this head
        over = max((bound[0] - head[0], 0), (bound[1] - head[1], 1), (head[2] - bound[2], 2), (head[3] - bound[3], 3))
        slack = FACE_SLACK_MM + HEAD_SLACK * (face_mm[3] - face_mm[1])  # the head box is an estimate
        if over[0] > slack and (worst is None or over[0] > worst[0]):
            worst = (over[0], over[1], head)
    if worst is None:
        return None
    _, side, head = worst
    part = {0: "the side of a head (hair or an ear)", 1: "the top of a head (the hair above the face)",
            2: "the side of a head (hair or an ear)", 3: "a chin"}[side]
    if art.mode == "full":
        gap = (head[0], head[1], lay.width - head[2], lay.height - head[3])[side]
        what = (f"{part} is cut off by the trim" if gap < FACE_SLACK_MM else
                f"{part} comes within {gap:.1f} mm of the trim, where a cut a little off takes it")
    else:
        what = f"{part} is cut off by the frame"
    pw, ph = photo_px
    if not all(head_in_photo(head_box(f.scaled(pw, ph)), photo_px) for f in faces):
        return (f"{what}: the photo leaves no room round the head; use a photo with more room round the "
                f'head, or set fit = "contain" (the whole photo)')
    if art.zoom is None and art.focus is None:
        why = ("the people stand too far apart for the card to hold their whole heads" if len(faces) > 1 else
               f"the photo leaves too little room round the head even shown at zoom {zoom:.2f}")
        return f'{what}: {why}; use a photo with more room round the head, or set fit = "contain" (the whole photo)'
    hands_off = replace(art, zoom=None, focus=None)
    unset = plan_photo(design, card, hands_off, photo_px, faces)
    parts = []
    if _head_problem(design, card, hands_off, photo_px, faces, unset.faces_mm, keep, unset.zoom) is None:
        parts.append("no zoom or focus (the build then keeps the head clear)")
    if art.zoom is not None and art.zoom > AUTO_ZOOM_FLOOR:
        parts.append(f"a lower zoom (now {art.zoom:g})")
    parts.append('fit = "contain" (the whole photo)')
    return f"{what}; set " + ", or ".join(parts)

def divider_top_mm(lay: FaceLayout, face: Box) -> float:
    """Where the divider of a mirrored card begins above a face's box: the top of its lozenge where
    the face is over the lozenge, else the top of its bar, less the clearance kept for a chin."""
    s = lay.kp
    over_lozenge = face[0] < lay.mid_x + LOZENGE[0] * s and face[2] > lay.mid_x - LOZENGE[0] * s
    return lay.mid_y - (LOZENGE[1] if over_lozenge else DIVIDER_BAR) * s - DIVIDER_CLEAR * s

def check_crop(design: Design, card: Card, art: Art) -> None:
    """A focus with `fit = "contain"` at zoom 1 cannot mean anything (the whole photo shows): a
    ConfigError naming the focus key, rather than a focus silently ignored."""
    if art.photo is None or art.fit == "cover" or art.focus is None or (art.zoom or 1.0) > 1.0:
        return
    own = design.faces.cards.get(card.code)
    key = f"cards.{card.code}.focus" if own is not None and own.focus is not None else "faces.joker_focus"
    raise ConfigError(design.source, key, f'a focus has no effect with fit = "{art.fit}" at zoom 1, where the '
                      "whole photo shows; set a zoom above 1 to close in on the focus point, or "
                      'fit = "cover" to crop round it')

def plan_card(design: Design, card: Card, art: Art | None = None) -> CropPlan | None:
    """The crop plan of a card with a photo (the faces found once per photo file), else None."""
    art = art or card_art(design, card)
    if art.photo is None:
        return None
    photo_px, faces = detect_faces(art.photo)
    return plan_photo(design, card, art, photo_px, faces)

def _window_for(plan: CropPlan, photo: Image.Image) -> Box:
    """The plan's window in the pixels of the photo as decoded (a JPEG may be decoded reduced)."""
    sx, sy = photo.width / plan.photo_px[0], photo.height / plan.photo_px[1]
    w = plan.window
    return (w[0] * sx, w[1] * sy, w[2] * sx, w[3] * sy)

def _photo_in_area(face: Face, art: Art, plan: CropPlan, area_px: tuple[int, int]) -> Image.Image:
    assert art.photo is not None
    photo = open_photo(art.photo, draft_size=area_px)
    # a blurred copy of the photo round it with fit = "contain"; in the band a cover photo leaves when it
    # is shown a little smaller than its place (the automatic framing keeping everyone whole, or a zoom
    # below 1 set by hand), a mat of its edge colours it fades into; "contain-plain" keeps the card's colour
    # (a wide band: a designed mat in the deck's colours instead, the photo sharp inside a thin accent rule)
    matted = art.fit == "cover" and (plan.zoom < 1.0 or plan.choice == "contain")
    backdrop: str | RGB | ThemeMat = ("blur" if art.fit == "contain" else
                                      theme_mat(face.bg, face.accent) if matted and plan.mat_style == "theme" else
                                      "mat" if matted else face.bg)
    return render_window(photo, area_px, _window_for(plan, photo), backdrop, mm_to_px_f(1.0, face.design.card.dpi))

def draw_mirrored(face: Face, art: Art, plan: CropPlan) -> None:
    """The photo in the upper half of the frame, the same photo turned in the lower half; the
    caption above the divider, on it, or at the head of the frame, wherever no face is."""
    l, t, r, b = mirrored_area_px(face.design)
    face.image.paste(_photo_in_area(face, art, plan, (r - l, b - t)), (l, t))
    on_divider = bool(art.text) and plan.caption == "divider"
    draw_frame(face, None, divider=not on_divider)
    if on_divider:
        draw_divider(face, with_lozenge=False)
    if art.text and plan.caption != "divider":
        caption_plate(face, art.text, plan.caption)
    draw_index(face)
    face.symmetrise()
    if art.text and plan.caption == "divider":
        caption_plate(face, art.text, "divider")

def draw_full(face: Face, art: Art, plan: CropPlan) -> None:
    """One photo over the whole face, bleed included, the indices on opaque plates inside the safe
    zone, in the pair of corners where no face is."""
    lay = face.lay
    face.image = _photo_in_area(face, art, plan, face.size)
    x0, y0, x1, y1 = plate_box_mm(lay, face.card, plan.plates)
    radius, pad = plate_radius(lay), PLATE_PAD * lay.ki
    if face.vectors is not None:  # for a PDF: the plates, their rules and indices as shapes, then turned
        first = len(face.vectors)
        face.shapes(face.bg, (x0, y0, x1, y1), Rect(x0, y0, x1, y1, radius_mm=radius))
        face.shapes(face.ink, (x0, y0, x1, y1), Rect(x0, y0, x1, y1, PLATE_RULE * lay.ki, radius_mm=radius))
        draw_index(face, x0 + pad + lay.index_max_w / 2, y0 + pad)
        face.vectors.extend(shape.turned_copy(lay.width, lay.height) for shape in face.vectors[first:])
        if art.text:
            caption_plate(face, art.text, plan.caption)
        return
    plate = Face(face.design, face.card)
    plate.image = Image.new("RGB", face.size, face.bg)
    draw_index(plate, x0 + pad + lay.index_max_w / 2, y0 + pad)
    tile_box = (round(face.x(x0)), round(face.y(y0)), round(face.x(x1)), round(face.y(y1)))
    tile = plate.image.crop(tile_box).convert("RGBA")
    ss = SUPERSAMPLE
    radius = face.px(radius) * ss
    shape = Image.new("L", (tile.width * ss, tile.height * ss), 0)
    ImageDraw.Draw(shape).rounded_rectangle((0, 0, shape.width - 1, shape.height - 1), radius=radius, fill=255)
    tile.putalpha(shape.reduce(ss))
    # a thin ink rule round the plate
    rule = Image.new("L", shape.size, 0)
    ImageDraw.Draw(rule).rounded_rectangle(
        (0, 0, shape.width - 1, shape.height - 1), radius=radius, outline=255, width=max(1, round(face.px(PLATE_RULE * lay.ki) * ss))
    )
    ink_tile = Image.new("RGBA", tile.size, face.ink + (255,))
    ink_tile.putalpha(rule.reduce(ss))
    tile = Image.alpha_composite(tile, ink_tile)
    paste_pair(face, tile, tile_box[0], tile_box[1])
    if art.text:
        caption_plate(face, art.text, plan.caption)

def plan_crops(design: Design) -> dict[str, CropPlan]:
    """The crop plan of every card that carries a photo, by card code."""
    plans = {}
    for card in design.profile.unique_cards():
        plan = plan_card(design, card)
        if plan is not None:
            plans[card.code] = plan
    return plans


# --------------------------------------------------------------------------- one face, every face
