"""Card backs: sizes, half-turn symmetry, the asymmetry warning, themes, second backs, bad input."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from deckgen.config import BackText, ConfigError, demo_config
from deckgen.resolve import load_design, resolve_design
from deckgen.errors import UserError
from deckgen.render.backpicture import _image_layer, keep_clear_of
from deckgen.render.backs import back_box, back_layers, build_backs, raw_pattern_layer, render_back
from deckgen.render.backtext import (
    AsymmetryWarning, TextPlacementWarning, _text_layers, back_text_room, balanced_lines, fit_text,
)
from deckgen.themes import template_names, theme_names
from deckgen.render.photos import PhotoWarning
from deckgen.resources import font_path


def deck(**overrides):
    """The demo deck's design at 150 DPI with these deck.toml keys."""
    return resolve_design(demo_config(overrides={"dpi": 150} | overrides))


def arr(image: Image.Image) -> np.ndarray:
    return np.asarray(image.convert("RGB"), dtype=np.int16)


def half_turn_equal(image: Image.Image) -> bool:
    a = arr(image)
    return bool(np.array_equal(a, a[::-1, ::-1]))


def no_warnings(fn, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("error", AsymmetryWarning)
        return fn(*args)


# ------------------------------------------------------------------ sizes


@pytest.mark.parametrize(
    ("dpi", "bleed", "size"),
    [(300, 0, (697, 1075)), (300, 3, (768, 1146)), (150, 0, (348, 537)), (150, 3, (384, 573))],
)
def test_back_has_the_faces_size(dpi, bleed, size):
    image = render_back(resolve_design(demo_config(overrides={"dpi": dpi, "bleed_mm": bleed})))
    assert image.size == size
    assert image.mode == "RGB"


def test_png_records_dpi_and_path(tmp_path):
    paths = build_backs(deck(), tmp_path)
    assert paths == [tmp_path / "cards" / "back.png"]
    with Image.open(paths[0]) as im:
        assert im.size == (384, 573)
        assert round(im.info["dpi"][0]) == 150


# ------------------------------------------------------------------ symmetry


@pytest.mark.parametrize("template", template_names())
def test_every_template_is_symmetric_under_a_half_turn(template):
    assert half_turn_equal(no_warnings(render_back, deck(back={"template": template})))


@pytest.mark.parametrize("theme", theme_names())
def test_every_theme_back_is_symmetric_under_a_half_turn(theme):
    assert half_turn_equal(no_warnings(render_back, deck(theme=theme)))


@pytest.mark.parametrize("template", template_names())
def test_patterns_are_drawn_symmetric_before_the_symmetry_pass(template):
    """The averaging pass only evens out rasterisation: the drawing itself is laid out symmetrically."""
    d = deck(dpi=300, theme="wedding", back={"template": template})
    spec = d.back
    a = arr(raw_pattern_layer(spec.template, spec.colours, spec.ornament, back_box(d)))
    diff = np.abs(a - a[::-1, ::-1]).max(axis=2)
    assert diff.mean() < 1.5
    assert (diff > 32).mean() < 0.01


@pytest.mark.slow
@pytest.mark.parametrize("theme", theme_names())
@pytest.mark.parametrize("template", template_names())
def test_every_theme_with_every_template_is_symmetric(theme, template):
    assert half_turn_equal(no_warnings(render_back, deck(theme=theme, back={"template": template})))


def test_off_centre_text_warns_and_names_the_text():
    d = deck(back={"text": [{"content": "Anna & Ben", "position": [0.5, 0.2]}]})
    with pytest.warns(AsymmetryWarning) as record:
        image = render_back(d)
    assert len(record) == 1
    message = str(record[0].message)
    assert "back.text[0]" in message and "'Anna & Ben'" in message and "mirror_text = true" in message
    assert not half_turn_equal(image)


def test_centred_text_does_not_warn():
    d = deck(back={"text": [{"content": "Anna & Ben", "position": [0.5, 0.5]}]})
    no_warnings(render_back, d)


def test_mirror_text_repeats_the_text_turned_and_restores_symmetry():
    d = deck(back={"text": [{"content": "Anna & Ben", "position": [0.42, 0.2]}], "mirror_text": True})
    image = no_warnings(render_back, d)
    assert half_turn_equal(image)
    plain = arr(render_back(deck(back={"text": []})))
    changed = np.abs(arr(image) - plain).max(axis=2) > 0
    ys = np.nonzero(changed.any(axis=1))[0]
    # text near the top and its turned copy near the bottom, nothing in the middle band
    assert ys.min() < 573 * 0.3 and ys.max() > 573 * 0.7
    assert not changed[int(573 * 0.4) : int(573 * 0.6)].any()


def test_per_text_mirror_overrides_the_table_option():
    d = deck(back={"text": [{"content": "Hi", "position": [0.5, 0.2], "mirror": True}]})
    assert half_turn_equal(no_warnings(render_back, d))


def test_mirrored_text_on_the_centre_is_an_error():
    d = deck(back={"text": [{"content": "Anna & Ben"}], "mirror_text": True})
    with pytest.raises(ConfigError) as info:
        render_back(d)
    assert info.value.key == "back.text[0].position"


def _photo(path: Path, symmetric: bool) -> Path:
    image = Image.new("RGB", (400, 300), "#88aacc")
    draw = ImageDraw.Draw(image)
    if symmetric:
        draw.ellipse((150, 100, 249, 199), fill="#cc3322")
    else:
        draw.rectangle((20, 20, 180, 140), fill="#cc3322")
    image.save(path)
    return path


def test_asymmetric_image_warns_and_mirror_image_fixes_it(tmp_path):
    photo = _photo(tmp_path / "p.png", symmetric=False)
    for mode in ("fill", "fit"):
        with pytest.warns(AsymmetryWarning, match=r"back\.image.*mirror_image = true"):
            render_back(deck(back={"image": str(photo), "image_mode": mode}))
        mirrored = no_warnings(render_back, deck(back={"image": str(photo), "image_mode": mode, "mirror_image": True}))
        assert half_turn_equal(mirrored)


def test_symmetric_image_does_not_warn(tmp_path):
    photo = _photo(tmp_path / "p.png", symmetric=True)
    no_warnings(render_back, deck(back={"image": str(photo), "image_mode": "fit"}))


def test_fill_image_covers_the_bleed_and_fit_keeps_the_margin(tmp_path):
    photo = tmp_path / "blue.png"
    Image.new("RGB", (300, 300), "#0000ff").save(photo)
    filled = render_back(deck(back={"image": str(photo), "image_mode": "fill", "template": "solid"}))
    assert filled.getpixel((0, 0)) == (0, 0, 255) and filled.getpixel((383, 572)) == (0, 0, 255)
    fitted = render_back(deck(back={"image": str(photo), "image_mode": "fit", "template": "solid"}))
    assert fitted.getpixel((0, 0)) != (0, 0, 255)
    assert fitted.getpixel((192, 286)) == (0, 0, 255)


# ------------------------------------------------------------------ colours, themes, overrides


def _field_pixel(image: Image.Image) -> tuple[int, int, int]:
    """A point of the solid template's field that no frame or medallion touches: 10 mm in, 20 mm down."""
    px = round((3 + 10) / 25.4 * 150)
    py = round((3 + 20) / 25.4 * 150)
    return image.getpixel((px, py))


def test_palette_and_hex_colours_override_the_theme():
    assert _field_pixel(render_back(deck(back={"template": "solid"}))) == (0xA6, 0x1E, 0x2A)  # classic-red
    wedding = render_back(deck(theme="wedding", back={"template": "solid"}))
    assert _field_pixel(wedding) == (0xF5, 0xED, 0xDC)  # ivory-gold
    navy = render_back(deck(theme="wedding", back={"template": "solid", "palette": "navy-gold"}))
    assert _field_pixel(navy) == (0x16, 0x23, 0x3F)
    own = render_back(deck(theme="wedding", back={"template": "solid", "ground": "#123456"}))
    assert _field_pixel(own) == (0x12, 0x34, 0x56)


def test_theme_text_is_replaced_by_the_users_text():
    birthday = deck(theme="birthday").back
    assert [t.content for t in birthday.texts] == ["Happy Birthday"]
    assert birthday.texts[0].mirror is True
    assert deck(theme="birthday", back={"text": []}).back.texts == ()
    own = deck(theme="birthday", back={"text": [{"content": "Ben 40"}]}).back
    assert [t.content for t in own.texts] == ["Ben 40"]


def test_each_theme_renders_its_own_colours():
    pixels = {theme: _field_pixel(render_back(deck(theme=theme, back={"template": "solid"}))) for theme in theme_names()}
    assert len(set(pixels.values())) == len(pixels)


# ------------------------------------------------------------------ second back


def test_double_deck_gets_a_second_back_in_the_second_palette(tmp_path):
    d = deck(profile="double-104")
    paths = build_backs(d, tmp_path)
    assert [p.name for p in paths] == ["back.png", "back2.png"]
    assert d.back2.colours.ground == "#1f4a8f"  # classic-blue, the plain theme's second pack
    with Image.open(paths[0]) as a, Image.open(paths[1]) as b:
        assert a.size == b.size
        assert not np.array_equal(arr(a), arr(b))


def test_single_deck_has_one_back(tmp_path):
    assert [p.name for p in build_backs(deck(), tmp_path)] == ["back.png"]


def test_back2_table_inherits_text_and_sets_its_own_palette(tmp_path):
    d = deck(
        back={"template": "lattice", "text": [{"content": "Club night", "position": [0.5, 0.15]}], "mirror_text": True,
              "ground": "#000000"},
        back2={"palette": "felt"},
    )
    spec = d.back2
    assert spec.key == "back2"
    assert spec.template.name == "lattice"
    assert [t.content for t in spec.texts] == ["Club night"] and spec.texts[0].mirror
    assert spec.colours.ground == "#0f4a32"  # felt: the first back's own colour does not carry over
    assert len(build_backs(d, tmp_path)) == 2


# ------------------------------------------------------------------ text fitting


def test_long_text_is_shrunk_to_fit():
    d = deck(back={"text": [{"content": "Congratulations to the happy couple", "size_mm": 8, "min_size_mm": 2}]})
    no_warnings(render_back, d)
    ppm = 150 / 25.4
    font = fit_text(d.source, "Congratulations to the happy couple", font_path("DejaVuSerif-Bold.ttf"), 8 * ppm, 2 * ppm,
                    45 * ppm, 20 * ppm, "back.text[0]", 150)
    assert 2 * ppm - 1 <= font.size < 8 * ppm
    assert font.getbbox("Congratulations to the happy couple")[2] <= 45 * ppm


def test_text_that_cannot_fit_names_the_text():
    text = "Supercalifragilisticexpialidocious-and-hyphenated-beyond-reason"
    d = deck(back={"text": [{"content": text, "size_mm": 6, "min_size_mm": 4}]})
    with pytest.raises(ConfigError) as info:
        render_back(d)
    assert info.value.key == "back.text[0]"
    assert repr(text) in str(info.value)
    assert str(info.value).endswith("; shorten it, or lower size_mm and min_size_mm")


def test_a_long_message_wraps_onto_balanced_lines_instead_of_failing():
    text = "This message is far too long to fit across a playing card even in small letters"
    one_line = render_back(deck(back={"text": [{"content": text, "size_mm": 6, "min_size_mm": 4}]}))
    assert one_line.size == render_back(deck()).size
    assert balanced_lines(text, 3) == "This message is far too long\nto fit across a playing card\neven in small letters"
    assert balanced_lines("Anna & Ben", 2) == "Anna\n& Ben"
    assert balanced_lines("One", 3) == "One"


def test_a_back_text_and_the_lids_title_wrap_onto_two_lines_where_they_are_closest_in_length():
    """fit_wrapped, the one wrapping of the backs' texts and the lid's lettering: two lines split where they are
    closest in length (a greedy split gives 'Happy 80th' over 'birthday Grandma Rose'); the lid asks for it
    only below 0.75 of its size, a back below 0.97."""
    from deckgen.render.backtext import fit_wrapped

    font = font_path("DejaVuSerif-Bold.ttf")
    text, face = fit_wrapped("deck.toml", "Happy 80th birthday Grandma Rose", font, 60, 20, 1000, 400, "back.text", 300)
    assert text == "Happy 80th birthday\nGrandma Rose" and face.size == 60
    lid, lid_face = fit_wrapped("deck.toml", "Happy 80th birthday Grandma Rose", font, 60, 20, 1000, 400, "tin.title", 300,
                                most_lines=3, wrap_below=0.75)
    assert lid == "Happy 80th birthday Grandma Rose" and lid_face.size == 47  # 0.78 of 60: kept on one line
    spaced, _ = fit_wrapped("deck.toml", "Happy\u00a080th\tbirthday Grandma\u00a0Rose", font, 60, 20, 1000, 400, "back.text", 300)
    assert spaced == "Happy 80th birthday\nGrandma Rose"  # no-break spaces and tabs part words too (they crashed the split)


def _boxes(texts):
    return [(t.origin[0], t.origin[1], t.origin[0] + t.tile.width, t.origin[1] + t.tile.height) for t in texts]


def _layers(d):
    """The back's picture layer and words as render_back lays them out, with the warnings given."""
    box = back_box(d)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        picture, texts = back_layers(d.source, d.back, box, d.card.corner_radius_mm, d.card.safe_mm)
    return picture, texts, [str(w.message) for w in caught if not issubclass(w.category, AsymmetryWarning)]


def _clear_of_the_design(d, texts):
    room = back_text_room(d.back, back_box(d), d.card.corner_radius_mm, d.card.safe_mm)
    for b in _boxes(texts):
        assert room.inside[0] <= b[0] and room.inside[1] <= b[1] and b[2] <= room.inside[2] and b[3] <= room.inside[3]
        assert not any(b[0] < c[2] and c[0] < b[2] and b[1] < c[3] and c[1] < b[3] for c in room.corners)


def test_the_text_room_is_inside_the_safe_area_the_frame_and_clear_of_the_corner_ornaments():
    d = deck(dpi=300, theme="wedding")  # classic: 3.5 mm margin, its frame 2.6 mm deep, 0.6 mm clearance
    box = back_box(d)
    ppm, b = 300 / 25.4, box.trim_rect()[0]
    room = back_text_room(d.back, box, 5.0, 4.0)
    assert [round((room.inside[0] - b) / ppm, 2), round((room.inside[1] - b) / ppm, 2)] == [6.7, 6.7]
    # a fleuron centred 7.7 mm in from each side, its disc 2.2 mm round it, its petals 4.03 mm towards the middle
    assert [round((v - b) / ppm, 2) for v in room.corners[0]] == [4.9, 4.9, 12.33, 12.33]
    solid = back_text_room(deck(back={"template": "lattice"}).back, back_box(deck()), 5.0, 4.0)
    assert round((solid.inside[0] - back_box(deck()).trim_rect()[0]) / (150 / 25.4), 2) == 4.55  # 3.5 + 0.45 + 0.6
    assert solid.corners == ()
    bleed = back_text_room(deck(back={"template": "full-bleed"}).back, back_box(deck()), 5.0, 4.0)
    assert round((bleed.inside[0] - back_box(deck()).trim_rect()[0]) / (150 / 25.4), 2) == 4.0  # the safe area


def test_text_near_an_edge_is_moved_inside_the_frame():
    d = deck(back={"text": [{"content": "Edge", "position": [0.02, 0.5], "size_mm": 6}]})
    _, texts, messages = _layers(d)
    assert messages == []
    _clear_of_the_design(d, texts)


def test_a_wrapped_caption_near_the_foot_keeps_clear_of_the_frame_and_the_fleurons():
    """The reviewer's wedding back: at [0.5, 0.88] and 5 mm the caption wraps onto two lines and its
    plate covered half of each lower fleuron and crossed the frame's rules."""
    d = deck(dpi=300, theme="wedding", back={"text": [{"content": "Anna & Ben, 12 June 2027", "position": [0.5, 0.88],
                                                        "size_mm": 5}], "mirror_text": True})
    _, texts, messages = _layers(d)
    assert messages == []
    assert [t.content for t in texts] == ["Anna & Ben,\n12 June 2027"] * 2
    _clear_of_the_design(d, texts)
    ppm, trim = 300 / 25.4, back_box(d).trim_rect()
    # it grew away from the foot: its plate ends above the fleurons' boxes, 12.3 mm up from the trim
    assert (trim[3] - texts[0].origin[1] - texts[0].tile.height) / ppm >= 12.33


def test_a_long_message_shrinks_inside_the_safe_area():
    """The reviewer's long message grew down to 1.9 mm from the trim; now it stays inside the frame."""
    text = ("Anna & Ben, 12 June 2027, with love from everyone at the Lake Como villa, thank you for coming to "
            "celebrate with us, we will never forget it, truly, the best day of our lives so far and forever")
    d = deck(dpi=300, theme="wedding", back={"text": [{"content": text, "position": [0.5, 0.88], "size_mm": 5}]})
    _, texts, messages = _layers(d)
    assert messages == []
    _clear_of_the_design(d, texts)
    assert texts[0].content.count("\n") >= 4


def test_a_message_too_long_for_the_frame_at_its_smallest_size_warns_plainly():
    # one word 45.9 mm wide with its plate: on the card (47.2 mm), not inside the frame (45.6 mm)
    d = deck(theme="wedding", back={"text": [{"content": "Congratulations!", "position": [0.5, 0.88], "size_mm": 4.45,
                                              "min_size_mm": 4.45}], "mirror_text": True})
    with pytest.warns(TextPlacementWarning) as record:
        render_back(d)
    assert str(record[0].message) == (
        f"{d.source}: back.text[0]: the text 'Congratulations!' is too long for the space inside the back's frame: "
        "even at min_size_mm = 4.45 its block is 46.1 x 8.3 mm and the space is 45.5 x 77.5 mm, so it runs over the "
        "frame's lines and corners; shorten it, or lower min_size_mm")


def test_two_texts_pushed_onto_each_other_are_warned_about():
    d = deck(theme="wedding", back={"text": [{"content": "Anna & Ben", "position": [0.5, 0.86]},
                                             {"content": "12 June 2027", "position": [0.5, 0.95]}],
                                    "mirror_text": True})
    _, _, messages = _layers(d)
    assert messages == [f"{d.source}: back.text[1]: the text '12 June 2027' lies over the text 'Anna & Ben' "
                        "(back.text[0]), kept inside the frame; move one of them further from the other, or make "
                        "them smaller"]


@pytest.fixture(scope="module")
def couple(tmp_path_factory) -> Path:
    pytest.importorskip("skimage")
    import photo_samples as samples

    folder = tmp_path_factory.mktemp("couple")
    samples.couple_landscape(1200).save(folder / "couple.jpg", quality=90)
    return folder / "couple.jpg"


def test_a_fitted_mirrored_picture_is_kept_clear_of_the_texts_plates(couple):
    """The reviewer's wed5: the template's own example spot put the plates over both halves' faces. A fitted
    picture now keeps clear of the plates (issue 32: a plate over a fitted picture's edge is a collision), so
    its halves are drawn smaller between them and no face is covered: nothing to warn about."""
    from deckgen.render.backs import back_parts

    d = deck(theme="wedding", back={"image": str(couple), "image_mode": "fit", "mirror_image": True,
                                    "text": [{"content": "Anna & Ben, 12 June 2027", "position": [0.5, 0.85],
                                              "size_mm": 5, "mirror": True}]})
    _, _, messages = _layers(d)
    assert messages == []
    parts = back_parts(d)
    plates = [p.box for p in parts if p.kind == "text"]
    halves = [p.box for p in parts if p.kind == "picture"]
    assert len(plates) == 2 and len(halves) == 2
    assert not any(min(a[2], b[2]) > max(a[0], b[0]) and min(a[3], b[3]) > max(a[1], b[1]) for a in plates for b in halves)


def test_a_caller_that_drops_the_warnings_skips_the_search_for_advice(couple, monkeypatch):
    """back_layers(warn=False), and the vector back that throws its warnings away, lay the back out as the PNG
    does without laying the covering text out again and again for what to change."""
    from deckgen.render import backs
    from deckgen.render.backvector import vector_back

    d = deck(theme="wedding", back={"image": str(couple), "image_mode": "fit", "mirror_image": True,
                                    "text": [{"content": "Anna & Ben, 12 June 2027", "position": [0.5, 0.85],
                                              "size_mm": 5, "mirror": True}]})
    picture, texts, _messages = _layers(d)

    def no_search(*args: object) -> None:
        raise AssertionError("advice searched for a caller that drops the warnings")

    monkeypatch.setattr(backs, "_warn_covered_faces", no_search)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        quiet, quiet_texts = back_layers(d.source, d.back, back_box(d), d.card.corner_radius_mm, d.card.safe_mm,
                                         warn=False)
    assert not [w for w in caught if "covers a face" in str(w.message)]
    assert quiet is not None and picture is not None and quiet.tobytes() == picture.tobytes()
    assert [(t.content, t.origin) for t in quiet_texts] == [(t.content, t.origin) for t in texts]
    assert vector_back(d) is not None


def test_a_fitted_picture_moves_within_its_slack_so_no_plate_covers_a_face(couple):
    d = deck(theme="wedding", back={"image": str(couple), "image_mode": "fit",
                                    "text": [{"content": "Anna & Ben", "position": [0.5, 0.4], "size_mm": 5}]})
    box = back_box(d)
    texts = _text_layers(d.source, d.back, box, 5.0, 4.0)
    plates = tuple(_boxes(texts))
    centred, moved = [], []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _image_layer(d.source, d.back, box, 5.0, 4.0, ((0, 0, 1, 1),), centred)  # a plate off the card
        _image_layer(d.source, d.back, box, 5.0, 4.0, plates, moved)
    covers = lambda faces: any(f[0] < p[2] and p[0] < f[2] and f[1] < p[3] and p[1] < f[3] for f in faces for p in plates)
    assert covers(centred) and moved and not covers(moved)
    assert [m for m in _layers(d)[2] if "covers a face" in m] == []


def test_a_filled_pictures_faces_are_framed_below_a_plate_at_the_top_and_above_one_at_the_foot():
    rect = (0, 0, 400, 600)
    keep = (0.1, 0.1, 0.9, 0.9)
    assert keep_clear_of(keep, rect, ((50, 30, 350, 120), (50, 500, 350, 560))) == (0.1, 0.2, 0.9, 500 / 600)
    # a plate that would leave less than a third of the keep is not left out
    assert keep_clear_of(keep, rect, ((50, 30, 350, 400),)) == keep
    assert keep_clear_of(keep, rect, ((450, 30, 550, 120),)) == keep  # beside the region


@pytest.fixture(scope="module")
def far_apart(tmp_path_factory) -> Path:
    """Two people at the top of a wide photo, too far apart for one half of a mirrored back."""
    pytest.importorskip("skimage")
    import photo_samples as samples

    a = np.asarray(samples.astronaut())[:, 60:460]
    wide = np.hstack([a, np.full((512, 600, 3), 200, np.uint8), a[:, ::-1]])
    path = tmp_path_factory.mktemp("far") / "far-apart.jpg"
    Image.fromarray(np.ascontiguousarray(wide)).resize((2800, 1024), Image.Resampling.LANCZOS).save(path, quality=90)
    return path


def test_a_mirrored_fill_that_cuts_the_faces_is_framed_closer_on_a_whole_face(far_apart):
    """The reviewer's kaleidoscope: faces at the top of a wide photo pushed to the edge of each half and
    cut; each half is now framed closer (as a mirrored court is), on a face it holds whole."""
    def laid_out(zoom):
        d = deck(theme="wedding", back={"image": str(far_apart), "image_mode": "fill", "mirror_image": True,
                                        "image_zoom": zoom})
        box = back_box(d)
        faces = []
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            _image_layer(d.source, d.back, box, 5.0, 4.0, ((0, 0, 1, 1),), faces)  # a plate off the card
        return faces, [str(w.message) for w in caught if issubclass(w.category, PhotoWarning)], box

    _, messages, _ = laid_out(1)  # held at zoom 1, as the framing was: cut, and said so in plain words
    assert len(messages) == 1 and "comes within 4 mm of the card's edge, where a cut may take it off; this picture " \
        "does not suit a mirrored back" in messages[0] and 'set image_mode = "fit"' in messages[0]
    faces, messages, box = laid_out(None)
    # each half holds one of them whole; the other is not on the back, and the build says so
    assert len(messages) == 1
    assert f"{far_apart}: on the back 1 of the 2 people in the picture is left out (each half of a mirrored back " \
        "is too narrow for them all)" in messages[0]
    assert 'set image_mode = "fit" (the whole picture, framed), or mirror_image = false, in [back]' in messages[0]
    ppm, trim = 150 / 25.4, box.trim_rect()
    assert faces and all(trim[0] + 4 * ppm <= f[0] and f[2] <= trim[2] - 4 * ppm and trim[1] + 4 * ppm <= f[1]
                         and f[3] <= trim[3] - 4 * ppm for f in faces)


# ------------------------------------------------------------------ determinism


def test_rebuild_is_byte_identical(tmp_path):
    d = deck(theme="christmas", profile="double-104",
             back={"text": [{"content": "Noel", "position": [0.5, 0.2]}], "mirror_text": True})
    first = [p.read_bytes() for p in build_backs(d, tmp_path / "a")]
    second = [p.read_bytes() for p in build_backs(d, tmp_path / "b")]
    again = [p.read_bytes() for p in build_backs(d, tmp_path / "a")]
    assert first == second == again


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    ("toml", "key", "expected"),
    [
        ('[back]\ntemplate = "zigzag"\n', "back.template", "unknown back template 'zigzag': expected one of border"),
        ('[back]\npalette = "pink"\n', "back.palette", "unknown palette"),
        ('[back]\nground = "bluish"\n', "back.ground", "is not a colour"),
        ('[back]\ncolour = "#123456"\n', "back.colour", "unknown key"),
        ('[back]\nornament = "dragon"\n', "back.ornament", "unknown ornament"),
        ('[back]\nimage_mode = "stretch"\n', "back.image_mode", "unknown image mode 'stretch': expected one of fill, fit"),
        ('[back]\nimage_focus = [0.5, 2]\n', "back.image_focus", "two fractions"),
        ('[[back.text]]\nposition = [0.5, 0.5]\n', "back.text[0].content", "missing: every [[back.text]] needs content = ..."),
        ('[[back.text]]\ncontent = "x"\nfont = "comic.png"\n', "back.text[0].font", "ending in .ttf"),
        ('[[back.text]]\ncontent = "x"\nposition = [1.5, 0.5]\n', "back.text[0].position", "fractions"),
        ('[[back.text]]\ncontent = "x"\nsize_mm = 0\n', "back.text[0].size_mm", "expected a number more than 0 and at most 40 (got 0)"),
        ('[back2]\ntemplate = "zigzag"\n', "back2.template", "unknown back template"),
        ('theme = "halloween"\n', "theme", "unknown theme 'halloween': expected one of plain, anniversary"),
    ],
)
def test_bad_config_names_file_and_key(bad_config, toml, key, expected):
    bad_config(toml, key, expected)


