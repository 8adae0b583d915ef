"""Containment, round two (issue 35): nothing in a customer's folder is trusted as an instruction.

An output/ folder arrives with the deck folder, so whatever it holds (a staging folder with a
commit manifest, links, a lock's process file) may have been written by anyone. A canary file
outside the deck folder must never be created, moved or changed.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

from deckgen.staging import MANIFEST, recover, staged_build
from deckgen.fileio import write_bytes_atomic
from test_hostile_decks import tree  # tests/ is on sys.path (no package), as pytest puts it

build = importlib.import_module("deckgen.staging")  # the build's staging, commit manifest and lock


@pytest.fixture
def world(tmp_path: Path) -> dict[str, Path]:
    """Two customers side by side: `deck` (with a built output/) and `other`, whose files are canaries."""
    deck, other = tmp_path / "customers" / "deck", tmp_path / "customers" / "other"
    out = deck / "output"
    for name, data in {"cards/AS.png": b"ace", "print/print-shop.pdf": b"pdf"}.items():
        write_bytes_atomic(out / name, data)
    (deck / "deck.toml").write_text('name = "Ours"\n', encoding="utf-8")
    other.mkdir(parents=True)
    (other / "deck.toml").write_text('password = "hunter2"\n', encoding="utf-8")
    return {"deck": deck, "out": out, "other": other, "root": tmp_path}


def _stage(out: Path, name: str = ".staging-1-0") -> Path:
    stage = out / name
    stage.mkdir()
    return stage


def _unsigned(stage: Path, *lines: str) -> None:
    (stage / MANIFEST).write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")


def _signed(out: Path, stage: Path, *lines: str) -> None:
    """A manifest as this user's own build would sign it, whatever paths it names (a forged path
    signed with the real key must still be refused by the path checks)."""
    body = "".join(f"{line}\n" for line in lines).encode("utf-8")
    key = build.commit_key()
    assert key is not None
    signature = build._signature(key, out, stage, body)
    (stage / MANIFEST).write_bytes(f"{build.MANIFEST_HEADER}\n{signature}\n".encode() + body)


def _no_escape(world: dict[str, Path], before: dict[str, str]) -> None:
    assert tree(world["root"] / "customers" / "other") == before
    assert (world["other"] / "deck.toml").read_text(encoding="utf-8") == 'password = "hunter2"\n'
    links = [p for p in world["out"].rglob("*") if p.is_symlink()]
    assert links == [], links
    assert not list(world["out"].glob(".staging-*"))
    assert not list(world["root"].rglob("pwned*"))


@pytest.mark.parametrize("sign", [False, True], ids=["forged", "signed"])
def test_a_shipped_manifest_with_dot_dot_never_moves_a_file_outside(world, sign: bool) -> None:
    """The probe: `sub/../../../other/deck.toml` in output/.staging-1-0/.commit-manifest."""
    out, deck = world["out"], world["deck"]
    before = tree(world["other"])
    (deck / "other").mkdir()
    (deck / "other" / "deck.toml").write_text("pwned = true\n", encoding="utf-8")  # the file it would move
    stage = _stage(out)
    (stage / "sub").mkdir()
    (_signed if sign else lambda o, s, *l: _unsigned(s, *l))(out, stage, "sub/../../../other/deck.toml")
    recover(out)
    _no_escape(world, before)
    assert (deck / "other" / "deck.toml").read_text(encoding="utf-8") == "pwned = true\n"  # not moved either


@pytest.mark.parametrize("sign", [False, True], ids=["forged", "signed"])
def test_a_link_in_shipped_staging_never_reaches_the_output(world, sign: bool) -> None:
    out = world["out"]
    before = tree(world["other"])
    stage = _stage(out)
    (stage / "cards").mkdir()
    (stage / "cards" / "AS.png").symlink_to(world["other"] / "deck.toml")  # would be served by `serve`
    (stage / "L").symlink_to(world["other"])
    (stage / "L2").symlink_to("/")
    lines = ["cards/AS.png", "L/deck.toml", f"L2/..{world['root']}/pwned-abs", f"L/..{world['root']}/pwned-abs2"]
    (_signed if sign else lambda o, s, *l: _unsigned(s, *l))(out, stage, *lines)
    recover(out)
    _no_escape(world, before)
    assert (out / "cards" / "AS.png").read_bytes() == b"ace"


@pytest.mark.parametrize("line", ["/etc/passwd", "{root}/pwned-abs", "./cards/../../../other/deck.toml",
                                  "cards//AS.png", ".deckgen-build", ".staging-2-0/x"])
def test_a_signed_manifest_naming_a_path_that_is_not_plain_is_thrown_away(world, line: str) -> None:
    out = world["out"]
    before = tree(world["other"])
    stage = _stage(out)
    write_bytes_atomic(stage / "cards" / "AS.png", b"their ace")
    _signed(out, stage, "cards/AS.png", line.format(root=world["root"]))
    recover(out)
    _no_escape(world, before)
    assert (out / "cards" / "AS.png").read_bytes() == b"ace"  # nothing of it replayed


def test_a_manifest_signed_for_another_folder_is_not_replayed(world, tmp_path: Path) -> None:
    """An output/ copied from another customer's folder (on the same machine, by the same user)."""
    elsewhere = tmp_path / "elsewhere" / "output"
    stage = _stage(world["out"])
    write_bytes_atomic(stage / "cards" / "AS.png", b"their ace")
    _signed(elsewhere, stage, "cards/AS.png")
    recover(world["out"])
    assert (world["out"] / "cards" / "AS.png").read_bytes() == b"ace"
    assert not list(world["out"].glob(".staging-*"))


