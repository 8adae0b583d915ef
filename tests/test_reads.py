"""What each part of a build reads (deckgen.reads): the build's keys and the preview's signatures agree.

Both take a part's narrow view of the design from `reads`, so for every edit a person makes, a part
the build redraws is a part the preview redraws, and the other way round. Renaming the deck redraws
the ace of spades (it shows the name) and no other face; the pixels of the other faces prove that
leaving the name out of their view is right.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from deckgen.buildcache import unit_keys
from deckgen.cards import parse_card
from deckgen.config import demo_config
from deckgen.design import Design
from deckgen.reads import NAME_CARDS
from deckgen.render.faces import render_face
from deckgen.resolve import resolve_design
from deckgen.serve.preview import back_signature, box_signature, face_signature, lid_signature
from photo_samples import astronaut


def _design(tmp_path: Path, **overrides: object) -> Design:
    return resolve_design(demo_config(tmp_path, overrides=dict(overrides)))


def _preview(design: Design) -> dict[str, str]:
    """The preview's signature of each part, named as the build names its units."""
    out = {f"face:{c.code}": face_signature(design, c) for c in design.profile.unique_cards()}
    out["backs"] = repr([back_signature(design, which) for which in range(1, len(design.backs) + 1)])
    out["tin lid"] = lid_signature(design)
    out["tuck box"] = box_signature(design)
    return out


def _changed(a: dict[str, str], b: dict[str, str]) -> set[str]:
    return {k for k in a if k in b and a[k] != b[k]}


EDITS = {
    "the deck's name": {"name": "Ana & Ben"},
    "the red ink": {"colours": {"red": "#a00000"}},
    "a back's palette": {"back": {"palette": "felt"}},
    "the lid's title": {"tin": {"title": "Our deck"}},
    "the box's card thickness": {"box": {"kind": "tuck", "card_thickness_mm": 0.35}},
    "the QH's caption": {"cards": {"QH": {"text": "The bride"}}},
    "the language": {"language": "de"},
    "a letter of the index": {"letters": {"K": "R"}},
    "the large index": {"faces": {"index": "large"}},
}


@pytest.mark.parametrize("edit", list(EDITS))
def test_the_build_and_the_preview_redraw_the_same_parts_for_an_edit(tmp_path: Path, edit: str) -> None:
    before = _design(tmp_path, **({"box": {"kind": "tuck"}} if edit == "the box's card thickness" else {}))
    after = _design(tmp_path, **EDITS[edit])
    parts = set(_preview(before))
    built = _changed(unit_keys(before), unit_keys(after)) & parts
    previewed = _changed(_preview(before), _preview(after))
    assert built == previewed
    assert built  # every edit here changes something


def test_a_language_redraws_the_faces_whose_letters_change(tmp_path: Path) -> None:
    """German queens and jacks (D, B), and the lid's "Spielkarten"; the 2 to 10, aces, kings and jokers
    read the same. Their pixels prove it."""
    before, after = _design(tmp_path), _design(tmp_path, language="de")
    changed = _changed(unit_keys(before), unit_keys(after))
    assert {k for k in changed if k.startswith("face:")} == {f"face:{r}{s}" for r in "QJ" for s in "CDHS"}
    small = {"dpi": 72}
    for code in ("7H", "KS", "JK1", "QD"):
        one = render_face(_design(tmp_path, **small), parse_card(code)).tobytes()
        other = render_face(_design(tmp_path, language="de", **small), parse_card(code)).tobytes()
        assert (one != other) == (code == "QD"), code


def test_renaming_the_deck_redraws_the_ace_of_spades_and_no_other_face(tmp_path: Path) -> None:
    before, after = _design(tmp_path), _design(tmp_path, name="Ana & Ben")
    faces = {k for k in _changed(unit_keys(before), unit_keys(after)) if k.startswith("face:")}
    assert faces == {f"face:{code}" for code in NAME_CARDS} == {"face:AS"}


@pytest.mark.parametrize("code", ["7H", "KS", "JK1", "AS"])
def test_only_the_name_cards_show_the_name(tmp_path: Path, code: str) -> None:
    small = {"dpi": 72}
    card = parse_card(code)
    one = render_face(_design(tmp_path, name="Ana", **small), card).tobytes()
    other = render_face(_design(tmp_path, name="Bartholomew & Jo", **small), card).tobytes()
    assert (one != other) == (code in NAME_CARDS)


def test_a_new_photo_redraws_its_card_alone(tmp_path: Path) -> None:
    (tmp_path / "images").mkdir()
    astronaut().save(tmp_path / "images" / "q.png")
    before = _design(tmp_path)
    after = _design(tmp_path, cards={"QH": {"image": "images/q.png"}})
    faces = {k for k in _changed(unit_keys(before), unit_keys(after)) if k.startswith("face:")}
    assert faces == {"face:QH"} == {k for k in _changed(_preview(before), _preview(after)) if k.startswith("face:")}


def test_the_views_are_of_the_resolved_design_only() -> None:
    """A view holds design values, so a renderer's input and its key are the same things."""
    fields = {f.name for f in dataclasses.fields(Design)}
    assert {"name", "faces", "card", "profile", "source", "lid", "box", "print"} <= fields
