"""What a person meets using deckgen: bad deck.toml input of every kind, help with examples, starters.

Each bad input must give ONE line on stderr naming deck.toml, the key path and
what was expected, exit with code 2, print no traceback, and leave output/
exactly as it was (a good output/cards/AS.png from an earlier build survives).
"""

from __future__ import annotations

import re
import struct
import tomllib
import zlib
from pathlib import Path

import pytest
from PIL import Image

from deckgen.cli import app
from deckgen.config import load_config
from deckgen.themes import theme_names
from deckgen.starter import deck_toml_text
from cli_run import run_cli  # tests/ is on sys.path, as pytest puts it

GOOD_FACE = b"an earlier build's good face"


def png_claiming(width: int, height: int) -> bytes:
    """A tiny PNG file whose header claims width x height pixels (a decompression bomb to Pillow)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0")) + chunk(b"IEND", b"")


@pytest.fixture
def deck_dir(tmp_path: Path) -> Path:
    """A deck folder with good and bad pictures and fonts, and output/ from an earlier build."""
    images = tmp_path / "images"
    images.mkdir()
    Image.new("RGB", (420, 500), "#3366aa").save(images / "good.jpg", quality=90)
    data = (images / "good.jpg").read_bytes()
    (images / "truncated.jpg").write_bytes(data[: len(data) // 3])
    (images / "corrupt.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"not really a picture")
    (images / "words.jpg").write_text("a letter, not a photo", encoding="utf-8")
    (images / "bomb.png").write_bytes(png_claiming(30000, 30000))
    (tmp_path / "broken.ttf").write_bytes(b"not a font at all" * 8)
    (tmp_path / "output" / "cards").mkdir(parents=True)
    (tmp_path / "output" / "cards" / "AS.png").write_bytes(GOOD_FACE)
    return tmp_path


BAD_INPUTS = [
    # typo'd keys: at the top level and in every table
    ("nmae = 'x'\n", "nmae", "unknown key 'nmae': did you mean 'name'?"),
    ("[colours]\nredd = '#ff0000'\n", "colours.redd", "unknown key 'redd': did you mean 'red'?"),
    ("[faces]\ncourt_mod = 'full'\n", "faces.court_mod", "unknown key 'court_mod': did you mean 'court_mode'?"),
    ("[cards.KH]\nimage_path = 'images/good.jpg'\n", "cards.KH.image_path", "unknown key 'image_path': did you mean 'image'?"),
    ("[profile]\nbse = 'standard-52'\n", "profile.bse", "unknown key 'bse': did you mean 'base'?"),
    ("[back]\ntemplat = 'solid'\n", "back.templat", "unknown key 'templat': did you mean 'template'?"),
    ("[[back.text]]\ncontent = 'hi'\nsize = 3\n", "back.text[0].size", "unknown key 'size': did you mean 'size_mm'?"),
    ("[back2]\npalete = 'mono'\n", "back2.palete", "unknown key 'palete': did you mean 'palette'?"),
    ("[tin]\ntitel = 'x'\n", "tin.titel", "unknown key 'titel': did you mean 'title'?"),
    ("[print]\npapper = 'a4'\n", "print.papper", "unknown key 'papper': did you mean 'paper'?"),
    ("[booklet]\ngame = ['poker']\n", "booklet.game", "unknown key 'game': did you mean 'games'?"),
    ("[house_rules.gin-rummy]\nundercut_bonuss = 20\n", "house_rules.gin-rummy.undercut_bonuss", "unknown house rule 'undercut_bonuss' for gin-rummy: did you mean 'undercut_bonus'?"),
    # wrong types and values out of range
    ("dpi = 300.5\n", "dpi", "expected a whole number from 72 to 1200 (got 300.5)"),
    ("dpi = 3000\n", "dpi", "expected a whole number from 72 to 1200 (got 3000)"),
    ("bleed_mm = '3mm'\n", "bleed_mm", "expected a number from 0 to 10 (got '3mm')"),
    ("name = 5\n", "name", "expected text in quotes (got 5)"),
    ("profile = 5\n", "profile", 'expected a profile name in quotes, e.g. profile = "standard-52", or a [profile] table'),
    ("[profile]\njokers = 'two'\n", "profile.jokers", "expected a whole number from 0 to 9 (got 'two')"),
    ("colours = 'red'\n", "colours", "expected a table: [colours] on a line of its own"),
    ("[colours]\nfour_colour = 'maybe'\n", "colours.four_colour", "expected true or false (without quotes) (got 'maybe')"),
    ("[cards.KH]\nmode = 'half'\n", "cards.KH.mode", "unknown mode 'half': expected one of mirrored, full"),
    ("[cards.KH]\nfocus = 'centre'\n", "cards.KH.focus", "expected two fractions from 0 to 1: [across, down], e.g. [0.5, 0.3]"),
    ("[back]\nimage_focus = [0.5]\n", "back.image_focus", "expected two fractions from 0 to 1: [across, down]"),
    ("[[back.text]]\ncontent = 'hi'\nposition = [0.5]\n", "back.text[0].position", "expected two fractions of the card from 0 to 1"),
    ("[back]\ntext = 'hello'\n", "back.text", "expected a list in square brackets"),
    ("[print]\noffset_x_mm = 50\n", "print.offset_x_mm", "expected a number from -20 to 20 (got 50)"),
    ("[booklet]\ngames = 'poker'\n", "booklet.games", "expected a list in square brackets"),
    ("[house_rules.gin-rummy]\nundercut_bonus = '20'\n", "house_rules.gin-rummy.undercut_bonus", "expected a whole number like the default"),
    # unknown names
    ("[cards.ZZ]\ntext = 'x'\n", "cards.ZZ", "'ZZ' is not a card"),
    ("profile = 'standard-53'\n", "profile", "unknown deck profile 'standard-53': did you mean 'standard-54'? expected one of standard-54"),
    ("[profile]\nadd = ['2C', 'ZZ']\n", "profile.add[1]", "'ZZ' is not a card"),
    ("[profile]\nbase = 'tarot'\n", "profile.base", "unknown deck profile 'tarot'"),
    ("profile = 'farmer-45'\n[cards.8C]\ntext = 'x'\n", "cards.8C", "the 'farmer-45' deck has no card 8C"),
    ("theme = 'weding'\n", "theme", "unknown theme 'weding': did you mean 'wedding'? expected one of plain, anniversary, birthday, "
     "christmas, game-night, wedding"),
    ("[back]\ntemplate = 'lattise'\n", "back.template", "unknown back template 'lattise': "),
    ("[back]\npalette = 'blu'\n", "back.palette", "unknown palette 'blu': expected one of"),
    ("[tin]\nornament = 'moon'\n", "tin.ornament", "unknown ornament 'moon': "),
    ("[booklet]\ngames = ['pokr']\n", "booklet.games[0]", "unknown game 'pokr': did you mean 'poker'? expected one of"),
    # colours
    ("[colours]\nred = '#ff00zz'\n", "colours.red", "'#ff00zz' is not a colour"),
    ("[back]\nink = 'reddish'\n", "back.ink", "'reddish' is not a colour"),
    ("[[back.text]]\ncontent = 'hi'\ncolour = '#12'\n", "back.text[0].colour", "'#12' is not a colour"),
    # pictures: missing, damaged, truncated, too large, in every place a picture goes
    ("[cards.KH]\nimage = 'images/missing.jpg'\n", "cards.KH.image", "images/missing.jpg: image file not found"),
    ("[cards.KH]\nimage = 'images/truncated.jpg'\n", "cards.KH.image", "images/truncated.jpg: image file is truncated or damaged"),
    ("[cards.QS]\nimage = 'images/corrupt.png'\n", "cards.QS.image", "images/corrupt.png: image file is damaged or unreadable"),
    ("[cards.QS]\nimage = 'images/words.jpg'\n", "cards.QS.image", "images/words.jpg: is a text file, not a photo"),
    ("[cards.JC]\nimage = 'images/bomb.png'\n", "cards.JC.image", "images/bomb.png: image is too large to open safely"),
    ("[faces]\njoker_image = 'images/truncated.jpg'\n", "faces.joker_image", "image file is truncated or damaged"),
    ("[back]\nimage = 'images/truncated.jpg'\n", "back.image", "images/truncated.jpg: image file is truncated or damaged"),
    ("[back2]\nimage = 'images/bomb.png'\n", "back2.image", "image is too large to open safely"),
    ("[tin]\nimage = 'images/words.jpg'\n", "tin.image", "is a text file, not a photo"),
    # fonts
    ("font = 'broken.ttf'\n", "font", "broken.ttf: not a font Pillow can read"),
    ("font = 'nofont.ttf'\n", "font", "nofont.ttf: file not found"),
    ("font = 'images/good.jpg'\n", "font", "images/good.jpg: not a font Pillow can read (unknown file format)"),
    ("[[back.text]]\ncontent = 'hi'\nfont = 'broken.ttf'\n", "back.text[0].font", "broken.ttf: not a font Pillow can read"),
    ("[tin]\ntitle_font = 'broken.ttf'\n", "tin.title_font", "broken.ttf: not a font Pillow can read"),
    # print and booklet files
    ("[print]\nshop = 'nowhere'\n", "print.shop", "unknown preset 'nowhere': expected one of drivethrucards, generic, meinspiel"),
    ("[print]\ncmyk = true\nicc = 'nope.icc'\n", "print.icc", "nope.icc: ICC profile not found"),
    ("[booklet]\nextra_rules = 'nope.md'\n", "booklet.extra_rules", "file not found"),
    # words that do not fit: found by drawing in memory before the faces are replaced
    ("[[back.text]]\ncontent = '" + "W" * 40 + "'\nsize_mm = 8\nmin_size_mm = 6\n", "back.text[0]",
     "does not fit: even at the smallest size it is"),
    ("[[back.text]]\ncontent = 'hi'\nsize_mm = 3\nmin_size_mm = 6\n", "back.text[0].min_size_mm", "expected at most size_mm (3.0 mm)"),
    ("[tin]\ntitle = '" + "W" * 60 + "'\n", "tin.title", "does not fit: even at the smallest size it is"),
    # not TOML at all
    ("name = \n", "", "name = has no value after it: write a value, e.g. name = \"...\""),
    ('[cards.KH]\nimage = "images\\good.jpg"\n', "",
     "a backslash \\ in \"...\" starts an escape: write paths with / (images/me.jpg) or in 'single quotes'"),
]


@pytest.mark.parametrize(("text", "key", "words"), BAD_INPUTS, ids=[f"{k or 'toml'}-{i}" for i, (_, k, _w) in enumerate(BAD_INPUTS)])
def test_bad_input_is_one_line_naming_file_and_key(run, deck_dir, text, key, words):
    (deck_dir / "deck.toml").write_text(text, encoding="utf-8")
    before = sorted(p.relative_to(deck_dir) for p in (deck_dir / "output").rglob("*"))
    code, out, err = run(deck_dir, "build")
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    prefix = f"error: deck.toml: {key}: " if key else "error: deck.toml:"
    assert lines[0].startswith(prefix), lines[0]
    assert words in lines[0], lines[0]
    assert "Traceback" not in err and out == ""
    assert (deck_dir / "output" / "cards" / "AS.png").read_bytes() == GOOD_FACE
    assert sorted(p.relative_to(deck_dir) for p in (deck_dir / "output").rglob("*")) == before


def test_a_wrong_worked_example_in_our_rules_stops_the_build_before_it_writes(run, deck_dir):
    (deck_dir / "ours.md").write_text(
        "# Our rules\n\n```deckgen\ngame: poker\nhand: A♠ K♠ Q♠ J♠ 10♠\nexpect:\n  category: two pair\n```\n",
        encoding="utf-8",
    )
    (deck_dir / "deck.toml").write_text("[booklet]\ngames = ['poker']\nextra_rules = 'ours.md'\n", encoding="utf-8")
    code, out, err = run(deck_dir, "build")
    assert code == 2
    assert err.splitlines() == [
        f"error: {deck_dir / 'ours.md'}:7: poker: category: expected two pair, got straight flush",
        "the booklet was not built: 1 worked example claim(s) failed",
    ]
    assert out == ""
    assert [p.name for p in (deck_dir / "output").rglob("*") if p.is_file()] == ["AS.png"]
    assert (deck_dir / "output" / "cards" / "AS.png").read_bytes() == GOOD_FACE


def test_print_reads_the_back_picture_before_drawing_any_face(run, deck_dir):
    (deck_dir / "deck.toml").write_text("dpi = 72\n[back]\nimage = 'images/truncated.jpg'\n", encoding="utf-8")
    code, _, err = run(deck_dir, "print")
    assert code == 2
    assert err.startswith("error: deck.toml: back.image: ") and "image file is truncated or damaged" in err
    assert [p.name for p in (deck_dir / "output").rglob("*") if p.is_file()] == ["AS.png"]


GOOD_BACK = b"an earlier build's good back"


def test_backs_reads_the_second_back_picture_before_writing_the_first(run, deck_dir):
    (deck_dir / "deck.toml").write_text("dpi = 72\n[back2]\nimage = 'images/truncated.jpg'\n", encoding="utf-8")
    (deck_dir / "output" / "cards" / "back.png").write_bytes(GOOD_BACK)
    code, _, err = run(deck_dir, "backs")
    assert code == 2
    assert err.startswith("error: deck.toml: back2.image: ") and "image file is truncated or damaged" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert (deck_dir / "output" / "cards" / "back.png").read_bytes() == GOOD_BACK
    assert not (deck_dir / "output" / "cards" / "back2.png").exists()


def test_tin_reads_the_lid_picture_before_writing_the_lid(run, deck_dir):
    (deck_dir / "output" / "tin").mkdir()
    (deck_dir / "output" / "tin" / "lid.png").write_bytes(GOOD_BACK)
    (deck_dir / "deck.toml").write_text("dpi = 72\n[tin]\nimage = 'images/words.jpg'\n", encoding="utf-8")
    code, _, err = run(deck_dir, "tin")
    assert code == 2
    assert err.startswith("error: deck.toml: tin.image: ") and "is a text file, not a photo" in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert (deck_dir / "output" / "tin" / "lid.png").read_bytes() == GOOD_BACK


@pytest.mark.parametrize("command", ["cards", "backs", "tin", "print"])
def test_each_build_command_refuses_a_typo(run, deck_dir, command):
    (deck_dir / "deck.toml").write_text("[tin]\ntitel = 'x'\n", encoding="utf-8")
    code, _, err = run(deck_dir, command)
    assert code == 2
    assert err.startswith("error: deck.toml: tin.titel: unknown key 'titel': did you mean 'title'? expected one of dpi,")
    assert (deck_dir / "output" / "cards" / "AS.png").read_bytes() == GOOD_FACE


def test_brackets_in_a_message_are_printed_not_swallowed(run, deck_dir):
    """The terminal library reads [x] as a style; an error's [across, down] must reach the person."""
    (deck_dir / "deck.toml").write_text("[faces]\njoker_focus = [0.5]\n", encoding="utf-8")
    _, _, err = run(deck_dir, "cards")
    assert err == (
        "error: deck.toml: faces.joker_focus: expected two fractions from 0 to 1: [across, down], "
        "e.g. [0.5, 0.3] (got [0.5])\n"
    )


