"""The corner index's geometry: what it prints (the deck's letters in its language, a joker's
word, the numbers of a numeric index), how wide its column is laid out and where it ends.

The design's `IndexDesign` says the letters and the style; `facedraw.draw_index` sets them in
the index column of `FaceLayout` as this module places them: rank over suit sign, and on a
numeric index the rank's number (1, 11, 12, 13) under the sign. The column is as wide as the
standard one unless a label of the deck's is wider than a 10 (Swedish Kn): then it is widened
so that label fits as a 10 fits (measured on the index face's glyphs).

>>> from deckgen.config import demo_config
>>> from deckgen.resolve import resolve_design
>>> deck = demo_config()
>>> column_widening(resolve_design(deck))
1.0
>>> deck.language = "sv"
>>> round(column_widening(resolve_design(deck)), 2)
1.07
"""

from __future__ import annotations

import os
from functools import lru_cache

from PIL import ImageFont

from deckgen.cards import Card
from deckgen.design import Design, IndexDesign
from deckgen.render.facelayout import FaceLayout
from deckgen.render.fonts import font_file

__all__ = ["INDEX_SQUEEZE", "JOKER_INDEX_CAP", "JOKER_INDEX_STEP", "NUMBER_CAP", "column_widening", "face_layout",
           "index_bottom_mm", "joker_scale", "label_of", "number_top_mm", "tracking"]

#: How far a rank may be squeezed sideways to fit the column (a 10 needs more than a letter).
INDEX_SQUEEZE = 0.55
#: The joker's index, its word down the column, on the reference card (scaled like the rank).
JOKER_INDEX_CAP = 2.6
JOKER_INDEX_STEP = JOKER_INDEX_CAP + 0.75
#: A numeric index's number under the suit sign, in rank heights.
NUMBER_CAP = 0.55
#: Letters whose ink reaches below the baseline in the index face (a Q's tail, a J's hook).
_DESCENDERS = frozenset("QJgjpqy")
#: The label the standard column is drawn for.
_REFERENCE_LABEL = "10"
_MEASURE_SIZE = 200


def label_of(index: IndexDesign, card: Card) -> str:
    """What the index of a (non-joker) card prints: the deck's letter or the number."""
    assert card.rank is not None
    return index.label(card.rank)


def tracking(label: str) -> float:
    """Two characters are set tight (a 10's digits nearly touch, as on printed cards)."""
    return -0.06 if len(label) > 1 else 0.0


@lru_cache(maxsize=64)
def _widening(font: str, stamp: tuple[int, int], labels: tuple[str, ...]) -> float:
    face = ImageFont.truetype(font, _MEASURE_SIZE)
    left, top, right, bottom = face.getbbox("H", anchor="ls")
    cap = bottom - top  # the capitals' height, which the index's tracking is given in

    def width(label: str) -> float:
        """The ink's width, letter after letter as text_mask sets them (advance plus tracking)."""
        x, first, last = 0.0, None, 0.0
        for ch in label:
            l, _t, r, _b = face.getbbox(ch, anchor="ls")
            first = x + l if first is None else first
            last = x + r
            x += face.getlength(ch) + tracking(label) * cap
        return last - (first or 0.0)

    return max(1.0, max(width(label) for label in labels) / width(_REFERENCE_LABEL))


def column_widening(design: Design) -> float:
    """How much wider than the standard column the deck's widest label needs (1.0: a 10 is the widest)."""
    index = design.faces.index
    labels = index.labels
    if all(len(label) == 1 for label in labels if label != _REFERENCE_LABEL):
        return 1.0  # one letter is never wider than a 10 squeezed (the widest capital, W, is 0.9 of it)
    # measured once per font file (as it is now: `serve` sees a font replaced) and labels
    font = font_file(design, "index")
    try:
        info = os.stat(font)
        stamp = (info.st_mtime_ns, info.st_size)
    except OSError:
        stamp = (0, 0)  # missing: load_font says so, naming deck.toml's key
    return _widening(str(font), stamp, labels)


def face_layout(design: Design) -> FaceLayout:
    """The layout of the deck's faces: its format, with the index its letters and style need."""
    return FaceLayout.for_format(design.card, design.faces.index, column_widening(design))


#: The joker's column (its word and star), in reference mm past the last letter's step.
_JOKER_STAR = 2.7


def joker_scale(lay: FaceLayout, top_mm: float) -> float:
    """The scale of a joker's word: the index's, unless the word and its star would reach the
    card's middle (a large index on a small card), where the half turn would cut them."""
    room = lay.mid_y - 1.0 * lay.ki - top_mm
    return min(lay.kix, room / (len(lay.index.joker) * JOKER_INDEX_STEP + _JOKER_STAR))


def _tail(lay: FaceLayout, card: Card) -> float:
    """Room for a label's descender (a Q's tail) between the rank and the sign."""
    return 1.1 * lay.kix if any(ch in _DESCENDERS for ch in label_of(lay.index, card)) else 0.0


def number_top_mm(lay: FaceLayout, card: Card, top_mm: float | None = None) -> float | None:
    """Where a numeric index's number starts (None: the card has none)."""
    if card.is_joker or card.rank is None or lay.index.number(card.rank) is None:
        return None
    top_mm = lay.index_top if top_mm is None else top_mm
    return top_mm + lay.index_rank_cap + lay.index_gap + _tail(lay, card) + lay.index_suit_h + lay.index_gap


def index_bottom_mm(lay: FaceLayout, card: Card, top_mm: float | None = None) -> float:
    """Where the index ends, for the plate behind it on photo cards."""
    top_mm = lay.index_top if top_mm is None else top_mm
    if card.is_joker:
        return top_mm + (len(lay.index.joker) * JOKER_INDEX_STEP + _JOKER_STAR) * joker_scale(lay, top_mm)
    number = number_top_mm(lay, card, top_mm)
    if number is not None:
        return number + NUMBER_CAP * lay.index_rank_cap * 1.15
    return top_mm + lay.index_rank_cap + lay.index_gap + lay.index_suit_h + _tail(lay, card)

