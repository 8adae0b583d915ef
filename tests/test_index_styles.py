"""The accessible indices: [faces] index = "large" (read at arm's length) and "numeric" (1, 11, 12, 13
under the letters), with four colours or without, measured on the pixels of every format's faces."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from deckgen.cards import parse_card
from deckgen.colour import rgb
from deckgen.config import DeckConfig
from deckgen.design import Design
from deckgen.formats import format_names
from deckgen.render.facelayout import LARGE_INDEX
from deckgen.render.faces import render_face
from deckgen.render.indexlabels import face_layout, index_bottom_mm, number_top_mm
from deckgen.resolve import resolve_design

DPI = 150
PAPER = (0xFF, 0xFD, 0xF8)


@lru_cache(maxsize=None)
def design(fmt: str, index: str = "standard", four: bool = False, language: str = "en") -> Design:
    return resolve_design(DeckConfig.model_validate({
        "card": {"format": fmt}, "dpi": DPI, "faces": {"index": index}, "colours": {"four_colour": four},
        "language": language, "base_dir": Path.cwd()}))


def ink(image: Image.Image) -> np.ndarray:
    return np.abs(np.asarray(image.convert("RGB")).astype(int) - np.array(PAPER)).sum(axis=2) > 60


def rank_height_mm(d: Design, code: str = "KS") -> float:
    """The rank's height on the pixels: the first run of inked rows in the index column."""
    lay = face_layout(d)
    k, bleed = DPI / 25.4, d.card.box().bleed_px
    face = render_face(d, parse_card(code))
    column = ink(face)[:, round(bleed + lay.safe * k): round(bleed + (lay.safe + lay.index_max_w) * k)]
    rows = np.nonzero(column[: round(bleed + (lay.index_top + lay.index_rank_cap + lay.index_gap) * k)].any(axis=1))[0]
    runs = np.split(rows, np.nonzero(np.diff(rows) > 1)[0] + 1)
    return (runs[0][-1] - runs[0][0] + 1) / k


@pytest.mark.parametrize("fmt", format_names())
def test_the_large_rank_is_at_least_1_6_times_the_standard_one_on_every_format(fmt):
    for code in ("KS", "10H", "QD"):
        standard, large = rank_height_mm(design(fmt), code), rank_height_mm(design(fmt, "large"), code)
        assert large >= 1.6 * standard, (fmt, code, standard, large)
    assert LARGE_INDEX >= 1.6


@pytest.mark.parametrize("fmt", format_names())
@pytest.mark.parametrize("index", ["large", "numeric"])
def test_the_index_stays_in_the_safe_zone_and_clear_of_the_picture(fmt, index):
    """Every face's ink inside the safe zone; beside a court's frame the index keeps its air (no ink in
    the strip between the column and the frame's rule, over the whole index); the top pips of a pip
    card stand lower than the large index's sign; a joker's word and star end above the card's middle."""
    d = design(fmt, index, four=True)
    lay = face_layout(d)
    k, bleed = DPI / 25.4, d.card.box().bleed_px
    w, h = d.card.box().size
    inner = (round(bleed + (lay.safe - 0.3) * k), round(bleed + (lay.safe - 0.3) * k),
             w - round(bleed + (lay.safe - 0.3) * k), h - round(bleed + (lay.safe - 0.3) * k))
    for code in ("KH", "QS", "JD", "JK1", "10C", "AS", "9D"):
        card = parse_card(code)
        seen = ink(render_face(d, card))
        outside = seen.copy()
        outside[inner[1]: inner[3], inner[0]: inner[2]] = False
        assert not outside.any(), (fmt, index, code, "ink outside the safe zone")
        bottom = index_bottom_mm(lay, card)
        assert bottom < lay.mid_y, (code, bottom)
        # the strip between the index column and the frame: paper over the index's whole height
        strip = seen[round(bleed + lay.index_top * k): round(bleed + bottom * k),
                     round(bleed + (lay.safe + lay.index_max_w + 0.35) * k): round(bleed + (lay.frame[0] - 0.35) * k)]
        if card.rank is not None and card.rank.is_court or card.is_joker:
            assert not strip.any(), (fmt, index, code, "the index runs into the frame")
    if index == "large":
        sign_bottom = lay.index_top + lay.index_rank_cap + lay.index_gap + lay.index_suit_h
        assert lay.pip_top > sign_bottom  # the top pips' middle below the sign: not read as a row with it


@pytest.mark.parametrize("fmt", ["skat", "mini"])
def test_a_numeric_index_prints_the_number_under_the_sign(fmt):
    """K: 13 under the suit sign, Q 12, J 11, A 1; a 7 has no number (its rank is one); a French ace,
    printed 1, no second 1."""
    d = design(fmt, "numeric")
    lay = face_layout(d)
    k, bleed = DPI / 25.4, d.card.box().bleed_px

    def below_sign(code: str, deck: Design = d) -> int:
        top = number_top_mm(lay, parse_card(code)) or (lay.index_top + lay.index_rank_cap + lay.index_gap
                                                        + lay.index_suit_h + lay.index_gap)
        face = ink(render_face(deck, parse_card(code)))
        window = face[round(bleed + (top - 0.2) * k): round(bleed + (top + 0.6 * lay.index_rank_cap) * k),
                      round(bleed + lay.safe * k): round(bleed + (lay.safe + lay.index_max_w) * k)]
        return int(window.sum())

    for code in ("KS", "QH", "JD", "AC"):
        assert below_sign(code) > 10, code
    assert below_sign("7S") == 0
    french = design(fmt, "numeric", language="fr")
    assert french.faces.index.number(parse_card("AS").rank) is None  # type: ignore[arg-type]
    assert french.faces.index.number(parse_card("KS").rank) == "13"  # type: ignore[arg-type]


def test_large_and_numeric_go_with_four_colours():
    d = design("skat", "large", four=True)
    lay = face_layout(d)
    k, bleed = DPI / 25.4, d.card.box().bleed_px
    face = np.asarray(render_face(d, parse_card("KC")).convert("RGB")).astype(int)
    column = face[round(bleed + lay.index_top * k): round(bleed + (lay.index_top + lay.index_rank_cap) * k),
                  round(bleed + lay.safe * k): round(bleed + (lay.safe + lay.index_max_w) * k)]
    green = np.array(rgb(d.faces.ink.clubs))
    assert (np.abs(column - green).sum(axis=2) < 30).sum() > 20  # the club's rank in the clubs' green
