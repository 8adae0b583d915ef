"""Hostile and careless deck folders, as a shop receives them (issue 18).

Each case is a deck folder copied from one good build and then spoiled in one way. Every
case must end in exit 2 with one line on stderr, within the resource limits below
(measured on the process with setrlimit), and leave output/ byte for byte as the good
build left it. The good build is made once per module; the cases run the cheapest
command that reaches their problem (`cards`, `check`, `booklet`, `score`).
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image

import deckgen
from limited_process import run_deckgen  # tests/ is on sys.path, as pytest puts it

REPO = Path(deckgen.__file__).resolve().parent.parent
#: Limits every hostile case runs under: CPU seconds, address space, wall-clock seconds.
CPU_SECONDS = 10
MEMORY_BYTES = 256 << 20
WALL_SECONDS = 30  # the CPU limit is the 10 s; the wall limit allows for a loaded machine

#: Lines the rules commands print around their one error line: which house rules they used
#: (before), and that the booklet in output/ is the earlier one (after). They say nothing new.
CONTEXT_LINES = ("house rules: ", "the booklet in ", "the booklet was not built: ")

GOOD_TOML = """\
name = "Hostile test deck"
dpi = 72

[cards.KH]
image = "images/photo.png"

[booklet]
games = ["golf"]
"""

RULES_HEAD = """\
---
title: Our house rules
engine: [golf]
---

# Our house rules

"""


def deckgen_run(cwd: Path, *args: str, limited: bool = True, timeout: float = WALL_SECONDS) -> tuple[int, str, str, float]:
    """Run `deckgen ARGS` as its own process from `cwd`, under the limits above unless `limited` is
    False: (exit code, stdout, stderr, seconds). See limited_process for how the process starts."""
    start = time.monotonic()
    code, out, err = run_deckgen(
        cwd, list(args), env={"COLUMNS": "400", "DECKGEN_LOCK_WAIT": "0"}, unset=("DECKGEN_DEBUG",),
        limits=(CPU_SECONDS, MEMORY_BYTES) if limited else None, timeout=timeout,
    )
    return code, out, err, time.monotonic() - start


def tree(folder: Path) -> dict[str, str]:
    """Every entry under `folder` (dot files too) -> a digest of its bytes, or where a link points."""
    out: dict[str, str] = {}
    for path in sorted(folder.rglob("*")):
        rel = str(path.relative_to(folder))
        if path.is_symlink():
            out[rel] = "link:" + os.readlink(path)
        elif path.is_file():
            out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
        elif path.is_dir():
            out[rel] = "dir"
    return out


def _photo(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    image = Image.new("RGB", (120, 180), (200, 80, 60))
    for x in range(0, 120, 10):
        image.paste((40, 90, 160), (x, 0, x + 5, 180))
    image.save(path)


@pytest.fixture(scope="module")
def good_build(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """One good deck folder, built in full: (folder, the digest of its output/)."""
    folder = tmp_path_factory.mktemp("good") / "deck"
    folder.mkdir()
    (folder / "deck.toml").write_text(GOOD_TOML, encoding="utf-8")
    _photo(folder / "images" / "photo.png")
    code, _, err, _ = deckgen_run(folder, "build", limited=False, timeout=600)
    assert code == 0, err
    return folder, tree(folder / "output")


@pytest.fixture
def outside(tmp_path) -> Path:
    """Another customer's files, outside the deck folder."""
    folder = tmp_path / "other-customer"
    folder.mkdir()
    (folder / "secret.md").write_text("---\ntitle: Secret\n---\n\n# Secret\n\nroot:x:0:0\n", encoding="utf-8")
    _photo(folder / "secret.png")
    shutil.copy(REPO / "deckgen" / "assets" / "fonts" / "DejaVuSans.ttf", folder / "secret.ttf")
    (folder / "shop.toml").write_text('title = "Another shop"\n', encoding="utf-8")
    (folder / "deck.toml").write_text('password = "hunter2"\nname = "Their deck"\n', encoding="utf-8")
    return folder


@pytest.fixture
def deck(good_build, tmp_path) -> Path:
    """A fresh copy of the good deck folder with its output, links kept as links."""
    source, _ = good_build
    target = tmp_path / "deck"
    shutil.copytree(source, target, symlinks=True)
    return target


