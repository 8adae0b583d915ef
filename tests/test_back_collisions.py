"""No collisions on a back (issue 32): a text plate and the pattern's centre motifs (the medallion,
the small ornaments up and down the long axis) never overlap; a motif a plate would cover gives
way to it. Measured on the drawn pixels: the motifs are what the pattern drawn with them has and
the same pattern drawn without them lacks.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from deckgen.config import demo_config
from deckgen.render.backs import back_box, back_layers, pattern_geometry, supersampling
from deckgen.render.backtext import _tile_box
from deckgen.render.patterns import draw_pattern, record_pattern
from deckgen.resolve import resolve_design
from deckgen.themes import template_names, theme_names

DPI = 100
#: The text where the wedding buyer put it: centred (position unset), and where the commented
#: deck.toml suggests, low on the card and repeated upside down.
PLACES = {"centre": {}, "low, mirrored": {"position": [0.5, 0.85], "mirror": True}}


def _design(template: str, theme: str, text: dict):
    back = {"template": template, "text": [{"content": "Anna & Ben, 12 June 2027", **text}]}
    return resolve_design(demo_config(overrides={"dpi": DPI, "theme": theme, "back": back}))


def _motifs(design) -> np.ndarray:
    """Where the centre motifs are drawn on the design's back (the box's pixels), with its plates."""
    spec = design.back_for(1)
    box = back_box(design)
    corner = design.card.corner_radius_mm
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, texts = back_layers(design.source, spec, box, corner, design.card.safe_mm, warn=False)
    ss = supersampling(box.dpi)
    plates = tuple(_tile_box(t) for t in texts)
    geo = pattern_geometry(box, corner)
    scaled = tuple((p[0] * ss, p[1] * ss, p[2] * ss, p[3] * ss) for p in plates)
    drawn = draw_pattern(spec.template.pattern, geo, spec.template.params, spec.colours, spec.ornament, clear_of=scaled)
    bare = draw_pattern(spec.template.pattern, geo, spec.template.params, spec.colours, spec.ornament, medallion_mm=0)
    differs = np.any(np.asarray(drawn) != np.asarray(bare), axis=2)
    return differs.reshape(box.height_px, ss, box.width_px, ss).any(axis=(1, 3)), plates


@pytest.mark.parametrize("place", list(PLACES))
@pytest.mark.parametrize("theme", theme_names())
def test_no_centre_motif_shows_under_or_round_a_text_plate(theme, place):
    for template in template_names():
        design = _design(template, theme, PLACES[place])
        motifs, plates = _motifs(design)
        assert plates, (template, theme)
        grow = round(0.3 * DPI / 25.4)
        for x0, y0, x1, y1 in plates:
            under = motifs[max(0, y0 - grow):y1 + grow, max(0, x0 - grow):x1 + grow]
            assert not under.any(), (template, theme, place, (x0, y0, x1, y1))


def test_the_wedding_back_s_centred_text_takes_the_medallion_s_place():
    """The issue's back: only `content` set on the wedding theme. The medallion (its rim stuck out
    above and below the plate) is left out; without the text it is there; the print-shop file's vector
    back leaves it out too."""
    with_text = _design("classic", "wedding", {})
    motifs, plates = _motifs(with_text)
    (x0, y0, x1, y1), = plates
    assert not motifs[y0:y1, x0:x1].any()
    alone = resolve_design(demo_config(overrides={"dpi": DPI, "theme": "wedding", "back": {"template": "classic"}}))
    spec = alone.back_for(1)
    box = back_box(alone)
    geo = pattern_geometry(box, alone.card.corner_radius_mm)
    full = np.asarray(draw_pattern(spec.template.pattern, geo, spec.template.params, spec.colours, spec.ornament))
    bare = np.asarray(draw_pattern(spec.template.pattern, geo, spec.template.params, spec.colours, spec.ornament,
                                   medallion_mm=0))
    cy, cx = geo.centre[1], geo.centre[0]
    assert np.any(full[round(cy), round(cx)] != bare[round(cy), round(cx)])  # the medallion, without the text
    # the print-shop file's vector back records the same: the medallion's shapes give way to the plate
    ss = supersampling(box.dpi)
    scaled = tuple((p[0] * ss, p[1] * ss, p[2] * ss, p[3] * ss) for p in plates)
    kept = record_pattern(spec.template.pattern, geo, spec.template.params, spec.colours, spec.ornament, clear_of=scaled)
    every = record_pattern(spec.template.pattern, geo, spec.template.params, spec.colours, spec.ornament)
    assert len(kept) < len(every)
