"""A failed build changes nothing (issue 18, item 4): staging, commit, recovery and the lock.

The fast tests drive deckgen.staging.staged_build with small steps of their own; the slow
ones kill real `deckgen build` processes (kill -9 at random moments, Ctrl-C, two builds
into one folder) and compare the output with a clean build, byte for byte.
"""

from __future__ import annotations

import fcntl
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from deckgen.staging import BuildBusy, output_lock, recover, staged_build
from deckgen.errors import UserError
from deckgen.fileio import write_bytes_atomic
from test_hostile_decks import REPO, tree  # tests/ is on sys.path (no package), as pytest puts it


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def previous(tmp_path) -> Path:
    """An output folder as a good build left it."""
    out = tmp_path / "output"
    for name, data in {"cards/AS.png": b"ace", "cards/2C.png": b"two", "print/print-shop.pdf": b"pdf",
                       ".cache/booklet/tables/t.json": b"{}"}.items():
        write_bytes_atomic(out / name, data)
    return out


def test_a_build_that_fails_in_its_last_step_leaves_the_output_as_it_was(previous: Path) -> None:
    before = tree(previous)
    with pytest.raises(OSError) as info:
        with staged_build(previous) as stage:
            write_bytes_atomic(stage.stage / "cards" / "AS.png", b"new ace")  # the faces step
            (stage.stage / "cards" / "2C.png").unlink()  # a stale face removed
            # the print step fills the disk
            raise OSError(28, "No space left on device", str(stage.stage / "print" / "print-shop.pdf"))
    assert tree(previous) == before
    assert info.value.filename == str(previous / "print" / "print-shop.pdf")  # the real file, never the staged one
    assert not list(previous.glob(".staging-*"))


def test_a_failed_build_leaves_no_folder_it_made_and_keeps_those_that_were_there(tmp_path: Path, previous: Path) -> None:
    made = tmp_path / "new" / "deck" / "output"
    with pytest.raises(UserError):
        with staged_build(made) as stage:
            write_bytes_atomic(stage.stage / "cards" / "AS.png", b"ace")
            raise UserError("deck.toml: back.image: missing.jpg: image file not found")
    assert not (tmp_path / "new").exists()
    empty = tmp_path / "empty"
    empty.mkdir()
    before = tree(previous)
    for there in (empty, previous):
        with pytest.raises(UserError):
            with staged_build(there):
                raise UserError("stop")
        assert there.is_dir()
    assert tree(previous) == before and not list(empty.iterdir())


def test_a_deck_that_fails_its_preflight_leaves_no_output_folder(tmp_path: Path, run) -> None:
    (tmp_path / "deck.toml").write_text('[back]\nimage = "missing.jpg"\n', encoding="utf-8")
    code, _out, err = run(tmp_path, "build")
    assert code == 2 and "deck.toml: back.image: missing.jpg: image file not found" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.toml"]


def test_a_full_disk_while_a_pdf_is_saved_names_the_pdf(previous: Path) -> None:
    """pikepdf reports its temporary file as a Python object; the message names the real file."""
    with pytest.raises(OSError) as info:
        with staged_build(previous) as stage:
            with open(stage.stage / "print" / ".pikepdf..print-shop.pdf.r6auq5dp.tmp", "wb+") as handle:
                raise OSError(28, "No space left on device", handle)
    assert info.value.filename == str(previous / "print" / "print-shop.pdf")


def test_a_user_error_naming_a_staged_file_names_the_output_file(previous: Path) -> None:
    with pytest.raises(UserError) as info:
        with staged_build(previous) as stage:
            raise UserError(f"{stage.stage / 'cards' / 'AS.png'}: cannot write there")
    assert str(info.value) == f"{previous / 'cards' / 'AS.png'}: cannot write there"


def test_a_finished_build_replaces_changed_files_keeps_the_rest_and_removes_what_it_removed(previous: Path) -> None:
    kept_inode = (previous / "print" / "print-shop.pdf").stat().st_ino
    with staged_build(previous) as stage:
        assert (stage.stage / "cards" / "2C.png").read_bytes() == b"two"  # the step sees the previous build
        write_bytes_atomic(stage.stage / "cards" / "AS.png", b"new ace")
        (stage.stage / "cards" / "2C.png").unlink()
        write_bytes_atomic(stage.stage / "tin" / "lid.png", b"lid")
        assert stage.real(stage.stage / "tin" / "lid.png") == previous / "tin" / "lid.png"
    assert _files(previous) == {"cards/AS.png": b"new ace", "print/print-shop.pdf": b"pdf", "tin/lid.png": b"lid",
                                ".cache/booklet/tables/t.json": b"{}"}
    assert (previous / "print" / "print-shop.pdf").stat().st_ino == kept_inode  # untouched, not rewritten
    assert sorted(p.name for p in previous.iterdir()) == [".cache", "cards", "print", "tin"]


