"""The tuck box's die-cut net as plain geometry: panels, the cut outline and the fold lines, in mm.

No drawing here: `deckgen.render.tuckbox` paints the art and strokes these lines;
the tests measure them. The box is a reverse tuck end carton, the usual playing
card box, cut from one piece and glued once:

    x:  glue tab | side | front | side | back          (left to right, printed side up)

    - the lid hangs from the back's top edge and its tongue tucks down inside the
      front, whose top edge has the thumb notch;
    - the bottom flap hangs from the front's bottom edge and its tongue tucks up
      inside the back (so the bottom opens the other way from the top);
    - each side has a dust flap at the top and the bottom, folded in under the lid
      and the bottom flap;
    - the glue tab on the left side's free edge is glued inside the back's right edge.

Sizes, all chosen from the card and the deck (`tuck_box_net`):

- inside width  = card width  + 2 x clearance (1 mm a side by default),
- inside height = card height + 2 x clearance,
- inside depth  = cards x card thickness (0.3 mm by default: 54 cards, 16.2 mm).

Each panel is drawn fold to fold at those inner sizes; on card stock of 0.3 mm
or so the folds take up what the board's thickness adds. Coordinates: origin at
the bottom-left of the net's bounding box, y up, as in a PDF.

A net too big for a home sheet is printed in two pieces (`split_net`): cut at
the fold between the right side and the back, the first piece (glue tab, side,
front, side) gets a second glue tab there, the same shape as the first, which
goes under the back's left edge; the second piece is the back and its lid.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["Arc", "Line", "MIN_DEPTH_MM", "NetPiece", "PathOp", "TuckBoxNet", "split_net", "tuck_box_net"]

Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 (mm, y up)

#: A box shallower than this cannot be folded: its sides would be narrower than the glue and the folds.
MIN_DEPTH_MM = 3.0


@dataclass(frozen=True)
class Line:
    """A straight piece of the outline, from the current point to `to`."""

    to: Point


@dataclass(frozen=True)
class Arc:
    """A circular piece of the outline, from the current point (which lies on the circle at
    `start_deg`) turning `extent_deg` (counter-clockwise positive, y up) about `centre`."""

    centre: Point
    radius: float
    start_deg: float
    extent_deg: float

    def point(self, angle_deg: float) -> Point:
        a = math.radians(angle_deg)
        return (self.centre[0] + self.radius * math.cos(a), self.centre[1] + self.radius * math.sin(a))

    @property
    def end(self) -> Point:
        return self.point(self.start_deg + self.extent_deg)


PathOp = Line | Arc


def _polygon(start: Point, outline: tuple[PathOp, ...], step_mm: float) -> list[Point]:
    """A closed outline as a polygon, arcs cut into pieces at most `step_mm` long."""
    points = [start]
    for op in outline:
        if isinstance(op, Line):
            points.append(op.to)
            continue
        pieces = max(2, math.ceil(abs(math.radians(op.extent_deg)) * op.radius / step_mm))
        points.extend(op.point(op.start_deg + op.extent_deg * k / pieces) for k in range(1, pieces + 1))
    return points


@dataclass(frozen=True)
class NetPiece:
    """What is printed on one sheet: the whole net, or one of the two pieces of a split one. Its outline,
    folds and glue tabs are in the net's coordinates; `bounds` is its bounding box there."""

    name: str
    start: Point
    outline: tuple[PathOp, ...]
    folds: tuple[tuple[Point, Point], ...]
    glue_tabs: tuple[tuple[Point, ...], ...]
    bounds: Rect

    @property
    def size_mm(self) -> tuple[float, float]:
        return (self.bounds[2] - self.bounds[0], self.bounds[3] - self.bounds[1])

    def outline_points(self, step_mm: float = 0.5) -> list[Point]:
        return _polygon(self.start, self.outline, step_mm)


@dataclass(frozen=True)
class TuckBoxNet:
    """The net of one tuck box: the inner sizes it was made for, its panels, its outline (one closed
    cut path, starting at `start`) and its fold lines."""

    width_mm: float  # inside width of the box: the front's width, fold to fold
    height_mm: float  # inside height: the front's height
    depth_mm: float  # inside depth: a side's width, fold to fold
    cards: int
    start: Point
    outline: tuple[PathOp, ...]
    folds: tuple[tuple[Point, Point], ...]
    panels: dict[str, Rect]
    size_mm: tuple[float, float]  # the net's bounding box
    notch_mm: float  # the thumb notch's radius (and depth) in the front's top edge
    glue_tab: tuple[Point, ...]  # the glue tab's corners

    def outline_points(self, step_mm: float = 0.5) -> list[Point]:
        """The outline as a closed polygon (arcs cut into pieces at most `step_mm` long), for masks and previews."""
        return _polygon(self.start, self.outline, step_mm)

    def whole(self) -> NetPiece:
        """The net as one piece, for one sheet."""
        return NetPiece("whole", self.start, self.outline, self.folds, (self.glue_tab,),
                        (0.0, 0.0, self.size_mm[0], self.size_mm[1]))


