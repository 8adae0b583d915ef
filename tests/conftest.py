"""Fixtures shared by the test modules."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from deckgen.cli import main


@pytest.fixture
def run(monkeypatch, capsys) -> Callable[..., tuple[int, str, str]]:
    """`run(cwd, *args)` runs `deckgen ARGS` in-process from `cwd` through main(); returns (exit code, stdout, stderr)."""

    def run_deckgen(cwd: Path, *args: str) -> tuple[int, str, str]:
        monkeypatch.chdir(cwd)
        monkeypatch.setattr("sys.argv", ["deckgen", *args])
        code = 0
        try:
            main()
        except SystemExit as exc:
            code = int(exc.code or 0)
        out, err = capsys.readouterr()
        return code, out, err

    return run_deckgen
