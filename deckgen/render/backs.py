"""Card backs: a pattern template, palette colours, an optional image and text messages, in layers.

The built-in layer (pattern, frame, medallion) is symmetric under a half turn,
so a back never tells players which way up a card is held. The user's image
and text can break that; when they do, a warning says so and `mirror_text` /
`mirror_image` repeat the element turned 180 degrees to restore it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import numpy as np
from PIL import Image, ImageDraw, ImageFont, ImageOps

from deckgen.design import BackDesign, Design, PhotoRef
from deckgen.errors import ConfigError, DeckgenWarning, collected_warnings, warn
from deckgen.fileio import save_png
from deckgen.paths import as_written
from deckgen.render.fonts import load_font, resolve_font
from deckgen.render.facefind import FaceBox, find_faces
from deckgen.render.patterns import Geometry, TextRoom, draw_pattern, field_rect, text_room
from deckgen.themes import Colours
from deckgen.render.photos import PHOTO_FORMATS, PhotoWarning, open_photo
from deckgen.render.framing import (
    AUTO_ZOOM_MIN_PPI, Box, Fill, box_inside, boxes_overlap, chin_box, left_out_words, mirrored_advice, picture_warning, plan_fill, plan_window, render_window, to_area,
)
from deckgen.resources import font_path
from deckgen.themes import BackTemplate
from deckgen.units import CARD_CORNER_RADIUS_MM, CARD_HEIGHT_MM, CARD_SAFE_ZONE_MM, CARD_WIDTH_MM, PixelBox

__all__ = [
    "AsymmetryWarning",
    "TextPlacementWarning",
    "back_box",
    "build_backs",
    "has_second_back",
    "render_back",
]

Advance = Callable[[str], None]
Rect = tuple[int, int, int, int]

#: Text and images closer than this to the centre line count as centred.
CENTRE_TOLERANCE_MM = 0.5
#: The plate behind a text reaches this many font sizes beyond the letters.
PLATE_PAD = 0.45
#: Mean difference (0-255) between an image layer and its half turn above which it counts as asymmetric.
IMAGE_ASYMMETRY_LEVEL = 3.0


class AsymmetryWarning(DeckgenWarning):
    """The back looks different turned 180 degrees, so it shows which way up a card is held."""


class TextPlacementWarning(DeckgenWarning):
    """A back's words could not be kept inside the frame and the safe area, or off a face in the picture."""


#: One back, resolved (the design's BackDesign; the old name stays).
BackSpec = BackDesign


def has_second_back(design: Design) -> bool:
    """A second back is made when deck.toml has [back2] or the deck is two packs (double-104)."""
    return design.two_backs


# ------------------------------------------------------------------ fonts and fitting text


def _truetype(path: Path, size_px: int, source: str, key: str) -> ImageFont.FreeTypeFont:
    if path.parent == font_path("x").parent:
        return load_font(None, path.name, size_px)  # bundled: the shared, cached loader
    try:
        return ImageFont.truetype(str(path), max(1, size_px))
    except OSError:
        raise ConfigError(source, key, f"{as_written(path, Path(source).resolve().parent)}: not a font Pillow can read; "
                          "expected a TrueType or OpenType file (.ttf, .otf)") from None


class FitPlace(NamedTuple):
    """Where `fit_text` says a text is when it does not fit: the words after "does not fit", the scale
    from the drawing's millimetres to the printed ones (a label drawn large and shrunk), the advice."""

    words: str = ""
    scale: float = 1.0
    hint: str | None = None