@dataclass(frozen=True)
class Case:
    """One hostile folder: how to spoil the copy, the command to run, what the one line must say."""

    name: str
    spoil: Callable[[Path, Path], None]
    args: tuple[str, ...]
    expect: str


def toml(extra: str) -> Callable[[Path, Path], None]:
    """Tables added at the end of deck.toml (OUTSIDE: the other customer's folder)."""

    def spoil(d: Path, _o: Path) -> None:
        text = (d / "deck.toml").read_text(encoding="utf-8")
        (d / "deck.toml").write_text(text + "\n" + extra.replace("OUTSIDE", str(_o)), encoding="utf-8")

    return spoil


def top(lines: str) -> Callable[[Path, Path], None]:
    """Keys at the top of deck.toml (a key cannot follow a table)."""

    def spoil(d: Path, _o: Path) -> None:
        (d / "deck.toml").write_text(lines + (d / "deck.toml").read_text(encoding="utf-8"), encoding="utf-8")

    return spoil


def rules(body: str, extra_front: str = "") -> Callable[[Path, Path], None]:
    """house.md in the deck folder with `body` under the front matter, named by [booklet] extra_rules."""

    def spoil(d: Path, _o: Path) -> None:
        head = RULES_HEAD.replace("engine: [golf]\n", "engine: [golf]\n" + extra_front)
        (d / "house.md").write_text(head + body, encoding="utf-8")
        text = GOOD_TOML.replace('games = ["golf"]', 'games = ["golf"]\nextra_rules = "house.md"')
        (d / "deck.toml").write_text(text, encoding="utf-8")

    return spoil


def then(*steps: Callable[[Path, Path], None]) -> Callable[[Path, Path], None]:
    def spoil(d: Path, o: Path) -> None:
        for step in steps:
            step(d, o)

    return spoil


