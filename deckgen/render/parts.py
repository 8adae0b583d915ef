"""Layout as data: the boxes of the parts a renderer places (a back's text plates, picture and
medallion; the lid's words, ornament and picture; the tuck box's label, picture and names; a
card's caption, index plates and rules), so that what touches what can be measured without
looking at pixels.

Two parts collide when their boxes share area. A template may say that two kinds of part lie
on one another on purpose (a back's words on their plate over its photo): its `layering`, pairs
of kinds; every other overlap is a fault.

>>> a = Part("text", "back.text[0]", (10, 10, 50, 20))
>>> b = Part("medallion", "medallion", (40, 15, 60, 40))
>>> [(x.name, y.name) for x, y in collisions([a, b])]
[('back.text[0]', 'medallion')]
>>> collisions([a, b], layering=(("medallion", "text"),))
[]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["PART_KINDS", "Part", "collisions", "layering_pairs", "overlap_area"]

Box = tuple[float, float, float, float]

#: The kinds of part the renderers report, and that a template's `layering` may name.
PART_KINDS = (
    "text",        # words on their plate (a back's [[back.text]], the lid's title, subtitle and games, a side's name)
    "caption",     # a card's caption plate
    "picture",     # the user's photo as placed (with its frame rule)
    "band",        # the rules between a mirrored picture's halves
    "medallion",   # the round plaque in the middle of a back
    "ornament",    # a smaller motif: the axis ornaments, the lid's ornament
    "corner",      # a corner ornament of a frame (the classic's fleurons, the border's diamonds)
    "rule",        # a drawn rule: the lid's rule under the title, a card's gold rules
    "index",       # a card's corner index plate
    "label",       # the lid's label on the tuck box's front
    "frame",       # the frame's lines, where a pattern has them
)


@dataclass(frozen=True)
class Part:
    """One placed part: its kind (one of PART_KINDS), a name saying which (`back.text[1]`,
    `medallion`, `tin.title`), and its box (left, top, right, bottom) in the pixels (or the mm)
    of the picture it is placed on."""

    kind: str
    name: str
    box: Box

    def __post_init__(self) -> None:
        if self.kind not in PART_KINDS:
            raise ValueError(f"unknown part kind {self.kind!r}")


def overlap_area(a: Box, b: Box) -> float:
    """The area two boxes share (0 when they only touch or are apart)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def layering_pairs(layering: Iterable[Sequence[str]]) -> frozenset[frozenset[str]]:
    """A template's layering (pairs of kinds) as a set of unordered pairs."""
    return frozenset(frozenset(pair) for pair in layering)


def collisions(parts: Sequence[Part], layering: Iterable[Sequence[str]] = (),
               slack: float = 0.0) -> list[tuple[Part, Part]]:
    """The pairs of parts whose boxes share more than `slack` of area (each pair once, in the
    parts' order), leaving out the pairs of kinds `layering` allows to lie on one another."""
    allowed = layering_pairs(layering)
    out: list[tuple[Part, Part]] = []
    for i, a in enumerate(parts):
        for b in parts[i + 1:]:
            if frozenset((a.kind, b.kind)) in allowed:
                continue
            if overlap_area(a.box, b.box) > slack:
                out.append((a, b))
    return out