def fit_text(
    source: str, content: str, font_file: Path, size_px: float, min_px: float, max_width_px: float,
    max_height_px: float, key: str, dpi: int, font_key: str | None = None, pad_ratio: float = 0.0,
    hint: str = "shorten it or lower min_size_mm", place: FitPlace | None = None,
) -> ImageFont.FreeTypeFont:
    """The largest font from size_px down to min_px at which the text fits its box; else a ConfigError naming it
    and `place` (where the text is, when the caller draws for another's page: the lid's label on a tuck box).

    `pad_ratio` reserves a margin of that many font sizes on every side (the plate behind the text)."""
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    size = size_px
    while True:
        font = _truetype(font_file, round(size), source, font_key or f"{key}.font")
        left, top, right, bottom = probe.multiline_textbbox((0, 0), content, font=font, align="center")
        pad = 2 * pad_ratio * font.size
        if right - left + pad <= max_width_px and bottom - top + pad <= max_height_px:
            return font
        if size <= min_px:
            where = place or FitPlace()
            mm_per_px = 25.4 / dpi * where.scale
            raise ConfigError(
                source,
                key,
                f"the text {content!r} does not fit{where.words}: even at the smallest size it is "
                f"{(right - left) * mm_per_px:.1f} x {(bottom - top) * mm_per_px:.1f} mm and the space is "
                f"{max_width_px * mm_per_px:.1f} x {max_height_px * mm_per_px:.1f} mm; {where.hint or hint}",
            )
        size = max(min_px, size * 0.94)


def balanced_lines(text: str, count: int) -> str:
    """The words of `text` on `count` lines of lengths as even as a greedy split can make them."""
    words = text.split()
    target = len(" ".join(words)) / count
    lines: list[list[str]] = [[]]
    for word in words:
        line = lines[-1]
        if line and len(lines) < count and len(" ".join(line + [word])) > target * 1.08:
            lines.append([word])
        else:
            line.append(word)
    return "\n".join(" ".join(line) for line in lines)


def two_lines(text: str) -> str:
    """The words of `text` on two lines, split at the space that makes them closest in length (any
    white space between words, as `balanced_lines` and the word count of `fit_wrapped` take it)."""
    words = text.split()
    best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    return " ".join(words[:best]) + "\n" + " ".join(words[best:])


def fit_wrapped(source: str, content: str, font_file: Path, size_px: float, min_px: float, max_w: float,
                max_h: float, key: str, dpi: int, pad_ratio: float = 0.0, *, most_lines: int = 6,
                wrap_below: float = 0.97, font_key: str | None = None, place: FitPlace | None = None,
                hint: str = "shorten it, or lower size_mm and min_size_mm") -> tuple[str, ImageFont.FreeTypeFont]:
    """A text (a back's message, the lid's title) at the largest size that fits: on one line, or, when one
    line would be drawn smaller than `wrap_below` of `size_px`, wrapped onto up to `most_lines` lines (two
    split where they are closest in length, more as `balanced_lines`). Another line is taken only for a
    clearly larger size (15 %), so a text stays as few lines as reads well. A text with its own line breaks
    keeps them. Nothing fits: the ConfigError says so about the text as written, with `hint`."""
    def attempt(text: str) -> ImageFont.FreeTypeFont | None:
        try:
            return fit_text(source, text, font_file, size_px, min_px, max_w, max_h, key, dpi, font_key, pad_ratio,
                            place=place)
        except ConfigError:
            return None

    best_text, best = content, attempt(content)
    words = len(content.split())
    if "\n" not in content and words > 1 and (best is None or best.size < size_px * wrap_below):
        for count in range(2, min(most_lines, words) + 1):
            wrapped = two_lines(content) if count == 2 else balanced_lines(content, count)
            font = attempt(wrapped)
            if font is not None and (best is None or font.size > best.size * 1.15):
                best_text, best = wrapped, font
    if best is None:  # nothing fits: say so about the text as written
        fit_text(source, content, font_file, size_px, min_px, max_w, max_h, key, dpi, font_key, pad_ratio, hint, place)
    assert best is not None
    return best_text, best


