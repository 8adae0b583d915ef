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
from deckgen.design import Design
from deckgen.render.photocards import MAT_RULE_MM, MAT_THEME_MM, photo_area_size, plan_card, theme_mat
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


def _coffee_deck(folder: Path, **extra: object) -> tuple[Design, Image.Image]:
    import skimage.data

    if not (folder / "coffee.png").exists():
        Image.fromarray(skimage.data.coffee()).save(folder / "coffee.png")
    cards = {"JS": {"image": "coffee.png", "mode": "full"}, **extra.pop("cards", {})}  # type: ignore[dict-item]
    design = resolve_design(DeckConfig.model_validate({
        "dpi": DPI, "cards": cards, "base_dir": folder, "source": folder / "deck.toml", **extra}))
    return design, Image.open(folder / "coffee.png").convert("RGB")


def test_a_wide_band_is_a_designed_mat_in_the_deck_s_colours(tmp_path: Path) -> None:
    """The coffee on a full J of spades leaves 11.5 mm above the cup inside the trim: wider than
    MAT_THEME_MM, so the band is a designed mat: a flat fill of the card's paper tinted with its
    accent, a rule of the accent just outside the photo's top edge, and the photo sharp to its edge
    (pixel for pixel the photo drawn alone); the build's one line says so and names the key that
    turns it back into the photo's own colours."""
    design, photo = _coffee_deck(tmp_path, colours={"background": "#fffdf8", "accent": "#c9a227"})
    plan = plan_card(design, parse_card("JS"))
    assert plan is not None and plan.choice == "mat" and plan.mat_style == "theme"
    assert plan.mat_mm[1] - design.card.bleed_mm > MAT_THEME_MM
    assert "on a mat in the deck's colours, framed by a thin rule in its accent (top 14.5 mm)" in plan.note
    assert 'cards.JS.mat = "photo" for a mat of its own edge colours' in plan.note and "cards.JS.zoom = 1" in plan.note
    mat = theme_mat((255, 253, 248), (201, 162, 39))
    assert mat.fill == (251, 246, 231) and mat.rule == (201, 162, 39)  # 8 % of the gold in the paper
    k = mm_to_px_f(1.0, DPI)
    area = photo_area_size(design, "full")
    drawn = np.asarray(framing.render_window(photo, area, plan.window, mat, k))
    alone = np.asarray(framing.render_window(photo, area, plan.window, (0, 0, 0), k))
    x0, y0, x1, y1 = framing.photo_box_px(photo.size, area, plan.window)
    assert (x0, x1, y1) == (0, area[0], area[1]) and y0 == round(plan.mat_mm[1] * k)
    rule = round(MAT_RULE_MM * k)
    assert (drawn[: y0 - rule] == mat.fill).all()  # flat: not a smear of the photo
    assert (drawn[y0 - rule: y0] == mat.rule).all()  # one straight rule, whole pixels
    assert np.array_equal(drawn[y0:], alone[y0:])  # the photo itself, sharp to its edge
    # the written card has that mat (away from the index plates)
    from deckgen.render.faces import render_face

    written = np.asarray(render_face(design, parse_card("JS"), plan, vectors=[]))
    b = round(design.card.box().bleed_px)
    middle = slice(written.shape[1] // 2 - 20, written.shape[1] // 2 + 20)
    assert (written[b: y0 - rule, middle] == (251, 246, 231)).all()


def test_a_narrow_band_keeps_the_photo_s_own_colours(tmp_path: Path) -> None:
    """The astronaut on a full card is shown at 0.95: 1.6 mm of band inside the trim, which the
    photo's own edge colours fill with no line (the band's rows not flat, no accent rule), said as
    before."""
    import skimage.data

    Image.fromarray(skimage.data.astronaut()).save(tmp_path / "astronaut.png")
    design = resolve_design(DeckConfig.model_validate({
        "dpi": DPI, "cards": {"KD": {"image": "astronaut.png", "mode": "full"}}, "base_dir": tmp_path,
        "source": tmp_path / "deck.toml"}))
    plan = plan_card(design, parse_card("KD"))
    assert plan is not None and plan.zoom < 1 and plan.mat_style == "photo"
    assert 0 < plan.mat_mm[1] - design.card.bleed_mm <= MAT_THEME_MM
    assert "on a mat of its own edge colours" in plan.note and ".mat = " not in plan.note


def test_deck_toml_chooses_the_mat(tmp_path: Path) -> None:
    """`mat` in [cards.<code>] or [faces]: "photo" keeps the photo's own colours on a wide band,
    "theme" gives the designed mat on a narrow one, a card's own choice over [faces]'; "auto" (the
    default) decides by the band's width. A card with no band has no mat whatever is set."""
    photo_mat, _ = _coffee_deck(tmp_path, cards={"JS": {"image": "coffee.png", "mode": "full", "mat": "photo"}})
    plan = plan_card(photo_mat, parse_card("JS"))
    assert plan is not None and plan.mat_style == "photo" and "on a mat of its own edge colours" in plan.note
    themed, _ = _coffee_deck(tmp_path, faces={"mat": "photo"},
                             cards={"JS": {"image": "coffee.png", "mode": "full", "mat": "theme"}})
    plan = plan_card(themed, parse_card("JS"))
    assert plan is not None and plan.mat_style == "theme"
    faces_only, _ = _coffee_deck(tmp_path, faces={"mat": "photo"})
    plan = plan_card(faces_only, parse_card("JS"))
    assert plan is not None and plan.mat_style == "photo"
    at_one, _ = _coffee_deck(tmp_path, cards={"JS": {"image": "coffee.png", "mode": "full", "zoom": 1, "mat": "theme"}})
    plan = plan_card(at_one, parse_card("JS"))
    assert plan is not None and plan.mat_style == "" and plan.mat_mm == (0.0, 0.0, 0.0, 0.0)


def test_a_wrong_mat_is_one_line_naming_the_key(tmp_path: Path) -> None:
    from deckgen.config import load_config
    from deckgen.errors import ConfigError

    (tmp_path / "deck.toml").write_text('[cards.JS]\nmat = "them"\n', encoding="utf-8")
    with pytest.raises(ConfigError) as raised:
        load_config(tmp_path / "deck.toml")
    assert str(raised.value) == (f"{tmp_path / 'deck.toml'}: cards.JS.mat: unknown mat 'them': did you mean 'theme'? "
                                 "expected one of auto, theme, photo")
