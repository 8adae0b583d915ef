"""Photo courts: faces found and kept, zoom, fit, warnings, the crop review (issue 11).

The photos are real ones that ship in scikit-image (the astronaut portrait)
and compositions made from them (tests/photo_samples.py). The checks run the
same face detector on the written card, so they test what a buyer would see.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

pytest.importorskip("skimage")

import photo_samples as samples  # noqa: E402

from deckgen.cards import parse_card  # noqa: E402
from deckgen.config import DeckConfig  # noqa: E402
from deckgen.design import Design  # noqa: E402
from deckgen.resolve import resolve_design  # noqa: E402
from deckgen.render.backs import place_picture  # noqa: E402
from deckgen.render.facefind import FaceBox, find_faces  # noqa: E402
from deckgen.design import CardFormat  # noqa: E402
from deckgen.render.facelayout import FaceLayout  # noqa: E402
from deckgen.render.faces import render_face
from deckgen.render.photos import PhotoWarning
from deckgen.render.facebuild import build_faces
from deckgen.render.captions import caption_box_mm
from deckgen.render.cropreview import crop_review
from deckgen.render.photocards import plan_card, plan_crops, plate_box_mm
from deckgen.render.facedraw import typographic_quotes
from deckgen.render.framing import plan_window  # noqa: E402
from deckgen.units import CARD_HEIGHT_MM, CARD_WIDTH_MM  # noqa: E402

DPI = 300
K = DPI / 25.4
BLEED = 3.0
SAFE = 4.0
SKAT = FaceLayout.for_format(CardFormat())  # the demo's card
FRAME, INDEX_X, MID_Y = SKAT.frame, SKAT.index_x, SKAT.mid_y


def make_deck(folder: Path, cards: dict, dpi: int = DPI, **extra) -> Design:
    """The resolved design of a deck.toml with these cards in `folder` (what the renderers take)."""
    return resolve_design(DeckConfig.model_validate(
        {"dpi": dpi, "cards": cards, "base_dir": folder, "source": folder / "deck.toml", **extra}))


def trim(image: Image.Image) -> Image.Image:
    b = round(BLEED * K)
    return image.crop((b, b, image.width - b, image.height - b))


def faces_mm(image: Image.Image) -> list[tuple[float, float, float, float]]:
    """The detector run on a picture of the card (trimmed), boxes in card mm."""
    w, h = image.size
    return [(f.left * w / K, f.top * h / K, f.right * w / K, f.bottom * h / K) for f in find_faces(image)]


def inside(box, outer, slack=0.0) -> bool:
    return box[0] >= outer[0] - slack and box[1] >= outer[1] - slack and box[2] <= outer[2] + slack and box[3] <= outer[3] + slack


@pytest.fixture(scope="module")
def photos(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("photos")
    samples.top_fifth_portrait().save(folder / "top.jpg", quality=92)
    samples.astronaut().resize((1024, 1024), Image.Resampling.LANCZOS).save(folder / "astronaut.jpg", quality=92)
    samples.couple_landscape().save(folder / "couple.jpg", quality=92)
    return folder


def test_the_detector_finds_the_astronaut_once_and_the_same_every_time():
    a = samples.astronaut()
    first = find_faces(a)
    assert len(first) == 1
    f = first[0]
    # her face: right of centre of the left half, in the top third
    assert 0.3 < f.left < 0.4 and 0.5 < f.right < 0.6 and 0.1 < f.top < 0.16 and 0.28 < f.bottom < 0.34
    assert find_faces(a) == first
    assert find_faces(samples.cat()) == ()
    assert len(find_faces(samples.couple_landscape())) == 2


def test_a_face_seen_from_the_side_is_found_either_way_round(photos):
    # scikit-image's cameraman looks to the right, three-quarters turned: the frontal cascade finds
    # no face in him, the profile one does, in the photo and in its mirror image
    from PIL import ImageOps

    from deckgen.render.facefind import CASCADE, _detect, detection_copy
    cam = samples.cameraman()
    assert _detect(detection_copy(cam), 20, cascade=CASCADE) == []
    (right,) = find_faces(cam)
    (left,) = find_faces(ImageOps.mirror(cam))
    # his face, between his hair and the camera: about 34-56 % across, 17-40 % down
    assert 0.3 < right.left < 0.38 and 0.52 < right.right < 0.6 and 0.14 < right.top < 0.2 and 0.36 < right.bottom < 0.44
    assert abs(left.left - (1 - right.right)) < 0.02 and abs(left.right - (1 - right.left)) < 0.02
    # on a court, his face is framed whole in each half like any other
    cam.save(photos / "cameraman.png")
    deck = make_deck(photos, {"KC": {"image": "cameraman.png"}}, dpi=150)
    plan = plan_card(deck, parse_card("KC"))
    assert plan is not None and len(plan.faces) == 1 and plan.problems == ()
    assert inside(plan.faces_mm[0], (FRAME[0], FRAME[1], FRAME[2], MID_Y)), plan.faces_mm


def test_top_fifth_portrait_mirrored_keeps_the_face_whole_in_each_half(photos):
    deck = make_deck(photos, {"JS": {"image": "top.jpg"}})
    card = trim(render_face(deck, parse_card("JS")))
    half_h = round(MID_Y * K)
    upper = card.crop((0, 0, card.width, half_h))
    lower = card.crop((0, card.height - half_h, card.width, card.height)).rotate(180)
    frame_half = (FRAME[0], FRAME[1], FRAME[2], MID_Y)
    for half in (upper, lower):
        found = faces_mm(half)
        assert len(found) == 1, found
        face = found[0]
        assert inside(face, frame_half), face
        assert inside(face, (SAFE, SAFE, CARD_WIDTH_MM - SAFE, CARD_HEIGHT_MM - SAFE))
        # framed like a portrait: the eyes (40 % down the box) about a third of the way down the half
        eyes = face[1] + 0.4 * (face[3] - face[1])
        assert (eyes - FRAME[1]) / (MID_Y - FRAME[1]) < 0.4


def test_top_fifth_portrait_full_keeps_the_face_inside_the_safe_zone(photos):
    deck = make_deck(photos, {"JS": {"image": "top.jpg", "mode": "full"}})
    card = trim(render_face(deck, parse_card("JS")))
    found = faces_mm(card)
    assert len(found) == 1, found
    face = found[0]
    assert inside(face, (SAFE, SAFE, CARD_WIDTH_MM - SAFE, CARD_HEIGHT_MM - SAFE)), face
    # not under either index plate
    for box in (plate_box_mm(SKAT, parse_card("JS"), "left"), plate_box_mm(SKAT, parse_card("JS"), "right")):
        assert face[0] >= box[2] or face[2] <= box[0] or face[1] >= box[3]
    # as high as the photo allows (its face is in its top fifth, and a cover crop cannot reach
    # above the photo), never lower than a third of the way down the card
    eyes = face[1] + 0.4 * (face[3] - face[1])
    assert eyes / CARD_HEIGHT_MM < 0.36


def test_astronaut_on_kh_is_whole_and_centred_in_each_half(photos):
    deck = make_deck(photos, {"KH": {"image": "astronaut.jpg"}})
    card = trim(render_face(deck, parse_card("KH")))
    half_h = round(MID_Y * K)
    for half in (card.crop((0, 0, card.width, half_h)), card.crop((0, card.height - half_h, card.width, card.height)).rotate(180)):
        found = faces_mm(half)
        assert len(found) == 1
        face = found[0]
        assert inside(face, (FRAME[0], FRAME[1], FRAME[2], MID_Y))
        centre = (face[0] + face[2]) / 2
        assert abs(centre - CARD_WIDTH_MM / 2) < 6.0  # not pushed against the frame's edge


def test_a_focus_that_pushes_the_face_off_warns_naming_the_card(photos):
    deck = make_deck(photos, {"KH": {"image": "astronaut.jpg", "focus": [0.5, 1.0], "zoom": 2.0}})
    with pytest.warns(PhotoWarning) as record:
        plans = plan_crops(deck)
        for plan in plans.values():
            for problem in plan.problems:
                warnings.warn(problem, PhotoWarning)
    messages = [str(r.message) for r in record]
    assert len(messages) == 1
    assert messages[0].startswith(f"{photos / 'deck.toml'}: cards.KH.image: astronaut.jpg: on KH a face is cut off by the frame; set ")
    assert "focus = [" in messages[0] and "a lower zoom (now 2)" in messages[0] and 'fit = "contain"' in messages[0]
    assert messages[0].endswith("in [cards.KH]")


def test_build_faces_warns_once_for_each_problem(photos, tmp_path):
    deck = make_deck(photos, {"QS": {"image": "couple.jpg", "mode": "full"}}, dpi=150)
    with pytest.warns(PhotoWarning) as record:
        build_faces(deck, tmp_path / "out", jobs=2)
    cut = [str(r.message) for r in record if "on QS" in str(r.message)]
    assert cut == [f"{photos / 'deck.toml'}: cards.QS.image: couple.jpg: on QS 1 of the 2 people in the photo is "
                   'left out (they stand too far apart for a full card); in [cards.QS] set fit = "contain" to show '
                   'the whole photo (crop the photo round the people first, so they show larger), or '
                   'mode = "mirrored" (the half-card holds them all)',
                   f"{photos / 'deck.toml'}: cards.QS.image: couple.jpg: on QS the photo is shown at zoom 0.94 on a mat "
                   "of its own edge colours (top 5.1 mm, bottom 0.7 mm) to keep the head of each person it keeps whole; "
                   "set cards.QS.zoom = 1 "
                   'to crop it instead, or fit = "contain" for the whole photo']
    # the crop keeps one face whole rather than two halves, and that one's whole head (below zoom 1, on a mat)
    card = Image.open(tmp_path / "out" / "cards" / "QS.png").convert("RGB")
    b = round(BLEED * 150 / 25.4)
    assert len(find_faces(card.crop((b, b, card.width - b, card.height - b)))) == 1


def _face_pixels(card: Image.Image, box_mm, size=48) -> np.ndarray:
    b = BLEED * K
    box = tuple(round(b + v * K) for v in box_mm)
    return np.asarray(card.crop(box).convert("L").resize((size, size), Image.Resampling.BOX), dtype=np.float64)


def test_zoom_2_doubles_the_face_on_the_card(photos):
    one = make_deck(photos, {"KH": {"image": "astronaut.jpg", "zoom": 1}})  # a zoom set: none chosen for it
    two = make_deck(photos, {"KH": {"image": "astronaut.jpg", "zoom": 2}})
    card = parse_card("KH")
    plan1, plan2 = plan_card(one, card), plan_card(two, card)
    assert plan1 is not None and plan2 is not None
    w1 = plan1.faces_mm[0][2] - plan1.faces_mm[0][0]
    w2 = plan2.faces_mm[0][2] - plan2.faces_mm[0][0]
    assert w2 / w1 == pytest.approx(2.0, rel=0.05)
    # and the card shows the face there, at that size: the pixels match the photo's own face
    source = Image.open(photos / "astronaut.jpg").convert("RGB")
    face = plan1.faces[0].scaled(*source.size)
    expected = np.asarray(source.crop(tuple(round(v) for v in face)).convert("L").resize((48, 48), Image.Resampling.BOX), dtype=np.float64)
    for deck, plan in ((one, plan1), (two, plan2)):
        got = _face_pixels(render_face(deck, card, plan), plan.faces_mm[0])
        assert np.abs(got - expected).mean() < 8.0
    # the detector agrees that the face on the card doubled (its scale steps are 10 %)
    h1 = faces_mm(trim(render_face(one, card)).crop((0, 0, round(CARD_WIDTH_MM * K), round(MID_Y * K))))
    h2 = faces_mm(trim(render_face(two, card)).crop((0, 0, round(CARD_WIDTH_MM * K), round(MID_Y * K))))
    assert len(h1) == 1 and len(h2) == 1
    assert (h2[0][2] - h2[0][0]) / (h1[0][2] - h1[0][0]) == pytest.approx(2.0, rel=0.12)


def test_fit_contain_keeps_the_whole_landscape_photo(photos):
    deck = make_deck(photos, {"QS": {"image": "couple.jpg", "mode": "full", "fit": "contain"}})
    card = parse_card("QS")
    plan = plan_card(deck, card)
    assert plan is not None and plan.problems == ()
    image = render_face(deck, card, plan)
    # where the whole photo lands on the card: inside the safe zone, between the plates' rows
    pw, ph = plan.photo_px
    win = plan.window
    area = plan.area_mm
    sx = (area[2] - area[0]) / (win[2] - win[0])
    sy = (area[3] - area[1]) / (win[3] - win[1])
    photo_mm = (area[0] - win[0] * sx, area[1] - win[1] * sy, area[0] + (pw - win[0]) * sx, area[1] + (ph - win[1]) * sy)
    assert inside(photo_mm, (SAFE, SAFE, CARD_WIDTH_MM - SAFE, CARD_HEIGHT_MM - SAFE), slack=0.01)
    assert photo_mm[1] >= plate_box_mm(SKAT, card, "left")[3]
    assert (photo_mm[2] - photo_mm[0]) / (photo_mm[3] - photo_mm[1]) == pytest.approx(pw / ph, rel=0.01)
    # the card shows the whole photo there: every corner and both faces
    source = Image.open(photos / "couple.jpg").convert("L")
    b = BLEED * K
    shown = image.convert("L").crop(tuple(round(b + v * K) for v in photo_mm)).resize((90, 60), Image.Resampling.BOX)
    expected = source.resize((90, 60), Image.Resampling.BOX)
    assert np.abs(np.asarray(shown, dtype=float) - np.asarray(expected, dtype=float)).mean() < 6.0
    assert len(faces_mm(trim(image))) == 2
    # the rest of the card is a blurred copy, not white paper; contain-plain uses the card colour
    corner = np.asarray(image.crop((0, round(b + 40), 60, round(b + 100))))
    assert corner.std() < 25 and not (corner > 245).all()
    plain = make_deck(photos, {"QS": {"image": "couple.jpg", "mode": "full", "fit": "contain-plain"}})
    px = render_face(plain, card).getpixel((round(b + 30 * K), round(b + 20 * K)))
    assert px == (255, 253, 248)


def test_no_face_and_no_focus_keeps_the_upper_part():
    # a tall photo, no faces: the window sits in the upper part, not the centre
    left, top, right, bottom = plan_window((1000, 3000), (500, 500), ())
    assert top < (3000 - (bottom - top)) / 2
    assert top == pytest.approx(max(0.0, 1000 - (bottom - top) / 2))
    # a focus still overrides the faces
    face = (FaceBox(0.4, 0.05, 0.6, 0.12),)
    assert plan_window((1000, 3000), (500, 500), face, focus=(0.5, 1.0))[3] == 3000


def test_caption_moves_off_a_face(photos):
    # the astronaut zoomed so that her chin is at the foot of the half: the caption goes elsewhere
    deck = make_deck(photos, {"JH": {"image": "astronaut.jpg", "text": "Best man", "zoom": 3, "focus": [0.45, 0.1]}})
    card = parse_card("JH")
    plan = plan_card(deck, card)
    assert plan is not None
    default = caption_box_mm(deck, "Best man", "half")
    face = plan.faces_mm[0]
    assert face[3] > default[1]  # the face reaches down to where the caption would be
    assert plan.caption in ("divider", "top")
    box = caption_box_mm(deck, "Best man", plan.caption)
    assert box[1] >= face[3] or box[3] <= face[1]


def test_full_plates_move_to_the_free_corners_and_are_opaque_inside_the_safe_zone(photos, tmp_path):
    card = parse_card("QS")
    plan = plan_card(make_deck(photos, {"QS": {"image": "top.jpg", "mode": "full"}}), card)
    assert plan is not None and plan.plates == "left"
    # a photo whose face sits at the top left is answered by plates at the top right and bottom left
    img = samples.astronaut().crop((150, 0, 512, 512))
    canvas = Image.new("RGB", (1200, 1700), (90, 110, 140))
    canvas.paste(img.resize((520, 736)), (0, 0))
    canvas.save(tmp_path / "left.jpg", quality=92)
    deck = make_deck(tmp_path, {"QS": {"image": "left.jpg", "mode": "full", "focus": [0.5, 0.5]}})
    plan = plan_card(deck, card)
    assert plan is not None and len(plan.faces) == 1
    assert plan.plates == "right", plan.faces_mm
    # opaque and inside the safe zone: on a saturated red photo, the plate's ground is the card colour
    Image.new("RGB", (800, 1200), (210, 0, 0)).save(tmp_path / "red.png")
    red = render_face(make_deck(tmp_path, {"QS": {"image": "red.png", "mode": "full"}}), card)
    b = BLEED * K
    x0, y0, x1, y1 = plate_box_mm(SKAT, card, "left")
    assert x0 >= SAFE and y0 >= SAFE
    arr = np.asarray(red).astype(int)
    not_red = (np.abs(arr - [210, 0, 0]).sum(axis=2) > 30)
    region = not_red[: round(b + 30 * K), : round(b + 20 * K)]
    ys, xs = np.nonzero(region)
    assert xs.min() >= b + SAFE * K - 1 and ys.min() >= b + SAFE * K - 1
    assert xs.max() <= b + x1 * K + 1 and ys.max() <= b + y1 * K + 1
    ground = red.getpixel((round(b + (x0 + 0.35) * K), round(b + (y0 + 3) * K)))
    assert ground == (255, 253, 248)


def test_crop_review_has_one_tile_per_photo(photos, tmp_path):
    cards = {"KH": {"image": "astronaut.jpg"}, "JS": {"image": "top.jpg"}, "QS": {"image": "couple.jpg", "mode": "full", "fit": "contain"}}
    deck = make_deck(photos, cards, dpi=100, faces={"joker_image": "astronaut.jpg"})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        build_faces(deck, tmp_path / "out", jobs=1)
    review = tmp_path / "out" / "preview" / "crops.png"
    assert review.is_file()
    plans = plan_crops(deck)
    assert sorted(plans) == ["JK1", "JK2", "JS", "KH", "QS"]
    sheet = crop_review(deck, plans)
    assert sheet is not None
    assert Image.open(review).size == sheet.size
    # three photos placed (KH and both jokers show the astronaut, cropped alike): three tiles
    from deckgen.render.cropreview import review_groups

    groups = review_groups(deck, plans)
    assert [codes for codes, _, _ in groups] == [["JS"], ["QS"], ["KH", "JK1", "JK2"]]
    # a deck without photos has no review, and an old one is removed
    build_faces(make_deck(photos, {}, dpi=100), tmp_path / "out", jobs=1)
    assert not review.exists()


def test_back_and_lid_pictures_are_cropped_on_their_faces(photos):
    portrait = samples.top_fifth_portrait()
    placed = place_picture(portrait, (0, 0, 800, 500), "fill", None).image
    found = find_faces(placed)
    assert len(found) == 1
    assert found[0].top > 0.02 and found[0].bottom < 0.98
    # with a focus at the foot, the face is gone: the focus still rules
    placed = place_picture(portrait, (0, 0, 800, 500), "fill", (0.5, 1.0)).image
    assert find_faces(placed) == ()


def test_captions_get_typographic_quotes():
    assert typographic_quotes("Ben's \"best\" man") == "Ben\u2019s \u201cbest\u201d man"
    assert typographic_quotes("'Nana' (aged 90)") == "\u2018Nana\u2019 (aged 90)"
    assert typographic_quotes("rock 'n' roll") == "rock \u2018n\u2019 roll"


@pytest.mark.parametrize("code", ["9S", "10H", "9C", "10D"])
def test_3_mm_between_the_index_and_the_nearest_pip(code):
    deck = resolve_design(DeckConfig.model_validate({"dpi": DPI}))
    image = np.asarray(trim(render_face(deck, parse_card(code))).convert("L")) < 200
    top = image[: round(35 * K), : round(CARD_WIDTH_MM / 2 * K)]
    column = round((INDEX_X + 2.5) * K)
    ys, xs = np.nonzero(top)
    index = np.column_stack([ys[xs < column], xs[xs < column]])
    pips = np.column_stack([ys[xs >= column], xs[xs >= column]])
    assert len(index) and len(pips)
    # the nearest pair of inked pixels, in mm (subsampled: a 0.1 mm grid is close enough)
    index, pips = index[::3], pips[::3]
    d = np.sqrt(((index[:, None, :] - pips[None, :, :]) ** 2).sum(axis=2)).min() / K
    assert d >= 3.0, d


def test_zoom_and_fit_are_checked_in_deck_toml(bad_config):
    # a zoom below 1 goes down to the automatic framing's floor, and no further
    bad_config("[cards.KH]\nzoom = 0.5\n", "cards.KH.zoom", "expected a number from 0.85 to 8 (got 0.5)")
    bad_config("[faces]\njoker_zoom = 0.84\n", "faces.joker_zoom", "expected a number from 0.85 to 8 (got 0.84)")
    bad_config("[cards.KH]\nzoom = 9\n", "cards.KH.zoom", "expected a number from 0.85 to 8 (got 9)")
    bad_config("[cards.KH]\nfit = 'stretch'\n", "cards.KH.fit", "unknown fit 'stretch': expected one of cover, contain, contain-plain")



def test_a_picture_placed_several_times_is_looked_at_once(monkeypatch):
    # the preflight, the PNG, the vector back and the tuck box's panel each place a back picture
    import deckgen.render.facefind as facefind

    looks = []
    real = facefind._find_faces
    monkeypatch.setattr(facefind, "_find_faces", lambda p: looks.append(p.size) or real(p))
    monkeypatch.setattr(facefind, "_FOUND", {})
    picture = samples.astronaut().resize((300, 300))
    first = facefind.find_faces(picture)
    assert facefind.find_faces(picture.copy()) == first and len(first) == 1
    assert looks == [(300, 300)]
    facefind.find_faces(picture.transpose(Image.Transpose.FLIP_LEFT_RIGHT))  # other pixels: looked at
    assert looks == [(300, 300), (300, 300)]


# --------------------------------------------------------------------------- captions with room round them

LONG_NAME = "Uncle Bartholomew Featherstonehaugh-Smythe"
DATE_LINE = "Anna & Ben, 12 June 2027"


def _caption_ink(tmp_path: Path, code: str, text: str, mode: str, dpi: int = 150) -> tuple[np.ndarray, float, float]:
    """Where the caption changes a card (on a plain photo, which hides nothing), as a boolean mask of
    the trimmed card, with the pixels per mm and the bleed in pixels."""
    Image.new("RGB", (900, 1400), (70, 90, 120)).save(tmp_path / "plain.png")
    with_text = make_deck(tmp_path, {code: {"image": "plain.png", "mode": mode, "text": text}}, dpi=dpi)
    without = make_deck(tmp_path, {code: {"image": "plain.png", "mode": mode}}, dpi=dpi)
    card = parse_card(code)
    a = np.asarray(render_face(with_text, card)).astype(int)
    b = np.asarray(render_face(without, card)).astype(int)
    return np.abs(a - b).sum(axis=2) > 24, dpi / 25.4, round(BLEED * dpi / 25.4)


def test_a_long_caption_on_a_full_card_wraps_and_keeps_1_5_mm_from_the_index_plates(tmp_path):
    from deckgen.render.captions import caption_set
    deck = make_deck(tmp_path, {"KS": {"image": "plain.png", "mode": "full", "text": LONG_NAME}}, dpi=150)
    caption = caption_set(deck, LONG_NAME, "foot")
    assert caption.lines == ("Uncle Bartholomew", "Featherstonehaugh-Smythe") and caption.legible
    assert caption.cap_mm == pytest.approx(1.7) and caption.squeeze >= 0.9  # 1.8 mm at 300 DPI
    changed, k, b = _caption_ink(tmp_path, "KS", LONG_NAME, "full")
    ys, xs = np.nonzero(changed)
    plate = plate_box_mm(SKAT, parse_card("KS"), "left")  # the lower plates are its turn: x from 59 - 9.4 mm
    left, right = (xs.min() - b) / k, (xs.max() + 1 - b) / k
    assert left - plate[2] >= 1.5 and (CARD_WIDTH_MM - plate[2]) - right >= 1.5, (left, right, plate)
    assert (ys.min() - b) / k > MID_Y  # at the foot only


def test_a_date_line_on_a_mirrored_card_keeps_1_5_mm_from_the_gold_rules_and_the_lozenge(tmp_path):
    from deckgen.render.captions import caption_set
    deck = make_deck(tmp_path, {"JH": {"image": "plain.png", "text": DATE_LINE}}, dpi=150)
    caption = caption_set(deck, DATE_LINE, "half")
    # the 39.8 mm frame leaves 33.9 mm for the plate: two lines in full-size (2 mm) capitals
    assert caption.lines == ("Anna & Ben,", "12 June 2027") and caption.cap_mm == pytest.approx(2.0)
    assert caption.squeeze >= 0.9
    changed, k, b = _caption_ink(tmp_path, "JH", DATE_LINE, "mirrored")
    upper = changed[: b + round(MID_Y * k)]
    ys, xs = np.nonzero(upper)
    # the gold rule is drawn inward from 1.0 mm inside the frame, 0.3 mm wide, times the pictures' scale
    gold_in = FRAME[0] + 1.3 * SKAT.kp
    left, right, bottom = (xs.min() - b) / k, (xs.max() + 1 - b) / k, (ys.max() + 1 - b) / k
    assert left - gold_in >= 1.5 and (CARD_WIDTH_MM - gold_in) - right >= 1.5, (left, right)
    assert (MID_Y - 2.4 * SKAT.kp) - bottom >= 1.5, bottom  # the lozenge's tip is 2.4 mm above the middle


def test_a_caption_too_long_to_read_is_warned_about(tmp_path):
    text = "#AnnaAndBenForeverAndEverAtLakeComoTwelfthOfJune2027"  # a wedding hashtag: no place to break it
    Image.new("RGB", (900, 1400), (70, 90, 120)).save(tmp_path / "plain.png")
    deck = make_deck(tmp_path, {"QS": {"image": "plain.png", "mode": "full", "text": text}}, dpi=150)
    plan = plan_card(deck, parse_card("QS"))
    assert plan is not None and len(plan.problems) == 1
    assert plan.problems == (
        f"{tmp_path / 'deck.toml'}: cards.QS.image: plain.png: on QS the caption '{text}' is too long for the card and "
        "has no space to break it at: even in 1.5 mm capitals (the least that reads well) it must be squeezed to 49% "
        "of its width; shorten text, or put a space in it in [cards.QS]",)
