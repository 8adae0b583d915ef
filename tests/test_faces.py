"""Card faces: sizes, layouts, double-ended symmetry, photos, bad images, reproducible bytes."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageDraw

from deckgen.cards import Card, Rank, Suit, joker, parse_card
from deckgen.config import ConfigError, DeckConfig
from deckgen.design import CardFormat, Design
from deckgen.errors import UserError
from deckgen.render.facelayout import FaceLayout
from deckgen.render.facedraw import PIP_LAYOUTS, is_point_symmetric, split_layout, symmetrise
from deckgen.render.facebuild import build_faces
from deckgen.render.faces import check_faces, render_face
from deckgen.render.photocards import mirrored_area_px
from deckgen.render.photos import PhotoRef, PhotoWarning, open_photo, resolution_warning
from deckgen.render.framing import crop_box
from deckgen.render.shapes import draw_suit_pil, suit_aspect, suit_mask
from deckgen.resolve import resolve_design
from deckgen.units import mm_to_px

FRAME = FaceLayout.for_format(CardFormat()).frame  # the skat card's court frame

# --------------------------------------------------------------------------- helpers


def deck(tmp_path: Path, **data) -> Design:
    """The resolved design of a deck.toml with these keys in tmp_path (what the renderers take)."""
    return resolve_design(DeckConfig.model_validate(data | {"base_dir": tmp_path, "source": tmp_path / "deck.toml"}))


def arr(image: Image.Image) -> np.ndarray:
    return np.asarray(image)


def turned(image: Image.Image) -> np.ndarray:
    return np.asarray(image.transpose(Image.Transpose.ROTATE_180))


def portrait(path: Path, size=(600, 800), colour=(40, 90, 160)) -> Path:
    """A made-up photo: a coloured ground with a head and shoulders, so up and down differ."""
    w, h = size
    im = Image.new("RGB", size, colour)
    d = ImageDraw.Draw(im)
    d.ellipse((w * 0.35, h * 0.15, w * 0.65, h * 0.5), fill=(240, 200, 170))
    d.ellipse((w * 0.2, h * 0.55, w * 0.8, h * 1.2), fill=(200, 60, 40))
    im.save(path)
    return path


def count_blobs(mask: np.ndarray) -> int:
    """Connected regions of True in a boolean array (flood fill with Pillow)."""
    im = Image.fromarray(mask.astype(np.uint8) * 255, "L").copy()
    n = 0
    while True:
        ys, xs = np.nonzero(np.asarray(im) == 255)
        if len(xs) == 0:
            return n
        ImageDraw.floodfill(im, (int(xs[0]), int(ys[0])), 0)
        n += 1


def ink_mask(image: Image.Image, bg: tuple[int, int, int] = (0xFF, 0xFD, 0xF8)) -> np.ndarray:
    a = arr(image).astype(int)
    return np.abs(a - np.array(bg)).sum(axis=2) > 60


# --------------------------------------------------------------------------- sizes


@pytest.mark.parametrize(
    ("dpi", "bleed", "size"),
    [
        (150, 0, (348, 537)),
        (150, 3, (384, 573)),
        (300, 0, (697, 1075)),
        (300, 3, (768, 1146)),
        (600, 0, (1394, 2150)),
        (600, 3, (1535, 2291)),
    ],
)
def test_exact_pixel_sizes(tmp_path, dpi, bleed, size):
    d = deck(tmp_path, dpi=dpi, bleed_mm=bleed)
    for code in ("7H", "KS"):
        image = render_face(d, parse_card(code))
        assert image.size == size
        assert image.mode == "RGB"


def test_dpi_is_recorded_and_codes_name_the_files(tmp_path):
    d = deck(tmp_path, dpi=100, profile="euchre-24")
    paths = build_faces(d, tmp_path / "out", jobs=1)
    assert len(paths) == 24
    assert sorted(paths)[:3] == ["10C", "10D", "10H"]
    assert paths["QD"] == tmp_path / "out" / "cards" / "QD.png"
    with Image.open(paths["AS"]) as im:
        assert im.info["dpi"] == pytest.approx((100, 100), abs=0.01)
        assert im.size == (mm_to_px(65, 100), mm_to_px(97, 100))
    assert not [p for p in (tmp_path / "out" / "cards").iterdir() if p.name.startswith(".")]


def test_standard_54_writes_every_code(tmp_path):
    d = deck(tmp_path, dpi=72)
    paths = build_faces(d, tmp_path / "out", jobs=2)
    assert len(paths) == 54
    assert {"AS", "10H", "QD", "KC", "JK1", "JK2"} <= set(paths)
    assert all(p.is_file() for p in paths.values())


# --------------------------------------------------------------------------- layouts


def test_traditional_layouts_hold_their_rank_in_pips():
    for rank, layout in PIP_LAYOUTS.items():
        assert len(layout) == rank
    assert split_layout(7) == ([(-1, 0), (1, 0)], [(0, 0.25), (-1, 0.5), (1, 0.5)])
    assert split_layout(10)[1] == []


@pytest.mark.parametrize("rank", range(2, 11))
def test_pip_cards_show_rank_many_pips(tmp_path, rank):
    d = deck(tmp_path, dpi=100, bleed_mm=0)
    image = render_face(d, Card(Rank(rank), Suit.HEARTS))
    k = 100 / 25.4
    # the pip field, clear of both indices
    field = ink_mask(image)[round(11.5 * k) : round(79.5 * k), round(11.5 * k) : round(47.5 * k)]
    assert count_blobs(field) == rank


def test_symmetric_layouts_are_unchanged_by_a_half_turn(tmp_path):
    d = deck(tmp_path)
    for rank in range(2, 11):
        assert is_point_symmetric(Card(Rank(rank), Suit.SPADES)) == (rank in (2, 4, 10))
    for card in [Card(Rank(r), s) for r in (2, 4, 10) for s in Suit]:
        image = render_face(d, card)
        assert np.array_equal(arr(image), turned(image)), card
    # an upright centre pip is not turned, so a 7 of spades is not symmetric
    seven = render_face(d, parse_card("7S"))
    assert not np.array_equal(arr(seven), turned(seven))


def test_lower_pips_are_turned(tmp_path):
    d = deck(tmp_path, bleed_mm=0)
    image = render_face(d, parse_card("7H"))
    k = 300 / 25.4
    w, h = image.size
    top = ink_mask(image)[round(12 * k) : round(23 * k), round(11 * k) : round(24 * k)]
    bottom = ink_mask(image)[h - round(23 * k) : h - round(12 * k), w - round(24 * k) : w - round(11 * k)]
    assert top.any()
    assert np.array_equal(top, bottom[::-1, ::-1])
    # a heart's point is at its bottom when upright: more ink in the upper rows of its box
    rows = top.sum(axis=1)
    assert rows[: len(rows) // 2].sum() > rows[len(rows) // 2 :].sum()


def test_indices_sit_inside_the_safe_zone(tmp_path):
    d = deck(tmp_path)
    k = 300 / 25.4
    b = 3 * k
    for code in ("10H", "QC", "JK1", "AS"):
        image = render_face(d, parse_card(code))
        # the index column: between the safe line and the court frame (42 mm of the 59)
        corner = ink_mask(image)[: round(b + 26 * k), : round(b + (FRAME[0] - 0.2) * k)]
        ys, xs = np.nonzero(corner)
        assert xs.min() >= b + 4 * k - 1, code
        assert ys.min() >= b + 4 * k - 1, code
        assert xs.max() <= b + (FRAME[0] - 0.4) * k, code


def test_design_fills_the_bleed(tmp_path):
    """A cut 1.5 mm off shows the card's own ground, never white paper."""
    portrait(tmp_path / "p.png", colour=(30, 90, 160))
    d = deck(tmp_path, cards={"QS": {"image": "p.png", "mode": "full"}, "KS": {"image": "p.png"}})
    k = 300 / 25.4
    off = round((3 - 1.5) * k)
    for code in ("7C", "KS", "KH", "JK2", "AS"):
        a = arr(render_face(d, parse_card(code)))
        for band in (a[:off], a[-off:], a[:, :off], a[:, -off:]):
            assert (band == (0xFF, 0xFD, 0xF8)).all(), code
    full = arr(render_face(d, parse_card("QS")))
    assert (full[0, 300:400] == (30, 90, 160)).all()
    assert (full[:, 0][300:800] == (30, 90, 160)).all()


