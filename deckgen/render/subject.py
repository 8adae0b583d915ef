"""Where the subject of a photo without a face is: its detail, so that a crop keeps it.

A pet, a cup of coffee, a rocket: the face detector finds nothing, and a crop centred on the
photo's middle may run through the cat's eye. The photo's *detail* (how sharply its brightness
changes: eyes, whiskers, a cup's rim, a rocket against the sky) marks its subject better than its
geometry does: an out-of-focus background has little. So the window is placed where it holds the
most detail, and, as far as a shift allows, where its edges run through little; when no shift
gives a clean edge, the photo may be shown a little smaller (down to AUTO_ZOOM_FLOOR, the band
the faces' framing uses) when that does. A photo whose detail is spread evenly, or is centred,
keeps the centred crop.

Pure numpy on a small copy (DETAIL_SIDE pixels long): deterministic, a few milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image

from deckgen.zoom import nearest_zoom_down

#: The long side, in pixels, of the copy the detail is measured on.
DETAIL_SIDE = 128
#: A window within this share of the best one's detail counts as as good: the nearest of them to the
#: usual place wins, so that an even photo (a starfield, a texture) keeps its centred crop.
NEAR_BEST = 0.04
#: An edge of the window "cuts the subject" where the detail along it passes this many times the
#: photo's mean detail (an eye, a rim; fur or grass stays below it).
CUT = 3.0
#: An edge is clean when no such detail lies within this many cells (of DETAIL_SIDE) of it: the rim
#: of an eye is weaker than its middle, and an edge just past the rim still cuts the eye.
EDGE_BAND = 6
#: The photo is shown smaller to keep its subject whole only when the subject is compact (its
#: detail above CUT covers at most this share of the photo: a cat's eyes, a cup): a starfield, a
#: launch pad full of girders has detail everywhere, and a band would not keep "it" whole.
COMPACT = 0.02


@dataclass(frozen=True, eq=False)
class Detail:
    """A photo's detail: `grid` (rows, columns) over the whole photo, blurred a little so that a
    feature counts as a region; `mean` its mean, the measure of "a lot"."""

    grid: np.ndarray
    mean: float


def _blur(a: np.ndarray, sigma: float) -> np.ndarray:
    """A Gaussian blur of a 2-D array (edges repeated), separable, in numpy."""
    r = int(3 * sigma) + 1
    x = np.arange(-r, r + 1)
    k = np.exp(-x ** 2 / (2 * sigma ** 2))
    k /= k.sum()
    p = np.pad(a, r, mode="edge")
    rows = np.stack([np.convolve(row, k, "valid") for row in p])
    return np.stack([np.convolve(col, k, "valid") for col in rows.T]).T


def photo_detail(photo: Image.Image) -> Detail:
    """The detail map of a photo (any size; a small copy is enough): how much each place differs
    from its surround, in brightness and in two colour-opponent channels (red-green, blue-yellow),
    at two scales. An eye (a dark pupil in a green iris in brown fur), a cup's rim, a rocket against
    the sky stand out; fine texture (fur, grass) and smooth background do not."""
    k = DETAIL_SIDE / max(photo.size)
    small = photo.convert("RGB").resize((max(2, round(photo.width * k)), max(2, round(photo.height * k))),
                                        Image.Resampling.BOX)
    rgb = np.asarray(small, dtype=np.float64)
    red, green, blue = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    grid = np.zeros(red.shape)
    for channel in ((red + green + blue) / 3, red - green, blue - (red + green) / 2):
        for near, far in ((1.0, 4.0), (2.0, 8.0)):
            grid += np.abs(_blur(channel, near) - _blur(channel, far))
    grid = _blur(grid, 1.5)
    return Detail(grid, float(grid.mean()) or 1.0)


def _sums(grid: np.ndarray) -> np.ndarray:
    return np.pad(grid, ((1, 0), (1, 0))).cumsum(0).cumsum(1)


def _starts(lo: float, hi: float) -> np.ndarray:
    """Every whole-cell start from `lo` to `hi` (cells); one start, `lo` rounded, when there is no room."""
    first, last = int(np.ceil(lo - 1e-9)), int(np.floor(hi + 1e-9))
    return np.arange(first, last + 1) if last >= first else np.array([int(round(lo))])


def _cuts(detail: Detail, x: np.ndarray, y: np.ndarray, ww: float, wh: float) -> np.ndarray:
    """For each window (x, y starts in cells, ww x wh cells), the most detail near any of its edges
    that lies inside the photo (within EDGE_BAND cells), in multiples of the mean."""
    grid = detail.grid
    rows, cols = grid.shape
    b = EDGE_BAND
    out = np.zeros((len(y), len(x)))
    for j, y0 in enumerate(y):
        y1 = min(rows, int(round(y0 + wh)))
        for i, x0 in enumerate(x):
            x1 = min(cols, int(round(x0 + ww)))
            if x1 <= max(0, x0) or y1 <= max(0, y0):
                continue
            edges = [0.0]  # an edge on the photo's own edge cuts nothing the photo shows
            if x0 > 0:
                edges.append(grid[max(0, y0):y1, max(0, x0 - b):x0 + b + 1].max())
            if x1 < cols:
                edges.append(grid[max(0, y0):y1, max(0, x1 - 1 - b):x1 + b].max())
            if y0 > 0:
                edges.append(grid[max(0, y0 - b):y0 + b + 1, max(0, x0):x1].max())
            if y1 < rows:
                edges.append(grid[max(0, y1 - 1 - b):y1 + b, max(0, x0):x1].max())
            out[j, i] = max(edges) / detail.mean
    return out


def _best(detail: Detail, ww: float, wh: float, usual: tuple[float, float],
          bounds: tuple[float, float, float, float]) -> tuple[float, float]:
    """The best window ww x wh cells: its (x, y) start in cells. Best is clean edges first (no cut
    above CUT), then the most detail inside (within NEAR_BEST counts as a tie), then nearest the
    usual start `usual` (cells). `bounds` (x from, x to, y from, y to) limit the starts."""
    grid = detail.grid
    rows, cols = grid.shape
    xs, ys = _starts(bounds[0], bounds[1]), _starts(bounds[2], bounds[3])
    s = _sums(grid)
    cx0, cy0 = np.clip(xs, 0, cols), np.clip(ys, 0, rows)  # a start before the photo: the band
    x1 = np.clip(xs + int(round(ww)), 0, cols)
    y1 = np.clip(ys + int(round(wh)), 0, rows)
    mass = (s[np.ix_(y1, x1)] - s[np.ix_(cy0, x1)] - s[np.ix_(y1, cx0)] + s[np.ix_(cy0, cx0)])
    cuts = _cuts(detail, xs, ys, ww, wh)
    clean = cuts <= CUT
    peaks = grid > CUT * detail.mean
    whole = np.zeros_like(clean)
    if peaks.any():  # windows that hold every strong detail (both of a cat's eyes) come first
        py, px = np.nonzero(peaks)
        whole = ((ys[:, None] <= py.min()) & (ys[:, None] + wh >= py.max() + 1)
                 & (xs[None, :] <= px.min()) & (xs[None, :] + ww >= px.max() + 1))
    pool = next((p for p in (clean & whole, clean) if p.any()), np.ones_like(clean))
    top = np.where(pool, mass, -np.inf).max()
    near = pool & (mass >= top * (1 - NEAR_BEST))
    dist = (xs[None, :] - usual[0]) ** 2 + (ys[:, None] - usual[1]) ** 2
    j, i = np.unravel_index(np.argmin(np.where(near, dist, np.inf)), near.shape)
    return float(xs[i]), float(ys[j])


def on_the_subject(detail: Detail, photo_px: tuple[int, int], window: tuple[float, float],
                   usual: tuple[float, float], inner: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)
                   ) -> tuple[float, float]:
    """Where a window `window` large (photo pixels) starts (left, top, photo pixels) to hold the
    photo's subject, the edges of its part `inner` (fractions of it: the trim of a full card) clear
    of it: see the module. `usual` is where it would start without looking (the centred crop);
    along a side the window covers wholly, the start is left as `usual` says."""
    pw, ph = photo_px
    rows, cols = detail.grid.shape
    kx, ky = cols / pw, rows / ph
    ww, wh = window[0] * kx, window[1] * ky
    iw, ih = ww * (inner[2] - inner[0]), wh * (inner[3] - inner[1])
    ox, oy = ww * inner[0], wh * inner[1]
    # along a side the window covers wholly, its start is the one `usual` gives (the band's place)
    bx = (ox, cols - ww + ox) if window[0] < pw else (usual[0] * kx + ox,) * 2
    by = (oy, rows - wh + oy) if window[1] < ph else (usual[1] * ky + oy,) * 2
    bounds = (*bx, *by)
    x, y = _best(detail, iw, ih, (usual[0] * kx + ox, usual[1] * ky + oy), bounds)
    left = (x - ox) / kx if window[0] < pw else usual[0]
    top = (y - oy) / ky if window[1] < ph else usual[1]
    return left, top


def subject_zoom(detail: Detail, photo_px: tuple[int, int], area: tuple[float, float],
                 inner: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)) -> float:
    """1, or when every zoom-1 window of the area's shape runs an edge of its part `inner` through
    the subject (a cat's eyes on a card too narrow for both), the zoom nearest 1, down to
    AUTO_ZOOM_FLOOR, at which a window can hold it with clean edges (the photo shown a little
    smaller, on a mat of its edge colours in the band left over); 1 when none can, or when the subject is not
    compact (COMPACT)."""
    pw, ph = photo_px
    aw, ah = area
    rows, cols = detail.grid.shape
    peaks = detail.grid > CUT * detail.mean
    if not peaks.any() or peaks.mean() > COMPACT:
        return 1.0
    ys, xs = np.nonzero(peaks)
    # the subject's strong detail with its band: the inner part must hold it all
    b = EDGE_BAND + 1  # as _cuts measures: no strong cell within EDGE_BAND of an edge cell
    need = (xs.min() - b, ys.min() - b, xs.max() + 1 + b, ys.max() + 1 + b)

    def clean(zoom: float) -> bool:
        scale = max(aw / pw, ah / ph) * zoom
        ww, wh = aw / scale * cols / pw, ah / scale * rows / ph
        return all(_holds(ww * inner[a], ww * inner[a + 2], ww, cols, need[a], need[a + 2]) if a == 0 else
                   _holds(wh * inner[1], wh * inner[3], wh, rows, need[1], need[3]) for a in (0, 1))

    zoom = nearest_zoom_down(clean)
    return 1.0 if zoom is None else zoom


def _holds(lo: float, hi: float, window: float, length: int, need_lo: float, need_hi: float) -> bool:
    """Whether a window `window` cells long, placed as the photo allows (inside it, or holding it
    whole when longer), can have its part from `lo` to `hi` (cells from its start) run past both
    ends of [need_lo, need_hi], or past the photo's edge where that comes first."""
    starts = (0.0, length - window) if window <= length else (length - window, 0.0)
    need_lo, need_hi = max(need_lo, 0.0), min(need_hi, float(length))
    # the inner part's start s + lo <= need_lo and end s + hi >= need_hi, with s in starts
    return max(starts[0], need_hi - hi) <= min(starts[1], need_lo - lo) + 1e-9
