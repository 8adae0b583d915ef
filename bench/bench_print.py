"""Seconds and megabytes for every print file of the demo deck at 300 DPI.

Run from the checkout:  python3 bench/bench_print.py [--dpi 300] [--icc PROFILE.icc] [--keep DIR]

The card faces and backs are rendered first (timed separately); then each
print file is written and timed on its own, and its size reported.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from deckgen.config import demo_config  # noqa: E402
from deckgen.render.cmyk import write_cmyk_print_shop  # noqa: E402
from deckgen.render.contact import write_contact_sheet  # noqa: E402
from deckgen.render.printfiles import card_images, geometry_of, pair_cards  # noqa: E402
from deckgen.render.printshop import write_print_shop  # noqa: E402
from deckgen.render.sheets import PAPERS, write_sheets  # noqa: E402

DEFAULT_ICC = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--icc", type=Path, default=DEFAULT_ICC if DEFAULT_ICC.is_file() else None)
    parser.add_argument("--keep", type=Path, help="write into this folder instead of a temporary one")
    args = parser.parse_args()

    deck = demo_config(overrides={"dpi": args.dpi})
    with tempfile.TemporaryDirectory() as tmp:
        out = args.keep or Path(tmp)
        t0 = time.perf_counter()
        faces, backs = card_images(deck, out)
        print(f"card images: {len(faces)} faces + {len(backs)} back(s) at {args.dpi} DPI in {time.perf_counter() - t0:.2f} s")
        geometry = geometry_of(deck)
        cards = pair_cards(deck, faces, backs)
        jobs = [
            ("print-shop.pdf", lambda t: write_print_shop(cards, geometry, t, title=deck.name)),
            ("sheets-a4.pdf", lambda t: write_sheets(cards, geometry, t, PAPERS["a4"], title=deck.name)),
            ("sheets-letter.pdf", lambda t: write_sheets(cards, geometry, t, PAPERS["letter"], title=deck.name)),
            ("contact-sheet.png", lambda t: write_contact_sheet(list(faces.values()) + backs, geometry, t)),
        ]
        if args.icc:
            jobs.append(("print-shop-cmyk.pdf", lambda t: write_cmyk_print_shop(cards, geometry, t, args.icc, title=deck.name)))
        total_s = total_mb = 0.0
        print(f"{'file':<22}{'seconds':>9}{'MB':>9}")
        for name, job in jobs:
            target = out / "print" / name
            start = time.perf_counter()
            job(target)
            seconds = time.perf_counter() - start
            mb = target.stat().st_size / 1e6
            total_s += seconds
            total_mb += mb
            print(f"{name:<22}{seconds:>9.2f}{mb:>9.2f}")
        print(f"{'all print files':<22}{total_s:>9.2f}{total_mb:>9.2f}")
        raw_mb = sum(p.stat().st_size for p in list(faces.values()) + backs) / 1e6
        print(f"(the {len(faces) + len(backs)} card PNGs themselves: {raw_mb:.2f} MB)")


if __name__ == "__main__":
    main()
