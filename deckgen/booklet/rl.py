"""The few places the booklet must ask ReportLab about a flowable it has already made.

ReportLab keeps a KeepTogether's flowables, a table's row heights and its cells in
private attributes; reading them here, and only here, keeps the rest of the booklet
on ReportLab's public API (and one file to change when ReportLab changes).
"""

from __future__ import annotations

import io
from functools import cache
from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, Table


@cache
def _scratch() -> Canvas:
    """A canvas only for measuring: nothing drawn on it is ever saved."""
    return Canvas(io.BytesIO())


def kept(group: KeepTogether) -> list[Flowable]:
    """The flowables a KeepTogether holds."""
    return list(group._content)


def replace_kept(group: KeepTogether, index: int, flowable: Flowable) -> None:
    """Put `flowable` in place of the one at `index` of what a KeepTogether holds."""
    group._content[index] = flowable


def row_heights(table: Table) -> list[float]:
    """A table's row heights, after it has been wrapped (empty before)."""
    return list(getattr(table, "_rowHeights", None) or [])


def cell(table: Table, row: int, column: int = 0) -> Any:
    """What a table cell holds, as given to the table (one flowable unwrapped from ReportLab's list)."""
    value = table._cellvalues[row][column]
    if isinstance(value, (list, tuple)) and len(value) == 1:
        return value[0]
    return value


def stack_height(flowables: list[Flowable], width: float) -> float:
    """How tall flowables set one after the other at `width`, with their spaces between them."""
    from reportlab.platypus.flowables import _listWrapOn

    return float(_listWrapOn(flowables, width, _scratch())[1])


def box_height(flowable: Flowable, width: float) -> float:
    """How tall a flowable sets at `width` (measured on a scratch canvas, nothing is drawn)."""
    if isinstance(flowable, KeepTogether):
        # a KeepTogether answers wrap with a huge height to make the frame ask it to split
        return sum(box_height(f, width) for f in kept(flowable))
    _, height = flowable.wrapOn(_scratch(), width, 1e6)
    return float(height)


def trial_split(flowable: Flowable, width: float, height: float) -> list[Flowable]:
    """How a flowable would split in `height` (wrapped and split on a scratch canvas, nothing drawn)."""
    canvas = _scratch()
    flowable.wrapOn(canvas, width, height)
    return list(flowable.splitOn(canvas, width, height))


def frame_room(frame: Any) -> float:
    """The height left in a frame below what is already placed in it."""
    return float(frame._y - frame._y1p)


def build_then_finish(doc: Any, story: list[Flowable]) -> Canvas:
    """Lay the story out in one pass but leave the PDF open, so forms its pages already use (the
    contents) can be drawn once every page number is known; the caller saves the canvas."""
    from deckgen.render.pdfcanvas import Canvas as FormCanvas  # forms that carry their own resources

    doc._doSave = 0
    doc.build(story, canvasmaker=FormCanvas)
    return doc.canv
