"""Where a photo goes on a card, a back or the lid: the part of it kept and how it is shown.

The crop (`plan_window`: the largest window of the place's shape round the faces
found, every head whole and clear of the cut), the automatic zoom that brings a
small face closer without printing below the shops' resolution, the whole photo
for `fit = "contain"`, the mat of the photo's own edge colours where a head
would otherwise be cut, and the warnings that say what a picture's placing
costs (a face at the trim, people left out). Opening and decoding the photo is
`photos`' work; this module gets its pixels and faces from there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import numpy as np
from PIL import Image, ImageFilter

from deckgen.design import PhotoRef
from deckgen.render.facefind import FaceBox, find_faces
from deckgen.render.subject import Detail, on_the_subject
from deckgen.units import DEFAULT_CARD_DPI, mm_to_px_f, px_to_mm
from deckgen.zoom import AUTO_ZOOM_FLOOR, ZOOM_MAX, nearest_zoom_down


def crop_box(photo_px: tuple[int, int], area_px: tuple[int, int], focus: tuple[float, float]) -> tuple[float, float, float, float]:
    """The part of the photo that fills the area: the largest window of the area's shape, centred
    on the focus point (fractions across and down) as far as the photo's edges allow."""
    return plan_window(photo_px, area_px, (), focus)


Box = tuple[float, float, float, float]

#: The detector's box runs from the brow to about the chin; the chin (a beard, the shadow under the
#: jaw) is kept clear of a divider or an edge down to this share of the box's height below it.
CHIN = 0.15
#: The whole head round the detector's box, in box heights above and below and on each side: the
#: crown with its hair (the astronaut's hair rises half a box height above it: the box starts at the
#: brow, the eyes 40 % down it, and the eyes are half-way between crown and chin), the chin, the
#: ears and hair at the sides. The framing keeps this box on the card, clear of the cut.
HEAD = (0.55, CHIN, 0.25)
#: How far, in box heights, a real head may stop short of `head_box` (hair cut short, a smaller
#: crown): a head box past a photo's edge or a bound by no more than this is not called cut.
HEAD_SLACK = 0.1
#: Room kept round a face when the crop can afford it, in face heights (above, below) and widths
#: (each side): the head, with a collar below.
HEADROOM = (HEAD[0], 0.35, HEAD[2])
#: Where the crop centres when no face is found and no focus is set: the upper part, where heads are.
NO_FACE_FOCUS = (0.5, 1 / 3)
#: The automatic zoom never enlarges a photo so far that it prints below this many of its own pixels
#: per inch: the lowest resolution every shipped print-shop preset accepts (templates/shops,
#: min_ppi), so that a crop the build chose never fails the print-shop preflight. It is the same at
#: any DPI, so a preview at a low DPI shows the crop the print file will have.
AUTO_ZOOM_MIN_PPI = 300
#: Below this the automatic zoom is left at 1: a few per cent closer is not worth a changed crop.
AUTO_ZOOM_LEAST = 1.05
#: The build warns when the photo's pixels hold the automatic zoom this many times short of what
#: the faces asked for (the faces then under two thirds of the size meant for them); a little
#: short is not worth a line.
AUTO_ZOOM_SHORT = 1.5
#: The automatic zoom makes a small face this share of the kept part's height: a head and shoulders
#: in a half (a mirrored court, a mirrored back's half), a head and upper body on a whole card (a
#: full court, a back, the lid's upright picture).
AUTO_FACE_SHARE = {"mirrored": 0.30, "full": 0.17}
# ZOOM_MAX, the most the automatic zoom closes in, and AUTO_ZOOM_FLOOR, the least it shows a photo
# at to keep every person whole, are deck.toml's limits too: deckgen.zoom holds them for both.


def box_inside(inner: Box, outer: Box, slack: float) -> bool:
    """Whether the box `inner` lies inside `outer` (left, top, right, bottom, any one unit), up to
    `slack` of that unit on each side (what a rounded pixel or a detector's jitter may add)."""
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


def boxes_overlap(a: Box, b: Box) -> bool:
    """Whether the boxes `a` and `b` (left, top, right, bottom, one unit) share some area: boxes that
    only touch do not."""
    return min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1])


def chin_box(box: Box) -> Box:
    """A face's box (any units, y down) with its chin: extended downward by CHIN of its height."""
    return (box[0], box[1], box[2], box[3] + CHIN * (box[3] - box[1]))


def head_in_photo(head: Box, photo_px: tuple[int, int] | tuple[float, float]) -> bool:
    """Whether a `head_box` (photo pixels) lies in the photo, up to HEAD_SLACK: else the photo's own
    edge runs through the head (hair cut off by whoever took or cropped it)."""
    slack = HEAD_SLACK * (head[3] - head[1]) / (1 + HEAD[0] + HEAD[1])
    return box_inside(head, (0.0, 0.0, float(photo_px[0]), float(photo_px[1])), slack)


def head_box(box: Box) -> Box:
    """A face's box (any units, y down) grown to the whole head by HEAD: hair above, chin below,
    ears and hair at the sides."""
    h = box[3] - box[1]
    above, below, side = HEAD
    return (box[0] - side * h, box[1] - above * h, box[2] + side * h, box[3] + below * h)


def _shift_into(lo: float, hi: float, want_lo: float, want_hi: float) -> float:
    """How far to move a window [lo, hi] so that [want_lo, want_hi] lies inside it: the least move,
    or the one that centres `want` when it is larger than the window."""
    if want_hi - want_lo > hi - lo:
        return (want_lo + want_hi) / 2 - (lo + hi) / 2
    if want_lo < lo:
        return want_lo - lo
    if want_hi > hi:
        return want_hi - hi
    return 0.0


