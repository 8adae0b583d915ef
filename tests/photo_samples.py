"""Real photos for the photo-court tests and benches, made from pictures that ship in scikit-image.

The astronaut (Eileen Collins, NASA, public domain) is a real waist-up
portrait; the cameraman and the cat are real photos. From them: a tall
portrait whose face is in its top fifth, a landscape with two faces side by
side, and a waist-up shot whose face is small. Each is enlarged to the size a
phone gives, so the build's reduction path is the one exercised.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image


def _astronaut() -> np.ndarray:
    import skimage.data

    return skimage.data.astronaut()


def astronaut() -> Image.Image:
    """512 x 512, one face, eyes about 22 % down."""
    return Image.fromarray(_astronaut())


def top_fifth_portrait(width: int = 1200) -> Image.Image:
    """A 3:5 portrait whose face's centre is in its top fifth: the astronaut's upper body, the suit
    continued below by its own mirror image."""
    a = _astronaut()[:, 60:420]
    tall = np.vstack([a, a[::-1][:88]])  # 360 x 600
    img = Image.fromarray(np.ascontiguousarray(tall))
    return img.resize((width, round(width * tall.shape[0] / tall.shape[1])), Image.Resampling.LANCZOS)


def couple_landscape(width: int = 1800) -> Image.Image:
    """A 3:2 landscape with two faces side by side (the astronaut and her mirror image)."""
    a = _astronaut()[:, 60:460]
    two = np.hstack([a, a[:, ::-1]])  # 800 x 512
    pad = np.vstack([two, two[::-1][: 533 - 512]])  # 800 x 533: 3:2
    img = Image.fromarray(np.ascontiguousarray(pad))
    return img.resize((width, round(width * pad.shape[0] / pad.shape[1])), Image.Resampling.LANCZOS)


def small_face_waist_up(width: int = 1400) -> Image.Image:
    """A 7:9 waist-up shot whose face is under a tenth of the width: the astronaut in a wide surround
    made from her own suit."""
    a = _astronaut()
    surround = np.asarray(Image.fromarray(a[400:, :]).resize((1400, 1800)))
    big = surround.copy()
    big[200:712, 444:956] = a
    img = Image.fromarray(big)
    return img.resize((width, round(width * 1800 / 1400)), Image.Resampling.LANCZOS)


def _person(height: int, mirror: bool = False) -> Image.Image:
    """The astronaut's head and shoulders (her central 360 px column), `height` px tall."""
    a = _astronaut()[:, 76:436]
    if mirror:
        a = a[:, ::-1]
    return Image.fromarray(np.ascontiguousarray(a)).resize((round(height * 360 / 512), height), Image.Resampling.LANCZOS)


def _background(name: str, size: tuple[int, int]) -> Image.Image:
    import skimage.data

    return Image.fromarray(getattr(skimage.data, name)()).resize(size, Image.Resampling.BICUBIC)


def distant_portrait(width: int = 2400) -> Image.Image:
    """A 3:2 landscape in which one person stands small, left of centre, before a launch pad (the
    scikit-image rocket photo): her face is about a twentieth of the photo's width."""
    height = width * 2 // 3
    scene = _background("rocket", (width, height))
    person = _person(round(height * 0.40))
    scene.paste(person, (round(width * 0.30), height - person.height))
    return scene


def group_shot(width: int = 2400) -> Image.Image:
    """A 3:2 landscape of three people side by side at a table (the coffee photo), each face about a
    twentieth of the photo's width: the group, not one face, is what a card should show."""
    height = width * 2 // 3
    scene = _background("coffee", (width, height))
    h = round(height * 0.36)
    for i, x in enumerate((0.22, 0.395, 0.57)):
        person = _person(h, mirror=i == 1)
        scene.paste(person, (round(width * x), height - person.height - round(height * 0.08)))
    return scene


def far_apart_couple(width: int = 2400) -> Image.Image:
    """A 3:2 landscape of two people at its two ends before the launch pad (the rocket photo), their
    faces 80 % of the width apart from outer edge to outer edge: too far apart for one crop of a
    half-card even shown a little smaller (that holds 76 % of the width)."""
    height = width * 2 // 3
    scene = _background("rocket", (width, height))
    for i, x in enumerate((0.0, 0.72)):
        person = _person(round(height * 0.6), mirror=i == 1)
        scene.paste(person, (round(width * x), height - person.height))
    return scene


def selfie(width: int = 900) -> Image.Image:
    """A 3:4 close-up: the astronaut's head filling the photo's width, cut off below the collar."""
    a = Image.fromarray(_astronaut()).crop((106, 10, 346, 330))
    return a.resize((width, width * 4 // 3), Image.Resampling.LANCZOS)


def cameraman() -> Image.Image:
    import skimage.data

    return Image.fromarray(skimage.data.camera()).convert("RGB")


def cat() -> Image.Image:
    """No person: the detector must find nothing, and the crop falls back to the upper part."""
    import skimage.data

    return Image.fromarray(skimage.data.chelsea())


def big_photo(img: Image.Image, megapixels: float = 12.0) -> Image.Image:
    """`img` enlarged to about `megapixels`, as a phone camera would deliver it."""
    k = (megapixels * 1e6 / (img.width * img.height)) ** 0.5
    return img.resize((round(img.width * k), round(img.height * k)), Image.Resampling.BICUBIC)


WEDDING = """\
name = "Anna & Ben"
theme = "wedding"

[cards.JS]
image = "images/portrait.jpg"
text = "Ben's brother"

[cards.QS]
image = "images/couple.jpg"
mode = "full"
text = "The happy couple"

[cards.KH]
image = "images/groom.jpg"

[cards.JH]
image = "images/waist-up.jpg"
text = "Best man"

[cards.QH]
image = "images/cameraman.jpg"

[cards.KS]
image = "images/cat.jpg"
mode = "full"

[faces]
joker_image = "images/couple-2.jpg"
joker_mode = "full"
"""


def write_wedding_deck(folder: Path) -> Path:
    """A wedding-style deck of seven photos, as a buyer would set it up; returns deck.toml."""
    images = folder / "images"
    images.mkdir(parents=True, exist_ok=True)
    top_fifth_portrait().save(images / "portrait.jpg", quality=90)
    couple_landscape().save(images / "couple.jpg", quality=90)
    couple_landscape(1800).transpose(Image.Transpose.FLIP_LEFT_RIGHT).save(images / "couple-2.jpg", quality=90)
    astronaut().resize((1200, 1200), Image.Resampling.LANCZOS).save(images / "groom.jpg", quality=90)
    small_face_waist_up().save(images / "waist-up.jpg", quality=90)
    cameraman().resize((1200, 1200), Image.Resampling.LANCZOS).save(images / "cameraman.jpg", quality=90)
    cat().resize((1800, 1200), Image.Resampling.LANCZOS).save(images / "cat.jpg", quality=90)
    deck = folder / "deck.toml"
    deck.write_text(WEDDING, encoding="utf-8")
    return deck