def test_four_colour_inks(tmp_path):
    d = deck(tmp_path, colours={"four_colour": True, "clubs": "#00aa00", "diamonds": "#0000cc"}, bleed_mm=0)
    centre = lambda im: im.getpixel((im.width // 2, im.height // 2))  # noqa: E731
    assert centre(render_face(d, parse_card("5C"))) == (0, 0xAA, 0)
    assert centre(render_face(d, parse_card("5D"))) == (0, 0, 0xCC)
    assert centre(render_face(d, parse_card("5H"))) == (0xC8, 0x10, 0x2E)
    assert centre(render_face(d, parse_card("5S"))) == (0x16, 0x16, 0x1D)


# --------------------------------------------------------------------------- courts and jokers


def test_builtin_courts_and_jokers_are_double_ended_and_finished(tmp_path):
    d = deck(tmp_path)
    for card in (parse_card("KH"), parse_card("QS"), parse_card("JD"), joker(1), joker(2)):
        image = render_face(d, card)
        assert np.array_equal(arr(image), turned(image)), card
        # never blank: a good share of the frame is drawn
        k = 300 / 25.4
        window = ink_mask(image)[round((3 + FRAME[1]) * k) : round((3 + 45) * k), round((3 + FRAME[0]) * k) : round((3 + FRAME[2]) * k)]
        assert window.mean() > 0.12, card
    # the two jokers differ in ink
    assert not np.array_equal(arr(render_face(d, joker(1))), arr(render_face(d, joker(2))))


def test_mirrored_court_is_symmetric_under_a_half_turn(tmp_path):
    portrait(tmp_path / "king.png")
    for bleed in (3, 0):  # 1146 and 1075 rows: even and odd
        d = deck(tmp_path, bleed_mm=bleed, cards={"KH": {"image": "king.png", "focus": [0.5, 0.3], "text": "Grandpa"}})
        image = render_face(d, parse_card("KH"))
        assert np.array_equal(arr(image), turned(image))
        l, t, r, b = mirrored_area_px(d)
        # the photo's face (skin colour) is in the upper half, upright: skin above the red shoulders
        column = arr(image)[t:b, (l + r) // 2]
        skin = np.nonzero(np.all(np.abs(column.astype(int) - (240, 200, 170)) < 8, axis=1))[0]
        shoulders = np.nonzero(np.all(np.abs(column.astype(int) - (200, 60, 40)) < 8, axis=1))[0]
        assert skin.size and shoulders.size and skin.mean() < shoulders.mean()


def test_full_face_photo_has_index_plates_in_both_corners(tmp_path):
    Image.new("RGB", (800, 1200), (90, 40, 120)).save(tmp_path / "q.png")
    d = deck(tmp_path, cards={"QD": {"image": "q.png", "mode": "full"}})
    image = render_face(d, parse_card("QD"))
    a = arr(image)
    k = 300 / 25.4
    n = round(3 * k + 16 * k)
    w = round(3 * k + 11.6 * k)
    top_left = a[:n, :w]
    bottom_right = a[-n:, -w:]
    assert np.array_equal(top_left, bottom_right[::-1, ::-1])
    # the plate is pale behind the index, whatever the photo
    px = image.getpixel((round(3 * k + 4.3 * k), round(3 * k + 12.5 * k)))
    assert min(px) > 200 or px == (0xC8, 0x10, 0x2E)


def test_joker_image_applies_to_every_joker_unless_overridden(tmp_path):
    portrait(tmp_path / "j.png")
    portrait(tmp_path / "j2.png", colour=(10, 150, 60))
    d = deck(tmp_path, faces={"joker_image": "j.png", "joker_mode": "full"}, cards={"JK2": {"image": "j2.png", "mode": "mirrored"}})
    one, two = render_face(d, joker(1)), render_face(d, joker(2))
    assert one.getpixel((5, 5)) == (40, 90, 160)  # full mode: photo in the bleed
    assert two.getpixel((5, 5)) == (0xFF, 0xFD, 0xF8)  # its own photo, mirrored inside the frame
    assert np.array_equal(arr(two), turned(two))


def test_caption_is_drawn(tmp_path):
    plain = render_face(deck(tmp_path), parse_card("KC"))
    named = render_face(deck(tmp_path, cards={"KC": {"text": "Uncle Bob"}}), parse_card("KC"))
    assert not np.array_equal(arr(plain), arr(named))
    assert np.array_equal(arr(named), turned(named))


def test_symmetrise_odd_sizes():
    rng = np.random.default_rng(1)
    for shape in ((7, 5, 3), (6, 4, 3), (7, 4, 3), (6, 5, 3)):
        im = Image.fromarray(rng.integers(0, 255, shape, dtype=np.uint8), "RGB")
        out = symmetrise(im)
        assert np.array_equal(arr(out), turned(out))
        assert np.array_equal(arr(out)[: shape[0] // 2], arr(im)[: shape[0] // 2])


# --------------------------------------------------------------------------- suit shapes


def test_suit_masks_are_antialiased_and_sized():
    for suit in Suit:
        mask = np.asarray(suit_mask(suit, 100.0))
        ys, xs = np.nonzero(mask > 127)
        assert ys.max() - ys.min() + 1 == pytest.approx(100, abs=2)
        assert xs.max() - xs.min() + 1 == pytest.approx(100 * suit_aspect(suit), abs=2)
        values = set(np.unique(mask))
        assert len(values) == 17  # 4x4 supersampling: 16 grey levels between empty and full
    # the diamond is point symmetric, so its turned mask is the same
    d = np.asarray(suit_mask(Suit.DIAMONDS, 80.0))
    assert np.abs(d.astype(int) - np.asarray(suit_mask(Suit.DIAMONDS, 80.0, rotate180=True)).astype(int)).max() <= 1


def test_draw_suit_on_rgba_and_reportlab(tmp_path):
    im = Image.new("RGBA", (100, 100), (0, 0, 0, 0))
    draw_suit_pil(im, Suit.HEARTS, (50, 50), 60, "#c8102e")
    assert im.getpixel((50, 50)) == (0xC8, 0x10, 0x2E, 255)
    assert im.getpixel((2, 2))[3] == 0
    from reportlab.pdfgen.canvas import Canvas

    from deckgen.render.shapes import draw_suit_reportlab

    pdf = tmp_path / "s.pdf"
    c = Canvas(str(pdf), pagesize=(100, 100), invariant=1, pageCompression=0)
    for i, suit in enumerate(Suit):
        draw_suit_reportlab(c, suit, 20 + 20 * i, 50, 16, "#16161d", rotate180=i % 2 == 1)
    c.save()
    assert pdf.read_bytes().count(b" c ") > 20  # drawn as Bézier curves, not glyphs


# --------------------------------------------------------------------------- photos


def test_exif_orientation_is_honoured(tmp_path):
    im = Image.new("RGB", (200, 100), (0, 0, 255))
    im.paste((255, 0, 0), (0, 0, 100, 100))  # stored: red on the left
    exif = Image.Exif()
    exif[0x0112] = 6  # shown turned 90° clockwise: the stored left edge is at the top
    im.save(tmp_path / "r.jpg", exif=exif, quality=95)
    photo = open_photo(PhotoRef(tmp_path / "r.jpg", "cards.KH.image"))
    assert photo.size == (100, 200)
    r, g, b = photo.getpixel((50, 40))
    assert r > 200 and b < 60
    r, g, b = photo.getpixel((50, 160))
    assert b > 200 and r < 60


def test_modes_become_rgb(tmp_path):
    Image.new("CMYK", (40, 30), (0, 255, 255, 0)).save(tmp_path / "cmyk.jpg", quality=95)
    grey16 = Image.fromarray(np.full((30, 40), 32768, dtype=np.uint16))
    grey16.save(tmp_path / "g16.png")
    Image.new("RGB", (40, 30), (10, 200, 30)).convert("P", palette=Image.Palette.ADAPTIVE).save(tmp_path / "pal.png")
    Image.new("L", (40, 30), 77).save(tmp_path / "grey.png")
    Image.new("RGBA", (40, 30), (0, 0, 0, 0)).save(tmp_path / "clear.png")
    Image.new("RGB", (40, 30), (250, 20, 20)).save(tmp_path / "w.webp", lossless=True)
    with Image.open(tmp_path / "g16.png") as probe:
        assert probe.mode.startswith("I")
    expect = {
        "cmyk.jpg": ((255, 0, 0), 12),
        "g16.png": ((128, 128, 128), 1),
        "pal.png": ((10, 200, 30), 12),
        "grey.png": ((77, 77, 77), 0),
        "clear.png": ((255, 255, 255), 0),
        "w.webp": ((250, 20, 20), 0),
    }
    for name, (colour, tol) in expect.items():
        photo = open_photo(PhotoRef(tmp_path / name, "faces.joker_image"))
        assert photo.mode == "RGB" and photo.size == (40, 30), name
        assert all(abs(a - b) <= tol for a, b in zip(photo.getpixel((20, 15)), colour)), (name, photo.getpixel((20, 15)))


def test_crop_to_fill_around_the_focus():
    assert crop_box((1000, 500), (100, 100), (0.5, 0.5)) == (250, 0, 750, 500)
    assert crop_box((1000, 500), (100, 100), (0.0, 0.0)) == (0, 0, 500, 500)
    assert crop_box((1000, 500), (100, 100), (1.0, 1.0)) == (500, 0, 1000, 500)
    assert crop_box((1000, 500), (100, 100), (0.3, 0.5)) == (50, 0, 550, 500)
    assert crop_box((400, 1000), (200, 100), (0.5, 0.2)) == (0, 100, 400, 300)


def test_small_photo_warns_with_both_sizes(tmp_path):
    portrait(tmp_path / "small.png", size=(300, 300))
    d = deck(tmp_path, cards={"KS": {"image": "small.png"}})
    with pytest.warns(PhotoWarning) as record:  # the card with the photo alone: the warning is about the deck's photos
        paths = build_faces(d, tmp_path / "out", jobs=1, codes={"KS"})
    assert list(paths) == ["KS"] and paths["KS"].is_file()
    assert len(record) == 1
    message = str(record[0].message)
    assert message == (
        f"{tmp_path / 'deck.toml'}: cards.KS.image: small.png: the photo is 300 x 300 px "
        "but its place on the card needs at least 470 x 484 px at 300 DPI; it will print soft"
    )
    assert resolution_warning(PhotoRef(Path("x"), "k"), (414, 484), (414, 484), 300) is None


def _bomb_png(path: Path, width: int, height: int) -> Path:
    """A tiny PNG file whose header claims a huge picture."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 10)) + chunk(b"IEND", b""))
    return path


def bad_images(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """File name -> (how it is bad, words the error must contain)."""
    portrait(tmp_path / "good.jpg", size=(800, 1000))
    data = (tmp_path / "good.jpg").read_bytes()
    (tmp_path / "cut.jpg").write_bytes(data[: len(data) // 2])
    (tmp_path / "notes.jpg").write_text("this is not a photo")
    _bomb_png(tmp_path / "huge.png", 30000, 30000)
    return {
        "absent.jpg": ("missing", "image file not found"),
        "cut.jpg": ("truncated", "truncated"),
        "notes.jpg": ("corrupt", "is a text file, not a photo"),
        "huge.png": ("bomb", "too large to open safely"),
    }


def test_bad_images_stop_before_anything_is_written(tmp_path):
    for name, (_, words) in bad_images(tmp_path).items():
        d = deck(tmp_path, cards={"QH": {"image": name}})
        out = tmp_path / f"out-{name}"
        with pytest.raises(UserError) as info:
            build_faces(d, out, jobs=1)
        text = str(info.value)
        assert text.startswith(f"{tmp_path / 'deck.toml'}: cards.QH.image: {name}: "), text  # as deck.toml names it
        assert words in text
        assert not out.exists() or not any(out.rglob("*.png"))


def test_override_for_a_card_the_deck_lacks(tmp_path):
    d = deck(tmp_path, profile="farmer-45", cards={"8S": {"text": "x"}})
    with pytest.raises(ConfigError, match=r"cards\.8S: the 'farmer-45' deck has no card 8S"):
        check_faces(d)


def test_bad_font_names_the_key(tmp_path):
    (tmp_path / "fake.ttf").write_text("no glyphs here")
    for name, words in (("missing.ttf", "file not found"), ("fake.ttf", "not a font Pillow can read")):
        d = deck(tmp_path, font=name)
        with pytest.raises(UserError) as info:
            build_faces(d, tmp_path / "out", jobs=1)
        assert str(info.value).startswith(f"{tmp_path / 'deck.toml'}: font: {name}: {words}")


def test_own_font_changes_the_lettering(tmp_path):
    from deckgen.resources import font_path

    d = deck(tmp_path, font=str(font_path("Carlito-Bold.ttf")))
    assert not np.array_equal(arr(render_face(d, parse_card("KH"))), arr(render_face(deck(tmp_path), parse_card("KH"))))


# --------------------------------------------------------------------------- same input, same bytes


def test_building_twice_gives_identical_bytes(tmp_path):
    portrait(tmp_path / "k.png")
    d = deck(tmp_path, dpi=120, profile="euchre-24", cards={"KH": {"image": "k.png"}, "QH": {"image": "k.png", "mode": "full"}})
    first = build_faces(d, tmp_path / "a", jobs=2)
    second = build_faces(d, tmp_path / "b", jobs=1)
    for code, path in first.items():
        assert path.read_bytes() == second[code].read_bytes(), code


def test_faces_of_another_profile_are_removed(tmp_path):
    build_faces(deck(tmp_path, dpi=72, profile="piquet-32"), tmp_path / "out", jobs=1)
    (tmp_path / "out" / "cards" / "back.png").write_bytes(b"not a face")
    paths = build_faces(deck(tmp_path, dpi=72, profile="euchre-24"), tmp_path / "out", jobs=1)
    names = sorted(p.name for p in (tmp_path / "out" / "cards").iterdir())
    assert names == sorted([p.name for p in paths.values()] + ["back.png"])
    assert "7S.png" not in names and len(names) == 25


@pytest.mark.slow
def test_every_card_of_every_profile_renders(tmp_path):
    """Exhaustive: each distinct card of each built-in profile, both photo modes, at 150 DPI."""
    from deckgen.cards import PROFILES

    portrait(tmp_path / "p.png")
    for name in PROFILES:
        for mode in ("mirrored", "full"):
            d = deck(tmp_path, dpi=150, profile=name, faces={"joker_image": "p.png", "joker_mode": mode})
            for card in d.deck_profile().unique_cards():
                image = render_face(d, card)
                assert image.size == (384, 573)
                assert ink_mask(image).mean() > 0.01, (name, card)


def test_bundled_font_by_name(tmp_path):
    by_name = render_face(deck(tmp_path, font="Carlito-Bold.ttf"), parse_card("QH"))
    from deckgen.resources import font_path

    by_path = render_face(deck(tmp_path, font=str(font_path("Carlito-Bold.ttf"))), parse_card("QH"))
    assert np.array_equal(arr(by_name), arr(by_path))


def test_a_failed_build_keeps_the_previous_faces(tmp_path):
    portrait(tmp_path / "k.png")
    out = tmp_path / "out"
    good = build_faces(deck(tmp_path, dpi=72, cards={"KH": {"image": "k.png"}}), out, jobs=2)
    before = {code: path.read_bytes() for code, path in good.items()}
    data = (tmp_path / "k.png").read_bytes()
    (tmp_path / "k.png").write_bytes(data[: len(data) // 2])  # the photo gets damaged
    with pytest.raises(UserError, match="truncated"):
        build_faces(deck(tmp_path, dpi=72, cards={"KH": {"image": "k.png"}}, colours={"red": "#0000ff"}), out, jobs=2)
    assert {code: path.read_bytes() for code, path in good.items()} == before
    assert sorted(p.name for p in (out / "cards").iterdir()) == sorted(f"{code}.png" for code in good)


def test_capitals_have_the_height_asked_for():
    from deckgen.render.facedraw import text_mask

    for role in ("index", "court", "caption", "title"):
        box = text_mask(None, "H", role, 100.0).getbbox()
        assert box is not None and abs((box[3] - box[1]) - 100) <= 2, role


def test_a_long_caption_stays_inside_the_frame(tmp_path):
    d = deck(tmp_path, bleed_mm=0, cards={"KC": {"text": "Great-grandfather Bartholomew the Magnificent of Kent"}})
    plain = arr(render_face(deck(tmp_path, bleed_mm=0), parse_card("KC"))).astype(int)
    named = arr(render_face(d, parse_card("KC"))).astype(int)
    k = 300 / 25.4
    ys, xs = np.nonzero(np.abs(named - plain).sum(axis=2) > 0)
    assert xs.min() >= (FRAME[0] + 2.5) * k - 1 and xs.max() <= (FRAME[2] - 2.5) * k + 1
    letters = ys[ys < named.shape[0] / 2]
    assert letters.max() - letters.min() >= 1.0 * k  # smaller, but still a readable line


# ------------------------------------------------------------------ the deck's name on the ace of spades


def _name_lines(tmp_path: Path, name: str, **data) -> list:
    from deckgen.render.vectorshapes import TextShape
    from deckgen.render.pdfface import vector_face

    design = deck(tmp_path, name=name, dpi=100, theme="wedding", **data)
    shapes = vector_face(design, parse_card("AS")).shapes
    return [s for s in shapes if isinstance(s, TextShape) and s.font.name == "DejaVuSerif-Bold.ttf" and s.tracking]


def test_a_long_deck_name_wraps_on_the_ace_before_it_is_condensed_or_made_small(tmp_path):
    """The reviewer's name was squeezed onto one condensed line with capitals about 1 mm tall."""
    lines = _name_lines(tmp_path, "The Official Anna and Ben Featherstonehaugh Family Card Table Deck")
    assert [s.text for s in lines] == ["THE OFFICIAL ANNA AND", "BEN FEATHERSTONEHAUGH", "FAMILY CARD TABLE DECK"]
    assert len({s.cap_mm for s in lines}) == 1 and lines[0].cap_mm >= 1.6
    assert all(s.x_scale >= 0.8 for s in lines), [(s.x_scale, s.cap_mm) for s in lines]
    assert lines[1].top_mm - lines[0].top_mm == pytest.approx(lines[0].cap_mm * 1.65)


def test_a_short_deck_name_stays_on_one_line(tmp_path):
    lines = _name_lines(tmp_path, "Anna & Ben")
    assert [s.text for s in lines] == ["ANNA & BEN"]


def test_a_deck_name_too_long_even_for_three_lines_is_warned_about_before_drawing(tmp_path):
    from deckgen.render.faces import check_faces

    name = "Supercalifragilisticexpialidocious Featherstonehaugh-Smythe Family Deck of the Long Names Society"
    assert check_faces(deck(tmp_path, name=name, dpi=100, theme="wedding")) == [
        f"{tmp_path / 'deck.toml'}: name: the deck's name is too long for the ace of spades: even on three lines its "
        "letters would be under 1.6 mm tall; shorten it"]
    assert len(_name_lines(tmp_path, name)) == 3
    assert check_faces(deck(tmp_path, name="The Official Anna and Ben Featherstonehaugh Family Card Table Deck")) == []
