"""Incremental builds (issue 15, item 1): a rebuild rewrites exactly the files whose inputs changed.

One small deck with two court photos is built once; each test works on a copy of its folder
(copies keep modification times, so the copy's output is current) and checks which files a
rebuild touched, by modification time and by content.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from deckgen.buildcache import RECORD, FileHashes, unit_keys
from deckgen.config import load_config
from deckgen.resolve import resolve_design
from cli_run import run_cli  # tests/ is on sys.path, as pytest puts it
from photo_samples import astronaut, couple_landscape

DECK = """name = "Ana & Ben"
dpi = 72
profile = "euchre-24"
[print]
paper = "a4"
[booklet]
games = ["poker"]
[cards.KC]
image = "images/king.png"
[cards.QH]
image = "images/queen.png"
"""


def _state(out: Path) -> dict[str, tuple[int, bytes]]:
    """Every output file (not the caches) by path: its modification time and its bytes."""
    return {p.relative_to(out).as_posix(): (p.stat().st_mtime_ns, p.read_bytes())
            for p in sorted(out.rglob("*")) if p.is_file() and ".cache" not in p.relative_to(out).parts}


def _changed(before: dict[str, tuple[int, bytes]], after: dict[str, tuple[int, bytes]]) -> tuple[set[str], set[str]]:
    """(files whose modification time changed, files whose bytes changed)."""
    assert set(before) == set(after)
    return ({k for k in before if before[k][0] != after[k][0]}, {k for k in before if before[k][1] != after[k][1]})


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    deck = tmp_path_factory.mktemp("deck")
    (deck / "deck.toml").write_text(DECK, encoding="utf-8")
    (deck / "images").mkdir()
    astronaut().save(deck / "images" / "king.png")
    couple_landscape(900).save(deck / "images" / "queen.png")
    code, _, err = run_cli(deck, "build")
    assert code == 0, err
    return deck


@pytest.fixture
def deck(built, tmp_path) -> Path:
    copy = tmp_path / "deck"
    shutil.copytree(built, copy)  # copy2: modification times kept to the nanosecond
    return copy


def test_nothing_changed_rewrites_nothing(run, deck: Path) -> None:
    out = deck / "output"
    before = _state(out)
    code, stdout, _ = run(deck, "build")
    assert code == 0
    assert _changed(before, _state(out)) == (set(), set())
    assert "Nothing to rebuild: the 34 files in output are current" in stdout


def test_one_photo_replaced_rewrites_that_card_and_the_files_that_contain_it(run, deck: Path) -> None:
    out = deck / "output"
    before = _state(out)
    astronaut().transpose(0).save(deck / "images" / "king.png")  # the king's photo, mirrored
    code, stdout, _ = run(deck, "build")
    assert code == 0
    touched, different = _changed(before, _state(out))
    contain_the_king = {"cards/KC.png", "preview/crops.png", "preview/contact-sheet.png", "print/print-shop.pdf",
                        "print/sheets-a4.pdf", "booklet/rules-pocket.pdf", "booklet/rules-pocket-imposed-a4.pdf",
                        "booklet/rules-pocket-imposed-letter.pdf"}
    assert touched == contain_the_king
    assert {"cards/KC.png", "preview/crops.png", "preview/contact-sheet.png"} <= different <= contain_the_king
    assert "faces: 1 rebuilt, 23 current" in stdout
    assert "= backs: current" in stdout and "= tin lid: current" in stdout


@pytest.mark.extended  # a whole build or two: CI runs it with the heavier checks
def test_force_rewrites_everything_with_the_same_bytes(run, deck: Path) -> None:
    out = deck / "output"
    before = _state(out)
    code, _, _ = run(deck, "build", "--force")
    assert code == 0
    touched, different = _changed(before, _state(out))
    assert touched == set(before)
    assert different == set()  # reproducible: a forced rebuild gives the same bytes


@pytest.mark.extended
def test_an_edited_record_is_recomputed_not_trusted(run, deck: Path) -> None:
    out = deck / "output"
    record = json.loads((out / RECORD).read_text(encoding="utf-8"))
    # someone makes the king's face look current for a photo it was not drawn from
    astronaut().transpose(0).save(deck / "images" / "king.png")
    design = resolve_design(load_config(deck / "deck.toml"))
    record["body"]["units"]["face:KC"]["key"] = unit_keys(design, FileHashes(), record["body"]["code"])["face:KC"]
    (out / RECORD).write_text(json.dumps(record), encoding="utf-8")
    before = _state(out)
    code, stdout, _ = run(deck, "build")
    assert code == 0
    touched, _ = _changed(before, _state(out))
    assert set(before) == touched  # the checksum did not match: every unit rebuilt
    (out / RECORD).write_text("{not json", encoding="utf-8")
    code, stdout, _ = run(deck, "build")
    assert code == 0 and "Nothing to rebuild" not in stdout


def test_an_output_edited_by_hand_is_rebuilt(run, deck: Path) -> None:
    out = deck / "output"
    good = (out / "cards" / "QH.png").read_bytes()
    (out / "cards" / "QH.png").write_bytes(b"not a png")
    code, stdout, _ = run(deck, "build")
    assert code == 0 and "faces: 1 rebuilt, 23 current" in stdout
    assert (out / "cards" / "QH.png").read_bytes() == good


@pytest.mark.extended  # a whole build or two: CI runs it with the heavier checks
def test_a_build_killed_after_its_commit_before_its_record_rebuilds_correctly(run, deck: Path, monkeypatch) -> None:
    """The lie to avoid: photo B built and committed, the record still the one of photo A; the user
    puts photo A back: the king must be drawn again, not declared current."""
    out = deck / "output"
    original = (out / "cards" / "KC.png").read_bytes()
    photo_a = (deck / "images" / "king.png").read_bytes()
    astronaut().transpose(0).save(deck / "images" / "king.png")

    def killed(self) -> None:
        raise KeyboardInterrupt  # the process dies between the commit and the full record

    monkeypatch.setattr("deckgen.buildcache.IncrementalBuild.commit", killed)
    run(deck, "build")
    assert (out / "cards" / "KC.png").read_bytes() != original  # photo B's king is in place
    monkeypatch.undo()
    (deck / "images" / "king.png").write_bytes(photo_a)
    code, stdout, _ = run(deck, "build")
    assert code == 0
    assert (out / "cards" / "KC.png").read_bytes() == original
    assert "faces: 1 rebuilt, 23 current" in stdout
    before = _state(out)
    run(deck, "build")
    assert _changed(before, _state(out)) == (set(), set())


def test_the_keys_are_a_plain_function_of_the_design_and_its_files(built: Path) -> None:
    design = resolve_design(load_config(built / "deck.toml"))
    first, again = unit_keys(design), unit_keys(design)
    assert first == again
    assert len([k for k in first if k.startswith("face:")]) == 24
    assert {"crop review", "backs", "tin lid", "booklet", "print files"} <= set(first)


@pytest.mark.extended  # a whole build or two: CI runs it with the heavier checks
def test_print_parts_are_kept_per_face_and_only_the_changed_card_is_drawn_again(run, deck: Path, monkeypatch) -> None:
    """The print step draws a face again (without its symbols, for the PDFs' picture layer) only when
    that face changed; a damaged kept part is drawn again, and the files come out the same."""
    import deckgen.render.printparts as printparts

    out = deck / "output"
    drawn: list[str] = []
    made = printparts._made
    monkeypatch.setattr(printparts, "_made", lambda design, code, *rest: drawn.append(code) or made(design, code, *rest))
    monkeypatch.setattr("os.cpu_count", lambda: 1)  # in this process, so the calls are seen
    astronaut().transpose(0).save(deck / "images" / "king.png")
    assert run(deck, "build")[0] == 0
    assert drawn == ["KC"]
    parts = out / printparts.CACHE
    assert len(list(parts.glob("*-thumb.png"))) == 24  # the king's old parts are gone, the new ones kept
    before = _state(out)
    drawn.clear()
    damaged = next(parts.glob("*-cmyk-*.bin"))
    damaged.write_bytes(damaged.read_bytes()[:-10] + b"0123456789")
    for path in parts.glob("*-thumb.png"):
        path.unlink()  # gone: made again from the face PNGs
    assert run(deck, "build", "--force")[0] == 0
    assert len(drawn) == 1 and drawn[0] in ("KC", "QH")  # the face whose kept picture was damaged, alone
    touched, different = _changed(before, _state(out))
    assert different == set()  # the same bytes from kept and from freshly made parts


@pytest.mark.extended  # a whole build again: CI runs it with the heavier checks
def test_a_replaced_photo_reuses_the_booklet_layout_with_the_same_bytes(run, deck: Path, monkeypatch) -> None:
    """The booklet shows the king (its cover fans the deck's photo cards): a new king photo attaches the
    new picture to the booklet laid out before, with no example checked or page laid out again, and
    gives the bytes a booklet laid out afresh gives."""
    import deckgen.booklet.build as booklet

    out = deck / "output"
    lay_out = booklet._lay_out

    def refused(*args: object) -> None:
        raise AssertionError("the booklet was laid out again")

    monkeypatch.setattr(booklet, "_lay_out", refused)  # a forked child has it too: it would fail the build
    astronaut().transpose(0).save(deck / "images" / "king.png")
    code, _, err = run(deck, "build")
    assert code == 0, err
    kept = {name: (out / "booklet" / name).read_bytes() for name in ("rules-pocket.pdf", "rules-pocket-imposed-a4.pdf")}
    layout = out / ".cache" / "booklet" / booklet.LAYOUT_FILE
    layout.write_bytes(layout.read_bytes()[:-10] + b"0123456789")  # damaged: not trusted, laid out again
    monkeypatch.setattr(booklet, "_lay_out", lay_out)
    assert run(deck, "booklet")[0] == 0
    assert {name: (out / "booklet" / name).read_bytes() for name in kept} == kept


def test_shapes_kept_as_json_come_back_equal() -> None:
    from deckgen.cards import parse_card
    from deckgen.render.faces import render_face
    from deckgen.render.vectorshapes import PathShape, SuitShape, TextShape
    from deckgen.render.printparts import _from_json, _to_json
    from deckgen.config import demo_config

    design = resolve_design(demo_config()).at_dpi(30)
    for code in ("AS", "10H", "KC", "JK1"):
        shapes: list = []
        render_face(design, parse_card(code), vectors=shapes)
        back = _from_json(json.loads(json.dumps(_to_json(tuple(shapes)))))
        assert back == tuple(shapes)
        kinds = {type(s) for s in back}
        assert kinds <= {SuitShape, TextShape, PathShape} and kinds


def test_shapes_kept_with_their_path_code_draw_the_same_pdf() -> None:
    """A face's kept parts hold each outline as PDF path code, worked out once, and no contours: they
    come back from JSON equal and draw the same page as the shapes traced from their contours."""
    import io

    from deckgen.cards import parse_card
    from deckgen.config import demo_config
    from deckgen.render.faces import render_face
    from deckgen.render.vectorshapes import PathShape, with_code
    from deckgen.render.facevector import draw_shapes, press_colours
    from deckgen.render.pdfcanvas import canvas_bytes, new_canvas
    from deckgen.render.printparts import _from_json, _to_json

    design = resolve_design(demo_config()).at_dpi(30)
    shapes: list = []
    render_face(design, parse_card("KC"), vectors=shapes)
    kept = _from_json(json.loads(json.dumps(_to_json(tuple(with_code(s) for s in shapes)))))
    paths = [s for s in kept if isinstance(s, PathShape)]
    assert len(paths) > 10 and all(s.code and s.contours == () for s in paths)

    def page(drawn: tuple) -> bytes:
        buffer = io.BytesIO()
        canvas = new_canvas(buffer, (59.0, 91.0), "t")
        canvas.setPageCompression(0)
        draw_shapes(canvas, drawn, (0.0, 258.0), press_colours(None, (0, 0, 0), 300))
        return canvas_bytes(canvas, buffer)

    assert page(kept) == page(tuple(shapes))
