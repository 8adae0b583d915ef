"""The inks that print at each point of a press file's drawn art, and the black that may overprint.

The deck's black is 100 % K set to overprint (a press a hair out of register shows no coloured
fringe): with overprint mode 1 the cyan, magenta and yellow under it stay, so where a black
outline crosses a court's robe the press lays the robe's C+M+Y and the black's K on top of each
other. The total is what the ink limit is about, not each colour alone: 100 % K over C47 M50 Y88
is 285 %, over DriveThruCards' 240 %.

`InkStack` follows one page's (or one form's) drawing in order: what each shape paints and where
(its footprint as boxes: each contour of a fill, each segment of a line with half its width
round it, each letter line, each suit symbol; boxes cover the ink, so a black that is kept
overprinting truly lies on light colour only). A black that would overprint colour dense enough to
take the total over the limit is knocked out instead (it prints as 100 % K alone there);
`peak` is the most ink the drawing stacks anywhere, with where, for the preflight's figure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

Box = tuple[float, float, float, float]  # left, top, right, bottom in card mm (y down)

_TOKEN = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z*]+")


@dataclass(frozen=True)
class Peak:
    """The most ink the drawing stacks (percent), and a point where it does (card mm)."""

    percent: float
    x_mm: float
    y_mm: float


def code_boxes(code: str, pt_per_mm: float, half_width_mm: float = 0.0, per_segment: bool = False) -> list[Box]:
    """The footprint of PDF path operators (points from the trim's top-left, y up: facevector.path_code)
    as boxes in card mm: one per subpath (a fill), or one per segment widened by `half_width_mm`
    (a line). A Bézier lies inside the box of its four points."""
    boxes: list[Box] = []
    numbers: list[float] = []
    path_points: list[tuple[float, float]] = []
    current: tuple[float, float] | None = None

    def close_subpath() -> None:
        if path_points and not per_segment:
            xs, ys = [p[0] for p in path_points], [p[1] for p in path_points]
            boxes.append((min(xs), min(ys), max(xs), max(ys)))
        path_points.clear()

    for token in _TOKEN.findall(code):
        if token[0].isalpha():
            points = [(numbers[i] / pt_per_mm, -numbers[i + 1] / pt_per_mm) for i in range(0, len(numbers) - 1, 2)]
            numbers.clear()
            if token == "m":
                close_subpath()
                current = points[-1]
                path_points.append(current)
            elif token in ("l", "c") and current is not None:
                if per_segment:
                    xs = [current[0], *(p[0] for p in points)]
                    ys = [current[1], *(p[1] for p in points)]
                    w = half_width_mm
                    boxes.append((min(xs) - w, min(ys) - w, max(xs) + w, max(ys) + w))
                path_points.extend(points)
                current = points[-1]
            elif token == "h" and per_segment and path_points and current is not None:
                start = path_points[0]
                w = half_width_mm
                boxes.append((min(start[0], current[0]) - w, min(start[1], current[1]) - w,
                              max(start[0], current[0]) + w, max(start[1], current[1]) + w))
        else:
            numbers.append(float(token))
    close_subpath()
    return boxes


class InkStack:
    """What one drawing has painted so far, to decide whether the deck's black may overprint it.

    `limit` is the file's ink limit in percent (None: no limit, as for an RGB file: nothing is
    measured and black keeps overprinting)."""

    def __init__(self, limit: float | None) -> None:
        self.limit = limit
        self._boxes: list[Box] = []
        self._cmy: list[float] = []  # the C+M+Y percent under each box, what an overprinting K adds to
        self._array: tuple[np.ndarray, np.ndarray] | None = None
        self.peak: Peak | None = None
        self.knocked_out = 0  # black shapes drawn knocked out, where overprinting would have gone over the limit
        self.thinnest_pt: float | None = None  # the thinnest line drawn (points), after raising
        self.raised_lines = 0  # lines drawn wider than asked: thinner than the press's minimum

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        if self._array is None:
            self._array = (np.array(self._boxes, dtype=float).reshape(-1, 4), np.array(self._cmy, dtype=float))
        return self._array

    def _raise_peak(self, percent: float, boxes: Sequence[Box]) -> None:
        if boxes and (self.peak is None or percent > self.peak.percent + 1e-9):
            left, top, right, bottom = boxes[0]
            self.peak = Peak(percent, (left + right) / 2, (top + bottom) / 2)

    def under(self, boxes: Sequence[Box]) -> tuple[float, Box | None]:
        """The most C+M+Y painted so far under any of `boxes`, and the box where."""
        if not self._boxes or not boxes:
            return 0.0, None
        painted, cmy = self._arrays()
        best, where = 0.0, None
        for box in boxes:
            hit = ((painted[:, 0] < box[2]) & (painted[:, 2] > box[0]) & (painted[:, 1] < box[3]) & (painted[:, 3] > box[1]))
            if hit.any():
                i = int(np.argmax(np.where(hit, cmy, -1.0)))
                if cmy[i] > best:
                    best, where = float(cmy[i]), (max(box[0], painted[i, 0]), max(box[1], painted[i, 1]),
                                                  min(box[2], painted[i, 2]), min(box[3], painted[i, 3]))
        return best, where

    def paint(self, cmyk_percent: tuple[float, float, float, float], boxes: Sequence[Box], overprint: bool) -> bool:
        """Record a shape painted in `cmyk_percent` over `boxes`; returns whether it overprints.

        A shape asked to overprint (the deck's black: K alone) keeps overprinting only where the
        C+M+Y under it plus its K stay within the limit; else it is knocked out."""
        c, m, y, k = cmyk_percent
        if self.limit is None:
            return overprint
        stacked = c + m + y + k
        if overprint:
            under, where = self.under(boxes)
            if under + stacked > self.limit + 1e-9:
                overprint = False
                self.knocked_out += 1
            else:
                stacked += under
                if where is not None and under > 0:
                    self._raise_peak(stacked, [where])
        self._raise_peak(stacked, boxes)
        # what lies here now: knocked out, only this shape's inks; overprinting K, the C+M+Y under it
        # stays (recorded as the most there was, wherever the box reaches)
        cmy = c + m + y if not overprint else max(c + m + y, self.under(boxes)[0])
        self._boxes.extend(boxes)
        self._cmy.extend([cmy] * len(boxes))
        self._array = None
        return overprint

    def paint_picture(self, box: Box, max_cmy: float, max_total: float) -> None:
        """Record a picture (a photo) over `box`: C+M+Y up to `max_cmy`, C+M+Y+K up to `max_total` percent."""
        if self.limit is None:
            return
        self._raise_peak(max_total, [box])
        self._boxes.append(box)
        self._cmy.append(max_cmy)
        self._array = None


@dataclass(frozen=True)
class PageInk:
    """The most ink one page of a press file stacks: its number (from 1), what is on it ('QH face'),
    the peak (None: nothing printed) and how many black shapes were knocked out to hold the limit."""

    page: int
    label: str
    peak: Peak | None
    knocked_out: int = 0
    thinnest_pt: float | None = None
    raised_lines: int = 0


@dataclass(frozen=True)
class FileInk:
    """A press file's pages' ink, measured as the file was drawn."""

    name: str
    limit: float
    pages: tuple[PageInk, ...]
    min_line_pt: float = 0.0

    @property
    def worst(self) -> PageInk | None:
        marked = [p for p in self.pages if p.peak is not None]
        return max(marked, key=lambda p: (p.peak.percent if p.peak else 0.0, -p.page)) if marked else None

    @property
    def knocked_out(self) -> int:
        return sum(p.knocked_out for p in self.pages)

    @property
    def thinnest_pt(self) -> float | None:
        widths = [p.thinnest_pt for p in self.pages if p.thinnest_pt is not None]
        return min(widths) if widths else None

    @property
    def raised_lines(self) -> int:
        return sum(p.raised_lines for p in self.pages)


def picture_ink(image: object) -> tuple[float, float]:
    """The most C+M+Y and the most C+M+Y+K (percent) of any pixel of a CMYK picture ready to embed
    (pdfcanvas.EmbeddedImage: Flate with the PNG Up predictor); (0, 0) for one in another colour space."""
    import zlib

    colors, width, height = getattr(image, "colors"), getattr(image, "width"), getattr(image, "height")
    if colors != 4:
        return 0.0, 0.0
    framed = np.frombuffer(zlib.decompress(getattr(image, "data")), dtype=np.uint8).reshape(height, width * 4 + 1)
    if (framed[:, 0] != 2).any():  # every row Up-filtered, as image_from_array writes them
        raise ValueError("a CMYK picture not written by image_from_array")
    pixels = np.cumsum(framed[:, 1:], axis=0, dtype=np.uint8).reshape(height, width, 4).astype(np.int32)
    cmy = pixels[..., :3].sum(axis=-1)
    return float(cmy.max()) * 100 / 255, float((cmy + pixels[..., 3]).max()) * 100 / 255
