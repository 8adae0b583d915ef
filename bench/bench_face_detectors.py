"""Which face detector deckgen uses, measured: the candidates whose model ships inside a package.

Run from the repository: python3 bench/bench_face_detectors.py

Candidates: OpenCV's Haar cascades (opencv-python-headless 4.x ships them in
cv2.data.haarcascades; 5.0 no longer does) and scikit-image's LBP cascade
(skimage.feature.Cascade). mediapipe 1.2's wheel ships no face model (its tasks
API wants a .tflite file downloaded at run time), so it is not a candidate.

Test photos are real photos that ship in scikit-image: the astronaut (one face),
the cameraman (a face turned three-quarters), 100 labelled faces and 100
labelled non-faces (lfw_subset, 25 px crops, enlarged and set in a plain
surround), ten photos without people, and three compositions made from the
astronaut: her face in the top fifth of a tall portrait, two faces side by side
in a landscape, and a small face in a waist-up shot. Each photo is enlarged to
12 megapixels' shape and then reduced to the detection size the way the build
does it, so the figures are those of a build.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2  # noqa: E402
import numpy as np  # noqa: E402
import skimage.data as sd  # noqa: E402
from PIL import Image  # noqa: E402
from skimage.feature import Cascade  # noqa: E402

from deckgen.render.facefind import DETECT_SIDE  # noqa: E402


def compositions() -> dict[str, tuple[np.ndarray, int]]:
    """Named test photos (RGB) and how many faces each holds."""
    a = sd.astronaut()
    photos: dict[str, tuple[np.ndarray, int]] = {"astronaut": (a, 1), "cameraman": (np.dstack([sd.camera()] * 3), 1)}
    # a tall portrait, face in its top fifth: the astronaut's top, the suit continued below
    top = a[:, 60:420]
    tall = np.vstack([top, top[::-1][: 250]])
    photos["face in top fifth (tall portrait)"] = (tall, 1)
    # two faces side by side in a landscape
    photos["two faces side by side"] = (np.hstack([a[:, 60:460], a[:, 60:460][:, ::-1]]), 2)
    # a small face in a waist-up shot: the astronaut in the middle of a wide, tall surround
    surround = np.asarray(Image.fromarray(a[400:, :]).resize((1400, 1800)))
    big = surround.copy()
    big[200:712, 444:956] = a
    photos["small face, waist-up"] = (big, 1)
    # small faces (the detector's second look): one person far off before a launch pad, three at a table
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import photo_samples

    photos["distant portrait (face 1/20 wide)"] = (np.asarray(photo_samples.distant_portrait()), 1)
    photos["group of three (faces 1/20 wide)"] = (np.asarray(photo_samples.group_shot()), 3)
    for name in ("chelsea", "coffee", "rocket", "horse", "hubble_deep_field", "brick", "page", "coins", "retina", "logo"):
        img = getattr(sd, name)()
        if img.ndim == 2:
            img = np.dstack([img] * 3)
        if img.dtype != np.uint8:
            img = (img * 255).astype(np.uint8) if img.max() <= 1 else img.astype(np.uint8)
        photos[f"no person: {name}"] = (img[..., :3], 0)
    return photos


def reduce_like_build(rgb: np.ndarray) -> np.ndarray:
    """Enlarge to a 12-megapixel phone photo's size, then reduce to the detection size."""
    im = Image.fromarray(rgb)
    scale = (12e6 / (im.width * im.height)) ** 0.5
    im = im.resize((round(im.width * scale), round(im.height * scale)), Image.Resampling.BILINEAR)
    k = DETECT_SIDE / max(im.size)
    im = im.resize((round(im.width * k), round(im.height * k)), Image.Resampling.BOX)
    return np.asarray(im.convert("L"))


def lfw() -> tuple[list[np.ndarray], list[np.ndarray]]:
    """lfw_subset: 100 faces then 100 non-faces, 25 x 25; each enlarged to 100 px in a grey surround."""
    out = []
    for crop in sd.lfw_subset():
        tile = np.full((220, 220), 128, np.uint8)
        tile[60:160, 60:160] = np.asarray(Image.fromarray((crop * 255).astype(np.uint8)).resize((100, 100), Image.Resampling.BICUBIC))
        out.append(tile)
    return out[:100], out[100:]


