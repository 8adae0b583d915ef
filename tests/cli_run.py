"""Run `deckgen ARGS` in this process outside a test function: for module fixtures that build a deck
once and let several tests read what the build printed and wrote (the `run` fixture needs a test's
own monkeypatch and capsys)."""

from __future__ import annotations

import io
import os
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path


def run_cli(cwd: Path, *args: str) -> tuple[int, str, str]:
    """`deckgen ARGS` from `cwd` through main(): (exit code, stdout, stderr), as the `run` fixture gives them."""
    from deckgen.cli import main

    out, err = io.StringIO(), io.StringIO()
    old_argv, old_cwd = sys.argv, os.getcwd()
    sys.argv = ["deckgen", *args]
    os.chdir(cwd)
    code = 0
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                main()
            except SystemExit as exc:
                code = int(exc.code or 0)
    finally:
        sys.argv = old_argv
        os.chdir(old_cwd)
    return code, out.getvalue(), err.getvalue()
