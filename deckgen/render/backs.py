"""Card backs: a pattern template, palette colours, an optional image and text messages, in layers.

The built-in layer (pattern, frame, medallion) is symmetric under a half turn,
so a back never tells players which way up a card is held. The user's image
and text can break that; when they do, a warning says so and `mirror_text` /
`mirror_image` repeat the element turned 180 degrees to restore it.

The words are laid out in `deckgen.render.backtext`, the picture placed in
`deckgen.render.backpicture`; this module draws the pattern and puts the three together.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
from PIL import Image

from deckgen.design import BackDesign, Design
from deckgen.errors import ConfigError, collected_warnings, warn
from deckgen.fileio import save_png
from deckgen.render.parts import Part
from deckgen.render.patterns import Geometry, TextRoom, centre_motifs, draw_pattern, field_rect, text_room
from deckgen.themes import Colours
from deckgen.render.framing import (
    Box, boxes_overlap,
)
from deckgen.render.backtext import (
    AsymmetryWarning, PlacedText, TextPlacementWarning, _lay_out_text, _text_layers, _tile_box, back_text_room,
    balanced_lines, motif_scale,
)
from deckgen.render.backtext import _truetype as _truetype  # the font check of the build asks it here
from deckgen.render.backpicture import (
    _image_layer, back_picture_as_printed, load_image, picture_region, place_back_picture, place_picture, safe_keep,
)
from deckgen.themes import BackTemplate
from deckgen.units import CARD_CORNER_RADIUS_MM, CARD_SAFE_ZONE_MM, PixelBox, px_per_mm

__all__ = [
    "AsymmetryWarning",
    "TextPlacementWarning",
    "back_box",
    "back_parts",
    "back_picture_as_printed",
    "balanced_lines",
    "build_backs",
    "has_second_back",
    "load_image",
    "motifs_give_way_to",
    "picture_region",
    "place_back_picture",
    "place_picture",
    "render_back",
    "safe_keep",
]

Advance = Callable[[str], None]


#: One back, resolved (the design's BackDesign; the old name stays).
BackSpec = BackDesign


def has_second_back(design: Design) -> bool:
    """A second back is made when deck.toml has [back2] or the deck is two packs (double-104)."""
    return design.two_backs


def supersampling(dpi: int) -> int:
    """How many times larger the pattern is drawn before it is reduced: smooth edges at any DPI."""
    return 3 if dpi <= 300 else 2 if dpi <= 600 else 1


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
        ppm=px_per_mm(box.dpi) * ss,
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
    image = pattern_layer(spec.template, spec.colours, spec.ornament, box, corner,
                          motifs_give_way_to(texts, picture)).convert("RGBA")
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


def motifs_give_way_to(texts: list[PlacedText], picture: Image.Image | None) -> tuple[Box, ...]:
    """What the centre motifs (the medallion, the axis ornaments) give way to: the words' plates,
    and the box of the picture layer (the photo with its frame rule, a mirrored one's band between
    the halves). A medallion half under a picture, its rim showing round it, reads as a mistake."""
    boxes = [_tile_box(t) for t in texts]
    if picture is not None:
        painted = picture.getchannel("A").getbbox()
        if painted is not None:
            boxes.append(painted)
    return tuple((float(b[0]), float(b[1]), float(b[2]), float(b[3])) for b in boxes)


def back_parts(design: Design, which: int = 1) -> list[Part]:
    """The parts of back `which` as the renderer places them (the back's pixels): each text's plate
    (and its turned copy), the picture (each half of a mirrored one) and the band between the halves,
    the medallion and the axis ornaments drawn, the corner ornaments and the frame's four sides. A part
    of the pattern wholly under an opaque picture does not show and is not listed. Nothing is warned."""
    spec = design.back_for(which)
    box = back_box(design)
    corner = design.card.corner_radius_mm
    pictures: list[Part] = []
    with collected_warnings():
        texts = _text_layers(design.source, spec, box, corner, design.card.safe_mm)
        picture = _image_layer(design.source, spec, box, corner, design.card.safe_mm,
                               tuple(_tile_box(t) for t in texts), parts_out=pictures)
    parts = [Part("text", f"{spec.key}.text[{t.which}]" + (" turned" if t.turned else ""), _tile_box(t))
             for t in texts]
    parts += pictures
    ss = supersampling(box.dpi)
    geo = pattern_geometry(box, corner)
    field, _ = field_rect(geo, spec.template.params)
    drawn = centre_motifs(spec.template.pattern, geo, spec.template.params, spec.ornament, None, field,
                          scaled_plates(motifs_give_way_to(texts, picture), ss))
    pattern = [Part("medallion" if m.name == "medallion" else "ornament", m.name,
                    ((m.centre[0] - m.reach) / ss, (m.centre[1] - m.reach) / ss,
                     (m.centre[0] + m.reach) / ss, (m.centre[1] + m.reach) / ss)) for m in drawn]
    pattern += frame_parts(spec, box, corner)
    alpha = None if picture is None else np.asarray(picture.getchannel("A"))

    def shows(part: Part) -> bool:
        if alpha is None:
            return True
        x0, y0, x1, y1 = (max(0, math.floor(part.box[0])), max(0, math.floor(part.box[1])),
                          math.ceil(part.box[2]), math.ceil(part.box[3]))
        under = alpha[y0:y1, x0:x1]
        return under.size == 0 or bool((under < 255).any())

    return parts + [p for p in pattern if shows(p)]


def frame_parts(spec: BackDesign, box: PixelBox, corner_mm: float) -> list[Part]:
    """The frame's four sides (the bands between the pattern's field and the room it leaves inside
    its lines) and its corner ornaments, as the pattern draws them (the back's pixels); none on a
    template without a margin (full bleed)."""
    geo = Geometry(size=box.size, ppm=px_per_mm(box.dpi), trim=box.trim_rect(), corner_mm=corner_mm)
    field, _ = field_rect(geo, spec.template.params)
    room = text_room(spec.template.pattern, geo, spec.template.params, clearance_mm=0.0)
    inside = room.inside
    if inside == field:
        return []
    sides = {"top": (field[0], field[1], field[2], inside[1]), "bottom": (field[0], inside[3], field[2], field[3]),
             "left": (field[0], inside[1], inside[0], inside[3]), "right": (inside[2], inside[1], field[2], inside[3])}
    return ([Part("frame", f"frame {side}", b) for side, b in sides.items()]
            + [Part("corner", f"corner ornament {i + 1}", c) for i, c in enumerate(room.corners)])


#: The smallest letters a warning suggests for a back's text that covers a face.
SMALLEST_SUGGESTED_MM = 2.0


def _warn_covered_faces(source: str, spec: BackDesign, box: PixelBox, corner_mm: float, safe_mm: float,
                        texts: list[PlacedText], faces: list[Box]) -> None:
    """A TextPlacementWarning for each text whose plate still covers a face, with a size at which it
    would not (at its position) and a position at which it would not (at its size), when there are."""
    assert spec.picture is not None
    room = back_text_room(spec, box, corner_mm, safe_mm)
    ppm = px_per_mm(box.dpi)

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