def _bounds(start: Point, outline: tuple[PathOp, ...]) -> Rect:
    points = _polygon(start, outline, 0.1)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _ends_at(start: Point, outline: tuple[PathOp, ...], target: Point) -> int:
    """The index of the first piece of the outline that ends at `target`."""
    for i, op in enumerate(outline):
        end = op.to if isinstance(op, Line) else op.end
        if abs(end[0] - target[0]) < 1e-9 and abs(end[1] - target[1]) < 1e-9:
            return i
    raise ValueError(f"the outline does not pass through {target}")


def split_net(net: TuckBoxNet) -> tuple[NetPiece, NetPiece]:
    """The net in two pieces for two sheets, cut at the fold between the right side and the back: the
    first (glue tab, left side, front, right side, their flaps) with a second glue tab on the right side's
    free edge, the second (back, lid and its tongue). Glued, the tab lies under the back's left edge,
    its fold on that edge, so the box is the same as one cut from a single sheet."""
    bx0, by0, _bx1, by1 = net.panels["back"]
    i = _ends_at(net.start, net.outline, (bx0, by1))  # the right side's top dust flap meets the back
    j = _ends_at(net.start, net.outline, (bx0, by0))  # the back's bottom edge, back at the fold
    gx0, _gy0, gx1, _gy1 = net.panels["glue"]
    tab_w, chamfer = gx1 - gx0, net.glue_tab[1][1] - net.glue_tab[0][1]
    tab = ((bx0, by1), (bx0 + tab_w, by1 - chamfer), (bx0 + tab_w, by0 + chamfer), (bx0, by0))
    first_ops = net.outline[:i + 1] + tuple(Line(p) for p in tab[1:]) + net.outline[j + 1:]
    second_ops = net.outline[i + 1:j + 1] + (Line((bx0, by1)),)
    first_folds = tuple(f for f in net.folds if max(f[0][0], f[1][0]) <= bx0 + 1e-9)
    second_folds = tuple(f for f in net.folds if min(f[0][0], f[1][0]) >= bx0 - 1e-9
                         and not (abs(f[0][0] - bx0) < 1e-9 and abs(f[1][0] - bx0) < 1e-9))
    first = NetPiece("1 of 2", net.start, first_ops, first_folds, (net.glue_tab, tab),
                     _bounds(net.start, first_ops))
    second = NetPiece("2 of 2", (bx0, by1), second_ops, second_folds, (), _bounds((bx0, by1), second_ops))
    return first, second


