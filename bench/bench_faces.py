"""How long the 54 faces of the demo deck take at 300 DPI, in one process and on every core.

Run from the repository: python3 bench/bench_faces.py [--repeat N] [--dpi D] [--photos | --real-photos]

Each figure is the best and the median of N runs (the machine is shared, so the best run is
the one least disturbed by other work); the load average is printed beside it.
With --photos, the courts and jokers carry generated 12-megapixel photos
(mirrored and full), the heaviest case a user is likely to give. With
--real-photos, the 12 courts carry 12 different real photos (made from the
pictures that ship in scikit-image, enlarged to 12 megapixels, saved as JPEG),
so face detection runs 12 times; the figure printed beside the total is the
share of it spent finding faces (decode in JPEG draft mode + the detector).
Target: 6 s or less on 2 cores at 300 DPI, detection included.
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
from deckgen.design import Design  # noqa: E402
from deckgen.resolve import resolve_design  # noqa: E402
from deckgen.render.facebuild import build_faces  # noqa: E402


def photo_deck(folder: Path, dpi: int) -> DeckConfig:
    """The demo deck with a big generated photo on every court and joker."""
    y, x = np.mgrid[0:4000, 0:3000]
    rgb = np.dstack([(x * 255 // 3000), (y * 255 // 4000), ((x + y) * 255 // 7000)]).astype(np.uint8)
    Image.fromarray(rgb, "RGB").save(folder / "big.jpg", quality=90)
    cards = {f"{r}{s}": {"image": "big.jpg", "mode": "full" if s in "HD" else "mirrored"} for r in "JQK" for s in "SHDC"}
    return DeckConfig.model_validate(
        {"dpi": dpi, "cards": cards, "faces": {"joker_image": "big.jpg"}, "base_dir": folder, "source": folder / "deck.toml"}
    )


def real_photo_deck(folder: Path, dpi: int) -> DeckConfig:
    """12 courts, each with its own real 12-megapixel photo; half mirrored, half full."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    import photo_samples as samples
    from PIL import ImageOps

    bases = [samples.astronaut(), samples.top_fifth_portrait(), samples.couple_landscape(),
             samples.small_face_waist_up(), samples.cameraman(), samples.cat(),
             samples.distant_portrait(), samples.group_shot()]  # small faces: the detector's second look
    cards = {}
    codes = [f"{r}{s}" for r in "JQK" for s in "SHDC"]
    for i, code in enumerate(codes):
        base = bases[i % len(bases)]
        img = ImageOps.mirror(base) if i >= len(bases) else base
        name = f"photo{i:02d}.jpg"
        samples.big_photo(img, 12.0).save(folder / name, quality=90)
        cards[code] = {"image": name, "mode": "full" if i % 2 else "mirrored"}
    return DeckConfig.model_validate({"dpi": dpi, "cards": cards, "base_dir": folder, "source": folder / "deck.toml"})


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (the pool's workers)."""
    import resource

    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def runs(deck: Design, out: Path, jobs: int, repeat: int) -> list[tuple[float, float, float]]:
    """`repeat` builds from cold (no faces remembered), fastest first: each one's wall time, the CPU
    seconds it took on all its processes, and the CPU seconds finding the faces takes."""
    import warnings

    from deckgen.render.photocards import plan_crops
    from deckgen.render.photos import forget_faces

    times = []
    for _ in range(repeat):
        forget_faces()
        cpu = cpu_seconds()
        plan_crops(deck)
        detect = cpu_seconds() - cpu
        forget_faces()
        start, cpu = time.perf_counter(), cpu_seconds()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            paths = build_faces(deck, out, jobs=jobs)
        times.append((time.perf_counter() - start, cpu_seconds() - cpu, detect))
        assert len(paths) == 54
    return sorted(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--photos", action="store_true", help="one generated photo on every court and joker")
    parser.add_argument("--real-photos", action="store_true", help="12 different real 12 MP photos on the courts")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        if args.real_photos:
            deck, kind, target = real_photo_deck(folder, args.dpi), "12 courts with 12 real 12 MP photos", 6
        elif args.photos:
            deck, kind, target = photo_deck(folder, args.dpi), "with 12 MP photos on courts and jokers", 3
        else:
            deck, kind, target = DeckConfig.model_validate({"dpi": args.dpi, "base_dir": folder}), "demo deck, built-in courts", 3
        design = resolve_design(deck)
        print(f"54 faces at {args.dpi} DPI ({kind}), {args.repeat} runs; load average {os.getloadavg()[0]:.2f}")
        timed = runs(design, folder / "one", 1, args.repeat)
        (one, cpu, detect), median = timed[0], timed[len(timed) // 2][0]
        print(f"  1 process : best {one:6.2f} s, median {median:6.2f} s  ({one / 54 * 1000:.0f} ms a face); "
              f"CPU {cpu:.2f} s, of which finding faces {detect:.2f} s = {detect / cpu:.0%}")
        timed = runs(design, folder / "all", cores, args.repeat)
        (alln, cpu, detect), median = timed[0], timed[len(timed) // 2][0]
        print(f"  {cores} processes: best {alln:6.2f} s, median {median:6.2f} s  (target: {target} s or less); "
              f"CPU {cpu:.2f} s on all processes, finding faces {detect / cpu:.0%} of it")
        print(f"load average after: {os.getloadavg()[0]:.2f} (other work on this machine slows both figures)")


if __name__ == "__main__":
    main()
