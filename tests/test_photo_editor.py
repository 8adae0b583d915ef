"""`deckgen serve`'s crop editor shows a photo card as the crop review does (issue 32, item 2): the
card as it prints, trimmed, with the whole heads, the safe zone and where the photo meets its mat
marked by the same drawing (cropreview.mark_card) over the preview's own picture of the card.

The editor's picture is asked of the route's function with the preview's state stood in for (the
face drawn at the preview's DPI, as serve's preview draws it), so no server and no 56-face first
preview is needed; tests/test_serve.py drives the real server."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from PIL import Image

pytest.importorskip("skimage")
pytest.importorskip("starlette")

from deckgen.cards import parse_card
from deckgen.config import DeckConfig
from deckgen.design import Design
from deckgen.errors import UserError
from deckgen.render.cropreview import mark_card, review_card
from deckgen.render.facedraw import card_art, layout
from deckgen.render.faces import render_face
from deckgen.render.photocards import plan_card
from deckgen.resolve import resolve_design
from deckgen.serve.preview import PREVIEW_DPI, Part, at_preview_dpi, png_bytes
from deckgen.serve.routes.cards import printed_png
from deckgen.units import mm_to_px_f

SAFE = (80, 220, 240)
MAT_EDGE = (240, 80, 220)
HEAD = (250, 210, 40)


def _deck(folder: Path) -> Design:
    from skimage import data

    (folder / "images").mkdir()
    Image.fromarray(data.chelsea()).save(folder / "images" / "cat.png")  # a full card shown at 0.86 on a mat above
    Image.fromarray(data.astronaut()).save(folder / "images" / "astronaut.png")
    return resolve_design(DeckConfig.model_validate({
        "theme": "wedding", "base_dir": folder, "source": folder / "deck.toml",
        "cards": {"QS": {"image": "images/cat.png", "mode": "full"},
                  "KH": {"image": "images/astronaut.png", "mode": "mirrored", "zoom": 0.9}}}))


def _session(design: Design, codes: tuple[str, ...]) -> Any:
    """What printed_png reads of serve's session: the preview's design, DPI and its drawn faces."""
    small = at_preview_dpi(design, PREVIEW_DPI)
    parts = {}
    for code in codes:
        image = render_face(small, parse_card(code))
        parts[code] = Part(code, "face", code, png=png_bytes(image), size=image.size, photo=True)
    return SimpleNamespace(preview=SimpleNamespace(design=design, dpi=PREVIEW_DPI, parts=parts, shown=str))


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> tuple[Design, Any]:
    design = _deck(tmp_path_factory.mktemp("editor"))
    return design, _session(design, ("QS", "KH", "AS"))


@pytest.mark.parametrize("code", ["QS", "KH"])
def test_the_editor_shows_the_card_as_it_prints_marked_as_the_crop_review_marks_it(served, code: str) -> None:
    design, session = served
    small = at_preview_dpi(design, PREVIEW_DPI)
    card = parse_card(code)
    art = card_art(small, card)
    plan = plan_card(small, card)
    assert plan is not None and plan.zoom < 1 and max(plan.mat_mm) > 1  # both shown smaller, on a mat
    shown = Image.open(io.BytesIO(printed_png(session, code))).convert("RGB")
    drawn = Image.open(io.BytesIO(session.preview.parts[code].png)).convert("RGB")
    b = round(small.card.box().bleed_px)
    trimmed = drawn.crop((b, b, drawn.width - b, drawn.height - b))
    # the preview's own card, trimmed, with the crop review's marks over it and nothing else changed
    assert shown.size == trimmed.size
    assert np.array_equal(np.asarray(shown), np.asarray(mark_card(small, art, plan, trimmed)))
    changed = np.any(np.asarray(shown) != np.asarray(trimmed), axis=2)
    colours = {tuple(int(v) for v in px) for px in np.asarray(shown)[changed]}
    assert colours <= {SAFE, MAT_EDGE, HEAD}, colours - {SAFE, MAT_EDGE, HEAD}
    assert {SAFE, MAT_EDGE} <= colours  # the safe zone and where the photo meets its mat are both marked
    # the safe zone's left side, 4 mm in, and the mat's first side where the plan says
    lay = layout(small)
    a = np.asarray(shown)
    safe_x = round(mm_to_px_f(lay.safe, PREVIEW_DPI))
    assert any(tuple(a[y, x]) == SAFE for y in range(a.shape[0]) for x in (safe_x - 1, safe_x, safe_x + 1))
    side = next(i for i, v in enumerate(plan.mat_mm) if v >= 0.05)
    edge_mm = plan.area_mm[side] + (plan.mat_mm[side] if side < 2 else -plan.mat_mm[side])
    at = round(mm_to_px_f(edge_mm, PREVIEW_DPI))
    band = a[:, max(0, at - 2):at + 2] if side in (0, 2) else a[max(0, at - 2):at + 2, :]
    assert (band == MAT_EDGE).all(axis=-1).sum() >= 10, (code, side, edge_mm)


def test_the_crop_review_marks_its_card_with_the_same_drawing(served) -> None:
    """The review tile's third picture is mark_card over its second (the card as it prints, trimmed
    and reduced), so the tile and the editor cannot drift apart."""
    from deckgen.render.cropreview import review_tiles
    from deckgen.render.photocards import plan_crops

    design, _ = served
    small = at_preview_dpi(design, PREVIEW_DPI)
    for tile in review_tiles(small, plan_crops(small)):
        card = parse_card(tile.codes[0])
        plan = plan_card(small, card)
        assert plan is not None
        shown, factor = review_card(small, card, plan)
        assert factor == tile.reduced
        x, y = tile.card_at
        assert np.array_equal(np.asarray(tile.image.crop((x, y, x + shown.width, y + shown.height))), np.asarray(shown))
        x, y = tile.marked_at
        marked = tile.image.crop((x, y, x + shown.width, y + shown.height))
        assert np.array_equal(np.asarray(marked), np.asarray(mark_card(small, card_art(small, card), plan, shown)))
        assert not np.array_equal(np.asarray(marked), np.asarray(shown))


def test_a_card_without_a_photo_has_no_printed_picture(served) -> None:
    _, session = served
    with pytest.raises(UserError, match="AS has no photo"):
        printed_png(session, "AS")