def whole_pixel_box(box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    """A text box widened to whole pixels (Pillow gives fractions for several lines)."""
    return (math.floor(box[0]), math.floor(box[1]), math.ceil(box[2]), math.ceil(box[3]))


def text_tile(content: str, font: ImageFont.FreeTypeFont, ink: str, plate: tuple[str, str] | None,
              pad: float) -> Image.Image:
    """The text on a transparent tile, optionally on a rounded plate (fill, outline) for legibility."""
    probe = ImageDraw.Draw(Image.new("L", (1, 1)))
    spacing = round(font.size * 0.2)
    left, top, right, bottom = whole_pixel_box(probe.multiline_textbbox((0, 0), content, font=font, align="center",
                                                                 spacing=spacing))
    p = round(pad) if plate else 2
    w, h = right - left + 2 * p, bottom - top + 2 * p
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    if plate:
        radius = min(h / 2, pad * 1.6)
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=plate[0], outline=plate[1],
                               width=max(1, round(pad * 0.12)))
    draw.multiline_text((p - left, p - top), content, font=font, fill=ink, align="center", spacing=spacing)
    return tile


# ------------------------------------------------------------------ images


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


# ------------------------------------------------------------------ the layers


def supersampling(dpi: int) -> int:
    """How many times larger the pattern is drawn before it is reduced: smooth edges at any DPI."""
    return 3 if dpi <= 300 else 2 if dpi <= 600 else 1


def motif_scale(box: PixelBox) -> float:
    """How much larger than on the 59 x 91 mm card the centre motifs of a back are drawn: by the smaller of
    the width and height ratios, so a medallion keeps its room inside the frame on a long or a wide card
    (poker 63 x 88: 0.97; tarot 70 x 120: 1.19; mini 44 x 63: 0.69)."""
    return min(box.width_mm / CARD_WIDTH_MM, box.height_mm / CARD_HEIGHT_MM)


def pattern_layer(template: BackTemplate, colours: Colours, ornament: str, box: PixelBox,
                  corner_mm: float = CARD_CORNER_RADIUS_MM, plates: tuple[Box, ...] = ()) -> Image.Image:
    """The built-in design of a back at the box's size, exactly symmetric under a half turn; a
    centre motif under one of the text `plates` (the box's pixels) is left out for it.

    The motifs are laid out from the centre, so they are symmetric by design; the
    final averaging with the half turn removes the last rasterisation pixel."""
    return symmetrise(raw_pattern_layer(template, colours, ornament, box, corner_mm, plates))


def raw_pattern_layer(template: BackTemplate, colours: Colours, ornament: str, box: PixelBox,
                      corner_mm: float = CARD_CORNER_RADIUS_MM, plates: tuple[Box, ...] = ()) -> Image.Image:
    """The pattern as drawn and reduced, before the symmetry pass (tests compare the two)."""
    ss = supersampling(box.dpi)
    geo = pattern_geometry(box, corner_mm)
    big = draw_pattern(template.pattern, geo, template.params, colours, ornament, clear_of=scaled_plates(plates, ss))
    return big.reduce(ss) if ss > 1 else big


def pattern_geometry(box: PixelBox, corner_mm: float) -> Geometry:
    """Where a back's pattern is drawn: the box at `supersampling` times its pixels."""
    ss = supersampling(box.dpi)
    left, top, right, bottom = box.trim_rect()
    return Geometry(
        size=(box.width_px * ss, box.height_px * ss),
        ppm=box.dpi / 25.4 * ss,
        trim=(left * ss - 0.5, top * ss - 0.5, right * ss - 0.5, bottom * ss - 0.5),
        corner_mm=corner_mm,
        motif_scale=motif_scale(box),
    )


def scaled_plates(plates: tuple[Box, ...], ss: int) -> tuple[Box, ...]:
    """Text plates (the back's pixels) in the supersampled drawing's pixels."""
    return tuple((p[0] * ss, p[1] * ss, p[2] * ss, p[3] * ss) for p in plates)


def symmetrise(image: Image.Image) -> Image.Image:
    """Average an image with its half turn (exactly symmetric result)."""
    a = np.asarray(image.convert("RGB"), dtype=np.uint16)
    out = (a + a[::-1, ::-1] + 1) // 2
    return Image.fromarray(out.astype(np.uint8), "RGB")


def _rotated_origin(size: tuple[int, int], origin: tuple[int, int], tile: tuple[int, int]) -> tuple[int, int]:
    return (size[0] - origin[0] - tile[0], size[1] - origin[1] - tile[1])