def test_a_staging_link_and_a_lock_file_link_are_removed_never_followed(world) -> None:
    out, other = world["out"], world["other"]
    (other / "folder").mkdir()
    (other / "folder" / "keep.txt").write_text("mine", encoding="utf-8")
    before = tree(other)
    (out / ".staging-7-0").symlink_to(other / "folder")
    (out / ".deckgen-build").symlink_to(other / "deck.toml")
    with staged_build(out) as stage:
        write_bytes_atomic(stage.stage / "cards" / "AS.png", b"new ace")
    assert tree(other) == before
    assert (out / "cards" / "AS.png").read_bytes() == b"new ace"
    assert not [p for p in out.iterdir() if p.is_symlink() or p.name.startswith((".staging-", ".deckgen-build"))]


def test_the_commit_key_is_kept_outside_the_folder_for_this_user_only() -> None:
    key = build.commit_key()
    assert key is not None and len(key) >= 32
    path = build._key_path()
    assert path.is_file() and not path.is_symlink()
    assert path.stat().st_mode & 0o077 == 0


# ----------------------------------------------------------------------------- files read from the folder


def test_a_file_with_two_names_inside_the_folder_is_an_ordinary_file(tmp_path: Path) -> None:
    from deckgen.paths import Boundary, hard_link_problem

    deck = tmp_path / "deck"
    (deck / "images").mkdir(parents=True)
    (deck / "images" / "cat.png").write_bytes(b"cat")
    os.link(deck / "images" / "cat.png", deck / "images" / "cat-copy.png")
    assert hard_link_problem(deck / "images" / "cat.png", Boundary.of(deck)) is None
    (tmp_path / "elsewhere").mkdir()
    os.link(deck / "images" / "cat.png", tmp_path / "elsewhere" / "cat.png")  # a third name, outside
    problem = hard_link_problem(deck / "images" / "cat.png", Boundary.of(deck))
    assert problem is not None and "3 names, 2 of them inside" in problem
    # an allowed folder counts as inside
    assert hard_link_problem(deck / "images" / "cat.png", Boundary.of(deck, [tmp_path / "elsewhere"])) is None


def test_check_of_a_folder_never_follows_a_link_to_markdown_outside(tmp_path: Path) -> None:
    from deckgen.booklet.check import check_paths

    outside = tmp_path / "other"
    outside.mkdir()
    (outside / "secret.md").write_text("# Secret\n\nroot:x:0:0\n\n```deckgen\ngame: golf\nexpect: {}\n```\n",
                                       encoding="utf-8")
    docs = tmp_path / "deck" / "docs"
    docs.mkdir(parents=True)
    (docs / "ours.md").write_text("# Ours\n\nNo examples.\n", encoding="utf-8")
    (docs / "secret.md").symlink_to(outside / "secret.md")
    (docs / "inside.md").symlink_to(docs / "ours.md")  # a link inside the folder is read
    results = check_paths([docs])
    assert [(Path(r.block.file).name, r.ok) for r in results] == [("secret.md", False)]
    (failure,) = results[0].failures
    assert "is a link to" in failure.message and "outside" in failure.message
    assert "root:x" not in str(failure)


# ----------------------------------------------------------------------------- a killed build's process tree


