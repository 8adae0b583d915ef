"""A shop's batch (issue 33): orders per hour for N photo orders, built by `deckgen batch` with one
job and with two, as whole processes, and the ratio (target: two jobs at least 1.7 times one job on
two cores). Each order is a 54-card deck with real photos (scikit-image's astronaut, coffee and cat)
on its kings and jokers, its own name, at the DPI given (300 by default, as a shop prints).

    PYTHONPATH=$PWD /work/venv/bin/python bench/bench_batch.py [--orders 20] [--dpi 300]

The load average is printed beside each figure: on a shared machine the ratio is the figure to read.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def make_orders(root: Path, count: int, dpi: int) -> None:
    import skimage.data
    from PIL import Image

    pictures = {"astronaut.png": skimage.data.astronaut(), "coffee.png": skimage.data.coffee(),
                "cat.png": skimage.data.chelsea()}
    for i in range(count):
        folder = root / f"order-{i + 1:03d}"
        (folder / "images").mkdir(parents=True)
        for name, pixels in pictures.items():
            Image.fromarray(pixels).save(folder / "images" / name)
        (folder / "deck.toml").write_text(
            f'name = "Order {i + 1}"\ndpi = {dpi}\n'
            '[cards.KH]\nimage = "images/astronaut.png"\n'
            '[cards.KS]\nimage = "images/coffee.png"\nmode = "full"\n'
            '[faces]\njoker_image = "images/cat.png"\n'
            '[booklet]\ngames = ["poker", "gin-rummy"]\n', encoding="utf-8")


def batch(root: Path, jobs: int) -> tuple[float, float]:
    """One `deckgen batch --force` over the orders: (wall seconds, CPU seconds of it and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "deckgen.cli", "batch", str(root), "--jobs", str(jobs), "--force"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env={**os.environ, "COLUMNS": "200"})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"deckgen batch failed: {done.stderr[-2000:]}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", type=int, default=20)
    parser.add_argument("--dpi", type=int, default=300)
    args = parser.parse_args()
    print(f"deckgen batch, {args.orders} photo orders at {args.dpi} DPI, {os.cpu_count()} cores", flush=True)
    with tempfile.TemporaryDirectory(prefix="bench-batch-") as tmp:
        root = Path(tmp)
        make_orders(root, args.orders, args.dpi)
        rates = {}
        for jobs in (1, 2):
            wall, cpu = batch(root, jobs)
            rates[jobs] = args.orders / wall * 3600
            print(f"--jobs {jobs}: {wall:7.1f} s wall, {cpu:7.1f} s CPU, {rates[jobs]:6.0f} orders per hour  "
                  f"(load {os.getloadavg()[0]:.1f})", flush=True)
        ratio = rates[2] / rates[1]
        print(f"two jobs / one job: {ratio:.2f} (target at least 1.7: {'met' if ratio >= 1.7 else 'missed'})")


if __name__ == "__main__":
    main()
