"""How close a photo may be taken: the one range deck.toml's zoom keys and the automatic framing share.

Zoom 1 shows a photo just covering its place; 2 twice as close. Below 1 the photo is shown smaller
than its place and the band it leaves is a mat of its own edge colours that it fades into
(render/framing.py): the automatic framing goes there to keep a whole group in, and a hand-set zoom
may ask for the same. The limits live here, in a module that imports nothing of deckgen's, so
that reading deck.toml (config) does not load the renderers.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["AUTO_ZOOM_FLOOR", "ZOOM_MAX", "ZOOM_STEP", "nearest_zoom_down"]

#: The most a photo is closed in on, by the automatic framing or by a deck.toml zoom.
ZOOM_MAX = 8.0
#: The least a photo is shown at, by the automatic framing to keep every person in it whole, or by
#: a deck.toml zoom: a window up to 1/0.85 the size of the zoom-1 one, so the photo covers at least
#: 85 % of its place's height (or width) and a blurred copy of its edge fills the band left over.
#: A group that needs more is too wide for the place: one window holds those it can, and the build
#: says how many are left out.
AUTO_ZOOM_FLOOR = 0.85
#: The step the automatic framing goes down by, from 1 towards AUTO_ZOOM_FLOOR.
ZOOM_STEP = 0.01


def nearest_zoom_down(holds: Callable[[float], bool]) -> float | None:
    """The zoom nearest 1, from 1 down to AUTO_ZOOM_FLOOR in steps of ZOOM_STEP, at which `holds`
    (the band below 1 keeping a group's heads or a pet's eyes whole); None when none does."""
    steps = round((1.0 - AUTO_ZOOM_FLOOR) / ZOOM_STEP)
    return next((zoom for zoom in (1.0 - ZOOM_STEP * i for i in range(steps + 1)) if holds(zoom)), None)