def _faces_that_fit(boxes: list[Box], width: float, height: float) -> list[Box]:
    """The faces one window can hold whole: the largest, then each next largest that still fits
    beside those already kept (a couple too far apart for the card keeps one face whole, not two
    halves)."""
    kept = boxes[:1]
    for box in boxes[1:]:
        trial = kept + [box]
        if (max(b[2] for b in trial) - min(b[0] for b in trial) <= width
                and max(b[3] for b in trial) - min(b[1] for b in trial) <= height):
            kept = trial
    return kept


def plan_window(
    photo_px: tuple[int, int],
    area_px: tuple[int, int] | tuple[float, float],
    faces: tuple[FaceBox, ...] = (),
    focus: tuple[float, float] | None = None,
    zoom: float = 1.0,
    eye_line: float = 1 / 3,
    keep: Box = (0.0, 0.0, 1.0, 1.0),
    detail: Detail | None = None,
    shown: Box = (0.0, 0.0, 1.0, 1.0),
) -> Box:
    """The window of the photo (pixels: left, top, right, bottom) that fills an area of the card.

    At zoom 1 the window is the largest one of the area's shape (the photo just covers the area);
    zoom 2 halves it, so everything is twice as large. Where it sits: around `focus` when given
    (fractions across and down); else framed on the faces as a portrait photographer would, the
    eyes `eye_line` of the way down the area and every face, with headroom when there is room,
    inside `keep` (fractions of the area: the part free of trim, safe zone and plates); with no
    face, on the photo's subject when its `detail` is given (render/subject.py; the edges of its part
    `shown`, fractions of the area, kept clear of it), else on the upper part of the photo. The
    window never leaves the photo.
    """
    pw, ph = photo_px
    aw, ah = area_px
    scale = max(aw / pw, ah / ph) * zoom
    if zoom < 1.0:  # auto_zoom, or a hand-set zoom down to AUTO_ZOOM_FLOOR: the window passes the photo's edges
        ww, wh = aw / scale, ah / scale
    else:
        ww, wh = min(aw / scale, float(pw)), min(ah / scale, float(ph))  # rounding never asks for more than there is
    if focus is not None:
        cx, cy = focus[0] * pw, focus[1] * ph
        left, top = cx - ww / 2, cy - wh / 2
    elif faces:
        kx0, ky0, kx1, ky1 = keep[0] * ww, keep[1] * wh, keep[2] * ww, keep[3] * wh
        all_faces = faces
        boxes = _faces_that_fit([f.scaled(pw, ph) for f in faces], kx1 - kx0, ky1 - ky0)
        faces = tuple(f for f, b in zip(faces, [f.scaled(pw, ph) for f in faces]) if b in boxes)
        ux0, uy0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        ux1, uy1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        eye = sum(f.eye_y for f in faces) / len(faces) * ph
        fw = sum(b[2] - b[0] for b in boxes) / len(boxes)
        fh = sum(b[3] - b[1] for b in boxes) / len(boxes)
        # across: the faces centred in the kept part; down: the eyes on the eye line
        left = (ux0 + ux1) / 2 - (kx0 + kx1) / 2
        top = eye - eye_line * wh
        # then every face with its headroom inside the kept part when that fits, else the faces alone
        above, below, side = HEADROOM
        roomy_x, roomy_y = (ux0 - side * fw, ux1 + side * fw), (uy0 - above * fh, uy1 + below * fh)
        want_x = roomy_x if roomy_x[1] - roomy_x[0] <= kx1 - kx0 else (ux0, ux1)
        # without room for the collar, the whole head (hair to chin); without room for that, the chin
        # still stays in (a divider or an edge below a chin reads as a cut throat; hair cut at the
        # top reads as a close-up)
        head_y = (uy0 - HEAD[0] * fh, uy1 + HEAD[1] * fh)
        chin_y = (uy0, uy1 + CHIN * fh)
        want_y = next((w for w in (roomy_y, head_y, chin_y) if w[1] - w[0] <= ky1 - ky0), (uy0, uy1))
        left += _shift_into(left + kx0, left + kx1, *want_x)
        top += _shift_into(top + ky0, top + ky1, *want_y)
        if wh > ph:  # the photo shorter than its place: the band left over below the people, not over their heads
            top = min(0.0, want_y[0] - ky0)
    else:
        left, top = NO_FACE_FOCUS[0] * pw - ww / 2, NO_FACE_FOCUS[1] * ph - wh / 2
        if detail is not None:  # on the photo's subject (a pet, a cup), its edges clear of it
            left, top = on_the_subject(detail, (pw, ph), (ww, wh), (_within(left, ww, pw), _within(top, wh, ph)), shown)
    wanted_top = top
    left, top = _within(left, ww, pw), _within(top, wh, ph)
    if focus is None and faces:
        left, top = _clear_of_faces(left, top, (ww, wh), (pw, ph), [f.scaled(pw, ph) for f in all_faces], boxes,
                                    (kx0, ky0, kx1, ky1))
        if zoom < 1.0 and wh <= ph and wanted_top < top == 0.0:
            # heads near the photo's top, shown smaller to keep them whole: the room above them is a
            # mat (no more than the window grew by going below zoom 1), not hair cut by the trim
            top = max(wanted_top, -wh * (1.0 - zoom))
    right = left + ww if ww > pw else min(float(pw), left + ww)
    bottom = top + wh if wh > ph or top < 0 else min(float(ph), top + wh)
    return (left, top, right, bottom)


