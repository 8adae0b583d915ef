"""Incremental builds (issue 15, item 1): whole `deckgen build` processes, start-up included.

Three figures, each the median of --runs runs (at least 5), with the CPU time the process used
(user + system, children included) beside the wall time, and the load average: the machine is
shared, so the CPU time is the steadier figure.

- cold: the demo deck into an empty output folder (target: 7 s);
- nothing changed: the demo deck built again (target: 1.0 s);
- one court photo replaced: a deck with photos on its four kings, the king of hearts' photo
  swapped between two pictures before each build (target: 2.5 s).

    PYTHONPATH=$PWD /work/venv/bin/python bench/bench_incremental.py [--runs 5] [--skip-cold] [--no-bytecode]

The processes run from kept bytecode, as an installed deckgen does (bench/wholeprocess.py says why;
--no-bytecode compiles every module in every run, as a shell with PYTHONDONTWRITEBYTECODE does).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from wholeprocess import Run, deckgen, options, report  # noqa: E402

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


def _build(cwd: Path, out: Path, env: dict[str, str], *extra: str) -> Run:
    """One `deckgen build` process: (wall seconds, CPU seconds of it and its workers)."""
    return deckgen(cwd, env, "build", "--out", str(out), *extra)


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
    parser.add_argument("--skip-cold", action="store_true", help="leave out the cold builds (about 15 s of CPU each)")
    args, runs, env = options(parser.description or "", "deckgen build", parser)
    with tempfile.TemporaryDirectory(prefix="bench-incremental-") as tmp:
        work = Path(tmp)
        demo = work / "demo"
        demo.mkdir()
        if not args.skip_cold:
            cold = []
            for _ in range(runs):
                shutil.rmtree(work / "cold", ignore_errors=True)
                cold.append(_build(demo, work / "cold", env))
            report("demo, cold", 7.0, cold)
        _build(demo, work / "warm", env)
        report("demo, nothing changed", 1.0, [_build(demo, work / "warm", env) for _ in range(runs)])

        deck = work / "photos"
        deck.mkdir()
        (deck / "deck.toml").write_text(DECK, encoding="utf-8")
        pictures = _photos(deck / "images")
        _build(deck, deck / "output", env)
        swapped = []
        for i in range(runs):
            (deck / "images" / "kh.png").write_bytes(pictures[(i + 1) % 2])
            swapped.append(_build(deck, deck / "output", env))
        report("one court photo replaced", 2.5, swapped)


if __name__ == "__main__":
    main()