def haar(name: str):
    cascade = cv2.CascadeClassifier(cv2.data.haarcascades + name)
    cv2.setNumThreads(1)  # as in the build, which runs one process per core

    def detect(grey: np.ndarray) -> int:
        smallest = max(20, max(grey.shape) // 25)  # as deckgen.render.facefind does
        return len(cascade.detectMultiScale(grey, scaleFactor=1.1, minNeighbors=5, minSize=(smallest, smallest)))

    return detect


def haar_both_ways(name: str):
    """A cascade that knows one way round (the profile one), run on the photo and its mirror image."""
    one_way = haar(name)

    def detect(grey: np.ndarray) -> int:
        return one_way(grey) + one_way(np.ascontiguousarray(grey[:, ::-1]))

    return detect


def skimage_lbp():
    cascade = Cascade(sd.lbp_frontal_face_cascade_filename())

    def detect(grey: np.ndarray) -> int:
        side = min(grey.shape)
        found = cascade.detect_multi_scale(img=grey.astype(np.float64) / 255, scale_factor=1.1, step_ratio=1,
                                           min_size=(max(20, max(grey.shape) // 25),) * 2, max_size=(side, side), min_neighbor_number=4)
        return len(found)

    return detect


def as_decoded(rgb: np.ndarray) -> Image.Image:
    """The photo enlarged to 12 megapixels, then reduced as a JPEG decoded in draft mode for the
    detector would be (the long side just over twice SMALL_SIDE at most)."""
    from deckgen.render.facefind import SMALL_SIDE

    im = Image.fromarray(rgb)
    scale = (12e6 / (im.width * im.height)) ** 0.5
    im = im.resize((round(im.width * scale), round(im.height * scale)), Image.Resampling.BILINEAR)
    while max(im.size) // 2 >= SMALL_SIDE:  # JPEG draft: 1/2, 1/4, 1/8 while still large enough
        im = im.reduce(2)
    return im


def deckgen_two_looks() -> None:
    """deckgen's own find_faces (frontalface_alt, a first look at DETECT_SIDE, a second one for small
    faces when the first finds none or only small ones, the profile cascade both ways when neither
    finds a face) on the test photos, and its CPU time."""
    from deckgen.render.facefind import find_faces

    photos = {name: (as_decoded(rgb), n) for name, (rgb, n) in compositions().items()}
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import photo_samples

    for width in (2400, 3000, 3600, 4000):  # the small-face photos at several sizes, not enlarged
        photos[f"distant portrait, {width} px"] = (photo_samples.distant_portrait(width), 1)
        photos[f"group of three, {width} px"] = (photo_samples.group_shot(width), 3)
    start = time.process_time()
    rows = [(name, len(find_faces(img)), n) for name, (img, n) in photos.items()]
    per_photo = (time.process_time() - start) / len(photos)
    print(f"\ndeckgen's two looks (deckgen.render.facefind.find_faces): {per_photo * 1000:.0f} ms CPU a photo")
    for name, got, want in rows:
        mark = "ok" if got == want else "MISS" if got < want else "EXTRA"
        print(f"  {name:38s} found {got}  (has {want})  {mark}")


def main() -> None:
    detectors = {
        "opencv haar frontalface_default": haar("haarcascade_frontalface_default.xml"),
        "opencv haar frontalface_alt2": haar("haarcascade_frontalface_alt2.xml"),
        "opencv haar frontalface_alt": haar("haarcascade_frontalface_alt.xml"),
        "skimage LBP frontal face": skimage_lbp(),
        # deckgen's second detector, only for a photo in which the frontal looks find no face
        "opencv haar profileface, both ways": haar_both_ways("haarcascade_profileface.xml"),
    }
    photos = {name: (reduce_like_build(rgb), n) for name, (rgb, n) in compositions().items()}
    faces, nonfaces = lfw()
    print(f"detection on the photo reduced to {DETECT_SIDE} px on its long side")
    for label, detect in detectors.items():
        start = time.process_time()  # CPU time: the machine may be shared, so wall time says little
        rows = [(name, detect(grey), n) for name, (grey, n) in photos.items()]
        photo_time = (time.process_time() - start) / len(photos)
        hits = sum(detect(t) >= 1 for t in faces)
        false = sum(detect(t) for t in nonfaces)
        print(f"\n{label}: {photo_time * 1000:.0f} ms CPU a photo; lfw faces found {hits}/100, "
              f"detections on 100 lfw non-faces {false}")
        for name, got, want in rows:
            mark = "ok" if got == want else "MISS" if got < want else "EXTRA"
            print(f"  {name:38s} found {got}  (has {want})  {mark}")
    deckgen_two_looks()


if __name__ == "__main__":
    main()
