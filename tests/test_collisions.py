"""No collisions (issue 32): the parts a renderer places (a back's text plates, picture, band,
medallion, axis and corner ornaments, frame; the lid's words, ornament and picture; the tuck box's
label, picture and names) never share area unless the template declares that they layer on
purpose (its `layering`). The renderers report the boxes of what they place (layout as data,
render.parts), so the check measures boxes; `test_the_reported_boxes_are_where_the_ink_is` checks
on drawn backs that the boxes are where the ink is.

The default run covers every template, theme, palette, text and picture in a subset where each
appears; the whole product runs with the extended checks.
"""

from __future__ import annotations

import itertools
import math
import re
import warnings
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from deckgen.config import demo_config
from deckgen.errors import DeckgenWarning
from deckgen.formats import format_names
from deckgen.render.backs import back_box, back_parts, pattern_layer, render_back
from deckgen.render.parts import Part, collisions
from deckgen.resolve import resolve_design
from deckgen.starter import deck_toml_text
from deckgen.themes import get_template, palette_names, template_names, theme_names
from photo_samples import couple_landscape

DPI = 72

#: The words on a back: none (the theme's own, if it has one), centred (where the wedding buyer put
#: them), low and mirrored (where the commented deck.toml suggests), two lines at once.
TEXTS: dict[str, list[dict[str, object]] | None] = {
    "theme's": None,
    "centre": [{"content": "Anna & Ben, 12 June 2027"}],
    "low, mirrored": [{"content": "Anna & Ben, 12 June 2027", "position": [0.5, 0.85], "mirror": True}],
    "two": [{"content": "Forever", "position": [0.5, 0.2], "mirror": True}, {"content": "Anna & Ben"}],
}

#: The pictures: none, a photo with two faces filling the back (plain and mirrored), a panorama, a
#: tall picture (plain and mirrored) and a round logo with see-through corners, fitted.
PICTURES: dict[str, dict[str, object]] = {
    "none": {},
    "couple, fill": {"image": "couple.png", "image_mode": "fill"},
    "couple, fill, mirrored": {"image": "couple.png", "image_mode": "fill", "mirror_image": True},
    "panorama, fit": {"image": "pano.png", "image_mode": "fit"},
    "tall, fit": {"image": "tall.png", "image_mode": "fit"},
    "tall, fit, mirrored": {"image": "tall.png", "image_mode": "fit", "mirror_image": True},
    "logo, fit": {"image": "logo.png", "image_mode": "fit", "image_scale": 0.5},
}


