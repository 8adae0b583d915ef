"""How long the 54 faces of the demo deck take at 300 DPI, in one process and on every core.

Run from the repository: python3 bench/bench_faces.py [--repeat N] [--dpi D] [--photos]

Each figure is the best of N runs (the machine is shared, so the best run is the
one least disturbed by other work); the load average is printed beside it.
With --photos, the courts and jokers carry generated 12-megapixel photos
(mirrored and full), the heaviest case a user is likely to give.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

from deckgen.config import DeckConfig  # noqa: E402
from deckgen.render.faces import build_faces  # noqa: E402


def photo_deck(folder: Path, dpi: int) -> DeckConfig:
    """The demo deck with a big generated photo on every court and joker."""
    y, x = np.mgrid[0:4000, 0:3000]
    rgb = np.dstack([(x * 255 // 3000), (y * 255 // 4000), ((x + y) * 255 // 7000)]).astype(np.uint8)
    Image.fromarray(rgb, "RGB").save(folder / "big.jpg", quality=90)
    cards = {f"{r}{s}": {"image": "big.jpg", "mode": "full" if s in "HD" else "mirrored"} for r in "JQK" for s in "SHDC"}
    return DeckConfig.model_validate(
        {"dpi": dpi, "cards": cards, "faces": {"joker_image": "big.jpg"}, "base_dir": folder, "source": folder / "deck.toml"}
    )


def best_of(deck: DeckConfig, out: Path, jobs: int, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        paths = build_faces(deck, out, jobs=jobs)
        times.append(time.perf_counter() - start)
        assert len(paths) == 54
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--photos", action="store_true", help="photos on every court and joker")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        deck = photo_deck(folder, args.dpi) if args.photos else DeckConfig.model_validate({"dpi": args.dpi, "base_dir": folder})
        kind = "with 12 MP photos on courts and jokers" if args.photos else "demo deck, built-in courts"
        print(f"54 faces at {args.dpi} DPI ({kind}), best of {args.repeat}; load average {os.getloadavg()[0]:.2f}")
        one = best_of(deck, folder / "one", 1, args.repeat)
        print(f"  1 process : {one:6.2f} s  ({one / 54 * 1000:.0f} ms a face)")
        alln = best_of(deck, folder / "all", cores, args.repeat)
        print(f"  {cores} processes: {alln:6.2f} s  (target: 3 s or less)")
        print(f"load average after: {os.getloadavg()[0]:.2f} (other work on this machine slows both figures)")


if __name__ == "__main__":
    main()