def picture_region(spec: BackDesign, box: PixelBox, corner_mm: float) -> tuple[int, int, int, int]:
    """The pixel box a back's picture is placed in: the whole back (fill) or the field inside the
    pattern's margin (fit); with `mirror_image`, its upper half (the lower is its turn).
    The preflight measures the picture's resolution on the same box."""
    W, H = box.size
    ss_geo = Geometry(size=(W, H), ppm=box.dpi / 25.4, trim=box.trim_rect(), corner_mm=corner_mm)
    field, _ = field_rect(ss_geo, spec.template.params)
    if spec.picture is not None and spec.picture.mode == "fill":
        region = (0, 0, W, H)
    else:
        inset = 2.0 * box.dpi / 25.4
        region = (round(field[0] + inset), round(field[1] + inset), W - round(field[0] + inset),
                  H - round(field[1] + inset))
    if spec.mirror_image:
        return (region[0], region[1], region[2], H // 2 - _mirror_gap(box))
    return region


def _mirror_gap(box: PixelBox) -> int:
    return round(0.6 * box.dpi / 25.4)


def safe_keep(rect: Rect, box: PixelBox, safe_mm: float) -> Box:
    """Where a filled back picture's faces are framed, as fractions of its region `rect`: inside the
    card's safe zone, and on a mirrored back's upper half (a rect ending above the middle) 0.5 mm
    clear of the band between the halves. The preflight frames them the same way."""
    trim, ppm = box.trim_rect(), box.dpi / 25.4
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
    if spec.mirror_image and rect[3] - rect[1] < 4:
        raise ConfigError(source, key, "the card is too small for a mirrored image")
    trim, ppm = box.trim_rect(), box.dpi / 25.4
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
                 faces_out: list[Box] | None = None) -> Image.Image | None:
    """The back's picture on a transparent layer, placed by `place_back_picture` (with `plates`, the
    boxes of the back's words, clear of them); a mirrored back repeats it turned, with a band between."""
    cfg = spec.picture
    if cfg is None:
        return None
    W, H = box.size
    layer = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    region = picture_region(replace(spec, mirror_image=False), box, corner_mm)
    placed_picture = place_back_picture(source, spec, box, corner_mm, safe_mm, plates, faces_out)
    assert placed_picture is not None
    placed, origin, _ = placed_picture
    if spec.mirror_image:
        gap = _mirror_gap(box)
        if cfg.mode == "fit":
            _frame_picture(layer, placed.size, origin, spec.colours.accent, box.dpi)
            _frame_picture(layer, placed.size, _rotated_origin((W, H), origin, placed.size), spec.colours.accent,
                           box.dpi)
        layer.alpha_composite(placed, origin)
        turned = placed.rotate(180)
        layer.alpha_composite(turned, _rotated_origin((W, H), origin, placed.size))
        # the band between the halves: accent rules with paper between, as wide as the pictures
        y0 = H // 2 - gap
        x0 = min(origin[0], region[0]) if cfg.mode == "fill" else origin[0]
        draw = ImageDraw.Draw(layer)
        draw.rectangle((x0, y0, W - 1 - x0, H - 1 - y0), fill=spec.colours.accent)
        inner = round(gap * 0.5)
        draw.rectangle((x0, y0 + inner, W - 1 - x0, H - 1 - y0 - inner), fill=spec.colours.paper)
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
            if (trial.fill.window[2] - trial.fill.window[0]) / (width_mm / 25.4) < AUTO_ZOOM_MIN_PPI:
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


def _frame_picture(layer: Image.Image, size: tuple[int, int], origin: tuple[int, int], colour: str, dpi: int) -> None:
    """A thin rule round a fitted picture, so its edge looks intended against the pattern."""
    pad = max(1, round(0.4 * dpi / 25.4))
    ImageDraw.Draw(layer).rectangle(
        (origin[0] - pad, origin[1] - pad, origin[0] + size[0] + pad - 1, origin[1] + size[1] + pad - 1), fill=colour
    )


