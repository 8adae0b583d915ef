"""Where things go on a face, in mm, derived from the card format: indices, court frame, pips.

The face was drawn first for the 59 x 91 mm skat card; its numbers (a 4.4 mm
rank, a frame 42 mm wide, pips 9.4 mm tall 12.3 mm either side of the middle)
are kept below as the *reference*. Any other format gets its layout from its
own size and safe margin by a few rules, not from numbers tuned per format:

- the lettering (rank, suit sign, captions) scales with the card, its rank
  never below `MIN_RANK_CAP` (4 mm, legible on a 44 x 63 mm mini card);
- the index column starts at the safe margin, and the court frame stands
  beside it with `INDEX_AIR` (1.6 mm) of paper between the column and the
  frame's rule, as on printed decks, where the index has a column of its own
  (more on a card whose lettering is larger than skat's, never less);
- the pip columns spread with the frame's width and the pip rows with its
  height, so a long card (tarot) keeps the traditional columns and spreads
  its rows; the pips themselves keep their shape, sized by the tighter of the
  two;
- the drawn courts and ornaments scale with the pips, standing on the divider;
  where the frame is taller than that scale fills (tarot: the pictures are
  sized by the frame's width), the court's robe is drawn longer by the
  difference, so its head still sits under the frame's top as on skat; where
  it is relatively wider (poker, jumbo), the robe's sleeves are drawn wider out
  to the frame's sides.

For the skat card the lettering's scale is exactly 1.0. Its frame is narrower
than the reference's 42 mm by the index's air (39.8 mm), so its pictures are
drawn at 39.8 / 42 of the reference numbers and its courts' robes a little
longer, as on any card whose frame is relatively taller than the reference.

>>> from deckgen.design import CardFormat, IndexDesign
>>> skat = FaceLayout.for_format(CardFormat())
>>> skat.frame, skat.index_rank_cap, skat.pip_top, round(skat.pip_h, 2)
((9.6, 4.5, 49.4, 86.5), 4.4, 16.8, 8.91)
>>> mini = FaceLayout.for_format(CardFormat(44.0, 63.0, 3.0, 3.0, 3.0, name="mini"))
>>> mini.index_rank_cap, round(mini.pip_h, 2), round(mini.frame[0], 2)
(4.0, 6.16, 8.24)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from deckgen.design import CardFormat, IndexDesign

__all__ = ["INDEX_AIR", "FaceLayout", "LARGE_INDEX", "MIN_RANK_CAP", "REFERENCE"]

#: The card the reference numbers were drawn for (mm).
REFERENCE = (59.0, 91.0)
#: The reference index: rank capitals, the column's width, its gap under the safe line and above
#: the suit sign, the suit sign's height.
REF_RANK_CAP = 4.4
REF_INDEX_W = 4.0
REF_INDEX_PAD = 0.5
REF_INDEX_GAP = 0.9
REF_SUIT_H = 3.5
#: The paper between the index column and the court frame's rule (mm): the index reads as a
#: column of its own, not as a label stuck to the frame. Scaled up with lettering larger than
#: skat's, never down: 1.6 mm still measures 1.5 mm on the pixels after antialiasing.
INDEX_AIR = 1.6
#: The reference court frame (42 mm wide) and its half height from its top to the divider (41 mm).
REF_FRAME_W = 42.0
REF_FRAME_H = 82.0
REF_FIGURE_H = 41.0
#: The reference pips: height, the columns either side of the middle, the top row below the frame's
#: top, the ace's single pip.
REF_PIP_H = 9.4
REF_PIP_DX = 12.3
REF_PIP_ROW = 12.3
REF_ACE_H = 22.0
#: The large index ([faces] index = "large"), against the standard one: its rank, suit sign and
#: column, as low-vision packs set theirs (the issue asks at least 1.6 times the rank's height).
LARGE_INDEX = 1.7
#: The smallest rank an index is set in, in mm of capital height, whatever the card's size.
MIN_RANK_CAP = 4.0


@dataclass(frozen=True)
class FaceLayout:
    """The face's geometry in card mm (from the trim's top-left corner, y down).

    `ki` is the scale of the lettering against the reference card, `kp` that of the pictures
    (pips, the ace, the drawn figures, the frame's rules); both are 1.0 for skat. `kix` is the
    index's own scale: `ki` for the standard index, larger for the large one."""

    width: float
    height: float
    safe: float
    corner: float
    ki: float
    kp: float
    frame: tuple[float, float, float, float]
    index_max_w: float
    index_x: float
    index_top: float
    index_rank_cap: float
    index_gap: float
    index_suit_h: float
    pip_h: float
    pip_dx: float
    pip_top: float
    pip_bottom: float
    ace_pip_h: float
    #: Where the drawn court's (0, 0) goes (the middle of the frame's top) and its scale.
    figure_origin: tuple[float, float]
    figure_scale: float
    #: How much longer (in the figure's own mm) the court's body is drawn than on the reference
    #: card, to reach from under the frame's top to the divider: 0 unless the frame is
    #: relatively taller than the reference one (tarot).
    figure_taller: float = 0.0
    #: How much wider each side the court's robe is drawn, out to the frame's sides: 0 unless the
    #: frame is relatively wider than the reference one (poker, jumbo).
    figure_wider: float = 0.0
    kix: float = 1.0
    #: What the index prints (the deck's letters, its style).
    index: IndexDesign = IndexDesign()

    @property
    def mid_x(self) -> float:
        return self.width / 2

    @property
    def mid_y(self) -> float:
        return self.height / 2

    @property
    def frame_w(self) -> float:
        return self.frame[2] - self.frame[0]

    @property
    def safe_box(self) -> tuple[float, float, float, float]:
        """The safe zone: what must survive a cut that wanders."""
        return (self.safe, self.safe, self.width - self.safe, self.height - self.safe)

    def turned(self, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """A box after the card's half turn."""
        return (self.width - box[2], self.height - box[3], self.width - box[0], self.height - box[1])

    @staticmethod
    @lru_cache(maxsize=64)
    def for_format(card: CardFormat, index: IndexDesign = IndexDesign(), index_widen: float = 1.0) -> FaceLayout:
        """The layout of a face of this format (the DPI does not change it) with this index: the
        large one is LARGE_INDEX times the standard one (its rank, suit sign and column);
        `index_widen` widens the column for labels wider than a 10 (Swedish Kn), which then fit as
        a 10 fits (render/indexlabels.py measures it)."""
        index_scale = LARGE_INDEX if index.style == "large" else 1.0
        w, h, safe = card.width_mm, card.height_mm, card.safe_mm
        size = min(w / REFERENCE[0], h / REFERENCE[1])
        cap = max(REF_RANK_CAP * size, MIN_RANK_CAP)
        ki = cap / REF_RANK_CAP
        kix = ki * index_scale
        index_w = REF_INDEX_W * kix * index_widen
        top = safe + REF_INDEX_PAD * ki
        x0 = safe + index_w + INDEX_AIR * max(kix, 1.0)
        frame = (x0, top, w - x0, h - top)
        kh = (w - 2 * x0) / REF_FRAME_W
        kv = (h - 2 * top) / REF_FRAME_H
        kp = min(kh, kv)
        pip_top = top + REF_PIP_ROW * kv
        if index_scale > 1.0:
            # a large index's suit sign would stand level with the top row of pips, as large as one and
            # read as a pip: the rows start below the sign (the field a little shorter)
            sign_bottom = top + (REF_RANK_CAP + REF_INDEX_GAP + REF_SUIT_H) * kix
            pip_top = max(pip_top, sign_bottom + 0.25 * REF_PIP_H * kp)
        # the frame's half height and half width in figure mm, beyond the reference figure's (both 0
        # on skat, to the bit): the figure is sized by the tighter of the two, and fills the other
        taller = max(0.0, (h / 2 - top) / kp - REF_FIGURE_H) if kv > kh else 0.0
        wider = max(0.0, (w / 2 - x0) / kp - REF_FRAME_W / 2) if kh > kv else 0.0
        return FaceLayout(
            width=w,
            height=h,
            safe=safe,
            corner=card.corner_radius_mm,
            ki=ki,
            kp=kp,
            frame=frame,
            index_max_w=index_w,
            index_x=safe + index_w / 2,
            index_top=top,
            index_rank_cap=cap * index_scale,
            index_gap=REF_INDEX_GAP * kix,
            index_suit_h=REF_SUIT_H * kix,
            pip_h=REF_PIP_H * kp,
            pip_dx=REF_PIP_DX * kh,
            pip_top=pip_top,
            pip_bottom=h - pip_top,
            ace_pip_h=REF_ACE_H * kp,
            figure_origin=(w / 2, h / 2 - (REF_FIGURE_H + taller) * kp),
            figure_scale=kp,
            figure_taller=taller,
            figure_wider=wider,
            kix=kix,
            index=index,
        )