def _within(start: float, size: float, length: float) -> float:
    """Where a window `size` long starts along a photo `length` long: inside the photo, or, when
    it is longer than the photo (the automatic framing below zoom 1), holding the whole photo."""
    if size <= length:
        return max(0.0, min(start, length - size))
    return min(0.0, max(start, length - size))


def _sliced(face: Box, window: Box) -> bool:
    """Whether the window's edge runs through the face: part of it inside, part outside."""
    return boxes_overlap(face, window) and not box_inside(face, window, 0.0)


def _clear_of_faces(left: float, top: float, window: tuple[float, float], photo: tuple[int, int],
                    faces: list[Box], kept: list[Box], keep: Box) -> tuple[float, float]:
    """The window moved the least, across and then down, so that no face is sliced by its edge: a
    face the window cannot also hold (one of a couple too far apart for the card) is left wholly out
    rather than shown in part at the edge. The framed faces stay inside `keep` (offsets in the
    window) and the window inside the photo; when no such place clears every face, it stays put."""
    ww, wh = window

    def sliced(x: float, y: float) -> bool:
        return any(_sliced(f, (x, y, x + ww, y + wh)) for f in faces)

    if not sliced(left, top):
        return left, top
    for axis in (0, 1):
        start, size, length = (left, ww, photo[0]) if axis == 0 else (top, wh, photo[1])
        lo = max(0.0, max(b[axis + 2] for b in kept) - keep[axis + 2])
        hi = min(length - size, min(b[axis] for b in kept) - keep[axis])
        # the places where a face's edge meets the window's: each face wholly out or wholly in
        places = sorted({p for f in faces for p in (f[axis + 2], f[axis] - size, f[axis], f[axis + 2] - size)
                         if lo - 1e-6 <= p <= hi + 1e-6}, key=lambda p: abs(p - start))
        for place in places:
            x, y = (place, top) if axis == 0 else (left, place)
            if not sliced(x, y):
                return x, y
    return left, top


@dataclass(frozen=True)
class AutoZoom:
    """The zoom chosen for a photo framed on its people: `zoom` is the one used (1.0: none; below 1
    when that keeps everyone whole, see `auto_zoom`), `wanted` the one the faces' size asked for,
    `limit` the closest the photo's pixels allow at AUTO_ZOOM_MIN_PPI. `short` is True when the
    limit held the zoom AUTO_ZOOM_SHORT times short of what was wanted or more. `people` is how
    many faces the photo has, `kept` how many the framing holds whole."""

    zoom: float
    wanted: float
    limit: float
    people: int = 0
    kept: int = 0

    @property
    def short(self) -> bool:
        return self.wanted >= self.zoom * AUTO_ZOOM_SHORT

    @property
    def left_out(self) -> int:
        """How many of the photo's people no framing of it (down to AUTO_ZOOM_FLOOR) holds whole."""
        return self.people - self.kept


def group_zoom(boxes: list[Box], width: float, height: float) -> tuple[float, float, float]:
    """The largest zooms at which a window whose kept part is `width` x `height` at zoom 1 (the
    boxes' units) holds every box whole: with room for hair, collar and ears (HEADROOM), with the
    whole heads (HEAD), and with the faces alone. Above 1 the group fits with room to spare; below
    1 it fits only if the photo is shown smaller than its place."""
    fw = sum(b[2] - b[0] for b in boxes) / len(boxes)
    fh = sum(b[3] - b[1] for b in boxes) / len(boxes)
    span_w = max(b[2] for b in boxes) - min(b[0] for b in boxes)
    span_h = max(b[3] for b in boxes) - min(b[1] for b in boxes)
    above, below, side = HEADROOM
    roomy = min(width / (span_w + 2 * side * fw), height / (span_h + (above + below) * fh))
    heads = min(width / (span_w + 2 * HEAD[2] * fw), height / (span_h + (HEAD[0] + HEAD[1]) * fh))
    bare = min(width / span_w, height / (span_h + CHIN * fh))
    return roomy, heads, bare