def test_missing_image_names_the_key(write_deck):
    path = write_deck('[back]\nimage = "images/nope.jpg"\n')
    with pytest.raises(UserError) as info:
        render_back(load_design(path))
    assert str(info.value).startswith(f"{path}: back.image: ")
    assert "not found" in str(info.value)


def test_unreadable_image_names_the_key(write_deck, tmp_path):
    (tmp_path / "fake.png").write_text("not a picture")
    path = write_deck('[back]\nimage = "fake.png"\n')
    with pytest.raises(UserError) as info:
        render_back(load_design(path))
    assert f"{path}: back.image: " in str(info.value)


def test_missing_font_names_the_key(write_deck):
    path = write_deck('[[back.text]]\ncontent = "Hi"\nfont = "fonts/Missing.ttf"\n')
    with pytest.raises(ConfigError) as info:
        render_back(load_design(path))
    assert info.value.key == "back.text[0].font"
    assert "font file not found" in str(info.value)


def test_bad_font_file_names_the_key(write_deck, tmp_path):
    (tmp_path / "Broken.ttf").write_bytes(b"not a font")
    path = write_deck('[[back.text]]\ncontent = "Hi"\nfont = "Broken.ttf"\n')
    with pytest.raises(ConfigError) as info:
        render_back(load_design(path))
    assert info.value.key == "back.text[0].font"