def link(name: str, target: str) -> Callable[[Path, Path], None]:
    def spoil(d: Path, o: Path) -> None:
        path = d / name
        if path.exists() or path.is_symlink():
            path.unlink() if not path.is_dir() or path.is_symlink() else shutil.rmtree(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.symlink_to(target.replace("OUTSIDE", str(o)))

    return spoil


def hard_link(name: str, target: str) -> Callable[[Path, Path], None]:
    """`name` in the deck folder made a second name of the other customer's file `target`."""

    def spoil(d: Path, o: Path) -> None:
        path = d / name
        path.unlink(missing_ok=True)
        os.link(o / target, path)

    return spoil


def sparse(name: str, size: int) -> Callable[[Path, Path], None]:
    def spoil(d: Path, _o: Path) -> None:
        with open(d / name, "wb") as handle:
            handle.truncate(size)

    return spoil


def fifo(name: str) -> Callable[[Path, Path], None]:
    def spoil(d: Path, _o: Path) -> None:
        path = d / name
        path.unlink(missing_ok=True)
        os.mkfifo(path)

    return spoil


def write(name: str, data: bytes) -> Callable[[Path, Path], None]:
    def spoil(d: Path, _o: Path) -> None:
        (d / name).write_bytes(data)

    return spoil


def _png_with_text_chunk(size: int) -> bytes:
    """A valid 8x8 PNG carrying a compressed text chunk of `size` bytes once inflated."""
    import io
    import struct

    buf = io.BytesIO()
    Image.new("RGB", (8, 8), "white").save(buf, format="PNG")
    png = buf.getvalue()
    body = b"Comment\0\0" + zlib.compress(b"x" * size, 9)
    chunk = struct.pack(">I", len(body)) + b"zTXt" + body
    chunk += struct.pack(">I", zlib.crc32(b"zTXt" + body) & 0xFFFFFFFF)
    return png[:33] + chunk + png[33:]


@functools.cache
def _flat_png(side: int, colour_type: int, bit_depth: int = 8) -> bytes:
    """A side x side PNG of one colour (colour type 2 RGB, 6 RGBA, 0 grey), made a row at a time: a few
    hundred KB on disk that decode to hundreds of megabytes (the test never holds the pixels)."""
    import struct

    channels = {0: 1, 2: 3, 6: 4}[colour_type]
    row = b"\0" + b"\x80" * (side * channels * bit_depth // 8)
    packer = zlib.compressobj(9)
    body = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", side, side, bit_depth, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


def _nested(depth: int) -> str:
    return "[" * depth + "1" + "]" * depth


EPS = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n{ } loop\n"
ALIAS_BOMB = "\n".join(
    ["```deckgen", "game: golf", "a: &a [x, x, x, x, x, x, x, x, x]"]
    + [f"{c}: &{c} [{', '.join(['*' + p] * 9)}]" for p, c in zip("abcdefgh", "bcdefghi")]
    + ["expect: {}", "```", ""]
)

CASES = [
    Case("extra-rules-etc-passwd", lambda d, o: (d / "deck.toml").write_text(
        GOOD_TOML.replace('games = ["golf"]', 'games = ["golf"]\nextra_rules = "/etc/passwd"')), ("cards",),
        "deck.toml: booklet.extra_rules: /etc/passwd is outside the deck folder"),
    Case("extra-rules-dot-dot", lambda d, o: (d / "deck.toml").write_text(
        GOOD_TOML.replace('games = ["golf"]', 'games = ["golf"]\nextra_rules = "../other-customer/secret.md"')),
        ("booklet",), "booklet.extra_rules: "),
    Case("extra-rules-symlink", then(link("house.md", "OUTSIDE/secret.md"), lambda d, o: (d / "deck.toml").write_text(
        GOOD_TOML.replace('games = ["golf"]', 'games = ["golf"]\nextra_rules = "house.md"'))), ("booklet",),
        "(a link to "),
    Case("card-image-absolute", toml('[cards.QH]\nimage = "OUTSIDE/secret.png"\n'), ("cards",),
         "deck.toml: cards.QH.image: "),
    Case("card-image-dot-dot", toml('[cards.QH]\nimage = "../other-customer/secret.png"\n'), ("cards",),
         "is outside the deck folder"),
    Case("card-image-symlink", link("images/photo.png", "OUTSIDE/secret.png"), ("cards",),
         "deck.toml: cards.KH.image: "),
    Case("back-image-outside", toml('[back]\nimage = "OUTSIDE/secret.png"\n'), ("backs",), "deck.toml: back.image: "),
    Case("tin-image-outside", toml('[tin]\nimage = "OUTSIDE/secret.png"\n'), ("tin",), "deck.toml: tin.image: "),
    Case("font-outside", top('font = "../other-customer/secret.ttf"\n'), ("cards",), "deck.toml: font: "),
    Case("back-text-font-outside", toml('[[back.text]]\ncontent = "hi"\nfont = "OUTSIDE/secret.ttf"\n'), ("backs",),
         "deck.toml: back.text[0].font: "),
    Case("icc-dev-zero", toml('[print]\ncmyk = true\nicc = "/dev/zero"\n'), ("print",),
         "deck.toml: print.icc: /dev/zero is outside"),
    Case("icc-link-to-dev-zero", then(link("shop.icc", "/dev/zero"), toml('[print]\ncmyk = true\nicc = "shop.icc"\n')),
         ("print",), "deck.toml: print.icc: "),
    Case("shop-preset-outside", toml('[print]\nshop = "OUTSIDE/shop.toml"\n'), ("cards",),
         "deck.toml: print.shop: "),
    Case("image-fifo", fifo("images/photo.png"), ("cards",), "is a named pipe (FIFO)"),
    Case("config-dev-zero", lambda d, o: None, ("cards", "--config", "/dev/zero"), "/dev/zero: is a device"),
    Case("config-fifo", fifo("deck.toml"), ("cards",), "deck.toml: is a named pipe (FIFO)"),
    # 2. only the image formats we mean
    Case("eps-as-jpeg", then(write("images/photo.png", EPS)), ("cards",), "is PostScript/EPS, not a photo"),
    # issue 35: a picture's decoded size counts its mode, and is said before it is decoded
    Case("png-9400-rgb-one-colour", lambda d, o: (d / "images/photo.png").write_bytes(_flat_png(9400, 2)), ("cards",),
         "deck.toml: cards.KH.image: images/photo.png: image is too large to decode safely: 9,400 x 9,400 pixels in RGB"),
    Case("png-9400-rgba-one-colour", lambda d, o: (d / "images/photo.png").write_bytes(_flat_png(9400, 6)), ("cards",),
         "image is too large to decode safely: 9,400 x 9,400 pixels in RGBA"),
    Case("png-9400-16-bit-grey", lambda d, o: (d / "images/photo.png").write_bytes(_flat_png(9400, 0, 16)), ("cards",),
         "image is too large to decode safely: 9,400 x 9,400 pixels in I;16"),
    Case("caption-line-break", toml('[cards.QH]\ntext = "Grand\\npa"\n'), ("cards",),
         "deck.toml: cards.QH.text: expected one line of text; it holds '\\n' at character 6"),
    Case("name-line-break", lambda d, o: (d / "deck.toml").write_text(
        GOOD_TOML.replace("Hostile test deck", "Hostile\\r\\nerror: all good")), ("cards",),
         "deck.toml: name: expected one line of text; it holds '\\r' at character 8"),
    Case("lid-title-escape", toml('[tin]\ntitle = "a\\u001b[31mb"\n'), ("cards",),
         "deck.toml: tin.title: expected one line of text; it holds '\\x1b' at character 2"),
    Case("image-path-4096-characters", toml('[cards.QH]\nimage = "images/' + "a" * 4090 + '.jpg"\n'), ("cards",),
         "deck.toml: cards.QH.image: images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...aaaaaaaaaaaaaaaaaaaaaa.jpg: "
         "cannot be read: a name in it is 4,094 bytes long; the system takes at most 255; shorten it"),
    Case("dpi-5001-digits", top("dpi = 1" + "0" * 5000 + "\n"), ("cards",),
         "deck.toml:1: a number with 5,001 digits"),
    Case("png-huge-text-chunk", write("images/photo.png", _png_with_text_chunk(20_000_000)), ("cards",),
         "deck.toml: cards.KH.image: "),
    # 3. unbounded work
    Case("template-power", rules("{{ 99999 ** 99999999 }}\n"), ("booklet",), "house.md:8: template stopped: "),
    Case("template-nested-range", rules("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}\n"),
         ("booklet",), "house.md:8: template stopped: more than 1,000,000 loop iterations"),
    Case("template-string-times", rules("{{ 'x' * 10**10 }}\n"), ("booklet",), "house.md:8: template stopped: "),
    Case("template-join-times", rules("{{ range(100000)|join * 1000 }}\n"), ("booklet",), "house.md:8: template stopped: "),
    Case("template-recursive-macro", rules("{% macro m(n) %}{{ m(n + 1) }}{% endmacro %}\n{{ m(1) }}\n"),
         ("booklet",), "house.md:8: template stopped: calls nested more than 50 deep"),
    Case("template-include", rules("{% include '/etc/passwd' %}\n"), ("booklet",), "house.md:8: template stopped: {% include %}"),
    Case("template-center", rules("{{ 'x'|center(10**9) }}\n"), ("booklet",), "house.md:8: template stopped: "),
    # issue 35: limits before work (compile-time folding, widths measured before they are made)
    Case("template-folded-at-compile-time", rules("{{ (''|center(999999))|wordwrap(1)|length }}\n"), ("booklet",),
         "house.md:8: template stopped: wordwrap() would make a text of 1,999,999 characters"),
    Case("template-center-method", rules("{{ 'x'.center(10**9) }}\n"), ("booklet",),
         "house.md:8: template stopped: center() would make a text of 1,000,000,000 characters"),
    Case("template-ljust-method", rules("{{ 'x'.ljust(1500000000) }}\n"), ("booklet",),
         "house.md:8: template stopped: ljust() would make"),
    Case("template-format-width", rules("{{ '{:>1000000000}'.format('x') }}\n"), ("booklet",),
         "house.md:8: template stopped: format() would make"),
    Case("template-format-nested-width", rules("{{ '{0:{1}}'.format('x', 10**9) }}\n"), ("booklet",),
         "house.md:8: template stopped: a format field whose width is itself a field"),
    Case("template-percent-width", rules("{{ '%1000000000d'|format(1) }}\n"), ("booklet",),
         "house.md:8: template stopped: format() would make"),
    Case("template-indent-wide", rules("{{ 'a\\nb'|indent(' ' * 10**6) }}\n"), ("booklet",),
         "house.md:8: template stopped: indent() would make"),
    Case("template-join-wide", rules("{{ range(100000)|join('x' * 999999) }}\n"), ("booklet",),
         "house.md:8: template stopped: join() would make"),
    Case("template-replace-wide", rules("{{ 'ab'.replace('', 'x' * 999999) }}\n"), ("booklet",),
         "house.md:8: template stopped: replace() would make"),
    Case("template-appending-megabytes", rules("{% set ns = namespace(s=[]) %}{% for i in range(2000) %}"
         "{{ ns.s.append('x' * 1000000) }}{% endfor %}\n"), ("booklet",),
         "house.md:8: template stopped: values adding up to more than 20,000,000"),
    Case("template-concat-doubling", rules("{% set ns = namespace(s='x') %}{% for i in range(40) %}"
         "{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s|length }}\n"), ("booklet",),
         "house.md:8: template stopped: a value longer than 1,000,000"),
    # issue 35: every exception a template raises is the chapter's error, with its line
    Case("template-divide-by-zero", rules("{{ 1/0 }}\n"), ("booklet",), "house.md:8: template error: division by zero"),
    Case("template-split-empty", rules("Text.\n\n{{ ''.split('') }}\n"), ("booklet",),
         "house.md:10: template error: empty separator"),
    Case("template-range-step-zero", rules("{{ range(1, 10, 0) }}\n"), ("booklet",),
         "house.md:8: template error: range() arg 3 must not be zero"),
    Case("template-wordwrap-zero", rules("{{ 'x'|wordwrap(0) }}\n"), ("booklet",), "house.md:8: template error: invalid width 0"),
    Case("template-format-no-arguments", rules("{{ '%s'|format }}\n"), ("booklet",),
         "house.md:8: template error: not enough arguments for format string"),
    Case("template-key-missing", rules("{{ {}['x'] }}\n"), ("booklet",), "house.md:8: template error: "),
    Case("yaml-alias-bomb", rules(ALIAS_BOMB), ("booklet",), "house.md:10: deckgen: the block is not valid YAML: aliases"),
    Case("yaml-deep-block", rules("```deckgen\ngame: golf\nx: " + _nested(5000) + "\nexpect: {}\n```\n"),
         ("booklet",), "house.md:10: deckgen: the block is not valid YAML: nested more than 32"),
    Case("toml-deep", top("x = " + _nested(5000) + "\n"), ("cards",), "deck.toml: is nested too deeply"),
    Case("profile-100000-adds", toml("[profile]\nbase = \"standard-52\"\nadd = [" + ", ".join(['"AS"'] * 100000) + "]\n"),
         ("cards",), "deck.toml: profile.add: expected at most"),
    Case("front-matter-alias-bomb", rules("Text.\n", "a: &a [x, x, x]\nb: [*a, *a, *a]\n"), ("booklet",),
         "house.md:4: front matter is not valid YAML (aliases"),
    # 4/5. bad values, messages
    Case("house-rule-nan", toml("[house_rules.golf]\nking_points = nan\n"), ("cards",),
         "deck.toml: house_rules.golf.king_points: expected a finite number"),
    Case("house-rule-inf", then(rules("Text.\n"), toml("[house_rules.golf]\nante = -inf\n")), ("check", "house.md"),
         "deck.toml: house_rules.golf.ante: expected a finite number"),
    Case("score-rule-nan", lambda d, o: None, ("score", "gin-rummy", "--knocker", "A♠ 2♠ 3♠ 4♥ 5♥ 6♥ 7♣ 8♣ 9♣ K♦",
         "--defender", "A♥ 2♥ 3♥ 4♠ 5♠ 6♠ 7♦ 8♦ 9♦ Q♣", "--rule", "knock_limit=.nan"),
         "--rule 'knock_limit=.nan': expected a finite number (got .nan); .nan and .inf are not allowed"),
    Case("ratings-not-a-number", rules("Text.\n", "ratings: {luck: abc}\n"), ("booklet",),
         "house.md:1: ratings: luck: expected a whole number from 0 to 5, got 'abc'"),
    Case("bleed-true", top("bleed_mm = true\n"), ("cards",), "deck.toml: bleed_mm: expected a number, not true or false"),
    Case("long-name-blames-name", lambda d, o: (d / "deck.toml").write_text(GOOD_TOML.replace(
        "Hostile test deck", "Anna and Bartholomew Wedding Deck Forever " * 5)), ("tin",),
         "error: deck.toml: name: the text 'Anna and Bartholomew"),
    Case("deck-toml-dangling", link("deck.toml", "gone.toml"), ("cards",), "deck.toml: is a link to gone.toml, which does not exist"),
    # issue 35: every file read from the folder by its own name is contained too, and never printed
    Case("deck-toml-link-outside", link("deck.toml", "OUTSIDE/deck.toml"), ("cards",),
         "deck.toml: is a link to "),
    Case("deck-toml-hard-link-outside", hard_link("deck.toml", "deck.toml"), ("cards",),
         "deck.toml: is a hard link to a file outside the deck folder"),
    Case("formats-toml-link-outside", link("formats.toml", "OUTSIDE/deck.toml"), ("cards",),
         "formats.toml: is a link to "),
    Case("formats-toml-sparse-700-mb", sparse("formats.toml", 700 << 20), ("cards",),
         "formats.toml: is 734.0 MB; a TOML file may be at most 1 MB"),
    Case("formats-toml-fifo", fifo("formats.toml"), ("cards",), "formats.toml: is a named pipe (FIFO)"),
    Case("photo-hard-link-outside", hard_link("images/photo.png", "secret.png"), ("cards",),
         "deck.toml: cards.KH.image: images/photo.png: is a hard link to a file outside the deck folder"),
    Case("rules-hard-link-outside", then(rules("Text.\n"), hard_link("house.md", "secret.md")), ("booklet",),
         "deck.toml: booklet.extra_rules: house.md: is a hard link"),
    Case("deck-toml-folder", then(lambda d, o: (d / "deck.toml").unlink(), lambda d, o: (d / "deck.toml").mkdir()),
         ("cards",), "deck.toml: is a folder"),
    Case("house-rule-blamed-on-its-key", lambda d, o: (d / "deck.toml").write_text(
        GOOD_TOML.replace('["golf"]', '["gin-rummy"]') + "\n[house_rules.gin-rummy]\nknock_limit = -5\n"), ("booklet",),
        "error: deck.toml: house_rules.gin-rummy.knock_limit: expected a whole number of at least 0, got -5 "
        "(the worked example at gin-rummy.md:"),
    # a minimum said where the rule is declared (rule(..., minimum=1)), not where canasta reads it
    Case("declared-minimum-blamed-on-its-key", lambda d, o: (d / "deck.toml").write_text(
        GOOD_TOML.replace('["golf"]', '["canasta"]') + "\n[house_rules.canasta]\ngame_points = -5\n"), ("booklet",),
        "error: deck.toml: house_rules.canasta.game_points: expected a whole number of at least 1, got -5 "
        "(the worked example at canasta.md:83 cannot be worked out with it)"),
]
#: Cases that run with the extended checks: huge pictures, and templates that repeat a mechanism a default
#: case already holds (a width in another spelling, another exception).
EXTENDED = {"template-ljust-method", "template-format-nested-width", "template-percent-width", "template-join-wide",
            "template-replace-wide", "template-concat-doubling", "template-split-empty", "template-range-step-zero",
            "template-wordwrap-zero", "template-format-no-arguments",
            # a path out of the folder by another key or spelling, another special file, another template trick
            "card-image-dot-dot", "card-image-symlink", "tin-image-outside", "back-text-font-outside",
            "icc-link-to-dev-zero", "config-fifo", "template-string-times", "template-center-method",
            "template-folded-at-compile-time", "house-rule-inf", "deck-toml-hard-link-outside", "formats-toml-fifo"}


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.extended)
                                  if c.name.startswith("png-9400") or c.name in EXTENDED else c
                                  for c in CASES], ids=[c.name for c in CASES])
