"""A user's photo, made ready for a card: opened safely, upright, in RGB, cropped to fill.

Photos come from people's phones and scanners, so everything that can go
wrong with them is expected here: a missing or damaged file, a truncated
download, a file so large it could exhaust memory, a sideways EXIF flag,
CMYK or 16-bit pixels. Each problem is one UserError naming the file and the
deck.toml key that asked for it. A photo that is merely small is a warning:
the build goes on and the person learns how many pixels were missing.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageCms, ImageOps, UnidentifiedImageError

from deckgen.design import PhotoRef  # the design names photos; this module opens them


class PhotoWarning(UserWarning):
    """A photo is usable but has fewer pixels than its place on the card needs at the DPI."""


@lru_cache(maxsize=1)
def _srgb_profile() -> ImageCms.ImageCmsProfile:
    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))


def _to_rgb(image: Image.Image) -> Image.Image:
    """Any mode Pillow reads, as 8-bit RGB; transparency is laid on white."""
    mode = image.mode
    if mode == "RGB":
        return image
    if mode in ("I;16", "I;16L", "I;16B", "I;16N", "I"):
        arr = np.asarray(image, dtype=np.int64)
        top = 65535 if mode.startswith("I;16") or arr.max(initial=0) > 255 else 255
        grey = np.clip(arr * 255 // top, 0, 255).astype(np.uint8)
        return Image.fromarray(grey, "L").convert("RGB")
    if mode == "F":
        arr = np.asarray(image, dtype=np.float64)
        full = 1.0 if arr.max(initial=0.0) <= 1.0 else 255.0
        grey = np.clip(arr / full * 255 + 0.5, 0, 255).astype(np.uint8)
        return Image.fromarray(grey, "L").convert("RGB")
    if mode == "CMYK":
        icc = image.info.get("icc_profile")
        if icc:
            try:
                src = ImageCms.ImageCmsProfile(io.BytesIO(icc))
                converted = ImageCms.profileToProfile(image, src, _srgb_profile(), outputMode="RGB")
                if converted is not None:  # None only when converting in place
                    return converted
            except (ImageCms.PyCMSError, OSError):
                pass
        return image.convert("RGB")
    if mode == "P" and "transparency" in image.info:
        image = image.convert("RGBA")
        mode = "RGBA"
    if mode in ("RGBA", "LA", "PA", "RGBa", "La"):
        rgba = image.convert("RGBA")
        white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
        return Image.alpha_composite(white, rgba).convert("RGB")
    return image.convert("RGB")


def _from_embedded_profile(rgb: Image.Image, mode: str, icc: bytes | None) -> Image.Image:
    """An RGB photo with its own profile (Adobe RGB, Display P3) converted to sRGB, the space every
    card is drawn in, so its colours print as a colour-managed viewer shows them. CMYK photos are
    converted from their profile in `_to_rgb`; a grey profile or a broken one leaves the numbers."""
    if not icc or mode not in ("RGB", "RGBA", "P", "PA", "RGBX"):
        return rgb
    try:
        source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        if source.profile.xcolor_space.strip() != "RGB":
            return rgb
        converted = ImageCms.profileToProfile(
            rgb, source, _srgb_profile(), renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC, outputMode="RGB"
        )
        return converted if converted is not None else rgb
    except (ImageCms.PyCMSError, OSError, TypeError):
        return rgb


@contextmanager
def _opening(ref: PhotoRef) -> Iterator[None]:
    """Around Image.open: a decompression bomb (error or warning) or a file Pillow cannot
    identify becomes the UserError naming `ref`; any other error passes through."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            yield
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ref.error(
            f"image is too large to open safely (over Pillow's limit of {Image.MAX_IMAGE_PIXELS:,} pixels); "
            "scale it down to a few thousand pixels a side"
        ) from None
    except UnidentifiedImageError:
        raise ref.error("not an image Pillow can read; expected a JPEG, PNG or WebP file") from None