# ------------------------------------------------------------------ help


def _command_names() -> list[str]:
    return [c.name or c.callback.__name__ for c in app.registered_commands]  # type: ignore[union-attr]


@pytest.mark.parametrize("command", _command_names())
def test_every_command_help_shows_an_example(run, tmp_path, command):
    code, out, _ = run(tmp_path, command, "--help")
    assert code == 0
    assert "Example" in out
    assert re.search(rf"deckgen {command}\b", out), out


def test_top_level_help_shows_an_example_and_every_command(run, tmp_path):
    code, out, _ = run(tmp_path, "--help")
    assert code == 0
    assert "Example: deckgen build" in out
    for name in _command_names():
        assert re.search(rf"^\s+{name}\s", out, re.M), name


def test_help_keeps_deck_toml_table_names(run, tmp_path):
    """`[tin]` in a help text is a deck.toml table, and must not vanish as if it were markup."""
    _, out, _ = run(tmp_path, "tin", "--help")
    assert "unless [tin] says otherwise" in " ".join(out.split())
    assert "Override [tin] dpi" in out


def test_init_theme_help_lists_every_theme(run, tmp_path):
    _, out, _ = run(tmp_path, "init", "--help")
    flat = "".join(out.split())  # help wraps lines, even inside game-night
    assert "".join(f"Occasion: {', '.join(theme_names())}".split()) in flat