def auto_zoom(
    photo_px: tuple[int, int],
    area_mm: tuple[float, float],
    faces: tuple[FaceBox, ...],
    keep: Box,
    face_share: float,
    min_ppi: float = AUTO_ZOOM_MIN_PPI,
    eye_line: float = 1 / 3,
    head_bound: Box | None = None,
) -> AutoZoom:
    """How close to go on a photo framed on its people: the one rule every photo place follows
    (courts mirrored and full, backs, the lid), so that no person is dropped who could be kept.

    1. When the zoom-1 window's kept part (`keep`, fractions of the area) holds every face, the
       faces are made `face_share` of its height (a group, a distant portrait: the card shows the
       people, not a landscape with a tiny face in it), unless the group, with room for hair, chin
       and ears, would then no longer fit; never closer than leaves the photo `min_ppi` pixels per
       inch on the card. Where the photo ends too near the faces for the zoom-1 window to hold
       them inside the kept part (heads at the top of a photo, a wide safe margin), the zoom goes
       as far below 1 as it must, down to AUTO_ZOOM_FLOOR, the band on that side.
    2. When it does not, but a window up to 1/AUTO_ZOOM_FLOOR as large does (a couple standing a
       little too far apart for the crop), the zoom goes below 1 just far enough to hold them all,
       with their headroom when that fits too: the photo is shown a little smaller than its place,
       a blurred copy of it in the band left over.
    3. Else the people cannot all be kept: the framing holds those one window can (the largest
       face first), and closes in on them only if that leaves out no one the zoom-1 window would
       show whole; `left_out` says how many are lost, for the warning.

    Pure arithmetic on sizes: the same photo and area give the same zoom at any DPI.
    """
    pw, ph = photo_px
    aw, ah = area_mm
    mm_per_px = max(aw / pw, ah / ph)  # at zoom 1
    limit = max(1.0, px_to_mm(1.0, min_ppi) / mm_per_px)
    if not faces:
        return AutoZoom(1.0, 1.0, limit)
    people = len(faces)
    kw, kh = (keep[2] - keep[0]) * aw, (keep[3] - keep[1]) * ah  # the kept part, in mm
    scaled = [f.scaled(pw, ph) for f in faces]
    roomy, heads, bare = group_zoom(scaled, kw / mm_per_px, kh / mm_per_px)
    if bare < 1.0:
        if bare >= AUTO_ZOOM_FLOOR:  # everyone, the photo a little smaller than its place
            zoom = next(z for z in (roomy, heads, bare) if z >= AUTO_ZOOM_FLOOR) * (1 - 1e-9)
            return AutoZoom(min(zoom, 1.0), 1.0, limit, people, people)
        boxes = _faces_that_fit(scaled, kw / mm_per_px, kh / mm_per_px)
        whole = _faces_that_fit(scaled, aw / mm_per_px, ah / mm_per_px)
        if len(whole) > len(boxes):
            # the whole area holds more people than its kept part: closing in on those would leave the rest out
            return AutoZoom(1.0, 1.0, limit, people, len(whole))
    else:
        boxes = scaled
    fh = sum(b[3] - b[1] for b in boxes) / len(boxes) * mm_per_px
    roomy_kept = group_zoom(boxes, kw / mm_per_px, kh / mm_per_px)[0]
    wanted = min(face_share * kh / fh, roomy_kept, ZOOM_MAX)  # the faces this tall, the group with its room
    zoom = min(wanted, limit)
    if zoom < AUTO_ZOOM_LEAST:
        # the photo's edge may hold a face out of the kept part: of everyone when all fit, else of
        # those the framing keeps (a couple too far apart: the one kept keeps the whole head)
        zoom = _held_by_the_edge(photo_px, area_mm, faces, keep, eye_line, head_bound,
                                 None if len(boxes) == people else boxes)
    return AutoZoom(zoom, max(1.0, wanted), limit, people, len(boxes))


def _held_by_the_edge(photo_px: tuple[int, int], area: tuple[float, float], faces: tuple[FaceBox, ...], keep: Box,
                      eye_line: float, head_bound: Box | None = None, held: list[Box] | None = None) -> float:
    """1, or when the zoom-1 window cannot hold every head (`head_box`: hair to chin), else every
    face, inside the kept part because the photo ends too near them (hair at its very top, on a
    place whose safe margin is wide), the zoom nearest 1, down to AUTO_ZOOM_FLOOR, at which it can:
    the band the photo leaves then lies on that side. 1 when none can. `head_bound` (fractions of
    the area), when given, is the looser bound a head may reach without being warned about (2 mm
    inside a full card's trim): when no zoom holds the heads in the kept part, the nearest that
    holds them there, the faces still in the kept part, is taken before the faces alone. `held`: the
    faces (photo pixels) the framing keeps when it cannot keep them all; the others are left out."""
    aw, ah = area
    kept = (keep[0] * aw, keep[1] * ah, keep[2] * aw, keep[3] * ah)
    bound = kept if head_bound is None else (head_bound[0] * aw, head_bound[1] * ah, head_bound[2] * aw, head_bound[3] * ah)
    pw, ph = photo_px
    faces_px = [f.scaled(pw, ph) for f in faces] if held is None else list(held)
    heads = [head_box(box) for box in faces_px]
    # a head the photo itself cuts (hair past its edge) is not helped by the band: it would show that
    # hair mirrored; the faces alone are held then, and the build warns
    whole = all(head_in_photo(h, (pw, ph)) for h in heads)
    windows: dict[float, Box] = {}  # each zoom's window, planned once for the heads and the faces

    def holds(boxes: list[Box], zoom: float, within: Box = kept) -> bool:
        if zoom not in windows:
            windows[zoom] = plan_window(photo_px, area, faces, None, zoom, eye_line, keep)
        return all(box_inside(to_area(box, windows[zoom], area), within, 1e-6 * aw) for box in boxes)

    tries: list[Callable[[float], bool]] = [partial(holds, faces_px)]
    if whole:
        tries[:0] = [partial(holds, heads)]
        if head_bound is not None:
            tries[1:1] = [lambda zoom: holds(heads, zoom, bound) and holds(faces_px, zoom)]
    for test in tries:
        zoom = nearest_zoom_down(test)
        if zoom is not None:
            return zoom
    return 1.0