def tuck_box_net(card_width_mm: float, card_height_mm: float, cards: int, card_thickness_mm: float = 0.3,
                 clearance_mm: float = 1.0) -> TuckBoxNet:
    """The net of a reverse tuck end box for `cards` cards of this size (see the module's notes).

    Raises ValueError when the deck is too thin to make a box of (under MIN_DEPTH_MM)."""
    W = card_width_mm + 2 * clearance_mm
    H = card_height_mm + 2 * clearance_mm
    D = round(cards * card_thickness_mm, 4)
    if D < MIN_DEPTH_MM:
        raise ValueError(f"{cards} cards of {card_thickness_mm:g} mm make a box {D:g} mm deep; "
                         f"a tuck box needs at least {MIN_DEPTH_MM:g} mm")
    glue = min(12.0, 0.25 * W)  # glued inside the back: any depth will do
    tongue = min(max(0.17 * H, 10.0), 18.0)  # tucks in far enough to hold, not so far it catches the cards
    dust = min(max(D, 8.0), W / 2 - 2.0)  # the two dust flaps under a lid meet short of each other
    taper = min(0.2 * D, 2.5)  # the dust flaps' edges lean in so they clear the lid and slide in
    notch = min(0.12 * W, 8.0)  # the thumb notch: a half circle in the front's top edge
    inset = 1.0  # a tongue is this much narrower each side than its flap, to slide past the sides
    radius = min(0.5 * tongue, 0.25 * W, 6.0)  # the tongues' rounded corners
    chamfer = min(0.6 * glue, 0.1 * H)  # the glue tab's cut-off ends

    x0, x1 = 0.0, glue
    x2 = x1 + D  # the front's left fold
    x3 = x2 + W  # the front's right fold
    x4 = x3 + D  # the back's left fold
    x5 = x4 + W  # the back's right edge
    yb0, yb1 = 0.0, tongue  # the bottom tongue's end, its fold
    yb2 = yb1 + D  # the body's bottom fold
    yt2 = yb2 + H  # the body's top
    yt1 = yt2 + D  # the lid's fold to its tongue
    yt0 = yt1 + tongue
    xc = (x2 + x3) / 2

    ops: list[PathOp] = []

    def line(x: float, y: float) -> None:
        ops.append(Line((x, y)))

    # clockwise, starting at the top of the glue tab's fold; first the top edge, left to right
    start = (x1, yt2)
    line(x1 + taper, yt2 + dust)  # the left side's top dust flap
    line(x2 - taper, yt2 + dust)
    line(x2, yt2)
    line(xc - notch, yt2)  # the front's top edge and its thumb notch
    ops.append(Arc((xc, yt2), notch, 180.0, 180.0))
    line(x3, yt2)
    line(x3 + taper, yt2 + dust)  # the right side's top dust flap
    line(x4 - taper, yt2 + dust)
    line(x4, yt2)
    line(x4, yt1)  # the lid's left edge, then its tongue
    line(x4 + inset, yt1)
    line(x4 + inset, yt0 - radius)
    ops.append(Arc((x4 + inset + radius, yt0 - radius), radius, 180.0, -90.0))
    line(x5 - inset - radius, yt0)
    ops.append(Arc((x5 - inset - radius, yt0 - radius), radius, 90.0, -90.0))
    line(x5 - inset, yt1)
    line(x5, yt1)
    line(x5, yb2)  # the back's right edge (the glue tab goes behind it)
    line(x4, yb2)  # the back's bottom edge
    line(x4 - taper, yb2 - dust)  # the right side's bottom dust flap
    line(x3 + taper, yb2 - dust)
    line(x3, yb2)
    line(x3, yb1)  # the bottom flap's right edge, then its tongue
    line(x3 - inset, yb1)
    line(x3 - inset, yb0 + radius)
    ops.append(Arc((x3 - inset - radius, yb0 + radius), radius, 0.0, -90.0))
    line(x2 + inset + radius, yb0)
    ops.append(Arc((x2 + inset + radius, yb0 + radius), radius, 270.0, -90.0))
    line(x2 + inset, yb1)
    line(x2, yb1)
    line(x2, yb2)
    line(x2 - taper, yb2 - dust)  # the left side's bottom dust flap
    line(x1 + taper, yb2 - dust)
    line(x1, yb2)
    line(x0, yb2 + chamfer)  # the glue tab
    line(x0, yt2 - chamfer)
    line(x1, yt2)

    folds = (
        ((x1, yb2), (x1, yt2)),  # glue tab | left side
        ((x2, yb2), (x2, yt2)),  # left side | front
        ((x3, yb2), (x3, yt2)),  # front | right side
        ((x4, yb2), (x4, yt2)),  # right side | back
        ((x1, yt2), (x2, yt2)),  # the dust flaps
        ((x3, yt2), (x4, yt2)),
        ((x1, yb2), (x2, yb2)),
        ((x3, yb2), (x4, yb2)),
        ((x4, yt2), (x5, yt2)),  # back | lid
        ((x4 + inset, yt1), (x5 - inset, yt1)),  # lid | its tongue
        ((x2, yb2), (x3, yb2)),  # front | bottom flap
        ((x2 + inset, yb1), (x3 - inset, yb1)),  # bottom flap | its tongue
    )
    panels = {
        "glue": (x0, yb2, x1, yt2),
        "left side": (x1, yb2, x2, yt2),
        "front": (x2, yb2, x3, yt2),
        "right side": (x3, yb2, x4, yt2),
        "back": (x4, yb2, x5, yt2),
        "lid": (x4, yt2, x5, yt1),
        "lid tongue": (x4 + inset, yt1, x5 - inset, yt0),
        "bottom flap": (x2, yb1, x3, yb2),
        "bottom tongue": (x2 + inset, yb0, x3 - inset, yb1),
        "left top dust flap": (x1, yt2, x2, yt2 + dust),
        "right top dust flap": (x3, yt2, x4, yt2 + dust),
        "left bottom dust flap": (x1, yb2 - dust, x2, yb2),
        "right bottom dust flap": (x3, yb2 - dust, x4, yb2),
    }
    return TuckBoxNet(
        width_mm=W, height_mm=H, depth_mm=D, cards=cards, start=start, outline=tuple(ops), folds=folds,
        panels=panels, size_mm=(x5, yt0), notch_mm=notch,
        glue_tab=((x1, yb2), (x0, yb2 + chamfer), (x0, yt2 - chamfer), (x1, yt2)),
    )
