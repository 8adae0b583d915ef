"""A user's photo, made ready for a card: opened safely, upright, in RGB, its faces found (the crop is
`framing`'s).

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

from deckgen.errors import DeckgenWarning
from deckgen.design import PhotoRef  # the design names photos; this module opens them
from deckgen.limits import decoding_problem
from deckgen.render.facefind import DETECT_SIDE, SMALL_SIDE, FaceBox, find_faces
from deckgen.render.subject import DETAIL_SIDE, Detail, photo_detail


#: The formats a photo may be, told by its content (never by its name): Pillow decodes each of
#: these itself. Formats Pillow hands to another program (EPS to Ghostscript) are never opened.
PHOTO_FORMATS = ("JPEG", "PNG", "WEBP", "TIFF", "GIF", "BMP")

#: How the first bytes of a file tell what it really is, for the message when it is not a photo.
_SIGNATURES = (
    (b"%!PS", "PostScript/EPS"), (b"\xc5\xd0\xd3\xc6", "EPS"), (b"%PDF", "PDF"), (b"<?xml", "XML/SVG"),
    (b"<svg", "SVG"), (b"8BPS", "Photoshop (PSD)"), (b"icns", "Apple icon (ICNS)"), (b"\x00\x00\x01\x00", "Windows icon (ICO)"),
    (b"PK\x03\x04", "ZIP"), (b"\x1f\x8b", "gzip"),
)
#: The first bytes of the formats deckgen reads: a file that starts so but does not open is damaged.
_PHOTO_SIGNATURES = (
    (b"\xff\xd8\xff", "JPEG"), (b"\x89PNG\r\n\x1a\n", "PNG"), (b"GIF8", "GIF"), (b"BM", "BMP"),
    (b"II*\x00", "TIFF"), (b"MM\x00*", "TIFF"),
)


def real_format(path: Path) -> str:
    """What a file that is not one of PHOTO_FORMATS is, from its first bytes, in words."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(32)
    except OSError:
        return "unreadable"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "WebP"
    for magic, name in _PHOTO_SIGNATURES:
        if head.startswith(magic):
            return name
    if head[4:12] in (b"ftypheic", b"ftypheix", b"ftypmif1", b"ftyphevc"):
        return "HEIC"
    if head[4:8] == b"ftyp":
        return "HEIF/AVIF"
    for magic, name in _SIGNATURES:
        if head.startswith(magic):
            return name
    if not head:
        return "an empty file"
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError:
        return "in a format deckgen does not read"
    return "a text file" if text.isprintable() or text.strip().isprintable() else "in a format deckgen does not read"


class PhotoWarning(DeckgenWarning):
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
    except ValueError as exc:
        if "MAX_TEXT_CHUNK" in str(exc) or "text chunk" in str(exc).lower():
            raise ref.error("carries more hidden text (metadata) than an image may; re-export it as JPEG or PNG") from None
        raise ref.error(f"image file is damaged or unreadable ({exc})") from None
    except UnidentifiedImageError:
        found = real_format(ref.path)
        if found in ("JPEG", "PNG", "GIF", "BMP", "TIFF", "WebP"):
            raise ref.error(f"not an image deckgen can read: it starts as a {found} file but is damaged; "
                            "export or copy it again") from None
        if found == "HEIC":
            raise ref.error(
                "is an HEIC photo (the iPhone's own format), which deckgen cannot read; save it as a JPEG "
                "(open it and export or share it as JPEG), or set the iPhone's camera to \"Most Compatible\" "
                "(Settings > Camera > Formats) so that new photos are JPEGs"
            ) from None
        if found == "HEIF/AVIF":
            raise ref.error("is an HEIF or AVIF image (or a video), which deckgen cannot read; export it as a JPEG "
                            "or PNG") from None
        raise ref.error(
            f"is {found}, not a photo; expected a JPEG, PNG, WebP, TIFF, GIF or BMP file "
            "(export it as JPEG or PNG)"
        ) from None


#: Photos decoded in this process, by path, the file's (modification time, size) and the JPEG draft
#: side asked for ("any" for other formats, which always decode whole): a build reads a replaced
#: photo in its preflight, to find its faces, to draw its face and its print parts, and one decode
#: serves them all (a PNG of a few megapixels takes a tenth of a second). Only a few are kept.
_decoded: dict[tuple[Path, tuple[int, int], int | str | None], Image.Image] = {}
_DECODED_KEPT = 4
_DECODED_MAX_PIXELS = 16_000_000


