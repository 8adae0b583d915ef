"""Each face's share of the print files, worked out once and kept between builds under the face's key.

The print files place every face of the deck, and for each one they need the same parts:
the face drawn without its symbols and words (as a lossless RGB image stream for the home
sheets, and converted to press CMYK for the print-shop file), those symbols and words as
vector shapes, and a small picture for the contact sheet. Working them out is most of the
print step's time (a face drawn again, a CMYK conversion, two compressions), and a part
depends on nothing but its face (the key `deckgen.buildcache.face_keys` gives it: the design
parts the face reads, its photo's bytes, deckgen's code) and, for CMYK, on the press
(profile, ink limit, black). So each part is kept in output/.cache/print-parts/ under
those keys: when one photo is replaced, only that card's parts are made again, and the
print files are put together from the kept ones.

Missing parts are made on every core. Each file is written with a checksum of its bytes and
of its key (`fileio.write_cached`), so an edited or damaged part is made again, never used.
Parts of faces that are no longer in the deck are deleted at the end of the step.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, fields, is_dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np
from PIL import Image

from deckgen.cards import Suit, parse_card
from deckgen.design import Design
from deckgen.fileio import read_cached, write_cached
from deckgen.forked import worker_pool
from deckgen.render.cmyk import press_cmyk
from deckgen.render.vectorshapes import PathShape, SuitShape, TextShape, VectorFace, with_code
from deckgen.render.pdfface import vector_face
from deckgen.render.pdfcanvas import EmbeddedImage, image_from_array

__all__ = ["CACHE", "Press", "PrintParts"]

#: Where the parts live, relative to the output folder.
CACHE = Path(".cache") / "print-parts"

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Press:
    """How the print-shop file's pictures are converted: the CMYK profile, the ink limit, the deck's black."""

    profile: Any  # deckgen.render.cmyk.CmykProfile
    ink_limit: float
    black: RGB

    @property
    def key(self) -> str:
        h = hashlib.sha256(self.profile.data)
        h.update(f"{self.ink_limit!r}/{tuple(self.black)}".encode())
        return h.hexdigest()[:16]


# ----------------------------------------------------------------------------- shapes as JSON

_SHAPES = {cls.__name__: cls for cls in (SuitShape, TextShape, PathShape)}


_NESTED = (list, dict)


def _to_json(value: Any) -> Any:
    if isinstance(value, Suit):
        return {"suit": value.value}
    if isinstance(value, Path):
        return {"path": str(value)}
    if is_dataclass(value) and not isinstance(value, type):
        return {"shape": type(value).__name__, **{f.name: _to_json(getattr(value, f.name)) for f in fields(value)}}
    if isinstance(value, (list, tuple)):
        return [_to_json(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"cannot keep a {type(value).__name__} in a print part")


def _from_json(value: Any) -> Any:
    # a face holds some ten thousand numbers: plain values are kept as they are without a call each
    kind = type(value)
    if kind is list:
        return tuple([_from_json(v) if type(v) in _NESTED else v for v in value])
    if kind is dict:
        if "shape" in value:  # first: a SuitShape has a field named suit
            cls = _SHAPES[value["shape"]]
            return cls(**{k: _from_json(v) if type(v) in _NESTED else v for k, v in value.items() if k != "shape"})
        if "suit" in value:
            return Suit(value["suit"])
        return Path(value["path"])
    return value


# ----------------------------------------------------------------------------- making the parts


def _made(design: Design, code: str, press: Press | None, want_rgb: bool) -> tuple[VectorFace, dict[str, Any]]:
    """One face's parts, drawn now: the face with its picture (if any) made into the image streams
    asked for, and what to keep of it (its shapes, whether it has a photo, where the picture goes)."""
    face = vector_face(design, parse_card(code))
    face = replace(face, shapes=tuple(with_code(shape) for shape in face.shapes))  # traced once, drawn on every sheet
    rgb = cmyk = None
    if face.base is not None:
        picture = face.base.convert("RGB")
        rgb = image_from_array(np.asarray(picture)) if want_rgb else None
        if press is not None:
            cmyk = image_from_array(press_cmyk(picture, press.profile, press.ink_limit, None if face.photo else press.black))
    meta = {"shapes": _to_json(face.shapes), "photo": face.photo, "picture": face.base is not None,
            "box": face.box, "size": face.size, "halves": face.halves}
    return replace(face, base=None, rgb=rgb, cmyk=cmyk), meta


def _image_bytes(image: EmbeddedImage) -> bytes:
    return f"{image.width} {image.height} {image.colors}\n".encode("ascii") + image.data


def _image_from(data: bytes | None) -> EmbeddedImage | None:
    if data is None:
        return None
    head, _, body = data.partition(b"\n")
    try:
        width, height, colors = (int(v) for v in head.split())
    except ValueError:
        return None
    return EmbeddedImage(width, height, colors, body)


class PrintParts:
    """The parts of the faces kept in one output folder's cache; `used` names every file a build
    asked for, so `prune` can delete the rest."""

    def __init__(self, out_dir: Path) -> None:
        self.folder = Path(out_dir) / CACHE
        self.used: set[str] = set()

    def _read(self, name: str, inputs: str) -> bytes | None:
        self.used.update((name, name + ".sha256"))  # fileio.write_cached's checksum beside it
        return read_cached(self.folder / name, inputs)

    def _write(self, name: str, data: bytes, inputs: str) -> None:
        self.used.update((name, name + ".sha256"))
        self.folder.mkdir(parents=True, exist_ok=True)
        write_cached(self.folder / name, data, inputs)

    def faces(self, design: Design, faces: Mapping[str, Path], press: Press | None = None, rgb: bool = True,
              jobs: int | None = None) -> dict[str, VectorFace]:
        """Each face (card code -> its PNG's path) as a VectorFace keyed by the PNG's path, with its RGB
        image stream when `rgb` and its CMYK one when `press`; parts not kept are drawn (on every core)."""
        from deckgen.buildcache import face_keys  # late: the build's cache module reads this one's parts

        keys = face_keys(design)
        out: dict[str, VectorFace] = {}
        missing: list[str] = []
        for code, path in faces.items():
            face = self._kept(keys[code], press, rgb)
            if face is None:
                missing.append(code)
            else:
                out[str(path)] = face
        for code, (face, meta) in zip(missing, self._make(design, missing, press, rgb, jobs)):
            key = keys[code]
            names = self._names(key, press, rgb, meta["picture"])
            self._write(names[0], json.dumps(meta, separators=(",", ":")).encode("utf-8"), key)
            images = ([face.rgb] if rgb else []) + ([face.cmyk] if press else [])
            for name, image in zip(names[1:], images):
                self._write(name, _image_bytes(image), key)
            out[str(faces[code])] = face
        return {str(faces[code]): out[str(faces[code])] for code in faces}

    def _kept(self, key: str, press: Press | None, rgb: bool) -> VectorFace | None:
        """The face as kept under `key`, or None when any part asked for is missing or damaged."""
        data = self._read(self._names(key, press, rgb, False)[0], key)
        if data is None:
            return None
        try:
            meta = json.loads(data.decode("utf-8"))
            shapes = _from_json(meta["shapes"])
            picture = bool(meta["picture"])
            names = self._names(key, press, rgb, picture)
            images = [_image_from(self._read(name, key)) for name in names[1:]]
            if any(image is None for image in images):
                return None
            box, size = meta["box"], meta["size"]
            return VectorFace(None, shapes, bool(meta["photo"]), tuple(box) if box else None, tuple(size) if size else None,
                              halves=bool(meta["halves"]),
                              rgb=images[0] if picture and rgb else None,
                              cmyk=images[-1] if picture and press is not None else None)
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            return None

    @staticmethod
    def _names(key: str, press: Press | None, rgb: bool, picture: bool) -> list[str]:
        """The files of one face's parts: its shapes, then its picture's streams (when it has a picture)."""
        names = [f"{key[:32]}.json"]
        if picture and rgb:
            names.append(f"{key[:32]}-rgb.bin")
        if picture and press is not None:
            names.append(f"{key[:32]}-cmyk-{press.key}.bin")
        return names

    @staticmethod
    def _make(design: Design, codes: list[str], press: Press | None, rgb: bool, jobs: int | None) -> list[Any]:
        jobs = jobs or os.cpu_count() or 1
        if jobs < 2 or len(codes) < 4:
            return [_made(design, code, press, rgb) for code in codes]
        with worker_pool(min(jobs, len(codes))) as pool:  # its workers die with this process
            return list(pool.map(_made, [design] * len(codes), codes, [press] * len(codes), [rgb] * len(codes)))

    def thumbnails(self, design: Design, faces: Mapping[str, Path], make: Any) -> dict[Path, Image.Image]:
        """The contact sheet's picture of each face (card code -> PNG path), kept under the face's key;
        `make(path)` draws a missing one."""
        from deckgen.buildcache import face_keys  # late: as in faces()

        keys = face_keys(design)
        out: dict[Path, Image.Image] = {}
        for code, path in faces.items():
            name = f"{keys[code][:32]}-thumb.png"
            data = self._read(name, keys[code])
            picture = None
            if data is not None:
                try:
                    with Image.open(io.BytesIO(data), formats=("PNG",)) as im:
                        im.load()
                        picture = im.convert("RGB")
                except (OSError, SyntaxError, ValueError):
                    picture = None
            if picture is None:
                picture = make(path)
                buffer = io.BytesIO()
                picture.save(buffer, format="PNG", compress_level=1)
                self._write(name, buffer.getvalue(), keys[code])
            out[Path(path)] = picture
        return out

    def prune(self) -> None:
        """Delete the kept parts this build did not ask for (faces changed or gone)."""
        if not self.folder.is_dir():
            return
        for path in self.folder.iterdir():
            if path.name not in self.used and path.is_file():
                path.unlink()
