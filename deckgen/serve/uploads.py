"""A photo dropped into the page, saved into the deck's images/ folder only when it is one.

The bytes are limited to the size a deck's image may have (deckgen.limits), written to a
hidden temporary file beside their final place, opened and decoded in full by the same
code that reads a deck's photos (its format whitelist, its size and decompression-bomb
limits), and only then given their name. A file that is not a photo leaves nothing behind.
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

from PIL import Image

from deckgen.design import PhotoRef
from deckgen.errors import UserError
from deckgen.limits import FILE_SIZE_LIMITS
from deckgen.render.photos import PHOTO_FORMATS, open_photo

MAX_UPLOAD_BYTES = FILE_SIZE_LIMITS["image"]
#: File name extensions by the format the content really is.
EXTENSIONS = {"JPEG": ".jpg", "PNG": ".png", "WEBP": ".webp", "TIFF": ".tif", "GIF": ".gif", "BMP": ".bmp"}
PHOTO_SUFFIXES = frozenset({".jpg", ".jpeg", ".png", ".webp", ".tif", ".tiff", ".gif", ".bmp"})


def safe_stem(name: str) -> str:
    """A file name's stem reduced to letters, digits, '-' and '_' (no folders, no dots)."""
    stem = Path(name.replace("\\", "/")).name.rsplit(".", 1)[0]
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", stem).strip("-_")[:60]
    return stem or "photo"


def save_upload(images: Path, name: str, data: bytes) -> Path:
    """Check `data` is a photo deckgen reads and save it as images/<name>; returns the path. A name
    already taken by another file gets -2, -3 ...; the same bytes again reuse the file."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise UserError(f"{name}: is {len(data) / 1e6:,.1f} MB; an image may be at most {MAX_UPLOAD_BYTES / 1e6:,.0f} MB")
    if not data:
        raise UserError(f"{name}: is an empty file, not a photo")
    images.mkdir(exist_ok=True)
    temporary = images / f".upload-{secrets.token_hex(6)}.tmp"
    try:
        temporary.write_bytes(data)
        open_photo(PhotoRef(temporary, "upload"), draft_size=(64, 64))  # the whole file decodes: UserError if not
        with Image.open(temporary, formats=PHOTO_FORMATS) as im:
            suffix = EXTENSIONS.get(im.format or "", ".jpg")
        stem = safe_stem(name)
        for n in range(1, 1000):
            target = images / (stem + (f"-{n}" if n > 1 else "") + suffix)
            if target.exists():
                if target.is_file() and target.read_bytes() == data:
                    return target
                continue
            try:
                os.link(temporary, target)  # never replaces a file that appeared meanwhile
            except FileExistsError:
                continue
            return target
        raise UserError(f"{name}: images/ has too many files named {stem}")
    except UserError as exc:
        reason = str(exc).split(f"{temporary}: ", 1)[-1]  # the photo code names the temporary file
        raise UserError(f"{Path(name.replace(chr(92), '/')).name}: {reason}") from None
    finally:
        temporary.unlink(missing_ok=True)


def photo_files(images: Path) -> list[str]:
    """The photos in images/ (by name), as deck.toml would name them: images/<name>."""
    if not images.is_dir():
        return []
    return sorted(f"images/{p.name}" for p in images.iterdir()
                  if p.is_file() and not p.name.startswith(".") and p.suffix.lower() in PHOTO_SUFFIXES)