def _children(pid: int) -> set[int]:
    found: set[int] = set()
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as handle:
                found.update(int(p) for p in handle.read().split())
        except OSError:
            continue
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux's /proc to see the build's workers")
def test_a_build_killed_during_its_pool_leaves_no_worker_and_no_lock(tmp_path: Path) -> None:
    """SIGKILL of the main process while the face workers draw: the workers end with it, and the
    next build takes the folder at once (it waited 60 s, then named the dead process)."""
    import signal
    import subprocess
    import sys
    import time

    from test_build_killed import _env

    (tmp_path / "deck.toml").write_text('name = "Killed in the pool"\ndpi = 300\n', encoding="utf-8")
    env = {**_env(), "DECKGEN_LOCK_WAIT": "5"}
    main = subprocess.Popen([sys.executable, "-m", "deckgen.cli", "cards"], cwd=tmp_path, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 120
        while not workers and main.poll() is None and time.monotonic() < deadline:
            workers = _children(main.pid)
            time.sleep(0.005)
        assert workers, "the build ended before its pool started"
        time.sleep(0.3)  # the pool at work
        workers |= _children(main.pid)
        os.kill(main.pid, signal.SIGKILL)
        main.wait()
        killed = time.monotonic()
        while any(_alive(p) for p in workers) and time.monotonic() - killed < 3:
            time.sleep(0.02)
        assert not [p for p in workers if _alive(p)], "a worker outlived the build"
        again = subprocess.run([sys.executable, "-m", "deckgen.cli", "cards", "--dpi", "72"], cwd=tmp_path, env=env,
                               capture_output=True, text=True, timeout=300)
        assert again.returncode == 0, again.stderr
        assert "another deckgen build" not in again.stderr and "waiting" not in again.stderr
        assert (tmp_path / "output" / "cards" / "AS.png").is_file()
        assert not list((tmp_path / "output").glob(".staging-*"))
    finally:
        if main.poll() is None:
            os.killpg(main.pid, signal.SIGKILL)
        for pid in workers | _children(main.pid):
            if _alive(pid):  # only where the test failed: no process of it outlives it
                os.kill(pid, signal.SIGKILL)


# ----------------------------------------------------------------------------- every exception is the user's error


def test_check_reports_every_file_whatever_each_template_raises(tmp_path: Path, run) -> None:
    head = "---\ntitle: T\nengine: [golf]\n---\n\n# T\n\n"
    bodies = {"a.md": "{{ 1/0 }}\n", "b.md": "Text.\n\n{{ ''.split('') }}\n", "c.md": "{{ range(1, 10, 0) }}\n",
              "d.md": "{{ 'x'|wordwrap(0) }}\n", "e.md": "{{ '%s'|format }}\n",
              "f.md": "{{ (''|center(999999))|wordwrap(1)|length }}\n"}
    for name, body in bodies.items():
        (tmp_path / name).write_text(head + body, encoding="utf-8")
    code, out, err = run(tmp_path, "check", *bodies)
    assert code == 1, err
    assert "Traceback" not in err and "unexpectedly" not in out + err
    lines = out.splitlines()
    assert lines[-1] == "0 passed, 6 failed"
    assert lines[:-1] == [
        "a.md:8: deckgen: template error: division by zero",
        "b.md:10: deckgen: template error: empty separator",
        "c.md:8: deckgen: template error: range() arg 3 must not be zero",
        "d.md:8: deckgen: template error: invalid width 0 (must be > 0)",
        "e.md:8: deckgen: template error: not enough arguments for format string",
        "f.md:8: deckgen: template stopped: wordwrap() would make a text of 1,999,999 characters; at most 1,000,000",
    ]


def test_widths_are_measured_before_the_text_is_made() -> None:
    from deckgen.limits import TemplateLimit, widened_length

    assert widened_length("center", "x", (10**9,), {}) == 10**9
    assert widened_length("format", "{:>1000000000}", ("x",), {}) == 14 + 10**9
    assert widened_length("format", "%1000000000d", (1,), {}, as_filter=True) == 12 + 10**9
    assert widened_length("indent", "a\nb\nc", (" " * 10,), {}, as_filter=True) == 5 + 3 * 10
    assert widened_length("join", ", ", (["a"] * 4,), {}) == 3 * 2
    assert widened_length("replace", "aaa", ("a", "bb"), {}) == 6
    assert widened_length("upper", "abc", (), {}) is None
    with pytest.raises(TemplateLimit, match="'\\*'"):
        widened_length("format", "%*d", (10**9, 1), {}, as_filter=True)


def test_a_dpi_past_what_print_needs_is_said_with_its_time(tmp_path: Path) -> None:
    import warnings

    from deckgen.steps import dpi_cost, warn_dpi
    from deckgen.config import load_config
    from deckgen.resolve import resolve_design

    for dpi, said in ((300, False), (600, False), (1200, True)):
        (tmp_path / "deck.toml").write_text(f'name = "D"\nprofile = "euchre-24"\ndpi = {dpi}\n', encoding="utf-8")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            warn_dpi(resolve_design(load_config(tmp_path / "deck.toml")))
        assert bool(caught) is said
    (warning,) = caught
    text = str(warning.message)
    assert "dpi = 1200" in text and "16 times the pixels" in text and "24 faces take about" in text
    assert dpi_cost(1200, 24, cores=2) == pytest.approx(21, rel=0.1)  # what the host measured: 21 s


# ----------------------------------------------------------------------------- a full disk


def test_a_temporary_name_in_an_error_is_the_file_asked_for() -> None:
    from deckgen.fileio import shown_path

    pikepdf_said = "<_io.BufferedRandom name='/o/.staging-1-0/tin/.pikepdf..lid.pdf.fsg1_z0h.tmph_v1umxh'>"
    assert shown_path(pikepdf_said) == "/o/.staging-1-0/tin/lid.pdf"
    assert shown_path("/o/print/.print-shop.pdf.x1y2z3.tmp") == "/o/print/print-shop.pdf"
    assert shown_path("/o/print/print-shop.pdf") == "/o/print/print-shop.pdf"


def test_an_error_without_a_file_name_while_writing_names_the_file(tmp_path: Path, monkeypatch) -> None:
    """A full disk found when the file is closed carries no name; the message needs one."""
    from deckgen.fileio import write_bytes_atomic

    def full(self, data):  # what Path.write_bytes raises when the close finds the disk full
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full)
    with pytest.raises(OSError) as info:
        write_bytes_atomic(tmp_path / "cards" / "AS.png", b"x")
    assert info.value.filename == str(tmp_path / "cards" / "AS.png")
    assert not [p for p in (tmp_path / "cards").iterdir()]


