"""Faces in a photo, found so that a crop can keep them.

The detector is OpenCV's frontal-face Haar cascade (the 'alt' one), with its profile-face cascade
for a photo in which the frontal one finds no face (a face seen from the side, either way round);
both model files ship inside opencv-python-headless (nothing is downloaded at run time). It runs on
a grey copy reduced to DETECT_SIDE pixels on its long side, so a 12-megapixel
photo costs about a tenth of a second, and it is deterministic: the same photo
gives the same faces. docs/photos.md says why this detector was chosen, with
the measurements (bench/bench_face_detectors.py).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from PIL import Image

#: The long side, in pixels, of the copy the detector looks at.
DETECT_SIDE = 480
#: Faces smaller than the first look sees (a group, a distant portrait) are looked for again on a
#: copy SMALL_SIDE pixels long, down to 1/SMALL_FLOOR of it and up to 1/SMALL_CEILING (where the
#: two looks overlap), when the first look found no face or none larger than 1/LOOK_AGAIN of the
#: long side. Measured in bench/bench_face_detectors.py: it finds the small faces of the distant
#: and group photos and no false face on the photos without people.
SMALL_SIDE = 720
SMALL_FLOOR = 36
SMALL_CEILING = 16
LOOK_AGAIN = 10
#: The cascade files inside cv2.data.haarcascades: faces seen from the front, and from the side (the
#: profile cascade knows one way round: the photo is looked at mirrored too).
CASCADE = "haarcascade_frontalface_alt.xml"
PROFILE_CASCADE = "haarcascade_profileface.xml"


@dataclass(frozen=True)
class FaceBox:
    """A face as fractions of the photo's width and height: left, top, right, bottom."""

    left: float
    top: float
    right: float
    bottom: float

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def height(self) -> float:
        return self.bottom - self.top

    @property
    def eye_y(self) -> float:
        """Where the eyes are: about 40 % down the detector's box, which runs from brow to mouth."""
        return self.top + 0.4 * self.height

    def scaled(self, width: float, height: float) -> tuple[float, float, float, float]:
        """The box in the units of a photo `width` x `height` (pixels, say)."""
        return (self.left * width, self.top * height, self.right * width, self.bottom * height)


@lru_cache(maxsize=2)
def _cascade(name: str = CASCADE):  # type: ignore[no-untyped-def]
    import cv2  # late: OpenCV takes a moment to load, and only a deck with photos needs it

    cascade = cv2.CascadeClassifier(cv2.data.haarcascades + name)  # type: ignore[attr-defined]  # cv2.data has no stubs
    if cascade.empty():  # pragma: no cover - a broken OpenCV install
        raise RuntimeError(f"OpenCV could not load its face model {name}")
    return cascade


def detection_copy(photo: Image.Image, side: int = DETECT_SIDE) -> Image.Image:
    """The grey copy the detector looks at: `side` pixels on the long side (never enlarged)."""
    grey = photo.convert("L")
    k = side / max(grey.size)
    if k < 1:
        grey = grey.resize((max(1, round(grey.width * k)), max(1, round(grey.height * k))), Image.Resampling.BOX)
    return grey


def _detect(grey: Image.Image, smallest: int, largest: int | None = None, cascade: str = CASCADE) -> list[FaceBox]:
    import cv2  # late: as in _cascade

    arr = np.ascontiguousarray(np.asarray(grey))
    cv2.setNumThreads(1)  # the build already runs one process per core
    found = _cascade(cascade).detectMultiScale(arr, scaleFactor=1.1, minNeighbors=5, minSize=(smallest, smallest),
                                               maxSize=(largest, largest) if largest else (0, 0))
    w, h = grey.size
    return [FaceBox(x / w, y / h, (x + bw) / w, (y + bh) / h) for x, y, bw, bh in (found if len(found) else [])]


def _profiles(grey: Image.Image, smallest: int) -> list[FaceBox]:
    """Faces seen from the side, turned either way: the profile cascade on the copy and on its mirror
    image (whose boxes are mirrored back), a face found both ways counted once."""
    boxes = _detect(grey, smallest, cascade=PROFILE_CASCADE)
    mirrored = _detect(grey.transpose(Image.Transpose.FLIP_LEFT_RIGHT), smallest, cascade=PROFILE_CASCADE)
    for b in mirrored:
        box = FaceBox(1 - b.right, b.top, 1 - b.left, b.bottom)
        if not any(_overlap(box, kept) for kept in boxes):
            boxes.append(box)
    return boxes


def _overlap(a: FaceBox, b: FaceBox) -> bool:
    return min(a.right, b.right) > max(a.left, b.left) and min(a.bottom, b.bottom) > max(a.top, b.top)


#: Faces found in this process, by the picture's pixels: a back or lid picture is placed several times
#: a build (the preflight, the PNG, the print-shop file's vector back, the tuck box's panel), and a
#: look costs up to a second where hashing the pixels costs milliseconds.
_FOUND: dict[tuple[str, tuple[int, int], bytes], tuple[FaceBox, ...]] = {}
_FOUND_KEPT = 16


def find_faces(photo: Image.Image) -> tuple[FaceBox, ...]:
    """The faces in a photo, largest first, as fractions of its size (see `_find_faces`): looked for
    once per picture in a process."""
    key = (photo.mode, photo.size, hashlib.blake2b(photo.tobytes(), digest_size=16).digest())
    found = _FOUND.get(key)
    if found is None:
        found = _find_faces(photo)
        if len(_FOUND) >= _FOUND_KEPT:
            del _FOUND[next(iter(_FOUND))]  # the oldest
        _FOUND[key] = found
    return found


def _find_faces(photo: Image.Image) -> tuple[FaceBox, ...]:
    """The faces in a photo, largest first, as fractions of its size.

    A first look, on a copy DETECT_SIDE pixels long, finds faces down to 1/25 of the photo's long
    side. When it finds none, or only small ones, a second look on a larger copy finds faces down
    to 1/SMALL_FLOOR of the side (the people of a group photo, a distant portrait). Smaller faces
    are not looked for: on a card they would be a few millimetres across even zoomed in, and at
    that size the detector's guesses on patterned clothes and foliage outnumber real faces.
    When neither look finds a face, the first copy is looked at for faces seen from the side (a
    profile portrait); only then, since it costs twice a frontal look.
    """
    grey = detection_copy(photo)
    side = max(grey.size)
    boxes = _detect(grey, max(20, side // 25))
    if not boxes or max(max(b.width * grey.width, b.height * grey.height) for b in boxes) < side / LOOK_AGAIN:
        larger = detection_copy(photo, SMALL_SIDE)
        big_side = max(larger.size)
        if big_side > side:
            small = _detect(larger, max(20, big_side // SMALL_FLOOR), big_side // SMALL_CEILING)
            boxes += [b for b in small if not any(_overlap(b, kept) for kept in boxes)]
    if not boxes:
        boxes = _profiles(grey, max(20, side // 25))
    boxes.sort(key=lambda b: (-b.width * b.height, b.left, b.top))
    return tuple(boxes)
