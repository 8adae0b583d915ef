"""Backs in the print-shop PDF: the pattern, frame, medallion and words as vector shapes, the photo as
the only picture, and the page looking like the back's PNG."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pikepdf
import pypdfium2
import pytest
from PIL import Image

from deckgen.config import demo_config
from deckgen.render.backs import render_back
from deckgen.render.backvector import VectorBack, vector_back
from deckgen.render.cardart import CardArt
from deckgen.render.facevector import press_colours
from deckgen.render.pdfcanvas import save_pdf
from deckgen.render.printshop import build_print_shop, write_cmyk_print_shop
from deckgen.render.vectorshapes import PathShape, TextShape
from deckgen.resolve import resolve_design


def deck(dpi: int = 150, **overrides: object):
    return resolve_design(demo_config(overrides={"dpi": dpi} | overrides))


def quiet(fn, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args)


def back_pdf(design, target: Path, cmyk: bool = False) -> Path:
    """A one-back print-shop file (the back page only) for this design."""
    png = target.with_suffix(".png")
    quiet(render_back, design).save(png)
    cards = [CardArt("back", png, png)]
    vectors = {str(png): quiet(vector_back, design)}
    geometry = design.card
    if cmyk:
        return write_cmyk_print_shop(cards, geometry, target, order="faces-then-backs", sides=("back",),
                                     vectors=vectors, black=(35, 31, 32))
    images = {str(png): vectors[str(png)].rgb_image()} if vectors[str(png)].has_picture else {}
    pdf = build_print_shop(cards, geometry, sides=("back",), images=images, vectors=vectors,
                           colour_of=press_colours(None, (35, 31, 32), 300))
    return save_pdf(pdf, target)


def drawn(pdf: Path, size: tuple[int, int]) -> np.ndarray:
    page = pypdfium2.PdfDocument(str(pdf))[0]
    picture = page.render(scale=size[0] / page.get_width()).to_pil().convert("RGB").resize(size)
    return np.asarray(picture, dtype=np.int16)


@pytest.mark.parametrize("overrides", [
    {},  # the classic lattice with its medallion, fleurons and lozenges
    {"theme": "birthday", "back": {"text": [{"content": "Happy 40th Ben", "position": [0.5, 0.22], "mirror": True}]}},
    {"theme": "wedding", "back": {"template": "checker"}},
    # a caption that wraps near the foot, moved up clear of the frame and the fleurons
    {"theme": "wedding", "back": {"text": [{"content": "Anna & Ben, 12 June 2027", "position": [0.5, 0.88],
                                            "size_mm": 5}], "mirror_text": True}},
], ids=["classic", "words", "checker", "caption-moved-inside"])
def test_the_drawn_back_in_the_pdf_looks_like_its_png(tmp_path: Path, overrides: dict) -> None:
    design = deck(150, **overrides)
    png = np.asarray(quiet(render_back, design), dtype=np.int16)
    page = drawn(back_pdf(design, tmp_path / "back.pdf"), (png.shape[1], png.shape[0]))
    # the same design: at 150 ppi only the edges' anti-aliasing differs, so compare 6 x 6 px blocks
    h, w = (png.shape[0] // 6) * 6, (png.shape[1] // 6) * 6

    def blocks(a: np.ndarray) -> np.ndarray:
        return a[:h, :w].reshape(h // 6, 6, w // 6, 6, 3).mean(axis=(1, 3))

    difference = np.abs(blocks(png) - blocks(page))
    assert difference.mean() < 3.5
    assert np.percentile(difference, 99) < 30


def test_a_drawn_back_is_shapes_and_words_with_no_picture() -> None:
    back = quiet(vector_back, deck(150, theme="birthday"))
    assert isinstance(back, VectorBack) and not back.has_picture
    assert len(back.under) > 10 and all(isinstance(s, PathShape) for s in back.under)
    words = [s for s in back.shapes if isinstance(s, TextShape)]
    assert [w.text for w in words] == ["Happy Birthday", "Happy Birthday"]
    assert [w.turned for w in words] == [False, True]
    assert words[0].cx_mm == pytest.approx(59 / 2, abs=0.2) and words[1].cx_mm == pytest.approx(59 / 2, abs=0.2)
    assert words[0].top_mm + words[1].top_mm + words[0].cap_mm == pytest.approx(91, abs=0.05)  # a half turn apart


def test_a_photo_back_is_pattern_then_photo_then_words_in_cmyk(tmp_path: Path) -> None:
    from skimage import data

    Image.fromarray(data.astronaut()).save(tmp_path / "photo.png")
    design = deck(72, theme="wedding", back={"image": str(tmp_path / "photo.png"), "image_mode": "fit",
                                             "text": [{"content": "FOR ANNA", "position": [0.5, 0.06], "plate": False}]})
    pdf = pikepdf.open(back_pdf(design, tmp_path / "back.pdf", cmyk=True))
    (page,) = pdf.pages
    order = [page.Resources.XObject[operands[0]] for operands, op in pikepdf.parse_content_stream(page) if str(op) == "Do"]
    assert [str(x.Subtype) for x in order] == ["/Form", "/Image", "/Form"]  # under the photo, the photo, over it
    under, photo, over = order
    assert photo.ColorSpace == pikepdf.Name.DeviceCMYK
    assert int(photo.Width) < 0.9 * 72 * 65 / 25.4  # the photo and its frame only, not the whole back
    pixels = np.asarray(pikepdf.PdfImage(photo).as_pil_image()).astype(int)
    assert pixels.sum(axis=-1).max() <= 300 * 255 // 100
    text_ops = [str(op) for _, op in pikepdf.parse_content_stream(over)]
    assert "BT" in text_ops and "BT" not in [str(op) for _, op in pikepdf.parse_content_stream(under)]
    fonts = list((over.get("/Resources") or page.Resources).Font.values())
    for font in fonts:  # embedded TrueType
        assert "/FontFile2" in (font.DescendantFonts[0] if "/DescendantFonts" in font else font).FontDescriptor
    assert fonts
    assert str(pdf.Root.OutputIntents[0].OutputConditionIdentifier) == "FOGRA39"


def test_the_same_back_gives_the_same_bytes(tmp_path: Path) -> None:
    design = deck(72, theme="christmas")
    first = back_pdf(design, tmp_path / "a.pdf", cmyk=True).read_bytes()
    second = back_pdf(design, tmp_path / "b.pdf", cmyk=True).read_bytes()
    assert first == second


def test_a_photo_back_gives_the_same_bytes_wherever_it_is_drawn(tmp_path: Path) -> None:
    # a build draws into a staging folder whose name changes from build to build
    from skimage import data

    Image.fromarray(data.astronaut()).resize((256, 256)).save(tmp_path / "photo.png")
    design = deck(72, theme="wedding", back={"image": str(tmp_path / "photo.png"), "image_mode": "fill"})
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    first = back_pdf(design, tmp_path / "one" / "back.pdf", cmyk=True).read_bytes()
    second = back_pdf(design, tmp_path / "two" / "back.pdf", cmyk=True).read_bytes()
    assert first == second


def test_two_photo_backs_of_one_file_name_keep_their_own_pictures(tmp_path: Path) -> None:
    # painted in the vector layer, a picture goes by a name from its content, not the file's last part:
    # two backs both called back.png (in two folders) each show their own photo in one print-shop file
    from skimage import data

    from deckgen.render.pdfcanvas import inline_name

    assert inline_name("one/back.png") != inline_name("two/back.png")
    cards, vectors, images = [], {}, {}
    for folder, photo in (("one", data.astronaut()), ("two", data.coffee())):
        (tmp_path / folder).mkdir()
        Image.fromarray(photo).resize((128, 128)).save(tmp_path / folder / "photo.png")
        design = deck(72, theme="wedding", back={"image": str(tmp_path / folder / "photo.png"), "image_mode": "fit"})
        png = tmp_path / folder / "back.png"
        quiet(render_back, design).save(png)
        cards.append(CardArt(folder, png, png))
        vectors[str(png)] = quiet(vector_back, design)
        images[str(png)] = vectors[str(png)].rgb_image()
    pdf = build_print_shop(cards, design.card, sides=("back",), images=images, vectors=vectors,
                           colour_of=press_colours(None, (35, 31, 32), 300))
    painted = []
    for page in pdf.pages:
        (name,) = [operands[0] for operands, op in pikepdf.parse_content_stream(page) if str(op) == "Do"
                   and page.Resources.XObject[operands[0]].Subtype == pikepdf.Name.Image]
        painted.append(bytes(page.Resources.XObject[name].read_raw_bytes()))
    assert painted == [images[str(card.back)].data for card in cards]
    assert sorted(images) == sorted(str(card.back) for card in cards)  # the caller's images are left as given
