"""Card backs: a pattern template, palette colours, an optional image and text messages, in layers.

The built-in layer (pattern, frame, medallion) is symmetric under a half turn,
so a back never tells players which way up a card is held. The user's image
and text can break that; when they do, a warning says so and `mirror_text` /
`mirror_image` repeat the element turned 180 degrees to restore it.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import numpy as np
from PIL import Image, ImageDraw, ImageFont, ImageOps

from deckgen.design import BackDesign, Design, PhotoRef
from deckgen.errors import ConfigError
from deckgen.fileio import save_png
from deckgen.render.fonts import load_font, resolve_font
from deckgen.render.patterns import Colours, Geometry, draw_pattern, field_rect
from deckgen.render.photos import PHOTO_FORMATS, Box, Fill, PhotoWarning, open_photo, picture_warning, plan_fill
from deckgen.resources import font_path
from deckgen.themes import BackTemplate
from deckgen.units import CARD_CORNER_RADIUS_MM, CARD_HEIGHT_MM, CARD_SAFE_ZONE_MM, CARD_WIDTH_MM, PixelBox

__all__ = [
    "AsymmetryWarning",
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


class AsymmetryWarning(UserWarning):
    """The back looks different turned 180 degrees, so it shows which way up a card is held."""


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
        raise ConfigError(source, key, f"{path}: not a font Pillow can read; expected a TrueType or OpenType file (.ttf, .otf)") from None


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


def _fit_wrapped(source: str, content: str, font_file: Path, size_px: float, min_px: float, max_w: float,
                 max_h: float, key: str, dpi: int, pad_ratio: float) -> tuple[str, ImageFont.FreeTypeFont]:
    """A back text at the largest size that fits: on one line, or wrapped onto up to six balanced lines
    when one line would have to shrink. Another line is taken only for a clearly larger size (15 %),
    so a message stays as few lines as reads well. A text with its own line breaks keeps them."""
    def attempt(text: str) -> ImageFont.FreeTypeFont | None:
        try:
            return fit_text(source, text, font_file, size_px, min_px, max_w, max_h, key, dpi, pad_ratio=pad_ratio)
        except ConfigError:
            return None

    best_text, best = content, attempt(content)
    if "\n" not in content and len(content.split()) > 1 and (best is None or best.size < size_px * 0.97):
        for count in range(2, min(6, len(content.split())) + 1):
            wrapped = balanced_lines(content, count)
            font = attempt(wrapped)
            if font is not None and (best is None or font.size > best.size * 1.15):
                best_text, best = wrapped, font
    if best is None:  # nothing fits: say so about the text as written
        fit_text(source, content, font_file, size_px, min_px, max_w, max_h, key, dpi, pad_ratio=pad_ratio,
                 hint="shorten it, or lower size_mm and min_size_mm")
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


def place_picture(img: Image.Image, region: Rect, mode: str, focus: tuple[float, float] | None,
                  scale: float = 1.0, keep: Box = (0.0, 0.0, 1.0, 1.0), zoom: float | None = 1.0,
                  mm_per_px: float = 0.0) -> Placed:
    """Fill (cover and crop around the focus point, or framed on the faces found inside `keep`,
    fractions of the region, when no focus is set; `zoom` None closes in on small faces, see
    photos.plan_fill) or fit (whole picture, centred) into a region."""
    rw, rh = region[2] - region[0], region[3] - region[1]
    iw, ih = img.size
    if mode == "fill":
        fill = plan_fill(img, (rw, rh), focus, keep, zoom, mm_per_px)
        out = img.resize((rw, rh), Image.Resampling.LANCZOS, box=fill.window)
        return Placed(out, (region[0], region[1]), fill)
    k = min(rw / iw, rh / ih) * scale
    w, h = max(1, round(iw * k)), max(1, round(ih * k))
    out = img.resize((w, h), Image.Resampling.LANCZOS)
    return Placed(out, (region[0] + (rw - w) // 2, region[1] + (rh - h) // 2), None)


def warn_if_cut(picture: Placed, ref: PhotoRef, on: str, table: str, focus: tuple[float, float] | None,
                trim: Box, corner: float, safe: float) -> None:
    """A PhotoWarning naming the file and key when a face of a filled picture is cut by the trim, the
    picture's edge or the rounded corner, or reaches into the safe zone (all in image pixels)."""
    if picture.fill is None:
        return
    x, y = picture.origin
    placed = (x, y, x + picture.image.width, y + picture.image.height)
    fill = picture.fill
    message = picture_warning(ref, on, table, fill.faces, fill.size, fill.window, placed, trim, corner, safe, focus)
    if message:
        warnings.warn(message, PhotoWarning, stacklevel=3)


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
                  corner_mm: float = CARD_CORNER_RADIUS_MM) -> Image.Image:
    """The built-in design of a back at the box's size, exactly symmetric under a half turn.

    The motifs are laid out from the centre, so they are symmetric by design; the
    final averaging with the half turn removes the last rasterisation pixel."""
    return symmetrise(raw_pattern_layer(template, colours, ornament, box, corner_mm))


