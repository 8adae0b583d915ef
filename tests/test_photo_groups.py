"""Group photos on purpose (issue 32, item 5): two or more people on a mirrored card are framed to
hold them all (closer when they fit, the whole photo on a mat when they do not), and the warning
says who is left out, by where they stand, only when the user's own focus or zoom leaves them out.

Plans only, at a low DPI, on the sample photos (tests/photo_samples.py: the astronaut pasted into
scikit-image's rocket and coffee photos); tests/test_seams.py measures the written cards."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("skimage")

import photo_samples as samples

from deckgen.cards import parse_card
from deckgen.config import DeckConfig
from deckgen.design import Design
from deckgen.render.framing import box_inside, who_is_left_out
from deckgen.render.photocards import plan_card
from deckgen.resolve import resolve_design

QH = parse_card("QH")


@pytest.fixture(scope="module")
def photos(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("groups")
    samples.far_apart_couple(1800).save(folder / "apart.jpg", quality=90)
    samples.group_shot(1800).save(folder / "group.jpg", quality=90)
    return folder


def _deck(folder: Path, **card: object) -> Design:
    return resolve_design(DeckConfig.model_validate({
        "dpi": 100, "cards": {"QH": {"mode": "mirrored", **card}}, "base_dir": folder, "source": folder / "deck.toml"}))


def test_a_group_that_fits_is_framed_whole_with_no_warning(photos: Path) -> None:
    plan = plan_card(_deck(photos, image="group.jpg"), QH)
    assert plan is not None and len(plan.faces) == 3 and plan.problems == ()
    assert all(box_inside(f, plan.area_mm, 0.0) for f in plan.faces_mm)  # all three in the half-card


def test_a_couple_too_far_apart_is_shown_whole_without_a_left_out_warning(photos: Path) -> None:
    plan = plan_card(_deck(photos, image="apart.jpg"), QH)
    assert plan is not None and plan.choice == "contain" and len(plan.faces) == 2
    assert all(box_inside(f, plan.area_mm, 0.0) for f in plan.faces_mm)
    assert plan.problems == () and "cards.QH.focus" in plan.note  # said once, naming the key; nobody is left out


@pytest.mark.parametrize(("focus", "who"), [([0.15, 0.6], "the person on the right"), ([0.85, 0.6], "the person on the left")])
def test_a_focus_set_by_hand_that_leaves_someone_out_names_them(photos: Path, focus: list[float], who: str) -> None:
    plan = plan_card(_deck(photos, image="apart.jpg", focus=focus), QH)
    assert plan is not None and plan.choice == ""  # the user's crop is kept
    assert len(plan.problems) == 1, plan.problems
    assert f"on QH 1 of the 2 people in the photo is left out: {who}, by the focus set by hand; in [cards.QH] set " in plan.problems[0]
    assert "no zoom or focus (the build then frames everyone)" not in plan.problems[0]  # it could not: they stand too far apart


def test_a_zoom_set_by_hand_that_leaves_people_of_a_group_out_names_them(photos: Path) -> None:
    plan = plan_card(_deck(photos, image="group.jpg", zoom=4), QH)
    assert plan is not None and len(plan.faces) == 3 and len(plan.problems) == 1, plan.problems
    problem = plan.problems[0]
    assert "people in the photo" in problem and "by the zoom set by hand" in problem
    assert "no zoom or focus (the build then frames everyone)" in problem  # the automatic framing holds them all


def test_who_is_left_out_by_where_they_stand() -> None:
    faces = [(50.0, 0.0, 60.0, 10.0), (0.0, 0.0, 10.0, 10.0), (25.0, 0.0, 35.0, 10.0), (80.0, 0.0, 90.0, 10.0)]
    assert who_is_left_out(faces, [True, False, True, True]) == "the person on the left"
    assert who_is_left_out(faces, [True, True, True, False]) == "the person on the right"
    assert who_is_left_out(faces, [True, True, False, True]) == "the person 2nd from the left"
    assert who_is_left_out(faces, [False, True, False, True]) == "the people 2nd and 3rd from the left"
    assert who_is_left_out(faces[:2], [False, True]) == "the person on the right"
