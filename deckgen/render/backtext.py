"""A back's words: a text fitted to its room (the largest size that fits, wrapped onto balanced lines;
shared by the lid and the tuck box), drawn on a tile with its plate, and each [[back.text]] laid out
inside the back's frame and safe area, clear of the corner ornaments (`text_layers`)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

from deckgen.design import BackDesign
from deckgen.errors import ConfigError, DeckgenWarning, warn
from deckgen.paths import as_written
from deckgen.render.fonts import load_font, resolve_font
from deckgen.render.patterns import Geometry, TextRoom, text_room
from deckgen.render.framing import (
    boxes_overlap,
)
from deckgen.resources import font_path
from deckgen.units import (
    CARD_CORNER_RADIUS_MM, CARD_HEIGHT_MM, CARD_SAFE_ZONE_MM, CARD_WIDTH_MM, PixelBox, mm_per_px, px_per_mm,
)


#: Text and images closer than this to the centre line count as centred.
CENTRE_TOLERANCE_MM = 0.5
#: The plate behind a text reaches this many font sizes beyond the letters.
PLATE_PAD = 0.45


class AsymmetryWarning(DeckgenWarning):
    """The back looks different turned 180 degrees, so it shows which way up a card is held."""


class TextPlacementWarning(DeckgenWarning):
    """A back's words could not be kept inside the frame and the safe area, or off a face in the picture."""


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
            mm = mm_per_px(dpi) * where.scale
            raise ConfigError(
                source,
                key,
                f"the text {content!r} does not fit{where.words}: even at the smallest size it is "
                f"{(right - left) * mm:.1f} x {(bottom - top) * mm:.1f} mm and the space is "
                f"{max_width_px * mm:.1f} x {max_height_px * mm:.1f} mm; {where.hint or hint}",
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


def motif_scale(box: PixelBox) -> float:
    """How much larger than on the 59 x 91 mm card the centre motifs of a back are drawn: by the smaller of
    the width and height ratios, so a medallion keeps its room inside the frame on a long or a wide card
    (poker 63 x 88: 0.97; tarot 70 x 120: 1.19; mini 44 x 63: 0.69)."""
    return min(box.width_mm / CARD_WIDTH_MM, box.height_mm / CARD_HEIGHT_MM)


def _rotated_origin(size: tuple[int, int], origin: tuple[int, int], tile: tuple[int, int]) -> tuple[int, int]:
    return (size[0] - origin[0] - tile[0], size[1] - origin[1] - tile[1])


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
    ppm = px_per_mm(box.dpi)
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
    ppm = px_per_mm(box.dpi)
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
    ppm = px_per_mm(box.dpi)
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