def contain_window(photo_px: tuple[int, int], area_px: tuple[int, int] | tuple[float, float],
                   inner: Box = (0.0, 0.0, 1.0, 1.0), zoom: float = 1.0,
                   focus: tuple[float, float] | None = None) -> Box:
    """For `fit = "contain"`: the window (photo pixels, reaching past the photo's edges) whose
    mapping onto the area puts the whole photo inside `inner` (fractions of the area), centred.

    Zoom enlarges the photo, so above 1 its edges are cut: about its centre, or with `focus`
    (fractions across and down) about that point, which is brought to the middle of `inner` as far
    as the photo's edges allow: they never come inside the area where the photo is larger than
    the area, nor inside `inner` where it is larger than that. At zoom 1 the whole photo shows, so
    a focus changes nothing there."""
    pw, ph = photo_px
    aw, ah = area_px
    ix0, iy0, ix1, iy1 = inner[0] * aw, inner[1] * ah, inner[2] * aw, inner[3] * ah
    scale = min((ix1 - ix0) / pw, (iy1 - iy0) / ph) * max(1.0, zoom)  # area pixels per photo pixel
    fx, fy = focus if focus is not None else (0.5, 0.5)

    def edge(lo: float, hi: float, whole: float, size: float, f: float) -> float:
        """Where the photo's near edge lands on the area (area units), along one axis: `lo`, `hi`
        the inner box, `whole` the area's length."""
        middle = (lo + hi) / 2
        if size <= hi - lo:  # the whole photo fits this way: centred
            return middle - size / 2
        if size >= whole:
            lo, hi = 0.0, whole
        return min(lo, max(hi - size, middle - f * size))

    x0 = edge(ix0, ix1, aw, pw * scale, fx)
    y0 = edge(iy0, iy1, ah, ph * scale, fy)
    left, top = -x0 / scale, -y0 / scale
    return (left, top, left + aw / scale, top + ah / scale)


def to_area(box: Box, window: Box, area_px: tuple[int, int] | tuple[float, float]) -> Box:
    """A box in photo pixels, in the area's own units once the window is mapped onto it."""
    aw, ah = area_px
    sx, sy = aw / (window[2] - window[0]), ah / (window[3] - window[1])
    return ((box[0] - window[0]) * sx, (box[1] - window[1]) * sy, (box[2] - window[0]) * sx, (box[3] - window[1]) * sy)


@dataclass(frozen=True)
class Fill:
    """A picture that fills a region (cropped to cover it): the window of it shown, the faces found
    in it (as fractions of the picture), for the cut warnings, and the zoom used (the automatic one
    when neither a focus nor a zoom was set), for the preflight's resolution."""

    window: Box
    faces: tuple[FaceBox, ...]
    size: tuple[int, int]  # the picture's, in pixels
    zoom: float = 1.0
    #: Millimetres a pixel of the region it fills (0: not known), for the mat's sizes below zoom 1.
    mm_per_px: float = 0.0


def plan_fill(picture: Image.Image, size: tuple[int, int], focus: tuple[float, float] | None,
              keep: Box = (0.0, 0.0, 1.0, 1.0), zoom: float | None = 1.0, mm_per_px: float = 0.0,
              faces: tuple[FaceBox, ...] | None = None) -> Fill:
    """How a back or lid picture fills a region `size` pixels large: framed on its faces inside
    `keep` (fractions of the region), or round `focus`; the faces are found either way, so that a
    focus that cuts one can be warned about.

    `zoom` None is the automatic one, as on the courts: with faces found and no focus, small faces
    (a distant portrait, a group) are brought closer, as far as the picture's pixels allow at
    AUTO_ZOOM_MIN_PPI on a region `mm_per_px` millimetres a pixel: to a head and upper body in an
    upright region (a whole back, the lid's picture), a head and shoulders in a wide one (each half
    of a mirrored back), as on a full and a mirrored court. `faces`, when the caller has them (it
    frames one picture several ways), saves looking again."""
    if faces is None:
        faces = find_faces(picture.convert("RGB"))
    if zoom is None:
        zoom = 1.0
        if focus is None and faces and mm_per_px > 0:
            share = AUTO_FACE_SHARE["full" if size[1] > size[0] else "mirrored"]
            zoom = auto_zoom(picture.size, (size[0] * mm_per_px, size[1] * mm_per_px), faces, keep, share).zoom
    return Fill(plan_window(picture.size, size, faces, focus, zoom, keep=keep), faces, picture.size, zoom, mm_per_px)


def _in_a_rounded_corner(box: Box, trim: Box, radius: float) -> bool:
    """True when part of `box` lies in a corner the cutter rounds off (radius in the same units)."""
    if radius <= 0:
        return False
    for sx, sy in ((1, 1), (-1, 1), (1, -1), (-1, -1)):
        # the corner of the box nearest the trim's corner, and the centre of that corner's arc
        cx = trim[0] + radius if sx > 0 else trim[2] - radius
        cy = trim[1] + radius if sy > 0 else trim[3] - radius
        px = box[0] if sx > 0 else box[2]
        py = box[1] if sy > 0 else box[3]
        if (px - cx) * sx < 0 and (py - cy) * sy < 0 and (px - cx) ** 2 + (py - cy) ** 2 > radius ** 2:
            return True
    return False


def picture_cut(faces: tuple[Box, ...], shown: Box, trim: Box, corner: float = 0.0, safe: float = 0.0,
                ppm: float = 0.0, thing: str = "card") -> str | None:
    """What cuts a face of a picture placed on a back or a lid (all in the image's pixels): the
    trim, the picture's own edge (`shown`), the cutter's rounded corner (radius `corner`), or the
    safe zone (`safe` inside the trim; with `ppm`, pixels a mm, said in millimetres of the `thing`'s
    edge); None when every face is clear of them all."""
    near = (f"a face comes within {safe / ppm:g} mm of the {thing}'s edge, where a cut may take it off" if ppm > 0
            else "a face reaches into the safe zone, where the cut may wander")
    def cut_by(face: Box) -> str | None:
        """'trim' or 'edge': which of the two, the tighter on each side, cuts the face."""
        sides = [(face[i] < max(shown[i], trim[i]) - 0.5, shown[i] > trim[i]) for i in (0, 1)]
        sides += [(face[i] > min(shown[i], trim[i]) + 0.5, shown[i] < trim[i]) for i in (2, 3)]
        cut = [edge for exceeds, edge in sides if exceeds]
        return None if not cut else "edge" if all(cut) else "trim"

    tests: tuple[tuple[Callable[[Box], bool], str], ...] = (
        (lambda f: cut_by(f) == "trim", "a face is cut off by the trim"),
        (lambda f: cut_by(f) == "edge", "a face is cut off by the picture's edge"),
        (lambda f: _in_a_rounded_corner(f, trim, corner), "a face is cut by the card's rounded corner"),
        (lambda f: safe > 0 and not box_inside(f, (trim[0] + safe, trim[1] + safe, trim[2] - safe, trim[3] - safe), 0.5),
         near),
    )
    for test, what in tests:
        if any(test(f) for f in faces):
            return what
    return None