@pytest.fixture(scope="module")
def pictures(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pictures")
    couple_landscape(600).save(folder / "couple.png")
    Image.new("RGB", (900, 300), "#3a6").save(folder / "pano.png")
    Image.new("RGB", (400, 600), "#a63").save(folder / "tall.png")
    logo = Image.new("RGBA", (500, 500), (0, 0, 0, 0))
    ImageDraw.Draw(logo).ellipse((50, 50, 450, 450), fill="#c22")
    logo.save(folder / "logo.png")
    return folder


def _design(folder: Path, template: str, theme: str, palette: str | None, text: str, picture: str):
    back: dict[str, object] = {"template": template}
    if palette is not None:
        back["palette"] = palette
    if TEXTS[text] is not None:
        back["text"] = TEXTS[text]
    for key, value in PICTURES[picture].items():
        back[key] = str(folder / str(value)) if key == "image" else value
    return resolve_design(demo_config(overrides={"dpi": DPI, "theme": theme, "back": back}))


def _collisions_on_back(design) -> list[tuple[Part, Part]]:
    return collisions(back_parts(design), design.back_for(1).template.layering)


def _covering() -> list[tuple[str, str, str, str, str]]:
    """Every template under every theme, each with two of the texts and pictures in turn and a
    palette in turn: each template meets every text and picture, and every palette is used."""
    texts, pics, palettes = list(TEXTS), list(PICTURES), palette_names()
    out = []
    for i, (template, theme) in enumerate(itertools.product(template_names(), theme_names())):
        for j in range(2):
            k = 2 * i + j
            out.append((template, theme, palettes[k % len(palettes)], texts[k % len(texts)], pics[k % len(pics)]))
    return out


def test_no_part_of_a_back_collides_in_a_covering_subset(pictures):
    cases = _covering()
    assert {c[0] for c in cases} == set(template_names()) and {c[2] for c in cases} == set(palette_names())
    for template in template_names():
        assert {c[3] for c in cases if c[0] == template} == set(TEXTS)
        assert {c[4] for c in cases if c[0] == template} == set(PICTURES)
    found = {case: _collisions_on_back(_design(pictures, *case)) for case in cases}
    assert not {case: [(a.name, b.name) for a, b in hit] for case, hit in found.items() if hit}


@pytest.mark.extended
@pytest.mark.parametrize("template", template_names())
def test_no_part_of_a_back_collides_in_any_combination(pictures, template):
    """This template under every theme x palette (the theme's own, and each shipped one), with and without
    words and a picture; and under every theme with every text and picture (the palette moves nothing:
    it is the theme's there)."""
    bad = {}
    with_palettes = itertools.product(theme_names(), [None, *palette_names()], ("theme's", "low, mirrored"),
                                      ("none", "tall, fit, mirrored"))
    every_text_and_picture = itertools.product(theme_names(), [None], TEXTS, PICTURES)
    for theme, palette, text, picture in itertools.chain(with_palettes, every_text_and_picture):
        hit = _collisions_on_back(_design(pictures, template, theme, palette, text, picture))
        if hit:
            bad[(theme, palette, text, picture)] = [(a.name, b.name) for a, b in hit]
    assert not bad


def test_the_parts_a_back_reports(pictures):
    """The wedding back of the issue: the centred plate, no medallion under it (it gives way), the axis
    ornaments, the classic's four fleurons and four frame sides; a mirrored fitted picture's two halves
    and its band, and the medallion left out under them."""
    kinds = [p.kind for p in back_parts(_design(pictures, "classic", "wedding", None, "centre", "none"))]
    assert sorted(kinds) == sorted(["text"] + ["ornament"] * 2 + ["corner"] * 4 + ["frame"] * 4)
    parts = back_parts(_design(pictures, "classic", "wedding", None, "theme's", "tall, fit, mirrored"))
    assert sorted(p.name for p in parts if p.kind in ("picture", "band")) == [
        "back.image", "back.image turned", "back.mirror_image band"]
    assert "medallion" not in [p.kind for p in parts]
    alone = back_parts(_design(pictures, "classic", "wedding", None, "theme's", "none"))
    assert [p.name for p in alone if p.kind == "medallion"] == ["medallion"]


def test_a_filled_picture_hides_the_pattern_s_parts(pictures):
    """Under a photo over the whole back nothing of the pattern shows, so none of its parts is listed."""
    parts = back_parts(_design(pictures, "classic", "wedding", None, "centre", "couple, fill"))
    assert sorted(p.kind for p in parts) == ["picture", "text"]


def _ink(image: Image.Image, bare: Image.Image) -> np.ndarray:
    return np.any(np.abs(np.asarray(image, dtype=np.int16) - np.asarray(bare, dtype=np.int16)) > 8, axis=2)


def _bbox(mask: np.ndarray) -> tuple[int, int, int, int]:
    ys, xs = np.nonzero(mask)
    return (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)


@pytest.mark.parametrize("case", [
    ("classic", "wedding", "low, mirrored", "panorama, fit"),
    ("border", "birthday", "low, mirrored", "tall, fit, mirrored"),
    ("dots", "christmas", "two", "none"),
])
def test_the_reported_boxes_are_where_the_ink_is(pictures, case):
    """On drawn backs: the picture and words are where the back differs from its pattern alone (drawn
    with the same motifs left out), within a pixel of the boxes reported; the medallion and the axis
    ornaments are where the pattern differs from itself drawn without them."""
    template, theme, text, picture = case
    design = _design(pictures, template, theme, None, text, picture)
    spec, box, corner = design.back_for(1), back_box(design), design.card.corner_radius_mm
    parts = back_parts(design)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeckgenWarning)
        drawn = render_back(design)
    placed = [p for p in parts if p.kind in ("text", "picture", "band")]
    # the pattern as drawn under them: its motifs give way to the same boxes
    from deckgen.render.backs import back_layers, motifs_give_way_to

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeckgenWarning)
        layer, texts = back_layers(design.source, spec, box, corner, design.card.safe_mm, warn=False)
    under = pattern_layer(spec.template, spec.colours, spec.ornament, box, corner, motifs_give_way_to(texts, layer))
    ink = _ink(drawn, under)
    union = np.zeros_like(ink)
    for p in placed:
        x0, y0, x1, y1 = (round(v) for v in p.box)
        union[y0:y1, x0:x1] = True
        inside = ink[y0:y1, x0:x1]
        assert inside.any(), p
        bx = _bbox(inside)
        assert bx[0] <= 1 and bx[1] <= 1 and bx[2] >= x1 - x0 - 1 and bx[3] >= y1 - y0 - 1, (p, bx)
    assert not (ink & ~union).any()
    # the centre motifs: the pattern with them against the pattern with none
    motifs = [p for p in parts if p.kind in ("medallion", "ornament")]
    from deckgen.render.backs import pattern_geometry, scaled_plates, supersampling
    from deckgen.render.patterns import draw_pattern

    ss = supersampling(box.dpi)
    geo = pattern_geometry(box, corner)
    clear = scaled_plates(motifs_give_way_to(texts, layer), ss)
    big = draw_pattern(spec.template.pattern, geo, spec.template.params, spec.colours, spec.ornament, clear_of=clear)
    none = draw_pattern(spec.template.pattern, geo, spec.template.params, spec.colours, spec.ornament, medallion_mm=0)
    differs = _ink(big, none).reshape(box.height_px, ss, box.width_px, ss).any(axis=(1, 3))
    shown = np.zeros_like(differs)
    for p in motifs:
        x0, y0, x1, y1 = p.box
        shown[max(0, int(y0) - 1):int(np.ceil(y1)) + 1, max(0, int(x0) - 1):int(np.ceil(x1)) + 1] = True
        assert differs[round(y0):round(y1), round(x0):round(x1)].any(), p
    assert not (differs & ~shown).any()