def test_min_size_above_size_is_an_error(write_deck):
    path = write_deck('[[back.text]]\ncontent = "Hi"\nsize_mm = 3\nmin_size_mm = 5\n')
    with pytest.raises(ConfigError) as info:
        render_back(load_design(path))
    assert info.value.key == "back.text[0].min_size_mm"


def test_failed_build_keeps_the_previous_back(tmp_path):
    good = build_backs(deck(), tmp_path)[0]
    before = good.read_bytes()
    with pytest.raises(UserError):
        build_backs(deck(back={"image": str(tmp_path / "missing.png")}), tmp_path)
    assert good.read_bytes() == before
    assert sorted(p.name for p in (tmp_path / "cards").iterdir()) == ["back.png"]


def test_cli_backs_bad_input_exits_2_without_traceback(write_deck, tmp_path, capsys, monkeypatch):
    from deckgen.cli import main

    path = write_deck('[back]\ntemplate = "zigzag"\n')
    monkeypatch.setattr(sys, "argv", ["deckgen", "backs", "--config", str(path), "--out", str(tmp_path / "out")])
    with pytest.raises(SystemExit) as info:
        main()
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "back.template" in err and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_cli_backs_writes_and_warns(write_deck, tmp_path, capsys, monkeypatch):
    from deckgen.cli import main

    path = write_deck('dpi = 150\n[[back.text]]\ncontent = "Top"\nposition = [0.5, 0.1]\n')
    monkeypatch.setattr(sys, "argv", ["deckgen", "backs", "--config", str(path), "--out", str(tmp_path / "out")])
    main()
    captured = capsys.readouterr()
    assert "warning:" in captured.err and "back.text[0]" in captured.err
    assert (tmp_path / "out" / "cards" / "back.png").is_file()