@pytest.fixture
def small_disk(tmp_path: Path):
    """A 1 MB file system (tmpfs), where the system lets this process mount one (root on Linux)."""
    import shutil
    import subprocess

    folder = tmp_path / "small"
    folder.mkdir()
    if not shutil.which("mount") or os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs needs root and mount(8)")
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True, text=True)
    if made.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {made.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


def test_a_pdf_saved_on_a_full_disk_is_an_error_naming_it_not_an_abort(small_disk: Path) -> None:
    """QPDF writing the file itself aborted the process (SIGABRT) on a full disk."""
    import subprocess
    import sys

    from test_build_killed import _env

    target = small_disk / "print" / "print-shop.pdf"
    program = (
        "import os, pikepdf\n"
        "from pathlib import Path\n"
        "from deckgen.render.pdfcanvas import save_pdf\n"
        "pdf = pikepdf.new()\n"
        "pdf.add_blank_page()\n"
        "pdf.pages[0].Contents = pdf.make_stream(os.urandom(3 << 20))\n"
        "try:\n"
        f"    save_pdf(pdf, Path({str(target)!r}))\n"
        "except OSError as exc:\n"
        "    print(exc.errno, exc.filename)\n"
    )
    done = subprocess.run([sys.executable, "-c", program], env=_env(), capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.strip() == f"28 {target}"
    assert [p.name for p in target.parent.iterdir()] == []  # no temporary file left


@pytest.mark.slow
def test_a_build_onto_a_full_disk_is_one_line_and_leaves_no_staging(tmp_path: Path) -> None:
    import subprocess
    import sys

    from test_build_killed import _env

    small = tmp_path / "small"
    small.mkdir()
    (tmp_path / "deck.toml").write_text('name = "Disk"\ndpi = 150\n[booklet]\ngames = ["golf"]\n', encoding="utf-8")
    for size in ("4m", "6m", "7m", "9m"):
        if subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(small)]).returncode != 0:
            pytest.skip("cannot mount a tmpfs here")
        try:
            done = subprocess.run([sys.executable, "-m", "deckgen.cli", "build", "--out", str(small / "out")],
                                  cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=600)
            assert done.returncode == 2, (size, done.returncode, done.stderr[-800:])
            (line,) = done.stderr.strip().splitlines()
            assert line.startswith(f"error: {small / 'out'}/") and line.endswith("cannot write there (No space left on device)")
            assert ".tmp" not in line and ".staging-" not in line and "_io." not in line
            assert list(small.iterdir()) == []  # the folder it made, and its staging, removed
        finally:
            subprocess.run(["umount", str(small)], check=False)


