"""Print-shop files as a prepress operator checks them: colour, PDF/X keys, ink, presets, preflight.

Everything is read back from the PDFs with pikepdf, page by page.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pikepdf
import pytest
from PIL import Image

from deckgen.cards import parse_card
from deckgen.config import demo_config, load_config
from deckgen.errors import UserError
from deckgen.fileio import save_png
from deckgen.render.cmyk import (
    ink_units,
    limit_ink,
    press_cmyk,
    read_cmyk_profile,
    shipped_profile_path,
)
from deckgen.render.faces import render_face
from deckgen.render.printfiles import PrintOptions, build_print_files
from deckgen.render.shops import load_shop, shop_names
from deckgen.resolve import resolve_design

FIXTURES = Path(__file__).parent / "fixtures"
ADOBE_RGB = FIXTURES / "ClayRGB1998.icm"  # Argyll's public-domain Adobe RGB (1998) equivalent
DPI = 72


# --------------------------------------------------------------------------- reading the files

#: Content streams parsed in the running test, by their bytes: the checks read a page several times
#: over, and the vector back's form, drawn on every back page, once for each page (parsing it 54
#: times over cost most of this file's seconds). Emptied after each test.
_PARSED: dict[bytes, list[tuple[list[pikepdf.Object], str]]] = {}


@pytest.fixture(autouse=True)
def _forget_parsed_streams() -> Iterator[None]:
    yield
    _PARSED.clear()


def parsed(content: pikepdf.Page | pikepdf.Object) -> list[tuple[list[pikepdf.Object], str]]:
    """pikepdf.parse_content_stream(content) as (operands, operator name) pairs, parsed once per test."""
    streams = content.obj.get("/Contents") if isinstance(content, pikepdf.Page) else content
    parts = list(streams) if isinstance(streams, pikepdf.Array) else [streams]
    if any(not isinstance(part, pikepdf.Stream) for part in parts):
        return [(operands, str(op)) for operands, op in pikepdf.parse_content_stream(content)]
    key = repr([(str(part.get("/Filter")), str(part.get("/DecodeParms"))) for part in parts]).encode()
    key += hashlib.sha256(b"\0".join(part.read_raw_bytes() for part in parts)).digest()
    if key not in _PARSED:
        _PARSED[key] = [(operands, str(op)) for operands, op in pikepdf.parse_content_stream(content)]
    return _PARSED[key]


def images_and_operators(page: pikepdf.Page) -> tuple[list[pikepdf.Object], set[str]]:
    """The image XObjects a page draws and the names of every content operator it uses,
    inside the forms it draws too (a vector back is drawn once, as a form, and used on each page)."""
    images, ops = [], set()

    def walk(content: pikepdf.Object, resources: pikepdf.Object) -> None:
        for operands, op in parsed(content):
            ops.add(op)
            if op == "Do":
                xobject = resources.XObject[operands[0]]
                if xobject.Subtype == pikepdf.Name.Form:
                    walk(xobject, xobject.get("/Resources", resources))
                else:
                    images.append(xobject)

    walk(page, page.Resources)
    return images, ops


def forms_of(page: pikepdf.Page) -> list[pikepdf.Object]:
    """The form XObjects a page draws (a vector back's pattern, and its words)."""
    return [page.Resources.XObject[operands[0]] for operands, op in parsed(page)
            if op == "Do" and page.Resources.XObject[operands[0]].Subtype == pikepdf.Name.Form]


def colour_operands(page: pikepdf.Page, ops: tuple[str, ...] = ("k", "K")) -> list[list[float]]:
    """The operands of every colour operator on a page and in the forms it draws."""
    out = []
    for content in (page, *forms_of(page)):
        out += [[float(v) for v in operands] for operands, op in parsed(content) if op in ops]
    return out


def assert_no_rgb(page: pikepdf.Page) -> None:
    images, ops = images_and_operators(page)
    assert not ops & {"rg", "RG"}, "DeviceRGB colour operators on a page"
    for image in images:
        assert image.ColorSpace == pikepdf.Name.DeviceCMYK
    for space in (page.Resources.get("/ColorSpace") or {}).values():
        family = space[0] if isinstance(space, pikepdf.Array) else space
        assert family not in (pikepdf.Name.DeviceRGB, pikepdf.Name.CalRGB)
        if family == pikepdf.Name.Separation:
            assert space[2] == pikepdf.Name.DeviceCMYK


def max_ink_percent(image: pikepdf.Object) -> float:
    pixels = np.asarray(pikepdf.PdfImage(image).as_pil_image())
    assert pixels.shape[-1] == 4
    return float(pixels.astype(np.int32).sum(axis=-1).max()) * 100 / 255


def assert_pdfx(pdf: pikepdf.Pdf, version: str) -> None:
    (intent,) = pdf.Root.OutputIntents
    assert intent.S == pikepdf.Name.GTS_PDFX
    profile = intent.DestOutputProfile
    assert int(profile.N) == 4
    assert read_cmyk_profile(shipped_profile_path()).data == profile.read_bytes()
    assert str(intent.OutputConditionIdentifier) == "FOGRA39"  # the printing condition the shipped profile is for
    assert str(pdf.docinfo["/GTS_PDFXVersion"]) == version
    assert pdf.docinfo["/Trapped"] == pikepdf.Name("/False")
    xmp = pdf.Root.Metadata.read_bytes().decode()
    assert f"GTS_PDFXVersion>{version}<" in xmp


def png_chunks(path: Path) -> list[bytes]:
    data = path.read_bytes()
    kinds, pos = [], 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kinds.append(data[pos + 4 : pos + 8])
        pos += 12 + length
    return kinds


# --------------------------------------------------------------------------- the demo deck, once


@pytest.fixture(scope="module")
def demo_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("demo")
    deck = resolve_design(demo_config(overrides={"dpi": DPI}))
    build_print_files(deck, out, options=PrintOptions(paper="a4"))
    return out


def test_default_print_shop_file_is_cmyk_pdfx4_within_the_ink_limit(demo_out: Path) -> None:
    pdf = pikepdf.open(demo_out / "print" / "print-shop.pdf")
    assert len(pdf.pages) == 108  # 54 faces then 54 backs
    assert pdf.pdf_version == "1.6"
    assert_pdfx(pdf, "PDF/X-4")
    worst = 0.0
    back_forms: set[tuple[tuple[int, int], ...]] = set()
    for number, page in enumerate(pdf.pages):
        assert_no_rgb(page)
        images, _ = images_and_operators(page)
        assert images == []  # drawn faces and the drawn back have no picture at all
        for operands in colour_operands(page):  # every vector colour
            worst = max(worst, sum(operands) * 100)
        if number >= 54:  # the back: its pattern and frame drawn once, as a form every back page uses
            back_forms.add(tuple(f.objgen for f in forms_of(page)))
    assert len(back_forms) == 1 and len(next(iter(back_forms))) == 1
    assert 200 < worst <= ink_units(300) * 100 / 255 + 1e-9


def test_card_pngs_are_tagged_srgb(demo_out: Path, tmp_path: Path) -> None:
    chunks = png_chunks(demo_out / "cards" / "QH.png")
    assert b"sRGB" in chunks and chunks.index(b"sRGB") < chunks.index(b"IDAT")
    assert b"sRGB" in png_chunks(demo_out / "cards" / "back.png")
    target = save_png(Image.new("RGB", (4, 4)), tmp_path / "x.png", 300)
    assert Image.open(target).info.get("srgb") == 0


def test_rgb_stays_available(tmp_path: Path) -> None:
    deck = resolve_design(demo_config(overrides={"dpi": DPI, "profile": "euchre-24"}))
    build_print_files(deck, tmp_path, options=PrintOptions(paper="a4", rgb=True))
    pdf = pikepdf.open(tmp_path / "print" / "print-shop.pdf")
    assert "/OutputIntents" not in pdf.Root
    images, ops = images_and_operators(pdf.pages[-1])  # the back: drawn, in RGB
    assert images == [] and "rg" in ops and not {"k", "K"} & ops
    assert "rg" in images_and_operators(pdf.pages[0])[1]  # a drawn face: shapes in RGB


# --------------------------------------------------------------------------- presets


def test_presets_are_data_and_named() -> None:
    assert {"generic", "meinspiel", "drivethrucards"} <= set(shop_names())
    dtc = load_shop("DriveThruCards")
    assert (dtc.pdfx, dtc.pdf_version, dtc.order, dtc.ink_limit) == ("X-1a:2003", "1.4", "back-then-face", 240)
    assert dtc.bleed_mm == pytest.approx(3.175)
    mein = load_shop("meinspiel")
    assert (mein.bleed_mm, mein.safe_mm, mein.pdfx, mein.split) == (3.0, 4.0, "X-4", True)
    assert (mein.min_line_pt, dtc.min_line_pt, load_shop("generic").min_line_pt) == (0.5, 0.25, 0.25)  # MeinSpiel's published minimum
    with pytest.raises(UserError, match=r"^--shop: unknown preset 'printco': expected one of drivethrucards, generic, meinspiel"):
        load_shop("printco")


def test_a_shop_adds_its_own_preset(tmp_path: Path) -> None:
    text = (Path(__file__).parents[1] / "templates" / "shops" / "generic.toml").read_text()
    (tmp_path / "mine.toml").write_text(text.replace("ink_limit = 300", "ink_limit = 280"))
    assert load_shop("mine.toml", tmp_path).ink_limit == 280
    (tmp_path / "bad.toml").write_text(text.replace('pdfx = "X-4"', 'pdfx = "X-3"'))
    with pytest.raises(UserError, match=r"bad\.toml: pdfx: "):
        load_shop("bad.toml", tmp_path)


@pytest.mark.extended  # a whole build or two: CI runs it with the heavier checks
def test_drivethrucards_is_x1a_2003_pdf14_back_then_face_at_240(tmp_path: Path) -> None:
    deck = resolve_design(demo_config(overrides={"dpi": DPI, "profile": "euchre-24"}))
    build_print_files(deck, tmp_path, options=PrintOptions(paper="a4", shop="drivethrucards"))
    pdf = pikepdf.open(tmp_path / "print" / "print-shop.pdf")
    assert pdf.pdf_version == "1.4"
    assert (tmp_path / "print" / "print-shop.pdf").read_bytes().startswith(b"%PDF-1.4")
    assert_pdfx(pdf, "PDF/X-1a:2003")  # what DriveThruCards asks for; the version key alone names it
    assert "/GTS_PDFXConformance" not in pdf.docinfo
    assert len(pdf.pages) == 48  # 24 cards, each back then face
    pictures = [images_and_operators(p)[0] for p in pdf.pages]
    assert not any(pictures)  # the drawn faces and the drawn back: vector only
    backs = {tuple(f.objgen for f in forms_of(p)) for p in pdf.pages[0::2]}
    assert len(backs) == 1 and len(next(iter(backs))) == 1 and not any(forms_of(p) for p in pdf.pages[1::2])  # back, face, back, face
    mm = 72 / 25.4
    for page in pdf.pages:
        assert_no_rgb(page)
        assert [float(v) for v in page.TrimBox] == pytest.approx([3.175 * mm, 3.175 * mm, 62.175 * mm, 94.175 * mm], abs=0.01)
        assert [float(v) for v in page.MediaBox] == pytest.approx([0, 0, 65.35 * mm, 97.35 * mm], abs=0.01)
    vector_ink = [sum(operands) * 100 for page in pdf.pages for operands in colour_operands(page)]
    assert 100 <= max(vector_ink) <= 240  # the shapes' colours are held at the preset's limit
    for page in pdf.pages:  # PDF/X-1a allows no transparency: no soft mask, no alpha in any graphics state
        for resources in (page.Resources, *(f.get("/Resources") or {} for f in forms_of(page))):
            for state in (resources.get("/ExtGState") or {}).values():
                assert not {"/ca", "/CA", "/SMask"} & set(state.keys())


@pytest.mark.extended  # a whole build or two: CI runs it with the heavier checks
def test_meinspiel_has_separate_face_and_back_files(tmp_path: Path) -> None:
    deck = resolve_design(demo_config(overrides={"dpi": DPI, "profile": "euchre-24"}))
    written = build_print_files(deck, tmp_path, options=PrintOptions(paper="a4", shop="meinspiel"))
    names = [p.name for p in written]
    assert names[:2] == ["print-shop-faces.pdf", "print-shop-backs.pdf"]
    faces = pikepdf.open(tmp_path / "print" / "print-shop-faces.pdf")
    backs = pikepdf.open(tmp_path / "print" / "print-shop-backs.pdf")
    assert len(faces.pages) == len(backs.pages) == 24
    for pdf in (faces, backs):
        assert_pdfx(pdf, "PDF/X-4")
        for page in pdf.pages:
            assert_no_rgb(page)
    assert len({tuple(f.objgen for f in forms_of(p)) for p in backs.pages}) == 1  # one drawn back, stored once
    assert not any(images_and_operators(p)[0] for p in (*faces.pages, *backs.pages))  # drawn: vector only


def test_die_line_is_a_cutcontour_separation_on_the_trim(tmp_path: Path) -> None:
    deck = resolve_design(demo_config(overrides={"dpi": DPI, "profile": "euchre-24"}))
    build_print_files(deck, tmp_path, options=PrintOptions(paper="a4", die_line=True))
    pdf = pikepdf.open(tmp_path / "print" / "print-shop.pdf")
    page = pdf.pages[0]
    spaces = {str(k): v for k, v in page.Resources.ColorSpace.items()}
    (name, space), = spaces.items()
    assert space[0] == pikepdf.Name.Separation and space[1] == pikepdf.Name("/CutContour")
    mm = 72 / 25.4
    xs, ys, path, stroked = [], [], [], 0
    for operands, op in pikepdf.parse_content_stream(page):
        if str(op) in ("m", "l", "c"):
            path += [(float(x), float(y)) for x, y in zip(operands[0::2], operands[1::2])]
        elif str(op) in ("S", "f", "f*", "B", "b", "n"):  # a path is painted (or used to clip): the die line is stroked
            if str(op) == "S":
                stroked += 1
                xs, ys = [x for x, _ in path], [y for _, y in path]
            path = []
    assert stroked == 1
    assert (min(xs), max(xs)) == pytest.approx((3 * mm, 62 * mm), abs=0.01)
    assert (min(ys), max(ys)) == pytest.approx((3 * mm, 94 * mm), abs=0.01)


# --------------------------------------------------------------------------- ink limit


def test_limit_ink_holds_every_pixel_and_leaves_the_rest() -> None:
    rng = np.random.default_rng(7)
    pixels = rng.integers(0, 256, size=(200, 200, 4), dtype=np.uint8)
    for limit in (240, 300, 320):
        out = limit_ink(pixels, limit)
        totals_in = pixels.astype(np.int32).sum(-1)
        totals = out.astype(np.int32).sum(-1)
        assert totals.max() <= ink_units(limit)
        under = totals_in <= ink_units(limit)
        assert np.array_equal(out[under], pixels[under])
        assert np.all(out[..., 3] >= pixels[..., 3])  # black is never taken away


def test_a_cream_paper_prints_as_paper_and_a_real_tint_stays() -> None:
    profile = read_cmyk_profile()
    cream = press_cmyk(Image.new("RGB", (8, 8), (255, 253, 248)), profile)
    assert not cream.any()  # 0/1/2/0 % would come and go on press: no ink at all
    tint = press_cmyk(Image.new("RGB", (8, 8), (235, 225, 200)), profile)
    assert tint[..., 2].min() >= 8  # a 5 % yellow a press holds is kept


# --------------------------------------------------------------------------- photo colour


def _to_srgb_by_hand(adobe: tuple[int, int, int]) -> np.ndarray:
    """Adobe RGB (1998) 8-bit -> sRGB 8-bit, from the published primaries (both D65, so no adaptation)."""
    to_xyz = np.array([[0.5767309, 0.1855540, 0.1881852], [0.2973769, 0.6273491, 0.0752741], [0.0270343, 0.0706872, 0.9911085]])
    to_srgb = np.array([[3.2404542, -1.5371385, -0.4985314], [-0.9692660, 1.8760108, 0.0415560], [0.0556434, -0.2040259, 1.0572252]])
    linear = (np.array(adobe) / 255) ** (563 / 256)
    srgb = np.clip(to_srgb @ to_xyz @ linear, 0, 1)
    encoded = np.where(srgb <= 0.0031308, 12.92 * srgb, 1.055 * srgb ** (1 / 2.4) - 0.055)
    return encoded * 255


@pytest.mark.parametrize("adobe", [(200, 90, 60), (90, 160, 110), (70, 90, 190), (128, 128, 128)])
def test_adobe_rgb_photo_comes_out_as_a_colour_managed_viewer_shows_it(tmp_path: Path, adobe: tuple[int, int, int]) -> None:
    photo = tmp_path / "adobe.jpg"
    Image.new("RGB", (400, 600), adobe).save(photo, quality=100, subsampling=0, icc_profile=ADOBE_RGB.read_bytes())
    (tmp_path / "deck.toml").write_text('[cards.KH]\nimage = "adobe.jpg"\nmode = "full"\n')
    deck = resolve_design(load_config(tmp_path / "deck.toml").model_copy(update={"dpi": DPI}))
    face = render_face(deck, parse_card("KH"))
    got = np.array(face.getpixel((face.width // 2, face.height // 2)), dtype=float)
    want = _to_srgb_by_hand(adobe)
    assert np.abs(got - want).max() <= 2, (got, want)
    if adobe != (128, 128, 128):
        assert np.abs(got - np.array(adobe)).max() > 5  # the raw numbers would have been wrong


# --------------------------------------------------------------------------- preflight


def test_preflight_reports_a_low_resolution_photo_and_text_in_the_safe_margin(tmp_path: Path, run) -> None:
    Image.new("RGB", (60, 80), (180, 120, 90)).save(tmp_path / "small.jpg")
    (tmp_path / "deck.toml").write_text(
        'profile = "euchre-24"\n'
        # the back keeps its words inside the card's own safe area: a card safer than the shop's lets one through
        '[card]\nsafe_mm = 2\n[back]\ntemplate = "full-bleed"\n'
        '[cards.QH]\nimage = "small.jpg"\n'
        '[[back.text]]\ncontent = "FOR ANNA"\nposition = [0.5, 0.045]\nsize_mm = 3\nplate = false\n'
    )
    code, out, err = run(tmp_path, "print", "--preflight")
    lines = (out + err).splitlines()
    photo = [line for line in lines if line.startswith("FAIL  photo:")]
    safe = [line for line in lines if line.startswith("FAIL  safe zone: back.text")]
    assert code == 1
    assert photo == ["FAIL  photo: small.jpg is 60 x 80 px, below the 300 ppi generic asks for: 35 ppi for 44 x 43 mm "
                     "on cards.QH.image"]
    assert len(safe) == 1 and safe[0].startswith("FAIL  safe zone: back.text[0] comes 3.0 mm from the trim") and "generic keeps 4 mm clear" in safe[0]
    assert not (tmp_path / "output").exists()  # a preflight writes nothing
    assert any(line.startswith("ok    colour: CMYK PDF/X-4") for line in lines)


@pytest.mark.extended
def test_preflight_reports_low_resolution_back_and_lid_pictures(tmp_path: Path, run) -> None:
    # 200 x 300 px filling a 65 x 97 mm back (59 x 91 + 3 mm bleed): 200 / (65 / 25.4) = 78 ppi;
    # fitted into the lid's picture box (45.8 x 68 mm: 42 % of the panel's inside) it is 68 mm tall: 300 / (68 / 25.4) = 112 ppi
    Image.new("RGB", (200, 300), (90, 120, 180)).save(tmp_path / "small-back.png")
    Image.new("RGB", (2400, 3600), (90, 120, 180)).save(tmp_path / "big.png")
    (tmp_path / "deck.toml").write_text(
        'profile = "euchre-24"\n'
        '[back]\nimage = "small-back.png"\nimage_mode = "fill"\n'
        '[tin]\nimage = "small-back.png"\n'
    )
    code, out, err = run(tmp_path, "print", "--preflight")
    lines = [line for line in (out + err).splitlines() if line.startswith("FAIL  picture:")]
    assert code == 1
    assert lines == [
        "FAIL  picture: back.image: small-back.png is 200 x 300 px for 65 x 97 mm: 78 ppi, below the 300 ppi "
        "generic asks for",
        "FAIL  picture: tin.image: small-back.png is 200 x 300 px for 45 x 68 mm: 112 ppi, below the 300 ppi "
        "generic asks for",
    ]
    # the same back and lid with a picture large enough pass, with one line saying so
    text = (tmp_path / "deck.toml").read_text().replace("small-back.png", "big.png")
    (tmp_path / "deck.toml").write_text(text)
    code, out, err = run(tmp_path, "print", "--preflight")
    assert code == 0, out + err
    assert "ok    picture: 2 back or lid picture(s), all at 300 ppi or more where printed" in out


def test_preflight_measures_a_back_picture_where_the_words_plates_move_it(tmp_path: Path) -> None:
    """The back renderer frames a filled picture's faces clear of the words' plates (here it draws the
    selfie smaller, zoom 0.89 instead of 0.93, so the face sits below a caption at the top); the
    preflight measured the resolution on the framing without the words, 225 ppi where 235 prints."""
    import warnings

    pytest.importorskip("skimage")
    import photo_samples as samples

    from deckgen.render.backs import back_box, place_back_picture
    from deckgen.render.shopcheck import _pictures, picture_fill

    samples.selfie(600).save(tmp_path / "selfie.jpg", quality=90)

    def back(*text: dict) -> dict:
        return {"image": str(tmp_path / "selfie.jpg"), "image_mode": "fill", "text": list(text)}

    caption = {"content": "Anna & Ben", "position": [0.5, 0.15], "size_mm": 6}
    found = {}
    for name, spec in (("alone", back()), ("caption", back(caption))):
        d = resolve_design(demo_config(overrides={"dpi": 150, "theme": "wedding", "back": spec}))
        found[name] = [str(f) for f in _pictures(d, load_shop("generic")) if f.topic == "picture"]
        fill = picture_fill(d, "back")
        assert fill is not None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            # with no words to keep clear of, the renderer frames the picture just as before
            usual = place_back_picture(d.source, d.back, back_box(d), d.card.corner_radius_mm, d.card.safe_mm)
        assert usual is not None and usual.fill is not None
        if name == "alone":  # drawn a little smaller (0.93) to keep the whole head, hair included, inside
            assert fill.zoom == usual.fill.zoom and round(fill.zoom, 2) == 0.93
        else:  # the caption moves the framing: the preflight measures the moved one
            assert fill.zoom < usual.fill.zoom and round(fill.zoom, 2) == 0.89
    shown = f"{tmp_path / 'selfie.jpg'}"
    assert found["alone"] == [f"FAIL  picture: back.image: {shown} is 600 x 800 px for 65 x 97 mm at zoom 0.93: "
                              "225 ppi, below the 300 ppi generic asks for"]
    assert found["caption"] == [f"FAIL  picture: back.image: {shown} is 600 x 800 px for 65 x 97 mm at zoom 0.89: "
                                "235 ppi, below the 300 ppi generic asks for"]


@pytest.mark.extended
def test_preflight_warns_of_a_face_the_trim_would_cut_on_a_filled_back(tmp_path: Path, run) -> None:
    from skimage import data

    Image.fromarray(data.astronaut()).save(tmp_path / "astronaut.png")
    (tmp_path / "deck.toml").write_text(
        'profile = "euchre-24"\n[back]\nimage = "astronaut.png"\nimage_mode = "fill"\nimage_focus = [0.95, 0.5]\n'
    )
    code, out, err = run(tmp_path, "print", "--preflight")
    warn = [line for line in (out + err).splitlines() if line.startswith("warn  picture:")]
    assert len(warn) == 1 and warn[0].startswith("warn  picture: back.image: a face in astronaut.png crosses the trim")
    # framed on the face found (no focus), the face is clear of the safe zone
    (tmp_path / "deck.toml").write_text('profile = "euchre-24"\n[back]\nimage = "astronaut.png"\nimage_mode = "fill"\n')
    code, out, err = run(tmp_path, "print", "--preflight")
    assert not [line for line in (out + err).splitlines() if line.startswith("warn  picture:")]


def test_preflight_says_of_a_paper_what_the_print_file_paints(tmp_path: Path, run) -> None:
    # #fefcf6 would be 2/1/5/0 % through the shipped profile, but drawn art's near-greys go to black
    # alone, and a K of 2 % is dropped: the file paints it as paper, so the preflight only says so,
    # with the tint it leaves out (the 2 % K, not the profile's 2/1/5/0, whose 5 % yellow it never prints).
    # #f4f4f4 is a grey printed as 5 % K (12 of 255): printed, and too faint to print evenly.
    (tmp_path / "deck.toml").write_text('profile = "euchre-24"\n[colours]\nbackground = "#fefcf6"\n'
                                        '[back]\npaper = "#f4f4f4"\n')
    code, out, err = run(tmp_path, "print", "--preflight")
    lines = [line for line in (out + err).splitlines() if " paper: " in line]
    assert lines == [
        "ok    paper: the faces' paper #fefcf6 would be 0/0/0/2 % CMYK, too faint for a press to hold: the print-shop "
        "file leaves it as white paper",
        "warn  paper: the backs' paper #f4f4f4 prints as 0/0/0/5 % CMYK: a tint this faint may print blotchy; set "
        "back.paper to white (#ffffff) or a stronger colour",
    ]
    assert code == 0  # a warning, not a failure


def test_preflight_names_every_card_that_prints_a_low_resolution_photo(tmp_path: Path) -> None:
    """A photo file is one finding naming every key and card that prints it (fixing the file changes them all),
    grouped by the size it prints at; a file printed well enough everywhere is not named."""
    from deckgen.render.shopcheck import _resolution
    from deckgen.resolve import load_design

    ramp = np.linspace(40, 220, 451 * 300 * 3).reshape(300, 451, 3).astype(np.uint8)
    Image.fromarray(ramp).save(tmp_path / "cat.jpg")
    Image.fromarray(np.repeat(np.repeat(ramp[:2, :2], 1000, 0), 1000, 1)).save(tmp_path / "big.jpg")
    (tmp_path / "deck.toml").write_text(
        '[faces]\njoker_mode = "full"\njoker_image = "cat.jpg"\n'
        '[cards.QS]\nimage = "cat.jpg"\nmode = "full"\n[cards.QH]\nimage = "cat.jpg"\n[cards.KH]\nimage = "big.jpg"\n')
    findings = [str(f) for f in _resolution(load_design(tmp_path / "deck.toml"), load_shop("generic"))]
    assert findings == [
        "FAIL  photo: cat.jpg is 451 x 300 px, below the 300 ppi generic asks for: 79 ppi for 65 x 97 mm on "
        "cards.QS.image and faces.joker_image (JK1, JK2); 186 ppi for 40 x 41 mm on cards.QH.image"]
    # the same file printed large enough on one card and too small on another: both are named
    (tmp_path / "deck.toml").write_text('[cards.KS]\nimage = "big.jpg"\nmode = "full"\n[cards.KH]\nimage = "big.jpg"\n'
                                        '[cards.KD]\nimage = "big.jpg"\nzoom = 8\n')
    findings = [str(f) for f in _resolution(load_design(tmp_path / "deck.toml"), load_shop("generic"))]
    assert findings == [
        "FAIL  photo: big.jpg is 2000 x 2000 px, below the 300 ppi generic asks for: 155 ppi for 40 x 41 mm at "
        "zoom 8 on cards.KD.image; 524 ppi for 65 x 97 mm on cards.KS.image (enough); 1240 ppi for 40 x 41 mm on "
        "cards.KH.image (enough)"]
    (tmp_path / "deck.toml").write_text('[cards.KS]\nimage = "big.jpg"\nmode = "full"\n[cards.KH]\nimage = "big.jpg"\n')
    findings = [str(f) for f in _resolution(load_design(tmp_path / "deck.toml"), load_shop("generic"))]
    assert findings == ["ok    photo: 1 photo(s), all at 300 ppi or more where printed"]


@pytest.mark.parametrize("theme", ["plain", "wedding", "christmas"])
def test_preflight_paper_findings_agree_with_the_vector_writers_colours(theme: str) -> None:
    """The demo's backs (#fdfbf7) and the wedding theme's (#fffdf7) were warned of as 2-4 % tints that the
    print-shop file in fact paints 0 0 0 0: the preflight now asks the writer's own rule (press_colours)."""
    from PIL import ImageColor
    from reportlab.lib.colors import CMYKColor

    from deckgen.render.facevector import press_colours
    from deckgen.render.shopcheck import _paper

    deck = resolve_design(demo_config(overrides={"theme": theme}))
    colour_of = press_colours(read_cmyk_profile(), ImageColor.getrgb(deck.faces.ink.black), 300)
    findings = _paper(deck, None, 300)
    papers = [deck.faces.ink.paper] + [back.colours.paper for back in deck.backs]
    assert len(findings) == len(papers)
    for finding, paper in zip(findings, papers):
        painted, _ = colour_of(ImageColor.getrgb(paper))
        numbers = [round(v * 255) for v in (painted.cyan, painted.magenta, painted.yellow, painted.black)]
        assert isinstance(painted, CMYKColor)
        if "leaves it as white paper" in finding.message or "is white" in finding.message:
            assert numbers == [0, 0, 0, 0] and finding.status == "ok", finding
        else:
            shown = "/".join(f"{v * 100 / 255:.0f}" for v in numbers) + " % CMYK"
            assert f"prints as {shown}" in finding.message, (finding, numbers)
            assert (finding.status == "warn") == (max(numbers) < 13), finding
    if theme in ("plain", "wedding"):  # #fdfbf7, #fffdf7: dropped to paper, so nothing to warn of
        assert [f.status for f in findings[1:]] == ["ok"] and "leaves it as white paper" in findings[1].message


def test_preflight_passes_the_demo_deck_for_meinspiel(tmp_path: Path, run) -> None:
    code, out, err = run(tmp_path, "print", "--preflight", "--shop", "meinspiel")
    assert code == 0, out + err
    assert "0 failed (meinspiel:" in out


# --------------------------------------------------------------------------- sheets: papers, gutter, cutters


@pytest.mark.parametrize(("paper", "per_sheet", "turned"),
                         [("a4", 9, False), ("letter", 8, True), ("a3", 18, True), ("legal", 10, True),
                          ("tabloid", 16, False), ("300x450", 21, True)])
def test_papers_and_how_many_cards_fit(paper: str, per_sheet: int, turned: bool) -> None:
    from deckgen.design import CardFormat
    from deckgen.render.sheets import paper_named, sheet_layout

    layout = sheet_layout(paper_named(paper), CardFormat(dpi=300, bleed_mm=3.0))
    assert (layout.per_sheet, layout.rotated) == (per_sheet, turned)


def test_unknown_or_absurd_paper_is_refused() -> None:
    from deckgen.render.sheets import paper_named

    with pytest.raises(ValueError, match=r"^unknown paper 'a5': expected one of a4, letter, a3, legal, tabloid or a size in mm such as '300x450'$"):
        paper_named("a5")
    with pytest.raises(ValueError, match=r"'20x30': a paper from 90 to 1500 mm a side"):
        paper_named("20x30")
    assert paper_named("300 x 450mm").width_mm == 300


def test_gutter_keeps_each_cards_bleed_and_no_neighbour_shows(tmp_path: Path) -> None:
    from deckgen.design import CardFormat
    from deckgen.render.sheets import PAPERS, sheet_layout

    geometry = CardFormat(dpi=300, bleed_mm=3.0)
    touching = sheet_layout(PAPERS["a4"], geometry)
    apart = sheet_layout(PAPERS["a4"], geometry, gutter_mm=6.0)
    assert apart.per_sheet == 8  # 2 x 4 turned on A4, 6 mm apart: 2 x 91 + 6 = 188 <= 195 and 4 x 59 + 3 x 6 = 254 <= 282 mm
    for slot in apart.slots:
        x0, y0, x1, y1 = slot.trim
        assert slot.clip == pytest.approx((x0 - 3, y0 - 3, x1 + 3, y1 + 3))  # the whole bleed, every side
        for other in apart.slots:
            if other is not slot:  # clips meet at most, never overlap
                a, b = slot.clip, other.clip
                assert a[2] <= b[0] + 1e-9 or b[2] <= a[0] + 1e-9 or a[3] <= b[1] + 1e-9 or b[3] <= a[1] + 1e-9
    inner = [s for s in touching.slots if s.clip != s.trim]
    assert len(inner) == 8  # touching cards keep bleed only towards the margins


def test_a_photo_to_the_card_edge_gets_a_gutter_that_costs_no_card(tmp_path: Path) -> None:
    """A full-photo court's photo runs to its edge: cut a little off beside a plain card, it would
    show a sliver of itself there. Its home sheets then get the widest gutter up to twice the bleed
    that keeps as many cards on the sheet; a deck without one, or a gutter asked for, is left alone."""
    from deckgen.design import CardFormat
    from deckgen.render.printfiles import home_gutter
    from deckgen.render.sheets import PAPERS, sheet_layout

    Image.new("RGB", (40, 60), (200, 120, 90)).save(tmp_path / "king.png")
    geometry = CardFormat(dpi=300, bleed_mm=3.0)
    photo = resolve_design(demo_config(overrides={"cards": {"KS": {"image": str(tmp_path / "king.png"), "mode": "full"}}}))
    plain = resolve_design(demo_config())
    mirrored = resolve_design(demo_config(overrides={"cards": {"KS": {"image": str(tmp_path / "king.png")}}}))
    a4, letter = PAPERS["a4"], PAPERS["letter"]
    assert home_gutter(photo, photo.print, a4, geometry) == 4.5  # 3 rows: 3 x 91 + 2 x 4.5 = 282 mm, the room there is
    assert home_gutter(photo, photo.print, letter, geometry) == 6.0  # 2 x 4 turned: the whole bleed kept
    for gutter, paper in ((4.5, a4), (6.0, letter)):
        assert sheet_layout(paper, geometry, gutter_mm=gutter).per_sheet == sheet_layout(paper, geometry).per_sheet
    assert home_gutter(plain, plain.print, a4, geometry) == 0.0
    assert home_gutter(mirrored, mirrored.print, a4, geometry) == 0.0  # a mirrored court's photo stays inside its frame
    asked = photo.print.with_overrides(gutter_mm=0.0)
    assert home_gutter(photo, asked, a4, geometry) == 0.0


def test_cutter_sheets_have_registration_marks_and_an_svg_of_the_cuts(tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    deck = resolve_design(demo_config(overrides={"dpi": DPI, "profile": "euchre-24"}))
    written = build_print_files(deck, tmp_path, options=PrintOptions(paper="letter", cutter=True, gutter_mm=4.0))
    svg_path = tmp_path / "print" / "sheets-letter-cut.svg"
    assert svg_path in written
    root = ET.parse(svg_path).getroot()
    ns = {"s": "http://www.w3.org/2000/svg"}
    assert root.get("width") == "215.9mm" and root.get("viewBox") == "0 0 215.9 279.4"
    cuts = root.findall("s:g[@id='cut']/s:rect", ns)
    pdf = pikepdf.open(tmp_path / "print" / "sheets-letter.pdf")
    front = pdf.pages[0]
    squares = [[float(v) for v in operands] for operands, op in pikepdf.parse_content_stream(front) if str(op) == "re"]
    assert len(cuts) == 8  # 2 x 4 turned cards with a 4 mm gutter
    for rect in cuts:
        w, h = float(rect.get("width")), float(rect.get("height"))
        assert sorted((w, h)) == pytest.approx([59.0, 91.0]) and float(rect.get("rx")) == 5.0
    marks = root.findall("s:g[@id='registration']/*", ns)
    assert len(marks) == 1 + 2 * 2  # a square and two brackets of two legs
    mm = 72 / 25.4
    square = root.find("s:g[@id='registration']/s:rect", ns)
    x, y, size = (float(square.get(k)) for k in ("x", "y", "width"))
    # the same square on the face sheet (PDF y runs up), 5 mm, in the corner of the printable area
    assert [x * mm, (279.4 - y - size) * mm, size * mm, size * mm] in [pytest.approx(q, abs=0.01) for q in squares]
    assert (x, y, size) == (5.0, 5.0, 5.0)
    def filled_rects(page: pikepdf.Page) -> int:
        ops = [str(op) for _, op in pikepdf.parse_content_stream(page)]
        return sum(a == "re" and b in ("f", "f*") for a, b in zip(ops, ops[1:]))

    assert [filled_rects(p) for p in pdf.pages[:2]] == [1, 0]  # the square on the face sheet only


# --------------------------------------------------------------------------- vector faces


def _colour_ops(page: pikepdf.Page) -> set[tuple[str, tuple[float, ...]]]:
    return {(str(op), tuple(round(float(v), 4) for v in operands))
            for operands, op in pikepdf.parse_content_stream(page) if str(op) in ("k", "K", "rg", "RG", "g", "G", "sc", "scn")}


def test_pips_and_indices_are_vector_shapes_in_100_percent_k_overprinting(demo_out: Path) -> None:
    pdf = pikepdf.open(demo_out / "print" / "print-shop.pdf")
    ten_of_spades = pdf.pages[9]  # spades come first: A, 2 ... 10
    ops = [str(op) for _, op in pikepdf.parse_content_stream(ten_of_spades)]
    # K only: the cream paper is a tint too faint to print, so the ground is 0 % (paper)
    assert _colour_ops(ten_of_spades) == {("k", (0.0, 0.0, 0.0, 1.0)), ("k", (0.0, 0.0, 0.0, 0.0))}
    assert ops.count("f*") + ops.count("f") == 1 + 12  # the ground, ten pips and two index suits, as paths
    assert ops.count("BT") == 2  # the two '10's, as text in an embedded font
    states = ten_of_spades.Resources.ExtGState
    assert any(bool(state.get("/op")) for state in states.values())  # black overprints
    # in overprint mode 1, set before it: black's zero C, M and Y leave the inks under it alone
    used = [str(operands[0]) for operands, op in pikepdf.parse_content_stream(ten_of_spades) if str(op) == "gs"]
    mode = next(i for i, name in enumerate(used) if states[name].get("/OPM") == 1)
    assert mode < next(i for i, name in enumerate(used) if bool(states[name].get("/op")))
    for font in ten_of_spades.Resources.Font.values():
        descriptor = font.DescendantFonts[0].FontDescriptor if "/DescendantFonts" in font else font.FontDescriptor
        assert "/FontFile2" in descriptor
    # no picture under them: the whole face is shapes
    assert images_and_operators(ten_of_spades)[0] == []
    ten_of_hearts = pdf.pages[13 + 9]
    pips, index = sorted(_colour_ops(ten_of_hearts) - {("k", (0.0, 0.0, 0.0, 0.0))}, key=lambda o: -sum(1 for v in o[1] if v))
    # the pips: a red made of magenta and yellow (FOGRA39 deepens a dark red with a little black), not K
    assert pips[0] == "k" and pips[1][1] > 0.9 and pips[1][2] > 0.6 and pips[1][3] < 0.2
    # the index (10 pt, its suits as small): the same red in magenta and yellow alone (two plates to register)
    assert index[0] == "k" and index[1][0] == index[1][3] == 0 and index[1][1] > 0.9 and index[1][2] > 0.6


def test_the_png_and_the_pdf_come_from_one_description(tmp_path: Path) -> None:
    from deckgen.render.vectorshapes import SuitShape, TextShape

    deck = resolve_design(demo_config(overrides={"dpi": 150}))
    for code in ("10S", "7H", "KD"):
        card = parse_card(code)
        shapes: list = []
        base = np.asarray(render_face(deck, card, vectors=shapes)).astype(int)
        png = np.asarray(render_face(deck, card)).astype(int)
        pips = [s for s in shapes if isinstance(s, SuitShape)]
        assert pips and [s for s in shapes if isinstance(s, TextShape)]
        k = 150 / 25.4
        bleed = round(3 * k)
        for pip in pips:  # where the description puts a symbol, the PNG has ink and the base has none
            x, y = round(bleed + pip.x_mm * k), round(bleed + pip.y_mm * k)
            if pip.h_mm < 5:
                continue  # an index suit: too small to probe its centre at 150 DPI
            assert np.abs(png[y, x] - base[y, x]).sum() > 60, (code, pip)
        if code == "10S":
            assert len(pips) == 12 and sorted(round(p.y_mm, 1) for p in pips if p.h_mm > 5) == sorted(
                round(91 - p.y_mm, 1) for p in pips if p.h_mm > 5)  # a half turn maps the pips onto each other


def test_only_photos_are_pictures_and_the_pdf_looks_like_the_png(tmp_path: Path) -> None:
    """A drawn court, a mirrored photo and a full photo: the print-shop file draws frames, grounds,
    plates and words as shapes, keeps only the photos as pictures (the mirrored one cut to its
    window), and drawn back by a PDF renderer each page looks like the card's PNG."""
    import pypdfium2
    from PIL import ImageFilter
    from skimage import data

    Image.fromarray(data.astronaut()).save(tmp_path / "astronaut.png")
    (tmp_path / "deck.toml").write_text(
        'dpi = 100\nprofile = "euchre-24"\n[print]\npaper = "a4"\n'
        '[cards.KH]\nimage = "astronaut.png"\ntext = "Ben"\n'
        '[cards.QS]\nimage = "astronaut.png"\nmode = "full"\n'
    )
    deck = resolve_design(load_config(tmp_path / "deck.toml"))
    out = tmp_path / "output"
    build_print_files(deck, out, options=PrintOptions(paper="a4", rgb=True))  # the same pages as CMYK, in RGB
    codes = [card.code for card in deck.profile.unique_cards()]
    pdf = pikepdf.open(out / "print" / "print-shop.pdf")
    pictures = {code: images_and_operators(pdf.pages[i])[0] for i, code in enumerate(codes)}
    assert {code for code, images in pictures.items() if images} == {"KH", "QS"}
    (kh, kh_turned), (qs,) = pictures["KH"], pictures["QS"]
    with Image.open(out / "cards" / "KH.png") as png:
        face_w, face_h = png.size
    # the mirrored photo is the upper half of the frame's window (39.8 x 41 mm of the 65 x 97 mm face),
    # stored once and drawn twice; the full one is the whole face
    assert kh.objgen == kh_turned.objgen
    assert int(kh.Width) == pytest.approx(face_w * 39.8 / 65, abs=2)
    assert int(kh.Height) == pytest.approx(face_h * 41 / 97, abs=2)
    assert (int(qs.Width), int(qs.Height)) == (face_w, face_h)
    # the RGB file drawn back at the cards' DPI, softened a little (edges anti-alias differently)
    rgb = pypdfium2.PdfDocument(out / "print" / "print-shop.pdf")
    for code in ("KS", "KH", "QS", "AS"):
        page = rgb[codes.index(code)]
        with Image.open(out / "cards" / f"{code}.png") as png:
            want = png.convert("RGB")
        got = page.render(scale=want.width / page.get_width()).to_pil().convert("RGB").resize(want.size)
        soft = [np.asarray(im.filter(ImageFilter.GaussianBlur(1.5))).astype(int) for im in (got, want)]
        diff = np.abs(soft[0] - soft[1]).sum(axis=2)
        assert diff.mean() < 10 and (diff > 90).mean() < 0.01, (code, diff.mean(), (diff > 90).mean())


def test_home_sheets_draw_the_same_vector_symbols(demo_out: Path) -> None:
    pdf = pikepdf.open(demo_out / "print" / "sheets-a4.pdf")
    ops = [str(op) for _, op in pikepdf.parse_content_stream(pdf.pages[0])]
    # A to 9 of spades: two indices each and the deck's name on the ace, as text, and the sheet's label
    assert ops.count("BT") == 9 * 2 + 1 + 1
    # pips and index suits as paths: 1 + 2 + ... + 9 pips (the ace's spade is three layered ones) and 18 index
    # suits; each card's ground; the ace's two gold rings and its beads
    assert ops.count("f*") + ops.count("f") == (3 + sum(range(2, 10))) + 18 + 9 + 3
    assert not [op for op in ops if op in ("k", "K")]  # a home printer gets RGB


def test_a_font_the_pdf_cannot_embed_stays_a_picture(tmp_path: Path) -> None:
    from deckgen.render.facevector import can_embed
    from deckgen.render.vectorshapes import TextShape
    from deckgen.resources import font_path

    assert can_embed(font_path("DejaVuSansCondensed-Bold.ttf"))
    fake = tmp_path / "cff.otf"
    fake.write_bytes(b"OTTO" + bytes(200))  # a CFF-flavoured OpenType header: ReportLab cannot embed it
    assert not can_embed(fake)
    deck = resolve_design(demo_config(overrides={"dpi": DPI}))
    shapes: list = []
    render_face(deck, parse_card("7C"), vectors=shapes)
    assert all(can_embed(s.font) for s in shapes if isinstance(s, TextShape))


def test_no_bleed_warns_and_the_shop_file_still_gets_the_presets_bleed(tmp_path: Path, run) -> None:
    (tmp_path / "deck.toml").write_text('dpi = 72\nbleed_mm = 0\nprofile = "euchre-24"\n[print]\npaper = "a4"\n')
    code, out, err = run(tmp_path, "print")
    assert code == 0, err
    assert "deck.toml: bleed_mm = 0: a print shop will ask for bleed (usually 3 mm)" in " ".join(err.split())
    pdf = pikepdf.open(tmp_path / "output" / "print" / "print-shop.pdf")
    page = pdf.pages[0]
    mm = 72 / 25.4
    assert [float(v) for v in page.TrimBox] == pytest.approx([3 * mm, 3 * mm, 62 * mm, 94 * mm], abs=0.01)
    with Image.open(tmp_path / "output" / "cards" / "AS.png") as own:
        assert own.size == (167, 258)  # the deck's own cards keep no bleed: 59 x 91 mm at 72 DPI


def test_drawn_greys_print_in_black_alone_and_photos_keep_rich_shadows() -> None:
    from deckgen.render.cmyk import press_cmyk

    profile = read_cmyk_profile()
    black = (22, 22, 29)
    ramp = Image.new("RGB", (4, 1))
    for x, colour in enumerate([black, (120, 120, 124), (255, 253, 248), (200, 30, 40)]):
        ramp.putpixel((x, 0), colour)
    drawn = press_cmyk(ramp, profile, 300, black)[0]
    assert drawn[0].tolist() == [0, 0, 0, 255]  # the deck's black: 100 % K
    assert drawn[1][:3].tolist() == [0, 0, 0] and 100 < drawn[1][3] < 160  # a grey: a K tint
    assert drawn[2].tolist() == [0, 0, 0, 0]  # the paper: no ink
    assert drawn[3][:3].max() > 200  # a red stays a colour build
    photo = press_cmyk(ramp, profile, 300)[0]
    assert photo[0][:3].min() > 100  # without `black` (a photo), a black is four-colour


def test_court_frames_print_in_black_alone(demo_out: Path) -> None:
    from deckgen.colour import rgb
    from deckgen.render.facedraw import _mix
    from deckgen.render.facevector import press_colours

    pdf = pikepdf.open(demo_out / "print" / "print-shop.pdf")
    queen = pdf.pages[11]  # A ... 10, J, Q of spades
    assert images_and_operators(queen)[0] == []  # frame, ground, figure: all shapes
    deck = resolve_design(demo_config(overrides={"dpi": DPI}))
    ink, paper = rgb(deck.faces.ink.black), rgb(deck.faces.ink.paper)
    colour_of = press_colours(read_cmyk_profile(), ink, 300)
    ground = _mix(paper, ink, 0.07)  # the window's ground and its lattice, greys of the deck's black
    lattice = _mix(ground, ink, 0.09)
    used = _colour_ops(queen)
    for rgb in (ink, ground, lattice):
        colour, _ = colour_of(rgb)
        c, m, y, k = (round(v, 4) for v in (colour.cyan, colour.magenta, colour.yellow, colour.black))
        assert (c, m, y) == (0, 0, 0) and k > 0.05  # black alone
        assert ("k", (c, m, y, k)) in used