def test_a_commit_killed_half_way_is_finished_by_the_next_build(previous: Path, monkeypatch) -> None:
    real_replace = os.replace
    calls = {"n": 0}

    def killed_after_one_move(src, dst):
        calls["n"] += 1
        if calls["n"] == 3:  # 1: the manifest, 2: the first output file; then the process dies
            raise KeyboardInterrupt
        return real_replace(src, dst)

    with pytest.raises(KeyboardInterrupt):
        with staged_build(previous) as stage:
            write_bytes_atomic(stage.stage / "cards" / "AS.png", b"new ace")
            write_bytes_atomic(stage.stage / "cards" / "KH.png", b"king")
            write_bytes_atomic(stage.stage / "tin" / "lid.png", b"lid")
            monkeypatch.setattr(os, "replace", killed_after_one_move)
    monkeypatch.undo()
    assert calls["n"] == 3
    assert len(list(previous.glob(".staging-*"))) == 1  # left with its manifest, as a kill leaves it
    recover(previous)  # what the next build does first
    assert _files(previous) == {"cards/AS.png": b"new ace", "cards/2C.png": b"two", "cards/KH.png": b"king",
                                "print/print-shop.pdf": b"pdf", "tin/lid.png": b"lid",
                                ".cache/booklet/tables/t.json": b"{}"}
    assert not list(previous.glob(".staging-*"))


def test_leftovers_of_an_interrupted_build_are_removed_by_the_next_one(previous: Path) -> None:
    before = _files(previous)
    (previous / ".staging-999-0" / "cards").mkdir(parents=True)
    (previous / ".staging-999-0" / "cards" / "AS.png").write_bytes(b"half")
    (previous / "cards" / ".faces-abc123").mkdir()
    (previous / "cards" / ".faces-abc123" / "QH.png").write_bytes(b"")
    (previous / "print" / ".print-shop.pdf.x1y2.tmp").write_bytes(b"")
    (previous / ".deckgen-build").write_text("999\n")
    with staged_build(previous):
        pass
    assert _files(previous) == before
    assert sorted(p.name for p in previous.rglob(".*")) == [".cache"]