def _layer_asymmetry(layer: Image.Image) -> float:
    """Mean difference (0-255) between a layer and its half turn, on a reduced copy for speed."""
    small = layer.reduce(4) if min(layer.size) >= 64 else layer
    a = np.asarray(small, dtype=np.int16)
    rgb = a[..., :3] * (a[..., 3:4] / 255.0)
    return float(np.abs(rgb - rgb[::-1, ::-1]).mean())


class PlacedText(NamedTuple):
    """A back text as placed: its tile (the PNG's) at `origin`, and what it was drawn from (the PDF's)."""

    tile: Image.Image
    origin: tuple[int, int]
    content: str
    font: ImageFont.FreeTypeFont
    ink: str
    plate: tuple[str, str] | None
    pad: float
    turned: bool = False
    #: Where the text sits inside its tile, in pixels from the tile's corner to the text's box
    #: (text_tile's: the plate's pad, or 2 without a plate).
    margin: int | None = None
    #: Which [[back.text]] it is (-1: not a back's text).
    which: int = -1


def back_text_room(spec: BackDesign, box: PixelBox, corner_mm: float = CARD_CORNER_RADIUS_MM,
                   safe_mm: float = CARD_SAFE_ZONE_MM) -> TextRoom:
    """Where a back's words may go (pixel edges of the back's box): inside the safe area and the
    template's frame, clear of its corner ornaments."""
    ppm = box.dpi / 25.4
    trim = box.trim_rect()
    room = text_room(spec.template.pattern, Geometry(size=box.size, ppm=ppm, trim=trim, corner_mm=corner_mm),
                     spec.template.params)
    s = safe_mm * ppm
    inside = (max(room.inside[0], trim[0] + s), max(room.inside[1], trim[1] + s),
              min(room.inside[2], trim[2] - s), min(room.inside[3], trim[3] - s))
    return TextRoom(inside, room.corners)


def place_block(size: tuple[int, int], centre: tuple[float, float], room: TextRoom) -> tuple[int, int] | None:
    """The top-left of a `size` block as near `centre` as keeps it inside the room and clear of its
    corner ornaments: pushed in from an edge it would cross (so a block that grows grows away from
    the nearest edge), then past an ornament it would touch by the shorter way; None when the
    block has no such place."""
    w, h = size
    x0, y0, x1, y1 = room.inside
    if w > x1 - x0 or h > y1 - y0:
        return None

    def snapped(v: float, lo: float, hi: float) -> int:
        """v in [lo, hi] on a whole pixel that stays inside it."""
        r = round(min(max(v, lo), hi))
        return math.ceil(lo) if r < lo else math.floor(hi) if r > hi else r

    bx, by = snapped(centre[0] - w / 2, x0, x1 - w), snapped(centre[1] - h / 2, y0, y1 - h)

    def fits(x: int, y: int) -> bool:
        return (x >= x0 and y >= y0 and x + w <= x1 and y + h <= y1
                and not any(boxes_overlap((x, y, x + w, y + h), c) for c in room.corners))

    if fits(bx, by):
        return bx, by
    moves = []
    for c in room.corners:
        moves += [(bx, math.ceil(c[3])), (bx, math.floor(c[1]) - h), (math.ceil(c[2]), by), (math.floor(c[0]) - w, by)]
    moves = [m for m in moves if fits(*m)]
    return min(moves, key=lambda m: abs(m[0] - bx) + abs(m[1] - by)) if moves else None


def _tile_box(text: PlacedText) -> tuple[int, int, int, int]:
    return (text.origin[0], text.origin[1], text.origin[0] + text.tile.width, text.origin[1] + text.tile.height)