def raw_pattern_layer(template: BackTemplate, colours: Colours, ornament: str, box: PixelBox,
                      corner_mm: float = CARD_CORNER_RADIUS_MM) -> Image.Image:
    """The pattern as drawn and reduced, before the symmetry pass (tests compare the two)."""
    ss = supersampling(box.dpi)
    left, top, right, bottom = box.trim_rect()
    geo = Geometry(
        size=(box.width_px * ss, box.height_px * ss),
        ppm=box.dpi / 25.4 * ss,
        trim=(left * ss - 0.5, top * ss - 0.5, right * ss - 0.5, bottom * ss - 0.5),
        corner_mm=corner_mm,
        motif_scale=motif_scale(box),
    )
    big = draw_pattern(template.pattern, geo, template.params, colours, ornament)
    return big.reduce(ss) if ss > 1 else big


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


def _image_layer(source: str, spec: BackDesign, box: PixelBox, corner_mm: float,
                 safe_mm: float = CARD_SAFE_ZONE_MM) -> Image.Image | None:
    cfg = spec.picture
    if cfg is None:
        return None
    key = cfg.photo.key
    picture = load_image(cfg.photo)
    W, H = box.size
    layer = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    region = picture_region(replace(spec, mirror_image=False), box, corner_mm)
    trim, ppm = box.trim_rect(), box.dpi / 25.4
    on = "the back" if spec.key == "back" else "the second back"

    def place(rect: Rect) -> Placed:
        """The picture placed in `rect`, its faces framed inside the safe zone; a face still cut is
        warned about."""
        placed = place_picture(picture, rect, cfg.mode, cfg.focus, cfg.scale, safe_keep(rect, box, safe_mm),
                               cfg.zoom, 1 / ppm)
        if spec.mirror_image:  # each half sits against the dividing band
            placed = placed._replace(origin=(placed.origin[0], rect[3] - placed.image.height))
        warn_if_cut(placed, cfg.photo, on, spec.key, cfg.focus, trim, corner_mm * ppm, safe_mm * ppm)
        return placed

    if spec.mirror_image:
        gap = _mirror_gap(box)
        half = picture_region(spec, box, corner_mm)
        if half[3] - half[1] < 4:
            raise ConfigError(source, key, "the card is too small for a mirrored image")
        placed, origin, _ = place(half)
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
    placed, origin, _ = place(region)
    if cfg.mode == "fit":
        _frame_picture(layer, placed.size, origin, spec.colours.accent, box.dpi)
    layer.alpha_composite(placed, origin)
    if _layer_asymmetry(layer) > IMAGE_ASYMMETRY_LEVEL:
        warnings.warn(
            AsymmetryWarning(
                f"{source}: {key}: the picture looks different turned 180 degrees, so the back "
                f"shows which way up a card is held; set {spec.key}.mirror_image = true to repeat it upside down"
            ),
            stacklevel=3,
        )
    return layer


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