# ------------------------------------------------------------------ init


def test_init_with_a_bad_theme_names_the_themes_and_writes_nothing(run, tmp_path):
    code, _, err = run(tmp_path, "init", "party", "--theme", "game-nite")
    assert code == 2
    assert err == f"error: --theme: unknown theme 'game-nite': did you mean 'game-night'? expected one of {', '.join(theme_names())}\n"
    assert not (tmp_path / "party").exists()


def test_init_in_another_folder_says_how_to_get_there(run, tmp_path):
    code, out, _ = run(tmp_path, "init", "wed", "--theme", "wedding")
    assert code == 0
    assert "then run: cd wed && deckgen build" in " ".join(out.split())
    assert 'theme = "wedding"' in (tmp_path / "wed" / "deck.toml").read_text()


def _uncomment(text: str, header: str) -> str:
    """The commented block that starts at `# <header>`, uncommented up to the next blank line."""
    start = text.index(f"# {header}\n")
    block = text[start:].split("\n\n", 1)[0]
    lines = [line.removeprefix("# ").removeprefix("#") for line in block.splitlines()]
    toml = [line for line in lines if line.startswith("[") or re.match(r"^\w+ = ", line)]  # not the prose
    return "\n".join(line for line in toml if not line.startswith(("image ", "icc ", "extra_rules ")))