def people_left_out(faces: tuple[Box, ...] | list[Box], shown: Box, slack: float = 0.5) -> int:
    """How many of the people (face boxes in the units of `shown`) are not whole inside what is
    shown, when the framing kept some whole and left at least one wholly out (a group too wide for
    its place, not a face cut at an edge by a focus or a zoom); else 0."""
    whole = sum(1 for f in faces if box_inside(f, shown, slack))
    if not whole or all(boxes_overlap(f, shown) for f in faces):
        return 0
    return len(faces) - whole


def left_out_words(missing: int, people: int, photo: str = "photo") -> str:
    """'1 of the 2 people in the photo is left out', for the warnings."""
    return f"{missing} of the {people} people in the {photo} {'is' if missing == 1 else 'are'} left out"


def who_is_left_out(faces: tuple[Box, ...] | list[Box], kept: list[bool]) -> str:
    """Which people are left out, by where they stand in the photo, left to right: 'the person on
    the right', 'the people 2nd and 3rd from the left' (`kept` says, face by face, who is shown)."""
    order = sorted(range(len(faces)), key=lambda i: (faces[i][0] + faces[i][2], faces[i][1]))
    n = len(faces)
    out = [rank for rank, i in enumerate(order) if not kept[i]]

    def ordinal(k: int) -> str:
        return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"

    if len(out) == 1:
        r = out[0]
        return "the person " + ("on the left" if r == 0 else "on the right" if r == n - 1 else
                                f"{ordinal(r + 1)} from the left")
    places = [ordinal(r + 1) for r in out]
    return f"the people {', '.join(places[:-1])} and {places[-1]} from the left"


def focus_on_faces(faces: tuple[FaceBox, ...], window: tuple[float, float],
                   focus: tuple[float, float] | None = None) -> tuple[float, float] | None:
    """The focus to advise: the middle of the faces, chins included (fractions of the photo), when a
    window `window` large (fractions of the photo) holds them all with room to spare and that
    focus is not already the one set; else None."""
    left, right = min(f.left for f in faces), max(f.right for f in faces)
    top, bottom = min(f.top for f in faces), max(chin_box(f.scaled(1, 1))[3] for f in faces)
    if right - left >= 0.8 * window[0] or bottom - top >= 0.8 * window[1]:
        return None
    fx, fy = (left + right) / 2, (top + bottom) / 2
    if focus is not None and max(abs(focus[0] - fx), abs(focus[1] - fy)) <= 0.02:
        return None
    return fx, fy


def picture_warning(ref: PhotoRef, on: str, table: str, faces: tuple[FaceBox, ...], photo_px: tuple[int, int],
                    window: Box, placed: Box, trim: Box, corner: float = 0.0, safe: float = 0.0,
                    focus: tuple[float, float] | None = None, ppm: float = 0.0, thing: str = "card",
                    mirrored: bool = False) -> str | None:
    """The one-line warning when a face of a back or lid picture is cut (None when none is): `faces`
    as found in the photo, `window` the part of it shown in `placed` (image pixels, left, top,
    right, bottom), `trim`, `corner` and `safe` in the same pixels. It names the file, the key and
    what to set in `table`, as the court warnings do; on a `mirrored` back, that the picture does not
    suit one."""
    if not faces:
        return None
    size = (placed[2] - placed[0], placed[3] - placed[1])
    boxes = tuple((b[0] + placed[0], b[1] + placed[1], b[2] + placed[0], b[3] + placed[1])
                  for b in (to_area(f.scaled(*photo_px), window, size) for f in faces))
    shown = (max(placed[0], trim[0]), max(placed[1], trim[1]), min(placed[2], trim[2]), min(placed[3], trim[3]))
    missing = people_left_out(boxes, shown)
    head = f"{ref.config}: {ref.key}: {ref.shown}: on {on} "
    if missing:
        head += f"{left_out_words(missing, len(boxes), 'picture')} (they stand too far apart for it)"
        if mirrored:
            return f"{head}; {_UNSUITED}: {mirrored_advice(table)}"
        return (f'{head}; set image_mode = "fit" (the whole picture; crop the picture round the people first, so '
                f"they show larger) in [{table}]")
    problem = picture_cut(boxes, placed, trim, corner, safe, ppm, thing)
    if problem is None:
        return None
    if mirrored:
        return f"{head}{problem}; {_UNSUITED}: {mirrored_advice(table)}"
    parts = []
    pw, ph = photo_px
    better = focus_on_faces(faces, ((window[2] - window[0]) / pw, (window[3] - window[1]) / ph), focus)
    if better is not None:
        parts.append(f"image_focus = [{better[0]:.2f}, {better[1]:.2f}] (on the faces)")
    parts.append('image_mode = "fit" (the whole picture)')
    return f"{head}{problem}; set {', or '.join(parts)} in [{table}]"


