"""Seconds and megabytes for every print file of the demo deck at 300 DPI.

Run from the checkout:  python3 bench/bench_print.py [--dpi 300] [--icc PROFILE.icc] [--keep DIR]

The card faces and backs are rendered first (timed separately); then each
print file is written and timed on its own, and its size reported: the default
print-shop file (CMYK PDF/X-4 through the shipped profile, or --icc, with vector
faces and backs; "raster backs" has the backs as 300 ppi pictures, as before;
"raster cmyk" has faces and backs as pictures), the sRGB
one, the DriveThruCards and MeinSpiel presets' files, the home sheets (with vector
faces, and "raster" without) and the contact sheet. The last lines count the
images on the print-shop file's face pages: with vector faces only photos are
images.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from deckgen.config import demo_config  # noqa: E402
from deckgen.render.backvector import vector_backs  # noqa: E402
from deckgen.render.cmyk import read_cmyk_profile  # noqa: E402
from deckgen.resolve import resolve_design  # noqa: E402
from deckgen.render.contact import write_contact_sheet  # noqa: E402
from deckgen.render.facevector import press_colours  # noqa: E402
from deckgen.render.pdfface import vector_faces  # noqa: E402
from deckgen.render.shapes import _rgb  # noqa: E402
from deckgen.render.printfiles import card_images, geometry_of, pair_cards  # noqa: E402
from deckgen.render.printshop import write_cmyk_print_shop, write_print_shop  # noqa: E402
from deckgen.render.sheets import PAPERS, write_sheets  # noqa: E402
from deckgen.render.shops import load_shop  # noqa: E402


def face_page_images(pdf_path: Path, n_faces: int) -> list[int]:
    """How many images each face page draws (faces come first in the default file)."""
    import pikepdf

    with pikepdf.open(pdf_path) as pdf:
        return [sum(1 for _, op in pikepdf.parse_content_stream(page) if str(op) == "Do")
                for page in list(pdf.pages)[:n_faces]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=300)
    parser.add_argument("--icc", type=Path, default=None, help="a CMYK profile (default: the shipped one)")
    parser.add_argument("--keep", type=Path, help="write into this folder instead of a temporary one")
    args = parser.parse_args()

    deck = resolve_design(demo_config(overrides={"dpi": args.dpi}))
    with tempfile.TemporaryDirectory() as tmp:
        out = args.keep or Path(tmp)
        t0 = time.perf_counter()
        faces, backs = card_images(deck, out)
        print(f"card images: {len(faces)} faces + {len(backs)} back(s) at {args.dpi} DPI in {time.perf_counter() - t0:.2f} s")
        geometry = geometry_of(deck)
        cards = pair_cards(deck, faces, backs)
        profile = read_cmyk_profile(args.icc)
        t0 = time.perf_counter()
        vectors = vector_faces(deck, {code: path for code, path in faces.items()})
        print(f"faces drawn again for the PDFs (as shapes; only photos stay pictures): {time.perf_counter() - t0:.2f} s")
        t0 = time.perf_counter()
        shop_vectors = {**vectors, **vector_backs(deck, list(backs))}  # the home sheets keep the back pictures
        print(f"backs drawn again for the print-shop PDFs (as shapes): {time.perf_counter() - t0:.2f} s")
        black = _rgb(deck.faces.ink.black)
        home = press_colours(None, black, 300)
        dtc, mein = load_shop("drivethrucards"), load_shop("meinspiel")

        def shop(preset, sides):  # type: ignore[no-untyped-def]
            return lambda t: write_cmyk_print_shop(
                cards, geometry, t, profile, order=preset.order, sides=sides, title=deck.name, standard=preset.pdfx,
                pdf_version=preset.pdf_version, ink_limit=preset.ink_limit, vectors=shop_vectors, black=black)

        jobs = [
            ("print-shop.pdf", lambda t: write_cmyk_print_shop(cards, geometry, t, profile, title=deck.name,
                                                               vectors=shop_vectors, black=black)),
            ("raster backs.pdf", lambda t: write_cmyk_print_shop(cards, geometry, t, profile, title=deck.name,
                                                                 vectors=vectors, black=black)),
            ("raster cmyk.pdf", lambda t: write_cmyk_print_shop(cards, geometry, t, profile, title=deck.name)),
            ("print-shop-rgb.pdf", lambda t: write_print_shop(cards, geometry, t, title=deck.name)),
            ("dtc print-shop.pdf", shop(dtc, ("face", "back"))),
            ("mein faces.pdf", shop(mein, ("face",))),
            ("mein backs.pdf", shop(mein, ("back",))),
            ("sheets-a4.pdf", lambda t: write_sheets(cards, geometry, t, PAPERS["a4"], title=deck.name,
                                                     vectors=vectors, colour_of=home)),
            ("sheets-letter.pdf", lambda t: write_sheets(cards, geometry, t, PAPERS["letter"], title=deck.name,
                                                         vectors=vectors, colour_of=home)),
            ("raster sheets-a4.pdf", lambda t: write_sheets(cards, geometry, t, PAPERS["a4"], title=deck.name)),
            ("contact-sheet.png", lambda t: write_contact_sheet(list(faces.values()) + backs, geometry, t)),
        ]
        total_s = total_mb = 0.0
        print(f"{'file':<22}{'seconds':>9}{'MB':>9}")
        for name, job in jobs:
            target = out / "print" / name.replace(" ", "-")
            start = time.perf_counter()
            job(target)
            seconds = time.perf_counter() - start
            mb = target.stat().st_size / 1e6
            total_s += seconds
            total_mb += mb
            print(f"{name:<22}{seconds:>9.2f}{mb:>9.2f}")
        print(f"{'all print files':<22}{total_s:>9.2f}{total_mb:>9.2f}")
        images = face_page_images(out / "print" / "print-shop.pdf", len(faces))
        print(f"images on the print-shop file's {len(faces)} face pages: {sum(images)} "
              f"({sum(1 for n in images if n)} pages with any)")
        raw_mb = sum(p.stat().st_size for p in list(faces.values()) + backs) / 1e6
        print(f"(the {len(faces) + len(backs)} card PNGs themselves: {raw_mb:.2f} MB)")


if __name__ == "__main__":
    main()