def _commented_back_text() -> list[str]:
    """The commented [[back.text]] block of the deck.toml `deckgen init` writes, as its lines."""
    text = deck_toml_text("Anna & Ben", "wedding")
    block = text[text.index("# [[back.text]]"):]
    lines = []
    for line in block.splitlines()[1:]:
        if not line.startswith("# ") or line.startswith("#  "):
            if lines and not line.startswith("#  "):
                break
            continue
        lines.append(line[2:].split("#")[0].strip())
    return [line for line in lines if line]


def test_the_positions_the_commented_deck_toml_suggests_are_good_ones(pictures):
    """Uncommenting only `content`, or `content` with the position the template suggests and the line
    that goes with it (mirror), gives a back with no collision and nothing to warn about, on every
    template and theme."""
    lines = _commented_back_text()
    content = next(line for line in lines if line.startswith("content"))
    position = next(line for line in lines if line.startswith("position"))
    assert lines[lines.index(position) + 1].startswith("mirror = true")  # the line under the position
    suggestions = {"content only": [content], "with its position": [content, position, "mirror = true"]}
    for (name, keys), template, theme in itertools.product(suggestions.items(), template_names(), theme_names()):
        text = {}
        for key in keys:
            k, v = (s.strip() for s in key.split("=", 1))
            text[k] = eval(v.replace("true", "True"))  # a string, a list of two numbers or a boolean
        back = {"template": template, "text": [text]}
        design = resolve_design(demo_config(overrides={"dpi": DPI, "theme": theme, "back": back}))
        with warnings.catch_warnings():
            warnings.simplefilter("error", DeckgenWarning)
            hit = _collisions_on_back(design)
        assert not hit, (name, template, theme, [(a.name, b.name) for a, b in hit])


def test_a_template_s_layering_names_kinds_of_part(tmp_path, monkeypatch):
    """A layering that is not pairs of known kinds is refused naming the file and the key."""
    from deckgen.themes import TemplateDataError, _back_templates

    (tmp_path / "backs").mkdir()
    (tmp_path / "backs" / "odd.toml").write_text('pattern = "dots"\nlayering = [["text", "medalion"]]\n')
    with pytest.raises(TemplateDataError, match=re.escape("layering")):
        _back_templates(tmp_path)
    for name in template_names():
        assert all(len(pair) == 2 for pair in get_template(name).layering)


def _inside(part: Part, room: tuple[float, float, float, float]) -> bool:
    return (part.box[0] >= room[0] - 0.5 and part.box[1] >= room[1] - 0.5 and part.box[2] <= room[2] + 0.5
            and part.box[3] <= room[3] + 0.5)


LID_PICTURES = {"none": None, "group": "pano.png", "tall": "tall.png", "photo": "couple.png"}


@pytest.mark.parametrize("theme", theme_names())
def test_nothing_on_the_lid_collides(pictures, theme):
    """The lid's ornament, title, rule, subtitle, games and picture: apart, and inside the panel's
    hairline; with the theme's words and with long ones, with and without the games and each picture."""
    from deckgen.render.tin import lid_parts

    for picture, games, subtitle in itertools.product(LID_PICTURES, (False, True), (None, "With love, on the day we met")):
        tin: dict[str, object] = {"dpi": DPI, "show_games": games}
        if subtitle:
            tin["subtitle"] = subtitle
        if LID_PICTURES[picture]:
            tin["image"] = str(pictures / str(LID_PICTURES[picture]))
        design = resolve_design(demo_config(overrides={"theme": theme, "tin": tin}))
        parts, room = lid_parts(design)
        assert {p.kind for p in parts} >= {"text"}
        assert ("tin.image" in [p.name for p in parts]) == (picture != "none")
        assert not collisions(parts), (picture, games, subtitle, collisions(parts))
        assert [p.name for p in parts if not _inside(p, room)] == [], (picture, games, subtitle)