def open_photo(ref: PhotoRef, draft_size: tuple[int, int] | None = None) -> Image.Image:
    """Open, decode fully, turn upright (EXIF) and convert to RGB; UserError on any problem.

    `draft_size` lets a JPEG decode at a reduced scale that is still at least
    that large, which is much faster for 12-megapixel phone photos. Each call returns an
    image of its own (a copy of the one decoded earlier in this process, when the file is unchanged).
    """
    path = Path(ref.path)
    if not path.exists():
        raise ref.not_found()
    if path.is_dir():
        raise ref.error("is a folder; expected an image file (JPEG, PNG, WebP)")
    side = max(draft_size) if draft_size is not None else None  # the EXIF turn may swap width and height
    stamp = _stamp(ref)
    for kind in ("any", side):
        kept = _decoded.get((path, stamp, kind))
        if kept is not None:
            return kept.copy()
    try:
        with _opening(ref), Image.open(path, formats=PHOTO_FORMATS) as im:
            is_jpeg = im.format == "JPEG"
            if side is not None and is_jpeg:
                im.draft(im.mode if im.mode in ("RGB", "L", "CMYK") else None, (side, side))
            too_large = decoding_problem(im.mode, im.size)  # its mode counted, before a pixel is decoded
            if too_large is not None:
                raise ref.error(too_large)
            im.load()
            upright = ImageOps.exif_transpose(im)
            photo = _from_embedded_profile(_to_rgb(upright), im.mode, im.info.get("icc_profile")).copy()
    except PermissionError:
        raise ref.error("cannot be read (permission denied)") from None
    except (OSError, SyntaxError, ValueError) as exc:
        text = str(exc)
        if "truncated" in text or "broken" in text.lower():
            raise ref.error("image file is truncated or damaged (re-export or copy it again)") from None
        raise ref.error(f"image file is damaged or unreadable ({text})") from None
    if stamp != (0, 0) and stamp == _stamp(ref) and photo.width * photo.height <= _DECODED_MAX_PIXELS:
        while len(_decoded) >= _DECODED_KEPT:
            del _decoded[next(iter(_decoded))]  # the oldest
        _decoded[(path, stamp, side if is_jpeg else "any")] = photo
        return photo.copy()
    return photo


def photo_size(ref: PhotoRef) -> tuple[int, int]:
    """The upright pixel size of a photo from its header alone (for the resolution check)."""
    size, _ = _probe(ref)
    return size


#: Photo headers already read, by path and the file's (modification time, size).
_probed: dict[tuple[Path, tuple[int, int]], tuple[tuple[int, int], int]] = {}


def _probe(ref: PhotoRef) -> tuple[tuple[int, int], int]:
    path = Path(ref.path)
    if not path.exists():
        raise ref.not_found()
    stamp = _stamp(ref)
    if (path, stamp) in _probed:
        return _probed[(path, stamp)]
    try:
        with _opening(ref), Image.open(path, formats=PHOTO_FORMATS) as im:
            if im.format == "PNG" and "exif" not in im.info and "XML:com.adobe.xmp" not in im.info \
                    and not _png_has_late_chunks(path):
                orientation = 1  # what getexif() says, without decoding every pixel to look past them
            else:
                orientation = im.getexif().get(0x0112, 1)
            w, h = im.size
    except OSError as exc:
        raise ref.error(f"image file is damaged or unreadable ({exc})") from None
    found = ((h, w) if orientation in (5, 6, 7, 8) else (w, h)), orientation
    _probed[(path, stamp)] = found
    return found


def _png_has_late_chunks(path: Path) -> bool:
    """Whether a PNG has an eXIf or text chunk after its pixels: Pillow reads those only by decoding
    the whole image, and one may turn the photo (EXIF orientation, XMP). Walks the chunk headers only."""
    try:
        with open(path, "rb") as f:
            f.seek(8)
            seen_pixels = False
            while True:
                head = f.read(8)
                if len(head) < 8:
                    return True  # truncated: let Pillow say what it finds
                length, kind = int.from_bytes(head[:4], "big"), head[4:]
                if kind == b"IEND":
                    return False
                if kind == b"IDAT":
                    seen_pixels = True
                elif seen_pixels and kind in (b"eXIf", b"iTXt", b"tEXt", b"zTXt"):
                    return True
                f.seek(length + 4, 1)
    except OSError:
        return True


Found = tuple[tuple[int, int], tuple[FaceBox, ...]]
#: Faces found, by photo and the file's (modification time, size): an edited photo is looked at again.
_found: dict[tuple[PhotoRef, tuple[int, int]], Found] = {}
#: The small copy the faces were found on, kept for the crop review (no second decode).
_small: dict[tuple[PhotoRef, tuple[int, int]], Image.Image] = {}
#: Where the subject of a photo is (render/subject.py), by file and stamp: measured once per file
#: in a process, however many cards (each its own PhotoRef, named by its own key) or re-renders show it.
_detail: dict[tuple[Path, tuple[int, int]], Detail] = {}


