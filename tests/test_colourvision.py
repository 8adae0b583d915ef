"""The colour-vision check: every pair of suits stays apart under simulated protanopia, deuteranopia and
tritanopia (Machado et al. 2009), on every shipped theme and palette, and a deck's own colours that do not
are warned about by the build (a Warned event naming the colours)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import deckgen
from deckgen.cards import Suit
from deckgen.colourvision import (
    COLOUR_APART, DEFICIENCIES, SHAPE_APART, check_suits, delta_e_2000, face_colour_problems, lid_colour_problems,
    simulate, to_lab,
)
from deckgen.config import DeckConfig, demo_config
from deckgen.pipeline import Warned
from deckgen.resolve import resolve_design
from deckgen.themes import get_palette, palette_names, theme_names

#: Sharma, Wu and Dalal (2005), Table 1: CIELAB pairs and their CIEDE2000 difference (a few of the 34).
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 3.1571, -77.2803), (50.0, 0.0, -82.7485), 2.8615),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0011), 7.2195),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (61.0, -5.0, 29.0), 22.8977),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
    ((90.8027, -2.0831, 1.441), (91.1528, -1.6435, 0.0447), 1.4441),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize(("lab1", "lab2", "expected"), SHARMA)
def test_ciede2000_gives_sharma_s_published_differences(lab1, lab2, expected):
    assert delta_e_2000(np.array(lab1), np.array(lab2)) == pytest.approx(expected, abs=1e-4)


def test_lab_and_ciede2000_agree_with_scikit_image():
    skimage = pytest.importorskip("skimage.color")
    rng = np.random.default_rng(34)
    for _ in range(40):
        a, b = rng.integers(0, 256, 3), rng.integers(0, 256, 3)
        hexes = ["#%02x%02x%02x" % tuple(int(v) for v in c) for c in (a, b)]
        labs = [to_lab(simulate(h, None)) for h in hexes]
        theirs = [skimage.rgb2lab(np.array([[c / 255.0]]))[0, 0] for c in (a, b)]
        assert np.allclose(labs, theirs, atol=0.05)
        assert delta_e_2000(*labs) == pytest.approx(float(skimage.deltaE_ciede2000(*theirs)), abs=0.01)


def test_the_simulation_is_machado_s():
    """Greys stay grey under each dichromacy (each matrix row sums to 1); red and green become one colour
    under deuteranopia and protanopia, blue and green nearly one under tritanopia."""
    for matrix in DEFICIENCIES.values():
        assert np.allclose(matrix.sum(axis=1), 1.0, atol=1e-3)
    red, green = "#d62728", "#2ca02c"
    lab = {d: [to_lab(simulate(c, d)) for c in (red, green)] for d in DEFICIENCIES}
    assert delta_e_2000(*lab["deuteranopia"]) < 10 and delta_e_2000(*[to_lab(simulate(c, None)) for c in (red, green)]) > 50
    assert check_suits({"hearts": "#c8102e", "clubs": "#1a7f37"}, "#fffdf8")  # deckgen's four colours until now
    assert check_suits({"spades": "#777777"}, "#7a7a7a")[0].startswith("spades #777777 fades into the paper")


@pytest.mark.parametrize("theme", theme_names())
@pytest.mark.parametrize("four", [False, True])
def test_every_shipped_theme_keeps_its_suits_apart(theme, four):
    """The faces (two or four colours) and the lid's suits ornament on the theme's lid paper."""
    design = resolve_design(DeckConfig.model_validate({"theme": theme, "colours": {"four_colour": four},
                                                       "tin": {"ornament": "suits"}, "base_dir": Path.cwd()}))
    assert face_colour_problems(design) == []
    assert lid_colour_problems(design) == []
    inks = {design.faces.ink.suit(s) for s in Suit}
    assert len(inks) == (4 if four else 2)


@pytest.mark.parametrize("palette", palette_names())
def test_every_shipped_palette_keeps_the_suits_apart(palette):
    """The deck's red and black suits as the lid's suits ornament draws them on the palette's paper."""
    p = get_palette(palette)
    default = DeckConfig.model_validate({"base_dir": Path.cwd()}).colours
    assert check_suits({"spades": default.black, "hearts": default.red}, p.paper) == []
    design = resolve_design(DeckConfig.model_validate({"tin": {"palette": palette, "ornament": "suits"},
                                                       "base_dir": Path.cwd()}))
    assert lid_colour_problems(design) == []


def test_the_thresholds_are_the_documented_ones():
    assert (COLOUR_APART, SHAPE_APART) == (12.0, 20.0)


def test_the_faces_step_warns_of_a_decks_own_colours(tmp_path):
    """Drawing the faces (one here) warns with a ColourVisionWarning, the class the build turns into a
    Warned event (the whole build: the extended test below)."""
    from deckgen.colourvision import ColourVisionWarning
    from deckgen.render.facebuild import build_faces

    design = resolve_design(demo_config(overrides={"dpi": 72, "colours": {"four_colour": True, "clubs": "#2e7d32",
                                                                          "red": "#c62828"}}))
    with pytest.warns(ColourVisionWarning) as caught:
        build_faces(design, tmp_path, jobs=1, codes={"2C"}, review=False)
    assert any("hearts #c62828 and clubs #2e7d32 look alike under deuteranopia" in str(w.message) for w in caught)
    assert issubclass(ColourVisionWarning, UserWarning)  # what deckgen.pipeline sends as Warned


@pytest.mark.extended
def test_a_decks_own_colours_that_fail_are_warned_by_the_build(tmp_path):
    """A four-colour deck with the common red and green: the build's Warned events name the colours and
    the keys, once each, and the build still finishes."""
    design = resolve_design(demo_config(overrides={
        "dpi": 72, "profile": "euchre-24",
        "colours": {"four_colour": True, "clubs": "#2e7d32", "red": "#c62828"},
        "tin": {"ornament": "suits"}, "booklet": {"games": ["old-maid"]}}))
    events = list(deckgen.build(design, tmp_path / "out"))
    said = [e.message for e in events if isinstance(e, Warned)]
    # the faces step says it; the lid's suits are in black and red only, which stay apart
    assert {e.step for e in events if isinstance(e, Warned) and "colour vision" in e.message} == {"faces"}
    colour = [t for t in said if "colour vision" in t]
    assert any("hearts #c62828 and clubs #2e7d32 look alike under deuteranopia" in t for t in colour), said
    assert all("colours.clubs" in t and "colours.red" in t for t in colour if "#2e7d32" in t)
    assert len(colour) == len(set(colour))
    ok = resolve_design(demo_config(overrides={"dpi": 72, "profile": "euchre-24", "booklet": {"games": ["old-maid"]}}))
    assert face_colour_problems(ok) == [] and lid_colour_problems(ok) == []


def test_a_lid_whose_suits_fail_is_warned_by_its_step(tmp_path):
    """A dark red beside the black: under protanopia the hearts on the lid's suits ornament look black."""
    from deckgen.colourvision import ColourVisionWarning
    from deckgen.render.tin import build_lid

    design = resolve_design(demo_config(overrides={"dpi": 72, "colours": {"red": "#402020"},
                                                   "tin": {"ornament": "suits", "dpi": 72}}))
    with pytest.warns(ColourVisionWarning) as caught:
        build_lid(design, tmp_path)
    said = [str(w.message) for w in caught]
    assert any('tin.ornament = "suits"' in t and "#402020" in t and "protanopia" in t for t in said), said