def test_back_text_model_defaults():
    text = BackText(content="Hi")
    assert (text.size_mm, text.min_size_mm, text.position, text.width, text.mirror, text.plate) == (
        5.0, 2.0, (0.5, 0.5), 0.8, None, True)


def test_fill_crops_around_the_focus_point(tmp_path):
    photo = tmp_path / "halves.png"
    image = Image.new("RGB", (800, 400), "#ff0000")
    image.paste((0, 0, 255), (400, 0, 800, 400))
    image.save(photo)
    centre = (192, 286)
    # the card is tall and the photo wide, so each end of it shows a single colour: nothing to warn about
    left = no_warnings(render_back, deck(back={"image": str(photo), "image_mode": "fill", "image_focus": [0.0, 0.5]}))
    right = no_warnings(render_back, deck(back={"image": str(photo), "image_mode": "fill", "image_focus": [1.0, 0.5]}))
    assert left.getpixel(centre) == (255, 0, 0) and left.getpixel((383, 572)) == (255, 0, 0)
    assert right.getpixel(centre) == (0, 0, 255) and right.getpixel((0, 0)) == (0, 0, 255)
    with pytest.warns(AsymmetryWarning):  # centred, the red-blue edge runs down the middle
        render_back(deck(back={"image": str(photo), "image_mode": "fill", "image_focus": [0.5, 0.5]}))


def test_transparent_logo_keeps_the_pattern_behind_it(tmp_path):
    logo = tmp_path / "logo.png"
    image = Image.new("RGBA", (200, 200), (0, 0, 0, 0))
    ImageDraw.Draw(image).ellipse((80, 80, 119, 119), fill=(0, 0, 0, 255))
    image.save(logo)
    plain = render_back(deck(back={"template": "solid"}))
    with_logo = no_warnings(render_back, deck(back={"template": "solid", "image": str(logo), "image_scale": 0.5}))
    assert with_logo.getpixel((192, 286)) == (0, 0, 0)
    assert with_logo.getpixel(_field_pixel_xy()) == plain.getpixel(_field_pixel_xy())


def _field_pixel_xy() -> tuple[int, int]:
    return (round((3 + 10) / 25.4 * 150), round((3 + 20) / 25.4 * 150))
