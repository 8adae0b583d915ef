"""A back's picture: the user's image placed in its region (filled and framed on the faces found, or
fitted whole), kept clear of the words' plates, repeated turned on a mirrored back; the cut and
asymmetry warnings. `place_picture` and `warn_if_cut` serve the lid and the tuck box too."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import NamedTuple

import numpy as np
from PIL import Image, ImageDraw, ImageOps

from deckgen.design import BackDesign, PhotoRef
from deckgen.errors import ConfigError, warn
from deckgen.render.facefind import FaceBox, find_faces
from deckgen.render.patterns import TEXT_CLEARANCE_MM, Geometry, field_rect, text_room
from deckgen.render.photos import PHOTO_FORMATS, PhotoWarning, open_photo
from deckgen.render.framing import (
    AUTO_ZOOM_MIN_PPI, Box, Fill, box_inside, boxes_overlap, chin_box, left_out_words, mirrored_advice, picture_warning, plan_fill, plan_window, render_window, to_area,
)
from deckgen.render.parts import Part
from deckgen.render.backtext import AsymmetryWarning, _rotated_origin, _text_layers, _tile_box
from deckgen.units import CARD_SAFE_ZONE_MM, MM_PER_INCH, PixelBox, mm_to_px_f, px_per_mm


Rect = tuple[int, int, int, int]
#: Mean difference (0-255) between an image layer and its half turn above which it counts as asymmetric.
IMAGE_ASYMMETRY_LEVEL = 3.0


def load_image(ref: PhotoRef) -> Image.Image:
    """The user's picture, upright, as RGBA: opened by the shared photo loader (which names file and key
    on any problem); a picture with transparency keeps it, so a logo can sit on the pattern."""
    rgb = open_photo(ref)
    with Image.open(ref.path, formats=PHOTO_FORMATS) as img:
        if img.mode in ("RGBA", "LA", "PA") or (img.mode == "P" and "transparency" in img.info):
            img.load()
            return ImageOps.exif_transpose(img).convert("RGBA")
    return rgb.convert("RGBA")


class Placed(NamedTuple):
    """A picture placed in a region: the image, where it goes, and for `fill` how it was cropped
    (the window and the faces found, for the cut warnings)."""

    image: Image.Image
    origin: tuple[int, int]
    fill: Fill | None


def plan_picture(img: Image.Image, region: Rect, mode: str, focus: tuple[float, float] | None,
                 scale: float = 1.0, keep: Box = (0.0, 0.0, 1.0, 1.0), zoom: float | None = 1.0,
                 mm_per_px: float = 0.0, faces: tuple[FaceBox, ...] | None = None) -> Placed:
    """Where `place_picture` puts the picture and how it crops it, with a blank stand-in of the size
    it prints at for the image: a framing is rated on its window, origin and size alone, so the
    photo is resized only for the one chosen (`draw_placed`). `faces`: the picture's, when known."""
    rw, rh = region[2] - region[0], region[3] - region[1]
    iw, ih = img.size
    if mode == "fill":
        fill = plan_fill(img, (rw, rh), focus, keep, zoom, mm_per_px, faces)
        return Placed(Image.new("L", (rw, rh)), (region[0], region[1]), fill)
    k = min(rw / iw, rh / ih) * scale
    w, h = max(1, round(iw * k)), max(1, round(ih * k))
    return Placed(Image.new("L", (w, h)), (region[0] + (rw - w) // 2, region[1] + (rh - h) // 2), None)


def draw_placed(img: Image.Image, plan: Placed) -> Placed:
    """The picture drawn as `plan` (from `plan_picture`) places it: resized to its size, through its
    window when it fills its region."""
    size = plan.image.size
    fill = plan.fill
    if fill is None:
        out = img.resize(size, Image.Resampling.LANCZOS)
    elif fill.zoom < 1.0:  # the automatic framing shows it a little smaller to keep everyone: a mat round it
        scale = {"px_per_mm": 1 / fill.mm_per_px} if fill.mm_per_px > 0 else {}
        out = render_window(img.convert("RGB"), size, fill.window, "mat", **scale).convert(img.mode)
    else:
        out = img.resize(size, Image.Resampling.LANCZOS, box=fill.window)
    return plan._replace(image=out)


def place_picture(img: Image.Image, region: Rect, mode: str, focus: tuple[float, float] | None,
                  scale: float = 1.0, keep: Box = (0.0, 0.0, 1.0, 1.0), zoom: float | None = 1.0,
                  mm_per_px: float = 0.0) -> Placed:
    """Fill (cover and crop around the focus point, or framed on the faces found inside `keep`,
    fractions of the region, when no focus is set; `zoom` None closes in on small faces, see
    framing.plan_fill) or fit (whole picture, centred) into a region."""
    return draw_placed(img, plan_picture(img, region, mode, focus, scale, keep, zoom, mm_per_px))


def warn_if_cut(picture: Placed, ref: PhotoRef, on: str, table: str, focus: tuple[float, float] | None,
                trim: Box, corner: float, safe: float, ppm: float = 0.0, mirrored: bool = False) -> None:
    """A PhotoWarning naming the file and key when a face of a filled picture is cut by the trim, the
    picture's edge or the rounded corner, or comes closer to the edge than `safe` (all in image
    pixels; `ppm` pixels a mm, to say how close). On a `mirrored` back it says the picture does not
    suit one and suggests fit."""
    if picture.fill is None:
        return
    x, y = picture.origin
    placed = (x, y, x + picture.image.width, y + picture.image.height)
    fill = picture.fill
    # a mirrored half framed closer on one face leaves the other wholly out: that one is not cut, but
    # the buyer of a couple's deck is told that one of them is not on the back
    shown = tuple(f for f in fill.faces if not mirrored or boxes_overlap(
        to_area(f.scaled(*fill.size), fill.window, picture.image.size), (0, 0, *picture.image.size)))
    message = picture_warning(ref, on, table, shown, fill.size, fill.window, placed, trim, corner, safe, focus,
                              ppm, "lid" if "lid" in on else "card", mirrored)
    if not message and mirrored and shown and len(shown) < len(fill.faces):
        message = (f"{ref.config}: {ref.key}: {ref.shown}: on {on} "
                   f"{left_out_words(len(fill.faces) - len(shown), len(fill.faces), 'picture')} (each half of a "
                   f"mirrored back is too narrow for them all); {mirrored_advice(table)}")
    if not message:
        return
    warn(PhotoWarning(message))


def picture_region(spec: BackDesign, box: PixelBox, corner_mm: float) -> tuple[int, int, int, int]:
    """The pixel box a back's picture is placed in: the whole back (fill) or the field inside the
    pattern's margin and frame (fit); with `mirror_image`, its upper half (the lower is its turn).
    The preflight measures the picture's resolution on the same box."""
    W, H = box.size
    ss_geo = Geometry(size=(W, H), ppm=px_per_mm(box.dpi), trim=box.trim_rect(), corner_mm=corner_mm)
    field, _ = field_rect(ss_geo, spec.template.params)
    if spec.picture is not None and spec.picture.mode == "fill":
        region = (0, 0, W, H)
    else:
        # 2 mm inside the field, and the picture's frame rule clear of the frame's lines (a deep frame:
        # the classic's, the border's, the solid's inner rule) by TEXT_CLEARANCE_MM, as the words are
        inside = text_room(spec.template.pattern, ss_geo, spec.template.params, clearance_mm=0.0).inside
        clear = _frame_pad(box.dpi) + box.px(TEXT_CLEARANCE_MM)
        x = max(round(field[0] + box.px(2.0)), math.ceil(inside[0] + clear))
        y = max(round(field[1] + box.px(2.0)), math.ceil(inside[1] + clear))
        region = (x, y, W - x, H - y)
    if spec.mirror_image:
        return (region[0], region[1], region[2], H // 2 - _mirror_gap(box))
    return region


def region_clear_of(rect: Rect, plates: tuple[Box, ...], gap: int) -> Rect:
    """A fitted picture's region narrowed to keep `gap` pixels from the words' plates over it: a
    plate in its upper half moves its top below the plate, one in its lower half its foot above it
    (a fitted picture's edge half under a plate reads as a collision). A plate that would leave less
    than a third of the region is not left out (the picture then lies under it)."""
    x0, y0, x1, y1 = rect
    top, bottom = y0, y1
    for p in plates:
        if p[2] <= x0 or p[0] >= x1 or p[3] <= top or p[1] >= bottom:
            continue
        if (p[1] + p[3]) / 2 < (top + bottom) / 2:
            new = (max(top, math.ceil(p[3]) + gap), bottom)
        else:
            new = (top, min(bottom, math.floor(p[1]) - gap))
        if new[1] - new[0] >= (y1 - y0) / 3:
            top, bottom = new
    return (x0, top, x1, bottom)


def _mirror_gap(box: PixelBox) -> int:
    return round(box.px(0.6))


def safe_keep(rect: Rect, box: PixelBox, safe_mm: float) -> Box:
    """Where a filled back picture's faces are framed, as fractions of its region `rect`: inside the
    card's safe zone, and on a mirrored back's upper half (a rect ending above the middle) 0.5 mm
    clear of the band between the halves. The preflight frames them the same way."""
    trim, ppm = box.trim_rect(), px_per_mm(box.dpi)
    safe = (trim[0] + safe_mm * ppm, trim[1] + safe_mm * ppm, trim[2] - safe_mm * ppm, trim[3] - safe_mm * ppm)
    foot = rect[3] - 0.5 * ppm if rect[3] < box.size[1] / 2 else rect[3]
    w, h = rect[2] - rect[0], rect[3] - rect[1]
    return ((max(safe[0], rect[0]) - rect[0]) / w, (max(safe[1], rect[1]) - rect[1]) / h,
            (min(safe[2], rect[2]) - rect[0]) / w, (min(safe[3], foot) - rect[1]) / h)


def place_back_picture(source: str, spec: BackDesign, box: PixelBox, corner_mm: float,
                       safe_mm: float = CARD_SAFE_ZONE_MM, plates: tuple[Box, ...] = (),
                       faces_out: list[Box] | None = None) -> Placed | None:
    """The back's picture as it prints, in its region (`picture_region`; a mirrored back's upper
    half): a filled one framed on its faces inside the safe zone and, with `plates` (the boxes of
    the back's words), clear of them (a mirrored half closer on a face when the faces are cut); a
    fitted one moved within its slack until no face lies under a plate. A face still cut is warned
    about; `faces_out` receives the faces as placed (card pixels, chins included). The renderer
    draws this placement and the print-shop preflight measures its resolution on it."""
    cfg = spec.picture
    if cfg is None:
        return None
    key = cfg.photo.key
    picture = load_image(cfg.photo)
    W, H = box.size
    rect = picture_region(spec, box, corner_mm)
    if plates and cfg.mode == "fit":
        rect = region_clear_of(rect, plates, _frame_pad(box.dpi) + math.ceil(box.px(TEXT_CLEARANCE_MM)))
    if spec.mirror_image and rect[3] - rect[1] < 4:
        raise ConfigError(source, key, "the card is too small for a mirrored image")
    trim, ppm = box.trim_rect(), px_per_mm(box.dpi)
    on = "the back" if spec.key == "back" else "the second back"

    def cut(placed: Placed) -> int:
        """2 when a face that shows is cut by the trim or comes into the safe margin, 1 when (with words
        on the back) one lies under their plates, else 0; a face wholly left out is not cut."""
        s = safe_mm * ppm
        safe = (trim[0] + s, trim[1] + s, trim[2] - s, trim[3] - s)
        shown = faces_on_back(placed, placed.fill.faces if placed.fill else (), (W, H), False)
        return (2 if any(not box_inside(f, safe, 0.0) for f in shown)
                else 1 if any(boxes_overlap(f, p) for f in shown for p in plates) else 0)

    # its faces, found once for every framing rated and every use below (a fitted picture needs
    # them only to keep them clear of the words)
    found = find_faces(picture.convert("RGB")) if cfg.mode == "fill" or plates else ()
    keep = plain = safe_keep(rect, box, safe_mm)
    if plates and cfg.mode == "fill" and cfg.focus is None:
        keep = keep_clear_of(keep, rect, plates)

    def framed(within: Box) -> Placed:
        """A framing to rate: planned on a stand-in, the picture drawn once, below, for the one chosen."""
        placed = plan_picture(picture, rect, cfg.mode, cfg.focus, cfg.scale, within, cfg.zoom, 1 / ppm, found)
        if spec.mirror_image:  # each half sits against the dividing band
            placed = placed._replace(origin=(placed.origin[0], rect[3] - placed.image.height))
        return placed

    placed = framed(keep)
    if keep != plain and cut(placed) == 2:
        # framing the faces clear of the plates cuts them: whole faces under a plate (warned
        # about, with a place for the words) are better than faces cut
        usual = framed(plain)
        if cut(usual) < 2:
            placed = usual
    if spec.mirror_image:
        if cfg.mode == "fill" and cfg.focus is None and cfg.zoom is None and cut(placed) == 2:
            size = placed.image.size

            def at_zoom(z: float, clear: bool) -> Placed:
                window = plan_window(picture.size, size, found, None, z, keep=keep if clear else plain)
                return Placed(placed.image, placed.origin, Fill(window, found, picture.size, z))

            placed = _closer_on_a_face(placed, at_zoom, size[0] / ppm, cut)
    if plates and cfg.mode == "fit":
        placed = _fit_clear_of(placed, rect, found, plates, (W, H), spec.mirror_image, max(1, round(ppm / 4)))
    placed = draw_placed(picture, placed)
    warn_if_cut(placed, cfg.photo, on, spec.key, cfg.focus, trim, corner_mm * ppm, safe_mm * ppm, ppm,
                mirrored=spec.mirror_image)
    if faces_out is not None and plates:
        faces_out.extend(faces_on_back(placed, found, (W, H), spec.mirror_image))
    return placed


def back_picture_as_printed(source: str, spec: BackDesign, box: PixelBox, corner_mm: float,
                            safe_mm: float = CARD_SAFE_ZONE_MM) -> Placed | None:
    """The back's picture placed as `back_layers` places it: its words laid out first, the picture
    then framed clear of their plates (for the preflight, which measures what prints)."""
    texts = _text_layers(source, spec, box, corner_mm, safe_mm)
    return place_back_picture(source, spec, box, corner_mm, safe_mm, tuple(_tile_box(t) for t in texts))


def _image_layer(source: str, spec: BackDesign, box: PixelBox, corner_mm: float,
                 safe_mm: float = CARD_SAFE_ZONE_MM, plates: tuple[Box, ...] = (),
                 faces_out: list[Box] | None = None, parts_out: list[Part] | None = None) -> Image.Image | None:
    """The back's picture on a transparent layer, placed by `place_back_picture` (with `plates`, the
    boxes of the back's words, clear of them); a mirrored back repeats it turned, with a band between.
    `parts_out` receives the parts placed (render.parts): the picture (each half) and the band."""
    cfg = spec.picture
    if cfg is None:
        return None
    W, H = box.size
    parts = parts_out if parts_out is not None else []
    layer = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    region = picture_region(replace(spec, mirror_image=False), box, corner_mm)
    placed_picture = place_back_picture(source, spec, box, corner_mm, safe_mm, plates, faces_out)
    assert placed_picture is not None
    placed, origin, _ = placed_picture
    pad = _frame_pad(box.dpi) if cfg.mode == "fit" else 0
    key = cfg.photo.key
    # a mirrored picture's halves end at the band, which is drawn over their frame rules there
    foot = 0 if spec.mirror_image else pad
    parts.append(Part("picture", key, (origin[0] - pad, origin[1] - pad, origin[0] + placed.width + pad,
                                       origin[1] + placed.height + foot)))
    if spec.mirror_image:
        gap = _mirror_gap(box)
        turned_at = _rotated_origin((W, H), origin, placed.size)
        parts.append(Part("picture", f"{key} turned", (turned_at[0] - pad, turned_at[1] - foot,
                                                       turned_at[0] + placed.width + pad, turned_at[1] + placed.height + pad)))
        if cfg.mode == "fit":
            _frame_picture(layer, placed.size, origin, spec.colours.accent, box.dpi)
            _frame_picture(layer, placed.size, _rotated_origin((W, H), origin, placed.size), spec.colours.accent,
                           box.dpi)
        layer.alpha_composite(placed, origin)
        turned = placed.rotate(180)
        layer.alpha_composite(turned, _rotated_origin((W, H), origin, placed.size))
        # the band between the halves: accent rules with paper between, as wide as the pictures (framed)
        y0 = H // 2 - gap
        x0 = min(origin[0], region[0]) if cfg.mode == "fill" else origin[0] - pad  # flush with the frame rules
        draw = ImageDraw.Draw(layer)
        draw.rectangle((x0, y0, W - 1 - x0, H - 1 - y0), fill=spec.colours.accent)
        inner = round(gap * 0.5)
        draw.rectangle((x0, y0 + inner, W - 1 - x0, H - 1 - y0 - inner), fill=spec.colours.paper)
        parts.append(Part("band", f"{spec.key}.mirror_image band", (x0, y0, W - x0, H - y0)))
        return layer
    if cfg.mode == "fit":
        _frame_picture(layer, placed.size, origin, spec.colours.accent, box.dpi)
    layer.alpha_composite(placed, origin)
    if _layer_asymmetry(layer) > IMAGE_ASYMMETRY_LEVEL:
        warn(
            AsymmetryWarning(
                f"{source}: {cfg.photo.key}: {cfg.photo.shown}: the picture looks different turned 180 degrees, so the back "
                f"shows which way up a card is held; set {spec.key}.mirror_image = true to repeat it upside down"
            )
        )
    return layer


#: The zooms tried, closest last, when a mirrored back's half cuts the faces at the automatic one.
MIRRORED_REFRAME_ZOOMS = (1.25, 1.5, 1.75, 2.0, 2.5, 3.0)


def _closer_on_a_face(placed: Placed, at_zoom: Callable[[float, bool], Placed], width_mm: float,
                      cut: Callable[[Placed], int]) -> Placed:
    """A mirrored back's half whose faces are cut (a couple at the top of a wide photo: the faces
    pushed into the corners, where the cut takes them), framed closer as a mirrored court is: on the
    faces the closer window can hold whole, often one. `cut` rates a framing (0: no face cut or under
    a plate; 1: a face under a plate; 2: a face cut); `at_zoom(zoom, clear)` frames the half at a
    zoom, its faces kept clear of the plates or not. The first framing rated 0, else the first rated
    1 framed as usual (not pushed about by the plates), while the photo keeps AUTO_ZOOM_MIN_PPI on
    the card; else the half as it was."""
    assert placed.fill is not None
    under_plate: dict[bool, Placed] = {}
    for clear in (True, False):
        for zoom in MIRRORED_REFRAME_ZOOMS:
            if zoom <= placed.fill.zoom:
                continue
            trial = at_zoom(zoom, clear)
            assert trial.fill is not None
            if (trial.fill.window[2] - trial.fill.window[0]) / (width_mm / MM_PER_INCH) < AUTO_ZOOM_MIN_PPI:
                break
            rating = cut(trial)
            if rating == 0:
                return trial
            if rating == 1:
                under_plate.setdefault(clear, trial)
    # a face under a plate: better framed as usual than pushed about by the plates
    return under_plate.get(False) or under_plate.get(True) or placed


def keep_clear_of(keep: Box, rect: Rect, plates: tuple[Box, ...]) -> Box:
    """`keep` (fractions of `rect`, where a filled picture frames its faces) narrowed to leave out the
    words' plates that lie over the region: one in its upper part moves the keep's top below it, one
    in its lower part its bottom above it. A plate that would leave less than a third of the keep
    is not left out (the faces are then warned about)."""
    x0, y0, x1, y1 = rect
    w, h = x1 - x0, y1 - y0
    top, bottom = keep[1], keep[3]
    for p in plates:
        if p[2] <= x0 or p[0] >= x1 or p[3] <= y0 or p[1] >= y1:
            continue
        a, b = (p[1] - y0) / h, (p[3] - y0) / h
        if (a + b) / 2 < (top + bottom) / 2:
            new = (max(top, b), bottom)
        else:
            new = (top, min(bottom, a))
        if new[1] - new[0] >= (keep[3] - keep[1]) / 3:
            top, bottom = new
    return (keep[0], top, keep[2], bottom)


def faces_on_back(placed: Placed, faces: tuple[FaceBox, ...], size: tuple[int, int], mirrored: bool) -> list[Box]:
    """The faces of a placed picture in the back's pixels, chins included, as far as they show (with
    `mirrored`, those of its turned copy too)."""
    x, y = placed.origin
    w, h = placed.image.size
    out: list[Box] = []
    for f in faces:
        if placed.fill is not None:
            b = to_area(chin_box(f.scaled(*placed.fill.size)), placed.fill.window, (w, h))
        else:
            b = chin_box(f.scaled(w, h))
        b = (max(b[0], 0) + x, max(b[1], 0) + y, min(b[2], w) + x, min(b[3], h) + y)
        if b[2] > b[0] and b[3] > b[1]:
            out.append(b)
            if mirrored:
                out.append((size[0] - b[2], size[1] - b[3], size[0] - b[0], size[1] - b[1]))
    return out


def _fit_clear_of(placed: Placed, rect: Rect, faces: tuple[FaceBox, ...], plates: tuple[Box, ...], size: tuple[int, int],
                  mirrored: bool, step: int) -> Placed:
    """A fitted picture moved within the slack its region leaves, the least it takes for no face to
    lie under a plate; where it was when no place clears them all."""
    w, h = placed.image.size

    def covered(x: int, y: int) -> bool:
        moved = placed._replace(origin=(x, y))
        return any(boxes_overlap(f, p) for f in faces_on_back(moved, faces, size, mirrored) for p in plates)

    ox, oy = placed.origin
    if not faces or not covered(ox, oy):
        return placed
    xs = sorted({*range(rect[0], rect[2] - w + 1, step), rect[2] - w, ox})
    ys = sorted({*range(rect[1], rect[3] - h + 1, step), rect[3] - h, oy})
    for x, y in sorted(((x, y) for x in xs for y in ys), key=lambda p: (abs(p[0] - ox) + abs(p[1] - oy), p)):
        if not covered(x, y):
            return placed._replace(origin=(x, y))
    return placed


def _frame_pad(dpi: int) -> int:
    """How far the rule round a fitted picture reaches past it (pixels)."""
    return max(1, round(mm_to_px_f(0.4, dpi)))


def _frame_picture(layer: Image.Image, size: tuple[int, int], origin: tuple[int, int], colour: str, dpi: int) -> None:
    """A thin rule round a fitted picture, so its edge looks intended against the pattern."""
    pad = _frame_pad(dpi)
    ImageDraw.Draw(layer).rectangle(
        (origin[0] - pad, origin[1] - pad, origin[0] + size[0] + pad - 1, origin[1] + size[1] + pad - 1), fill=colour
    )


def _layer_asymmetry(layer: Image.Image) -> float:
    """Mean difference (0-255) between a layer and its half turn, on a reduced copy for speed."""
    small = layer.reduce(4) if min(layer.size) >= 64 else layer
    a = np.asarray(small, dtype=np.int16)
    rgb = a[..., :3] * (a[..., 3:4] / 255.0)
    return float(np.abs(rgb - rgb[::-1, ::-1]).mean())
