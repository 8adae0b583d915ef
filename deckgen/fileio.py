"""Writing output files so that a failed build never leaves half a file or loses a good one."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from PIL import Image, PngImagePlugin


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path beside `target`; rename it into place only if the block succeeds."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        yield tmp
        with open(tmp, "rb") as written:
            os.fsync(written.fileno())  # on disk before the rename makes it the real file
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except OSError as exc:
        if exc.errno is not None and exc.filename is not None and Path(exc.filename) == tmp:
            # a person knows the file they asked for, not our temporary name for it
            raise OSError(exc.errno, exc.strerror, str(target)) from exc
        raise
    finally:
        if tmp.exists():
            tmp.unlink()


def write_bytes_atomic(target: Path, data: bytes) -> Path:
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)
    return Path(target)


def save_png(image: Image.Image, target: Path, dpi: int) -> Path:
    """Save a PNG with its DPI recorded (pHYs), tagged sRGB (every renderer draws in sRGB, so a
    colour-managed viewer or RIP reads the numbers as meant) and nothing time-dependent, atomically."""
    info = PngImagePlugin.PngInfo()
    info.add(b"sRGB", b"\x00")  # rendering intent: perceptual
    with atomic_path(target) as tmp:
        image.save(tmp, format="PNG", dpi=(dpi, dpi), optimize=False, compress_level=6, pnginfo=info)
    return Path(target)
