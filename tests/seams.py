"""Finding seams on written photo cards: a straight row or column where the picture's fine detail
jumps from blurred to sharp, the mark a band of blurred photo leaves where it meets the sharp photo.

Detail is the photo's luminance at a fine scale less it at a coarser one (what a sharp edge has
and an out-of-focus one lacks). At each row, for every column, the mean detail of the strip just above
and of the strip just below are compared; a seam is a row where, along most of its length, one
side is sharp (at least SHARP levels) and the other has under a JUMP-th of that, the same way
round, without a step in brightness at the line (a line along which the photo is dark or flat on both sides, a helmet, a wall, counts for
neither, as long as it is sharp along INFORMATIVE of its length; an object's edge steps in brightness). A photo's own sharp-against-soft edges (a face before a blurred background) are not
straight across the whole area, and a flat plate or a drawn rule is kept out of the measured
region. Columns are measured the same way on the transposed picture.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image
from scipy import ndimage

#: The strip either side of a candidate line, in mm.
STRIP_MM = 1.0
#: Mean detail (grey levels) the sharp side must have.
SHARP = 2.0
#: How many times less detail the blurred side has.
JUMP = 3.0
#: The share of the line's sharp length (where either side has SHARP detail) over which the jump
#: must hold to be a seam, and the least share of its whole length that must be sharp so.
ALONG = 0.6
INFORMATIVE = 0.3
#: A band left by a photo shown smaller than its place runs the whole length of the area's side: the
#: jump must hold along this share of the line's whole measured length (a straight object's edge,
#: a rocket's side before a soft sky, runs along part of it).
ACROSS = 0.4
#: A step in mean brightness (grey levels) across the line, half a strip either side, at or above
#: which a column is an object's edge, not a seam.
STEP = 20.0

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Seam:
    axis: str  # "row" (a horizontal line) or "column"
    at: int  # its position in the card's pixels
    share: float  # the share of the line's length that jumps


def detail(image: Image.Image) -> np.ndarray:
    """Per pixel, the photo's fine detail: its luminance softened by 1 px less the same softened by
    4 px (a band of scales a blur removes and a sharp photo, even one enlarged from a small file,
    keeps; above the single grey levels a PNG rounds a faint texture to)."""
    grey = np.asarray(image.convert("L"), dtype=np.float32)
    return np.abs(ndimage.gaussian_filter(grey, 1.0) - ndimage.gaussian_filter(grey, 4.0))


def _rows(d: np.ndarray, lum: np.ndarray, valid: np.ndarray, k: int) -> list[tuple[int, float]]:
    """(row, share) for each row of `d` (detail; `lum` the softened luminance; `valid` where they
    may be measured) at which the strip of k rows above and the strip of k rows below differ as a
    seam does."""
    h, w = d.shape
    if h < 2 * k + 1:
        return []
    e = max(2, k // 2)
    ls = np.vstack([np.zeros((1, w)), np.cumsum(lum, axis=0)])
    dv = np.where(valid, d, 0.0)
    cs = np.vstack([np.zeros((1, w)), np.cumsum(dv, axis=0)])
    cv = np.vstack([np.zeros((1, w)), np.cumsum(valid.astype(np.float64), axis=0)])
    ys = np.arange(k, h - k)
    ok = ((cv[ys] - cv[ys - k]) == k) & ((cv[ys + k] - cv[ys]) == k)
    above = (cs[ys] - cs[ys - k]) / k
    below = (cs[ys + k] - cs[ys]) / k
    # an object's own edge (a white rocket before a soft sky) steps in brightness at the line; a
    # blurred copy of the photo meets the photo it continues without a step
    no_step = np.abs((ls[ys] - ls[ys - e]) - (ls[ys + e] - ls[ys])) / e < STEP
    sharp_below = (ok & no_step & (below >= SHARP) & (above * JUMP <= below)).sum(axis=1)
    sharp_above = (ok & no_step & (above >= SHARP) & (below * JUMP <= above)).sum(axis=1)
    informative = (ok & (np.maximum(above, below) >= SHARP)).sum(axis=1)
    measured = ok.sum(axis=1)
    jumps = np.maximum(sharp_below, sharp_above)
    seam = ((measured >= 0.5 * w) & (informative >= INFORMATIVE * measured) & (informative > 0)
            & (jumps >= ALONG * informative) & (jumps >= ACROSS * measured))
    return [(int(y), float(j / m)) for y, j, m in zip(ys[seam], jumps[seam], measured[seam])]


def find_seams(card: Image.Image, region: Box, dpi: int, exclude: tuple[Box, ...] = (),
               where: np.ndarray | None = None) -> list[Seam]:
    """The seams inside `region` (pixels: left, top, right, bottom) of a written card, the boxes
    `exclude` (plates, a caption, the divider) left out of the measure, and with `where` (a mask of
    the card's size) only where it is True."""
    l, t, r, b = region
    d = detail(card)[t:b, l:r]
    lum = ndimage.gaussian_filter(np.asarray(card.convert("L"), dtype=np.float32), 1.0)[t:b, l:r]
    valid = np.ones(d.shape, dtype=bool) if where is None else where[t:b, l:r].copy()
    for x0, y0, x1, y1 in exclude:
        valid[max(0, y0 - t):max(0, y1 - t), max(0, x0 - l):max(0, x1 - l)] = False
    k = max(3, round(STRIP_MM * dpi / 25.4))
    seams = [Seam("row", y + t, s) for y, s in _rows(d, lum, valid, k)]
    seams += [Seam("column", x + l, s) for x, s in _rows(d.T, lum.T, valid.T, k)]
    return seams
