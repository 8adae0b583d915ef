"""Fixtures shared by the test modules."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

# Keep compiled modules in __pycache__ (as an installed deckgen has them), in these processes and in the
# `python -m deckgen...` processes the tests start (builds, servers, the booklet's child), even where
# PYTHONDONTWRITEBYTECODE is set: without them every process compiled every deckgen module it imported,
# and pytest rewrote every test module again, several seconds of CPU per process. Python checks each
# kept file against its source, so an edited module is compiled again.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

from deckgen.cli import main, plain_console  # noqa: E402
from deckgen.config import ConfigError, load_config  # noqa: E402

#: The test files that take longest (seconds of CPU, and of waiting on the build processes and the
#: browser they start), longest first. `--dist loadfile` hands whole files to the two workers in the
#: order they were collected (`--no-loadscope-reorder` keeps it: xdist would otherwise hand out first
#: the files with the most tests, which are short engine tests, and leave these for last, where one
#: long file keeps a worker busy while the other has nothing left to do). With these first, the many
#: short files fill in at the end and both workers finish together. A new long file belongs here.
LONGEST_FIRST = (
    "test_hostile_decks.py", "test_serve.py", "test_incremental.py", "test_shop_files.py", "test_pdf_strict.py",
    "test_seams.py", "test_batch.py", "test_pipeline.py",
    "test_ink_stack.py", "test_serve_browser.py",
    "test_user_flows.py", "test_build_killed.py", "test_serve_edits.py", "test_print.py", "test_cli_faces.py",
    "test_tuckbox.py", "test_tin.py", "test_faces.py", "test_photos.py", "test_photo_framing.py",
    "test_engine_review.py", "test_booklet.py", "test_backs.py", "test_serve_start.py", "test_courts.py",
)


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects: the marks added here count
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the files in LONGEST_FIRST first, in that order; the others after them, in their own order.
    A test that needs a program outside Python (Ghostscript, MuPDF, chromium) is one of the extended
    checks too: the default run is the same on a bare machine and in CI, which runs those with `-m extended`."""
    for item in items:
        if any(item.get_closest_marker(name) for name in ("ghostscript", "mupdf", "browser")):
            item.add_marker(pytest.mark.extended)
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))  # a stable sort: tests keep their order in a file


@pytest.fixture(autouse=True, scope="session")
def _no_flush_to_disk() -> Iterator[None]:
    """os.fsync only checks its file descriptor, in the test processes (and the build workers they fork).

    deckgen flushes every file it writes to the disk before renaming it into place, so that a power cut
    never leaves a half-written file. No test can cut the power, and the tests write thousands of files
    into temporary folders: waiting for the disk cost seconds of the suite's time (10 s in test_shop_files
    and test_print alone on a busy disk). Builds run as separate `python -m deckgen.cli` processes still flush."""
    real = os.fsync
    os.fsync = os.fstat  # type: ignore[assignment]  # a bad descriptor still fails, as fsync fails
    try:
        yield
    finally:
        os.fsync = real


@pytest.fixture
def run(monkeypatch, capsys) -> Callable[..., tuple[int, str, str]]:
    """`run(cwd, *args, columns=None)` runs `deckgen ARGS` in-process from `cwd` through main();
    returns (exit code, stdout, stderr). `columns` sets the terminal width tables are drawn at
    (what COLUMNS=... does for a separate process)."""

    def run_deckgen(cwd: Path, *args: str, columns: int | None = None) -> tuple[int, str, str]:
        monkeypatch.chdir(cwd)
        monkeypatch.setattr("sys.argv", ["deckgen", *args])
        if columns is not None:
            monkeypatch.setattr("deckgen.cli.common.console", plain_console(width=columns))
            monkeypatch.setattr("deckgen.cli.common.err_console", plain_console(stderr=True, width=columns))
        code = 0
        try:
            main()
        except SystemExit as exc:
            code = int(exc.code or 0)
        out, err = capsys.readouterr()
        return code, out, err

    return run_deckgen


@pytest.fixture
def write_deck(tmp_path) -> Callable[[str], Path]:
    """`write_deck(text)` writes `text` to tmp_path/deck.toml and returns its path."""

    def write(text: str) -> Path:
        path = tmp_path / "deck.toml"
        path.write_text(text, encoding="utf-8")
        return path

    return write


@pytest.fixture
def bad_config(write_deck) -> Callable[[str, str, str], None]:
    """`bad_config(toml, key, expected)`: loading that deck.toml is a ConfigError on `key` whose
    message starts with the file and the key and says `expected`."""

    def check(toml: str, key: str, expected: str) -> None:
        path = write_deck(toml)
        with pytest.raises(ConfigError) as info:
            load_config(path)
        assert info.value.key == key
        assert str(info.value).startswith(f"{path}: {key}: ")
        assert expected in str(info.value)

    return check