def _lay_out_text(where: str, spec: BackDesign, box: PixelBox, room: TextRoom, index: int,
                  size_mm: float | None = None, position: tuple[float, float] | None = None,
                  quiet: bool = False, safe_mm: float = CARD_SAFE_ZONE_MM) -> list[PlacedText]:
    """One [[back.text]] laid out: the largest size from size_mm down to min_size_mm (wrapped onto
    balanced lines when that reads larger) at which the text, plate included, sits inside the room
    near its position (and its turned copy, with mirror, clear of it). When no size fits the room, it
    is drawn at the smallest size as far inside as it goes, and a warning says so (unless `quiet`)."""
    text = spec.texts[index]
    key = f"{spec.key}.text[{index}]"
    ppm = box.dpi / 25.4
    W, H = box.size
    left, top, right, bottom = box.trim_rect()
    font_file = resolve_font(where, text.font)
    if text.min_size_mm > text.size_mm:
        raise ConfigError(where, f"{key}.min_size_mm", f"expected at most size_mm ({text.size_mm} mm)")
    ratio = PLATE_PAD if text.plate else 0.0
    if size_mm is None:
        # size_mm is the largest letter size on the 59 x 91 card: a smaller card shrinks it in proportion, as it
        # does the medallion (never below min_size_mm), a larger one keeps it
        size_mm = max(text.size_mm * min(1.0, motif_scale(box)), text.min_size_mm)
    px, py = position or text.position
    centre = (left + px * (right - left), top + py * (bottom - top))
    ink = text.colour or spec.colours.accent
    plate = (spec.colours.ground, spec.colours.accent) if text.plate else None
    min_px = min(text.min_size_mm, size_mm) * ppm
    room_w, room_h = room.inside[2] - room.inside[0], room.inside[3] - room.inside[1]
    max_w = min(text.width * (right - left), room_w)
    max_h = room_h / 2 if text.mirror else room_h

    def laid(content: str, font: ImageFont.FreeTypeFont, origin: tuple[int, int]) -> list[PlacedText]:
        pad = ratio * font.size
        tile = text_tile(content, font, ink, plate, pad)
        out = [PlacedText(tile, origin, content, font, ink, plate, pad, which=index)]
        if text.mirror:
            out.append(PlacedText(tile.rotate(180), _rotated_origin((W, H), origin, tile.size), content, font, ink,
                                  plate, pad, turned=True, which=index))
        return out

    cap, last, crossing = size_mm * ppm, math.inf, False
    while True:
        try:
            content, font = fit_wrapped(where, text.content, font_file, cap, min_px, max_w, max_h, key, box.dpi,
                                         ratio)
        except ConfigError:
            break  # not even the smallest size fits the room
        tile = text_tile(content, font, ink, plate, ratio * font.size)
        origin = place_block(tile.size, centre, room)
        if origin is not None:
            placed = laid(content, font, origin)
            crossing = text.mirror and boxes_overlap(_tile_box(placed[0]), _tile_box(placed[1]))
            if not crossing:
                return placed
        if font.size <= min_px or font.size >= last:
            break
        cap, last = max(min_px, font.size * 0.94), font.size
    if crossing:
        raise ConfigError(where, f"{key}.position", f"mirroring puts the upside-down copy of {text.content!r} "
                          "on top of the text itself; move it away from the middle, e.g. [0.5, 0.2]")
    # no size fits the room: the smallest that fits the card, as far inside the room as it goes
    content, font = fit_wrapped(where, text.content, font_file, min_px, min_px, text.width * (right - left),
                                 (bottom - top) * 0.9, key, box.dpi, ratio)
    tile = text_tile(content, font, ink, plate, ratio * font.size)
    x0, y0, x1, y1 = room.inside
    ox = (x0 + x1 - tile.width) / 2 if tile.width > x1 - x0 else min(max(centre[0] - tile.width / 2, x0), x1 - tile.width)
    oy = (y0 + y1 - tile.height) / 2 if tile.height > y1 - y0 else min(max(centre[1] - tile.height / 2, y0),
                                                                         y1 - tile.height)
    origin = (round(ox), round(oy))
    margin = 0.5 * ppm
    if (origin[0] < left + margin or origin[1] < top + margin or origin[0] + tile.width > right - margin
            or origin[1] + tile.height > bottom - margin):
        raise ConfigError(where, f"{key}.position", f"the text {text.content!r} runs off the card at "
                          f"{list(text.position)}; move it towards the middle or make it smaller")
    placed = laid(content, font, origin)
    if text.mirror and boxes_overlap(_tile_box(placed[0]), _tile_box(placed[1])):
        raise ConfigError(where, f"{key}.position", f"mirroring puts the upside-down copy of {text.content!r} "
                          "on top of the text itself; move it away from the middle, e.g. [0.5, 0.2]")
    if not quiet:
        edge = min(origin[0] - left, origin[1] - top, right - origin[0] - tile.width,
                   bottom - origin[1] - tile.height) / ppm
        where_it_goes = (f"comes within {edge:.1f} mm of the card's edge, where a cut may take it off"
                         if edge < safe_mm else "runs over the frame's lines and corners")
        warn(TextPlacementWarning(
            f"{where}: {key}: the text {text.content!r} is too long for the space inside the back's frame: even at "
            f"min_size_mm = {text.min_size_mm:g} its block is {tile.width / ppm:.1f} x {tile.height / ppm:.1f} mm "
            f"and the space is {(x1 - x0) / ppm:.1f} x {(y1 - y0) / ppm:.1f} mm, so it {where_it_goes}; "
            "shorten it, or lower min_size_mm"))
    return placed


