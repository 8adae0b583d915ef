"""Card formats as data: templates/formats.toml, a user's formats.toml, deck.toml's [card] table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from deckgen.config import ConfigError, demo_config, load_config
from deckgen.formats import format_names, get_format, load_formats
from deckgen.resolve import load_design, resolve_design
from deckgen.errors import UserError

NAMED = {
    # name: (width, height, corner, bleed, safe)
    "skat": (59.0, 91.0, 5.0, 3.0, 4.0),
    "poker": (63.0, 88.0, 3.5, 3.0, 4.0),
    "bridge": (57.0, 89.0, 3.5, 3.0, 4.0),
    "tarot": (70.0, 120.0, 5.0, 3.0, 4.5),
    "mini": (44.0, 63.0, 3.0, 3.0, 3.0),
    "jumbo": (89.0, 127.0, 6.0, 3.0, 5.0),
}


def design_of(tmp_path: Path, text: str):
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    return load_design(path)


def error_of(tmp_path: Path, text: str) -> str:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    return str(info.value)


def test_the_shipped_formats():
    assert format_names()[:6] == list(NAMED)
    for name, values in NAMED.items():
        f = get_format(name)
        assert (f.width_mm, f.height_mm, f.corner_mm, f.bleed_mm, f.safe_mm) == values


@pytest.mark.parametrize("name", list(NAMED))
def test_every_named_format_resolves(tmp_path, name):
    card = design_of(tmp_path, f'[card]\nformat = "{name}"\n').card
    w, h, corner, bleed, safe = NAMED[name]
    assert (card.name, card.width_mm, card.height_mm, card.corner_radius_mm, card.bleed_mm, card.safe_mm) == (
        name, w, h, corner, bleed, safe)
    # the pixel size is the trim plus bleed on each side, rounded once
    assert card.box().size == (round((w + 2 * bleed) / 25.4 * 300), round((h + 2 * bleed) / 25.4 * 300))


def test_the_demo_is_skat_as_before():
    card = resolve_design(demo_config()).card
    assert (card.name, card.width_mm, card.height_mm, card.corner_radius_mm, card.bleed_mm, card.safe_mm, card.dpi) == (
        "skat", 59.0, 91.0, 5.0, 3.0, 4.0, 300)
    assert card.box().size == (768, 1146)


def test_card_size_is_a_friendly_alias(tmp_path):
    assert design_of(tmp_path, 'card_size = "Poker"\n').card.name == "poker"
    # the same name twice is fine; two different ones are not
    assert design_of(tmp_path, 'card_size = "mini"\n[card]\nformat = "mini"\n').card.width_mm == 44.0
    assert error_of(tmp_path, 'card_size = "mini"\n[card]\nformat = "poker"\n') == (
        f"{tmp_path / 'deck.toml'}: card_size: says 'mini' but [card] format says 'poker': keep one of them")


def test_own_sizes_over_a_named_format(tmp_path):
    card = design_of(tmp_path, '[card]\nformat = "poker"\nheight_mm = 89\ncorner_mm = 3.2\n').card
    assert (card.name, card.width_mm, card.height_mm, card.corner_radius_mm) == ("poker", 63.0, 89.0, 3.2)
    card = design_of(tmp_path, '[card]\nwidth_mm = 60\nheight_mm = 90\nsafe_mm = 3.5\n').card
    assert (card.name, card.width_mm, card.height_mm, card.safe_mm, card.corner_radius_mm) == (
        "skat", 60.0, 90.0, 3.5, 5.0)


def test_bleed_keys(tmp_path):
    # the top-level bleed_mm keeps working, and wins over the format's; [card] bleed_mm wins over both
    assert design_of(tmp_path, 'bleed_mm = 2\n[card]\nformat = "tarot"\n').card.bleed_mm == 2.0
    assert design_of(tmp_path, 'bleed_mm = 2\n[card]\nbleed_mm = 1.5\n').card.bleed_mm == 1.5
    assert design_of(tmp_path, '[card]\nformat = "jumbo"\n').card.bleed_mm == 3.0


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[card]\nformat = "pokr"\n', "card.format: unknown card format 'pokr': did you mean 'poker'? expected one "
         "of skat, poker, bridge, tarot, mini, jumbo (or your own in a formats.toml beside deck.toml)"),
        ('card_size = "huge"\n', "card_size: unknown card format 'huge': expected one of skat, poker, bridge, tarot, "
         "mini, jumbo (or your own in a formats.toml beside deck.toml)"),
        ("[card]\nwidth_mm = 20\n", "card.width_mm: expected a number from 30 to 150 (got 20)"),
        ("[card]\nheight_mm = 250\n", "card.height_mm: expected a number from 40 to 200 (got 250)"),
        ("[card]\nsafe_mm = 1\n", "card.safe_mm: expected a number from 2 to 20 (got 1)"),
        ("[card]\nbleed_mm = 12\n", "card.bleed_mm: expected a number from 0 to 10 (got 12)"),
        ("[card]\ncorner_mm = 20\n",
         "card.corner_mm: expected at most a quarter of the short side: 14.75 mm for a 59 x 91 mm card (got 20)"),
        ("[card]\nsafe_mm = 12\n",
         "card.safe_mm: expected at most a sixth of the short side: 9.83333 mm for a 59 x 91 mm card (got 12)"),
        ('[card]\nformat = "mini"\nwidth_mm = 70\n',
         "card.height_mm: expected at least the width (70 mm): a card is drawn upright (got 63); the 'mini' "
         "format's height_mm does not suit the sizes in [card]: set height_mm too"),
        ("[card]\nwidth_mm = 30\nheight_mm = 70\n", "card.height_mm: expected at most twice the width (60 mm): a "
         "longer strip is a bookmark, not a card (got 70)"),
        ("[card]\nsize = 3\n", "card.size: unknown key 'size': expected one of format, width_mm, height_mm, "
         "corner_mm, bleed_mm, safe_mm in [card]"),
    ],
)
def test_bad_formats_say_what_is_expected(tmp_path, text, message):
    assert error_of(tmp_path, text) == f"{tmp_path / 'deck.toml'}: {message}"


def test_a_bad_size_on_the_command_line_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "deck.toml").write_text("[card]\nwidth_mm = 200\n", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "deckgen.cli", "cards"], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 2
    lines = [line for line in (run.stdout + run.stderr).splitlines() if line.strip()]
    assert lines == ["error: deck.toml: card.width_mm: expected a number from 30 to 150 (got 200)"]


def test_a_shop_adds_formats_beside_deck_toml(tmp_path):
    (tmp_path / "formats.toml").write_text(
        '[square]\ntitle = "Square"\nwidth_mm = 70\nheight_mm = 70\ncorner_mm = 4\nbleed_mm = 2\nsafe_mm = 4\n'
        '[poker]\nwidth_mm = 63.5\nheight_mm = 88.9\ncorner_mm = 3.18\nbleed_mm = 3\nsafe_mm = 4\n',
        encoding="utf-8")
    assert format_names(tmp_path) == ["skat", "poker", "bridge", "tarot", "mini", "jumbo", "square"]
    card = design_of(tmp_path, '[card]\nformat = "square"\n').card
    assert (card.name, card.width_mm, card.height_mm, card.bleed_mm) == ("square", 70.0, 70.0, 2.0)
    # a shipped name is replaced whole, for this folder only
    assert design_of(tmp_path, 'card_size = "poker"\n').card.width_mm == 63.5
    assert load_formats()["poker"].width_mm == 63.0


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ("width_mm = 20\nheight_mm = 70\ncorner_mm = 3\nbleed_mm = 3\nsafe_mm = 3\n",
         "odd.width_mm: expected a number from 30 to 150 (got 20)"),
        ("width_mm = 50\nheight_mm = 70\nbleed_mm = 3\nsafe_mm = 3\n",
         "odd.corner_mm: missing: every format needs width_mm, height_mm, corner_mm, bleed_mm and safe_mm"),
        ("width_mm = 50\nheight_mm = 70\ncorner_mm = 13\nbleed_mm = 3\nsafe_mm = 3\n",
         "odd.corner_mm: expected at most a quarter of the short side: 12.5 mm for a 50 x 70 mm card (got 13)"),
    ],
)
def test_a_bad_formats_file_names_the_file_and_key(tmp_path, table, message):
    (tmp_path / "formats.toml").write_text(f"[odd]\n{table}", encoding="utf-8")
    with pytest.raises(UserError) as info:
        load_formats(tmp_path)
    assert str(info.value) == f"{tmp_path / 'formats.toml'}: {message}"


def test_the_starter_deck_names_the_formats():
    from deckgen.starter import deck_toml_text

    text = deck_toml_text()
    assert "# The card size: skat, poker, bridge, tarot, mini, jumbo\n" in text
    assert "# [card]\n# format = \"poker\"\n" in text
