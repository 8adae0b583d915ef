"""Messages reach the terminal as written: a line number such as `:100:` is not an emoji code, a
file name with `[bold]` in it is not markup, and a newline or an ESC in user text cannot start a
forged line or recolour the terminal. Each test compares the bytes printed."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from deckgen.errors import printable

#: A name that a console would change three ways if it read it: an emoji code, markup and a newline.
TRICKY = "a:100:[bold]b"


def test_a_table_repeated_at_line_100_keeps_its_line_number(tmp_path, run):
    lines = ['name = "x"', "[cards.JH]", 'mode = "full"', *["# a comment"] * 96, "[cards.JH]", 'mode = "full"']
    (tmp_path / "deck.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = run(tmp_path, "cards")
    assert (code, out) == (2, "")
    assert err == "error: deck.toml:100: [cards.JH] appears twice (first at line 2); merge the two\n"


def test_a_missing_photo_is_named_as_written_and_a_newline_in_it_cannot_forge_a_line(tmp_path, run):
    (tmp_path / "deck.toml").write_text(
        f'name = "x"\n[cards.KH]\nimage = "images/{TRICKY}\\nerror: all good, build finished.jpg"\n', encoding="utf-8")
    code, out, err = run(tmp_path, "cards")
    assert (code, out) == (2, "")
    assert err == (f"error: deck.toml: cards.KH.image: images/{TRICKY}\\nerror: all good, build finished.jpg: "
                   "image file not found\n")
    assert len(err.splitlines()) == 1


def test_an_escape_sequence_in_a_value_is_shown_not_obeyed(tmp_path, run):
    (tmp_path / "deck.toml").write_text('name = "x"\n[cards.KH]\nmode = "ful\\u001b[31m"\n', encoding="utf-8")
    code, _, err = run(tmp_path, "cards")
    assert code == 2
    assert "\x1b" not in err
    assert "ful\\x1b[31m" in err


def test_a_warning_names_the_photo_as_written(tmp_path, run):
    (tmp_path / "images").mkdir()
    Image.new("RGB", (60, 90), (200, 100, 50)).save(tmp_path / "images" / f"{TRICKY}.jpg")
    (tmp_path / "deck.toml").write_text(
        f'name = "x"\nprofile = "standard-52"\n[cards.KH]\nimage = "images/{TRICKY}.jpg"\n', encoding="utf-8")
    code, _, err = run(tmp_path, "cards", "--dpi", "72", "--out", "out")
    assert code == 0
    assert (f"warning: deck.toml: cards.KH.image: images/{TRICKY}.jpg: the photo is 60 x 90 px but its place on "
            "the card needs at least 112 x 117 px at 72 DPI; it will print soft\n") in err


def test_check_names_a_markdown_file_as_written(tmp_path, run):
    name = f"{TRICKY}.md"
    (tmp_path / name).write_text("# T\n\n```deckgen\ngame: poker\nhand: AS KS QS JS 10S\nexpect:\n  category: pair\n```\n",
                                 encoding="utf-8")
    code, out, _ = run(tmp_path, "check", name)
    assert code == 1
    assert out == f"{name}:7: poker: category: expected pair, got straight flush\n0 passed, 1 failed\n"


@pytest.mark.parametrize(("text", "shown"), [
    ("plain text, [bold] and :100:", "plain text, [bold] and :100:"),
    ("two\nlines\r", "two\\nlines\\r"),
    ("\x1b[2Jcleared", "\\x1b[2Jcleared"),
    ("right\u202eto left", "right\\u202eto left"),
    ("tab\tstop", "tab\\tstop"),
    ("café, no\u00a0break", "café, no\u00a0break"),  # every kind of space stays a space
])
def test_printable_escapes_what_a_terminal_would_obey(text, shown):
    assert printable(text) == shown


def test_version(tmp_path, run):
    from deckgen import __version__

    for args in (["--version"], ["-V"], ["version"]):
        assert run(tmp_path, *args) == (0, f"deckgen {__version__}\n", "")
    code, out, _ = run(tmp_path, "--help")
    assert code == 0 and out.splitlines()[2].strip().startswith(f"deckgen {__version__}: design a print-and-play deck")


def test_the_version_is_the_package_metadata():
    from importlib.metadata import version

    from deckgen import __version__

    assert version("deckgen") == __version__
    assert 'dynamic = ["version"]' in (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text()