def _text_layers(where: str, spec: BackDesign, box: PixelBox, corner_mm: float = CARD_CORNER_RADIUS_MM,
                 safe_mm: float = CARD_SAFE_ZONE_MM) -> list[PlacedText]:
    W, H = box.size
    ppm = box.dpi / 25.4
    left, top, right, bottom = box.trim_rect()
    room = back_text_room(spec, box, corner_mm, safe_mm)
    out: list[PlacedText] = []
    for i, text in enumerate(spec.texts):
        placed = _lay_out_text(where, spec, box, room, i, safe_mm=safe_mm)
        other = next((t for t in out for p in placed if boxes_overlap(_tile_box(t), _tile_box(p))), None)
        if other is not None:
            warn(TextPlacementWarning(
                f"{where}: {spec.key}.text[{i}]: the text {text.content!r} lies over the text "
                f"{spec.texts[other.which].content!r} ({spec.key}.text[{other.which}]), kept inside the frame; "
                "move one of them further from the other, or make them smaller"))
        out += placed
        cx = left + text.position[0] * (right - left)
        cy = top + text.position[1] * (bottom - top)
        if not text.mirror and (abs(cx - W / 2) > CENTRE_TOLERANCE_MM * ppm or abs(cy - H / 2) > CENTRE_TOLERANCE_MM * ppm):
            warn(
                AsymmetryWarning(
                    f"{where}: {spec.key}.text[{i}]: the text {text.content!r} is off-centre, so the back looks different "
                    f"turned 180 degrees and shows which way up a card is held; centre it (position = [0.5, 0.5]) "
                    f"or set {spec.key}.mirror_text = true to repeat it upside down"
                )
            )
    return out


# ------------------------------------------------------------------ public entry points


def back_box(design: Design) -> PixelBox:
    """Backs have the faces' size, bleed and DPI."""
    return design.card.box()


def render_back(design: Design, which: int = 1, warn: bool = True) -> Image.Image:
    """One back as an RGB image with bleed: pattern, then image, then text (warns when asymmetric).
    `warn` False: a caller that throws the warnings away skips the search for advice (`back_layers`)."""
    spec = design.back_for(which)
    box = back_box(design)
    corner = design.card.corner_radius_mm
    picture, texts = back_layers(design.source, spec, box, corner, design.card.safe_mm, warn)
    plates = tuple(_tile_box(t) for t in texts)
    image = pattern_layer(spec.template, spec.colours, spec.ornament, box, corner, plates).convert("RGBA")
    if picture is not None:
        image.alpha_composite(picture)
    for text in texts:
        image.alpha_composite(text.tile, text.origin)
    return image.convert("RGB")


