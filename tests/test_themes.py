"""Themes, palettes and back templates are data: listed, validated, and extended by adding a file."""

from __future__ import annotations

import shutil
import sys

import pytest

from deckgen.config import ConfigError, demo_config
from deckgen.errors import UserError
from deckgen import themes
from deckgen.render.backs import render_back
from deckgen.resolve import resolve_design
from deckgen.render.patterns import ORNAMENTS, PATTERNS
from deckgen.themes import (
    PALETTE_ROLES,
    TemplateDataError,
    get_palette,
    get_template,
    get_theme,
    palette_names,
    template_names,
    theme_names,
)
from deckgen.resources import data_dir, font_path

THEMES = ["plain", "anniversary", "birthday", "christmas", "game-night", "wedding"]
PATTERN_KINDS = {"solid", "border", "stripes", "lattice", "dots", "checker", "classic"}


def test_theme_names():
    assert theme_names() == THEMES


def test_every_pattern_kind_has_a_shipped_template():
    assert set(PATTERNS) == PATTERN_KINDS
    assert {get_template(name).pattern for name in template_names()} == PATTERN_KINDS
    assert len(template_names()) == 8


@pytest.mark.parametrize("name", THEMES)
def test_theme_refers_to_things_that_exist(name):
    theme = get_theme(name)
    assert theme.back_template in template_names()
    assert {theme.back_palette, theme.back2_palette, theme.lid_palette} <= set(palette_names())
    assert theme.back_palette != theme.back2_palette  # two packs must be told apart
    assert theme.back_ornament in ORNAMENTS and theme.lid_ornament in ORNAMENTS
    assert font_path(theme.title_font).is_file() and font_path(theme.body_font).is_file()
    assert theme.lid_subtitle and theme.description


def test_palettes_fill_every_role_with_a_hex_colour():
    for name in palette_names():
        palette = get_palette(name)
        for role in PALETTE_ROLES:
            value = getattr(palette, role)
            assert len(value) == 7 and value.startswith("#") and value == value.lower()


def test_palette_overrides_replace_only_the_roles_given():
    base = get_palette("navy-gold")
    mixed = base.with_overrides(ground="#123456", ink=None)
    assert (mixed.paper, mixed.ground, mixed.ink, mixed.accent) == (base.paper, "#123456", base.ink, base.accent)


def test_unknown_names_list_the_choices():
    with pytest.raises(UserError, match="unknown theme 'xmas': expected one of plain, anniversary, birthday"):
        get_theme("xmas")
    with pytest.raises(UserError, match="unknown back template 'zigzag': expected one of border, checker"):
        get_template("zigzag")
    with pytest.raises(UserError, match="unknown palette 'pink': expected one of classic-red"):
        get_palette("pink")


def test_theme_in_config_is_validated():
    with pytest.raises(ConfigError) as info:
        demo_config(overrides={"theme": "Wedding"})
    assert info.value.key == "theme"
    assert "unknown theme 'Wedding': did you mean 'wedding'? expected one of plain, anniversary, birthday, christmas, game-night, wedding" in str(
        info.value
    )


@pytest.mark.parametrize("theme", THEMES)
def test_init_accepts_every_theme(tmp_path, theme):
    from deckgen.config import load_config
    from deckgen.starter import init_deck

    init_deck(tmp_path / theme, theme)
    assert load_config(tmp_path / theme / "deck.toml").theme == theme


def test_init_rejects_an_unknown_theme(tmp_path):
    from deckgen.starter import init_deck

    with pytest.raises(UserError, match="unknown theme"):
        init_deck(tmp_path / "d", "halloween")
    assert not (tmp_path / "d" / "deck.toml").exists()


@pytest.fixture
def own_templates(tmp_path, monkeypatch):
    """A copy of the shipped templates folder that a test may add files to."""
    root = tmp_path / "templates"
    shutil.copytree(data_dir("templates"), root)
    monkeypatch.setattr(themes, "_templates_root", lambda: root)
    return root


