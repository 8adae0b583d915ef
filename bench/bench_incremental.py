"""Incremental builds (issue 15, item 1): whole `deckgen build` processes, start-up included.

Three figures, each the median of --runs runs (at least 5), with the CPU time the process used
(user + system, children included) beside the wall time, and the load average: the machine is
shared, so the CPU time is the steadier figure.

- cold: the demo deck into an empty output folder (target: 7 s);
- nothing changed: the demo deck built again (target: 1.0 s);
- one court photo replaced: a deck with photos on its four kings, the king of hearts' photo
  swapped between two pictures before each build (target: 2.5 s).

    PYTHONPATH=$PWD /work/venv/bin/python bench/bench_incremental.py [--runs 5] [--skip-cold]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DECK = """name = "Bench Deck"
[cards.KH]
image = "images/kh.png"
[cards.KS]
image = "images/ks.png"
[cards.KD]
image = "images/kd.png"
[cards.KC]
image = "images/kc.png"
"""


def _build(cwd: Path, out: Path, *extra: str) -> tuple[float, float]:
    """One `deckgen build` process: (wall seconds, CPU seconds of it and its workers)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "deckgen.cli", "build", "--out", str(out), *extra], cwd=cwd, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, "COLUMNS": "200"})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _report(name: str, target: float, runs: list[tuple[float, float]]) -> None:
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    verdict = "met" if wall <= target else "missed"
    print(f"{name:<28} wall {wall:6.2f} s  cpu {cpu:6.2f} s  (target {target} s wall: {verdict}; "
          f"{len(runs)} runs, wall {min(r[0] for r in runs):.2f}-{max(r[0] for r in runs):.2f} s)  "
          f"load {os.getloadavg()[0]:.1f}", flush=True)


def _photos(folder: Path) -> tuple[bytes, bytes]:
    """Four real photos (scikit-image's astronaut, cut four ways) and a second picture for the king of hearts."""
    import io

    import skimage.data
    from PIL import Image

    folder.mkdir(parents=True, exist_ok=True)
    face = Image.fromarray(skimage.data.astronaut())
    for i, code in enumerate(("kh", "ks", "kd", "kc")):
        face.crop((i * 10, 0, 512 - i * 10, 512)).resize((1200, 1200)).save(folder / f"{code}.png")
    other = io.BytesIO()
    face.transpose(Image.Transpose.FLIP_LEFT_RIGHT).resize((1200, 1200)).save(other, format="PNG")
    return (folder / "kh.png").read_bytes(), other.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--skip-cold", action="store_true", help="leave out the cold builds (about 15 s of CPU each)")
    args = parser.parse_args()
    runs = max(5, args.runs)
    print(f"deckgen build, whole processes, median of {runs}; {os.cpu_count()} cores; load {os.getloadavg()}")
    with tempfile.TemporaryDirectory(prefix="bench-incremental-") as tmp:
        work = Path(tmp)
        demo = work / "demo"
        demo.mkdir()
        if not args.skip_cold:
            cold = []
            for _ in range(runs):
                shutil.rmtree(work / "cold", ignore_errors=True)
                cold.append(_build(demo, work / "cold"))
            _report("demo, cold", 7.0, cold)
        _build(demo, work / "warm")
        _report("demo, nothing changed", 1.0, [_build(demo, work / "warm") for _ in range(runs)])

        deck = work / "photos"
        deck.mkdir()
        (deck / "deck.toml").write_text(DECK, encoding="utf-8")
        pictures = _photos(deck / "images")
        _build(deck, deck / "output")
        swapped = []
        for i in range(runs):
            (deck / "images" / "kh.png").write_bytes(pictures[(i + 1) % 2])
            swapped.append(_build(deck, deck / "output"))
        _report("one court photo replaced", 2.5, swapped)


if __name__ == "__main__":
    main()