#: Why a mirrored back's picture cuts its faces: each half shows the picture's top part.
_UNSUITED = "this picture does not suit a mirrored back (each half shows its top part, and the faces are too near the top of it)"


def mirrored_advice(table: str) -> str:
    """What to set when a picture does not suit a mirrored back (its faces cut, or its people left out)."""
    return f'set image_mode = "fit" (the whole picture, framed), or mirror_image = false, in [{table}]'


@dataclass(frozen=True)
class ThemeMat:
    """A designed mat (a passe-partout) for a photo shown smaller than its place: a flat fill in the
    deck's colours, the photo sharp on it, framed by a thin rule (the theme's accent) `rule_mm` wide
    just outside the photo's edge on every side where the mat shows."""

    fill: tuple[int, int, int]
    rule: tuple[int, int, int]
    rule_mm: float = 0.3


def render_window(photo: Image.Image, area_px: tuple[int, int], window: Box,
                  backdrop: str | tuple[int, int, int] | ThemeMat = "blur",
                  px_per_mm: float = mm_to_px_f(1.0, DEFAULT_CARD_DPI)) -> Image.Image:
    """The area filled from the window of the photo. Where the window reaches past the photo (fit
    = "contain"), the rest is a blurred, enlarged copy of the photo, or a plain colour; or
    ("mat", for the thin band the automatic framing leaves) a mat of the photo's own edge colours
    that its detail fades into with no seam (`_matted`; `px_per_mm` sets its sizes); or (a
    `ThemeMat`, for a wide band) a designed mat in the deck's colours with a thin rule round the
    photo (`_theme_matted`)."""
    pw, ph = photo.size
    inside = window[0] >= -1e-6 and window[1] >= -1e-6 and window[2] <= pw + 1e-6 and window[3] <= ph + 1e-6
    clamp = (max(0.0, window[0]), max(0.0, window[1]), min(float(pw), window[2]), min(float(ph), window[3]))
    if inside:
        return photo.resize(area_px, Image.Resampling.LANCZOS, box=clamp, reducing_gap=3.0)
    aw, ah = area_px
    if backdrop == "mat":
        return _matted(photo, area_px, window, px_per_mm)
    if isinstance(backdrop, ThemeMat):
        return _theme_matted(photo, area_px, window, px_per_mm, backdrop)
    if backdrop == "blur":
        small = photo.resize((max(1, aw // 8), max(1, ah // 8)), Image.Resampling.BOX,
                             box=plan_window(photo.size, area_px, (), (0.5, 0.5)), reducing_gap=2.0)
        radius = max(1.0, min(small.size) / 14)
        back = small.filter(ImageFilter.GaussianBlur(radius)).resize(area_px, Image.Resampling.BILINEAR)
        back = Image.blend(back, Image.new("RGB", area_px, (255, 255, 255)), 0.25)  # paler: the photo leads
    else:
        back = Image.new("RGB", area_px, backdrop if isinstance(backdrop, tuple) else (255, 255, 255))
    x0, y0, x1, y1 = to_area((0.0, 0.0, float(pw), float(ph)), window, area_px)
    # the visible part of the photo, placed to the pixel
    vx0, vy0, vx1, vy1 = max(0, round(x0)), max(0, round(y0)), min(aw, round(x1)), min(ah, round(y1))
    if vx1 > vx0 and vy1 > vy0:
        sx, sy = (window[2] - window[0]) / aw, (window[3] - window[1]) / ah
        src = (window[0] + vx0 * sx, window[1] + vy0 * sy, window[0] + vx1 * sx, window[1] + vy1 * sy)
        src = (max(0.0, src[0]), max(0.0, src[1]), min(float(pw), src[2]), min(float(ph), src[3]))
        part = photo.resize((vx1 - vx0, vy1 - vy0), Image.Resampling.LANCZOS, box=src, reducing_gap=3.0)
        back.paste(part, (vx0, vy0))
    return back


#: The mat round a photo shown smaller than its place (mm): the photo's edge colours blurred this
#: much, and the photo faded into them from MAT_FADE_DEPTH inside its edge, its weight falling by
#: e every MAT_FADE mm. Fading this slowly, no 1 mm strip has a third of the detail of the next, so
#: no line shows where sharp meets soft (tests/seams.py measures it on the written cards).
MAT_BLUR = 2.5
MAT_FADE = 1.5
MAT_FADE_DEPTH = 4.5
#: On a photo shown small (its shorter side under 30 mm), the fade keeps to this share of that side,
#: its rate scaled alike.
MAT_FADE_SHARE = 0.15
#: Farther out, the mat calms into a soft field of those colours: beyond MAT_KEEP mm from the photo
#: it eases (by e every MAT_EASE mm) into the edge colours blurred MAT_CALM mm, so a wide band (the
#: coffee's 14.5 mm on a full card) shows no streaks of the edge's pixels carried out, and nothing
#: of the photo stretched: a mat, not a smeared band.
MAT_KEEP = 2.0
MAT_EASE = 3.0
MAT_CALM = 10.0


def _matted(photo: Image.Image, area_px: tuple[int, int], window: Box, px_per_mm: float) -> Image.Image:
    """The photo placed in the area as `window` says, the band it leaves (at most a few millimetres
    a side: see AUTO_ZOOM_FLOOR) a mat of the photo's own edge colours: its edge rows and columns
    carried out across the band and blurred MAT_BLUR, so the mat's colour follows the photo's along
    its edge, easing farther out into a calm field of those colours (MAT_CALM), and the photo faded
    into that mat from a little inside its edge. Nothing of the photo
    is repeated (a mirrored band showed a second cup, and folded wood grain into chevrons), and no
    line is left where the photo ends (a band blurred at once, as before, ended in a hard one)."""
    aw, ah = area_px
    x0, y0, x1, y1 = (round(v) for v in to_area((0.0, 0.0, float(photo.width), float(photo.height)), window, area_px))
    vx0, vy0, vx1, vy1 = max(0, x0), max(0, y0), min(aw, x1), min(ah, y1)
    sx, sy = (window[2] - window[0]) / aw, (window[3] - window[1]) / ah
    src = (max(0.0, window[0] + vx0 * sx), max(0.0, window[1] + vy0 * sy),
           min(float(photo.width), window[0] + vx1 * sx), min(float(photo.height), window[1] + vy1 * sy))
    part = np.asarray(photo.resize((vx1 - vx0, vy1 - vy0), Image.Resampling.LANCZOS, box=src, reducing_gap=3.0))
    rows = np.concatenate([np.repeat(part[:1], vy0, axis=0), part, np.repeat(part[-1:], ah - vy1, axis=0)])
    canvas = np.concatenate([np.repeat(rows[:, :1], vx0, axis=1), rows, np.repeat(rows[:, -1:], aw - vx1, axis=1)], axis=1)
    ys, xs = np.arange(ah, dtype=np.float32)[:, None], np.arange(aw, dtype=np.float32)[None, :]
    sides = [d for d, band in ((vy0 - ys + 0 * xs, vy0 > 0), (ys - (vy1 - 1) + 0 * xs, vy1 < ah),
                               (vx0 - xs + 0 * ys, vx0 > 0), (xs - (vx1 - 1) + 0 * ys, vx1 < aw)) if band]
    if not sides:
        return Image.fromarray(np.ascontiguousarray(canvas))
    outside = np.maximum.reduce(sides) / px_per_mm  # mm outside the photo across a banded side, negative inside
    # a small photo (a landscape shown whole on a half-card) fades over less of itself
    short = min(vx1 - vx0, vy1 - vy0) / px_per_mm
    depth = min(MAT_FADE_DEPTH, MAT_FADE_SHARE * short)
    weight = np.exp(-np.maximum(outside + depth, 0.0) / (MAT_FADE * depth / MAT_FADE_DEPTH))[:, :, None]
    carried = Image.fromarray(np.ascontiguousarray(canvas))
    near = np.asarray(carried.filter(ImageFilter.GaussianBlur(MAT_BLUR * px_per_mm)), dtype=np.float32)
    calm = np.asarray(carried.filter(ImageFilter.GaussianBlur(MAT_CALM * px_per_mm)), dtype=np.float32)
    ease = np.exp(-np.maximum(outside - MAT_KEEP, 0.0) / MAT_EASE)[:, :, None]
    mat = near * ease + calm * (1.0 - ease)
    result = canvas.astype(np.float32) * weight + mat * (1.0 - weight)
    return Image.fromarray(np.clip(result + 0.5, 0, 255).astype(np.uint8))


def photo_box_px(photo_px: tuple[int, int], area_px: tuple[int, int], window: Box) -> tuple[int, int, int, int]:
    """Where the photo itself lands in the area when `window` reaches past it (pixels, to the pixel,
    clamped to the area): the box a mat goes round."""
    aw, ah = area_px
    x0, y0, x1, y1 = (round(v) for v in to_area((0.0, 0.0, float(photo_px[0]), float(photo_px[1])), window, area_px))
    return max(0, x0), max(0, y0), min(aw, x1), min(ah, y1)


def _theme_matted(photo: Image.Image, area_px: tuple[int, int], window: Box, px_per_mm: float,
                  mat: ThemeMat) -> Image.Image:
    """The photo placed in the area as `window` says, sharp to its edge, on a flat mat of
    `mat.fill`, framed by a rule of `mat.rule` laid just outside the photo on each side where the
    mat shows (a side where the photo reaches the area's edge has none: the trim or the frame is
    its edge there). The rule is whole pixels wide and sits on whole pixels, so it prints as one
    straight line, the same on every card."""
    aw, ah = area_px
    vx0, vy0, vx1, vy1 = photo_box_px(photo.size, area_px, window)
    canvas = Image.new("RGB", area_px, mat.fill)
    if vx1 <= vx0 or vy1 <= vy0:
        return canvas
    sx, sy = (window[2] - window[0]) / aw, (window[3] - window[1]) / ah
    src = (max(0.0, window[0] + vx0 * sx), max(0.0, window[1] + vy0 * sy),
           min(float(photo.width), window[0] + vx1 * sx), min(float(photo.height), window[1] + vy1 * sy))
    part = photo.resize((vx1 - vx0, vy1 - vy0), Image.Resampling.LANCZOS, box=src, reducing_gap=3.0)
    rule = max(1, round(mat.rule_mm * px_per_mm))
    # the rule: a band `rule` px wide round the photo, clipped to the area, then the photo over it
    rx0, ry0 = vx0 - rule if vx0 > 0 else 0, vy0 - rule if vy0 > 0 else 0
    rx1, ry1 = vx1 + rule if vx1 < aw else aw, vy1 + rule if vy1 < ah else ah
    canvas.paste(mat.rule, (max(0, rx0), max(0, ry0), min(aw, rx1), min(ah, ry1)))
    canvas.paste(part, (vx0, vy0))
    return canvas
