"""How much each hostile deck folder costs deckgen before it stops: CPU seconds, peak memory, wall.

Runs every case of tests/test_hostile_decks.py once (after one good build), as its own process
under the same limits as the test (10 s of CPU, 256 MB of address space), and prints a table
with the exit code and the figures, then the largest of each.

    PYTHONPATH=. python bench/bench_hostile.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from tests.test_hostile_decks import CASES, CPU_SECONDS, GOOD_TOML, MEMORY_BYTES, REPO, _photo  # noqa: E402


def _limits() -> None:
    """The hostile test's limits, set in the child before deckgen starts."""
    import resource

    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))


def run_measured(cwd: Path, args: tuple[str, ...], limited: bool = True) -> tuple[int, float, float, float]:
    """(exit code, CPU seconds, peak resident MB, wall seconds) of `deckgen ARGS` in `cwd`, from the
    rusage of that one process (its own workers, if any, are not counted)."""
    env = dict(os.environ, PYTHONPATH=str(REPO), DECKGEN_LOCK_WAIT="0")
    start = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "deckgen.cli", *args], cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            preexec_fn=_limits if limited else None)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.monotonic() - start
    return proc.returncode, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, wall


def main() -> None:
    root = Path(tempfile.mkdtemp(prefix="bench-hostile-"))
    try:
        good = root / "good" / "deck"
        good.mkdir(parents=True)
        (good / "deck.toml").write_text(GOOD_TOML, encoding="utf-8")
        _photo(good / "images" / "photo.png")
        code, cpu, _, wall = run_measured(good, ("build",), limited=False)
        print(f"good build: exit {code}, {cpu:.1f} s CPU, {wall:.1f} s wall")
        outside = root / "other-customer"
        outside.mkdir()
        (outside / "secret.md").write_text("# Secret\n", encoding="utf-8")
        _photo(outside / "secret.png")
        shutil.copy(REPO / "deckgen" / "assets" / "fonts" / "DejaVuSans.ttf", outside / "secret.ttf")
        (outside / "shop.toml").write_text('title = "Another shop"\n', encoding="utf-8")
        print(f"{'case':34} {'exit':>4} {'CPU s':>6} {'peak MB':>8} {'wall s':>7}")
        worst = [0.0, 0.0, 0.0]
        for case in CASES:
            deck = root / case.name
            shutil.copytree(good, deck, symlinks=True)
            case.spoil(deck, outside)
            code, cpu, peak, wall = run_measured(deck, case.args)
            worst = [max(worst[0], cpu), max(worst[1], peak), max(worst[2], wall)]
            print(f"{case.name:34} {code:>4} {cpu:>6.2f} {peak:>8.0f} {wall:>7.2f}")
        print(f"largest: {worst[0]:.2f} s CPU, {worst[1]:.0f} MB, {worst[2]:.2f} s wall over {len(CASES)} cases")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