def test_adding_a_template_is_adding_a_file(own_templates):
    (own_templates / "backs" / "pinstripe.toml").write_text(
        'pattern = "stripes"\ndescription = "Fine upright pinstripes"\n'
        "[params]\nangle = 90\nspacing_mm = 1.5\nwidth_mm = 0.2\n",
        encoding="utf-8",
    )
    assert "pinstripe" in template_names()
    d = demo_config(overrides={"dpi": 100, "back": {"template": "pinstripe"}})
    assert render_back(resolve_design(d)).size == (256, 382)


def test_adding_a_theme_is_adding_a_file(own_templates):
    (own_templates / "themes" / "graduation.toml").write_text(
        'title = "Graduation"\ndescription = "Navy and gold"\n'
        '[back]\ntemplate = "stripes"\npalette = "navy-gold"\npalette2 = "silver"\nornament = "star"\n'
        '[lid]\nornament = "star"\nsubtitle = "Well done"\n',
        encoding="utf-8",
    )
    assert "graduation" in theme_names()
    theme = get_theme("graduation")
    assert (theme.lid_palette, theme.lid_title, theme.title_font) == ("navy-gold", "{name}", "DejaVuSerif-Bold.ttf")
    assert render_back(resolve_design(demo_config(overrides={"dpi": 100, "theme": "graduation"}))).size == (256, 382)


def test_broken_template_file_names_file_and_key(own_templates):
    bad = own_templates / "backs" / "broken.toml"
    bad.write_text('description = "no pattern"\n', encoding="utf-8")
    with pytest.raises(TemplateDataError) as info:
        template_names()
    assert str(info.value) == f"{bad}: pattern: expected a text, got None"

    bad.write_text('pattern = "stripes\ndescription = "no closing quote above"\n', encoding="utf-8")
    with pytest.raises(UserError) as info:
        template_names()
    assert str(info.value) == f'{bad}:1: a text in quotes is not closed on its line: end it with "'


def test_broken_palette_names_the_role(own_templates):
    path = own_templates / "palettes.toml"
    path.write_text(path.read_text(encoding="utf-8") + '\n[odd]\npaper = "#fff"\nground = "teal-ish"\n'
                    'ink = "#000"\naccent = "#000"\n', encoding="utf-8")
    with pytest.raises(TemplateDataError, match=r"palettes\.toml: odd\.ground: 'teal-ish' is not a colour"):
        palette_names()


def test_unknown_pattern_in_a_template_file_is_reported(own_templates):
    (own_templates / "backs" / "waves.toml").write_text('pattern = "waves"\ndescription = "x"\n', encoding="utf-8")
    with pytest.raises(UserError, match="unknown pattern 'waves': expected one of solid, border"):
        render_back(resolve_design(demo_config(overrides={"dpi": 100, "back": {"template": "waves"}})))


def test_bad_template_parameter_is_reported(own_templates):
    (own_templates / "backs" / "odd.toml").write_text(
        'pattern = "dots"\ndescription = "x"\n[params]\nspacing_mm = "wide"\n', encoding="utf-8"
    )
    with pytest.raises(UserError, match="spacing_mm: expected a number of 0 or more, got 'wide'"):
        render_back(resolve_design(demo_config(overrides={"dpi": 100, "back": {"template": "odd"}})))


def test_cli_themes_lists_every_theme(capsys, monkeypatch):
    from deckgen.cli import main

    monkeypatch.setattr(sys, "argv", ["deckgen", "themes"])
    main()
    out = capsys.readouterr().out
    for name in THEMES:
        assert name in out


def test_cli_backs_list_shows_templates_and_palettes(capsys, monkeypatch):
    from deckgen.cli import main

    monkeypatch.setattr(sys, "argv", ["deckgen", "backs", "--list"])
    main()
    out = capsys.readouterr().out
    for name in template_names() + ["ivory-gold", "christmas-red"]:
        assert name in out
    assert "#a61e2a" in out
