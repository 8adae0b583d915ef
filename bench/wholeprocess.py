"""Timing whole `deckgen` processes for the benches: wall time, CPU time (the process and its
workers), medians, and the load average beside every figure (the machine may be shared).

Bytecode: an installed deckgen runs from compiled bytecode (pip compiles it on install, and Python
keeps it after the first run). A shell with PYTHONDONTWRITEBYTECODE set compiles every module of
deckgen again in every process (about 0.25 s of CPU). By default the benches run their processes
as installed: bytecode kept in a folder of their own (PYTHONPYCACHEPREFIX, nothing is written into
the checkout); `--no-bytecode` runs them as such a shell does.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

Run = tuple[float, float]  # (wall seconds, CPU seconds)


def environment(bytecode: bool) -> dict[str, str]:
    """The environment of the timed processes (see the module's note on bytecode)."""
    env = {**os.environ, "COLUMNS": "200"}
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(tempfile.gettempdir()) / f"deckgen-bench-pyc-{os.getuid()}")
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def deckgen(cwd: Path, env: dict[str, str], *args: str) -> Run:
    """One `python -m deckgen.cli ARGS` process: (wall seconds, CPU seconds of it and its workers)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "deckgen.cli", *args], cwd=cwd, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def report(name: str, target: float, runs: list[Run]) -> None:
    """One line: median wall and CPU time, the target, the spread and the load average now."""
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    verdict = "met" if wall <= target else "missed"
    print(f"{name:<28} wall {wall:6.2f} s  cpu {cpu:6.2f} s  (target {target} s wall: {verdict}; "
          f"{len(runs)} runs, wall {min(r[0] for r in runs):.2f}-{max(r[0] for r in runs):.2f} s)  "
          f"load {os.getloadavg()[0]:.1f}", flush=True)


def header(what: str, runs: int, bytecode: bool) -> None:
    print(f"{what}, whole processes, median of {runs}; {os.cpu_count()} cores; "
          f"{'bytecode kept (as installed)' if bytecode else 'no bytecode (every module compiled each run)'}; "
          f"load {tuple(round(v, 2) for v in os.getloadavg())}", flush=True)


def options(description: str, what: str, parser: argparse.ArgumentParser | None = None) -> tuple[argparse.Namespace, int, dict[str, str]]:
    """The benches' common options (--runs, at least 5; --no-bytecode), parsed, with the header printed:
    (the arguments, the number of runs, the environment of the timed processes)."""
    parser = parser or argparse.ArgumentParser(description=description)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-bytecode", action="store_true", help="compile every module in every run")
    args = parser.parse_args()
    runs = max(5, args.runs)
    header(what, runs, not args.no_bytecode)
    return args, runs, environment(not args.no_bytecode)