# ----------------------------------------------------------------------------- Ctrl-C while starting


@pytest.mark.skipif(not Path("/proc/self/maps").is_file(), reason="needs Linux's /proc to see what the process loaded")
@pytest.mark.parametrize("after", [0.0, 0.05, 0.15])
def test_ctrl_c_while_the_command_starts_says_stopped(tmp_path: Path, after: float) -> None:
    """Ctrl-C in the first tenths of a second (while typer, rich, pydantic are imported) printed a traceback."""
    import subprocess
    import sys
    import time

    from test_build_killed import _env

    process = subprocess.Popen([sys.executable, "-m", "deckgen.cli", "build"], cwd=tmp_path, env=_env(),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    started = False
    while not started and process.poll() is None and time.monotonic() < deadline:
        try:
            started = "pydantic_core" in Path(f"/proc/{process.pid}/maps").read_text()  # deckgen.cli is importing
        except OSError:
            pass
        time.sleep(0.002)
    time.sleep(after)
    process.send_signal(2)
    _, err = process.communicate(timeout=60)
    assert "Traceback" not in err, err[-600:]
    assert process.returncode == 130, (process.returncode, err[-600:])
    assert err.strip().splitlines()[-1].startswith("stopped: ")


def test_the_decoding_budget_counts_the_mode() -> None:
    from deckgen.limits import decoding_bytes, decoding_problem

    assert decoding_problem("RGB", (6000, 3500)) is None  # a 21-megapixel camera photo
    assert decoding_problem("RGB", (4000, 3000)) is None and decoding_problem("L", (5000, 5000)) is None
    assert decoding_bytes("RGBA", (1000, 1000)) > decoding_bytes("RGB", (1000, 1000)) > decoding_bytes("L", (1000, 1000))
    assert decoding_bytes("I;16", (1000, 1000)) > decoding_bytes("L", (1000, 1000))
    for mode in ("RGB", "RGBA", "I;16", "P"):
        problem = decoding_problem(mode, (9400, 9400))
        assert problem is not None and f"9,400 x 9,400 pixels in {mode}" in problem
    assert decoding_problem("RGBA", (4000, 4000)) is not None  # 16 megapixels with alpha: five copies


# ----------------------------------------------------------------------------- the whole build's memory


def test_the_build_memory_limit_is_read_from_the_environment() -> None:
    """Run in a process of its own: the limit holds the process that sets it (never this test's)."""
    import subprocess
    import sys

    from test_build_killed import _env

    program = ("import resource\nfrom deckgen.errors import UserError\nfrom deckgen.limits import limit_memory\n"
               "for value in ('0', 'abc', '100', '512', '2048'):\n"
               "    try:\n        print(value, limit_memory({'DECKGEN_MEMORY_MB': value}))\n"
               "    except UserError as exc:\n        print(value, exc)\n"
               "print('set', resource.getrlimit(resource.RLIMIT_AS)[0] >> 20)\n")
    done = subprocess.run([sys.executable, "-c", program], env=_env(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "0 None",
        "abc DECKGEN_MEMORY_MB='abc': expected a whole number of megabytes (0: no limit)",
        "100 DECKGEN_MEMORY_MB=100: expected at least 256 megabytes (0: no limit)",
        f"512 {512 << 20}",
        f"2048 {512 << 20}",  # a tighter limit already set is kept
        "set 512",
    ]


@pytest.mark.slow
def test_a_build_past_its_memory_limit_ends_in_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys

    from test_build_killed import _env
    from test_hostile_decks import GOOD_TOML, _flat_png

    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "photo.png").write_bytes(_flat_png(4500, 2))  # 20 megapixels: within the photo budget
    (tmp_path / "deck.toml").write_text(GOOD_TOML, encoding="utf-8")
    env = {**_env(), "DECKGEN_MEMORY_MB": "300"}
    done = subprocess.run([sys.executable, "-m", "deckgen.cli", "build"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 2, done.stderr[-500:]
    assert done.stderr.strip().splitlines() == [
        "error: this deck needs more memory than deckgen may use here; make the photos smaller or the deck shorter. "
        "The output folder is unchanged."]
    assert not (tmp_path / "output").exists()
    done = subprocess.run([sys.executable, "-m", "deckgen.cli", "build"], cwd=tmp_path, env=_env(),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-500:]  # under the default 1 GB it builds
