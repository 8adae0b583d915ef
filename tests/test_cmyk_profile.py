"""The CMYK profile deckgen ships: its licence, its colour through LittleCMS, its ink, its black.

Figures against the full profile it was thinned from and against the SWOP profile shipped
before come from bench/bench_cmyk_profile.py (the full profile is not in the repository).
"""

from __future__ import annotations

import hashlib
import io

import numpy as np
import pikepdf
import pytest
from PIL import Image, ImageCms
from skimage.color import deltaE_ciede2000

from deckgen.render import icclut
from deckgen.render.cmyk import SHIPPED_CONDITION, add_output_intent, read_cmyk_profile, shipped_profile_path, to_cmyk

RELATIVE = ImageCms.Intent.RELATIVE_COLORIMETRIC


@pytest.fixture(scope="module")
def shipped() -> bytes:
    return read_cmyk_profile().data


def _lab(image: Image.Image) -> np.ndarray:
    raw = np.asarray(image).reshape(-1, 3)  # Pillow's LAB: L 0..255, a and b as signed bytes
    return np.stack([raw[:, 0] * 100.0 / 255.0, raw[:, 1].view(np.int8), raw[:, 2].view(np.int8)], axis=1).astype(float)


def _cmyk_percent(rgb: tuple[int, int, int], data: bytes) -> np.ndarray:
    profile = read_cmyk_profile()
    assert profile.data == data
    return np.asarray(to_cmyk(Image.new("RGB", (1, 1), rgb), profile))[0, 0].astype(int) * 100 / 255


def test_the_shipped_profile_is_public_domain_and_its_licence_file_describes_these_bytes(shipped: bytes) -> None:
    folder = shipped_profile_path().parent
    assert sorted(p.name for p in folder.iterdir()) == [
        "CC0-1.0.txt", "LICENSE-coated_fogra39_300_deckgen.txt", "coated_fogra39_300_deckgen.icc"]
    licence = (folder / "LICENSE-coated_fogra39_300_deckgen.txt").read_text()
    assert "SPDX-License-Identifier: CC0-1.0" in licence
    assert f"{len(shipped)} bytes" in licence
    assert f"SHA-256 {hashlib.sha256(shipped).hexdigest()}" in licence
    assert (folder / "CC0-1.0.txt").read_text().startswith("Creative Commons Legal Code\n\nCC0 1.0 Universal")
    profile = ImageCms.ImageCmsProfile(io.BytesIO(shipped)).profile
    assert profile.copyright == "CC0 1.0 Universal Public Domain Dedication"
    assert profile.profile_description == "deckgen Coated FOGRA39 300% (CC0)"
    assert (profile.xcolor_space, profile.connection_space, profile.version) == ("CMYK", "Lab ", 2.2)


def test_the_profile_is_what_deckgens_icc_writer_makes_byte_for_byte(shipped: bytes) -> None:
    # read every tag, parse and re-encode every table, write the profile again: the same bytes,
    # so the shipped file is exactly what `python -m deckgen.render.icclut` writes
    tags = [icclut.Tag(t.signature, icclut.Lut16.parse(t.data).to_bytes() if t.data[:4] == b"mft2" else t.data)
            for t in icclut.read_tags(shipped)]
    assert icclut.write_profile(shipped[:128], tags) == shipped
    sizes = {t.signature: icclut.Lut16.parse(t.data).points for t in icclut.read_tags(shipped) if t.data[:4] == b"mft2"}
    assert sizes == {"A2B0": 12, "A2B1": 12, "A2B2": 12, "B2A0": 17, "B2A1": 17, "B2A2": 17}


def test_thinning_a_table_keeps_the_values_of_the_nodes_it_keeps() -> None:
    rng = np.random.default_rng(3)
    curves = np.tile(np.linspace(0, 65535, 256).round().astype(np.uint16), (3, 1))
    table = icclut.Lut16((65536, 0, 0, 0, 65536, 0, 0, 0, 65536), curves,
                         rng.integers(0, 65536, (5, 5, 5, 4), dtype=np.uint16), np.tile(curves[0], (4, 1)))
    thin = table.every_second_node()
    assert thin.points == 3 and np.array_equal(thin.grid, table.grid[::2, ::2, ::2])
    nodes = np.array([[0, 0, 0], [0.5, 1, 0], [1, 1, 1]])
    assert np.allclose(thin.apply(nodes), table.apply(nodes), atol=1e-4)
    assert icclut.Lut16.parse(thin.to_bytes()).to_bytes() == thin.to_bytes()