@pytest.mark.parametrize("card_size", ["poker", "bridge", "tarot", "mini"])
def test_nothing_on_the_tuck_box_collides(pictures, card_size):
    """The box's front label and the lid's picture above it, the back panel's card back and the names on
    the sides: apart, and each inside its room (the front below the notch, each panel inside its folds),
    under every theme, with and without a lid picture."""
    from deckgen.render.tuckart import box_parts
    from deckgen.render.tuckbox import tuck_net

    for theme, picture in itertools.product(theme_names(), ("none", "group", "tall")):
        tin = {"image": str(pictures / str(LID_PICTURES[picture]))} if LID_PICTURES[picture] else {}
        design = resolve_design(demo_config(overrides={"theme": theme, "tin": tin, "card_size": card_size,
                                                       "box": {"kind": "tuck"}, "dpi": DPI}))
        parts, rooms = box_parts(design, tuck_net(design))
        assert {"box front label", "box back panel"} <= {p.name for p in parts}
        assert ("tin.image" in [p.name for p in parts]) == (picture != "none")
        assert not collisions(parts), (theme, picture, collisions(parts))
        assert [p.name for p in parts if not _inside(p, rooms[p.name])] == [], (theme, picture)


CAPTIONS = ("Bob", "Grandpa Joe", "Grandpa Joe and Grandma Rose", "Auntie Maria-Josefina von Hohenzollern")


@pytest.mark.parametrize("card_size", format_names())
def test_a_caption_keeps_clear_of_what_is_beside_it(card_size):
    """Every caption place of a photo card, on every format, with short, long and very long captions:
    the plate keeps 1.5 mm from the index plates (full), the gold rules and the lozenge (mirrored; a
    caption on the divider takes the lozenge's place)."""
    from deckgen.cards import parse_card
    from deckgen.render.captions import CAPTION_CLEAR, CAPTION_PLACES
    from deckgen.render.faceparts import photo_card_parts

    design = resolve_design(demo_config(overrides={"card_size": card_size}))
    card = parse_card("KH")
    promise = CAPTION_CLEAR - 0.2  # 1.5 mm; the rest is for the rounding to whole pixels
    for (mode, places), text in itertools.product(CAPTION_PLACES.items(), CAPTIONS):
        for place, plates in itertools.product(places, ("left", "right") if mode == "full" else ("left",)):
            parts = photo_card_parts(design, card, text, mode, place, plates)
            caption = parts[0]
            assert caption.kind == "caption"
            if mode == "mirrored":
                assert ("divider lozenge" in [p.name for p in parts]) == (place != "divider")
            grown = Part("caption", caption.name, (caption.box[0] - promise, caption.box[1] - promise,
                                                   caption.box[2] + promise, caption.box[3] + promise))
            hit = collisions([grown, *parts[1:]])
            assert not hit, (mode, place, plates, text, [(a.name, b.name) for a, b in hit])


@pytest.mark.parametrize("picture", ["none", "photo"])
def test_the_lid_s_reported_boxes_are_where_its_ink_is(pictures, picture):
    """The lid drawn against the same lid with no words, ornament or picture: it differs only inside
    the boxes reported, and inside each of them."""
    from dataclasses import replace

    from deckgen.render.tin import lid_parts, render_lid

    tin: dict[str, object] = {"dpi": DPI, "show_games": True}
    if LID_PICTURES[picture]:
        tin["image"] = str(pictures / str(LID_PICTURES[picture]))
    design = resolve_design(demo_config(overrides={"theme": "wedding", "tin": tin}))
    parts, _room = lid_parts(design)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeckgenWarning)
        drawn = render_lid(design)
    bare = replace(design, lid=replace(design.lid, title="", subtitle="", ornament="none", games=(), picture=None))
    ink = _ink(drawn, render_lid(bare))
    union = np.zeros_like(ink)
    for p in parts:
        x0, y0, x1, y1 = (max(0, math.floor(v)) if i < 2 else math.ceil(v) for i, v in enumerate(p.box))
        union[y0:y1, x0:x1] = True
        assert ink[y0:y1, x0:x1].any(), p
    assert not (ink & ~union).any()
