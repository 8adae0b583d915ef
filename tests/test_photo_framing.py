"""Photo courts, the gaps issue 11 left: the automatic zoom on small faces, a focus with
`fit = "contain"`, the divider kept off a chin, and cut warnings for back and lid pictures.

Real photos only (scikit-image's astronaut, rocket and coffee, in tests/photo_samples.py): a
distant portrait and a group are the astronaut pasted small into a large scene. Where the claim
is about what a buyer sees, the same face detector runs on the written card.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest
from PIL import Image

pytest.importorskip("skimage")

import photo_samples as samples  # noqa: E402
from seam_regions import photo_alone, seams_made  # noqa: E402

from deckgen.cards import parse_card  # noqa: E402
from deckgen.config import DeckConfig  # noqa: E402
from deckgen.design import Design  # noqa: E402
from deckgen.errors import ConfigError  # noqa: E402
from deckgen.render.courts import DIVIDER_BAR, LOZENGE  # noqa: E402
from deckgen.render.facefind import find_faces  # noqa: E402
from deckgen.design import CardFormat  # noqa: E402
from deckgen.render.facelayout import FaceLayout  # noqa: E402
from deckgen.render.faces import check_faces, render_face
from deckgen.render.photocards import plan_card  # noqa: E402
from deckgen.render.backs import render_back  # noqa: E402
from deckgen.render.photos import PhotoWarning  # noqa: E402
from deckgen.render.framing import AUTO_ZOOM_MIN_PPI, CHIN, box_inside, picture_cut
from deckgen.render.shops import load_shop, shop_names  # noqa: E402
from deckgen.resolve import resolve_design  # noqa: E402
from deckgen.units import CARD_WIDTH_MM  # noqa: E402

BLEED = 3.0
SKAT = FaceLayout.for_format(CardFormat())  # the demo's card
FRAME, MID_X, MID_Y = SKAT.frame, SKAT.mid_x, SKAT.mid_y


def make_deck(folder: Path, cards: dict, dpi: int = 150, **extra) -> Design:
    return resolve_design(DeckConfig.model_validate(
        {"dpi": dpi, "cards": cards, "base_dir": folder, "source": folder / "deck.toml", **extra}))


def halves_mm(image: Image.Image, dpi: int) -> list[list[tuple[float, float, float, float]]]:
    """The faces the detector finds in each half of a written card (trimmed; the lower half turned
    upright), in card mm."""
    k = dpi / 25.4
    b = round(BLEED * k)
    card = image.crop((b, b, image.width - b, image.height - b))
    half_h = round(MID_Y * k)
    upper = card.crop((0, 0, card.width, half_h))
    lower = card.crop((0, card.height - half_h, card.width, card.height)).rotate(180)
    return [[(f.left * h.width / k, f.top * h.height / k, f.right * h.width / k, f.bottom * h.height / k)
             for f in find_faces(h)] for h in (upper, lower)]


def divider_top(face: tuple[float, float, float, float]) -> float:
    """Where the divider's ink begins above a face: its lozenge's tip where the face is over it."""
    over = face[0] < MID_X + LOZENGE[0] and face[2] > MID_X - LOZENGE[0]
    return MID_Y - (LOZENGE[1] if over else DIVIDER_BAR)


KEEP_H = MID_Y - FRAME[1]  # the upper half of the frame, in mm


@pytest.fixture(scope="module")
def photos(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("framing")
    samples.distant_portrait(3600).save(folder / "distant.jpg", quality=90)  # 3600 x 2400
    samples.distant_portrait(1500).save(folder / "distant-small.jpg", quality=90)  # 1500 x 1000
    samples.group_shot(3000).save(folder / "group.jpg", quality=90)
    samples.selfie().save(folder / "selfie.jpg", quality=90)
    samples.astronaut().resize((1024, 1024), Image.Resampling.LANCZOS).save(folder / "astronaut.jpg", quality=90)
    samples.couple_landscape().save(folder / "couple.jpg", quality=90)
    samples.couple_landscape(3000).save(folder / "couple-3000.jpg", quality=90)  # as the wedding review had it
    return folder


# ------------------------------------------------------------------ the automatic zoom


def test_a_distant_portrait_is_zoomed_until_the_face_fills_the_half(photos):
    deck = make_deck(photos, {"KD": {"image": "distant.jpg"}})
    card = parse_card("KD")
    plan = plan_card(deck, card)
    assert plan is not None and plan.auto and plan.problems == ()
    # at zoom 1 her face would be 3 mm tall in a 41 mm half; the zoom makes it about 11 mm
    assert 3.4 < plan.zoom < 4.2
    for half in halves_mm(render_face(deck, card, plan), 150):
        assert len(half) == 1, half
        face = half[0]
        assert 0.24 * KEEP_H < face[3] - face[1] < 0.40 * KEEP_H, face
        assert FRAME[0] < face[0] and face[2] < FRAME[2] and FRAME[1] < face[1]
        chin = face[3] + CHIN * (face[3] - face[1])
        assert chin < divider_top(face) - 0.3, (chin, face)


def test_the_zoom_stops_where_the_photo_would_print_below_the_preflight_minimum(photos):
    deck = make_deck(photos, {"KD": {"image": "distant-small.jpg", "text": "Uncle Tom"}})
    card = parse_card("KD")
    plan = plan_card(deck, card)
    assert plan is not None and plan.auto
    # the window keeps exactly AUTO_ZOOM_MIN_PPI photo pixels per inch of the half, no fewer
    area_w_mm = plan.area_mm[2] - plan.area_mm[0]
    ppi = (plan.window[2] - plan.window[0]) / (area_w_mm / 25.4)
    assert ppi == pytest.approx(AUTO_ZOOM_MIN_PPI, rel=1e-6)
    assert plan.zoom == pytest.approx(2.07, abs=0.01)  # 1000 px tall for a 41 mm half
    assert len(plan.problems) == 1
    message = plan.problems[0]
    head = (f"{photos / 'deck.toml'}: cards.KD.image: distant-small.jpg: on KD the faces are small in this photo, "
            "and closer than zoom 2.1 (it wanted ")
    tail = (") would print it below 300 ppi; use a larger copy of the photo, or set zoom in [cards.KD] to go "
            "closer anyway")
    assert message.startswith(head) and message.endswith(tail), message
    assert 3.1 < float(message[len(head):-len(tail)]) < 4.3  # at least 1.5 times the zoom it got
    # the face is still whole, clear of the caption and the divider
    face = plan.faces_mm[0]
    assert FRAME[1] < face[1] and face[3] + CHIN * (face[3] - face[1]) < divider_top(face)


def test_every_shipped_print_shop_accepts_what_the_automatic_zoom_keeps():
    assert all(load_shop(name).min_ppi <= AUTO_ZOOM_MIN_PPI for name in shop_names())


def test_a_group_is_zoomed_as_a_group_every_face_whole(photos):
    deck = make_deck(photos, {"QD": {"image": "group.jpg"}})
    card = parse_card("QD")
    plan = plan_card(deck, card)
    assert plan is not None and plan.auto and plan.problems == ()
    assert len(plan.faces) == 3
    assert plan.zoom > 1.3
    # the three faces, with room for ears, span most of the frame's width
    span = max(f[2] for f in plan.faces_mm) - min(f[0] for f in plan.faces_mm)
    assert span > 0.6 * (FRAME[2] - FRAME[0])
    # on the card written at 200 DPI: at 150 the detector misses the two outer faces, 4 mm wide
    sharper = make_deck(photos, {"QD": {"image": "group.jpg"}}, dpi=200)
    for half in halves_mm(render_face(sharper, card, plan_card(sharper, card)), 200):
        assert len(half) == 3, half
        for face in half:
            assert FRAME[0] < face[0] and face[2] < FRAME[2]


def test_a_zoom_set_by_hand_or_a_focus_turns_the_automatic_zoom_off(photos):
    card = parse_card("KD")
    by_hand = plan_card(make_deck(photos, {"KD": {"image": "distant.jpg", "zoom": 1}}), card)
    focus = plan_card(make_deck(photos, {"KD": {"image": "distant.jpg", "focus": [0.38, 0.7]}}), card)
    assert by_hand is not None and focus is not None
    assert (by_hand.zoom, by_hand.auto) == (1.0, False)
    assert (focus.zoom, focus.auto) == (1.0, False)
    # a joker's [faces] joker_zoom counts as set too
    joker = plan_card(make_deck(photos, {}, faces={"joker_image": "distant.jpg", "joker_zoom": 1.5}), parse_card("JK1"))
    assert joker is not None and (joker.zoom, joker.auto) == (1.5, False)


def test_a_zoom_below_1_set_by_hand_shows_the_photo_smaller_on_a_mat_of_its_edge_colours(photos):
    """zoom = 0.9 asks by hand for what the automatic framing does to keep a group whole: the photo
    at 90 % of its place, the band it leaves a mat of its own edge colours (not the card's colour),
    which the photo fades into without a seam. (It was the edge mirrored and blurred, ending at the
    photo in a hard line.)"""
    import numpy as np

    from deckgen.render.photocards import mirrored_area_px
    from deckgen.render.framing import to_area

    card, dpi = parse_card("QH"), 100
    # (a band this wide, over 3.5 mm on a side, would get the designed mat: the photo's own colours asked for)
    deck = make_deck(photos, {"QH": {"image": "astronaut.jpg", "zoom": 0.9, "mat": "photo"}}, dpi=dpi)
    plan = plan_card(deck, card)
    assert plan is not None and (plan.zoom, plan.auto) == (0.9, False) and plan.problems == ()
    aw, ah = plan.area_mm[2] - plan.area_mm[0], plan.area_mm[3] - plan.area_mm[1]
    # the square photo covers the half (39.8 x 41 mm) at zoom 1, as tall as it: at 0.9 it is 90 % of
    # that, its width the same
    x0, y0, x1, y1 = to_area((0.0, 0.0, *map(float, plan.photo_px)), plan.window, (aw, ah))
    assert aw < ah and x1 - x0 == pytest.approx(0.9 * ah) and y1 - y0 == pytest.approx(0.9 * ah)
    assert 0 <= y0 and y1 <= ah and x1 == pytest.approx(aw)  # framed on her face: the band on the left
    assert x0 == pytest.approx(aw - 0.9 * ah)
    assert box_inside(plan.faces_mm[0], plan.area_mm, 0.0)
    # the written face (its shapes left out: only the photo): the band is the photo's edge colours, calm
    written = render_face(deck, card, plan, vectors=[])
    pixels = np.asarray(written).astype(float)
    left, top, _, _ = mirrored_area_px(deck)
    k = dpi / 25.4
    edge, band = left + round(x0 * k), round(x0 * k)
    rows = slice(top + round(y0 * k) + 5, top + round(y1 * k) - 5)
    in_band = pixels[rows, left + 1 : edge - 1]
    alone = np.asarray(photo_alone(deck, card)[0]).astype(float)  # the photo as it is, with nothing round it
    photo_edge = alone[rows, edge + 1 : edge + 4]  # its outermost columns, whose colours the mat carries on
    assert band == 11
    assert np.abs(in_band.mean(axis=(0, 1)) - photo_edge.mean(axis=(0, 1))).max() < 12  # its colours
    assert np.corrcoef(in_band.mean(axis=(1, 2)), photo_edge.mean(axis=(1, 2)))[0, 1] > 0.8  # row for row, softened
    roughness = [np.abs(np.diff(part, axis=0)).mean() for part in (in_band, alone[rows, edge + 1 : edge + band - 1])]
    assert roughness[0] < roughness[1] / 3  # calm
    assert seams_made(deck, card, written) == []  # and no line where the photo ends

    # with fit = "contain-plain" the whole photo shows at any zoom, on the card's own colour: no band
    plain = make_deck(photos, {"QH": {"image": "astronaut.jpg", "zoom": 0.9, "fit": "contain-plain"}}, dpi=dpi)
    side = np.asarray(render_face(plain, card, vectors=[]))[rows, left + 1]
    assert len(np.unique(side, axis=0)) == 1
    # a back's or the lid's image_zoom below 1 is drawn the same way
    from deckgen.render.backs import place_picture

    placed = place_picture(Image.open(photos / "astronaut.jpg"), (0, 0, 300, 200), "fill", None, zoom=0.9)
    assert placed.fill is not None and placed.fill.zoom == 0.9 and placed.image.size == (300, 200)
    assert placed.fill.window[2] - placed.fill.window[0] == pytest.approx(1024 / 0.9)


def test_a_full_card_zooms_to_a_head_and_shoulders(photos):
    deck = make_deck(photos, {"QC": {"image": "distant.jpg", "mode": "full"}})
    plan = plan_card(deck, parse_card("QC"))
    assert plan is not None and plan.auto and plan.problems == ()
    face = plan.faces_mm[0]
    assert 12.0 < face[3] - face[1] < 17.0  # a 91 mm card
    assert 4.0 < face[1] and face[3] < 91 - 4.0


# ------------------------------------------------------------------ focus with fit = "contain"


def test_contain_with_a_zoom_closes_in_on_the_focus(photos):
    card = parse_card("JC")
    centred = plan_card(make_deck(photos, {"JC": {"image": "couple.jpg", "fit": "contain", "zoom": 2}}), card)
    on_her = plan_card(make_deck(photos, {"JC": {"image": "couple.jpg", "fit": "contain", "zoom": 2,
                                                 "focus": [0.25, 0.3]}}), card)
    assert centred is not None and on_her is not None
    pw, ph = on_her.photo_px
    # without a focus the window is centred on the photo; with one it moves onto the left face
    assert (centred.window[0] + centred.window[2]) / 2 == pytest.approx(pw / 2, abs=pw * 0.001)
    left_face = min(on_her.faces_mm, key=lambda f: f[0])
    assert FRAME[0] < left_face[0] and left_face[2] < FRAME[2] and left_face[3] < MID_Y
    assert abs((left_face[0] + left_face[2]) / 2 - CARD_WIDTH_MM / 2) < 6.0
    # the photo is larger than the frame both ways at zoom 2, so no blurred surround shows
    w = on_her.window
    assert w[0] >= 0 and w[1] >= 0 and w[2] <= pw and w[3] <= ph
    # and the detector finds her face, whole, on the written card
    deck = make_deck(photos, {"JC": {"image": "couple.jpg", "fit": "contain", "zoom": 2, "focus": [0.25, 0.3]}})
    for half in halves_mm(render_face(deck, card), 150):
        assert len(half) >= 1


def test_a_focus_with_contain_at_zoom_1_is_an_error_naming_the_key(photos, run):
    (photos / "deck.toml").write_text('[cards.JC]\nimage = "couple.jpg"\nfit = "contain"\nfocus = [0.25, 0.3]\n')
    deck = make_deck(photos, {"JC": {"image": "couple.jpg", "fit": "contain", "focus": [0.25, 0.3]}})
    with pytest.raises(ConfigError) as info:
        check_faces(deck)
    assert info.value.key == "cards.JC.focus"
    code, out, err = run(photos, "cards", "--dpi", "72", "--out", str(photos / "out"))
    assert code == 2
    assert err.strip() == ('error: deck.toml: cards.JC.focus: a focus has no effect with fit = "contain" at zoom 1, '
                           "where the whole photo shows; set a zoom above 1 to close in on the focus point, or "
                           'fit = "cover" to crop round it')
    assert not (photos / "out" / "cards").exists()
    # a joker's focus from [faces] names that key
    jokers = make_deck(photos, {}, faces={"joker_image": "couple.jpg", "joker_focus": [0.3, 0.3], "fit": "contain"})
    with pytest.raises(ConfigError) as info:
        check_faces(jokers)
    assert info.value.key == "faces.joker_focus"


# ------------------------------------------------------------------ the divider and the chin


def test_a_close_up_keeps_the_chin_clear_of_the_divider(photos):
    deck = make_deck(photos, {"KC": {"image": "selfie.jpg"}})
    card = parse_card("KC")
    plan = plan_card(deck, card)
    assert plan is not None and plan.problems == ()
    face = plan.faces_mm[0]
    assert face[3] - face[1] > 0.4 * KEEP_H  # a big face, 17 mm of the 41 mm half
    found = halves_mm(render_face(deck, card, plan), 150)
    for half in found:
        assert len(half) == 1
        seen = half[0]
        chin = seen[3] + CHIN * (seen[3] - seen[1])
        assert chin <= divider_top(seen), (chin, divider_top(seen))


def test_a_zoom_that_puts_the_divider_on_a_chin_warns(photos):
    deck = make_deck(photos, {"KC": {"image": "astronaut.jpg", "zoom": 4, "focus": [0.44, 0.23]}})
    plan = plan_card(deck, parse_card("KC"))
    assert plan is not None
    face = plan.faces_mm[0]
    assert face[1] > FRAME[1] and face[3] < MID_Y  # whole in the half ...
    assert face[3] + CHIN * (face[3] - face[1]) > divider_top(face)  # ... but its chin under the divider
    assert plan.problems == (
        f"{photos / 'deck.toml'}: cards.KC.image: astronaut.jpg: on KC the divider crosses a chin; "
        "set a lower zoom (now 4), or fit = \"contain\" (the whole photo) in [cards.KC]",
    )


def test_faces_without_photos_do_not_warn(photos):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert check_faces(make_deck(photos, {}, dpi=72)) == []


# ------------------------------------------------------------------ back and lid pictures


def _warnings_of(draw) -> list[str]:
    """The photo warnings `draw()` gives (other warnings, such as an asymmetric back, left out)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        draw()
    return [str(w.message) for w in caught if issubclass(w.category, PhotoWarning)]


def _quietly(draw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return draw()


def test_a_back_picture_that_leaves_a_person_out_says_how_many(photos):
    deck = make_deck(photos, {}, dpi=100, back={"image": "couple.jpg", "image_mode": "fill"})
    assert _warnings_of(lambda: render_back(deck)) == [
        f"{photos / 'deck.toml'}: back.image: couple.jpg: on the back 1 of the 2 people in the picture is left out "
        '(they stand too far apart for it); set image_mode = "fit" (the whole picture; crop the picture round the '
        "people first, so they show larger) in [back]"]
    # one face is kept whole, inside the safe zone: the detector finds it on the written back
    back = _quietly(lambda: render_back(deck))
    k = 100 / 25.4
    b = round(BLEED * k)
    found = find_faces(back.crop((b, b, back.width - b, back.height - b)))
    assert len(found) >= 1
    f = max(found, key=lambda f: f.width)
    w, h = back.width - 2 * b, back.height - 2 * b
    assert f.left * w >= 4 * k - 2 and f.right * w <= w - 4 * k + 2 and f.top * h >= 4 * k - 2


def test_a_back_portrait_framed_on_its_face_does_not_warn(photos):
    deck = make_deck(photos, {}, dpi=100, back={"image": "astronaut.jpg", "image_mode": "fill"})
    assert _warnings_of(lambda: render_back(deck)) == []


def test_a_back_focus_that_pushes_a_face_into_the_safe_zone_warns_and_names_the_focus(photos):
    # the square photo fills the back's full height; a focus right of her face (34-54 % across)
    # puts her face's left edge about 2 mm inside the trim
    deck = make_deck(photos, {}, dpi=100, back={"image": "astronaut.jpg", "image_mode": "fill", "image_focus": [0.62, 0.5]})
    messages = _warnings_of(lambda: render_back(deck))
    assert len(messages) == 1
    assert messages[0].startswith(f"{photos / 'deck.toml'}: back.image: astronaut.jpg: on the back a face comes "
                                  "within 4 mm of the card's edge, where a cut may take it off; ")
    assert messages[0].endswith('set image_focus = [0.44, 0.24] (on the faces), or image_mode = "fit" '
                                "(the whole picture) in [back]")


def test_a_lid_picture_that_leaves_a_person_out_warns_once_on_the_command_line(photos, run):
    (photos / "deck.toml").write_text('[tin]\ndpi = 72\nimage = "couple.jpg"\nimage_mode = "fill"\n')
    code, out, err = run(photos, "tin", "--out", str(photos / "out-lid"))
    assert code == 0, err
    expected = ("warning: deck.toml: tin.image: couple.jpg: on the tin lid 1 of the 2 people in the picture is left "
                'out (they stand too far apart for it); set image_mode = "fit" (the whole picture; crop the picture '
                "round the people first, so they show larger) in [tin]")
    assert [line for line in err.splitlines() if "tin.image" in line] == [expected]
    assert (photos / "out-lid" / "tin" / "lid.png").is_file()


def test_a_face_in_a_rounded_corner_is_named_as_such():
    trim = (0.0, 0.0, 590.0, 910.0)
    radius, safe = 50.0, 40.0
    # inside the trim, but where the cutter rounds the top-left corner off
    assert picture_cut(((5.0, 5.0, 120.0, 140.0),), trim, trim, radius, safe) == "a face is cut by the card's rounded corner"
    # the same face moved along the edge, clear of the arc: only the safe zone is crossed
    assert picture_cut(((5.0, 200.0, 120.0, 335.0),), trim, trim, radius, safe) == (
        "a face reaches into the safe zone, where the cut may wander")
    assert picture_cut(((60.0, 60.0, 175.0, 195.0),), trim, trim, radius, safe) is None
    assert picture_cut(((-10.0, 60.0, 105.0, 195.0),), trim, trim, radius, safe) == "a face is cut off by the trim"
    # the lower-right corner too
    assert picture_cut(((480.0, 780.0, 588.0, 908.0),), trim, trim, radius, safe) == "a face is cut by the card's rounded corner"


def test_the_preflight_counts_the_zoom_in_a_photo_s_resolution(photos, run):
    # 1024 px across the 42 mm half is 619 ppi at zoom 1; zoom 3 spreads a third of them: 206 ppi
    (photos / "deck.toml").write_text('[cards.KH]\nimage = "astronaut.jpg"\nzoom = 3\n\n'
                                      '[cards.KD]\nimage = "distant.jpg"\n')
    code, out, err = run(photos, "print", "--preflight")
    lines = [line for line in (out + err).splitlines() if "photo:" in line]
    assert code == 1, out + err
    assert lines == ["FAIL  photo: astronaut.jpg is 1024 x 1024 px, below the 300 ppi generic asks for: 212 ppi for "
                     "40 x 41 mm at zoom 3 on cards.KH.image"], lines
    # the automatic zoom on the distant portrait (KD) stays at 300 ppi or more: not named


# ------------------------------------------------------------------ back and lid pictures: closer, never sliced


def _faces_on_back(back: Image.Image, dpi: int) -> list[tuple[float, float, float, float]]:
    """The faces the detector finds on a written back (trimmed), in card mm."""
    k = dpi / 25.4
    b = round(BLEED * k)
    card = back.crop((b, b, back.width - b, back.height - b))
    return [(f.left * card.width / k, f.top * card.height / k, f.right * card.width / k, f.bottom * card.height / k)
            for f in find_faces(card)]


def test_a_distant_portrait_on_a_back_is_zoomed_to_a_head_and_upper_body_inside_the_safe_zone(photos):
    auto = _faces_on_back(render_back(make_deck(photos, {}, back={"image": "distant.jpg", "image_mode": "fill"})), 150)
    plain = _faces_on_back(render_back(make_deck(photos, {}, back={"image": "distant.jpg", "image_mode": "fill",
                                                                   "image_zoom": 1})), 150)
    # (the detector's second guess on the zoomed back, on the suit's badge, is smaller: the largest is her face)
    assert auto and len(plain) == 1, (auto, plain)
    face, small = max(auto, key=lambda f: f[3] - f[1]), plain[0]
    # at zoom 1 her face is about 8 mm tall on the 91 mm back; the automatic zoom makes it 0.17 of the
    # safe zone's 83 mm height, about 14 mm (within the detector's jitter)
    assert 7 < small[3] - small[1] < 9.5, small
    assert 11.5 < face[3] - face[1] < 16.5, face
    safe = 4.0
    assert safe < face[0] and face[2] < CARD_WIDTH_MM - safe and safe < face[1] and face[3] < 91 - safe, face
    # the eyes in the upper half (a third down where the photo reaches far enough below her)
    assert 25 < face[1] + 0.4 * (face[3] - face[1]) < 45.5, face


def test_a_back_s_automatic_zoom_follows_deck_toml_and_a_focus_turns_it_off(photos):
    from deckgen.render.backs import place_picture, safe_keep
    deck = make_deck(photos, {}, back={"image": "distant.jpg", "image_mode": "fill"})
    assert deck.backs[0].picture.zoom is None
    assert make_deck(photos, {}, back={"image": "distant.jpg", "image_mode": "fill", "image_zoom": 2.5}
                     ).backs[0].picture.zoom == 2.5
    image = Image.open(photos / "distant.jpg").convert("RGB")
    box = deck.card.box()
    region = (0, 0, *box.size)
    keep = safe_keep(region, box, 4.0)
    mm = 25.4 / 150
    assert 1.6 < place_picture(image, region, "fill", None, keep=keep, zoom=None, mm_per_px=mm).fill.zoom < 1.9
    assert place_picture(image, region, "fill", (0.3, 0.5), keep=keep, zoom=None, mm_per_px=mm).fill.zoom == 1.0
    assert place_picture(image, region, "fill", None, keep=keep, zoom=2.5, mm_per_px=mm).fill.zoom == 2.5


def test_a_distant_portrait_on_the_lid_is_zoomed_and_framed_inside_its_picture(photos):
    from deckgen.render.tin import lid_picture_region, render_lid
    deck = make_deck(photos, {}, tin={"image": "distant.jpg", "image_mode": "fill", "dpi": 100})
    lid = _quietly(lambda: render_lid(deck))
    l, t, r, b = lid_picture_region(deck.lid.box())
    found = find_faces(lid.crop((l, t, r, b)))
    assert len(found) == 1, found
    face = found[0]
    # whole inside the picture, the face about 0.17 of its height (it was 0.06 at zoom 1)
    assert 0.05 < face.left and face.right < 0.95 and 0.05 < face.top and face.bottom < 0.95, face
    assert 0.13 < face.height < 0.22, face


def test_a_distant_portrait_on_a_tuck_box_front_is_zoomed_as_on_the_lid(photos):
    # the box's front shows the lid's picture: the same automatic zoom, and image_zoom = 1 turns it off
    from deckgen.render.tuckbox import TUCK_BLEED_MM, front_picture_region, render_tuck_art, tuck_net
    found = {}
    for zoom in (None, 1):
        tin = {"image": "distant.jpg", "image_mode": "fill", **({} if zoom is None else {"image_zoom": zoom})}
        deck = make_deck(photos, {}, card={"format": "poker"}, box={"kind": "tuck"}, tin=tin)
        net = tuck_net(deck)
        art = _quietly(lambda: render_tuck_art(deck, net, dpi=100))
        found[zoom] = find_faces(art.crop(front_picture_region(deck, net, 100, TUCK_BLEED_MM)))
    # automatic: one face, whole inside the 55 x 31 mm picture, about a quarter of its height
    assert len(found[None]) == 1, found
    face = found[None][0]
    assert 0.05 < face.left and face.right < 0.95 and 0.05 < face.top and face.bottom < 0.95, face
    assert 0.22 < face.height < 0.35, face
    # at zoom 1 the whole launch pad shows and the face is too small to find at 100 DPI
    assert all(f.height < 0.12 for f in found[1]), found


def test_a_face_the_back_cannot_also_hold_is_left_wholly_out_not_sliced_by_the_trim(photos):
    # the couple stand too far apart for an upright card: one is framed, the other is left out whole
    from deckgen.render.backs import place_picture, safe_keep
    from deckgen.render.framing import box_inside, to_area
    deck = make_deck(photos, {}, dpi=100, back={"image": "couple.jpg", "image_mode": "fill"})
    box = deck.card.box()
    region = (0, 0, *box.size)
    image = Image.open(photos / "couple.jpg").convert("RGB")
    fill = place_picture(image, region, "fill", None, keep=safe_keep(region, box, 4.0), zoom=None,
                         mm_per_px=0.254).fill
    trim = box.trim_rect()
    placed = [to_area(f.scaled(*fill.size), fill.window, box.size) for f in fill.faces]
    assert len(placed) == 2
    inside = [f for f in placed if box_inside(f, trim, 0.0)]
    outside = [f for f in placed if f[2] <= trim[0] or f[0] >= trim[2]]
    assert len(inside) == 1 and len(outside) == 1, placed
    # on the written back the detector finds the one face, whole
    assert len(_faces_on_back(_quietly(lambda: render_back(deck)), 100)) == 1


def test_a_mirrored_back_that_holds_both_faces_is_not_zoomed_onto_one(photos):
    from deckgen.render.backs import picture_region, place_picture, safe_keep
    from deckgen.render.framing import box_inside, to_area
    deck = make_deck(photos, {}, back={"image": "couple.jpg", "image_mode": "fill", "mirror_image": True})
    box = deck.card.box()
    half = picture_region(deck.backs[0], box, deck.card.corner_radius_mm)
    image = Image.open(photos / "couple.jpg").convert("RGB")
    keep = safe_keep(half, box, 4.0)
    fill = place_picture(image, half, "fill", None, keep=keep, zoom=None, mm_per_px=25.4 / 150).fill
    # at zoom 1 the two faces are 3 px too wide for the half's safe zone: the picture is shown a
    # little smaller (a mirrored band below it) so both stand inside it with room for their ears
    assert fill.zoom == pytest.approx(0.9154, abs=1e-4) and len(fill.faces) == 2
    w, h = half[2] - half[0], half[3] - half[1]
    kept = (keep[0] * w, keep[1] * h, keep[2] * w, keep[3] * h)
    assert all(box_inside(to_area(f.scaled(*fill.size), fill.window, (w, h)), kept, 0.0) for f in fill.faces)


# ------------------------------------------------------------------ every person kept who can be


def _whole_in_window(plan) -> int:
    return sum(1 for f in plan.faces if box_inside(f.scaled(*plan.photo_px), plan.window, 0.0))


def test_a_couple_on_a_mirrored_court_keeps_both_people(photos):
    # the review's wedding JH: a 3:2 couple whose faces span 2,131 px of the 3,000 px photo, where the
    # zoom-1 window of a half-card is 2,048 px wide; the automatic zoom went to 1.47 on one of them
    from deckgen.render.photocards import _keep_mm
    from deckgen.render.framing import box_inside
    card = parse_card("JH")
    deck = make_deck(photos, {"JH": {"image": "couple-3000.jpg", "text": "Anna & Ben, 12 June 2027"}})
    plan = plan_card(deck, card)
    assert plan.auto and plan.zoom == pytest.approx(0.8571, abs=1e-4)
    assert plan.problems == ()
    # both face boxes inside the kept window, and on the card inside the frame clear of its rules
    assert len(plan.faces) == 2 and _whole_in_window(plan) == 2
    keep = _keep_mm(SKAT, "mirrored")
    assert all(box_inside(f, keep, 0.01) for f in plan.faces_mm), plan.faces_mm
    # the written card: the detector finds both people in each half
    found = halves_mm(render_face(deck, card, plan), 150)
    assert [len(half) for half in found] == [2, 2], found


def test_one_person_is_framed_as_before_closer_and_whole(photos):
    from deckgen.render.photocards import _keep_mm
    plan = plan_card(make_deck(photos, {"KH": {"image": "astronaut.jpg"}}), parse_card("KH"))
    assert plan.auto and plan.zoom == pytest.approx(1.4176, abs=1e-4) and plan.problems == ()
    assert _whole_in_window(plan) == 1 and box_inside(plan.faces_mm[0], _keep_mm(SKAT, "mirrored"), 0.01)


def test_a_couple_too_wide_for_a_full_card_says_how_many_are_left_out(photos):
    card = parse_card("QC")
    deck = make_deck(photos, {"QC": {"image": "couple-3000.jpg", "mode": "full"}})
    plan = plan_card(deck, card)
    # the one kept is shown a little smaller, so that her whole head stays clear of the trim
    assert plan.zoom == 0.95 and plan.choice == "mat" and _whole_in_window(plan) == 1
    assert plan.problems == (
        f"{photos / 'deck.toml'}: cards.QC.image: couple-3000.jpg: on QC 1 of the 2 people in the photo is left out "
        '(they stand too far apart for a full card); in [cards.QC] set fit = "contain" to show the whole photo '
        '(crop the photo round the people first, so they show larger), or mode = "mirrored" (the half-card holds '
        "them all)",)


@pytest.mark.parametrize("name", ["couple-3000.jpg", "couple.jpg", "astronaut.jpg", "group.jpg", "distant.jpg"])
def test_the_automatic_zoom_never_drops_a_person_who_is_whole_at_zoom_1(photos, name):
    # one rule for every place a photo fills: the courts (mirrored, full), a back's halves and the lid
    from deckgen.render.backs import picture_region, place_picture, safe_keep
    from deckgen.render.framing import to_area
    from deckgen.render.tin import lid_box, lid_picture_region
    deck = make_deck(photos, {"JH": {"image": name}, "QH": {"image": name, "mode": "full"},
                              "JS": {"image": name, "zoom": 1.0}, "QS": {"image": name, "mode": "full", "zoom": 1.0}},
                     back={"image": name, "image_mode": "fill", "mirror_image": True})
    for auto, fixed in (("JH", "JS"), ("QH", "QS")):
        chosen, at_1 = plan_card(deck, parse_card(auto)), plan_card(deck, parse_card(fixed))
        assert _whole_in_window(chosen) >= _whole_in_window(at_1), (name, auto, chosen.zoom)
    image = Image.open(photos / name).convert("RGB")
    box, lid = deck.card.box(), lid_box(deck)
    half = picture_region(deck.backs[0], box, deck.card.corner_radius_mm)
    whole = (0, 0, *box.size)
    places = ((half, safe_keep(half, box, 4.0), 25.4 / 150), (whole, safe_keep(whole, box, 4.0), 25.4 / 150),
              (lid_picture_region(lid), (0.0, 0.0, 1.0, 1.0), 25.4 / lid.dpi))
    for region, keep, mm_per_px in places:
        counts = []
        for zoom in (None, 1.0):
            fill = place_picture(image, region, "fill", None, keep=keep, zoom=zoom, mm_per_px=mm_per_px).fill
            size = (region[2] - region[0], region[3] - region[1])
            counts.append(sum(1 for f in fill.faces
                              if box_inside(to_area(f.scaled(*fill.size), fill.window, size), (0, 0, *size), 0.0)))
        assert counts[0] >= counts[1], (name, region, counts)



# ------------------------------------------------------------------ the whole head, not only the face


def test_a_full_card_portrait_keeps_her_hair_clear_of_the_trim(photos):
    # the review's KS: the astronaut's hair rises half a face-box above the detector's box, to 15 px
    # of the 512 px photo; at zoom 1 the trim ran 0.1 mm below its top. The head box is kept inside the
    # safe zone now, by showing the photo at 94 % with the band above her hair.
    from deckgen.render.framing import HEAD, head_box
    deck = make_deck(photos, {"KS": {"image": "astronaut.jpg", "mode": "full"}}, dpi=100)
    plan = plan_card(deck, parse_card("KS"))
    assert plan.auto and 0.9 < plan.zoom < 0.97 and plan.problems == ()
    face = plan.faces_mm[0]
    head = head_box(face)
    assert head[1] == pytest.approx(face[1] - HEAD[0] * (face[3] - face[1]))
    assert box_inside(head, SKAT.safe_box, 0.05), head  # the crown 4 mm inside the cut, the ears too
    # where her hair really is: 15 px from the top of the 512 px photo, 30 of the 1024 px copy
    hair_top_mm = plan.area_mm[1] + (30 - plan.window[1]) * (plan.area_mm[3] - plan.area_mm[1]) / (plan.window[3] - plan.window[1])
    assert hair_top_mm > 4.5, hair_top_mm


def test_a_mirrored_court_keeps_the_crown_below_the_frame(photos):
    from deckgen.render.photocards import _keep_mm
    from deckgen.render.framing import head_box
    deck = make_deck(photos, {"KH": {"image": "astronaut.jpg"}}, dpi=100)
    plan = plan_card(deck, parse_card("KH"))
    assert plan.problems == ()
    assert head_box(plan.faces_mm[0])[1] >= _keep_mm(SKAT, "mirrored")[1] - 0.05


def test_hair_the_photo_itself_cuts_is_warned_about_naming_the_card(photos, tmp_path):
    # the same portrait with its top 80 px (the hair) cropped off by whoever took it: no band can
    # give the room back (it would mirror the hair), so the build says so
    Image.open(photos / "astronaut.jpg").crop((0, 80, 1024, 1024)).save(tmp_path / "cut.jpg", quality=90)
    deck = make_deck(tmp_path, {"KS": {"image": "cut.jpg", "mode": "full"}, "KH": {"image": "cut.jpg"}}, dpi=100)
    full, mirrored = plan_card(deck, parse_card("KS")), plan_card(deck, parse_card("KH"))
    tail = ': the photo leaves no room round the head; use a photo with more room round the head, or set fit = "contain" (the whole photo)'
    assert full.problems == (f"{tmp_path / 'deck.toml'}: cards.KS.image: cut.jpg: on KS the top of a head (the hair "
                             f"above the face) is cut off by the trim{tail} in [cards.KS]",)
    assert mirrored.problems == (f"{tmp_path / 'deck.toml'}: cards.KH.image: cut.jpg: on KH the top of a head (the hair "
                                 f"above the face) is cut off by the frame{tail} in [cards.KH]",)


def test_a_focus_that_pushes_the_hair_to_the_trim_says_the_automatic_framing_would_not(photos):
    deck = make_deck(photos, {"KS": {"image": "astronaut.jpg", "mode": "full", "focus": [0.5, 0.6]}}, dpi=100)
    assert plan_card(deck, parse_card("KS")).problems == (
        f"{photos / 'deck.toml'}: cards.KS.image: astronaut.jpg: on KS the top of a head (the hair above the face) is "
        "cut off by the trim; set no zoom or focus (the build then keeps the head clear), or fit = \"contain\" "
        "(the whole photo) in [cards.KS]",)


# ------------------------------------------------------------------ a photo without a face


def test_a_cat_on_a_full_card_keeps_both_eyes_inside_the_trim(tmp_path):
    # skimage's chelsea, 451 x 300: her eyes span x 135-208 and 293-345, wider together than the
    # zoom-1 window of a full card (201 px); the centred crop cut the right eye with the trim
    samples.cat().save(tmp_path / "cat.png")
    deck = make_deck(tmp_path, {"QS": {"image": "cat.png", "mode": "full"}, "QH": {"image": "cat.png"}}, dpi=100)
    full = plan_card(deck, parse_card("QS"))
    assert full.faces == () and full.auto and 0.85 <= full.zoom < 0.9 and full.problems == ()
    w = full.window
    px_per_mm = (w[2] - w[0]) / (full.area_mm[2] - full.area_mm[0])
    trim = (w[0] + BLEED * px_per_mm, w[1] + BLEED * px_per_mm, w[2] - BLEED * px_per_mm, w[3] - BLEED * px_per_mm)
    # the irises (left 140-207, right 296-343): whole inside the trim, the left one's dark rim at it (the
    # two eyes need 210 of the 214 px the trim holds at zoom 0.85, the least the band allows)
    for iris in ((140, 90, 207, 140), (296, 112, 343, 163)):
        assert box_inside(iris, trim, 0.0), (iris, trim)
    half = plan_card(deck, parse_card("QH"))  # the wide half holds both at zoom 1, as before
    assert half.zoom == 1.0 and box_inside((135, 85, 345, 165), half.window, 0.0)


def test_a_photo_whose_detail_is_everywhere_keeps_its_centred_crop(tmp_path):
    from skimage import data
    Image.fromarray(data.hubble_deep_field()).save(tmp_path / "stars.png")
    Image.fromarray(data.rocket()).save(tmp_path / "rocket.png")
    deck = make_deck(tmp_path, {"QS": {"image": "stars.png", "mode": "full"},
                                "JS": {"image": "rocket.png", "mode": "full"}}, dpi=100)
    for code, width, centred in (("QS", 1000, 207.8), ("JS", 640, 176.9)):
        plan = plan_card(deck, parse_card(code))
        assert plan.zoom == 1.0 and abs(plan.window[0] - centred) < 0.01 * width, (code, plan.window)


def test_a_photo_without_a_face_is_measured_once_however_many_cards_show_it(tmp_path, monkeypatch):
    from deckgen.render import photos as photos_module
    samples.cat().save(tmp_path / "cat.png")
    deck = make_deck(tmp_path, {"QS": {"image": "cat.png", "mode": "full"}, "QH": {"image": "cat.png"},
                                "KH": {"image": "cat.png", "zoom": 1.5}}, dpi=100)
    measured = []
    real = photos_module.photo_detail
    monkeypatch.setattr(photos_module, "photo_detail", lambda photo: measured.append(photo.size) or real(photo))
    plans = [plan_card(deck, parse_card(code)) for code in ("QS", "QH", "KH", "QS", "QH")]
    assert len(measured) == 1 and plans[0].window == plans[3].window and plans[1].window == plans[4].window
    photos_module.forget_faces()  # forgotten with the faces: measured again from cold
    assert plan_card(deck, parse_card("QS")).window == plans[0].window and len(measured) == 2
