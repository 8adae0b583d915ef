"""The mat round a photo shown smaller than its place (issue 32, item 1) is a calm field of the
photo's edge colours, not a smeared band: away from the photo no streaks of its edge pixels drawn
out across the band (what carrying the edge out and blurring it 2.5 mm left on the wedding JS's
14.5 mm above the cup), and no line where the photo ends (tests/test_seams.py measures that on whole
decks). Real photos (scikit-image's coffee and cat) on `full` cards, where the automatic framing
shows them at 0.85-0.86; the photo drawn as the build draws it, at 150 DPI."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image

pytest.importorskip("skimage")
from scipy import ndimage

from deckgen.cards import parse_card
from deckgen.config import DeckConfig
from deckgen.render import framing
from deckgen.render.photocards import photo_area_size, plan_card
from deckgen.resolve import resolve_design
from deckgen.units import mm_to_px_f

DPI = 150


def _streaks(rows: np.ndarray, px_per_mm: float) -> float:
    """How streaky a band is along its length: its mean profile across the columns, less that
    profile smoothed 3 mm (the colour drifting along the edge is fine; stripes are not), as a
    standard deviation in grey levels."""
    profile = rows.mean(axis=0)
    return float((profile - ndimage.gaussian_filter1d(profile, 3 * px_per_mm)).std())


@pytest.mark.parametrize(("name", "code"), [("coffee", "JS"), ("chelsea", "KS")])
def test_a_wide_mat_is_calm_away_from_the_photo(tmp_path: Path, name: str, code: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    import skimage.data

    Image.fromarray(getattr(skimage.data, name)()).save(tmp_path / "photo.png")
    design = resolve_design(DeckConfig.model_validate({
        "dpi": DPI, "cards": {code: {"image": "photo.png", "mode": "full"}}, "base_dir": tmp_path,
        "source": tmp_path / "deck.toml"}))
    plan = plan_card(design, parse_card(code))
    assert plan is not None and plan.choice == "mat" and plan.mat_mm[1] > 12  # a wide band above the photo
    photo = Image.open(tmp_path / "photo.png").convert("RGB")
    k = mm_to_px_f(1.0, DPI)
    area = photo_area_size(design, "full")

    def drawn() -> np.ndarray:
        return np.asarray(framing.render_window(photo, area, plan.window, "mat", k).convert("L"), dtype=float)

    mat = drawn()
    edge = round(plan.mat_mm[1] * k)  # the photo's top edge
    far = slice(0, round((plan.mat_mm[1] - 6) * k))  # 6 mm and more above the photo
    near = slice(edge - round(k), edge)  # the last mm of mat, where it follows the photo's edge
    assert _streaks(mat[far], k) < 1.0
    assert _streaks(mat[far], k) * 3 < _streaks(mat[near], k)
    # what the measure finds on the band as it was: the edge carried out, blurred 2.5 mm all the way
    monkeypatch.setattr(framing, "MAT_CALM", framing.MAT_BLUR)
    assert _streaks(drawn()[far], k) > 2.5