def open_photo(ref: PhotoRef, draft_size: tuple[int, int] | None = None) -> Image.Image:
    """Open, decode fully, turn upright (EXIF) and convert to RGB; UserError on any problem.

    `draft_size` lets a JPEG decode at a reduced scale that is still at least
    that large, which is much faster for 12-megapixel phone photos.
    """
    path = Path(ref.path)
    if not path.exists():
        raise ref.error("image file not found")
    if path.is_dir():
        raise ref.error("is a folder; expected an image file (JPEG, PNG, WebP)")
    try:
        with _opening(ref), Image.open(path) as im:
            if draft_size is not None and im.format == "JPEG":
                w, h = draft_size
                side = max(w, h)  # the EXIF turn may swap width and height
                im.draft(im.mode if im.mode in ("RGB", "L", "CMYK") else None, (side, side))
            im.load()
            upright = ImageOps.exif_transpose(im)
            return _from_embedded_profile(_to_rgb(upright), im.mode, im.info.get("icc_profile")).copy()
    except PermissionError:
        raise ref.error("cannot be read (permission denied)") from None
    except (OSError, SyntaxError, ValueError) as exc:
        text = str(exc)
        if "truncated" in text or "broken" in text.lower():
            raise ref.error("image file is truncated or damaged (re-export or copy it again)") from None
        raise ref.error(f"image file is damaged or unreadable ({text})") from None


def photo_size(ref: PhotoRef) -> tuple[int, int]:
    """The upright pixel size of a photo from its header alone (for the resolution check)."""
    size, _ = _probe(ref)
    return size


def _probe(ref: PhotoRef) -> tuple[tuple[int, int], int]:
    path = Path(ref.path)
    if not path.exists():
        raise ref.error("image file not found")
    try:
        with _opening(ref), Image.open(path) as im:
            orientation = im.getexif().get(0x0112, 1)
            w, h = im.size
    except OSError as exc:
        raise ref.error(f"image file is damaged or unreadable ({exc})") from None
    return ((h, w) if orientation in (5, 6, 7, 8) else (w, h)), orientation


def resolution_warning(ref: PhotoRef, photo_px: tuple[int, int], area_px: tuple[int, int], dpi: int) -> str | None:
    """The warning text when cropping `photo_px` to fill `area_px` must enlarge it, else None."""
    pw, ph = photo_px
    aw, ah = area_px
    if pw >= aw and ph >= ah:
        return None
    return (
        f"{ref.config}: {ref.key}: {ref.path}: the photo is {pw} x {ph} px but its place on the card "
        f"needs at least {aw} x {ah} px at {dpi} DPI; it will print soft"
    )


def crop_box(photo_px: tuple[int, int], area_px: tuple[int, int], focus: tuple[float, float]) -> tuple[float, float, float, float]:
    """The part of the photo that fills the area: the largest window of the area's shape, centred
    on the focus point (fractions across and down) as far as the photo's edges allow."""
    pw, ph = photo_px
    aw, ah = area_px
    scale = max(aw / pw, ah / ph)
    ww, wh = aw / scale, ah / scale
    ww, wh = min(ww, float(pw)), min(wh, float(ph))  # rounding must never ask for more than there is
    left = max(0.0, min(focus[0] * pw - ww / 2, pw - ww))
    top = max(0.0, min(focus[1] * ph - wh / 2, ph - wh))
    return (left, top, min(float(pw), left + ww), min(float(ph), top + wh))


def fill(photo: Image.Image, area_px: tuple[int, int], focus: tuple[float, float] = (0.5, 0.5)) -> Image.Image:
    """Crop to fill `area_px` around the focus point and resample to exactly that size."""
    box = crop_box(photo.size, area_px, focus)
    return photo.resize(area_px, Image.Resampling.LANCZOS, box=box, reducing_gap=3.0)


def load_filled(ref: PhotoRef, area_px: tuple[int, int], focus: tuple[float, float] = (0.5, 0.5)) -> Image.Image:
    """Open a photo and crop it to fill an area of the card: the one call a renderer needs."""
    return fill(open_photo(ref, draft_size=area_px), area_px, focus)