def _stamp(ref: PhotoRef) -> tuple[int, int]:
    try:
        stat = Path(ref.path).stat()
    except OSError:
        return (0, 0)
    return (stat.st_mtime_ns, stat.st_size)


def _look(ref: PhotoRef) -> tuple[Found, Image.Image]:
    size = photo_size(ref)
    # A JPEG decodes at 1/2, 1/4 or 1/8 scale: enough for the detector, and many times faster.
    # The short side asked for is 3/4 of SMALL_SIDE, so a 4:3 photo decodes with its long side
    # just over SMALL_SIDE, what the detector's second look (for small faces) needs.
    small = _decoded_small(ref)
    faces = find_faces(small)
    return (size, faces), _kept_small(small)


def _decoded_small(ref: PhotoRef) -> Image.Image:
    return open_photo(ref, draft_size=(SMALL_SIDE * 3 // 4, SMALL_SIDE * 3 // 4))


def _kept_small(small: Image.Image) -> Image.Image:
    if max(small.size) > 2 * DETECT_SIDE:  # a PNG or WebP decodes whole: keep only a small copy
        small = small.resize((max(1, small.width * DETECT_SIDE // max(small.size)),
                              max(1, small.height * DETECT_SIDE // max(small.size))), Image.Resampling.BOX)
    return small


def detect_faces(ref: PhotoRef) -> Found:
    """The photo's upright size and the faces in it, found once per file in a process."""
    key = (ref, _stamp(ref))
    if key not in _found:
        _found[key], _small[key] = _look(ref)
    return _found[key]


def detect_faces_with_copy(ref: PhotoRef) -> tuple[Found, Image.Image]:
    """detect_faces, with the small copy the faces were found on (for another process to keep)."""
    key = (ref, _stamp(ref))
    if key not in _found or key not in _small:
        _found[key], _small[key] = _look(ref)
    return _found[key], _small[key]


def known_faces(ref: PhotoRef) -> Found | None:
    """The faces already found in this photo by this process (as it is now on disk), else None."""
    return _found.get((ref, _stamp(ref)))


def known_small(ref: PhotoRef) -> Image.Image | None:
    """The small copy the faces were found on (as the photo is now on disk), when this process has it."""
    return _small.get((ref, _stamp(ref)))


def remember_faces(ref: PhotoRef, found: Found, small: Image.Image | None = None) -> None:
    """Keep faces found in another process of the same build, so this one need not look again."""
    key = (ref, _stamp(ref))
    _found[key] = found
    if small is not None:
        _small[key] = small


def small_copy(ref: PhotoRef, long_side: int) -> Image.Image:
    """A small upright RGB copy of the photo, at least `long_side` px long where the photo allows
    (the one the faces were found on when it is large enough, else decoded again)."""
    key = (ref, _stamp(ref))
    kept = _small.get(key)
    if kept is None and key in _found:
        # faces known from an earlier build (not looked for now): the same small copy the look keeps,
        # so what is drawn from it is the same whichever build found the faces
        kept = _small[key] = _kept_small(_decoded_small(ref))
    if kept is not None and max(kept.size) >= min(long_side, max(photo_size(ref))):
        return kept
    return open_photo(ref, draft_size=(long_side, long_side))


def subject_detail(ref: PhotoRef) -> Detail:
    """The photo's detail map (render/subject.py: where its subject is, for a photo without a
    face), measured once per file in a process on the small copy the faces were found on (the same
    copy whichever card's key named the file)."""
    key = (ref.path, _stamp(ref))
    if key not in _detail:
        _detail[key] = photo_detail(small_copy(ref, DETAIL_SIDE))
    return _detail[key]


def forget_faces() -> None:
    """Forget every face found and every subject measured (for a benchmark from cold)."""
    _found.clear()
    _detail.clear()
    _small.clear()
    _probed.clear()
    _decoded.clear()


def resolution_warning(ref: PhotoRef, photo_px: tuple[int, int], area_px: tuple[int, int], dpi: int) -> str | None:
    """The warning text when cropping `photo_px` to fill `area_px` must enlarge it, else None."""
    pw, ph = photo_px
    aw, ah = area_px
    if pw >= aw and ph >= ah:
        return None
    return (
        f"{ref.config}: {ref.key}: {ref.shown}: the photo is {pw} x {ph} px but its place on the card "
        f"needs at least {aw} x {ah} px at {dpi} DPI; it will print soft"
    )
