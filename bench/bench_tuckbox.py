"""Time the tuck box's build (build_tuck_box: tuck-box.pdf, the die line, the A4 and Letter sheets and
the PNG) and give the files' sizes, for three decks: the default deck in a tuck box, a wedding deck
with a lid picture and a back picture (skimage's astronaut), and a poker deck.

Run: python3 bench/bench_tuckbox.py            (this checkout)
     PYTHONPATH=<other checkout> python3 bench/bench_tuckbox.py --code <other checkout>
to compare with another version: each build starts in a fresh process, as `deckgen box` does.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
DECKS = {
    "default": 'name = "Ana & Ben"\n[box]\nkind = "tuck"\n',
    "photos": 'name = "Ana & Ben"\ntheme = "wedding"\n[box]\nkind = "tuck"\n[tin]\nimage = "us.png"\n'
              '[back]\nimage = "us.png"\nimage_mode = "fill"\n',
    "poker": 'name = "Game night at Joe\'s"\ntheme = "christmas"\n[card]\nformat = "poker"\n',
}
ONE = """
import sys, time, warnings
from pathlib import Path
from deckgen.resolve import load_design
from deckgen.render.tuckbox import build_tuck_box
warnings.simplefilter("ignore")
design = load_design(Path(sys.argv[1]))
wall, cpu = time.perf_counter(), time.process_time()
build_tuck_box(design, Path(sys.argv[2]))
print(time.perf_counter() - wall, time.process_time() - cpu)
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--code", default=str(HERE), help="the deckgen checkout to time")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=args.code)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        from PIL import Image
        from skimage import data

        Image.fromarray(data.astronaut()).save(folder / "us.png")
        print(f"{'deck':8} {'wall s':>7} {'cpu s':>6}  files (kB)")
        for name, text in DECKS.items():
            (folder / name).mkdir()
            (folder / name / "deck.toml").write_text(text)
            if name == "photos":
                (folder / name / "us.png").write_bytes((folder / "us.png").read_bytes())
            times = []
            for run in range(args.runs):
                out = folder / name / f"out{run}"
                done = subprocess.run([sys.executable, "-c", ONE, str(folder / name / "deck.toml"), str(out)],
                                      env=env, capture_output=True, text=True, check=True)
                times.append(tuple(float(v) for v in done.stdout.split()))
            wall, cpu = min(t[0] for t in times), min(t[1] for t in times)
            sizes = ", ".join(f"{p.name} {p.stat().st_size / 1000:.0f}" for p in sorted((out / "box").iterdir()))
            print(f"{name:8} {wall:7.2f} {cpu:6.2f}  {sizes}")


if __name__ == "__main__":
    main()
