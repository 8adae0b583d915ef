"""The `init`, `cards` and `build` commands: what they write, what they say, exit codes."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from deckgen.units import mm_to_px

SIZE_72 = (mm_to_px(65, 72), mm_to_px(97, 72))


def pngs(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.png")) if folder.exists() else []


@pytest.mark.parametrize("command", ["init", "cards", "build"])
def test_help_gives_an_example(run, tmp_path, command):
    code, out, _ = run(tmp_path, command, "--help")
    assert code == 0
    assert "Example: deckgen " + command in " ".join(out.split())


def test_init_then_cards(run, tmp_path):
    code, out, _ = run(tmp_path, "init", "gift")
    assert code == 0
    toml = tmp_path / "gift" / "deck.toml"
    assert toml.is_file() and (tmp_path / "gift" / "images").is_dir()
    assert 'name = "Gift"' in toml.read_text()
    code, out, err = run(tmp_path / "gift", "cards", "--dpi", "72")
    assert code == 0, err
    files = pngs(tmp_path / "gift" / "output" / "cards")
    assert len(files) == 54
    assert "faces: 54 files in output/cards" in out
    with Image.open(files[0]) as im:
        assert im.size == SIZE_72


def test_init_refuses_to_overwrite(run, tmp_path):
    (tmp_path / "deck.toml").write_text("# mine\n")
    code, _, err = run(tmp_path, "init")
    assert code == 2
    assert err.strip() == "error: deck.toml: already exists; edit it, or use --force to start again"
    assert (tmp_path / "deck.toml").read_text() == "# mine\n"
    code, _, _ = run(tmp_path, "init", "--force")
    assert code == 0 and "[colours]" in (tmp_path / "deck.toml").read_text()


def test_init_with_a_theme(run, tmp_path):
    code, _, err = run(tmp_path, "init", "w", "--theme", "wedding")
    assert code == 0, err
    assert 'theme = "wedding"' in (tmp_path / "w" / "deck.toml").read_text()
    code, _, err = run(tmp_path, "init", "x", "--theme", "halloween-ish")
    assert code == 2
    assert err.startswith("error: --theme: unknown theme 'halloween-ish': expected one of plain, anniversary,")
    assert not (tmp_path / "x" / "deck.toml").exists()


@pytest.mark.extended  # the whole demo build: the README quick start test builds it too
def test_build_without_deck_toml_builds_the_demo(run, tmp_path):
    code, out, err = run(tmp_path, "build", "--dpi", "72")
    assert code == 0, err
    assert "No deck.toml here: using the built-in demo deck (deckgen init starts your own)." in err
    faces = sorted(p.name for p in (tmp_path / "output" / "cards").glob("[0-9AJQK]*.png"))
    assert len(faces) == 54 and "AS.png" in faces and "JK2.png" in faces


def _bomb(path: Path) -> None:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", 40000, 40000, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 10)) + chunk(b"IEND", b""))


def _bad_inputs(tmp_path: Path) -> list[tuple[str, str]]:
    """(deck.toml text, the start of the error line)."""
    (tmp_path / "images").mkdir()
    Image.new("RGB", (900, 1200), (120, 30, 60)).save(tmp_path / "images" / "ok.jpg", quality=90)
    data = (tmp_path / "images" / "ok.jpg").read_bytes()
    (tmp_path / "images" / "cut.jpg").write_bytes(data[: len(data) // 3])
    (tmp_path / "images" / "junk.png").write_bytes(b"\x89PNG\r\n\x1a\n not really")
    _bomb(tmp_path / "images" / "huge.png")
    return [
        ('[cards.QH]\nimage = "images/gone.jpg"\n', "error: deck.toml: cards.QH.image: images/gone.jpg: image file not found"),
        ('[cards.QH]\nimage = "images/cut.jpg"\n', "error: deck.toml: cards.QH.image: images/cut.jpg: image file is truncated"),
        ('[cards.KS]\nimage = "images/junk.png"\n', "error: deck.toml: cards.KS.image: images/junk.png: not an image"),
        ('[faces]\njoker_image = "images/huge.png"\n', "error: deck.toml: faces.joker_image: images/huge.png: image is too large"),
        ('[cards.XQ]\ntext = "who"\n', "error: deck.toml: cards.XQ: 'XQ' is not a card"),
        ('[colours]\nred = "reddish"\n', "error: deck.toml: colours.red: 'reddish' is not a colour"),
        ('font = "fonts/none.ttf"\n', "error: deck.toml: font: fonts/none.ttf: file not found"),
        ('profile = "farmer-45"\n[cards.8C]\ntext = "x"\n', "error: deck.toml: cards.8C: the 'farmer-45' deck has no card 8C"),
    ]


def test_bad_input_exits_2_with_one_line_and_writes_nothing(run, tmp_path):
    for text, start in _bad_inputs(tmp_path):
        (tmp_path / "deck.toml").write_text(text)
        for command in ("cards", "build"):
            code, out, err = run(tmp_path, command, "--dpi", "72")
            assert code == 2, (text, err)
            assert err.startswith(start), (err, start)
            assert err.count("\n") == 1 and "Traceback" not in err
            assert pngs(tmp_path / "output") == []


def test_small_photo_warns_but_builds(run, tmp_path):
    (tmp_path / "images").mkdir()
    Image.new("RGB", (100, 100), (120, 30, 60)).save(tmp_path / "images" / "tiny.png")
    (tmp_path / "deck.toml").write_text('[cards.KD]\nimage = "images/tiny.png"\nmode = "full"\n')
    code, out, err = run(tmp_path, "cards", "--dpi", "72")
    assert code == 0
    assert " ".join(err.split()) == (
        "warning: deck.toml: cards.KD.image: images/tiny.png: the photo is 100 x 100 px but "
        f"its place on the card needs at least {SIZE_72[0]} x {SIZE_72[1]} px at 72 DPI; it will print soft"
    )
    assert len(pngs(tmp_path / "output" / "cards")) == 54
    assert (tmp_path / "output" / "preview" / "crops.png").is_file()
    assert f"Check the photo crops: {Path('output') / 'preview' / 'crops.png'}" in out


def test_same_input_same_bytes(run, tmp_path):
    (tmp_path / "images").mkdir()
    Image.new("RGB", (600, 800), (20, 120, 60)).save(tmp_path / "images" / "k.jpg")
    (tmp_path / "deck.toml").write_text('profile = "euchre-24"\n[cards.KC]\nimage = "images/k.jpg"\n')
    assert run(tmp_path, "cards", "--dpi", "100", "--out", "a")[0] == 0
    assert run(tmp_path, "cards", "--dpi", "100", "--out", "b", "--jobs", "1")[0] == 0
    a, b = pngs(tmp_path / "a"), pngs(tmp_path / "b")
    assert len(a) == 24 + 1  # the faces and the crop review
    assert [p.read_bytes() for p in a] == [p.read_bytes() for p in b]


def test_a_write_error_names_the_real_file_not_the_temporary_one(tmp_path, monkeypatch):
    import errno

    from deckgen.fileio import write_bytes_atomic

    def full_disk(self, data):
        raise OSError(errno.ENOSPC, "No space left on device", str(self))

    monkeypatch.setattr(Path, "write_bytes", full_disk)
    target = tmp_path / "out" / "AS.png"
    with pytest.raises(OSError) as info:
        write_bytes_atomic(target, b"x")
    assert info.value.filename == str(target)
    assert list((tmp_path / "out").iterdir()) == []


@pytest.mark.parametrize(
    ("image", "said"),
    [
        ("groom.jpg", 'groom.jpg: image file not found; did you mean "images/groom.jpg"?'),  # the wrong folder
        ("images/Couple2.JPG", 'images/Couple2.JPG: image file not found; did you mean "images/couple2.jpg"?'),  # case
        ("Images/couple2.jpg", 'Images/couple2.jpg: image file not found; did you mean "images/couple2.jpg"?'),
        ("images/grom.jpg", 'images/grom.jpg: image file not found; did you mean "images/groom.jpg"?'),  # a typo
        ("images/wedding-cake.jpg", "images/wedding-cake.jpg: image file not found"),  # nothing near: no guess
        ("images/ben.heic", "images/ben.heic: is an HEIC photo (the iPhone's own format), which deckgen cannot read; "
                            "save it as a JPEG (open it and export or share it as JPEG), or set the iPhone's camera to "
                            "\"Most Compatible\" (Settings > Camera > Formats) so that new photos are JPEGs"),
    ],
)
def test_a_photo_that_cannot_be_used_is_named_as_written_with_the_file_meant(run, tmp_path, image, said):
    (tmp_path / "images").mkdir()
    for name in ("groom.jpg", "couple2.jpg"):
        Image.new("RGB", (60, 80), (120, 30, 60)).save(tmp_path / "images" / name)
    (tmp_path / "images" / "ben.heic").write_bytes(b"\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic" + bytes(64))
    (tmp_path / "deck.toml").write_text(f'[cards.KH]\nimage = "{image}"\n')
    code, out, err = run(tmp_path, "cards", "--dpi", "72")
    assert (code, err) == (2, f"error: deck.toml: cards.KH.image: {said}\n")
    assert pngs(tmp_path / "output") == []