@pytest.mark.parametrize("header", ["[back]", "[back2]", "[tin]", "[print]", "[booklet]", "[house_rules.gin-rummy]"])
def test_starter_sections_are_valid_once_uncommented(tmp_path, header):
    text = deck_toml_text("Gift", "wedding")
    section = _uncomment(text, header)
    assert section.startswith(header)
    path = tmp_path / "deck.toml"
    path.write_text(text + "\n" + section + "\n", encoding="utf-8")
    deck = load_config(path)
    assert deck.theme == "wedding"
    data = tomllib.loads(section)
    table = header.strip("[]").split(".")[0]
    assert table in data


def test_starter_names_every_theme_and_documents_every_table():
    text = deck_toml_text("Gift", "plain")
    assert f"# The occasion: {', '.join(theme_names())}." in text
    for table in ("[profile]", "[colours]", "[faces]", "[cards.KH]", "[back]", "[[back.text]]", "[back2]", "[tin]",
                  "[print]", "[booklet]", "[house_rules."):
        assert table in text, table
    assert max(len(line) for line in text.splitlines()) <= 100


# ------------------------------------------------------------------ one full build, read by several tests

#: One deck for every test here that needs a whole build (a build costs seconds): a theme with
#: ornaments, a photo, mirrored back text and the lid's game list (for the same-bytes check), captions
#: and a back text in letters the fonts can and cannot draw (for the glyph warnings).
BUILT_DECK = """\
name = "Zoë"
dpi = 72
theme = "christmas"
[print]
paper = "a4"
[cards.KH]
text = "Zoë 日本"
[cards.KD]
text = "Zoë ♥"
[cards.KC]
image = "images/k.png"
[back]
mirror_text = true
[[back.text]]
content = "Love 愛"
position = [0.5, 0.8]
[tin]
show_games = true
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, int, str, str]:
    """BUILT_DECK built once into its output/: (deck folder, exit code, stdout, stderr)."""
    work = tmp_path_factory.mktemp("built") / "deck"
    (work / "images").mkdir(parents=True)
    Image.new("RGB", (300, 400), "#aa3366").save(work / "images" / "k.png")
    (work / "deck.toml").write_text(BUILT_DECK, encoding="utf-8")
    return (work, *run_cli(work, "build"))


@pytest.mark.extended  # two whole builds: the tuck box, pads and print files keep a default same-bytes test
def test_building_twice_gives_the_same_bytes_in_every_file(run, built, tmp_path):
    """Faces, backs, lid, booklet and print files: two builds into two folders are identical."""
    work, code, _, err = built
    assert code == 0, err
    code, _, err = run(work, "build", "--out", str(tmp_path / "two"))
    assert code == 0, err
    one = {p.relative_to(work / "output"): p for p in (work / "output").rglob("*") if p.is_file()}
    two = {p.relative_to(tmp_path / "two"): p for p in (tmp_path / "two").rglob("*") if p.is_file()}
    assert sorted(one) == sorted(two)
    kinds = {p.suffix for p in one}
    assert {".png", ".pdf"} <= kinds
    assert Path("booklet/rules-pocket.pdf") in one and Path("print/print-shop.pdf") in one
    record = Path(".cache/build-record.json")  # the incremental build's record holds each file's time: never equal
    different = [str(rel) for rel in sorted(one) if rel != record and one[rel].read_bytes() != two[rel].read_bytes()]
    assert different == []


def test_build_reports_where_to_look_and_how_to_print(built):
    _, code, out, err = built
    assert code == 0, err
    lines = [" ".join(line.split()) for line in out.strip().splitlines()]
    assert lines[0] == "✓ faces: 54 files in output/cards"
    assert lines[1] == "✓ backs: output/cards/back.png"
    assert lines[2] == "✓ tin lid: 2 files in output/tin"  # lid.png and lid.pdf
    flat = " ".join(out.split())
    assert "Look at the whole deck: output/preview/contact-sheet.png" in flat
    assert "Print at home: sheets-a4.pdf in output/print, duplex, at 100 % (actual size)" in flat
    assert "sheets-letter" not in flat


# ------------------------------------------------------------------ the command line itself


def test_plain_deckgen_shows_the_help_and_succeeds(run, tmp_path):
    code, out, err = run(tmp_path)
    assert code == 0
    assert "Your own deck: deckgen init mydeck && cd mydeck && deckgen build" in " ".join((out + err).split())


def test_a_mistyped_option_is_a_usage_message_not_a_traceback(run, tmp_path):
    code, out, err = run(tmp_path, "build", "--dip", "300")
    assert code == 2
    assert "No such option: --dip" in err
    assert "Traceback" not in err + out and "failed unexpectedly" not in err


def test_out_naming_a_file_is_one_line(run, tmp_path):
    (tmp_path / "afile").write_text("x")
    (tmp_path / "deck.toml").write_text("dpi = 72\n")
    code, _, err = run(tmp_path, "cards", "--out", "afile")
    assert code == 2
    assert err == "error: afile: cannot write there (Not a directory); --out names a folder\n"


@pytest.mark.parametrize("command", ["build", "cards", "backs", "print"])
def test_dpi_flag_out_of_range_names_the_flag(run, tmp_path, command):
    code, _, err = run(tmp_path, command, "--dpi", "50")
    assert code == 2
    assert err == "error: --dpi: expected a whole number from 72 to 1200 (got 50)\n"
    assert not (tmp_path / "output").exists()


def test_a_bug_is_one_line_that_says_so(run, monkeypatch, tmp_path):
    def broken(*_args, **_kwargs):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr("deckgen.render.tin.build_lid", broken)
    monkeypatch.delenv("DECKGEN_DEBUG", raising=False)
    code, _, err = run(tmp_path, "tin")
    assert code == 1
    assert err.startswith("No deck.toml here: using the built-in demo deck (deckgen init starts your own).\n")
    last = err.strip().splitlines()[1:]
    assert len(last) == 1
    assert last[0].startswith("error: deckgen failed unexpectedly (ZeroDivisionError: division by zero). This is a bug")


def test_a_deck_with_no_cards_is_refused_at_profile(run, tmp_path):
    (tmp_path / "deck.toml").write_text(
        '[profile]\nbase = "euchre-24"\nremove = ["9s", "10s", "js", "qs", "ks", "as"]\njokers = 0\n', encoding="utf-8"
    )
    code, _, err = run(tmp_path, "cards")
    assert code == 0  # 18 cards remain: still a deck
    ranks = ["9", "10", "j", "q", "k", "a"]
    every = ", ".join(f'"{r}{s}"' for r in ranks for s in "shdc")
    (tmp_path / "deck.toml").write_text(f'[profile]\nbase = "euchre-24"\nremove = [{every}]\njokers = 0\n', encoding="utf-8")
    code, _, err = run(tmp_path, "build")
    assert code == 2
    assert "profile: this removes every card" in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["print", "--offset-x", "nan"], "--offset-x: expected a finite number; nan and inf are not allowed (got nan)"),
        (["score", "gin-rummy", "--rule", "undercut_bonus=[", "--knocker", "As"], "--rule 'undercut_bonus=['"),
    ],
)
def test_odd_command_line_values_are_one_line(run, tmp_path, args, words):
    code, _, err = run(tmp_path, *args)
    assert code == 2
    assert words in err and "Traceback" not in err


def test_init_name_with_a_backslash_gives_a_readable_deck_toml(run, tmp_path):
    code, _, err = run(tmp_path, "init", "my\\deck")
    assert code == 0, err
    config = load_config(tmp_path / "my\\deck" / "deck.toml")
    assert config.name == "My\\deck"  # init names the deck after its folder, capitalised


# ------------------------------------------------------------------ letters the font cannot draw


def _glyph_warnings(err: str) -> list[str]:
    return [" ".join(line.split()) for line in err.splitlines() if "has no glyph" in line]


def test_a_caption_the_font_cannot_draw_warns_and_the_build_goes_on(built):
    _, code, out, err = built
    assert code == 0, err
    assert "✓ faces: 54 files" in out
    assert [w for w in _glyph_warnings(err) if "cards." in w] == [
        "warning: deck.toml: cards.KH.text: the font DejaVuSansCondensed-Bold.ttf has no glyph for '日', '本'; "
        "they would print as empty boxes (set `font` to a font that has them)"
    ]


def test_a_caption_the_font_can_draw_gives_no_glyph_warning(built):
    """KD's caption "Zoë ♥" and the name "Zoë" (on the lid, the booklet's cover) warn of nothing: the only
    warnings are the two for KH's caption and the back text, which the fonts cannot draw."""
    _, code, _, err = built
    assert code == 0, err
    warned = _glyph_warnings(err)
    assert len(warned) == 2
    assert [w.split(": the font ")[0] for w in warned] == [
        "warning: deck.toml: cards.KH.text", "warning: deck.toml: back.text[0].content"]


def test_a_back_text_the_font_cannot_draw_names_its_key(built):
    _, code, _, err = built
    assert code == 0, err
    warned = [w for w in _glyph_warnings(err) if "back." in w]
    assert len(warned) == 1
    assert "deck.toml: back.text[0].content: the font " in warned[0]
    assert "no glyph for '愛'; it would print as an empty box (set `back.text[0].font`" in warned[0]