def back_layers(source: str, spec: BackDesign, box: PixelBox, corner_mm: float,
                safe_mm: float = CARD_SAFE_ZONE_MM, warn: bool = True) -> tuple[Image.Image | None, list[PlacedText]]:
    """A back's picture layer and its words, laid out together: the words first (inside the frame
    and the safe area), then the picture placed so that no face lies under their plates; a face a
    plate still covers is warned about, naming the text, the picture and what to change (unless `warn`
    is False: a caller that throws the warnings away skips laying the text out again and again for
    that advice). The PNG and the print-shop file's vector back both come from here."""
    texts = _text_layers(source, spec, box, corner_mm, safe_mm)
    faces: list[Box] = []
    picture = _image_layer(source, spec, box, corner_mm, safe_mm, tuple(_tile_box(t) for t in texts), faces)
    if faces and warn:
        _warn_covered_faces(source, spec, box, corner_mm, safe_mm, texts, faces)
    return picture, texts


#: The smallest letters a warning suggests for a back's text that covers a face.
SMALLEST_SUGGESTED_MM = 2.0


def _warn_covered_faces(source: str, spec: BackDesign, box: PixelBox, corner_mm: float, safe_mm: float,
                        texts: list[PlacedText], faces: list[Box]) -> None:
    """A TextPlacementWarning for each text whose plate still covers a face, with a size at which it
    would not (at its position) and a position at which it would not (at its size), when there are."""
    assert spec.picture is not None
    room = back_text_room(spec, box, corner_mm, safe_mm)
    ppm = box.dpi / 25.4

    def clear(layout: list[PlacedText]) -> bool:
        return not any(boxes_overlap(_tile_box(t), f) for t in layout for f in faces)

    for index in sorted({t.which for t in texts if not clear([t])}):
        text = spec.texts[index]
        size = next(t.font.size for t in texts if t.which == index) / ppm
        advice = []
        for y in sorted((round(y * 0.02, 2) for y in range(3, 48)), key=lambda y: (abs(y - text.position[1]), y)):
            if clear(_quiet_layout(source, spec, box, room, index, None, (text.position[0], y))):
                advice.append(f"position = [{text.position[0]:g}, {y:g}]")
                break
        s = size * 0.9
        while s >= SMALLEST_SUGGESTED_MM:
            if clear(_quiet_layout(source, spec, box, room, index, s, None)):
                smaller = f"size_mm = {math.floor(s * 10) / 10:g}"
                if s < text.min_size_mm:
                    smaller += f" and min_size_mm = {math.floor(s * 10) / 10:g}"
                advice.append(smaller)
                break
            s *= 0.9
        change = (f"set {' or '.join(advice)} in this [[{spec.key}.text]]" if advice
                  else "move it, make it smaller, or choose a picture with the faces nearer its middle")
        warn(TextPlacementWarning(
            f"{source}: {spec.key}.text[{index}]: the text {text.content!r} covers a face in "
            f"{spec.picture.photo.shown} ({spec.picture.photo.key}), and the picture cannot move to clear "
            f"it; {change}"))


def _quiet_layout(source: str, spec: BackDesign, box: PixelBox, room: TextRoom, index: int, size_mm: float | None,
                  position: tuple[float, float] | None) -> list[PlacedText]:
    """A text laid out at another size or position, for advice: nothing warned, an impossible place
    an empty layout."""
    try:
        with collected_warnings():
            return _lay_out_text(source, spec, box, room, index, size_mm, position, quiet=True)
    except ConfigError:
        return []


def build_backs(design: Design, out_dir: Path, advance: Advance | None = None) -> list[Path]:
    """Write cards/back.png, and cards/back2.png when the deck has two packs; returns the paths."""
    written: list[Path] = []
    for which in range(1, len(design.backs) + 1):
        name = "back.png" if which == 1 else "back2.png"
        image = render_back(design, which)
        written.append(save_png(image, Path(out_dir) / "cards" / name, design.card.dpi))
        if advance is not None:
            advance(name)
    return written


build_backs.units = lambda design: len(design.backs)  # type: ignore[attr-defined]