def test_hostile_folder_is_one_line_and_changes_nothing(case: Case, deck: Path, outside: Path, good_build) -> None:
    _, good = good_build
    outside_before = tree(outside)
    case.spoil(deck, outside)
    code, out, err, seconds = deckgen_run(deck, *case.args)
    lines = [line for line in err.splitlines() if not line.startswith(CONTEXT_LINES)]
    assert code == 2, (code, out, err)
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert case.expect in lines[0], lines[0]
    for word in ("Traceback", "failed unexpectedly", "RecursionError", "MemoryError", ".tmp", ".staging-"):
        assert word not in err
    assert "hunter2" not in out + err and "Their deck" not in out + err  # nothing of another folder's files
    assert seconds < WALL_SECONDS
    assert tree(deck / "output") == good
    assert tree(outside) == outside_before


def test_output_link_is_refused_and_nothing_is_written_there(deck: Path, outside: Path) -> None:
    elsewhere = outside / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "2C.png").write_bytes(b"someone else's file")
    shutil.rmtree(deck / "output")
    (deck / "output").symlink_to(elsewhere)
    before = tree(outside)
    code, _, err, _ = deckgen_run(deck, "cards")
    assert code == 2 and len(err.splitlines()) == 1
    assert err.startswith("error: output: the output folder is a symbolic link"), err
    assert tree(outside) == before
    # named on the command line it is the person's own choice
    code, _, err, _ = deckgen_run(deck, "tin", "--out", "output", limited=False)
    assert code == 0, err
    assert (elsewhere / "tin" / "lid.png").is_file()