def test_a_link_inside_the_output_is_replaced_never_written_through(previous: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.rmtree(previous / "cards")
    (previous / "cards").symlink_to(elsewhere)
    with staged_build(previous) as stage:
        write_bytes_atomic(stage.stage / "cards" / "AS.png", b"ace")
    assert not (previous / "cards").is_symlink()
    assert (previous / "cards" / "AS.png").read_bytes() == b"ace"
    assert list(elsewhere.iterdir()) == []


def test_a_second_build_into_the_same_folder_is_refused_with_the_process_that_holds_it(previous: Path) -> None:
    with output_lock(previous, wait=0):
        assert (previous / ".deckgen-build").read_text().strip() == str(os.getpid())
        # a second open of the folder is another lock holder, as another process would be
        with pytest.raises(BuildBusy) as info:
            with output_lock(previous, wait=0.3):
                pass
    assert str(info.value) == (f"{previous}: another deckgen build (process {os.getpid()}) is writing into this folder; "
                               "wait for it to finish, or build into another folder with --out")
    assert not (previous / ".deckgen-build").exists()
    with output_lock(previous, wait=0):  # released: the next build goes ahead
        pass


def test_a_build_waiting_for_a_folder_that_a_failed_build_removes_makes_it_again(tmp_path: Path) -> None:
    import threading

    out = tmp_path / "new" / "output"
    first_in = threading.Event()

    def first() -> None:  # makes the folder, then fails while the second waits for it
        with pytest.raises(RuntimeError):
            with staged_build(out):
                first_in.set()
                time.sleep(0.3)
                raise RuntimeError("a step failed")

    thread = threading.Thread(target=first)
    thread.start()
    assert first_in.wait(5)
    with staged_build(out) as stage:  # waits, then finds the folder gone and makes it anew
        write_bytes_atomic(stage.stage / "cards" / "AS.png", b"ace")
    thread.join()
    assert (out / "cards" / "AS.png").read_bytes() == b"ace"
    assert not (out / ".deckgen-build").exists()


def test_the_lock_goes_with_the_process(previous: Path) -> None:
    fd = os.open(previous, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    os.close(fd)  # as a killed process's descriptors are closed
    with output_lock(previous, wait=0):
        pass


# ----------------------------------------------------------------------------- whole processes (slow)

#: The incremental build's record holds each output's modification time: the one file two
#: builds of the same deck never share (deckgen.buildcache checks it, not these tests).
BUILD_RECORD = ".cache/build-record.json"


def outputs(folder: Path) -> dict[str, str]:
    """`tree(folder)` without the build record."""
    return {k: v for k, v in tree(folder).items() if k != BUILD_RECORD}


DECK = """\
name = "{name}"
dpi = 72

[booklet]
games = ["golf"]
"""


def _start(cwd: Path, *args: str, wait: str = "120") -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), DECKGEN_LOCK_WAIT=wait)
    return subprocess.Popen([sys.executable, "-m", "deckgen.cli", *args], cwd=cwd, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def _build(cwd: Path, *args: str) -> None:
    proc = _start(cwd, "build", *args)
    out, err = proc.communicate(timeout=900)
    assert proc.returncode == 0, err


def _deck(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "deck.toml").write_text(DECK.format(name=name), encoding="utf-8")
    return folder


def _clean_then_remove(folder: Path) -> dict[str, str]:
    """A clean build in `folder` (the booklet's picture cache is keyed by the deck, so the same
    folder is compared with itself); its output is then removed for the test to build again."""
    _build(folder)
    clean = outputs(folder / "output")
    shutil.rmtree(folder / "output")
    return clean


@pytest.mark.slow
def test_kill_9_at_ten_random_moments_then_a_build_gives_the_clean_bytes(tmp_path) -> None:
    folder = _deck(tmp_path / "deck", "Fault deck")
    clean = _clean_then_remove(folder)
    rng = random.Random(18)
    for _ in range(10):
        proc = _start(folder, "build")
        try:
            proc.wait(timeout=rng.uniform(0.5, 12.0))
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # the build and its worker processes, at once
        proc.communicate()
    _build(folder)
    assert outputs(folder / "output") == clean
    assert not [p for p in (folder / "output").rglob("*") if p.name.startswith((".staging-", ".faces-"))
                or p.name.endswith(".tmp") or p.name == ".deckgen-build"]


@pytest.mark.slow
def test_ctrl_c_says_stopped_exits_130_and_leaves_the_previous_output(tmp_path) -> None:
    folder = _deck(tmp_path / "deck", "Fault deck")
    _build(folder)
    good = outputs(folder / "output")
    (folder / "deck.toml").write_text(DECK.format(name="Another name"), encoding="utf-8")
    proc = _start(folder, "build")
    time.sleep(6.0)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    if proc.returncode == 0:
        pytest.skip("the build finished before Ctrl-C on this machine")
    assert proc.returncode == 130, err
    assert err.strip().splitlines()[-1] == (
        "stopped: the output folder is as the last finished build left it (nothing is half-written)")
    assert outputs(folder / "output") == good


@pytest.mark.slow
def test_two_builds_into_one_folder_never_mix(tmp_path) -> None:
    first, second = _deck(tmp_path / "a", "First deck"), _deck(tmp_path / "b", "Second deck")
    shared = tmp_path / "shared"
    a = _start(first, "build", "--out", str(shared))
    time.sleep(1.0)
    b = _start(second, "build", "--out", str(shared))
    _, err_a = a.communicate(timeout=900)
    _, err_b = b.communicate(timeout=900)
    assert a.returncode == 0, err_a
    assert b.returncode == 0, err_b
    waited = [name for name, err in (("first", err_a), ("second", err_b)) if "waiting: another deckgen build (process " in err]
    assert len(waited) == 1, (err_a, err_b)  # one of them waited for the other, saying for which process
    last = first if waited == ["first"] else second
    _build(last, "--out", str(tmp_path / "alone"))
    assert outputs(shared) == outputs(tmp_path / "alone")  # exactly the deck that committed last, nothing of the other


def test_every_step_tells_the_progress_bar_how_much_work_it_has() -> None:
    # the steps load their renderers when they run; their counts of work must come along
    from deckgen.steps import STEPS, step_units
    from deckgen.config import demo_config
    from deckgen.resolve import resolve_design

    tin = resolve_design(demo_config())
    tuck = resolve_design(demo_config(overrides={"card": {"format": "poker"}}))
    assert {label: step_units(f, tin) for label, f in STEPS} == {
        "faces": 54, "backs": 1, "tin lid": 2, "tuck box": 0, "booklet": 6, "score pads": 0, "reference cards": 0,
        "print files": 4}
    reference = resolve_design(demo_config(overrides={"reference": {"cards": ["gin-scoring"]}, "pads": {"games": ["bridge"]}}))
    assert (step_units(dict(STEPS)["reference cards"], reference), step_units(dict(STEPS)["score pads"], reference)) == (1, 1)
    assert (step_units(dict(STEPS)["tin lid"], tuck), step_units(dict(STEPS)["tuck box"], tuck)) == (0, 3)