def _text_layers(where: str, spec: BackDesign, box: PixelBox) -> list[PlacedText]:
    W, H = box.size
    ppm = box.dpi / 25.4
    left, top, right, bottom = box.trim_rect()
    out: list[PlacedText] = []
    for i, text in enumerate(spec.texts):
        key = f"{spec.key}.text[{i}]"
        font_file = resolve_font(where, text.font)
        if text.min_size_mm > text.size_mm:
            raise ConfigError(where, f"{key}.min_size_mm", f"expected at most size_mm ({text.size_mm} mm)")
        ratio = PLATE_PAD if text.plate else 0.0
        max_w = text.width * (right - left)
        max_h = (bottom - top) * 0.9
        # size_mm is the largest letter size on the 59 x 91 card: a smaller card shrinks it in proportion, as it
        # does the medallion (never below min_size_mm), a larger one keeps it
        size_mm = max(text.size_mm * min(1.0, motif_scale(box)), text.min_size_mm)
        content, font = _fit_wrapped(where, text.content, font_file, size_mm * ppm, text.min_size_mm * ppm,
                                     max_w, max_h, key, box.dpi, ratio)
        pad = ratio * font.size
        ink = text.colour or spec.colours.accent
        plate = (spec.colours.ground, spec.colours.accent) if text.plate else None
        tile = text_tile(content, font, ink, plate, pad)
        cx = left + text.position[0] * (right - left)
        cy = top + text.position[1] * (bottom - top)
        origin = (round(cx - tile.width / 2), round(cy - tile.height / 2))
        margin = 0.5 * ppm
        if (origin[0] < left + margin or origin[1] < top + margin or origin[0] + tile.width > right - margin
                or origin[1] + tile.height > bottom - margin):
            raise ConfigError(where, f"{key}.position", f"the text {text.content!r} runs off the card at "
                              f"{list(text.position)}; move it towards the middle or make it smaller")
        out.append(PlacedText(tile, origin, content, font, ink, plate, pad))
        if text.mirror:
            turned_origin = _rotated_origin((W, H), origin, tile.size)
            if _overlap((*origin, origin[0] + tile.width, origin[1] + tile.height),
                        (*turned_origin, turned_origin[0] + tile.width, turned_origin[1] + tile.height)):
                raise ConfigError(where, f"{key}.position", f"mirroring puts the upside-down copy of {text.content!r} "
                                  "on top of the text itself; move it away from the middle, e.g. [0.5, 0.2]")
            out.append(PlacedText(tile.rotate(180), turned_origin, content, font, ink, plate, pad, turned=True))
        elif abs(cx - W / 2) > CENTRE_TOLERANCE_MM * ppm or abs(cy - H / 2) > CENTRE_TOLERANCE_MM * ppm:
            warnings.warn(
                AsymmetryWarning(
                    f"{where}: {key}: the text {text.content!r} is off-centre, so the back looks different "
                    f"turned 180 degrees and shows which way up a card is held; centre it (position = [0.5, 0.5]) "
                    f"or set {spec.key}.mirror_text = true to repeat it upside down"
                ),
                stacklevel=3,
            )
    return out


def _overlap(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# ------------------------------------------------------------------ public entry points


def back_box(design: Design) -> PixelBox:
    """Backs have the faces' size, bleed and DPI."""
    return design.card.box()


def render_back(design: Design, which: int = 1) -> Image.Image:
    """One back as an RGB image with bleed: pattern, then image, then text (warns when asymmetric)."""
    spec = design.back_for(which)
    box = back_box(design)
    corner = design.card.corner_radius_mm
    image = pattern_layer(spec.template, spec.colours, spec.ornament, box, corner).convert("RGBA")
    picture = _image_layer(design.source, spec, box, corner, design.card.safe_mm)
    if picture is not None:
        image.alpha_composite(picture)
    for text in _text_layers(design.source, spec, box):
        image.alpha_composite(text.tile, text.origin)
    return image.convert("RGB")


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