def test_printable_colours_survive_a_round_trip_through_littlecms(shipped: bytes) -> None:
    # CMYK patches under 300 % are colours the press can print: Lab -> CMYK -> Lab gives them back
    levels = np.array([0, 64, 128, 191, 255])
    cmyk = np.array(np.meshgrid(levels, levels, levels, levels, indexing="ij")).reshape(4, -1).T
    cmyk = cmyk[cmyk.sum(axis=1) <= 765].astype(np.uint8)
    assert len(cmyk) == 584
    press, lab = ImageCms.ImageCmsProfile(io.BytesIO(shipped)), ImageCms.createProfile("LAB")
    to_lab = ImageCms.buildTransform(press, lab, "CMYK", "LAB", renderingIntent=RELATIVE)
    first = to_lab.apply(Image.frombytes("CMYK", (len(cmyk), 1), cmyk.tobytes()))
    again = Image.new("CMYK", first.size)
    try:
        ImageCms.buildTransform(lab, press, "LAB", "CMYK", renderingIntent=RELATIVE).apply(first, again)
    except OSError:  # Pillow fails only its re-serialising of the output profile; the pixels are done
        pass
    difference = deltaE_ciede2000(_lab(first), _lab(to_lab.apply(again)))
    # 8-bit Lab alone costs up to 1 unit; the full 2.7 MB profile gives mean 0.35, max 2.3
    assert difference.mean() < 1.0
    assert np.percentile(difference, 95) < 2.5
    assert difference.max() < 4.0


def test_no_colour_takes_more_than_300_percent_ink(shipped: bytes) -> None:
    for signature in icclut.PCS_TO_DEVICE:  # every node of every Lab -> CMYK table
        inks = icclut.lut(shipped, signature).node_outputs()
        assert inks.sum(axis=1).max() <= 3.0001, signature
        assert inks[:, 3].max() <= 0.981, signature  # black stops at 98 %
    steps = np.linspace(0, 255, 17).round().astype(np.uint8)  # every corner and edge of the sRGB cube
    rgb = np.array(np.meshgrid(steps, steps, steps, indexing="ij")).reshape(3, -1).T.astype(np.uint8)
    image = Image.frombytes("RGB", (len(rgb), 1), rgb.tobytes())
    totals = np.asarray(to_cmyk(image, read_cmyk_profile())).reshape(-1, 4).astype(int).sum(axis=1)
    assert totals.max() * 100 / 255 <= 300


def test_black_is_a_rich_black_and_greys_are_grey_balanced(shipped: bytes) -> None:
    black = _cmyk_percent((0, 0, 0), shipped)
    assert black[3] >= 95 and black[0] >= 70 and 290 <= black.sum() <= 300  # 77/68/55/96
    previous_k = -1.0
    for level in (230, 192, 128, 64, 32):
        c, m, y, k = _cmyk_percent((level, level, level), shipped)
        assert c > m and c > y and abs(m - y) <= 8  # the grey balance of coated offset: cyan leads
        assert k >= previous_k  # black comes in as the greys darken, never goes back
        previous_k = k
    red = _cmyk_percent((255, 0, 0), shipped)
    assert red[0] < 2 and red[1] > 90 and red[2] > 90 and red[3] < 2


def test_a_pdf_names_the_printing_condition_of_the_shipped_profile_and_a_shop_profile_as_custom(tmp_path) -> None:
    shipped = read_cmyk_profile()
    pdf = pikepdf.new()
    add_output_intent(pdf, shipped, "t", "00000000-0000-0000-0000-000000000000")
    (intent,) = pdf.Root.OutputIntents
    assert str(intent.OutputConditionIdentifier) == "FOGRA39" == SHIPPED_CONDITION[0]
    assert str(intent.RegistryName) == "http://www.color.org"
    assert "ISO 12647-2" in str(intent.OutputCondition)
    assert str(intent.Info) == "deckgen Coated FOGRA39 300% (CC0)"
    assert intent.DestOutputProfile.read_bytes() == shipped.data
    own = tmp_path / "shop.icc"
    own.write_bytes(shipped.data)
    theirs = pikepdf.new()
    add_output_intent(theirs, read_cmyk_profile(own), "t", "00000000-0000-0000-0000-000000000000")
    (intent,) = theirs.Root.OutputIntents
    # a file passed with --icc: deckgen cannot know its condition, so it names the profile
    assert str(intent.OutputConditionIdentifier) == "Custom"
    assert str(intent.OutputCondition) == "deckgen Coated FOGRA39 300% (CC0)"