def test_allow_path_widens_the_boundary_on_purpose(deck: Path, outside: Path) -> None:
    (deck / "deck.toml").write_text(GOOD_TOML + f'\n[tin]\nimage = "{outside}/secret.png"\n', encoding="utf-8")
    code, _, err, _ = deckgen_run(deck, "tin")
    assert code == 2 and "--allow-path" in err
    code, _, err, _ = deckgen_run(deck, "tin", "--allow-path", str(outside), limited=False)
    assert code == 0, err


def test_edited_cache_numbers_are_counted_again(tmp_path: Path) -> None:
    """A number edited in output/.cache never reaches the booklet: the checksum fails, it is counted again."""
    from deckgen.booklet.tables import TableCache

    calls: list[int] = []

    def count() -> dict[str, int]:
        calls.append(1)
        return {"pair": 2, "flush": 1}

    folder = tmp_path / ".cache" / "booklet" / "tables"
    assert TableCache(folder)("poker-test", {"cards": 5}, count) == {"pair": 2, "flush": 1}
    (path,) = folder.glob("poker-test-*.json")
    assert TableCache(folder)("poker-test", {"cards": 5}, count) == {"pair": 2, "flush": 1}
    assert len(calls) == 1  # kept, and read back
    for edit in ('{"pair": 999999, "flush": 1}', '{"pair": 2, "flush": null}', "not json"):
        path.write_text(edit, encoding="utf-8")
        again = TableCache(folder)
        assert again("poker-test", {"cards": 5}, count) == {"pair": 2, "flush": 1}
        assert (again.hits, again.misses) == (0, 1)
    assert len(calls) == 4


def test_a_booklet_past_its_page_limit_stops_with_the_limit(tmp_path: Path, monkeypatch) -> None:
    """A rules chapter of runaway length stops the layout at MAX_BOOKLET_PAGES, saying so; no PDF."""
    from reportlab.platypus import PageBreak, Paragraph
    from reportlab.lib.styles import getSampleStyleSheet

    import deckgen.booklet.pdf as pdf
    from deckgen.booklet.pdf import Cover, PageLayout, build_pocket_pdf
    from deckgen.booklet.styles import Palette
    from deckgen.errors import UserError

    monkeypatch.setattr(pdf, "MAX_BOOKLET_PAGES", 6)

    class Long:
        title = "Long"
        flowables = [item for _ in range(20) for item in (Paragraph("a page", getSampleStyleSheet()["Normal"]), PageBreak())]

    target = tmp_path / "rules-pocket.pdf"
    with pytest.raises(UserError) as info:
        build_pocket_pdf(target, Cover(deck_name="Long", title="Long rules"), lambda styles: [Long()], Palette(), PageLayout())
    assert str(info.value) == ("the booklet would have more than 6 pages; shorten [booklet] extra_rules or choose "
                               "fewer games")
    assert list(tmp_path.iterdir()) == []
