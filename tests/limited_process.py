"""Run `deckgen ARGS` in a process of its own, under resource limits, without paying for Python's start.

A fresh `python -m deckgen.cli` spends about half a second of CPU starting Python and importing
deckgen before it reads a deck; a suite that runs dozens of hostile decks that way spends most of
its time there. Here each run is forked from one server process that imported deckgen once
(multiprocessing's forkserver): the run is still its own process, started clean (the server never
builds anything), with its own working folder, environment, stdout and stderr, and the limits
(setrlimit) apply to it alone, counted from its start, as they would to a fresh process.
"""

from __future__ import annotations

import atexit
import multiprocessing
import multiprocessing.forkserver
import os
import resource
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

#: What the server imports once, so that no run pays for it: the command line, which every run imports
#: first. Nothing more: what a command imports later it imports in the run, under the run's memory
#: limit, as a fresh process would (preloading the renderers' libraries would count against it).
PRELOAD = ["deckgen.cli"]

_context = multiprocessing.get_context("forkserver")
_context.set_forkserver_preload(PRELOAD)


@atexit.register
def _stop_server() -> None:
    """Stop the server and wait for it, so that the CPU time of the runs counts in this process's
    children (what `time pytest` reports), as it does for processes started with subprocess."""
    stop = getattr(multiprocessing.forkserver._forkserver, "_stop", None)  # the standard library's own tests use it
    if stop is not None:
        stop()


def _child(cwd: str, args: list[str], env: dict[str, str], unset: list[str], limits: tuple[int, int] | None,
           out_path: str, err_path: str) -> None:
    """In the forked process: apply the limits, take the folder and environment, run deckgen, exit with its code."""
    if limits is not None:
        cpu_seconds, memory_bytes = limits
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))
        resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    os.environ.update(env)
    for name in unset:
        os.environ.pop(name, None)
    os.chdir(cwd)
    for fd, path in ((1, out_path), (2, err_path)):
        target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(target, fd)
        os.close(target)
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)
    from rich.console import Console

    import deckgen.cli
    import deckgen.cli.common as ui

    ui.console, ui.err_console = ui.plain_console(), ui.plain_console(stderr=True)  # made now: they read COLUMNS from here
    sys.argv = ["deckgen", *args]
    code = 0
    try:
        deckgen.cli.main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


def run_deckgen(cwd: Path, args: list[str], *, env: Mapping[str, str] | None = None, unset: tuple[str, ...] = (),
                limits: tuple[int, int] | None = None, timeout: float = 60) -> tuple[int, str, str]:
    """`deckgen ARGS` from `cwd` in its own process: (exit code, stdout, stderr).

    `env` is added to the environment and `unset` taken out of it; `limits` is (CPU seconds, address-space
    bytes) for setrlimit. The exit code is negative when a signal ended the run (-9, -24 for the CPU
    limit), as subprocess reports it. A run still going after `timeout` seconds is killed and raises
    subprocess.TimeoutExpired, as subprocess.run does."""
    with tempfile.TemporaryDirectory(prefix="deckgen-run-") as folder:
        out_path, err_path = Path(folder) / "stdout", Path(folder) / "stderr"
        process = _context.Process(
            target=_child, args=(str(cwd), list(args), dict(env or {}), list(unset), limits, str(out_path), str(err_path))
        )
        process.start()
        process.join(timeout)
        if process.is_alive():
            process.kill()
            process.join()
            raise subprocess.TimeoutExpired(["deckgen", *args], timeout)
        code = process.exitcode
        assert code is not None
        out = out_path.read_text(encoding="utf-8", errors="replace") if out_path.exists() else ""
        err = err_path.read_text(encoding="utf-8", errors="replace") if err_path.exists() else ""
        return code, out, err
