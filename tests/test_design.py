"""The resolved design: theme, palette and deck.toml merged once, frozen, in one place."""

from __future__ import annotations

import dataclasses
import pickle
from pathlib import Path

import pytest

from deckgen.cards import parse_card
from deckgen.colour import contrast, luminance, readable_on
from deckgen.config import demo_config, load_config
from deckgen.design import CardFormat, Design
from deckgen.render.patterns import ORNAMENTS
from deckgen.resolve import resolve_design
from deckgen.themes import ORNAMENT_NAMES, get_palette, get_theme


def _deck(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_ornament_names_config_checks_are_the_ones_patterns_draws():
    assert ORNAMENT_NAMES == tuple(ORNAMENTS)


def test_demo_design_takes_the_plain_theme_and_the_card_format():
    design = resolve_design(demo_config())
    theme = get_theme("plain")
    assert design.card == CardFormat(59.0, 91.0, 5.0, 3.0, 4.0, 300)
    assert design.card.box().size == (768, 1146)
    assert design.back.template.name == theme.back_template
    assert design.back.colours == get_palette(theme.back_palette).colours
    assert design.back2.colours == get_palette(theme.back2_palette).colours
    assert not design.two_backs and design.backs == (design.back,)
    assert design.lid.title == "deckgen demo deck" and design.lid.title_key == "name"
    assert design.lid.box().size == (833, 591)
    assert design.source == "deck.toml" and design.config_file is None


def test_user_values_win_over_the_theme_and_paths_become_absolute(tmp_path):
    path = _deck(tmp_path, """
theme = "wedding"
[back]
palette = "navy-gold"
ink = "#123456"
image = "me.jpg"
[[back.text]]
content = "Hello"
font = "mine.ttf"
[back2]
ornament = "rings"
[tin]
title = "For {name}"
show_games = true
[cards.QH]
image = "pics/q.jpg"
text = "Anna"
""")
    design = resolve_design(load_config(path))
    assert design.back.colours.ink == "#123456"
    assert design.back.colours.ground == get_palette("navy-gold").ground
    assert design.back.picture is not None and design.back.picture.photo.path == tmp_path / "me.jpg"
    assert design.back.texts[0].font.path == tmp_path / "mine.ttf"
    assert design.back.texts[0].font.key == "back.text[0].font"
    assert design.back.own_texts
    # the second back inherits the first back's picture and words, not its colours
    assert design.two_backs and design.back2.key == "back2"
    assert design.back2.picture == dataclasses.replace(design.back.picture,
                                                       photo=dataclasses.replace(design.back.picture.photo,
                                                                                 key="back2.image"))
    assert design.back2.texts[0].content == "Hello" and not design.back2.own_texts
    assert design.back2.colours == get_palette(get_theme("wedding").back2_palette).colours
    assert design.back2.ornament == "rings"
    # the lid: the user's back palette, the title with the name filled in, the games' titles
    assert design.lid.colours == get_palette("navy-gold").colours
    assert design.lid.title == "For deckgen demo deck" and design.lid.title_key == "tin.title"
    assert design.lid.games == ("Poker", "Gin Rummy", "Contract Bridge")
    art = design.faces.art(parse_card("QH"))
    assert art.photo is not None and art.photo.path == tmp_path / "pics" / "q.jpg"
    assert art.photo.key == "cards.QH.image" and art.photo.config == str(path) and art.text == "Anna"


def test_jokers_take_the_faces_defaults(tmp_path):
    path = _deck(tmp_path, '[faces]\njoker_image = "j.png"\njoker_focus = [0.2, 0.3]\njoker_mode = "full"\n')
    art = resolve_design(load_config(path)).faces.art(parse_card("JK2"))
    assert (art.photo.path, art.photo.key, art.focus, art.mode) == (tmp_path / "j.png", "faces.joker_image",
                                                                     (0.2, 0.3), "full")


def test_the_design_is_frozen_and_travels_to_worker_processes():
    design = resolve_design(demo_config(overrides={"house_rules": {"gin-rummy": {"knock_limit": 8}}}))
    with pytest.raises(dataclasses.FrozenInstanceError):
        design.name = "x"  # type: ignore[misc]
    with pytest.raises(TypeError):
        design.house_rules["gin-rummy"]["knock_limit"] = 9  # type: ignore[index]
    assert pickle.loads(pickle.dumps(design)) == design
    assert isinstance(design.at_dpi(120), Design) and design.at_dpi(120).card.dpi == 120


def test_booklet_colours_read_where_they_are_used():
    for theme in ("plain", "wedding", "christmas", "birthday"):
        colours = resolve_design(demo_config(overrides={"theme": theme})).booklet.colours
        assert contrast(colours["accent"], "#ffffff") >= 4.5
        assert contrast(colours["red"], "#ffffff") >= 4.5
        assert contrast(colours["cover_accent"], colours["cover_background"]) >= 3.0


def test_luminance_is_wcag():
    assert luminance("#000000") == 0.0 and luminance("#ffffff") == pytest.approx(1.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
    assert contrast(readable_on("#ffcc00", "#ffffff"), "#ffffff") >= 4.5


def test_readme_drawing_example_prints_what_its_comments_say(capsys: pytest.CaptureFixture[str]) -> None:
    import re

    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    code = re.search(r"## Drawing a deck from Python.*?```python\n(.*?)```", text, re.S).group(1)
    exec(compile(code, "README.md", "exec"), {})
    printed = capsys.readouterr().out.splitlines()
    promised = [m.group(1).strip() for m in re.finditer(r"print\(.*#\s*(.+)$", code, re.M)]
    assert printed == promised
