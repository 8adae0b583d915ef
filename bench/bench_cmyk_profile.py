"""The shipped CMYK profile measured through LittleCMS: round trip, ink, black, and against other profiles.

    PYTHONPATH=. python bench/bench_cmyk_profile.py [--source FULL.icc] [--compare OTHER.icc ...]

--source: the full profile the shipped one was thinned from (ISOcoated_v2_300_mth.icc, see
deckgen/assets/icc/LICENSE-coated_fogra39_300_deckgen.txt): what the thinning costs.
--compare: any other CMYK profile (the SWOP profile deckgen shipped before): how far apart
the two print the same sRGB colours, each on its own press.
Colour differences are CIEDE2000 (skimage). Prints its figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import numpy as np
from PIL import Image, ImageCms
from skimage.color import deltaE_ciede2000

from deckgen.render import icclut
from deckgen.render.cmyk import read_cmyk_profile

RELATIVE = ImageCms.Intent.RELATIVE_COLORIMETRIC


def _profile(data: bytes) -> ImageCms.ImageCmsProfile:
    return ImageCms.ImageCmsProfile(io.BytesIO(data))


def srgb_to_cmyk(data: bytes, rgb: np.ndarray) -> np.ndarray:
    """As deckgen converts pictures: relative colorimetric with black point compensation."""
    image = Image.frombytes("RGB", (len(rgb), 1), rgb.astype(np.uint8).tobytes())
    out = Image.new("CMYK", image.size)
    transform = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), _profile(data), "RGB", "CMYK",
                                        renderingIntent=RELATIVE, flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    try:
        transform.apply(image, out)
    except OSError:  # some profiles fail only Pillow's re-serialising step; the pixels are done
        pass
    return np.asarray(out).reshape(-1, 4)


def lab_of(data: bytes, cmyk: np.ndarray) -> np.ndarray:
    """The Lab a press of this profile prints CMYK numbers as (the A2B1 table, 16-bit, multilinear)."""
    return icclut.pcs_to_lab(icclut.lut(data, "A2B1").apply(cmyk.astype(np.float64) / 255.0))


def round_trip(data: bytes) -> np.ndarray:
    """CMYK patches under 300 % -> Lab -> CMYK -> Lab, all through LittleCMS (8-bit Lab): CIEDE2000 per patch."""
    levels = np.array([0, 64, 128, 191, 255])
    cmyk = np.array(np.meshgrid(levels, levels, levels, levels, indexing="ij")).reshape(4, -1).T
    cmyk = cmyk[cmyk.sum(axis=1) <= 765].astype(np.uint8)
    profile, lab = _profile(data), ImageCms.createProfile("LAB")
    first = ImageCms.buildTransform(profile, lab, "CMYK", "LAB", renderingIntent=RELATIVE).apply(
        Image.frombytes("CMYK", (len(cmyk), 1), cmyk.tobytes()))
    again = Image.new("CMYK", first.size)
    try:
        ImageCms.buildTransform(lab, profile, "LAB", "CMYK", renderingIntent=RELATIVE).apply(first, again)
    except OSError:
        pass
    second = ImageCms.buildTransform(profile, lab, "CMYK", "LAB", renderingIntent=RELATIVE).apply(again)
    return deltaE_ciede2000(decode_lab(first), decode_lab(second))


def decode_lab(image: Image.Image) -> np.ndarray:
    """Pillow's 8-bit LAB pixels (L 0..255, a and b as signed bytes) as CIE Lab."""
    raw = np.asarray(image).reshape(-1, 3)
    return np.stack([raw[:, 0] * 100.0 / 255.0, raw[:, 1].view(np.int8), raw[:, 2].view(np.int8)], axis=1).astype(float)


def test_colours(seed: int = 1) -> np.ndarray:
    steps = np.linspace(0, 255, 9).round()
    grid = np.array(np.meshgrid(steps, steps, steps, indexing="ij")).reshape(3, -1).T
    rng = np.random.default_rng(seed)
    return np.vstack([grid, rng.integers(0, 256, (3000, 3))]).astype(np.uint8)


def spread(values: np.ndarray) -> str:
    return f"mean {values.mean():.2f}, 95th percentile {np.percentile(values, 95):.2f}, max {values.max():.2f}"


def percent(cmyk: np.ndarray) -> str:
    return "/".join(f"{v * 100 / 255:.0f}" for v in cmyk.astype(int)) + f" % ({cmyk.astype(int).sum() * 100 / 255:.0f} % ink)"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", type=Path)
    parser.add_argument("--compare", type=Path, action="append", default=[])
    args = parser.parse_args()
    shipped = read_cmyk_profile()
    data = shipped.data
    rgb = test_colours()
    cmyk = srgb_to_cmyk(data, rgb)
    print(f"shipped: {shipped.path.name}, '{shipped.description}', {len(data)} bytes")
    trip = round_trip(data)
    print(f"  round trip CMYK -> Lab -> CMYK -> Lab ({len(trip)} patches under 300 %): dE00 {spread(trip)}")
    print(f"  highest total ink of {len(rgb)} sRGB colours: {cmyk.astype(int).sum(axis=1).max() * 100 / 255:.1f} %")
    named = {"black": (0, 0, 0), "deck black #231f20": (35, 31, 32), "50 % grey": (128, 128, 128),
             "red": (255, 0, 0), "blue": (0, 0, 255), "cream paper": (255, 253, 248)}
    for name, colour in named.items():
        print(f"  {name}: {percent(srgb_to_cmyk(data, np.array([colour]))[0])}")
    if args.source:
        source = args.source.read_bytes()
        full = srgb_to_cmyk(source, rgb)
        print(f"against the full profile {args.source.name} ({len(source)} bytes):")
        print(f"  sRGB -> CMYK, printed on FOGRA39 (the full A2B1): dE00 {spread(deltaE_ciede2000(lab_of(source, full), lab_of(source, cmyk)))}")
        levels = np.linspace(0, 255, 8).round()
        grid = np.array(np.meshgrid(levels, levels, levels, levels, indexing="ij")).reshape(4, -1).T
        print(f"  CMYK -> Lab (A2B1) on an 8^4 grid: dE00 {spread(deltaE_ciede2000(lab_of(source, grid), lab_of(data, grid)))}")
        print(f"  round trip of the full profile: dE00 {spread(round_trip(source))}")
    for other_path in args.compare:
        other = other_path.read_bytes()
        theirs = srgb_to_cmyk(other, rgb)
        print(f"against {other_path.name}:")
        print(f"  the same sRGB colours, each printed on its own press: dE00 {spread(deltaE_ciede2000(lab_of(other, theirs), lab_of(data, cmyk)))}")
        print(f"  their CMYK printed on FOGRA39 instead: dE00 {spread(deltaE_ciede2000(lab_of(data, theirs), lab_of(other, theirs)))}")
        diff = np.abs(theirs.astype(int) - cmyk.astype(int)) * 100 / 255
        print(f"  CMYK numbers: mean difference C/M/Y/K {'/'.join(f'{v:.1f}' for v in diff.mean(axis=0))} %")
        print(f"  highest total ink: {theirs.astype(int).sum(axis=1).max() * 100 / 255:.1f} %; "
              f"black: {percent(srgb_to_cmyk(other, np.array([(0, 0, 0)]))[0])}")


if __name__ == "__main__":
    main()
